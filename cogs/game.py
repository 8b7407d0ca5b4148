"""``/game``: open a lobby, join, leave, start, abort, status, list."""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from discord_io.choices import PACE_CHOICES, PACE_WORDS, check_thread_permissions
from discord_io.client import channel_id_of, client_of
from discord_io.errors import guarded
from discord_io.first_response import timed_autocomplete
from discord_io.replies import (
    acknowledge,
    announce,
    channel_language,
    mentions_allowed,
    post_public,
    reader_language,
    reply,
    reply_error,
    said_to,
)
from discord_io.texts import THREAD_ARCHIVE_MINUTES, clip, display_name
from engines import ENGINES
from host import clocks, talk
from host.images import render_png_async
from host.life import ConsentNeeded
from host.store import TableRow
from host.tables import FILLER_LEVELS, Outcome, TableError, player_range
from host.talk import page_line, safe_name
from i18n import N_, Msg, T, Tn, say

if TYPE_CHECKING:
    from discord_io.client import PortolanClient

LEVEL_CHOICES = [app_commands.Choice(name=name, value=name) for name in FILLER_LEVELS]
STATUS_WORDS = {"lobby": N_("lobby"), "active": N_("active")}
"""A live table's status as ``/game list`` names it."""


def lobby_title(bot: PortolanClient, table: TableRow, lang: str = "en") -> str:
    """The game, its variant and its terms: "**Tahiti** (standard, pace normal, unrated)"."""
    engine = bot.tables.engine(table.game)
    pace = T(PACE_WORDS[table.pace]) if table.pace in PACE_WORDS else table.pace
    terms = [say(lang, T("pace {pace}", pace=pace))]
    if not table.rated:
        terms.append(say(lang, T("unrated")))
    if deadline := clocks.deadline_of(table.clock):
        night = T(
            "clocks run out by {hour}:00 {zone}, never at night",
            hour=deadline["hour"],
            zone=deadline["tz"],
        )
        terms.append(say(lang, night))
    variant = say(lang, talk.variant_word(table.variant))
    return f"**{say(lang, engine.title)}** ({', '.join([variant, *terms])})"


def lobby_text(bot: PortolanClient, table: TableRow, lang: str = "en") -> str:
    """The lobby message, in the channel's language ``lang``."""
    engine = bot.tables.engine(table.game)
    low, high = player_range(engine, table.variant)
    wanted = table.seats_wanted or f"{low}-{high}"
    players = "\n".join(
        f"{talk.letter(s.seat, lang)}. {talk.shown_name(s.name, lang)}" for s in table.seats
    )
    players = players or say(lang, T("nobody yet"))
    text = T(
        "{title}: a new table is open, for {wanted} players.\n"
        "{players}\nPress **Join** (or `/game join`), then **Start** when everyone is in.",
        title=lobby_title(bot, table, lang),
        wanted=wanted,
        players=players,
    )
    return say(lang, text)


async def lobby_action(
    bot: PortolanClient, interaction: discord.Interaction, action: str, table_id: int | None
) -> None:
    """Join, leave or start, from a button or a command."""
    user = interaction.user
    await acknowledge(interaction)  # before the lock and the write; privately (may be refused)
    lang = await channel_language(bot, interaction)  # the lobby message is the channel's
    try:
        channel_id = channel_id_of(interaction)
        if table_id is not None:
            live = await bot.tables.live(channel_id)
            if live.id != table_id:
                raise TableError(T("That lobby is closed."))
        if action == "join":
            table = await bot.tables.join(channel_id, user.id, display_name(user))
        elif action == "leave":
            table = await bot.tables.leave(channel_id, user.id)
        else:
            outcome = await bot.tables.start(channel_id, user.id)
            await announce(bot, interaction, outcome)
            # The lobby's buttons have done their work: it says so, without them.
            started = lobby_title(bot, outcome.table, lang)
            text = say(lang, T("{title}: the game has started (see below).", title=started))
            if interaction.type == discord.InteractionType.component:
                await interaction.edit_original_response(content=text, view=None)
            else:
                await _edit_lobby_message(interaction, outcome.table, text, lang)
            return
    except TableError as error:
        await reply_error(interaction, error)
        return
    if table.status == "lobby":
        text = lobby_text(bot, table, lang)
    else:
        text = say(lang, T("The lobby was closed."))
    if interaction.message is not None and interaction.type == discord.InteractionType.component:
        # Pressed a lobby button: update the lobby message in place.
        view = lobby_view(table.id, lang) if table.status == "lobby" else None
        await interaction.edit_original_response(content=text, view=view)
    else:
        # By command: the lobby message (with its buttons) is edited, so no second, stale lobby.
        name = safe_name(display_name(user))
        if action == "join":
            note = say(lang, T("{name} joined the game.", name=name))
        else:
            note = say(lang, T("{name} left the game.", name=name))
        edited = await _edit_lobby_message(interaction, table, text, lang)
        await post_public(interaction, note if edited else f"{note}\n{text}", confirm=T("Done."))


