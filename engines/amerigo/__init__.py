"""Amerigo (Stefan Feld, 2013) for Portolan: see ``engines/amerigo/engine.py`` for the engine and
its documented interpretations, and ``data/amerigo/`` for the component data."""

from __future__ import annotations

from engines.amerigo.data import check_data
from engines.amerigo.engine import Amerigo
from engines.amerigo.topics import RULES_TOPICS

ENGINE = Amerigo()
ENGINE.rules_topics = RULES_TOPICS

__all__ = ["ENGINE", "check_data"]
