"""Answering interactions: answer first (:func:`acknowledge`), in the reader's language, refusals
privately, committed outcomes announced through the outbox, public posts that ping exactly whom
they name, component callbacks guarded like commands."""

from __future__ import annotations

import io
import logging
from typing import Any

import discord

from discord_io.client import PortolanClient
from discord_io.first_response import answering
from discord_io.texts import clickable, clip, error_text
from host.tables import Outcome
from host.talk import alt_text
from i18n import Msg, T, say

log = logging.getLogger("portolan.cogs")


async def reader_language(bot: Any, interaction: discord.Interaction) -> str:
    """The language of the member who sent ``interaction`` (their ephemeral replies, DMs and
    private images): their ``/prefs language``, else the locale of their Discord client. Read
    from the host's memory: a refusal answers without a trip to the store."""
    # Remembered in their preferences when it changed, so DMs sent in the background follow it.
    await bot.tables.saw_locale(interaction.user.id, str(interaction.locale))
    return await bot.tables.member_language(
        interaction.user.id, interaction.guild_id, locale=str(interaction.locale)
    )


async def channel_language(bot: Any, interaction: discord.Interaction) -> str:
    """The language of the channel ``interaction`` came from (public posts): the server's
    ``/settings language``, else its preferred locale, which is remembered for posts made in
    the background."""
    if interaction.guild is None:
        return await reader_language(bot, interaction)
    await bot.tables.saw_guild_locale(
        interaction.guild.id, str(interaction.guild.preferred_locale or "")
    )
    return await bot.tables.channel_language(interaction.guild.id)


def png_file(png: bytes | None, name: str, spec: dict | None = None) -> discord.File | None:
    """An image attachment with its alt text (what ``spec``, the image's source, shows)."""
    if not png:
        return None
    return discord.File(io.BytesIO(png), filename=name, description=alt_text(spec))


async def said_to(
    interaction: discord.Interaction, text: str, *, ephemeral: bool = True, lang: str | None = None
) -> str:
    """``text`` in the language of whoever reads the answer: the member's for an ephemeral one,
    the channel's for a public one (``lang`` when the caller knows it). A plain ``str`` is
    already said and costs no look-up."""
    if not isinstance(text, Msg):
        return text
    if lang is None:
        bot = interaction.client
        find = reader_language if ephemeral else channel_language
        lang = await find(bot, interaction)
    return say(lang, text)


async def reply(
    interaction: discord.Interaction,
    text: str,
    *,
    ephemeral: bool = True,
    lang: str | None = None,
    **kw: Any,
) -> None:
    """Answer an interaction whether or not it was already acknowledged, in its reader's
    language (see :func:`said_to`)."""
    text = await said_to(interaction, text, ephemeral=ephemeral, lang=lang)
    text = clickable(interaction.client, text)
    if interaction.response.is_done():
        await interaction.followup.send(clip(text), ephemeral=ephemeral, **kw)
    else:
        answering(interaction)
        await interaction.response.send_message(clip(text), ephemeral=ephemeral, **kw)


async def reply_error(interaction: discord.Interaction, error: Exception, **kw: Any) -> None:
    """A refusal, privately, in the member's language (``kw``: a ``view`` of buttons with it)."""
    text = await said_to(interaction, error_text(error))
    await reply(interaction, f"⚠️ {text}", ephemeral=True, **kw)


def mentions_allowed(user_ids: list[int] | None = None) -> discord.AllowedMentions:
    """Exactly these users may be pinged: never @everyone, a role, or anyone a name or a typed
    text happens to mention. The bot's default (``AllowedMentions.none()``) covers every other
    send."""
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        users=[discord.Object(id=int(u)) for u in user_ids or []],
        replied_user=False,
    )


