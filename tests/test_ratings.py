"""Ratings and per-user results (issue 8): written with the final move, in its transaction."""

from __future__ import annotations

import sqlite3

import pytest

from host import ratings
from host.store import MIGRATIONS, SCHEMA_VERSION, Store
from host.tables import TableService
from tests.podium import ENGINE as PODIUM
from tests.sealed_bids import ENGINE as SEALED

ENGINES = {PODIUM.id: PODIUM, SEALED.id: SEALED}
CH = 800


@pytest.fixture
async def store(db_target):
    store = await Store.open(db_target)
    yield store
    await store.close()


async def play(service: TableService, claims: dict[int, int], *, rated=True, channel=CH):
    users = list(claims)
    await service.open(
        guild_id=1, channel_id=channel, game="podium", user_id=users[0], name="U0", rated=rated
    )
    for i, user in enumerate(users[1:], start=1):
        await service.join(channel, user, f"U{i}")
    await service.start(channel, users[0], seed=1)
    outcome = None
    for user, claim in claims.items():
        outcome = await service.submit(channel, user, f"score {claim}")
    return outcome


def test_rate_moves_the_winner_up_and_ties_together():
    start = ratings.initial()
    winner, loser = ratings.rate([start, start], [1, 2])
    assert winner.mu > start.mu > loser.mu and winner.sigma < start.sigma
    a, b, c = ratings.rate([start, start, start], [1, 1, 3])
    assert a == b and a.mu > c.mu
    assert ratings.rate([start], [1]) == [start]
    with pytest.raises(ValueError):
        ratings.rate([start], [1, 2])


async def test_a_rated_game_updates_everyone_at_the_table(store):
    service = TableService(store, engines=ENGINES)
    outcome = await play(service, {1: 7, 2: 7, 3: 2})
    assert outcome.finished
    rows = {r.user_id: r for r in await store.leaderboard("podium")}
    assert set(rows) == {1, 2, 3} and all(r.games == 1 for r in rows.values())
    assert rows[1].rating == rows[2].rating  # a shared first place
    assert rows[1].rating.mu > ratings.initial().mu > rows[3].rating.mu
    [stats] = await store.stats(3)
    assert (stats.game, stats.games, stats.wins, stats.average_place) == ("podium", 1, 0, 3.0)
    again = await play(service, {3: 9, 1: 1})
    assert again.finished
    [one] = await store.ratings_of(1, "podium")
    assert one.games == 2
    [stats] = await store.stats(3)
    assert (stats.games, stats.wins, stats.average_place) == (2, 1, 2.0)


async def test_the_rating_update_shares_the_final_moves_transaction(store, monkeypatch):
    service = TableService(store, engines=ENGINES)
    await service.open(guild_id=1, channel_id=CH, game="podium", user_id=1, name="A")
    await service.join(CH, 2, "B")
    await service.start(CH, 1, seed=1)
    await service.submit(CH, 1, "score 4")

    def broken(before, ranks):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(ratings, "rate", broken)
    with pytest.raises(RuntimeError):
        await service.submit(CH, 2, "score 6")
    table = await store.live_table(CH)
    # Neither the move nor the result nor any rating was committed.
    assert table.status == "active" and table.move_count == 1
    assert await store.stats(2) == [] and await store.leaderboard("podium") == []
    monkeypatch.undo()
    assert (await service.submit(CH, 2, "score 6")).finished
    assert [r.user_id for r in await store.leaderboard("podium")] == [2, 1]


async def test_unrated_and_aborted_games_never_move_ratings(store):
    service = TableService(store, engines=ENGINES)
    outcome = await play(service, {1: 9, 2: 1}, rated=False)
    assert outcome.finished and not outcome.table.rated
    assert await store.leaderboard("podium") == []
    assert [s.games for s in await store.stats(1)] == [1]  # still counted in /stats
    await service.open(guild_id=1, channel_id=CH, game="podium", user_id=1, name="A")
    await service.join(CH, 2, "B")
    await service.start(CH, 1, seed=1)
    await service.submit(CH, 1, "score 9")
    await service.abort(CH, 1)
    assert await store.leaderboard("podium") == []
    assert [s.games for s in await store.stats(1)] == [1]


async def test_a_version_2_database_is_upgraded_and_its_games_count_as_rated(tmp_path):
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    for version in (1, 2):
        db.executescript(MIGRATIONS[version])
    db.execute("PRAGMA user_version = 2")
    db.execute(
        "INSERT INTO tables (guild_id, channel_id, game, variant, status, opener_id, created_at,"
        " updated_at) VALUES (1, 5, 'sealed', 'standard', 'lobby', 1, 0, 0)"
    )
    db.commit()
    db.close()
    store = await Store.open(path)
    try:
        assert SCHEMA_VERSION >= 3
        table = await store.live_table(5)
        assert table.rated and await store.leaderboard("sealed") == []
    finally:
        await store.close()


def test_describe_writes_the_numbers_the_readers_way():
    rating = ratings.Rating(mu=25.0, sigma=8.333)
    assert ratings.describe(rating) == "0.0 (μ 25.0, σ 8.33)"
    assert ratings.describe(rating, "el") == "0,0 (μ 25,0, σ 8,33)"
    assert ratings.describe(rating, "ru") == "0,0 (μ 25,0, σ 8,33)"
