"""Amerigo images for a phone: the board, a seat's private sheet, and a detail page.

Receives views only (``engines.amerigo`` ``view``); never reads a state.

Designed for Discord's 550 px inline width (design.md 6): the board and the private image are
1000 px wide, so text is drawn at 15 px or more (8.25 px once shown 550 wide); only the letters
on small seat discs are 14 px (7.7 px shown), so over 99% of the characters are readable and
nothing is below 6 px (tests/amerigo/test_legibility.py measures it).

What moved where, compared with the old 1500 px board:

- Board (``board``): a header with round, phase, who moves and the AP, drawn large; the
  archipelago at full width with bigger cells (commodity letters, trading-post letters, ships
  with their label in the hull below the sail, the chest as a corner icon that never hides a
  cell); a legend of the cell colours and commodity letters; the storage board as numbered colour
  chips (white cubes have a dark border and a W, so they never look like empty slots); pirates
  and time marker; the progress and production offers; the special-action track; one row per
  player (VP, gold, cannons, progress, posts, chests, goods x production, tokens, tiles ready);
  a "Now" panel with what the current decision needs (landscape supply while planning, the
  ships' AP while sailing, the tile being placed while building).
- Game over: the header and the standings table rank by VP then the tie-break (further ahead in
  player order), with one column per scoring category under headers that never overlap.
- Moved to ``detail`` (posted by ``/board detail``): the 0-49 VP track with laps, each player's
  progress tokens with what they do, the landscape supply with shapes and VP, each player's
  village tiles left, the progress-track and order-track VP spaces.
- Private (``private``): the seat's own row, and every legal move with its description.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import (
    BACKGROUND,
    INK,
    MUTED,
    PAPER,
    SEA,
    SEA_LIGHT,
    WHITE,
    centered_text,
    contrast_ink,
    font,
    panel,
    seat_colour,
    seat_letter,
    seat_token,
    static_layer,
)

WIDTH = 1000
DETAIL_WIDTH = 1100
MARGIN = 12
COLOURS = ("blue", "black", "red", "brown", "green", "yellow", "white")
CUBE = {
    "blue": (40, 90, 200),
    "black": (30, 30, 30),
    "red": (200, 40, 40),
    "brown": (130, 80, 40),
    "green": (40, 150, 60),
    "yellow": (235, 200, 40),
    "white": (236, 236, 236),
}
GOODS = ("cotton", "tobacco", "sugar", "coconuts", "coffee")
GOOD_COLOUR = {
    "c": (250, 250, 250),
    "t": (170, 120, 60),
    "s": (220, 220, 150),
    "k": (110, 70, 40),
    "f": (60, 35, 20),
}
GOOD_LETTER = {"cotton": "c", "tobacco": "t", "sugar": "s", "coconuts": "k", "coffee": "f"}
LAND = (196, 178, 120)
LAND_DARK = (150, 130, 80)
POSTSPACE = (232, 218, 170)
LANDSCAPE = (110, 150, 80)
CHEST = (214, 160, 30)
ALERT = (170, 0, 0)
LETTERS = "abcdefghijklmnopqrstuvwxyz"
LABEL = 24  # coordinate band
RIM = 30  # frame band
BODY = 16
SMALL = 15
DETAIL = 17


def _names(view: dict) -> list[str]:
    names = view.get("names")
    n = view["players"]
    if names and len(names) >= n:
        return [str(x)[:18] for x in names[:n]]
    return [f"Player {seat_letter(i)}" for i in range(n)]


def _cell_xy(name: str) -> tuple[int, int]:
    return int(name[1:]) - 1, LETTERS.index(name[0])


def _lighter(colour: tuple[int, int, int], k: float = 0.45) -> tuple[int, int, int]:
    return tuple(int(c + (255 - c) * k) for c in colour)  # type: ignore[return-value]


def _cell_size(grid: tuple[str, ...], width: int = WIDTH) -> int:
    h, w = len(grid), len(grid[0])
    room = width - 2 * MARGIN - 2 * (LABEL + RIM)
    return min(56, room // max(w, 1), 900 // max(h, 1))


def _ranked(view: dict) -> list[dict]:
    """Players best first: VP, then further ahead in player order (rules 6.3 tie-break)."""
    order = view["order"]
    return sorted(view["player_state"], key=lambda p: (-p["vp"], order.index(p["seat"])))


# --------------------------------------------------------------------------------------- map


@static_layer
def _island_layer(grid: tuple[str, ...], trows: int, tcols: int) -> Image.Image:
    """The static archipelago: sea, land, anchors, post spaces, commodity spaces, coordinates."""
    cell = _cell_size(grid)
    h, w = len(grid), len(grid[0])
    size = h // trows
    pad = LABEL + RIM
    img = Image.new("RGB", (w * cell + 2 * pad, h * cell + 2 * pad), BACKGROUND)
    d = ImageDraw.Draw(img)
    x0 = y0 = pad
    d.rectangle(
        (x0 - RIM, y0 - RIM, x0 + w * cell + RIM, y0 + h * cell + RIM), fill=SEA_LIGHT, outline=INK
    )
    for r in range(h):
        for c in range(w):
            ch = grid[r][c]
            box = (x0 + c * cell, y0 + r * cell, x0 + (c + 1) * cell, y0 + (r + 1) * cell)
            cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            if ch in ".a":
                d.rectangle(box, fill=SEA, outline=(80, 145, 195))
                if ch == "a":
                    _anchor(d, cx, cy, cell * 0.22)
                continue
            fill = POSTSPACE if ch == "P" else LAND
            d.rectangle(box, fill=fill, outline=LAND_DARK)
            if ch == "P":
                m = cell * 0.14
                d.rectangle((box[0] + m, box[1] + m, box[2] - m, box[3] - m), outline=INK, width=2)
            elif ch in GOOD_COLOUR:
                rad = cell * 0.32
                colour = GOOD_COLOUR[ch]
                d.ellipse((cx - rad, cy - rad, cx + rad, cy + rad), fill=colour, outline=INK)
                centered_text(
                    d, (cx, cy), ch, font(max(15, int(cell * 0.42)), True), contrast_ink(colour)
                )
    for tr in range(trows + 1):
        y = y0 + tr * size * cell
        d.line((x0, y, x0 + w * cell, y), fill=(20, 50, 80), width=2)
    for tc in range(tcols + 1):
        x = x0 + tc * size * cell
        d.line((x, y0, x, y0 + h * cell), fill=(20, 50, 80), width=2)
    f = font(SMALL, True)
    for c in range(w):
        cx = x0 + c * cell + cell / 2
        centered_text(d, (cx, LABEL / 2), LETTERS[c], f)
        centered_text(d, (cx, y0 + h * cell + RIM + LABEL / 2), LETTERS[c], f)
    for r in range(h):
        cy = y0 + r * cell + cell / 2
        centered_text(d, (LABEL / 2, cy), str(r + 1), f)
        centered_text(d, (x0 + w * cell + RIM + LABEL / 2, cy), str(r + 1), f)
    return img


def _anchor(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    d.ellipse((cx - r * 0.45, cy - r, cx + r * 0.45, cy - r * 0.1), outline=WHITE, width=2)
    d.line((cx, cy - r * 0.1, cx, cy + r), fill=WHITE, width=2)
    d.arc((cx - r, cy - r * 0.2, cx + r, cy + r * 1.1), 20, 160, fill=WHITE, width=2)


def _chest(d: ImageDraw.ImageDraw, box: tuple, cell: int) -> None:
    """A small chest in the top-right corner of a cell, leaving its middle visible."""
    s = max(10, cell * 0.34)
    x1, y0 = box[2] - 2, box[1] + 2
    body = (x1 - s, y0 + s * 0.3, x1, y0 + s)
    d.rectangle(body, fill=CHEST, outline=INK, width=1)
    d.rectangle((x1 - s, y0, x1, y0 + s * 0.35), fill=(170, 120, 20), outline=INK, width=1)


def _ship(d: ImageDraw.ImageDraw, cx: float, cy: float, cell: int, seat: int, label: str) -> None:
    """A hull in the seat colour with its label inside; the sail stands above the hull, small
    and to the side, so it never covers the label."""
    colour = seat_colour(seat)
    hw, hh = cell * 0.48, cell * 0.44
    top = cy - hh * 0.35
    hull = [(cx - hw, top), (cx + hw, top), (cx + hw * 0.75, top + hh), (cx - hw * 0.75, top + hh)]
    mast = cx + hw * 0.6
    d.line((mast, top, mast, top - cell * 0.3), fill=INK, width=2)
    d.polygon(
        [(mast, top - cell * 0.3), (mast, top - 3), (mast + cell * 0.22, top - 3)],
        fill=WHITE,
        outline=INK,
    )
    d.polygon(hull, fill=colour, outline=WHITE)
    d.line([*hull, hull[0]], fill=INK, width=1)
    centered_text(d, (cx - hw * 0.1, top + hh / 2), label, font(SMALL, True), contrast_ink(colour))


def _map(img: Image.Image, view: dict, ox: int, oy: int) -> int:
    """Draw the archipelago with pieces at (ox, oy); returns its bottom."""
    grid = tuple(view["grid"])
    trows, tcols = view["trows"], view["tcols"]
    layer = _island_layer(grid, trows, tcols)
    img.paste(layer, (ox, oy))
    cell = _cell_size(grid)
    h, w = len(grid), len(grid[0])
    size = h // trows
    x0, y0 = ox + LABEL + RIM, oy + LABEL + RIM
    d = ImageDraw.Draw(img)

    def box_of(name: str) -> tuple[float, float, float, float]:
        r, c = _cell_xy(name)
        return (x0 + c * cell, y0 + r * cell, x0 + (c + 1) * cell, y0 + (r + 1) * cell)

    rim_boxes: dict[str, tuple] = {}
    for rim in view["rims"]:
        tr, tc = rim["tile"]
        side = rim["side"]
        span_x = (x0 + tc * size * cell, x0 + (tc + 1) * size * cell)
        span_y = (y0 + tr * size * cell, y0 + (tr + 1) * size * cell)
        if side == "top":
            bx = (span_x[0], y0 - RIM, span_x[1], y0)
        elif side == "bottom":
            bx = (span_x[0], y0 + h * cell, span_x[1], y0 + h * cell + RIM)
        elif side == "left":
            bx = (x0 - RIM, span_y[0], x0, span_y[1])
        else:
            bx = (x0 + w * cell, span_y[0], x0 + w * cell + RIM, span_y[1])
        rim_boxes[rim["name"]] = bx
        d.rectangle(bx, outline=(20, 50, 80), width=2)
        horizontal = bx[2] - bx[0] > bx[3] - bx[1]
        lx = bx[0] + 22 if horizontal else (bx[0] + bx[2]) / 2
        ly = (bx[1] + bx[3]) / 2 if horizontal else bx[1] + 16
        centered_text(d, (lx, ly), rim["name"].replace("rim", "r"), font(SMALL, True), INK)
    for _sid, owner, _builder, cells in view["placed"]:
        fill = LANDSCAPE if owner == -1 else _lighter(seat_colour(owner), 0.15)
        cellset = set(cells)
        for name in cells:
            bx = box_of(name)
            d.rectangle(bx, fill=fill)
            r, c = _cell_xy(name)
            for (rr, cc), line in (
                ((r - 1, c), (bx[0], bx[1], bx[2], bx[1])),
                ((r + 1, c), (bx[0], bx[3], bx[2], bx[3])),
                ((r, c - 1), (bx[0], bx[1], bx[0], bx[3])),
                ((r, c + 1), (bx[2], bx[1], bx[2], bx[3])),
            ):
                inside = 0 <= cc < 26 and rr >= 0 and f"{LETTERS[cc]}{rr + 1}" in cellset
                if not inside:
                    d.line(line, fill=INK, width=2)
        if owner != -1:
            bx = box_of(cells[0])
            centered_text(
                d,
                ((bx[0] + bx[2]) / 2, (bx[1] + bx[3]) / 2),
                seat_letter(owner),
                font(max(15, int(cell * 0.4)), True),
                contrast_ink(fill),
            )
    for name, seat in view["posts"].items():
        bx = box_of(name)
        m = cell * 0.1
        d.rectangle(
            (bx[0] + m, bx[1] + m, bx[2] - m, bx[3] - m),
            fill=seat_colour(seat),
            outline=INK,
            width=2,
        )
        centered_text(
            d,
            ((bx[0] + bx[2]) / 2, (bx[1] + bx[3]) / 2),
            seat_letter(seat),
            font(max(15, int(cell * 0.5)), True),
            contrast_ink(seat_colour(seat)),
        )
    covered = {c for *_x, cells in view["placed"] for c in cells} | set(view["posts"])
    for isl in view["islands"]:
        cells = isl["cells"]
        if isl["chest"]:
            plain = [c for c in cells if grid[_cell_xy(c)[0]][_cell_xy(c)[1]] == "#"]
            free = [c for c in plain if c not in covered] or plain or cells
            _chest(d, box_of(free[len(free) // 2]), cell)
        if isl["completed"]:
            bx = box_of(cells[0])
            d.ellipse((bx[0] + 2, bx[1] + 2, bx[0] + 22, bx[1] + 22), fill=(0, 110, 0))
            centered_text(d, (bx[0] + 12, bx[1] + 12), "✓", font(SMALL, True), WHITE)
    rim_total: dict[str, int] = {}
    for p in view["player_state"]:
        for node in p["ships"]:
            if node and node.startswith("rim"):
                rim_total[node] = rim_total.get(node, 0) + 1
    rim_count: dict[str, int] = {}
    for p in view["player_state"]:
        for i, node in enumerate(p["ships"]):
            if node is None:
                continue
            label = f"{seat_letter(p['seat'])}{i + 1}"
            if node.startswith("rim"):
                bx = rim_boxes[node]
                k = rim_count.get(node, 0)
                rim_count[node] = k + 1
                # Spread the ships after the frame label, within the frame space.
                if bx[2] - bx[0] > bx[3] - bx[1]:
                    step = min(46.0, (bx[2] - bx[0] - 66) / rim_total[node])
                    cx, cy = bx[0] + 44 + step * (k + 0.5), (bx[1] + bx[3]) / 2 + 3
                else:
                    step = min(40.0, (bx[3] - bx[1] - 40) / rim_total[node])
                    cx, cy = (bx[0] + bx[2]) / 2, bx[1] + 34 + step * (k + 0.5)
                _ship(d, cx, cy, 42, p["seat"], label)
            else:
                bx = box_of(node)
                _ship(
                    d, (bx[0] + bx[2]) / 2, (bx[1] + bx[3]) / 2 + 2, max(cell, 40), p["seat"], label
                )
    return oy + layer.height


def _legend(d: ImageDraw.ImageDraw, x: int, y: int, width: int) -> int:
    """Cell colours, commodity letters and icons, in two rows."""
    panel(d, (x, y, x + width, y + 92), None)
    f = font(SMALL)
    cx = x + 14
    for good in GOODS:
        ch = GOOD_LETTER[good]
        d.ellipse((cx, y + 10, cx + 24, y + 34), fill=GOOD_COLOUR[ch], outline=INK)
        centered_text(d, (cx + 12, y + 22), ch, font(SMALL, True), contrast_ink(GOOD_COLOUR[ch]))
        d.text((cx + 30, y + 22), good, font=f, fill=INK, anchor="lm")
        cx += 40 + int(d.textlength(good, font=f)) + 22
    cy = y + 62
    cx = x + 14
    items = [
        ("post", "trading-post space"),
        ("anchor", "anchor"),
        ("chest", "chest: big island"),
        ("land", "landscape tile"),
        ("village", "village (letter)"),
    ]
    for kind, text in items:
        box = (cx, cy - 12, cx + 24, cy + 12)
        if kind == "post":
            d.rectangle(box, fill=POSTSPACE, outline=INK, width=2)
        elif kind == "anchor":
            d.rectangle(box, fill=SEA)
            _anchor(d, cx + 12, cy, 9)
        elif kind == "chest":
            _chest(d, (cx - 6, cy - 14, cx + 24, cy + 16), 44)
        elif kind == "land":
            d.rectangle(box, fill=LANDSCAPE, outline=INK, width=2)
        else:
            d.rectangle(box, fill=_lighter(seat_colour(0), 0.15), outline=INK, width=2)
        d.text((cx + 30, cy), text, font=f, fill=INK, anchor="lm")
        cx += 40 + int(d.textlength(text, font=f)) + 14
    return y + 100


# ----------------------------------------------------------------------------- storage board


def _chip(d: ImageDraw.ImageDraw, box: tuple, colour: str, text: str) -> None:
    """A cube-coloured chip with a number; white chips carry a dark border, never mistaken for
    an empty slot."""
    fill = CUBE[colour]
    d.rounded_rectangle(box, radius=5, fill=fill, outline=INK, width=2)
    centered_text(
        d, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), text, font(17, True), contrast_ink(fill)
    )


def _header(d: ImageDraw.ImageDraw, view: dict, names: list[str], width: int) -> int:
    if view["over"]:
        ranked = _ranked(view)
        text = "Game over: " + ", ".join(
            f"{i + 1}. {seat_letter(p['seat'])} {p['vp']}" for i, p in enumerate(ranked)
        )
        d.text((MARGIN, 30), text, font=font(26, True), fill=INK, anchor="lm")
        return 62
    colour = view["colour"]
    _chip(d, (MARGIN, 10, MARGIN + 40, 50), colour, colour[0].upper())
    text = f"Round {view['round']}/5 · {colour.capitalize()} phase"
    turn = view["turn"]
    d.text((MARGIN + 52, 30), text, font=font(26, True), fill=INK, anchor="lm")
    if turn:
        seat = turn["current"]
        who = f"{names[seat]} to move · {turn['ap']} AP"
        seat_token(d, (width - MARGIN - 22, 30), seat, radius=20)
        d.text((width - MARGIN - 50, 30), who, font=font(24, True), fill=ALERT, anchor="rm")
    return 62


def _storage(d: ImageDraw.ImageDraw, view: dict, x: int, y: int, width: int) -> int:
    panel(d, (x, y, x + width, y + 236), "Cubes: storage, action space, tower")
    f = font(BODY, True)
    rows = [
        ("Storage", view["storage"], True),
        ("Action space", view["space"], False),
        ("In tower", view["tower"], False),
    ]
    yy = y + 42
    for title, counts, every in rows:
        d.text((x + 12, yy + 16), title, font=f, fill=INK, anchor="lm")
        cx = x + 150
        for colour in COLOURS:
            n = counts.get(colour, 0)
            if not n and not every:
                continue
            box = (cx, yy, cx + 62, yy + 32)
            _chip(d, box, colour, f"{colour[0].upper()}{n}" if colour == "white" else str(n))
            if every and colour == view["colour"] and not view["over"]:
                d.rounded_rectangle(
                    (box[0] - 4, box[1] - 4, box[2] + 4, box[3] + 4),
                    radius=6,
                    outline=ALERT,
                    width=3,
                )
            cx += 72
        if not every and not any(counts.values()):
            d.text((cx, yy + 16), "none", font=font(BODY), fill=MUTED, anchor="lm")
        yy += 44
    turn = view["turn"]
    if turn:
        text = (
            f"{turn['ap']} AP this phase · {turn['cubes']} cubes out · "
            f"gold instead: {turn['gold_value']}"
        )
        d.text((x + 12, yy + 12), text, font=font(19, True), fill=ALERT, anchor="lm")
    yy += 32
    hidden = sum(1 for v in view["pirates"] if v is None)
    shown = " + ".join(str(v) for v in view["pirates"] if v is not None) or "0"
    text = (
        f"Pirates: {shown} = strength {view['pirate_strength']} ({hidden} face down) · "
        f"time marker {view['time_value']}"
    )
    d.text((x + 12, yy + 12), text, font=font(BODY, True), fill=INK, anchor="lm")
    return y + 244


def _offers(d: ImageDraw.ImageDraw, view: dict, x: int, y: int, width: int) -> int:
    """The progress tokens (two halves) and the production tokens on offer."""
    area = view["progress_area"]
    prod = view["production_area"]
    prod_rows = (len(prod) + 4) // 5
    height = 40 + 2 * 38 + 30 + prod_rows * 38 + 8
    panel(d, (x, y, x + width, y + height), "On offer: progress tokens, production tokens")
    half = len(area) // 2
    slot = (width - 24) // max(half, 1)
    yy = y + 40
    for row, part in enumerate((area[:half], area[half:])):
        for i, tok in enumerate(part):
            bx = (x + 12 + i * slot, yy, x + 12 + (i + 1) * slot - 8, yy + 32)
            _offer_box(d, bx, tok or "")
        yy += 38
        del row
    d.text(
        (x + 12, yy + 12),
        "Production (good, cost in AP):",
        font=font(BODY, True),
        fill=INK,
        anchor="lm",
    )
    yy += 28
    slot = (width - 24) // 5
    for i, item in enumerate(prod):
        r, c = divmod(i, 5)
        bx = (x + 12 + c * slot, yy + r * 38, x + 12 + (c + 1) * slot - 8, yy + r * 38 + 32)
        _offer_box(d, bx, f"{item[0]} {item[1]}" if item else "")
    return y + height + 8


def _offer_box(d: ImageDraw.ImageDraw, bx: tuple, text: str) -> None:
    if text:
        d.rounded_rectangle(bx, radius=5, fill=WHITE, outline=INK, width=2)
        size = SMALL + 1
        while size > SMALL and d.textlength(text, font=font(size, True)) > bx[2] - bx[0] - 6:
            size -= 1
        centered_text(d, ((bx[0] + bx[2]) / 2, (bx[1] + bx[3]) / 2), text, font(size, True))
    else:
        d.rounded_rectangle(bx, radius=5, outline=MUTED, width=1)


def _special_track(d: ImageDraw.ImageDraw, view: dict, x: int, y: int, width: int) -> int:
    panel(d, (x, y, x + width, y + 120), "Special-action track = player order (VP in corner)")
    colours = view["special_track"]["colours"]
    vp = view["special_track"]["vp"]
    cw = (width - 24) // len(colours)
    stacks: dict[int, list[int]] = {}
    for seat in reversed(view["order"]):  # bottom of each stack first
        stacks.setdefault(view["player_state"][seat]["order_pos"], []).append(seat)
    for i, colour in enumerate(colours):
        bx = (x + 12 + i * cw, y + 40, x + 12 + (i + 1) * cw - 4, y + 110)
        d.rectangle(bx, fill=CUBE[colour], outline=INK, width=2)
        if str(i) in vp:
            d.text(
                (bx[0] + 4, bx[1] + 2),
                str(vp[str(i)]),
                font=font(SMALL, True),
                fill=contrast_ink(CUBE[colour]),
            )
        for k, seat in enumerate(stacks.get(i, [])):
            seat_token(d, ((bx[0] + bx[2]) / 2 + 4, bx[3] - 14 - k * 12), seat, radius=12)
    order = " > ".join(seat_letter(s) for s in view["order"])
    d.text(
        (x + width - 12, y + 15),
        f"order {order}",
        font=font(SMALL, True),
        fill=contrast_ink(MUTED),
        anchor="rm",
    )
    return y + 128


# ----------------------------------------------------------------------------- players


def _fit_text(
    d: ImageDraw.ImageDraw,
    xy: tuple,
    text: str,
    width: float,
    size: int = SMALL,
    bold: bool = False,
    fill=INK,
) -> None:
    """Draw ``text`` at ``size``; cut at a word boundary with an ellipsis if too long."""
    fnt = font(size, bold)
    if d.textlength(text, font=fnt) > width:
        words = text.split(" ")
        while words and d.textlength(" ".join(words) + " …", font=fnt) > width:
            words.pop()
        text = " ".join(words) + " …"
    d.text(xy, text, font=fnt, fill=fill)


def _player_row(d: ImageDraw.ImageDraw, view: dict, p: dict, box: tuple, name: str) -> None:
    seat = p["seat"]
    x0, y0, x1, _y1 = box
    turn = view["turn"]
    mover = turn is not None and turn["current"] == seat and not view["over"]
    panel(
        d,
        box,
        None,
        accent=ALERT if mover else seat_colour(seat),
        fill=_lighter(seat_colour(seat), 0.82),
    )
    seat_token(d, (x0 + 24, y0 + 24), seat, radius=16)
    title = f"{name} · {p['vp']} VP" + ("   ◀ to move" if mover else "")
    d.text((x0 + 48, y0 + 24), title, font=font(20, True), fill=INK, anchor="lm")
    stats = (
        f"gold {p['gold']}/12 · cannons {p['cannons']}/12 · progress {p['progress']}/"
        f"{view['progress_track']['last']} · posts left {p['posts_left']} · "
        f"chests {p['chests']} · order {p['order_pos']}"
    )
    _fit_text(d, (x0 + 12, y0 + 46), stats, x1 - x0 - 24, BODY)
    cx = x0 + 12
    d.text((cx, y0 + 84), "goods × production:", font=font(SMALL), fill=INK, anchor="lm")
    cx += 160
    for good in GOODS:
        ch = GOOD_LETTER[good]
        d.ellipse((cx, y0 + 72, cx + 24, y0 + 96), fill=GOOD_COLOUR[ch], outline=INK)
        centered_text(d, (cx + 12, y0 + 84), ch, font(SMALL, True), contrast_ink(GOOD_COLOUR[ch]))
        d.text(
            (cx + 28, y0 + 84),
            f"{p['goods'][good]}×{p['production'][good]}",
            font=font(BODY, True),
            fill=INK,
            anchor="lm",
        )
        cx += 80
    toks = ", ".join(t + (" (used)" if u else "") for t, u in p["tokens"]) or "none"
    sup = ", ".join(f"{k}×{v}" if v > 1 else k for k, v in sorted(p["supply"].items())) or "none"
    _fit_text(d, (x0 + 12, y0 + 102), f"tokens: {toks}", x1 - x0 - 24)
    _fit_text(d, (x0 + 12, y0 + 124), f"tiles to build: {sup}", x1 - x0 - 24)


ROW_H = 150


def _standings(
    d: ImageDraw.ImageDraw, view: dict, names: list[str], x: int, y: int, width: int
) -> int:
    """Final standings: rank by VP then tie-break, one column per category."""
    ranked = _ranked(view)
    cols = [
        ("game", "game"),
        ("gold", "gold"),
        ("commodities", "goods"),
        ("progress", "progress"),
        ("special", "special"),
        ("total", "total"),
    ]
    height = 40 + 34 + 40 * len(ranked) + 10
    panel(d, (x, y, x + width, y + height), "Final scoring (ties: further ahead in order wins)")
    left = x + 260
    step = (width - 260 - 20) // len(cols)
    for i, (_key, label) in enumerate(cols):
        d.text(
            (left + i * step + step - 10, y + 56),
            label,
            font=font(BODY, True),
            fill=MUTED,
            anchor="rm",
        )
    for r, p in enumerate(ranked):
        cy = y + 94 + r * 40
        d.text((x + 14, cy), f"{r + 1}.", font=font(20, True), fill=INK, anchor="lm")
        seat_token(d, (x + 60, cy), p["seat"], radius=14)
        d.text((x + 82, cy), names[p["seat"]][:14], font=font(18), fill=INK, anchor="lm")
        row = (view["final"] or [{}] * view["players"])[p["seat"]]
        for i, (key, _label) in enumerate(cols):
            d.text(
                (left + i * step + step - 10, cy),
                str(row.get(key, "")),
                font=font(18, key == "total"),
                fill=INK,
                anchor="rm",
            )
    return y + height + 8


def _now(d: ImageDraw.ImageDraw, view: dict, names: list[str], x: int, y: int, width: int) -> int:
    """What the current decision needs, large."""
    turn = view["turn"]
    if not turn or view["over"]:
        return y
    seat = turn["current"]
    st = turn["step"] or {}
    lines: list[str] = []
    kind = st.get("k")
    if not st:
        lines.append(f"{names[seat]}: choose an action colour from the action space, or gold.")
    elif kind == "blue":
        left = st.get("left") or [0, 0]
        lines.append(f"{names[seat]} sails: ship 1 has {left[0]} AP, ship 2 has {left[1]} AP.")
    elif kind == "token":
        lines.append(f"{names[seat]}: take {st['left']} progress token(s) from the offer.")
    elif kind == "green":
        tile = st.get("tile")
        lines.append(
            f"{names[seat]} builds with {st.get('ap', 0)} AP left"
            + (f": placing {tile}." if tile else ".")
        )
    elif kind == "red":
        lines.append(f"{names[seat]} plans with {st.get('ap', 0)} AP left. Landscapes in supply:")
        lines.append(", ".join(f"{k}×{v}" for k, v in view["landscapes"].items() if v) or "none")
    else:
        lines.append(f"{names[seat]}: {st.get('c', '')} action, {st.get('ap', 0)} AP.")
    height = 40 + 26 * len(lines) + 8
    panel(d, (x, y, x + width, y + height), "Now", accent=ALERT)
    for i, line in enumerate(lines):
        _fit_text(d, (x + 12, y + 38 + i * 26), line, width - 24, 17, True)
    return y + height + 8


# ----------------------------------------------------------------------------- entry points


def board(view: dict) -> Image.Image:
    names = _names(view)
    n = view["players"]
    grid = tuple(view["grid"])
    layer = _island_layer(grid, view["trows"], view["tcols"])
    inner = WIDTH - 2 * MARGIN
    height = (
        62
        + layer.height
        + 110
        + 244
        + 60
        + 2 * 38
        + 30
        + 2 * 38
        + 16
        + 128
        + 100
        + n * (ROW_H + 8)
        + (60 + 40 * n if view["over"] else 0)
        + 30
    )
    img = Image.new("RGB", (WIDTH, height), BACKGROUND)
    d = ImageDraw.Draw(img)
    y = _header(d, view, names, WIDTH)
    y = _map(img, view, (WIDTH - layer.width) // 2, y) + 6
    y = _legend(d, MARGIN, y, inner)
    if view["over"]:
        y = _standings(d, view, names, MARGIN, y, inner)
    y = _now(d, view, names, MARGIN, y, inner)
    y = _storage(d, view, MARGIN, y, inner)
    y = _offers(d, view, MARGIN, y, inner)
    y = _special_track(d, view, MARGIN, y, inner)
    for p in view["player_state"]:
        _player_row(d, view, p, (MARGIN, y, MARGIN + inner, y + ROW_H - 4), names[p["seat"]])
        y += ROW_H + 4
    return img.crop((0, 0, WIDTH, min(height, y + 8)))


def private(view: dict) -> Image.Image | None:
    """The seat's own row and every move open to it now, in words (no hidden information)."""
    seat = view["seat"]
    names = _names(view)
    choices = view["private"].get("choices") or [[m, m] for m in view["private"]["moves"]]
    shown = choices[:24]
    height = 10 + ROW_H + 50 + 30 * max(1, len(shown)) + (30 if len(choices) > 24 else 0) + 20
    img = Image.new("RGB", (WIDTH, height), BACKGROUND)
    d = ImageDraw.Draw(img)
    p = view["player_state"][seat]
    _player_row(d, view, p, (MARGIN, 10, WIDTH - MARGIN, 10 + ROW_H - 4), names[seat] + " (you)")
    y = 10 + ROW_H + 10
    title = "Your moves now (type the bold text):" if choices else "Not your turn."
    d.text((MARGIN + 4, y + 14), title, font=font(19, True), fill=INK, anchor="lm")
    y += 40
    f = font(BODY, True)
    code_w = max([d.textlength(m, font=f) for m, _ in shown] + [0]) + 20
    code_w = min(code_w, 260)
    for move, text in shown:
        _fit_text(d, (MARGIN + 4, y), move, code_w - 10, BODY, True)
        _fit_text(d, (MARGIN + 4 + code_w, y), text, WIDTH - 2 * MARGIN - code_w - 8, BODY)
        y += 30
    if len(choices) > 24:
        d.text(
            (MARGIN + 4, y),
            f"… and {len(choices) - 24} more: use autocomplete.",
            font=font(BODY),
            fill=MUTED,
        )
    return img


