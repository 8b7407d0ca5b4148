"""The SimCord harness shared by the Discord-facing tests.

Every test here runs the real bot (``bot.create_bot``) against SimCord's in-memory Discord: slash
commands must be synced to be invoked, interactions follow Discord's lifecycle, permissions are
checked server-side, time is virtual, and ``env.restart_bot`` restarts the bot on the same
database while the simulated world persists.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord

from bot import PortolanBot, create_bot
from engines import ENGINES
from tests.podium import ENGINE as PODIUM
from tests.sealed_bids import ENGINE as SEALED

TEST_ENGINES = {**ENGINES, SEALED.id: SEALED, PODIUM.id: PODIUM}


async def stub_render(spec: Any) -> bytes | None:
    """A stand-in renderer, for tests whose point is not the picture (it saves seconds a game)."""
    return b"\x89PNG stub" if spec else None


TEST_TICK = 1800
"""The background loop's period in tests: half an hour of virtual time, so advancing a day runs
48 ticks rather than 1,440 (reminders are hours apart anyway)."""


@dataclass
class World:
    """One guild with a games channel and three members; Cy may manage the server."""

    env: Any
    db: Path
    guild: Any
    channel: Any
    ana: Any
    bo: Any
    cy: Any

    @property
    def bot(self) -> PortolanBot:
        return self.env.bot

    @property
    def members(self) -> dict[int, Any]:
        return {m.id: m for m in (self.ana, self.bo, self.cy, *self.extra)}

    extra: tuple = ()

    def add_member(self, name: str) -> Any:
        member = self.guild.add_member(self.env.create_user(name))
        self.extra = (*self.extra, member)
        return member

    async def restart(self) -> None:
        """Stop the bot and start a new one on the same database; Discord keeps its state."""
        old = self.env.bot
        await old.tables.stop_pilots()  # a pilot that the test started outside the bot
        new = await create_bot(self.db, engines=TEST_ENGINES, shard_count=1)
        new.tables.now = old.tables.now  # the host's clock stays SimCord's virtual clock
        new.outbox_loop.change_interval(seconds=TEST_TICK)
        await self.env.restart_bot(new)
        await old.store.close()

    async def table(self, channel: Any = None):
        return await self.bot.store.live_table((channel or self.channel).id)

    async def waiting(self, channel: Any = None) -> Any:
        """The member whose move the game in ``channel`` awaits (the first, if several)."""
        table = await self.table(channel)
        engine = self.bot.tables.engine(table.game)
        seat = engine.to_move(engine.decode(table.state))[0]
        return self.members[table.user_of(seat)]

    async def open_and_start(self, game: str = "sealed", players: list | None = None, **options):
        players = players or [self.ana, self.bo]
        await players[0].slash(self.channel, "game new", game=game, **options)
        for member in players[1:]:
            await member.slash(self.channel, "game join")
        return await players[0].slash(self.channel, "game start")


def build_world(env: Any, db: Path) -> World:
    # The host reads SimCord's virtual clock, so ``env.advance_time`` moves turn clocks too.
    env.bot.tables.now = lambda: env.now().timestamp()
    env.bot.outbox_loop.change_interval(seconds=TEST_TICK)
    guild = env.create_guild("Harbour")
    channel = guild.create_text_channel("games")
    admins = guild.create_role(
        "Admins", permissions=discord.Permissions(manage_guild=True, manage_channels=True)
    )
    ana = guild.add_member(env.create_user("ana"))
    bo = guild.add_member(env.create_user("bo"))
    cy = guild.add_member(env.create_user("cy"), roles=[admins])
    return World(env=env, db=db, guild=guild, channel=channel, ana=ana, bo=bo, cy=cy)


def texts(channel: Any) -> list[str]:
    """Every message in a channel, oldest first."""
    return [m.content for m in channel.history()]


def dms(member: Any) -> list[str]:
    return [m.content for m in member.user.dm_channel.history()]


def requests(env: Any, method: str, fragment: str) -> list[Any]:
    return [r for r in env.http_requests if r.method == method and fragment in r.path]


def lobby_post(channel: Any) -> Any:
    """The channel's latest lobby message (the one with Join / Leave / Start buttons)."""
    marks = ("Press **Join**", "the game has started")
    return next(m for m in reversed(channel.history()) if any(x in m.content for x in marks))


def private(result: Any) -> bool:
    """Whether everything an interaction answered was ephemeral (only the member saw it)."""
    parts = list(result.followups)
    # After a button's deferred update, the "response" is the message the button is under.
    if result.response is not None and result._interaction.response_kind.value != (
        "deferred_update"
    ):
        parts.append(result.response)
    return bool(parts) and all(p.ephemeral for p in parts)


def said(result: Any) -> str:
    """Everything an interaction answered (its response and followups), as one text."""
    parts = [result.response] if result.response is not None else []
    parts += [f for f in result.followups if f not in parts]
    return "\n".join(p.content for p in parts)


def accepted(result: Any) -> bool:
    """The action was taken: a public post, or the private "done" of an edited turn post."""
    text = said(result)
    return bool(text) and not text.startswith("⚠️") and "went wrong" not in text
