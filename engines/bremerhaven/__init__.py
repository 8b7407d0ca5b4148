"""Bremerhaven for Portolan: ``ENGINE`` and ``check_data`` (see engine.py for the rules notes)."""

from engines.bremerhaven.data import check_data
from engines.bremerhaven.engine import Bremerhaven

ENGINE = Bremerhaven()

__all__ = ["ENGINE", "check_data"]
