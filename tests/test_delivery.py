"""Delivery of the outbox (issue 13), at the host layer (nothing of Discord is needed): claims,
crash resume, per-target order, backoff, dead letters, edits, concurrency."""

from __future__ import annotations

import asyncio
import time
from collections import Counter

import pytest

from host.notify import DeadTarget, Deliverer, RateLimited, backoff
from host.store import OutboxItem, Store


def item(key: str, target: int = 1, kind: str = "channel", **payload) -> OutboxItem:
    return OutboxItem(key=key, kind=kind, target=target, payload={"text": key, **payload})


class Clock:
    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


class Recorder:
    """A transport that records posts, can fail, and can be slow."""

    def __init__(self) -> None:
        self.posts: list[tuple[int, str]] = []
        self.fail: dict[str, Exception] = {}
        self.delay = 0.0
        self.renders_before_resolve = 0
        self.next_id = 100

    async def post(self, item: OutboxItem, render) -> int:
        if error := self.fail.get(item.key):
            raise error
        await render()
        if self.delay:
            await asyncio.sleep(self.delay)
        self.posts.append((item.target, item.key))
        self.next_id += 1
        return self.next_id

    async def send_channel(self, item, png):
        raise AssertionError("post() is used when the transport has it")

    async def send_dm(self, item, png) -> bool:
        self.posts.append((-item.target, item.key))
        return True


@pytest.fixture
async def store(tmp_path):
    store = await Store.open(tmp_path / "d.db")
    yield store
    await store.close()


async def test_a_claimed_item_is_not_sent_by_a_racing_sender(store):
    await store.queue([item("a")])
    first = await store.claim_item("a")
    assert first is not None and first.attempts == 1
    assert await store.claim_item("a") is None  # the flush racing the interaction path
    assert await store.mark_sent("a", message_id=42)
    assert await store.message_id("a") == 42
    assert await store.claim_item("a") is None


async def test_two_senders_never_both_claim_one_item(db_target):
    """Issue 23 (one claim path): delivery lists ``pending()`` and claims each item with
    ``claim_item``. Two processes, each with two senders (the reply to a command and the
    background flush), race for every item at once: each is claimed exactly once, on SQLite and
    on PostgreSQL (where the second UPDATE re-checks the lease after the first commits)."""
    stores = [await Store.open(db_target) for _ in range(2)]
    stores[1].owner = "another process"
    try:
        keys = [f"r{n}" for n in range(40)]
        await stores[0].queue([item(key, n) for n, key in enumerate(keys)])
        listed = [i.key for i in await stores[1].pending()]
        assert listed == keys
        claims = await asyncio.gather(
            *(s.claim_item(key) for key in keys for s in stores for _ in range(2))
        )
        winners = Counter(claim.key for claim in claims if claim is not None)
        assert winners == dict.fromkeys(keys, 1)
    finally:
        for s in stores:
            await s.close()


async def test_a_claim_left_by_a_crash_runs_out_and_is_marked_resumed(store):
    clock = Clock()
    await store.queue([item("a")])
    assert await store.claim_item("a", now=clock.t) is not None  # then the process dies
    assert await store.claim_item("a", now=clock.t + 10) is None  # the lease still holds
    again = await store.claim_item("a", now=clock.t + 500)
    assert again is not None and again.resumed and again.attempts == 2


async def test_a_resumed_post_is_looked_for_before_posting_again(store):
    clock = Clock()
    transport = Recorder()
    found: list[str] = []

    async def find_sent(it):
        found.append(it.key)
        return 77  # the dead sender's post is there

    transport.find_sent = find_sent
    await store.queue([item("a")])
    await store.claim_item("a", now=clock.t)  # crash after sending, before marking
    clock.t += 500
    await Deliverer(store, transport, now=clock).flush()
    assert found == ["a"] and transport.posts == []  # not posted twice
    assert await store.message_id("a") == 77


async def test_order_per_channel_holds_after_a_failure(store):
    clock = Clock()
    transport = Recorder()
    transport.fail["m1"] = ConnectionError("blip")
    await store.queue([item("m1", 1), item("m2", 1), item("x1", 2)])
    deliverer = Deliverer(store, transport, now=clock)
    await deliverer.flush()
    assert transport.posts == [(2, "x1")]  # channel 1 stops at its first failure
    del transport.fail["m1"]
    await deliverer.flush()
    assert transport.posts == [(2, "x1"), (1, "m1"), (1, "m2")]


