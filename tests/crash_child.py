"""A child process for the crash test: plays random moves on several games in a SQLite file,
prints ``ACK table n`` after each move is acknowledged (committed), then delivers the move's
notifications, printing ``SENT key`` as each one leaves (before it is marked sent). The parent
kills it with SIGKILL at a random point, often between a send and its mark.

With a third argument ``k``, the k-th channel post is sent and then the send never returns
(``HELD key``): the parent kills the child there, so a post sent but not marked is certain, and
the restart must find it rather than post it again (issue 23)."""

from __future__ import annotations

import asyncio
import random
import sys

from host.notify import Deliverer
from host.store import OutboxItem, Store
from host.tables import TableError, TableService
from tests.sealed_bids import ENGINE as SEALED


class PrintingTransport:
    """Says what it sent on stdout, so the parent knows what left before the kill."""

    def __init__(self, hold_at: int | None = None) -> None:
        self.hold_at = hold_at
        self.posts = 0

    async def send_channel(self, item: OutboxItem, png: bytes | None) -> int:
        print(f"SENT {item.key}", flush=True)
        self.posts += 1
        if self.posts == self.hold_at:  # the post is out; its mark never comes
            print(f"HELD {item.key}", flush=True)
            await asyncio.Event().wait()
        return abs(hash(item.key)) % 10**12

    async def send_dm(self, item: OutboxItem, png: bytes | None) -> bool:
        print(f"SENT {item.key}", flush=True)
        return True


async def main(path: str, seed: int, hold_at: int | None = None) -> None:
    store = await Store.open(path)
    service = TableService(store, engines={"sealed": SEALED})
    chooser = random.Random(seed)
    channels = list(range(1, 6))
    for channel in channels:
        await service.open(guild_id=1, channel_id=channel, game="sealed", user_id=1, name="A")
        await service.join(channel, 2, "B")
        await service.join(channel, 3, "C")
        await service.start(channel, 1, seed=channel)
    deliverer = Deliverer(store, PrintingTransport(hold_at))
    print("READY", flush=True)
    while True:
        channel = chooser.choice(channels)
        table = await store.live_table(channel)
        if table is None:
            continue
        engine = service.engine("sealed")
        seat = chooser.choice(engine.to_move(engine.decode(table.state)))
        moves = await service.legal_moves(channel, seat + 1)
        try:
            outcome = await service.submit(channel, seat + 1, chooser.choice(moves))
        except TableError:
            continue
        print(f"ACK {outcome.table.id} {outcome.table.move_count}", flush=True)
        await deliverer.deliver(outcome.items)
        if outcome.finished:
            channels.remove(channel)
            if not channels:
                print("DONE", flush=True)
                await asyncio.sleep(3600)


if __name__ == "__main__":
    hold = int(sys.argv[3]) if len(sys.argv) > 3 else None
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), hold))
