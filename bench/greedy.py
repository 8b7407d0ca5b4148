"""A one-ply greedy opponent that breaks ties at random (issue 44), for the strength bench.

The levels' table was measured against ``players.bench.greedy_move``, which scores moves by the
filler's own squashed reward (a winning chance that saturates far ahead and far behind) and
plays the engine's tie-breaker when every move scores alike. A simple player does neither: this
one applies each legal move to one re-deal of its own information, scores the engine's
``evaluate`` (else the public score and material, as the filler reads it) for itself less the best
rival's, keeps the best, draws among equals at random, and never steps back to a view it had
at an earlier decision of the same turn (``players.search.undoing_moves``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.base import Engine, Rng, State
from players.bench import one_ply
from players.evaluate import Evaluator, leads

TIE = 1e-9
"""Leads this close are equal: a player drawing among them does not read rounding noise."""


def lead(engine: Engine, evaluator: Evaluator, state: State, seat: int) -> float:
    """``seat``'s projected score less its best rival's at ``state``: the final scores of a
    finished game, else the evaluation (0 when the position shows none)."""
    standings = engine.result(state)
    if standings is not None:
        scores = [0.0] * evaluator.players
        for standing in standings:
            if 0 <= standing.seat < evaluator.players:
                scores[standing.seat] = float(standing.score)
    else:
        scores = evaluator.scores(state)
    if not scores or len(scores) < 2:
        return 0.0
    return leads(scores)[seat]


def random_tie_greedy_move(
    engine: Engine, state: State, seat: int, rng: Rng, earlier: Sequence[dict] = ()
) -> str:
    """The move of a one-ply greedy player that breaks ties at random (module docstring).

    ``earlier``: the seat's views at its earlier decisions of this turn (``TurnMemory``); a
    move back to one of them (or a piece back where it was, ``players.search.steps_back``) is
    refused unless nothing else is legal."""
    legal, draw, evaluator = one_ply(engine, state, seat, rng, earlier)
    if evaluator is None:
        return legal[0]
    values = {m: lead(engine, evaluator, engine.apply(draw, seat, m).state, seat) for m in legal}
    top = max(values.values())
    return rng.choice([m for m in legal if values[m] >= top - TIE])
