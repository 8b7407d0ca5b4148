"""Play-by-post commands: ``/undo``, ``/away``, ``/mygames``, ``/prefs``, ``/settings``."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING
from zoneinfo import available_timezones

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import acknowledge, announce, clip, png_file, reply, reply_error
from host import clocks
from host.images import render_png_async
from host.tables import TableError

if TYPE_CHECKING:
    from bot import PortolanBot

PACE_CHOICES = [app_commands.Choice(name=name, value=name) for name in clocks.PACES]


@functools.cache
def _zones() -> dict[str, str]:
    """The zone database's names, by their case-folded form."""
    return {name.casefold(): name for name in available_timezones()}


def zone_named(text: str) -> str | None:
    """The zone database name ``text`` names, case aside, or None. Only a listed name counts:
    a folder of the database (``Europe``), a path or an overlong text raises OSError or worse in
    ``ZoneInfo`` instead of its not-found error, so nothing typed reaches it unchecked."""
    return _zones().get(text.strip().casefold()) if len(text) <= 64 else None


def unknown_zone(text: str) -> str:
    """The refusal, with the zones the text may have meant (a region's cities, a city's zone)."""
    wanted = text.strip().casefold()
    shown = "".join(ch for ch in text.strip()[:40] if ch.isprintable() and ch not in "`\\")
    near = sorted(z for f, z in _zones().items() if wanted in f) if 2 < len(wanted) <= 64 else []
    more = f" and {len(near) - 5} more" if len(near) > 5 else ""
    hint = f" Did you mean {', '.join(near[:5])}{more}?" if near else ""
    return f"Unknown time zone `{shown}`. Give a zone such as `Europe/Athens`.{hint}"


class LifeCog(commands.Cog):
    def __init__(self, bot: PortolanBot) -> None:
        self.bot = bot

    @app_commands.command(name="undo", description="Take back your last move")
    async def undo(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        try:
            outcome = await self.bot.life.undo(interaction.channel_id, interaction.user.id)
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
        games = "1 game" if len(outcomes) == 1 else f"{len(outcomes)} games"
        await reply(interaction, f"Your clocks are paused in {games}.")

    @app_commands.command(
        name="mygames", description="Every game you are in, your moves first, with links"
    )
    async def mygames(self, interaction: discord.Interaction) -> None:
        # Works anywhere, DMs included: it lists the games of every server.
        await acknowledge(interaction)
        lines = await self.bot.life.my_games(interaction.user.id, self._servers())
        text = "\n".join(lines) if lines else "You are not in any game right now."
        await reply(interaction, clip(text), allowed_mentions=discord.AllowedMentions.none())

    def _servers(self) -> dict[int, str]:
        return {guild.id: guild.name for guild in self.bot.guilds}

    @app_commands.command(
        name="catchup", description="What happened in your game since your last move, and the board"
    )
    @app_commands.describe(
        game="Which of your games (default: this channel's, else the most urgent)"
    )
    async def catchup(self, interaction: discord.Interaction, game: str | None = None) -> None:
        table_id = None
        if game is not None:
            if not game.isdigit():
                await reply_error(interaction, TableError("Pick one of your games from the list."))
                return
            table_id = int(game)
        await acknowledge(interaction)
        try:
            found, text, view = await self.bot.life.catch_up(
                interaction.user.id, table_id, interaction.channel_id, self._servers()
            )
        except TableError as error:
            await reply_error(interaction, error)
            return
        png = await render_png_async({"kind": "board", "game": found.table.game, "view": view})
        kwargs = {"file": file} if (file := png_file(png, "board.png")) else {}
        await interaction.followup.send(
            clip(text), ephemeral=True, allowed_mentions=discord.AllowedMentions.none(), **kwargs
        )

    @catchup.autocomplete("game")
    async def catchup_autocomplete(self, interaction: discord.Interaction, current: str):
        servers = self._servers()
        choices = []
        for found in await self.bot.life.games_of(interaction.user.id, links=False):
            server = servers.get(found.table.guild_id or 0, "a server")
            state = "your move" if found.mine else "waiting"
            name = f"{found.title} on {server} (table {found.table.id}): {state}"
            if current.lower() in name.lower():
                choices.append(app_commands.Choice(name=name[:100], value=str(found.table.id)))
        return choices[:25]

    @app_commands.command(name="prefs", description="Your reminder preferences")
    @app_commands.describe(
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
        ]
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
            await reply_error(interaction, TableError("Give both quiet_from and quiet_to."))
            return
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
        quiet = prefs.get("quiet")
        await reply(
            interaction,
            f"Time zone: {prefs.get('tz', 'UTC')}; quiet hours: "
            f"{f'{quiet[0]}:00-{quiet[1]}:00' if quiet else 'none'}; reminders by "
            f"{prefs.get('remind_by', 'channel')}, at most every {prefs.get('min_hours', 4)} h."
            + digest_text(prefs),
        )

    @app_commands.command(name="settings", description="Server settings for Portolan")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    @app_commands.describe(
        allow_channel="Allow games in this channel (the first one limits games to listed channels)",
        disallow_channel="Remove a channel from the allowed list",
        opener_role="Only this role may open games (pick @everyone to clear)",
        pace="Default pace for new games",
        reminder_channel="Post reminders here instead of in each game's channel",
    )
    @app_commands.choices(pace=PACE_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        allow_channel: discord.TextChannel | None = None,
        disallow_channel: discord.TextChannel | None = None,
        opener_role: discord.Role | None = None,
        pace: str | None = None,
        reminder_channel: discord.TextChannel | None = None,
    ) -> None:
        perms = getattr(interaction.user, "guild_permissions", None)
        if interaction.guild_id is None or not (perms and perms.manage_guild):
            await reply_error(
                interaction, TableError("Only members with Manage Server can do this.")
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
        await self.bot.store.set_guild_settings(interaction.guild_id, settings)
        await reply(
            interaction, settings_text(settings), allowed_mentions=discord.AllowedMentions.none()
        )


def digest_text(prefs: dict) -> str:
    """What the /prefs answer says of the digest, if the member chose it."""
    if prefs.get("remind_by") != "digest":
        return ""
    hour = int(prefs.get("digest_hour", clocks.DEFAULT_DIGEST_HOUR))
    text = (
        f"\nYour digest comes once a day at {hour}:00: every game where you are to move or that"
        " ended, with links. No other reminder pings you, except a last warning before a clock"
        " runs out."
    )
    quiet = prefs.get("quiet")
    if quiet and clocks.in_quiet_hours({"quiet": quiet}, hour * clocks.HOUR):
        text += f" That hour is in your quiet hours, so it comes when they end ({quiet[1]}:00)."
    return text


def settings_text(settings: dict) -> str:
    channels = settings.get("channels") or []
    role = settings.get("opener_role")
    pace = settings.get("pace") or clocks.DEFAULT_PACE
    reminder = settings.get("reminder_channel")
    return "\n".join(
        [
            "Games allowed in: " + (", ".join(f"<#{c}>" for c in channels) or "every channel"),
            "Who may open games: " + (f"<@&{role}>" if role else "everyone"),
            f"Default pace: {pace}",
            "Reminders: " + (f"in <#{reminder}>" if reminder else "in each game's channel"),
        ]
    )


async def setup(bot: PortolanBot) -> None:
    await bot.add_cog(LifeCog(bot))
