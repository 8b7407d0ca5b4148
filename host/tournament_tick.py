"""A tournament's background work (docs/ARCHITECTURE.md 4), run at start-up and on every tick of
the background loop: expel seats whose time and grace ran out, record the results a restart
missed, open the tables a crash left unopened, pair the next round. A part of
``host.tournaments.TournamentService`` (see ``host.tournament_base``)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable

from host import clocks
from host.store import StaleVersion
from host.tables import seat_status
from host.tournament_results import Results
from i18n import N_

log = logging.getLogger("portolan.tournaments")


async def _guarded(what: str, work: Awaitable[None]) -> None:
    """Runs one table's or tournament's background work; a failure is logged and retried on the
    next tick, never the end of the others' work."""
    try:
        await work
    except StaleVersion:
        log.info("%s: changed in another process; skipped", what)
    except Exception:
        log.exception("%s failed; retrying next tick", what)


class Tick(Results):
    """The background tick's work, and waiting for the work in flight."""

    async def settle(self) -> None:
        """Wait for the tables' background pilots (seats on autopilot end games too) and every
        pending end-of-game task (tests, and a clean shutdown)."""
        while True:
            await self.tables.settle()
            if not self._tasks:
                return
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def resume(self) -> None:
        """Catch up after a restart: record results of tables that ended while nobody listened,
        open tables a crash left unopened, and pair the next round when one is complete.

        Each tournament is guarded: one that fails (a damaged table, a locked database) is
        logged and retried next tick, never the end of the others' catch-up."""
        for tournament in await self.store.tournaments_with_status("running"):
            await _guarded(f"tournament {tournament.id}: catch-up", self._resume_one(tournament.id))

    async def _resume_one(self, tournament_id: int) -> None:
        async with self._lock(tournament_id):
            tournament = await self.store.existing_tournament(tournament_id)
            for row in await self.store.pairings(tournament.id):
                if row.round == tournament.round and row.table_id and row.result is None:
                    await self._record(row.table_id)
            await self._advance(await self.store.existing_tournament(tournament.id))

    async def tick(self) -> None:
        """Expel seats of tournament tables whose time and grace have run out (fillers play
        their seats, so the table finishes), then catch up as :meth:`resume` does. Each table
        is guarded as in :meth:`resume`."""
        for tournament in await self.store.tournaments_with_status("running"):
            for row in await self.store.pairings(tournament.id):
                if row.round != tournament.round or not row.table_id or row.result is not None:
                    continue
                await _guarded(
                    f"table {row.table_id}: expelling late seats", self._expel_late(row.table_id)
                )
        await self.resume()

    async def _expel_late(self, table_id: int) -> None:
        table = await self.store.get_table(table_id)
        if table is None or table.status != "active" or not table.clock:
            return
        pace = clocks.PACES.get(table.pace)
        if pace is None:
            return
        async with self.tables.lock(table.channel_id):
            table = await self.store.existing_table(table_id)
            now = self.tables.now()
            for seat in range(len(table.seats)):
                left = clocks.remaining(table.clock, seat, now)
                if table.status != "active" or seat_status(table, seat) != "playing":
                    continue
                if left is not None and left <= -pace.grace:
                    outcome = await self.life.to_autopilot(
                        table, seat, "expelled", N_("was expelled for time (tournament rule)")
                    )
                    await self._send(outcome.items)
                    table = outcome.table
