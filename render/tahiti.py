"""Tahiti images, drawn for a phone (Discord shows an image about 360 px wide on a phone and
550 px on a desktop). Views only.

``board(view)`` (900 px wide, posted after every turn; at most 1.6 times as tall, the map's hex
size fitted to the height the other parts leave), top to bottom:
- a header: the round, whose turn it is and what they must decide now (large), the end clock
  (unexhausted islands left, the season ends at 4) and the first player;
- the archipelago: each hex shows its coordinates (top), its two Goods Spaces (middle: a full
  square with a letter is a cube, a pale dashed square an empty space), and the canoes (bottom,
  seat colour + letter). Hommea is a purple "H" badge on the coordinate line, never over a goods
  space. Reefs are red bands, exhausted islands are grey with their marker (a fish or an X).
  The current decision's choices are outlined in yellow; while a new island is turned, its six
  edges are labelled with compass points (E, NE, NW, W, SW, SE);
- the supply: the top tile and size of stacks A and B, the bag per goods type, markers left;
- one row per player: letter and colour, canoe cargo, visible Rowers (actions left when acting),
  the count per goods type delivered and the running goods score;
- at the end, instead of the supply and the player rows: the final scores (total, goods,
  favourite bonus, variety) with each player's Favourite goods, and the undealt 2-player
  Favourite tile;
- a legend of goods colours and letters, reefs, Hommea and markers.

``private(view)`` (720 px wide, DMed): the seat's secret Favourite goods, large; its canoe; its
full Harvest Chart (9 spaces per row, the variety values above the columns); what it must decide.

``detail(view)`` (``/board detail``, 720 px wide, a phone scrolls it): the whole map, the compass
of reef edges in words, every player's full Harvest Chart and the last events in words (members
by name, islands without tile ids, reef edges spelled out).

Issue 26: every label, legend and title is drawn in ``view["lang"]`` (gettext of the tahiti
catalog, glossary words for goods and the letters on the cubes); layouts measure their words, as
Greek and Russian run longer. The stack letters and the reef edges' compass letters are drawn in
the reader's alphabet (Α Β, ΒΑ; А Б, СВ), as the log says them; a member may type them so too.

Issue 25: no text is under ``MIN_FONT`` (18 px on the 900 px board, 7 px at 360 px wide; 14 px
and up on the 720 px images), measured by tests/tahiti/test_legibility.py.
"""

from __future__ import annotations

import math
import re

from PIL import Image, ImageDraw

from i18n import N_, gettext, ngettext, say, word
from render.common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    WHITE,
    axial_to_pixel,
    centered_text,
    contrast_ink,
    fit_name,
    font,
    hex_corners,
    hex_edge,
    named,
    new_canvas,
    panel,
    placeholder,
    seat_colour,
    seat_token,
    smallest_font,
    static_layer,
    wrap_words,
)

WIDTH = 900
MAX_RATIO = 1.6  # issue 25: no board taller than 1.6 times its width
HEADER_H = 124
SUPPLY_H = 150
ROW_H = 84
LEGEND_H = 112
PRIVATE_WIDTH = 720
DETAIL_WIDTH = 1400
MIN_FONT = smallest_font(WIDTH)  # 18 px on the 900 px board: 7 px at 360 px wide
GOODS_ORDER = ("banana", "coconut", "spice", "taro", "fish")
GOODS_COLOURS = {
    "banana": (240, 205, 40),
    "coconut": (140, 90, 50),
    "spice": (230, 110, 170),
    "taro": (70, 160, 70),
    "fish": (255, 255, 255),
}
FISH_INK = (20, 80, 160)
KIND_FILL = {"home": (222, 196, 140), "sea": (150, 200, 230), "island": (120, 190, 110)}
EXHAUSTED_FILL = (165, 165, 158)
EMPTY_SPACE = (236, 232, 214)
REEF = (220, 50, 40)
HOMMEA = (120, 50, 160)
WATER = (70, 140, 190)
HEADER = (40, 60, 80)
DIRS = ("e", "ne", "nw", "w", "sw", "se")
PHASE_TEXT = {
    "hommea": N_("Explore: move Hommea or stay"),
    "place": N_("Explore: pick stack A or B and a place"),
    "rotate": N_("Explore: turn the new island's reefs"),
    "gift": N_("Gifts: choose a space"),
    "actions": N_("Actions"),
    "keep": N_("Fishing: keep or release the fish"),
    "exhaust": N_("Exhaust an empty island"),
    "over": N_("Game over"),
}


EDGE_CODES = {
    "e": N_("e"),
    "ne": N_("ne"),
    "nw": N_("nw"),
    "w": N_("w"),
    "sw": N_("sw"),
    "se": N_("se"),
}
"""The compass letters of the reef edges, as the log and the ``reefs`` aliases say them."""

COMPASS = {
    "e": N_("east"),
    "ne": N_("north-east"),
    "nw": N_("north-west"),
    "w": N_("west"),
    "sw": N_("south-west"),
    "se": N_("south-east"),
}


def _term(lang: str, key: str) -> str:
    """A glossary word of Tahiti in ``lang`` (goods, letters on the cubes ...)."""
    return say(lang, word("tahiti", key))


