"""``/tournament`` (create, join, leave, start, status, standings, drop, export) and the ratings
commands ``/rating``, ``/leaderboard``, ``/stats``. Thin: the work is in ``host.tournaments`` and
the store."""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from discord_io.choices import PACE_CHOICES, check_thread_permissions
from discord_io.client import channel_id_of
from discord_io.replies import (
    acknowledge,
    channel_language,
    post_public,
    reader_language,
    reply,
    reply_error,
    said_to,
)
from discord_io.texts import display_name, long_answer
from host import ratings
from host.images import tournament_standings_png_async
from host.tables import TableError
from host.talk import safe_name
from host.tournaments import FORMAT_NAMES, shown, standings_alt, standings_text
from i18n import T, Tn, say

if TYPE_CHECKING:
    from discord_io.client import PortolanClient

FORMAT_CHOICES = [app_commands.Choice(name=label, value=key) for key, label in FORMAT_NAMES.items()]
NO_PINGS = discord.AllowedMentions.none()
IMAGE_ROWS = 40
"""The image shows the top of a big field (the text lists as many as a message holds)."""


def named(user: discord.abc.User) -> str:
    """A member's display name as a post shows it: unable to ping, link or format."""
    return safe_name(display_name(user))


def _is_admin(interaction: discord.Interaction) -> bool:
    # Manage Server as resolved in this channel (interaction.permissions includes overwrites).
    return bool(interaction.guild_id and interaction.permissions.manage_guild)


