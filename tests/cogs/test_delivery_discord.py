"""Delivery on SimCord (issue 24 item 6): a rate-limited channel waits alone, a DM costs one request
once its channel is known, game threads archive after a week and are reopened before a post."""

from __future__ import annotations

import asyncio

import discord
import pytest

from bot import create_bot
from discord_io.transport import rate_limits
from host.notify import RateLimited
from host.store import OutboxItem
from tests.cogs.sim import TEST_ENGINES, TEST_TICK, dms, requests, said, stub_render, texts


@pytest.fixture(autouse=True)
def _no_images(monkeypatch):
    monkeypatch.setattr("host.notify.render_png_async", stub_render)


def virtual_clock(world) -> None:
    """The deliverer's clock is SimCord's, as the tables' is, so retry times follow
    ``env.advance_time``."""
    world.bot.deliverer.now = lambda: world.env.now().timestamp()


def post(key: str, channel_id: int, text: str | None = None) -> OutboxItem:
    return OutboxItem(key=key, kind="channel", target=channel_id, payload={"text": text or key})


def dm(key: str, user_id: int, text: str | None = None) -> OutboxItem:
    return OutboxItem(key=key, kind="dm", target=user_id, payload={"text": text or key})


async def _sent(world, *keys: str) -> None:
    """Wait (without moving the clock) until another sender has finished sending ``keys``."""
    for _ in range(2000):
        rows = [await world.bot.store.outbox_row(key) for key in keys]
        if all(row is not None and row["sent_at"] is not None for row in rows):
            return
        await asyncio.sleep(0)


async def test_nine_rate_limited_channels_do_not_delay_a_healthy_channel_or_a_dm(world):
    """Discord answers 429 in nine channels: their posts wait (in order, the attempt not counted)
    while the healthy channel and a DM go out in the same flush; the nine follow by themselves
    once the retry time has passed."""
    virtual_clock(world)
    limited = [world.guild.create_text_channel(f"busy-{n}") for n in range(9)]
    for channel in limited:
        world.env.inject_error(
            "POST", f"/channels/{channel.id}/messages", status=429, message="slow down", times=None
        )
    await world.bot.store.queue(
        [post(f"a{n}", c.id) for n, c in enumerate(limited)]
        + [post(f"b{n}", c.id) for n, c in enumerate(limited)]
        + [post("healthy", world.channel.id), dm("private", world.ana.id)]
    )
    # (the flush may find the two healthy items already claimed by the background loop on a busy
    # machine (CI saw 0 once): what counts is that they arrive while the nine wait)
    await world.bot.deliverer.flush()
    await _sent(world, "healthy", "private")
    assert texts(world.channel)[-1] == "healthy" and dms(world.ana)[-1] == "private"
    assert all(texts(c) == [] for c in limited)
    tried = requests(world.env, "POST", f"/channels/{limited[0].id}/messages")
    assert len(tried) == 1  # b0 never tried after a0 was refused: the order holds
    row = await world.bot.store.outbox_row("a0")
    assert row["attempts"] == 0 and row["sent_at"] is None and row["dead_at"] is None
    world.env.backend.faults.clear()  # Discord lets them through again
    await world.env.advance_time(2 * TEST_TICK)  # the background loop runs, past the retry time
    for n, channel in enumerate(limited):
        assert texts(channel) == [f"a{n}", f"b{n}"]
    assert await world.bot.store.pending() == []


async def test_a_dm_costs_one_request_once_its_channel_is_known(world):
    """The member's DM channel id is stored: the first DM opens the channel (two requests), every
    later one is a single request, after a restart too; never a user lookup."""
    bot = world.bot
    start = len(world.env.http_requests)
    await bot.store.queue([dm("first", world.bo.id)])
    await bot.deliverer.flush()
    first = world.env.http_requests[start:]
    assert [(r.method, r.path.split("/")[1]) for r in first] == [
        ("POST", "users"),  # POST /users/@me/channels
        ("POST", "channels"),  # POST /channels/{dm}/messages
    ]
    assert await bot.store.dm_channel(world.bo.id) == world.bo.user.dm_channel.id
    await world.restart()  # a new process: discord.py's own cache is empty
    start = len(world.env.http_requests)
    await world.bot.store.queue([dm("second", world.bo.id), dm("third", world.bo.id)])
    await world.bot.deliverer.flush()
    later = world.env.http_requests[start:]
    dm_path = f"/channels/{world.bo.user.dm_channel.id}/messages"
    assert [(r.method, r.path) for r in later] == [("POST", dm_path)] * 2
    assert dms(world.bo)[-3:] == ["first", "second", "third"]
    assert not requests(world.env, "GET", "/users/")


