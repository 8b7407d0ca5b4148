"""The persistent buttons under posts: a move, "My choices", an undo vote.

They are :class:`discord.ui.DynamicItem` subclasses whose state lives in their ``custom_id``, so
they keep working after a restart without any view being re-registered per message; the play cog
registers them (:data:`PLAY_BUTTONS`)."""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord

from discord_io.client import channel_id_of, client_of
from discord_io.errors import guarded
from discord_io.planning import offer_plan
from discord_io.replies import acknowledge, announce, reader_language, reply, reply_error
from discord_io.texts import clip, command_mention
from host.tables import TableError
from host.talk import fit_label
from i18n import Msg, T, say

MAX_PRIVATE_BUTTONS = 20
"""Buttons in the private answer of "My choices" (Discord allows 25 per message)."""


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"pm:(?P<t>\d+):(?P<v>\d+):(?P<i>\d+)"
):
    """One option of a small decision, offered as a button under the turn prompt."""

    def __init__(self, table_id: int, version: int, index: int, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.primary,
                custom_id=f"pm:{table_id}:{version}:{index}",
            )
        )
        self.table_id, self.version, self.index = table_id, version, index

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]) -> MoveButton:
        return cls(int(match["t"]), int(match["v"]), int(match["i"]), item.label or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._press(interaction))

    async def _press(self, interaction: discord.Interaction) -> None:
        bot = client_of(interaction)
        await acknowledge(interaction)
        try:
            channel_id = channel_id_of(interaction)
            table = await bot.tables.running(channel_id)
            if table.id != self.table_id or table.version != self.version:
                raise TableError(T("That choice is out of date: the game has moved on."))
            moves = await bot.tables.legal_moves(channel_id, interaction.user.id)
            if self.index >= len(moves):
                raise TableError(T("That choice is not yours to make, or no longer available."))
            outcome = await bot.tables.submit(
                channel_id,
                interaction.user.id,
                moves[self.index],
                expected_version=self.version,
                lang=await reader_language(bot, interaction),
            )
        except TableError as error:
            await reply_error(interaction, error)
            return
        await announce(bot, interaction, outcome)


class ChoicesButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"pc:(?P<t>\d+):(?P<v>\d+)"
):
    """ "My choices": the mover's options, answered privately (ephemeral) with their buttons."""

    LABEL = T("My choices")

    def __init__(self, table_id: int, version: int, label: str = LABEL) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                custom_id=f"pc:{table_id}:{version}",
            )
        )
        self.table_id, self.version = table_id, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]) -> ChoicesButton:
        return cls(int(match["t"]), int(match["v"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._press(interaction))

    async def _press(self, interaction: discord.Interaction) -> None:
        bot = client_of(interaction)
        await acknowledge(interaction)
        try:
            channel_id = channel_id_of(interaction)
            table = await bot.tables.running(channel_id)
            if table.id != self.table_id or table.version != self.version:
                raise TableError(T("Those choices are out of date: the game has moved on."))
            # For exactly this version: the buttons below are resolved against it.
            choices = await bot.tables.move_choices(
                channel_id,
                interaction.user.id,
                table=table,
                lang=await reader_language(bot, interaction),
            )
            if not choices:
                if await offer_plan(bot, interaction, table):  # a seated member plans (issue 41)
                    return
                raise TableError(T("You have no decision to make now."))
        except TableError as error:
            await reply_error(interaction, error)
            return
        lang = await reader_language(bot, interaction)
        names = [say(lang, name) for name, _ in choices]
        lines = [f"• {name}" for name in names]
        view = None
        if len(choices) <= MAX_PRIVATE_BUTTONS:
            view = discord.ui.View(timeout=None)
            for index, name in enumerate(names):
                view.add_item(MoveButton(self.table_id, self.version, index, fit_label(name)))
        else:
            too_many = T(
                "Too many to show as buttons: use {move}.", move=command_mention(bot, "move")
            )
            lines.append(say(lang, too_many))
        heading = say(lang, T("Your choices (only you see this):"))
        text = heading + "\n" + "\n".join(lines)
        buttons: dict[str, Any] = {"view": view} if view else {}
        await reply(interaction, clip(text), ephemeral=True, **buttons)


class UndoButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"pu:(?P<t>\d+):(?P<v>\d+):(?P<a>yes|no)"
):
    """Agree to or refuse another player's undo request."""

    LABELS: ClassVar[dict[str, Msg]] = {"yes": T("Allow undo"), "no": T("Refuse")}

    def __init__(self, table_id: int, version: int, answer: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or self.LABELS[answer],
                style=discord.ButtonStyle.success
                if answer == "yes"
                else discord.ButtonStyle.danger,
                custom_id=f"pu:{table_id}:{version}:{answer}",
            )
        )
        self.table_id, self.version, self.answer = table_id, version, answer

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]) -> UndoButton:
        return cls(int(match["t"]), int(match["v"]), match["a"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._press(interaction))

    async def _press(self, interaction: discord.Interaction) -> None:
        bot = client_of(interaction)
        await acknowledge(interaction)
        try:
            channel_id = channel_id_of(interaction)
            table = await bot.tables.running(channel_id)
            if table.id != self.table_id:
                raise TableError(T("That vote belongs to another game."))
            outcome = await bot.life.vote(
                channel_id,
                interaction.user.id,
                self.answer == "yes",
                version=self.version,
            )
        except TableError as error:
            await reply_error(interaction, error)
            return
        await announce(bot, interaction, outcome)


PLAY_BUTTONS: tuple[type[discord.ui.DynamicItem[discord.ui.Button]], ...] = (
    MoveButton,
    ChoicesButton,
    UndoButton,
)
"""The buttons the play cog registers (their ``custom_id`` templates outlive restarts)."""
