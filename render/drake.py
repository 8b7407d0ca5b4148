"""Francis Drake renderer: Plymouth Street, the docks, the Caribbean map and the ship logs.

``board(view)`` draws the public view for a phone: 960 px wide, so that at Discord's 550 px
inline width every text is 8 px or taller (fonts of 14 px and up). ``private(view)`` draws one
seat's own panel (face-down Mission Discs, discs in hand, known Spanish counters, the Informer's
look, the Treasure Chest) with the seat's current decision in large type. ``detail(view)`` (posted
by ``/board detail``) holds what did not fit: the full Ship Log table, the recent log, the Tavern
table and the general supply in words. Only what is in the view is drawn.

What moved where in the phone redesign (Issue 14):

- The 1400 px board became 960 px. Street cells carry a one-line effect ("Galleon, 1st +1 Gun"
  instead of a bare "+1"); the Ship Logs are two lines per player instead of an 11-column table
  (the table is in ``detail``); the recent-log panel moved to ``detail`` (the channel posts the
  log as text anyway).
- Seats are a colour AND a letter everywhere, face-down discs included (``A``; revealed ``A1``,
  a success ``A✓``). Treasure is a square (Gold ``G``, Silver ``S``) or a diamond (Jewel ``J``),
  never a disc, so seat A's orange cannot be mistaken for Gold; a legend explains every mark.
- The Outbound Docks show the Sailing Order after the Governor's swap and empty a dock when its
  ship goes home. The final scoring is written into the Ship Logs (which then show the final
  totals) instead of a panel over the map.
- The general supply and the Tavern table are drawn in the legend strip (public information).
"""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from engines.drake.topics import KIND_NAMES
from render.common import (
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    SEA,
    WHITE,
    centered_text,
    contrast_ink,
    font,
    new_canvas,
    panel,
    seat_colour,
    seat_letter,
    seat_token,
    static_layer,
)

WIDTH = 960
MARGIN = 10
HEADER_H = 78
CELL_W, CELL_H = 186, 88
STREET_Y = HEADER_H
STREET_H = 36 + 4 * CELL_H + 56  # title, 4 rows of 5 Locations, the docks row
MAP_Y = STREET_Y + STREET_H + 8
MAP_H = 470
LOGS_Y = MAP_Y + MAP_H + 8
ROW_H = 62
LEGEND_H = 140
BOX_W, BOX_H = 172, 88
TEXT = 15  # body text: 15 px at 960 px wide is 8.6 px at 550 px
SMALL = 14  # the smallest size drawn on the board: 8.02 px at 550 px

ZONE_COLOURS = {1: (120, 190, 120), 2: (230, 200, 90), 3: (230, 140, 80), 4: (200, 90, 90)}
KIND_COLOURS = {
    "town": (240, 232, 210),
    "fort": (210, 202, 188),
    "galleon": (196, 160, 120),
    "port": (200, 222, 240),
}
TREASURE = {  # colour, letter, shape
    "gold": ((250, 212, 40), "G", "square"),
    "silver": ((200, 205, 215), "S", "square"),
    "jewel": ((200, 40, 140), "J", "diamond"),
}
COMM_COLOURS = {
    "sugar": (245, 245, 245),
    "coffee": (120, 80, 50),
    "tobacco": (150, 120, 60),
    "indigo": (70, 60, 160),
}
# The printed Location names, as the engine and the help topics spell them.
LOC_LABELS = {**KIND_NAMES, "investor": "Investor", "dockside": "Dockside"}
LOC_EFFECTS = {
    "crew": "take Crew",
    "guns": "take Guns",
    "supplies": "take barrels",
    "trade_goods": "take Trade Goods",
    "tavern": "die for Crew, 1st +1",
    "shipyard": "Galleon, 1st +1 Gun",
    "pinnace": "Pinnace, 1st +1 Crew",
    "drake": "2 turns: 2C 2G +1",
    "queen": "Galleon, Gun, TG",
    "admiral": "Frigate counters",
    "governor": "Troops, dock +1",
    "informer": "spy, 1 Trade Good",
    "golden_hind": "first mission",
    "investor": "-4 VP, once a game",
    "dockside": "1 Crew/Gun/Supply",
}
PHASES = {
    "provision": "Provisioning",
    "arrange": "Prepare for Sailing",
    "missions": "Sail: place Mission Discs",
    "informer": "Informer",
    "resolve": "Resolve Missions",
    "over": "Game over",
}
DISC_LABELS = {"hind": "Golden Hind", "ghost": "Ghost Ship"}


