"""Amerigo board images: the archipelago, the storage board and the player sheets.

Receives views only (``engines.amerigo`` ``view``); never reads a state.
"""

from __future__ import annotations

from functools import lru_cache

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
)

WIDTH = 1500
CUBE = {
    "blue": (40, 90, 200),
    "black": (30, 30, 30),
    "red": (200, 40, 40),
    "brown": (130, 80, 40),
    "green": (40, 150, 60),
    "yellow": (235, 200, 40),
    "white": (245, 245, 245),
}
GOOD_COLOUR = {
    "c": (250, 250, 250),
    "t": (150, 100, 50),
    "s": (230, 230, 200),
    "k": (110, 70, 40),
    "f": (60, 35, 20),
}
GOOD_LETTER = {"cotton": "c", "tobacco": "t", "sugar": "s", "coconuts": "k", "coffee": "f"}
LAND = (196, 178, 120)
LAND_DARK = (150, 130, 80)
POSTSPACE = (226, 210, 160)
LANDSCAPE = (110, 150, 80)
LETTERS = "abcdefghijklmnopqrstuvwxyz"
LABEL = 18
RIM = 24


def _names(view: dict) -> list[str]:
    names = view.get("names")
    n = view["players"]
    if names and len(names) >= n:
        return [str(x) for x in names[:n]]
    return [f"Player {seat_letter(i)}" for i in range(n)]


def _cell_xy(name: str) -> tuple[int, int]:
    return int(name[1:]) - 1, LETTERS.index(name[0])


def _lighter(colour: tuple[int, int, int], k: float = 0.45) -> tuple[int, int, int]:
    return tuple(int(c + (255 - c) * k) for c in colour)  # type: ignore[return-value]


