"""A tournament's standings as an image: place, name, points and the tie-breakers.

Receives plain rows (no store, no host objects), like every renderer. Drawn in the reader's
language: labels from the catalogs, numbers as that language writes them (``0,50``), and names
fitted to their column by width (Greek and Cyrillic letters run wider than Latin ones).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

import i18n
from i18n import N_
from render.common import BACKGROUND, INK, MUTED, PAPER, fit_words, font, new_canvas

COLUMNS = ((N_("points"), 700), (N_("opp. pts"), 850), (N_("ratio"), 990), (N_("won"), 1110))
WIDTH = 1200
NAME_X = 120
"""Where a row's name starts; it ends before its points, whatever its language."""
GAP = 16


def standings_image(title: str, subtitle: str, rows: list[dict], lang: str = "en") -> Image.Image:
    """``rows``: dicts with place, name, points, opponents_points, score_ratio, wins, games and
    dropped, best first."""
    row_height = 52
    height = 170 + row_height * max(1, len(rows)) + 30
    image = new_canvas(WIDTH, height)
    draw = ImageDraw.Draw(image)
    draw.text(
        (40, 28), fit_words(draw, title, font(40, True), WIDTH - 80), font=font(40, True), fill=INK
    )
    draw.text((40, 82), fit_words(draw, subtitle, font(20), WIDTH - 80), font=font(20), fill=MUTED)
    for label, x in COLUMNS:
        draw.text((x, 140), i18n.gettext(lang, label), font=font(18, True), fill=MUTED, anchor="rm")
    for i, row in enumerate(rows):
        y = 160 + i * row_height
        draw.rectangle(
            (30, y, WIDTH - 30, y + row_height - 6),
            fill=PAPER if i % 2 == 0 else BACKGROUND,
            outline=MUTED,
        )
        cy = y + (row_height - 6) / 2
        draw.text((50, cy), f"{row['place']}.", font=font(26, True), fill=INK, anchor="lm")
        values = _values(row, lang)
        room = COLUMNS[0][1] - draw.textlength(values[0], font=font(24, True)) - GAP - NAME_X
        draw.text(
            (NAME_X, cy),
            _name(draw, row, lang, room),
            font=font(24),
            fill=MUTED if row.get("dropped") else INK,
            anchor="lm",
        )
        for (_, x), value in zip(COLUMNS, values, strict=True):
            draw.text((x, cy), value, font=font(24, True), fill=INK, anchor="rm")
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
    name = fit_words(draw, row["name"], font(24), room - draw.textlength(mark, font=font(24)))
    return name + mark
