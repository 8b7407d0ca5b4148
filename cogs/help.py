"""``/help``: what the bot is and how to play (text from :mod:`host.guide`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from discord_io.replies import acknowledge, reader_language, reply
from discord_io.texts import MESSAGE_LIMIT
from host.guide import help_text

if TYPE_CHECKING:
    from discord_io.client import PortolanClient


class HelpCog(commands.Cog):
    def __init__(self, bot: PortolanClient) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="What Portolan is and how to play")
    async def help(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)  # the member's language may be read from the store
        lang = await reader_language(self.bot, interaction)
        # Greek and Russian say it in more than one message's room: a page a message, cut
        # between paragraphs.
        pages = [""]
        for line in help_text(self.bot.tables.engines, lang).split("\n"):
            if pages[-1] and len(pages[-1]) + len(line) + 1 > MESSAGE_LIMIT - 100:
                pages.append("")
            pages[-1] += ("\n" if pages[-1] else "") + line
        for page in pages:
            await reply(interaction, page, lang=lang)


async def setup(bot: PortolanClient) -> None:
    await bot.add_cog(HelpCog(bot))
