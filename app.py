"""The bot: :class:`PortolanBot` (the cogs, the command sync, the background loop, closing) and
:func:`create_bot`, which builds it on a store without connecting to Discord (the tests, the
benches and the catalog extractor use it). ``bot.py`` is the command line that runs it; nothing
imports ``bot.py``."""

from __future__ import annotations

import asyncio
import contextvars
import hashlib
import json
import logging
import os
import signal
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands, tasks

from discord_io.errors import answer_failure
from discord_io.texts import THREAD_ARCHIVE_MINUTES
from discord_io.translator import CommandTranslator
from discord_io.transport import DiscordTransport
from engines.base import Engine
from host import workers
from host.life import PlayByPost
from host.notify import Deliverer
from host.shutdown import bounded
from host.store import Shards, StaleVersion, Store
from host.tables import Outcome, TableService
from host.tournaments import TournamentService

if TYPE_CHECKING:
    from web.server import WebServer

log = logging.getLogger("portolan")

DEFAULT_DB = "portolan.db"
COGS = ("cogs.game", "cogs.play", "cogs.life", "cogs.tournament", "cogs.help", "cogs.plan")


TICK_SECONDS = 60
CLOSE_STEP_SECONDS = 10.0
"""The longest one step of closing the bot may take (see ``PortolanBot.close``)."""
RATELIMIT_TIMEOUT = 30.0
"""The longest rate-limit wait discord.py may sleep through inside one send."""


