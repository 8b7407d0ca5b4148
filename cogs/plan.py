"""Planning ahead (issue 41): ``/plan add``, ``/plan show``, ``/plan clear``, answered privately.
The host (:mod:`host.plans`) keeps the plans and plays them when their member's decision comes.

The commands work anywhere, installed by a server or by the member (a DM, another server): their
``game`` option, with the member's running games to pick from (as ``/catchup``'s), names the
table; without it, the game in the channel they are used in. ``/plan show`` with neither lists
the member's plans at all their games."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, cast

import discord
from discord import app_commands
from discord.ext import commands

from discord_io.first_response import timed_autocomplete
from discord_io.planning import PLAN_BUTTONS
from discord_io.replies import acknowledge, reader_language, reply, reply_error
from engines.base import MAX_MOVE_LENGTH
from host.life import NO_ACCESS
from host.plans import Plans, plan_lines, planned_answer
from host.tables import TableError
from i18n import T, say

if TYPE_CHECKING:
    from discord_io.client import PortolanClient


GAME = "Which of your games (default: this channel's)"
"""The ``game`` option of ``/plan add|show|clear``: a table id, from the member's running games."""


class GameChoices(Protocol):
    """What this cog asks of the life cog (by name: cogs do not import each other)."""

    async def game_choices(self, interaction: discord.Interaction, current: str) -> Any: ...


class PlanCog(commands.Cog):
    plan = app_commands.Group(
        name="plan",
        description="Plan your next moves; they play when your turn comes",
        # Subcommands take their group's: anywhere, installed by a server or by the member.
        allowed_contexts=app_commands.AppCommandContext(
            guild=True, dm_channel=True, private_channel=True
        ),
        allowed_installs=app_commands.AppInstallationType(guild=True, user=True),
    )

    def __init__(self, bot: PortolanClient) -> None:
        self.bot = bot
        self.plans: Plans = bot.tables.plans or Plans(bot.tables)

    async def _channel(self, interaction: discord.Interaction, game: str | None) -> int:
        """The channel of the table the member means: ``game`` (a table id from the list of
        their running games), else the channel the command was used in."""
        if game is None:
            return interaction.channel_id or 0
        if not game.isdigit():
            raise TableError(T("Pick one of your games from the list."))
        user_id = interaction.user.id
        found = next(
            (
                g
                for g in await self.bot.life.games_of(user_id, links=False)
                if g.table.id == int(game)
            ),
            None,
        )
        if found is None:
            if int(game) in await self.bot.life.hidden_from(user_id):
                raise TableError(T(NO_ACCESS))
            raise TableError(
                T("You do not sit at that game (or it has ended). Pick one from the list.")
            )
        return found.table.channel_id

    async def _game_choices(self, interaction: discord.Interaction, current: str):
        life = cast("GameChoices | None", self.bot.get_cog("LifeCog"))
        return await life.game_choices(interaction, current) if life is not None else []

    @plan.command(name="add", description="Add a move to your plan (only you see it)")
    @app_commands.describe(
        move="The move, alternatives in order: place 3 | place 5",
        unless_changed="Drop the plan if another player moves before it plays",
        game=GAME,
    )
    async def add(
        self,
        interaction: discord.Interaction,
        move: app_commands.Range[str, 1, MAX_MOVE_LENGTH],
        unless_changed: bool = False,
        game: str | None = None,
    ) -> None:
        await acknowledge(interaction)
        try:
            lang = await reader_language(self.bot, interaction)
            entries = await self.plans.add(
                await self._channel(interaction, game),
                interaction.user.id,
                move,
                unless_changed=unless_changed,
            )
        except TableError as error:
            await reply_error(interaction, error)
            return
        await reply(interaction, planned_answer(entries, lang), ephemeral=True)

    @add.autocomplete("move")
    @timed_autocomplete
    async def move_autocomplete(self, interaction: discord.Interaction, current: str):
        # Your legal moves when it is your decision now (as /move offers them); else nothing.
        lang = await self.bot.tables.member_language(
            interaction.user.id, interaction.guild_id, locale=str(interaction.locale)
        )
        try:
            channel_id = await self._channel(interaction, interaction.namespace.game)
        except TableError:
            return []
        choices = await self.bot.tables.move_choices(
            channel_id, interaction.user.id, current, lang=lang
        )
        return [
            app_commands.Choice(name=name[:100], value=value[:100]) for name, value in choices[:25]
        ]

    @add.autocomplete("game")
    @timed_autocomplete
    async def add_game_autocomplete(self, interaction: discord.Interaction, current: str):
        return await self._game_choices(interaction, current)

    @plan.command(name="show", description="Your plan at this channel's game (only you see it)")
    @app_commands.describe(game=GAME)
    async def show(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await acknowledge(interaction)
        try:
            lang = await reader_language(self.bot, interaction)
            if (
                game is None
                and await self.bot.store.live_table(interaction.channel_id or 0) is None
            ):
                text = await self._all_plans(interaction.user.id, lang)
            else:
                channel_id = await self._channel(interaction, game)
                entries = await self.plans.show(channel_id, interaction.user.id)
                text = plan_lines(entries, lang)
        except TableError as error:
            await reply_error(interaction, error)
            return
        await reply(
            interaction, text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @show.autocomplete("game")
    @timed_autocomplete
    async def show_game_autocomplete(self, interaction: discord.Interaction, current: str):
        return await self._game_choices(interaction, current)

    async def _all_plans(self, user_id: int, lang: str) -> str:
        """``/plan show`` away from any game: the member's plans at each of their games."""
        servers = {guild.id: guild.name for guild in self.bot.guilds}
        parts = []
        for found in await self.bot.life.games_of(user_id, links=False):
            entries = await self.bot.store.plan(found.table.id, user_id)
            if not entries:
                continue
            head = T(
                "{game} on {server} (table {table}): {state}",
                game=found.title,
                server=servers.get(found.table.guild_id or 0) or T("a server"),
                table=found.table.id,
                state=T("your move") if found.mine else T("waiting"),
            )
            parts.append(f"**{say(lang, head)}**\n{plan_lines(entries, lang)}")
        if not parts:
            return say(lang, T("You have no plan at any of your games."))
        return "\n\n".join(parts)

    @plan.command(name="clear", description="Forget your plan at this channel's game")
    @app_commands.describe(game=GAME)
    async def clear(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await acknowledge(interaction)
        try:
            channel_id = await self._channel(interaction, game)
            count = await self.plans.clear(channel_id, interaction.user.id)
        except TableError as error:
            await reply_error(interaction, error)
            return
        text = T("Your plan is cleared.") if count else T("You had no plan at this game.")
        await reply(interaction, text, ephemeral=True)

    @clear.autocomplete("game")
    @timed_autocomplete
    async def clear_game_autocomplete(self, interaction: discord.Interaction, current: str):
        return await self._game_choices(interaction, current)


async def setup(bot: PortolanClient) -> None:
    await bot.add_cog(PlanCog(bot))
    bot.add_dynamic_items(*PLAN_BUTTONS)
