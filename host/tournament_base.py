"""What every part of the tournament service shares (docs/ARCHITECTURE.md 4): the settings'
limits, how a member-typed name is shown, and :class:`TournamentBase`, the state and lookups the
parts work on.

``host.tournaments.TournamentService`` is made of parts, one concern each: standings
(``host.tournament_standings``), what the channel is told (``host.tournament_posts``), rounds and
pairings (``host.tournament_rounds``), sign-up and roster (``host.tournament_signup``), results
(``host.tournament_results``) and the background tick (``host.tournament_tick``). Each part
subclasses :class:`TournamentBase` (directly or through the part it builds on), which declares the
state ``TournamentService.__init__`` sets, as ``host.table_base.TableBase`` does for the tables.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from host.life import PlayByPost
from host.store import OutboxItem, Store, TournamentRow
from host.tables import TableError, TableService
from host.talk import safe_name
from i18n import N_, T

log = logging.getLogger("portolan.tournaments")


def shown(name: str) -> str:
    """A member-typed name (a tournament's, an entrant's) as a post shows it: unable to ping,
    link or format (issue 23: a tournament named ``[Official rules](https://...)`` was posted
    as a live link). Raw names stay in storage, thread titles and images."""
    return safe_name(name, limit=60)


FORMATS = ("swiss", "roundrobin", "elimination")
MAX_ROUNDS = 20
MAX_ENTRANTS = 128
POST_LIMIT = 1900
"""Room for one channel post: Discord allows 2,000 characters, and a command named in a post
grows a little when it is made clickable."""

ThreadPort = Callable[[int, str], Awaitable[int]]
"""Create a thread under a channel: (parent channel id, thread name) -> the new channel id."""
DeliverPort = Callable[[list[OutboxItem]], Awaitable[Any]]
"""Send queued notifications now (they are in the outbox already, so this is best effort)."""

FORMAT_NAMES = {
    "swiss": N_("Swiss"),
    "roundrobin": N_("round robin"),
    "elimination": N_("single elimination"),
}
"""Each format by its name, said in the reader's language where it is shown."""


class TournamentBase:
    """The tournament service's shared state (set by ``TournamentService.__init__``) and its
    lookups: the tournament of a channel, its lock, the organiser's check, sending."""

    tables: TableService
    life: PlayByPost
    store: Store
    make_thread: ThreadPort
    deliver: DeliverPort | None
    _locks: dict[int, asyncio.Lock]
    _tasks: set[asyncio.Task]

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    # ---- lookups -------------------------------------------------------------------------

    async def find(self, channel_id: int) -> TournamentRow:
        """The tournament of this channel, or of the tournament table in this thread."""
        tournament = await self.store.channel_tournament(channel_id)
        if tournament is None:
            table = await self.store.latest_table(channel_id)
            where = await self.store.tournament_of_table(table.id) if table else None
            if where is not None:
                tournament = await self.store.get_tournament(where[0])
        if tournament is None:
            raise TableError(
                T("There is no tournament in this channel. Create one with `/tournament create`.")
            )
        return tournament

    async def _live(self, channel_id: int) -> TournamentRow:
        tournament = await self.find(channel_id)
        if tournament.status == "finished":
            raise TableError(
                T("The tournament **{tournament}** is over.", tournament=shown(tournament.name))
            )
        return tournament

    @staticmethod
    def _check_organiser(tournament: TournamentRow, user_id: int, is_admin: bool) -> None:
        if user_id != tournament.organiser_id and not is_admin:
            raise TableError(
                T(
                    "Only the organiser of the tournament, or a member with Manage Server, "
                    "can do that."
                )
            )

    async def _send(self, items: list[OutboxItem]) -> None:
        if self.deliver is None or not items:
            return
        try:
            await self.deliver(items)
        except Exception:
            log.exception("tournament delivery failed; the outbox keeps it for the next flush")
