"""A child process for the lifecycle tests: the real bot on SimCord with both worker pools up.

It opens the bot on a SQLite file (argument 1), connects it to a simulated Discord, starts every
worker process of both lanes, draws a board in one, prints ``READY`` and waits. The parent then
kills it (SIGKILL: nothing of it may survive) or asks it to stop (SIGTERM: it closes the bot
gracefully and exits by itself)."""

from __future__ import annotations

import asyncio
import sys

import simcord

from bot import create_bot
from host import workers


async def main(db: str) -> int:
    # Every worker of both lanes, before SimCord attaches the bot: a new process takes seconds
    # to start them on a busy machine, longer than SimCord lets the bot's start take.
    await asyncio.to_thread(workers.warm)
    bot = await create_bot(db, shard_count=1)
    async with simcord.run(bot) as env:
        bot.close_on_sigterm()
        env.create_guild("Harbour").create_text_channel("games")
        await workers.run(workers._ready)
        print("READY", flush=True)
        await bot.released.wait()  # until SIGTERM closes the bot
    print("CLOSED", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1])))
