"""The store's common ground: opening (and migrating) the database, transactions, and which
shards this process serves. Each concern of the store is a mixin over this base."""

from __future__ import annotations

import asyncio
import logging
import os
import socket
from pathlib import Path
from typing import Any, Self

from host.db import Database, DatabaseError, is_postgres, open_database
from host.store.rows import Shards, StoreError
from host.store.schema import MIGRATIONS, SCHEMA_VERSION, check_sqlite_file

log = logging.getLogger("portolan.store")


def _owner_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


class StoreBase:
    """The database and the shards of one process; the concerns add their methods."""

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
    async def open(cls, target: str | os.PathLike, *, shards: Shards | None = None) -> Self:
        """Open (and create or upgrade) the store: a ``postgresql://`` URL, else a SQLite file.
        ``shards``: the shards this process runs (default: all).

        A SQLite file is looked at (read-only) before anything is written to it, so a file that
        is not Portolan's is refused with one clear line and left exactly as it was."""
        if not is_postgres(target) and str(target) != ":memory:":
            await asyncio.to_thread(check_sqlite_file, Path(target))
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

    async def _transaction(self, work) -> Any:
        async with self._db.transaction() as conn:
            return await work(conn)
