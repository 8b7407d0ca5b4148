"""Francis Drake renderer: Plymouth Street, the docks, the Caribbean and the Ship Logs.

Phone first (issue 25): every image is 720 px wide and no text is under 14 px, so a phone that
shows it 360 px wide still draws every character 7 px tall (desktop, 550 px: 10.7 px). A board is
at most 1.6 times taller than wide, so what it shows depends on the phase:

- ``board(view)`` during Provisioning: Plymouth Street (18 Locations in a 4-column grid, each
  with its printed name, what it gives in words, and its circles) with the Homebound and
  Outbound Docks in the two spare cells; the Caribbean as compact cards (name, treasure, what an
  attack needs, VP); the Ship Logs as a table.
- ``board(view)`` while sailing and at the end: the Street is spent, so the Sailing Order strip
  and the Caribbean in full (each card adds its Mission Discs), then the Ship Logs (the final
  scoring once the game is over).
- ``private(view)``: one seat's secrets, large (decision, face-down discs, known counters, the
  Informer's look, the Treasure Chest).
- ``detail(view)`` (``/board detail``): a scrolling sheet in words: every Ship Log in full, every
  Destination, the supply, the Tavern table and the recent log.

Words, not codes: a Destination says "2-4 Crew, 1 Gun" (printed Troops plus a hidden counter of 0
to 2) until its counter is shown ("3 Crew, 1 Gun"); a Mission Disc is its seat's colour and letter
with a badge (its number, ★ Golden Hind, ☠ Ghost Ship, ✓ won), explained in the legend; members
are named (the view's ``names``). Seats are a colour and a letter; Gold and Silver are squares and
a Jewel a diamond, never discs, so no treasure passes for a seat.

Every word is drawn in the reader's language (``view["lang"]``, issue 26): labels through the
drake catalog (``gettext``), component names from the glossary (``word``), engine texts
(the recent log, private names) through ``say``.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from i18n import N_, gettext, ngettext, say, word
from render.common import (
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    SEA,
    WHITE,
    SheetBlock,
    centered_text,
    command_in,
    contrast_ink,
    fit_name,
    fit_words,
    font,
    named,
    new_canvas,
    seat_colour,
    seat_letter,
    seat_names,
    seat_token,
    smallest_font,
    static_layer,
    text_sheet,
    wrap_words,
)

W = 720
M = 8  # outer margin
SMALL = smallest_font(W)  # the smallest size drawn: 14 px, 7.0 px at 360 px wide
TEXT = 15
BOLD = 16
NAME_FONTS = tuple(font(size, True) for size in (BOLD, 15, SMALL))
"""A member's name in the ship log, largest first (SMALL is 7 px on a phone)."""
RED = (160, 40, 20)
ZONE_COLOURS = {1: (120, 190, 120), 2: (230, 200, 90), 3: (230, 140, 80), 4: (200, 90, 90)}
KIND_COLOURS = {
    "town": (240, 232, 210),
    "fort": (212, 205, 192),
    "galleon": (200, 166, 128),
    "port": (200, 222, 240),
}
KIND_WORDS = {
    "town": N_("Town"),
    "fort": N_("Fort"),
    "galleon": N_("Galleon"),
    "port": N_("Trade Port"),
}
TREASURE = {  # colour, shape (the letter is the glossary's mark.<metal>)
    "gold": ((250, 212, 40), "square"),
    "silver": ((200, 205, 215), "square"),
    "jewel": ((200, 40, 140), "diamond"),
}
LOC_EFFECTS = {  # what a Location gives, in words that fit a street cell
    "crew": N_("take Crew"),
    "guns": N_("take Guns"),
    "supplies": N_("take barrels"),
    "trade_goods": N_("take Trade Goods"),
    "tavern": N_("die roll for Crew"),
    "shipyard": N_("Galleon; 1st +1 Gun"),
    "pinnace": N_("Pinnace; 1st +1 Crew"),
    "drake": N_("2 discs: 5 Crew/Guns"),
    "queen": N_("Galleon, Gun, Goods"),
    "admiral": N_("Frigate counters"),
    "governor": N_("Troops, dock +1"),
    "informer": N_("spy, 1 Trade Good"),
    "golden_hind": N_("Golden Hind disc"),
    "investor": N_("pay 4 VP, once"),
    "dockside": N_("1 Crew, Gun or barrel"),
}
PHASES = {
    "provision": N_("Provisioning"),
    "arrange": N_("Prepare for Sailing"),
    "missions": N_("Sailing: Mission Discs"),
    "informer": N_("Sailing: Informer"),
    "resolve": N_("Sailing: missions"),
    "over": N_("Game over"),
}
DISC_BADGES = {"hind": "★", "ghost": "☠"}
SUPPLY_WORDS = (
    ("crew", N_("Crew")),
    ("guns", N_("Guns")),
    ("supplies", N_("barrels")),
    ("trade_goods", N_("Trade Goods")),
    ("sugar", N_("Sugar")),
    ("coffee", N_("Coffee")),
    ("tobacco", N_("Tobacco")),
    ("indigo", N_("Indigo")),
    ("gold", N_("Gold")),
    ("silver", N_("Silver")),
    ("jewel", N_("Jewels")),
)


def _lang(view: dict) -> str:
    return view.get("lang", "en")


