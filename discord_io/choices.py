"""Choices and checks that several cogs share: the games, the paces (``/game new``, ``/settings``,
``/tournament new``) and whether the bot may run games in threads of a channel."""

from __future__ import annotations

import discord
from discord import app_commands

import i18n
from discord_io.replies import reader_language
from engines import ENGINES, when_registered, when_withdrawn
from engines.base import Game
from host import clocks
from host.tables import TableError
from i18n import N_, T

GAME_CHOICES: list[app_commands.Choice[str]] = []
"""The games, by their titles (``/game new``, ``/rules``): the registry's, kept in step with it
(the commands hold this very list, so a game registered later, as a test's, is offered too)."""


def _offer_games(game: Game | None = None) -> None:
    GAME_CHOICES[:] = [
        app_commands.Choice(name=engine.title, value=gid) for gid, engine in ENGINES.items()
    ]


when_registered(_offer_games)
when_withdrawn(_offer_games)

PACE_CHOICES = [app_commands.Choice(name=name, value=name) for name in clocks.PACES]

PACE_WORDS = {
    "fast": N_("fast"),
    "normal": N_("normal"),
    "slow": N_("slow"),
    "untimed": N_("untimed"),
}
"""The paces (``clocks.PACES``) as the /settings answer names them."""


THREAD_PERMISSIONS = (
    ("view_channel", N_("View Channels")),
    ("send_messages", N_("Send Messages")),
    ("create_public_threads", N_("Create Public Threads")),
    ("send_messages_in_threads", N_("Send Messages in Threads")),
    ("attach_files", N_("Attach Files")),
)
"""The permissions a tournament's threads need, by the names Discord's settings give them (in
the reader's language: the catalogs hold Discord's own Greek and Russian names)."""


async def check_thread_permissions(interaction: discord.Interaction) -> None:
    """Refuse (TableError) unless the bot may run games in threads of this channel; without
    this a tournament would call its tables "playing" and never get a thread for them."""
    perms = interaction.app_permissions
    missing = [label for flag, label in THREAD_PERMISSIONS if not getattr(perms, flag)]
    if missing:
        # The refusal is the member's: their language names the permissions.
        lang = await reader_language(interaction.client, interaction)
        names = ", ".join(i18n.gettext(lang, label) for label in missing)
        raise TableError(
            T(
                "I cannot open the tables' threads here: I lack {permissions}. "
                "Give me those permissions in this channel, then start again.",
                permissions=names,
            )
        )
