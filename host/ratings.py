"""Player ratings per game, with the Plackett-Luce model of ``openskill``.

Plackett-Luce rates multi-player results with ties directly (a 4-player game is one event, not six
duels), which hand-written Elo does not. Each player has a skill estimate ``mu`` and an
uncertainty ``sigma``; the number shown and ranked on is the conservative ``mu - 3 * sigma``, so a
newcomer starts at 0 and climbs as their results accumulate. Pure functions: the store calls
:func:`rate` inside the transaction that commits a game's final move.
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

from i18n import ENGLISH, number

MODEL = PlackettLuce()


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        """The conservative estimate players see and the leaderboard sorts by."""
        return self.mu - 3 * self.sigma


def initial() -> Rating:
    return Rating(MODEL.mu, MODEL.sigma)


def rate(before: list[Rating], ranks: list[int]) -> list[Rating]:
    """New ratings after one game; ``ranks`` are the final places (1 = best, ties share)."""
    if len(before) != len(ranks):
        raise ValueError("one rank per player")
    if len(before) < 2:
        return list(before)  # a solo game says nothing about skill against others
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    return [Rating(team[0].mu, team[0].sigma) for team in after]


def describe(rating: Rating, lang: str = ENGLISH) -> str:
    """The shown rating with its μ and σ, its numbers written as ``lang`` writes them
    (``12,3`` in Greek and Russian)."""
    shown = number(lang, rating.shown, 1)
    return f"{shown} (μ {number(lang, rating.mu, 1)}, σ {number(lang, rating.sigma, 2)})"