def _event_words(text: str, names: list[str], lang: str = "en") -> str:
    """An engine event in words, said in ``lang``: members' names for seats, no tile ids, reef
    edges spelled."""
    text = named(say(lang, text), names)
    if lang == "en":
        text = re.sub(r"\bisland T?\d+\b", "an island", text)
    else:
        # The translations keep the word for island and drop the tile id after it.
        text = re.sub(r" ?\bT\d+\b", "", text)
    pair = gettext(lang, "{first} and {second}", first=r"\1", second=r"\2")
    text = re.sub(r"\(([^\W\d_]+)/([^\W\d_]+)\)", f"({pair})", text)

    def edges(match: re.Match[str]) -> str:
        return ", ".join(gettext(lang, COMPASS.get(d, d)) for d in match.group(0).split(","))

    return re.sub(r"\b(?:[ns]?[ew])(?:,[ns]?[ew])+\b", edges, text)


def _names(view: dict) -> list[str]:
    names = view.get("names")
    count = view.get("players", 0)
    if isinstance(names, list) and len(names) >= count:
        return [str(n) for n in names[:count]]
    return [placeholder(s) for s in range(count)]


def _name(draw, xy, name: str, sizes: tuple[int, ...], width: float, fill=INK) -> None:
    """A member's name, whole where it fits ``width`` in one of ``sizes`` (largest first), else
    cut with an ellipsis in the smallest (issue 40: fit by width where drawn, never by count)."""
    text, fnt = fit_name(draw, name, [font(size, True) for size in sizes], width)
    draw.text(xy, text, font=fnt, fill=fill, anchor="lm")


def _fit_text(draw, xy, text: str, size: int, max_width: float, fill, bold: bool = True) -> None:
    """Left-aligned text shrunk to fit ``max_width`` (never below MIN_FONT), then shortened at a
    word boundary if it still does not fit."""
    while size > MIN_FONT and draw.textlength(text, font=font(size, bold)) > max_width:
        size -= 1
    fnt = font(size, bold)
    if draw.textlength(text, font=fnt) > max_width:
        words = text.split(" ")
        while len(words) > 1 and draw.textlength(" ".join(words) + "…", font=fnt) > max_width:
            words.pop()
        text = " ".join(words) + "…"
    draw.text(xy, text, font=fnt, fill=fill, anchor="lm")


def _parse(at: str) -> tuple[int, int]:
    q, r = at.split(",")
    return int(q), int(r)


# ---------------------------------------------------------------------------- pieces
def _cube(
    lang: str, draw: ImageDraw.ImageDraw, centre, size: float, goods: str, filled: bool = True
) -> None:
    """A goods cube (full colour, letter) or an empty Goods Space (pale, dashed, faint letter).

    Fish cubes are white with a dark blue border and letter, so they never look like an empty
    space (issue 14)."""
    x, y = centre
    half = size / 2
    box = (x - half, y - half, x + half, y + half)
    colour = GOODS_COLOURS.get(goods, MUTED)
    letter = _term(lang, f"letter.{goods}")
    size_font = max(MIN_FONT, int(size * 0.62))
    if filled:
        ink = FISH_INK if goods == "fish" else contrast_ink(colour)
        border = FISH_INK if goods == "fish" else INK
        draw.rounded_rectangle(box, radius=4, fill=colour, outline=border, width=3)
        centered_text(draw, (x, y), letter, font(size_font, True), ink)
    else:
        draw.rounded_rectangle(box, radius=4, fill=EMPTY_SPACE)
        _dashed_box(draw, box, colour if goods != "fish" else FISH_INK)
        centered_text(draw, (x, y), letter, font(size_font), (150, 145, 130))


def _dashed_box(draw: ImageDraw.ImageDraw, box, colour) -> None:
    x0, y0, x1, y1 = box
    step = max(4.0, (x1 - x0) / 5)
    for a, b, fixed, horizontal in (
        (x0, x1, y0, True),
        (x0, x1, y1, True),
        (y0, y1, x0, False),
        (y0, y1, x1, False),
    ):
        t = a
        while t < b:
            e = min(b, t + step * 0.6)
            if horizontal:
                draw.line([(t, fixed), (e, fixed)], fill=colour, width=2)
            else:
                draw.line([(fixed, t), (fixed, e)], fill=colour, width=2)
            t += step


def _fish_icon(draw: ImageDraw.ImageDraw, centre, size: float, colour=FISH_INK) -> None:
    x, y = centre
    draw.ellipse((x - size, y - size * 0.5, x + size * 0.5, y + size * 0.5), fill=colour)
    draw.polygon(
        [(x + size * 0.3, y), (x + size * 1.1, y - size * 0.55), (x + size * 1.1, y + size * 0.55)],
        fill=colour,
    )


def _marker(draw: ImageDraw.ImageDraw, centre, radius: float, kind: str) -> None:
    x, y = centre
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=(80, 80, 80), outline=INK)
    if kind == "fish":
        _fish_icon(draw, (x - radius * 0.1, y), radius * 0.55, WHITE)
    else:
        w = radius * 0.45
        draw.line([(x - w, y - w), (x + w, y + w)], fill=WHITE, width=4)
        draw.line([(x - w, y + w), (x + w, y - w)], fill=WHITE, width=4)


def _reefs(draw: ImageDraw.ImageDraw, centre, size: float, reefs: list[int]) -> None:
    """Each reef is a thick coral band just inside its edge (a double reef shows two bands)."""
    for d in reefs:
        (ax, ay), (bx, by) = hex_edge(centre, size * 0.9, d)
        draw.line([(ax, ay), (bx, by)], fill=REEF, width=max(5, int(size * 0.12)))


