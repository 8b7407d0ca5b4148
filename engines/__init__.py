"""Game engines, registered by id: :data:`GAMES` holds each game's description (``Game``), and
:data:`ENGINES` its engine (docs/ARCHITECTURE.md 2, 9).

A game is a package ``engines/<id>/`` exposing ``GAME`` (an ``engines.base.Game``: the engine,
the seat fillers' heuristics, its data check, its place in lists of games, ...). The registry
discovers every such package present and orders the games by ``Game.order``; every other list
of games (renderers, benches, /help) is derived from it. ``PORTOLAN_GAMES`` (comma-separated ids)
limits the registry, e.g. for a server that offers only some games. A test adds a game of its own
with :func:`register`, the same way a package's game enters.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from collections.abc import Callable

from engines.base import BaseEngine, Engine, Game, Heuristics, IllegalMove, Standing, State, Step

GAMES: dict[str, Game] = {}
"""Each offered game's description, by id, in the games' order."""
ENGINES: dict[str, Engine] = {}
"""Each offered game's engine, by id, in the same order (kept in step with :data:`GAMES`)."""
GAME_IDS: tuple[str, ...] = ()
"""The offered games' ids, in order."""

_listeners: list[Callable[[Game], None]] = []
_withdrawn: list[Callable[[Game], None]] = []


def wanted(game_id: str) -> bool:
    """Whether this process offers ``game_id``: all games, or those in ``PORTOLAN_GAMES``."""
    names = os.environ.get("PORTOLAN_GAMES")
    return names is None or game_id in {name.strip().lower() for name in names.split(",")}


def register(game: Game) -> None:
    """Offer ``game``: into :data:`GAMES`, :data:`ENGINES` and :data:`GAME_IDS`, in order, and
    told to every listener (``render`` finds its renderer this way)."""
    global GAME_IDS
    games = sorted([*(g for g in GAMES.values() if g.id != game.id), game], key=_place)
    GAMES.clear()
    GAMES.update((g.id, g) for g in games)
    ENGINES.clear()
    ENGINES.update((g.id, g.engine) for g in games)
    GAME_IDS = tuple(GAMES)
    for listener in _listeners:
        listener(game)


def unregister(game_id: str) -> None:
    """Withdraw a game :func:`register` added (a test's, at its end)."""
    global GAME_IDS
    game = GAMES.pop(game_id, None)
    ENGINES.pop(game_id, None)
    GAME_IDS = tuple(GAMES)
    if game is not None:
        for listener in _withdrawn:
            listener(game)


def when_registered(listener: Callable[[Game], None]) -> None:
    """Call ``listener`` with every game registered: those already in, then each new one. Lets
    a room below the registry (the renderers) follow it without the engines importing that room."""
    _listeners.append(listener)
    for game in list(GAMES.values()):
        listener(game)


def when_withdrawn(listener: Callable[[Game], None]) -> None:
    """Call ``listener`` with every game :func:`unregister` withdraws (the rooms that follow
    the registry forget it)."""
    _withdrawn.append(listener)


def enabled_game_ids() -> tuple[str, ...]:
    """The game ids this process offers, in order."""
    return GAME_IDS


def heuristics_for(engine: Engine) -> Heuristics:
    """The seat fillers' heuristics for ``engine`` (players/README.md "Hooks"): its game's, over
    this very engine (a test's subclass of a game's engine gets the game's heuristics too); the
    defaults for an engine no game registered."""
    game = GAMES.get(engine.id)
    if game is None:
        return Heuristics(engine)
    return game.heuristics.for_engine(engine)


def _place(game: Game) -> tuple[int, str]:
    return game.order, game.id


def _discover() -> None:
    for found in pkgutil.iter_modules(__path__):
        if not found.ispkg or not wanted(found.name):
            continue
        game = vars(importlib.import_module(f"{__name__}.{found.name}")).get("GAME")
        if game is None:
            continue
        if game.id != found.name:
            raise RuntimeError(f"engines.{found.name}.GAME has id {game.id!r}")
        register(game)


_discover()

__all__ = [
    "ENGINES",
    "GAMES",
    "GAME_IDS",
    "BaseEngine",
    "Engine",
    "Game",
    "Heuristics",
    "IllegalMove",
    "Standing",
    "State",
    "Step",
    "heuristics_for",
    "register",
]
