"""Renderers: ``RENDERERS[game_id]`` has ``board(view)`` and ``private(view)`` (docs/ARCHITECTURE.md
6).

Each game is a module ``render/<id>.py`` exposing ``board`` and ``private``. The registry lists
every renderer module present, like ``engines.ENGINES``. Renderers receive views only, never states.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

from engines import enabled_game_ids


def _load() -> dict[str, ModuleType]:
    found: dict[str, ModuleType] = {}
    for game_id in enabled_game_ids():
        if importlib.util.find_spec(f"render.{game_id}") is not None:
            found[game_id] = importlib.import_module(f"render.{game_id}")
    return found


RENDERERS: dict[str, ModuleType] = _load()
