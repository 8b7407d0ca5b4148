"""A tournament's standings as an image: place, name, points and the tie-breakers.

Receives plain rows (no store, no host objects), like every renderer. Drawn in the reader's
language: labels from the catalogs, numbers as that language writes them (``0,50``), and names
fitted to their column by width (Greek and Cyrillic letters run wider than Latin ones).

Drawn 800 px wide with no text smaller than 18 px, so every character is 8 px or taller on a
phone (shown 360 px wide) and 12 px or taller on a desktop (550 px): the legibility rule of the
boards (docs/ARCHITECTURE.md 6; issue 40: at 1,200 px wide its subtitle and headers were 5 to 6 px
on a phone).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

import i18n
from i18n import N_
from render.common import BACKGROUND, INK, MUTED, PAPER, fit_words, font, new_canvas, wrap_words

COLUMNS = ((N_("points"), 476), (N_("opp. pts"), 610), (N_("ratio"), 692), (N_("won"), 776))
"""Each number column by its label and the x its text ends at (right-aligned)."""
WIDTH = 800
MARGIN = 24
NAME_X = 88
"""Where a row's name starts; it ends before its points, whatever its language."""
GAP = 16
TITLE_SIZE = 34
SUBTITLE_SIZE = 20
HEADER_SIZE = 18
ROW_SIZE = 22
"""The name's, the place's and the numbers' size (numbers bold)."""
ROW_HEIGHT = 44


def standings_image(title: str, subtitle: str, rows: list[dict], lang: str = "en") -> Image.Image:
    """``rows``: dicts with place, name, points, opponents_points, score_ratio, wins, games and
    dropped, best first."""
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    sub_lines = wrap_words(probe, subtitle, font(SUBTITLE_SIZE), WIDTH - 2 * MARGIN)[:3]
    header_y = 76 + 26 * len(sub_lines) + 12
    top = header_y + 18
    height = top + ROW_HEIGHT * max(1, len(rows)) + 20
    image = new_canvas(WIDTH, height)
    draw = ImageDraw.Draw(image)
    bold_title = font(TITLE_SIZE, True)
    draw.text(
        (MARGIN, 20),
        fit_words(draw, title, bold_title, WIDTH - 2 * MARGIN),
        font=bold_title,
        fill=INK,
    )
    for i, line in enumerate(sub_lines):
        draw.text((MARGIN, 68 + 26 * i), line, font=font(SUBTITLE_SIZE), fill=MUTED)
    header = font(HEADER_SIZE, True)
    left = NAME_X
    for label, x in COLUMNS:
        # A label never runs into the one before it, in any language.
        said = fit_words(draw, i18n.gettext(lang, label), header, x - left - 8)
        draw.text((x, header_y), said, font=header, fill=MUTED, anchor="rm")
        left = x
    number = font(ROW_SIZE, True)
    for i, row in enumerate(rows):
        y = top + i * ROW_HEIGHT
        draw.rectangle(
            (MARGIN - 8, y, WIDTH - MARGIN + 8, y + ROW_HEIGHT - 5),
            fill=PAPER if i % 2 == 0 else BACKGROUND,
            outline=MUTED,
        )
        cy = y + (ROW_HEIGHT - 5) / 2
        draw.text((MARGIN, cy), f"{row['place']}.", font=number, fill=INK, anchor="lm")
        values = _values(row, lang)
        room = COLUMNS[0][1] - draw.textlength(values[0], font=number) - GAP - NAME_X
        draw.text(
            (NAME_X, cy),
            _name(draw, row, lang, room),
            font=font(ROW_SIZE),
            fill=MUTED if row.get("dropped") else INK,
            anchor="lm",
        )
        for (_, x), value in zip(COLUMNS, values, strict=True):
            draw.text((x, cy), value, font=number, fill=INK, anchor="rm")
    return image


def _values(row: dict, lang: str) -> tuple[str, ...]:
    """A row's numbers as ``lang`` writes them: "0,50" in Greek and Russian."""
    points = row["points"]
    return (
        i18n.number(lang, points, 0 if float(points).is_integer() else 1),
        i18n.number(lang, row["opponents_points"], 2),
        i18n.number(lang, row["score_ratio"], 2),
        f"{row['wins']}/{row['games']}",
    )


def _name(draw: ImageDraw.ImageDraw, row: dict, lang: str, room: float) -> str:
    """The member's name, cut with an ellipsis only where it would run into the points; the
    "(dropped)" mark is always whole."""
    mark = " " + i18n.gettext(lang, "(dropped)") if row.get("dropped") else ""
    name_font = font(ROW_SIZE)
    name = fit_words(draw, row["name"], name_font, room - draw.textlength(mark, font=name_font))
    return name + mark
