"""What every part of the table service shares (docs/ARCHITECTURE.md 4): its errors, the
:class:`Outcome` of a change, and :class:`TableBase`, the state and lookups the parts work on.

``host.tables.TableService`` is made of parts, one concern each: the lobby (``host.lobby``), the
moves (``host.moves``), the pilot (``host.pilot``), the views (``host.table_views``), over two
memories of their own (``host.decisions``, ``host.language_cache``). Each part subclasses
:class:`TableBase`, which declares the state ``TableService.__init__`` sets, as Red-DiscordBot's
cogs declare theirs in a ``MixinMeta``.
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engines.base import Engine, Standing
from host.decisions import ChannelLock, DecisionCache
from host.language_cache import LanguageCache
from host.store import OutboxItem, Store, TableRow
from i18n import T

log = logging.getLogger("portolan.tables")

VERSION_MARK = re.compile(r"\s*#v(\d+)\s*$")
"""A move chosen from autocomplete carries the version it was offered at: ``harvest taro #v12``."""


class TableError(Exception):
    """A request that cannot be done; the message is for the user who asked (shown ephemerally)."""


@dataclass
class Outcome:
    """What a change to a table produced: what to post where, and what is already queued.

    ``items`` are the notifications, already stored in the outbox in the same transaction as the
    change; deliver them with :class:`host.notify.Deliverer`.
    """

    table: TableRow
    public_lines: list[str] = field(default_factory=list)
    mentions: list[int] = field(default_factory=list)
    items: list[OutboxItem] = field(default_factory=list)
    finished: bool = False
    standings: list[Standing] | None = None

    def merged(self, later: Outcome) -> Outcome:
        """This outcome followed by a later one (autopilot moves, timeouts)."""
        return Outcome(
            table=later.table,
            public_lines=self.public_lines + later.public_lines,
            mentions=self.mentions + [m for m in later.mentions if m not in self.mentions],
            items=self.items + later.items,
            finished=later.finished,
            standings=later.standings,
        )


def nonce_for(key: str) -> str:
    """A short, stable message nonce for an outbox key (Discord allows up to 25 characters)."""
    return hashlib.sha256(key.encode()).hexdigest()[:25]


def split_version(text: str) -> tuple[str, int | None]:
    """A move text and the version it was chosen at, if it carries one (``... #v12``)."""
    if not isinstance(text, str):
        return text, None
    found = VERSION_MARK.search(text)
    if found is None:
        return text, None
    return text[: found.start()], int(found.group(1))


def player_range(engine: Engine, variant: str) -> tuple[int, int]:
    """The player counts a variant allows (variants such as solo may narrow the engine's)."""
    return engine.player_range(variant)


class TableBase:
    """The table service's shared state (set by ``TableService.__init__``) and its lookups:
    engines, the channel's live table, its lock, the languages of its readers."""

    store: Store
    engines: Mapping[str, Engine]
    now: Callable[[], float]
    plans: Any
    """Members' plans (``host.plans.Plans``, issue 41), or None."""
    end_listeners: list[Callable[[TableRow], None]]
    decisions: DecisionCache
    language_cache: LanguageCache
    _locks: dict[int, ChannelLock]
    _move_counts: dict[int, int]

    async def autopilot(self, outcome: Outcome) -> Outcome:
        """Hand the seats that play by themselves to the pilot after a change (``host.pilot``)."""
        raise NotImplementedError

    def _ended(self, table: TableRow) -> None:
        for listener in self.end_listeners:
            try:
                listener(table)
            except Exception:
                # A listener's failure must not undo or hide a committed move.
                log.exception("end listener failed for table %s", table.id)

    def lock(self, channel_id: int) -> ChannelLock:
        """The lock that serialises every change to the game of one channel in this process."""
        found = self._locks.get(channel_id)
        if found is None:
            found = self._locks[channel_id] = ChannelLock(self.decisions, channel_id)
        return found

    # ---- lookups -------------------------------------------------------------------------

    def engine(self, game: str) -> Engine:
        try:
            return self.engines[game]
        except KeyError:
            available = ", ".join(sorted(self.engines)) or "none"
            raise TableError(
                T(
                    "Unknown game `{game}`. Available: {available}.",
                    game=game[:40],
                    available=available,
                )
            ) from None

    async def live(self, channel_id: int) -> TableRow:
        table = await self.store.live_table(channel_id)
        if table is not None:
            self.decisions.remember(table)
        if table is None:
            raise TableError(T("There is no game in this channel. Open one with `/game new`."))
        return table

    def remember_move_count(self, table: TableRow) -> None:
        """Keep the move-count cache in step with a change made outside :meth:`play` (an undo
        takes the count back: left at the old count, two copies of the next typed move would
        both look as if sent before the seat's last move, and both would apply)."""
        self._move_counts[table.channel_id] = table.move_count

    async def running(self, channel_id: int) -> TableRow:
        table = await self.live(channel_id)
        self._move_counts[channel_id] = table.move_count
        if table.status != "active":
            raise TableError(T("The game in this channel has not started yet (see `/game start`)."))
        return table

    async def latest(self, channel_id: int) -> TableRow:
        table = await self.store.latest_table(channel_id)
        if table is None:
            raise TableError(T("There is no game in this channel. Open one with `/game new`."))
        return table

    # ---- languages (docs/ARCHITECTURE.md 6b; remembered by host.language_cache) ------------

    async def channel_language(self, guild_id: int | None) -> str:
        """The language a server's channels speak (``LanguageCache.channel_language``)."""
        return await self.language_cache.channel_language(guild_id)

    def learn_channel_language(self, guild_id: int | None, lang: str) -> None:
        """A server's language as an interaction just read it from the store."""
        self.language_cache.learn_channel_language(guild_id, lang)

    async def member_language(
        self, user_id: int, guild_id: int | None = None, *, locale: str | None = None
    ) -> str:
        """The language a member reads their DMs, refusals and private images in
        (``LanguageCache.member_language``)."""
        return await self.language_cache.member_language(user_id, guild_id, locale=locale)

    async def saw_locale(self, user_id: int, locale: str | None) -> None:
        """Remember the Discord locale an interaction showed for a member."""
        await self.language_cache.saw_locale(user_id, locale)

    async def saw_guild_locale(self, guild_id: int, locale: str | None) -> None:
        """Remember a server's preferred locale (its channels' default language)."""
        await self.language_cache.saw_guild_locale(guild_id, locale)

    def forget_language(self, guild_id: int | None = None, *, user_id: int | None = None) -> None:
        """A server's ``/settings language`` or a member's ``/prefs language`` changed: read it
        afresh next time."""
        self.language_cache.forget(guild_id, user_id=user_id)

    async def seat_languages(self, table: TableRow) -> dict[int, str]:
        """Each member's language at ``table`` (by user id), for their DMs: players' and
        watchers'."""
        return await self.language_cache.seat_languages(table)
