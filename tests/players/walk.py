"""Positions of random games, for the seat-filler hook tests of every game."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engines.base import Engine, Rng, State


def random_positions(
    engine: Engine,
    seed: int,
    *,
    players: int = 3,
    every: int = 1,
    limit: int | None = None,
    with_end: bool = False,
) -> Iterator[tuple[State, int | None]]:
    """Every ``every``-th position of one game of uniformly random moves (at most ``limit``
    moves), each with a seat to move; with ``with_end``, then the last position and None."""
    chooser = random.Random(seed)
    state = engine.setup(players, seed=seed)
    index = 0
    while (waiting := engine.to_move(state)) and (limit is None or index < limit):
        seat = chooser.choice(waiting)
        if index % every == 0:
            yield state, seat
        state = engine.apply(state, seat, chooser.choice(engine.legal_moves(state, seat))).state
        index += 1
    if with_end:
        yield state, None


def playout_phases(engine: Engine, positions: list[tuple[State, int]]) -> list[str]:
    """The phase each position's halving playout ends in (players/halving.py), the seat's own."""
    from players.halving import playout
    from players.search import playout_move

    return [
        playout(engine, state, seat, Rng.from_seed(1), 16, playout_move)[-1]["phase"]
        for state, seat in positions
    ]
