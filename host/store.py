"""Durable storage for tables (games), seats, the move log, the outbox, user preferences, and
(schema v3) per-seat results, ratings and tournaments.

Two backends behind one class (see :mod:`host.db`): SQLite, the embedded default (WAL mode,
foreign keys on, ``synchronous=FULL``, so a committed move survives a crash of the process or the
machine), and PostgreSQL for several shard processes sharing one database. Every change to a table
bumps its ``version``; writers name the version they read, and a stale one is refused
(:class:`StaleVersion`) by a conditional ``UPDATE ... WHERE version = ?``, which holds across
processes on both backends. The schema below is written once, in SQLite's type names and the
portable SQL subset; :mod:`host.db` translates it for PostgreSQL.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import socket
import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from host import ratings as rating_model
from host.db import (
    Connection,
    Database,
    DatabaseError,
    IntegrityError,
    is_postgres,
    open_database,
)

log = logging.getLogger("portolan.store")

SCHEMA_VERSION = 6

LIVE_STATUSES = ("lobby", "active")

_SCHEMA_V1 = """
CREATE TABLE tables (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER,
    channel_id   INTEGER NOT NULL,
    game         TEXT NOT NULL,
    variant      TEXT NOT NULL,
    seats_wanted INTEGER,
    status       TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
    opener_id    INTEGER NOT NULL,
    seed         INTEGER,
    state        TEXT,
    version      INTEGER NOT NULL DEFAULT 0,
    move_count   INTEGER NOT NULL DEFAULT 0,
    result       TEXT,
    lobby_message_id INTEGER,
    created_at   REAL NOT NULL,
    updated_at   REAL NOT NULL
);
CREATE UNIQUE INDEX one_live_table_per_channel ON tables (channel_id)
    WHERE status IN ('lobby', 'active');
CREATE INDEX tables_by_guild ON tables (guild_id, status);

CREATE TABLE seats (
    table_id  INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    name      TEXT NOT NULL,
    joined_at REAL NOT NULL,
    PRIMARY KEY (table_id, seat),
    UNIQUE (table_id, user_id)
);
CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE moves (
    table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    n          INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    move       TEXT NOT NULL,
    log        TEXT NOT NULL,
    created_at REAL NOT NULL,
    PRIMARY KEY (table_id, n)
);

CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY,
    key        TEXT NOT NULL UNIQUE,
    table_id   INTEGER REFERENCES tables (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL CHECK (kind IN ('channel', 'dm')),
    target     INTEGER NOT NULL,
    payload    TEXT NOT NULL,
    created_at REAL NOT NULL,
    sent_at    REAL
);
CREATE INDEX outbox_pending ON outbox (sent_at) WHERE sent_at IS NULL;

