"""Amerigo images drawn for a phone (docs/ARCHITECTURE.md 6, issue 25): ``board`` (public, posted
after every turn), ``private`` (one seat, by DM) and ``detail`` (``/board detail``). Views only.

Every image is 760 px wide and every text is drawn at 15 px or more, so shown 360 px wide (a
phone) a letter is 7.1 px or taller and shown 550 px wide (a desktop) 10.8 px or taller; the board
stays at most 1.6 times taller than wide (tests/amerigo/test_legibility.py measures both).

The board, top to bottom:
- a header: round, phase (the action colour and its name), who moves and with how many AP;
- the archipelago: coordinates on the top and left edges, commodity spaces as lettered discs,
  trading posts and villages with their owner's letter, landscapes in green, ships as hulls
  labelled with the owner's letter and the ship's number (A1, A2), ships on the frame's edge
  spaces (numbered 1-16 in the frame) as tags, chests as corner icons;
- a legend of the commodity letters and the symbols;
- what the current decision is about, in one line;
- the cubes as a table (storage, action space, tower per colour, each column headed by its
  colour's name, so colour is never the only cue), the pirates and the time marker;
- the special-action track (the player order) with each seat's disc;
- one box per player: VP, gold, cannons, progress, and goods x production per commodity;
- when the game is over, the final scoring by category instead of the cubes.

Moved off the board (``detail``): the VP track, each player's progress tokens with what they do,
their landscape and village tiles, the offers of progress and production tokens, the landscape
supply, the printed VP of the tracks. ``private``: the seat's own box with its tokens and tiles in
words, and each choice open to it now as a sentence. Components are named by what they are (tiles
by shape, tokens by effect), members by their display names (``view["names"]``).

Every word is drawn in the reader's language (``view["lang"]``: English, Greek or Russian) from
the amerigo catalog and glossary; the commodity spaces are lettered in that language's script.
"""

from __future__ import annotations

import re
from functools import lru_cache

from PIL import Image, ImageDraw

from i18n import T, Tn, joined, say, word
from i18n.glossary import term
from i18n.text import Msg
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

