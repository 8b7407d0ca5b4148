"""Steps of a shutdown that always finish: each one guarded and bounded in time.

A bot that closes must release everything (database connections, worker processes) whatever one
step does: a step that raises is logged and the next one runs; a step that hangs is abandoned
after its bound. ``asyncio.wait_for`` is not enough for the second: on a timeout it cancels the
step and then waits for the cancellation to finish, which a step stuck in a thread never does.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("portolan.shutdown")


async def bounded(name: str, step: Callable[[], Awaitable[Any]], seconds: float) -> bool:
    """Run ``step()`` for at most ``seconds``; True when it finished without an error. An error
    or a timeout is logged in one line (naming ``name``) and swallowed, so the caller goes on to
    its next step; a step past its bound is cancelled and left to end in the background."""
    try:
        task = asyncio.ensure_future(step())
    except Exception:
        log.exception("shutdown: %s failed; going on", name)
        return False
    done, _ = await asyncio.wait({task}, timeout=seconds)
    if not done:
        task.cancel()
        task.add_done_callback(_forget)
        log.error("shutdown: %s took over %.0f s; going on without it", name, seconds)
        return False
    error = task.exception() if not task.cancelled() else None
    if task.cancelled():
        log.error("shutdown: %s was cancelled; going on", name)
        return False
    if error is not None:
        log.error("shutdown: %s failed; going on", name, exc_info=error)
        return False
    return True


def _forget(task: asyncio.Future) -> None:
    """Consume an abandoned step's outcome (so asyncio does not report it as never retrieved)."""
    if not task.cancelled():
        task.exception()
