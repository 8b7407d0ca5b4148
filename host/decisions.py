"""The decision cache: each channel's latest game row and each member decision's choices, kept in
memory so that autocomplete answers without the store (docs/ARCHITECTURE.md 4, "Answer first").

A decision's choices (its legal moves, described) are computed once in a worker when it starts
(``host.choices.describe_decision``) and shared by every request meanwhile. :class:`ChannelLock`
keeps the remembered rows honest: a change made under the lock that did not store its row drops
the channel's row, so the next request reads it afresh.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from engines.base import Engine
from host import workers
from host.choices import Decision, describe_decision
from host.seating import plays_itself
from host.store import TableRow

log = logging.getLogger("portolan.tables")


class DecisionCache:
    """The rows and decisions this process knows. ``find`` is the engine of a game, None when
    the game is disabled (read from the service at each call: its engines may be replaced)."""

    def __init__(self, find: Callable[[str], Engine | None]) -> None:
        self._find = find
        self._rows: dict[int, TableRow] = {}
        self._row_stamps: dict[int, int] = {}
        self._decisions: dict[tuple[int, int], tuple[int, asyncio.Future[Decision]]] = {}

    def row(self, channel_id: int) -> TableRow | None:
        """The latest row of the channel's game known here, if any."""
        return self._rows.get(channel_id)

    def stamp(self, channel_id: int) -> int:
        """How many fresh rows this process stored for the channel (see :class:`ChannelLock`)."""
        return self._row_stamps.get(channel_id, 0)

    def remember(self, table: TableRow, *, fresh: bool = False) -> None:
        """Keep ``table`` as its channel's latest row, unless a later one is known; ``fresh``: the
        row this process just committed (the lock keeps it past the change, see ChannelLock)."""
        known = self._rows.get(table.channel_id)
        if known is None or (table.id, table.version) >= (known.id, known.version):
            self._rows[table.channel_id] = table
        if fresh:
            self._row_stamps[table.channel_id] = self.stamp(table.channel_id) + 1
            self._prepare(table)

    def forget_row(self, channel_id: int) -> None:
        self._rows.pop(channel_id, None)

    def _prepare(self, table: TableRow) -> None:
        """Start computing the choices of the members whose decision starts with ``table``."""
        engine = self._find(table.game)
        if table.status != "active" or table.state is None or engine is None:
            for key in [k for k in self._decisions if k[0] == table.id]:
                del self._decisions[key]
            return
        for seat in engine.to_move(engine.decode(table.state)):
            if not plays_itself(table, seat):
                self.future(table, engine, seat)

    async def decision(self, table: TableRow, engine: Engine, seat: int) -> Decision:
        """The choices of ``seat`` at ``table``'s version (computed once, see :meth:`future`)."""
        return await asyncio.shield(self.future(table, engine, seat))

    def future(self, table: TableRow, engine: Engine, seat: int) -> asyncio.Future[Decision]:
        """The choices of ``seat`` at ``table``'s version: computed once (in a worker), shared by
        every request meanwhile; an older version's are dropped."""
        key = (table.id, seat)
        known = self._decisions.get(key)
        if known is not None and known[0] == table.version:
            future = known[1]
            if not (future.done() and future.exception() is not None):
                return future
        future = asyncio.ensure_future(
            workers.run(describe_decision, workers.game_ref(engine), table.state, seat)
        )
        future.add_done_callback(_log_failure)
        self._decisions[key] = (table.version, future)
        return future


class ChannelLock:
    """A channel's lock (an :class:`asyncio.Lock`) that also keeps autocomplete's memory honest:
    every change to a game is made holding it, so when a holder leaves without having stored the
    row it committed (an undo, a seat change, a clock), the channel's remembered row is dropped
    and the next autocomplete reads it afresh."""

    def __init__(self, cache: DecisionCache, channel_id: int) -> None:
        self._lock = asyncio.Lock()
        self._cache = cache
        self._channel_id = channel_id
        self._stamp = 0

    def locked(self) -> bool:
        return self._lock.locked()

    async def __aenter__(self) -> ChannelLock:
        await self._lock.acquire()
        self._stamp = self._cache.stamp(self._channel_id)
        return self

    async def __aexit__(self, *exc: object) -> None:
        try:
            if self._cache.stamp(self._channel_id) == self._stamp:
                self._cache.forget_row(self._channel_id)
        finally:
            self._lock.release()


def _log_failure(future: asyncio.Future) -> None:
    if not future.cancelled() and (error := future.exception()) is not None:
        log.warning("computing a decision's choices failed: %r", error)
