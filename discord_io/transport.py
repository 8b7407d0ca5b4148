"""The Discord transport: sends outbox items to channels and DMs (see
:class:`host.notify.Deliverer`), with their images, buttons and the mentions they allow; Discord's
rate limits become the host's."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import discord

from discord_io.buttons import ChoicesButton, MoveButton, UndoButton
from discord_io.replies import mentions_allowed, png_file
from discord_io.texts import clickable, clip
from host.notify import DeadTarget, RateLimited
from host.store import OutboxItem
from host.tables import nonce_for
from i18n import T, say

if TYPE_CHECKING:
    from discord_io.client import PortolanClient

log = logging.getLogger("portolan.cogs")


def choice_view(item: OutboxItem, lang: str = "en") -> discord.ui.View | None:
    """Buttons for a decision with only a few options, or for an undo vote (from the payload);
    the buttons' own words in ``lang``, the channel's language."""
    if vote := item.payload.get("undo_vote"):
        view = discord.ui.View(timeout=None)
        for answer in ("yes", "no"):
            label = say(lang, UndoButton.LABELS[answer])
            view.add_item(UndoButton(vote["table_id"], vote["version"], answer, label))
        return view
    if item.payload.get("private_choices"):
        # The options themselves are secret (a hand of bids, discs still in hand): one button
        # that shows them only to the player who presses it.
        view = discord.ui.View(timeout=None)
        label = say(lang, ChoicesButton.LABEL)
        view.add_item(ChoicesButton(item.payload["table_id"], item.payload["version"], label))
        return view
    choices = item.payload.get("choices")
    if not choices:
        return None
    view = discord.ui.View(timeout=None)
    # Older items (queued before buttons had labels in words) fall back to the move texts.
    labels = choices.get("labels") or choices["moves"]
    for index, label in enumerate(labels):
        view.add_item(MoveButton(item.payload["table_id"], item.payload["version"], index, label))
    return view


def post_kwargs(item: OutboxItem, png: bytes | None, lang: str = "en") -> dict[str, Any]:
    """What a channel post of an outbox item carries: its image, its buttons, its pings."""
    kwargs: dict[str, Any] = {"allowed_mentions": mentions_allowed(item.payload.get("mentions"))}
    if file := png_file(png, "board.png", item.payload.get("image")):
        kwargs["file"] = file
    if view := choice_view(item, lang):
        kwargs["view"] = view
    return kwargs


def _dead_target(error: discord.HTTPException, where: str) -> DeadTarget:
    if isinstance(error, discord.NotFound):
        return DeadTarget(f"{where} no longer exists", gone=True)
    return DeadTarget(f"I lack permission in {where} ({error.text or error.status})")


RETRY_AFTER = 5.0
"""Seconds to wait after a 429 that does not say how long (Discord's answers normally do)."""


def _retry_after(error: discord.HTTPException) -> float:
    headers = getattr(getattr(error, "response", None), "headers", None) or {}
    try:
        return float(headers.get("Retry-After", RETRY_AFTER))
    except (TypeError, ValueError):
        return RETRY_AFTER


@contextlib.contextmanager
def rate_limits():
    """Discord asking to wait becomes the host's :class:`RateLimited`: discord.py raises
    ``RateLimited`` past the bot's ``max_ratelimit_timeout`` rather than sleeping, and a bare 429
    can still reach us; the deliverer parks that target alone and sends the others."""
    try:
        yield
    except discord.RateLimited as error:
        raise RateLimited(error.retry_after) from error
    except discord.HTTPException as error:
        if error.status == 429:
            raise RateLimited(_retry_after(error)) from error
        raise


class DiscordTransport:
    """Sends outbox items to Discord channels and DMs (see :class:`host.notify.Deliverer`)."""

    HISTORY = 25
    """Recent messages searched for a post whose sender died before marking it sent."""

    def __init__(self, bot: PortolanClient) -> None:
        self.bot = bot

    async def _channel(self, channel_id: int) -> Any:
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                # discord.py drops archived threads from its cache: a game thread that slept
                # past its auto-archive is fetched here.
                channel = await self.bot.fetch_channel(channel_id)
            except (discord.NotFound, discord.Forbidden) as error:
                raise _dead_target(error, f"<#{channel_id}>") from error
        if isinstance(channel, discord.Thread) and channel.archived and not channel.locked:
            await self._unarchive(channel)
        return channel

    async def _unarchive(self, thread: discord.Thread) -> None:
        """Reopen an archived game thread before posting in it (a turn may wait for days)."""
        try:
            await thread.edit(archived=False)
        except (discord.NotFound, discord.Forbidden) as error:
            # Posting may still work (Discord reopens a thread on a new message where it
            # may); if not, the post itself says why.
            log.warning("cannot unarchive thread %s: %s", thread.id, error)

    async def post(
        self, item: OutboxItem, render: Callable[[], Awaitable[bytes | None]]
    ) -> int | None:
        """Post an item in its channel, or edit the earlier post it names (``edit_of``).

        The channel is resolved before the image is drawn, so a dead channel costs no render."""
        with rate_limits():
            return await self._post(item, render)

    async def _post(
        self, item: OutboxItem, render: Callable[[], Awaitable[bytes | None]]
    ) -> int | None:
        channel = await self._channel(item.target)
        if item.payload.get("buttons_off"):
            return await self._buttons_off(channel, item)
        png = await render()
        text = await self._text(item)
        lang = await self._channel_language(channel)
        try:
            if edit_of := item.payload.get("edit_of"):
                message_id = await self.bot.store.message_id(edit_of)
                if message_id is not None:
                    try:
                        return await self._edit(channel, message_id, text, item, png, lang)
                    except (discord.NotFound, discord.Forbidden):
                        # The post was deleted (or cannot be edited): post afresh below; if the
                        # channel itself is gone or forbidden, that post says so.
                        pass
            kwargs = post_kwargs(item, png, lang)
            message = await channel.send(text, nonce=nonce_for(item.key), **kwargs)
        except (discord.NotFound, discord.Forbidden) as error:
            raise _dead_target(error, f"<#{item.target}>") from error
        return message.id

    async def _buttons_off(self, channel: Any, item: OutboxItem) -> int | None:
        """Take the buttons off a superseded post; a post gone or never sent needs nothing."""
        message_id = await self.bot.store.message_id(item.payload["edit_of"])
        if message_id is None:
            return None
        try:
            await channel.get_partial_message(message_id).edit(view=None)
        except (discord.NotFound, discord.Forbidden):
            return None
        return message_id

    async def _channel_language(self, channel: Any) -> str:
        """The language of a channel's buttons: its server's (English in a DM)."""
        guild = getattr(channel, "guild", None)
        return await self.bot.tables.channel_language(guild.id if guild else None)

    async def _edit(
        self,
        channel: Any,
        message_id: int,
        text: str,
        item: OutboxItem,
        png: bytes | None,
        lang: str = "en",
    ) -> int:
        # An edit never pings: whoever it names was pinged by the post it edits. Without a new
        # image the post keeps its board: ``attachments`` is sent only to replace it (an empty
        # list would remove every attachment).
        extra: dict[str, Any] = {}
        if file := png_file(png, "board.png", item.payload.get("image")):
            extra["attachments"] = [file]
        await channel.get_partial_message(message_id).edit(
            content=text,
            view=choice_view(item, lang),
            allowed_mentions=discord.AllowedMentions.none(),
            **extra,
        )
        return message_id

    async def send_channel(self, item: OutboxItem, png: bytes | None) -> int | None:
        async def ready() -> bytes | None:
            return png

        return await self.post(item, ready)

    async def find_sent(self, item: OutboxItem) -> int | None:
        """The post of ``item`` if a sender that died before marking it had already made it:
        a recent message of the bot's with the same text."""
        with rate_limits():
            return await self._find_sent(item)

    async def _find_sent(self, item: OutboxItem) -> int | None:
        if item.payload.get("edit_of"):
            return None  # an edit repeated is harmless
        try:
            channel = await self._channel(item.target)
            # Posts keep their order per channel, so ours can only follow the last post marked
            # sent there; a repeated text from earlier ("Seat 1 has bid.") is never taken for it.
            last = await self.bot.store.last_message_id(item.target)
            if last is None:
                moment = datetime.fromtimestamp((item.created_at or 0) - 5, tz=UTC)
                last = discord.utils.time_snowflake(moment)
            after = discord.Object(id=last)
            text = await self._text(item)
            async for message in channel.history(limit=self.HISTORY, after=after):
                assert self.bot.user is not None  # logged in, as reading a channel needs
                if message.author.id == self.bot.user.id and message.content == text:
                    return message.id
        except DeadTarget:
            raise
        except discord.HTTPException as error:
            if error.status == 429:
                raise  # wait, then look again: never post again just because Discord said wait
            log.warning("cannot search <#%s> for %s; posting it again", item.target, item.key)
        return None

    async def _text(self, item: OutboxItem) -> str:
        """A post's text; a reminder (which names ``post_key``) links to the turn post."""
        text = clickable(self.bot, item.payload.get("text") or "…")
        if item.payload.get("post_key") and not item.payload.get("edit_of"):
            payload = item.payload
            if link := await self.jump_link(payload.get("channel_id"), payload["post_key"]):
                channel = self.bot.get_channel(item.target)
                lang = await self._channel_language(channel)
                text += "\n" + say(lang, T("The turn post: {link}", link=link))
        return clip(text)

    async def jump_link(self, channel_id: int | None, post_key: str | None) -> str | None:
        """A link to a sent post (by its outbox key), or to its channel when the post is not
        known yet; None when the channel is unknown."""
        if not channel_id:
            return None
        channel = self.bot.get_channel(int(channel_id))
        guild = getattr(channel, "guild", None)
        if guild is None:
            return None
        message_id = await self.bot.store.message_id(post_key) if post_key else None
        tail = f"/{message_id}" if message_id else ""
        return f"https://discord.com/channels/{guild.id}/{channel_id}{tail}"

    async def _may_follow(self, item: OutboxItem) -> bool:
        """Whether a DM that follows a game from outside its channel (a watcher's copy, a
        reminder) may still reach its member (``PlayByPost.audience``)."""
        follows = item.payload.get("watcher") or ":remind:" in item.key
        if not follows or item.table_id is None:
            return True
        table = await self.bot.store.get_table(item.table_id)
        return table is None or bool(await self.bot.life.visible(item.target, [table]))

    async def send_dm(self, item: OutboxItem, png: bytes | None) -> bool:
        """One request per DM once the member's DM channel is known (it is stored); the first
        DM, or one whose stored channel is gone, also opens the channel. A watcher's copy or a
        reminder of a server's game is dropped (counted as sent) once the member may no longer be
        shown that game (issue 38 item 4: removed from the server, or no longer seeing its
        channel); their seat's own DMs go on, like the seat."""
        if not await self._may_follow(item):
            log.info("%s: %s may no longer follow its game", item.key, item.target)
            return True
        text = clickable(self.bot, item.payload["text"])
        payload = item.payload
        if link := await self.jump_link(payload.get("channel_id"), payload.get("post_key")):
            # The language the DM was said in, else the member's (remembered: no read).
            lang = payload.get("lang") or await self.bot.tables.member_language(item.target)
            text += "\n" + say(lang, T("The turn post: {link}", link=link))
        text = clip(text)

        def kwargs() -> dict[str, Any]:  # a file can be sent once: fresh for each try
            extra: dict[str, Any] = {"nonce": nonce_for(item.key)}
            if file := png_file(png, "private.png", item.payload.get("image")):
                extra["file"] = file
            return extra

        with rate_limits():
            store = self.bot.store
            channel_id = await store.dm_channel(item.target)
            if channel_id is not None:
                known = self.bot.get_partial_messageable(
                    channel_id, type=discord.ChannelType.private
                )
                try:
                    await known.send(text, **kwargs())
                    return True
                except discord.Forbidden:
                    return False  # DMs closed (the channel stays known)
                except discord.NotFound:
                    await store.set_dm_channel(item.target, None)
            try:
                channel = await self.bot.create_dm(discord.Object(id=item.target))
            except discord.NotFound as error:
                raise DeadTarget(f"user {item.target} no longer exists") from error
            except discord.Forbidden:
                return False
            await store.set_dm_channel(item.target, channel.id)
            try:
                await channel.send(text, **kwargs())
            except discord.Forbidden:
                return False
            return True
