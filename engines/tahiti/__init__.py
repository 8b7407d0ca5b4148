"""Tahiti: speedy canoes and fruitful islands (docs/rules/tahiti.md). Exposes ``ENGINE`` and
``check_data``."""

from __future__ import annotations

from engines.tahiti.data import check_data
from engines.tahiti.engine import Tahiti

ENGINE = Tahiti()

__all__ = ["ENGINE", "Tahiti", "check_data"]