def _w(view: dict, key: str) -> str:
    """A glossary word in the reader's language."""
    return say(_lang(view), word("drake", key))


def _loc(view: dict, kind: str) -> str:
    return _w(view, f"location.{kind}")


def _good(view: dict, good: str) -> str:
    return _w(view, f"commodity.{good}")


def _name(view: dict, seat: int, limit: int = 14) -> str:
    """The member's name, shortened to ``limit`` characters with an ellipsis."""
    name = seat_names(view)[seat] if seat < len(seat_names(view)) else f"Player {seat}"
    return name if len(name) <= limit else name[: limit - 1] + "…"


def _dest_name(view: dict, dest_id: str | None) -> str:
    if dest_id is None:
        return gettext(_lang(view), "a Destination")
    return _w(view, f"destination.{dest_id}")


def _disc(view: dict, label: str | None) -> str:
    if label in ("hind", "ghost"):
        return _w(view, f"disc.{label}")
    return gettext(_lang(view), "Mission Disc {label}", label=label)


def _awaiting(view: dict) -> str:
    """Who is to move and what they decide, in words."""
    lang = _lang(view)
    phase = view["phase"]
    waiting = view.get("to_move", [])
    who = ", ".join(_name(view, s, 24) for s in waiting)
    if phase == "provision":
        info = view["player_info"][waiting[0]] if waiting else {}
        if info.get("drake_pending"):
            return gettext(lang, "{who}: 2nd disc at Drake (1 more Crew or Gun)", who=who)
        if info.get("street_pos") == 18 or info.get("player_discs") == 0:
            return gettext(lang, "{who}: sail to the Outbound Docks", who=who)
        return gettext(lang, "{who}: place a Player Disc or sail", who=who)
    if phase == "arrange":
        return gettext(lang, "{who}: place the hidden Spanish counters", who=who)
    if phase == "missions":
        return gettext(lang, "{who}: place a Mission Disc face down", who=who)
    if phase == "informer":
        stage = {
            "choose": N_("look, peek or pass"),
            "swap": N_("swap 2 discs?"),
            "move": N_("move the disc?"),
        }.get(view.get("informer_stage"), N_("decide"))
        return gettext(lang, "{who}: Informer, {stage}", who=who, stage=gettext(lang, stage))
    if phase == "resolve":
        cur = view.get("current") or {}
        if cur.get("stage") == "return":
            return gettext(lang, "{who}: return to Plymouth or sail on", who=who)
        return gettext(
            lang,
            "{who}: {disc} at {place}",
            who=who,
            disc=_disc(view, cur.get("disc")),
            place=_dest_name(view, cur.get("dest")),
        )
    final = view.get("final") or []
    if final:
        best = max(f["total"] for f in final)
        winners = [_name(view, s, 24) for s, f in enumerate(final) if f["total"] == best]
        and_word = gettext(lang, "and")
        who = f" {and_word} ".join(winners)
        return gettext(lang, "Won by {who} with {vp} VP", who=who, vp=best)
    return gettext(lang, "Game over")


def treasure_mark(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    metal: str,
    present: bool = True,
    r: float = 11,
    lang: str = "en",
) -> None:
    """Gold and Silver as squares, a Jewel as a diamond, each with its letter; an outline with a
    stroke through it once the treasure has been taken."""
    colour, shape = TREASURE[metal]
    letter = say(lang, word("drake", f"mark.{metal}"))
    x, y = centre
    if shape == "square":
        points = [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]
    else:
        r += 2
        points = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    if present:
        draw.polygon(points, fill=colour, outline=INK)
        centered_text(draw, (x, y), letter, font(SMALL, True), contrast_ink(colour))
    else:
        draw.polygon(points, fill=None, outline=MUTED)
        draw.line([points[0], points[2]], fill=MUTED, width=2)


def _section(draw: ImageDraw.ImageDraw, y: float, title: str, colour, right: str = "") -> float:
    draw.rounded_rectangle((M, y, W - M, y + 30), radius=8, fill=colour)
    draw.text((M + 10, y + 15), title, font=font(18, True), fill=contrast_ink(colour), anchor="lm")
    if right:
        draw.text(
            (W - M - 10, y + 15), right, font=font(TEXT), fill=contrast_ink(colour), anchor="rm"
        )
    return y + 36


# ---------------------------------------------------------------------- header


def _header(draw: ImageDraw.ImageDraw, view: dict) -> float:
    lang = _lang(view)
    title = gettext(lang, "Francis Drake · Voyage {voyage} of 3", voyage=view["voyage"])
    if view["phase"] == "over":
        title = gettext(lang, "Francis Drake · final scores")
    draw.text((M + 4, 8), title, font=font(24, True), fill=INK)
    if view["phase"] != "over":
        phase = gettext(lang, PHASES[view["phase"]]) if view["phase"] in PHASES else ""
        draw.text((W - M - 4, 14), phase, font=font(BOLD), fill=INK, anchor="ra")
    y = 44.0
    for line in wrap_words(draw, _awaiting(view), font(20, True), W - 2 * M - 8)[:2]:
        draw.text((M + 4, y), line, font=font(20, True), fill=RED)
        y += 26
    return y + 6


# ---------------------------------------------------------------------- street

CELL_W = (W - 2 * M) / 4
CELL_H = 72


