"""Play-by-post commands: ``/undo``, ``/away``, ``/mygames``, ``/prefs``, ``/settings``."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any
from zoneinfo import available_timezones

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from discord_io.choices import PACE_CHOICES, PACE_WORDS
from discord_io.client import channel_id_of
from discord_io.first_response import timed_autocomplete
from discord_io.replies import acknowledge, announce, png_file, reader_language, reply, reply_error
from discord_io.texts import clip
from host import clocks, languages
from host.images import render_png_async
from host.store import TableRow
from host.store import web as web_store
from host.tables import TableError
from i18n import N_, T, Tn, say

if TYPE_CHECKING:
    from discord_io.client import PortolanClient

log = logging.getLogger("portolan.cogs.life")

LANGUAGE_CHOICES = [
    app_commands.Choice(name="English", value="en"),
    app_commands.Choice(name="Ελληνικά (Greek)", value="el"),
    app_commands.Choice(name="Русский (Russian)", value="ru"),
]
"""Each language by its own name, so a member finds theirs whatever their client's language
(the command translator adds the name in the reader's language)."""
AUTOMATIC = "auto"
PREF_LANGUAGE_CHOICES = [
    *LANGUAGE_CHOICES,
    app_commands.Choice(name="Automatic (the server's, else your Discord's)", value=AUTOMATIC),
]

REMIND_WORDS = {
    "channel": N_("channel"),
    "dm": N_("direct message"),
    "digest": N_("digest"),
}
"""How the /prefs answer names each way reminders reach a member."""


@functools.cache
def _zones() -> dict[str, str]:
    """The zone database's names, by their case-folded form."""
    return {name.casefold(): name for name in available_timezones()}


def zone_named(text: str) -> str | None:
    """The zone database name ``text`` names, case aside, or None. Only a listed name counts:
    a folder of the database (``Europe``), a path or an overlong text raises OSError or worse in
    ``ZoneInfo`` instead of its not-found error, so nothing typed reaches it unchecked."""
    return _zones().get(text.strip().casefold()) if len(text) <= 64 else None


def unknown_zone(text: str) -> i18n.Msg:
    """The refusal, with the zones the text may have meant (a region's cities, a city's zone)."""
    wanted = text.strip().casefold()
    shown = "".join(ch for ch in text.strip()[:40] if ch.isprintable() and ch not in "`\\")
    near = sorted(z for f, z in _zones().items() if wanted in f) if 2 < len(wanted) <= 64 else []
    if not near:
        return T("Unknown time zone `{zone}`. Give a zone such as `Europe/Athens`.", zone=shown)
    if len(near) <= 5:
        return T(
            "Unknown time zone `{zone}`. Give a zone such as `Europe/Athens`. "
            "Did you mean {zones}?",
            zone=shown,
            zones=", ".join(near),
        )
    return T(
        "Unknown time zone `{zone}`. Give a zone such as `Europe/Athens`. "
        "Did you mean {zones} and {more} more?",
        zone=shown,
        zones=", ".join(near[:5]),
        more=len(near) - 5,
    )


MEMBERSHIP_TTL = 10 * 60
"""How long (seconds) what the bot learnt of a member's presence in a server holds."""
LOOKUP_TIMEOUT = 2.0
"""The longest one membership look-up may take (autocomplete must answer within 3 seconds)."""
MEMBERSHIP_ENTRIES = 20_000
"""Past this many remembered (server, member) pairs, the expired ones are forgotten."""


class Membership:
    """Whether members are still in the servers of their games, and see their channels (issue 38
    item 4): what the bot shows a member of a server's game from outside its channel
    (``/mygames``, ``/catchup`` and its autocomplete, the digest) requires both. It is the host's
    ``PlayByPost.audience``; the member's seat is not affected.

    The bot has no members intent: no event says a member left, and the member cache is not to
    be trusted. So presence is asked when needed (``Guild.fetch_member``: NotFound once removed)
    and remembered for :data:`MEMBERSHIP_TTL` (virtual time in tests, the host's clock), one
    look-up per server, not per game, the servers in parallel; any interaction a member makes in
    a server tells it for free. A look-up that fails otherwise (Discord down, slow, a server
    served by another shard process) shows the game as before, and is not remembered."""

    def __init__(self, bot: PortolanClient) -> None:
        self.bot = bot
        self._known: dict[tuple[int, int], tuple[float, discord.Member | None]] = {}

    def saw(self, member: discord.abc.User) -> None:
        """``member`` acted in a server just now: they are in it, with these roles."""
        if isinstance(member, discord.Member) and member.guild is not None:
            self._remember(member.guild.id, member.id, member)

    def _remember(self, guild_id: int, user_id: int, member: discord.Member | None) -> None:
        now = self.bot.tables.now()
        if len(self._known) >= MEMBERSHIP_ENTRIES:
            self._known = {k: v for k, v in self._known.items() if now - v[0] < MEMBERSHIP_TTL}
        self._known[(guild_id, user_id)] = (now, member)

    async def member(self, guild: discord.Guild, user_id: int) -> discord.Member | bool | None:
        """The member as the server knows them; None once they are not in it; True when it
        could not be told (then the game is shown, as before this check)."""
        known = self._known.get((guild.id, user_id))
        if known is not None and self.bot.tables.now() - known[0] < MEMBERSHIP_TTL:
            return known[1]
        try:
            member = await asyncio.wait_for(guild.fetch_member(user_id), LOOKUP_TIMEOUT)
        except discord.NotFound:
            member = None
        except (discord.HTTPException, TimeoutError) as error:
            log.info("cannot tell whether %s is in server %s: %s", user_id, guild.id, error)
            return True
        self._remember(guild.id, user_id, member)
        return member

    async def shown(self, user_id: int, tables: Iterable[TableRow]) -> set[int]:
        """The ids of the ``tables`` whose game ``user_id`` may be shown: a table outside any
        server, or on a server this process does not serve (nothing to ask), or on a server the
        member is in, in a channel they can see."""
        tables = list(tables)
        guilds = {
            table.guild_id: guild
            for table in tables
            if table.guild_id is not None and (guild := self.bot.get_guild(table.guild_id))
        }
        found = await asyncio.gather(*(self.member(g, user_id) for g in guilds.values()))
        members = dict(zip(guilds, found, strict=True))
        shown = set()
        for table in tables:
            member = members.get(table.guild_id or 0, True)
            if member is None:
                continue  # removed from the server
            if isinstance(member, discord.Member):
                guild = guilds[table.guild_id or 0]
                channel = guild.get_channel_or_thread(table.channel_id)
                if channel is not None and not channel.permissions_for(member).view_channel:
                    continue  # can no longer see the game's channel
            shown.add(table.id)
        return shown


class LifeCog(commands.Cog):
    def __init__(self, bot: PortolanClient) -> None:
        self.bot = bot
        self.membership = Membership(bot)
        bot.life.audience = self.membership.shown

    async def cog_unload(self) -> None:
        if self.bot.life.audience == self.membership.shown:
            self.bot.life.audience = None

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.membership.saw(interaction.user)  # in a server: still a member, these roles

    @app_commands.command(name="undo", description="Take back your last move")
    async def undo(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        try:
            outcome = await self.bot.life.undo(channel_id_of(interaction), interaction.user.id)
        except TableError as error:
            await reply_error(interaction, error)
            return
        await announce(self.bot, interaction, outcome)

    @app_commands.command(name="away", description="Pause your clocks in all your games")
    @app_commands.describe(days=f"1 to {clocks.AWAY_MAX_DAYS_PER_GAME} days")
    async def away(
        self,
        interaction: discord.Interaction,
        days: app_commands.Range[int, 1, clocks.AWAY_MAX_DAYS_PER_GAME],
    ) -> None:
        await acknowledge(interaction)
        try:
            outcomes = await self.bot.life.away(interaction.user.id, days)
        except TableError as error:
            await reply_error(interaction, error)
            return
        await self.bot.deliverer.deliver([item for outcome in outcomes for item in outcome.items])
        games = len(outcomes)
        await reply(
            interaction,
            Tn(
                "Your clocks are paused in {count} game.",
                "Your clocks are paused in {count} games.",
                games,
            ),
        )

    @app_commands.command(
        name="mygames", description="Every game you are in, your moves first, with links"
    )
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def mygames(self, interaction: discord.Interaction) -> None:
        # Works anywhere, DMs included: it lists the games of every server.
        await acknowledge(interaction)
        self.membership.saw(interaction.user)
        lang = await reader_language(self.bot, interaction)
        lines = await self.bot.life.my_games(interaction.user.id, self._servers(), lang)
        text = "\n".join(lines) if lines else T("You are not in any game right now.")
        await reply(interaction, text, allowed_mentions=discord.AllowedMentions.none())

    def _servers(self) -> dict[int, str]:
        return {guild.id: guild.name for guild in self.bot.guilds}

    @app_commands.command(
        name="catchup", description="What happened in your game since your last move, and the board"
    )
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.describe(
        game="Which of your games (default: this channel's, else the most urgent)"
    )
    async def catchup(self, interaction: discord.Interaction, game: str | None = None) -> None:
        table_id = None
        if game is not None:
            if not game.isdigit():
                await reply_error(
                    interaction, TableError(T("Pick one of your games from the list."))
                )
                return
            table_id = int(game)
        await acknowledge(interaction)
        self.membership.saw(interaction.user)
        lang = await reader_language(self.bot, interaction)
        try:
            found, text, view = await self.bot.life.catch_up(
                interaction.user.id, table_id, interaction.channel_id, self._servers(), lang
            )
        except TableError as error:
            await reply_error(interaction, error)
            return
        spec = {"kind": "board", "game": found.table.game, "view": view | {"lang": lang}}
        png = await render_png_async(spec)
        kwargs: dict[str, Any] = (
            {"file": file} if (file := png_file(png, "board.png", spec)) else {}
        )
        await interaction.followup.send(
            clip(text), ephemeral=True, allowed_mentions=discord.AllowedMentions.none(), **kwargs
        )

    @catchup.autocomplete("game")
    @timed_autocomplete
    async def catchup_autocomplete(self, interaction: discord.Interaction, current: str):
        return await self.game_choices(interaction, current)

    async def game_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The member's running games whose name contains ``current``, most urgent first, as
        autocomplete choices (value: the table's id); ``/catchup game`` and ``/plan``'s."""
        servers = self._servers()
        self.membership.saw(interaction.user)
        lang = await reader_language(self.bot, interaction)
        choices = []
        for found in await self.bot.life.games_of(interaction.user.id, links=False):
            server = servers.get(found.table.guild_id or 0) or T("a server")
            name: str = T(
                "{game} on {server} (table {table}): {state}",
                game=found.title,
                server=server,
                table=found.table.id,
                state=T("your move") if found.mine else T("waiting"),
            )
            name = say(lang, name)
            if current.lower() in name.lower():
                choices.append(app_commands.Choice(name=name[:100], value=str(found.table.id)))
        return choices[:25]

    @app_commands.command(name="prefs", description="Your reminder and language preferences")
    @app_commands.describe(
        language="The language of your private replies, DMs and private images",
        timezone="e.g. Europe/Athens (for quiet hours)",
        quiet_from="Hour (0-23) your quiet hours start",
        quiet_to="Hour (0-23) your quiet hours end",
        remind_by="Where reminders reach you (digest: one DM a day listing your turns)",
        min_hours="At most one reminder every this many hours",
        digest_hour="Hour (0-23, your time zone) of your daily digest",
    )
    @app_commands.choices(
        remind_by=[
            app_commands.Choice(name="mention in the game channel", value="channel"),
            app_commands.Choice(name="direct message", value="dm"),
            app_commands.Choice(name="one daily digest DM (and a last warning)", value="digest"),
        ],
        language=PREF_LANGUAGE_CHOICES,
    )
    async def prefs(
        self,
        interaction: discord.Interaction,
        timezone: str | None = None,
        quiet_from: app_commands.Range[int, 0, 23] | None = None,
        quiet_to: app_commands.Range[int, 0, 23] | None = None,
        remind_by: str | None = None,
        min_hours: app_commands.Range[int, 1, 168] | None = None,
        digest_hour: app_commands.Range[int, 0, 23] | None = None,
        language: str | None = None,
    ) -> None:
        await acknowledge(interaction)
        prefs = await self.bot.store.get_prefs(interaction.user.id)
        if timezone is not None:
            zone = zone_named(timezone)
            if zone is None:
                await reply_error(interaction, TableError(unknown_zone(timezone)))
                return
            prefs["tz"] = zone
        if (quiet_from is None) != (quiet_to is None):
            await reply_error(interaction, TableError(T("Give both quiet_from and quiet_to.")))
            return
        if language == AUTOMATIC:
            prefs.pop(languages.SETTING, None)
        elif language is not None:
            prefs[languages.SETTING] = language
        if quiet_from is not None:
            prefs["quiet"] = None if quiet_from == quiet_to else [quiet_from, quiet_to]
        if remind_by is not None:
            if remind_by == "digest" and prefs.get("remind_by") != "digest":
                # The first digest comes at the next digest hour, not at once.
                prefs["digest_sent"] = self.bot.tables.now()
            prefs["remind_by"] = remind_by
        if digest_hour is not None:
            prefs["digest_hour"] = digest_hour
        if min_hours is not None:
            prefs["min_hours"] = min_hours
        await self.bot.store.set_prefs(interaction.user.id, prefs)
        self.bot.tables.forget_language(user_id=interaction.user.id)  # DMs follow at once
        # The answer speaks the language just chosen (the member's, read again).
        await reply(interaction, prefs_text(prefs))

    @app_commands.command(name="settings", description="Server settings for Portolan")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    @app_commands.describe(
        allow_channel="Allow games in this channel (the first one limits games to listed channels)",
        disallow_channel="Remove a channel from the allowed list",
        opener_role="Only this role may open games (pick @everyone to clear)",
        pace="Default pace for new games",
        reminder_channel="Post reminders here instead of in each game's channel",
        language="The language of the game channels' posts and boards",
        list_games="List this server's running games on a web page (off: listed nowhere)",
    )
    @app_commands.choices(pace=PACE_CHOICES, language=LANGUAGE_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        allow_channel: discord.TextChannel | None = None,
        disallow_channel: discord.TextChannel | None = None,
        opener_role: discord.Role | None = None,
        pace: str | None = None,
        reminder_channel: discord.TextChannel | None = None,
        language: str | None = None,
        list_games: bool | None = None,
    ) -> None:
        perms = getattr(interaction.user, "guild_permissions", None)
        if interaction.guild_id is None or not (perms and perms.manage_guild):
            await reply_error(
                interaction, TableError(T("Only members with Manage Server can do this."))
            )
            return
        await acknowledge(interaction)
        settings = await self.bot.store.get_guild_settings(interaction.guild_id)
        channels = list(settings.get("channels", []))
        if allow_channel is not None and allow_channel.id not in channels:
            channels.append(allow_channel.id)
        if disallow_channel is not None and disallow_channel.id in channels:
            channels.remove(disallow_channel.id)
        settings["channels"] = channels
        if opener_role is not None:
            settings["opener_role"] = None if opener_role.is_default() else opener_role.id
        if pace is not None:
            settings["pace"] = pace
        if reminder_channel is not None:
            settings["reminder_channel"] = reminder_channel.id
        if language is not None:
            settings[languages.SETTING] = language
        if list_games is not None:
            settings[web_store.LISTING] = list_games
        await self.bot.store.set_guild_settings(interaction.guild_id, settings)
        self.bot.tables.forget_language(interaction.guild_id)  # posts follow at once
        listing = None
        if settings.get(web_store.LISTING):
            listing = await self.bot.store.page_link("server", interaction.guild_id)
        # The answer speaks the channel language just chosen, the language it is about.
        await reply(
            interaction,
            settings_text(settings, languages.from_settings(settings), listing),
            allowed_mentions=discord.AllowedMentions.none(),
        )


def prefs_text(prefs: dict) -> i18n.Msg:
    """The /prefs answer: every preference as it now stands."""
    quiet = prefs.get("quiet")
    how = prefs.get("remind_by", "channel")
    text = T(
        "Time zone: {zone}; quiet hours: {quiet}; reminders by {how}, at most every {hours} h."
        "{digest}",
        zone=prefs.get("tz", "UTC"),
        quiet=f"{quiet[0]}:00-{quiet[1]}:00" if quiet else T("none"),
        how=T(REMIND_WORDS[how]) if how in REMIND_WORDS else how,
        hours=prefs.get("min_hours", 4),
        digest=digest_text(prefs),
    )
    chosen = prefs.get(languages.SETTING)
    if chosen in i18n.LANGUAGES:
        # Only a member who chose a language sees the line (the English answer stays as it was).
        text = T("{prefs}\nLanguage: {language}", prefs=text, language=i18n.NAMES[chosen])
    return text


def digest_text(prefs: dict) -> str:
    """What the /prefs answer says of the digest, if the member chose it."""
    if prefs.get("remind_by") != "digest":
        return ""
    hour = int(prefs.get("digest_hour", clocks.DEFAULT_DIGEST_HOUR))
    text = T(
        "\nYour digest comes once a day at {hour}:00: every game where you are to move or that"
        " ended, with links. No other reminder pings you, except a last warning before a clock"
        " runs out.",
        hour=hour,
    )
    quiet = prefs.get("quiet")
    if quiet and clocks.in_quiet_hours({"quiet": quiet}, hour * clocks.HOUR):
        text = T(
            "{digest} That hour is in your quiet hours, so it comes when they end ({end}:00).",
            digest=text,
            end=quiet[1],
        )
    return text


def settings_text(settings: dict, lang: str = i18n.ENGLISH, listing: str | None = None) -> str:
    """The /settings answer, in ``lang``: every server setting as it now stands (``listing``:
    the web page of the server's running games, when it lists them)."""
    channels = settings.get("channels") or []
    role = settings.get("opener_role")
    pace = settings.get("pace") or clocks.DEFAULT_PACE
    reminder = settings.get("reminder_channel")
    where: str = (
        T("in {channel}", channel=f"<#{reminder}>") if reminder else T("in each game's channel")
    )
    lines = [
        T(
            "Games allowed in: {channels}",
            channels=", ".join(f"<#{c}>" for c in channels) or T("every channel"),
        ),
        T("Who may open games: {who}", who=f"<@&{role}>" if role else T("everyone")),
        T("Default pace: {pace}", pace=T(PACE_WORDS[pace]) if pace in PACE_WORDS else pace),
        T("Reminders: {where}", where=where),
        T("Language: {language}", language=i18n.NAMES[languages.from_settings(settings)]),
    ]
    if settings.get(web_store.LISTING):  # issue 42: listed only when the server chose it
        where = f"<{listing}>" if listing else T("listed (no web address is configured)")
        lines.append(T("Running games on the web: {where}", where=where))
    return "\n".join(say(lang, line) for line in lines)


async def setup(bot: PortolanClient) -> None:
    await bot.add_cog(LifeCog(bot))
