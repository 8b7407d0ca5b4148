"""host/store: schema, WAL, versions, one live table per channel, reads apart from writes
(docs/ARCHITECTURE.md section 4)."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from host.store import SCHEMA_VERSION, ChannelBusy, StaleVersion, Store, StoreError


async def open_table(store: Store, channel: int = 10):
    return await store.create_table(
        guild_id=1,
        channel_id=channel,
        game="sealed",
        variant="standard",
        seats_wanted=None,
        opener_id=100,
        opener_name="Ana",
    )


async def test_new_database_has_schema_wal_and_foreign_keys(tmp_path):
    store = await Store.open(tmp_path / "p.db")
    try:
        assert await store.integrity_check() == "ok"
        async with store._db.execute("PRAGMA user_version") as cur:
            assert (await cur.fetchone())[0] == SCHEMA_VERSION
        async with store._db.execute("PRAGMA journal_mode") as cur:
            assert (await cur.fetchone())[0] == "wal"
        async with store._db.execute("PRAGMA foreign_keys") as cur:
            assert (await cur.fetchone())[0] == 1
        async with store._db.transaction() as db:  # the writer's connection
            assert await db.fetchval("PRAGMA foreign_keys") == 1
            assert await db.fetchval("PRAGMA journal_mode") == "wal"
    finally:
        await store.close()


async def test_missing_folder_is_a_clear_error(tmp_path):
    with pytest.raises(StoreError, match="does not exist"):
        await Store.open(tmp_path / "nowhere" / "p.db")


async def test_unusable_path_is_a_clear_error(tmp_path):
    (tmp_path / "adir").mkdir()
    with pytest.raises(StoreError):
        await Store.open(tmp_path / "adir")


async def test_newer_schema_is_refused(tmp_path):
    path = tmp_path / "p.db"
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.close()
    with pytest.raises(StoreError, match="newer"):
        await Store.open(path)


async def test_reopening_keeps_tables(db_target):
    store = await Store.open(db_target)
    table = await open_table(store)
    await store.close()
    store = await Store.open(db_target)
    try:
        again = await store.live_table(10)
        assert again is not None and again.id == table.id and again.names == ["Ana"]
    finally:
        await store.close()


async def test_one_live_table_per_channel(store):
    await open_table(store, channel=10)
    with pytest.raises(ChannelBusy):
        await open_table(store, channel=10)
    await open_table(store, channel=11)  # another channel is fine


async def test_stale_version_is_refused_and_changes_nothing(store):
    table = await open_table(store)
    await store.set_status(table.id, table.version, "active")
    with pytest.raises(StaleVersion):
        await store.set_status(table.id, table.version, "aborted")
    assert (await store.get_table(table.id)).status == "active"


async def test_commit_move_is_one_transaction(store):
    from host.store import OutboxItem

    table = await open_table(store)
    table = await store.start_table(table.id, table.version, seed=5, state={"x": 1}, outbox=[])
    item = OutboxItem(key="k1", kind="channel", target=10, payload={"text": "hi"})
    with pytest.raises(StaleVersion):
        await store.commit_move(
            table.id,
            table.version - 1,
            seat=0,
            user_id=100,
            move="m",
            log=[],
            state={"x": 2},
            finished_result=None,
            outbox=[item],
        )
    assert await store.moves(table.id) == []
    assert await store.pending() == []
    table = await store.commit_move(
        table.id,
        table.version,
        seat=0,
        user_id=100,
        move="m",
        log=["A did m."],
        state={"x": 2},
        finished_result=None,
        outbox=[item],
    )
    assert table.state == {"x": 2} and table.move_count == 1
    assert [m.log for m in await store.moves(table.id)] == [["A did m."]]
    assert [p.key for p in await store.pending()] == ["k1"]
    assert await store.mark_sent("k1") is True
    assert await store.mark_sent("k1") is False


async def test_prefs_round_trip(store):
    assert await store.get_prefs(5) == {}
    await store.set_prefs(5, {"tz": "Europe/Athens"})
    await store.set_prefs(5, {"tz": "UTC"})
    assert await store.get_prefs(5) == {"tz": "UTC"}


async def test_a_read_completes_while_a_write_transaction_is_held_open(store):
    """docs/ARCHITECTURE.md 4 (issue 24 item 5): reads never wait behind writes. A transaction is
    held open (as a slow move's would be); reads of every kind answer meanwhile, from the last
    committed state, and a read after the commit sees the write (read-your-writes in one
    process)."""
    table = await open_table(store)
    await store.set_prefs(5, {"tz": "UTC"})
    inside, release = asyncio.Event(), asyncio.Event()

    async def slow_write(db):
        await db.execute("UPDATE tables SET state = ? WHERE id = ?", ('{"x": 9}', table.id))
        await db.execute(
            "INSERT INTO prefs (user_id, data) VALUES (6, '{}') ON CONFLICT DO NOTHING"
        )
        inside.set()
        await release.wait()

    writer = asyncio.create_task(store._transaction(slow_write))
    await asyncio.wait_for(inside.wait(), 5)
    try:
        reads = asyncio.gather(
            store.live_table(10),
            store.latest_table(10),
            store.pending(),
            store.moves(table.id),
            store.get_prefs(5),
            store.get_guild_settings(1),
            store.get_prefs(6),
        )
        live, latest, pending, moves, prefs, settings, new_prefs = await asyncio.wait_for(reads, 2)
        assert not writer.done()
        # Committed data only: the open transaction's writes are not seen.
        assert live.state is None and latest.id == table.id and new_prefs == {}
        assert (pending, moves, prefs, settings) == ([], [], {"tz": "UTC"}, {})
    finally:
        release.set()
        await writer
    assert (await store.live_table(10)).state == {"x": 9}  # committed before it returned
    assert await store.get_prefs(6) == {}


async def test_readers_never_write(tmp_path):
    """A write sent to a SQLite reader by mistake fails rather than slipping past the writer's
    transaction lock."""
    store = await Store.open(tmp_path / "r.db")
    try:
        with pytest.raises(sqlite3.OperationalError, match=r"readonly|read-only"):
            await store._db.execute("INSERT INTO meta (key, value) VALUES ('a', 'b')")
    finally:
        await store.close()
