"""The lobby of a table (docs/ARCHITECTURE.md 4): open one in a channel, join, leave, start,
abort. A part of ``host.tables.TableService`` (see ``host.table_base``)."""

from __future__ import annotations

import logging
import secrets

from engines import IllegalMove
from engines.base import Engine
from host import clocks, talk
from host.store import ChannelBusy, SeatRow, TableRow
from host.table_base import Outcome, TableBase, TableError, player_range
from i18n import N_, T, Tn
from players.levels import LEVELS

log = logging.getLogger("portolan.tables")

FILLER_LEVELS: tuple[str, ...] = tuple(LEVELS)
"""How well seat fillers may play (``/game new level:``), easiest first."""

HOW_TO_MOVE = N_(
    "How to play: type `/move` and pick from the list (it shows only your legal moves), or press a "
    "button under the post; `/hand` shows your private information; `/rules {game} moves` explains "
    "the move texts; `/help` for everything else."
)


class Lobby(TableBase):
    """Opening, joining, leaving, starting and aborting a table."""

    async def open(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        user_id: int,
        name: str,
        variant: str | None = None,
        players: int | None = None,
        pace: str | None = None,
        roles: list[int] | None = None,
        parent_id: int | None = None,
        rated: bool = True,
        bots: int = 0,
        level: str | None = None,
        deadline_hour: int | None = None,
    ) -> TableRow:
        """Open a lobby. ``bots`` seat fillers take seats at once (named "Bot 1 (normal)", ...)
        playing at ``level`` (easy, normal, hard); a game with fillers is rated only where the
        server allows it (the ``rated_bots`` setting).
        ``roles`` are the opener's role ids, checked against the server's settings when given (the
        offline table passes none); ``parent_id`` is the channel a thread belongs to, so a game
        thread counts as its channel. An unrated (casual) game never moves anyone's rating.
        ``deadline_hour``: a daily deadline hour in the opener's time zone (a bank that would run
        out at night runs out at that hour instead; ``host.clocks``)."""
        _, variant, pace, settings = await self.check_open(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            variant=variant,
            players=players,
            pace=pace,
            roles=roles,
            parent_id=parent_id,
            bots=bots,
            deadline_hour=deadline_hour,
        )
        from players import filler_name, filler_user_id, level_name

        try:
            level = level_name(level)
        except ValueError as error:
            raise TableError(str(error)) from None
        if bots and not settings.get("rated_bots"):
            rated = False  # practice against fillers never moves anyone's rating
        try:
            table = await self.store.create_table(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game,
                variant=variant,
                seats_wanted=players,
                opener_id=user_id,
                opener_name=name,
                pace=pace,
                rated=rated,
            )
        except ChannelBusy:
            raise TableError(
                T(
                    "This channel already has a game. Finish or `/game abort` it first, "
                    "or open the new one in another channel or thread."
                )
            ) from None
        if deadline_hour is not None:
            tz = (await self.store.get_prefs(user_id)).get("tz") or "UTC"
            table = await self.store.update_table(
                table.id, table.version, clock=clocks.lobby_clock(pace, deadline_hour, tz)
            )
        if bots:
            seats = [*table.seats]
            seats += [
                SeatRow(len(seats) + i, filler_user_id(i + 1, level), filler_name(i + 1, level))
                for i in range(bots)
            ]
            table = await self.store.set_seats(table.id, table.version, seats)
        log.info("table %s opened: %s/%s in channel %s", table.id, game, variant, channel_id)
        return table

    async def check_open(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        variant: str | None = None,
        players: int | None = None,
        pace: str | None = None,
        roles: list[int] | None = None,
        parent_id: int | None = None,
        bots: int = 0,
        deadline_hour: int | None = None,
    ) -> tuple[Engine, str, str, dict]:
        """Everything ``open`` refuses, checked without creating anything (the Discord layer asks
        before it makes a thread). Returns the engine, the variant and pace to use, and the
        server's settings."""
        engine = self.engine(game)
        settings = await self.store.get_guild_settings(guild_id) if guild_id is not None else {}
        allowed = settings.get("channels") or []
        if allowed and channel_id not in allowed and parent_id not in allowed:
            raise TableError(
                "Games cannot be opened in this channel. Allowed: "
                + ", ".join(f"<#{c}>" for c in allowed)
                + "."
            )
        role = settings.get("opener_role")
        if role and roles is not None and role not in roles:
            raise TableError(
                T("Only members with the {role} role can open games here.", role=f"<@&{role}>")
            )
        pace = pace or settings.get("pace") or engine.default_pace or clocks.DEFAULT_PACE
        if pace not in clocks.PACES:
            raise TableError(
                T(
                    "Unknown pace `{pace}`. Choose one of: {paces}.",
                    pace=pace[:20],
                    paces=", ".join(clocks.PACES),
                )
            )
        variant = variant or engine.variants[0]
        if variant not in engine.variants:
            raise TableError(
                T(
                    "{game} has no variant `{variant}`. Choose one of: {variants}.",
                    game=engine.title,
                    variant=variant[:40],
                    variants=", ".join(engine.variants),
                )
            )
        low, high = player_range(engine, variant)
        if players is not None and not low <= players <= high:
            raise TableError(
                T(
                    "{game} ({variant}) is for {low} to {high} players.",
                    game=engine.title,
                    variant=talk.variant_word(variant),
                    low=low,
                    high=high,
                )
            )
        if deadline_hour is not None and deadline_hour not in clocks.DEADLINE_HOURS:
            raise TableError(T("Choose a deadline hour from 12 to 23 (the night runs to 8:00)."))
        if deadline_hour is not None and clocks.PACES.get(pace) is None:
            raise TableError(T("An untimed game has no clock to end by a deadline hour."))
        if not 0 <= bots < (players or high):
            raise TableError(
                T(
                    "Seat fillers: 0 to {most} here (someone has to play).",
                    most=(players or high) - 1,
                )
            )
        return engine, variant, pace, settings

    async def join(self, channel_id: int, user_id: int, name: str) -> TableRow:
        async with self.lock(channel_id):
            table = await self.live(channel_id)
            if table.status != "lobby":
                raise TableError(T("This game has already started; you cannot join it now."))
            if table.seat_of(user_id) is not None:
                raise TableError(T("You are already in this game."))
            engine = self.engine(table.game)
            capacity = table.seats_wanted or player_range(engine, table.variant)[1]
            if len(table.seats) >= capacity:
                raise TableError(
                    Tn(
                        "This game is full ({count} player).",
                        "This game is full ({count} players).",
                        capacity,
                    )
                )
            seats = [*table.seats, SeatRow(len(table.seats), user_id, name)]
            return await self.store.set_seats(table.id, table.version, seats)

    async def leave(self, channel_id: int, user_id: int) -> TableRow:
        async with self.lock(channel_id):
            table = await self.live(channel_id)
            if table.status != "lobby":
                raise TableError(T("The game is running; you cannot leave it now."))
            if table.seat_of(user_id) is None:
                raise TableError(T("You are not in this game."))
            remaining = [s for s in table.seats if s.user_id != user_id]
            if all(s.user_id < 0 for s in remaining):  # only seat fillers would be left
                return await self.store.set_status(table.id, table.version, "aborted")
            seats = [SeatRow(i, s.user_id, s.name) for i, s in enumerate(remaining)]
            return await self.store.set_seats(table.id, table.version, seats)

    async def start(self, channel_id: int, user_id: int, *, seed: int | None = None) -> Outcome:
        async with self.lock(channel_id):
            table = await self.live(channel_id)
            if table.status != "lobby":
                raise TableError(T("This game has already started."))
            if table.seat_of(user_id) is None:
                raise TableError(T("Only a player in the lobby can start the game."))
            engine = self.engine(table.game)
            low, _ = player_range(engine, table.variant)
            count = len(table.seats)
            if count < low:
                raise TableError(
                    T(
                        "{game} ({variant}) needs at least {low} players; {joined} joined so far.",
                        game=engine.title,
                        variant=talk.variant_word(table.variant),
                        low=low,
                        joined=count,
                    )
                )
            if table.seats_wanted and count < table.seats_wanted:
                raise TableError(
                    T(
                        "This lobby is for {wanted} players; {joined} joined so far.",
                        wanted=table.seats_wanted,
                        joined=count,
                    )
                )
            seed = secrets.randbits(62) if seed is None else seed
            try:
                state = engine.setup(count, seed=seed, variant=table.variant)
            except IllegalMove as error:
                raise TableError(str(error)) from None
            version = table.version + 1
            lines = [
                T(
                    "**{game}** ({variant}) begins with {players}.",
                    game=engine.title,
                    variant=talk.variant_word(table.variant),
                    players=talk.seated(table),
                ),
                T(HOW_TO_MOVE, game=table.game),
            ]
            said = talk.compose(
                table,
                engine,
                state,
                version,
                lines,
                private={},
                before=None,
                lang=await self.channel_language(table.guild_id),
                langs=await self.seat_languages(table),
            )
            clock = clocks.new_clock(
                table.pace,
                count,
                engine.to_move(state),
                self.now(),
                deadline=clocks.deadline_of(table.clock),
            )
            table = await self.store.start_table(
                table.id,
                table.version,
                seed=seed,
                state=engine.encode(state),
                outbox=said.items,
                clock=clock,
                talk=said.memory.dump(),
            )
            log.info("table %s started with %s players", table.id, count)
            self._move_counts[channel_id] = 0
            self.decisions.remember(table, fresh=True)
            opening = Outcome(
                table=table, public_lines=said.lines, items=said.items, mentions=said.mentions
            )
            return await self.autopilot(opening)  # seat fillers may be first to move (background)

    async def abort(self, channel_id: int, user_id: int, *, is_admin: bool = False) -> TableRow:
        async with self.lock(channel_id):
            table = await self.live(channel_id)
            if user_id != table.opener_id and not is_admin:
                raise TableError(
                    T(
                        "Only the player who opened the game, or a member with Manage Channels, "
                        "can abort it."
                    )
                )
            table = await self.store.set_status(table.id, table.version, "aborted")
            log.info("table %s aborted", table.id)
            self._ended(table)
            return table
