"""What every cog shares: replying, sending outcomes, the Discord transport, persistent buttons.

Buttons are :class:`discord.ui.DynamicItem` subclasses whose state lives in their ``custom_id``, so
they keep working after a restart without any view being re-registered per message.
"""

from __future__ import annotations

import contextlib
import io
import logging
import re
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from host.notify import DeadTarget, RateLimited
from host.store import OutboxItem
from host.tables import Outcome, TableError, nonce_for
from host.talk import alt_text, fit_label
from i18n import Msg, T, Tn, say

if TYPE_CHECKING:
    from bot import PortolanBot

log = logging.getLogger("portolan.cogs")

MESSAGE_LIMIT = 2000

THREAD_ARCHIVE_MINUTES = 10080
"""Game threads auto-archive after a week without messages (Discord's longest), not the channel's
default (often a day): a play-by-post turn may wait for days."""


def clip(text: str, limit: int = MESSAGE_LIMIT - 50) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def display_name(user: discord.abc.User) -> str:
    """A member's name as they wrote it (Discord's limit, 32 characters): images draw it so, and
    every post escapes it (``host.talk.safe_name``), never strips it (issue 40 section 2)."""
    name = getattr(user, "display_name", None) or getattr(user, "name", None) or str(user.id)
    return " ".join(name.split())[:32] or str(user.id)


def command_mention(bot: Any, name: str) -> str:
    """A clickable mention of a slash command (``</game status:id>``), from the ids the last
    sync returned; the plain ``/name`` when the id is unknown."""
    ids = getattr(bot, "command_ids", None) or {}
    root = name.split(" ", 1)[0]
    return f"</{name}:{ids[root]}>" if root in ids else f"`/{name}`"


_COMMAND_TEXT = re.compile(r"`/([a-z]+)((?: [a-z]+)?)`")


def clickable(bot: Any, text: str) -> str:
    """Commands written as code (`` `/game status` ``) made clickable mentions where the id is
    known; an unknown command (or a sub-word that is no subcommand) stays as it is."""
    ids = getattr(bot, "command_ids", None) or {}
    if not ids:
        return text
    groups = {"game", "tournament"}  # the command groups (cogs/game.py, cogs/tournament.py)

    def swap(match: re.Match[str]) -> str:
        root, sub = match.group(1), match.group(2)
        if root not in ids or (sub and root not in groups) or (root in groups and not sub):
            return match.group(0)
        return f"</{root}{sub}:{ids[root]}>"

    return _COMMAND_TEXT.sub(swap, text)


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
    **kw,
) -> None:
    """Answer an interaction whether or not it was already acknowledged, in its reader's
    language (see :func:`said_to`)."""
    text = await said_to(interaction, text, ephemeral=ephemeral, lang=lang)
    text = clickable(interaction.client, text)
    if interaction.response.is_done():
        await interaction.followup.send(clip(text), ephemeral=ephemeral, **kw)
    else:
        await interaction.response.send_message(clip(text), ephemeral=ephemeral, **kw)


PAGE = 1800
"""Room for one page of a long answer (Discord allows 2,000 characters a message)."""


def first_page(text: str, limit: int = PAGE) -> tuple[str, int]:
    """The lines of ``text`` that fit one message, and how many lines did not (never a line cut
    in the middle unless a single line is longer than a page)."""
    lines = text.split("\n")
    kept, size = [], 0
    for line in lines:
        if size + len(line) + 1 > limit:
            break
        kept.append(line)
        size += len(line) + 1
    if not kept:
        return text[: limit - 1] + "…", len(lines) - 1
    return "\n".join(kept), len(lines) - len(kept)


def long_answer(text: str, filename: str, lang: str = "en") -> tuple[str, list[discord.File]]:
    """A text too long for one message: its first page, saying where the rest is, and the whole
    text as an attached file (nothing is silently cut); ``lang`` says the note."""
    page, rest = first_page(text)
    if not rest:
        return text, []
    note = Tn(
        "… {count} more line: the whole text is in the attached {file}.",
        "… {count} more lines: the whole text is in the attached {file}.",
        rest,
        file=filename,
    )
    description = say(lang, T("The whole text of this answer"))
    whole = discord.File(io.BytesIO(text.encode()), filename=filename, description=description)
    return page + "\n" + say(lang, note), [whole]


