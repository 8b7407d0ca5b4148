"""Tables and seats with their move log (and undone moves), watchers and per-user listings: a
move is one transaction that appends it, stores the new state, bumps the version, queues the
notifications and, for a final move, records the result."""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import i18n
from host.db import Connection, IntegrityError
from host.store.base import log
from host.store.outbox import OutboxStore
from host.store.results import ResultsStore
from host.store.rows import (
    ChannelBusy,
    MoveRow,
    OutboxItem,
    SeatRow,
    StaleVersion,
    StoreError,
    TableRow,
)


class TablesStore(OutboxStore, ResultsStore):
    """Tables, seats, moves, watchers."""

    # ---- reading -------------------------------------------------------------------------

    async def _table_from_row(self, row: Any) -> TableRow:
        return (await self._tables_from_rows([row]))[0]

    async def _tables_from_rows(
        self, rows: list[Any], *, skip_damaged: bool = False
    ) -> list[TableRow]:
        """Build table rows with their seats, reading the seats of all of them in one query per
        500 tables rather than one per table. ``skip_damaged``: leave out (and log) a row whose
        JSON cannot be read, so one damaged game does not hide every other from a listing."""
        seats: dict[int, list[SeatRow]] = {row["id"]: [] for row in rows}
        ids = list(seats)
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ", ".join("?" for _ in chunk)
            async with self._db.execute(
                f"SELECT table_id, seat, user_id, name FROM seats WHERE table_id IN ({marks})"
                " ORDER BY table_id, seat",
                chunk,
            ) as cursor:
                for r in await cursor.fetchall():
                    seats[r["table_id"]].append(SeatRow(r["seat"], r["user_id"], r["name"]))
        tables = []
        for row in rows:
            try:
                tables.append(self._table(row, tuple(seats[row["id"]])))
            except ValueError:
                if not skip_damaged:
                    raise
                log.error("table %s has damaged JSON in the database; skipped", row["id"])
        return tables

    @staticmethod
    def _table(row: Any, seats: tuple[SeatRow, ...]) -> TableRow:
        return TableRow(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            game=row["game"],
            variant=row["variant"],
            seats_wanted=row["seats_wanted"],
            status=row["status"],
            opener_id=row["opener_id"],
            seed=row["seed"],
            state=json.loads(row["state"]) if row["state"] else None,
            version=row["version"],
            move_count=row["move_count"],
            result=json.loads(row["result"]) if row["result"] else None,
            lobby_message_id=row["lobby_message_id"],
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            seats=seats,
            pace=row["pace"],
            clock=json.loads(row["clock"]) if row["clock"] else None,
            undo=json.loads(row["undo"]) if row["undo"] else None,
            rated=bool(row["rated"]),
            talk=json.loads(row["talk"]) if row["talk"] else None,
        )

    async def get_table(self, table_id: int) -> TableRow | None:
        async with self._db.execute("SELECT * FROM tables WHERE id = ?", (table_id,)) as cursor:
            row = await cursor.fetchone()
        return await self._table_from_row(row) if row else None

    async def existing_table(self, table_id: int) -> TableRow:
        """A table known to exist: one just written, or named by a pairing. Tables are never
        deleted, so a missing one is a database that is not the one written to."""
        table = await self.get_table(table_id)
        if table is None:
            raise StoreError(f"table {table_id} is missing from the database")
        return table

    async def live_table(self, channel_id: int) -> TableRow | None:
        """The lobby or running game of a channel, if any."""
        async with self._db.execute(
            "SELECT * FROM tables WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        ) as cursor:
            row = await cursor.fetchone()
        return await self._table_from_row(row) if row else None

    async def latest_table(self, channel_id: int) -> TableRow | None:
        """The live table of a channel, or else its most recently finished one."""
        async with self._db.execute(
            "SELECT * FROM tables WHERE channel_id = ? AND status != 'aborted' "
            "ORDER BY (status IN ('lobby', 'active')) DESC, updated_at DESC LIMIT 1",
            (channel_id,),
        ) as cursor:
            row = await cursor.fetchone()
        return await self._table_from_row(row) if row else None

    async def live_tables(
        self, guild_id: int | None = None, *, timed_only: bool = False
    ) -> list[TableRow]:
        """Lobbies and running games (of one server, else of this process's shards);
        ``timed_only``: running games with a clock, the only ones the reminder tick needs to
        read. The shard filter is what makes each table ticked by one process only."""
        query = "SELECT * FROM tables WHERE status IN ('lobby', 'active')"
        params: tuple = ()
        if timed_only:
            query += " AND status = 'active' AND pace != 'untimed'"
        if guild_id is not None:
            query += " AND guild_id = ?"
            params = (guild_id,)
        else:
            condition, params = self._shard_filter("guild_id")
            query += condition
        # Reads see committed data only, and never wait for a writer (host.db: SQLite reads go
        # to reader connections in WAL mode, PostgreSQL's to the pool).
        async with self._db.execute(query + " ORDER BY id", params) as cursor:
            rows = await cursor.fetchall()
        return await self._tables_from_rows(rows, skip_damaged=True)

    async def moves(self, table_id: int, last: int | None = None) -> list[MoveRow]:
        query = "SELECT * FROM moves WHERE table_id = ? ORDER BY n"
        params: tuple = (table_id,)
        if last is not None:
            query = (
                "SELECT * FROM (SELECT * FROM moves WHERE table_id = ? ORDER BY n DESC LIMIT ?)"
                " AS recent ORDER BY n"
            )
            params = (table_id, last)
        async with self._db.execute(query, params) as cursor:
            rows = await cursor.fetchall()
        return [
            MoveRow(
                r["n"],
                r["seat"],
                r["user_id"],
                r["move"],
                [i18n.load(line) for line in json.loads(r["log"])],
                r["created_at"],
                bool(r["reveals"]),
                json.loads(r["clock_before"]) if r["clock_before"] else None,
            )
            for r in rows
        ]

    async def moves_since_seats(self, table_id: int, seats: list[int], limit: int) -> list[MoveRow]:
        """The moves from the earliest of these seats' last moves on (from the first move if one
        never moved), at most the newest ``limit`` (a catch-up, ``host.catchup``)."""
        async with self._db.execute(
            "SELECT seat, MAX(n) AS n FROM moves WHERE table_id = ? GROUP BY seat", (table_id,)
        ) as cursor:
            last = {r["seat"]: r["n"] for r in await cursor.fetchall()}
        if not last:
            return []
        start = min(last.get(seat, 1) for seat in seats)
        return await self.moves(table_id, last=min(limit, max(last.values()) - start + 1))

    async def count_tables(self) -> int:
        return int(await self._db.fetchval("SELECT COUNT(*) FROM tables"))

    # ---- writing -------------------------------------------------------------------------
    async def create_table(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        variant: str,
        seats_wanted: int | None,
        opener_id: int,
        opener_name: str,
        pace: str = "untimed",
        rated: bool = True,
        seats: list[SeatRow] | None = None,
        pairing: tuple[int, int, int] | None = None,
    ) -> TableRow:
        """Open a lobby with its opener in seat 0, or with the given ``seats`` (a tournament
        table, whose opener is the organiser and need not play). ``pairing`` (tournament, round,
        board) links the new table to its tournament pairing in the same transaction, so a crash
        cannot leave a table that its tournament does not know about."""
        now = time.time()
        seats = seats if seats is not None else [SeatRow(0, opener_id, opener_name)]

        async def work(db: Connection) -> int:
            try:
                cursor = await db.execute(
                    "INSERT INTO tables (guild_id, channel_id, game, variant, seats_wanted, status,"
                    " opener_id, version, created_at, updated_at, pace, rated)"
                    " VALUES (?, ?, ?, ?, ?, 'lobby', ?, 1, ?, ?, ?, ?) RETURNING id",
                    (
                        guild_id,
                        channel_id,
                        game,
                        variant,
                        seats_wanted,
                        opener_id,
                        now,
                        now,
                        pace,
                        int(rated),
                    ),
                )
                table_id = (await cursor.fetchone())["id"]
            except IntegrityError as error:
                raise ChannelBusy("This channel already has a game.") from error
            await self._replace_seats(db, table_id, seats)
            if pairing is not None:
                await db.execute(
                    "UPDATE pairings SET table_id = ? WHERE tournament_id = ? AND round = ?"
                    " AND board = ?",
                    (table_id, *pairing),
                )
            return table_id

        table_id = await self._transaction(work)
        return await self.existing_table(table_id)

    async def _bump(self, db: Connection, table_id: int, version: int, **fields) -> None:
        assignments = ", ".join(f"{name} = ?" for name in fields)
        cursor = await db.execute(
            f"UPDATE tables SET {assignments}{', ' if fields else ''}version = version + 1,"
            " updated_at = ? WHERE id = ? AND version = ?",
            (*fields.values(), time.time(), table_id, version),
        )
        if cursor.rowcount != 1:
            raise StaleVersion(f"table {table_id} is no longer at version {version}")

    async def set_seats(self, table_id: int, version: int, seats: Iterable[SeatRow]) -> TableRow:
        """Replace the lobby's seat list (join, leave)."""
        seats = list(seats)

        async def work(db: Connection) -> None:
            await self._bump(db, table_id, version)
            await self._replace_seats(db, table_id, seats)

        await self._transaction(work)
        return await self.existing_table(table_id)

    async def _replace_seats(self, db: Connection, table_id: int, seats: list[SeatRow]) -> None:
        await db.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
        now = time.time()
        await db.executemany(
            "INSERT INTO seats (table_id, seat, user_id, name, joined_at) VALUES (?, ?, ?, ?, ?)",
            [(table_id, s.seat, s.user_id, s.name, now) for s in seats],
        )

    async def start_table(
        self,
        table_id: int,
        version: int,
        *,
        seed: int,
        state: dict,
        outbox: list[OutboxItem],
        clock: dict | None = None,
        talk: dict | None = None,
    ) -> TableRow:
        async def work(db: Connection) -> None:
            await self._bump(
                db,
                table_id,
                version,
                status="active",
                seed=seed,
                state=json.dumps(state),
                clock=json.dumps(clock) if clock is not None else None,
                talk=json.dumps(talk) if talk is not None else None,
            )
            await self._queue(db, table_id, outbox)

        await self._transaction(work)
        return await self.existing_table(table_id)

    async def commit_move(
        self,
        table_id: int,
        version: int,
        *,
        seat: int,
        user_id: int,
        move: str,
        log: list[str],
        state: dict,
        finished_result: list | None,
        outbox: list[OutboxItem],
        clock: dict | None = None,
        reveals: bool = False,
        clock_before: dict | None = None,
        talk: dict | None = None,
        also: Callable[[Connection], Awaitable[None]] | None = None,
    ) -> TableRow:
        """Append the move, store the new state, bump the version and queue the notifications: one
        transaction, so an accepted move is durable before anyone hears of it. ``also``: more
        writes that belong to the move (a planned move's entry leaving its plan)."""

        async def work(db: Connection) -> None:
            async with db.execute("SELECT move_count FROM tables WHERE id = ?", (table_id,)) as cur:
                row = await cur.fetchone()
            n = row["move_count"] + 1
            fields: dict[str, Any] = {
                "state": json.dumps(state),
                "move_count": n,
                "clock": json.dumps(clock) if clock is not None else None,
                "undo": None,  # a move settles any pending undo vote
                "talk": json.dumps(talk) if talk is not None else None,
            }
            if finished_result is not None:
                fields |= {"status": "finished", "result": json.dumps(finished_result)}
            await self._bump(db, table_id, version, **fields)
            await db.execute(
                "INSERT INTO moves (table_id, n, seat, user_id, move, log, created_at, reveals,"
                " clock_before) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    n,
                    seat,
                    user_id,
                    move,
                    # Each line keeps its message id and parameters (i18n.dump), so a catch-up
                    # or /game status read days later is said in its reader's language.
                    json.dumps([i18n.dump(line) for line in log]),
                    time.time(),
                    int(reveals),
                    json.dumps(clock_before) if clock_before is not None else None,
                ),
            )
            await self._queue(db, table_id, outbox)
            if also is not None:
                await also(db)
            if finished_result is not None:
                # The result and the new ratings land with the final move, or not at all.
                await self._record_result(db, table_id, finished_result)

        await self._transaction(work)
        return await self.existing_table(table_id)

    async def set_status(self, table_id: int, version: int, status: str) -> TableRow:
        await self._transaction(lambda db: self._bump(db, table_id, version, status=status))
        return await self.existing_table(table_id)

    async def update_table(
        self,
        table_id: int,
        version: int,
        *,
        outbox: list[OutboxItem] | None = None,
        seats: list[SeatRow] | None = None,
        **fields: Any,
    ) -> TableRow:
        """Change some of a table's fields (JSON ones given as Python values), its seats and queue
        notifications, in one version-checked transaction."""
        encoded = {
            k: json.dumps(v)
            if k in ("clock", "undo", "state", "result", "talk") and v is not None
            else v
            for k, v in fields.items()
        }

        async def work(db: Connection) -> None:
            await self._bump(db, table_id, version, **encoded)
            if seats is not None:
                await self._replace_seats(db, table_id, seats)
            await self._queue(db, table_id, outbox or [])

        await self._transaction(work)
        return await self.existing_table(table_id)

    async def truncate_moves(
        self, table_id: int, version: int, keep: int, *, outbox: list[OutboxItem], **fields: Any
    ) -> TableRow:
        """Take back the moves after number ``keep`` (an undo): they move to ``undone_moves``, so
        nothing is ever deleted, and the replayed state is stored."""

        async def work(db: Connection) -> None:
            await self._bump(
                db,
                table_id,
                version,
                move_count=keep,
                **{k: json.dumps(v) if v is not None else None for k, v in fields.items()},
            )
            await db.execute(
                "INSERT INTO undone_moves (table_id, n, seat, user_id, move, log, created_at,"
                " undone_at, reveals, clock_before) SELECT table_id, n, seat, user_id, move, log,"
                " created_at, CAST(? AS DOUBLE PRECISION), reveals, clock_before FROM moves"
                " WHERE table_id = ? AND n > ?",
                (time.time(), table_id, keep),
            )
            await db.execute("DELETE FROM moves WHERE table_id = ? AND n > ?", (table_id, keep))
            await self._queue(db, table_id, outbox)

        await self._transaction(work)
        return await self.existing_table(table_id)

    async def set_lobby_message(self, table_id: int, message_id: int) -> None:
        # Not a game change, so the version is left alone.
        await self._transaction(
            lambda db: db.execute(
                "UPDATE tables SET lobby_message_id = ? WHERE id = ?", (message_id, table_id)
            )
        )

    # ---- watchers and per-user listings ---------------------------------------------------

    async def set_watching(self, table_id: int, user_id: int, watching: bool) -> None:
        sql = (
            "INSERT INTO watchers (table_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING"
            if watching
            else "DELETE FROM watchers WHERE table_id = ? AND user_id = ?"
        )
        await self._transaction(lambda db: db.execute(sql, (table_id, user_id)))

    async def watchers(self, table_id: int) -> list[int]:
        async with self._db.execute(
            "SELECT user_id FROM watchers WHERE table_id = ? ORDER BY user_id", (table_id,)
        ) as cursor:
            return [r["user_id"] for r in await cursor.fetchall()]

    async def tables_of_user(self, user_id: int, statuses: tuple[str, ...]) -> list[TableRow]:
        marks = ", ".join("?" for _ in statuses)
        async with self._db.execute(
            f"SELECT t.* FROM tables t JOIN seats s ON s.table_id = t.id"
            f" WHERE s.user_id = ? AND t.status IN ({marks}) ORDER BY t.updated_at DESC",
            (user_id, *statuses),
        ) as cursor:
            rows = await cursor.fetchall()
        return await self._tables_from_rows(rows)

    async def finished_tables_of_user(self, user_id: int, limit: int = 20) -> list[TableRow]:
        """The user's most recently ended games (a digest picks those it has not told yet)."""
        async with self._db.execute(
            "SELECT t.* FROM tables t JOIN seats s ON s.table_id = t.id"
            " WHERE s.user_id = ? AND t.status = 'finished' ORDER BY t.updated_at DESC LIMIT ?",
            (user_id, limit),
        ) as cursor:
            rows = await cursor.fetchall()
        return await self._tables_from_rows(rows)