async def _edit_lobby_message(
    interaction: discord.Interaction, table, text: str, lang: str = "en"
) -> bool:
    """Edit the table's lobby message in this channel; False if it is gone or unknown."""
    if not table.lobby_message_id or interaction.channel is None:
        return False
    view = lobby_view(table.id, lang) if table.status == "lobby" else None
    # Every channel a lobby is posted in has messages (a text or voice channel, a thread, a DM).
    partial_message = getattr(interaction.channel, "get_partial_message", None)
    if partial_message is None:
        return False
    try:
        await partial_message(table.lobby_message_id).edit(content=text, view=view)
    except discord.HTTPException:
        return False
    return True


def can_manage_channel(interaction: discord.Interaction) -> bool:
    """Manage Channels here: the member's permissions in this channel, overwrites included."""
    return bool(interaction.guild_id and interaction.permissions.manage_channels)


class GameCog(commands.Cog):
    # Guild-only: a game lives in a server's channel; from DMs these would reach no game (and
    # /game list would list other servers' games).
    game = app_commands.Group(
        name="game", description="Open, join and manage the game here", guild_only=True
    )

    def __init__(self, bot: PortolanClient) -> None:
        self.bot = bot

    @game.command(name="new", description="Open a lobby for a new game in this channel")
    @app_commands.describe(
        game="Which game",
        variant="Rules variant (default: the standard one)",
        players="Seats",
        pace="Turn clock: fast, normal, slow or untimed (default: the server's)",
        thread="Open the game in its own thread",
        rated="Whether the result moves ratings (default: yes; no for a casual game)",
        bots="Seats for seat fillers (computer players); such games are practice (unrated)",
        level="How well the seat fillers play (default: normal)",
        deadline_hour="Clocks never run out at night: from this hour (your time zone) to 8:00",
    )
    @app_commands.choices(pace=PACE_CHOICES, level=LEVEL_CHOICES)
    async def game_new(
        self,
        interaction: discord.Interaction,
        game: str,
        variant: str | None = None,
        players: app_commands.Range[int, 1, 6] | None = None,
        pace: str | None = None,
        thread: bool = False,
        rated: bool = True,
        bots: app_commands.Range[int, 0, 5] = 0,
        level: str | None = None,
        deadline_hour: app_commands.Range[int, 12, 23] | None = None,
    ) -> None:
        channel_id, parent_id = (
            channel_id_of(interaction),
            getattr(interaction.channel, "parent_id", None),
        )
        roles = [r.id for r in getattr(interaction.user, "roles", [])]
        await acknowledge(interaction)  # privately: the lobby itself is posted in the channel
        if thread:
            # Every check first, so a refused game leaves no orphan thread.
            try:
                await self._check_thread(
                    interaction, game, variant, players, pace, roles, deadline_hour
                )
            except TableError as error:
                await reply_error(interaction, error)
                return
            engine = self.bot.tables.engine(game)
            try:
                lang = await channel_language(self.bot, interaction)
                title = T(
                    "{game} by {name}", game=engine.title, name=display_name(interaction.user)
                )
                channel = interaction.channel
                assert isinstance(channel, discord.TextChannel)  # _check_thread refused the rest
                created = await channel.create_thread(
                    name=say(lang, title)[:90],
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                )
            except discord.HTTPException as error:
                await reply_error(
                    interaction,
                    TableError(
                        T(
                            "I could not create a thread here ({reason}).",
                            reason=error.text or error.status,
                        )
                    ),
                )
                return
            parent_id, channel_id = channel_id, created.id
        try:
            table = await self.bot.tables.open(
                guild_id=interaction.guild_id,
                channel_id=channel_id,
                game=game,
                user_id=interaction.user.id,
                name=display_name(interaction.user),
                variant=variant,
                players=players,
                pace=pace,
                roles=roles,
                parent_id=parent_id,
                rated=rated,
                bots=bots,
                level=level,
                deadline_hour=deadline_hour,
            )
        except TableError as error:
            await reply_error(interaction, error)
            return
        where = created if thread else interaction.channel
        if not isinstance(where, discord.abc.Messageable):
            return  # a command is always used in a channel with messages
        lang = await channel_language(self.bot, interaction)
        try:
            message = await where.send(
                lobby_text(self.bot, table, lang), view=lobby_view(table.id, lang)
            )
        except discord.HTTPException as error:
            # The lobby stands (`/game join` and `/game start` work without its message).
            await reply_error(
                interaction,
                TableError(
                    T(
                        "The table is open, but I could not post its lobby here "
                        "({reason}): join with `/game join`.",
                        reason=error.text or error.status,
                    )
                ),
            )
            return
        await self.bot.store.set_lobby_message(table.id, message.id)
        if thread:
            await post_public(
                interaction,
                T("A new table is open in {channel}.", channel=f"<#{created.id}>"),
                confirm=T("Your new table is open in {channel}.", channel=f"<#{created.id}>"),
            )
        else:
            opened = T("Your new table is open: {link}", link=message.jump_url)
            await reply(interaction, opened)

    async def _check_thread(
        self,
        interaction: discord.Interaction,
        game: str,
        variant: str | None,
        players: int | None,
        pace: str | None,
        roles: list[int],
        deadline_hour: int | None = None,
    ) -> None:
        """What ``TableService.open`` would refuse, and what a thread needs, before one exists."""
        self.bot.tables.engine(game)  # unknown game: TableError, before looking at the channel
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise TableError(T("Open a game in its own thread from a text channel, not from here."))
        if not interaction.permissions.create_public_threads:
            raise TableError(T("You may not create threads in this channel."))
        await check_thread_permissions(interaction)
        await self.bot.tables.check_open(
            guild_id=interaction.guild_id,
            channel_id=channel.id,
            game=game,
            variant=variant,
            players=players,
            pace=pace,
            roles=roles,
        )

    @game_new.autocomplete("game")
    @timed_autocomplete
    async def game_autocomplete(self, interaction: discord.Interaction, current: str):
        # From the bot's own registry (not an import-time list), so a game disabled with
        # PORTOLAN_GAMES is never offered and a test registry is.
        return [
            app_commands.Choice(name=engine.title, value=gid)
            for gid, engine in self.bot.tables.engines.items()
            if current.lower() in gid or current.lower() in engine.title.lower()
        ][:25]

    @game_new.autocomplete("variant")
    @timed_autocomplete
    async def variant_autocomplete(self, interaction: discord.Interaction, current: str):
        game = getattr(interaction.namespace, "game", None)
        engine = ENGINES.get(game) if game else None
        variants = (
            engine.variants if engine else sorted({v for e in ENGINES.values() for v in e.variants})
        )
        return [app_commands.Choice(name=v, value=v) for v in variants if current.lower() in v][:25]

    @game.command(name="join", description="Join the lobby in this channel")
    async def game_join(self, interaction: discord.Interaction) -> None:
        await lobby_action(self.bot, interaction, "join", None)

    @game.command(name="leave", description="Leave the lobby in this channel")
    async def game_leave(self, interaction: discord.Interaction) -> None:
        await lobby_action(self.bot, interaction, "leave", None)

    @game.command(name="start", description="Start the game with the players who joined")
    async def game_start(self, interaction: discord.Interaction) -> None:
        await lobby_action(self.bot, interaction, "start", None)

    @game.command(name="abort", description="End the game here without a result")
    async def game_abort(self, interaction: discord.Interaction) -> None:
        is_admin = can_manage_channel(interaction)
        await acknowledge(interaction)
        try:
            table = await self.bot.tables.abort(
                channel_id_of(interaction), interaction.user.id, is_admin=is_admin
            )
        except TableError as error:
            await reply_error(interaction, error)
            return
        engine = self.bot.tables.engine(table.game)
        await post_public(
            interaction,
            T(
                "The {game} game (table #{table}) was aborted by {name}.",
                game=engine.title,
                table=table.id,
                name=safe_name(display_name(interaction.user)),
            ),
            confirm=T("Done: the game is aborted."),
        )

    @game.command(name="status", description="What is happening in this channel's game")
    async def game_status(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        try:
            # Only the member reads it: in their own language.
            lang = await reader_language(self.bot, interaction)
            text = await self.bot.tables.status(channel_id_of(interaction), lang)
        except TableError as error:
            await reply_error(interaction, error)
            return
        table = await self.bot.store.latest_table(channel_id_of(interaction))
        if table is not None and (page := await self.bot.store.page_link("game", table.id)):
            text += "\n" + say(lang, page_line(page))  # the game's web page (issue 42)
        await reply(
            interaction, text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @game.command(name="list", description="Games open or running in this server")
    async def game_list(self, interaction: discord.Interaction) -> None:
        if interaction.guild_id is None:  # never every server's games (guild-only anyway)
            await reply_error(interaction, TableError(T("Use this in a server.")))
            return
        await acknowledge(interaction)
        tables = await self.bot.store.live_tables(interaction.guild_id)
        if not tables:
            await reply(interaction, T("No games are open or running in this server."))
            return
        lang = await reader_language(self.bot, interaction)
        lines = []
        for table in tables:
            engine = self.bot.tables.engine(table.game)
            status = T(STATUS_WORDS[table.status]) if table.status in STATUS_WORDS else table.status
            line = T(
                "{channel}: {game} ({variant}), {status}, {players}, {moves}",
                channel=f"<#{table.channel_id}>",
                game=engine.title,
                variant=talk.variant_word(table.variant),
                status=status,
                players=Tn("{count} player", "{count} players", len(table.seats)),
                moves=Tn("{count} move", "{count} moves", table.move_count),
            )
            lines.append(say(lang, line))
        await reply(
            interaction, clip("\n".join(lines)), allowed_mentions=discord.AllowedMentions.none()
        )

    # ---- play-by-post: timeouts, seats, watching, archive ------------------------------

    async def _outcome(
        self, interaction: discord.Interaction, action: Callable[[int], Awaitable[Outcome]]
    ) -> None:
        """Acknowledge, then run ``action`` on the channel's game (nothing of it runs before the
        acknowledgement), then tell its outcome."""
        await acknowledge(interaction)
        try:
            outcome = await action(channel_id_of(interaction))
        except TableError as error:
            await reply_error(interaction, error)
            return
        await announce(self.bot, interaction, outcome)

    @game.command(name="skip", description="Play the default move of a player whose time ran out")
    @app_commands.describe(player="The player whose time ran out")
    async def game_skip(self, interaction: discord.Interaction, player: discord.User) -> None:
        await self._outcome(
            interaction, lambda channel: self.bot.life.skip(channel, interaction.user.id, player.id)
        )

    @game.command(name="expel", description="Put a player who ran out of time on autopilot")
    @app_commands.describe(player="The player whose time ran out")
    async def game_expel(self, interaction: discord.Interaction, player: discord.User) -> None:
        by = interaction.user.id
        await self._outcome(
            interaction, lambda channel: self.bot.life.expel(channel, by, player.id)
        )

    @game.command(name="resign", description="Leave a running game; your seat plays default moves")
    async def game_resign(self, interaction: discord.Interaction) -> None:
        await self._outcome(
            interaction, lambda channel: self.bot.life.resign(channel, interaction.user.id)
        )

    @game.command(name="takeover", description="Take over a resigned or expelled seat")
    @app_commands.describe(seat="Seat letter (default: the first free one)")
    async def game_takeover(
        self, interaction: discord.Interaction, seat: str | None = None
    ) -> None:
        index = None
        if seat:
            index = talk.seat_of_letter(seat)  # in the member's alphabet too ("Β")
            if index is None:
                await reply_error(interaction, TableError(T("Give a seat letter, A to F.")))
                return
        user, name = interaction.user.id, display_name(interaction.user)
        await self._outcome(
            interaction, lambda channel: self.bot.life.takeover(channel, user, name, index)
        )

    @game.command(name="replace", description="Give a player's seat to someone else")
    @app_commands.describe(old="The player who gives up the seat", new="The member who takes it")
    async def game_replace(
        self, interaction: discord.Interaction, old: discord.User, new: discord.User
    ) -> None:
        await acknowledge(interaction)  # privately: a refusal, or the request is posted below
        try:
            outcome = await self.bot.life.replace(
                channel_id_of(interaction),
                interaction.user.id,
                old.id,
                new.id,
                display_name(new),
                is_admin=can_manage_channel(interaction),
            )
        except ConsentNeeded as needed:
            await ask_consent(interaction, needed, display_name(new))
            return
        except TableError as error:
            await reply_error(interaction, error)
            return
        await announce(self.bot, interaction, outcome)

    @game.command(name="vote", description="Answer the pending undo request")
    @app_commands.describe(allow="Yes to take the move back, no to keep it")
    async def game_vote(self, interaction: discord.Interaction, allow: bool) -> None:
        await self._outcome(
            interaction, lambda channel: self.bot.life.vote(channel, interaction.user.id, allow)
        )

    @game.command(name="watch", description="Get this game's updates by DM (or stop)")
    @app_commands.describe(stop="Stop getting the updates")
    async def game_watch(self, interaction: discord.Interaction, stop: bool = False) -> None:
        await acknowledge(interaction)
        try:
            await self.bot.life.watch(channel_id_of(interaction), interaction.user.id, not stop)
        except TableError as error:
            await reply_error(interaction, error)
            return
        await reply(
            interaction,
            T("You no longer watch this game.") if stop else T("You now watch this game."),
        )

    @game.command(name="export", description="The record of a finished game, to replay anywhere")
    async def game_export(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        try:
            record = await self.bot.life.export(channel_id_of(interaction))
        except TableError as error:
            await reply_error(interaction, error)
            return
        data = json.dumps(record, indent=1).encode()
        said = Tn(
            "Record of {game} ({count} move).",
            "Record of {game} ({count} moves).",
            len(record["moves"]),
            game=record["game"],
        )
        await interaction.followup.send(
            await said_to(interaction, said),
            file=discord.File(io.BytesIO(data), filename=f"portolan-{record['game']}.json"),
            ephemeral=True,
        )

    @game.command(name="replay", description="The board as it stood after a given move")
    @app_commands.describe(move="The move number")
    async def game_replay(
        self, interaction: discord.Interaction, move: app_commands.Range[int, 0, 100000]
    ) -> None:
        await acknowledge(interaction)
        try:
            table = await self.bot.life.replay_target(channel_id_of(interaction), move)
        except TableError as error:
            await reply_error(interaction, error)
            return
        view = await self.bot.life.board_after(table, move)
        spec = {"kind": "board", "game": table.game, "view": view}
        png = await render_png_async(spec)
        await post_public(
            interaction,
            T("The board after move {move} of {moves}.", move=move, moves=table.move_count),
            png=png,
            spec=spec,
        )


async def ask_consent(interaction: discord.Interaction, needed: ConsentNeeded, name: str) -> None:
    """Post the replacement request in the channel: it pings the seat's holder, who answers
    with the buttons (or by running ``/game replace`` on their own seat). Nothing changes until
    they agree."""
    text = T(
        "{asker} asks {holder} to hand seat {seat} to {name}. {holder}, you are playing and "
        "within your time, so only you can agree: press a button (or run `/game replace` "
        "on your own seat). A moderator who does not play here can also decide.",
        asker=f"<@{interaction.user.id}>",
        holder=f"<@{needed.holder}>",
        seat=talk.Letter(needed.seat),
        name=safe_name(name),
    )
    lang = await channel_language(interaction.client, interaction)
    view = discord.ui.View(timeout=None)
    for answer in ("yes", "no"):
        label = say(lang, ReplaceButton.LABELS[answer])
        view.add_item(
            ReplaceButton(needed.table_id, needed.seat, needed.holder, needed.new_id, answer, label)
        )
    await post_public(
        interaction,
        text,
        confirm=T("Your request is posted: the seat's holder answers it."),
        view=view,
        allowed_mentions=mentions_allowed([needed.holder]),
    )


class ReplaceButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"pr:(?P<t>\d+):(?P<s>\d):(?P<o>\d+):(?P<n>\d+):(?P<a>yes|no)",
):
    """The seat holder's answer to a replacement request (issue 23): only the holder's press
    counts, and an agreement is the holder replacing their own seat."""

    LABELS: ClassVar[dict[str, Msg]] = {"yes": T("Hand over my seat"), "no": T("Keep my seat")}

    def __init__(
        self, table_id: int, seat: int, holder: int, new_id: int, answer: str, label: str = ""
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or self.LABELS[answer],
                style=discord.ButtonStyle.danger
                if answer == "yes"
                else discord.ButtonStyle.secondary,
                custom_id=f"pr:{table_id}:{seat}:{holder}:{new_id}:{answer}",
            )
        )
        self.table_id, self.seat, self.holder, self.new_id = table_id, seat, holder, new_id
        self.answer = answer

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]) -> ReplaceButton:
        return cls(int(match["t"]), int(match["s"]), int(match["o"]), int(match["n"]), match["a"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._press(interaction))

    async def _press(self, interaction: discord.Interaction) -> None:
        bot = client_of(interaction)
        await acknowledge(interaction)
        try:
            if interaction.user.id != self.holder:
                raise TableError(
                    T("Only {holder} can answer this request.", holder=f"<@{self.holder}>")
                )
            table = await bot.tables.running(channel_id_of(interaction))
            if table.id != self.table_id or table.user_of(self.seat) != self.holder:
                raise TableError(T("That request is out of date: the seat has changed since."))
            if self.answer == "no":
                kept = T(
                    "{holder} keeps seat {seat}.",
                    holder=f"<@{self.holder}>",
                    seat=talk.Letter(self.seat),
                )
                content = await said_to(interaction, kept, ephemeral=False)
                await interaction.edit_original_response(content=content, view=None)
                return
            new = await _member(interaction, self.new_id)
            outcome = await bot.life.replace(
                channel_id_of(interaction),
                self.holder,
                self.holder,
                self.new_id,
                display_name(new) if new else str(self.new_id),
                is_admin=False,
            )
        except TableError as error:
            await reply_error(interaction, error)
            return
        await announce(bot, interaction, outcome)
        if interaction.message is not None:
            with contextlib.suppress(discord.HTTPException):  # answered: its buttons go
                await interaction.message.edit(view=None)


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
        bot = client_of(interaction)
        await guarded(interaction, lobby_action(bot, interaction, self.action, self.table_id))


def lobby_view(table_id: int, lang: str = "en") -> discord.ui.View:
    """Join / Leave / Start, in the channel's language."""
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave", "start"):
        view.add_item(LobbyButton(action, table_id, say(lang, LobbyButton.LABELS[action])))
    return view


async def _member(interaction: discord.Interaction, user_id: int) -> discord.abc.User | None:
    guild = interaction.guild
    found = guild.get_member(user_id) if guild else None
    try:
        return found or (await guild.fetch_member(user_id) if guild else None)
    except discord.HTTPException:
        return None


async def setup(bot: PortolanClient) -> None:
    await bot.add_cog(GameCog(bot))
    bot.add_dynamic_items(LobbyButton, ReplaceButton)