CREATE TABLE prefs (
    user_id INTEGER PRIMARY KEY,
    data    TEXT NOT NULL
);
"""

# Version 2: play-by-post life (issue 7): pace and clocks, pending undo votes, watchers, server
# settings.
_SCHEMA_V2 = """
ALTER TABLE tables ADD COLUMN pace TEXT NOT NULL DEFAULT 'untimed';
ALTER TABLE tables ADD COLUMN clock TEXT;
ALTER TABLE tables ADD COLUMN undo TEXT;
CREATE TABLE watchers (
    table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    user_id  INTEGER NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    data     TEXT NOT NULL
);
CREATE TABLE undone_moves (
    table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    n          INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    move       TEXT NOT NULL,
    log        TEXT NOT NULL,
    created_at REAL NOT NULL,
    undone_at  REAL NOT NULL
);
"""

# Version 3: ratings and tournaments (issue 8). ``rated`` marks casual games that must not move
# ratings; ``results`` keeps one row per seat of every finished game (for /stats and the rating
# history); a tournament's ``pairings`` hold every table and bye of every round with its result.
_SCHEMA_V3 = """
ALTER TABLE tables ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
CREATE TABLE ratings (
    game       TEXT NOT NULL,
    user_id    INTEGER NOT NULL,
    name       TEXT NOT NULL,
    mu         REAL NOT NULL,
    sigma      REAL NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    updated_at REAL NOT NULL,
    PRIMARY KEY (game, user_id)
);
CREATE TABLE results (
    table_id    INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    game        TEXT NOT NULL,
    rank        INTEGER NOT NULL,
    score       REAL NOT NULL,
    players     INTEGER NOT NULL,
    rated       INTEGER NOT NULL,
    mu_before   REAL,
    mu_after    REAL,
    finished_at REAL NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX results_by_user ON results (user_id, game);
CREATE TABLE tournaments (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER,
    channel_id   INTEGER NOT NULL,
    name         TEXT NOT NULL,
    game         TEXT NOT NULL,
    variant      TEXT NOT NULL,
    format       TEXT NOT NULL CHECK (format IN ('swiss', 'roundrobin', 'elimination')),
    table_size   INTEGER NOT NULL,
    pace         TEXT NOT NULL,
    rounds       INTEGER,
    round        INTEGER NOT NULL DEFAULT 0,
    status       TEXT NOT NULL CHECK (status IN ('signup', 'running', 'finished')),
    organiser_id INTEGER NOT NULL,
    version      INTEGER NOT NULL DEFAULT 1,
    created_at   REAL NOT NULL,
    updated_at   REAL NOT NULL
);
CREATE UNIQUE INDEX one_live_tournament_per_channel ON tournaments (channel_id)
    WHERE status IN ('signup', 'running');
CREATE TABLE entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    name          TEXT NOT NULL,
    number        INTEGER NOT NULL,
    dropped_round INTEGER,
    PRIMARY KEY (tournament_id, user_id)
);
CREATE TABLE pairings (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    bye           INTEGER NOT NULL DEFAULT 0,
    players       TEXT NOT NULL,
    table_id      INTEGER REFERENCES tables (id),
    result        TEXT,
    PRIMARY KEY (tournament_id, round, board)
);
CREATE INDEX pairings_by_table ON pairings (table_id);
"""

# Version 4: fair play and table talk (issues 12, 14). A move remembers whether it revealed anything
# (such a move can never be undone) and the clock before it (an undo restores it exactly); a table
# remembers its turn post (what table talk edits while the same player keeps deciding).
_SCHEMA_V4 = """
ALTER TABLE moves ADD COLUMN reveals INTEGER NOT NULL DEFAULT 0;
ALTER TABLE moves ADD COLUMN clock_before TEXT;
ALTER TABLE undone_moves ADD COLUMN reveals INTEGER NOT NULL DEFAULT 0;
ALTER TABLE undone_moves ADD COLUMN clock_before TEXT;
ALTER TABLE tables ADD COLUMN talk TEXT;
"""

# Version 5: several shard processes on one database (issue 17). An outbox item knows its server,
# so only a process whose shards reach that server claims it, and a claim is a lease
# (``claimed_by`` until ``claimed_until``): a process that dies holding one only delays the item.
_SCHEMA_V5 = """
ALTER TABLE outbox ADD COLUMN guild_id INTEGER;
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until REAL;
UPDATE outbox SET guild_id = (SELECT guild_id FROM tables WHERE tables.id = outbox.table_id);
CREATE INDEX tables_live ON tables (status) WHERE status IN ('lobby', 'active');
"""

# Version 6: delivery state of the outbox (issue 13). ``resumed`` says a claim was taken over from
# a sender whose lease ran out (it may have posted: look before posting again); ``attempts``,
# ``next_attempt_at`` and ``last_error`` give failed sends a backoff; ``dead_at`` ends an item that
# can never be delivered (channel deleted, no permission); ``message_id`` is the Discord message of
# a sent channel post, so a later item can edit it. ``meta`` keeps process-wide settings (the hash
# of the last synced command tree).
_SCHEMA_V6 = """
ALTER TABLE outbox ADD COLUMN resumed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN next_attempt_at REAL;
ALTER TABLE outbox ADD COLUMN last_error TEXT;
ALTER TABLE outbox ADD COLUMN dead_at REAL;
ALTER TABLE outbox ADD COLUMN message_id INTEGER;
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""

MIGRATIONS: dict[int, str] = {
    1: _SCHEMA_V1,
    2: _SCHEMA_V2,
    3: _SCHEMA_V3,
    4: _SCHEMA_V4,
    5: _SCHEMA_V5,
    6: _SCHEMA_V6,
}


class TournamentBusy(RuntimeError):
    """The channel already has a tournament in sign-up or running."""


class StoreError(RuntimeError):
    """The database cannot be used (missing folder, read-only file, newer schema)."""