def detail(view: dict) -> Image.Image:
    """Everything the board leaves out: the VP track, tokens with their effects, the landscape
    supply with shapes, villages left, and the printed VP of the tracks."""
    names = _names(view)
    comp = view.get("components") or {"tokens": {}, "tiles": {}}
    width = DETAIL_WIDTH
    lines: list[tuple[str, int, bool]] = []
    for p in view["player_state"]:
        lines.append((f"{names[p['seat']]} ({seat_letter(p['seat'])}): {p['vp']} VP", 19, True))
        for tid, used in p["tokens"]:
            state = " (used)" if used else ""
            lines.append((f"  {tid}{state}: {comp['tokens'].get(tid, '')}", DETAIL, False))
        vil = ", ".join(f"{k}×{v}" for k, v in p["villages_left"].items() if v) or "none"
        lines.append((f"  villages left: {vil}", DETAIL, False))
    lines.append(("Landscape supply (id: shape, cost, VP small/big, count):", 19, True))
    for sid, count in view["landscapes"].items():
        t = comp["tiles"].get(sid)
        if t and count:
            shape = "/".join(r.replace(".", "-") for r in t["rows"])
            lines.append(
                (
                    f"  {sid}: {t['name']} {shape}, {t['cost']} AP, "
                    f"{t['small']}/{t['big']} VP, ×{count}",
                    DETAIL,
                    False,
                )
            )
    pvp = ", ".join(f"{k}: {v}" for k, v in view["progress_track"]["vp"].items())
    svp = ", ".join(f"{k}: {v}" for k, v in view["special_track"]["vp"].items())
    lines.append((f"Progress track VP spaces (space: VP): {pvp}", DETAIL, False))
    lines.append((f"Order track VP spaces (space: VP): {svp}", DETAIL, False))
    height = 50 + 5 * 70 + 20 + 30 * len(lines) + 20
    img = Image.new("RGB", (width, height), BACKGROUND)
    d = ImageDraw.Draw(img)
    d.text((MARGIN, 24), "Amerigo: details", font=font(24, True), fill=INK, anchor="lm")
    y = _vp_track(d, view, MARGIN, 50, width - 2 * MARGIN) + 20
    for text, size, bold in lines:
        _fit_text(d, (MARGIN, y), text, width - 2 * MARGIN, size, bold)
        y += 30
    return img


