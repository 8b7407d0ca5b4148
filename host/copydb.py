"""``python bot.py copy-db FROM TO``: move a community between SQLite and PostgreSQL.

Every table of the store is copied row for row (ids included, so links between tables hold), in
one transaction on the target, which must be empty. Then the copy is checked: the same number of
rows in every table, and every running game's stored state equal to a replay of its move log
from its seed (the engine's setup and every stored move).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engines.base import Engine
from host.store import Store

# Parents before children, so foreign keys hold at every insert; tables added later by other
# schema versions are copied after these, in name order.
ORDER = (
    "tables",
    "tournaments",
    "seats",
    "moves",
    "undone_moves",
    "outbox",
    "watchers",
    "guild_settings",
    "prefs",
    "ratings",
    "results",
    "entrants",
    "pairings",
)
# Tables whose ``id`` the database hands out: after the copy, new ids continue after the largest.
IDENTITY = ("tables", "tournaments", "outbox")
BATCH = 2000


class CopyError(RuntimeError):
    """The copy was refused (a non-empty target) or did not verify."""


@dataclass
class CopyReport:
    rows: dict[str, int] = field(default_factory=dict)
    replayed: int = 0
    problems: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = [f"{name:<16}{count:>10} rows" for name, count in self.rows.items()]
        out.append(f"running games replayed: {self.replayed}")
        out.extend(f"PROBLEM: {p}" for p in self.problems)
        return out


async def _ordered_tables(store: Store) -> list[str]:
    names = await store._db.table_names()
    return [n for n in ORDER if n in names] + sorted(n for n in names if n not in ORDER)


async def copy_database(
    source: str | os.PathLike, target: str | os.PathLike, engines: Mapping[str, Engine]
) -> CopyReport:
    """Copy every row from ``source`` to ``target`` (paths or URLs) and verify the copy."""
    if str(source) == str(target):
        raise CopyError("FROM and TO are the same database.")
    src = await Store.open(source)
    try:
        dst = await Store.open(target)
        try:
            report = await _copy(src, dst)
            await _verify(src, dst, report, engines)
        finally:
            await dst.close()
    finally:
        await src.close()
    if report.problems:
        raise CopyError("The copy did not verify:\n" + "\n".join(report.problems))
    return report


async def _copy(src: Store, dst: Store) -> CopyReport:
    tables = await _ordered_tables(src)
    target_tables = set(await _ordered_tables(dst))
    for name in sorted(target_tables):
        count = await dst._db.fetchval(f"SELECT COUNT(*) FROM {name}")
        if count:
            raise CopyError(
                f"The target is not empty ({name} has {count} rows); copy-db only fills an "
                "empty database."
            )
    missing = [name for name in tables if name not in target_tables]
    if missing:
        raise CopyError(f"The target has no table {', '.join(missing)}.")
    report = CopyReport()
    # Column lists first: on SQLite a read waits for the open transaction, so none can run in it.
    columns_of = {}
    for name in tables:
        wanted = await dst._db.column_names(name)
        columns_of[name] = [c for c in await src._db.column_names(name) if c in wanted]
    async with dst._db.transaction() as db:
        for name in tables:
            columns = columns_of[name]
            listed = ", ".join(columns)
            marks = ", ".join("?" for _ in columns)
            rows = await src._db.fetchall(f"SELECT {listed} FROM {name}")
            insert = f"INSERT INTO {name} ({listed}) VALUES ({marks})"
            for start in range(0, len(rows), BATCH):
                await db.executemany(
                    insert, [tuple(_plain(v) for v in row) for row in rows[start : start + BATCH]]
                )
            report.rows[name] = len(rows)
        for name in IDENTITY:
            if name in tables:
                await dst._db.reset_identity(db, name)
    return report


def _plain(value: Any) -> Any:
    """PostgreSQL's NUMERIC comes back as Decimal; every numeric column here is int or float."""
    if value.__class__.__name__ == "Decimal":
        return float(value)
    return value


async def _verify(
    src: Store, dst: Store, report: CopyReport, engines: Mapping[str, Engine]
) -> None:
    for name, count in report.rows.items():
        copied = await dst._db.fetchval(f"SELECT COUNT(*) FROM {name}")
        if int(copied) != count:
            report.problems.append(f"{name}: {count} rows in the source, {copied} in the target")
    for table in await dst.live_tables():
        if table.status != "active":
            continue
        engine = engines.get(table.game)
        if engine is None:
            report.problems.append(f"table {table.id}: no engine for {table.game!r} to replay it")
            continue
        try:
            state = engine.setup(len(table.seats), seed=table.game_seed, variant=table.variant)
            for row in await dst.moves(table.id):
                state = engine.apply(state, row.seat, row.move).state
        except Exception as error:  # a replay that cannot even run is a verification failure
            report.problems.append(f"table {table.id}: replay failed: {error}")
            continue
        if _canonical(engine.encode(state)) != _canonical(table.state):
            report.problems.append(f"table {table.id}: stored state differs from its replay")
            continue
        original = await src.get_table(table.id)
        if original is None or original.state != table.state:
            report.problems.append(f"table {table.id}: state differs from the source")
            continue
        report.replayed += 1


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True)
