"""Delivering the outbox: at least once, in order per channel, and without double-posting.

A change to a table queues its notifications in the same transaction (see ``host.store``). A
:class:`Deliverer` sends pending items through a :class:`Transport` (Discord, or the terminal):

- **Claim first.** An item is claimed in the store before it is sent and marked sent (with its
  Discord message id) after, so the interaction path and a background flush never both post it. A
  claim left by a process that died between sending and marking runs out after a lease; the next
  sender is told (``item.resumed``) and asks the transport to look for the post before sending
  again (:meth:`Transport.find_sent`).
- **Order per target.** A channel's (or a user's) items go out oldest first; the first one that
  cannot go now stops that target until the next flush, so move 2 is never posted before move 1.
- **Backoff and dead letters.** Each attempt is counted; a failed one is retried after a growing
  delay. A target that is gone or forbids the bot (:class:`DeadTarget`: Discord's 403/404) ends
  the item as a dead letter with one log line, and the table's opener is told where possible.
- **Render late.** The image is drawn only after the transport has resolved the target.
- **A queue per target.** Each target (a channel, or a member's DMs) is sent by one sender at a
  time in this process, and targets never wait for each other: no slot is shared, so a channel
  that Discord makes wait (discord.py sleeps through a short rate limit inside the send) holds up
  only itself. A longer rate limit raises (the bot sets ``max_ratelimit_timeout``); the transport
  says :class:`RateLimited`, the item is given back without counting an attempt, due again after
  Discord's ``retry_after``, and the target alone is parked until then, when it is sent again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Protocol

from host import languages, metrics
from host.images import render_png_async
from host.store import OutboxItem, Store
from i18n import T, say

log = logging.getLogger("portolan.notify")

LEASE = 120.0
"""Seconds a claim holds; longer than any send, so only a dead sender's claim runs out."""
MAX_ATTEMPTS = 12
"""After this many failed attempts (about a day of backoff) an item becomes a dead letter."""
POST_WAIT = 10.0
"""Seconds a DM waits for the turn post it links to (then it links to the channel)."""


def backoff(attempts: int) -> float:
    """Seconds to wait after the ``attempts``-th failed attempt: the first is retried at the
    next flush (a blip; the background loop runs every minute), then 1, 2, 4, ... minutes, at
    most an hour."""
    if attempts <= 1:
        return 0.0
    return float(min(60 * 2 ** (attempts - 2), 3600))


class DeadTarget(Exception):
    """The target can never receive this item (missing permission; ``gone``: deleted channel)."""

    def __init__(self, reason: str, *, gone: bool = False) -> None:
        super().__init__(reason)
        self.gone = gone


class RateLimited(Exception):
    """Discord refused the send for now (HTTP 429); try this target again after ``retry_after``
    seconds. Nothing was posted."""

    def __init__(self, retry_after: float) -> None:
        super().__init__(f"rate limited for {retry_after:.1f} s")
        self.retry_after = max(0.0, float(retry_after))


class Transport(Protocol):
    async def send_channel(self, item: OutboxItem, png: bytes | None) -> int | None:
        """Post (or, with ``payload["edit_of"]``, edit) in a channel; the message id if known.
        Raise :class:`DeadTarget` if the channel is gone or forbids the bot, :class:`RateLimited`
        if Discord asks to wait."""
        ...

    async def send_dm(self, item: OutboxItem, png: bytes | None) -> bool:
        """Send a direct message; False if the user does not accept DMs from the bot. Raise
        :class:`RateLimited` if Discord asks to wait."""
        ...


Target = tuple[str, int]
"""("channel", channel id) or ("dm", user id)."""


