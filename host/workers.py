"""CPU work in worker processes, so the event loop only routes (docs/ARCHITECTURE.md 4, "Answer
first").

Drawing a board (50-100 ms of CPU) and a seat filler's search (up to a second) hold the GIL: run
on the loop or in its default thread pool they delay every interaction of every table. Here they
run in process pools sized to the cores, one for quick work and one for searches (:data:`LANES`),
created on first use and shut down with the bot (:func:`shutdown`, bounded in time). Every worker
watches the process that owns its pool and exits when that process ends, however it ends (a crash,
``kill -9``, the out-of-memory killer): nothing is left behind to PID 1 (:func:`_watch_owner`).

A function is sent to a worker by its importable name. One that is not importable there (a test's
lambda or a slow fake put in with ``monkeypatch``) runs in-process in a thread instead, so tests
that inject fakes keep working unchanged; :func:`use_processes` switches the pool off altogether
(``PORTOLAN_WORKERS=0`` does the same at startup).
"""

from __future__ import annotations

import asyncio
import contextvars
import dataclasses
import logging
import multiprocessing
import os
import select
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar, cast

log = logging.getLogger("portolan.workers")

T = TypeVar("T")

LANES = ("quick", "search")
"""Two pools, each sized to the cores: ``quick`` for boards and autocomplete (tens of
milliseconds), ``search`` for the seat fillers' searches (a third of a second and more). In one
pool, FIFO, a board or an autocomplete answer waited behind two tables' searches, and a filler's
search behind a burst of boards (``bench.load``: filler moves p95 0.76-0.81 s, 2026-12-02).
Apart, the operating system shares the cores between them instead: a search is timed by the
clock, so sharing costs it playouts, not wall time."""

_pools: dict[str, ProcessPoolExecutor] = {}
_pool_lock = threading.Lock()
_enabled = os.environ.get("PORTOLAN_WORKERS", "").strip() != "0"

PRELOAD = ["engines", "render", "players", "host.images"]
"""Imported once by the fork server, so a new worker starts warm (Pillow, fonts, engine data)."""

SHUTDOWN_SECONDS = 5.0
"""How long :func:`shutdown` lets running jobs finish before it terminates their workers (a
board takes a tenth of a second, a search at most a few seconds: a worker still busy after this
is stuck, and a supervisor restarting the bot must not wait for it)."""

OWNER_POLL_SECONDS = 1.0
"""Where the kernel cannot tell a worker that its owner died (no ``pidfd_open``), how often the
worker looks."""


def size() -> int:
    """Worker processes per lane: one per core this process may use (``PORTOLAN_WORKERS``
    overrides)."""
    wanted = os.environ.get("PORTOLAN_WORKERS", "").strip()
    if wanted.isdigit() and int(wanted) > 0:
        return int(wanted)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def use_processes(on: bool) -> None:
    """Run work in worker processes (True, the default) or in-process threads (False: tests
    that count or slow down calls in this process)."""
    global _enabled
    _enabled = on


def pool(lane: str = "quick") -> ProcessPoolExecutor:
    """A lane's process pool, created on first use. A fork server (or spawn where there is none)
    rather than fork: forking a process with a running event loop and threads is unsafe."""
    if lane not in LANES:
        raise ValueError(f"unknown lane {lane!r}")
    with _pool_lock:
        if lane not in _pools:
            methods = multiprocessing.get_all_start_methods()
            method = "forkserver" if "forkserver" in methods else "spawn"
            context = multiprocessing.get_context(method)
            if method == "forkserver":
                context.set_forkserver_preload(PRELOAD)
            _pools[lane] = ProcessPoolExecutor(
                max_workers=size(),
                mp_context=context,
                initializer=_watch_owner,
                initargs=(os.getpid(),),
            )
            log.info("worker pool %s: %s processes (%s)", lane, size(), method)
        return _pools[lane]


_users = 0


def use() -> None:
    """A bot (or another long-lived user) starts using the pools: see :func:`release`."""
    global _users
    with _pool_lock:
        _users += 1


def release() -> None:
    """A user is done; the last one shuts the pools down (a restarted bot in the same process,
    as tests make, keeps the pools the new one already uses)."""
    global _users
    with _pool_lock:
        _users = max(0, _users - 1)
        last = _users == 0
    if last:
        shutdown()


