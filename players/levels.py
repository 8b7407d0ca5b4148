"""How hard a seat filler plays: a level a member chooses (issue 28).

A level is a time budget per decision, because what a member waits for is seconds, not
playouts; a floor of playouts keeps a loaded machine from making a filler play at random. Where a
result must be the same on every machine (tests, the strength bench), the level's ``iterations``
(playouts) stand in for its time budget. On an idle core normal's 0.35 s buys more than its 40
everywhere: median playouts a decision Tahiti 132 (its playouts see four turns), Bremerhaven 332,
Drake 349, Vasco 681, Amerigo 768 (12 positions a game, 2026-12-03).

Normal's floor (12, two playouts for each of the 6 moves it screens in) is below its 40 so that it
decides within the issue's 0.6 s while 30 tables play: with a floor of 40 its searches ran past it
where playouts are dear (``bench.load``: Tahiti p50 0.68-1.11 s). Figures by session in
``players/README.md``. Easy and hard keep their floors at their iterations.

A game may tune a level where the level's own settings would leave no step between it and the
next (``Level.in_game``, the engine's ``level_tuning``): Amerigo's normal plays out 3 moves,
Tahiti's hard looks as far as normal, twice as often.

A filler's level is kept in its seat's user id (fillers sit under negative ids: see
``host.tables.FILLER_USER_IDS``), so it survives restarts without a column of its own, and it is
shown in the seat's name.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engines import heuristics_for
from engines.base import Engine, Heuristics
from players.search import DEFAULT_BUDGET, Budget

TUNABLE = frozenset({"width", "reach", "iterations", "floor"})
"""What a game's ``level_tuning`` may change (``Level.in_game``)."""


@dataclass(frozen=True)
class Level:
    name: str
    seconds: float
    """Wall time per decision with more than one legal move."""
    floor: int
    """Playouts done whatever the clock says."""
    iterations: int
    """The fixed budget (playouts) that stands for this level where results must repeat."""

    width: int | None = None
    """The moves it plays out at most (``players.halving.screen``); None: every legal move."""

    reach: int = 1
    """How far its playouts look: ``reach`` times the engine's ``playout_turns`` of the seat's
    turns (``Budget.reach``). Hard looks twice as far: four times normal's playouts, each seeing
    one turn, had bought little (hard beat two normal fillers in 9 of 25 games, session 8); with
    two, hard won 5 of 5 Drake games against them (seeds 1000-1004)."""

    def in_game(self, engine: Engine | None, heuristics: Heuristics | None = None) -> Level:
        """The level as ``engine``'s game plays it. The game's ``level_tuning`` (of its
        heuristics, ``engines.base.Heuristics``, or of ``heuristics`` when given) may change how
        many moves a level plays out, how far and how many times (``width``, ``reach``,
        ``iterations``, ``floor``), where the level's own would make no step on the ladder
        (Amerigo's normal, Tahiti's hard: players/README.md, session 14); never its seconds,
        which are what a member waits for."""
        if heuristics is None and engine is not None:
            heuristics = heuristics_for(engine)
        tuning = heuristics.level_tuning.get(self.name, {}) if heuristics is not None else {}
        unknown = set(tuning) - TUNABLE
        if unknown:
            raise ValueError(f"a game may not tune a level's {', '.join(sorted(unknown))}")
        # Every name in TUNABLE (checked above) is an int field.
        return replace(self, **tuning) if tuning else self  # type: ignore[arg-type]

    def budget(
        self,
        *,
        timed: bool = True,
        engine: Engine | None = None,
        heuristics: Heuristics | None = None,
    ) -> Budget:
        """The search budget of one decision, as ``engine``'s game plays the level."""
        level = self.in_game(engine, heuristics)
        if not timed:
            return Budget(iterations=level.iterations, width=level.width, reach=level.reach)
        return Budget(
            iterations=None,
            seconds=level.seconds,
            floor=level.floor,
            width=level.width,
            reach=level.reach,
        )


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("easy", seconds=0.1, floor=6, iterations=6, width=2),
        Level(
            "normal", seconds=0.35, floor=12, iterations=DEFAULT_BUDGET.iterations or 40, width=6
        ),
        Level("hard", seconds=1.6, floor=160, iterations=160, reach=2),
    )
}
DEFAULT_LEVEL = "normal"

_RANK = {"normal": 0, "easy": 1, "hard": 2}
"""A level's place in a filler's user id: normal keeps the ids fillers always had (-1 ... -6)."""
_IDS_PER_LEVEL = 10


def filler_user_id(index: int, level: str = DEFAULT_LEVEL) -> int:
    """The user id of the ``index``-th filler (from 1) at ``level``: negative, never a member's."""
    if level not in _RANK:
        raise ValueError(f"unknown level {level!r}")
    return -(index + _IDS_PER_LEVEL * _RANK[level])


def level_of(user_id: int) -> Level:
    """The level of the filler sitting under ``user_id`` (a member's seat on autopilot: normal)."""
    if user_id >= 0:
        return LEVELS[DEFAULT_LEVEL]
    rank = (-user_id) // _IDS_PER_LEVEL
    for name, place in _RANK.items():
        if place == rank:
            return LEVELS[name]
    return LEVELS[DEFAULT_LEVEL]


def level_name(name: str | None) -> str:
    """A level as a member typed it; the default when none was given."""
    if name is None or not name.strip():
        return DEFAULT_LEVEL
    wanted = name.strip().lower()
    if wanted not in LEVELS:
        raise ValueError(f"Unknown level `{wanted[:20]}`. Choose one of: {', '.join(LEVELS)}.")
    return wanted
