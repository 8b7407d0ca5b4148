"""A child process for the two-process fault test (issue 17): plays random moves on tables that
another process plays too, on one PostgreSQL database, and delivers the outbox by claiming items.

It appends to its log file (one line each, flushed before going on):
``ACK table n`` after a move is committed, ``SEND key time`` when it starts sending a claimed item
and ``MARKED key`` once the item is marked sent. The parent kills it with SIGKILL at random."""

from __future__ import annotations

import asyncio
import os
import random
import sys
import time

from host.store import StaleVersion, Store
from host.tables import TableError, TableService
from tests.sealed_bids import ENGINE as SEALED

LEASE = 0.5  # short, so items a killed child held are taken over within the test


async def main(url: str, log_path: str, seed: int, channels: list[int]) -> None:
    store = await Store.open(url)
    store.owner = f"{os.getpid()}"
    service = TableService(store, engines={"sealed": SEALED})
    chooser = random.Random(seed)
    log = open(log_path, "a", buffering=1)  # noqa: SIM115 - lives as long as the process

    def say(line: str) -> None:
        log.write(line + "\n")
        log.flush()

    say("READY")
    moves = 0
    while True:
        channel = chooser.choice(channels)
        table = await store.live_table(channel)
        if table is not None and table.status == "active":
            engine = service.engine("sealed")
            seat = chooser.choice(engine.to_move(engine.decode(table.state)))
            legal = await service.legal_moves(channel, table.seats[seat].user_id)
            if legal:
                try:
                    outcome = await service.submit(
                        channel, table.seats[seat].user_id, chooser.choice(legal)
                    )
                except (TableError, StaleVersion):
                    pass  # the other process moved first: fine
                else:
                    say(f"ACK {outcome.table.id} {outcome.table.move_count}")
                    moves += 1
        if moves % 3 == 0 or table is None:
            for item in await store.claim_pending(limit=5, lease=LEASE):
                say(f"SEND {item.key} {time.time()}")
                if await store.mark_sent(item.key):
                    say(f"MARKED {item.key}")
        await asyncio.sleep(0)


if __name__ == "__main__":
    asyncio.run(
        main(sys.argv[1], sys.argv[2], int(sys.argv[3]), [int(c) for c in sys.argv[4].split(",")])
    )
