"""Tahiti: speedy canoes and fruitful islands (docs/rules/tahiti.md). Exposes ``GAME`` (the
description the registry reads, docs/ARCHITECTURE.md 9), ``ENGINE`` and ``check_data``."""

from __future__ import annotations

from engines.base import Game
from engines.tahiti.data import check_data
from engines.tahiti.engine import Tahiti
from engines.tahiti.heuristics import TahitiHeuristics
from engines.tahiti.words import SECRETS_HELP
from i18n import GAME_DOMAINS

ENGINE = Tahiti()
GAME = Game(
    engine=ENGINE,
    heuristics=TahitiHeuristics(ENGINE),
    check_data=check_data,
    order=GAME_DOMAINS.index(ENGINE.id),  # data/tahiti/glossary.toml [meta] order
    secrets_help=SECRETS_HELP,
    example_moves=260,
)

__all__ = ["ENGINE", "GAME", "Tahiti", "check_data"]
