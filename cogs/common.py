"""What every cog shares: replying, sending outcomes, the Discord transport, persistent buttons.

Buttons are :class:`discord.ui.DynamicItem` subclasses whose state lives in their ``custom_id``, so
they keep working after a restart without any view being re-registered per message.
"""

from __future__ import annotations

import io
import logging
import re
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from host.images import render_png_async
from host.notify import Deliverer
from host.store import OutboxItem
from host.tables import Outcome, TableError, nonce_for

if TYPE_CHECKING:
    from bot import PortolanBot

log = logging.getLogger("portolan.cogs")

MESSAGE_LIMIT = 2000


def clip(text: str, limit: int = MESSAGE_LIMIT - 50) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def display_name(user: discord.abc.User) -> str:
    name = getattr(user, "display_name", None) or getattr(user, "name", None) or str(user.id)
    # Names appear in messages and images: keep them short and free of mention syntax.
    return re.sub(r"[@<>`*_~|]", "", name)[:32] or str(user.id)


def png_file(png: bytes | None, name: str) -> discord.File | None:
    return discord.File(io.BytesIO(png), filename=name) if png else None


async def reply(
    interaction: discord.Interaction, text: str, *, ephemeral: bool = True, **kw
) -> None:
    """Answer an interaction whether or not it was already acknowledged."""
    if interaction.response.is_done():
        await interaction.followup.send(clip(text), ephemeral=ephemeral, **kw)
    else:
        await interaction.response.send_message(clip(text), ephemeral=ephemeral, **kw)


async def reply_error(interaction: discord.Interaction, error: Exception) -> None:
    await reply(interaction, f"⚠️ {error}", ephemeral=True)


def choice_view(item: OutboxItem) -> discord.ui.View | None:
    """Buttons for a decision with only a few options, or for an undo vote (from the payload)."""
    if vote := item.payload.get("undo_vote"):
        view = discord.ui.View(timeout=None)
        view.add_item(UndoButton(vote["table_id"], vote["version"], "yes"))
        view.add_item(UndoButton(vote["table_id"], vote["version"], "no"))
        return view
    choices = item.payload.get("choices")
    if not choices:
        return None
    view = discord.ui.View(timeout=None)
    for index, move in enumerate(choices["moves"]):
        view.add_item(MoveButton(item.payload["table_id"], item.payload["version"], index, move))
    return view


def mentions_allowed() -> discord.AllowedMentions:
    # Only the players we mean to ping: never @everyone or roles from a player's name.
    return discord.AllowedMentions(everyone=False, roles=False, users=True)


class DiscordTransport:
    """Sends outbox items to Discord channels and DMs."""

    def __init__(self, bot: PortolanBot) -> None:
        self.bot = bot

    async def _channel(self, channel_id: int) -> Any:
        return self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)

    async def _user(self, user_id: int) -> Any:
        return self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)

    async def send_channel(self, item: OutboxItem, png: bytes | None) -> None:
        channel = await self._channel(item.target)
        kwargs: dict[str, Any] = {
            "allowed_mentions": mentions_allowed(),
            "nonce": nonce_for(item.key),
        }
        if file := png_file(png, "board.png"):
            kwargs["file"] = file
        if view := choice_view(item):
            kwargs["view"] = view
        await channel.send(clip(item.payload["text"] or "…"), **kwargs)

    async def send_dm(self, item: OutboxItem, png: bytes | None) -> bool:
        user = await self._user(item.target)
        kwargs: dict[str, Any] = {"nonce": nonce_for(item.key)}
        if file := png_file(png, "private.png"):
            kwargs["file"] = file
        try:
            await user.send(clip(item.payload["text"]), **kwargs)
        except discord.Forbidden:
            return False
        return True


async def announce(bot: PortolanBot, interaction: discord.Interaction, outcome: Outcome) -> None:
    """Post an outcome: the channel post answers the interaction; DMs go through the outbox.

    The move is already committed, so the interaction is acknowledged first (rendering may take a
    moment) and the rest is delivered at least once.
    """
    if not interaction.response.is_done():
        await interaction.response.defer(thinking=True)
    channel_items = [i for i in outcome.items if i.kind == "channel"]
    others = [i for i in outcome.items if i.kind != "channel"]
    for item in channel_items:
        png = await render_png_async(item.payload.get("image"))
        kwargs: dict[str, Any] = {"allowed_mentions": mentions_allowed()}
        if file := png_file(png, "board.png"):
            kwargs["file"] = file
        if view := choice_view(item):
            kwargs["view"] = view
        await interaction.followup.send(clip(item.payload["text"] or "…"), **kwargs)
        await bot.store.mark_sent(item.key)
    await Deliverer(bot.store, bot.transport).deliver(others)


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
        bot: PortolanBot = interaction.client  # type: ignore[assignment]
        try:
            table = await bot.tables.running(interaction.channel_id)
            if table.id != self.table_id or table.version != self.version:
                raise TableError("That choice is out of date: the game has moved on.")
            moves = await bot.tables.legal_moves(interaction.channel_id, interaction.user.id)
            if self.index >= len(moves):
                raise TableError("That choice is not yours to make, or no longer available.")
            outcome = await bot.tables.submit(
                interaction.channel_id,
                interaction.user.id,
                moves[self.index],
                expected_version=self.version,
            )
        except TableError as error:
            await reply_error(interaction, error)
            return
        await announce(bot, interaction, outcome)


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"pl:(?P<a>join|leave|start):(?P<t>\d+)"
):
    """Join / Leave / Start under a lobby message."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
    }

    def __init__(self, action: str, table_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=action.capitalize(),
                style=self.STYLES[action],
                custom_id=f"pl:{action}:{table_id}",
            )
        )
        self.action, self.table_id = action, table_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]) -> LobbyButton:
        return cls(match["a"], int(match["t"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: PortolanBot = interaction.client  # type: ignore[assignment]
        from cogs.game import lobby_action

        await lobby_action(bot, interaction, self.action, self.table_id)


class UndoButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"pu:(?P<t>\d+):(?P<v>\d+):(?P<a>yes|no)"
):
    """Agree to or refuse another player's undo request."""

    def __init__(self, table_id: int, version: int, answer: str) -> None:
        super().__init__(
            discord.ui.Button(
                label="Allow undo" if answer == "yes" else "Refuse",
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
        bot: PortolanBot = interaction.client  # type: ignore[assignment]
        try:
            table = await bot.tables.running(interaction.channel_id)
            if table.id != self.table_id:
                raise TableError("That vote belongs to another game.")
            outcome = await bot.life.vote(
                interaction.channel_id,
                interaction.user.id,
                self.answer == "yes",
                version=self.version,
            )
        except TableError as error:
            await reply_error(interaction, error)
            return
        await announce(bot, interaction, outcome)


def lobby_view(table_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave", "start"):
        view.add_item(LobbyButton(action, table_id))
    return view