def _hommea(lang: str, draw: ImageDraw.ImageDraw, centre, radius: float) -> None:
    x, y = centre
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=HOMMEA, outline=WHITE)
    centered_text(
        draw,
        (x, y),
        _term(lang, "letter.hommea"),
        font(max(MIN_FONT, int(radius * 1.3)), True),
        WHITE,
    )


def _tile(
    lang: str, draw, centre, size, entry: dict, label: str | None, hommea: bool = False
) -> None:
    kind = entry.get("kind", "sea")
    exhausted = entry.get("exhausted")
    fill = EXHAUSTED_FILL if exhausted else KIND_FILL.get(kind, PAPER)
    draw.polygon(hex_corners(centre, size), fill=fill, outline=(40, 70, 95))
    _reefs(draw, centre, size, entry.get("reefs", []))
    x, y = centre
    label_font = font(max(MIN_FONT, int(size * 0.26)), True)
    label_y = y - size * 0.56
    if label:
        lx = x - size * 0.2 if hommea else x
        centered_text(draw, (lx, label_y), label, label_font, INK)
    if hommea:
        _hommea(lang, draw, (x + size * 0.36, label_y), max(10.0, size * 0.17))
    if kind == "home":
        centered_text(
            draw,
            (x, y - size * 0.02),
            gettext(lang, "HOME"),
            font(max(MIN_FONT, int(size * 0.27)), True),
        )
    elif kind == "island":
        if exhausted:
            _marker(draw, (x, y - size * 0.04), size * 0.24, exhausted)
            return
        goods = entry.get("goods", [])
        cubes = entry.get("cubes", [False] * len(goods))
        cube = size * 0.4
        for i, g in enumerate(goods):
            _cube(
                lang, draw, (x + (i - 0.5) * cube * 1.2, y - size * 0.04), cube, g, bool(cubes[i])
            )


# ---------------------------------------------------------------------------- board geometry
def _geometry(
    view: dict, extra: list[str], width: int, max_size: float, max_height: float = 1e9
) -> tuple[float, float]:
    """Hex size fitted to the width and to ``max_height``; returns (size, map height)."""
    coords = [_parse(h["at"]) for h in view.get("board", [])] + [_parse(a) for a in extra]
    coords = coords or [(0, 0)]
    xs = [axial_to_pixel(q, r, 1.0, (0, 0))[0] for q, r in coords]
    ys = [axial_to_pixel(q, r, 1.0, (0, 0))[1] for q, r in coords]
    span_x = max(xs) - min(xs) + math.sqrt(3) + 0.2
    span_y = max(ys) - min(ys) + 2.6
    size = min(max_size, (width - 20) / span_x, (max_height - 10) / span_y)
    return size, span_y * size + 10


def _origin(view, extra, size, width, top) -> tuple[float, float]:
    coords = [_parse(h["at"]) for h in view.get("board", [])] + [_parse(a) for a in extra]
    coords = coords or [(0, 0)]
    xs = [axial_to_pixel(q, r, size, (0, 0))[0] for q, r in coords]
    ys = [axial_to_pixel(q, r, size, (0, 0))[1] for q, r in coords]
    return width / 2 - (max(xs) + min(xs)) / 2, top + 5 + size * 1.3 - min(ys)


def _targets(view: dict) -> list[str]:
    """Board positions named by the legal moves (outlined as the current choices)."""
    found = []
    for move in view.get("legal", []):
        parts = move.split()
        verb = parts[0] if parts else ""
        wanted = verb in ("hommea", "place", "move", "gift", "exhaust") and "," in parts[-1]
        if wanted and parts[-1] not in found:
            found.append(parts[-1])
    return found


def _draw_map(draw, view: dict, size: float, origin, show_targets: bool = True) -> None:
    lang = view.get("lang", "en")
    targets = _targets(view) if show_targets else []
    pending = view.get("pending", {})
    placed = {h["at"] for h in view.get("board", [])}
    hommea = view.get("hommea")
    for h in view.get("board", []):
        centre = axial_to_pixel(*_parse(h["at"]), size, origin)
        _tile(lang, draw, centre, size, h, h["at"], hommea == h["at"])
    for at in targets:
        centre = axial_to_pixel(*_parse(at), size, origin)
        corners = hex_corners(centre, size * 0.93)
        if at not in placed:
            draw.polygon(corners, fill=(100, 165, 210))
            centered_text(draw, centre, at, font(max(MIN_FONT, int(size * 0.28)), True), WHITE)
        draw.line([*corners, corners[0]], fill=HIGHLIGHT, width=5)
    if pending.get("at"):
        centre = axial_to_pixel(*_parse(pending["at"]), size, origin)
        name = pending.get("stack", "a")
        top = next((s.get("top") for s in view.get("stacks", []) if s.get("name") == name), None)
        goods = (top or {}).get("goods", [])
        ghost = {"kind": "island", "reefs": [], "goods": goods, "cubes": [False] * len(goods)}
        label = gettext(lang, "new {stack}", stack=_term(lang, f"stack.{name}"))
        _tile(lang, draw, centre, size * 0.93, ghost, label)
        corners = hex_corners(centre, size * 0.93)
        draw.line([*corners, corners[0]], fill=HIGHLIGHT, width=5)
        if view.get("phase") == "rotate":
            _edge_names(lang, draw, centre, size)
    by_hex: dict[str, list[int]] = {}
    for pb in view.get("player_boards", []):
        by_hex.setdefault(pb.get("at", "0,0"), []).append(pb.get("seat", 0))
    current = view.get("current")
    for at, seats in sorted(by_hex.items()):
        cx, cy = axial_to_pixel(*_parse(at), size, origin)
        radius = max(15.0, size * 0.19)  # its letter 18 px or more
        # Up to two canoes side by side; more go in a second row (never over the goods).
        per_row = 2 if len(seats) > 2 else len(seats)
        for i, seat in enumerate(seats):
            row, col = divmod(i, per_row)
            in_row = min(per_row, len(seats) - row * per_row)
            x = cx + (col - (in_row - 1) / 2) * radius * 2.2
            y = cy + size * (0.55 if len(seats) <= 2 else 0.4 + row * 0.34)
            if seat == current:
                draw.ellipse(
                    (x - radius - 4, y - radius - 4, x + radius + 4, y + radius + 4), fill=HIGHLIGHT
                )
            seat_token(draw, (x, y), seat, radius=radius)