def _name(view: dict, seat: int, limit: int = 14) -> str:
    names = view.get("names")
    if names and seat < len(names) and names[seat]:
        name = str(names[seat])
        name = name if len(name) <= limit else name[: limit - 1] + "…"
        return f"{name} ({seat_letter(seat)})"
    return f"Player {seat_letter(seat)}"


def _dest_name(view: dict, dest_id: str | None) -> str:
    return next((d["name"] for d in view["map"] if d["id"] == dest_id), "?")


def _disc(label: str | None) -> str:
    return DISC_LABELS.get(label or "", f"disc {label}")


def _awaiting(view: dict) -> str:
    phase = view["phase"]
    waiting = view.get("to_move", [])
    who = ", ".join(_name(view, s) for s in waiting)
    if phase == "provision":
        info = view["player_info"][waiting[0]] if waiting else {}
        if info.get("drake_pending"):
            return f"{who}: 2nd disc at Drake (extra Crew or Gun)"
        if info.get("street_pos") == 18 or info.get("player_discs") == 0:
            return f"{who}: sail to the Outbound Docks"
        return f"{who}: place a Player Disc or sail"
    if phase == "arrange":
        return f"{who}: place the hidden Spanish counters"
    if phase == "missions":
        return f"{who}: place a Mission Disc face down"
    if phase == "informer":
        stage = {"choose": "look, peek or pass", "swap": "swap 2 discs?", "move": "move the disc?"}
        return f"{who}: Informer, {stage.get(view.get('informer_stage'), '')}"
    if phase == "resolve":
        cur = view.get("current") or {}
        if cur.get("stage") == "return":
            return f"{who}: return to Plymouth or continue"
        return f"{who}: {_disc(cur.get('disc'))} at {_dest_name(view, cur.get('dest'))}"
    final = view.get("final") or []
    if final:
        best = max(f["total"] for f in final)
        winners = [s for s, f in enumerate(final) if f["total"] == best]
        return "Game over: " + ", ".join(_name(view, s) for s in winners) + f" {best} VP"
    return "Game over"


def _fit(draw: ImageDraw.ImageDraw, text: str, fnt: ImageFont.FreeTypeFont, width: float) -> str:
    """``text`` cut at a word boundary (with an ellipsis) so that it fits ``width``."""
    if draw.textlength(text, font=fnt) <= width:
        return text
    words = text.split(" ")
    while words and draw.textlength(" ".join(words) + " …", font=fnt) > width:
        words.pop()
    return " ".join(words) + " …"


def _wrap(draw: ImageDraw.ImageDraw, text: str, fnt: ImageFont.FreeTypeFont, width: float):
    """Lines of ``text`` broken between words to fit ``width``."""
    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        candidate = f"{current} {word}".strip()
        if current and draw.textlength(candidate, font=fnt) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


def treasure_mark(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], metal: str, present: bool = True
) -> None:
    """Gold and Silver as squares, a Jewel as a diamond, each with its letter; an outline only
    when the treasure has been taken."""
    colour, letter, shape = TREASURE[metal]
    x, y = centre
    r = 11
    if shape == "square":
        points = [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]
    else:
        r += 2
        points = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    if present:
        draw.polygon(points, fill=colour, outline=INK)
        centered_text(draw, (x, y), letter, font(SMALL, True), contrast_ink(colour))
    else:
        draw.polygon(points, fill=None, outline=colour)
        draw.line([points[0], points[2]], fill=colour, width=2)


def _logs_height(players: int) -> int:
    return 36 + players * ROW_H + 6


def _height(players: int) -> int:
    return LOGS_Y + _logs_height(players) + 8 + LEGEND_H + MARGIN


