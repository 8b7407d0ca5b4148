"""Game engines, registered by id in :data:`ENGINES`.

Each game is a package ``engines/<id>/`` exposing ``ENGINE``. The registry lists every game package
that is present, in the order of :data:`GAME_IDS`; a game whose package is absent is not
offered. ``PORTOLAN_GAMES`` (comma-separated ids) limits the registry, e.g. for a server that
offers only some games.
"""

from __future__ import annotations

import importlib
import importlib.util
import os

from engines.base import BaseEngine, Engine, IllegalMove, Standing, State, Step

GAME_IDS: tuple[str, ...] = ("tahiti", "amerigo", "bremerhaven", "drake", "vasco")


def enabled_game_ids() -> tuple[str, ...]:
    """The game ids this process offers: all, or those listed in ``PORTOLAN_GAMES``."""
    wanted = os.environ.get("PORTOLAN_GAMES")
    if wanted is None:
        return GAME_IDS
    names = {name.strip().lower() for name in wanted.split(",")}
    return tuple(g for g in GAME_IDS if g in names)


def _load() -> dict[str, Engine]:
    found: dict[str, Engine] = {}
    for game_id in enabled_game_ids():
        if importlib.util.find_spec(f"engines.{game_id}") is None:
            continue
        engine = importlib.import_module(f"engines.{game_id}").ENGINE
        if engine.id != game_id:
            raise RuntimeError(f"engines.{game_id}.ENGINE has id {engine.id!r}")
        found[game_id] = engine
    return found


ENGINES: dict[str, Engine] = _load()

__all__ = [
    "ENGINES",
    "GAME_IDS",
    "BaseEngine",
    "Engine",
    "IllegalMove",
    "Standing",
    "State",
    "Step",
]
