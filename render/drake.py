"""Francis Drake renderer: Plymouth Street, the docks, the Caribbean map and the ship logs.

``board(view)`` draws the public view; ``private(view)`` draws one seat's own panel (Mission
Discs, known Spanish counters, Treasure Chest). Only what is in the view is drawn: face-down
Mission Discs are shown as blank discs in the owner's colour until the reveal.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import (
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
)

WIDTH = 1400
HEIGHT = 1200
STREET_BOX = (10, 70, 560, 660)
MAP_BOX = (570, 70, 1390, 660)
LOG_BOX = (10, 670, 1390, 1030)
RECENT_BOX = (10, 1040, 1390, 1192)
ZONE_COLOURS = {1: (120, 190, 120), 2: (230, 200, 90), 3: (230, 140, 80), 4: (200, 90, 90)}
KIND_COLOURS = {
    "town": (236, 226, 200),
    "fort": (200, 190, 175),
    "galleon": (170, 120, 80),
    "port": (190, 215, 235),
}
TREASURE_COLOURS = {"gold": (230, 180, 30), "silver": (190, 195, 205), "jewel": (200, 40, 120)}
LOC_LABELS = {
    "crew": "Crew",
    "guns": "Guns",
    "supplies": "Supplies",
    "trade_goods": "Trade Goods",
    "tavern": "Tavern",
    "shipyard": "Shipyard",
    "pinnace": "Pinnace",
    "drake": "Drake (x2)",
    "queen": "Queen",
    "admiral": "Admiral",
    "governor": "Governor",
    "informer": "Informer",
    "golden_hind": "Golden Hind",
}
PHASES = {
    "provision": "Provisioning",
    "arrange": "Prepare for Sailing",
    "missions": "Sail: place Mission Discs",
    "informer": "Informer",
    "resolve": "Resolve Missions",
    "over": "Game over",
}
COMM_SHORT = {"sugar": "Su", "coffee": "Co", "tobacco": "To", "indigo": "In"}


def _name(view: dict, seat: int) -> str:
    names = view.get("names")
    if names and seat < len(names) and names[seat]:
        name = str(names[seat])
        name = name if len(name) <= 14 else name[:13] + "…"
        return f"{name} ({seat_letter(seat)})"
    return f"Player {seat_letter(seat)}"


def _awaiting(view: dict) -> str:
    phase = view["phase"]
    waiting = view.get("to_move", [])
    who = ", ".join(_name(view, s) for s in waiting)
    if phase == "provision":
        return f"{who}: place a Player Disc or sail"
    if phase == "arrange":
        return f"{who}: place the hidden Spanish counters"
    if phase == "missions":
        return f"{who}: place a Mission Disc face down"
    if phase == "informer":
        return f"{who}: Informer ({view.get('informer_stage')})"
    if phase == "resolve":
        cur = view.get("current") or {}
        if cur.get("stage") == "return":
            return f"{who}: return to Plymouth or continue"
        dest = next((d["name"] for d in view["map"] if d["id"] == cur.get("dest")), "?")
        return f"{who}: mission {cur.get('disc')} at {dest}"
    return "Game over"


@lru_cache(maxsize=2)
def _background() -> Image.Image:
    image = new_canvas(WIDTH, HEIGHT)
    draw = ImageDraw.Draw(image)
    panel(draw, STREET_BOX, "Plymouth Street", (110, 80, 50))
    panel(draw, MAP_BOX, "The Caribbean", SEA)
    panel(draw, LOG_BOX, "Ship Logs", (70, 70, 110))
    panel(draw, RECENT_BOX, "Recent", MUTED)
    x0, y0, x1, y1 = MAP_BOX
    draw.rectangle((x0 + 8, y0 + 36, x1 - 8, y1 - 8), fill=(150, 195, 225))
    legend = "C = Crew, G = Guns, +? = hidden Spanish counter; filled dot = treasure present"
    draw.text((x1 - 12, y0 + 15), legend, font=font(12), fill=WHITE, anchor="rm")
    return image


def _street(draw: ImageDraw.ImageDraw, view: dict) -> None:
    x0, y0, _, _ = STREET_BOX
    cols, cw, ch = 3, 180, 76
    cells = [*view["street"], {"pos": 17, "kind": "investor"}, {"pos": 18, "kind": "dockside"}]
    for i, loc in enumerate(cells):
        cx = x0 + 8 + (i % cols) * cw
        cy = y0 + 38 + (i // cols) * ch
        box = (cx, cy, cx + cw - 6, cy + ch - 6)
        draw.rounded_rectangle(box, radius=6, fill=PAPER, outline=MUTED)
        label = LOC_LABELS.get(loc["kind"], loc["kind"].title())
        draw.text((cx + 6, cy + 4), f"{loc['pos']}", font=font(13, True), fill=MUTED)
        draw.text((cx + 30, cy + 4), label, font=font(15, True), fill=INK)
        if loc["kind"] == "investor":
            seats = view["investor"]
            draw.text((cx + 6, cy + 24), "-4 VP, once a game", font=font(12), fill=MUTED)
            for k, seat in enumerate(seats):
                seat_token(draw, (cx + 18 + k * 30, cy + 54), seat, radius=12)
            continue
        if loc["kind"] == "dockside":
            draw.text((cx + 6, cy + 24), "1 Crew/Gun/Supply", font=font(12), fill=MUTED)
            for k, seat in enumerate(view["dockside"]):
                seat_token(draw, (cx + 18 + k * 30, cy + 54), seat, radius=12)
            continue
        values = loc["values"]
        for k, occ in enumerate(loc["occ"]):
            centre = (cx + 20 + k * 40, cy + 50)
            if occ is None:
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
                    text = "+1"
                else:
                    text = ""
                centered_text(draw, centre, text, font(14, True), MUTED)
            else:
                seat_token(draw, centre, occ, radius=15)


def _docks(draw: ImageDraw.ImageDraw, view: dict) -> None:
    x0, _, _, y1 = STREET_BOX
    y = y1 - 84
    for title, seats, dy in (
        ("Homebound", view["homebound"], 0),
        ("Outbound", view["outbound"], 38),
    ):
        draw.text((x0 + 10, y + dy + 14), title, font=font(15, True), fill=INK, anchor="lm")
        for k in range(5):
            cx = x0 + 130 + k * 44
            draw.rectangle((cx - 18, y + dy, cx + 18, y + dy + 28), outline=MUTED, fill=WHITE)
            draw.text((cx - 16, y + dy + 1), str(k + 1), font=font(9), fill=MUTED)
            if k < len(seats):
                seat_token(draw, (cx, y + dy + 14), seats[k], radius=12)
    order = view.get("sailing_order") or []
    if order:
        text = "Sailing: " + " ".join(seat_letter(s) for s in order)
        draw.text((x0 + 375, y + 14), text, font=font(15, True), fill=INK, anchor="lm")


def _map(draw: ImageDraw.ImageDraw, view: dict) -> None:
    x0, y0, x1, y1 = MAP_BOX
    left, top = x0 + 77, y0 + 92
    width, height = (x1 - x0) - 154, (y1 - y0) - 136
    cur = view.get("current") or {}
    # Zone bands: each zone's column range, from the Destinations' positions.
    spans: dict[int, list[float]] = {}
    for dest in view["map"]:
        spans.setdefault(dest["zone"], []).append(dest["x"])
    for zone, xs in spans.items():
        bx0 = max(x0 + 10, left + min(xs) * width - 70)
        bx1 = min(x1 - 10, left + max(xs) * width + 70)
        colour = tuple(int(c * 0.35 + 255 * 0.65) for c in ZONE_COLOURS[zone])
        draw.rectangle((bx0, y0 + 38, bx1, y1 - 10), fill=colour)
        centered_text(draw, ((bx0 + bx1) / 2, y0 + 50), f"Zone {zone}", font(14, True), MUTED)
    for dest in view["map"]:
        cx = left + dest["x"] * width
        cy = top + dest["y"] * height
        box = (cx - 64, cy - 34, cx + 64, cy + 34)
        outline = ZONE_COLOURS[dest["zone"]]
        if cur.get("dest") == dest["id"]:
            draw.rounded_rectangle(
                (box[0] - 5, box[1] - 5, box[2] + 5, box[3] + 5), radius=9, fill=(255, 215, 0)
            )
        draw.rounded_rectangle(
            box, radius=7, fill=KIND_COLOURS[dest["kind"]], outline=outline, width=4
        )
        draw.text((box[0] + 6, box[1] + 3), dest["name"], font=font(12, True), fill=INK)
        kind = dest["kind"]
        if kind == "port":
            goods = " ".join(COMM_SHORT[g] for g in dest.get("goods", [])) or "-"
            line = f"trade: {goods}"
        else:
            need = []
            if kind in ("town", "fort"):
                troops = dest.get("printed_troops", 0)
                need.append(f"{troops}C")
            guns = dest.get("printed_guns", 0)
            if guns:
                need.append(f"{guns}G")
            if kind in ("fort", "galleon"):
                state = dest.get("counter_state")
                if state == "shown":
                    need.append(f"+{dest.get('counter_value')}")
                elif state == "hidden":
                    need.append("+?")
            line = f"{dest.get('vp', 0)}VP {' '.join(need)}"
        draw.text((box[0] + 6, box[1] + 19), line, font=font(12), fill=INK)
        if dest.get("treasure"):
            colour = TREASURE_COLOURS[dest["treasure"]]
            draw.ellipse(
                (box[2] - 20, box[1] + 4, box[2] - 6, box[1] + 18), fill=colour, outline=INK
            )
        elif dest.get("symbol"):
            colour = TREASURE_COLOURS[dest["symbol"]]
            draw.ellipse(
                (box[2] - 20, box[1] + 4, box[2] - 6, box[1] + 18), outline=colour, width=2
            )
        for k, entry in enumerate(dest["stack"][:6]):
            sx = box[0] + 13 + k * 21
            sy = box[3] - 13
            colour = seat_colour(entry["seat"])
            r = 9
            fill = colour
            draw.ellipse((sx - r, sy - r, sx + r, sy + r), fill=fill, outline=INK)
            disc = entry.get("disc")
            if disc is None:
                label = ""
            elif entry.get("state") == "won":
                label = "✓"
            else:
                label = {"hind": "H", "ghost": "X"}.get(disc, disc)
            if label:
                centered_text(draw, (sx, sy), label, font(11, True), contrast_ink(colour))


def _logs(draw: ImageDraw.ImageDraw, view: dict) -> None:
    x0, y0, x1, _ = LOG_BOX
    headers = [
        ("Player", 10),
        ("VP", 250),
        ("Ship", 300),
        ("Crew", 400),
        ("Guns", 460),
        ("Sup", 520),
        ("TG", 575),
        ("Zone", 620),
        ("Commodities", 680),
        ("Conquests", 860),
        ("Holds / status", 1020),
    ]
    hy = y0 + 40
    for text, dx in headers:
        draw.text((x0 + dx, hy), text, font=font(14, True), fill=MUTED)
    waiting = set(view.get("to_move", []))
    for seat, info in enumerate(view["player_info"]):
        y = hy + 26 + seat * 52
        if seat in waiting:
            draw.rounded_rectangle((x0 + 4, y - 4, x1 - 4, y + 44), radius=6, fill=(255, 240, 170))
        seat_token(draw, (x0 + 24, y + 18), seat, radius=15)
        draw.text((x0 + 46, y + 18), _name(view, seat), font=font(16, True), fill=INK, anchor="lm")
        draw.text(
            (x0 + 250, y + 18), str(info["score"]), font=font(20, True), fill=INK, anchor="lm"
        )
        ship = "Galleon" if info["ship"] == "galleon" else "Frigate"
        if info["pinnace"]:
            ship += "+P"
        cells = [
            (300, ship),
            (400, str(info["crew"])),
            (460, str(info["guns"])),
            (520, str(info["supplies"])),
            (575, str(info["trade_goods"])),
            (620, str(info["nav"]) if info["nav"] else "-"),
        ]
        comm = " ".join(f"{COMM_SHORT[k]}{v}" for k, v in info["commodities"].items() if v)
        cells.append((680, comm or "-"))
        cells.append((860, ", ".join(c.title() for c in info["conquests"]) or "-"))
        holds = [t.title() for t in info["titles"]]
        if info["hind"]:
            holds.append("Golden Hind")
        if info["ghost"]:
            holds.append("Ghost Ship")
        if info["investor"]:
            holds.append("Investor tile")
        for dx, text in cells:
            draw.text((x0 + dx, y + 18), text, font=font(16), fill=INK, anchor="lm")
        status = f"Player Discs {info['player_discs']}"
        if view["phase"] == "missions" and info["missions_in_hand"]:
            status += f"  Missions to place {info['missions_in_hand']}"
        if info["missions_on_map"]:
            status += f"  on map {info['missions_on_map']}"
        if info["returned"]:
            status += "  home"
        draw.text((x0 + 1020, y + 8), ", ".join(holds) or "-", font=font(13), fill=INK, anchor="lm")
        draw.text((x0 + 1020, y + 28), status, font=font(12), fill=MUTED, anchor="lm")


def _final(draw: ImageDraw.ImageDraw, view: dict) -> None:
    final = view.get("final")
    if not final:
        return
    x0, y0, x1, _ = MAP_BOX
    box = (x0 + 120, y0 + 120, x1 - 120, y0 + 150 + 44 * len(final))
    panel(draw, box, "Final scoring", (150, 110, 20))
    for seat, f in enumerate(final):
        y = box[1] + 50 + seat * 40
        seat_token(draw, (box[0] + 24, y), seat)
        text = (
            f"{_name(view, seat)}: voyages {f['voyages']} + commodities {f['commodities']} "
            f"+ treasure {f['treasure']} = {f['total']}"
        )
        draw.text((box[0] + 46, y), text, font=font(16, True), fill=INK, anchor="lm")


def board(view: dict) -> Image.Image:
    image = _background().copy()
    draw = ImageDraw.Draw(image)
    title = f"Francis Drake  -  Voyage {view['voyage']}/3  -  {PHASES.get(view['phase'], '')}"
    draw.text((14, 8), title, font=font(26, True), fill=INK)
    draw.text((14, 42), _awaiting(view), font=font(20, True), fill=(150, 40, 20))
    roll = view.get("last_roll")
    if roll and view["phase"] == "provision":
        text = f"Tavern: {seat_letter(roll['seat'])} rolled {roll['roll']} (total {roll['total']})"
        draw.text((WIDTH - 14, 20), text, font=font(15), fill=INK, anchor="rm")
    _street(draw, view)
    _docks(draw, view)
    _map(draw, view)
    _logs(draw, view)
    _final(draw, view)
    x0, y0, _, _ = RECENT_BOX
    for i, line in enumerate(view.get("recent", [])[-5:]):
        draw.text((x0 + 12, y0 + 36 + i * 22), line[:150], font=font(14), fill=INK)
    return image


def private(view: dict) -> Image.Image | None:
    seat = view.get("seat")
    priv = view.get("private")
    if seat is None or priv is None:
        return None
    image = new_canvas(800, 420)
    draw = ImageDraw.Draw(image)
    panel(draw, (10, 10, 790, 410), f"{_name(view, seat)}: your secrets", seat_colour(seat))
    y = 56
    lines = []
    discs = priv.get("my_discs", {})
    if discs:
        lines.append(
            "Face-down discs: " + ", ".join(f"{lab} at {dest}" for lab, dest in discs.items())
        )
    if priv.get("hand"):
        lines.append("Discs to place: " + ", ".join(priv["hand"]))
    if priv.get("selected"):
        lines.append(f"Disc picked: {priv['selected']} (now choose a Destination)")
    counters = priv.get("counters", {})
    if counters:
        lines.append(
            "Spanish counters you know: " + ", ".join(f"{d} +{v}" for d, v in counters.items())
        )
    for dest, seen in priv.get("look", {}).items():
        lines.append(f"Informer look at {dest}: " + ", ".join(seen))
    if not lines:
        lines.append("No hidden discs or counters right now.")
    for line in lines:
        draw.text((30, y), line[:80], font=font(18), fill=INK)
        y += 34
    chest = priv.get("chest", {})
    draw.text((30, 330), "Treasure Chest", font=font(20, True), fill=INK)
    for k, (metal, label) in enumerate(
        (("gold", "Gold"), ("silver", "Silver"), ("jewel", "Jewels"))
    ):
        cx = 60 + k * 200
        colour = TREASURE_COLOURS[metal]
        draw.ellipse((cx - 14, 366, cx + 14, 394), fill=colour, outline=INK)
        draw.text(
            (cx + 24, 380),
            f"{label}: {chest.get(metal, 0)}",
            font=font(18, True),
            fill=INK,
            anchor="lm",
        )
    return image
