"""Tahiti images: the archipelago with its reefs, cubes, markers, Hommea and canoes, the stacks and
the bag, and one panel per player (canoe, rowers, harvest chart, goods score). Views only."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    SEA,
    WHITE,
    axial_to_pixel,
    centered_text,
    contrast_ink,
    font,
    hex_corners,
    hex_edge,
    new_canvas,
    panel,
    seat_colour,
    seat_letter,
    seat_token,
)

WIDTH = 1400
BOARD_W = 850
SIDE_X = BOARD_W + 10
SIDE_W = WIDTH - SIDE_X - 10
HEADER_H = 64
GOODS_COLOURS = {
    "banana": (240, 205, 40),
    "coconut": (140, 90, 50),
    "spice": (230, 110, 170),
    "taro": (70, 160, 70),
    "fish": (226, 236, 246),
}
GOODS_ORDER = ("banana", "coconut", "spice", "taro", "fish")
KIND_FILL = {"home": (222, 196, 140), "sea": (150, 200, 230), "island": (120, 190, 110)}
EXHAUSTED_FILL = (170, 170, 160)
REEF = (235, 95, 80)
HOMMEA = (128, 60, 160)
PHASE_TEXT = {
    "hommea": "Exploration: move Hommea (or stay)",
    "place": "Exploration: choose a stack and a position",
    "rotate": "Exploration: choose the reef sides",
    "gift": "Hommea's gifts: choose a space",
    "actions": "Actions",
    "keep": "Fishing: keep or release the fish",
    "exhaust": "Exhaustion: choose an empty island",
    "over": "Game over",
}
DIRS = ("e", "ne", "nw", "w", "sw", "se")


def _names(view: dict) -> list[str]:
    names = view.get("names")
    count = view.get("players", 0)
    if isinstance(names, list) and len(names) >= count:
        return [_short(str(n), 24) for n in names[:count]]
    return [f"Player {seat_letter(s)}" for s in range(count)]


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _parse(at: str) -> tuple[int, int]:
    q, r = at.split(",")
    return int(q), int(r)


def _cube(draw: ImageDraw.ImageDraw, centre, size: float, goods: str, filled: bool = True) -> None:
    x, y = centre
    box = (x - size / 2, y - size / 2, x + size / 2, y + size / 2)
    colour = GOODS_COLOURS.get(goods, MUTED)
    if filled:
        draw.rounded_rectangle(box, radius=3, fill=colour, outline=INK, width=2)
        centered_text(
            draw, (x, y), goods[0].upper(), font(int(size * 0.6), True), contrast_ink(colour)
        )
    else:
        draw.rounded_rectangle(box, radius=3, fill=(235, 235, 225), outline=colour, width=3)
        centered_text(draw, (x, y), goods[0].upper(), font(int(size * 0.5)), MUTED)


def _fish(draw: ImageDraw.ImageDraw, centre, size: float, colour=INK) -> None:
    x, y = centre
    draw.ellipse((x - size, y - size * 0.5, x + size * 0.5, y + size * 0.5), fill=colour)
    draw.polygon(
        [(x + size * 0.3, y), (x + size * 1.1, y - size * 0.55), (x + size * 1.1, y + size * 0.55)],
        fill=colour,
    )
    draw.ellipse((x - size * 0.65, y - size * 0.15, x - size * 0.4, y + size * 0.1), fill=WHITE)


def _reefs(draw: ImageDraw.ImageDraw, centre, size: float, reefs: list[int]) -> None:
    """Each reef is a thick coral band just inside its edge, so a double reef shows two bands."""
    cx, cy = centre
    for d in reefs:
        (ax, ay), (bx, by) = hex_edge(centre, size * 0.9, d)
        draw.line([(ax, ay), (bx, by)], fill=REEF, width=max(4, int(size * 0.12)))
        mx, my = (ax + bx) / 2, (ay + by) / 2
        for t in (0.3, 0.7):
            px, py = ax + (bx - ax) * t, ay + (by - ay) * t
            ix, iy = px + (cx - mx) * 0.12, py + (cy - my) * 0.12
            draw.line([(px, py), (ix, iy)], fill=REEF, width=3)


def _tile(draw, centre, size, entry: dict, coord_label: str | None) -> None:
    kind = entry.get("kind", "sea")
    exhausted = entry.get("exhausted")
    fill = EXHAUSTED_FILL if exhausted else KIND_FILL.get(kind, PAPER)
    draw.polygon(hex_corners(centre, size), fill=fill, outline=(60, 90, 110))
    if kind == "sea":
        x, y = centre
        for dy in (-0.25, 0.2):
            draw.arc(
                (x - size * 0.4, y + size * dy - 8, x, y + size * dy + 8),
                200,
                340,
                fill=SEA,
                width=2,
            )
            draw.arc(
                (x, y + size * dy - 8, x + size * 0.4, y + size * dy + 8),
                200,
                340,
                fill=SEA,
                width=2,
            )
    _reefs(draw, centre, size, entry.get("reefs", []))
    x, y = centre
    if kind == "home":
        centered_text(draw, (x, y + size * 0.12), "HOME", font(int(size * 0.26), True), INK)
    if kind == "island":
        goods = entry.get("goods", [])
        cubes = entry.get("cubes", [False, False])
        cube = size * 0.36
        for i, g in enumerate(goods):
            _cube(draw, (x + (i - 0.5) * cube * 1.25, y), cube, g, bool(cubes[i]))
        if exhausted:
            mx, my = x + size * 0.45, y - size * 0.3
            r = size * 0.2
            draw.ellipse((mx - r, my - r, mx + r, my + r), fill=(90, 90, 90), outline=INK)
            if exhausted == "fish":
                _fish(draw, (mx - r * 0.1, my), r * 0.6, WHITE)
    if coord_label:
        centered_text(draw, (x, y - size * 0.62), coord_label, font(max(11, int(size * 0.2))), INK)


def _layout(view: dict, extra: list[str], avail_h: float) -> tuple[float, tuple[float, float]]:
    coords = [_parse(h["at"]) for h in view.get("board", [])] + [_parse(a) for a in extra]
    coords = coords or [(0, 0)]
    # Leave room for one more ring around whatever is placed.
    xs, ys = [], []
    for q, r in coords:
        x, y = axial_to_pixel(q, r, 1.0, (0, 0))
        xs.append(x)
        ys.append(y)
    span_x = max(xs) - min(xs) + 2 * math.sqrt(3)
    span_y = max(ys) - min(ys) + 4
    avail_w = BOARD_W - 20
    size = min(84.0, avail_w / span_x, avail_h / span_y)
    mid_x = (max(xs) + min(xs)) / 2 * size
    mid_y = (max(ys) + min(ys)) / 2 * size
    origin = (10 + avail_w / 2 - mid_x, HEADER_H + 10 + avail_h / 2 - mid_y)
    return size, origin


def _targets(view: dict) -> list[str]:
    """Board positions named by the legal moves (highlighted as choices)."""
    found = []
    for move in view.get("legal", []):
        parts = move.split()
        if (
            parts
            and parts[0] in ("hommea", "place", "move", "gift", "exhaust")
            and "," in parts[-1]
        ):
            found.append(parts[-1])
    return found


@lru_cache(maxsize=4)
def _background(height: int) -> Image.Image:
    image = new_canvas(WIDTH, height, BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, HEADER_H, BOARD_W, height), fill=(70, 140, 190))
    for y in range(HEADER_H + 20, height, 36):
        for x in range(20 + (y // 36 % 2) * 40, BOARD_W - 20, 80):
            draw.arc((x, y, x + 26, y + 10), 200, 340, fill=(100, 165, 210), width=2)
    return image


def _header(draw: ImageDraw.ImageDraw, view: dict, names: list[str]) -> None:
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=(40, 60, 80))
    draw.text((16, HEADER_H / 2), "TAHITI", font=font(30, True), fill=WHITE, anchor="lm")
    phase = view.get("phase", "")
    draw.text((150, 18), f"Round {view.get('round', 1)}", font=font(18), fill=WHITE, anchor="lm")
    if view.get("era") == "late" and not view.get("end_triggered"):
        draw.text((150, 46), "late season", font=font(15), fill=(220, 220, 220), anchor="lm")
    if view.get("end_triggered") and not view.get("over"):
        draw.rounded_rectangle((150, 36, 290, 60), radius=6, fill=(200, 40, 40))
        centered_text(draw, (220, 48), "LAST ROUND", font(15, True), WHITE)
    current = view.get("current")
    if view.get("over"):
        text = "Game over: final scores below"
        draw.text((420, HEADER_H / 2), text, font=font(26, True), fill=HIGHLIGHT, anchor="lm")
        return
    if current is None:
        return
    seat_token(draw, (345, HEADER_H / 2), current, radius=22, outline=WHITE)
    label = PHASE_TEXT.get(phase, phase)
    pending = view.get("pending", {})
    if phase == "gift" and pending.get("gifts"):
        label = f"Hommea's gifts: choose a space for the {pending['gifts'][0]}"
        if len(pending["gifts"]) > 1:
            label += f" (then {', '.join(pending['gifts'][1:])})"
    if phase == "keep" and pending.get("drawn"):
        label += f" (drew {', '.join(pending['drawn'])})"
    if phase == "actions":
        boards = view.get("player_boards", [])
        if current < len(boards):
            label += f" ({boards[current].get('actions_left', 0)} left)"
    draw.text((378, 20), f"{names[current]} to play", font=font(22, True), fill=WHITE, anchor="lm")
    draw.text((378, 46), label, font=font(17), fill=HIGHLIGHT, anchor="lm")


def _board(image: Image.Image, view: dict) -> None:
    draw = ImageDraw.Draw(image)
    targets = _targets(view)
    pending = view.get("pending", {})
    extra = list(targets) + ([pending["at"]] if pending.get("at") else [])
    size, origin = _layout(view, extra, image.height - HEADER_H - 90)
    placed = {h["at"] for h in view.get("board", [])}
    for h in view.get("board", []):
        centre = axial_to_pixel(*_parse(h["at"]), size, origin)
        _tile(draw, centre, size, h, h["at"])
    for at in targets:
        centre = axial_to_pixel(*_parse(at), size, origin)
        corners = hex_corners(centre, size * 0.94)
        if at not in placed:
            draw.polygon(corners, fill=(95, 160, 205))
            centered_text(draw, centre, at, font(max(12, int(size * 0.24)), True), WHITE)
        draw.line([*corners, corners[0]], fill=HIGHLIGHT, width=4)
    if pending.get("at"):
        centre = axial_to_pixel(*_parse(pending["at"]), size, origin)
        name = pending.get("stack", "a")
        top = next((s.get("top") for s in view.get("stacks", []) if s.get("name") == name), None)
        ghost = {"kind": "island", "reefs": [], "goods": (top or {}).get("goods", []), "cubes": []}
        ghost["cubes"] = [False] * len(ghost["goods"])
        _tile(draw, centre, size * 0.94, ghost, None)
        draw.line(
            [*hex_corners(centre, size * 0.94), hex_corners(centre, size * 0.94)[0]],
            fill=HIGHLIGHT,
            width=5,
        )
        centered_text(
            draw, (centre[0], centre[1] - size * 0.5), f"new ({name.upper()})", font(13, True)
        )
        centered_text(draw, (centre[0], centre[1] + size * 0.45), "reefs?", font(13, True))
    if view.get("hommea"):
        x, y = axial_to_pixel(*_parse(view["hommea"]), size, origin)
        x, y = x + size * 0.45, y - size * 0.22
        r = size * 0.17
        draw.polygon([(x, y - r * 1.6), (x - r, y + r), (x + r, y + r)], fill=HOMMEA, outline=WHITE)
        draw.ellipse(
            (x - r * 0.6, y - r * 2.1, x + r * 0.6, y - r * 0.9), fill=HOMMEA, outline=WHITE
        )
    by_hex: dict[str, list[int]] = {}
    for pb in view.get("player_boards", []):
        by_hex.setdefault(pb.get("at", "0,0"), []).append(pb.get("seat", 0))
    current = view.get("current")
    for at, seats in by_hex.items():
        cx, cy = axial_to_pixel(*_parse(at), size, origin)
        radius = max(10.0, size * 0.17)
        for i, seat in enumerate(seats):
            x = cx + (i - (len(seats) - 1) / 2) * radius * 2.1
            y = cy + size * 0.55
            if seat == current:
                draw.ellipse(
                    (x - radius - 4, y - radius - 4, x + radius + 4, y + radius + 4), fill=HIGHLIGHT
                )
            seat_token(draw, (x, y), seat, radius=radius)
    _compass(draw, (60, image.height - 60))


def _compass(draw: ImageDraw.ImageDraw, centre: tuple[float, float]) -> None:
    """Direction names used by `reefs ...` moves, and the legend."""
    draw.polygon(hex_corners(centre, 30), fill=(95, 160, 205), outline=WHITE)
    for d, label in enumerate(DIRS):
        (ax, ay), (bx, by) = hex_edge(centre, 30, d)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        lx = centre[0] + (mx - centre[0]) * 1.55
        ly = centre[1] + (my - centre[1]) * 1.55
        centered_text(draw, (lx, ly), label, font(14, True), WHITE)
    draw.text(
        (120, centre[1] + 40),
        "red band = reef (two bands on one edge = double reef) · purple pawn = Hommea",
        font=font(14),
        fill=WHITE,
        anchor="lm",
    )


def _mini_tile(draw, centre, size, top: dict) -> None:
    _tile(
        draw,
        centre,
        size,
        {
            "kind": "island",
            "reefs": top.get("reefs", []),
            "goods": top.get("goods", []),
            "cubes": [True, True],
        },
        None,
    )


def _supply(draw: ImageDraw.ImageDraw, view: dict, y: float) -> float:
    box = (SIDE_X, y, SIDE_X + SIDE_W, y + 150)
    panel(draw, box, "Stacks · bag · markers", accent=(40, 60, 80))
    x0 = SIDE_X + 14
    for i, stack in enumerate(view.get("stacks", [])):
        cx = x0 + 45 + i * 115
        cy = y + 88
        top = stack.get("top")
        if top:
            _mini_tile(draw, (cx, cy), 46, top)
        else:
            draw.polygon(hex_corners((cx, cy), 40), outline=MUTED)
            centered_text(draw, (cx, cy), "empty", font(13), MUTED)
        label = f"{stack.get('name', '?').upper()}: {stack.get('size', 0)}"
        draw.text((cx + 44, cy - 30), label, font=font(16, True), fill=INK, anchor="lm")
    bx = x0 + 250
    draw.text((bx, y + 48), "Bag", font=font(16, True), fill=INK, anchor="lm")
    bag = view.get("bag", {})
    for j, g in enumerate(GOODS_ORDER):
        cx = bx + 14 + j * 50
        _cube(draw, (cx, y + 80), 24, g)
        centered_text(draw, (cx, y + 106), str(bag.get(g, 0)), font(15, True))
    aside = view.get("set_aside", [])
    note = f"Markers left: {view.get('markers_left', 0)}"
    if aside:
        note += f" · set aside: {len(aside)}"
    draw.text((bx, y + 132), note, font=font(14), fill=INK, anchor="lm")
    return 160


def _player_panel(
    draw: ImageDraw.ImageDraw, box, pb: dict, name: str, view: dict, favourite=None
) -> None:
    seat = pb.get("seat", 0)
    x0, y0, x1, _ = box
    current = view.get("current") == seat
    title = f"{seat_letter(seat)} · {name}" + ("  ◀ to play" if current else "")
    panel(draw, box, title, accent=seat_colour(seat), fill=(255, 248, 200) if current else PAPER)
    draw.text(
        (x1 - 10, y0 + 15),
        f"goods {pb.get('goods_score', 0)}",
        font=font(17, True),
        fill=contrast_ink(seat_colour(seat)),
        anchor="rm",
    )
    # Canoe: permanent rower, 2 cargo-only spaces, 3 rower spaces (cubes fill cargo first).
    canoe = pb.get("canoe", [])
    cy = y0 + 58
    draw.text(
        (x0 + 10, cy - 18), f"Canoe at {pb.get('at', '?')}", font=font(13), fill=INK, anchor="lm"
    )
    hull = (x0 + 8, cy - 4, x0 + 8 + 6 * 34 + 6, cy + 32)
    draw.rounded_rectangle(hull, radius=14, fill=(180, 130, 80), outline=INK)
    for i in range(6):
        sx = x0 + 14 + i * 34
        cell = (sx, cy, sx + 30, cy + 28)
        if i == 0:
            draw.rectangle(cell, fill=(90, 60, 30))
            centered_text(draw, (sx + 15, cy + 14), "R", font(16, True), WHITE)
            continue
        index = i - 1
        if index < len(canoe):
            _cube(draw, (sx + 15, cy + 14), 26, canoe[index])
        elif index >= 2:
            draw.rectangle(cell, fill=(90, 60, 30))
            centered_text(draw, (sx + 15, cy + 14), "R", font(16, True), WHITE)
        else:
            draw.rectangle(cell, fill=(215, 180, 130), outline=(120, 80, 40))
    rowers = pb.get("rowers", 0)
    info = f"Rowers {rowers}"
    if current and view.get("phase") in ("actions", "keep"):
        info += f" · actions left {pb.get('actions_left', 0)}"
    draw.text((x0 + 10, cy + 48), info, font=font(15, True), fill=INK, anchor="lm")
    if favourite:
        draw.text((x0 + 10, cy + 72), "Favourite:", font=font(14), fill=INK, anchor="lm")
        for j, g in enumerate(favourite):
            _cube(draw, (x0 + 100 + j * 30, cy + 72), 22, g)
    # Harvest chart: one row per goods type, 9 spaces.
    chart = pb.get("chart", {})
    values = view.get("harvest_chart", {}).get("variety", [])
    gx, gy, cell = x0 + 236, y0 + 40, 22
    centered_text(draw, (gx + 10, gy + 4), "set", font(10, True), MUTED)
    for c, v in enumerate(values[:9]):
        centered_text(draw, (gx + 26 + c * cell + cell / 2, gy + 4), str(v), font(11, True), MUTED)
    for rrow, g in enumerate(GOODS_ORDER):
        ry = gy + 12 + rrow * (cell - 2)
        _cube(draw, (gx + 10, ry + 9), 16, g)
        n = chart.get(g, 0)
        for c in range(9):
            b = (gx + 26 + c * cell, ry, gx + 26 + c * cell + cell - 3, ry + cell - 5)
            if c < n:
                draw.rectangle(b, fill=GOODS_COLOURS[g], outline=INK)
            else:
                draw.rectangle(b, fill=WHITE, outline=(200, 200, 200))
        draw.text(
            (gx + 26 + 9 * cell + 4, ry + 8), str(n), font=font(13, True), fill=INK, anchor="lm"
        )


def _final(draw: ImageDraw.ImageDraw, view: dict, names: list[str], y: float) -> float:
    rows = view.get("final", [])
    height = 44 + 28 * len(rows)
    panel(draw, (SIDE_X, y, SIDE_X + SIDE_W, y + height), "Final scores", accent=(40, 60, 80))
    order = sorted(range(len(rows)), key=lambda s: -rows[s].get("total", 0))
    for i, s in enumerate(order):
        row = rows[s]
        cy = y + 48 + i * 28
        seat_token(draw, (SIDE_X + 22, cy), s, radius=11)
        fav = "+".join(g[:3] for g in row.get("favourite_goods", []))
        text = (
            f"{names[s][:14]}: {row.get('total', 0)}  (goods {row.get('goods', 0)}, "
            f"fav {fav} {row.get('favourite', 0)}, variety {row.get('variety', 0)})"
        )
        draw.text((SIDE_X + 40, cy), text, font=font(14), fill=INK, anchor="lm")
    return height + 10


def _events(draw: ImageDraw.ImageDraw, view: dict, y: float, bottom: float) -> None:
    lines = view.get("events", [])
    if not lines or bottom - y < 60:
        return
    panel(draw, (SIDE_X, y, SIDE_X + SIDE_W, bottom), "Last events", accent=MUTED)
    fnt = font(13)
    cy = y + 42
    for line in lines[-8:]:
        text = line if len(line) <= 78 else line[:77] + "…"
        if cy > bottom - 12:
            break
        draw.text((SIDE_X + 10, cy), text, font=fnt, fill=INK, anchor="lm")
        cy += 18


def board(view: dict) -> Image.Image:
    names = _names(view)
    boards = view.get("player_boards", [])
    panel_h = 160
    side_h = (
        HEADER_H
        + 10
        + 160
        + len(boards) * (panel_h + 8)
        + (44 + 28 * len(boards) if view.get("over") else 0)
        + 190
    )
    height = max(HEADER_H + 790, int(side_h))
    image = _background(height).copy()
    draw = ImageDraw.Draw(image)
    _header(draw, view, names)
    _board(image, view)
    y = HEADER_H + 10
    y += _supply(draw, view, y)
    if view.get("over"):
        y += _final(draw, view, names, y)
    for pb in boards:
        box = (SIDE_X, y, SIDE_X + SIDE_W, y + panel_h)
        _player_panel(draw, box, pb, names[pb.get("seat", 0)], view)
        y += panel_h + 8
    _events(draw, view, y, height - 10)
    return image


def private(view: dict) -> Image.Image | None:
    seat = view.get("seat")
    boards = view.get("player_boards", [])
    if seat is None or seat >= len(boards):
        return None
    names = _names(view)
    favourite = view.get("private", {}).get("favourite", [])
    image = new_canvas(1200, 260, BACKGROUND)
    draw = ImageDraw.Draw(image)
    _player_panel(draw, (10, 10, SIDE_W + 10, 180), boards[seat], names[seat], view)
    # The secret Favourite Goods tile.
    x0 = SIDE_W + 40
    panel(draw, (x0, 10, 1190, 250), "Your secret Favourite Goods tile", accent=seat_colour(seat))
    for j, g in enumerate(favourite):
        cx = x0 + 90 + j * 170
        _cube(draw, (cx, 120), 80, g)
        centered_text(draw, (cx, 190), g, font(22, True))
    draw.text(
        (x0 + 14, 232),
        "+5 if you have the most of a good, +3 for the next amount",
        font=font(14),
        fill=INK,
        anchor="lm",
    )
    turn = view.get("current")
    text = (
        "Game over"
        if view.get("over")
        else (
            "Your turn: " + PHASE_TEXT.get(view.get("phase", ""), "")
            if turn == seat
            else f"Waiting for {names[turn]}"
            if turn is not None
            else ""
        )
    )
    draw.text((20, 215), text, font=font(18, True), fill=INK, anchor="lm")
    return image
