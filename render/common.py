"""Drawing helpers shared by every game's renderer: palette, bundled fonts, hex geometry, panels,
tracks, and PNG encoding.

Fonts come from ``data/fonts`` so every machine draws the same pixels. Seats have a colour *and* a
letter (A, B, C, ...) so colour-blind players can tell them apart; the colours are the Okabe-Ito
palette, chosen to stay distinct under the common colour-vision deficiencies.
"""

from __future__ import annotations

import io
import math
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont, features

import i18n
from i18n import glossary

FONT_DIR = Path(__file__).resolve().parent.parent / "data" / "fonts"

# Okabe-Ito: distinguishable with protanopia, deuteranopia and tritanopia.
SEAT_COLOURS: tuple[tuple[int, int, int], ...] = (
    (230, 159, 0),  # orange
    (86, 180, 233),  # sky blue
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (213, 94, 0),  # vermillion
    (0, 114, 178),  # blue
)
SEAT_LETTERS = "ABCDEF"
SEAT_LETTERS_IN: dict[str, str] = {"en": SEAT_LETTERS, "el": "ΑΒΓΔΕΖ", "ru": "АБВГДЕ"}
"""Seat letters in the reader's alphabet: a Greek or Russian board reads as a whole in its
script (issue 26), and the letters keep their order (Α Β Γ, А Б В)."""
_DRAWING_IN: ContextVar[str] = ContextVar("drawing_in", default="en")

BACKGROUND = (246, 241, 227)
INK = (33, 37, 41)
MUTED = (120, 120, 120)
SEA = (64, 130, 180)
SEA_LIGHT = (120, 175, 210)
PAPER = (252, 250, 244)
HIGHLIGHT = (255, 215, 0)
WHITE = (255, 255, 255)


def seat_colour(seat: int) -> tuple[int, int, int]:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def command_in(lang: str | None, command: str) -> str:
    """A slash command as a member of ``lang`` sees it in Discord (see :func:`i18n.command_in`)."""
    return i18n.command_in(lang, command)


def placeholder(seat: int) -> str:
    """How engines name a seat in their texts (``Player A``, Latin in every language), which is
    replaced by the member's name before it is shown."""
    return f"Player {SEAT_LETTERS[seat % len(SEAT_LETTERS)]}"


BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""Unicode's bidirectional formatting characters (marks, embeddings, overrides, isolates): in
a member-typed name, one left open (U+202E) would reverse the text that follows it."""


def without_bidi_controls(text: str) -> str:
    """A member-typed text without bidirectional controls, as an image draws it (Pillow would
    draw an isolate as a box; a name's own letters keep their direction anyway)."""
    return "".join(c for c in text if c not in BIDI_CONTROLS)


def names_drawable(spec: Any) -> Any:
    """An image spec (or a view) with its members' names (``names``, a tournament's rows'
    ``name``) drawable: no bidirectional controls (:func:`without_bidi_controls`)."""
    if isinstance(spec, dict):
        found = {}
        for key, value in spec.items():
            if key == "names" and isinstance(value, list):
                value = [without_bidi_controls(n) if isinstance(n, str) else n for n in value]
            elif key == "name" and isinstance(value, str):
                value = without_bidi_controls(value)
            elif key in ("view", "rows"):
                value = names_drawable(value)
            found[key] = value
        return found
    if isinstance(spec, list):
        return [names_drawable(item) for item in spec]
    return spec


@contextmanager
def drawing_in(lang: str | None) -> Iterator[None]:
    """Draw seat letters in ``lang``'s alphabet while the block runs (the host sets it from the
    view's ``lang`` around every image it draws)."""
    token = _DRAWING_IN.set(i18n.language(lang))
    try:
        yield
    finally:
        _DRAWING_IN.reset(token)


def seat_letter(seat: int) -> str:
    letters = SEAT_LETTERS_IN.get(_DRAWING_IN.get(), SEAT_LETTERS)
    return letters[seat % len(letters)]


FALLBACK_FONTS: tuple[str, ...] = (
    "NotoSansHebrew-Regular.ttf",
    "NotoSansArabic-Regular.ttf",
    "NotoSansCJKsc-Subset.otf",
    "NotoEmoji-Regular.ttf",
)
"""The bundled fonts that draw what DejaVu Sans lacks, tried in this order for each character
(subsets of Noto, made by ``data/fonts/build.py``): Chinese, Japanese and Korean names, emoji
(monochrome), and the Hebrew and Arabic letters DejaVu does not have (issue 40 section 2)."""

HAVE_RAQM = features.check("raqm")
"""Pillow shapes Arabic and orders right-to-left text with libraqm where it finds it; without it a
right-to-left run is drawn reversed, so it still reads in its order (unjoined)."""


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at ``size`` px, with the bundled fallbacks (:class:`FallbackFont`): every
    name draws with real glyphs, whatever its script."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return FallbackFont(str(FONT_DIR / name), size)


@cache
def coverage(path: str) -> frozenset[int]:
    """The code points a font file has glyphs for (its ``cmap``), read once."""
    from fontTools.ttLib import TTFont

    return frozenset(TTFont(path, lazy=True).getBestCmap())


@lru_cache(maxsize=64)
def _plain_font(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size)


def _strength(ch: str) -> str:
    """``R`` for a right-to-left letter, ``L`` for a left-to-right one or a digit, else ``N``."""
    kind = unicodedata.bidirectional(ch)
    if kind in ("R", "AL"):
        return "R"
    return "L" if kind in ("L", "EN", "AN") else "N"


def _clings(ch: str) -> bool:
    """A character drawn with the one before it: a mark, a joiner, a variation selector."""
    return unicodedata.category(ch) in ("Mn", "Me", "Cf") or 0xFE00 <= ord(ch) <= 0xFE0F


@dataclass(frozen=True)
class Run:
    """Characters drawn with one font in one direction (``text`` in logical order)."""

    text: str
    font: ImageFont.FreeTypeFont
    rtl: bool


@lru_cache(maxsize=8192)
def _runs(paths: tuple[str, ...], size: int, text: str) -> tuple[Run, ...]:
    """``text`` split into runs by the first font of ``paths`` that covers each character (a
    space, a mark or a joiner stays with the run before it) and by direction: the line reads left
    to right and a right-to-left name within it right to left (neutrals between two
    right-to-left letters go with them)."""
    covers = [coverage(p) for p in paths]
    fonts_of: list[int] = []
    for ch in text:
        code = ord(ch)
        if fonts_of and (_clings(ch) or (ch.isspace() and code in covers[fonts_of[-1]])):
            fonts_of.append(fonts_of[-1])
            continue
        fonts_of.append(next((i for i, c in enumerate(covers) if code in c), 0))
    strength = [_strength(ch) for ch in text]
    rtl = [False] * len(text)
    before = "L"
    for i, kind in enumerate(strength):
        if kind != "N":
            before = kind
            rtl[i] = kind == "R"
            continue
        after = next((k for k in strength[i + 1 :] if k != "N"), "L")
        rtl[i] = before == "R" and after == "R"
    runs: list[Run] = []
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or (fonts_of[i], rtl[i]) != (fonts_of[start], rtl[start]):
            runs.append(Run(text[start:i], _plain_font(paths[fonts_of[start]], size), rtl[start]))
            start = i
    return tuple(runs)


def font_runs(text: str, fnt: Any) -> list[tuple[str, ImageFont.FreeTypeFont]]:
    """Which font draws which characters of ``text`` (in logical order): the fallback's runs, or
    the one font for the whole text."""
    if isinstance(fnt, FallbackFont):
        return [(run.text, run.font) for run in fnt.runs(text)]
    return [(text, fnt)]


class FallbackFont(ImageFont.FreeTypeFont):
    """DejaVu Sans (its metrics, its pixels for every text it covers) that draws each run of
    characters it lacks with the first bundled fallback covering it (:data:`FALLBACK_FONTS`),
    on one baseline. Text DejaVu covers takes Pillow's own path, unchanged; so does a multiline
    text. Measuring (``textlength``, ``textbbox``) and drawing go through the same layout."""

    def __init__(self, path: str, size: int) -> None:
        super().__init__(path, size)
        self.paths = (path, *(str(FONT_DIR / name) for name in FALLBACK_FONTS))

    def runs(self, text: str) -> tuple[Run, ...]:
        return _runs(self.paths, int(self.size), text)

    def _own(self, text: Any) -> bool:
        """Whether Pillow draws ``text`` with DejaVu alone (no fallback, no reordering)."""
        if not isinstance(text, str) or "\n" in text or text.isascii():
            return True
        runs = self.runs(text)
        return len(runs) == 1 and runs[0].font.path == self.path and (HAVE_RAQM or not runs[0].rtl)

    def _direction(self, text: Any, direction: str | None) -> str | None:
        """A line reads left to right (the images' languages do), a right-to-left name in it
        right to left: raqm's paragraph direction is set rather than guessed from the name."""
        if (
            direction is None
            and HAVE_RAQM
            and isinstance(text, str)
            and not text.isascii()
            and any(_strength(ch) == "R" for ch in text)
        ):
            return "ltr"
        return direction

    def _layout(
        self, text: str, mode: str, features: Any, language: Any
    ) -> tuple[list[tuple[float, str, ImageFont.FreeTypeFont, str | None]], float]:
        """The runs in the order they are drawn, left to right: ``(x, text, font, direction)``
        and the whole width. Consecutive right-to-left runs swap places; without raqm each one's
        characters are reversed."""
        ordered: list[Run] = []
        group: list[Run] = []
        for run in self.runs(text):
            if run.rtl:
                group.insert(0, run)
            else:
                ordered += [*group, run]
                group = []
        ordered += group
        placed = []
        x = 0.0
        for run in ordered:
            shown, direction = run.text, None
            if run.rtl:
                shown, direction = (shown, "rtl") if HAVE_RAQM else (shown[::-1], None)
            placed.append((x, shown, run.font, direction))
            x += run.font.getlength(shown, mode, direction, features, language)
        return placed, x

    def _anchored(
        self, text: str, mode: str, features: Any, language: Any, stroke_width: float, anchor: Any
    ) -> tuple[list, tuple[float, float, float, float], tuple[float, float]]:
        """The layout, its ink box relative to the anchor, and where the first baseline starts
        relative to the anchor."""
        anchor = anchor or "la"
        placed, width = self._layout(text, mode, features, language)
        boxes = []
        for x, shown, fnt, direction in placed:
            left, top, right, bottom = fnt.getbbox(
                shown, mode, direction, features, language, stroke_width, "ls"
            )
            boxes.append((x + left, top, x + right, bottom))
        top = min(b[1] for b in boxes)
        bottom = max(b[3] for b in boxes)
        ascent, descent = self.getmetrics()
        dx = {"l": 0.0, "m": -width / 2, "r": -width}[anchor[0]]
        dy = {
            "a": float(ascent),
            "t": -top,
            "m": (ascent - descent) / 2,
            "s": 0.0,
            "b": -bottom,
            "d": float(-descent),
        }[anchor[1]]
        box = (
            min(b[0] for b in boxes) + dx,
            top + dy,
            max(max(b[2] for b in boxes), width) + dx,
            bottom + dy,
        )
        return placed, box, (dx, dy)

    def getlength(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
    ) -> float:
        if self._own(text):
            direction = self._direction(text, direction)
            return super().getlength(text, mode, direction, features, language)
        return self._layout(str(text), mode, features, language)[1]

    def getbbox(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
    ) -> tuple[float, float, float, float]:
        if self._own(text):
            direction = self._direction(text, direction)
            return super().getbbox(text, mode, direction, features, language, stroke_width, anchor)
        return self._anchored(str(text), mode, features, language, stroke_width, anchor)[1]

    def getmask2(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
        ink: int = 0,
        start: tuple[float, float] | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> tuple[Any, tuple[int, int]]:
        if self._own(text):
            direction = self._direction(text, direction)
            return super().getmask2(
                text,
                mode,
                direction,
                features,
                language,
                stroke_width,
                anchor,
                ink,
                start,
                *args,
                **kwargs,
            )
        placed, box, (dx, dy) = self._anchored(
            str(text), mode, features, language, stroke_width, anchor
        )
        left, top = math.floor(box[0]), math.floor(box[1])
        size = (max(1, math.ceil(box[2]) - left), max(1, math.ceil(box[3]) - top))
        canvas = Image.new("L", size, 0)
        pen = ImageDraw.Draw(canvas)
        for x, shown, fnt, run_direction in placed:
            pen.text(
                (x + dx - left, dy - top),
                shown,
                fill=255,
                font=fnt,
                anchor="ls",
                direction=run_direction,
                features=features,
                language=language,
                stroke_width=stroke_width,
            )
        if mode == "1":
            canvas = canvas.point(lambda v: 255 if v >= 128 else 0).convert("1")
        return canvas.im, (left, top)


def text_size(
    draw: ImageDraw.ImageDraw, text: str, fnt: ImageFont.FreeTypeFont
) -> tuple[float, float]:
    left, top, right, bottom = draw.textbbox((0, 0), text, font=fnt)
    return right - left, bottom - top


def centered_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    fnt: ImageFont.FreeTypeFont,
    fill: tuple[int, int, int] = INK,
) -> None:
    draw.text(xy, text, font=fnt, fill=fill, anchor="mm")


def contrast_ink(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white, whichever reads better on ``colour``."""
    r, g, b = colour[:3]
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else WHITE


def seat_token(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    seat: int,
    radius: float = 14,
    outline: tuple[int, int, int] = INK,
) -> None:
    """A disc in the seat colour with the seat letter on it."""
    x, y = centre
    colour = seat_colour(seat)
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour, outline=outline)
    centered_text(
        draw, (x, y), seat_letter(seat), font(int(radius * 1.2), True), contrast_ink(colour)
    )


# Hex geometry: pointy-top hexes in axial coordinates (q, r).
AXIAL_DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def axial_to_pixel(q: int, r: int, size: float, origin: tuple[float, float]) -> tuple[float, float]:
    x = size * math.sqrt(3) * (q + r / 2)
    y = size * 1.5 * r
    return origin[0] + x, origin[1] + y


def hex_corners(centre: tuple[float, float], size: float) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hex (for ``draw.polygon``)."""
    cx, cy = centre
    return [
        (
            cx + size * math.cos(math.radians(60 * i - 30)),
            cy + size * math.sin(math.radians(60 * i - 30)),
        )
        for i in range(6)
    ]


def hex_edge(
    centre: tuple[float, float], size: float, direction: int
) -> tuple[tuple[float, float], ...]:
    """The two end points of the hex edge that faces ``AXIAL_DIRECTIONS[direction]``."""
    # Direction 0 (east) is the edge between the corners at -30 and +30 degrees; directions go
    # counter-clockwise on screen (east, north-east, north-west, west, south-west, south-east).
    angle_a = math.radians(-30 - 60 * direction)
    angle_b = math.radians(30 - 60 * direction)
    cx, cy = centre
    return (
        (cx + size * math.cos(angle_a), cy + size * math.sin(angle_a)),
        (cx + size * math.cos(angle_b), cy + size * math.sin(angle_b)),
    )


def panel(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    title: str | None = None,
    accent: tuple[int, int, int] | None = None,
    fill: tuple[int, int, int] = PAPER,
) -> None:
    """A rounded panel with an optional title bar in an accent colour."""
    draw.rounded_rectangle(box, radius=10, fill=fill, outline=accent or MUTED, width=3)
    if title:
        x0, y0, x1, _ = box
        bar = (x0, y0, x1, y0 + 30)
        draw.rounded_rectangle(bar, radius=10, fill=accent or MUTED)
        draw.text(
            (x0 + 10, y0 + 15),
            title,
            font=font(18, True),
            fill=contrast_ink(accent or MUTED),
            anchor="lm",
        )


def track(
    draw: ImageDraw.ImageDraw,
    origin: tuple[float, float],
    values: list[str],
    cell: float = 28,
    marks: dict[int, list[int]] | None = None,
) -> None:
    """A row of numbered cells; ``marks`` maps a cell index to the seats standing there."""
    x, y = origin
    for i, label in enumerate(values):
        box = (x + i * cell, y, x + (i + 1) * cell - 2, y + cell - 2)
        draw.rectangle(box, fill=WHITE, outline=MUTED)
        centered_text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), label, font(11))
        for k, seat in enumerate((marks or {}).get(i, [])):
            seat_token(draw, (box[0] + 7 + k * 6, box[3] - 4), seat, radius=6)


