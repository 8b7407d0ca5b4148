"""Vasco da Gama images on a phone (docs/ARCHITECTURE.md 6, issue 25 items 2-4): on the board, each
private image and the detail image at least 90% of the characters are 7 px or taller once shown 360
px wide and 8 px at 550 px; no board is more than 1.6 times taller than wide; no internal code is
drawn (no "m6 at Malindi 8", "d1:0", "#m5 lim 9", "FFA 12", "Player C")."""

from __future__ import annotations

import random

import pytest

from render import vasco as renderer
from tests.phone_images import (
    assert_board_shape,
    assert_no_codes,
    assert_phone_readable,
    measure,
    measure_once,
)
from tests.vasco.helpers import E

NAMES = ["Ana", "Bartholomew the Bold", "Cy", "Dee"]


def _positions(players: int, seed: int) -> dict[str, dict]:
    """Start, each phase of the first rounds (a launch window and an expedition if the game
    has them), a late middle and the end."""
    s = E.setup(players, seed=seed)
    chooser = random.Random(seed)
    found = {"start": s}
    step = 0
    while E.to_move(s):
        if s["phase"] == "act" and "actions" not in found:
            found["actions"] = s
        if s.get("window") and "launch window" not in found:
            found["launch window"] = s
        if s["act"] and s["act"].get("kind") != "hire" and "expedition" not in found:
            found["expedition"] = s
        if step == 60 * players:
            found["middle"] = s
        seat = chooser.choice(E.to_move(s))
        s = E.apply(s, seat, chooser.choice(E.legal_moves(s, seat))).state
        step += 1
    found["end"] = s
    return found


def _view(state: dict, seat: int | None) -> dict:
    return E.view(state, seat) | {"names": NAMES[: state["players"]]}


CASES = [(n, label, s) for n in (2, 3, 4) for label, s in _positions(n, 100 + n).items()]
IDS = [f"{n}p-{label}" for n, label, _ in CASES]


@pytest.mark.parametrize(("players", "label", "state"), CASES, ids=IDS)
def test_every_image_reads_on_a_phone(players: int, label: str, state: dict) -> None:
    """docs/ARCHITECTURE.md 6, issue 25 item 4: phone and desktop targets on the board, each private
    image and the detail image; the board at most 1.6 x as tall as wide."""
    image, records = measure_once(renderer.board, _view, state, None)
    assert_phone_readable(image, records, ("board", label))
    assert_board_shape(image, ("board", label))
    image, records = measure_once(renderer.detail, _view, state, None)
    assert_phone_readable(image, records, ("detail", label))
    for seat in range(players):
        image, records = measure_once(renderer.private, _view, state, seat)
        assert_phone_readable(image, records, ("private", label, seat))


@pytest.mark.parametrize(("players", "label", "state"), CASES, ids=IDS)
def test_no_internal_code_is_drawn(players: int, label: str, state: dict) -> None:
    """Issue 25 items 2-3: tiles by name, the first free action spelled out, costs that say
    what they count, members by name; the patterns are in tests/phone_images.py."""
    for draw, seat in [(renderer.board, None), (renderer.detail, None)] + [
        (renderer.private, s) for s in range(players)
    ]:
        _, records = measure_once(draw, _view, state, seat)
        assert_no_codes(records, (draw.__name__, label, seat))


def test_engine_words_become_reader_words() -> None:
    """Issue 25 item 2: the engine's lines ("Player C", "ship m6", "FFA", "cost 2") are drawn
    in the reader's words."""
    names = ["Ana", "Bo", "Cy"]
    line = "Player C: number 9 (Expedition, cost 2): choose a landing for ship m6 at FFA 12"
    assert renderer._words(line, names) == (
        "Cy: number 9 (Expedition, 2 reals to act): choose a landing for merchant ship 6 at "
        "first free action 12"
    )
    assert renderer._words("Player A receives merchant ship m3.", names) == (
        "Ana receives merchant ship 3."
    )


def test_private_choices_are_words_not_moves() -> None:
    """Issue 25 item 2: the private image lists each choice's description, never the move text
    ("place purchase", "launch m6")."""
    state = _positions(3, 103)["start"]
    seat = E.to_move(state)[0]
    view = _view(state, seat)
    texts = [r.text for r in measure(renderer.private, view)[1]]
    assert not set(view["private"]["moves"]) & set(texts)
    assert any(view["private"]["described"][0] in t for t in texts)


@pytest.mark.slow
def test_a_whole_game_draws_no_internal_code() -> None:
    """Issue 25 item 2: a whole 3-player game, every third position's board, detail and private
    images, without one internal code."""
    from tests.phone_images import walk_for_codes

    assert walk_for_codes(E, renderer, 3, seed=41, names=NAMES) > 30
