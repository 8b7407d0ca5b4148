"""Portolan: nautical Euro board games as play-by-post games on Discord.

python bot.py run          start the Discord bot (DISCORD_TOKEN, optional DISCORD_GUILD_ID);
                           slash commands are synced only when they changed since the last sync
python bot.py sync         sync the slash commands now (after an upgrade, or to repair), then stop
python bot.py local GAME --players N [--bots B] [--level L] [--variant V] [--seed S]
                    [--db PATH] [--out DIR]
                           the offline table in a terminal (reads moves from stdin); the last B
                           seats are seat fillers at level L (easy, normal, hard; B = N: the
                           game plays itself)
python bot.py check-data   validate every data file and print its provenance
python bot.py run --shard-ids 0,1 --shard-count 4
                           run only those gateway shards (several processes share one PostgreSQL)
python bot.py copy-db FROM TO
                           copy every table between SQLite files and postgresql:// URLs
python bot.py web          only the web pages, on the configured database (PORTOLAN_WEB,
                           default 127.0.0.1:8750): a process of its own beside shard processes
python bot.py              the bot if a token is configured, otherwise the offline table
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
from collections.abc import Coroutine
from pathlib import Path
from typing import TYPE_CHECKING

import discord

import i18n
from app import DEFAULT_DB, PortolanBot, create_bot
from engines import ENGINES
from host import workers
from host.store import Shards, StoreError

if TYPE_CHECKING:
    from web.offline import OfflinePages

log = logging.getLogger("portolan")


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
    token: str,
    *,
    sync: str = "auto",
    shard_ids: list[int] | None = None,
    shard_count: int | None = None,
) -> int:
    """Run the bot; ``sync="only"`` (``bot.py sync``) syncs the slash commands and stops."""
    try:
        bot = await create_bot(sync=sync, shard_ids=shard_ids, shard_count=shard_count)
    except StoreError as error:
        print(f"Cannot open the database: {error}", file=sys.stderr)
        return 2
    async with bot:
        bot.close_on_sigterm()
        if sync != "only":
            await start_pages(bot)
        try:
            if sync == "only":
                await bot.login(token)  # runs setup_hook, which syncs
                print("Slash commands synced.")
                return 0
            await bot.start(token)
        except discord.LoginFailure:
            print("Discord refused the token. Check DISCORD_TOKEN.", file=sys.stderr)
            return 2
        except discord.HTTPException as error:
            print(f"Syncing the slash commands failed: {error}", file=sys.stderr)
            return 1
    return 0


async def start_pages(bot: PortolanBot) -> None:
    """Serve the web pages in the bot's process (``PORTOLAN_WEB``: ``HOST:PORT``, ``off``;
    unset: 127.0.0.1:8750, this machine only). A port that cannot be had is logged, and the bot
    plays on without its pages."""
    from web.server import Site, WebServer, health_of, parse_address

    try:
        address = parse_address(os.environ.get("PORTOLAN_WEB"))
    except ValueError as error:
        log.error("the web pages are off: %s", error)
        return
    if address is None:
        return
    server = WebServer(Site(bot.store, bot.tables.engines), *address, health=health_of(bot))
    try:
        await server.start()
    except OSError as error:
        log.error("the web pages could not start on %s:%s: %s", *address, error)
        return
    bot.web = server


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
    sub.add_parser("sync", help="sync the slash commands with Discord now, then stop")
    copy = sub.add_parser("copy-db", help="copy every table to an empty database")
    copy.add_argument("source", metavar="FROM", help="SQLite file or postgresql:// URL")
    copy.add_argument("target", metavar="TO", help="SQLite file or postgresql:// URL (empty)")
    local = sub.add_parser("local", help="play offline in a terminal (moves from stdin)")
    local.add_argument("game", choices=sorted(ENGINES) or None)
    local.add_argument("--players", type=int, required=True)
    local.add_argument("--bots", type=int, default=0, help="seat fillers in the last seats")
    local.add_argument(
        "--level", default="normal", help="how well the seat fillers play: easy, normal, hard"
    )
    local.add_argument("--variant")
    local.add_argument("--seed", type=int)
    local.add_argument("--db", help="SQLite file (default: a temporary one)")
    local.add_argument("--out", default="out", help="folder for board images (default: out)")
    local.add_argument("--no-images", action="store_true", help="do not write board images")
    local.add_argument(
        "--lang",
        default="en",
        choices=i18n.LANGUAGES,
        help="the language the table speaks and draws: en, el (Greek) or ru (Russian)",
    )
    sub.add_parser("check-data", help="validate data files and show provenance")
    sub.add_parser("web", help="serve only the web pages on the configured database (PORTOLAN_WEB)")
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
    if args.command == "web":
        from web.server import run_pages

        return asyncio.run(run_pages(os.environ.get("PORTOLAN_DB", DEFAULT_DB)))
    if args.command == "local":
        from host.local import run_local

        logging.getLogger().setLevel(logging.WARNING)
        return run_offline(
            run_local(
                args.game,
                args.players,
                variant=args.variant,
                seed=args.seed,
                db=args.db,
                out_dir=None if args.no_images else args.out,
                bots=args.bots,
                level=args.level,
                lang=args.lang,
                pages=offline_pages(default_on=False),
            )
        )
    token = os.environ.get("DISCORD_TOKEN")
    if args.command == "sync":
        if not token:
            print("Set DISCORD_TOKEN to sync the slash commands.", file=sys.stderr)
            return 2
        return asyncio.run(run_bot(token, sync="only"))
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
        return asyncio.run(run_bot(token, shard_ids=shard_ids, shard_count=shard_count))
    print(HOW_TO_GET_A_TOKEN)
    from host.local import run_local

    game = next(iter(ENGINES))  # the registry's first game
    engine = ENGINES[game]
    print(f"Starting a {engine.min_players}-player game of {engine.title}.")
    logging.getLogger().setLevel(logging.WARNING)
    pages = offline_pages(default_on=True)
    return run_offline(run_local(game, max(2, engine.min_players), pages=pages))


def offline_pages(*, default_on: bool) -> OfflinePages | None:
    """The web pages beside the offline table: on by default for ``make run`` without a token
    (127.0.0.1:8750, or ``PORTOLAN_WEB``), for ``bot.py local`` only when ``PORTOLAN_WEB`` is set;
    ``PORTOLAN_WEB=off`` turns them off."""
    from web.offline import OfflinePages
    from web.server import parse_address

    text = os.environ.get("PORTOLAN_WEB")
    if text is None and not default_on:
        return None
    try:
        address = parse_address(text)
    except ValueError as error:
        print(error, file=sys.stderr)
        return None
    return OfflinePages(*address) if address else None


def run_offline(table: Coroutine[object, object, int]) -> int:
    """Run the offline table until it ends, SIGTERM included (it ends like ``quit``: the store
    closed, the worker processes stopped), and return its exit code."""

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        return asyncio.run(table)
    finally:
        signal.signal(signal.SIGTERM, previous)
        workers.shutdown()


if __name__ == "__main__":
    sys.exit(main())
