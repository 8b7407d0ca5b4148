"""Figures, not a guard (slow tier): real time from ``/move`` dispatch to its first response at a
table of one member and two seat fillers, with the real renderer and the fillers' real search
(issue 24: before this change the fillers' decisions ran inside the interaction). Run with
``pytest -m slow -s tests/cogs/test_first_response_figures.py``; it prints median and max."""

from __future__ import annotations

import random
import statistics
import time

import pytest

from tests.cogs.test_answer_first import Stopwatch

MOVES = 8


@pytest.mark.slow
@pytest.mark.simcord(settle_timeout=300)
@pytest.mark.parametrize("game", ["amerigo", "drake"])
async def test_first_response_with_two_fillers(world, game):
    stopwatch = Stopwatch(world.env)
    ana, channel = world.ana, world.channel
    await ana.slash(channel, "game new", game=game, players=3, bots=2)
    await ana.slash(channel, "game start")
    chooser = random.Random(game)
    totals = []
    for _ in range(MOVES):
        table = await world.table()
        if table is None:
            break
        options = await world.bot.tables.legal_moves(channel.id, ana.id)
        start = time.perf_counter()
        await stopwatch("move", ana.slash(channel, "move", move=chooser.choice(options)[:100]))
        totals.append(time.perf_counter() - start)
    firsts = stopwatch.times["move"]
    print(
        f"\n{game}, 1 member + 2 fillers, {len(firsts)} moves: first response median "
        f"{statistics.median(firsts):.3f} s, max {max(firsts):.3f} s; until the fillers were "
        f"done median {statistics.median(totals):.2f} s, max {max(totals):.2f} s"
    )
