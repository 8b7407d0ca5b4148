"""Portolan: nautical Euro board games as play-by-post games on Discord.

python bot.py run          start the Discord bot (DISCORD_TOKEN, optional DISCORD_GUILD_ID)
python bot.py local GAME --players N [--variant V] [--seed S] [--db PATH] [--out DIR]
                           the offline table in a terminal (reads moves from stdin)
python bot.py check-data   validate every data file and print its provenance
python bot.py run --shard-ids 0,1 --shard-count 4
                           run only those gateway shards (several processes share one PostgreSQL)
python bot.py copy-db FROM TO
                           copy every table between SQLite files and postgresql:// URLs
python bot.py              the bot if a token is configured, otherwise the offline table
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from cogs.common import DiscordTransport, LobbyButton, MoveButton, UndoButton, reply
from engines import ENGINES
from engines.base import Engine
from host.life import PlayByPost
from host.notify import Deliverer
from host.store import Shards, Store, StoreError
from host.tables import TableService
from host.tournaments import TournamentService

log = logging.getLogger("portolan")

DEFAULT_DB = "portolan.db"
COGS = ("cogs.game", "cogs.play", "cogs.life", "cogs.tournament")


class PortolanBot(commands.Bot):
    def __init__(
        self, store: Store, engines: Mapping[str, Engine] | None = None, **options: Any
    ) -> None:
        # No privileged intents: everything happens through slash commands and buttons.
        # ``options``: the gateway shards (shard_ids, shard_count) this process runs.
        super().__init__(
            command_prefix=commands.when_mentioned, intents=discord.Intents.default(), **options
        )
        self.store = store
        self.tables = TableService(store, engines=engines)
        self.life = PlayByPost(self.tables)
        self.transport = DiscordTransport(self)
        self.tournaments = TournamentService(
            self.tables,
            self.life,
            make_thread=self.make_thread,
            deliver=Deliverer(store, self.transport).deliver,
        )
        self.tree.on_error = self.on_app_command_error

    async def setup_hook(self) -> None:
        guild_id = os.environ.get("DISCORD_GUILD_ID")
        if guild_id:
            guild = discord.Object(id=int(guild_id))
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self.outbox_loop.start()

    async def make_thread(self, channel_id: int, name: str) -> int:
        """A public thread under a channel, for one tournament table (the host's thread port)."""
        channel = self.get_channel(channel_id) or await self.fetch_channel(channel_id)
        thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
        return thread.id

    @tasks.loop(seconds=60)
    async def outbox_loop(self) -> None:
        """Send due reminders and timeout notices, move tournaments on (expel seats past their
        grace, record results missed in a restart, pair complete rounds), then deliver whatever
        is pending (including what a crash or a failed send left behind)."""
        await self.life.tick()
        await self.tournaments.tick()
        await Deliverer(self.store, self.transport).flush()

    @outbox_loop.before_loop
    async def _wait_ready(self) -> None:
        await self.wait_until_ready()

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        table = (
            await self.store.live_table(interaction.channel_id) if interaction.channel_id else None
        )
        log.error(
            "command %s failed (table %s)",
            interaction.command.qualified_name if interaction.command else "?",
            table.id if table else None,
            exc_info=error,
        )
        await reply(
            interaction,
            "Sorry, something went wrong on my side. The game is unchanged; please try again.",
        )

    async def close(self) -> None:
        await super().close()
        await self.tournaments.settle()  # let a round that is being paired finish its commit
        await self.store.close()


async def create_bot(
    db_path: str | os.PathLike | None = None,
    *,
    engines: Mapping[str, Engine] | None = None,
    shard_ids: list[int] | None = None,
    shard_count: int | None = None,
) -> PortolanBot:
    """Build the bot with every cog loaded and the store open, without connecting to Discord.

    ``engines`` replaces the game registry (tests add a test-only game). ``shard_ids`` of
    ``shard_count``: the gateway shards this process runs; its tick and outbox then only handle
    the servers on those shards (other processes on the same database run the others)."""
    shards = Shards.of(shard_ids, shard_count) if shard_ids and shard_count else None
    store = await Store.open(db_path or os.environ.get("PORTOLAN_DB", DEFAULT_DB), shards=shards)
    options = {"shard_ids": shard_ids, "shard_count": shard_count} if shards else {}
    bot = PortolanBot(store, engines=engines, **options)
    for name in COGS:
        await bot.load_extension(name)
    bot.add_dynamic_items(MoveButton, LobbyButton, UndoButton)
    return bot


def load_dotenv(path: str = ".env") -> None:
    """Read KEY=VALUE lines from .env into the environment (existing variables win)."""
    file = Path(path)
    if not file.is_file():
        return
    for line in file.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, value = line.split("=", 1)
        os.environ.setdefault(key.strip(), value.strip().strip("'\""))


async def run_bot(
    token: str, shard_ids: list[int] | None = None, shard_count: int | None = None
) -> int:
    try:
        bot = await create_bot(shard_ids=shard_ids, shard_count=shard_count)
    except StoreError as error:
        print(f"Cannot open the database: {error}", file=sys.stderr)
        return 2
    async with bot:
        try:
            await bot.start(token)
        except discord.LoginFailure:
            print("Discord refused the token. Check DISCORD_TOKEN.", file=sys.stderr)
            return 2
    return 0


HOW_TO_GET_A_TOKEN = """No DISCORD_TOKEN is configured, so here is the offline table instead.
To run the bot on Discord: create an application at the Discord developer portal, add a bot,
copy its token into a .env file as DISCORD_TOKEN=..., and invite it (see README.md).
"""


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bot.py", description="Portolan board-game bot")
    sub = parser.add_subparsers(dest="command")
    run = sub.add_parser("run", help="start the Discord bot")
    run.add_argument(
        "--shard-ids",
        default=os.environ.get("PORTOLAN_SHARD_IDS"),
        help="comma-separated gateway shards to run (env PORTOLAN_SHARD_IDS; default: all)",
    )
    run.add_argument(
        "--shard-count",
        type=int,
        default=os.environ.get("PORTOLAN_SHARD_COUNT"),
        help="total shards over all processes (env PORTOLAN_SHARD_COUNT)",
    )
    copy = sub.add_parser("copy-db", help="copy every table to an empty database")
    copy.add_argument("source", metavar="FROM", help="SQLite file or postgresql:// URL")
    copy.add_argument("target", metavar="TO", help="SQLite file or postgresql:// URL (empty)")
    local = sub.add_parser("local", help="play offline in a terminal (moves from stdin)")
    local.add_argument("game", choices=sorted(ENGINES) or None)
    local.add_argument("--players", type=int, required=True)
    local.add_argument("--variant")
    local.add_argument("--seed", type=int)
    local.add_argument("--db", help="SQLite file (default: a temporary one)")
    local.add_argument("--out", default="out", help="folder for board images (default: out)")
    local.add_argument("--no-images", action="store_true", help="do not write board images")
    sub.add_parser("check-data", help="validate data files and show provenance")
    return parser.parse_args(argv)


def parse_shards(ids: str | None, count: int | str | None) -> tuple[list[int] | None, int | None]:
    """``--shard-ids 0,1 --shard-count 4``; both or neither (then one process runs them all)."""
    if not ids and not count:
        return None, None
    if not ids or not count:
        raise ValueError("Give both --shard-ids and --shard-count (or neither).")
    try:
        shard_ids = sorted({int(part) for part in str(ids).split(",") if part.strip()})
        shards = Shards.of(shard_ids, int(count))
    except ValueError as error:
        raise ValueError(f"Bad shard settings: {error}") from None
    return sorted(shards.ids), shards.count


async def copy_db(source: str, target: str) -> int:
    from host.copydb import CopyError, copy_database

    try:
        report = await copy_database(source, target, ENGINES)
    except (CopyError, StoreError) as error:
        print(f"copy-db: {error}", file=sys.stderr)
        return 1
    print("\n".join(report.lines()))
    print("copy-db: done; row counts and running games verified.")
    return 0


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    load_dotenv()
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.command == "check-data":
        from host.catalog import check_all

        ok, lines = check_all()
        print("\n".join(lines))
        return 0 if ok else 1
    if args.command == "copy-db":
        return asyncio.run(copy_db(args.source, args.target))
    if args.command == "local":
        from host.local import run_local

        logging.getLogger().setLevel(logging.WARNING)
        return asyncio.run(
            run_local(
                args.game,
                args.players,
                variant=args.variant,
                seed=args.seed,
                db=args.db,
                out_dir=None if args.no_images else args.out,
            )
        )
    token = os.environ.get("DISCORD_TOKEN")
    if args.command == "run" or token:
        if not token:
            print(
                "Set DISCORD_TOKEN (in the environment or a .env file) to run the bot.",
                file=sys.stderr,
            )
            return 2
        try:
            shard_ids, shard_count = parse_shards(
                getattr(args, "shard_ids", None) or os.environ.get("PORTOLAN_SHARD_IDS"),
                getattr(args, "shard_count", None) or os.environ.get("PORTOLAN_SHARD_COUNT"),
            )
        except ValueError as error:
            print(error, file=sys.stderr)
            return 2
        return asyncio.run(run_bot(token, shard_ids, shard_count))
    print(HOW_TO_GET_A_TOKEN)
    from host.local import run_local

    game = "tahiti" if "tahiti" in ENGINES else next(iter(ENGINES))
    engine = ENGINES[game]
    print(f"Starting a {engine.min_players}-player game of {engine.title}.")
    logging.getLogger().setLevel(logging.WARNING)
    return asyncio.run(run_local(game, max(2, engine.min_players)))


if __name__ == "__main__":
    sys.exit(main())
