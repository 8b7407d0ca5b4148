"""Planning from where a member already looks (issue 41): the turn post's "My choices", pressed by
a member whose decision it is not, answers privately with their plan and a "Plan a move" button;
the button opens a form of one entry (a move, or alternatives in order: ``place 3 | place 5``),
added as ``/plan add`` adds it and answered privately. The plan cog registers the button
(:data:`PLAN_BUTTONS`)."""

from __future__ import annotations

import re

import discord

from discord_io.client import PortolanClient, client_of
from discord_io.errors import guarded
from discord_io.first_response import answering
from discord_io.replies import acknowledge, reader_language, reply, reply_error
from engines.base import MAX_MOVE_LENGTH
from host.plans import plan_lines, planned_answer
from host.tables import TableError, TableRow, plays_itself
from i18n import T, say

FORM_SECONDS = 15 * 60
"""How long an open form waits for its member (Discord's own limit is the interaction's)."""

TITLE = T("Plan a move")
"""The button's label and the form's title."""


async def offer_plan(
    bot: PortolanClient, interaction: discord.Interaction, table: TableRow
) -> bool:
    """ "My choices" pressed by a member seated at ``table`` whose decision it is not: answer
    privately with their plan and the "Plan a move" button (True); False for anyone else (no
    seat, a seat on autopilot, no plans on this bot), who is told there is nothing to decide."""
    seat = table.seat_of(interaction.user.id)
    plans = bot.tables.plans
    if plans is None or seat is None or plays_itself(table, seat):
        return False
    lang = await reader_language(bot, interaction)
    entries = await plans.show(interaction.channel_id or 0, interaction.user.id)
    head = T(
        "You have no decision to make now. Plan a move, and it plays by itself when your "
        "decision comes (only you see your plan)."
    )
    view = discord.ui.View(timeout=None)
    view.add_item(PlanButton(table.id, say(lang, TITLE)))
    text = say(lang, head) + "\n" + plan_lines(entries, lang)
    await reply(interaction, text, ephemeral=True, view=view)
    return True


class PlanButton(discord.ui.DynamicItem[discord.ui.Button], template=r"pp:(?P<t>\d+)"):
    """ "Plan a move": opens the form for one entry of the member's plan at the table."""

    def __init__(self, table_id: int, label: str = "Plan a move") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=discord.ButtonStyle.primary, custom_id=f"pp:{table_id}"
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]) -> PlanButton:
        return cls(int(match["t"]), item.label or "Plan a move")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._press(interaction))

    async def _press(self, interaction: discord.Interaction) -> None:
        # The form is the answer itself (it cannot follow a deferral), so nothing is looked up
        # first but the member's language, which the host keeps in memory.
        bot = client_of(interaction)
        lang = await bot.tables.member_language(
            interaction.user.id, interaction.guild_id, locale=str(interaction.locale)
        )
        answering(interaction)
        await interaction.response.send_modal(PlanForm(self.table_id, lang))


class PlanForm(discord.ui.Modal):
    """One entry of a plan, in the member's words; added as ``/plan add`` adds it."""

    def __init__(self, table_id: int, lang: str) -> None:
        super().__init__(title=say(lang, TITLE)[:45], timeout=FORM_SECONDS)
        self.table_id = table_id
        self.move: discord.ui.TextInput = discord.ui.TextInput(
            label=say(lang, T("Your move, or alternatives in order"))[:45],
            placeholder=say(lang, T("e.g. place 3 | place 5 (the first legal one plays)"))[:100],
            max_length=MAX_MOVE_LENGTH,
        )
        self.add_item(self.move)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._submit(interaction))

    async def _submit(self, interaction: discord.Interaction) -> None:
        bot = client_of(interaction)
        await acknowledge(interaction)
        try:
            lang = await reader_language(bot, interaction)
            table = await bot.tables.running(interaction.channel_id or 0)
            if table.id != self.table_id:
                raise TableError(T("That game has ended; your plan was not added."))
            entries = await bot.tables.plans.add(
                interaction.channel_id, interaction.user.id, self.move.value
            )
        except TableError as error:
            await reply_error(interaction, error)
            return
        await reply(interaction, planned_answer(entries, lang), ephemeral=True)


PLAN_BUTTONS: tuple[type[discord.ui.DynamicItem[discord.ui.Button]], ...] = (PlanButton,)
"""The buttons the plan cog registers (their ``custom_id`` template outlives restarts)."""
