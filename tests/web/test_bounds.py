"""Bounded work per request (issue 42): drawn boards are kept within a byte budget (the least
recently used go first), one drawing serves everyone asking for it at once, and each address
has a bucket of new drawings (tests/web/test_pages.py sees the 429 on the server)."""

from __future__ import annotations

import asyncio

import pytest

from web import limits
from web.replay import RenderCache, TooMany


async def test_cache_stays_within_its_bytes_dropping_the_least_recently_used():
    cache = RenderCache(max_bytes=1000)
    for key in range(12):
        cache.put(key, bytes(300))
        assert cache.bytes <= 1000
        if key == 5:
            cache.get(4)  # used again: stays
    assert cache.bytes == 900 and len(cache) == 3
    assert cache.get(11) and cache.get(4) is None
    cache.put("too big", bytes(1001))
    assert cache.get("too big") is None and cache.bytes == 900


async def test_one_drawing_serves_everyone_asking_at_once():
    cache = RenderCache()
    drawn = 0

    async def draw() -> bytes:
        nonlocal drawn
        drawn += 1
        await asyncio.sleep(0.01)
        return b"png"

    results = await asyncio.gather(*(cache.fetch("k", draw) for _ in range(5)))
    assert results == [b"png"] * 5 and drawn == 1
    assert await cache.fetch("k", draw, admit=lambda: False) == b"png"  # cached: never limited
    with pytest.raises(TooMany):
        await cache.fetch("new", draw, admit=lambda: False)


async def test_buckets_allow_a_burst_then_a_rate_per_address():
    now = [0.0]
    buckets = limits.Buckets(burst=3, per_second=1.0, clock=lambda: now[0])
    assert [buckets.take("a") for _ in range(4)] == [True, True, True, False]
    assert buckets.take("b")  # another address has its own
    now[0] += 1.0
    assert buckets.take("a") and not buckets.take("a")
