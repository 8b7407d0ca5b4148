"""Bounded work per request (issue 42): each address may start only so many drawings that are
not in the cache (a replay step is a replay and a drawing in a worker); beyond that it is asked
to wait (429). Cached pages and boards are never limited."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

BURST = 12
"""Drawings an address may start at once (a member paging quickly through a replay)."""
PER_SECOND = 2.0
"""And after the burst, how many a second."""
ADDRESSES = 10_000
"""Addresses remembered at most (the oldest forgotten first), so the limiter's own memory is
bounded too."""


class Buckets:
    """A token bucket per address."""

    def __init__(
        self,
        burst: int = BURST,
        per_second: float = PER_SECOND,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.burst = burst
        self.per_second = per_second
        self.clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, address: str) -> bool:
        """Whether ``address`` may start one more drawing now (and count it)."""
        now = self.clock()
        tokens, then = self._buckets.pop(address, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.per_second)
        allowed = tokens >= 1.0
        self._buckets[address] = (tokens - 1.0 if allowed else tokens, now)
        while len(self._buckets) > ADDRESSES:
            self._buckets.popitem(last=False)
        return allowed