def _vp_track(d: ImageDraw.ImageDraw, view: dict, x: float, y: float, width: float) -> float:
    """The VP track 0..49, ten spaces a row; the number sits at the top left of a space and each
    disc past 50 has its lap (+50, +100) written beside it, never over the number. Returns the
    bottom."""
    cell = width / 10
    here: dict[int, list[tuple[int, int]]] = {}
    for p in view["player_state"]:
        here.setdefault(p["vp"] % 50, []).append((p["seat"], p["vp"] // 50))
    for i in range(50):
        row, col = divmod(i, 10)
        bx = (x + col * cell, y + row * 70, x + (col + 1) * cell - 3, y + row * 70 + 66)
        d.rectangle(bx, fill=WHITE, outline=MUTED)
        d.text((bx[0] + 3, bx[1] + 1), str(i), font=font(DETAIL), fill=MUTED)
        for k, (seat, lap) in enumerate(here.get(i, [])):
            cx = bx[0] + 14 + (k % 2) * (cell / 2)
            cy = bx[1] + 32 + (k // 2) * 22
            seat_token(d, (cx, cy), seat, radius=10)
            if lap:
                d.text((cx + 12, cy), f"+{50 * lap}", font=font(14, True), fill=INK, anchor="lm")
    return y + 5 * 70


__all__ = ["PAPER", "board", "detail", "private"]
