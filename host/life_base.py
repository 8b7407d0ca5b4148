"""What the parts of play-by-post life share (docs/ARCHITECTURE.md 4): :class:`LifeBase`, the
table service they work through and the posts and DMs they make.

``host.life.PlayByPost`` is made of parts, one concern each: seat changes (``host.seat_changes``),
undo (``host.undo``), listings (``host.listings``) and reminders (``host.reminders``), each
subclassing :class:`LifeBase`, which declares the state ``PlayByPost.__init__`` sets.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection
from typing import Any

from engines.base import Engine
from host import talk
from host.store import OutboxItem, Store, TableRow
from host.tables import TableError, TableService, private_summary
from i18n import T, say

Audience = Callable[[int, list[TableRow]], Awaitable[Collection[int]]]
"""Which of a member's tables (their ids) the member may still be shown from outside the
channel: set by the Discord adapter (a member removed from a server, or who no longer sees the
game's channel, is not shown its games). Their seat is not affected."""


class LifeBase:
    """The table service play-by-post life works through, and the posts it makes."""

    tables: TableService
    store: Store
    audience: Audience | None
    """Who may still be shown a server's game (see :data:`Audience`); None: everyone seated."""

    def _state(self, table: TableRow) -> tuple[Engine, Any]:
        engine = self.tables.engine(table.game)
        return engine, engine.decode(table.game_state)

    async def _channel_item(
        self, table: TableRow, key: str, text: str, mentions: list[int]
    ) -> OutboxItem:
        """A post in the table's channel, ``text`` said in the channel's language."""
        text = say(await self.tables.channel_language(table.guild_id), text)
        return OutboxItem(
            key=f"t{table.id}:{key}",
            kind="channel",
            target=table.channel_id,
            payload={"text": text, "mentions": mentions, "table_id": table.id},
            table_id=table.id,
        )

    async def _private_dm(
        self, table: TableRow, seat: int, user: int, key: str, text: str
    ) -> OutboxItem:
        """A DM of a seat's private view, in its member's language."""
        engine, state = self._state(table)
        lang = await self.tables.member_language(user, table.guild_id)
        view = self.tables.seat_view(table, engine, state, seat) | {"lang": lang}
        head = say(lang, talk.in_channel(engine, table))
        return OutboxItem(
            key=f"t{table.id}:{key}",
            kind="dm",
            target=user,
            payload={
                "text": f"{head}\n{say(lang, text)}\n" + private_summary(view, engine),
                "image": {"kind": "private", "game": table.game, "view": view},
                "channel_id": table.channel_id,
                "table_id": table.id,
                "lang": lang,
            },
            table_id=table.id,
        )

    async def _player_seat(self, table: TableRow, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError(T("You are not a player in this game."))
        return seat
