"""Game engines, registered by id in :data:`ENGINES`.

Each game is a package ``engines/<id>/`` exposing ``ENGINE``. The registry lists every game package
that is present, in the order of :data:`GAME_IDS`; a game whose package is absent is not
offered.
"""

from __future__ import annotations

import importlib
import importlib.util

from engines.base import BaseEngine, Engine, IllegalMove, Standing, State, Step

GAME_IDS: tuple[str, ...] = ("tahiti", "amerigo", "bremerhaven", "drake", "vasco")


def _load() -> dict[str, Engine]:
    found: dict[str, Engine] = {}
    for game_id in GAME_IDS:
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
