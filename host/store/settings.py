"""Settings: process-wide values (meta), server settings and member preferences (JSON documents
kept per key)."""

from __future__ import annotations

import json

from host.store.base import StoreBase


class SettingsStore(StoreBase):
    """Meta values, server settings, member preferences."""

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

    async def tournament_away_days(self, tournament_id: int) -> int | None:
        """The organiser's limit on ``/away`` days per player and game (None: not set). Kept
        as a setting beside the tournament rather than a column, until a schema change is due."""
        value = await self.get_meta(f"tournament:{tournament_id}:away_days")
        return int(value) if value is not None else None

    async def set_tournament_away_days(self, tournament_id: int, days: int) -> None:
        await self.set_meta(f"tournament:{tournament_id}:away_days", str(int(days)))

    # ---- server settings ---------------------------------------------------------------

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

    async def digest_members(self) -> list[tuple[int, dict]]:
        """Members who asked for a daily digest (``remind_by`` = ``digest``), with their prefs."""
        async with self._db.execute(
            "SELECT user_id, data FROM prefs WHERE data LIKE ? ORDER BY user_id",
            ('%"digest"%',),
        ) as cursor:
            rows = await cursor.fetchall()
        found = [(r["user_id"], json.loads(r["data"])) for r in rows]
        return [(user, data) for user, data in found if data.get("remind_by") == "digest"]