async def test_attempts_back_off_and_end_as_a_dead_letter(store):
    clock = Clock()
    transport = Recorder()
    transport.fail["m1"] = ConnectionError("down")
    await store.queue([item("m1")])
    deliverer = Deliverer(store, transport, now=clock)
    await deliverer.flush()
    await deliverer.flush()  # first retry is at the next flush
    row = await store.outbox_row("m1")
    assert row["attempts"] == 2 and row["next_attempt_at"] == clock.t + backoff(2)
    await deliverer.flush()
    assert (await store.outbox_row("m1"))["attempts"] == 2  # not due yet
    assert [backoff(n) for n in (1, 2, 3, 4)] == [0, 60, 120, 240] and backoff(40) == 3600
    for _ in range(20):
        clock.t += 3600
        await deliverer.flush()
    row = await store.outbox_row("m1")
    assert row["dead_at"] is not None and await store.pending() == []


async def test_403_and_404_end_at_once_without_a_render(store, caplog):
    transport = Recorder()
    renders = []

    async def counting(spec):
        renders.append(spec)
        return b"png"

    transport.fail["gone1"] = DeadTarget("<#9> no longer exists", gone=True)
    await store.queue([item("gone1", 9, image={"kind": "board"}), item("gone2", 9)])
    transport.fail["nope"] = DeadTarget("I lack permission in <#8>")
    await store.queue([item("nope", 8), item("after", 8)])
    import host.notify

    host.notify.render_png_async, real = counting, host.notify.render_png_async
    try:
        await Deliverer(store, transport).flush()
    finally:
        host.notify.render_png_async = real
    assert {"kind": "board"} not in renders  # the target failed before the board was drawn
    assert (await store.outbox_row("gone1"))["dead_at"] is not None
    assert (await store.outbox_row("gone2"))["dead_at"] is not None  # the channel is gone
    assert (await store.outbox_row("nope"))["dead_at"] is not None
    assert transport.posts == [(8, "after")]
    assert "dead letter gone1" in caplog.text


async def test_targets_are_delivered_concurrently(store):
    transport = Recorder()
    transport.delay = 0.2
    await store.queue([item(f"c{n}", n) for n in range(8)])
    loop = asyncio.get_running_loop()
    began = loop.time()
    await Deliverer(store, transport).flush()
    assert len(transport.posts) == 8
    assert loop.time() - began < 0.2 * 4  # not 8 × 0.2 s one after another


async def test_deliver_sends_older_pending_items_of_the_same_target_first(store):
    transport = Recorder()
    await store.queue([item("old", 1)])
    new = item("new", 1)
    await store.queue([new])
    await Deliverer(store, transport).deliver([new])
    assert transport.posts == [(1, "old"), (1, "new")]


async def test_a_flush_racing_the_interaction_path_does_not_post_twice(store):
    """The reply to a command posts the item itself (``send_one(send=...)``); a background flush
    that runs while that post is on its way finds the item claimed and leaves it."""
    transport = Recorder()
    deliverer = Deliverer(store, transport)
    await store.queue([item("turn", 1), item("dm", 5, kind="dm")])
    replies: list[str] = []

    async def reply_with_post(claimed, render):
        await deliverer.flush()  # the background loop fires mid-send
        replies.append(claimed.key)
        return 900

    assert await deliverer.send_one(item("turn", 1), send=reply_with_post) == "sent"
    assert replies == ["turn"]
    assert (1, "turn") not in transport.posts and (-5, "dm") in transport.posts
    assert await store.message_id("turn") == 900
    await deliverer.flush()
    assert (1, "turn") not in transport.posts


# ---- one slow target cannot stall the others (issue 24 item 6) ----------------------------------


