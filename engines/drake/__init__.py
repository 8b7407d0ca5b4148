"""Francis Drake (game id ``drake``): see :mod:`engines.drake.engine`."""

from engines.drake.data import check_data
from engines.drake.engine import ENGINE, DrakeEngine

__all__ = ["ENGINE", "DrakeEngine", "check_data"]
