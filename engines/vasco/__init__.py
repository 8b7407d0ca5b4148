"""Vasco da Gama: engine package (see ``engines/vasco/engine.py`` for the rules notes)."""

from engines.vasco.data import check_data
from engines.vasco.engine import ENGINE, VascoEngine

__all__ = ["ENGINE", "VascoEngine", "check_data"]
