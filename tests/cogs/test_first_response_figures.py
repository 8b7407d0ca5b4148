"""Figures, not a guard (slow tier): real time from ``/move`` dispatch to its first response at a
table of one member and two seat fillers, with the real renderer and the fillers' real search
(issue 24: before this change the fillers' decisions ran inside the interaction). Run with
``pytest -m slow -s tests/cogs/test_first_response_figures.py``; it prints median and max."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

import pytest

MOVES = 8


class FirstResponse:
    def __init__(self, env: Any) -> None:
        stamps: list[tuple[float, Any]] = []

        class Stamped(list):
            def append(self, entry: Any) -> None:
                stamps.append((time.perf_counter(), entry))
                super().append(entry)

        env.backend.http_requests = Stamped(env.backend.http_requests)
        self.stamps = stamps

    async def __call__(self, action: Any) -> tuple[float, float]:
        """(seconds to the first response, seconds until everything settled)."""
        mark, start = len(self.stamps), time.perf_counter()
        await action
        done = time.perf_counter()
        first = next(
            when
            for when, request in self.stamps[mark:]
            if request.path.startswith("/interactions/") and request.path.endswith("/callback")
        )
        return first - start, done - start


@pytest.mark.slow
@pytest.mark.simcord(settle_timeout=300)
@pytest.mark.parametrize("game", ["amerigo", "drake"])
async def test_first_response_with_two_fillers(world, game):
    stopwatch = FirstResponse(world.env)
    ana, channel = world.ana, world.channel
    await ana.slash(channel, "game new", game=game, players=3, bots=2)
    await ana.slash(channel, "game start")
    chooser = random.Random(game)
    firsts, totals = [], []
    for _ in range(MOVES):
        table = await world.table()
        if table is None:
            break
        options = await world.bot.tables.legal_moves(channel.id, ana.id)
        first, total = await stopwatch(
            ana.slash(channel, "move", move=chooser.choice(options)[:100])
        )
        firsts.append(first)
        totals.append(total)
    print(
        f"\n{game}, 1 member + 2 fillers, {len(firsts)} moves: first response median "
        f"{statistics.median(firsts):.3f} s, max {max(firsts):.3f} s; until the fillers were "
        f"done median {statistics.median(totals):.2f} s, max {max(totals):.2f} s"
    )