@static_layer
def _background(players: int) -> Image.Image:
    image = new_canvas(WIDTH, _height(players))
    draw = ImageDraw.Draw(image)
    right = WIDTH - MARGIN
    panel(draw, (MARGIN, STREET_Y, right, STREET_Y + STREET_H), "Plymouth Street", (110, 80, 50))
    panel(draw, (MARGIN, MAP_Y, right, MAP_Y + MAP_H), "The Caribbean", SEA)
    panel(draw, (MARGIN, LOGS_Y, right, LOGS_Y + _logs_height(players)), "Ship Logs", (70, 70, 110))
    legend_y = LOGS_Y + _logs_height(players) + 8
    panel(draw, (MARGIN, legend_y, right, legend_y + LEGEND_H), "Legend and supply", MUTED)
    draw.rectangle((MARGIN + 6, MAP_Y + 34, right - 6, MAP_Y + MAP_H - 6), fill=(150, 195, 225))
    return image


def _street(draw: ImageDraw.ImageDraw, view: dict) -> None:
    x0, y0 = MARGIN + 6, STREET_Y + 36
    cells = [*view["street"], {"pos": 17, "kind": "investor"}, {"pos": 18, "kind": "dockside"}]
    waiting = view.get("to_move", [])
    mover = waiting[0] if view["phase"] == "provision" and waiting else None
    last = view["player_info"][mover]["street_pos"] if mover is not None else None
    for i, loc in enumerate(cells):
        cx = x0 + (i % 5) * CELL_W
        cy = y0 + (i // 5) * CELL_H
        box = (cx, cy, cx + CELL_W - 6, cy + CELL_H - 6)
        passed = last is not None and loc["pos"] <= last
        draw.rounded_rectangle(
            box, radius=6, fill=(228, 224, 214) if passed else PAPER, outline=MUTED
        )
        label = LOC_LABELS.get(loc["kind"], loc["kind"].title())
        draw.text((cx + 6, cy + 4), f"{loc['pos']} {label}", font=font(16, True), fill=INK)
        effect = LOC_EFFECTS.get(loc["kind"], "")
        draw.text((cx + 6, cy + 25), effect, font=font(SMALL), fill=MUTED)
        if loc["kind"] in ("investor", "dockside"):
            seats = view[loc["kind"]]
            for k, seat in enumerate(seats):
                seat_token(draw, (cx + 18 + k * 31, cy + 64), seat, radius=14)
            continue
        values = loc["values"]
        for k, occ in enumerate(loc["occ"]):
            centre = (cx + 20 + k * 36, cy + 64)
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
            if loc["kind"] in ("crew", "guns", "supplies", "trade_goods"):
                text = str(values[k])
            elif loc["kind"] in ("tavern", "shipyard", "pinnace") and values[k]:
                text = f"+{values[k]}"
            else:
                text = ""
            if text:
                centered_text(draw, centre, text, font(TEXT, True), INK)
    _docks(draw, view, y0 + 4 * CELL_H)


def _docks(draw: ImageDraw.ImageDraw, view: dict, y: int) -> None:
    """Homebound and Outbound Docks. During the Sailing phase the Outbound Docks show the
    Sailing Order after the Governor's swap (rules 4.2 A4), and a ship gone home leaves its
    dock empty (4.7)."""
    x = MARGIN + 10
    outbound = list(view.get("sailing_order") or view["outbound"])
    info = view["player_info"]
    out_slots: list[int | None] = [None if info[s]["returned"] else s for s in outbound]
    home: list[int | None] = [None if s in outbound else s for s in view["homebound"]]
    if view["phase"] != "provision":
        home = list(view["homebound"])
    for title, seats, dx in (
        ("Home", home, 0),
        ("Out", out_slots, 300),
    ):
        draw.text((x + dx, y + 22), title, font=font(TEXT, True), fill=INK, anchor="lm")
        for k in range(view["players"]):
            cx = x + dx + 64 + k * 46
            draw.rectangle((cx - 20, y + 4, cx + 20, y + 40), outline=MUTED, fill=WHITE)
            if k < len(seats) and seats[k] is not None:
                seat_token(draw, (cx, y + 22), seats[k], radius=14)
            else:
                centered_text(draw, (cx, y + 22), str(k + 1), font(SMALL), MUTED)
    roll = view.get("last_roll")
    if roll and view["phase"] == "provision":
        who = seat_letter(roll["seat"])
        text = f"Tavern: {who} rolled {roll['roll']}, total {roll['total']}"
        draw.text((WIDTH - MARGIN - 10, y + 22), text, font=font(TEXT), fill=INK, anchor="rm")


def _dest_columns(view: dict) -> dict[float, float]:
    xs = sorted({d["x"] for d in view["map"]})
    inner = WIDTH - 2 * MARGIN - 24 - BOX_W
    return {x: MARGIN + 12 + BOX_W / 2 + (x / (xs[-1] or 1)) * inner for x in xs}


def _map(draw: ImageDraw.ImageDraw, view: dict) -> None:
    top = MAP_Y + 64 + BOX_H / 2
    spread = MAP_H - 64 - 10 - BOX_H
    columns = _dest_columns(view)
    cur = view.get("current") or {}
    zones: dict[int, list[float]] = {}
    for dest in view["map"]:
        zones.setdefault(dest["zone"], []).append(columns[dest["x"]])
    for zone, xs in sorted(zones.items()):
        bx0 = max(MARGIN + 6, min(xs) - BOX_W / 2 - 4)
        bx1 = min(WIDTH - MARGIN - 6, max(xs) + BOX_W / 2 + 4)
        colour = tuple(int(c * 0.35 + 255 * 0.65) for c in ZONE_COLOURS[zone])
        draw.rectangle((bx0, MAP_Y + 36, bx1, MAP_Y + MAP_H - 8), fill=colour)
        centered_text(draw, ((bx0 + bx1) / 2, MAP_Y + 50), f"Zone {zone}", font(TEXT, True), INK)
    for dest in view["map"]:
        cx = columns[dest["x"]]
        cy = top + dest["y"] * spread
        box = (cx - BOX_W / 2, cy - BOX_H / 2, cx + BOX_W / 2, cy + BOX_H / 2)
        if cur.get("dest") == dest["id"]:
            draw.rounded_rectangle(
                (box[0] - 4, box[1] - 4, box[2] + 4, box[3] + 4), radius=9, fill=HIGHLIGHT
            )
        draw.rounded_rectangle(
            box,
            radius=7,
            fill=KIND_COLOURS[dest["kind"]],
            outline=ZONE_COLOURS[dest["zone"]],
            width=3,
        )
        name_font = font(TEXT, True)
        metal = dest.get("treasure") or dest.get("symbol")
        room = BOX_W - (34 if metal else 10)
        draw.text(
            (box[0] + 6, box[1] + 3),
            _fit(draw, dest["name"], name_font, room),
            font=name_font,
            fill=INK,
        )
        if metal:
            treasure_mark(draw, (box[2] - 15, box[1] + 14), metal, bool(dest.get("treasure")))
        draw.text((box[0] + 6, box[1] + 25), _needs(dest), font=font(SMALL), fill=INK)
        for k, entry in enumerate(dest["stack"][:5]):
            _stack_disc(draw, (box[0] + 17 + k * 31, box[3] - 18), entry)


def _needs(dest: dict) -> str:
    """What a Destination asks, in the legend's short form: ``4 VP 1+?C 2G``."""
    kind = dest["kind"]
    if kind == "port":
        return " ".join(g.title() for g in dest.get("goods", [])) or "no goods left"
    counter = ""
    if kind in ("fort", "galleon"):
        state = dest.get("counter_state")
        counter = f"+{dest.get('counter_value')}" if state == "shown" else "+?"
        counter = counter if state in ("shown", "hidden") else ""
    parts = [f"{dest.get('vp', 0)} VP"]
    if kind == "town":
        parts.append("1C")
    elif kind == "fort":
        parts += [f"{dest.get('printed_troops', 0)}{counter}C", f"{dest.get('printed_guns', 0)}G"]
    else:
        parts.append(f"{dest.get('printed_guns', 0)}{counter}G")
    return "  ".join(parts)


def _stack_disc(draw: ImageDraw.ImageDraw, centre: tuple[float, float], entry: dict) -> None:
    """A Mission Disc: the seat letter face down, ``A1`` revealed, ``A✓`` after a success."""
    seat = entry["seat"]
    colour = seat_colour(seat)
    x, y = centre
    r = 14
    draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=INK)
    disc = entry.get("disc")
    letter = seat_letter(seat)
    if disc is None:
        label = letter
    elif entry.get("state") == "won":
        label = f"{letter}✓"
    else:
        label = letter + {"hind": "H", "ghost": "X"}.get(disc, disc)
    centered_text(draw, (x, y), label, font(SMALL, True), contrast_ink(colour))


