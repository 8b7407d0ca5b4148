"""Tournaments (schema v3): the tournament, its entrants and every round's pairings, each change
one version-checked transaction."""

from __future__ import annotations

import json
import time
from typing import Any

from host.db import Connection, IntegrityError
from host.store.outbox import OutboxStore
from host.store.rows import (
    EntrantRow,
    OutboxItem,
    PairingRow,
    StaleVersion,
    StoreError,
    TournamentBusy,
    TournamentRow,
)


class TournamentsStore(OutboxStore):
    """Tournaments, entrants, pairings."""

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

        return await self.existing_tournament(await self._transaction(work))

    async def get_tournament(self, tournament_id: int) -> TournamentRow | None:
        async with self._db.execute(
            "SELECT * FROM tournaments WHERE id = ?", (tournament_id,)
        ) as cursor:
            row = await cursor.fetchone()
        return _tournament_row(row) if row else None

    async def existing_tournament(self, tournament_id: int) -> TournamentRow:
        """A tournament known to exist (one just written, or named by its tables): tournaments
        are never deleted, so a missing one is a database that is not the one written to."""
        tournament = await self.get_tournament(tournament_id)
        if tournament is None:
            raise StoreError(f"tournament {tournament_id} is missing from the database")
        return tournament

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
        return await self.existing_tournament(tournament_id)

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


def _tournament_row(row: Any) -> TournamentRow:
    return TournamentRow(**{name: row[name] for name in TournamentRow.__dataclass_fields__})
