"""A playout plays its moves in place (``BaseEngine.advance``): the same playouts as through
``apply``, and what it was given stays as it was."""

from __future__ import annotations

import json

import pytest

from engines import ENGINES
from engines.base import Rng
from players.halving import playout
from players.search import playout_move
from tests.players.walk import random_positions


class ApplyOnly:
    """An engine seen without ``advance``: the playout then copies the state at every move."""

    def __init__(self, engine) -> None:
        self._engine = engine

    def __getattr__(self, name: str):
        if name == "advance":
            raise AttributeError(name)
        return getattr(self._engine, name)


@pytest.mark.parametrize("game_id", sorted(ENGINES))
def test_a_playout_in_place_plays_as_through_apply(game_id: str) -> None:
    engine = ENGINES[game_id]
    checked = 0
    for index, (state, seat) in enumerate(random_positions(engine, 5, every=15, limit=300)):
        before = json.dumps(state, sort_keys=True)
        fast = playout(engine, state, seat, Rng(index), 64, playout_move, turns=2)
        assert json.dumps(state, sort_keys=True) == before, "the playout changed its input"
        slow = playout(ApplyOnly(engine), state, seat, Rng(index), 64, playout_move, turns=2)
        assert json.dumps(fast, sort_keys=True) == json.dumps(slow, sort_keys=True)
        checked += 1
    assert checked >= 5