class StaleVersion(RuntimeError):
    """The table changed since it was read; the caller should reload and try again."""


class ChannelBusy(RuntimeError):
    """The channel already has a lobby or a running game."""


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: int
    name: str


@dataclass(frozen=True)
class TableRow:
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    variant: str
    seats_wanted: int | None
    status: str
    opener_id: int
    seed: int | None
    state: dict | None
    version: int
    move_count: int
    result: list | None
    lobby_message_id: int | None
    created_at: float
    updated_at: float
    seats: tuple[SeatRow, ...]
    pace: str = "untimed"
    clock: dict | None = None
    undo: dict | None = None
    rated: bool = True
    talk: dict | None = None
    """Table talk's memory of the current turn post (see ``host.talk``)."""

    def seat_of(self, user_id: int) -> int | None:
        for row in self.seats:
            if row.user_id == user_id:
                return row.seat
        return None

    def user_of(self, seat: int) -> int | None:
        for row in self.seats:
            if row.seat == seat:
                return row.user_id
        return None

    @property
    def names(self) -> list[str]:
        return [row.name for row in sorted(self.seats, key=lambda r: r.seat)]


@dataclass(frozen=True)
class MoveRow:
    n: int
    seat: int
    user_id: int
    move: str
    log: list[str]
    created_at: float
    reveals: bool = False
    clock_before: dict | None = None


@dataclass(frozen=True)
class RatingRow:
    game: str
    user_id: int
    name: str
    rating: rating_model.Rating
    games: int


@dataclass(frozen=True)
class StatsRow:
    """One user's finished games of one game (aborted games are never recorded)."""

    game: str
    games: int
    wins: int
    average_place: float


@dataclass(frozen=True)
class TournamentRow:
    id: int
    guild_id: int | None
    channel_id: int
    name: str
    game: str
    variant: str
    format: str
    table_size: int
    pace: str
    rounds: int | None
    round: int
    status: str
    organiser_id: int
    version: int


@dataclass(frozen=True)
class EntrantRow:
    user_id: int
    name: str
    number: int  # sign-up order, the last tie-breaker
    dropped_round: int | None


@dataclass(frozen=True)
class PairingRow:
    """One table (or one bye) of a tournament round; ``players`` in seat order."""

    round: int
    board: int
    bye: bool
    players: tuple[int, ...]
    table_id: int | None
    result: dict | None


@dataclass(frozen=True)
class OutboxItem:
    """One notification to deliver at least once; ``key`` makes a repeated delivery detectable."""

    key: str
    kind: str  # "channel" or "dm"
    target: int  # channel id or user id
    payload: dict[str, Any]
    table_id: int | None = None
    id: int | None = None
    guild_id: int | None = None  # the server it belongs to (from its table when not given)
    attempts: int = 0  # sends begun so far (this one included, once claimed)
    resumed: bool = False  # claimed from a sender whose lease ran out: it may have posted
    created_at: float | None = None


@dataclass(frozen=True)
class Shards:
    """The gateway shards one process runs. Discord puts a server on shard
    ``(guild_id >> 22) % count``; direct messages and rows without a server belong to shard 0."""

    ids: frozenset[int]
    count: int

    def __post_init__(self) -> None:
        if self.count < 1 or not self.ids or not all(0 <= i < self.count for i in self.ids):
            raise ValueError(f"shard ids {sorted(self.ids)} do not fit a shard count {self.count}")

    @classmethod
    def of(cls, ids: Iterable[int], count: int) -> Shards:
        return cls(frozenset(ids), count)

    def shard_of(self, guild_id: int | None) -> int:
        return 0 if guild_id is None else (guild_id >> 22) % self.count

    def owns(self, guild_id: int | None) -> bool:
        return self.shard_of(guild_id) in self.ids

    def where(self, column: str) -> tuple[str, tuple]:
        """A portable SQL condition (and its parameters) true for rows on these shards. Integer
        division by 2**22 is the shift (ids are positive) on both backends."""
        marks = ", ".join("?" for _ in self.ids)
        ids = tuple(sorted(self.ids))
        condition = f"(({column} / 4194304) % ? IN ({marks}))"
        if 0 in self.ids:
            condition = f"({column} IS NULL OR {condition})"
        return condition, (self.count, *ids)


def _owner_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