def shutdown(timeout: float = SHUTDOWN_SECONDS) -> None:
    """Stop the worker processes (at bot close; a later call to :func:`run` starts new ones),
    within about ``timeout`` seconds whatever they are doing: queued jobs are cancelled, running
    ones may finish until then, and a worker still busy is terminated, then killed."""
    with _pool_lock:
        current = list(_pools.values())
        _pools.clear()
    if not current:
        return
    # Read before shutdown(wait=False), which forgets them.
    processes = [p for ex in current for p in list((ex._processes or {}).values())]
    # typeshed says _ThreadWakeup; CPython's ProcessPoolExecutor keeps its manager Thread there.
    managers = [cast("threading.Thread | None", ex._executor_manager_thread) for ex in current]
    for executor in current:
        executor.shutdown(wait=False, cancel_futures=True)
    deadline = time.monotonic() + timeout
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
    stuck = [p for p in processes if p.is_alive()]
    if stuck:
        log.warning(
            "%d worker process(es) still busy after %.0f s at shutdown: terminating them",
            len(stuck),
            timeout,
        )
        _end(stuck)
    for manager in managers:
        if manager is not None:
            manager.join(max(1.0, deadline - time.monotonic()))


def _end(processes: Sequence[Any]) -> None:
    """Terminate, then kill, what did not stop when asked."""
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(1.0)
    for process in processes:
        if process.is_alive():
            process.kill()
            process.join(1.0)


def importable(fn: Callable[..., Any]) -> bool:
    """Whether a worker process can find ``fn`` by its name (so it can be sent there)."""
    module = sys.modules.get(getattr(fn, "__module__", "") or "")
    qualname = getattr(fn, "__qualname__", "")
    if module is None or not qualname or "<" in qualname:
        return False
    found: Any = module
    for part in qualname.split("."):
        found = getattr(found, part, None)
    return found is fn