def _logs(draw: ImageDraw.ImageDraw, view: dict) -> None:
    x0, right = MARGIN + 8, WIDTH - MARGIN - 8
    waiting = set(view.get("to_move", []))
    final = view.get("final")
    for seat, info in enumerate(view["player_info"]):
        y = LOGS_Y + 36 + seat * ROW_H
        if seat in waiting:
            draw.rounded_rectangle((x0, y, right, y + ROW_H - 4), radius=6, fill=(255, 240, 170))
        seat_token(draw, (x0 + 18, y + 18), seat, radius=15)
        draw.text((x0 + 40, y + 18), _name(view, seat), font=font(16, True), fill=INK, anchor="lm")
        score = final[seat]["total"] if final else info["score"]
        draw.text((x0 + 250, y + 18), f"{score} VP", font=font(19, True), fill=INK, anchor="lm")
        if final:
            f = final[seat]
            line1 = (
                f"voyages {f['voyages']} + goods {f['commodities']} + treasure {f['treasure']}"
                f" (Gold {f['gold']}, Silver {f['silver']}, Jewels {f['jewels']})"
            )
        else:
            ship = "Galleon" if info["ship"] == "galleon" else "Frigate"
            if info["pinnace"]:
                ship += " + Pinnace"
            line1 = (
                f"{ship}   Crew {info['crew']}  Guns {info['guns']}  Barrels "
                f"{info['supplies']}  TG {info['trade_goods']}"
            )
        draw.text(
            (x0 + 350, y + 18),
            _fit(draw, line1, font(TEXT), right - x0 - 356),
            font=font(TEXT),
            fill=INK,
            anchor="lm",
        )
        parts = []
        if info["nav"]:
            parts.append(f"range zone {info['nav']}")
        goods = ", ".join(f"{k.title()} {v}" for k, v in info["commodities"].items() if v)
        parts.append(goods or "no Commodities")
        if info["conquests"]:
            parts.append("won " + ", ".join(c.title() for c in info["conquests"]))
        holds = [t.title() for t in info["titles"]]
        if info["hind"]:
            holds.append("Golden Hind")
        if info["ghost"]:
            holds.append("Ghost Ship")
        if holds:
            parts.append(", ".join(holds))
        if view["phase"] == "provision":
            parts.append(f"{info['player_discs']} discs")
        if info["missions_in_hand"] and view["phase"] in ("missions", "informer"):
            parts.append(f"{info['missions_in_hand']} to place")
        if info["missions_on_map"]:
            parts.append(f"{info['missions_on_map']} on map")
        if info["returned"]:
            parts.append("home")
        if info["investor"]:
            parts.append("Investor tile")
        line2 = " · ".join(parts)
        draw.text(
            (x0 + 40, y + 44),
            _fit(draw, line2, font(SMALL), right - x0 - 46),
            font=font(SMALL),
            fill=(60, 60, 60),
            anchor="lm",
        )


