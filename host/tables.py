"""The table service: lobbies, seats, turns and moves, on top of the store and the engines.

Everything a Discord command or the offline table does to a game goes through :class:`TableService`.
It checks who may do what, calls the engine, persists the result in one transaction and returns an
:class:`Outcome` that says what to announce and to whom. It never talks to Discord itself.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import secrets
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import i18n
from engines import ENGINES, IllegalMove
from engines.base import (
    Engine,
    Standing,
    UnclearMove,
    check_move_text,
    match_move,
    printable,
)
from host import catchup, clocks, languages, metrics, talk, workers
from host.choices import Decision, describe_decision, said_move
from host.talk import fit_post, letter, phase_words, private_text, standing_dict, standings_lines
from i18n import N_, T, Tn, say

__all__ = [
    "MoveRefused",
    "Outcome",
    "TableError",
    "TableService",
    "fit_post",
    "standings_lines",
]
from host.store import ChannelBusy, OutboxItem, SeatRow, StaleVersion, Store, TableRow
from players.levels import LEVELS, Level

FILLER_LEVELS: tuple[str, ...] = tuple(LEVELS)
"""How well seat fillers may play (``/game new level:``), easiest first."""

log = logging.getLogger("portolan.tables")

RETRIES_ON_STALE = 3

PILOT_MOVES_PER_RUN = 2000
"""A guard against a game that never ends: one pilot run plays at most this many moves."""

FILLER_USER_IDS = range(-1, -7, -1)
"""Seat fillers sit under negative user ids: no Discord user ever has one, so they are never
pinged, DMed or reminded (``is_filler``). These are the normal level's; other levels sit further
down (``players.filler_user_id``)."""

VERSION_MARK = re.compile(r"\s*#v(\d+)\s*$")
"""A move chosen from autocomplete carries the version it was offered at: ``harvest taro #v12``."""

LANGUAGE_TTL = 60.0
"""Seconds a remembered language (a server's, a member's) is trusted without reading the store
again: background posts do not read it per post, and a change made elsewhere (another process,
a command that did not call :meth:`TableService.forget_language`) still takes effect soon."""

STATUS_WORDS = {
    "lobby": N_("lobby"),
    "active": N_("active"),
    "finished": N_("finished"),
    "aborted": N_("aborted"),
}
"""A table's status as ``/game status`` says it (the stored code is English)."""

SEAT_MARKS = (N_("away"), N_("expelled"), N_("resigned"))
"""The marks of a seat's clock in ``/game status``."""

HOW_TO_MOVE = N_(
    "How to play: type `/move` and pick from the list (it shows only your legal moves), or press a "
    "button under the post; `/hand` shows your private information; `/rules {game} moves` explains "
    "the move texts; `/help` for everything else."
)


class TableError(Exception):
    """A request that cannot be done; the message is for the user who asked (shown ephemerally)."""


REFUSAL_LIMIT = 560
"""Longest refusal of a move text, in characters (issue 40 section 5: at most 600 as the member
reads it, with the warning sign before it and `/move` made a clickable mention)."""

REFUSAL_MOVES = 5
"""Most moves a refusal names (and offers as buttons); it names at least 3 where there are."""

ALL_MOVES = N_(
    "All your moves: start typing in `/move` and pick from its list, or press “My choices”."
)
"""Where a refused member finds every legal move (the refusal carries a "My choices" button)."""


class MoveRefused(TableError):
    """A move text refused because it names no one legal move, said briefly (issue 40 section 5):
    the reason, the legal moves closest to it in words, and where to find them all. Asked, never
    guessed (issue 38 item 1): ``moves`` are those moves (canonical), ``indices`` their places in
    the seat's legal moves at ``table_id``'s ``version`` and ``labels`` them in words, for
    private buttons that play exactly one of them while the game is still at that version."""

    def __init__(
        self,
        text: str,
        *,
        table_id: int,
        version: int,
        moves: list[str],
        indices: list[int],
        labels: list[str],
    ) -> None:
        super().__init__(text)
        self.table_id, self.version = table_id, version
        self.moves, self.indices, self.labels = moves, indices, labels


@dataclass
class Outcome:
    """What a change to a table produced: what to post where, and what is already queued.

    ``items`` are the notifications, already stored in the outbox in the same transaction as the
    change; deliver them with :class:`host.notify.Deliverer`.
    """

    table: TableRow
    public_lines: list[str] = field(default_factory=list)
    mentions: list[int] = field(default_factory=list)
    items: list[OutboxItem] = field(default_factory=list)
    finished: bool = False
    standings: list[Standing] | None = None

    def merged(self, later: Outcome) -> Outcome:
        """This outcome followed by a later one (autopilot moves, timeouts)."""
        return Outcome(
            table=later.table,
            public_lines=self.public_lines + later.public_lines,
            mentions=self.mentions + [m for m in later.mentions if m not in self.mentions],
            items=self.items + later.items,
            finished=later.finished,
            standings=later.standings,
        )


def nonce_for(key: str) -> str:
    """A short, stable message nonce for an outbox key (Discord allows up to 25 characters)."""
    return hashlib.sha256(key.encode()).hexdigest()[:25]


