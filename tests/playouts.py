"""How the whole-game tests pick moves: half uniformly at random among the legal moves (odd moves
get played), half as the seat fillers' playouts pick them (so games end the way played games do:
uniformly random Tahiti games run to 2,000 moves where played ones take 200-400, and such a game
through the simulated Discord or the offline table costs a minute of CI time)."""

from __future__ import annotations

import random
from typing import Any

from engines.base import Engine, Rng
from players.search import playout_move

GUIDED = 0.5
"""The share of moves the playout policy picks."""


def pick_move(
    engine: Engine,
    state: Any,
    seat: int,
    chooser: random.Random,
    policy: Rng,
    guided: float = GUIDED,
) -> str:
    """One move for ``seat``: the playout policy's with probability ``guided``, else a uniformly
    random legal one (both repeat for the same ``chooser`` and ``policy``)."""
    if chooser.random() < guided:
        return playout_move(engine, state, seat, policy)
    return chooser.choice(engine.legal_moves(state, seat))


def record_sights(monkeypatch: Any) -> list[tuple[int, int]]:
    """Records how far each seat-filler playout looks from now on (``halving.playout``'s
    ``turns`` and ``horizon``), one pair a playout, in the returned list."""
    from players import halving

    seen: list[tuple[int, int]] = []
    real = halving.playout

    def recording(engine, state, me, rng, horizon, policy, *, turns=1, **rest):
        seen.append((turns, horizon))
        return real(engine, state, me, rng, horizon, policy, turns=turns, **rest)

    monkeypatch.setattr(halving, "playout", recording)
    return seen


def count_playouts(monkeypatch: Any) -> list[int]:
    """Counts the seat filler's playouts (``halving.Playouts.value`` calls) from now on: the
    one number in the returned list."""
    from players import halving

    counted = [0]
    real = halving.Playouts.value

    def counting(*args: Any, **kwargs: Any) -> float:
        counted[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(halving.Playouts, "value", counting)
    return counted