def _legend(draw: ImageDraw.ImageDraw, view: dict) -> None:
    y = LOGS_Y + _logs_height(view["players"]) + 8 + 38
    x = MARGIN + 12
    small = font(SMALL)
    cursor = x
    for metal, label in (("gold", "Gold"), ("silver", "Silver"), ("jewel", "Jewel")):
        treasure_mark(draw, (cursor + 11, y + 9), metal)
        draw.text((cursor + 26, y + 9), label, font=small, fill=INK, anchor="lm")
        cursor += 90
    treasure_mark(draw, (cursor + 11, y + 9), "gold", present=False)
    draw.text((cursor + 26, y + 9), "taken", font=small, fill=INK, anchor="lm")
    cursor += 80
    seat_token(draw, (cursor + 12, y + 9), 0, radius=12)
    text = "face down  A1 revealed  A✓ won  C Crew  G Guns  +? counter"
    draw.text((cursor + 30, y + 9), text, font=small, fill=INK, anchor="lm")
    supply = view.get("supply") or {}
    if supply:
        names = (
            ("crew", "Crew"),
            ("guns", "Guns"),
            ("supplies", "Barrels"),
            ("trade_goods", "TG"),
            ("sugar", "Sugar"),
            ("coffee", "Coffee"),
            ("tobacco", "Tobacco"),
            ("indigo", "Indigo"),
            ("gold", "Gold"),
            ("silver", "Silver"),
            ("jewel", "Jewels"),
        )
        text = "Supply left: " + ", ".join(f"{label} {supply[k]}" for k, label in names)
        lines = _wrap(draw, text, small, WIDTH - 2 * MARGIN - 24)[:2]
    else:
        lines = []
    table = view.get("tavern_table") or {}
    if table:
        rolls = ", ".join(f"{k}: {v}" for k, v in table["crew"].items())
        ghost = "-".join(str(g) for g in table["ghost_ship"])
        lines.append(f"Tavern (die, 1st visitor +1): {ghost} Ghost Ship; Crew per result {rolls}")
    for i, line in enumerate(lines):
        draw.text((x, y + 26 + i * 24), line, font=small, fill=INK)


