"""Playing: ``/move`` (with autocomplete), ``/board``, ``/hand``, ``/log``, ``/rules``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import acknowledge, announce, clip, png_file, post_public, reply, reply_error
from cogs.game import GAME_CHOICES
from engines import ENGINES
from engines.base import MAX_MOVE_LENGTH
from host.catalog import provenance_line
from host.images import render_png_async
from host.tables import TableError, private_summary

if TYPE_CHECKING:
    from bot import PortolanBot


def rules_text(game: str, topic: str | None) -> str:
    engine = ENGINES[game]
    topics: dict[str, str] = dict(getattr(engine, "rules_topics", {}) or {})
    topics["data"] = (
        f"Component data for {engine.title}: {provenance_line(game)}. "
        "`rulebook` = stated in the rulebook transcript, "
        "`public` = public description of the game, "
        "`provisional` = designed to fit every count and example the rules give."
    )
    topic = (topic or ("summary" if "summary" in topics else sorted(topics)[0])).lower()
    if topic not in topics:
        return f"No topic `{topic[:30]}` for {engine.title}. Topics: {', '.join(sorted(topics))}."
    others = ", ".join(t for t in sorted(topics) if t != topic)
    return clip(f"**{engine.title}: {topic}**\n{topics[topic]}\n\n_Other topics: {others}_")


class PlayCog(commands.Cog):
    def __init__(self, bot: PortolanBot) -> None:
        self.bot = bot

    @app_commands.command(name="move", description="Make your move in this channel's game")
    @app_commands.describe(move="Your move; start typing to see the legal ones")
    async def move(
        self, interaction: discord.Interaction, move: app_commands.Range[str, 1, MAX_MOVE_LENGTH]
    ) -> None:
        # Answered before the lock, the commit and any picture: the seat fillers that follow
        # move in the background (``TableService.kick``), never inside this interaction.
        await acknowledge(interaction)
        try:
            outcome = await self.bot.tables.submit(
                interaction.channel_id, interaction.user.id, move
            )
        except TableError as error:
            await reply_error(interaction, error)
            return
        await announce(self.bot, interaction, outcome)

    @move.autocomplete("move")
    async def move_autocomplete(self, interaction: discord.Interaction, current: str):
        # Names are the moves in words; values are the canonical move marked with the version it
        # was offered at, so a choice picked after the game moved on is refused, not misapplied.
        choices = await self.bot.tables.move_choices(
            interaction.channel_id, interaction.user.id, current
        )
        return [
            app_commands.Choice(name=name[:100], value=value[:100]) for name, value in choices[:25]
        ]

    @app_commands.command(name="board", description="Show the latest board of this channel's game")
    @app_commands.describe(
        public="Post it for everyone (default: only you see it)",
        detail="The denser image with everything that does not fit the board",
    )
    async def board(
        self, interaction: discord.Interaction, public: bool = False, detail: bool = False
    ) -> None:
        await acknowledge(interaction)  # privately even when public: it may be refused
        try:
            table, view = await self.bot.tables.board_view(interaction.channel_id)
        except TableError as error:
            await reply_error(interaction, error)
            return
        kind = "detail" if detail else "board"
        spec = {"kind": kind, "game": table.game, "view": view}
        png = await render_png_async(spec)
        engine = self.bot.tables.engine(table.game)
        what = "in detail" if detail else ""
        text = f"{engine.title}, after move {table.move_count} {what}".strip()
        if public:
            await post_public(interaction, text, png=png, filename=f"{kind}.png", spec=spec)
            return
        kwargs = {"file": file} if (file := png_file(png, f"{kind}.png", spec)) else {}
        await interaction.followup.send(text, ephemeral=True, **kwargs)

    @app_commands.command(name="hand", description="Your private information (only you see it)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        try:
            table, view = await self.bot.tables.hand(interaction.channel_id, interaction.user.id)
        except TableError as error:
            await reply_error(interaction, error)
            return
        spec = {"kind": "private", "game": table.game, "view": view}
        png = await render_png_async(spec)
        kwargs = {"file": file} if (file := png_file(png, "private.png", spec)) else {}
        summary = private_summary(view, self.bot.tables.engine(table.game))
        await interaction.followup.send(clip(summary), ephemeral=True, **kwargs)

    @app_commands.command(name="log", description="The last moves of this channel's game")
    @app_commands.describe(count="How many moves (1-50, default 10)")
    async def log(
        self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 50] = 10
    ) -> None:
        await acknowledge(interaction)
        try:
            lines = await self.bot.tables.recent_log(interaction.channel_id, count)
        except TableError as error:
            await reply_error(interaction, error)
            return
        text = "\n".join(lines) or "No moves yet."
        # Keep the newest lines when the log is longer than a message.
        while len(text) > 1900:
            lines = lines[1:]
            text = "\n".join(lines)
        await reply(
            interaction, text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(
        name="rules", description="Rules summary, move syntax and data provenance"
    )
    @app_commands.describe(
        game="Which game (default: this channel's)", topic="summary, moves, data, ..."
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(
        self, interaction: discord.Interaction, game: str | None = None, topic: str | None = None
    ) -> None:
        await acknowledge(interaction)
        game = game or await self._channel_game(interaction.channel_id)
        if game is None:
            await reply_error(
                interaction,
                TableError(
                    "No game in this channel: name one, e.g. `/rules game:tahiti`. "
                    f"Games: {', '.join(ENGINES)}."
                ),
            )
            return
        if game not in ENGINES:
            await reply_error(interaction, TableError(f"Unknown game `{game[:40]}`."))
            return
        await reply(interaction, rules_text(game, topic), ephemeral=True)

    async def _channel_game(self, channel_id: int | None) -> str | None:
        """The game of this channel's latest table, if any (so `/rules` needs no game there)."""
        if channel_id is None:
            return None
        table = await self.bot.store.latest_table(channel_id)
        return table.game if table is not None and table.game in ENGINES else None

    @rules.autocomplete("topic")
    async def topic_autocomplete(self, interaction: discord.Interaction, current: str):
        game = getattr(interaction.namespace, "game", None)
        game = game or await self._channel_game(interaction.channel_id)
        engine = ENGINES.get(game) if game else None
        topics = (
            sorted({*getattr(engine, "rules_topics", {}), "data"})
            if engine
            else ["summary", "moves", "data"]
        )
        return [app_commands.Choice(name=t, value=t) for t in topics if current.lower() in t][:25]


async def setup(bot: PortolanBot) -> None:
    await bot.add_cog(PlayCog(bot))
