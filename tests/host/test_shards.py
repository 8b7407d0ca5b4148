"""Several shard processes on one database (issue 17): each table and tournament is ticked by one
process, each outbox item is claimed by one process, and only by a process whose shards reach its
server. Two stores on one database stand in for two processes (each has its own connections)."""

from __future__ import annotations

import asyncio

import pytest

from host.life import PlayByPost
from host.store import OutboxItem, Shards, Store
from host.tables import TableService
from tests.host.test_life import FakeClock


def guild_on(shard: int, count: int = 2, n: int = 1) -> int:
    """A server id that Discord puts on ``shard`` of ``count``."""
    return ((n * count + shard) << 22) | 12345


def test_shard_of_follows_discords_formula():
    shards = Shards.of([1, 3], 4)
    gid = 81384788765712384  # a real-looking snowflake
    assert shards.shard_of(gid) == (gid >> 22) % 4
    assert shards.shard_of(None) == 0 and not shards.owns(None)
    assert Shards.of([0], 4).owns(None)  # DMs and rows without a server go to shard 0
    assert [Shards.of([s], 2).owns(guild_on(s)) for s in (0, 1)] == [True, True]
    with pytest.raises(ValueError):
        Shards.of([4], 4)
    with pytest.raises(ValueError):
        Shards.of([], 1)


async def open_pair(db_target) -> tuple[Store, Store]:
    return (
        await Store.open(db_target, shards=Shards.of([0], 2)),
        await Store.open(db_target, shards=Shards.of([1], 2)),
    )


async def test_each_table_is_reminded_by_one_process_only(db_target, engines):
    clock = FakeClock()
    a, b = await open_pair(db_target)
    try:
        lives = [PlayByPost(TableService(s, engines=engines, now=clock)) for s in (a, b)]
        channels = {}
        for i in range(6):
            guild = guild_on(i % 2, n=i + 1)
            t = lives[0].tables
            await t.open(
                guild_id=guild,
                channel_id=900 + i,
                game="sealed",
                user_id=1,
                name="A",
                pace="normal",
            )
            await t.join(900 + i, 2, "B")
            await t.start(900 + i, 1, seed=i)
            channels[900 + i] = i % 2
        clock.advance(13)  # past the first reminder of the normal pace
        # Both processes tick at the same moment, twice.
        ticks = await asyncio.gather(*(life.tick() for life in lives * 2))
        reminded: dict[int, list[int]] = {}
        for index, outcomes in enumerate(ticks):
            for outcome in outcomes:
                reminded.setdefault(outcome.table.channel_id, []).append(index % 2)
        # Every table exactly once, by the process of its server's shard.
        assert reminded == {channel: [shard] for channel, shard in channels.items()}
        for store in (a, b):
            assert all(store.shards.owns(t.guild_id) for t in await store.live_tables())
        assert len(await a.live_tables(guild_id=guild_on(1))) == 0  # an explicit server is read
    finally:
        await a.close()
        await b.close()


async def test_outbox_items_are_claimed_once_and_only_by_their_shard(db_target):
    a, b = await open_pair(db_target)
    try:
        items = [
            OutboxItem(
                key=f"k{i}",
                kind="channel",
                target=i,
                payload={"text": str(i)},
                guild_id=guild_on(i % 2, n=i + 1),
            )
            for i in range(10)
        ]
        await a.queue(items)
        evens, odds = [f"k{i}" for i in range(0, 10, 2)], [f"k{i}" for i in range(1, 10, 2)]
        # Each process lists only the items of its shards, and claims what it lists.
        listed_a, listed_b = await asyncio.gather(a.pending(), b.pending())
        assert [i.key for i in listed_a] == evens and [i.key for i in listed_b] == odds
        assert all(a.shards.owns(i.guild_id) for i in listed_a)
        claims = await asyncio.gather(
            *(a.claim_item(i.key) for i in listed_a), *(b.claim_item(i.key) for i in listed_b)
        )
        assert all(claim is not None for claim in claims)
        # Claimed items are not handed out again while the lease lasts, even to their shard.
        b.owner = "another process on shard 1"
        assert [await b.claim_item(key) for key in odds] == [None] * 5
        # A lease that ran out (its holder died) lets another process take the item over.
        async with a._db.transaction() as db:
            await db.execute("UPDATE outbox SET claimed_until = ? WHERE guild_id IS NOT NULL", (0,))
        a.owner = "a restarted process"
        again = [await a.claim_item(key) for key in evens]
        assert all(item is not None and item.resumed for item in again)
        assert await a.mark_sent("k0") and not await a.mark_sent("k0")
        await a.release("k2")
        assert await a.claim_item("k2") is not None  # released: anyone may retry it
        assert await a.claim_item("k4") is None  # still leased
    finally:
        await a.close()
        await b.close()


async def test_processes_on_the_same_shards_claim_disjoint_items(db_target):
    """Three processes, five senders each, list the same 60 items and race to claim every one:
    each item is claimed exactly once."""
    stores = [await Store.open(db_target) for _ in range(3)]
    try:
        for index, store in enumerate(stores):
            store.owner = f"process {index}"
        await stores[0].queue(
            [OutboxItem(key=f"k{i}", kind="dm", target=i, payload={}) for i in range(60)]
        )

        async def sender(store: Store) -> list[str]:
            return [
                item.key
                for item in await store.pending()
                if await store.claim_item(item.key) is not None
            ]

        rounds = await asyncio.gather(*(sender(s) for s in stores for _ in range(5)))
        keys = [key for claimed in rounds for key in claimed]
        assert len(keys) == len(set(keys)) == 60
    finally:
        for store in stores:
            await store.close()


async def test_tournaments_are_listed_only_on_their_shard(db_target):
    a, b = await open_pair(db_target)
    try:
        for i in range(4):
            await a.create_tournament(
                guild_id=guild_on(i % 2, n=i + 1),
                channel_id=50 + i,
                name=f"cup {i}",
                game="sealed",
                variant="standard",
                format="swiss",
                table_size=2,
                pace="untimed",
                rounds=1,
                organiser_id=1,
            )
        mine_a = {t.channel_id for t in await a.tournaments_with_status("signup")}
        mine_b = {t.channel_id for t in await b.tournaments_with_status("signup")}
        assert mine_a == {50, 52} and mine_b == {51, 53}
    finally:
        await a.close()
        await b.close()