def _edge_names(lang: str, draw: ImageDraw.ImageDraw, centre, size: float) -> None:
    """The edge names used by `reefs ...`, around the tile being turned (the decision now), in
    the compass letters the log says them in (Greek Α ΒΑ, Russian В СВ: typed as well)."""
    cx, cy = centre
    label = font(max(MIN_FONT, int(size * 0.24)), True)
    for d, name in enumerate(DIRS):
        (ax, ay), (bx, by) = hex_edge(centre, size, d)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        x, y = cx + (mx - cx) * 1.32, cy + (my - cy) * 1.32
        r = size * 0.2
        draw.ellipse((x - r, y - r, x + r, y + r), fill=HEADER, outline=HIGHLIGHT, width=2)
        code = gettext(lang, EDGE_CODES[name]).upper()
        centered_text(draw, (x, y), code, label, WHITE)


# ---------------------------------------------------------------------------- board sections
def _decision(view: dict, names: list[str]) -> tuple[str, str]:
    """Who is to play and what they must decide (the header's two lines)."""
    lang = view.get("lang", "en")
    if view.get("over"):
        return gettext(lang, "Game over"), gettext(lang, "Final scores below")
    current = view.get("current")
    if current is None:
        return "", ""
    phase = view.get("phase", "")
    label = gettext(lang, PHASE_TEXT[phase]) if phase in PHASE_TEXT else phase
    pending = view.get("pending", {})
    if phase == "gift" and pending.get("gifts"):
        good = _term(lang, f"goods.{pending['gifts'][0]}")
        more = len(pending["gifts"]) - 1
        if more:
            label = gettext(
                lang, "Gifts: place the {good} (then {more} more)", good=good, more=more
            )
        else:
            label = gettext(lang, "Gifts: place the {good}", good=good)
    if phase == "keep" and pending.get("drawn"):
        drawn = len(pending["drawn"])
        label = gettext(lang, "{label} ({drawn} drawn)", label=label, drawn=drawn)
    if phase == "actions":
        boards = view.get("player_boards", [])
        if current < len(boards):
            left = boards[current].get("actions_left", 0)
            label = gettext(lang, "Actions: {left} left", left=left)
    return gettext(lang, "{player} to play", player=names[current]), label


def _header(draw: ImageDraw.ImageDraw, view: dict, names: list[str], width: int) -> int:
    lang = view.get("lang", "en")
    height = 124
    draw.rectangle((0, 0, width, height), fill=HEADER)
    who, what = _decision(view, names)
    current = view.get("current")
    x = 20
    if current is not None and not view.get("over"):
        seat_token(draw, (44, 40), current, radius=26, outline=WHITE)
        x = 84
    first_label = gettext(lang, "First")
    first_w = draw.textlength(first_label, font=font(18, True))
    _fit_text(draw, (x, 26), who, 28, width - x - max(130, 80 + first_w), WHITE)
    # The cubes the decision is about (gifts still to place, a fishing draw), shown large.
    pending = view.get("pending", {})
    cubes = pending.get("gifts") or pending.get("drawn") or []
    if view.get("over"):
        cubes = []
    for k, g in enumerate(reversed(cubes)):
        _cube(lang, draw, (width - 34 - k * 40, 68), 32, g)
    _fit_text(draw, (x, 62), what, 24, width - x - 30 - 40 * len(cubes), HIGHLIGHT)
    # The end clock (rules 4) and the first player (rules 3.11), issue 16.
    left, end_at = view.get("islands_left", 0), view.get("end_at", 4)
    clock = gettext(lang, "Islands left {left} (ends at {end_at})", left=left, end_at=end_at)
    if view.get("end_triggered") and not view.get("over"):
        last = gettext(lang, "LAST ROUND")
        box_w = max(200, draw.textlength(last, font=font(20, True)) + 24)
        draw.rounded_rectangle((14, 88, 14 + box_w, 118), radius=8, fill=(200, 40, 40))
        centered_text(draw, (14 + box_w / 2, 103), last, font(20, True), WHITE)
        _fit_text(draw, (28 + box_w, 103), clock, 20, width - 48 - box_w, WHITE, bold=False)
    elif view.get("era") == "late":
        round_ = view.get("round", 1)
        text = gettext(lang, "Round {round}, late season · {clock}", round=round_, clock=clock)
        _fit_text(draw, (20, 103), text, 20, width - 40, WHITE, bold=False)
    else:
        tiles = sum(s.get("size", 0) for s in view.get("stacks", []))
        text = ngettext(
            lang,
            "Round {round}, growing season · {count} tile to place",
            "Round {round}, growing season · {count} tiles to place",
            tiles,
            round=view.get("round", 1),
        )
        _fit_text(draw, (20, 103), text, 20, width - 40, WHITE, bold=False)
    first = view.get("first_player")
    if first is not None:
        draw.text((width - 60, 26), first_label, font=font(18, True), fill=WHITE, anchor="rm")
        seat_token(draw, (width - 34, 26), first, radius=17, outline=WHITE)
    return height


