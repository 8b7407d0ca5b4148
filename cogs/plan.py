"""Planning ahead (issue 41): ``/plan add``, ``/plan show``, ``/plan clear``, answered privately.
The host (:mod:`host.plans`) keeps the plans and plays them when their member's decision comes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import acknowledge, reader_language, reply, reply_error
from engines.base import MAX_MOVE_LENGTH
from host.plans import Plans, plan_lines
from host.tables import TableError
from i18n import T, say

if TYPE_CHECKING:
    from bot import PortolanBot


class PlanCog(commands.Cog):
    plan = app_commands.Group(
        name="plan",
        description="Plan your next moves; they play when your turn comes",
        guild_only=True,
    )

    def __init__(self, bot: PortolanBot) -> None:
        self.bot = bot
        self.plans: Plans = bot.tables.plans or Plans(bot.tables)

    @plan.command(name="add", description="Add a move to your plan (only you see it)")
    @app_commands.describe(
        move="The move, alternatives in order: place 3 | place 5",
        unless_changed="Drop the plan if another player moves before it plays",
    )
    async def add(
        self,
        interaction: discord.Interaction,
        move: app_commands.Range[str, 1, MAX_MOVE_LENGTH],
        unless_changed: bool = False,
    ) -> None:
        await acknowledge(interaction)
        try:
            lang = await reader_language(self.bot, interaction)
            entries = await self.plans.add(
                interaction.channel_id,
                interaction.user.id,
                move,
                unless_changed=unless_changed,
            )
        except TableError as error:
            await reply_error(interaction, error)
            return
        head = say(lang, T("Planned. It plays when your decision comes."))
        await reply(interaction, head + "\n" + plan_lines(entries, lang), ephemeral=True)

    @add.autocomplete("move")
    async def move_autocomplete(self, interaction: discord.Interaction, current: str):
        # Your legal moves when it is your decision now (as /move offers them); else nothing.
        lang = await self.bot.tables.member_language(
            interaction.user.id, interaction.guild_id, locale=str(interaction.locale)
        )
        choices = await self.bot.tables.move_choices(
            interaction.channel_id, interaction.user.id, current, lang=lang
        )
        return [
            app_commands.Choice(name=name[:100], value=value[:100]) for name, value in choices[:25]
        ]

    @plan.command(name="show", description="Your plan at this channel's game (only you see it)")
    async def show(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        try:
            lang = await reader_language(self.bot, interaction)
            entries = await self.plans.show(interaction.channel_id, interaction.user.id)
        except TableError as error:
            await reply_error(interaction, error)
            return
        await reply(interaction, plan_lines(entries, lang), ephemeral=True)

    @plan.command(name="clear", description="Forget your plan at this channel's game")
    async def clear(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        try:
            count = await self.plans.clear(interaction.channel_id, interaction.user.id)
        except TableError as error:
            await reply_error(interaction, error)
            return
        text = T("Your plan is cleared.") if count else T("You had no plan at this game.")
        await reply(interaction, text, ephemeral=True)


async def setup(bot: PortolanBot) -> None:
    await bot.add_cog(PlanCog(bot))
