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
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.drake.topics import KIND_NAMES
from render.common import (
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    SEA,
    WHITE,
    SheetBlock,
    centered_text,
    contrast_ink,
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
RED = (160, 40, 20)
ZONE_COLOURS = {1: (120, 190, 120), 2: (230, 200, 90), 3: (230, 140, 80), 4: (200, 90, 90)}
KIND_COLOURS = {
    "town": (240, 232, 210),
    "fort": (212, 205, 192),
    "galleon": (200, 166, 128),
    "port": (200, 222, 240),
}
KIND_WORDS = {"town": "Town", "fort": "Fort", "galleon": "Galleon", "port": "Trade Port"}
TREASURE = {  # colour, letter, shape
    "gold": ((250, 212, 40), "G", "square"),
    "silver": ((200, 205, 215), "S", "square"),
    "jewel": ((200, 40, 140), "J", "diamond"),
}
# The printed Location names, as the engine and the help topics spell them.
LOC_LABELS = {**KIND_NAMES, "investor": "Investor", "dockside": "Dockside"}
LOC_EFFECTS = {  # what a Location gives, in words that fit a street cell
    "crew": "take Crew",
    "guns": "take Guns",
    "supplies": "take barrels",
    "trade_goods": "take Trade Goods",
    "tavern": "die roll for Crew",
    "shipyard": "Galleon; 1st +1 Gun",
    "pinnace": "Pinnace; 1st +1 Crew",
    "drake": "2 discs: 5 Crew/Guns",
    "queen": "Galleon, Gun, Goods",
    "admiral": "Frigate counters",
    "governor": "Troops, dock +1",
    "informer": "spy, 1 Trade Good",
    "golden_hind": "Golden Hind disc",
    "investor": "pay 4 VP, once",
    "dockside": "1 Crew, Gun or barrel",
}
PHASES = {
    "provision": "Provisioning",
    "arrange": "Prepare for Sailing",
    "missions": "Sailing: Mission Discs",
    "informer": "Sailing: Informer",
    "resolve": "Sailing: missions",
    "over": "Game over",
}
DISC_LABELS = {"hind": "Golden Hind", "ghost": "Ghost Ship"}
DISC_BADGES = {"hind": "★", "ghost": "☠"}
SUPPLY_WORDS = (
    ("crew", "Crew"),
    ("guns", "Guns"),
    ("supplies", "barrels"),
    ("trade_goods", "Trade Goods"),
    ("sugar", "Sugar"),
    ("coffee", "Coffee"),
    ("tobacco", "Tobacco"),
    ("indigo", "Indigo"),
    ("gold", "Gold"),
    ("silver", "Silver"),
    ("jewel", "Jewels"),
)


def _name(view: dict, seat: int, limit: int = 14) -> str:
    """The member's name, shortened to ``limit`` characters with an ellipsis."""
    name = seat_names(view)[seat] if seat < len(seat_names(view)) else f"Player {seat}"
    return name if len(name) <= limit else name[: limit - 1] + "…"


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _dest_name(view: dict, dest_id: str | None) -> str:
    return next((d["name"] for d in view["map"] if d["id"] == dest_id), "a Destination")


def _disc(label: str | None) -> str:
    return DISC_LABELS.get(label or "", f"Mission Disc {label}")


def _awaiting(view: dict) -> str:
    """Who is to move and what they decide, in words."""
    phase = view["phase"]
    waiting = view.get("to_move", [])
    who = ", ".join(_name(view, s, 24) for s in waiting)
    if phase == "provision":
        info = view["player_info"][waiting[0]] if waiting else {}
        if info.get("drake_pending"):
            return f"{who}: 2nd disc at Drake (1 more Crew or Gun)"
        if info.get("street_pos") == 18 or info.get("player_discs") == 0:
            return f"{who}: sail to the Outbound Docks"
        return f"{who}: place a Player Disc or sail"
    if phase == "arrange":
        return f"{who}: place the hidden Spanish counters"
    if phase == "missions":
        return f"{who}: place a Mission Disc face down"
    if phase == "informer":
        stage = {"choose": "look, peek or pass", "swap": "swap 2 discs?", "move": "move the disc?"}
        return f"{who}: Informer, {stage.get(view.get('informer_stage'), 'decide')}"
    if phase == "resolve":
        cur = view.get("current") or {}
        if cur.get("stage") == "return":
            return f"{who}: return to Plymouth or sail on"
        return f"{who}: {_disc(cur.get('disc'))} at {_dest_name(view, cur.get('dest'))}"
    final = view.get("final") or []
    if final:
        best = max(f["total"] for f in final)
        winners = [s for s, f in enumerate(final) if f["total"] == best]
        return "Won by " + " and ".join(_name(view, s, 24) for s in winners) + f" with {best} VP"
    return "Game over"


def treasure_mark(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    metal: str,
    present: bool = True,
    r: float = 11,
) -> None:
    """Gold and Silver as squares, a Jewel as a diamond, each with its letter; an outline with a
    stroke through it once the treasure has been taken."""
    colour, letter, shape = TREASURE[metal]
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
    title = f"Francis Drake · Voyage {view['voyage']} of 3"
    if view["phase"] == "over":
        title = "Francis Drake · final scores"
    draw.text((M + 4, 8), title, font=font(24, True), fill=INK)
    if view["phase"] != "over":
        phase = PHASES.get(view["phase"], "")
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
    y0 = _section(draw, y0, "Plymouth Street", (110, 80, 50), "one way: 1 to 18")
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
        label = LOC_LABELS.get(loc["kind"], loc["kind"].replace("_", " ").title())
        draw.text((cx + 8, cy + 3), f"{loc['pos']} {label}", font=font(BOLD, True), fill=INK)
        effect = LOC_EFFECTS.get(loc["kind"], "")
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
    # rules/francis-drake.md 4.1: while provisioning the docks fill as ships sail (the last
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
    for column, (title, seats) in enumerate(
        (("Homebound Docks", home), ("Outbound Docks", out_slots))
    ):
        cx = M + (first_column + column) * CELL_W
        box = (cx + 2, y, cx + CELL_W - 3, y + CELL_H - 5)
        draw.rounded_rectangle(box, radius=6, fill=(214, 230, 240), outline=SEA)
        draw.text((cx + 8, y + 3), title, font=font(BOLD, True), fill=INK)
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


def _needs(dest: dict) -> str:
    """What an attack needs, in words: ``2-4 Crew, 1 Gun`` while a Fort's counter (0 to 2) is
    hidden or not yet placed, ``3 Crew, 1 Gun`` once it is shown; a Trade Port's goods."""
    kind = dest["kind"]
    if kind == "port":
        return ", ".join(g.title() for g in dest.get("goods", [])) or "no goods left"
    if kind == "town":
        return "1 Crew"
    state = dest.get("counter_state")
    printed = dest.get("printed_troops", 0) if kind == "fort" else dest.get("printed_guns", 0)
    if state == "shown":
        amount = str(printed + (dest.get("counter_value") or 0))
    else:
        amount = f"{printed}-{printed + 2}"
    if kind == "fort":
        guns = dest.get("printed_guns", 0)
        return f"{amount} Crew, {guns} Gun{'' if guns == 1 else 's'}"
    return f"{amount} Guns"


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
def _sea(zones: tuple[int, ...], height: int) -> Image.Image:
    """The Caribbean's zone columns with their headers (static: drawn once per layout)."""
    image = new_canvas(W, int(height))
    draw = ImageDraw.Draw(image)
    width = (W - 2 * M) / len(zones)
    for c, zone in enumerate(zones):
        x0 = M + c * width
        tint = tuple(int(v * 0.35 + 255 * 0.65) for v in ZONE_COLOURS[zone])
        draw.rectangle((x0 + 1, 0, x0 + width - 1, height), fill=tint)
        centered_text(draw, (x0 + width / 2, 12), f"Zone {zone}", font(BOLD, True), INK)
    return image


def _map(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict, y0: float, full: bool) -> float:
    """The Caribbean as a column of cards per zone; ``full`` adds each card's Mission Discs."""
    y0 = _section(draw, y0, "The Caribbean", SEA, "a zone needs that many barrels")
    columns = _columns(view)
    width = (W - 2 * M) / len(columns)
    card_h = 76 if full else 48
    longest = max(len(dests) for _, dests in columns)
    bottom = y0 + 26 + longest * (card_h + 4)
    sea = _sea(tuple(zone for zone, _ in columns), int(bottom - y0) + 1)
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
            _card_text(draw, dest, box)
            if full:
                for n, entry in enumerate(dest["stack"][:4]):
                    _stack_disc(draw, (box[0] + 18 + n * 40, top + 58), entry)
    return bottom + 6


def _card_text(draw: ImageDraw.ImageDraw, dest: dict, box: tuple) -> None:
    """Line 1: the name and the VP; line 2: the treasure mark and what an attack needs."""
    x0, top, x1, _ = box
    vp = f"{dest.get('vp', 0)} VP" if dest["kind"] != "port" else ""
    vp_width = draw.textlength(vp, font=font(SMALL, True)) + 4 if vp else 0
    room = x1 - x0 - 10 - vp_width
    name_font = font(TEXT, True)
    if draw.textlength(dest["name"], font=name_font) > room:
        name_font = font(SMALL, True)
    name = fit_words(draw, dest["name"], name_font, room)
    draw.text((x0 + 5, top + 13), name, font=name_font, fill=INK, anchor="lm")
    if vp:
        draw.text((x1 - 5, top + 13), vp, font=font(SMALL, True), fill=INK, anchor="rm")
    x = x0 + 6
    metal = dest.get("symbol")
    if metal:
        treasure_mark(draw, (x + 9, top + 35), metal, bool(dest.get("treasure")), r=9)
        x += 24
    draw.text((x, top + 35), _needs(dest), font=font(SMALL), fill=INK, anchor="lm")


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
    draw.text((M + 4, y + 16), "Sailing order", font=font(BOLD, True), fill=INK, anchor="lm")
    x = M + 24 + draw.textlength("Sailing order", font=font(BOLD, True)) + 10
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
        draw.text((x, y + 16), "Home", font=font(BOLD, True), fill=INK, anchor="lm")
        x += draw.textlength("Home", font=font(BOLD, True)) + 24
        for seat in home:
            seat_token(draw, (x, y + 16), seat, radius=14)
            x += 34
    return y + 38


# ---------------------------------------------------------------------- Ship Logs

LOG_COLUMNS = (
    ("VP", 196),
    ("Ship", 248),
    ("Crew", 336),
    ("Guns", 396),
    ("Barrels", 456),
    ("Trade Goods", 536),
)


def _log_extras(view: dict, info: dict) -> str:
    parts = []
    goods = ", ".join(f"{k.title()} {v}" for k, v in info["commodities"].items() if v)
    if goods:
        parts.append(goods)
    if info["conquests"]:
        parts.append("won " + ", ".join(c.title() for c in info["conquests"]))
    holds = [t.title() for t in info["titles"]]
    holds += ["Golden Hind"] if info["hind"] else []
    holds += ["Ghost Ship"] if info["ghost"] else []
    if holds:
        parts.append(", ".join(holds))
    if info["missions_in_hand"] and view["phase"] in ("missions", "informer"):
        parts.append(_count(info["missions_in_hand"], "Mission Disc") + " to place")
    if info["returned"] and view["phase"] != "provision":
        parts.append("home")
    if not info["investor"] and view["phase"] != "over":
        parts.append("Investor used")
    return " · ".join(parts)


def _logs(draw: ImageDraw.ImageDraw, view: dict, y: float) -> float:
    final = view.get("final")
    title = "Final scores" if final else "Ship Logs"
    y = _section(draw, y, title, (70, 70, 110))
    provisioning = view["phase"] == "provision"
    if not final:
        for label, x in LOG_COLUMNS:
            draw.text((x, y + 8), label, font=font(SMALL, True), fill=MUTED, anchor="lm")
        if provisioning:
            draw.text((656, y + 8), "Discs", font=font(SMALL, True), fill=MUTED, anchor="lm")
        y += 18
    waiting = set(view.get("to_move", []))
    order = list(range(len(view["player_info"])))
    if final:  # the final scores read best to worst
        order.sort(key=lambda s: -final[s]["total"])
    for seat in order:
        info = view["player_info"][seat]
        if final:
            f = final[seat]
            extras = (
                f"voyages {f['voyages']} + goods {f['commodities']} + treasure {f['treasure']}"
                f" (Gold {f['gold']}, Silver {f['silver']}, Jewels {f['jewels']})"
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
        draw.text(
            (M + 38, y + 17), _name(view, seat, 13), font=font(BOLD, True), fill=INK, anchor="lm"
        )
        score = final[seat]["total"] if final else info["score"]
        draw.text((196, y + 17), f"{score}", font=font(18, True), fill=INK, anchor="lm")
        if final:
            draw.text((236, y + 17), "VP", font=font(TEXT), fill=INK, anchor="lm")
        else:
            ship = "Galleon" if info["ship"] == "galleon" else "Frigate"
            ship += " +P" if info["pinnace"] else ""
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
    small = font(SMALL)
    x = M + 6
    for metal, label in (("gold", "Gold"), ("silver", "Silver"), ("jewel", "Jewel")):
        treasure_mark(draw, (x + 10, y + 10), metal, r=9)
        draw.text((x + 24, y + 10), label, font=small, fill=INK, anchor="lm")
        x += 34 + draw.textlength(label, font=small) + 6
    treasure_mark(draw, (x + 10, y + 10), "gold", present=False, r=9)
    draw.text((x + 24, y + 10), "taken", font=small, fill=INK, anchor="lm")
    x += 80
    for kind in ("town", "fort", "galleon", "port"):
        draw.rectangle((x, y + 2, x + 16, y + 18), fill=KIND_COLOURS[kind], outline=MUTED)
        draw.text((x + 20, y + 10), KIND_WORDS[kind], font=small, fill=INK, anchor="lm")
        x += 28 + draw.textlength(KIND_WORDS[kind], font=small)
    y += 24
    if view["phase"] == "provision":
        text = "+P: with a Pinnace. Commodities, titles: /board detail"
    else:
        text = "Mission Disc badge: its number, ★ Golden Hind, ☠ Ghost Ship, ✓ won; +P: Pinnace"
    draw.text((M + 6, y + 9), text, font=small, fill=INK, anchor="lm")
    return y + 22


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
    dest = next((d for d in view["map"] if d["name"] == name), None)
    if dest is None or dest["kind"] not in ("fort", "galleon"):
        return f"{name}: +{value}"
    if dest["kind"] == "fort":
        crew = dest.get("printed_troops", 0) + value
        guns = dest.get("printed_guns", 0)
        gun_word = "Gun" if guns == 1 else "Guns"
        troops = "Troop" if value == 1 else "Troops"
        return f"{name}: +{value} {troops}, so {crew} Crew and {guns} {gun_word}"
    guns = dest.get("printed_guns", 0) + value
    return f"{name}: +{value} {'Gun' if value == 1 else 'Guns'}, so {guns} Guns"


def private(view: dict) -> Image.Image | None:
    """One seat's secrets, big: the current decision, its face-down discs, the discs still in
    hand, known counters, the Informer's look and the Treasure Chest."""
    seat = view.get("seat")
    priv = view.get("private")
    if seat is None or priv is None:
        return None
    names = seat_names(view)
    probe = ImageDraw.Draw(new_canvas(1, 1))
    body = font(19)
    bold = font(19, True)
    width = W - 60
    blocks: list[tuple[str, list[str]]] = []
    if seat in view.get("to_move", []):
        decision = _awaiting(view).split(": ", 1)[-1]
        blocks.append(
            ("Your move", wrap_words(probe, decision[:1].upper() + decision[1:], bold, width))
        )
    discs = priv.get("my_discs") or {}
    if discs:
        blocks.append(("Face down on the map", [f"{_disc(lab)}: {d}" for lab, d in discs.items()]))
    if priv.get("hand"):
        hand = ", ".join(_disc(h) for h in priv["hand"])
        blocks.append(("Still to place", wrap_words(probe, hand, body, width)))
    if priv.get("selected"):
        blocks.append(("Picked", [f"{_disc(priv['selected'])}: choose its Destination"]))
    counters = priv.get("counters") or {}
    if counters:
        blocks.append(
            ("Spanish counters you know", [_counter_words(view, d, v) for d, v in counters.items()])
        )
    for dest, seen in (priv.get("look") or {}).items():
        text = named(", ".join(seen), names)
        blocks.append((f"Seen at {dest}", wrap_words(probe, text, body, width)))
    if not blocks:
        blocks.append(("Secrets", ["No hidden discs or counters right now."]))
    height = 60 + sum(34 + 28 * len(lines) for _, lines in blocks) + 90
    image = new_canvas(W, height)
    draw = ImageDraw.Draw(image)
    colour = seat_colour(seat)
    draw.rounded_rectangle(
        (8, 8, W - 8, height - 8), radius=10, fill=PAPER, outline=colour, width=3
    )
    draw.rounded_rectangle((8, 8, W - 8, 40), radius=10, fill=colour)
    seat_token(draw, (26, 24), seat, radius=13, outline=INK)
    title = fit_words(draw, f"{_name(view, seat, 24)}: your secrets", font(19, True), W - 80)
    draw.text((46, 24), title, font=font(19, True), fill=contrast_ink(colour), anchor="lm")
    y = 52
    for title, lines in blocks:
        draw.text((28, y), title, font=font(17, True), fill=MUTED)
        y += 26
        for line in lines:
            draw.text((28, y), line, font=bold if title == "Your move" else body, fill=INK)
            y += 28
        y += 8
    chest = priv.get("chest", {})
    draw.text((28, y + 4), "Treasure Chest", font=font(19, True), fill=INK)
    for k, (metal, label) in enumerate(
        (("gold", "Gold"), ("silver", "Silver"), ("jewel", "Jewels"))
    ):
        cx = 50 + k * 210
        treasure_mark(draw, (cx, y + 50), metal)
        draw.text(
            (cx + 22, y + 50),
            f"{label} {chest.get(metal, 0)}",
            font=font(20, True),
            fill=INK,
            anchor="lm",
        )
    return image


# ---------------------------------------------------------------------- detail


def _dest_words(dest: dict, names: list[str]) -> str:
    """A Destination in words for the detail sheet."""
    text = f"{dest['name']} ({KIND_WORDS[dest['kind']]}, zone {dest['zone']}): "
    if dest["kind"] == "port":
        text += "trades " + _needs(dest)
    else:
        text += f"{dest.get('vp', 0)} VP for {_needs(dest)}"
        if dest.get("counter_state") == "hidden":
            text += " (counter hidden)"
    if dest.get("symbol"):
        text += f"; {dest['symbol'].title()} " + ("here" if dest.get("treasure") else "taken")
    if dest["kind"] != "port" and dest.get("successes"):
        text += f"; {dest['successes']} won"
    discs = []
    for entry in dest["stack"]:
        who = names[entry["seat"]] if entry["seat"] < len(names) else seat_letter(entry["seat"])
        disc = entry.get("disc")
        if disc:
            who += f" {_disc(disc)}" + (" (won)" if entry.get("state") == "won" else "")
        discs.append(who)
    if discs:
        text += "; discs in order: " + ", ".join(discs)
    return text


def _log_words(view: dict, seat: int) -> list[str]:
    info = view["player_info"][seat]
    ship = ("Galleon" if info["ship"] == "galleon" else "Frigate") + (
        " and a Pinnace" if info["pinnace"] else ""
    )
    lines = [
        f"{info['score']} VP · {ship} · Crew {info['crew']} · Guns {info['guns']} · "
        f"barrels {info['supplies']} · Trade Goods {info['trade_goods']}",
    ]
    goods = ", ".join(f"{k.title()} {v}" for k, v in info["commodities"].items() if v)
    more = [goods or "no Commodities"]
    if info["nav"]:
        more.append(f"sails to zone {info['nav']}")
    if info["conquests"]:
        more.append("won this voyage: " + ", ".join(c.title() for c in info["conquests"]))
    lines.append(" · ".join(more))
    holds = [t.title() for t in info["titles"]]
    holds += ["Golden Hind"] if info["hind"] else []
    holds += ["Ghost Ship"] if info["ghost"] else []
    holds += [
        f"street Location {info['street_pos']}" if info["street_pos"] else "not on the street yet",
        _count(info["player_discs"], "Player Disc") + " left",
        _count(info["missions_in_hand"], "Mission Disc")
        + f" in hand, {info['missions_on_map']} on the map",
        "Investor tile kept" if info["investor"] else "Investor used",
    ]
    holds += ["home"] if info["returned"] else []
    lines.append(", ".join(holds))
    return lines


def detail(view: dict) -> Image.Image:
    """What the phone board leaves out, as a sheet of words (``/board detail``): every Ship Log
    in full, every Destination, the supply, the Tavern table and the recent log."""
    names = seat_names(view)
    blocks = [SheetBlock(names[s], _log_words(view, s), seat=s) for s in range(view["players"])]
    blocks.append(SheetBlock("Destinations", [_dest_words(d, names) for d in view["map"]]))
    supply = view.get("supply") or {}
    tail = []
    if supply:
        tail.append(
            "Supply left: "
            + ", ".join(f"{label} {supply[k]}" for k, label in SUPPLY_WORDS if k in supply)
        )
    table = view.get("tavern_table") or {}
    if table:
        rolls = ", ".join(f"{k}: {v} Crew" for k, v in table["crew"].items())
        ghost = " or ".join(str(g) for g in table["ghost_ship"])
        tail.append(
            f"Tavern (die roll, the 1st visitor adds 1): {ghost} gives the Ghost Ship; {rolls}"
        )
    roll = view.get("last_roll")
    if roll:
        tail.append(
            f"Last Tavern roll: {names[roll['seat']]} rolled {roll['roll']}, total {roll['total']}"
        )
    blocks.append(SheetBlock("Harbour", tail or ["Nothing left in the supply."]))
    recent = [named(line, names) for line in view.get("recent", [])]
    blocks.append(SheetBlock("Recent", recent or ["Nothing yet."]))
    phase = PHASES.get(view["phase"], "")
    return text_sheet(f"Francis Drake · Voyage {view['voyage']} of 3 · {phase} · detail", blocks)