def _mini_tile(lang: str, draw, centre, size, top: dict) -> None:
    goods = top.get("goods", [])
    entry = {"kind": "island", "reefs": top.get("reefs", []), "goods": goods, "cubes": [True] * 2}
    _tile(lang, draw, centre, size, entry, None)


def _supply(draw: ImageDraw.ImageDraw, view: dict, y: float, width: int) -> float:
    lang = view.get("lang", "en")
    height = SUPPLY_H
    title = gettext(lang, "Stacks, bag and markers")
    panel(draw, (10, y, width - 10, y + height), title, accent=HEADER)
    stacks = view.get("stacks", [])
    if not any(stack.get("size") for stack in stacks):
        placed = (gettext(lang, "All islands"), gettext(lang, "are placed"))
        for k, line in enumerate(placed):
            draw.text((30, y + 70 + 30 * k), line, font=font(20, True), fill=INK, anchor="lm")
        stacks = []
    lefts = [ngettext(lang, "{count} left", "{count} left", s.get("size", 0)) for s in stacks]
    # Stack B and the bag move right when the words under the stack letters run longer.
    wide = max([draw.textlength(t, font=font(18)) for t in lefts], default=0)
    step = max(170, 110 + wide)
    for i, stack in enumerate(stacks):
        cx, cy = 70 + i * step, y + 92
        top = stack.get("top")
        if top:
            _mini_tile(lang, draw, (cx, cy), 50, top)
        else:
            draw.polygon(hex_corners((cx, cy), 44), outline=MUTED)
        name = _term(lang, f"stack.{stack['name']}") if stack.get("name") else "?"
        draw.text((cx + 52, cy - 16), name, font=font(26, True), fill=INK, anchor="lm")
        draw.text((cx + 52, cy + 16), lefts[i], font=font(18), fill=INK, anchor="lm")
    bx = max(380, 70 + step + 52 + wide + 16)
    bag_label = gettext(lang, "Bag")
    draw.text((bx, y + 52), bag_label, font=font(20, True), fill=INK, anchor="lm")
    # The cubes start after the label (Σακουλάκι and Мешочек are longer than Bag).
    first = max(70, draw.textlength(bag_label, font=font(20, True)) + 24)
    bag = view.get("bag", {})
    for j, g in enumerate(GOODS_ORDER):
        cx = bx + first + j * 58
        _cube(lang, draw, (cx, y + 54), 30, g)
        centered_text(draw, (cx, y + 88), str(bag.get(g, 0)), font(20, True))
    fish = view.get("fish_markers_left", 0)
    left = view.get("markers_left", 0)
    aside = view.get("set_aside", [])
    if aside:
        note = gettext(
            lang,
            "Markers left {left} ({fish} fish) · {aside} set aside",
            left=left,
            fish=fish,
            aside=len(aside),
        )
    else:
        note = gettext(lang, "Markers left {left} ({fish} fish)", left=left, fish=fish)
    _fit_text(draw, (bx, y + 125), note, 18, width - 20 - bx, INK, bold=False)
    return height + 8


def _canoe(lang: str, draw, x: float, y: float, canoe: list[str], cell: float = 34) -> float:
    """Permanent Rower, 2 cargo spaces, 3 Rower spaces (cubes fill cargo spaces first)."""
    hull = (x, y - 4, x + 6 * (cell + 4) + 6, y + cell + 4)
    draw.rounded_rectangle(hull, radius=14, fill=(180, 130, 80), outline=INK)
    for i in range(6):
        sx = x + 6 + i * (cell + 4)
        box = (sx, y, sx + cell, y + cell)
        index = i - 1
        if 0 <= index < len(canoe):
            _cube(lang, draw, (sx + cell / 2, y + cell / 2), cell - 2, canoe[index])
        elif i == 0 or index >= 2:
            draw.rectangle(box, fill=(90, 60, 30))
            rower = _term(lang, "letter.rower")
            centered_text(draw, (sx + cell / 2, y + cell / 2), rower, font(18, True), WHITE)
        else:
            draw.rectangle(box, fill=(215, 180, 130), outline=(120, 80, 40))
    return hull[2]


