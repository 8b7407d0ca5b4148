"""A bot that closes always exits (issue 45): every resource is released whatever one step of
the shutdown does. Each step of ``PortolanBot.close`` is made to fail in turn, by raising or by
hanging past its bound; close still returns, the database threads are gone and the worker
processes have ended."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import app
from bot import create_bot
from host import workers
from tests.processes import survivors, wait_for

ROOT = Path(__file__).resolve().parent.parent
BOUND = 0.5  # each step's bound in these tests (CLOSE_STEP_SECONDS), to keep them quick

# (what the step is called in the log, the object and method that does it, reached from the bot)
STEPS = [
    ("sending what is pending", lambda b: (b, "_flush_if_connected")),
    ("the seat fillers", lambda b: (b.tables, "stop_pilots")),
    ("delivery", lambda b: (b.deliverer, "close")),
    ("the tournaments", lambda b: (b.tournaments, "settle")),
    ("the database", lambda b: (b.store, "close")),
]


def database_threads() -> list[threading.Thread]:
    threads = threading.enumerate()
    return [t for t in threads if "_connection_worker_thread" in t.name and t.is_alive()]


def no_new_database_thread(before: set[threading.Thread]) -> bool:
    """No aiosqlite thread but those that ran before (a stopped one takes a moment to end)."""
    return wait_for(lambda: set(database_threads()) <= before, 5)


async def raise_error(*args, **kwargs):
    raise RuntimeError("this step breaks")


async def hang(*args, **kwargs):
    await asyncio.Event().wait()


@pytest.fixture
def pools_owned_by_this_bot(monkeypatch):
    """This test's bot is the pools' only user (other tests' bots in this process may have
    left theirs counted), so its close must stop them."""
    monkeypatch.setattr(workers, "_users", 0)
    monkeypatch.setattr(app, "CLOSE_STEP_SECONDS", BOUND)


@pytest.mark.parametrize("failure", [raise_error, hang], ids=["raises", "hangs"])
@pytest.mark.parametrize("step", STEPS, ids=[name for name, _ in STEPS])
async def test_close_releases_everything_whatever_one_step_does(
    tmp_path, pools_owned_by_this_bot, step, failure, caplog
):
    before = set(database_threads())
    bot = await create_bot(tmp_path / "bot.db", shard_count=1)
    await asyncio.to_thread(workers.warm)
    started = set(workers.worker_pids())
    assert started, "the pools did not start"
    name, where = step
    owner, method = where(bot)
    original = getattr(owner, method)
    setattr(owner, method, failure)

    await asyncio.wait_for(bot.close(), 30)  # each step bounded: 7 x 0.5 s at most, and more

    assert bot.released.is_set()
    assert f"shutdown: {name}" in caplog.text  # the failure was logged, by name
    if name == "the database":
        await original()  # this test broke the store's close; the bot went on without it
    assert no_new_database_thread(before), "an aiosqlite thread outlived close"
    assert not workers.worker_pids()
    assert not survivors(started, 5), "a worker process outlived close"


async def test_closing_twice_and_closing_a_half_started_bot_are_safe(
    tmp_path, pools_owned_by_this_bot, monkeypatch
):
    before = set(database_threads())
    bot = await create_bot(tmp_path / "bot.db", shard_count=1)
    await asyncio.gather(bot.close(), bot.close())
    await bot.close()
    assert workers._users == 0  # released once, not three times

    async def broken_cog(self, name, **kwargs):
        raise RuntimeError("a cog that does not load")

    monkeypatch.setattr(app.PortolanBot, "load_extension", broken_cog)
    with pytest.raises(RuntimeError):
        await create_bot(tmp_path / "bot.db", shard_count=1)
    assert no_new_database_thread(before)  # the half-started bot's store was closed
    assert workers._users == 0


async def test_a_stuck_worker_does_not_hold_shutdown(pools_owned_by_this_bot, monkeypatch):
    """A job that never ends (a worker stuck) is terminated after the bound, not waited for,
    and not run again in the closing process."""
    monkeypatch.setattr(workers, "SHUTDOWN_SECONDS", BOUND)
    job = asyncio.ensure_future(workers.run(stuck_job, os.getpid()))
    busy = await asyncio.to_thread(lambda: _wait(lambda: bool(workers.worker_pids())))
    assert busy
    started = set(workers.worker_pids())
    await asyncio.sleep(0.5)  # the job is running in a worker now
    await asyncio.wait_for(asyncio.to_thread(workers.shutdown, BOUND), 15)
    assert not survivors(started, 5)
    done, _ = await asyncio.wait({job}, timeout=10)
    assert done, "the stuck job's caller was never answered"
    assert job.exception() is not None, f"the job ran again: {job.result()}"


def stuck_job(owner: int) -> str:
    if os.getpid() == owner:
        return "in the bot's own process"  # never hang the test process itself
    time.sleep(3600)
    return "in a worker"


def _wait(condition, seconds: float = 30) -> bool:
    return wait_for(condition, seconds)


def test_a_process_that_plays_on_simcord_and_closes_the_bot_exits_by_itself(tmp_path):
    """The whole program: build the bot, play on SimCord, let SimCord close it; the process ends
    on its own (no thread, pool or connection keeps it alive)."""
    script = f"""
import asyncio, simcord
from bot import create_bot

async def main():
    bot = await create_bot({str(tmp_path / "bot.db")!r}, shard_count=1)
    async with simcord.run(bot) as env:
        guild = env.create_guild("Harbour")
        channel = guild.create_text_channel("games")
        ana = guild.add_member(env.create_user("ana"))
        bo = guild.add_member(env.create_user("bo"))
        await ana.slash(channel, "game new", game="tahiti")
        await bo.slash(channel, "game join")
        await ana.slash(channel, "game start")
    print("PLAYED", flush=True)

asyncio.run(main())
"""
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "PLAYED" in done.stdout
