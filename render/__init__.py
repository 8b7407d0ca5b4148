"""Renderers: ``RENDERERS[game_id]`` has ``board(view)`` and ``private(view)`` (docs/ARCHITECTURE.md
6).

Each game names the module that draws it (``Game.renderer``: ``render/<id>.py`` for the games of
``engines/``); the registry lists the renderer of every registered game whose module is present,
following ``engines.GAMES`` (a game registered later, a test's, joins it too). The engines never
import this package. Renderers receive views only, never states.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

from engines import when_registered, when_withdrawn
from engines.base import Game

RENDERERS: dict[str, ModuleType] = {}


def _add(game: Game) -> None:
    if importlib.util.find_spec(game.renderer) is not None:
        RENDERERS[game.id] = importlib.import_module(game.renderer)


def _drop(game: Game) -> None:
    RENDERERS.pop(game.id, None)


when_registered(_add)
when_withdrawn(_drop)