def _player_row(draw, box, pb: dict, name: str, view: dict) -> None:
    lang = view.get("lang", "en")
    seat = pb.get("seat", 0)
    x0, y0, x1, y1 = box
    current = view.get("current") == seat and not view.get("over")
    fill = (255, 246, 190) if current else PAPER
    draw.rounded_rectangle(box, radius=10, fill=fill, outline=seat_colour(seat), width=4)
    cy = (y0 + y1) / 2
    seat_token(draw, (x0 + 30, cy - 12), seat, radius=20)
    _name(draw, (x0 + 58, cy - 14), name, (20, MIN_FONT), 250 - 58 - 8)
    rowers = pb.get("rowers", 0)
    info = gettext(lang, "Rowers {rowers}", rowers=rowers)
    if current and view.get("phase") in ("actions", "keep"):
        info = gettext(lang, "Actions left {left}", left=pb.get("actions_left", 0))
    _fit_text(draw, (x0 + 14, cy + 22), info, 18, 230, INK, bold=False)
    end = _canoe(lang, draw, x0 + 250, cy - 17, pb.get("canoe", []))
    # Delivered goods per type, and the running goods score.
    chart = pb.get("chart", {})
    gx = end + 22
    for j, g in enumerate(GOODS_ORDER):
        cx = gx + j * 44
        _cube(lang, draw, (cx + 14, cy - 12), 26, g)
        centered_text(draw, (cx + 14, cy + 22), str(chart.get(g, 0)), font(18, True))
    draw.text(
        (x1 - 12, cy - 12),
        f"{pb.get('goods_score', 0)}",
        font=font(26, True),
        fill=INK,
        anchor="rm",
    )
    draw.text((x1 - 12, cy + 20), gettext(lang, "points"), font=font(18), fill=MUTED, anchor="rm")


def _final(draw: ImageDraw.ImageDraw, view: dict, names: list[str], y: float, width: int) -> float:
    rows = view.get("final", [])
    undealt = view.get("undealt_favourites") or []
    height = 86 + 46 * len(rows) + (54 if undealt else 0)
    lang = view.get("lang", "en")
    panel(draw, (10, y, width - 10, y + height), gettext(lang, "Final scores"), accent=HEADER)
    columns = (
        (N_("Total"), 330),
        (N_("Goods"), 440),
        (N_("Favourite bonus"), 580),
        (N_("Variety"), 710),
    )
    for label, x in columns:
        centered_text(draw, (x, y + 52), gettext(lang, label), font(18, True), MUTED)
    centered_text(draw, (820, y + 52), gettext(lang, "Favourite"), font(18, True), MUTED)
    order = sorted(range(len(rows)), key=lambda s: (-rows[s].get("total", 0), s))
    for i, s in enumerate(order):
        row = rows[s]
        cy = y + 90 + i * 46
        seat_token(draw, (38, cy), s, radius=17)
        _name(draw, (64, cy), names[s], (20, MIN_FONT), 330 - 64 - 36)
        values = (row.get("total", 0), row.get("goods", 0), row.get("favourite", 0))
        for (_, x), value in zip(columns, (*values, row.get("variety", 0)), strict=True):
            centered_text(draw, (x, cy), str(value), font(22, True))
        for j, g in enumerate(row.get("favourite_goods", [])):
            _cube(lang, draw, (800 + j * 40, cy), 30, g)
    if undealt:
        cy = y + height - 34
        label = gettext(lang, "Undealt Favourite tile:")
        draw.text((30, cy), label, font=font(19, True), fill=INK, anchor="lm")
        start = max(290, 30 + draw.textlength(label, font=font(19, True)) + 19)
        for k, tile in enumerate(undealt):
            for j, g in enumerate(tile):
                _cube(lang, draw, (start + k * 100 + j * 40, cy), 30, g)
    return height + 8


def _legend(lang: str, draw: ImageDraw.ImageDraw, y: float, width: int) -> float:
    height = LEGEND_H
    panel(draw, (10, y, width - 10, y + height), None)
    label = font(18)
    x = 26
    for g in GOODS_ORDER:
        _cube(lang, draw, (x + 13, y + 30), 26, g)
        name = _term(lang, f"goods.{g}")
        draw.text((x + 32, y + 30), name, font=label, fill=INK, anchor="lm")
        x += 48 + len(g) * 11 if lang == "en" else 48 + draw.textlength(name, font=label)
    _cube(lang, draw, (x + 13, y + 30), 26, "banana", filled=False)
    draw.text((x + 32, y + 30), gettext(lang, "empty"), font=label, fill=INK, anchor="lm")
    y2 = y + 78
    # The second line's keys, each after the previous one's words (Greek and Russian run longer).
    draw.line([(26, y2), (60, y2)], fill=REEF, width=7)
    x = 68
    draw.text((x, y2), gettext(lang, "reef"), font=label, fill=INK, anchor="lm")
    x = max(140 - 14, x + draw.textlength(gettext(lang, "reef"), font=label) + 8) + 14
    _hommea(lang, draw, (x, y2), 14)
    hommea = _term(lang, "component.hommea")
    draw.text((x + 20, y2), hommea, font=label, fill=INK, anchor="lm")
    x = max(270 - 15, x + 20 + draw.textlength(hommea, font=label) + 8) + 15
    _marker(draw, (x, y2), 15, "fish")
    fish = gettext(lang, "fish marker")
    draw.text((x + 22, y2), fish, font=label, fill=INK, anchor="lm")
    x = max(420 - 15, x + 22 + draw.textlength(fish, font=label) + 8) + 15
    _marker(draw, (x, y2), 15, "blank")
    exhausted = gettext(lang, "exhausted")
    draw.text((x + 22, y2), exhausted, font=label, fill=INK, anchor="lm")
    x = max(560, x + 22 + draw.textlength(exhausted, font=label) + 8)
    draw.rectangle((x, y2 - 12, x + 30, y2 + 12), outline=HIGHLIGHT, width=5)
    _fit_text(
        draw, (x + 40, y2), gettext(lang, "a choice now"), 18, width - 30 - x - 40, INK, False
    )
    return height + 8