class Store:
    """The store, on SQLite or PostgreSQL (see :mod:`host.db`). Open with :meth:`open`; one
    instance per process."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self.path = db.target
        self.dialect = db.dialect
        # Which servers this process serves (None: all of them, a single process). The tick and
        # the outbox only look at rows of these shards, so several processes share the work.
        self.shards: Shards | None = None
        # The name this process claims outbox items under.
        self.owner = _owner_name()

    def _shard_filter(self, column: str) -> tuple[str, tuple]:
        if self.shards is None:
            return "", ()
        condition, params = self.shards.where(column)
        return " AND " + condition, params

    @classmethod
    async def open(cls, target: str | Path, *, shards: Shards | None = None) -> Store:
        """Open (and create or upgrade) the store: a ``postgresql://`` URL, else a SQLite file.
        ``shards``: the shards this process runs (default: all).

        A SQLite file is looked at (read-only) before anything is written to it, so a file that
        is not Portolan's is refused with one clear line and left exactly as it was."""
        if not is_postgres(target) and str(target) != ":memory:":
            await asyncio.to_thread(_check_sqlite_file, Path(target))
        try:
            db = await open_database(target)
        except DatabaseError as error:
            raise StoreError(str(error)) from error
        try:
            await db.migrate(MIGRATIONS, SCHEMA_VERSION)
        except DatabaseError as error:
            await db.close()
            raise StoreError(str(error)) from error
        except BaseException:
            await db.close()
            raise
        store = cls(db)
        store.shards = shards
        return store

    async def close(self) -> None:
        await self._db.close()

    async def integrity_check(self) -> str:
        return await self._db.integrity_check()

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
        # Reads see committed data only (host.db: on SQLite's one shared connection, a read in
        # the middle of another coroutine's transaction would see writes that may roll back).
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
                json.loads(r["log"]),
                r["created_at"],
                bool(r["reveals"]),
                json.loads(r["clock_before"]) if r["clock_before"] else None,
            )
            for r in rows
        ]

    async def count_tables(self) -> int:
        return int(await self._db.fetchval("SELECT COUNT(*) FROM tables"))

    # ---- writing -------------------------------------------------------------------------

    async def _transaction(self, work) -> Any:
        async with self._db.transaction() as conn:
            return await work(conn)

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
        return await self.get_table(table_id)

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
        return await self.get_table(table_id)

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
        return await self.get_table(table_id)

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
    ) -> TableRow:
        """Append the move, store the new state, bump the version and queue the notifications: one
        transaction, so an accepted move is durable before anyone hears of it."""

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
                    json.dumps(log),
                    time.time(),
                    int(reveals),
                    json.dumps(clock_before) if clock_before is not None else None,
                ),
            )
            await self._queue(db, table_id, outbox)
            if finished_result is not None:
                # The result and the new ratings land with the final move, or not at all.
                await self._record_result(db, table_id, finished_result)

        await self._transaction(work)
        return await self.get_table(table_id)

    async def set_status(self, table_id: int, version: int, status: str) -> TableRow:
        await self._transaction(lambda db: self._bump(db, table_id, version, status=status))
        return await self.get_table(table_id)

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
        return await self.get_table(table_id)

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
        return await self.get_table(table_id)

    async def set_lobby_message(self, table_id: int, message_id: int) -> None:
        # Not a game change, so the version is left alone.
        await self._transaction(
            lambda db: db.execute(
                "UPDATE tables SET lobby_message_id = ? WHERE id = ?", (message_id, table_id)
            )
        )

    # ---- outbox --------------------------------------------------------------------------

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
                    json.dumps(i.payload),
                    now,
                    i.guild_id if i.guild_id is not None else guild_id,
                    table_id if table_id is not None else i.table_id,
                )
                for i in items
            ],
        )

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

    async def claim_pending(
        self, *, limit: int = 100, lease: float = 60.0, table_id: int | None = None
    ) -> list[OutboxItem]:
        """Claim up to ``limit`` unsent items for this process for ``lease`` seconds: items of
        this process's shards that nobody (this process included: two of its senders must not
        both take an item) holds a live lease on. On PostgreSQL ``FOR UPDATE SKIP
        LOCKED`` lets processes claim side by side without waiting for or taking each other's
        items; on SQLite the write transaction already excludes every other writer. A process
        that dies holding a lease only delays its items until the lease runs out."""
        now = time.time()
        condition, params = self._shard_filter("guild_id")
        if table_id is not None:
            condition += " AND table_id = ?"
            params += (table_id,)

        async def work(db: Connection) -> list[Any]:
            return await db.fetchall(
                "UPDATE outbox SET claimed_by = ?, claimed_until = ? WHERE id IN ("
                " SELECT id FROM outbox WHERE sent_at IS NULL AND dead_at IS NULL"
                " AND (claimed_until IS NULL OR claimed_until < ?)"
                f"{condition} ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED) RETURNING *",
                (self.owner, now + lease, now, *params, limit),
            )

        rows = await self._transaction(work)
        return sorted((_outbox_item(r) for r in rows), key=lambda item: item.id or 0)

    async def claim_keys(self, keys: Iterable[str], *, lease: float = 60.0) -> set[str]:
        """Claim the given unsent items (those this process just queued and delivers at once),
        unless another process holds a live lease on one; returns the keys now held."""
        keys = list(keys)
        if not keys:
            return set()
        now = time.time()
        marks = ", ".join("?" for _ in keys)

        async def work(db: Connection) -> list[Any]:
            return await db.fetchall(
                "UPDATE outbox SET claimed_by = ?, claimed_until = ? WHERE id IN ("
                f" SELECT id FROM outbox WHERE key IN ({marks}) AND sent_at IS NULL"
                " AND (claimed_until IS NULL OR claimed_until < ?)"
                " ORDER BY id FOR UPDATE SKIP LOCKED) RETURNING key",
                (self.owner, now + lease, *keys, now),
            )

        return {r["key"] for r in await self._transaction(work)}

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

    async def get_meta(self, key: str) -> str | None:
        """A process-wide setting (e.g. the hash of the last synced command tree)."""
        async with self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)) as cursor:
            row = await cursor.fetchone()
        return row["value"] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        await self._transaction(
            lambda db: db.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )
        )

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

    # ---- watchers, server settings, per-user listings -----------------------------------

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

    async def _get_document(self, table: str, key_column: str, key: int) -> dict:
        """A JSON document kept per key (server settings, user preferences); {} when absent."""
        async with self._db.execute(
            f"SELECT data FROM {table} WHERE {key_column} = ?", (key,)
        ) as cursor:
            row = await cursor.fetchone()
        return json.loads(row["data"]) if row else {}

    async def _set_document(self, table: str, key_column: str, key: int, data: dict) -> None:
        await self._transaction(
            lambda db: db.execute(
                f"INSERT INTO {table} ({key_column}, data) VALUES (?, ?)"
                f" ON CONFLICT ({key_column}) DO UPDATE SET data = excluded.data",
                (key, json.dumps(data)),
            )
        )

    async def get_guild_settings(self, guild_id: int) -> dict:
        return await self._get_document("guild_settings", "guild_id", guild_id)

    async def set_guild_settings(self, guild_id: int, data: dict) -> None:
        await self._set_document("guild_settings", "guild_id", guild_id, data)

    # ---- preferences ---------------------------------------------------------------------

    async def get_prefs(self, user_id: int) -> dict:
        return await self._get_document("prefs", "user_id", user_id)

    async def set_prefs(self, user_id: int, data: dict) -> None:
        await self._set_document("prefs", "user_id", user_id, data)

    # ---- results and ratings (schema v3) -------------------------------------------------

    async def _record_result(self, db: Connection, table_id: int, standings: list[dict]) -> None:
        """Write one ``results`` row per seat and, for a rated game of two or more players, the
        new ratings of everyone at the table (inside the caller's transaction)."""
        async with db.execute("SELECT game, rated FROM tables WHERE id = ?", (table_id,)) as cursor:
            table = await cursor.fetchone()
        async with db.execute(
            "SELECT seat, user_id, name FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
        ) as cursor:
            seats = {r["seat"]: (r["user_id"], r["name"]) for r in await cursor.fetchall()}
        game = table["game"]
        placed = [s for s in standings if s["seat"] in seats]
        rated = bool(table["rated"]) and len(placed) >= 2
        if rated:
            # Lock every player's rating row, in user order, before reading it: on PostgreSQL two
            # games with the same players may finish at once in two processes, and each must
            # start from the other's result (and not deadlock on the rows).
            now = time.time()
            start = rating_model.initial()
            for user_id, name in sorted(seats[s["seat"]] for s in placed):
                await db.execute(
                    "INSERT INTO ratings (game, user_id, name, mu, sigma, games, updated_at)"
                    " VALUES (?, ?, ?, ?, ?, 0, ?) ON CONFLICT (game, user_id) DO NOTHING",
                    (game, user_id, name, start.mu, start.sigma, now),
                )
                await db.execute(
                    "SELECT user_id FROM ratings WHERE game = ? AND user_id = ? FOR UPDATE",
                    (game, user_id),
                )
        before = [await self._rating_in(db, game, seats[s["seat"]][0]) for s in placed]
        after = rating_model.rate(before, [s["rank"] for s in placed]) if rated else before
        now = time.time()
        for standing, old, new in zip(placed, before, after, strict=True):
            user_id, name = seats[standing["seat"]]
            await db.execute(
                "INSERT INTO results (table_id, seat, user_id, game, rank, score, players, rated,"
                " mu_before, mu_after, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    standing["seat"],
                    user_id,
                    game,
                    standing["rank"],
                    standing["score"],
                    len(placed),
                    int(rated),
                    old.mu if rated else None,
                    new.mu if rated else None,
                    now,
                ),
            )
            if rated:
                await db.execute(
                    "INSERT INTO ratings (game, user_id, name, mu, sigma, games, updated_at)"
                    " VALUES (?, ?, ?, ?, ?, 1, ?) ON CONFLICT (game, user_id) DO UPDATE SET"
                    " name = excluded.name, mu = excluded.mu, sigma = excluded.sigma,"
                    " games = ratings.games + 1, updated_at = excluded.updated_at",
                    (game, user_id, name, new.mu, new.sigma, now),
                )

    async def _rating_in(self, db: Connection, game: str, user_id: int) -> rating_model.Rating:
        async with db.execute(
            "SELECT mu, sigma FROM ratings WHERE game = ? AND user_id = ?", (game, user_id)
        ) as cursor:
            row = await cursor.fetchone()
        return rating_model.Rating(row["mu"], row["sigma"]) if row else rating_model.initial()

    async def ratings_of(self, user_id: int, game: str | None = None) -> list[RatingRow]:
        query = "SELECT * FROM ratings WHERE user_id = ?"
        params: tuple = (user_id,)
        if game is not None:
            query += " AND game = ?"
            params += (game,)
        async with self._db.execute(query + " ORDER BY game", params) as cursor:
            return [_rating_row(r) for r in await cursor.fetchall()]

    async def leaderboard(self, game: str, limit: int = 20) -> list[RatingRow]:
        async with self._db.execute(
            "SELECT * FROM ratings WHERE game = ? ORDER BY mu - 3 * sigma DESC, games DESC,"
            " user_id LIMIT ?",
            (game, limit),
        ) as cursor:
            return [_rating_row(r) for r in await cursor.fetchall()]

    async def stats(self, user_id: int) -> list[StatsRow]:
        async with self._db.execute(
            "SELECT game, COUNT(*) AS games, SUM(CASE WHEN rank = 1 THEN 1 ELSE 0 END) AS wins,"
            " AVG(rank) AS place"
            " FROM results WHERE user_id = ? GROUP BY game ORDER BY game",
            (user_id,),
        ) as cursor:
            return [
                # PostgreSQL sums and averages integers as NUMERIC (Decimal).
                StatsRow(r["game"], int(r["games"]), int(r["wins"]), float(r["place"]))
                for r in await cursor.fetchall()
            ]

    # ---- tournaments (schema v3) ---------------------------------------------------------

    async def create_tournament(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        name: str,
        game: str,
        variant: str,
        format: str,
        table_size: int,
        pace: str,
        rounds: int | None,
        organiser_id: int,
    ) -> TournamentRow:
        now = time.time()

        async def work(db: Connection) -> int:
            try:
                cursor = await db.execute(
                    "INSERT INTO tournaments (guild_id, channel_id, name, game, variant, format,"
                    " table_size, pace, rounds, status, organiser_id, created_at, updated_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'signup', ?, ?, ?) RETURNING id",
                    (
                        guild_id,
                        channel_id,
                        name,
                        game,
                        variant,
                        format,
                        table_size,
                        pace,
                        rounds,
                        organiser_id,
                        now,
                        now,
                    ),
                )
                return (await cursor.fetchone())["id"]
            except IntegrityError as error:
                raise TournamentBusy("This channel already has a tournament.") from error

        return await self.get_tournament(await self._transaction(work))

    async def get_tournament(self, tournament_id: int) -> TournamentRow | None:
        async with self._db.execute(
            "SELECT * FROM tournaments WHERE id = ?", (tournament_id,)
        ) as cursor:
            row = await cursor.fetchone()
        return _tournament_row(row) if row else None

    async def channel_tournament(self, channel_id: int) -> TournamentRow | None:
        """The live tournament of a channel, or else its most recent one."""
        async with self._db.execute(
            "SELECT * FROM tournaments WHERE channel_id = ?"
            " ORDER BY (status IN ('signup', 'running')) DESC, id DESC LIMIT 1",
            (channel_id,),
        ) as cursor:
            row = await cursor.fetchone()
        return _tournament_row(row) if row else None

    async def tournaments_with_status(self, status: str) -> list[TournamentRow]:
        """Tournaments in a status, on this process's shards (so one process ticks each)."""
        condition, params = self._shard_filter("guild_id")
        async with self._db.execute(
            f"SELECT * FROM tournaments WHERE status = ?{condition} ORDER BY id", (status, *params)
        ) as cursor:
            return [_tournament_row(r) for r in await cursor.fetchall()]

    async def tournament_of_table(self, table_id: int) -> tuple[int, int, int] | None:
        """(tournament id, round, board) of a tournament table, or None for any other table."""
        async with self._db.execute(
            "SELECT tournament_id, round, board FROM pairings WHERE table_id = ?", (table_id,)
        ) as cursor:
            row = await cursor.fetchone()
        return (row["tournament_id"], row["round"], row["board"]) if row else None

    async def entrants(self, tournament_id: int) -> list[EntrantRow]:
        async with self._db.execute(
            "SELECT * FROM entrants WHERE tournament_id = ? ORDER BY number", (tournament_id,)
        ) as cursor:
            return [
                EntrantRow(r["user_id"], r["name"], r["number"], r["dropped_round"])
                for r in await cursor.fetchall()
            ]

    async def pairings(self, tournament_id: int) -> list[PairingRow]:
        async with self._db.execute(
            "SELECT * FROM pairings WHERE tournament_id = ? ORDER BY round, board",
            (tournament_id,),
        ) as cursor:
            return [
                PairingRow(
                    r["round"],
                    r["board"],
                    bool(r["bye"]),
                    tuple(json.loads(r["players"])),
                    r["table_id"],
                    json.loads(r["result"]) if r["result"] else None,
                )
                for r in await cursor.fetchall()
            ]

    async def _bump_tournament(
        self, db: Connection, tournament_id: int, version: int, **fields: Any
    ) -> None:
        assignments = "".join(f"{name} = ?, " for name in fields)
        cursor = await db.execute(
            f"UPDATE tournaments SET {assignments}version = version + 1, updated_at = ?"
            " WHERE id = ? AND version = ?",
            (*fields.values(), time.time(), tournament_id, version),
        )
        if cursor.rowcount != 1:
            raise StaleVersion(f"tournament {tournament_id} is no longer at version {version}")

    async def update_tournament(
        self,
        tournament_id: int,
        version: int,
        *,
        add_entrant: tuple[int, str] | None = None,
        remove_entrant: int | None = None,
        drop_entrant: tuple[int, int] | None = None,
        reseed: list[int] | None = None,
        new_pairings: list[PairingRow] | None = None,
        outbox: list[OutboxItem] | None = None,
        **fields: Any,
    ) -> TournamentRow:
        """Change a tournament in one version-checked transaction: its fields, an entrant joining,
        leaving (sign-up) or dropping out (user, round), the seed order (users, best first), a new
        round's pairings, notifications."""

        async def work(db: Connection) -> None:
            await self._bump_tournament(db, tournament_id, version, **fields)
            if add_entrant is not None:
                await db.execute(
                    "INSERT INTO entrants (tournament_id, user_id, name, number) VALUES (?, ?, ?,"
                    " (SELECT COALESCE(MAX(number), 0) + 1 FROM entrants WHERE tournament_id = ?))",
                    (tournament_id, *add_entrant, tournament_id),
                )
            if remove_entrant is not None:
                await db.execute(
                    "DELETE FROM entrants WHERE tournament_id = ? AND user_id = ?",
                    (tournament_id, remove_entrant),
                )
            if drop_entrant is not None:
                await db.execute(
                    "UPDATE entrants SET dropped_round = ? WHERE tournament_id = ? AND user_id = ?",
                    (drop_entrant[1], tournament_id, drop_entrant[0]),
                )
            # Seeds replace the sign-up numbers: the entrant's number is their seed from then on.
            await db.executemany(
                "UPDATE entrants SET number = ? WHERE tournament_id = ? AND user_id = ?",
                [(seed, tournament_id, user) for seed, user in enumerate(reseed or [], start=1)],
            )
            await db.executemany(
                "INSERT INTO pairings (tournament_id, round, board, bye, players, table_id, result)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        tournament_id,
                        p.round,
                        p.board,
                        int(p.bye),
                        json.dumps(list(p.players)),
                        p.table_id,
                        json.dumps(p.result) if p.result is not None else None,
                    )
                    for p in new_pairings or []
                ],
            )
            guild = await db.fetchval(
                "SELECT guild_id FROM tournaments WHERE id = ?", (tournament_id,)
            )
            await self._queue(db, None, outbox or [], guild)

        await self._transaction(work)
        return await self.get_tournament(tournament_id)

    async def set_pairing_result(
        self, tournament_id: int, round_: int, board: int, result: dict
    ) -> bool:
        """Record a table's result once; False if it was already recorded."""

        async def work(db: Connection) -> bool:
            cursor = await db.execute(
                "UPDATE pairings SET result = ? WHERE tournament_id = ? AND round = ?"
                " AND board = ? AND result IS NULL",
                (json.dumps(result), tournament_id, round_, board),
            )
            return cursor.rowcount == 1

        return await self._transaction(work)


