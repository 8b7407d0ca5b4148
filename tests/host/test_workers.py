"""CPU work in worker processes (issue 24 items 2, 3): never on the event loop or its threads,
with an in-process fallback for functions a worker cannot import (a test's fakes)."""

from __future__ import annotations

import asyncio
import os
import threading
import time

from engines import ENGINES
from host import workers
from host.images import render_png_async
from players import Budget
from tests.playouts import count_playouts
from tests.processes import survivors
from tests.sealed_bids import ENGINE as SEALED


async def test_an_importable_function_runs_in_another_process():
    assert workers.importable(os.getpid)
    assert await workers.run(os.getpid) != os.getpid()


async def test_a_fake_that_a_worker_cannot_import_runs_in_a_thread_here():
    def fake() -> tuple[int, str]:
        return os.getpid(), threading.current_thread().name

    assert not workers.importable(fake)
    assert not workers.importable(lambda: None)
    pid, thread = await workers.run(fake)
    assert pid == os.getpid() and thread != threading.main_thread().name


async def test_rendering_and_search_come_back_from_the_workers():
    engine = ENGINES["drake"]
    state = engine.setup(3, seed=2)
    png = await render_png_async(
        {"kind": "board", "game": "drake", "view": engine.view(state, None)}
    )
    assert png and png.startswith(b"\x89PNG")
    seat = engine.to_move(state)[0]
    quick = Budget(iterations=3, depth=1)
    move = await workers.choose_move(engine, state, seat, seed=5, budget=quick)
    assert move in engine.legal_moves(state, seat)
    # A game the workers do not register (a test's) travels as an object.
    sealed = SEALED.setup(2, seed=1)
    bid = await workers.choose_move(SEALED, sealed, 0, seed=5, budget=quick)
    assert bid in SEALED.legal_moves(sealed, 0)
    assert await render_png_async(None) is None


async def test_boards_and_autocomplete_do_not_wait_behind_searches():
    """Two lanes (``workers.LANES``): with every search worker busy, quick work still runs at
    once. In one pool it queued behind the searches (autocomplete up to 1.1 s under
    bench.load)."""
    await workers.run(os.getpid)  # the quick lane's processes are up
    busy = [
        asyncio.create_task(workers.run_in("search", time.sleep, 2.0))
        for _ in range(workers.size())
    ]
    await asyncio.sleep(0.5)  # the searches have started
    started = time.perf_counter()
    assert await workers.run(os.getpid) != os.getpid()
    assert time.perf_counter() - started < 1.0
    await asyncio.gather(*busy)


def test_a_timed_search_counts_the_time_it_waited_for_a_worker(monkeypatch):
    """A member waits for the decision, not for the search: a search handed over 10 s ago (it
    queued behind others) does only its floor, not its full 0.5 s."""
    engine = ENGINES["vasco"]
    state = engine.setup(3, seed=4)
    seat = engine.to_move(state)[0]
    width = len(engine.legal_moves(state, seat))
    counted = count_playouts(monkeypatch)
    budget = Budget(iterations=None, seconds=0.5, floor=3)
    started = time.perf_counter()
    move = workers.choose_move_in_worker(
        "vasco", engine.encode(state), seat, 1, budget, [], time.time() - 10
    )
    assert move in engine.legal_moves(state, seat)
    assert counted[0] < 3 + width and time.perf_counter() - started < 0.4


async def test_a_fillers_search_goes_to_the_search_lane(monkeypatch):
    lanes: list[str] = []
    real = workers.run_in

    async def recording(lane, fn, *args, **kwargs):
        lanes.append(lane)
        return await real(lane, fn, *args, **kwargs)

    monkeypatch.setattr(workers, "run_in", recording)
    engine = ENGINES["drake"]
    state = engine.setup(3, seed=2)
    seat = engine.to_move(state)[0]
    await workers.choose_move(engine, state, seat, seed=5, budget=Budget(iterations=3, depth=1))
    await render_png_async({"kind": "board", "game": "drake", "view": engine.view(state, None)})
    assert lanes == ["search", "quick"]


async def test_a_pool_whose_idle_worker_was_killed_is_replaced_on_first_use(caplog):
    """Issue 38 item 2: a worker killed between jobs breaks its pool; the next job starts a new
    pool (one log line) instead of running in this process for good."""
    first = await workers.run(os.getpid)
    assert first != os.getpid()
    idle = workers.worker_pids()
    for pid in idle:
        os.kill(pid, 9)
    await asyncio.to_thread(survivors, set(idle), 10)
    await asyncio.sleep(0.5)  # the pool's manager notices its dead worker and marks it broken
    pids = {await workers.run(os.getpid) for _ in range(3)}
    assert os.getpid() not in pids, "the job ran in the bot's own process"
    assert not pids & set(idle)
    assert caplog.text.count("died while idle") <= 1 + len(workers.LANES)
    assert "starting a new pool" in caplog.text or "restarting the quick pool" in caplog.text