def error_text(error: Exception) -> str:
    """What an error says, its ``Msg`` kept (``str(error)`` would be the English text only)."""
    if error.args and isinstance(error.args[0], str):
        return error.args[0]
    return str(error)


async def reply_error(interaction: discord.Interaction, error: Exception, **kw) -> None:
    """A refusal, privately, in the member's language (``kw``: a ``view`` of buttons with it)."""
    text = await said_to(interaction, error_text(error))
    await reply(interaction, f"⚠️ {text}", ephemeral=True, **kw)


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


MAX_PRIVATE_BUTTONS = 20
"""Buttons in the private answer of "My choices" (Discord allows 25 per message)."""


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

    def __init__(self, bot: PortolanBot) -> None:
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


async def acknowledge(interaction: discord.Interaction, *, ephemeral: bool = True) -> None:
    """The first response, sent before any lock, transaction, render or search (Discord fails an
    interaction not answered within 3 seconds, and the member sees it fail).

    A slash command is deferred with "thinking", ephemeral unless the answer is public whatever
    happens (a refusal must stay private, and a deferred response keeps its visibility). A
    component (button) gets a deferred update: nothing shows until the work edits or posts."""
    if interaction.response.is_done():
        return
    if interaction.type == discord.InteractionType.component:
        await interaction.response.defer()
    else:
        await interaction.response.defer(thinking=True, ephemeral=ephemeral)


async def announce(bot: PortolanBot, interaction: discord.Interaction, outcome: Outcome) -> None:
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


async def guarded(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    """Run a component callback so that an unexpected error is logged and answered the way a
    command's is (``tree.on_error``), not left as "This interaction failed"."""
    try:
        await work
    except Exception as error:
        bot: PortolanBot = interaction.client  # type: ignore[assignment]
        await bot.on_app_command_error(interaction, error)


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
        bot: PortolanBot = interaction.client  # type: ignore[assignment]
        await acknowledge(interaction)
        try:
            table = await bot.tables.running(interaction.channel_id)
            if table.id != self.table_id or table.version != self.version:
                raise TableError(T("That choice is out of date: the game has moved on."))
            moves = await bot.tables.legal_moves(interaction.channel_id, interaction.user.id)
            if self.index >= len(moves):
                raise TableError(T("That choice is not yours to make, or no longer available."))
            outcome = await bot.tables.submit(
                interaction.channel_id,
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
        bot: PortolanBot = interaction.client  # type: ignore[assignment]
        await acknowledge(interaction)
        try:
            table = await bot.tables.running(interaction.channel_id)
            if table.id != self.table_id or table.version != self.version:
                raise TableError(T("Those choices are out of date: the game has moved on."))
            # For exactly this version: the buttons below are resolved against it.
            choices = await bot.tables.move_choices(
                interaction.channel_id,
                interaction.user.id,
                table=table,
                lang=await reader_language(bot, interaction),
            )
            if not choices:
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
        await reply(interaction, clip(text), ephemeral=True, **({"view": view} if view else {}))


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"pl:(?P<a>join|leave|start):(?P<t>\d+)"
):
    """Join / Leave / Start under a lobby message."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
    }

    LABELS: ClassVar[dict[str, Msg]] = {"join": T("Join"), "leave": T("Leave"), "start": T("Start")}

    def __init__(self, action: str, table_id: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or self.LABELS[action],
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

        await guarded(interaction, lobby_action(bot, interaction, self.action, self.table_id))


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
        bot: PortolanBot = interaction.client  # type: ignore[assignment]
        await acknowledge(interaction)
        try:
            table = await bot.tables.running(interaction.channel_id)
            if table.id != self.table_id:
                raise TableError(T("That vote belongs to another game."))
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


def lobby_view(table_id: int, lang: str = "en") -> discord.ui.View:
    """Join / Leave / Start, in the channel's language."""
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave", "start"):
        view.add_item(LobbyButton(action, table_id, say(lang, LobbyButton.LABELS[action])))
    return view
