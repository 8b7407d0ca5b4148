"""Francis Drake (game id ``drake``): ``GAME`` (docs/ARCHITECTURE.md 9), ``ENGINE`` and
``check_data``; the rules in :mod:`engines.drake.engine`."""

from engines.base import Game
from engines.drake.data import check_data
from engines.drake.engine import ENGINE, DrakeEngine
from engines.drake.heuristics import DrakeHeuristics
from engines.drake.words import SECRETS_HELP
from i18n import GAME_DOMAINS

GAME = Game(
    engine=ENGINE,
    heuristics=DrakeHeuristics(ENGINE),
    check_data=check_data,
    order=GAME_DOMAINS.index(ENGINE.id),  # data/drake/glossary.toml [meta] order
    secrets_help=SECRETS_HELP,
    example_moves=60,
    example_players=4,
    plan_decisions=frozenset({"place"}),
)

__all__ = ["ENGINE", "GAME", "DrakeEngine", "check_data"]
