"""Seat letters in the reader's alphabet (issue 26 item 6): a Greek board draws Α Β Γ, a Russian
one А Б В, an English one A B C; names still replace the engines' ``Player A`` everywhere."""

from __future__ import annotations

import pytest

from engines import ENGINES
from host.images import render_png
from render.common import named, recording_text

LETTERS = {"en": "ABC", "el": "ΑΒΓ", "ru": "АБВ"}


@pytest.mark.parametrize("lang", sorted(LETTERS))
@pytest.mark.parametrize("game", ["tahiti", "drake"])
def test_seat_tokens_are_drawn_in_the_readers_alphabet(game, lang):
    engine = ENGINES[game]
    state = engine.setup(3, seed=4)
    view = {**engine.view(state, None), "lang": lang}
    with recording_text() as records:
        assert render_png({"kind": "board", "game": game, "view": view})
    alone = {r.text for r in records if len(r.text) == 1 and r.text.isalpha()}
    others = {c for other, letters in LETTERS.items() if other != lang for c in letters}
    assert set(LETTERS[lang]) <= alone, alone
    # Tahiti's stacks are lettered in the reader's alphabet too (Α Β, А Б).
    assert not alone & (others - set(LETTERS[lang])), alone


def test_names_replace_the_latin_placeholders_in_any_language():
    from render.common import drawing_in

    with drawing_in("el"):
        assert named("Player B takes 2 gold", ["ana", "bo"]) == "bo takes 2 gold"
