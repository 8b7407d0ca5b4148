"""What the cogs and this layer ask of the bot, as a :class:`typing.Protocol`: the host's services
and the few Discord calls they make. ``bot.py`` builds the bot and nothing imports it; a cog is
handed a :class:`PortolanClient` (docs/ARCHITECTURE.md 5)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord

from host.tables import TableError
from i18n import T

if TYPE_CHECKING:
    from discord import app_commands
    from discord.ext import commands

    from host.life import PlayByPost
    from host.notify import Deliverer
    from host.store import Store
    from host.tables import TableService
    from host.tournaments import TournamentService


class PortolanClient(Protocol):
    """The running bot as its cogs see it (``bot.PortolanBot`` is one)."""

    store: Store
    tables: TableService
    life: PlayByPost
    tournaments: TournamentService
    deliverer: Deliverer
    command_ids: dict[str, int]
    """Slash command name -> id, from the last sync (for clickable command mentions)."""

    @property
    def user(self) -> discord.ClientUser | None: ...

    @property
    def guilds(self) -> Sequence[discord.Guild]: ...

    @property
    def tree(self) -> app_commands.CommandTree: ...

    def get_channel(self, id: int, /) -> Any: ...

    def get_guild(self, id: int, /) -> discord.Guild | None: ...

    def get_partial_messageable(
        self, id: int, *, guild_id: int | None = ..., type: discord.ChannelType | None = ...
    ) -> discord.PartialMessageable: ...

    def get_cog(self, name: str, /) -> commands.Cog | None: ...

    async def fetch_channel(self, channel_id: int, /) -> Any: ...

    async def create_dm(self, user: discord.abc.Snowflake) -> discord.DMChannel: ...

    async def add_cog(
        self,
        cog: commands.Cog,
        /,
        *,
        override: bool = ...,
        guild: discord.abc.Snowflake | None = ...,
        guilds: Sequence[discord.abc.Snowflake] = ...,
    ) -> None: ...

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None: ...


def client_of(interaction: discord.Interaction) -> PortolanClient:
    """The bot that received ``interaction``."""
    return cast("PortolanClient", interaction.client)


def channel_id_of(interaction: discord.Interaction) -> int:
    """The channel ``interaction`` was used in. Discord names one for every command and button
    of the bot (a DM is a channel too); were it ever missing, there is no game there."""
    if interaction.channel_id is None:
        raise TableError(T("There is no game in this channel. Open one with `/game new`."))
    return interaction.channel_id
