"""A tournament's standings as an image: place, name, points and the tie-breakers.

Receives plain rows (no store, no host objects), like every renderer.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

import i18n
from i18n import N_
from render.common import BACKGROUND, INK, MUTED, PAPER, font, new_canvas

COLUMNS = ((N_("points"), 700), (N_("opp. pts"), 850), (N_("ratio"), 990), (N_("won"), 1110))


def standings_image(title: str, subtitle: str, rows: list[dict], lang: str = "en") -> Image.Image:
    """``rows``: dicts with place, name, points, opponents_points, score_ratio, wins, games and
    dropped, best first."""
    width, row_height = 1200, 52
    height = 170 + row_height * max(1, len(rows)) + 30
    image = new_canvas(width, height)
    draw = ImageDraw.Draw(image)
    draw.text((40, 28), title[:48], font=font(40, True), fill=INK)
    draw.text((40, 82), subtitle[:90], font=font(20), fill=MUTED)
    for label, x in COLUMNS:
        draw.text((x, 140), i18n.gettext(lang, label), font=font(18, True), fill=MUTED, anchor="rm")
    for i, row in enumerate(rows):
        y = 160 + i * row_height
        draw.rectangle(
            (30, y, width - 30, y + row_height - 6),
            fill=PAPER if i % 2 == 0 else BACKGROUND,
            outline=MUTED,
        )
        cy = y + (row_height - 6) / 2
        draw.text((50, cy), f"{row['place']}.", font=font(26, True), fill=INK, anchor="lm")
        dropped = " " + i18n.gettext(lang, "(dropped)") if row.get("dropped") else ""
        name = row["name"][:28] + dropped
        draw.text(
            (120, cy), name, font=font(24), fill=MUTED if row.get("dropped") else INK, anchor="lm"
        )
        values = (
            f"{row['points']:g}",
            f"{row['opponents_points']:.2f}",
            f"{row['score_ratio']:.2f}",
            f"{row['wins']}/{row['games']}",
        )
        for (_, x), value in zip(COLUMNS, values, strict=True):
            draw.text((x, cy), value, font=font(24, True), fill=INK, anchor="rm")
    return image