def _circle_text(loc: dict, k: int) -> str:
    values = loc["values"]
    if loc["kind"] in ("crew", "guns", "supplies", "trade_goods"):
        return str(values[k])
    if loc["kind"] in ("tavern", "shipyard", "pinnace") and values[k]:
        return f"+{values[k]}"
    return ""


def _street(draw: ImageDraw.ImageDraw, view: dict, y0: float) -> float:
    lang = _lang(view)
    y0 = _section(
        draw,
        y0,
        _w(view, "component.plymouth_street"),
        (110, 80, 50),
        gettext(lang, "one way: 1 to 18"),
    )
    cells = [*view["street"], {"pos": 17, "kind": "investor"}, {"pos": 18, "kind": "dockside"}]
    waiting = view.get("to_move", [])
    mover = waiting[0] if view["phase"] == "provision" and waiting else None
    last = view["player_info"][mover]["street_pos"] if mover is not None else None
    for i, loc in enumerate(cells):
        cx = M + (i % 4) * CELL_W
        cy = y0 + (i // 4) * CELL_H
        box = (cx + 2, cy, cx + CELL_W - 3, cy + CELL_H - 5)
        passed = last is not None and loc["pos"] <= last
        draw.rounded_rectangle(
            box, radius=6, fill=(222, 218, 208) if passed else PAPER, outline=MUTED
        )
        label = f"{loc['pos']} {_loc(view, loc['kind'])}"
        label_font = font(BOLD, True)
        if draw.textlength(label, font=label_font) > CELL_W - 14:  # a long Greek or Russian name
            label_font = font(SMALL, True)
        label = fit_words(draw, label, label_font, CELL_W - 14)
        draw.text((cx + 8, cy + 3), label, font=label_font, fill=INK)
        effect = gettext(lang, LOC_EFFECTS[loc["kind"]]) if loc["kind"] in LOC_EFFECTS else ""
        effect = fit_words(draw, effect, font(SMALL), CELL_W - 14)
        draw.text((cx + 8, cy + 22), effect, font=font(SMALL), fill=(70, 70, 70))
        row = cy + 52
        if loc["kind"] in ("investor", "dockside"):
            for k, seat in enumerate(view[loc["kind"]]):
                seat_token(draw, (cx + 22 + k * 31, row), seat, radius=14)
            continue
        for k, occ in enumerate(loc["occ"]):
            centre = (cx + 22 + k * 36, row)
            if occ is not None:
                seat_token(draw, centre, occ, radius=15)
                continue
            r = 15
            draw.ellipse(
                (centre[0] - r, centre[1] - r, centre[0] + r, centre[1] + r),
                fill=WHITE,
                outline=MUTED,
                width=2,
            )
            text = _circle_text(loc, k)
            if text:
                centered_text(draw, centre, text, font(TEXT, True), INK)
    _dock_cells(draw, view, y0 + 4 * CELL_H, 2)
    return y0 + 5 * CELL_H


def _dock_cells(draw: ImageDraw.ImageDraw, view: dict, y: float, first_column: int) -> None:
    """The Homebound and Outbound Docks in the two cells after Dockside: a numbered slot per
    player, the ship's seat token in it."""
    # docs/rules/francis-drake.md 4.1: while provisioning the docks fill as ships sail (the last
    # voyage's Sailing Order is stale); 4.2 A4: after the Governor's swap they show the Order.
    if view["phase"] == "provision":
        outbound = list(view["outbound"])
    else:
        outbound = list(view.get("sailing_order") or view["outbound"])
    info = view["player_info"]
    out_slots: list[int | None] = [None if info[s]["returned"] else s for s in outbound]
    home: list[int | None] = [None if s in outbound else s for s in view["homebound"]]
    if view["phase"] != "provision":
        home = list(view["homebound"])
    lang = _lang(view)
    for column, (title, seats) in enumerate(
        ((gettext(lang, "Homebound Docks"), home), (gettext(lang, "Outbound Docks"), out_slots))
    ):
        cx = M + (first_column + column) * CELL_W
        box = (cx + 2, y, cx + CELL_W - 3, y + CELL_H - 5)
        draw.rounded_rectangle(box, radius=6, fill=(214, 230, 240), outline=SEA)
        title_font = font(BOLD, True)
        if draw.textlength(title, font=title_font) > CELL_W - 14:
            title_font = font(SMALL, True)
        title = fit_words(draw, title, title_font, CELL_W - 14)
        draw.text((cx + 8, y + 3), title, font=title_font, fill=INK)
        slot = min(32, (CELL_W - 14) / max(1, view["players"]))
        for k in range(view["players"]):
            sx = cx + 8 + k * slot + slot / 2
            draw.rectangle(
                (sx - slot / 2 + 1, y + 29, sx + slot / 2 - 1, y + 61), fill=WHITE, outline=MUTED
            )
            if k < len(seats) and seats[k] is not None:
                seat_token(draw, (sx, y + 45), seats[k], radius=min(14, slot / 2 - 2))
            else:
                centered_text(draw, (sx, y + 45), str(k + 1), font(SMALL), MUTED)


# ---------------------------------------------------------------------- the Caribbean


def _needs(dest: dict, lang: str = "en") -> str:
    """What an attack needs, in words: ``2-4 Crew, 1 Gun`` while a Fort's counter (0 to 2) is
    hidden or not yet placed, ``3 Crew, 1 Gun`` once it is shown; a Trade Port's goods."""
    kind = dest["kind"]
    if kind == "port":
        goods = [say(lang, word("drake", f"commodity.{g}")) for g in dest.get("goods", [])]
        return ", ".join(goods) or gettext(lang, "no goods left")
    if kind == "town":
        return gettext(lang, "1 Crew")
    state = dest.get("counter_state")
    printed = dest.get("printed_troops", 0) if kind == "fort" else dest.get("printed_guns", 0)
    if state == "shown":
        amount = str(printed + (dest.get("counter_value") or 0))
    else:
        amount = f"{printed}-{printed + 2}"
    if kind == "fort":
        guns = dest.get("printed_guns", 0)
        return ngettext(
            lang, "{amount} Crew, {count} Gun", "{amount} Crew, {count} Guns", guns, amount=amount
        )
    return gettext(lang, "{amount} Guns", amount=amount)


def _columns(view: dict) -> list[tuple[int, list[dict]]]:
    """The Destinations by zone, west to east as on the board (Zone 4 first)."""
    zones: dict[int, list[dict]] = {}
    for dest in view["map"]:
        zones.setdefault(dest["zone"], []).append(dest)
    return [
        (zone, sorted(dests, key=lambda d: (d["x"], d["y"])))
        for zone, dests in sorted(zones.items(), reverse=True)
    ]


@static_layer
def _sea(zones: tuple[int, ...], height: int, lang: str = "en") -> Image.Image:
    """The Caribbean's zone columns with their headers (static: drawn once per layout)."""
    image = new_canvas(W, int(height))
    draw = ImageDraw.Draw(image)
    width = (W - 2 * M) / len(zones)
    for c, zone in enumerate(zones):
        x0 = M + c * width
        tint = tuple(int(v * 0.35 + 255 * 0.65) for v in ZONE_COLOURS[zone])
        draw.rectangle((x0 + 1, 0, x0 + width - 1, height), fill=tint)
        label = gettext(lang, "Zone {zone}", zone=zone)
        centered_text(draw, (x0 + width / 2, 12), label, font(BOLD, True), INK)
    return image


def _map(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict, y0: float, full: bool) -> float:
    """The Caribbean as a column of cards per zone; ``full`` adds each card's Mission Discs."""
    lang = _lang(view)
    y0 = _section(
        draw,
        y0,
        gettext(lang, "The Caribbean"),
        SEA,
        gettext(lang, "a zone needs that many barrels"),
    )
    columns = _columns(view)
    width = (W - 2 * M) / len(columns)
    card_h = 76 if full else 48
    longest = max(len(dests) for _, dests in columns)
    bottom = y0 + 26 + longest * (card_h + 4)
    sea = _sea(tuple(zone for zone, _ in columns), int(bottom - y0) + 1, lang)
    image.paste(sea, (0, int(y0)))
    cur = (view.get("current") or {}).get("dest")
    for c, (zone, dests) in enumerate(columns):
        x0 = M + c * width
        for k, dest in enumerate(dests):
            top = y0 + 26 + k * (card_h + 4)
            box = (x0 + 4, top, x0 + width - 4, top + card_h)
            if dest["id"] == cur:
                draw.rounded_rectangle(
                    (box[0] - 3, box[1] - 3, box[2] + 3, box[3] + 3), radius=9, fill=HIGHLIGHT
                )
            draw.rounded_rectangle(
                box, radius=7, fill=KIND_COLOURS[dest["kind"]], outline=ZONE_COLOURS[zone], width=3
            )
            _card_text(draw, view, dest, box)
            if full:
                for n, entry in enumerate(dest["stack"][:4]):
                    _stack_disc(draw, (box[0] + 18 + n * 40, top + 58), entry)
    return bottom + 6


def _card_text(draw: ImageDraw.ImageDraw, view: dict, dest: dict, box: tuple) -> None:
    """Line 1: the name and the VP; line 2: the treasure mark and what an attack needs."""
    lang = _lang(view)
    x0, top, x1, _ = box
    vp = gettext(lang, "{vp} VP", vp=dest.get("vp", 0)) if dest["kind"] != "port" else ""
    vp_width = draw.textlength(vp, font=font(SMALL, True)) + 4 if vp else 0
    room = x1 - x0 - 10 - vp_width
    name_font = font(TEXT, True)
    full_name = _dest_name(view, dest["id"])
    if draw.textlength(full_name, font=name_font) > room:
        name_font = font(SMALL, True)
    name = fit_words(draw, full_name, name_font, room)
    draw.text((x0 + 5, top + 13), name, font=name_font, fill=INK, anchor="lm")
    if vp:
        draw.text((x1 - 5, top + 13), vp, font=font(SMALL, True), fill=INK, anchor="rm")
    x = x0 + 6
    metal = dest.get("symbol")
    if metal:
        treasure_mark(draw, (x + 9, top + 35), metal, bool(dest.get("treasure")), r=9, lang=lang)
        x += 24
    needs = fit_words(draw, _needs(dest, lang), font(SMALL), x1 - x - 4)
    draw.text((x, top + 35), needs, font=font(SMALL), fill=INK, anchor="lm")


def _stack_disc(draw: ImageDraw.ImageDraw, centre: tuple[float, float], entry: dict) -> None:
    """A Mission Disc: its seat's colour and letter, face down; once revealed a white badge says
    what it is (its number, ★ Golden Hind, ☠ Ghost Ship), and ✓ after a success."""
    seat_token(draw, centre, entry["seat"], radius=13)
    disc = entry.get("disc")
    if disc is None:
        return
    badge = "✓" if entry.get("state") == "won" else DISC_BADGES.get(disc, str(disc))
    x, y = centre[0] + 11, centre[1] + 9
    draw.ellipse((x - 9, y - 9, x + 9, y + 9), fill=WHITE, outline=INK)
    centered_text(draw, (x, y), badge, font(SMALL, True), INK)


def _sailing_strip(draw: ImageDraw.ImageDraw, view: dict, y: float) -> float:
    """Sailing Order (Outbound Docks) and the ships already home, on one line."""
    info = view["player_info"]
    order = list(view.get("sailing_order") or view["outbound"])
    lang = _lang(view)
    label = gettext(lang, "Sailing order")
    draw.text((M + 4, y + 16), label, font=font(BOLD, True), fill=INK, anchor="lm")
    x = M + 24 + draw.textlength(label, font=font(BOLD, True)) + 10
    for k, seat in enumerate(order):
        if info[seat]["returned"]:  # 4.7: a ship gone home leaves its Outbound Dock
            draw.ellipse((x - 14, y + 2, x + 14, y + 30), outline=MUTED, width=2)
            centered_text(draw, (x, y + 16), str(k + 1), font(SMALL), MUTED)
        else:
            seat_token(draw, (x, y + 16), seat, radius=14)
        x += 34
    home = [s for s in view["homebound"] if s is not None and info[s]["returned"]]
    if home:
        x += 10
        home_label = gettext(lang, "Home")
        draw.text((x, y + 16), home_label, font=font(BOLD, True), fill=INK, anchor="lm")
        x += draw.textlength(home_label, font=font(BOLD, True)) + 24
        for seat in home:
            seat_token(draw, (x, y + 16), seat, radius=14)
            x += 34
    return y + 38


# ---------------------------------------------------------------------- Ship Logs

LOG_COLUMNS = (
    (N_("VP"), 196),
    (N_("Ship"), 248),
    (N_("Crew"), 336),
    (N_("Guns"), 396),
    (N_("Barrels"), 456),
    (N_("Trade Goods"), 536),
)


def _holds(view: dict, info: dict) -> list[str]:
    """The titles and named discs a player holds, in words."""
    holds = [_loc(view, t) for t in info["titles"]]
    holds += [_w(view, "disc.hind")] if info["hind"] else []
    holds += [_w(view, "disc.ghost")] if info["ghost"] else []
    return holds


def _kind_word(view: dict, kind: str) -> str:
    return gettext(_lang(view), KIND_WORDS[kind])


def _log_extras(view: dict, info: dict) -> str:
    lang = _lang(view)
    parts = []
    goods = ", ".join(f"{_good(view, k)} {v}" for k, v in info["commodities"].items() if v)
    if goods:
        parts.append(goods)
    if info["conquests"]:
        won = ", ".join(_kind_word(view, c) for c in info["conquests"])
        parts.append(gettext(lang, "won {kinds}", kinds=won))
    holds = _holds(view, info)
    if holds:
        parts.append(", ".join(holds))
    if info["missions_in_hand"] and view["phase"] in ("missions", "informer"):
        parts.append(
            ngettext(
                lang,
                "{count} Mission Disc to place",
                "{count} Mission Discs to place",
                info["missions_in_hand"],
            )
        )
    if info["returned"] and view["phase"] != "provision":
        parts.append(gettext(lang, "home"))
    if not info["investor"] and view["phase"] != "over":
        parts.append(gettext(lang, "Investor used"))
    return " · ".join(parts)


def _logs(draw: ImageDraw.ImageDraw, view: dict, y: float) -> float:
    lang = _lang(view)
    final = view.get("final")
    title = gettext(lang, "Final scores") if final else gettext(lang, "Ship Logs")
    y = _section(draw, y, title, (70, 70, 110))
    provisioning = view["phase"] == "provision"
    if not final:
        # The column headings share the row with their neighbours: a longer word is cut to
        # its column (the legend and /board detail name everything in full).
        edges = [x for _, x in LOG_COLUMNS[1:]] + [656 if provisioning else W - M]
        for (label, x), right in zip(LOG_COLUMNS, edges, strict=True):
            text = fit_words(draw, gettext(lang, label), font(SMALL, True), right - x - 4)
            draw.text((x, y + 8), text, font=font(SMALL, True), fill=MUTED, anchor="lm")
        if provisioning:
            discs = fit_words(draw, gettext(lang, "Discs"), font(SMALL, True), W - M - 656)
            draw.text((656, y + 8), discs, font=font(SMALL, True), fill=MUTED, anchor="lm")
        y += 18
    waiting = set(view.get("to_move", []))
    order = list(range(len(view["player_info"])))
    if final:  # the final scores read best to worst
        order.sort(key=lambda s: -final[s]["total"])
    for seat in order:
        info = view["player_info"][seat]
        if final:
            f = final[seat]
            extras = gettext(
                lang,
                "voyages {voyages} + goods {goods} + treasure {treasure} (Gold {gold}, Silver "
                "{silver}, Jewels {jewels})",
                voyages=f["voyages"],
                goods=f["commodities"],
                treasure=f["treasure"],
                gold=f["gold"],
                silver=f["silver"],
                jewels=f["jewels"],
            )
        else:
            extras = _log_extras(view, info)
        if provisioning:
            extras = ""  # the board has no room while the Street is shown: /board detail
        lines = wrap_words(draw, extras, font(SMALL), W - 2 * M - 48)[:2] if extras else []
        height = 34 + 19 * len(lines)
        if seat in waiting:
            draw.rounded_rectangle((M, y, W - M, y + height - 2), radius=6, fill=(255, 240, 170))
        seat_token(draw, (M + 18, y + 17), seat, radius=14)
        # The name has the room up to the score: whole where a smaller size (still 7 px at
        # 360 px) lets it fit, else cut by width, never by a character count.
        name, name_font = fit_name(draw, _name(view, seat, 32), NAME_FONTS, 196 - (M + 38) - 6)
        draw.text((M + 38, y + 17), name, font=name_font, fill=INK, anchor="lm")
        score = final[seat]["total"] if final else info["score"]
        draw.text((196, y + 17), f"{score}", font=font(18, True), fill=INK, anchor="lm")
        if final:
            draw.text((236, y + 17), gettext(lang, "VP"), font=font(TEXT), fill=INK, anchor="lm")
        else:
            ship = _w(view, f"ship.{info['ship']}")
            ship += gettext(lang, " +P") if info["pinnace"] else ""
            # the ship's name has the Ship column up to the Crew column
            ship = fit_words(draw, ship, font(17, True), LOG_COLUMNS[2][1] - LOG_COLUMNS[1][1] - 4)
            cells = [ship, info["crew"], info["guns"], info["supplies"], info["trade_goods"]]
            for (_, x), value in zip(LOG_COLUMNS[1:], cells, strict=True):
                draw.text((x, y + 17), str(value), font=font(17, True), fill=INK, anchor="lm")
            if provisioning:
                draw.text(
                    (656, y + 17),
                    str(info["player_discs"]),
                    font=font(17, True),
                    fill=INK,
                    anchor="lm",
                )
        for n, line in enumerate(lines):
            draw.text(
                (M + 38, y + 36 + 19 * n), line, font=font(SMALL), fill=(60, 60, 60), anchor="lm"
            )
        y += height
    return y + 4


def _legend(draw: ImageDraw.ImageDraw, view: dict, y: float) -> float:
    """The marks explained in words (treasure, discs, card colours)."""
    lang = _lang(view)
    small = font(SMALL)
    # Marks and their words; a new row when the next one would not fit (Greek and Russian
    # words are longer than the English).
    items: list[tuple[str, str]] = [
        ("gold", _w(view, "treasure.gold")),
        ("silver", _w(view, "treasure.silver")),
        ("jewel", _w(view, "treasure.jewel")),
        ("taken", gettext(lang, "taken")),
    ]
    items += [(kind, _kind_word(view, kind)) for kind in ("town", "fort", "galleon", "port")]
    x = M + 6
    for mark, label in items:
        width = 30 + draw.textlength(label, font=small)
        if x + width > W - M:
            x, y = M + 6, y + 24
        if mark in TREASURE:
            treasure_mark(draw, (x + 10, y + 10), mark, r=9, lang=lang)
        elif mark == "taken":
            treasure_mark(draw, (x + 10, y + 10), "gold", present=False, r=9, lang=lang)
        else:
            draw.rectangle((x + 2, y + 2, x + 18, y + 18), fill=KIND_COLOURS[mark], outline=MUTED)
        draw.text((x + 24, y + 10), label, font=small, fill=INK, anchor="lm")
        x += width + 10
    y += 24
    if view["phase"] == "provision":
        text = gettext(lang, "+P: with a Pinnace. Commodities, titles: /board detail").replace(
            "/board detail", command_in(lang, "board detail")
        )
    else:
        text = gettext(
            lang, "Mission Disc badge: its number, ★ Golden Hind, ☠ Ghost Ship, ✓ won; +P: Pinnace"
        )
    for line in wrap_words(draw, text, small, W - 2 * M - 8):
        draw.text((M + 6, y + 9), line, font=small, fill=INK, anchor="lm")
        y += 20
    return y + 2


# ---------------------------------------------------------------------- board


@static_layer
def _paper(height: int) -> Image.Image:
    return new_canvas(W, height)


def board(view: dict) -> Image.Image:
    """The public board: the Street while provisioning, the Caribbean in full while sailing."""
    image = _paper(1600).copy()
    draw = ImageDraw.Draw(image)
    y = _header(draw, view)
    if view["phase"] == "provision":
        y = _street(draw, view, y) + 4
        y = _map(image, draw, view, y, full=False)
    else:
        if view["phase"] != "over":
            y = _sailing_strip(draw, view, y)
        y = _map(image, draw, view, y, full=True)
    y = _logs(draw, view, y)
    y = _legend(draw, view, y)
    return image.crop((0, 0, W, int(y) + 6))


# ---------------------------------------------------------------------- private


def _counter_words(view: dict, name: str, value: int) -> str:
    """A counter the seat knows, with what the Destination then needs: ``Panama: +2 Troops,
    so 3 Crew and 1 Gun``."""
    lang = _lang(view)
    dest = next((d for d in view["map"] if d["name"] == name), None)
    said = say(lang, name)
    if dest is None or dest["kind"] not in ("fort", "galleon"):
        return f"{said}: +{value}"
    if dest["kind"] == "fort":
        crew = dest.get("printed_troops", 0) + value
        guns = dest.get("printed_guns", 0)
        troops = ngettext(lang, "+{count} Troop", "+{count} Troops", value)
        cost = ngettext(
            lang,
            "so {crew} Crew and {count} Gun",
            "so {crew} Crew and {count} Guns",
            guns,
            crew=crew,
        )
        return f"{said}: {troops}, {cost}"
    guns = dest.get("printed_guns", 0) + value
    extra = ngettext(lang, "+{count} Gun", "+{count} Guns", value)
    total = gettext(lang, "so {guns} Guns", guns=guns)
    return f"{said}: {extra}, {total}"


def private(view: dict) -> Image.Image | None:
    """One seat's secrets, big: the current decision, its face-down discs, the discs still in
    hand, known counters, the Informer's look and the Treasure Chest."""
    seat = view.get("seat")
    priv = view.get("private")
    if seat is None or priv is None:
        return None
    lang = _lang(view)
    names = seat_names(view)
    probe = ImageDraw.Draw(new_canvas(1, 1))
    body = font(19)
    bold = font(19, True)
    width = W - 60
    your_move = gettext(lang, "Your move")
    blocks: list[tuple[str, list[str]]] = []
    if seat in view.get("to_move", []):
        decision = _awaiting(view).split(": ", 1)[-1]
        blocks.append(
            (your_move, wrap_words(probe, decision[:1].upper() + decision[1:], bold, width))
        )
    discs = priv.get("my_discs") or {}
    if discs:
        lines = [f"{_disc(view, lab)}: {say(lang, d)}" for lab, d in discs.items()]
        blocks.append((gettext(lang, "Face down on the map"), lines))
    if priv.get("hand"):
        hand = ", ".join(_disc(view, h) for h in priv["hand"])
        blocks.append((gettext(lang, "Still to place"), wrap_words(probe, hand, body, width)))
    if priv.get("selected"):
        line = gettext(lang, "{disc}: choose its Destination", disc=_disc(view, priv["selected"]))
        blocks.append((gettext(lang, "Picked"), wrap_words(probe, line, body, width)))
    counters = priv.get("counters") or {}
    if counters:
        lines = []
        for d, v in counters.items():
            lines += wrap_words(probe, _counter_words(view, d, v), body, width)
        blocks.append((gettext(lang, "Spanish counters you know"), lines))
    for dest, seen in (priv.get("look") or {}).items():
        text = named(", ".join(say(lang, s) for s in seen), names)
        title = gettext(lang, "Seen at {place}", place=say(lang, dest))
        blocks.append((title, wrap_words(probe, text, body, width)))
    if not blocks:
        blocks.append(
            (gettext(lang, "Secrets"), [gettext(lang, "No hidden discs or counters right now.")])
        )
    height = 60 + sum(34 + 28 * len(lines) for _, lines in blocks) + 90
    image = new_canvas(W, height)
    draw = ImageDraw.Draw(image)
    colour = seat_colour(seat)
    draw.rounded_rectangle(
        (8, 8, W - 8, height - 8), radius=10, fill=PAPER, outline=colour, width=3
    )
    draw.rounded_rectangle((8, 8, W - 8, 40), radius=10, fill=colour)
    seat_token(draw, (26, 24), seat, radius=13, outline=INK)
    heading = gettext(lang, "{who}: your secrets", who=_name(view, seat, 24))
    title = fit_words(draw, heading, font(19, True), W - 80)
    draw.text((46, 24), title, font=font(19, True), fill=contrast_ink(colour), anchor="lm")
    y = 52
    for title, lines in blocks:
        draw.text((28, y), title, font=font(17, True), fill=MUTED)
        y += 26
        for line in lines:
            draw.text((28, y), line, font=bold if title == your_move else body, fill=INK)
            y += 28
        y += 8
    chest = priv.get("chest", {})
    draw.text((28, y + 4), gettext(lang, "Treasure Chest"), font=font(19, True), fill=INK)
    for k, (metal, label) in enumerate(
        (("gold", N_("Gold")), ("silver", N_("Silver")), ("jewel", N_("Jewels")))
    ):
        cx = 50 + k * 210
        treasure_mark(draw, (cx, y + 50), metal, lang=lang)
        text = fit_words(draw, f"{gettext(lang, label)} {chest.get(metal, 0)}", font(20, True), 180)
        draw.text((cx + 22, y + 50), text, font=font(20, True), fill=INK, anchor="lm")
    return image


# ---------------------------------------------------------------------- detail


def _dest_words(view: dict, dest: dict, names: list[str]) -> str:
    """A Destination in words for the detail sheet."""
    lang = _lang(view)
    head = gettext(
        lang,
        "{place} ({kind}, zone {zone}): ",
        place=_dest_name(view, dest["id"]),
        kind=_kind_word(view, dest["kind"]),
        zone=dest["zone"],
    )
    if dest["kind"] == "port":
        text = head + gettext(lang, "trades {goods}", goods=_needs(dest, lang))
    else:
        text = head + gettext(
            lang, "{vp} VP for {needs}", vp=dest.get("vp", 0), needs=_needs(dest, lang)
        )
        if dest.get("counter_state") == "hidden":
            text += gettext(lang, " (counter hidden)")
    if dest.get("symbol"):
        metal = _w(view, f"treasure.{dest['symbol']}")
        if dest.get("treasure"):
            text += gettext(lang, "; {treasure} here", treasure=metal)
        else:
            text += gettext(lang, "; {treasure} taken", treasure=metal)
    if dest["kind"] != "port" and dest.get("successes"):
        text += gettext(lang, "; {count} won", count=dest["successes"])
    discs = []
    for entry in dest["stack"]:
        who = names[entry["seat"]] if entry["seat"] < len(names) else seat_letter(entry["seat"])
        disc = entry.get("disc")
        if disc:
            who += f" {_disc(view, disc)}"
            if entry.get("state") == "won":
                who += gettext(lang, " (won)")
        discs.append(who)
    if discs:
        text += gettext(lang, "; discs in order: {discs}", discs=", ".join(discs))
    return text


def _log_words(view: dict, seat: int) -> list[str]:
    lang = _lang(view)
    info = view["player_info"][seat]
    ship = _w(view, f"ship.{info['ship']}")
    if info["pinnace"]:
        ship = gettext(lang, "{ship} and a Pinnace", ship=ship)
    lines = [
        gettext(
            lang,
            "{vp} VP · {ship} · Crew {crew} · Guns {guns} · barrels {barrels} · Trade Goods "
            "{trade_goods}",
            vp=info["score"],
            ship=ship,
            crew=info["crew"],
            guns=info["guns"],
            barrels=info["supplies"],
            trade_goods=info["trade_goods"],
        ),
    ]
    goods = ", ".join(f"{_good(view, k)} {v}" for k, v in info["commodities"].items() if v)
    more = [goods or gettext(lang, "no Commodities")]
    if info["nav"]:
        more.append(gettext(lang, "sails to zone {zone}", zone=info["nav"]))
    if info["conquests"]:
        won = ", ".join(_kind_word(view, c) for c in info["conquests"])
        more.append(gettext(lang, "won this voyage: {kinds}", kinds=won))
    lines.append(" · ".join(more))
    holds = _holds(view, info)
    if info["street_pos"]:
        holds.append(gettext(lang, "street Location {pos}", pos=info["street_pos"]))
    else:
        holds.append(gettext(lang, "not on the street yet"))
    holds += [
        ngettext(
            lang, "{count} Player Disc left", "{count} Player Discs left", info["player_discs"]
        ),
        ngettext(
            lang,
            "{count} Mission Disc in hand, {on_map} on the map",
            "{count} Mission Discs in hand, {on_map} on the map",
            info["missions_in_hand"],
            on_map=info["missions_on_map"],
        ),
        gettext(lang, "Investor tile kept") if info["investor"] else gettext(lang, "Investor used"),
    ]
    holds += [gettext(lang, "home")] if info["returned"] else []
    lines.append(", ".join(holds))
    return lines


def detail(view: dict) -> Image.Image:
    """What the phone board leaves out, as a sheet of words (``/board detail``): every Ship Log
    in full, every Destination, the supply, the Tavern table and the recent log."""
    lang = _lang(view)
    names = seat_names(view)
    blocks = [SheetBlock(names[s], _log_words(view, s), seat=s) for s in range(view["players"])]
    blocks.append(
        SheetBlock(
            gettext(lang, "Destinations"), [_dest_words(view, d, names) for d in view["map"]]
        )
    )
    supply = view.get("supply") or {}
    tail = []
    if supply:
        listed = ", ".join(
            f"{gettext(lang, label)} {supply[k]}" for k, label in SUPPLY_WORDS if k in supply
        )
        tail.append(gettext(lang, "Supply left: {supply}", supply=listed))
    table = view.get("tavern_table") or {}
    if table:
        rolls = ", ".join(
            ngettext(lang, "{roll}: {count} Crew", "{roll}: {count} Crew", v, roll=k)
            for k, v in table["crew"].items()
        )
        or_word = gettext(lang, "or")
        ghost = f" {or_word} ".join(str(g) for g in table["ghost_ship"])
        tail.append(
            gettext(
                lang,
                "Tavern (die roll, the 1st visitor adds 1): {ghost} gives the Ghost Ship; {rolls}",
                ghost=ghost,
                rolls=rolls,
            )
        )
    roll = view.get("last_roll")
    if roll:
        tail.append(
            gettext(
                lang,
                "Last Tavern roll: {who} rolled {roll}, total {total}",
                who=names[roll["seat"]],
                roll=roll["roll"],
                total=roll["total"],
            )
        )
    blocks.append(
        SheetBlock(gettext(lang, "Harbour"), tail or [gettext(lang, "Nothing left in the supply.")])
    )
    recent = [named(say(lang, line), names) for line in view.get("recent", [])]
    blocks.append(SheetBlock(gettext(lang, "Recent"), recent or [gettext(lang, "Nothing yet.")]))
    phase = gettext(lang, PHASES[view["phase"]]) if view["phase"] in PHASES else ""
    title = gettext(
        lang,
        "Francis Drake · Voyage {voyage} of 3 · {phase} · detail",
        voyage=view["voyage"],
        phase=phase,
    )
    return text_sheet(title, blocks)