def board(view: dict) -> Image.Image:
    image = _background(view["players"]).copy()
    draw = ImageDraw.Draw(image)
    phase = PHASES.get(view["phase"], "")
    draw.text(
        (MARGIN + 4, 6),
        f"Francis Drake · Voyage {view['voyage']}/3 · {phase}",
        font=font(24, True),
        fill=INK,
    )
    head = font(21, True)
    draw.text(
        (MARGIN + 4, 42),
        _fit(draw, _awaiting(view), head, WIDTH - 2 * MARGIN),
        font=head,
        fill=(150, 40, 20),
    )
    _street(draw, view)
    _map(draw, view)
    _logs(draw, view)
    _legend(draw, view)
    return image


# ---------------------------------------------------------------------- private

PRIVATE_W = 700


def private(view: dict) -> Image.Image | None:
    """One seat's secrets, big: the current decision, its face-down discs, the discs still in
    hand, known counters, the Informer's look and the Treasure Chest."""
    seat = view.get("seat")
    priv = view.get("private")
    if seat is None or priv is None:
        return None
    probe = ImageDraw.Draw(new_canvas(1, 1))
    body = font(19)
    bold = font(19, True)
    width = PRIVATE_W - 60
    blocks: list[tuple[str, list[str]]] = []
    if seat in view.get("to_move", []):
        decision = _awaiting(view).split(": ", 1)[-1]
        blocks.append(("Your move", _wrap(probe, decision[:1].upper() + decision[1:], bold, width)))
    discs = priv.get("my_discs") or {}
    if discs:
        blocks.append(
            (
                "Face down on the map",
                [f"{_disc(lab).capitalize()}: {d}" for lab, d in discs.items()],
            )
        )
    if priv.get("hand"):
        hand = ", ".join(_disc(h) for h in priv["hand"])
        blocks.append(("Still to place", _wrap(probe, hand, body, width)))
    if priv.get("selected"):
        blocks.append(("Picked", [f"{_disc(priv['selected'])}: choose its Destination"]))
    counters = priv.get("counters") or {}
    if counters:
        blocks.append(("Counters you know", [f"{d}: +{v}" for d, v in counters.items()]))
    for dest, seen in (priv.get("look") or {}).items():
        blocks.append((f"Seen at {dest}", _wrap(probe, ", ".join(seen), body, width)))
    if not blocks:
        blocks.append(("Secrets", ["No hidden discs or counters right now."]))
    height = 60 + sum(34 + 28 * len(lines) for _, lines in blocks) + 90
    image = new_canvas(PRIVATE_W, height)
    draw = ImageDraw.Draw(image)
    panel(
        draw,
        (8, 8, PRIVATE_W - 8, height - 8),
        f"{_name(view, seat)}: your secrets",
        seat_colour(seat),
    )
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

DETAIL_W = 1200


def _dest_words(view: dict, dest: dict) -> str:
    """A Destination in words for the detail image."""
    kinds = {"town": "Town", "fort": "Fort", "galleon": "Galleon", "port": "Port"}
    text = f"{dest['name']} ({kinds[dest['kind']]}, zone {dest['zone']}): {_needs(dest)}"
    if dest.get("symbol"):
        text += f", {dest['symbol'].title()} " + ("here" if dest.get("treasure") else "taken")
    if dest["kind"] != "port" and dest.get("successes"):
        text += f", {dest['successes']} won"
    discs = []
    for entry in dest["stack"]:
        label = seat_letter(entry["seat"])
        if entry.get("disc"):
            label += {"hind": "H", "ghost": "X"}.get(entry["disc"], entry["disc"])
            label += "✓" if entry.get("state") == "won" else ""
        discs.append(label)
    if discs:
        text += "; discs " + " ".join(discs)
    return text


