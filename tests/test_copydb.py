"""``python bot.py copy-db FROM TO`` (issue 17): SQLite to PostgreSQL and back, with games in every
state, a tournament, ratings, settings, preferences, watchers and undone moves."""

from __future__ import annotations

import pytest

import bot
from host.copydb import CopyError, copy_database
from host.life import PlayByPost
from host.store import OutboxItem, PairingRow, Store
from host.tables import TableService
from tests.podium import ENGINE as PODIUM
from tests.sealed_bids import ENGINE as SEALED

ENGINES = {PODIUM.id: PODIUM, SEALED.id: SEALED}
BIG = 1_100_000_000_000_000_000  # Discord ids exceed 32 bits


async def fill(target: str) -> None:
    """A community: a lobby, running games (one with an undone move), a finished rated game, an
    aborted one, a tournament with entrants and a pairing, settings, preferences, watchers."""
    store = await Store.open(target)
    try:
        service = TableService(store, engines=ENGINES)
        life = PlayByPost(service)
        await service.open(
            guild_id=BIG, channel_id=BIG + 1, game="sealed", user_id=BIG + 2, name="Lobby"
        )
        for channel in (10, 11):
            await service.open(
                guild_id=BIG, channel_id=channel, game="sealed", user_id=1, name="A", pace="normal"
            )
            await service.join(channel, 2, "B")
            await service.start(channel, 1, seed=channel)
            await service.submit(channel, 1, (await service.legal_moves(channel, 1))[0])
        await life.undo(11, 1)  # the move goes to undone_moves
        await service.submit(11, 2, (await service.legal_moves(11, 2))[-1])
        await store.set_watching((await store.live_table(10)).id, 7, True)
        await service.open(guild_id=BIG, channel_id=12, game="podium", user_id=1, name="A")
        await service.join(12, 2, "B")
        await service.start(12, 1, seed=1)
        await service.submit(12, 1, "score 5")
        await service.submit(12, 2, "score 3")  # finished and rated
        await service.open(guild_id=BIG, channel_id=13, game="sealed", user_id=1, name="A")
        await service.join(13, 2, "B")
        await service.start(13, 1, seed=2)
        await service.abort(13, 1)
        tour = await store.create_tournament(
            guild_id=BIG,
            channel_id=14,
            name="Cup",
            game="sealed",
            variant="standard",
            format="swiss",
            table_size=2,
            pace="untimed",
            rounds=2,
            organiser_id=1,
        )
        tour = await store.update_tournament(tour.id, tour.version, add_entrant=(1, "A"))
        tour = await store.update_tournament(tour.id, tour.version, add_entrant=(2, "B"))
        await store.update_tournament(
            tour.id,
            tour.version,
            status="running",
            round=1,
            new_pairings=[PairingRow(1, 1, False, (1, 2), None, None)],
            outbox=[OutboxItem(key="tour:r1", kind="channel", target=14, payload={"t": 1})],
        )
        await store.set_guild_settings(BIG, {"pace": "slow"})
        await store.set_prefs(BIG + 2, {"timezone": "Europe/Lisbon"})
    finally:
        await store.close()


async def dump(target: str) -> dict[str, list[tuple]]:
    store = await Store.open(target)
    try:
        out = {}
        for name in await store._db.table_names():
            columns = sorted(await store._db.column_names(name))
            rows = await store._db.fetchall(f"SELECT {', '.join(columns)} FROM {name}")
            out[name] = sorted((tuple(_norm(v) for v in row) for row in rows), key=repr)
        return out
    finally:
        await store.close()


def _norm(value):
    return round(value, 6) if isinstance(value, float) else value


async def test_round_trip_sqlite_postgres_sqlite(tmp_path, postgres_target):
    first = str(tmp_path / "first.db")
    back = str(tmp_path / "back.db")
    await fill(first)
    report = await copy_database(first, postgres_target, ENGINES)
    assert report.replayed == 2 and not report.problems  # the two running games
    assert report.rows["tables"] == 5 and report.rows["undone_moves"] == 1
    assert report.rows["ratings"] == 2 and report.rows["pairings"] == 1
    again = await copy_database(postgres_target, back, ENGINES)
    assert again.rows == report.rows and again.replayed == 2
    original, copied = await dump(first), await dump(back)
    assert original == copied
    assert await dump(postgres_target) == {k: v for k, v in original.items()}
    # Statuses of every kind made the trip, and new ids continue after the copied ones.
    store = await Store.open(postgres_target)
    try:
        statuses = {r["status"] for r in await store._db.fetchall("SELECT status FROM tables")}
        assert statuses == {"lobby", "active", "finished", "aborted"}
        table = await store.create_table(
            guild_id=1,
            channel_id=99,
            game="sealed",
            variant="standard",
            seats_wanted=None,
            opener_id=1,
            opener_name="A",
        )
        assert table.id == 6
        assert (await store.live_table(BIG + 1)).seats[0].user_id == BIG + 2
    finally:
        await store.close()


async def test_a_non_empty_target_is_refused(tmp_path, db_target):
    source = str(tmp_path / "source.db")
    await fill(source)
    await fill(db_target)
    before = await dump(db_target)
    with pytest.raises(CopyError, match="not empty"):
        await copy_database(source, db_target, ENGINES)
    assert await dump(db_target) == before


async def test_a_broken_running_game_fails_verification(tmp_path, db_target):
    source = str(tmp_path / "source.db")
    await fill(source)
    store = await Store.open(source)
    async with store._db.transaction() as db:
        await db.execute("UPDATE tables SET state = ? WHERE channel_id = 10", ('{"bad": 1}',))
    await store.close()
    with pytest.raises(CopyError, match="differs from its replay"):
        await copy_database(source, db_target, ENGINES)


def test_the_command_line_copies_and_refuses(tmp_path, capsys):
    source, target = tmp_path / "a.db", tmp_path / "b.db"
    assert bot.main(["copy-db", str(source), str(target)]) == 0  # an empty community copies
    assert "verified" in capsys.readouterr().out
    assert bot.main(["copy-db", str(source), str(source)]) == 1
    assert "same database" in capsys.readouterr().err


def test_shard_flags_are_parsed_and_checked():
    assert bot.parse_shards("1,0", "4") == ([0, 1], 4)
    assert bot.parse_shards(None, None) == (None, None)
    for ids, count in (("0", None), ("4", "4"), ("x", "2")):
        with pytest.raises(ValueError):
            bot.parse_shards(ids, count)
