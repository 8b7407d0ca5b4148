"""A playout plays its moves in place (``BaseEngine.advance``): the same playouts as through
``apply``, and what it was given stays as it was."""

from __future__ import annotations

import json

import pytest

from engines import ENGINES
from engines.base import Rng
from players.evaluate import Evaluator
from players.halving import Playouts, playout
from players.search import playout_move
from tests.players.walk import random_positions


@pytest.mark.parametrize("game_id", sorted(ENGINES))
def test_a_playout_in_place_plays_as_through_apply(game_id: str) -> None:
    engine = ENGINES[game_id]
    checked = 0
    for index, (state, seat) in enumerate(random_positions(engine, 5, every=15, limit=300)):
        before = json.dumps(state, sort_keys=True)
        fast = playout(engine, state, seat, Rng(index), 64, playout_move, turns=2)
        assert json.dumps(state, sort_keys=True) == before, "the playout changed its input"
        # Through apply, which copies the state at every move.
        slow = playout(engine, state, seat, Rng(index), 64, playout_move, turns=2, in_place=False)
        assert json.dumps(fast, sort_keys=True) == json.dumps(slow, sort_keys=True)
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("game_id", sorted(ENGINES))
def test_a_candidates_playout_leaves_the_shared_re_deal_alone(game_id: str) -> None:
    # players/halving.py: every candidate of a sample is played out from the same re-deal, so
    # a playout that went on in the re-deal itself would hand the next candidate a changed one.
    engine = ENGINES[game_id]
    for state, seat in random_positions(engine, 6, every=25, limit=300):
        playouts = Playouts(engine, seat, Evaluator(engine, 3, state), playout_move, 64, 0.3)
        before = json.dumps(state, sort_keys=True)
        for move in engine.legal_moves(state, seat)[:3]:
            playouts.value(state, move, 7, None)
            assert json.dumps(state, sort_keys=True) == before, move