WIDTH = 760
MARGIN = 8
MIN = 15  # the smallest font drawn: 7.1 px at 360 px wide
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
ACTION = {
    "blue": T("Move ships"),
    "black": T("Load cannons"),
    "red": T("Plan"),
    "brown": T("Progress"),
    "green": T("Build"),
    "yellow": T("Buy production"),
    "white": T("Order or special action"),
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
LETTER_IN = {
    # The commodity spaces' letters as each language reads them: the good's initial (Greek
    # βαμβάκι, καπνός, ζάχαρη, καρύδες, καφές; Russian хлопок, табак, сахар, кокосы, кофе).
    "en": {"c": "c", "t": "t", "s": "s", "k": "k", "f": "f"},
    "el": {"c": "β", "t": "π", "s": "ζ", "k": "κ", "f": "φ"},
    "ru": {"c": "х", "t": "т", "s": "с", "k": "к", "f": "ф"},
}
SEAT_NAMES = (T("Orange"), T("Blue"), T("Green"), T("Purple"))
LAND = (196, 178, 120)
LAND_DARK = (150, 130, 80)
POSTSPACE = (232, 218, 170)
LANDSCAPE = (110, 150, 80)
CHEST = (214, 160, 30)
ALERT = (170, 0, 0)
LETTERS = "abcdefghijklmnopqrstuvwxyz"
LABEL = 20  # coordinate band (top and left)
RIM = 28  # the frame with the edge spaces


# ----------------------------------------------------------------------------- words


def _lang(view: dict) -> str:
    lang = view.get("lang", "en")
    return lang if lang in LETTER_IN else "en"


def _letter(lang: str, ch: str) -> str:
    """A commodity space's letter in ``lang``'s script."""
    return LETTER_IN.get(lang, LETTER_IN["en"]).get(ch, ch)


def _names(view: dict) -> list[str]:
    """Members' display names; a colour name where the view has none (never "Player A")."""
    names = view.get("names") or []
    lang = _lang(view)
    return [
        str(names[i])[:32] if i < len(names) and names[i] else say(lang, SEAT_NAMES[i % 4])
        for i in range(view["players"])
    ]


@lru_cache(maxsize=1)
def _tokens() -> dict[str, dict]:
    from engines.amerigo.words import tokens

    return tokens()


def token_name(tid: str, lang: str = "en") -> str:
    """A progress token by what it does, short (tokens have no printed name)."""
    tok = _tokens().get(tid)
    if tok is None:
        return say(lang, T("progress token"))
    eff = tok["effect"]
    acts = joined([ACTION[c] for c in tok.get("colours", [])], "or")
    amount = tok.get("amount", 0)
    name = {
        "ap2": lambda: T("+2 AP for {actions}", actions=acts),
        "ap1": lambda: T("+1 AP for {actions}", actions=acts),
        "ships8": lambda: T("+8 AP per ship, once"),
        "pirates2": lambda: T("pirates 2 stronger for others"),
        "halfloss": lambda: T("lose half VP to pirates"),
        "pirategold": lambda: T("+2 gold per pirate win"),
        "gold": lambda: T("{amount} gold, once", amount=amount),
        "income": lambda: T("+{amount} gold each round", amount=amount),
        "two_landscapes": lambda: T("two landscapes per Plan"),
        "order_top": lambda: T("order disc on top"),
        "red_green": lambda: T("red and green cubes swap"),
        "end_posts": lambda: T("end: 1 VP per post"),
        "end_islands": lambda: T("end: 2 VP per island"),
        "end_gold": lambda: T("end: gold scores twice"),
        "end_cannons": lambda: T("end: 1 VP per 2 cannons"),
    }.get(eff, lambda: T("progress token"))()
    return say(lang, name)


def token_effect(tid: str, lang: str = "en") -> str:
    from engines.amerigo.words import token_text

    return say(lang, token_text(tid)) if tid in _tokens() else ""


def tile_name(sid: str, lang: str = "en") -> str:
    """A landscape or village tile by its shape: ``T landscape (4 spaces)``."""
    from engines.amerigo.words import shape_name

    try:
        return say(lang, shape_name(sid))
    except KeyError:
        return say(lang, T("tile"))


def _tiles(counts: dict[str, int], lang: str = "en") -> str:
    parts = [
        f"{tile_name(k, lang)}{f' ×{v}' if v > 1 else ''}" for k, v in sorted(counts.items()) if v
    ]
    return ", ".join(parts) or say(lang, T("none"))


def _s(lang: str, msg: Msg) -> str:
    """A message as ``lang`` reads it."""
    return say(lang, msg)


@lru_cache(maxsize=1)
def _id_patterns() -> tuple[re.Pattern, re.Pattern]:
    from engines.amerigo.data import shapes

    def alternation(ids) -> str:
        return "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))

    tiles = re.compile(rf"(?<![\w-])({alternation(shapes())})(?![\w-])")
    tokens = re.compile(rf"(?<![\w-])({alternation(_tokens())})(?![\w-])")
    return tiles, tokens


def plain_words(text: str) -> str:
    """An engine's choice text with tile and token ids put in words: ``Plan l3i, straight
    landscape`` -> ``Plan straight landscape``; ``Take ap-black (...)`` -> ``Take the token
    (...)``; ``Cover a1,a2 with l2`` -> ``... with the landscape (2 spaces)``."""
    tiles, tokens = _id_patterns()
    text = re.sub(rf"{tiles.pattern}, ", "", text)
    text = re.sub(rf"\bTake {tokens.pattern} \(", "Take the token (", text)
    text = re.sub(
        rf"(?:\btoken )?{tokens.pattern}", lambda m: f"the token '{token_name(m.group(1))}'", text
    )
    return tiles.sub(lambda m: f"the {tile_name(m.group(1))}", text)


def _cell_xy(name: str) -> tuple[int, int]:
    return int(name[1:]) - 1, LETTERS.index(name[0])


def _lighter(colour: tuple[int, int, int], k: float = 0.45) -> tuple[int, int, int]:
    return tuple(int(c + (255 - c) * k) for c in colour)  # type: ignore[return-value]


def _cell_size(grid: tuple[str, ...]) -> int:
    h, w = len(grid), len(grid[0])
    room = WIDTH - 2 * MARGIN - LABEL - 2 * RIM
    return min(44, room // max(w, 1), 560 // max(h, 1))


def _ranked(view: dict) -> list[dict]:
    """Players best first: VP, then further ahead in player order (rules 6.3 tie-break)."""
    order = view["order"]
    return sorted(view["player_state"], key=lambda p: (-p["vp"], order.index(p["seat"])))


def _fit(d: ImageDraw.ImageDraw, text: str, width: float, size: int = MIN, bold=False) -> str:
    """``text`` cut at a word boundary with an ellipsis if it is wider than ``width``."""
    fnt = font(size, bold)
    if d.textlength(text, font=fnt) <= width:
        return text
    words = text.split(" ")
    while words and d.textlength(" ".join(words) + " …", font=fnt) > width:
        words.pop()
    return " ".join(words) + " …"


def _text(d, xy, text: str, size: int = MIN, bold=False, fill=INK, anchor="la", width=None):
    if width is not None:
        text = _fit(d, text, width, size, bold)
    d.text(xy, text, font=font(max(MIN, size), bold), fill=fill, anchor=anchor)


def _lines(d, text: str, width: float, size: int = MIN, bold=False) -> list[str]:
    """``text`` broken at word boundaries into lines no wider than ``width`` (measured only)."""
    fnt = font(size, bold)
    lines: list[str] = []
    line = ""
    for piece in text.split():
        trial = f"{line} {piece}".strip()
        if d.textlength(trial, font=fnt) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = "  " + piece
    return [*lines, line] if line else lines


def _wrapped_height(d, text: str, width: float, size: int = MIN, bold=False) -> int:
    return len(_lines(d, text, width, size, bold)) * (size + 6)


def _wrap(d, xy, text: str, width: float, size: int = MIN, bold=False, fill=INK) -> int:
    """Draw ``text`` wrapped at word boundaries; returns the height used."""
    lines = _lines(d, text, width, size, bold)
    for i, ln in enumerate(lines):
        d.text((xy[0], xy[1] + i * (size + 6)), ln, font=font(size, bold), fill=fill)
    return len(lines) * (size + 6)


# --------------------------------------------------------------------------------------- map


@static_layer
def _island_layer(grid: tuple[str, ...], trows: int, tcols: int, lang: str = "en") -> Image.Image:
    """The static archipelago: sea, land, anchors, post spaces, commodity spaces, coordinates."""
    cell = _cell_size(grid)
    h, w = len(grid), len(grid[0])
    size = h // trows
    img = Image.new("RGB", (LABEL + w * cell + 2 * RIM, LABEL + h * cell + 2 * RIM), BACKGROUND)
    d = ImageDraw.Draw(img)
    x0 = y0 = LABEL + RIM
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
                    _anchor(d, cx, cy, cell * 0.26)
                continue
            fill = POSTSPACE if ch == "P" else LAND
            d.rectangle(box, fill=fill, outline=LAND_DARK)
            if ch == "P":
                m = cell * 0.14
                d.rectangle((box[0] + m, box[1] + m, box[2] - m, box[3] - m), outline=INK, width=2)
            elif ch in GOOD_COLOUR:
                rad = cell * 0.4
                colour = GOOD_COLOUR[ch]
                d.ellipse((cx - rad, cy - rad, cx + rad, cy + rad), fill=colour, outline=INK)
                centered_text(
                    d,
                    (cx, cy),
                    _letter(lang, ch),
                    font(max(MIN, int(cell * 0.5)), True),
                    contrast_ink(colour),
                )
    for tr in range(trows + 1):
        y = y0 + tr * size * cell
        d.line((x0, y, x0 + w * cell, y), fill=(20, 50, 80), width=2)
    for tc in range(tcols + 1):
        x = x0 + tc * size * cell
        d.line((x, y0, x, y0 + h * cell), fill=(20, 50, 80), width=2)
    f = font(MIN, True)
    for c in range(w):
        column = term("amerigo", f"column.{LETTERS[c]}", lang, default=LETTERS[c])
        centered_text(d, (x0 + c * cell + cell / 2, LABEL / 2), column, f)
    for r in range(h):
        centered_text(d, (LABEL / 2, y0 + r * cell + cell / 2), str(r + 1), f)
    return img


def _anchor(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    d.ellipse((cx - r * 0.45, cy - r, cx + r * 0.45, cy - r * 0.1), outline=WHITE, width=2)
    d.line((cx, cy - r * 0.1, cx, cy + r), fill=WHITE, width=2)
    d.arc((cx - r, cy - r * 0.2, cx + r, cy + r * 1.1), 20, 160, fill=WHITE, width=2)


def _chest(d: ImageDraw.ImageDraw, box: tuple, cell: int) -> None:
    """A small chest in the top-right corner of a cell, leaving its middle visible."""
    s = max(10, cell * 0.36)
    x1, y0 = box[2] - 2, box[1] + 2
    d.rectangle((x1 - s, y0 + s * 0.3, x1, y0 + s), fill=CHEST, outline=INK, width=1)
    d.rectangle((x1 - s, y0, x1, y0 + s * 0.35), fill=(170, 120, 20), outline=INK, width=1)


def _ship(d: ImageDraw.ImageDraw, cx: float, cy: float, cell: int, seat: int, label: str) -> None:
    """A hull in the seat colour with its label inside and a small sail above."""
    colour = seat_colour(seat)
    hw, hh = cell * 0.5, max(17, cell * 0.5)
    top = cy - hh * 0.4
    hull = [(cx - hw, top), (cx + hw, top), (cx + hw * 0.78, top + hh), (cx - hw * 0.78, top + hh)]
    mast = cx + hw * 0.6
    d.line((mast, top, mast, top - cell * 0.32), fill=INK, width=2)
    d.polygon(
        [(mast, top - cell * 0.32), (mast, top - 2), (mast + cell * 0.22, top - 2)],
        fill=WHITE,
        outline=INK,
    )
    d.polygon(hull, fill=colour, outline=INK)
    centered_text(d, (cx, top + hh / 2), label, font(MIN, True), contrast_ink(colour))


def _tag(d: ImageDraw.ImageDraw, cx: float, cy: float, seat: int, label: str) -> None:
    """A ship on an edge space: a seat-coloured tag with its label."""
    colour = seat_colour(seat)
    d.rounded_rectangle((cx - 16, cy - 11, cx + 16, cy + 11), radius=5, fill=colour, outline=INK)
    centered_text(d, (cx, cy), label, font(MIN, True), contrast_ink(colour))


def _map(img: Image.Image, view: dict, ox: int, oy: int) -> int:
    """Draw the archipelago with pieces at (ox, oy); returns its bottom."""
    grid = tuple(view["grid"])
    trows = view["trows"]
    layer = _island_layer(grid, trows, view["tcols"], _lang(view))
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
        lx = bx[0] + 16 if horizontal else (bx[0] + bx[2]) / 2
        ly = (bx[1] + bx[3]) / 2 if horizontal else bx[1] + 14
        centered_text(d, (lx, ly), rim["name"].removeprefix("rim"), font(MIN, True), INK)
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
                font(max(MIN, int(cell * 0.5)), True),
                contrast_ink(fill),
            )
    for name, seat in view["posts"].items():
        bx = box_of(name)
        m = cell * 0.08
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
            font(max(MIN, int(cell * 0.55)), True),
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
            d.ellipse((bx[0] + 1, bx[1] + 1, bx[0] + 21, bx[1] + 21), fill=(0, 110, 0))
            centered_text(d, (bx[0] + 11, bx[1] + 11), "✓", font(MIN, True), WHITE)
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
                if bx[2] - bx[0] > bx[3] - bx[1]:  # after the number, along the frame
                    step = min(36.0, (bx[2] - bx[0] - 36) / rim_total[node])
                    cx, cy = bx[0] + 34 + step * (k + 0.5), (bx[1] + bx[3]) / 2
                else:
                    step = min(26.0, (bx[3] - bx[1] - 30) / rim_total[node])
                    cx, cy = (bx[0] + bx[2]) / 2, bx[1] + 28 + step * (k + 0.5)
                _tag(d, cx, cy, p["seat"], label)
            else:
                bx = box_of(node)
                _ship(d, (bx[0] + bx[2]) / 2, (bx[1] + bx[3]) / 2 + 2, cell, p["seat"], label)
    return oy + layer.height


def _gap(usual: float, spare: float, count: int) -> float:
    """The gap after each of ``count`` items: ``usual`` where the row has room for it, less
    (down to 2 px) where longer words leave only ``spare`` pixels."""
    return usual if usual * count <= spare else max(2.0, spare / count)


@static_layer
def _legend_layer(lang: str = "en") -> Image.Image:
    """Commodity letters in the first row, the symbols in the second (and a third where Greek
    or Russian words do not fit in two)."""
    probe = ImageDraw.Draw(Image.new("RGB", (4, 4)))
    goods = [say(lang, word("amerigo", f"goods.{good}")) for good in GOODS]
    symbols = [
        ("post", _s(lang, T("post space"))),
        ("chest", _s(lang, T("chest"))),
        ("land", _s(lang, T("landscape"))),
        ("village", _s(lang, T("village"))),
        ("anchor", _s(lang, T("anchor"))),
        ("ship", _s(lang, T("A1 = ship 1 of A"))),
    ]
    room = WIDTH - MARGIN - 4
    goods_w = sum(int(probe.textlength(g, font=font(MIN))) + 40 for g in goods)
    gap_goods = _gap(12, room - goods_w, len(goods))
    # The symbols flow left to right and wrap to a new row when the next one does not fit.
    rows: list[list[tuple[str, str, int]]] = [[]]
    x = MARGIN + 4
    for kind, text in symbols:
        item = 42 + int(probe.textlength(text, font=font(MIN))) + (8 if kind == "ship" else 0)
        if rows[-1] and x + item > room:
            rows.append([])
            x = MARGIN + 4
        rows[-1].append((kind, text, x))
        x += item + 10
    img = Image.new("RGB", (WIDTH, 62 + 30 * (len(rows) - 1)), BACKGROUND)
    d = ImageDraw.Draw(img)
    x = MARGIN + 4
    for good, name in zip(GOODS, goods, strict=True):
        ch = GOOD_LETTER[good]
        d.ellipse((x, 4, x + 24, 28), fill=GOOD_COLOUR[ch], outline=INK)
        centered_text(
            d, (x + 12, 16), _letter(lang, ch), font(MIN, True), contrast_ink(GOOD_COLOUR[ch])
        )
        _text(d, (x + 28, 16), name, anchor="lm")
        x += 40 + int(d.textlength(name, font=font(MIN))) + gap_goods
    for r, row in enumerate(rows):
        y = 46 + 30 * r
        for kind, text, x in row:
            _symbol(d, kind, x, y)
            shift = 8 if kind == "ship" else 0
            _text(d, (x + shift + 30, y), text, anchor="lm")
    return img


def _symbol(d: ImageDraw.ImageDraw, kind: str, x: float, y: float) -> None:
    """One legend symbol, 24 px wide, centred on ``y``."""
    box = (x, y - 12, x + 24, y + 12)
    if kind == "post":
        d.rectangle(box, fill=POSTSPACE, outline=INK, width=2)
    elif kind == "chest":
        _chest(d, (x - 6, y - 14, x + 24, y + 16), 44)
    elif kind == "land":
        d.rectangle(box, fill=LANDSCAPE, outline=INK, width=2)
    elif kind == "village":
        d.rectangle(box, fill=_lighter(seat_colour(0), 0.15), outline=INK, width=2)
        centered_text(d, (x + 12, y), "A", font(MIN, True), INK)
    elif kind == "anchor":
        d.rectangle(box, fill=SEA)
        _anchor(d, x + 12, y, 9)
    else:
        _tag(d, x + 12, y, 0, "A1")


# ----------------------------------------------------------------------------- cubes


def _chip(d: ImageDraw.ImageDraw, box: tuple, colour: str, n: int, strong: bool = True) -> None:
    """A cube-coloured chip with a count (a pale outline for none)."""
    if not n:
        d.rounded_rectangle(box, radius=5, outline=MUTED, width=1)
        return
    fill = CUBE[colour]
    d.rounded_rectangle(box, radius=5, fill=fill, outline=INK, width=2)
    centered_text(
        d,
        ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
        str(n),
        font(17, strong),
        contrast_ink(fill),
    )


def _header(d: ImageDraw.ImageDraw, view: dict, names: list[str]) -> int:
    lang = _lang(view)
    d.rectangle((0, 0, WIDTH, 62), fill=(32, 60, 90))
    if view["over"]:
        ranked = _ranked(view)
        _text(d, (MARGIN + 4, 6), _s(lang, T("Amerigo · game over")), 24, True, WHITE)
        text = " · ".join(
            _s(lang, T("{rank}. {name} {vp} VP", rank=i + 1, name=names[p["seat"]], vp=p["vp"]))
            for i, p in enumerate(ranked)
        )
        _text(d, (MARGIN + 4, 36), text, 18, True, (255, 215, 0), width=WIDTH - 24)
        return 64
    colour = view["colour"]
    fill = CUBE[colour]
    d.rounded_rectangle((MARGIN + 2, 8, MARGIN + 26, 32), radius=4, fill=fill, outline=WHITE)
    text = _s(
        lang,
        T(
            "Amerigo · round {round} of 5 · {colour} phase",
            round=view["round"],
            colour=word("amerigo", f"colour.{colour}"),
        ),
    )
    _text(d, (MARGIN + 34, 6), text, 22, True, WHITE, width=WIDTH - 60)
    turn = view["turn"]
    if turn:
        seat = turn["current"]
        seat_token(d, (MARGIN + 14, 46), seat, radius=13)
        who = _s(
            lang,
            T("{name} to move · {ap} AP (action points)", name=names[seat], ap=turn["ap"]),
        )
        _text(d, (MARGIN + 34, 35), who, 19, True, (255, 215, 0), width=WIDTH - 60)
    return 64


def _now(d: ImageDraw.ImageDraw, view: dict, names: list[str], y: int) -> int:
    """What the current decision is about, in one line."""
    lang = _lang(view)
    turn = view["turn"]
    if not turn or view["over"]:
        return y
    seat = turn["current"]
    st = turn["step"] or {}
    kind = st.get("k")
    who = names[seat]
    ap = st.get("ap", 0)
    if not st:
        msg = T(
            "{name} chooses an action colour from the action space (or {gold} gold instead).",
            name=who,
            gold=turn["gold_value"],
        )
    elif kind == "blue":
        left = st.get("left") or [0, 0]
        msg = T(
            "{name} sails: ship 1 has {one} AP left, ship 2 has {two} AP.",
            name=who,
            one=left[0],
            two=left[1],
        )
    elif kind == "token":
        msg = Tn(
            "{name} takes {count} progress token (offer in the detail).",
            "{name} takes {count} progress tokens (offer in the detail).",
            st.get("left", 1),
            name=who,
        )
    elif kind == "green":
        tile = st.get("tile")
        msg = (
            T(
                "{name} builds, {ap} AP left: placing the {tile}.",
                name=who,
                ap=ap,
                tile=tile_name(tile, lang),
            )
            if tile
            else T("{name} builds, {ap} AP left.", name=who, ap=ap)
        )
    elif kind == "red":
        msg = T("{name} plans (takes landscapes), {ap} AP left.", name=who, ap=ap)
    elif kind == "yellow":
        msg = T("{name} buys production tokens, {ap} AP left.", name=who, ap=ap)
    elif kind == "track":
        msg = {
            "black": lambda: T("{name} loads cannons, {ap} AP.", name=who, ap=ap),
            "brown": lambda: T("{name} advances on the progress track, {ap} AP.", name=who, ap=ap),
        }.get(
            st.get("c", ""),
            lambda: T("{name} moves the order disc, up to {ap} AP.", name=who, ap=ap),
        )()
    else:
        msg = T(
            "{name}: {action}, {ap} AP.",
            name=who,
            action=ACTION.get(st.get("c", ""), T("action")),
            ap=ap,
        )
    text = _s(lang, msg)
    d.rounded_rectangle(
        (MARGIN, y, WIDTH - MARGIN, y + 34), radius=8, fill=PAPER, outline=ALERT, width=3
    )
    _text(d, (MARGIN + 10, y + 17), text, 17, True, ALERT, anchor="lm", width=WIDTH - 40)
    return y + 40


def _cubes(d: ImageDraw.ImageDraw, view: dict, y: int) -> int:
    """Storage, action space and tower per colour, as a table under the colours' names."""
    lang = _lang(view)
    x, width = MARGIN, WIDTH - 2 * MARGIN
    height = 4 + 22 + 3 * 30 + 28 + 2
    panel(d, (x, y, x + width, y + height), None)
    rows = (
        (_s(lang, T("storage")), view["storage"]),
        (_s(lang, T("action space")), view["space"]),
        (_s(lang, T("tower")), view["tower"]),
    )
    # The row titles' column is as wide as the longest title (Greek "θέση ενέργειας").
    # The row titles' column fits the longest title (Greek "θέση ενέργειας"); the colour
    # columns share the rest, so Russian "коричневый" keeps clear of its neighbours.
    widest = max(int(d.textlength(t, font=font(MIN, True))) for t, _ in rows)
    label_w = 118 if lang == "en" else max(90, widest + 14)
    cw = (width - label_w - 10) / 7
    for i, colour in enumerate(COLOURS):
        cx = x + label_w + i * cw + cw / 2
        bold = colour == view["colour"] and not view["over"]
        name = say(lang, word("amerigo", f"colour.{colour}"))
        _text(d, (cx, y + 16), name, MIN, bold, ALERT if bold else INK, anchor="mm")
    for r, (title, counts) in enumerate(rows):
        ry = y + 27 + r * 30
        _text(d, (x + 10, ry + 14), title, MIN, True, anchor="lm")
        for i, colour in enumerate(COLOURS):
            bx = x + label_w + i * cw + 6
            _chip(d, (bx, ry, bx + cw - 12, ry + 26), colour, counts.get(colour, 0))
    hidden = sum(1 for v in view["pirates"] if v is None)
    shown = " + ".join(str(v) for v in view["pirates"] if v is not None) or _s(lang, T("none"))
    text = _s(
        lang,
        T(
            "Pirates: strength {strength} ({shown} shown, {hidden} face down) · time marker {time}",
            strength=view["pirate_strength"],
            shown=shown,
            hidden=hidden,
            time=view["time_value"],
        ),
    )
    _text(d, (x + 10, y + height - 18), text, MIN, True, anchor="lm", width=width - 20)
    return y + height + 6


def _special_track(d: ImageDraw.ImageDraw, view: dict, names: list[str], y: int) -> int:
    """The special-action track: player order, first to act at the left."""
    x, width = MARGIN, WIDTH - 2 * MARGIN
    colours = view["special_track"]["colours"]
    order = " > ".join(names[s] for s in view["order"])
    text = _s(_lang(view), T("Player order: {order}", order=order))
    _text(d, (x + 4, y + 10), text, MIN, True, anchor="lm", width=width - 8)
    cw = width / len(colours)
    stacks: dict[int, list[int]] = {}
    for seat in reversed(view["order"]):  # bottom of each stack first
        stacks.setdefault(view["player_state"][seat]["order_pos"], []).append(seat)
    top = y + 22
    for i, colour in enumerate(colours):
        bx = (x + i * cw, top, x + (i + 1) * cw - 3, top + 30)
        d.rectangle(bx, fill=CUBE[colour], outline=INK, width=1)
        here = stacks.get(i, [])
        for k, seat in enumerate(here):
            dx = (k - (len(here) - 1) / 2) * 12
            seat_token(d, ((bx[0] + bx[2]) / 2 + dx, (bx[1] + bx[3]) / 2), seat, 13)
    return top + 36


# ----------------------------------------------------------------------------- players


def _goods_line(
    d: ImageDraw.ImageDraw, p: dict, x: float, y: float, step: float, lang: str = "en"
) -> None:
    for good in GOODS:
        ch = GOOD_LETTER[good]
        d.ellipse((x, y - 11, x + 22, y + 11), fill=GOOD_COLOUR[ch], outline=INK)
        centered_text(
            d, (x + 11, y), _letter(lang, ch), font(MIN, True), contrast_ink(GOOD_COLOUR[ch])
        )
        text = f"{p['goods'][good]}×{p['production'][good]}"
        _text(d, (x + 25, y), text, 16, True, anchor="lm")
        x += step


PLAYER_H = 90


def _player_box(d: ImageDraw.ImageDraw, view: dict, p: dict, box: tuple, name: str) -> None:
    """One player at a glance: VP, gold, cannons, progress; goods x production per commodity."""
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
    lang = _lang(view)
    seat_token(d, (x0 + 20, y0 + 20), seat, radius=14)
    vp = _s(lang, T("{vp} VP", vp=p["vp"]))
    vp_w = d.textlength(vp, font=font(20, True))
    _text(
        d,
        (x0 + 40, y0 + 20),
        name + (" ◀" if mover else ""),
        18,
        True,
        anchor="lm",
        width=x1 - x0 - vp_w - 60,
    )
    _text(d, (x1 - 10, y0 + 20), vp, 20, True, anchor="rm")
    stats = _s(
        lang,
        T(
            "gold {gold} · cannons {cannons} · progress {progress} · posts left {posts}",
            gold=p["gold"],
            cannons=p["cannons"],
            progress=p["progress"],
            posts=p["posts_left"],
        ),
    )
    _text(d, (x0 + 10, y0 + 44), stats, MIN, anchor="lm", width=x1 - x0 - 20)
    _goods_line(d, p, x0 + 8, y0 + 70, (x1 - x0 - 12) / 5, lang)


def _players(d: ImageDraw.ImageDraw, view: dict, names: list[str], y: int) -> int:
    """Player boxes, two to a row."""
    inner = WIDTH - 2 * MARGIN
    w = (inner - 6) / 2
    for i, p in enumerate(view["player_state"]):
        r, c = divmod(i, 2)
        x = MARGIN + c * (w + 6)
        top = y + r * (PLAYER_H + 6)
        _player_box(d, view, p, (x, top, x + w, top + PLAYER_H), names[p["seat"]])
    rows = (len(view["player_state"]) + 1) // 2
    return y + rows * (PLAYER_H + 6)


def _standings(d: ImageDraw.ImageDraw, view: dict, names: list[str], y: int) -> int:
    """Final standings: rank by VP then tie-break, one column per category."""
    lang = _lang(view)
    x, width = MARGIN, WIDTH - 2 * MARGIN
    ranked = _ranked(view)
    cols = [
        ("game", T("game")),
        ("gold", T("gold")),
        ("commodities", T("goods")),
        ("progress", T("progress")),
        ("special", T("special")),
        ("total", T("total")),
    ]
    height = 36 + 28 + 36 * len(ranked) + 8
    title = _s(lang, T("Final scoring (ties: further ahead in order)"))
    panel(d, (x, y, x + width, y + height), title)
    left = x + 230
    step = (width - 230 - 10) / len(cols)
    for i, (_key, label) in enumerate(cols):
        _text(
            d,
            (left + (i + 1) * step - 6, y + 48),
            _s(lang, label),
            MIN,
            True,
            MUTED,
            anchor="rm",
        )
    for r, p in enumerate(ranked):
        cy = y + 80 + r * 36
        _text(d, (x + 10, cy), f"{r + 1}.", 18, True, anchor="lm")
        seat_token(d, (x + 50, cy), p["seat"], radius=13)
        _text(d, (x + 70, cy), names[p["seat"]], 17, anchor="lm", width=155)
        row = (view["final"] or [{}] * view["players"])[p["seat"]]
        for i, (key, _label) in enumerate(cols):
            _text(
                d,
                (left + (i + 1) * step - 6, cy),
                str(row.get(key, "")),
                17,
                key == "total",
                anchor="rm",
            )
    return y + height + 6


# ----------------------------------------------------------------------------- entry points


def board(view: dict) -> Image.Image:
    names = _names(view)
    n = view["players"]
    grid = tuple(view["grid"])
    layer = _island_layer(grid, view["trows"], view["tcols"], _lang(view))
    legend = _legend_layer(_lang(view))
    rows = (n + 1) // 2
    height = 64 + layer.height + 4 + legend.height + 40 + 160 + 64 + rows * (PLAYER_H + 6) + 10
    if view["over"]:
        height += 80 + 36 * n
    img = Image.new("RGB", (WIDTH, height), BACKGROUND)
    d = ImageDraw.Draw(img)
    y = _header(d, view, names)
    y = _map(img, view, (WIDTH - layer.width) // 2, y) + 2
    img.paste(legend, (0, y))
    y += legend.height + 4
    if view["over"]:
        y = _standings(d, view, names, y)
    else:
        y = _now(d, view, names, y)
        y = _cubes(d, view, y)
        y = _special_track(d, view, names, y)
    y = _players(d, view, names, y)
    return img.crop((0, 0, WIDTH, min(height, y + 4)))


def _own_lines(view: dict, seat: int) -> list[tuple[str, int, bool]]:
    """The seat's tokens and tiles in words."""
    lang = _lang(view)
    p = view["player_state"][seat]
    lines: list[tuple[str, int, bool]] = []
    if p["tokens"]:
        lines.append((_s(lang, T("Your progress tokens:")), 17, True))
        for tid, used in p["tokens"]:
            lines.append((_token_line(tid, used, lang), MIN, False))
    else:
        lines.append((_s(lang, T("No progress tokens yet.")), 17, True))
    supply, villages = _tiles(p["supply"], lang), _tiles(p["villages_left"], lang)
    lines.append((_s(lang, T("Tiles ready to build: {tiles}", tiles=supply)), MIN, False))
    lines.append((_s(lang, T("Villages left: {tiles}", tiles=villages)), MIN, False))
    lines.append((_s(lang, T("Chests found: {chests}", chests=p["chests"])), MIN, False))
    return lines


def _token_line(tid: str, used: bool, lang: str) -> str:
    """``· permanent: ...``, ``(used)`` after a token already spent."""
    if used:
        return _s(lang, T("· {effect} (used)", effect=token_effect(tid, lang)))
    return f"· {token_effect(tid, lang)}"


def private(view: dict) -> Image.Image | None:
    """The seat's own box, its tokens and tiles, and every choice open to it now, in words."""
    seat = view["seat"]
    lang = _lang(view)
    names = _names(view)
    choices = [
        plain_words(text) if lang == "en" else say(lang, text)
        for _move, text in (view["private"].get("choices") or [])
    ]
    shown = choices[:14]
    probe = ImageDraw.Draw(Image.new("RGB", (4, 4)))
    width = WIDTH - 2 * MARGIN - 16
    own = _own_lines(view, seat)
    height = 10 + PLAYER_H + 10
    for text, size, bold in own:
        height += _wrapped_height(probe, text, width, size, bold) + 2
    height += 50
    for text in shown:
        height += _wrapped_height(probe, "· " + text, width, 16) + 2
    height += (30 if len(choices) > len(shown) else 0) + 16
    img = Image.new("RGB", (WIDTH, height), BACKGROUND)
    d = ImageDraw.Draw(img)
    p = view["player_state"][seat]
    you = _s(lang, T("{name} (you)", name=names[seat]))
    _player_box(d, view, p, (MARGIN, 10, WIDTH - MARGIN, 10 + PLAYER_H), you)
    y = 10 + PLAYER_H + 10
    for text, size, bold in own:
        y += _wrap(d, (MARGIN + 8, y), text, width, size, bold) + 2
    y += 14
    title = _s(lang, T("Your choices now:") if choices else T("Nothing to choose now."))
    _text(d, (MARGIN + 8, y), title, 19, True, ALERT)
    y += 34
    for text in shown:
        y += _wrap(d, (MARGIN + 8, y), "· " + text, width, 16) + 2
    if len(choices) > len(shown):
        _text(
            d,
            (MARGIN + 8, y + 4),
            _s(lang, T("… and {more} more: use autocomplete.", more=len(choices) - len(shown))),
            16,
            fill=MUTED,
        )
    return img


def _detail_lines(view: dict, names: list[str]) -> list[tuple[str, int, bool]]:
    lang = _lang(view)
    lines: list[tuple[str, int, bool]] = []
    for p in view["player_state"]:
        head = T(
            "{name} ({letter}): {vp} VP",
            name=names[p["seat"]],
            letter=seat_letter(p["seat"]),
            vp=p["vp"],
        )
        lines.append((_s(lang, head), 18, True))
        for tid, used in p["tokens"]:
            lines.append((_token_line(tid, used, lang), MIN, False))
        supply, villages = _tiles(p["supply"], lang), _tiles(p["villages_left"], lang)
        lines.append((_s(lang, T("· tiles ready to build: {tiles}", tiles=supply)), MIN, False))
        lines.append((_s(lang, T("· villages left: {tiles}", tiles=villages)), MIN, False))
        lines.append((_s(lang, T("· chests {chests}", chests=p["chests"])), MIN, False))
    lines.append((_s(lang, T("Progress tokens on offer:")), 18, True))
    offer = [t for t in view["progress_area"] if t]
    for tid in offer:
        lines.append((f"· {token_effect(tid, lang)}", MIN, False))
    if not offer:
        lines.append((_s(lang, T("· none")), MIN, False))
    left = T("Progress tokens left in the pile: {left}", left=view.get("progress_deck", 0))
    lines.append((_s(lang, left), MIN, False))
    lines.append((_s(lang, T("Production tokens on offer (commodity, cost):")), 18, True))
    prod = [
        _s(lang, T("{good} {cost} AP", good=word("amerigo", f"goods.{g}"), cost=c))
        for g, c in (x for x in view["production_area"] if x)
    ]
    lines.append((" · ".join(prod) or _s(lang, T("none")), MIN, False))
    lines.append((_s(lang, T("Landscape tiles in the supply:")), 18, True))
    lines.append((_tiles(view["landscapes"], lang), MIN, False))
    pvp = ", ".join(
        _s(lang, T("space {space}: {vp} VP", space=k, vp=v))
        for k, v in view["progress_track"]["vp"].items()
    )
    svp = ", ".join(
        _s(lang, T("space {space}: {vp} VP", space=int(k) + 1, vp=v))
        for k, v in view["special_track"]["vp"].items()
    )
    progress = T(
        "Progress track (last space {last}): {spaces}",
        last=view["progress_track"]["last"],
        spaces=pvp,
    )
    lines.append((_s(lang, progress), MIN, False))
    lines.append((_s(lang, T("Special-action track: {spaces}", spaces=svp)), MIN, False))
    return lines


def detail(view: dict) -> Image.Image:
    """Everything the board leaves out: the VP track, tokens with their effects, tiles, the
    offers, the landscape supply and the printed VP of the tracks."""
    names = _names(view)
    lines = _detail_lines(view, names)
    probe = ImageDraw.Draw(Image.new("RGB", (4, 4)))
    width = WIDTH - 2 * MARGIN - 8
    height = (
        50 + 5 * 58 + 16 + sum(_wrapped_height(probe, t, width, s, b) + 4 for t, s, b in lines) + 16
    )
    img = Image.new("RGB", (WIDTH, height), BACKGROUND)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, WIDTH, 44), fill=(32, 60, 90))
    _text(
        d,
        (MARGIN + 4, 22),
        _s(_lang(view), T("Amerigo details · round {round} of 5", round=view["round"])),
        22,
        True,
        WHITE,
        anchor="lm",
    )
    y = _vp_track(d, view, MARGIN, 52, WIDTH - 2 * MARGIN) + 16
    for text, size, bold in lines:
        y += _wrap(d, (MARGIN + 4, y), text, width, size, bold) + 4
    return img


def _vp_track(d: ImageDraw.ImageDraw, view: dict, x: float, y: float, width: float) -> float:
    """The VP track 0..49, ten spaces a row; each disc past 50 has its lap (+50, +100) written
    beside it, never over the number. Returns the bottom."""
    cell = width / 10
    here: dict[int, list[tuple[int, int]]] = {}
    for p in view["player_state"]:
        here.setdefault(p["vp"] % 50, []).append((p["seat"], p["vp"] // 50))
    for i in range(50):
        row, col = divmod(i, 10)
        bx = (x + col * cell, y + row * 58, x + (col + 1) * cell - 3, y + row * 58 + 54)
        d.rectangle(bx, fill=WHITE, outline=MUTED)
        d.text((bx[0] + 3, bx[1] + 1), str(i), font=font(MIN), fill=MUTED)
        for k, (seat, lap) in enumerate(here.get(i, [])):
            cx = bx[0] + 14 + (k % 2) * (cell / 2)
            cy = bx[1] + 30 + (k // 2) * 14
            seat_token(d, (cx, cy), seat, radius=13)
            if lap:
                _text(d, (cx + 13, cy), f"+{50 * lap}", MIN, True, anchor="lm")
    return y + 5 * 58


__all__ = ["PAPER", "board", "detail", "private", "tile_name", "token_name"]
