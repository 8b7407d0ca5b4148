"""Amerigo (Stefan Feld, 2013) for Portolan: see ``engines/amerigo/engine.py`` for the engine and
its documented interpretations, and ``data/amerigo/`` for the component data. Exposes ``GAME``
(docs/ARCHITECTURE.md 9), ``ENGINE`` and ``check_data``."""

from __future__ import annotations

from engines.amerigo.data import check_data
from engines.amerigo.engine import Amerigo
from engines.amerigo.heuristics import AmerigoHeuristics
from engines.amerigo.words import SECRETS_HELP
from engines.base import Game
from i18n import GAME_DOMAINS

ENGINE = Amerigo()
GAME = Game(
    engine=ENGINE,
    heuristics=AmerigoHeuristics(ENGINE),
    check_data=check_data,
    order=GAME_DOMAINS.index(ENGINE.id),  # data/amerigo/glossary.toml [meta] order
    secrets_help=SECRETS_HELP,
    example_moves=140,
)

__all__ = ["ENGINE", "GAME", "check_data"]
