"""Suite-wide settings: SQLite commits without fsync to the disk's platter (``NORMAL`` in WAL mode
still survives a killed process, which is all the crash tests kill), so the suite does not wait on
the disk thousands of times.

The run leaves no process behind (issue 43): each test process stops its worker pools at the end,
and the controller checks that no process the run started (marked through the environment they
inherit) outlives it; one that does fails the run, named, and is killed."""

from __future__ import annotations

import os
import sys
import uuid

import pytest

os.environ.setdefault("PORTOLAN_SQLITE_SYNC", "NORMAL")

RUN_MARK = "PORTOLAN_TEST_RUN"
if not os.environ.get("PYTEST_XDIST_WORKER"):  # the controller (or a run without xdist)
    os.environ[RUN_MARK] = uuid.uuid4().hex
LEFTOVER_WAIT = 10.0
"""Seconds the processes of the run get to end after it (workers watching a dead owner take
well under one)."""

# The ``db_target`` fixture (SQLite and PostgreSQL) for every test that opens a store.
pytest_plugins = ["tests.backends"]


@pytest.fixture(scope="session", autouse=True)
def _stop_worker_pools():
    """Tests build bots that they never close: stop this test process's pools at its end."""
    yield
    from multiprocessing import forkserver

    from host import workers

    workers.shutdown()
    # The fork server would end with this process; end it now, so the check below also holds
    # in a run without xdist (where this process is the controller). Its resource tracker stays
    # until the process exits (stopped early, it unlinks semaphores the pools still release).
    forkserver._forkserver._stop()


@pytest.hookimpl(trylast=True)  # after xdist has shut its worker processes down
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER") or not sys.platform.startswith("linux"):
        return
    from tests.processes import command, kill_all, marked, own_resource_tracker, wait_for

    mark = os.environ[RUN_MARK]

    def leftovers() -> set[int]:
        # This process's own resource tracker ends when this process does (it waits for the
        # pipe this process holds); every other process of the run must be gone by now.
        return {p for p in marked(RUN_MARK, mark) if not own_resource_tracker(p)}

    wait_for(lambda: not leftovers(), LEFTOVER_WAIT, step=0.2)
    left = leftovers()
    if not left:
        return
    lines = "\n".join(f"  {pid}: {command(pid)[:160]}" for pid in sorted(left))
    print(f"\n{len(left)} process(es) started by this test run outlived it:\n{lines}")
    kill_all(left)
    session.exitstatus = pytest.ExitCode.TESTS_FAILED
