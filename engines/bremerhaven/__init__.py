"""Bremerhaven for Portolan: ``GAME`` (docs/ARCHITECTURE.md 9), ``ENGINE`` and ``check_data``
(see engine.py for the rules notes)."""

from engines.base import Game
from engines.bremerhaven.data import check_data
from engines.bremerhaven.engine import Bremerhaven
from engines.bremerhaven.heuristics import BremerhavenHeuristics
from engines.bremerhaven.words import SECRETS_HELP
from i18n import GAME_DOMAINS

ENGINE = Bremerhaven()
GAME = Game(
    engine=ENGINE,
    heuristics=BremerhavenHeuristics(ENGINE),
    check_data=check_data,
    order=GAME_DOMAINS.index(ENGINE.id),  # data/bremerhaven/glossary.toml [meta] order
    secrets_help=SECRETS_HELP,
    example_moves=260,
)

__all__ = ["ENGINE", "GAME", "check_data"]
