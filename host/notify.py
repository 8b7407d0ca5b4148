"""Delivering the outbox: at least once, and without double-posting.

A change to a table queues its notifications in the same transaction (see ``host.store``). A
:class:`Deliverer` sends pending items through a :class:`Transport` (Discord, or the terminal) and
marks each one sent. If the process dies between sending and marking, the item is sent again on
restart; the transport passes the item's key as the message nonce, which Discord uses to drop the
repeat.
"""

from __future__ import annotations

import logging
from typing import Protocol

from host.images import render_png_async
from host.store import OutboxItem, Store

log = logging.getLogger("portolan.notify")


class Transport(Protocol):
    async def send_channel(self, item: OutboxItem, png: bytes | None) -> None: ...

    async def send_dm(self, item: OutboxItem, png: bytes | None) -> bool:
        """Send a direct message; False if the user does not accept DMs from the bot."""
        ...


class Deliverer:
    def __init__(self, store: Store, transport: Transport) -> None:
        self.store = store
        self.transport = transport

    async def deliver(self, items: list[OutboxItem]) -> int:
        """Send the given items (those not yet sent); returns how many were sent now."""
        sent = 0
        for item in items:
            if await self.store.is_sent(item.key):
                continue
            try:
                await self._send(item)
            except Exception:
                # Left pending: the next flush retries it.
                log.exception("delivery of %s failed; will retry", item.key)
                continue
            if await self.store.mark_sent(item.key):
                sent += 1
        return sent

    async def flush(self, table_id: int | None = None) -> int:
        """Send everything still pending (after a restart, or a failed send)."""
        return await self.deliver(await self.store.pending(table_id))

    async def _send(self, item: OutboxItem) -> None:
        png = await render_png_async(item.payload.get("image"))
        if item.kind == "channel":
            await self.transport.send_channel(item, png)
            return
        if await self.transport.send_dm(item, png):
            return
        # DMs closed: say so where the game is, without the secret.
        notice = OutboxItem(
            key=item.key + ":closed",
            kind="channel",
            target=item.payload["channel_id"],
            payload={
                "text": f"<@{item.target}>, I could not send you a direct message (your DMs "
                "are closed). Use `/hand` here to see your private information.",
                "mentions": [item.target],
                "table_id": item.payload.get("table_id"),
            },
            table_id=item.table_id,
        )
        await self.transport.send_channel(notice, None)