SQLITE_HEADER = b"SQLite format 3\x00"


def _check_sqlite_file(path: Path) -> None:
    """Refuse (StoreError) a path that is not, or cannot become, Portolan's SQLite database:
    a missing folder, a folder, a file that is not SQLite, another program's SQLite file, or a
    newer schema. Reads only; a missing or empty file is fine (a new database)."""
    folder = path.resolve().parent
    if not folder.is_dir():
        raise StoreError(f"The database folder {folder} does not exist.")
    if path.is_dir():
        raise StoreError(f"{path} is a folder, not a database file.")
    if not path.exists() or path.stat().st_size == 0:
        return
    try:
        with path.open("rb") as file:
            header = file.read(len(SQLITE_HEADER))
    except OSError as error:
        raise StoreError(f"Cannot read {path}: {error.strerror or error}.") from error
    if header != SQLITE_HEADER:
        raise StoreError(f"{path} is not a SQLite database; give Portolan its own file.")
    try:
        with contextlib.closing(
            sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        ) as db:
            (version,) = db.execute("PRAGMA user_version").fetchone()
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    except sqlite3.Error as error:
        raise StoreError(f"Cannot read the database {path}: {error}.") from error
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"The database {path} has schema version {version}, newer than this program "
            f"({SCHEMA_VERSION}). Upgrade Portolan."
        )
    ours = {"tables", "seats", "moves", "outbox"}
    if tables and (version == 0 or not ours <= tables):
        raise StoreError(
            f"{path} is another program's SQLite database (it has no Portolan tables); "
            "give Portolan its own file."
        )


def _outbox_item(r: Any) -> OutboxItem:
    return OutboxItem(
        key=r["key"],
        kind=r["kind"],
        target=r["target"],
        payload=json.loads(r["payload"]),
        table_id=r["table_id"],
        id=r["id"],
        guild_id=r["guild_id"],
        attempts=r["attempts"],
        resumed=bool(r["resumed"]),
        created_at=r["created_at"],
    )


def _rating_row(row: Any) -> RatingRow:
    return RatingRow(
        row["game"],
        row["user_id"],
        row["name"],
        rating_model.Rating(row["mu"], row["sigma"]),
        row["games"],
    )


def _tournament_row(row: Any) -> TournamentRow:
    return TournamentRow(**{name: row[name] for name in TournamentRow.__dataclass_fields__})
