"""Results and ratings (schema v3): one row per seat of every finished game, and each member's
rating per game, written with the final move."""

from __future__ import annotations

import time
from typing import Any

from host import ratings as rating_model
from host.db import Connection
from host.store.base import StoreBase
from host.store.rows import RatingRow, StatsRow


class ResultsStore(StoreBase):
    """Results, ratings, leaderboards, statistics."""

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


def _rating_row(row: Any) -> RatingRow:
    return RatingRow(
        row["game"],
        row["user_id"],
        row["name"],
        rating_model.Rating(row["mu"], row["sigma"]),
        row["games"],
    )
