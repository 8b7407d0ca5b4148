"""CPU work in worker processes (issue 24 items 2, 3): never on the event loop or its threads,
with an in-process fallback for functions a worker cannot import (a test's fakes)."""

from __future__ import annotations

import os
import threading

from engines import ENGINES
from host import workers
from host.images import render_png_async
from players import Budget
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