async def run(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``fn(*args, **kwargs)`` in a worker process of the quick lane; in a thread of this
    process when the pools are off or ``fn`` cannot be sent (see the module's docstring). Never
    on the event loop."""
    return await run_in("quick", fn, *args, **kwargs)


async def run_in(lane: str, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """:func:`run` in a given lane (:data:`LANES`)."""
    if not _enabled or not importable(fn):
        return await asyncio.to_thread(fn, *args, **kwargs)
    try:
        executor, future = _submit_healing(lane, fn, args, kwargs)
    except RuntimeError:  # shut down under us (the bot is closing): finish in-process
        return await asyncio.to_thread(fn, *args, **kwargs)
    # submit + wrap_future rather than loop.run_in_executor: the result is the same, and a
    # wrapper some test harnesses put around run_in_executor's callable would not pickle.
    try:
        return await asyncio.wrap_future(future)
    except BrokenProcessPool:
        if not _discard_broken(lane, executor):
            raise  # :func:`shutdown` ended this pool's workers: the bot is closing
        # A worker died (killed, out of memory): start a fresh pool next time; this piece of
        # work is done here, so the caller still gets its answer.
        log.error("a worker process died; restarting the %s pool", lane)
        return await asyncio.to_thread(fn, *args, **kwargs)


def _submit(
    lane: str, fn: Callable[..., Any], args: tuple, kwargs: dict
) -> tuple[ProcessPoolExecutor, Future]:
    executor = pool(lane)
    return executor, executor.submit(fn, *args, **kwargs)


def _submit_healing(
    lane: str, fn: Callable[..., Any], args: tuple, kwargs: dict
) -> tuple[ProcessPoolExecutor, Future]:
    """Submit to the lane's pool; a pool broken while idle (a worker killed between jobs) is
    replaced here, on first use, rather than leaving every later job to this process's threads.
    In an empty context: submitting may start a worker process, which must see the real clock
    and no caller's context variables (a simulated Discord's virtual time, say)."""
    try:
        return contextvars.Context().run(_submit, lane, fn, args, kwargs)
    except BrokenProcessPool:
        log.error("a %s worker process died while idle; starting a new pool", lane)
        _discard_broken(lane)
        return contextvars.Context().run(_submit, lane, fn, args, kwargs)


def warm() -> None:
    """Start every worker process now (blocking; call it in a thread at startup), so the first
    board of the day does not wait for a process to start."""
    if not _enabled:
        return
    futures = [_submit_healing(lane, _ready, (), {})[1] for lane in LANES for _ in range(size())]
    for future in futures:
        future.result()


def _ready() -> bool:
    return True


def worker_pids() -> list[int]:
    """The worker processes running now, every lane (tests, and what an operator asks)."""
    with _pool_lock:
        current = list(_pools.values())
    return sorted(pid for ex in current for pid in list((ex._processes or {}).keys()))


def lanes_alive() -> dict[str, dict[str, Any]]:
    """Each lane's pool as ``/healthz`` reports it (web/ops.py): alive unless its pool is broken
    or lost a worker (the lane's next job replaces it); a pool not started yet is alive (it starts
    on first use), and so is a lane when the pools are off (work runs in threads)."""
    with _pool_lock:
        current = dict(_pools)
    report: dict[str, dict[str, Any]] = {}
    for lane in LANES:
        executor = current.get(lane)
        processes = list((executor._processes or {}).values()) if executor is not None else []
        broken = executor is not None and bool(executor._broken)
        running = sum(1 for process in processes if process.is_alive())
        report[lane] = {"alive": not broken and running == len(processes), "processes": running}
    return report


def _watch_owner(owner: int) -> None:
    """In each worker, at its start: exit as soon as the process that owns the pool ends.

    The pool's owner is not the worker's parent (the fork server is), and the fork server stays
    up while any worker holds its pipe, so neither the kernel's parent-death signal nor the pool's
    own pipes end a worker whose bot was killed: without this, a killed bot left its fork server
    and workers to PID 1, and a supervisor's restarts gathered a pool each. A daemon thread
    waits on a pidfd of the owner (the kernel wakes it when the owner ends; no polling); once
    the workers are gone the fork server sees its pipe close and exits too."""
    try:
        watch = os.pidfd_open(owner)
    except ProcessLookupError:
        os._exit(0)  # the owner ended before this worker started
    except (AttributeError, OSError):
        watch = None  # no pidfd here: look every OWNER_POLL_SECONDS instead
    threading.Thread(
        target=_exit_with_owner, args=(owner, watch), name="owner-watch", daemon=True
    ).start()


def _exit_with_owner(owner: int, watch: int | None) -> None:
    if watch is not None:
        select.select([watch], [], [])
    else:
        while _alive(owner) and os.getppid() != 1:
            time.sleep(OWNER_POLL_SECONDS)
    os._exit(0)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _discard_broken(lane: str, executor: ProcessPoolExecutor | None = None) -> bool:
    """Forget the lane's broken pool (``executor``, if given, and only if it is still the
    lane's); False when it was not there any more (:func:`shutdown` took it)."""
    with _pool_lock:
        broken = _pools.get(lane)
        if broken is None or executor not in (None, broken):
            return False
        del _pools[lane]
    broken.shutdown(wait=False, cancel_futures=True)
    from host import metrics  # here, not at the top: worker processes import this module too

    metrics.pool_restarted(lane)
    return True


# ---- the work itself (top-level functions: they are sent to workers by name) -----------------


def game_ref(engine: Any) -> Any:
    """How to send an engine to a worker: its id when it is a registered game (the worker looks
    it up), else the engine object itself (a test's game, pickled by its class)."""
    from engines import ENGINES

    game_id = engine.id
    return game_id if ENGINES.get(game_id) is engine else engine


def engine_of(game: Any) -> Any:
    """The engine a worker works for (the other end of :func:`game_ref`)."""
    if isinstance(game, str):
        from engines import ENGINES

        return ENGINES[game]
    return game


def choose_move_in_worker(
    game: Any,
    encoded: dict,
    seat: int,
    seed: int,
    budget: Any,
    earlier: Sequence[dict],
    sent: float | None = None,
) -> str:
    """The seat filler's decision (``players.choose_move``) from an encoded state. A timed
    budget counts from ``sent`` (``time.time()`` when it was handed to the pool): the member
    waits for the decision, queue included, so time spent waiting for a free worker (behind
    another table's search or a board) is taken off the thinking."""
    from players import choose_move

    if sent is not None and budget.iterations is None and budget.seconds is not None:
        waited = min(max(0.0, time.time() - sent), budget.seconds)
        budget = dataclasses.replace(budget, seconds=budget.seconds - waited)
    engine = engine_of(game)
    state = engine.decode(encoded)
    return choose_move(engine, state, seat, seed=seed, budget=budget, earlier=earlier)


async def choose_move(
    engine: Any,
    state: Any,
    seat: int,
    *,
    seed: int,
    budget: Any,
    earlier: Sequence[dict] = (),
) -> str:
    """A seat filler's move, searched in a worker process. The state travels encoded (its JSON
    form is the engine's contract, and it is smaller than the live object)."""
    return await run_in(
        "search",
        choose_move_in_worker,
        game_ref(engine),
        engine.encode(state),
        seat,
        seed,
        budget,
        list(earlier),
        time.time(),
    )
