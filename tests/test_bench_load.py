"""``python -m bench.load`` measures what it says (issue 24 item 7): a short run on a real bot, and
a bot made slow on purpose, whose slowness the bench must report. Slow tier: each run starts a bot
and plays for seconds."""

from __future__ import annotations

import argparse
import asyncio

import pytest

from bench.load import run_world, summarise
from host.tables import TableService

pytestmark = pytest.mark.slow


def _args(seconds: float = 4.0) -> argparse.Namespace:
    return argparse.Namespace(seconds=seconds, seed=3, drain=5.0, think=(0.2, 0.8), tick=0)


async def test_a_short_run_answers_everything_and_counts_the_moves(tmp_path):
    part = await run_world(_args(), str(tmp_path / "load.db"), tables=3, first_table=0)
    summary = summarise([part])
    assert summary["kinds"]["autocomplete"]["n"] > 0
    assert summary["all"]["never"] == 0
    assert summary["moves"] > 0 and summary["human_moves_accepted"] > 0
    # Every confirmed human move is in the store once the answers are in (read after the drain:
    # a move sent in the last moment is answered, and stored, after the played seconds).
    assert summary["moves_settled"] >= summary["human_moves_accepted"]
    assert part["filler_tables"] == 1


async def test_a_slow_answer_is_reported_slow(tmp_path, monkeypatch):
    # Autocomplete made to wait half a second on the bot's clock, which the bench keeps on the wall
    # clock (a step of 20 ms ahead, so timers fire on time): the bench must time the wait from
    # dispatch to the first response. Without the bench's clock, SimCord's own catch-up ended such
    # waits early (p50 0.35 s); stamping at dispatch reports 0.
    slow = TableService.move_choices

    async def move_choices(self, *args, **kwargs):
        await asyncio.sleep(0.5)
        return await slow(self, *args, **kwargs)

    monkeypatch.setattr(TableService, "move_choices", move_choices)
    part = await run_world(_args(), str(tmp_path / "load.db"), tables=2, first_table=0)
    autocomplete = summarise([part])["kinds"]["autocomplete"]
    assert autocomplete["n"] > 0 and autocomplete["never"] == 0
    assert autocomplete["p50_s"] >= 0.45
    assert autocomplete["p50_s"] < 3.0
