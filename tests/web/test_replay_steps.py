"""A reader stepping through a replay costs one move a step, not the whole game again
(web/replay.py ``replayed``), and every step is the same state as a replay from the setup."""

from __future__ import annotations

import random

import pytest

from engines import ENGINES
from engines.base import IllegalMove
from web import replay


class Counting:
    """An engine that counts its applies."""

    def __init__(self, engine) -> None:
        self.engine, self.applied = engine, 0
        self.id = engine.id

    def setup(self, *args, **kwargs):
        return self.engine.setup(*args, **kwargs)

    def apply(self, state, seat, move):
        self.applied += 1
        return self.engine.apply(state, seat, move)


def _moves(engine, count: int, seed: int) -> list[tuple[int, str]]:
    chooser = random.Random(seed)
    state, moves = engine.setup(3, seed=seed), []
    while len(moves) < count and (waiting := engine.to_move(state)):
        seat = waiting[0]
        move = chooser.choice(engine.legal_moves(state, seat))
        moves.append((seat, move))
        state = engine.apply(state, seat, move).state
    return moves


@pytest.mark.parametrize("game", sorted(ENGINES)[:2])
def test_stepping_through_a_replay_applies_each_move_once_and_matches_a_fresh_replay(game):
    engine = ENGINES[game]
    variant = engine.variants[0]
    moves = _moves(engine, 30, seed=4)
    replay._replays.clear()
    counting = Counting(engine)
    for n in range(10, len(moves) + 1):
        state = replay.replayed(counting, variant, 4, 3, moves[:n])
        fresh = engine.setup(3, seed=4, variant=variant)
        for seat, move in moves[:n]:
            fresh = engine.apply(fresh, seat, move).state
        assert engine.encode(state) == engine.encode(fresh)
    assert counting.applied == len(moves)  # 10 for the first step, then one a step
    # A step back to before every kept replay is replayed from the setup, and is right.
    state = replay.replayed(counting, variant, 4, 3, moves[:12])
    fresh = engine.setup(3, seed=4, variant=variant)
    for seat, move in moves[:12]:
        fresh = engine.apply(fresh, seat, move).state
    assert engine.encode(state) == engine.encode(fresh)
    # An undone move (another move at the same number) is not continued from.
    other = [*moves[:11], (moves[11][0], "not a move")]
    with pytest.raises(IllegalMove):
        replay.replayed(counting, variant, 4, 3, other)
