"""Vasco da Gama: ``GAME`` (docs/ARCHITECTURE.md 9), ``ENGINE`` and ``check_data`` (see
``engines/vasco/engine.py`` for the rules notes)."""

from engines.base import Game
from engines.vasco.data import check_data
from engines.vasco.engine import ENGINE, VascoEngine
from engines.vasco.heuristics import VascoHeuristics
from engines.vasco.words import SECRETS_HELP
from i18n import GAME_DOMAINS

GAME = Game(
    engine=ENGINE,
    heuristics=VascoHeuristics(ENGINE),
    check_data=check_data,
    order=GAME_DOMAINS.index(ENGINE.id),  # data/vasco/glossary.toml [meta] order
    secrets_help=SECRETS_HELP,
    example_moves=120,
    plan_decisions=frozenset({"place", "number"}),
)

__all__ = ["ENGINE", "GAME", "VascoEngine", "check_data"]