@static_layer
def _water(width: int, height: int) -> Image.Image:
    image = new_canvas(width, height, BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width, height), fill=WATER)
    for y in range(20, height, 36):
        for x in range(20 + (y // 36 % 2) * 40, width - 20, 80):
            draw.arc((x, y, x + 26, y + 10), 200, 340, fill=(100, 165, 210), width=2)
    return image


def board(view: dict) -> Image.Image:
    """The public board, 900 px wide and at most 1.6 times as tall: the map takes the height the
    header, the players, the supply (or the final scores) and the legend leave it."""
    lang = view.get("lang", "en")
    names = _names(view)
    boards = view.get("player_boards", [])
    pending = view.get("pending", {})
    extra = _targets(view) + ([pending["at"]] if pending.get("at") else [])
    over = bool(view.get("over"))
    final_h = 94 + 46 * len(boards) + (54 if view.get("undealt_favourites") else 0)
    rows = [] if over else boards  # at the end the final scores stand for the player rows
    below = (final_h if over else SUPPLY_H + 8) + len(rows) * (ROW_H + 8) + LEGEND_H + 8
    room = int(MAX_RATIO * WIDTH) - HEADER_H - below - 8
    size, map_h = _geometry(view, extra, WIDTH, 78.0, room)
    height = int(HEADER_H + map_h + 8 + below)
    image = new_canvas(WIDTH, height, BACKGROUND)
    image.paste(_water(WIDTH, int(map_h)), (0, HEADER_H))
    draw = ImageDraw.Draw(image)
    top = _header(draw, view, names, WIDTH)
    origin = _origin(view, extra, size, WIDTH, top)
    _draw_map(draw, view, size, origin)
    y = top + map_h + 8
    if over:
        y += _final(draw, view, names, y, WIDTH)
    else:
        y += _supply(draw, view, y, WIDTH)
    for pb in rows:
        _player_row(draw, (10, y, WIDTH - 10, y + ROW_H), pb, names[pb.get("seat", 0)], view)
        y += ROW_H + 8
    _legend(lang, draw, y, WIDTH)
    return image


# ---------------------------------------------------------------------------- private
def _chart(
    lang: str, draw, x: float, y: float, chart: dict, variety: list[int], cell: float
) -> float:
    """The full Harvest Chart: variety values above 9 columns, one row per goods type."""
    label = font(max(MIN_FONT, int(cell * 0.45)), True)
    draw.text((x, y + cell / 2), gettext(lang, "set"), font=label, fill=MUTED, anchor="lm")
    for c, v in enumerate(variety[:9]):
        centered_text(
            draw, (x + cell * 1.2 + c * cell + cell / 2, y + cell / 2), str(v), label, MUTED
        )
    for r, g in enumerate(GOODS_ORDER):
        ry = y + cell + r * cell
        _cube(lang, draw, (x + cell * 0.45, ry + cell / 2), cell * 0.8, g)
        n = chart.get(g, 0)
        for c in range(9):
            cx = x + cell * 1.2 + c * cell
            box = (cx + 2, ry + 2, cx + cell - 2, ry + cell - 2)
            if c < n:
                _cube(lang, draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), cell - 4, g)
            else:
                draw.rectangle(box, fill=EMPTY_SPACE, outline=(205, 200, 185))
        tx = x + cell * 1.2 + 9 * cell + 10
        draw.text(
            (tx, ry + cell / 2),
            str(n),
            font=font(max(MIN_FONT, int(cell * 0.5)), True),
            fill=INK,
            anchor="lm",
        )
    return cell * 6


def private(view: dict) -> Image.Image | None:
    seat = view.get("seat")
    boards = view.get("player_boards", [])
    if seat is None or seat >= len(boards):
        return None
    lang = view.get("lang", "en")
    names = _names(view)
    pb = boards[seat]
    favourite = (view.get("private") or {}).get("favourite", [])
    width, height = PRIVATE_WIDTH, 640
    image = new_canvas(width, height, BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width, 64), fill=seat_colour(seat))
    seat_token(draw, (36, 32), seat, radius=22, outline=WHITE)
    ink = contrast_ink(seat_colour(seat))
    title = gettext(lang, "{player}: your board", player=names[seat])
    _fit_text(draw, (70, 32), title, 26, width - 90, ink)
    # The secret Favourite goods, large.
    secret = gettext(lang, "Your secret Favourite goods")
    panel(draw, (10, 76, width - 10, 226), secret, accent=HEADER)
    for j, g in enumerate(favourite):
        cx = 70 + j * 260
        _cube(lang, draw, (cx, 160), 64, g)
        _fit_text(draw, (cx + 46, 160), _term(lang, f"goods.{g}"), 30, 200, INK)
    bonus = gettext(lang, "+5 most, +3 next")
    draw.text((width - 24, 200), bonus, font=font(18), fill=MUTED, anchor="rm")
    # What to decide now.
    turn = view.get("current")
    if view.get("over"):
        now = gettext(lang, "The game is over.")
    elif turn == seat:
        now = gettext(lang, "Your turn: {decision}", decision=_decision(view, names)[1])
    elif turn is not None:
        now = gettext(lang, "Waiting for {player}", player=names[turn])
    else:
        now = ""
    _fit_text(draw, (20, 256), now, 24, width - 40, INK)
    # Canoe and rowers.
    _canoe(lang, draw, 20, 286, pb.get("canoe", []), cell=40)
    rowers = pb.get("rowers", 0)
    if turn == seat and view.get("phase") in ("actions", "keep"):
        left = pb.get("actions_left", 0)
        info = gettext(lang, "Rowers {rowers}, actions left {left}", rowers=rowers, left=left)
    else:
        info = gettext(lang, "Rowers {rowers}", rowers=rowers)
    _fit_text(draw, (310, 306), info, 22, width - 330, INK)
    canoe_at = gettext(lang, "Canoe at {at}", at=pb.get("at", "?"))
    draw.text((310, 338), canoe_at, font=font(20), fill=INK, anchor="lm")
    pending = view.get("pending", {})
    cubes = pending.get("gifts") or pending.get("drawn") or []
    if turn == seat and cubes and not view.get("over"):
        label = gettext(lang, "Gifts") if pending.get("gifts") else gettext(lang, "Drawn")
        draw.text((width - 20, 296), label, font=font(18, True), fill=MUTED, anchor="rm")
        for k, g in enumerate(reversed(cubes)):
            _cube(lang, draw, (width - 38 - k * 44, 330), 36, g)
    # The full Harvest Chart.
    variety = view.get("harvest_chart", {}).get("variety", [])
    chart_title = gettext(lang, "Harvest Chart")
    draw.text((20, 380), chart_title, font=font(22, True), fill=INK, anchor="lm")
    draw.text(
        (width - 20, 380),
        gettext(lang, "goods {points} pts", points=pb.get("goods_score", 0)),
        font=font(22, True),
        fill=INK,
        anchor="rm",
    )
    _chart(lang, draw, 20, 398, pb.get("chart", {}), variety, 38)
    return image


