"""The error handler of every command and button: log the failure with its table, and tell the
member privately without claiming the change was or was not saved; button callbacks run
:func:`guarded` so that they fail the same way."""

from __future__ import annotations

import logging
from collections.abc import Awaitable

import discord

from discord_io.client import client_of
from discord_io.replies import reply
from i18n import T

log = logging.getLogger("portolan")


async def answer_failure(interaction: discord.Interaction, error: Exception) -> None:
    """``tree.on_error`` for commands, and what :func:`discord_io.replies.guarded` calls for
    buttons: an unexpected error is logged and answered, never left as "This interaction failed"."""
    table = None
    try:
        if interaction.channel_id:
            table = await client_of(interaction).store.live_table(interaction.channel_id)
    except Exception:
        log.exception("cannot look up the table of a failed command")
    command = getattr(interaction, "command", None)
    data = getattr(interaction, "data", None) or {}
    name = command.qualified_name if command else data.get("custom_id", "?")
    log.error("command %s failed (table %s)", name, table.id if table else None, exc_info=error)
    # Whether the change was saved is not known here: never claim it was not.
    text = T(
        "Sorry, something went wrong on my side. `/game status` shows where the game "
        "stands; check it before trying again."
    )
    try:
        await reply(interaction, text)
    except discord.HTTPException:
        log.warning("could not tell the user about the failure (interaction expired)")


async def guarded(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    """Run a component callback so that an unexpected error is logged and answered the way a
    command's is (``tree.on_error``), not left as "This interaction failed"."""
    try:
        await work
    except Exception as error:
        await answer_failure(interaction, error)
