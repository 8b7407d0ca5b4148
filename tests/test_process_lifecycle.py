"""Worker processes die with the bot (issue 43): however the bot's process ends, nothing it
started is left behind to PID 1; SIGTERM closes it gracefully and it exits by itself.

Each test starts the real program in a child process, waits until its worker pools are up,
records its whole family of processes, then ends it and checks that every one of them is gone
within 5 seconds."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.processes import descendants, kill_all, survivors, wait_for, workers_of

ROOT = Path(__file__).resolve().parent.parent
GONE_WITHIN = 5.0
START_WITHIN = 90.0  # a new process starts its fork server and imports everything: slow when busy


def start_offline_table(tmp_path: Path) -> subprocess.Popen:
    """``bot.py local`` where every seat is a filler (the search lane) and boards are drawn
    (the quick lane): it plays by itself until it is ended."""
    return subprocess.Popen(
        [
            *(sys.executable, "bot.py", "local", "tahiti", "--players", "3", "--bots", "3"),
            *("--level", "easy", "--seed", "1", "--db", str(tmp_path / "t.db")),
            *("--out", str(tmp_path / "out")),
        ],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def start_simcord_bot(tmp_path: Path) -> subprocess.Popen:
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.lifecycle_child", str(tmp_path / "bot.db")],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = child.stdout.readline()  # READY once every worker of both lanes has started
    if line.strip() != "READY":
        child.kill()
        pytest.fail(f"the bot did not start: {line!r} {child.stderr.read()[-2000:]}")
    return child


def family_with_pools(child: subprocess.Popen, workers: int) -> set[int]:
    """The child's processes once ``workers`` worker processes run (both lanes' first)."""
    started = wait_for(lambda: len(workers_of(child.pid)) >= workers, START_WITHIN)
    if not started:
        child.kill()
        pytest.fail(f"the worker pools never started: {child.stderr.read()[-2000:]}")
    family = descendants(child.pid)
    assert family, "no process below the child"
    return family


def assert_all_gone(family: set[int]) -> None:
    left = survivors(family, GONE_WITHIN)
    kill_all(left)
    assert not left, f"{len(left)} of {len(family)} processes outlived their bot"


@pytest.mark.parametrize("start", [start_offline_table, start_simcord_bot])
def test_a_killed_bot_leaves_no_worker_process_behind(tmp_path, start):
    child = start(tmp_path)
    family = family_with_pools(child, workers=2)
    child.send_signal(signal.SIGKILL)
    child.wait(10)
    assert_all_gone(family)


def test_sigterm_closes_the_bot_which_exits_by_itself_and_leaves_nothing(tmp_path):
    child = start_simcord_bot(tmp_path)
    family = family_with_pools(child, workers=2)
    child.send_signal(signal.SIGTERM)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 0, err[-2000:]
    assert "CLOSED" in out  # the bot closed itself (store, pools), then the process ended
    assert_all_gone(family)


def test_sigterm_ends_the_offline_table_like_quit(tmp_path):
    child = start_offline_table(tmp_path)
    family = family_with_pools(child, workers=2)
    child.send_signal(signal.SIGTERM)
    child.wait(60)
    assert child.returncode == 128 + signal.SIGTERM
    assert_all_gone(family)