# ---------------------------------------------------------------------------- detail
def detail(view: dict) -> Image.Image:
    """``/board detail``, 720 px wide for a phone (every text 14 px or more): the whole map,
    the compass of reef edges, every player's full Harvest Chart and the last events."""
    lang = view.get("lang", "en")
    names = _names(view)
    boards = view.get("player_boards", [])
    width = PRIVATE_WIDTH
    size, map_h = _geometry(view, [], width, 70.0)
    probe = ImageDraw.Draw(new_canvas(1, 1))
    events = [
        ln
        for e in view.get("events", [])
        for ln in wrap_words(probe, _event_words(e, names, lang), font(16), width - 40)
    ]
    cell = 30
    chart_h = 44 + 6 * cell + 16
    rows = (len(boards) + 1) // 2
    title_h = 50
    compass_h = 150
    height = int(title_h + map_h + compass_h + rows * chart_h + 50 + 22 * len(events) + 20)
    image = new_canvas(width, height, BACKGROUND)
    draw = ImageDraw.Draw(image)
    if view.get("over"):
        title = gettext(lang, "Tahiti · final · detail")
    else:
        title = gettext(lang, "Tahiti · round {round} · detail", round=view.get("round", 1))
    draw.text((16, 12), title, font=font(24, True), fill=INK)
    image.paste(_water(width, int(map_h)), (0, title_h))
    origin = _origin(view, [], size, width, title_h)
    _draw_map(draw, view, size, origin, show_targets=False)
    # The compass: the names of the six edges (the reef edges of a new island).
    y = title_h + map_h + 10
    centre = (90, y + compass_h / 2 - 6)
    draw.polygon(hex_corners(centre, 44), fill=(100, 165, 210), outline=INK)
    for d, label in enumerate(DIRS):
        (ax, ay), (bx, by) = hex_edge(centre, 44, d)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        lx = centre[0] + (mx - centre[0]) * 1.6
        ly = centre[1] + (my - centre[1]) * 1.6
        code = gettext(lang, EDGE_CODES[label]).upper()
        centered_text(draw, (lx, ly), code, font(16, True), INK)
    lines = [
        gettext(lang, "Reef edges of a new island:"),
        gettext(lang, "E east, NE north-east, NW north-west,"),
        gettext(lang, "W west, SW south-west, SE south-east"),
    ]
    for k, line in enumerate(lines):
        draw.text((190, y + 30 + 26 * k), line, font=font(17, k == 0), fill=INK)
    y += compass_h
    variety = view.get("harvest_chart", {}).get("variety", [])
    half = width / 2
    for i, pb in enumerate(boards):
        x0 = 12 + (i % 2) * half
        y0 = y + (i // 2) * chart_h
        seat = pb.get("seat", 0)
        seat_token(draw, (x0 + 16, y0 + 16), seat, radius=15)
        _name(draw, (x0 + 38, y0 + 16), names[seat], (18, 16, 14), half - 38 - 12)
        _chart(lang, draw, x0, y0 + 36, pb.get("chart", {}), variety, cell)
    y += rows * chart_h + 10
    draw.text((16, y), gettext(lang, "Last events"), font=font(20, True), fill=INK)
    y += 32
    for line in events:
        draw.text((20, y), line, font=font(16), fill=INK)
        y += 22
    return image
