"""The outbox: notifications queued in the same transaction as the change they announce, then
claimed, sent and marked by :mod:`host.notify` (at least once, never by two senders at once).

One claim path: a sender lists what is pending (:meth:`OutboxStore.pending`, this process's
shards only) and claims each item as it comes to it, in order per target
(:meth:`OutboxStore.claim_item`): one conditional ``UPDATE ... WHERE key = ? AND`` (no live
lease) ``RETURNING``. Two senders racing for one item cannot both get it: on SQLite the write
transaction excludes the other writer; on PostgreSQL (READ COMMITTED) the second UPDATE waits
for the first one's row lock, then re-checks its WHERE against the new row, finds the lease and
changes nothing."""

from __future__ import annotations

import json
import time
from typing import Any

from host.db import Connection
from host.store.base import StoreBase
from host.store.rows import OutboxItem
from i18n.text import dump_tree, load_tree


class OutboxStore(StoreBase):
    """Queue, claim, release, mark sent or dead."""

    async def _queue(
        self,
        db: Connection,
        table_id: int | None,
        items: list[OutboxItem],
        guild_id: int | None = None,
    ) -> None:
        """Queue items; each records its server (given, else its table's), which decides the
        shard process that delivers it."""
        now = time.time()
        await db.executemany(
            "INSERT INTO outbox (key, table_id, kind, target, payload, created_at, guild_id)"
            " VALUES (?, ?, ?, ?, ?, ?, COALESCE(?, (SELECT guild_id FROM tables WHERE id = ?)))"
            " ON CONFLICT (key) DO NOTHING",
            [
                (
                    i.key,
                    table_id,
                    i.kind,
                    i.target,
                    json.dumps(dump_tree(i.payload)),
                    now,
                    i.guild_id if i.guild_id is not None else guild_id,
                    table_id if table_id is not None else i.table_id,
                )
                for i in items
            ],
        )

    async def record_digest(self, user_id: int, sent_at: float, items: list[OutboxItem]) -> None:
        """Queue a member's daily digest (if any) and remember in their preferences when it was
        made, in one transaction; the item's key names the member's day, so a repeat queues
        nothing (``host.life`` digests)."""

        async def work(db: Connection) -> None:
            row = await db.fetchone("SELECT data FROM prefs WHERE user_id = ?", (user_id,))
            data = json.loads(row["data"]) if row else {}
            data["digest_sent"] = sent_at
            await db.execute(
                "INSERT INTO prefs (user_id, data) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET data = excluded.data",
                (user_id, json.dumps(data)),
            )
            if items:
                await self._queue(db, None, items)

        await self._transaction(work)

    async def queue(self, items: list[OutboxItem]) -> None:
        """Queue notifications that go with no table change (a tournament's table introduction)."""
        await self._transaction(lambda db: self._queue(db, None, items))

    async def pending(self, table_id: int | None = None) -> list[OutboxItem]:
        """Items neither sent nor dead (of one table, else of this process's shards), oldest
        first; claimed ones included."""
        query = "SELECT * FROM outbox WHERE sent_at IS NULL AND dead_at IS NULL"
        params: tuple = ()
        if table_id is not None:
            query += " AND table_id = ?"
            params = (table_id,)
        else:
            condition, params = self._shard_filter("guild_id")
            query += condition
        async with self._db.execute(query + " ORDER BY id", params) as cursor:
            rows = await cursor.fetchall()
        return [_outbox_item(r) for r in rows]

    async def backlog(self) -> tuple[int, float | None]:
        """How many items are neither sent nor dead (this process's shards) and when the oldest
        was queued: what `/healthz` and the metrics report, in one read that loads no payload."""
        condition, params = self._shard_filter("guild_id")
        query = (
            "SELECT COUNT(*), MIN(created_at) FROM outbox WHERE sent_at IS NULL AND dead_at IS NULL"
        )
        async with self._db.execute(query + condition, params) as cursor:
            count, oldest = await cursor.fetchone()
        return int(count), oldest

    async def release(
        self, key: str, *, error: str | None = None, retry_at: float | None = None
    ) -> None:
        """Give up this process's lease on an unsent item (its send failed): anyone may retry,
        from ``retry_at`` if given (a backoff), and ``error`` is kept for inspection."""
        await self._transaction(
            lambda db: db.execute(
                "UPDATE outbox SET claimed_by = NULL, claimed_until = NULL, resumed = 0,"
                " last_error = COALESCE(?, last_error), next_attempt_at = ?"
                " WHERE key = ? AND claimed_by = ? AND sent_at IS NULL",
                (error[:500] if error else None, retry_at, key, self.owner),
            )
        )

    async def defer(self, key: str, retry_at: float, *, reason: str = "rate limited") -> None:
        """Give up this process's lease on an item Discord refused for now (a 429): nothing was
        posted, so the attempt does not count toward the dead letter; anyone may retry from
        ``retry_at``."""
        await self._transaction(
            lambda db: db.execute(
                "UPDATE outbox SET claimed_by = NULL, claimed_until = NULL, resumed = 0,"
                " attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END,"
                " last_error = ?, next_attempt_at = ?"
                " WHERE key = ? AND claimed_by = ? AND sent_at IS NULL",
                (reason[:500], retry_at, key, self.owner),
            )
        )

    async def claim_item(
        self, key: str, *, lease: float = 120.0, now: float | None = None
    ) -> OutboxItem | None:
        """Take one item for sending, or None if it is sent, dead, not yet due for a retry, or
        leased by a sender (this process's included) whose lease has not run out. Counts the
        attempt; ``resumed`` on the answer says the previous lease ran out unreleased (its sender
        died, perhaps after posting)."""
        now = time.time() if now is None else now

        async def work(db: Connection) -> list[Any]:
            # SET expressions read the row as it was, so ``resumed`` sees the old lease.
            return await db.fetchall(
                "UPDATE outbox SET resumed = CASE WHEN claimed_until IS NULL THEN 0 ELSE 1 END,"
                " claimed_by = ?, claimed_until = ?, attempts = attempts + 1"
                " WHERE key = ? AND sent_at IS NULL AND dead_at IS NULL"
                " AND (claimed_until IS NULL OR claimed_until < ?)"
                " AND (next_attempt_at IS NULL OR next_attempt_at <= ?)"
                " RETURNING *",
                (self.owner, now + lease, key, now, now),
            )

        rows = await self._transaction(work)
        return _outbox_item(rows[0]) if rows else None

    async def mark_dead(self, key: str, error: str) -> None:
        """End an item that can never be delivered (a dead letter); it stays for inspection."""
        await self._transaction(
            lambda db: db.execute(
                "UPDATE outbox SET dead_at = ?, claimed_by = NULL, claimed_until = NULL,"
                " last_error = ? WHERE key = ? AND sent_at IS NULL",
                (time.time(), error[:500], key),
            )
        )

    async def outbox_row(self, key: str) -> dict[str, Any] | None:
        """Every column of one outbox item (delivery state included), for checks and tests."""
        async with self._db.execute("SELECT * FROM outbox WHERE key = ?", (key,)) as cursor:
            row = await cursor.fetchone()
        return dict(row) if row else None

    async def message_id(self, key: str) -> int | None:
        """The Discord message of a sent channel post (None if unsent, or not recorded)."""
        async with self._db.execute(
            "SELECT message_id FROM outbox WHERE key = ? AND sent_at IS NOT NULL", (key,)
        ) as cursor:
            row = await cursor.fetchone()
        return row["message_id"] if row else None

    async def last_message_id(self, channel_id: int) -> int | None:
        """The Discord message of the latest post marked sent in a channel."""
        async with self._db.execute(
            "SELECT message_id FROM outbox WHERE kind = 'channel' AND target = ?"
            " AND message_id IS NOT NULL ORDER BY sent_at DESC, id DESC LIMIT 1",
            (channel_id,),
        ) as cursor:
            row = await cursor.fetchone()
        return row["message_id"] if row else None

    async def mark_sent(self, key: str, message_id: int | None = None) -> bool:
        """Mark an item delivered (with the Discord message id of a channel post); False if it
        already was (another sender got there first)."""

        async def work(db: Connection) -> bool:
            cursor = await db.execute(
                "UPDATE outbox SET sent_at = ?, message_id = ?, claimed_by = NULL,"
                " claimed_until = NULL WHERE key = ? AND sent_at IS NULL",
                (time.time(), message_id, key),
            )
            return cursor.rowcount == 1

        return await self._transaction(work)

    async def is_sent(self, key: str) -> bool:
        async with self._db.execute("SELECT sent_at FROM outbox WHERE key = ?", (key,)) as cursor:
            row = await cursor.fetchone()
        return bool(row and row["sent_at"] is not None)