@dataclass
class _Lane:
    """One target's queue in this process: one sender at a time (its items keep their order),
    and parked while Discord rate-limits it."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0  # senders holding or waiting for the lock (the lane is dropped at 0)
    until: float = 0.0  # parked until then (the deliverer's clock): Discord's retry time
    wake: asyncio.Task | None = None  # sends the target again when it is due


class Deliverer:
    def __init__(
        self, store: Store, transport: Transport, *, now: Callable[[], float] = time.time
    ) -> None:
        self.store = store
        self.transport = transport
        self.now = now
        self._lanes: dict[Target, _Lane] = {}
        self._posting: dict[str, asyncio.Event] = {}
        """Channel posts being sent by this process, by outbox key: a DM that links to one of
        them waits for it (a little), so its link names the post, not just the channel."""

    async def deliver(self, items: list[OutboxItem]) -> int:
        """Send the given items, after anything still pending for the same targets (their order
        is kept); returns how many items were sent now. A parked target is left to its wake-up."""
        wanted = {_target(i) for i in items}
        if not wanted:
            return 0
        pending = [i for i in await self.store.pending() if _target(i) in wanted]
        return await self._run(pending)

    async def flush(self, table_id: int | None = None) -> int:
        """Send everything still pending (after a restart, or a failed send)."""
        pending = await self.store.pending(table_id)
        if table_id is None:  # this process's whole outbox: its depth and oldest age
            oldest = min((i.created_at or self.now() for i in pending), default=None)
            metrics.outbox(len(pending), None if oldest is None else self.now() - oldest)
        return await self._run(pending)

    def parked(self, target: Target) -> bool:
        """Whether a target waits out a rate limit (its wake-up will send it)."""
        lane = self._lanes.get(target)
        return lane is not None and lane.until > self.now()

    async def close(self) -> None:
        """Cancel the wake-ups of parked targets (their items stay pending in the outbox)."""
        wakes = [lane.wake for lane in self._lanes.values() if lane.wake is not None]
        for wake in wakes:
            wake.cancel()
        await asyncio.gather(*wakes, return_exceptions=True)

    async def _run(self, pending: list[OutboxItem]) -> int:
        groups: dict[Target, list[OutboxItem]] = {}
        for item in pending:
            groups.setdefault(_target(item), []).append(item)
        mine = [i.key for i in pending if i.kind == "channel" and i.key not in self._posting]
        for key in mine:
            self._posting[key] = asyncio.Event()
        try:
            counts = await asyncio.gather(
                *(self._target(target, group) for target, group in groups.items())
            )
        finally:
            for key in mine:
                self._posting.pop(key).set()
        return sum(counts)

    async def _after_its_post(self, item: OutboxItem) -> None:
        """A DM that belongs to a turn post being sent now waits until the post is made (at most
        ``POST_WAIT`` seconds: a slow channel never holds a DM back for long)."""
        posting = self._posting.get(item.payload.get("post_key") or "")
        if item.kind == "channel" or posting is None:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(posting.wait(), POST_WAIT)

    async def _target(self, target: Target, items: list[OutboxItem]) -> int:
        """Send one target's items in order, alone: other targets never wait for this one."""
        lane = self._lanes.setdefault(target, _Lane())
        if lane.until > self.now():
            return 0  # rate-limited: its wake-up sends it
        lane.users += 1
        sent = 0
        try:
            async with lane.lock:
                for index, item in enumerate(items):
                    if lane.until > self.now():
                        break  # parked while this sender waited for the lane
                    await self._after_its_post(item)
                    outcome = await self.send_one(item)
                    if item.key in self._posting:
                        self._posting[item.key].set()
                    if outcome == "sent":
                        sent += 1
                    elif outcome in ("done", "dead"):
                        continue
                    elif outcome == "gone":
                        # The channel itself is gone: everything after it would fail the same
                        # way, and each failure counts toward Discord's invalid-request limit.
                        for later in items[index + 1 :]:
                            await self.store.mark_dead(later.key, "target gone")
                        break
                    else:
                        break  # busy, retry, limited: later items wait for this one
        finally:
            # Whatever this lane did not post (busy, parked, failed) will not be posted by this
            # run: the DMs that wait for one of its posts go on now.
            for item in items:
                if (posting := self._posting.get(item.key)) is not None:
                    posting.set()
            lane.users -= 1
            if lane.users == 0 and lane.wake is None:
                self._lanes.pop(target, None)
        return sent

    def _park(self, target: Target, delay: float) -> None:
        """Hold a rate-limited target back for ``delay`` seconds, then send it again."""
        lane = self._lanes.setdefault(target, _Lane())
        lane.until = max(lane.until, self.now() + delay)
        if lane.wake is None:
            lane.wake = asyncio.create_task(self._wake(target, lane, delay))

    async def _wake(self, target: Target, lane: _Lane, delay: float) -> None:
        try:
            await asyncio.sleep(delay)
            # The loop's timer and the deliverer's clock may differ a little: wait until the
            # target is due by the clock its retry time was set with.
            while (left := lane.until - self.now()) > 0:
                await asyncio.sleep(min(left, delay) + 0.001)
        finally:
            lane.wake = None
            if lane.users == 0 and self._lanes.get(target) is lane:
                del self._lanes[target]
        try:
            await self._run([i for i in await self.store.pending() if _target(i) == target])
        except Exception:
            log.exception("delivery to %s %s after its rate limit failed", *target)

    @metrics.counted_delivery
    async def send_one(
        self,
        item: OutboxItem,
        send: Callable[[OutboxItem, Callable[[], Awaitable[bytes | None]]], Awaitable[int | None]]
        | None = None,
    ) -> str:
        """Claim and send one item: "sent"; "done" (another sender sent it, or it is dead);
        "busy" (claimed by a live sender, or not yet due for a retry); "retry" (failed; backed
        off); "limited" (Discord rate-limits the target: given back, the target parked until the
        retry); "dead" (a dead letter now); "gone" (a dead letter: its channel no longer exists).

        ``send`` replaces the transport's channel post (the interaction path answers with it)."""
        claimed = await self.store.claim_item(item.key, lease=LEASE, now=self.now())
        if claimed is None:
            row = await self.store.outbox_row(item.key)
            if row is None or row["sent_at"] is not None or row["dead_at"] is not None:
                return "done"  # another sender finished it: the target's queue goes on
            return "busy"
        try:
            if claimed.kind == "channel":
                message_id = None
                if claimed.resumed and (find := getattr(self.transport, "find_sent", None)):
                    # The last sender died mid-send: the post may already be there.
                    message_id = await find(claimed)
                if message_id is None:
                    render = _renderer(claimed)
                    if send is not None:
                        message_id = await send(claimed, render)
                    else:
                        message_id = await self._send_channel(claimed, render)
                await self.store.mark_sent(claimed.key, message_id)
                return "sent"
            if await self.transport.send_dm(claimed, await _renderer(claimed)()):
                await self.store.mark_sent(claimed.key)
                return "sent"
            await self._dms_closed(claimed)
            return "dead"
        except RateLimited as error:
            metrics.rate_limited()
            log.info(
                "%s %s is rate limited for %.1f s; %s waits",
                claimed.kind,
                claimed.target,
                error.retry_after,
                claimed.key,
            )
            await self.store.defer(claimed.key, self.now() + error.retry_after)
            self._park(_target(claimed), error.retry_after)
            return "limited"
        except DeadTarget as error:
            metrics.discord_error("gone" if error.gone else "forbidden")
            log.warning(
                "dead letter %s (%s %s): %s", claimed.key, claimed.kind, claimed.target, error
            )
            await self.store.mark_dead(claimed.key, str(error) or "dead target")
            await self._tell_opener(claimed, str(error))
            return "gone" if error.gone else "dead"
        except Exception as error:
            metrics.discord_error("failed")
            if claimed.attempts >= MAX_ATTEMPTS:
                log.error("dead letter %s after %d attempts: %r", item.key, claimed.attempts, error)
                await self.store.mark_dead(claimed.key, f"gave up: {error!r}")
                return "dead"
            delay = backoff(claimed.attempts)
            log.warning(
                "delivery of %s failed (attempt %d, retry in %.0f s): %r",
                item.key,
                claimed.attempts,
                delay,
                error,
            )
            await self.store.release(claimed.key, error=repr(error), retry_at=self.now() + delay)
            return "retry"

    async def _send_channel(
        self, item: OutboxItem, render: Callable[[], Awaitable[bytes | None]]
    ) -> int | None:
        # A transport that can resolve the target first lets a dead channel fail before the
        # image is drawn; the terminal and test transports just take the image.
        if resolve := getattr(self.transport, "post", None):
            return await resolve(item, render)
        return await self.transport.send_channel(item, await render())

    async def _dms_closed(self, item: OutboxItem) -> None:
        """DMs closed: a dead letter, and a notice where the game is, without the secret."""
        log.info("user %s does not accept DMs; %s is a dead letter", item.target, item.key)
        await self.store.mark_dead(item.key, "DMs closed")
        channel = item.payload.get("channel_id")
        if not channel:
            return
        table = await self.store.get_table(item.table_id) if item.table_id is not None else None
        # A post in the game's channel: the channel's language.
        lang = await languages.channel_language(self.store, table.guild_id if table else None)
        text = T(
            "{user}, I could not send you a direct message (your DMs are closed). Use `/hand` "
            "here to see your private information.",
            user=f"<@{item.target}>",
        )
        notice = OutboxItem(
            key=item.key + ":closed",
            kind="channel",
            target=channel,
            payload={
                "text": say(lang, text),
                "mentions": [item.target],
                "table_id": item.payload.get("table_id"),
            },
            table_id=item.table_id,
        )
        await self.store.queue([notice])
        await self.send_one(notice)

    async def _tell_opener(self, item: OutboxItem, reason: str) -> None:
        """Tell the table's opener (once per table and target) that posts cannot reach it."""
        if item.kind != "channel" or item.table_id is None:
            return
        table = await self.store.get_table(item.table_id)
        if table is None or not table.opener_id:
            return
        lang = await languages.member_language(self.store, table.opener_id, guild_id=table.guild_id)
        text = T(
            "I cannot post the updates of your game (table #{table}) in {channel}: {reason}. "
            "Check that the channel exists and that I may view it, send messages and attach "
            "files there.",
            table=table.id,
            channel=f"<#{item.target}>",
            reason=reason,
        )
        notice = OutboxItem(
            key=f"dead:{item.table_id}:{item.target}",
            kind="dm",
            target=table.opener_id,
            payload={
                "text": say(lang, text),
                "table_id": table.id,
            },
            table_id=table.id,
        )
        await self.store.queue([notice])


def _target(item: OutboxItem) -> Target:
    return (item.kind, item.target)


def _renderer(item: OutboxItem) -> Callable[[], Awaitable[bytes | None]]:
    async def render() -> bytes | None:
        return await render_png_async(item.payload.get("image"))

    return render