class TableService:
    def __init__(
        self,
        store: Store,
        engines: Mapping[str, Engine] | None = None,
        *,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.engines = ENGINES if engines is None else engines
        self.now = now  # injectable, so clock tests never sleep
        self.filler_budget: object | None = None
        """How long a seat filler thinks (a ``players.Budget``; None: its default)."""
        self.autopilot_move: Callable[[Engine, dict, int, int], Awaitable[str]] | None = None
        """Who decides for seats that play by themselves: the seat filler unless replaced (tests
        that script a result replace it with the engine's default move)."""
        self._locks: dict[int, ChannelLock] = {}
        # Autocomplete from memory: the latest row of each channel's game known here, and each
        # member decision's choices (see ``move_choices``).
        self._rows: dict[int, TableRow] = {}
        self._row_stamps: dict[int, int] = {}
        self._decisions: dict[tuple[int, int], tuple[int, asyncio.Future[Decision]]] = {}
        self._pilots: dict[int, asyncio.Task] = {}
        """The running pilot of each table (see :meth:`kick`)."""
        self.on_pilot: Callable[[Outcome], Awaitable[None]] | None = None
        """Told each move a pilot committed, to deliver it (the bot's deliverer; the offline
        table's terminal)."""
        self.plans: Any = None
        """Members' plans (``host.plans.Plans``, issue 41), kicked after each commit and wherever
        the pilot is: a member whose decision starts may have planned it."""
        # How many moves each channel's game had when this process last read or wrote it: read
        # without awaiting when a typed move arrives, so the same text sent twice at once is
        # judged against the same point of the game.
        self._move_counts: dict[int, int] = {}
        # Called with the table whenever a game ends (finished or aborted), after the commit;
        # tournaments listen here to record results and pair the next round.
        self.end_listeners: list[Callable[[TableRow], None]] = []
        # Languages read from the store, with when they were read (see ``channel_language``).
        self._guild_langs: dict[int, tuple[float, str]] = {}
        self._member_prefs: dict[int, tuple[float, dict]] = {}
        self._locales: dict[int, str] = {}
        self._guild_locales: dict[int, str] = {}

    def _ended(self, table: TableRow) -> None:
        for listener in self.end_listeners:
            try:
                listener(table)
            except Exception:
                # A listener's failure must not undo or hide a committed move.
                log.exception("end listener failed for table %s", table.id)

    def lock(self, channel_id: int) -> ChannelLock:
        """The lock that serialises every change to the game of one channel in this process."""
        found = self._locks.get(channel_id)
        if found is None:
            found = self._locks[channel_id] = ChannelLock(self, channel_id)
        return found

    # ---- languages (docs/ARCHITECTURE.md 6b)
    # ---------------------------------------------------------

    async def channel_language(self, guild_id: int | None) -> str:
        """The language a server's channels speak (``host.languages``), remembered for
        ``LANGUAGE_TTL`` seconds: a post made in the background reads no setting."""
        if guild_id is None:
            return i18n.ENGLISH
        known = self._guild_langs.get(guild_id)
        if known is not None and time.monotonic() - known[0] < LANGUAGE_TTL:
            return known[1]
        lang = await languages.channel_language(self.store, guild_id)
        self._guild_langs[guild_id] = (time.monotonic(), lang)
        return lang

    def learn_channel_language(self, guild_id: int | None, lang: str) -> None:
        """A server's language as an interaction just read it from the store."""
        if guild_id is not None:
            self._guild_langs[guild_id] = (time.monotonic(), lang)

    async def member_language(
        self, user_id: int, guild_id: int | None = None, *, locale: str | None = None
    ) -> str:
        """The language a member reads their DMs, refusals and private images in: decided as
        ``host.languages.member_language`` does, from preferences remembered for a while."""
        if user_id <= 0:  # seat fillers read nothing; their lines follow the channel
            return await self.channel_language(guild_id)
        known = self._member_prefs.get(user_id)
        if known is None or time.monotonic() - known[0] >= LANGUAGE_TTL:
            known = (time.monotonic(), await self.store.get_prefs(user_id))
            self._member_prefs[user_id] = known
        return languages.own_language(known[1], locale) or await self.channel_language(guild_id)

    async def saw_locale(self, user_id: int, locale: str | None) -> None:
        """Remember the Discord locale an interaction showed for a member in their preferences,
        so DMs sent in the background follow it; written only when it changed."""
        if not locale or user_id <= 0 or self._locales.get(user_id) == locale:
            return
        prefs = await self.store.get_prefs(user_id)
        if prefs.get(languages.LOCALE) != locale:
            prefs = {**prefs, languages.LOCALE: locale}
            await self.store.set_prefs(user_id, prefs)
        self._member_prefs[user_id] = (time.monotonic(), prefs)
        self._locales[user_id] = locale

    async def saw_guild_locale(self, guild_id: int, locale: str | None) -> None:
        """Remember a server's preferred locale (its channels' default language) in its
        settings, for posts made in the background; written only when it changed."""
        if not locale or self._guild_locales.get(guild_id) == locale:
            return
        settings = await self.store.get_guild_settings(guild_id)
        if settings.get(languages.LOCALE) != locale:
            await self.store.set_guild_settings(guild_id, {**settings, languages.LOCALE: locale})
            self._guild_langs.pop(guild_id, None)
        self._guild_locales[guild_id] = locale

    def forget_language(self, guild_id: int | None = None, *, user_id: int | None = None) -> None:
        """A server's ``/settings language`` or a member's ``/prefs language`` changed: read it
        afresh next time."""
        if guild_id is not None:
            self._guild_langs.pop(guild_id, None)
            self._guild_locales.pop(guild_id, None)
        if user_id is not None:
            self._member_prefs.pop(user_id, None)
            self._locales.pop(user_id, None)

    async def seat_languages(self, table: TableRow) -> dict[int, str]:
        """Each member's language at ``table`` (by user id), for their DMs: its players' and its
        watchers' (a watcher reads the copy of a post in their own language)."""
        members = [s.user_id for s in table.seats if s.user_id > 0]
        members += [w for w in await self.store.watchers(table.id) if w not in members]
        return {user: await self.member_language(user, table.guild_id) for user in members}

    # ---- lookups -------------------------------------------------------------------------

    def engine(self, game: str) -> Engine:
        try:
            return self.engines[game]
        except KeyError:
            available = ", ".join(sorted(self.engines)) or "none"
            raise TableError(
                T(
                    "Unknown game `{game}`. Available: {available}.",
                    game=game[:40],
                    available=available,
                )
            ) from None

    async def live(self, channel_id: int) -> TableRow:
        table = await self.store.live_table(channel_id)
        if table is not None:
            self._remember(table)
        if table is None:
            raise TableError(T("There is no game in this channel. Open one with `/game new`."))
        return table

    def remember_move_count(self, table: TableRow) -> None:
        """Keep the move-count cache in step with a change made outside :meth:`play` (an undo
        takes the count back: left at the old count, two copies of the next typed move would
        both look as if sent before the seat's last move, and both would apply)."""
        self._move_counts[table.channel_id] = table.move_count

    async def running(self, channel_id: int) -> TableRow:
        table = await self.live(channel_id)
        self._move_counts[channel_id] = table.move_count
        if table.status != "active":
            raise TableError(T("The game in this channel has not started yet (see `/game start`)."))
        return table

    async def latest(self, channel_id: int) -> TableRow:
        table = await self.store.latest_table(channel_id)
        if table is None:
            raise TableError(T("There is no game in this channel. Open one with `/game new`."))
        return table

    # ---- lobby ---------------------------------------------------------------------------

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
            self._remember(table, fresh=True)
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

    # ---- moves ---------------------------------------------------------------------------

    async def submit(
        self,
        channel_id: int,
        user_id: int,
        move: str,
        *,
        expected_version: int | None = None,
        lang: str | None = None,
    ) -> Outcome:
        """Apply a move for the user's seat, once per decision. A refusal is said in ``lang``
        (the member's language; read from their preferences when not given).

        A move carries the version it was decided at: a button's or an autocomplete choice's
        (``#v12``), or for typed text the version when it arrived. Once the game has moved on it
        is refused as out of date, so a double click or the same text sent twice at once applies
        only once."""
        move, marked = split_version(move)
        if expected_version is None:
            expected_version = marked
        # Typed text carries no version: remember how far the game was when it arrived, so the
        # same text sent twice at once (both seeing one decision) applies once.
        seen: int | None = None
        if expected_version is None:
            seen = self._move_counts.get(channel_id)
            if seen is None:
                first = await self.store.live_table(channel_id)
                seen = first.move_count if first is not None else None
        async with self.lock(channel_id):
            for _attempt in range(RETRIES_ON_STALE):
                table = await self.running(channel_id)
                if expected_version is not None and table.version != expected_version:
                    raise TableError(
                        T(
                            "That choice is out of date: the game moved on before it arrived. "
                            "Look at the latest post and choose again."
                        )
                    )
                if seen is not None and await self._moved_since(table, user_id, seen):
                    raise TableError(
                        T(
                            "That move is out of date: you already moved since it was sent "
                            "(a second copy of the same move is never applied twice)."
                        )
                    )
                try:
                    return await self._submit(table, user_id, move, lang)
                except StaleVersion:
                    # Another process moved first: reload and judge the move again.
                    continue
            raise TableError(T("The game is busy; please try again in a moment."))

    async def _moved_since(self, table: TableRow, user_id: int, move_count: int) -> bool:
        """Whether the user's seat made a move after the game's ``move_count``-th move."""
        seat = table.seat_of(user_id)
        if seat is None or table.move_count <= move_count:
            return False
        later = await self.store.moves(table.id, last=table.move_count - move_count)
        return any(row.seat == seat for row in later)

    async def _submit(
        self, table: TableRow, user_id: int, move: str, lang: str | None = None
    ) -> Outcome:
        engine = self.engine(table.game)
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError(T("You are not a player in this game."))
        if seat_status(table, seat) != "playing":
            raise TableError(T("Your seat is on autopilot (you resigned or were expelled)."))
        waiting = engine.to_move(engine.decode(table.state))
        if seat not in waiting:
            names = talk.Listed(talk.SeatName(table.names[s]) for s in waiting) or T("nobody")
            raise TableError(T("It is not your turn. Waiting for: {names}.", names=names))
        if lang is None:
            lang = await self.member_language(user_id, table.guild_id)
        move = await self._said_move(table, seat, move, lang)
        outcome = await self.play(table, seat, move, user_id=user_id, lang=lang)
        # The fillers that follow move in the background: this member is answered now.
        return await self.autopilot(outcome)

    async def _said_move(self, table: TableRow, seat: int, move: str, lang: str) -> str:
        """The canonical move a member typed in their language ("συγκομιδή καρύδα", "place
        tavern"), when it names exactly one (``said_move``, then the engine's own matcher);
        otherwise a :class:`MoveRefused` that names the moves it could mean, or else the legal
        moves closest to it, and offers them to be chosen (``_refused``)."""
        engine = self.engine(table.game)
        state = engine.decode(table.state)
        if move in engine.legal_moves(state, seat):
            return move  # a button's or an autocomplete choice's canonical text
        decision = await self._decision(table, seat)
        try:
            # Text no move could be (empty, too long, invisible controls) is refused before it
            # is matched: matching ignores what it cannot read, and "\u202ebid 1" is not "bid 1".
            check_move_text(move, decision.legal)
            said = said_move(engine, state, seat, decision, move, lang)
            return said if said in decision.legal else engine.match(state, seat, said)
        except IllegalMove as error:
            raise self._refused(table, engine, state, seat, decision, move, error, lang) from None

    def _refused(
        self,
        table: TableRow,
        engine: Engine,
        state: dict,
        seat: int,
        decision: Decision,
        typed: str,
        error: IllegalMove,
        lang: str,
    ) -> MoveRefused:
        """The refusal of a move text in at most ``REFUSAL_LIMIT`` characters in ``lang``: why,
        then the moves the text could mean ("did you mean"), or when it names none the 3 to 5
        legal moves closest to it (``Decision.closest``), in words, then where every move is."""
        shown = printable(typed, 40)
        candidates = error.candidates if isinstance(error, UnclearMove) else []
        if candidates:
            head = say(lang, T("`{text}` does not name one legal move. Did you mean:", text=shown))
            moves = decision.closest(typed, lang, among=candidates)[:REFUSAL_MOVES]
            others = [m for m in decision.closest(typed, lang) if m not in moves]
            moves += others[: max(0, 3 - len(moves))]
        else:
            moves = decision.closest(typed, lang)[:REFUSAL_MOVES]
            reason = self._reason(error, shown)
            head = talk.refusal_in_words(table, engine, state, seat, reason, lang)
            if len(head) > REFUSAL_LIMIT // 3:  # an engine's own long refusal: the usual reason
                head = say(lang, T("`{text}` is not a legal move now.", text=shown))
            head += " " + say(lang, T("The closest legal moves:"))
        where = say(lang, T(ALL_MOVES))
        names = talk.with_names(table, [decision.descriptions[m] for m in moves], lang)
        # The longest cut that lets every line fit (a short name leaves its room to the others).
        room = REFUSAL_LIMIT - len(head) - len(where) - 2
        each = talk.BUTTON_LABEL
        while each > 10 and sum(min(len(n), each) + 3 for n in names) > room:
            each -= 1
        lines = [head, *(f"• {talk.fit_label(name, each)}" for name in names), where]
        return MoveRefused(
            "\n".join(lines),
            table_id=table.id,
            version=table.version,
            moves=moves,
            indices=[decision.legal.index(m) for m in moves],
            labels=[talk.fit_label(name) for name in names],
        )

    @staticmethod
    def _reason(error: IllegalMove, shown: str) -> object:
        """Why a move text names no legal move: the engine's own short reason (too long, a
        position that is not open), else that it is not a legal move now."""
        reason = error.reason if isinstance(error, UnclearMove) else None
        if reason is None and not isinstance(error, UnclearMove) and error.args:
            reason = error.args[0]
        return reason if reason is not None else T("`{text}` is not a legal move now.", text=shown)

    async def play(
        self,
        table: TableRow,
        seat: int,
        move: str,
        *,
        user_id: int,
        preface: list[str] | None = None,
        lang: str | None = None,
        also: Callable[[Any], Awaitable[None]] | None = None,
        by_plan: bool = False,
        timed_out: bool = False,
    ) -> Outcome:
        """Apply ``move`` for ``seat`` and commit it with its notifications (one transaction).

        Callers have checked who may play for the seat; ``preface`` lines (e.g. "time is up") are
        announced before the move's own log. A refusal is said in ``lang`` (the mover's
        language). ``by_plan``: the move is a planned one (issue 41), not its member's own;
        ``timed_out``: the default move of a seat skipped for time (counted apart)."""
        engine = self.engine(table.game)
        state = engine.decode(table.state)
        waiting = engine.to_move(state)
        try:
            step = engine.apply(state, seat, move)
        except IllegalMove as error:
            # args[0], not str(error): the engine's Msg, to be said in the mover's language.
            reason = error.args[0] if error.args else str(error)
            if lang is None:
                lang = await self.member_language(user_id, table.guild_id)
            raise TableError(
                talk.refusal_in_words(table, engine, state, seat, reason, lang)
            ) from None
        # The engine already matched the text; only an engine that leaves Step.move empty is
        # matched again here.
        canonical = step.move or match_move(move, engine.legal_moves(state, seat))
        new_state = step.state
        version = table.version + 1
        standings = engine.result(new_state)
        after = engine.to_move(new_state)
        # Seats whose plan plays their decision at once are not pinged for it, and no clock runs
        # for it (issue 41).
        planned = (
            await self.plans.playable(table, engine, new_state, after, seat, by_plan=by_plan)
            if self.plans is not None and standings is None and after
            else set()
        )
        clock = (
            clocks.advance(table.clock, waiting, after, seat, self.now(), planned)
            if table.clock
            else None
        )
        # A member whose turn starts is told what they missed since their last move.
        starting = [s for s in after if s not in waiting and not plays_itself(table, s)]
        history = (
            await catchup.turn_histories(
                self.store, table, starting, catchup.Entry(seat, canonical, tuple(step.log))
            )
            if starting and standings is None
            else None
        )
        said = talk.compose(
            table,
            engine,
            new_state,
            version,
            [*(preface or []), *step.log],
            private=step.private,
            before=waiting,
            previous=state,
            autopilot={s.seat for s in table.seats if plays_itself(table, s.seat)},
            watchers=await self.store.watchers(table.id),
            standings=standings,
            history=history,
            mover=seat,
            lang=await self.channel_language(table.guild_id),
            langs=await self.seat_languages(table),
            planned=planned,
            by_plan=by_plan,
            page=await self.store.page_link("game", table.id) if standings is not None else None,
        )
        items = said.items
        result = [standing_dict(s) for s in standings] if standings is not None else None
        table = await self.store.commit_move(
            table.id,
            table.version,
            seat=seat,
            user_id=user_id,
            move=canonical,
            log=step.log,
            state=engine.encode(new_state),
            finished_result=result,
            outbox=items,
            clock=clock,
            reveals=step.reveals,
            clock_before=table.clock,
            talk=said.memory.dump(),
            also=also,  # a planned move's entry leaves its plan in the same transaction
        )
        # The move text may be a secret bid, so only its number and seat are logged.
        log.info("table %s move %s accepted (seat %s)", table.id, table.move_count, seat)
        metrics.move_accepted(table.game, self._mover(table, seat, by_plan, timed_out))
        self._move_counts[table.channel_id] = table.move_count
        self._remember(table, fresh=True)
        if standings is not None:
            self._ended(table)
        if self.plans is not None:
            self.plans.kick(table)
        return Outcome(
            table=table,
            public_lines=said.lines,
            items=items,
            mentions=said.mentions,
            finished=standings is not None,
            standings=standings,
        )

    @staticmethod
    def _mover(table: TableRow, seat: int, by_plan: bool, timed_out: bool) -> str:
        """Who made a move, for ``portolan_moves_accepted_total`` (host/metrics.py)."""
        return metrics.mover(
            filler=is_filler(table, seat),
            autopilot=seat_status(table, seat) != "playing",
            planned=by_plan,
            timed_out=timed_out,
        )

    async def autopilot(self, outcome: Outcome) -> Outcome:
        """After a change (a move, a resignation, an expulsion, a start): close a game where every
        member left, or else hand the seats that play by themselves (fillers, and members who
        resigned or were expelled) to this table's pilot, which plays their moves in the
        background (:meth:`kick`). The caller answers its member without waiting for them.

        Called with the channel's lock held, so a pilot that is about to stop sees this change."""
        table = outcome.table
        members = [s.seat for s in table.seats if not is_filler(table, s.seat)]
        if (
            table.status == "active"
            and members
            and all(seat_status(table, s) != "playing" for s in members)
        ):
            return outcome.merged(await self._close_abandoned(table))
        self.kick(table)
        return outcome

    # ---- the pilot: seats that play by themselves, in the background ---------------------

    def pilot_seat(self, table: TableRow | None) -> int | None:
        """The first seat awaited at ``table`` that plays by itself, if any."""
        if table is None or table.status != "active" or table.state is None:
            return None
        engine = self.engines.get(table.game)
        if engine is None:  # a disabled game is left as it is
            return None
        idle = [s for s in engine.to_move(engine.decode(table.state)) if plays_itself(table, s)]
        return idle[0] if idle else None

    def kick(self, table: TableRow) -> None:
        """Start ``table``'s pilot unless it is running or no seat of its plays by itself now.

        One task per table plays one move at a time, in order; each is committed with ``play`` and
        handed to ``on_pilot`` (delivery), like anyone's move. Everything is read from the store,
        so a pilot started after a restart picks up where the last one stopped."""
        if self.plans is not None:
            self.plans.kick(table)
        running = self._pilots.get(table.id)
        if running is not None and not running.done():
            return  # it reads the table afresh before each move, so it sees this change too
        if self.pilot_seat(table) is None:
            return
        self._pilots[table.id] = asyncio.create_task(
            self._pilot(table.id, table.channel_id), name=f"pilot-{table.id}"
        )

    async def kick_due(self) -> int:
        """Kick every live table of this process where a seat that plays by itself is to move
        (at startup and from the background loop: restart-safe); returns how many were due."""
        if self.plans is not None:
            await self.plans.kick_due()
        due = 0
        live = await self.store.live_tables()
        metrics.active_games(Counter(t.game for t in live if t.status == "active"))
        for table in live:
            if self.pilot_seat(table) is not None:
                due += 1
                self.kick(table)
        return due

    async def settle(self, table_id: int | None = None) -> None:
        """Wait until the pilots (of one table, else all) have nothing left to play (tests, the
        offline table, shutdown)."""
        while True:
            busy = [
                task
                for tid, task in list(self._pilots.items())
                if table_id in (None, tid) and not task.done()
            ]
            if not busy:
                return
            await asyncio.gather(*busy, return_exceptions=True)

    async def stop_pilots(self) -> None:
        """Cancel the running pilots (the bot is closing). A pilot cancelled while it searches
        loses nothing; a commit is one transaction, so it is whole or absent."""
        if self.plans is not None:
            await self.plans.stop()
        tasks = [t for t in self._pilots.values() if not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._pilots.clear()

    async def _pilot(self, table_id: int, channel_id: int) -> None:
        from players import TurnMemory, level_of

        memory = TurnMemory()
        last_count: int | None = None  # the move count after this pilot's last move
        # The last move's delivery (its board drawn, its posts sent) runs while the next move is
        # searched: a filler moving right after another does not wait for the other's posts.
        delivering: asyncio.Task | None = None
        try:
            for _ in range(PILOT_MOVES_PER_RUN):
                table = await self.store.get_table(table_id)
                seat = self.pilot_seat(table)
                if seat is None:
                    if delivering is not None:
                        # Posted before stopping: once the check below passes, this task must
                        # end at once, or a move made meanwhile finds it running and kicks none.
                        await delivering
                        delivering = None
                        continue  # and look again: a member may have moved meanwhile
                    async with self.lock(channel_id):
                        # Stop under the lock: a change made meanwhile kicks a new pilot.
                        table = await self.store.get_table(table_id)
                        if self.pilot_seat(table) is None:
                            return
                    continue
                engine = self.engine(table.game)
                state = engine.decode(table.state)
                if last_count != table.move_count:
                    memory.forget()  # someone else moved since: a new turn for the memory
                earlier = memory.decide(engine, state, seat)
                # Seeded by the game and the move number: a replay decides the same way.
                seed = (table.seed or 0) + table.move_count
                level = level_of(table.user_of(seat) or 0)
                move = await self._decide(engine, state, seat, seed, earlier, level)
                async with self.lock(channel_id):
                    fresh = await self.store.get_table(table_id)
                    if fresh is None or fresh.version != table.version:
                        memory.forget()
                        continue  # the game moved on while the seat thought: decide again
                    preface = (
                        []
                        if is_filler(fresh, seat)
                        else [T("{player} (autopilot):", player=f"Player {letter(seat)}")]
                    )
                    try:
                        outcome = await self.play(
                            fresh, seat, move, user_id=fresh.user_of(seat) or 0, preface=preface
                        )
                    except StaleVersion:
                        memory.forget()
                        continue
                last_count = outcome.table.move_count
                if self.on_pilot is not None:
                    if delivering is not None:
                        await delivering  # one delivery at a time, in the order of the moves
                    delivering = asyncio.create_task(
                        _deliver_pilot_move(self.on_pilot, table_id, outcome)
                    )
            log.error("table %s: pilot stopped after %s moves", table_id, PILOT_MOVES_PER_RUN)
        except asyncio.CancelledError:
            if delivering is not None:
                delivering.cancel()  # closing: what was committed stays in the outbox
            raise
        except Exception:
            # One broken table never stops the others; the background loop kicks it again.
            log.exception("table %s: the pilot failed; retried by the background loop", table_id)
        finally:
            if delivering is not None:
                # The pilot is done when its posts are (``settle`` waits for both).
                await asyncio.gather(delivering, return_exceptions=True)
            if self._pilots.get(table_id) is asyncio.current_task():
                del self._pilots[table_id]

    async def _decide(
        self,
        engine: Engine,
        state: object,
        seat: int,
        seed: int,
        earlier: list[dict],
        level: Level,
    ) -> str:
        """The move a seat that plays by itself makes: the seat filler's search at its level, in
        a worker process, unless a test replaced the decider (``autopilot_move``) or fixed the
        budget (``filler_budget``)."""
        if self.autopilot_move is not None:
            return await self.autopilot_move(engine, state, seat, seed)
        budget = self.filler_budget or level.budget(engine=engine)
        with metrics.filler_deciding(engine.id, level.name):
            return await workers.choose_move(
                engine, state, seat, seed=seed, budget=budget, earlier=earlier
            )

    async def _close_abandoned(self, table: TableRow) -> Outcome:
        """Nobody is left to play (every seat resigned or was expelled): close without a result
        rather than let default moves play a game no one is in."""
        text = say(
            await self.channel_language(table.guild_id),
            T("Every seat is now on autopilot, so the game is closed without a result."),
        )
        item = OutboxItem(
            key=f"t{table.id}:v{table.version + 1}:abandoned",
            kind="channel",
            target=table.channel_id,
            payload={"text": text, "mentions": [], "table_id": table.id},
            table_id=table.id,
        )
        table = await self.store.update_table(
            table.id, table.version, status="aborted", outbox=[item]
        )
        log.info("table %s closed: every seat on autopilot", table.id)
        self._ended(table)
        return Outcome(table=table, public_lines=[text], items=[item])

    # ---- views and listings --------------------------------------------------------------

    public_view = staticmethod(talk.public_view)
    seat_view = staticmethod(talk.seat_view)

    async def board_view(self, channel_id: int, lang: str | None = None) -> tuple[TableRow, dict]:
        """The public view of the game in this channel, to be drawn in ``lang`` (the channel's
        language when not given)."""
        table = await self.latest(channel_id)
        if table.state is None:
            raise TableError(T("The game in this channel has not started yet."))
        engine = self.engine(table.game)
        lang = lang or await self.channel_language(table.guild_id)
        view = self.public_view(table, engine, engine.decode(table.state))
        return table, view | {"lang": lang}

    async def hand(
        self, channel_id: int, user_id: int, lang: str | None = None
    ) -> tuple[TableRow, dict]:
        """The user's own view of the game in this channel, in ``lang`` (theirs when not given)."""
        table = await self.latest(channel_id)
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError(T("You are not a player in this game."))
        if table.state is None:
            raise TableError(T("The game in this channel has not started yet."))
        engine = self.engine(table.game)
        lang = lang or await self.member_language(user_id, table.guild_id)
        view = self.seat_view(table, engine, engine.decode(table.state), seat)
        return table, view | {"lang": lang}

    async def legal_moves(self, channel_id: int, user_id: int, prefix: str = "") -> list[str]:
        """The user's legal moves now (read afresh: a button's index is resolved against them)."""
        table = await self.store.live_table(channel_id)
        if table is None or table.status != "active":
            return []
        seat = table.seat_of(user_id)
        if seat is None:
            return []
        engine = self.engine(table.game)
        state = engine.decode(table.state)
        if prefix.strip():
            return engine.candidates(state, seat, split_version(prefix[:100])[0])
        return engine.legal_moves(state, seat)

    async def move_choices(
        self,
        channel_id: int,
        user_id: int,
        typed: str = "",
        *,
        table: TableRow | None = None,
        lang: str | None = None,
    ) -> list[tuple[str, str]]:
        """Autocomplete: ``(description, value)`` for the user's legal moves that match what they
        typed; the value is the canonical move marked with the version it was offered at.

        Answered from memory: the game's latest row as this process committed or read it, and
        the decision's choices computed once when it started (in a worker: describing every move
        costs). Only a miss (after a restart, or a change other than a move) reads the store.
        ``table``: answer for exactly this row (a button that knows its version). The names are
        said in ``lang`` (the member's language: read from memory when not given), and what the
        member typed is matched against them too."""
        if table is None:
            table = self._rows.get(channel_id)
            if table is None:
                table = await self.store.live_table(channel_id)
                if table is None:
                    return []
                self._remember(table)
        if table.status != "active" or table.state is None:
            return []
        seat = table.seat_of(user_id)
        if seat is None:
            return []
        decision = await self._decision(table, seat)
        if lang is None:
            lang = await self.member_language(user_id, table.guild_id)
        found = decision.match(split_version(typed[:100])[0], lang)
        names = talk.with_names(table, [decision.descriptions[m] for m in found], lang)
        return [(name, f"{m} #v{table.version}") for name, m in zip(names, found, strict=True)]

    def _remember(self, table: TableRow, *, fresh: bool = False) -> None:
        """Keep ``table`` as its channel's latest row, unless a later one is known; ``fresh``: the
        row this process just committed (the lock keeps it past the change, see ChannelLock)."""
        known = self._rows.get(table.channel_id)
        if known is None or (table.id, table.version) >= (known.id, known.version):
            self._rows[table.channel_id] = table
        if fresh:
            self._row_stamps[table.channel_id] = self._row_stamps.get(table.channel_id, 0) + 1
            self._prepare(table)

    def _forget_row(self, channel_id: int) -> None:
        self._rows.pop(channel_id, None)

    def _prepare(self, table: TableRow) -> None:
        """Start computing the choices of the members whose decision starts with ``table``."""
        if table.status != "active" or table.state is None or table.game not in self.engines:
            for key in [k for k in self._decisions if k[0] == table.id]:
                del self._decisions[key]
            return
        engine = self.engine(table.game)
        for seat in engine.to_move(engine.decode(table.state)):
            if not plays_itself(table, seat):
                self._decision_future(table, seat)

    async def _decision(self, table: TableRow, seat: int) -> Decision:
        return await asyncio.shield(self._decision_future(table, seat))

    def _decision_future(self, table: TableRow, seat: int) -> asyncio.Future[Decision]:
        """The choices of ``seat`` at ``table``'s version: computed once (in a worker), shared by
        every request meanwhile; an older version's are dropped."""
        key = (table.id, seat)
        known = self._decisions.get(key)
        if known is not None and known[0] == table.version:
            future = known[1]
            if not (future.done() and future.exception() is not None):
                return future
        engine = self.engine(table.game)
        future = asyncio.ensure_future(
            workers.run(describe_decision, workers.game_ref(engine), table.state, seat)
        )
        future.add_done_callback(_log_failure)
        self._decisions[key] = (table.version, future)
        return future

    async def status(self, channel_id: int, lang: str | None = None) -> str:
        """``/game status``: the table in a few lines, said in ``lang`` (the channel's language
        when not given)."""
        table = await self.latest(channel_id)
        engine = self.engine(table.game)
        lang = lang or await self.channel_language(table.guild_id)
        lines: list[object] = [
            T(
                "**{game}** ({variant}), table #{table}: {status}",
                game=engine.title,
                variant=talk.variant_word(table.variant),
                table=table.id,
                status=T(STATUS_WORDS.get(table.status, table.status)),
            )
        ]
        players = talk.seated(table) if table.seats else T("none yet")
        lines.append(T("Players: {players}", players=players))
        if table.status == "lobby":
            low, high = player_range(engine, table.variant)
            wanted = table.seats_wanted or f"{low}-{high}"
            lines.append(
                T(
                    "Waiting for players ({seated}/{wanted}). Join with `/game join`.",
                    seated=len(table.seats),
                    wanted=wanted,
                )
            )
        elif table.state is not None:
            state = engine.decode(table.state)
            view = engine.view(state, None)
            lines.append(T("Moves played: {moves}", moves=table.move_count))
            if words := phase_words(engine, view, lang):
                lines.append(T("Now: {where}", where=words))
            waiting = engine.to_move(state)
            if waiting:
                lines.append(talk.to_move_line(table, waiting, lang))
            if table.status == "active" and clocks.PACES.get(table.pace) and table.clock:
                now = self.now()
                banks = []
                for seat in range(len(table.seats)):
                    left = say(
                        lang, clocks.format_duration(clocks.remaining(table.clock, seat, now))
                    )
                    marks = [
                        say(lang, T(m))
                        for m, on in (
                            ("away", clocks.is_away(table.clock, seat, now)),
                            (seat_status(table, seat), seat_status(table, seat) != "playing"),
                        )
                        if on
                    ]
                    banks.append(
                        f"{talk.letter(seat, lang)} {left}"
                        + (f" ({', '.join(marks)})" if marks else "")
                    )
                pace = T(table.pace) if table.pace in clocks.PACES else table.pace
                lines.append(T("Clocks ({pace}): {banks}", pace=pace, banks=", ".join(banks)))
            if table.status == "active" and self.plans is not None:
                lines += await self.plans.status_lines(table)  # that, never what (issue 41)
            if table.result:
                lines += standings_lines(table, [Standing(**s) for s in table.result], lang)
        return "\n".join(say(lang, line) for line in lines)

    async def recent_log(
        self, channel_id: int, count: int = 10, lang: str | None = None
    ) -> list[str]:
        """``/log``: the last ``count`` moves, their stored lines said in ``lang`` (the channel's
        language when not given)."""
        table = await self.latest(channel_id)
        lang = lang or await self.channel_language(table.guild_id)
        count = max(1, min(count, 50))
        lines: list[str] = []
        for row in await self.store.moves(table.id, last=count):
            said = " ".join(talk.with_names(table, row.log, lang))
            if not said:
                mover = talk.who(table, row.seat, ping=False, lang=lang)
                said = say(lang, T("{player} moved.", player=mover))
            lines.append(f"{row.n}. {said}")
        return lines


class ChannelLock:
    """A channel's lock (an :class:`asyncio.Lock`) that also keeps autocomplete's memory honest:
    every change to a game is made holding it, so when a holder leaves without having stored the
    row it committed (an undo, a seat change, a clock), the channel's remembered row is dropped
    and the next autocomplete reads it afresh."""

    def __init__(self, service: TableService, channel_id: int) -> None:
        self._lock = asyncio.Lock()
        self._service = service
        self._channel_id = channel_id
        self._stamp = 0

    def locked(self) -> bool:
        return self._lock.locked()

    async def __aenter__(self) -> ChannelLock:
        await self._lock.acquire()
        self._stamp = self._service._row_stamps.get(self._channel_id, 0)
        return self

    async def __aexit__(self, *exc: object) -> None:
        try:
            if self._service._row_stamps.get(self._channel_id, 0) == self._stamp:
                self._service._forget_row(self._channel_id)
        finally:
            self._lock.release()


def _log_failure(future: asyncio.Future) -> None:
    if not future.cancelled() and (error := future.exception()) is not None:
        log.warning("computing a decision's choices failed: %r", error)


def private_summary(view: dict, engine: Engine | None = None) -> str:
    """A seat's private section in sentences (``/hand``, DMs); the engine is found from the view
    when not given."""
    if engine is None:
        engine = ENGINES.get(str(view.get("game", "")))
    return private_text(engine, view) if engine is not None else talk.private_text(None, view)


def split_version(text: str) -> tuple[str, int | None]:
    """A move text and the version it was chosen at, if it carries one (``... #v12``)."""
    if not isinstance(text, str):
        return text, None
    found = VERSION_MARK.search(text)
    if found is None:
        return text, None
    return text[: found.start()], int(found.group(1))


async def _deliver_pilot_move(
    deliver: Callable[[Outcome], Awaitable[None]], table_id: int, outcome: Outcome
) -> None:
    """Hand a pilot's committed move on (``TableService.on_pilot``); a failure is logged, not
    raised: committed is committed, and the outbox keeps the posts for the next flush."""
    try:
        await deliver(outcome)
    except Exception:
        log.exception("table %s: delivering a pilot move failed", table_id)


def is_filler(table: TableRow, seat: int) -> bool:
    """Whether a seat filler (not a member) holds the seat."""
    user = table.user_of(seat)
    return user is not None and user < 0


def plays_itself(table: TableRow, seat: int) -> bool:
    """A filler's seat, or a member's seat on autopilot (resigned, expelled)."""
    return is_filler(table, seat) or seat_status(table, seat) != "playing"


def seat_status(table: TableRow, seat: int) -> str:
    """playing, expelled or resigned (untimed tables without a clock are always playing)."""
    if not table.clock or seat >= len(table.clock["seats"]):  # a lobby's clock has no seats
        return "playing"
    return table.clock["seats"][seat]["status"]


_letter = letter  # life and tournaments name seats by letter too


def player_range(engine: Engine, variant: str) -> tuple[int, int]:
    """The player counts a variant allows (variants such as solo may narrow the engine's)."""
    return engine.player_range(variant)