def _outbox_item(r: Any) -> OutboxItem:
    return OutboxItem(
        key=r["key"],
        kind=r["kind"],
        target=r["target"],
        payload=load_tree(json.loads(r["payload"])),
        table_id=r["table_id"],
        id=r["id"],
        guild_id=r["guild_id"],
        attempts=r["attempts"],
        resumed=bool(r["resumed"]),
        created_at=r["created_at"],
    )


class DirectChannelsStore(StoreBase):
    """Each member's DM channel id (schema v7), so a direct message costs one request: no user
    lookup and no DM-channel creation once it is known."""

    async def dm_channel(self, user_id: int) -> int | None:
        async with self._db.execute(
            "SELECT channel_id FROM dm_channels WHERE user_id = ?", (user_id,)
        ) as cursor:
            row = await cursor.fetchone()
        return row["channel_id"] if row else None

    async def set_dm_channel(self, user_id: int, channel_id: int | None) -> None:
        """Remember (or, with None, forget) a member's DM channel."""
        params: tuple[int, ...]
        if channel_id is None:
            sql, params = "DELETE FROM dm_channels WHERE user_id = ?", (user_id,)
        else:
            sql = (
                "INSERT INTO dm_channels (user_id, channel_id) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id"
            )
            params = (user_id, channel_id)
        await self._transaction(lambda db: db.execute(sql, params))
