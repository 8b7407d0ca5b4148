"""Plans (issue 41): a member's moves planned ahead at one table, kept with the table.

Entries are ordered per member and table (``n``). Taking the first entry when it is played is
written in the same transaction as the planned move (:meth:`PlansStore.take_plan_entry`, called
inside ``commit_move``), and dropping a plan in the same transaction as the private message that
says why, and the start of a clock the plan held (:meth:`PlansStore.drop_plan`)."""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from host.db import Connection
from host.store.outbox import OutboxStore
from host.store.rows import OutboxItem, StoreError


@dataclass(frozen=True)
class PlanEntry:
    """One planned move: its text as typed (alternatives separated by ``|``), whether it is
    dropped when another seat moved since it was made, and the table's move count then."""

    n: int
    move: str
    unless_changed: bool
    made_at: int
    created_at: float


class PlanFull(StoreError):
    """The member's plan at this table already has the most entries allowed."""


class PlansStore(OutboxStore):
    """Members' plans, per table."""

    # A version-checked change of a table's fields, from host.store.tables in the composed Store.
    _bump: Callable[..., Awaitable[None]]

    async def plan(self, table_id: int, user_id: int) -> list[PlanEntry]:
        """A member's plan at a table, first entry first."""
        async with self._db.execute(
            "SELECT n, move, unless_changed, made_at, created_at FROM plans"
            " WHERE table_id = ? AND user_id = ? ORDER BY n",
            (table_id, user_id),
        ) as cursor:
            rows = await cursor.fetchall()
        return [
            PlanEntry(r["n"], r["move"], bool(r["unless_changed"]), r["made_at"], r["created_at"])
            for r in rows
        ]

    async def planners(self, table_id: int) -> list[int]:
        """The members who have a plan at a table."""
        async with self._db.execute(
            "SELECT DISTINCT user_id FROM plans WHERE table_id = ? ORDER BY user_id", (table_id,)
        ) as cursor:
            return [r["user_id"] for r in await cursor.fetchall()]

    async def tables_with_plans(self) -> list[int]:
        """The live tables (of this process's shards) where someone has a plan."""
        condition, params = self._shard_filter("t.guild_id")
        async with self._db.execute(
            "SELECT DISTINCT p.table_id FROM plans p JOIN tables t ON t.id = p.table_id"
            " WHERE t.status = 'active'" + condition + " ORDER BY p.table_id",
            params,
        ) as cursor:
            return [r["table_id"] for r in await cursor.fetchall()]

    async def add_plan_entry(
        self,
        table_id: int,
        user_id: int,
        move: str,
        *,
        unless_changed: bool,
        made_at: int,
        limit: int,
    ) -> int:
        """Append an entry to a member's plan; returns how many entries it now has.
        :class:`PlanFull` when it already has ``limit``."""

        async def work(db: Connection) -> int:
            async with db.execute(
                "SELECT COUNT(*) AS k, MAX(n) AS last FROM plans"
                " WHERE table_id = ? AND user_id = ?",
                (table_id, user_id),
            ) as cursor:
                row = await cursor.fetchone()
            count, last = int(row["k"]), row["last"]
            if count >= limit:
                raise PlanFull(f"at most {limit} planned moves")
            await db.execute(
                "INSERT INTO plans (table_id, user_id, n, move, unless_changed, made_at,"
                " created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    user_id,
                    (last or 0) + 1,
                    move,
                    int(unless_changed),
                    made_at,
                    time.time(),
                ),
            )
            return count + 1

        return await self._transaction(work)

    async def clear_plan(self, table_id: int, user_id: int | None = None) -> int:
        """Forget a member's plan at a table (every member's when ``user_id`` is None); returns
        how many entries were forgotten."""

        async def work(db: Connection) -> int:
            if user_id is None:
                cursor = await db.execute("DELETE FROM plans WHERE table_id = ?", (table_id,))
            else:
                cursor = await db.execute(
                    "DELETE FROM plans WHERE table_id = ? AND user_id = ?", (table_id, user_id)
                )
            return cursor.rowcount

        return await self._transaction(work)

    async def drop_plan(
        self,
        table_id: int,
        user_id: int,
        outbox: list[OutboxItem],
        *,
        version: int | None = None,
        clock: dict | None = None,
    ) -> None:
        """Forget a member's whole plan and queue the private message that says why, at once.
        With ``clock``, the table's clock changes with them (a held clock started, see
        ``host.clocks.release``): a change of the table at ``version`` (:class:`StaleVersion`
        when it moved on)."""

        async def work(db: Connection) -> None:
            if clock is not None:
                await self._bump(db, table_id, version, clock=json.dumps(clock))
            await db.execute(
                "DELETE FROM plans WHERE table_id = ? AND user_id = ?", (table_id, user_id)
            )
            await self._queue(db, table_id, outbox)

        await self._transaction(work)

    @staticmethod
    async def take_plan_entry(db: Connection, table_id: int, user_id: int, n: int) -> None:
        """Inside a move's transaction: the played entry leaves the plan with the move."""
        await db.execute(
            "DELETE FROM plans WHERE table_id = ? AND user_id = ? AND n = ?", (table_id, user_id, n)
        )
