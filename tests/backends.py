"""The store backends every store, host, life, tournament and reliability test runs against.

``db_target`` is a SQLite file path or a PostgreSQL URL whose ``search_path`` names a schema of
its own, created for the test and dropped after it, so tests can run in parallel (pytest-xdist)
on one database. PostgreSQL comes from ``PORTOLAN_TEST_POSTGRES`` (default
``postgresql://postgres@127.0.0.1:5432/test``). Where it cannot be reached the PostgreSQL half is
skipped with one reason, unless ``PORTOLAN_REQUIRE_POSTGRES=1`` (CI), where it fails instead.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import AsyncIterator
from urllib.parse import parse_qsl, urlsplit

import pytest

from host.db import with_schema

POSTGRES_URL = os.environ.get("PORTOLAN_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
BACKENDS = ["sqlite", "postgres"]

# None: not checked yet; "": reachable; otherwise why not (checked once per process).
_postgres_problem: str | None = None


async def postgres_problem() -> str:
    """Empty if the test PostgreSQL answers, else the one line that explains the skip."""
    global _postgres_problem
    if _postgres_problem is None:
        import asyncpg

        try:
            conn = await asyncpg.connect(POSTGRES_URL, timeout=3)
            await conn.close()
            _postgres_problem = ""
        except Exception as error:  # any failure means "not reachable"
            _postgres_problem = (
                f"PostgreSQL not reachable at {POSTGRES_URL} ({type(error).__name__}): "
                "PostgreSQL tests skipped"
            )
    return _postgres_problem


async def require_postgres() -> None:
    problem = await postgres_problem()
    if problem:
        if os.environ.get("PORTOLAN_REQUIRE_POSTGRES") == "1":
            pytest.fail(problem + " (PORTOLAN_REQUIRE_POSTGRES=1: they are required here)")
        pytest.skip(problem)


async def fresh_postgres_schema() -> str:
    """Create an empty schema; returns a URL that uses it."""
    import asyncpg

    schema = "t_" + secrets.token_hex(6)
    conn = await asyncpg.connect(POSTGRES_URL)
    try:
        await conn.execute(f"CREATE SCHEMA {schema}")
    finally:
        await conn.close()
    return with_schema(POSTGRES_URL, schema)


async def drop_postgres_schema(url: str) -> None:
    import asyncpg

    schema = dict(parse_qsl(urlsplit(url).query))["search_path"]
    conn = await asyncpg.connect(POSTGRES_URL)
    try:
        await conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    finally:
        await conn.close()


@pytest.fixture(params=BACKENDS)
async def db_target(request, tmp_path) -> AsyncIterator[str]:
    """Where a test's store lives: a SQLite file, or a fresh PostgreSQL schema."""
    if request.param == "sqlite":
        yield str(tmp_path / "portolan.db")
        return
    await require_postgres()
    url = await fresh_postgres_schema()
    try:
        yield url
    finally:
        await drop_postgres_schema(url)


@pytest.fixture
async def postgres_target(tmp_path) -> AsyncIterator[str]:
    """A fresh PostgreSQL schema, for tests that only make sense there (several processes)."""
    await require_postgres()
    url = await fresh_postgres_schema()
    try:
        yield url
    finally:
        await drop_postgres_schema(url)
