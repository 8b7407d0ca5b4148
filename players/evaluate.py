"""How good a position is for each seat, from what the engine contract exposes.

A finished game is judged by its standings. A position in play is judged by an engine's optional
``evaluate(state, seat)`` hook when it has one, and otherwise by the per-seat score that the public
view shows (victory points, prestige, a score track): every game here prints one, and searching
for it generically keeps this package free of game knowledge. An engine's optional
``progress(state)`` (the share of the game already over, 0 to 1) makes a lead count for more as
the end nears.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engines import heuristics_for
from engines.base import Engine, Heuristics, State

# Keys that name a running score in a per-seat record, best first. Money is a last resort: it is
# a score in some games and only a means in others.
SCORE_KEYS: tuple[str, ...] = (
    "score",
    "vp",
    "points",
    "prestige",
    "goods_score",
    "victory_points",
)
TOP_LEVEL_KEYS: tuple[str, ...] = ("scores", "vp", "points")

MATERIAL_WEIGHT = float(os.environ.get("PORTOLAN_FILLER_MATERIAL", "0.1"))

NOT_MATERIAL = frozenset({"seat", "pid", "id", "index", *SCORE_KEYS})

ScoreReader = Callable[[dict], list[float]]


def seat_count(engine: Engine, state: State) -> int:
    """The number of seats, from the public view (``players``) or, failing that, the standings."""
    view = engine.view(state, None)
    players = view.get("players")
    if isinstance(players, int) and players > 0:
        return players
    if isinstance(players, list) and players:
        return len(players)
    standings = engine.result(state)
    if standings:
        return len(standings)
    return max(engine.to_move(state), default=0) + 1


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _material(record: Any) -> float:
    """The sum of a seat record's own counts (money, goods, crew): a crude reading of "more is
    better" that most of these games' final scorings reward."""
    total = 0.0
    values = record.items() if isinstance(record, dict) else ()
    for key, value in values:
        if key in NOT_MATERIAL:
            continue
        if _number(value):
            total += value
        elif isinstance(value, dict):
            total += sum(v for v in value.values() if _number(v))
    return total


def _reader(key: str, value: Callable[[Any], float]) -> ScoreReader:
    """Reads ``value`` of each item of the view's list ``key``."""
    return lambda view: [value(item) for item in view[key]]


def _field(name: str) -> Callable[[dict], float]:
    return lambda record: float(record[name])


def find_material_reader(view: dict, players: int) -> ScoreReader | None:
    """Reads the material of each seat from the first list of one record per seat."""
    for key, value in view.items():
        if (
            isinstance(value, list)
            and len(value) == players
            and all(isinstance(r, dict) for r in value)
        ):
            return _reader(key, _material)
    return None


def find_score_reader(view: dict, players: int) -> ScoreReader | None:
    """A function that reads each seat's running score from a public view of this game, or None.

    Looks for a top-level list of numbers (``scores``) or a list of one record per seat holding a
    score-like number. The path is found once per game and reused, since views keep their shape.
    """
    for key in TOP_LEVEL_KEYS:
        value = view.get(key)
        if isinstance(value, list) and len(value) == players and all(map(_number, value)):
            return _reader(key, float)
    for score_key in SCORE_KEYS:
        for key, value in view.items():
            if (
                isinstance(value, list)
                and len(value) == players
                and all(isinstance(r, dict) and _number(r.get(score_key)) for r in value)
            ):
                return _reader(key, _field(score_key))
    return None


@dataclass(frozen=True)
class Baseline:
    """Each seat's lead over its best rival where a search iteration starts, and the lead that
    counts as decisive there."""

    leads: list[float]
    scale: float


CHANGE_WEIGHT = 0.3
"""The share of a search reward that measures the change of the seat's lead since the root.

The rest, a squashed lead over the best rival, is a winning chance, and it saturates: a Vasco
filler 23 points behind saw every move as a certain loss (sending its ship projected 18.7,
declining for reals 13.1, against a rival's 37), let the safe default (decline) win the tie, and
ended a game of fillers with 0 VP and 54 reals. Measured from the root, the change is never
saturated: each point gained counts about the same wherever the seat stands
(tests/players/test_vasco_hooks.py)."""


