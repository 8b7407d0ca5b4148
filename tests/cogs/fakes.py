"""Mock helpers for Discord objects, in the spirit of python-discord/bot's test helpers.

They record what the bot sends, so tests can drive the real command callbacks and button callbacks
without any connection to Discord.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord

_ids = itertools.count(900_000)


@dataclass
class Sent:
    content: str | None
    ephemeral: bool = False
    file: discord.File | None = None
    view: discord.ui.View | None = None
    kwargs: dict = field(default_factory=dict)

    @property
    def png(self) -> bytes | None:
        if self.file is None:
            return None
        self.file.fp.seek(0)
        return self.file.fp.read()


def _sent(content=None, **kwargs) -> Sent:
    return Sent(
        content=content,
        ephemeral=kwargs.pop("ephemeral", False),
        file=kwargs.pop("file", None),
        view=kwargs.pop("view", None),
        kwargs=kwargs,
    )


class FakeChannel:
    def __init__(self, channel_id: int, registry: dict | None = None, parent_id=None) -> None:
        self.id = channel_id
        self.parent_id = parent_id
        self.sent: list[Sent] = []
        self._registry = registry if registry is not None else {}

    async def create_thread(self, *, name: str, type=None) -> FakeChannel:
        thread = FakeChannel(next(_ids), self._registry, parent_id=self.id)
        thread.name = name
        self._registry[thread.id] = thread
        return thread

    async def send(self, content=None, **kwargs) -> SimpleNamespace:
        self.sent.append(_sent(content, **kwargs))
        return SimpleNamespace(id=next(_ids))


class FakeUser:
    def __init__(self, user_id: int, name: str, *, dms_open: bool = True, admin: bool = False):
        self.id = user_id
        self.name = name
        self.display_name = name
        self.mention = f"<@{user_id}>"
        self.dms_open = dms_open
        self.dms: list[Sent] = []
        self.guild_permissions = SimpleNamespace(manage_channels=admin, manage_guild=admin)
        self.roles: list = []

    async def send(self, content=None, **kwargs) -> SimpleNamespace:
        if not self.dms_open:
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), "closed DMs")
        self.dms.append(_sent(content, **kwargs))
        return SimpleNamespace(id=next(_ids))


class FakeResponse:
    def __init__(self, interaction: FakeInteraction) -> None:
        self._interaction = interaction
        self._done = False
        self.deferred: dict | None = None

    def is_done(self) -> bool:
        return self._done

    def _finish(self) -> None:
        if self._done:
            raise discord.InteractionResponded(self._interaction)  # as Discord would
        self._done = True

    async def send_message(self, content=None, **kwargs) -> None:
        self._finish()
        self._interaction.sent.append(_sent(content, **kwargs))

    async def defer(self, **kwargs) -> None:
        self._finish()
        self.deferred = kwargs

    async def edit_message(self, **kwargs) -> None:
        self._finish()
        self._interaction.edits.append(kwargs)


class FakeFollowup:
    def __init__(self, interaction: FakeInteraction) -> None:
        self._interaction = interaction

    async def send(self, content=None, **kwargs) -> SimpleNamespace:
        self._interaction.sent.append(_sent(content, **kwargs))
        return SimpleNamespace(id=next(_ids))


class FakeInteraction:
    """An application-command or component interaction from ``user`` in ``channel``."""

    def __init__(
        self,
        bot: Any,
        user: FakeUser,
        channel: FakeChannel,
        *,
        guild_id: int = 1,
        component: bool = False,
        namespace: dict | None = None,
    ) -> None:
        self.client = bot
        self.user = user
        self.channel = channel
        self.channel_id = channel.id
        self.guild_id = guild_id
        self.id = next(_ids)
        self.type = (
            discord.InteractionType.component
            if component
            else discord.InteractionType.application_command
        )
        self.message = SimpleNamespace(id=next(_ids)) if component else None
        self.namespace = SimpleNamespace(**(namespace or {}))
        self.permissions = user.guild_permissions  # no channel overwrites in this fake
        self.command = None
        self.sent: list[Sent] = []
        self.edits: list[dict] = []
        self.response = FakeResponse(self)
        self.followup = FakeFollowup(self)

    async def original_response(self) -> SimpleNamespace:
        return SimpleNamespace(id=next(_ids))

    @property
    def last(self) -> Sent:
        return self.sent[-1]


class FakeDiscord:
    """The users and channels the bot can reach; patches the bot's lookups to use them."""

    def __init__(self, bot: Any) -> None:
        self.users: dict[int, FakeUser] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.attach(bot)

    def attach(self, bot: Any) -> None:
        bot.get_user = self.users.get
        bot.get_channel = self.channels.get

    def user(self, user_id: int, name: str, **kw) -> FakeUser:
        self.users[user_id] = FakeUser(user_id, name, **kw)
        return self.users[user_id]

    def channel(self, channel_id: int) -> FakeChannel:
        self.channels[channel_id] = FakeChannel(channel_id, self.channels)
        return self.channels[channel_id]