def score_panel(
    draw: ImageDraw.ImageDraw,
    origin: tuple[float, float],
    rows: list[tuple[int, str, str]],
    width: float = 360,
) -> float:
    """Rows of (seat, name, value); returns the height used."""
    x, y = origin
    for i, (seat, name, value) in enumerate(rows):
        cy = y + 18 + i * 32
        seat_token(draw, (x + 16, cy), seat)
        draw.text((x + 40, cy), name, font=font(18), fill=INK, anchor="lm")
        draw.text((x + width, cy), value, font=font(18, True), fill=INK, anchor="rm")
    return len(rows) * 32 + 8


def new_canvas(width: int, height: int, colour: tuple[int, int, int] = BACKGROUND) -> Image.Image:
    return Image.new("RGB", (width, height), colour)


def to_png(image: Image.Image) -> bytes:
    """PNG bytes at a middling zlib level: maximum compression costs far more time than it saves
    bytes on board images."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=3)
    return buffer.getvalue()


def standings_image(
    title: str, names: list[str], standings: list[dict], lang: str = "en", game: str = ""
) -> Image.Image:
    """The final standings of any game: rank, seat, name and score large, then each player's
    breakdown as ``label value`` pairs wrapped under the name, labelled in ``lang`` from
    ``game``'s glossary. (Column headers overlapped once a game had more than a few breakdown
    entries; pairs read at any count.)"""
    ordered = sorted(standings, key=lambda s: (s["rank"], s["seat"]))
    width, margin = 1000, 30
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    detail_font = font(22)
    rows = []
    for s in ordered:
        pairs = [
            f"{glossary.score_label(game, key, lang)} {_shown(value)}"
            for key, value in s["breakdown"].items()
        ]
        rows.append((s, _wrap_pairs(probe, pairs, detail_font, width - 2 * margin - 150)))
    height = 110 + sum(70 + 30 * len(lines) for _, lines in rows) + 20
    image = new_canvas(width, height)
    draw = ImageDraw.Draw(image)
    heading = i18n.gettext(lang, "{game}: final standings", game=title)
    draw.text((margin, 30), heading, font=font(40, True), fill=INK)
    y = 100
    for i, (s, lines) in enumerate(rows):
        row_height = 64 + 30 * len(lines)
        fill = PAPER if i % 2 == 0 else BACKGROUND
        draw.rectangle((margin, y, width - margin, y + row_height), fill=fill, outline=MUTED)
        cy = y + 32
        draw.text((margin + 18, cy), f"{s['rank']}.", font=font(32, True), fill=INK, anchor="lm")
        seat_token(draw, (margin + 100, cy), s["seat"], radius=22)
        name = names[s["seat"]] if s["seat"] < len(names) else placeholder(s["seat"])
        score = f"{s['score']:g}"
        room = width - 2 * margin - 135 - 36 - draw.textlength(score, font=font(34, True))
        name = fit_words(draw, name, font(30), room)  # cut by width, only where it must be
        draw.text((margin + 135, cy), name, font=font(30), fill=INK, anchor="lm")
        draw.text((width - margin - 18, cy), score, font=font(34, True), fill=INK, anchor="rm")
        for n, line in enumerate(lines):
            draw.text((margin + 135, y + 62 + 30 * n), line, font=detail_font, fill=INK)
        y += row_height + 6
    return image


def _shown(value: object) -> str:
    return f"{value:g}" if isinstance(value, int | float) else str(value)


def _wrap_pairs(
    draw: ImageDraw.ImageDraw, pairs: list[str], fnt: ImageFont.FreeTypeFont, width: int
) -> list[str]:
    """``label value`` pairs joined with `` · ``, wrapped to lines no wider than ``width``."""
    lines: list[str] = []
    line = ""
    for pair in pairs:
        candidate = f"{line} · {pair}" if line else pair
        if line and text_size(draw, candidate, fnt)[0] > width:
            lines.append(line)
            line = pair
        else:
            line = candidate
    return [*lines, line] if line else lines


DISCORD_INLINE_WIDTH = 550
"""Discord shows an attachment inline at most about this many pixels wide (docs/ARCHITECTURE.md
6)."""


@dataclass
class TextRecord:
    """One text drawn on an image: its font size in pixels and how many characters it has."""

    size: float
    chars: int
    text: str
    font: Any = None


@contextmanager
def recording_text() -> Iterator[list[TextRecord]]:
    """Record every text drawn with Pillow while the block runs (legibility tests and bench).

    Static layers that a renderer caches are drawn again inside the block, because the caches are
    cleared on entry."""
    records: list[TextRecord] = []
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        fnt = kwargs.get("font") or (args[1] if len(args) > 1 else None)
        size = float(getattr(fnt, "size", 10))
        visible = sum(1 for ch in str(text) if not ch.isspace())
        if visible:
            records.append(TextRecord(size, visible, str(text), fnt))
        return original(self, xy, text, *args, **kwargs)

    for cached in _STATIC_CACHES:
        cached.cache_clear()
    ImageDraw.ImageDraw.text = text  # type: ignore[method-assign]
    try:
        yield records
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]


_STATIC_CACHES: list[Any] = []


def static_layer(function: Any) -> Any:
    """Cache a renderer's static layer (drawn once), and let :func:`recording_text` redraw it."""
    cached = lru_cache(maxsize=16)(function)
    _STATIC_CACHES.append(cached)
    return cached