class Evaluator:
    """Turns a position into one reward in [0, 1] per seat (1: certain win)."""

    def __init__(
        self, engine: Engine, players: int, state: State, heuristics: Heuristics | None = None
    ) -> None:
        self.engine = engine
        self.players = players
        self.heuristics = heuristics or heuristics_for(engine)
        """The game's heuristics (``engines.base.Heuristics``): its projected score and how
        near the end a position is, where it has them."""
        self.hook = self.heuristics.evaluate
        self.progress = self.heuristics.progress
        view = engine.view(state, None)
        self.reader = None if self.hook else find_score_reader(view, players)
        self.material = None if self.hook else find_material_reader(view, players)

    def baseline(self, state: State) -> Baseline | None:
        """Each seat's lead where a search iteration starts (its draw of the root), which
        :meth:`rewards` measures changes from; None when the position shows no scores."""
        scores = self.scores(state) if self.engine.result(state) is None else None
        if scores is None or len(scores) < 2:
            return None
        return Baseline(leads(scores), margin_scale(scores))

    def rewards(
        self, state: State, base: Baseline | None = None, weight: float = CHANGE_WEIGHT
    ) -> list[float]:
        """One reward per seat. With a ``base``, a share ``weight`` of it is how much the
        seat's lead grew since then, which keeps every seat's moves apart when its winning
        chances have saturated (far ahead or far behind)."""
        standings = self.engine.result(state)
        if standings is not None:
            rewards = standing_rewards([(s.seat, s.rank) for s in standings], self.players)
            # On the scale of running positions, where a lead at the very end counts double.
            if self.progress is not None:
                rewards = nearer_the_end(rewards, 1.0)
            if base is None or not weight:
                return rewards
            finals = [0.0] * self.players
            for standing in standings:
                if 0 <= standing.seat < self.players:
                    finals[standing.seat] = float(standing.score)
            return changed(rewards, finals, base, weight)
        scores = self.scores(state)
        if scores is None:
            return [0.5] * self.players
        rewards = margin_rewards(scores)
        if self.progress is not None:
            rewards = nearer_the_end(rewards, self.progress(state))
        return rewards if base is None or not weight else changed(rewards, scores, base, weight)

    def scores(self, state: State) -> list[float] | None:
        if self.hook is not None:
            return [float(self.hook(state, seat)) for seat in range(self.players)]
        if self.reader is None:
            return None
        try:
            view = self.engine.view(state, None)
            scores = self.reader(view)
            if self.material is not None and MATERIAL_WEIGHT:
                extra = self.material(view)
                scores = [s + MATERIAL_WEIGHT * m for s, m in zip(scores, extra, strict=True)]
            return scores
        except (KeyError, TypeError, ValueError):
            return None  # a phase whose view lacks the score list: no opinion


def leads(scores: Sequence[float]) -> list[float]:
    """Each seat's score less its best rival's."""
    return [
        own - max(s for i, s in enumerate(scores) if i != seat) for seat, own in enumerate(scores)
    ]


def margin_scale(scores: Sequence[float]) -> float:
    """The lead that counts as decisive: it grows with the scores, so that a 2-point lead
    matters early in a game and less in a 100-point endgame."""
    return 2.0 + 0.1 * max(abs(s) for s in scores)


def changed(
    rewards: Sequence[float], scores: Sequence[float], base: Baseline, weight: float = CHANGE_WEIGHT
) -> list[float]:
    """``rewards`` blended with how much each seat's lead has grown since ``base``."""
    if len(scores) != len(base.leads) or len(scores) < 2:
        return list(rewards)
    now = leads(scores)
    return [
        (1 - weight) * r + weight * (0.5 + 0.5 * math.tanh((n - b) / base.scale))
        for r, n, b in zip(rewards, now, base.leads, strict=False)
    ]


def standing_rewards(ranks: Sequence[tuple[int, int]], players: int) -> list[float]:
    """Final standings as rewards: a (shared) win is 1, last place 0, linear between."""
    rewards = [0.0] * players
    span = max(1, players - 1)
    for seat, rank in ranks:
        if 0 <= seat < players:
            rewards[seat] = 1.0 if rank == 1 else max(0.0, (players - rank) / span) * 0.5
    return rewards


PROGRESS_WEIGHT = 1.0
"""How much more a lead is worth at the end of the game than at its start."""


def nearer_the_end(rewards: Sequence[float], progress: float) -> list[float]:
    """A lead is worth more the less game is left: each reward's distance from 0.5 grows by up to
    PROGRESS_WEIGHT as ``progress`` (the engine's share of the game already over) goes to 1.

    It matters where the players themselves must end the game (Tahiti's islands are exhausted
    only when emptied): a filler far ahead of hopeless rivals sees every move as a certain win
    (the lead saturates), and without this it would never bring the end any nearer."""
    grow = 1.0 + PROGRESS_WEIGHT * min(1.0, max(0.0, progress))
    return [0.5 + (r - 0.5) * grow for r in rewards]


def margin_rewards(scores: Sequence[float]) -> list[float]:
    """Running scores as rewards: each seat's lead over its best rival, squashed into (0, 1).

    The scale grows with the scores so that a 2-point lead matters early in a game and less in a
    100-point endgame. Leading the best rival (not the average) is what wins a 3-player game.
    """
    if len(scores) < 2:
        return [0.5 + 0.5 * math.tanh(s / 10.0) for s in scores]
    scale = margin_scale(scores)
    return [0.5 + 0.5 * math.tanh(lead / scale) for lead in leads(scores)]
