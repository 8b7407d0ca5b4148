"""Counting and timing each interaction's first response (issue 42: portolan_interactions_total and
portolan_interaction_first_response_seconds, host/metrics.py).

Discord fails an interaction not answered within 3 seconds of its creation (docs/ARCHITECTURE.md 4,
"Answer first"). The answer-first helpers (discord_io/replies.py ``reply`` and ``acknowledge``) call
:func:`answering` just before a first response; an autocomplete callback, whose choices discord.py
sends as the response, is wrapped in :func:`timed_autocomplete`. The time is counted from the
interaction's creation (Discord's clock, in its snowflake) to the moment the bot sends its response.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import discord

from host import metrics

KINDS = {
    discord.InteractionType.application_command: "command",
    discord.InteractionType.autocomplete: "autocomplete",
    discord.InteractionType.component: "button",
}
"""Interaction types as host/metrics.py names them; any other type (a modal) counts as "other"."""

Choices = TypeVar("Choices")
Cog = TypeVar("Cog")


def answering(interaction: discord.Interaction) -> None:
    """Count ``interaction``, about to get its first response, with its age (call it only then)."""
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    metrics.interaction(KINDS.get(interaction.type, metrics.OTHER), age)


def timed_autocomplete(
    callback: Callable[[Cog, discord.Interaction, str], Coroutine[Any, Any, Choices]],
) -> Callable[[Cog, discord.Interaction, str], Coroutine[Any, Any, Choices]]:
    """An autocomplete callback (a cog's method) whose returned choices are counted as the first
    response. Put it below ``@command.autocomplete("option")``."""

    @functools.wraps(callback)
    async def timed(cog: Cog, interaction: discord.Interaction, current: str) -> Choices:
        choices = await callback(cog, interaction, current)
        answering(interaction)
        return choices

    return timed
