"""What processes a process started, read from /proc (Linux): the kill tests record a bot's
whole family before they kill it, then check that every member is gone, including those that
would have been handed to PID 1."""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

PROC = Path("/proc")


def _stat(pid: int) -> tuple[str, int] | None:
    """(state, parent pid) of a process, or None once it is gone."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = text[text.rindex(")") + 2 :].split()  # the name may hold spaces and parentheses
    return fields[0], int(fields[1])


def alive(pid: int) -> bool:
    """Running or sleeping: a zombie has ended (only its exit status waits to be read)."""
    stat = _stat(pid)
    return stat is not None and stat[0] not in ("Z", "X")


def descendants(pid: int) -> set[int]:
    """Every living process below ``pid`` (children, their children, ...)."""
    parents: dict[int, list[int]] = {}
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            stat = _stat(int(entry.name))
            if stat is not None and stat[0] not in ("Z", "X"):
                parents.setdefault(stat[1], []).append(int(entry.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def command(pid: int) -> str:
    try:
        raw = (PROC / str(pid) / "cmdline").read_bytes()
    except (FileNotFoundError, ProcessLookupError):
        return ""
    return raw.replace(b"\0", b" ").decode(errors="replace").strip()


def workers_of(pid: int) -> set[int]:
    """The worker processes below ``pid``: children of its multiprocessing fork server."""
    family = descendants(pid)
    servers = {p for p in family if "forkserver import main" in command(p)}
    return {p for p in family if _stat(p) is not None and _stat(p)[1] in servers}


def survivors(pids: set[int], seconds: float) -> set[int]:
    """The processes of ``pids`` still alive after waiting up to ``seconds`` for them to end."""
    deadline = time.monotonic() + seconds
    left = {p for p in pids if alive(p)}
    while left and time.monotonic() < deadline:
        time.sleep(0.05)
        left = {p for p in left if alive(p)}
    return left


def wait_for(condition, seconds: float, step: float = 0.1) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(step)
    return condition()


def kill_all(pids: set[int]) -> None:
    """Clean up after a failed check, so one failure does not leak into the rest of the run."""
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, 9)


def marked(name: str, value: str) -> set[int]:
    """Living processes whose environment has ``name=value`` (inherited from where it was set:
    every process a test run started, however far it was re-parented)."""
    wanted = f"{name}={value}".encode()
    found = set()
    for entry in PROC.iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            environ = (entry / "environ").read_bytes()
        except OSError:
            continue
        if wanted in environ.split(b"\0") and alive(int(entry.name)):
            found.add(int(entry.name))
    return found


def own_resource_tracker(pid: int) -> bool:
    """Whether ``pid`` is multiprocessing's resource tracker started by this process."""
    stat = _stat(pid)
    return (
        stat is not None
        and stat[1] == os.getpid()
        and "multiprocessing.resource_tracker" in command(pid)
    )