async def test_a_stored_dm_channel_that_is_gone_is_opened_again(world):
    await world.bot.store.set_dm_channel(world.cy.id, 4242)  # a channel that no longer exists
    await world.bot.store.queue([dm("hello", world.cy.id)])
    # (the flush may find the item already claimed by the background loop on a busy machine:
    # what counts is that the DM arrived through a reopened channel)
    await world.bot.deliverer.flush()
    await world.env.settle()
    assert dms(world.cy)[-1] == "hello"
    assert await world.bot.store.dm_channel(world.cy.id) == world.cy.user.dm_channel.id


async def test_closed_dms_with_a_known_channel_are_a_dead_letter(world):
    await world.bot.store.set_dm_channel(world.bo.id, world.bo.user.dm_channel.id)
    world.env.inject_error(
        "POST",
        f"/channels/{world.bo.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    await world.bot.store.queue([dm("secret", world.bo.id)])
    assert await world.bot.deliverer.flush() == 0
    assert (await world.bot.store.outbox_row("secret"))["dead_at"] is not None


async def test_game_threads_archive_after_a_week(world):
    """A play-by-post turn may wait for days: a game's thread (and a tournament table's) takes
    Discord's longest auto-archive, a week, not the channel's default (often a day)."""
    opened = await world.ana.slash(world.channel, "game new", game="sealed", thread=True)
    assert "new table is open" in said(opened)
    [thread] = world.channel.threads
    assert world.env.backend.channels[thread.id].thread_metadata.auto_archive_duration == 10080
    made = await world.bot.make_thread(world.channel.id, "Cup, round 1, table 1")
    assert world.env.backend.channels[made].thread_metadata.auto_archive_duration == 10080


async def test_an_archived_game_thread_is_unarchived_before_posting(world):
    await world.ana.slash(world.channel, "game new", game="sealed", thread=True)
    [thread] = world.channel.threads
    world.env.backend.edit_channel(thread.id, {}, thread_metadata={"archived": True})
    assert world.bot.get_channel(thread.id) is None  # discord.py dropped it from its cache
    start = len(world.env.http_requests)
    await world.bot.store.queue([post("your turn", thread.id)])
    assert await world.bot.deliverer.flush() == 1
    calls = [(r.method, r.path, r.json) for r in world.env.http_requests[start:]]
    patch = next(i for i, c in enumerate(calls) if c[0] == "PATCH")
    assert calls[patch][1] == f"/channels/{thread.id}" and calls[patch][2]["archived"] is False
    assert calls[-1][:2] == ("POST", f"/channels/{thread.id}/messages")
    assert not world.env.backend.channels[thread.id].thread_metadata.archived
    assert texts(thread)[-1] == "your turn"


def test_discords_rate_limits_become_the_hosts():
    """discord.py's ``RateLimited`` (past ``max_ratelimit_timeout``) and a bare 429 both reach the
    deliverer as the host's :class:`RateLimited`, with the wait Discord asked for."""
    with pytest.raises(RateLimited) as caught, rate_limits():
        raise discord.RateLimited(42.0)
    assert caught.value.retry_after == 42.0


async def test_the_bot_raises_on_long_rate_limits_instead_of_sleeping(tmp_path):
    """The real HTTP client (SimCord replaces it) is told not to sleep past 30 s in a send."""
    bot = await create_bot(tmp_path / "b.db", engines=TEST_ENGINES, shard_count=1)
    try:
        assert bot.http.max_ratelimit_timeout == 30.0
    finally:
        await bot.store.close()
