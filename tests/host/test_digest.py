"""The daily digest at the host level (issue 27 item 2), on a fake clock: ``/away`` leaves a
game out of the digest, a day with nothing to tell sends nothing, a game that ended is told once,
and the digest is one per member and day however often the tick runs."""

from __future__ import annotations

from datetime import datetime

import pytest

from host import clocks
from host.life import PlayByPost
from host.tables import TableService
from tests.host.test_life import ANA, BO, CH, FakeClock, move, start

H = clocks.HOUR


@pytest.fixture
def clock():
    fake = FakeClock()
    fake.t = datetime.fromisoformat("2027-03-01T00:00:00+00:00").timestamp()  # midnight UTC
    return fake


@pytest.fixture
def life(store, engines, clock):
    return PlayByPost(TableService(store, engines=engines, now=clock))


async def digest_for(life, user):
    return [i for i in await life.digests({1: "Sea Dogs"}) if i.target == user]


async def test_away_leaves_a_game_out_and_an_empty_day_sends_nothing(life, clock):
    await life.store.set_prefs(BO, {"remind_by": "digest", "digest_hour": 9, "digest_sent": 0})
    await start(life, users=(ANA, BO))  # a sealed bid: Bo is to move
    await life.away(BO, 1)
    clock.advance(10)
    assert await digest_for(life, BO) == []  # away from the only game: nothing to tell
    assert (await life.store.get_prefs(BO))["digest_sent"] == clock()  # the day is done
    clock.advance(24)  # back from away
    (item,) = await digest_for(life, BO)
    assert (
        "your move in 1 game." in item.payload["text"]
        and "(s)" not in item.payload["text"]
        and "Sea Dogs" in item.payload["text"]
    )
    assert item.key == f"digest:{BO}:2027-03-02"
    clock.advance(1)
    assert await digest_for(life, BO) == []  # the next tick: already sent today


async def test_a_game_that_ended_is_told_once_with_the_place(life, clock):
    await life.store.set_prefs(ANA, {"remind_by": "digest", "digest_hour": 9, "digest_sent": 0})
    await start(life, users=(ANA, BO))
    while (await life.store.latest_table(CH)).status == "active":
        await move(life, ANA)
        await move(life, BO)
    clock.advance(10)
    (item,) = await digest_for(life, ANA)
    assert (
        "1 game ended" in item.payload["text"]
        and "(s)" not in item.payload["text"]
        and "you placed" in item.payload["text"]
    )
    clock.advance(24)
    assert await digest_for(life, ANA) == []  # told already


async def test_a_process_that_does_not_serve_direct_messages_makes_no_digest(life, clock):
    from host.store import Shards

    await life.store.set_prefs(BO, {"remind_by": "digest", "digest_hour": 9, "digest_sent": 0})
    await start(life, users=(ANA, BO))
    clock.advance(10)
    life.store.shards = Shards.of([1], 2)  # shard 0 (DMs) belongs to another process
    assert await life.digests() == []
    life.store.shards = Shards.of([0], 2)
    assert len(await life.digests()) == 1