class Throttled(Recorder):
    """Discord under load: the ``slow`` channels take ``pause`` seconds a send (discord.py sleeping
    through a short rate limit inside it); the ``limited`` ones answer 429 to their first send."""

    def __init__(self, slow=(), limited=(), pause=0.0, retry_after=0.0):
        super().__init__()
        self.slow, self.limited = set(slow), set(limited)
        self.pause, self.retry_after = pause, retry_after
        self.refused: set[int] = set()
        self.loop = asyncio.get_running_loop()
        self.began = self.loop.time()
        self.times: dict[str, float] = {}  # key -> seconds after ``began`` it was sent
        self.tries: list[str] = []

    async def post(self, item, render):
        self.tries.append(item.key)
        if item.target in self.limited and item.target not in self.refused:
            self.refused.add(item.target)
            raise RateLimited(self.retry_after)
        if item.target in self.slow:
            await asyncio.sleep(self.pause)
        self.times[item.key] = self.loop.time() - self.began
        return await super().post(item, render)

    async def send_dm(self, item, png):
        self.times[item.key] = self.loop.time() - self.began
        return await super().send_dm(item, png)


async def test_nine_slow_channels_do_not_delay_a_healthy_channel_or_a_dm(store):
    """docs/ARCHITECTURE.md 4: a queue per target. Nine channels each sleep 1 s in their send
    (discord.py waiting out a rate limit), queued first; a healthy channel and a DM go out at once,
    not after them (with one shared pool of 8 slots they waited a whole second)."""
    transport = Throttled(slow=range(1, 10), pause=1.0)
    await store.queue([item(f"slow{n}", n) for n in range(1, 10)])
    await store.queue([item("healthy", 50), item("dm", 7, kind="dm")])
    transport.began = transport.loop.time()
    flush = asyncio.create_task(Deliverer(store, transport).flush())
    while "healthy" not in transport.times or "dm" not in transport.times:
        await asyncio.sleep(0.01)
        assert transport.loop.time() - transport.began < 0.8, "the healthy targets waited"
    assert not flush.done()  # the slow ones are still sleeping
    assert await flush == 11
    assert min(transport.times[f"slow{n}"] for n in range(1, 10)) >= 1.0


async def test_a_rate_limited_channel_is_parked_alone_and_sent_when_due(store):
    """A 429 past ``max_ratelimit_timeout`` raises; the item is given back (the attempt does not
    count, it is due again after Discord's retry time), its channel waits alone, in order, while
    the other targets go out; when the retry time comes the channel is sent again by itself."""
    transport = Throttled(limited=range(1, 10), retry_after=1.0)
    deliverer = Deliverer(store, transport)
    await store.queue([item(f"a{n}", n) for n in range(1, 10)])
    await store.queue([item(f"b{n}", n) for n in range(1, 10)])
    await store.queue([item("healthy", 50), item("dm", 7, kind="dm")])
    began = time.time()
    assert await deliverer.flush() == 2  # the healthy channel and the DM
    assert {k for _, k in transport.posts} == {"healthy", "dm"}
    assert sorted(transport.tries) == sorted([f"a{n}" for n in range(1, 10)] + ["healthy"])
    row = await store.outbox_row("a1")
    assert row["attempts"] == 0 and row["claimed_by"] is None and row["sent_at"] is None
    assert began + 1.0 <= row["next_attempt_at"] <= time.time() + 1.0
    assert deliverer.parked(("channel", 1)) and not deliverer.parked(("channel", 50))
    # Meanwhile a flush (the background loop) leaves the parked channels alone.
    tries = len(transport.tries)
    assert await deliverer.flush() == 0 and len(transport.tries) == tries
    for _ in range(1000):  # the wake-up sends them when due, without any flush
        # (a post is recorded by the transport before the store marks it sent: wait for both)
        if len(transport.posts) == 20 and not await store.pending():
            break
        await asyncio.sleep(0.01)
    for n in range(1, 10):
        assert [k for t, k in transport.posts if t == n] == [f"a{n}", f"b{n}"]
    assert await store.pending() == [] and not deliverer.parked(("channel", 1))
    await deliverer.close()


async def test_close_cancels_the_wake_ups_and_leaves_the_items_pending(store):
    transport = Throttled(limited=[1], retry_after=30)
    deliverer = Deliverer(store, transport)
    await store.queue([item("a", 1)])
    assert await deliverer.flush() == 0 and deliverer.parked(("channel", 1))
    await deliverer.close()
    assert not deliverer.parked(("channel", 1))
    assert [i.key for i in await store.pending()] == ["a"]