class TournamentCog(commands.Cog):
    tournament = app_commands.Group(
        name="tournament", description="Tournaments: sign-up, rounds, standings", guild_only=True
    )

    def __init__(self, bot: PortolanClient) -> None:
        self.bot = bot

    async def game_autocomplete(self, interaction: discord.Interaction, current: str):
        return [
            app_commands.Choice(name=engine.title, value=gid)
            for gid, engine in self.bot.tables.engines.items()
            if current.lower() in gid or current.lower() in engine.title.lower()
        ][:25]

    @tournament.command(name="create", description="Create a tournament in this channel")
    @app_commands.describe(
        name="The tournament's name",
        game="Which game",
        variant="Rules variant (default: the standard one)",
        format="Swiss (default), round robin or single elimination",
        size="Players per table (Swiss; default: the most the game allows)",
        pace="Turn clock of every table (default: normal)",
        rounds="Swiss only: number of rounds (default: 3, or log2 of the players at 2-player "
        "tables)",
        away_days="Days of /away each player may take in each game (default: 2)",
    )
    @app_commands.choices(format=FORMAT_CHOICES, pace=PACE_CHOICES)
    async def create(
        self,
        interaction: discord.Interaction,
        name: str,
        game: str,
        variant: str | None = None,
        format: str = "swiss",
        size: app_commands.Range[int, 2, 6] | None = None,
        pace: str | None = None,
        rounds: app_commands.Range[int, 1, 20] | None = None,
        away_days: app_commands.Range[int, 0, 7] | None = None,
    ) -> None:
        await acknowledge(interaction)
        try:
            created = await self.bot.tournaments.create(
                guild_id=interaction.guild_id,
                channel_id=channel_id_of(interaction),
                user_id=interaction.user.id,
                # Echoed in every notice: it must not be able to ping anyone.
                name=discord.utils.escape_mentions(name),
                game=game,
                variant=variant,
                format=format,
                table_size=size,
                pace=pace,
                rounds=rounds,
            )
        except TableError as error:
            await reply_error(interaction, error)
            return
        if away_days is not None:
            await self.bot.life.set_tournament_away(created.id, away_days)
        # The sign-up post: one post, which every sign-up edits (host.tournaments).
        await self.bot.tournaments.announce(created.id, display_name(interaction.user))
        await reply(interaction, T("Your tournament is open for sign-up."))

    create.autocomplete("game")(game_autocomplete)

    @tournament.command(name="join", description="Sign up for this channel's tournament")
    async def join(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        try:
            joined = await self.bot.tournaments.join(
                channel_id_of(interaction), interaction.user.id, display_name(interaction.user)
            )
        except TableError as error:
            await reply_error(interaction, error)
            return
        del joined  # the sign-up post now lists them (an edit, not a post per sign-up)
        await reply(interaction, T("You are signed up."))

    @tournament.command(name="leave", description="Withdraw your sign-up (before the start)")
    async def leave(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        try:
            left = await self.bot.tournaments.leave(channel_id_of(interaction), interaction.user.id)
        except TableError as error:
            await reply_error(interaction, error)
            return
        del left  # the sign-up post no longer lists them (an edit)
        await reply(interaction, T("You withdrew."))

    @tournament.command(name="start", description="Close sign-up and start round 1 (organiser)")
    async def start(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)  # privately: it may be refused
        try:
            await check_thread_permissions(interaction)
            await self.bot.tournaments.check_start(
                channel_id_of(interaction), interaction.user.id, is_admin=_is_admin(interaction)
            )
            await self.bot.tournaments.start(
                channel_id_of(interaction), interaction.user.id, is_admin=_is_admin(interaction)
            )
        except TableError as error:
            await reply_error(interaction, error)
            return
        # The start's one public post is round 1's tables (from the outbox, over as many posts
        # as they need); the sign-up post was edited to say sign-up is closed.
        await reply(interaction, T("Round 1 has started."))

    @tournament.command(name="status", description="The tournament's round and tables")
    async def status(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        lang = await reader_language(self.bot, interaction)  # a private answer
        try:
            text = await self.bot.tournaments.status(channel_id_of(interaction), lang)
        except TableError as error:
            await reply_error(interaction, error)
            return
        page, files = long_answer(text, "status.txt", lang)
        attached: dict[str, Any] = {"files": files} if files else {}
        await reply(interaction, page, allowed_mentions=NO_PINGS, **attached)

    @tournament.command(name="standings", description="Points and tie-breakers, as an image")
    @app_commands.describe(text_only="Only the text, without the image")
    async def standings(self, interaction: discord.Interaction, text_only: bool = False) -> None:
        await acknowledge(interaction)  # privately: it may be refused; the table is posted
        try:
            tournament, lines = await self.bot.tournaments.standings(channel_id_of(interaction))
        except TableError as error:
            await reply_error(interaction, error)
            return
        lang = await channel_language(self.bot, interaction)  # posted in the channel
        # What the standings are: final, after a complete round, or live while one is played.
        label = say(lang, await self.bot.tournaments.standings_label(tournament))
        heading = T(
            "**{tournament}**: standings, {label}. "
            "Ties: opponents' points, then score ratio, then seed (rating, then sign-up order).",
            tournament=shown(tournament.name),
            label=label,
        )
        head = say(lang, heading)
        table = standings_text(lines, tournament.format, lang)
        text = "\n".join([head, *table]) if lines else head
        page, files = long_answer(text, "standings.txt", lang)
        if text_only or not lines:
            await post_public(interaction, page, files=files)
            return
        rows = [
            {
                "place": line.place,
                "name": line.name,
                "points": line.points,
                "opponents_points": line.opponents_points,
                "score_ratio": line.score_ratio,
                "wins": line.wins,
                "games": line.games,
                "dropped": line.dropped,
            }
            for line in lines[:IMAGE_ROWS]
        ]
        engine = self.bot.tables.engine(tournament.game)
        subtitle = T(
            "{game}, {format}: standings, {label}",
            game=engine.title,
            format=T(FORMAT_NAMES[tournament.format]),
            label=label,
        )
        if len(lines) > IMAGE_ROWS:  # the image says where the rest is
            subtitle = T(
                "{subtitle}; the first {rows} of {total}: all in standings.txt",
                subtitle=subtitle,
                rows=IMAGE_ROWS,
                total=len(lines),
            )
            if not files:
                files = [discord.File(io.BytesIO(text.encode()), filename="standings.txt")]
        png = await tournament_standings_png_async(tournament.name, say(lang, subtitle), rows, lang)
        # Its alt text says what the image shows, as the heading does ("live, round 2"), not
        # the "final standings" of a game's own image.
        image = discord.File(
            io.BytesIO(png), filename="standings.png", description=standings_alt(lines, label, lang)
        )
        await post_public(interaction, page, files=[image, *files])

    @tournament.command(name="drop", description="Drop out (or, as organiser, drop a player)")
    @app_commands.describe(player="Organiser only: the player to drop (default: yourself)")
    async def drop(
        self, interaction: discord.Interaction, player: discord.User | None = None
    ) -> None:
        await acknowledge(interaction)
        try:
            text = await self.bot.tournaments.drop(
                channel_id_of(interaction),
                interaction.user.id,
                player.id if player else None,
                is_admin=_is_admin(interaction),
            )
        except TableError as error:
            await reply_error(interaction, error)
            return
        await post_public(interaction, text, confirm=T("Done."))

    @tournament.command(name="export", description="The full history (pairings, results) as JSON")
    async def export(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        try:
            record = await self.bot.tournaments.export(channel_id_of(interaction))
        except TableError as error:
            await reply_error(interaction, error)
            return
        data = json.dumps(record, indent=1).encode()
        info = record["tournament"]
        history = T(
            "History of **{tournament}** ({rounds} rounds).",
            tournament=info["name"],
            rounds=len(record["rounds"]),
        )
        await interaction.followup.send(
            await said_to(interaction, history),
            file=discord.File(io.BytesIO(data), filename=f"tournament-{info['id']}.json"),
            allowed_mentions=NO_PINGS,
            ephemeral=True,
        )

    # ---- ratings ---------------------------------------------------------------------------

    @app_commands.command(name="rating", description="A player's rating, per game")
    @app_commands.describe(user="Whose rating (default: yours)", game="One game only")
    async def rating(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        game: str | None = None,
    ) -> None:
        target = user or interaction.user
        if game is not None and game not in self.bot.tables.engines:
            await reply_error(interaction, TableError(T("Unknown game `{game}`.", game=game[:40])))
            return
        await acknowledge(interaction)
        rows = await self.bot.store.ratings_of(target.id, game)
        if not rows:
            if game:
                none = T(
                    "{name} has no rated games in {game} yet.",
                    name=named(target),
                    game=self.bot.tables.engine(game).title,
                )
            else:
                none = T("{name} has no rated games yet.", name=named(target))
            await reply(interaction, none)
            return
        lang = await reader_language(self.bot, interaction)
        lines = [say(lang, T("Ratings of {name} (shown: μ - 3σ):", name=named(target)))]
        for row in rows:
            line = T(
                "{game}: {rating}, {games} rated games",
                game=self._title(row.game),
                rating=ratings.describe(row.rating, lang),
                games=row.games,
            )
            lines.append(say(lang, line))
        await reply(interaction, "\n".join(lines), allowed_mentions=NO_PINGS)

    rating.autocomplete("game")(game_autocomplete)

    @app_commands.command(name="leaderboard", description="The best-rated players of a game")
    @app_commands.describe(game="Which game")
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        if game not in self.bot.tables.engines:
            await reply_error(interaction, TableError(T("Unknown game `{game}`.", game=game[:40])))
            return
        # Public: the only refusal (an unknown game) was decided above, before any work.
        await acknowledge(interaction, ephemeral=False)
        rows = await self.bot.store.leaderboard(game)
        title = self._title(game)
        if not rows:
            nobody = T("Nobody has a rating in {game} yet.", game=title)
            await reply(interaction, nobody, ephemeral=False)
            return
        lang = await channel_language(self.bot, interaction)
        lines = [say(lang, T("**{game}** leaderboard (μ - 3σ):", game=title))] + [
            say(
                lang,
                Tn(
                    "{place}. {name}: {rating} ({count} game)",
                    "{place}. {name}: {rating} ({count} games)",
                    row.games,
                    place=i,
                    name=safe_name(row.name),
                    rating=i18n.number(lang, row.rating.shown, 1),
                ),
            )
            for i, row in enumerate(rows, start=1)
        ]
        await reply(interaction, "\n".join(lines), ephemeral=False, allowed_mentions=NO_PINGS)

    leaderboard.autocomplete("game")(game_autocomplete)

    @app_commands.command(name="stats", description="Games, wins and average place, per game")
    @app_commands.describe(user="Whose statistics (default: yours)")
    async def stats(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        target = user or interaction.user
        await acknowledge(interaction)
        rows = await self.bot.store.stats(target.id)
        if not rows:
            await reply(interaction, T("{name} has no finished games yet.", name=named(target)))
            return
        lang = await reader_language(self.bot, interaction)
        lines = [say(lang, T("Finished games of {name}:", name=named(target)))] + [
            say(
                lang,
                Tn(
                    "{game}: {count} game, {wins} won, average place {place}",
                    "{game}: {count} games, {wins} won, average place {place}",
                    row.games,
                    game=self._title(row.game),
                    wins=row.wins,
                    place=i18n.number(lang, row.average_place, 2),
                ),
            )
            for row in rows
        ]
        await reply(interaction, "\n".join(lines), allowed_mentions=NO_PINGS)

    def _title(self, game: str) -> str:
        engine = self.bot.tables.engines.get(game)
        return engine.title if engine else game


async def setup(bot: PortolanClient) -> None:
    await bot.add_cog(TournamentCog(bot))