def readable_share(
    records: list[TextRecord],
    width: int,
    minimum: float = 8.0,
    shown: int = DISCORD_INLINE_WIDTH,
) -> tuple[float, float]:
    """The share of drawn characters at least ``minimum`` px tall once an image ``width`` px wide
    is shown ``shown`` px wide (never enlarged; a desktop by default, ``PHONE_WIDTH`` with 7 px
    for a phone), and the smallest scaled size drawn."""
    scale = min(1.0, shown / width)
    total = sum(r.chars for r in records)
    if not total:
        return 1.0, float("inf")
    readable = sum(r.chars for r in records if r.size * scale >= minimum)
    return readable / total, min(r.size * scale for r in records)


# ---------------------------------------------------------------------------------------------
# Francis Drake, Vasco da Gama, Tahiti (phone-first images, issue 25)
# ---------------------------------------------------------------------------------------------

PHONE_WIDTH = 360
"""Discord shows an attachment about this many pixels wide on a phone (docs/ARCHITECTURE.md 6)."""


def smallest_font(width: int, shown: int = PHONE_WIDTH, minimum: float = 7.0) -> int:
    """The smallest whole font size that stays ``minimum`` px tall at ``shown`` px wide."""
    return math.ceil(minimum * width / shown - 1e-9)