def detail(view: dict) -> Image.Image:
    """What the phone board leaves out: the full Ship Log table with titles and discs, every
    Destination in words, the recent log, the supply and the Tavern table (``/board detail``;
    wide, for zooming)."""
    probe = ImageDraw.Draw(new_canvas(1, 1))
    body = font(18)
    small = font(16)
    half = (DETAIL_W - 60) / 2
    dests = [_fit(probe, _dest_words(view, d), small, half - 10) for d in view["map"]]
    dest_rows = (len(dests) + 1) // 2
    recent = view.get("recent", [])
    recent_lines = [ln for line in recent for ln in _wrap(probe, line, body, DETAIL_W - 60)]
    supply = view.get("supply") or {}
    text = "Supply left: " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in supply.items())
    tail = _wrap(probe, text, body, DETAIL_W - 60)
    table = view.get("tavern_table") or {}
    if table:
        rolls = ", ".join(f"{k}: {v} Crew" for k, v in table["crew"].items())
        tail += [f"Tavern table (die, 1st visitor +1): 1-2 Ghost Ship; {rolls}"]
    rows = view["players"]
    height = 120 + rows * 56 + 44 + dest_rows * 26 + 44 + 28 * len(recent_lines) + 20
    height += 28 * len(tail) + 20
    image = new_canvas(DETAIL_W, height)
    draw = ImageDraw.Draw(image)
    draw.text(
        (20, 14),
        f"Francis Drake · Voyage {view['voyage']}/3 · {PHASES.get(view['phase'], '')} · detail",
        font=font(26, True),
        fill=INK,
    )
    headers = [
        ("Player", 20),
        ("VP", 230),
        ("Ship", 290),
        ("Crew", 420),
        ("Guns", 490),
        ("Barrels", 560),
        ("TG", 650),
        ("Zone", 700),
        ("Commodities", 770),
        ("Conquests", 1000),
    ]
    y = 70
    for text, dx in headers:
        draw.text((dx, y), text, font=font(17, True), fill=MUTED)
    for seat, info in enumerate(view["player_info"]):
        cy = y + 46 + seat * 56
        seat_token(draw, (34, cy), seat, radius=14)
        draw.text((56, cy), _name(view, seat), font=font(18, True), fill=INK, anchor="lm")
        ship = ("Galleon" if info["ship"] == "galleon" else "Frigate") + (
            " +P" if info["pinnace"] else ""
        )
        goods = " ".join(f"{k[:3].title()}{v}" for k, v in info["commodities"].items() if v)
        cells = [
            (230, str(info["score"])),
            (290, ship),
            (420, str(info["crew"])),
            (490, str(info["guns"])),
            (560, str(info["supplies"])),
            (650, str(info["trade_goods"])),
            (700, str(info["nav"] or "-")),
            (770, goods or "-"),
            (1000, ", ".join(c.title() for c in info["conquests"]) or "-"),
        ]
        for dx, text in cells:
            draw.text((dx, cy), text, font=body, fill=INK, anchor="lm")
        holds = [t.title() for t in info["titles"]]
        holds += ["Golden Hind"] if info["hind"] else []
        holds += ["Ghost Ship"] if info["ghost"] else []
        holds += [
            f"street position {info['street_pos']}",
            f"{info['player_discs']} Player Discs",
            f"{info['missions_in_hand']} Mission Discs in hand",
            f"{info['missions_on_map']} on the map",
        ]
        holds += ["Investor tile"] if info["investor"] else []
        holds += ["home"] if info["returned"] else []
        draw.text((56, cy + 22), ", ".join(holds), font=small, fill=MUTED, anchor="lm")
    y = y + 30 + rows * 56 + 14
    draw.text((20, y), "Destinations", font=font(20, True), fill=INK)
    y += 34
    for i, line in enumerate(dests):
        column, row = divmod(i, dest_rows)
        draw.text((30 + column * half, y + row * 26), line, font=small, fill=INK)
    y += dest_rows * 26 + 14
    draw.text((20, y), "Recent", font=font(20, True), fill=INK)
    y += 34
    for line in recent_lines:
        draw.text((30, y), line, font=body, fill=INK)
        y += 28
    y += 14
    for line in tail:
        draw.text((20, y), line, font=body, fill=INK)
        y += 28
    return image
