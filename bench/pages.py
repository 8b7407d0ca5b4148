"""Readers of the web pages beside the busy tables of ``bench.load`` (issue 42):
``python -m bench.load --pages 8`` serves the pages from the bot's process, as ``PORTOLAN_WEB``
does, and has that many readers follow the games over HTTP while the members play. The readers
run in a process of their own (:func:`readers`), as browsers would: their own work does not wait in
the bot's event loop, so the times are the bot's answers as a reader sees them.

Each reader, in turn: opens a game's page (HTML), its board twice (the second from the cache
unless a move came in between), and steps a replay to a move nobody asked for yet (its page and
its board: a replay from the seed and a drawing in a worker, not in the cache). Figures per kind:
p50, p95 and max seconds, and the cache's size in bytes and boards at the end."""

from __future__ import annotations

import asyncio
import json
import random
import re
import statistics
import sys
import time
from collections import defaultdict
from typing import Any

from bench.measure import percentile

KINDS = ("game page", "board (cached)", "replay page", "replay board (new)")


async def serve(bot: Any) -> Any:
    """The pages of ``bot`` on a free port of 127.0.0.1 (the limit per address raised: every
    reader here shares one address)."""
    from web.limits import Buckets
    from web.server import Site, WebServer

    site = Site(bot.store, bot.tables.engines, limits=Buckets(burst=10_000, per_second=10_000))
    server = WebServer(site, "127.0.0.1", 0, health=None)
    await server.start()
    return server


async def read(
    base: str,
    pages: list[tuple[str, int]],
    until: float,
    rng: random.Random,
    samples: dict[str, list[float]],
    asked: set[tuple[str, int]],
    think: tuple[float, float] = (0.5, 1.5),
) -> None:
    """One reader until ``until`` (``pages``: each game's page path and table id)."""
    import aiohttp

    async def timed(session: aiohttp.ClientSession, kind: str, url: str) -> str:
        start = time.perf_counter()
        async with session.get(base + url) as answer:
            body = await answer.read()
            samples[kind if answer.status == 200 else f"{kind} ({answer.status})"].append(
                time.perf_counter() - start
            )
        return "" if ".png" in url else body.decode(errors="replace")

    async with aiohttp.ClientSession() as session:
        while time.perf_counter() < until:
            path, _ = rng.choice(pages)
            html = await timed(session, "game page", path)
            board = re.search(r'src="([^"]*/board\.png[^"]*)"', html)
            if board:
                url = board.group(1).replace("&amp;", "&")
                await timed(session, "board (warming)", url)
                await timed(session, "board (cached)", url)
            moves = int(m.group(1)) if (m := re.search(r"Moves played: (\d+)", html)) else 0
            fresh = [n for n in range(moves + 1) if (path, n) not in asked]
            if fresh:
                move = rng.choice(fresh)
                asked.add((path, move))
                await timed(session, "replay page", f"{path}/replay?move={move}")
                await timed(session, "replay board (new)", f"{path}/replay.png?move={move}")
            await asyncio.sleep(max(0.0, min(rng.uniform(*think), until - time.perf_counter())))


async def readers(
    base: str, pages: list[tuple[str, int]], seconds: float, count: int, seed: int
) -> dict[str, list[float]]:
    """``count`` readers for ``seconds`` in a child process; their samples by kind."""
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bench.pages",
        json.dumps(
            {"base": base, "pages": pages, "seconds": seconds, "count": count, "seed": seed}
        ),
        stdout=asyncio.subprocess.PIPE,
    )
    out, _ = await child.communicate()
    return json.loads(out.decode().strip().splitlines()[-1])


async def _read_all(job: dict) -> dict[str, list[float]]:
    samples = new_samples()
    asked: set[tuple[str, int]] = set()
    until = time.perf_counter() + job["seconds"]
    rng = random.Random(job["seed"])
    pages = [tuple(p) for p in job["pages"]]
    await asyncio.gather(
        *(
            read(job["base"], pages, until, random.Random(rng.random()), samples, asked)
            for _ in range(job["count"])
        )
    )
    return dict(samples)


def summary(samples: dict[str, list[float]], cache: Any) -> dict:
    kinds = {}
    for kind in [*KINDS, *sorted(set(samples) - set(KINDS) - {"board (warming)"})]:
        values = samples.get(kind, [])
        if values:
            kinds[kind] = {
                "n": len(values),
                "p50_s": statistics.median(values),
                "p95_s": percentile(values, 0.95),
                "max_s": max(values),
            }
    return {
        "kinds": kinds,
        "cache_bytes": cache.bytes,
        "cache_max_bytes": cache.max_bytes,
        "cache_boards": len(cache),
        "cache_hits": cache.hits,
        "cache_misses": cache.misses,
    }


def print_summary(pages: dict) -> None:
    print(f"{'page kind':<22}{'n':>6}{'p50 s':>8}{'p95 s':>8}{'max s':>8}")
    for kind, row in pages["kinds"].items():
        print(
            f"{kind:<22}{row['n']:>6}{row['p50_s']:>8.3f}{row['p95_s']:>8.3f}{row['max_s']:>8.3f}"
        )
    print(
        f"board cache: {pages['cache_bytes'] / 1e6:.1f} MB in {pages['cache_boards']} boards "
        f"(bound {pages['cache_max_bytes'] / 1e6:.0f} MB), {pages['cache_hits']} hits, "
        f"{pages['cache_misses']} drawings"
    )


def new_samples() -> dict[str, list[float]]:
    return defaultdict(list)


if __name__ == "__main__":
    print(json.dumps(asyncio.run(_read_all(json.loads(sys.argv[1])))), flush=True)