async def acknowledge(interaction: discord.Interaction, *, ephemeral: bool = True) -> None:
    """The first response, sent before any lock, transaction, render or search (Discord fails an
    interaction not answered within 3 seconds, and the member sees it fail).

    A slash command is deferred with "thinking", ephemeral unless the answer is public whatever
    happens (a refusal must stay private, and a deferred response keeps its visibility). A
    component (button) gets a deferred update: nothing shows until the work edits or posts."""
    if interaction.response.is_done():
        return
    answering(interaction)
    if interaction.type == discord.InteractionType.component:
        await interaction.response.defer()
    else:
        await interaction.response.defer(thinking=True, ephemeral=ephemeral)


async def announce(bot: PortolanClient, interaction: discord.Interaction, outcome: Outcome) -> None:
    """Tell a committed outcome: its posts go out through the outbox as ordinary channel posts
    and DMs (in order, after anything still pending there), and the member who acted gets a short
    private confirmation.

    The interaction was acknowledged before the work (:func:`acknowledge`), privately, since it
    might have been a refusal; so the public post is never the interaction's answer. If delivery
    fails, the outbox keeps the items for the background flush, and the member is told that their
    action stands."""
    await acknowledge(interaction)
    try:
        await bot.deliverer.deliver(outcome.items)
    except Exception:
        log.exception("delivery after a committed change failed; the outbox keeps it")
    here = [i for i in outcome.items if i.kind == "channel" and i.target == interaction.channel_id]
    posted, failed = True, False
    for item in here:
        row = await bot.store.outbox_row(item.key)
        posted = posted and row is not None and row["sent_at"] is not None
        # Not sent and no error: another sender (a seat filler's move right behind this one)
        # holds it and is posting it now.
        failed = failed or row is None or bool(row["last_error"] or row["dead_at"])
    if posted and interaction.type == discord.InteractionType.component:
        return  # a button: the post (or the edited turn post) is the answer
    if failed:
        text = T(
            "That was done and saved, but I could not post the update here yet; "
            "I will try again shortly (`/game status` shows the game)."
        )
    elif not posted:
        text = T("Done: the update is on its way to this channel.")
    elif here:
        text = T("Done: the update is posted in this channel.")
    else:
        text = T("Done.")
    try:
        await interaction.followup.send(await said_to(interaction, text), ephemeral=True)
    except discord.HTTPException:
        # The change and its posts stand; only this private confirmation is lost.
        log.warning("could not confirm a committed change to the user")


async def post_public(
    interaction: discord.Interaction,
    text: str,
    *,
    png: bytes | None = None,
    filename: str = "board.png",
    confirm: str = T("Posted in this channel."),
    view: discord.ui.View | None = None,
    allowed_mentions: discord.AllowedMentions | None = None,
    spec: dict | None = None,
    files: list[discord.File] | None = None,
) -> None:
    """A public answer after a private acknowledgement: an ordinary post in the channel (pinging
    nobody unless ``allowed_mentions`` says whom), and a short private confirmation in place of
    "thinking". Where the bot may not post, the answer is given privately instead, so it is never
    lost. The post speaks the channel's language, the confirmation the member's."""
    text = await said_to(interaction, text, ephemeral=False)
    channel = interaction.channel
    if channel is not None and hasattr(channel, "send"):
        kwargs: dict[str, Any] = {
            "allowed_mentions": allowed_mentions or discord.AllowedMentions.none()
        }
        if view is not None:
            kwargs["view"] = view
        # ``spec``: what the image shows, for its alt text; ``files``: more attachments.
        attached = [f for f in (png_file(png, filename, spec), *(files or [])) if f]
        if attached:
            kwargs["files"] = attached
        try:
            await channel.send(clip(text), **kwargs)
        except discord.Forbidden:
            pass
        else:
            await interaction.followup.send(await said_to(interaction, confirm), ephemeral=True)
            return
    kwargs = {"file": file} if (file := png_file(png, filename, spec)) else {}
    if view is not None:
        kwargs["view"] = view
    await interaction.followup.send(
        clip(
            await said_to(interaction, T("I may not post in this channel, so only you see this:"))
            + "\n"
            + text
        ),
        ephemeral=True,
        allowed_mentions=discord.AllowedMentions.none(),
        **kwargs,
    )