def wrap_words(
    draw: ImageDraw.ImageDraw, text: str, fnt: ImageFont.FreeTypeFont, width: float
) -> list[str]:
    """``text`` broken between words into lines no wider than ``width`` (a single word wider
    than ``width`` keeps its own line: nothing is cut)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}".strip()
        if line and draw.textlength(trial, font=fnt) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def fit_words(
    draw: ImageDraw.ImageDraw, text: str, fnt: ImageFont.FreeTypeFont, width: float
) -> str:
    """``text`` if it fits ``width``, else its first whole words with an ellipsis."""
    if draw.textlength(text, font=fnt) <= width:
        return text
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        if draw.textlength(" ".join(words) + " …", font=fnt) <= width:
            return " ".join(words) + " …"
    while text and draw.textlength(text + "…", font=fnt) > width:
        text = text[:-1]
    return text + "…"


def fit_name(
    draw: ImageDraw.ImageDraw, name: str, fonts: Sequence[ImageFont.FreeTypeFont], width: float
) -> tuple[str, ImageFont.FreeTypeFont]:
    """A member's name in the first of ``fonts`` (largest first) where it fits ``width`` whole;
    else cut by characters in the last, with an ellipsis: a name is a name, so it keeps as much
    of itself as fits rather than dropping whole words as :func:`fit_words` does."""
    for fnt in fonts:
        if draw.textlength(name, font=fnt) <= width:
            return name, fnt
    smallest = fonts[-1]
    while name and draw.textlength(name + "…", font=smallest) > width:
        name = name[:-1]
    return name.rstrip() + "…", smallest


def seat_names(view: dict) -> list[str]:
    """The members' names by seat (the view's ``names``), else ``Player A``-style fallbacks for
    a view drawn without a table (tests, the offline table before names are known)."""
    names = list(view.get("names") or [])
    count = int(view.get("players") or len(names))
    return [
        str(names[s]) if s < len(names) and names[s] else placeholder(s)
        for s in range(max(count, len(names)))
    ]


def named(text: str, names: list[str]) -> str:
    """An engine's line with ``Player A``-style seat names replaced by the members' names."""
    for seat in sorted(range(len(names)), reverse=True):
        text = text.replace(placeholder(seat), names[seat])
    return text


@dataclass
class SheetBlock:
    """A titled block of a text sheet: ``lines`` are wrapped; a ``seat`` draws its token."""

    title: str
    lines: list[str]
    seat: int | None = None


def text_sheet(
    title: str, blocks: list[SheetBlock], width: int = 720, body: int = 16
) -> Image.Image:
    """A ``/board detail`` page a phone can read: a title, then titled blocks of wrapped lines,
    one column (the reader scrolls; every character stays 7 px or taller at 360 px wide)."""
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    text_font, head_font = font(body), font(body + 3, True)
    step, margin = body + 7, 16
    laid: list[tuple[SheetBlock, list[str]]] = []
    for block in blocks:
        lines: list[str] = []
        for line in block.lines:
            lines += wrap_words(probe, line, text_font, width - 2 * margin - 12) or [""]
        laid.append((block, lines))
    title_lines = wrap_words(probe, title, font(body + 8, True), width - 2 * margin)
    height = 16 + len(title_lines) * (body + 14) + 8
    height += sum(body + 18 + len(lines) * step + 10 for _, lines in laid) + 8
    image = new_canvas(width, height)
    draw = ImageDraw.Draw(image)
    y = 14
    for line in title_lines:
        draw.text((margin, y), line, font=font(body + 8, True), fill=INK)
        y += body + 14
    y += 8
    for block, lines in laid:
        x = margin
        if block.seat is not None:
            seat_token(draw, (x + 12, y + (body + 3) / 2 + 2), block.seat, radius=12)
            x += 30
        draw.text((x, y), block.title, font=head_font, fill=INK)
        y += body + 18
        for line in lines:
            draw.text((margin + 12, y), line, font=text_font, fill=INK)
            y += step
        y += 10
    return image
