"""Names as members wrote them, on every image (issue 40 section 2): Chinese, Greek, Cyrillic,
Arabic and Hebrew names and an emoji draw with real glyphs on every game's board, private images
and detail image, the final standings and a tournament's standings; a right-to-left name reads in
its order. Checked from the fonts themselves: every character drawn is in the character map
(fontTools' ``cmap``) of the font that draws it, never left to a box (``.notdef``)."""

from __future__ import annotations

import random
import unicodedata
from functools import cache

import pytest
from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw

from engines import ENGINES
from host.images import render_png, tournament_standings_png
from render import common
from render.common import recording_text

NAMES = ["李明", "Ana 🦜", "Ελένη", "Ольга", "عائشة", "שרה", "Bartholomew"]
GAMES = sorted(ENGINES)


def _ignorable(ch: str) -> bool:
    """Characters that draw nothing of their own: spaces, joiners, variation selectors."""
    return ch.isspace() or unicodedata.category(ch) == "Cf" or 0xFE00 <= ord(ch) <= 0xFE0F


@cache
def _cmap(path: str) -> frozenset[int]:
    return frozenset(TTFont(path, fontNumber=0).getBestCmap())


def _runs(text: str, fnt) -> list[tuple[str, object]]:
    """Which font draws which characters: the fallback's runs, or the one font for all."""
    runs = getattr(common, "font_runs", None)
    return runs(text, fnt) if runs else [(text, fnt)]


def missing_glyphs(records) -> list[tuple[str, str]]:
    """``(character, text)`` for every drawn character its font has no glyph for."""
    missing = []
    for record in records:
        for run, fnt in _runs(record.text, record.font):
            covered = _cmap(str(fnt.path))
            missing += [
                (ch, record.text) for ch in run if not _ignorable(ch) and ord(ch) not in covered
            ]
    return missing


def _position(game: str, players: int, seed: int = 3, moves: int = 40) -> dict:
    engine = ENGINES[game]
    chooser = random.Random(seed)
    state = engine.setup(players, seed=seed)
    for _ in range(moves):
        seats = engine.to_move(state)
        if not seats:
            break
        seat = chooser.choice(seats)
        state = engine.apply(state, seat, chooser.choice(engine.legal_moves(state, seat))).state
    return state


def _names(players: int, offset: int) -> list[str]:
    return [NAMES[(offset + i) % len(NAMES)] for i in range(players)]


def _specs(game: str) -> list[dict]:
    engine = ENGINES[game]
    players = engine.max_players
    state = _position(game, players)
    specs = []
    for offset in (0, players):  # every name at least once
        names = _names(players, offset)
        for kind, seat in [("board", None), ("detail", None)] + [
            ("private", s) for s in range(players)
        ]:
            view = engine.view(state, seat) | {"names": names}
            specs.append({"kind": kind, "game": game, "view": view})
        standings = [
            {"seat": s, "rank": s + 1, "score": 30 - s, "breakdown": {"gold": s}}
            for s in range(players)
        ]
        specs.append(
            {
                "kind": "standings",
                "title": engine.title,
                "names": names,
                "standings": standings,
                "game": game,
            }
        )
    return specs


def _tournament_rows() -> list[dict]:
    return [
        {
            "place": i + 1,
            "name": name,
            "points": 10 - i,
            "opponents_points": 20 - i,
            "score_ratio": 0.5,
            "wins": 1,
            "games": 3,
            "dropped": False,
        }
        for i, name in enumerate(NAMES)
    ]


def _drawn_everywhere() -> dict[str, list]:
    found = {}
    for game in GAMES:
        with recording_text() as records:
            for spec in _specs(game):
                render_png(spec)
        found[game] = list(records)
    with recording_text() as records:
        tournament_standings_png("李明 🦜 Cup", "Tahiti", _tournament_rows())
    found["tournament"] = list(records)
    return found


def test_every_name_draws_with_real_glyphs_on_every_image(capsys):
    """issue 40 section 2: 李明, 🦜, Ελένη, Ольга, عائشة, שרה and Latin names on every game's
    board, private, detail and standings images and a tournament's standings: no box."""
    drawn = _drawn_everywhere()
    missing = {where: missing_glyphs(records) for where, records in drawn.items()}
    total = sum(len(m) for m in missing.values())
    with capsys.disabled():
        print(f"\nmissing glyphs on images with names in six scripts and emoji: {total}")
    assert total == 0, {where: sorted({ch for ch, _ in m}) for where, m in missing.items() if m}
    for where, records in drawn.items():
        text = " ".join(r.text for r in records)
        for name in NAMES:
            assert name in text, (where, name)


def test_fallback_runs_cover_each_script_and_measure_like_they_draw():
    """The fallback chain: a run per font; the width measured is the width drawn."""
    fnt = common.font(24)
    text = "Ana 李明 🦜 Ελένη Ольга عائشة שרה"
    runs = common.font_runs(text, fnt)
    assert "".join(run for run, _ in runs) == text
    assert {str(f.path).rsplit("/", 1)[-1] for _, f in runs} >= {
        "DejaVuSans.ttf",
        "NotoSansCJKsc-Subset.otf",
        "NotoEmoji-Regular.ttf",
    }
    image = Image.new("L", (900, 60), 0)
    draw = ImageDraw.Draw(image)
    draw.text((10, 10), text, font=fnt, fill=255)
    left, _, right, _ = image.getbbox()
    assert abs((right - left) - draw.textlength(text, font=fnt)) <= 4
    assert abs(draw.textbbox((10, 10), text, font=fnt)[2] - right) <= 3


def test_a_right_to_left_name_reads_in_its_order():
    """שרה is drawn with ש at the right; Ana's name after it stays on its right (the board's
    line reads left to right; the name inside it right to left)."""
    fnt = common.font(40)

    def ink_columns(text: str) -> Image.Image:
        image = Image.new("L", (400, 70), 0)
        ImageDraw.Draw(image).text((10, 10), text, font=fnt, fill=255)
        return image

    whole = ink_columns("שרה")
    shin = ink_columns("ש")
    he = ink_columns("ה")
    # the first letter (shin) is drawn at the right end: its shape matches the right part
    width = whole.getbbox()[2] - whole.getbbox()[0]
    right_part = whole.crop(
        (whole.getbbox()[2] - shin.getbbox()[2] + shin.getbbox()[0], 0, 400, 70)
    )
    left_part = whole.crop((0, 0, whole.getbbox()[0] + he.getbbox()[2] - he.getbbox()[0], 70))
    assert right_part.getbbox() and left_part.getbbox() and width > 0
    assert _same_shape(right_part, shin) and _same_shape(left_part, he)
    mixed = ink_columns("שרה 李明")
    cjk = ink_columns("李明")
    assert mixed.getbbox()[2] - mixed.getbbox()[0] > cjk.getbbox()[2] - cjk.getbbox()[0]


def _same_shape(a: Image.Image, b: Image.Image) -> bool:
    a, b = a.crop(a.getbbox()), b.crop(b.getbbox())
    return abs(a.width - b.width) <= 1 and abs(a.height - b.height) <= 1


@pytest.mark.parametrize("text", ["عائشة", "שרה", "Ольга", "Ελένη"])
def test_names_the_primary_font_draws_are_drawn_as_before(text):
    """DejaVu draws Greek, Cyrillic, Arabic and Hebrew itself: one run, its own font."""
    runs = common.font_runs(text, common.font(20))
    assert len(runs) == 1 and str(runs[0][1].path).endswith("DejaVuSans.ttf")