def _geometry(grid: tuple[str, ...]) -> tuple[int, int, int]:
    """Cell size and origin of the archipelago for a grid."""
    h, w = len(grid), len(grid[0])
    cell = min(34, (700 - 2 * (LABEL + RIM)) // max(h, w))
    return cell, 10 + LABEL + RIM, 70 + LABEL + RIM


@lru_cache(maxsize=8)
def _island_layer(grid: tuple[str, ...], trows: int, tcols: int) -> Image.Image:
    """The static archipelago: sea, land, anchors, post spaces, commodity spaces, labels, frame."""
    cell, ox, oy = _geometry(grid)
    h, w = len(grid), len(grid[0])
    size = h // trows
    img = Image.new(
        "RGB", (w * cell + 2 * (LABEL + RIM) + 20, h * cell + 2 * (LABEL + RIM) + 20), BACKGROUND
    )
    d = ImageDraw.Draw(img)
    x0, y0 = ox - 10 + 10, oy - 70 + 10
    x0, y0 = LABEL + RIM + 10, LABEL + RIM + 10
    # frame band
    d.rectangle(
        (x0 - RIM, y0 - RIM, x0 + w * cell + RIM, y0 + h * cell + RIM), fill=SEA_LIGHT, outline=INK
    )
    for r in range(h):
        for c in range(w):
            ch = grid[r][c]
            box = (x0 + c * cell, y0 + r * cell, x0 + (c + 1) * cell, y0 + (r + 1) * cell)
            if ch in ".a":
                d.rectangle(box, fill=SEA, outline=(80, 145, 195))
                if ch == "a":
                    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
                    d.ellipse((cx - 7, cy - 7, cx + 7, cy + 7), outline=WHITE, width=2)
                    d.line((cx, cy - 7, cx, cy + 7), fill=WHITE, width=2)
            else:
                fill = POSTSPACE if ch == "P" else LAND
                d.rectangle(box, fill=fill, outline=LAND_DARK)
                if ch == "P":
                    d.rectangle(
                        (box[0] + 5, box[1] + 5, box[2] - 5, box[3] - 5), outline=INK, width=2
                    )
                elif ch in GOOD_COLOUR:
                    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
                    rad = cell * 0.3
                    d.ellipse(
                        (cx - rad, cy - rad, cx + rad, cy + rad), fill=GOOD_COLOUR[ch], outline=INK
                    )
                    centered_text(
                        d, (cx, cy), ch, font(int(cell * 0.38), True), contrast_ink(GOOD_COLOUR[ch])
                    )
    # tile borders
    for tr in range(trows + 1):
        y = y0 + tr * size * cell
        d.line((x0, y, x0 + w * cell, y), fill=(30, 60, 90), width=2)
    for tc in range(tcols + 1):
        x = x0 + tc * size * cell
        d.line((x, y0, x, y0 + h * cell), fill=(30, 60, 90), width=2)
    # coordinates
    f = font(13, True)
    for c in range(w):
        cx = x0 + c * cell + cell / 2
        centered_text(d, (cx, y0 - RIM - LABEL / 2), LETTERS[c], f)
        centered_text(d, (cx, y0 + h * cell + RIM + LABEL / 2), LETTERS[c], f)
    for r in range(h):
        cy = y0 + r * cell + cell / 2
        centered_text(d, (x0 - RIM - LABEL / 2, cy), str(r + 1), f)
        centered_text(d, (x0 + w * cell + RIM + LABEL / 2, cy), str(r + 1), f)
    return img


def _rim_box(rim: dict, cell: int, x0: int, y0: int, h: int, w: int, size: int) -> tuple:
    tr, tc = rim["tile"]
    side = rim["side"]
    if side == "top":
        return (x0 + tc * size * cell, y0 - RIM, x0 + (tc + 1) * size * cell, y0)
    if side == "bottom":
        return (
            x0 + tc * size * cell,
            y0 + h * cell,
            x0 + (tc + 1) * size * cell,
            y0 + h * cell + RIM,
        )
    if side == "left":
        return (x0 - RIM, y0 + tr * size * cell, x0, y0 + (tr + 1) * size * cell)
    return (x0 + w * cell, y0 + tr * size * cell, x0 + w * cell + RIM, y0 + (tr + 1) * size * cell)


def _draw_islands(img: Image.Image, view: dict) -> None:
    grid = tuple(view["grid"])
    trows, tcols = view["trows"], view["tcols"]
    layer = _island_layer(grid, trows, tcols)
    ox, oy = 10, 60
    img.paste(layer, (ox, oy))
    cell = _geometry(grid)[0]
    h, w = len(grid), len(grid[0])
    size = h // trows
    x0, y0 = ox + LABEL + RIM + 10, oy + LABEL + RIM + 10
    d = ImageDraw.Draw(img)

    def box_of(name: str) -> tuple[float, float, float, float]:
        r, c = _cell_xy(name)
        return (x0 + c * cell, y0 + r * cell, x0 + (c + 1) * cell, y0 + (r + 1) * cell)

    # rims (frame spaces)
    rim_boxes = {}
    for rim in view["rims"]:
        bx = _rim_box(rim, cell, x0, y0, h, w, size)
        rim_boxes[rim["name"]] = bx
        d.rectangle(bx, outline=(30, 60, 90))
        label = rim["name"].replace("rim", "r")
        centered_text(d, ((bx[0] + bx[2]) / 2, (bx[1] + bx[3]) / 2), label, font(11, True), INK)
    # placed tiles
    for sid, owner, _builder, cells in view["placed"]:
        fill = LANDSCAPE if owner == -1 else _lighter(seat_colour(owner), 0.25)
        cellset = set(cells)
        for name in cells:
            bx = box_of(name)
            d.rectangle(bx, fill=fill)
            r, c = _cell_xy(name)
            # outline only the tile's outer edges
            edges = (
                ((r - 1, c), (bx[0], bx[1], bx[2], bx[1])),
                ((r + 1, c), (bx[0], bx[3], bx[2], bx[3])),
                ((r, c - 1), (bx[0], bx[1], bx[0], bx[3])),
                ((r, c + 1), (bx[2], bx[1], bx[2], bx[3])),
            )
            for (rr, cc), line in edges:
                if f"{LETTERS[cc]}{rr + 1}" not in cellset if 0 <= cc < 26 else True:
                    d.line(line, fill=INK, width=2)
        bx = box_of(cells[0])
        tag = sid if owner == -1 else seat_letter(owner)
        centered_text(
            d, ((bx[0] + bx[2]) / 2, (bx[1] + bx[3]) / 2), tag, font(11, True), contrast_ink(fill)
        )
    # trading posts
    for name, seat in view["posts"].items():
        bx = box_of(name)
        d.rectangle(
            (bx[0] + 3, bx[1] + 3, bx[2] - 3, bx[3] - 3),
            fill=seat_colour(seat),
            outline=INK,
            width=2,
        )
        centered_text(
            d,
            ((bx[0] + bx[2]) / 2, (bx[1] + bx[3]) / 2),
            seat_letter(seat),
            font(int(cell * 0.5), True),
            contrast_ink(seat_colour(seat)),
        )
    # chests and completed marks
    for isl in view["islands"]:
        cells = isl["cells"]
        mid = cells[len(cells) // 2]
        bx = box_of(mid)
        if isl["chest"]:
            d.rectangle(
                (bx[0] + 4, bx[1] + 8, bx[2] - 4, bx[3] - 6),
                fill=(200, 150, 30),
                outline=INK,
                width=2,
            )
            centered_text(d, ((bx[0] + bx[2]) / 2, (bx[1] + bx[3]) / 2 + 1), "$", font(12, True))
        if isl["completed"]:
            bx = box_of(cells[0])
            centered_text(
                d, ((bx[0] + bx[2]) / 2, (bx[1] + bx[3]) / 2), "✓", font(18, True), (0, 90, 0)
            )
    # ships
    rim_count: dict[str, int] = {}
    for p in view["player_state"]:
        for i, node in enumerate(p["ships"]):
            if node is None:
                continue
            if node.startswith("rim"):
                bx = rim_boxes[node]
                k = rim_count.get(node, 0)
                rim_count[node] = k + 1
                cx = (
                    bx[0] + 12 + (k % 4) * 16
                    if bx[2] - bx[0] > bx[3] - bx[1]
                    else (bx[0] + bx[2]) / 2
                )
                cy = (
                    (bx[1] + bx[3]) / 2
                    if bx[2] - bx[0] > bx[3] - bx[1]
                    else bx[1] + 12 + (k % 4) * 16
                )
            else:
                bx = box_of(node)
                cx, cy = (bx[0] + bx[2]) / 2, (bx[1] + bx[3]) / 2
            colour = seat_colour(p["seat"])
            hull = [(cx - 11, cy - 2), (cx + 11, cy - 2), (cx + 7, cy + 8), (cx - 7, cy + 8)]
            d.polygon(hull, fill=colour, outline=INK)
            d.polygon(
                [(cx - 1, cy - 12), (cx - 1, cy - 3), (cx + 8, cy - 3)], fill=WHITE, outline=INK
            )
            centered_text(
                d,
                (cx - 5, cy + 3),
                f"{seat_letter(p['seat'])}{i + 1}",
                font(9, True),
                contrast_ink(colour),
            )


def _cube_row(d: ImageDraw.ImageDraw, x: float, y: float, counts: dict, size: int = 14) -> float:
    for colour, n in counts.items():
        for _ in range(n):
            d.rectangle((x, y, x + size, y + size), fill=CUBE[colour], outline=INK)
            x += size + 3
        if n:
            x += 6
    return x


def _header(d: ImageDraw.ImageDraw, view: dict, names: list[str]) -> None:
    if view["over"]:
        text = "Game over"
        final = sorted(view["player_state"], key=lambda p: -p["vp"])
        text += ": " + ", ".join(f"{names[p['seat']]} {p['vp']}" for p in final)
        d.text((16, 30), text, font=font(26, True), fill=INK, anchor="lm")
        return
    colour = view["colour"]
    d.rectangle((10, 10, 50, 50), fill=CUBE[colour], outline=INK, width=2)
    turn = view["turn"]
    text = f"Round {view['round']}/5 · {colour.capitalize()} phase"
    if turn:
        seat = turn["current"]
        text += f" · {names[seat]} to move · {turn['ap']} AP"
        seat_token(d, (WIDTH - 40, 30), seat, radius=20)
    d.text((62, 30), text, font=font(26, True), fill=INK, anchor="lm")


def _storage(d: ImageDraw.ImageDraw, view: dict, x: int, y: int, names: list[str]) -> int:
    w = WIDTH - x - 10
    panel(d, (x, y, x + w, y + 250), "Storage board: action circuit and tower")
    yy = y + 42
    d.text((x + 12, yy), "Storage:", font=font(15, True), fill=INK)
    cx = x + 100
    for colour in ("blue", "black", "red", "brown", "green", "yellow", "white"):
        n = view["storage"][colour]
        here = colour == view["colour"] and not view["over"]
        d.rectangle(
            (cx, yy - 2, cx + 72, yy + 22),
            fill=CUBE[colour],
            outline=(255, 0, 0) if here else INK,
            width=3 if here else 1,
        )
        centered_text(d, (cx + 36, yy + 10), str(n), font(15, True), contrast_ink(CUBE[colour]))
        cx += 80
    yy += 34
    d.text((x + 12, yy), "Action space:", font=font(15, True), fill=INK)
    end = _cube_row(d, x + 130, yy + 2, view["space"])
    turn = view["turn"]
    if turn:
        d.text(
            (max(end, x + 130) + 10, yy),
            f"= {turn['ap']} AP · {turn['cubes']} cubes · gold {turn['gold_value']}",
            font=font(16, True),
            fill=INK,
        )
    yy += 30
    d.text((x + 12, yy), "In tower:", font=font(15, True), fill=INK)
    _cube_row(d, x + 130, yy + 2, view["tower"], size=12)
    yy += 30
    # pirates and time marker
    d.text((x + 12, yy), "Pirates:", font=font(15, True), fill=INK)
    px = x + 100
    for v in view["pirates"]:
        d.ellipse(
            (px, yy - 4, px + 30, yy + 26),
            fill=(60, 60, 60) if v is None else (180, 30, 30),
            outline=INK,
        )
        centered_text(d, (px + 15, yy + 11), "?" if v is None else str(v), font(15, True), WHITE)
        px += 36
    d.text(
        (px + 10, yy), f"strength {view['pirate_strength']}", font=font(15, True), fill=(150, 0, 0)
    )
    d.text(
        (px + 170, yy),
        f"Time marker: {view['time_value']} (stack {','.join(map(str, view['time'])) or '-'})",
        font=font(15, True),
        fill=INK,
    )
    yy += 36
    # progress area
    d.text((x + 12, yy), "Progress:", font=font(15, True), fill=INK)
    px = x + 100
    slot = (w - 100 - 20) // len(view["progress_area"] or [0]) - 3
    for i, tok in enumerate(view["progress_area"]):
        bx = (px, yy - 4, px + slot - 4, yy + 22)
        d.rounded_rectangle(bx, radius=4, fill=WHITE if tok else (220, 220, 220), outline=INK)
        if tok:
            size = 11 if len(tok) <= 11 else 9
            centered_text(d, ((bx[0] + bx[2]) / 2, (bx[1] + bx[3]) / 2), tok, font(size, True))
        px += slot - 1 + (6 if i == 3 else 0)
    yy += 32
    d.text((x + 12, yy), "Production:", font=font(15, True), fill=INK)
    px = x + 110
    for slot in view["production_area"]:
        bx = (px, yy - 4, px + 56, yy + 22)
        d.rounded_rectangle(bx, radius=4, fill=WHITE if slot else (220, 220, 220), outline=INK)
        if slot:
            centered_text(
                d,
                ((bx[0] + bx[2]) / 2, (bx[1] + bx[3]) / 2),
                f"{slot[0][:4]} {slot[1]}",
                font(10, True),
            )
        px += 60
    return y + 260


def _special_track(d: ImageDraw.ImageDraw, view: dict, x: int, y: int) -> int:
    w = WIDTH - x - 10
    panel(d, (x, y, x + w, y + 96), "Special-action track (player order)")
    colours = view["special_track"]["colours"]
    vp = view["special_track"]["vp"]
    cw = min(48, (w - 20) // len(colours))
    stacks: dict[int, list[int]] = {}
    for seat in reversed(view["order"]):  # bottom of stack first
        stacks.setdefault(view["player_state"][seat]["order_pos"], []).append(seat)
    for i, colour in enumerate(colours):
        bx = (x + 10 + i * cw, y + 38, x + 10 + (i + 1) * cw - 3, y + 88)
        d.rectangle(bx, fill=CUBE[colour], outline=INK)
        if str(i) in vp:
            centered_text(
                d,
                (bx[0] + 12, bx[1] + 9),
                str(vp[str(i)]),
                font(11, True),
                contrast_ink(CUBE[colour]),
            )
        for k, seat in enumerate(stacks.get(i, [])):
            seat_token(d, ((bx[0] + bx[2]) / 2 + 4, bx[3] - 10 - k * 9), seat, radius=9)
    order = " > ".join(seat_letter(s) for s in view["order"])
    d.text(
        (x + w - 10, y + 15),
        f"order: {order}",
        font=font(14, True),
        fill=contrast_ink(MUTED),
        anchor="rm",
    )
    return y + 104


def _supply(d: ImageDraw.ImageDraw, view: dict, x: int, y: int, bottom: int) -> None:
    w = WIDTH - x - 10
    panel(d, (x, y, x + w, bottom), "Landscape tiles (id x count) and last step")
    items = [f"{k}×{v}" for k, v in view["landscapes"].items() if v]
    line, yy = "", y + 40
    for item in items:
        if len(line) + len(item) > 62:
            d.text((x + 12, yy), line, font=font(15), fill=INK)
            yy += 22
            line = ""
        line += item + "  "
    d.text((x + 12, yy), line, font=font(15), fill=INK)
    yy += 24
    legend = "Frame spaces r1, r2, ... are typed rim1, rim2, ...; cells as column+row (f7)."
    d.text((x + 12, yy), legend, font=font(13), fill=MUTED)
    yy += 30
    turn = view["turn"]
    if turn and turn["step"]:
        st = turn["step"]
        text = f"Now: {st.get('c', '')} action"
        if "ap" in st:
            text += f", {st['ap']} AP left"
        if "left" in st and isinstance(st["left"], list):
            text += f", ship AP {st['left'][0]}/{st['left'][1]}"
        if st.get("tile"):
            text += f", placing {st['tile']}"
        if st.get("k") == "token":
            text = f"Now: choose {st['left']} progress token(s)"
        d.text((x + 12, yy), text, font=font(17, True), fill=(150, 0, 0))
    elif turn:
        d.text((x + 12, yy), "Now: choose an action or gold", font=font(17, True), fill=(150, 0, 0))
    _vp_track(d, view, x + 12, bottom - 118, w - 24)


def _vp_track(d: ImageDraw.ImageDraw, view: dict, x: float, y: float, width: float) -> None:
    """The VP track 0..49 in two rows; a disc past 50 shows its lap as +50, +100, ..."""
    d.text((x, y), "VP track", font=font(15, True), fill=INK)
    cell = width / 25
    here: dict[int, list[tuple[int, int]]] = {}
    for p in view["player_state"]:
        here.setdefault(p["vp"] % 50, []).append((p["seat"], p["vp"] // 50))
    for i in range(50):
        row, col = divmod(i, 25)
        bx = (x + col * cell, y + 22 + row * 44, x + (col + 1) * cell - 2, y + 22 + row * 44 + 40)
        d.rectangle(bx, fill=WHITE, outline=MUTED)
        d.text((bx[0] + 2, bx[1] + 1), str(i), font=font(10), fill=MUTED)
        for k, (seat, lap) in enumerate(here.get(i, [])):
            cx = bx[0] + 9 + (k % 2) * 12
            cy = bx[1] + 20 + (k // 2) * 11
            seat_token(d, (cx, cy), seat, radius=7)
            if lap:
                d.text(
                    (bx[2] - 1, bx[1] + 1),
                    f"+{50 * lap}",
                    font=font(9, True),
                    fill=INK,
                    anchor="ra",
                )


def _fit(d: ImageDraw.ImageDraw, xy: tuple, text: str, width: float) -> None:
    """Draw text in the largest font size (14 down to 10) that fits ``width``."""
    for size in (14, 13, 12, 11, 10):
        if d.textlength(text, font=font(size)) <= width:
            break
    while d.textlength(text, font=font(size)) > width and len(text) > 4:
        text = text[:-4] + "…"
    d.text(xy, text, font=font(size), fill=INK)


def _sheet(d: ImageDraw.ImageDraw, view: dict, p: dict, box: tuple, name: str) -> None:
    seat = p["seat"]
    x0, y0, _x1, _y1 = box
    turn = view["turn"]
    mover = turn is not None and turn["current"] == seat and not view["over"]
    panel(
        d,
        box,
        None,
        accent=(255, 0, 0) if mover else seat_colour(seat),
        fill=_lighter(seat_colour(seat), 0.8),
    )
    seat_token(d, (x0 + 22, y0 + 22), seat, radius=15)
    title = f"{name}  {p['vp']} VP" + ("  ◀ to move" if mover else "")
    d.text((x0 + 46, y0 + 22), title, font=font(19, True), fill=INK, anchor="lm")
    f = font(14)
    fb = font(14, True)
    stats = (
        f"gold {p['gold']}/12   cannons {p['cannons']}/12   progress {p['progress']}/"
        f"{view['progress_track']['last']}   posts left {p['posts_left']}   chests {p['chests']}"
    )
    d.text((x0 + 12, y0 + 46), stats, font=fb, fill=INK)
    goods = "  ".join(
        f"{g}: {p['goods'][g]}×{p['production'][g]}"
        for g in ("cotton", "tobacco", "sugar", "coconuts", "coffee")
    )
    d.text((x0 + 12, y0 + 68), "goods×production  " + goods, font=f, fill=INK)
    toks = ", ".join(t + (" (used)" if u else "") for t, u in p["tokens"]) or "none"
    _fit(d, (x0 + 12, y0 + 90), f"tokens: {toks}", box[2] - x0 - 24)
    sup = " ".join(f"{k}×{v}" for k, v in sorted(p["supply"].items())) or "empty"
    vil = sum(p["villages_left"].values())
    _fit(d, (x0 + 12, y0 + 112), f"supply ({vil} villages in box): {sup}", box[2] - x0 - 24)
    if view["final"]:
        fb_ = view["final"][seat]
        text = (
            f"final: game {fb_['game']} + gold {fb_['gold']} + commodities {fb_['commodities']} + "
            f"progress {fb_['progress']} + special {fb_['special']} = {fb_['total']}"
        )
        d.text((x0 + 12, y0 + 176), text, font=fb, fill=(0, 90, 0))
    vp = {int(k): v for k, v in view["progress_track"]["vp"].items()}
    x = x0 + 12
    x = _mini_track(d, x, y0 + 136, "cannons", 13, p["cannons"], {}, CUBE["black"])
    x = _mini_track(d, x + 10, y0 + 136, "gold", 13, p["gold"], {}, (200, 150, 30))
    _mini_track(
        d,
        x + 10,
        y0 + 136,
        "progress",
        view["progress_track"]["last"] + 1,
        p["progress"],
        vp,
        CUBE["brown"],
    )


def _mini_track(
    d: ImageDraw.ImageDraw,
    x: float,
    y: float,
    label: str,
    cells: int,
    value: int,
    vp: dict[int, int],
    colour: tuple[int, int, int],
) -> float:
    """A small track: cells 0..cells-1, the current value filled, printed VP shown."""
    d.text((x, y + 8), label, font=font(11, True), fill=INK, anchor="lm")
    x += d.textlength(label, font=font(11, True)) + 4
    w = 11
    for i in range(cells):
        bx = (x + i * w, y, x + (i + 1) * w - 1, y + 16)
        fill = colour if i == value else (WHITE if i not in vp else (255, 240, 200))
        d.rectangle(bx, fill=fill, outline=MUTED)
        if i in vp and i != value:
            centered_text(d, ((bx[0] + bx[2]) / 2, y + 8), str(vp[i]), font(8, True), INK)
    return x + cells * w


def board(view: dict) -> Image.Image:
    names = _names(view)
    n = view["players"]
    grid = tuple(view["grid"])
    layer = _island_layer(grid, view["trows"], view["tcols"])
    sheet_h = 200
    sheets_top = max(60 + layer.height, 60 + 640) + 10
    rows = (n + 1) // 2
    height = sheets_top + rows * (sheet_h + 10) + 10
    img = Image.new("RGB", (WIDTH, height), BACKGROUND)
    d = ImageDraw.Draw(img)
    _header(d, view, names)
    _draw_islands(img, view)
    x = 10 + layer.width + 10
    y = _storage(d, view, x, 60, names)
    y = _special_track(d, view, x, y)
    _supply(d, view, x, y, 60 + 640)
    sw = (WIDTH - 30) // 2
    for p in view["player_state"]:
        i = p["seat"]
        bx0 = 10 + (i % 2) * (sw + 10)
        by0 = sheets_top + (i // 2) * (sheet_h + 10)
        _sheet(d, view, p, (bx0, by0, bx0 + sw, by0 + sheet_h), names[i])
    return img


def private(view: dict) -> Image.Image | None:
    """The seat's own sheet and the moves open to it now (Amerigo has no hidden information)."""
    seat = view["seat"]
    names = _names(view)
    moves = view["private"]["moves"]
    rows = (len(moves) + 2) // 3
    img = Image.new("RGB", (1200, 250 + rows * 26 + 20), BACKGROUND)
    d = ImageDraw.Draw(img)
    p = view["player_state"][seat]
    _sheet(d, view, p, (10, 10, 1190, 210), names[seat])
    title = "Your moves now:" if moves else "Not your turn."
    d.text((16, 226), title, font=font(17, True), fill=INK)
    for i, move in enumerate(moves):
        d.text((16 + (i % 3) * 390, 252 + (i // 3) * 26), move, font=font(16), fill=INK)
    return img


__all__ = ["PAPER", "board", "private"]