class PortolanBot(commands.AutoShardedBot):
    """The bot: slash commands and buttons only, sharded automatically, pinging nobody unless a
    send names them (``allowed_mentions`` is none by default)."""

    def __init__(
        self,
        store: Store,
        engines: Mapping[str, Engine] | None = None,
        *,
        shard_ids: list[int] | None = None,
        shard_count: int | None = None,
        sync: str = "auto",
    ) -> None:
        intents = discord.Intents.default()
        # Everything happens through interactions: no message events to receive or parse.
        intents.messages = False
        # discord.py takes shard_ids=None (its own choice) though its hints say a list.
        shards: dict[str, Any] = {"shard_ids": shard_ids, "shard_count": shard_count}
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            allowed_mentions=discord.AllowedMentions.none(),
            **shards,
            # A rate limit longer than this raises (discord.RateLimited) instead of sleeping
            # inside the send; the deliverer then parks that one target until Discord's retry
            # time and sends the others (30 s is the least discord.py accepts).
            max_ratelimit_timeout=RATELIMIT_TIMEOUT,
        )
        self.store = store
        self.sync_mode = sync  # "auto": when the command tree changed; "force"; "only" (then stop)
        self.tables = TableService(store, engines=engines)
        self.life = PlayByPost(self.tables)
        self.transport = DiscordTransport(self)
        self.deliverer = Deliverer(store, self.transport)
        # Seat fillers and autopilot seats move in the background, after the member who moved
        # was answered; each of their moves is delivered like anyone's.
        self.tables.on_pilot = self._deliver_outcome
        workers.use()
        self.tournaments = TournamentService(
            self.tables,
            self.life,
            make_thread=self.make_thread,
            deliver=self.deliverer.deliver,
        )
        self.tree.error(self.on_app_command_error)
        self._warned_disabled: set[int] = set()
        self.command_ids: dict[str, int] = {}
        """Slash command name -> id, from the last sync (for clickable command mentions)."""
        self._closing_all: asyncio.Future | None = None
        self.web: WebServer | None = None
        """The web pages served by this process (``start_pages``), if any."""
        self.released = asyncio.Event()
        """Set when :meth:`close` has released everything (a process may exit then)."""

    async def _deliver_outcome(self, outcome: Outcome) -> None:
        await self.deliverer.deliver(outcome.items)

    async def on_message(self, message: discord.Message) -> None:
        """No prefix commands: messages are never parsed (the bot does not even receive them)."""

    async def setup_hook(self) -> None:
        # Before any sync: the translator gives every command its Greek and Russian names.
        await self.tree.set_translator(CommandTranslator())
        try:
            await self.sync_commands(force=self.sync_mode in ("force", "only"))
        except (discord.HTTPException, OSError) as error:
            # Commands synced earlier keep working; a failed sync must not stop the games.
            log.error("syncing the slash commands failed; starting anyway: %s", error)
            if self.sync_mode == "only":
                raise
        if self.sync_mode != "only":
            self.outbox_loop.start()
            # Start the worker processes in the background: the first board need not wait.
            self.loop.run_in_executor(None, contextvars.Context().run, workers.warm)

    async def _command_layout(self) -> tuple[discord.Object | None, str]:
        """Arrange the tree for where commands live, and a hash of what Discord should have."""
        guild_id = os.environ.get("DISCORD_GUILD_ID")
        guild = discord.Object(id=int(guild_id)) if guild_id else None
        if guild is not None:
            # Test-server override: the commands live in that guild only. The global set is
            # emptied, or the guild would list every command twice.
            self.tree.copy_global_to(guild=guild)
            self.tree.clear_commands(guild=None)
        # The payload as synced, translations included: a new translation is a change to sync.
        translator = self.tree.translator or CommandTranslator()
        commands_json = [
            await c.get_translated_payload(self.tree, translator)
            for c in self.tree.get_commands(guild=guild)
        ]
        digest = hashlib.sha256(
            json.dumps([guild_id, commands_json], sort_keys=True, default=str).encode()
        ).hexdigest()
        return guild, digest

    async def sync_commands(self, *, force: bool = False) -> bool:
        """Sync the slash commands when they changed since the last sync (or ``force``);
        True if a sync was made. The hash of what was synced is kept in the database."""
        guild, digest = await self._command_layout()
        if not force and await self.store.get_meta("command_hash") == digest:
            log.info("slash commands unchanged since the last sync")
            self.command_ids = json.loads(await self.store.get_meta("command_ids") or "{}")
            return False
        synced = await self.tree.sync(guild=guild) if guild is not None else []
        synced += await self.tree.sync()  # with an override, this clears the global duplicates
        # The ids make command mentions clickable (</move:id>): discord_io.texts.command_mention.
        self.command_ids = {c.name: c.id for c in synced}
        await self.store.set_meta("command_ids", json.dumps(self.command_ids))
        await self.store.set_meta("command_hash", digest)
        log.info("slash commands synced%s", f" to guild {guild.id}" if guild else " globally")
        return True

    async def make_thread(self, channel_id: int, name: str) -> int:
        """A public thread under a channel, for one tournament table (the host's thread port)."""
        channel = self.get_channel(channel_id) or await self.fetch_channel(channel_id)
        if not isinstance(channel, discord.TextChannel):
            raise TypeError(f"channel {channel_id} cannot hold a tournament's threads")
        thread = await channel.create_thread(
            name=name,
            type=discord.ChannelType.public_thread,
            auto_archive_duration=THREAD_ARCHIVE_MINUTES,
        )
        return thread.id

    @tasks.loop(seconds=TICK_SECONDS)
    async def outbox_loop(self) -> None:
        await self.tick()

    async def tick(self) -> None:
        """Send due reminders and timeout notices, move tournaments on (expel seats past their
        grace, record results missed in a restart, pair complete rounds), then deliver whatever
        is pending (including what a crash or a failed send left behind).

        The first phase kicks the background pilot of every table where a seat filler (or a seat
        on autopilot) is to move: after a restart, or after a move committed by another process.

        Each phase, and each table in the reminder phase, is guarded: one broken game, a locked
        database or a race with another process is logged and retried next tick, never the end
        of the loop for every game."""
        for name, phase in (
            ("seat fillers", self.tables.kick_due),  # restart-safe: from the stored state
            ("reminders", self.tick_tables),
            ("digests", self.send_digests),
            ("tournaments", self.tournaments.tick),
            ("delivery", self.deliverer.flush),
        ):
            try:
                await phase()
            except Exception:
                log.exception("background %s failed; retrying next tick", name)

    async def tick_tables(self) -> None:
        """The reminder phase, one table at a time (as ``PlayByPost.tick`` does, with a guard
        around each table)."""
        for table in await self.store.live_tables(timed_only=True):
            if table.game not in self.tables.engines:
                if table.id not in self._warned_disabled:
                    self._warned_disabled.add(table.id)
                    log.warning(
                        "table %s plays %s, which is disabled; skipped", table.id, table.game
                    )
                continue
            if not table.clock:
                continue
            try:
                outcome = await self.life.tick_table(table)
                if outcome is not None:
                    await self.deliverer.deliver(outcome.items)
            except StaleVersion:
                # Another process changed this table between our read and write: it did the work.
                log.info("table %s changed in another process; skipped this tick", table.id)
            except Exception:
                log.exception("reminders of table %s failed; retrying next tick", table.id)

    async def send_digests(self) -> None:
        """The daily digests due now (``PlayByPost.digests``), named with the servers' names."""
        items = await self.life.digests({guild.id: guild.name for guild in self.guilds})
        if items:
            await self.deliverer.deliver(items)

    @outbox_loop.before_loop
    async def _wait_ready(self) -> None:
        await self.wait_until_ready()

    @outbox_loop.error
    async def _loop_failed(self, error: BaseException) -> None:
        # tick() guards every phase, so this is a bug; restart rather than stop for good.
        log.error("the background loop failed; restarting it", exc_info=error)
        self.loop.call_later(TICK_SECONDS, self._restart_loop)

    def _restart_loop(self) -> None:
        if not self.is_closed() and not self.outbox_loop.is_running():
            self.outbox_loop.start()

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: Exception
    ) -> None:
        await answer_failure(interaction, error)

    async def close(self) -> None:
        """Release everything, whatever one step does: each step is guarded and bounded
        (:func:`host.shutdown.bounded`), so the database connections are always closed and the
        worker processes always stopped, and the process can exit. Safe to call twice, or on a
        bot whose start failed halfway: the second call waits for the first."""
        if self._closing_all is None:
            self._closing_all = asyncio.ensure_future(self._close_all())
        await asyncio.shield(self._closing_all)

    async def _close_all(self) -> None:
        bound = CLOSE_STEP_SECONDS
        steps: tuple[tuple[str, Callable[[], Awaitable[object]]], ...] = (
            ("the background loop", self._stop_loop),
            # What the outbox holds is sent while Discord is still connected (a supervisor's
            # SIGTERM loses no post); what this step does not send stays for the next start.
            ("sending what is pending", self._flush_if_connected),
            ("the Discord connection", super().close),
            # A filler mid-search loses nothing: commits are whole.
            ("the seat fillers", self.tables.stop_pilots),
            # Parked targets stay pending in the outbox, for the next start.
            ("delivery", self.deliverer.close),
            # Let a round that is being paired finish its commit.
            ("the tournaments", self.tournaments.settle),
            # The pages read the database: they stop before it closes.
            ("the web pages", self._stop_pages),
            ("the database", self.store.close),
            # The last bot of the process stops the worker processes (itself bounded).
            ("the worker processes", lambda: asyncio.to_thread(workers.release)),
        )
        for name, step in steps:
            await bounded(name, step, bound)
        self.released.set()
        log.info("closed")

    async def _stop_pages(self) -> None:
        server, self.web = self.web, None
        if server is not None:
            await server.stop()

    async def _stop_loop(self) -> None:
        self.outbox_loop.cancel()

    async def _flush_if_connected(self) -> None:
        if self.is_ready() and not self.is_closed():
            await self.deliverer.flush()

    def close_on_sigterm(self) -> None:
        """Close gracefully on SIGTERM (what a supervisor, systemd or Docker sends to stop the
        bot): ``start`` then returns and the process exits."""
        try:
            asyncio.get_running_loop().add_signal_handler(
                signal.SIGTERM, lambda: asyncio.ensure_future(self.close())
            )
        except (NotImplementedError, RuntimeError):  # not on this platform, or not main thread
            log.warning("SIGTERM cannot be handled here; the bot will not close gracefully on it")


async def create_bot(
    db_path: str | os.PathLike | None = None,
    *,
    engines: Mapping[str, Engine] | None = None,
    shard_ids: list[int] | None = None,
    shard_count: int | None = None,
    sync: str = "auto",
) -> PortolanBot:
    """Build the bot with every cog loaded and the store open, without connecting to Discord.

    ``engines`` replaces the game registry (tests add a test-only game); ``shard_ids`` and
    ``shard_count`` pin this process to some shards (default: Discord's recommendation);
    ``sync``: "auto" syncs commands when they changed, "force" always, "only" syncs and stops."""
    # A process that runs only some shards ticks and delivers only their servers' rows, so
    # several processes can share one (PostgreSQL) database.
    shards = Shards.of(shard_ids, shard_count) if shard_ids and shard_count else None
    store = await Store.open(db_path or os.environ.get("PORTOLAN_DB", DEFAULT_DB), shards=shards)
    try:
        bot = PortolanBot(
            store, engines=engines, shard_ids=shard_ids, shard_count=shard_count, sync=sync
        )
    except BaseException:
        await store.close()
        raise
    try:
        for name in COGS:
            await bot.load_extension(name)
    except BaseException:
        await bot.close()  # a start that failed halfway leaves nothing open
        raise
    return bot
