"""Tournaments: sign-up, rounds of tables in their own threads, results, standings, export.

A tournament lives in one channel. Starting a round pairs the active entrants (see
:mod:`host.pairing`), creates a thread per table through the ``make_thread`` port (so the host stays
free of Discord), seats the players and starts the game there. The table service tells us when a
game ends (``TableService.end_listeners``); the result is recorded on its pairing, and once every
table of the round has a result the next round is paired and started, or the tournament ends.

Everything is in the store, so a restart loses nothing: :meth:`TournamentService.resume` (run at
start-up and on every tick) records any result the listener missed and opens any table a crash
left unopened.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import math
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from host import clocks, pairing
from host.life import PlayByPost, days_said
from host.store import (
    EntrantRow,
    OutboxItem,
    PairingRow,
    SeatRow,
    StaleVersion,
    TournamentBusy,
    TournamentRow,
)
from host.tables import TableError, TableService, player_range, seat_status
from host.talk import page_line, safe_name, variant_word
from i18n import ENGLISH, N_, Msg, T, Tn, number, say
from render.common import command_in

log = logging.getLogger("portolan.tournaments")


def shown(name: str) -> str:
    """A member-typed name (a tournament's, an entrant's) as a post shows it: unable to ping,
    link or format (issue 23: a tournament named ``[Official rules](https://...)`` was posted
    as a live link). Raw names stay in storage, thread titles and images."""
    return safe_name(name, limit=60)


async def _guarded(what: str, work: Awaitable[None]) -> None:
    """Runs one table's or tournament's background work; a failure is logged and retried on the
    next tick, never the end of the others' work."""
    try:
        await work
    except StaleVersion:
        log.info("%s: changed in another process; skipped", what)
    except Exception:
        log.exception("%s failed; retrying next tick", what)


FORMATS = ("swiss", "roundrobin", "elimination")
MAX_ROUNDS = 20
MAX_ENTRANTS = 128
POST_LIMIT = 1900
"""Room for one channel post: Discord allows 2,000 characters, and a command named in a post
grows a little when it is made clickable."""

ThreadPort = Callable[[int, str], Awaitable[int]]
"""Create a thread under a channel: (parent channel id, thread name) -> the new channel id."""
DeliverPort = Callable[[list[OutboxItem]], Awaitable[Any]]
"""Send queued notifications now (they are in the outbox already, so this is best effort)."""


class TournamentService:
    def __init__(
        self,
        tables: TableService,
        life: PlayByPost,
        *,
        make_thread: ThreadPort,
        deliver: DeliverPort | None = None,
    ) -> None:
        self.tables = tables
        self.life = life
        self.store = tables.store
        self.make_thread = make_thread
        self.deliver = deliver
        self._locks: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task] = set()
        tables.end_listeners.append(self._on_table_end)

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    # ---- lookups -------------------------------------------------------------------------

    async def find(self, channel_id: int) -> TournamentRow:
        """The tournament of this channel, or of the tournament table in this thread."""
        tournament = await self.store.channel_tournament(channel_id)
        if tournament is None:
            table = await self.store.latest_table(channel_id)
            where = await self.store.tournament_of_table(table.id) if table else None
            if where is not None:
                tournament = await self.store.get_tournament(where[0])
        if tournament is None:
            raise TableError(
                T("There is no tournament in this channel. Create one with `/tournament create`.")
            )
        return tournament

    async def _live(self, channel_id: int) -> TournamentRow:
        tournament = await self.find(channel_id)
        if tournament.status == "finished":
            raise TableError(
                T("The tournament **{tournament}** is over.", tournament=shown(tournament.name))
            )
        return tournament

    @staticmethod
    def _check_organiser(tournament: TournamentRow, user_id: int, is_admin: bool) -> None:
        if user_id != tournament.organiser_id and not is_admin:
            raise TableError(
                T(
                    "Only the organiser of the tournament, or a member with Manage Server, "
                    "can do that."
                )
            )

    # ---- sign-up -------------------------------------------------------------------------

    async def create(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        name: str,
        game: str,
        variant: str | None = None,
        format: str = "swiss",
        table_size: int | None = None,
        pace: str | None = None,
        rounds: int | None = None,
    ) -> TournamentRow:
        engine = self.tables.engine(game)
        variant = variant or engine.variants[0]
        if variant not in engine.variants:
            raise TableError(
                T(
                    "{game} has no variant `{variant}`. Choose one of: {choices}.",
                    game=engine.title,
                    variant=variant[:40],
                    choices=", ".join(engine.variants),
                )
            )
        if format not in FORMATS:
            raise TableError(
                T(
                    "Unknown format `{format}`. Choose one of: {choices}.",
                    format=format[:20],
                    choices=", ".join(FORMATS),
                )
            )
        low, high = player_range(engine, variant)
        low = max(low, 2)  # a tournament table has opponents
        if high < 2:
            raise TableError(
                T(
                    "{game} ({variant}) is not a game for opponents.",
                    game=engine.title,
                    variant=variant_word(variant),
                )
            )
        if format != "swiss":
            table_size = table_size or 2
            if table_size != 2:
                raise TableError(
                    T(
                        "Round robin and single elimination use two-player tables; "
                        "use Swiss for larger tables."
                    )
                )
        table_size = table_size or high
        if not low <= table_size <= high:
            raise TableError(
                T(
                    "{game} ({variant}) is for tables of {low} to {high} players.",
                    game=engine.title,
                    variant=variant_word(variant),
                    low=low,
                    high=high,
                )
            )
        pace = pace or clocks.DEFAULT_PACE
        if pace not in clocks.PACES:
            raise TableError(
                T(
                    "Unknown pace `{pace}`. Choose one of: {choices}.",
                    pace=pace[:20],
                    choices=", ".join(clocks.PACES),
                )
            )
        if rounds is not None and (format != "swiss" or not 1 <= rounds <= MAX_ROUNDS):
            raise TableError(
                T(
                    "Only a Swiss tournament takes a number of rounds (1 to {most}); the "
                    "other formats play until every pairing is done.",
                    most=MAX_ROUNDS,
                )
            )
        name = " ".join(name.split())[:60]
        if not name:
            raise TableError(T("Give the tournament a name."))
        try:
            tournament = await self.store.create_tournament(
                guild_id=guild_id,
                channel_id=channel_id,
                name=name,
                game=game,
                variant=variant,
                format=format,
                table_size=table_size,
                pace=pace,
                rounds=rounds,
                organiser_id=user_id,
            )
        except TournamentBusy:
            raise TableError(
                T(
                    "This channel already has a tournament in sign-up or running; "
                    "create the new one in another channel."
                )
            ) from None
        log.info("tournament %s created: %s %s", tournament.id, game, format)
        return tournament

    async def join(self, channel_id: int, user_id: int, name: str) -> TournamentRow:
        tournament = await self._live(channel_id)
        async with self._lock(tournament.id):
            tournament = await self.store.existing_tournament(tournament.id)
            if tournament.status != "signup":
                raise TableError(T("The tournament has started; sign-up is closed."))
            entrants = await self.store.entrants(tournament.id)
            if any(e.user_id == user_id for e in entrants):
                raise TableError(T("You are already signed up."))
            if len(entrants) >= MAX_ENTRANTS:
                raise TableError(T("The tournament is full ({most} players).", most=MAX_ENTRANTS))
            roster = [*(e.name for e in entrants), name]
            item = await self._roster_item(
                tournament, roster, edit=True, version=tournament.version + 1
            )
            tournament = await self.store.update_tournament(
                tournament.id, tournament.version, add_entrant=(user_id, name), outbox=[item]
            )
        await self._send([item])
        return tournament

    async def leave(self, channel_id: int, user_id: int) -> TournamentRow:
        tournament = await self._live(channel_id)
        async with self._lock(tournament.id):
            tournament = await self.store.existing_tournament(tournament.id)
            if tournament.status != "signup":
                raise TableError(
                    T("The tournament has started; use `/tournament drop` to stop playing.")
                )
            entrants = await self.store.entrants(tournament.id)
            if not any(e.user_id == user_id for e in entrants):
                raise TableError(T("You are not signed up for this tournament."))
            roster = [e.name for e in entrants if e.user_id != user_id]
            item = await self._roster_item(
                tournament, roster, edit=True, version=tournament.version + 1
            )
            tournament = await self.store.update_tournament(
                tournament.id, tournament.version, remove_entrant=user_id, outbox=[item]
            )
        await self._send([item])
        return tournament

    async def check_start(
        self, channel_id: int, user_id: int, *, is_admin: bool
    ) -> tuple[TournamentRow, list[EntrantRow]]:
        """Refuse a start that cannot happen (so the command can answer before the slow part)."""
        tournament = await self._live(channel_id)
        self._check_organiser(tournament, user_id, is_admin)
        if tournament.status != "signup":
            raise TableError(T("The tournament has already started."))
        entrants = await self.store.entrants(tournament.id)
        needed = self._smallest(tournament)
        if len(entrants) < needed:
            raise TableError(
                T(
                    "At least {needed} players must sign up; {signed} have so far.",
                    needed=needed,
                    signed=len(entrants),
                )
            )
        return tournament, entrants

    async def start(self, channel_id: int, user_id: int, *, is_admin: bool) -> TournamentRow:
        """Seed the entrants, pair round 1 and open its tables."""
        tournament, _ = await self.check_start(channel_id, user_id, is_admin=is_admin)
        async with self._lock(tournament.id):
            tournament, entrants = await self.check_start(channel_id, user_id, is_admin=is_admin)
            seeds = await self._seed_order(tournament, entrants)
            rounds = tournament.rounds or self._default_rounds(tournament, len(entrants))
            # The sign-up post says sign-up is closed (an edit: the start makes one new post,
            # the tables of round 1).
            closed = await self._roster_item(
                tournament,
                [e.name for e in entrants],
                edit=True,
                started=True,
                version=tournament.version + 1,
            )
            tournament = await self.store.update_tournament(
                tournament.id,
                tournament.version,
                status="running",
                rounds=rounds,
                reseed=seeds,
                outbox=[closed],
            )
            log.info("tournament %s started with %s players", tournament.id, len(entrants))
            await self._send([closed])
            await self._advance(tournament)
        return await self.store.existing_tournament(tournament.id)

    async def _seed_order(self, tournament: TournamentRow, entrants: list[EntrantRow]) -> list[int]:
        """Seeds: the best rating in this game first, then sign-up order."""
        shown = {}
        for entrant in entrants:
            rows = await self.store.ratings_of(entrant.user_id, tournament.game)
            shown[entrant.user_id] = rows[0].rating.shown if rows else 0.0
        ordered = sorted(entrants, key=lambda e: (-shown[e.user_id], e.number))
        return [e.user_id for e in ordered]

    def _smallest(self, tournament: TournamentRow) -> int:
        """The smallest table the pairing may form (one fewer than the chosen size, at least
        the game's minimum and two)."""
        engine = self.tables.engine(tournament.game)
        low, _ = player_range(engine, tournament.variant)
        return max(2, low, tournament.table_size - 1)

    @staticmethod
    def _default_rounds(tournament: TournamentRow, count: int) -> int:
        if tournament.format == "roundrobin":
            return pairing.round_robin_rounds(count)
        if tournament.format == "elimination":
            return pairing.elimination_rounds(count)
        if tournament.table_size == 2:
            return max(1, math.ceil(math.log2(count)))
        return 3

    # ---- rounds --------------------------------------------------------------------------

    async def _advance(self, tournament: TournamentRow) -> None:
        """Pair and open rounds while the current one is complete (a round of only byes is
        complete at once); finish the tournament when no round is left. Caller holds the lock."""
        while True:
            rows = await self.store.pairings(tournament.id)
            current = [p for p in rows if p.round == tournament.round]
            if tournament.round and any(p.result is None for p in current):
                await self._open_tables(tournament, current)
                return
            entrants = await self.store.entrants(tournament.id)
            next_round = tournament.round + 1
            assert tournament.rounds is not None  # set when it started
            new = (
                None
                if next_round > tournament.rounds
                else self._pair(tournament, entrants, rows, next_round)
            )
            if not new:
                await self._finish(tournament, entrants, rows)
                return
            lang = await self.tables.channel_language(tournament.guild_id)
            page = await self.store.page_link("tournament", tournament.id)
            items = self._round_notice(tournament, next_round, new, entrants, lang, page)
            tournament = await self.store.update_tournament(
                tournament.id,
                tournament.version,
                round=next_round,
                new_pairings=new,
                outbox=items,
            )
            log.info("tournament %s round %s paired", tournament.id, next_round)
            await self._send(items)

    def _pair(
        self,
        tournament: TournamentRow,
        entrants: list[EntrantRow],
        rows: list[PairingRow],
        round_no: int,
    ) -> list[PairingRow] | None:
        """The pairings of ``round_no``, or None when the tournament is decided."""
        active = [e.user_id for e in entrants if e.dropped_round is None]
        if tournament.format == "elimination":
            return self._pair_elimination(entrants, rows, round_no)
        if len(active) < 2:
            return None
        if tournament.format == "roundrobin":
            everyone = [e.user_id for e in entrants]
            tables, byes = pairing.round_robin_round(everyone, round_no)
            # Against a player who dropped out, the other player has a bye (a walkover).
            byes += [u for t in tables if any(p not in active for p in t) for u in t]
            tables = [t for t in tables if all(p in active for p in t)]
            byes = [u for u in byes if u in active]
        else:
            lines = self._lines(tournament, entrants, rows)
            order = [line.user_id for line in lines if line.user_id in active]
            tables, byes = pairing.swiss_round(
                order,
                tournament.table_size,
                self._smallest(tournament),
                pairing.meetings(p.players for p in rows if not p.bye),
                {line.user_id: line.points for line in lines},
                Counter(u for p in rows if p.bye for u in p.players),
            )
        new = [
            PairingRow(round_no, i, False, tuple(t), None, None) for i, t in enumerate(tables, 1)
        ]
        start = len(new) + 1
        new += [
            PairingRow(round_no, start + i, True, (u,), None, _bye_result(u))
            for i, u in enumerate(byes)
        ]
        return new

    def _pair_elimination(
        self, entrants: list[EntrantRow], rows: list[PairingRow], round_no: int
    ) -> list[PairingRow] | None:
        dropped = {e.user_id for e in entrants if e.dropped_round is not None}
        if round_no == 1:
            slots = pairing.bracket_slots([e.user_id for e in entrants])
        else:
            previous = [p for p in rows if p.round == round_no - 1]
            slots = [p.result.get("advances") if p.result else None for p in previous]
        if len(slots) < 2:
            return None  # the final has been played
        slots = [None if u in dropped else u for u in slots]
        new = []
        for board, (a, b) in enumerate(zip(slots[::2], slots[1::2], strict=True), start=1):
            players = tuple(u for u in (a, b) if u is not None)
            if len(players) == 2:
                new.append(PairingRow(round_no, board, False, players, None, None))
            else:
                # An empty slot (bye) or a walkover: the other player advances without playing.
                new.append(PairingRow(round_no, board, True, players, None, _bye_result(*players)))
        return new

    async def _open_tables(self, tournament: TournamentRow, current: list[PairingRow]) -> None:
        """Give every table of the round a thread and a started game (those a crash or a failed
        thread creation left without one are done now)."""
        names = {e.user_id: e.name for e in await self.store.entrants(tournament.id)}
        engine = self.tables.engine(tournament.game)
        # The threads are the channel's: they speak its server's language.
        lang = await self.tables.channel_language(tournament.guild_id)
        for row in current:
            if row.bye:
                continue
            if row.table_id is None:
                title = say(
                    lang,
                    T(
                        "{tournament}: round {round}, table {table}",
                        tournament=tournament.name,
                        round=row.round,
                        table=row.board,
                    ),
                )
                try:
                    thread_id = await self.make_thread(tournament.channel_id, title[:90])
                except Exception:
                    log.exception("tournament %s: cannot create a thread", tournament.id)
                    return  # tick() tries again
                table = await self.store.create_table(
                    guild_id=tournament.guild_id,
                    channel_id=thread_id,
                    game=tournament.game,
                    variant=tournament.variant,
                    seats_wanted=len(row.players),
                    opener_id=tournament.organiser_id,
                    opener_name="organiser",
                    pace=tournament.pace,
                    seats=[SeatRow(i, u, names.get(u, str(u))) for i, u in enumerate(row.players)],
                    pairing=(tournament.id, row.round, row.board),
                )
            else:
                table = await self.store.existing_table(row.table_id)
            if table.status != "lobby":
                continue
            intro_text = T(
                "**{tournament}** ({game}): round {round}, table {table}. "
                "{players}, your game starts here.",
                tournament=tournament.name,
                game=engine.title,
                round=row.round,
                table=row.board,
                players=", ".join(f"<@{u}>" for u in row.players),
            )
            intro = OutboxItem(
                key=f"tour{tournament.id}:r{row.round}:t{row.board}:intro",
                kind="channel",
                target=table.channel_id,
                payload={
                    "text": say(lang, intro_text),
                    "mentions": list(row.players),
                    "table_id": table.id,
                },
                table_id=table.id,
            )
            await self.store.queue([intro])
            outcome = await self.tables.start(table.channel_id, row.players[0])
            await self._send([intro, *outcome.items])

    def _round_notice(
        self,
        tournament: TournamentRow,
        round_no: int,
        new: list[PairingRow],
        entrants: list[EntrantRow],
        lang: str = ENGLISH,
        page: str | None = None,
    ) -> list[OutboxItem]:
        """The channel's notice of a new round's tables, in ``lang`` (the channel's): every
        table with its players, over as many posts as they need (issue 40: 26 tables of a
        128-player field were cut after table 19). A post is cut only between lines; the first
        keeps the key ``tour<id>:r<round>:paired``, the next ones add ``:2``, ``:3``."""
        names = {e.user_id: shown(e.name) for e in entrants}
        head = say(
            lang,
            T(
                "**{tournament}**: round {round} of {rounds} is paired.",
                tournament=shown(tournament.name),
                round=round_no,
                rounds=tournament.rounds,
            ),
        )
        lines = [(say(lang, _table_line(row, names)), row.players) for row in new]
        tail = say(lang, T("Each table plays in its own thread here."))
        if page:  # the tournament's web page (issue 42): every round, table and standing
            tail += "\n" + say(lang, page_line(page))
        room = POST_LIMIT - len(head) - len(tail) - 2
        parts = split_lines([text for text, _ in lines], room)
        items = []
        start = 0
        for number_, part in enumerate(parts, start=1):
            players = [u for _, who in lines[start : start + len(part)] for u in who]
            start += len(part)
            first = (
                head
                if number_ == 1
                else say(
                    lang,
                    T(
                        "**{tournament}**: round {round}, continued ({part} of {parts}).",
                        tournament=shown(tournament.name),
                        round=round_no,
                        part=number_,
                        parts=len(parts),
                    ),
                )
            )
            last = [tail] if number_ == len(parts) else []
            key = f"tour{tournament.id}:r{round_no}:paired"
            items.append(
                OutboxItem(
                    key=key if number_ == 1 else f"{key}:{number_}",
                    kind="channel",
                    target=tournament.channel_id,
                    payload={"text": "\n".join([first, *part, *last]), "mentions": players},
                )
            )
        return items

    async def _finish(
        self, tournament: TournamentRow, entrants: list[EntrantRow], rows: list[PairingRow]
    ) -> None:
        lines = self._lines(tournament, entrants, rows)
        lang = await self.tables.channel_language(tournament.guild_id)
        head = T("**{tournament}** is over. Final standings:", tournament=shown(tournament.name))
        table = standings_text(lines, tournament.format, lang)[:20]
        # The first twenty that fit one post; the rest are a command away.
        kept = split_lines(table, POST_LIMIT - len(say(lang, head)) - 200)[0] if table else []
        tail = []
        if len(kept) < len(lines):
            more = Tn(
                "… {count} more: `{command}` shows everyone.",
                "… {count} more: `{command}` shows everyone.",
                len(lines) - len(kept),
                command=command_in(lang, "tournament standings"),
            )
            tail = [say(lang, more)]
        if page := await self.store.page_link("tournament", tournament.id):
            tail.append(say(lang, page_line(page)))
        text = "\n".join([say(lang, head), *kept, *tail])
        item = OutboxItem(
            key=f"tour{tournament.id}:finished",
            kind="channel",
            target=tournament.channel_id,
            payload={"text": text, "mentions": [lines[0].user_id] if lines else []},
        )
        await self.store.update_tournament(
            tournament.id, tournament.version, status="finished", outbox=[item]
        )
        log.info("tournament %s finished", tournament.id)
        await self._send([item])

    # ---- results -------------------------------------------------------------------------

    def _on_table_end(self, table) -> None:
        """Called by the table service right after a game ended; the work runs as a task so the
        move that ended the game is answered at once."""
        task = asyncio.get_running_loop().create_task(self.table_ended(table.id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def settle(self) -> None:
        """Wait for the tables' background pilots (seats on autopilot end games too) and every
        pending end-of-game task (tests, and a clean shutdown)."""
        while True:
            await self.tables.settle()
            if not self._tasks:
                return
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def table_ended(self, table_id: int) -> None:
        where = await self.store.tournament_of_table(table_id)
        if where is None:
            return
        tournament_id, _, _ = where
        try:
            async with self._lock(tournament_id):
                await self._record(table_id)
                tournament = await self.store.existing_tournament(tournament_id)
                if tournament.status == "running":
                    await self._advance(tournament)
        except StaleVersion:
            log.warning("tournament %s changed meanwhile; resume() will catch up", tournament_id)
        except Exception:
            log.exception("tournament %s: recording table %s failed", tournament_id, table_id)

    async def _record(self, table_id: int) -> None:
        table = await self.store.get_table(table_id)
        where = await self.store.tournament_of_table(table_id)
        if table is None or where is None or table.status not in ("finished", "aborted"):
            return
        tournament_id, round_no, board = where
        row = next(
            p
            for p in await self.store.pairings(tournament_id)
            if p.round == round_no and p.board == board
        )
        if row.result is not None:
            return
        entrants = {e.user_id: e for e in await self.store.entrants(tournament_id)}
        players = list(row.players)
        if table.status == "finished" and table.result:
            ranks = {players[s["seat"]]: s["rank"] for s in table.result}
            scores = {players[s["seat"]]: s["score"] for s in table.result}
            points = pairing.placement_points(ranks)
            winners = [u for u in players if ranks[u] == min(ranks.values())]
            status = "finished"
        else:
            ranks, scores, status = {}, {}, "aborted"
            points = {u: 0.0 for u in players}
            winners = players
        # A shared first place or an aborted table: the better seed goes through.
        advances = min(winners, key=lambda u: entrants[u].number if u in entrants else 1 << 30)
        result = {
            "status": status,
            "table_id": table_id,
            "ranks": {str(u): r for u, r in ranks.items()},
            "scores": {str(u): s for u, s in scores.items()},
            "points": {str(u): p for u, p in points.items()},
            "advances": advances,
        }
        if await self.store.set_pairing_result(tournament_id, round_no, board, result):
            log.info("tournament %s round %s table %s: %s", tournament_id, round_no, board, status)

    async def resume(self) -> None:
        """Catch up after a restart: record results of tables that ended while nobody listened,
        open tables a crash left unopened, and pair the next round when one is complete.

        Each tournament is guarded: one that fails (a damaged table, a locked database) is
        logged and retried next tick, never the end of the others' catch-up."""
        for tournament in await self.store.tournaments_with_status("running"):
            await _guarded(f"tournament {tournament.id}: catch-up", self._resume_one(tournament.id))

    async def _resume_one(self, tournament_id: int) -> None:
        async with self._lock(tournament_id):
            tournament = await self.store.existing_tournament(tournament_id)
            for row in await self.store.pairings(tournament.id):
                if row.round == tournament.round and row.table_id and row.result is None:
                    await self._record(row.table_id)
            await self._advance(await self.store.existing_tournament(tournament.id))

    async def tick(self) -> None:
        """Expel seats of tournament tables whose time and grace have run out (fillers play
        their seats, so the table finishes), then catch up as :meth:`resume` does. Each table
        is guarded as in :meth:`resume`."""
        for tournament in await self.store.tournaments_with_status("running"):
            for row in await self.store.pairings(tournament.id):
                if row.round != tournament.round or not row.table_id or row.result is not None:
                    continue
                await _guarded(
                    f"table {row.table_id}: expelling late seats", self._expel_late(row.table_id)
                )
        await self.resume()

    async def _expel_late(self, table_id: int) -> None:
        table = await self.store.get_table(table_id)
        if table is None or table.status != "active" or not table.clock:
            return
        pace = clocks.PACES.get(table.pace)
        if pace is None:
            return
        async with self.tables.lock(table.channel_id):
            table = await self.store.existing_table(table_id)
            now = self.tables.now()
            for seat in range(len(table.seats)):
                left = clocks.remaining(table.clock, seat, now)
                if table.status != "active" or seat_status(table, seat) != "playing":
                    continue
                if left is not None and left <= -pace.grace:
                    outcome = await self.life.to_autopilot(
                        table, seat, "expelled", N_("was expelled for time (tournament rule)")
                    )
                    await self._send(outcome.items)
                    table = outcome.table

    async def _send(self, items: list[OutboxItem]) -> None:
        if self.deliver is None or not items:
            return
        try:
            await self.deliver(items)
        except Exception:
            log.exception("tournament delivery failed; the outbox keeps it for the next flush")

    # ---- dropping out --------------------------------------------------------------------

    async def drop(
        self, channel_id: int, user_id: int, target_id: int | None, *, is_admin: bool
    ) -> Msg:
        """A player drops out (or the organiser drops them): no more pairings; a running game of
        theirs goes on with their seat on autopilot, so their table still finishes."""
        tournament = await self._live(channel_id)
        target_id = user_id if target_id is None else target_id
        if target_id != user_id:
            self._check_organiser(tournament, user_id, is_admin)
        if tournament.status == "signup":
            raise TableError(T("The tournament has not started; use `/tournament leave`."))
        async with self._lock(tournament.id):
            tournament = await self.store.existing_tournament(tournament.id)
            entrant = next(
                (e for e in await self.store.entrants(tournament.id) if e.user_id == target_id),
                None,
            )
            if entrant is None:
                raise TableError(T("That member is not playing in this tournament."))
            if entrant.dropped_round is not None:
                raise TableError(T("{name} has already dropped out.", name=shown(entrant.name)))
            await self.store.update_tournament(
                tournament.id, tournament.version, drop_entrant=(target_id, tournament.round)
            )
            running = [
                p.table_id
                for p in await self.store.pairings(tournament.id)
                if p.round == tournament.round and p.table_id and p.result is None
                if target_id in p.players
            ]
        for table_id in running:
            table = await self.store.existing_table(table_id)
            seat = table.seat_of(target_id)
            playing = seat is not None and seat_status(table, seat) == "playing"
            if table.status == "active" and playing:
                outcome = await self.life.resign(table.channel_id, target_id)
                await self._send(outcome.items)
        log.info("tournament %s: %s dropped out", tournament.id, target_id)
        return T(
            "{name} dropped out of **{tournament}**.",
            name=shown(entrant.name),
            tournament=shown(tournament.name),
        )

    # ---- reading -------------------------------------------------------------------------

    def _lines(
        self, tournament: TournamentRow, entrants: list[EntrantRow], rows: list[PairingRow]
    ) -> list[pairing.Line]:
        return pairing.standings(
            [(e.user_id, e.name, e.number, e.dropped_round is not None) for e in entrants],
            [(p.round, p.bye, p.players, p.result) for p in rows],
            elimination=tournament.format == "elimination",
        )

    async def standings(self, channel_id: int) -> tuple[TournamentRow, list[pairing.Line]]:
        tournament = await self.find(channel_id)
        entrants = await self.store.entrants(tournament.id)
        rows = await self.store.pairings(tournament.id)
        return tournament, self._lines(tournament, entrants, rows)

    def _settings_line(self, tournament: TournamentRow, organiser: str | None = None) -> Msg:
        """The settings; the organiser by ``organiser`` (a name, in the sign-up post, which
        names nobody by a mention) or by their mention."""
        engine = self.tables.engine(tournament.game)
        return Tn(
            "**{tournament}**: {game} (`{variant}`), {format}, tables of {count}, "
            "pace {pace}; organiser {organiser}.",
            "**{tournament}**: {game} (`{variant}`), {format}, tables of {count}, "
            "pace {pace}; organiser {organiser}.",
            tournament.table_size,
            tournament=shown(tournament.name),
            game=engine.title,
            variant=tournament.variant,
            format=T(FORMAT_NAMES[tournament.format]),
            # The pace names are in the catalog (cogs.life.PACE_WORDS names them).
            pace=T(tournament.pace),
            organiser=organiser or f"<@{tournament.organiser_id}>",
        )

    async def _roster_item(
        self,
        tournament: TournamentRow,
        names: list[str],
        *,
        edit: bool,
        started: bool = False,
        version: int | None = None,
    ) -> OutboxItem:
        """The channel's one sign-up post (key ``tour<id>:roster``): the settings, the count and
        the names that fit one post. Each sign-up, withdrawal and the start edit it (``edit_of``;
        the edit's key names the tournament version it shows, so a restart edits the post again
        rather than posting anew)."""
        lang = await self.tables.channel_language(tournament.guild_id)
        away = await self.store.tournament_away_days(tournament.id)
        organiser = await self.store.get_meta(f"tournament:{tournament.id}:organiser_name")
        settings = say(lang, self._settings_line(tournament, organiser and shown(organiser)))
        days = days_said(clocks.TOURNAMENT_AWAY_DAYS if away is None else away)

        def compose(listed: str) -> str:
            if started:
                closed = T(
                    "Sign-up is closed ({signed}): {names}. The tournament has started; "
                    "the tables of round 1 follow.",
                    signed=len(names),
                    names=listed,
                )
                return "\n".join([settings, say(lang, closed)])
            signup = T(
                "Sign-up is open ({signed}): {names}. Join with `{command}`.",
                signed=len(names),
                names=listed,
                command=command_in(lang, "tournament join"),
            )
            text = T(
                "A tournament is open for sign-up (#{tournament}).\n{status}\n"
                "Time away (`/away`): at most {days} per player in each game.",
                tournament=tournament.id,
                status="\n".join([settings, say(lang, signup)]),
                days=days,
            )
            return say(lang, text)

        shown_names = [shown(n) for n in names]
        text = compose(", ".join(shown_names) or say(lang, T("nobody yet")))
        kept = len(shown_names)
        while len(text) > POST_LIMIT and kept > 0:
            kept -= 1
            more = Tn(
                "{names} and {count} more (`{command}` lists everyone)",
                "{names} and {count} more (`{command}` lists everyone)",
                len(shown_names) - kept,
                names=", ".join(shown_names[:kept]),
                command=command_in(lang, "tournament status"),
            )
            text = compose(say(lang, more))
        key = f"tour{tournament.id}:roster"
        payload: dict[str, Any] = {"text": text, "mentions": []}
        if edit:
            payload["edit_of"] = key
            key = f"{key}:v{tournament.version if version is None else version}"
        return OutboxItem(key=key, kind="channel", target=tournament.channel_id, payload=payload)

    async def announce(self, tournament_id: int, organiser: str | None = None) -> None:
        """Post the tournament's sign-up post (the roster that sign-ups then edit); it names the
        ``organiser`` by name (kept for its edits), never by a mention."""
        if organiser:
            await self.store.set_meta(f"tournament:{tournament_id}:organiser_name", organiser)
        tournament = await self.store.existing_tournament(tournament_id)
        names = [e.name for e in await self.store.entrants(tournament.id)]
        item = await self._roster_item(tournament, names, edit=False)
        await self.store.queue([item])
        await self._send([item])

    async def standings_label(self, tournament: TournamentRow) -> Msg:
        """What the standings are: "final, after round 3", "after round 1 of 7", "live, round 2
        of 7: 5 of 26 tables finished" (a running round's finished tables already count),
        "before round 1"."""
        if tournament.status == "finished":
            return T("final, after round {round}", round=tournament.round)
        if tournament.status == "signup" or not tournament.round:
            return T("before round 1")
        current = [
            p
            for p in await self.store.pairings(tournament.id)
            if p.round == tournament.round and not p.bye
        ]
        done = sum(1 for p in current if p.result is not None)
        if done == len(current):
            return T(
                "after round {round} of {rounds}", round=tournament.round, rounds=tournament.rounds
            )
        return Tn(
            "live, round {round} of {rounds}: {done} of {count} table finished",
            "live, round {round} of {rounds}: {done} of {count} tables finished",
            len(current),
            round=tournament.round,
            rounds=tournament.rounds,
            done=done,
        )

    async def status(self, channel_id: int, lang: str = ENGLISH) -> str:
        """The tournament's settings, and its sign-up or its current round's tables, in
        ``lang`` (the reader's: the channel's for a post, the member's for a private answer)."""
        tournament = await self.find(channel_id)
        entrants = await self.store.entrants(tournament.id)
        lines: list[Msg] = [self._settings_line(tournament)]
        if tournament.status == "signup":
            signed = ", ".join(shown(e.name) for e in entrants) or T("nobody yet")
            lines.append(
                T(
                    "Sign-up is open ({signed}): {names}. Join with `{command}`.",
                    signed=len(entrants),
                    names=signed,
                    command=command_in(lang, "tournament join"),
                )
            )
            return "\n".join(say(lang, line) for line in lines)
        if tournament.status == "running":
            lines.append(
                T(
                    "Round {round} of {rounds}: running.",
                    round=tournament.round,
                    rounds=tournament.rounds,
                )
            )
        else:
            lines.append(
                Tn(
                    "Finished after {count} round.",
                    "Finished after {count} rounds.",
                    tournament.round,
                )
            )
        names = {e.user_id: shown(e.name) for e in entrants}
        for row in await self.store.pairings(tournament.id):
            if row.round != tournament.round:
                continue
            table = await self.store.get_table(row.table_id) if row.table_id else None
            thread = table.channel_id if table else None
            lines.append(_table_line(row, names, status=True, thread=thread))
        dropped = [shown(e.name) for e in entrants if e.dropped_round is not None]
        if dropped:
            lines.append(T("Dropped out: {names}", names=", ".join(dropped)))
        return "\n".join(say(lang, line) for line in lines)

    async def export(self, channel_id: int) -> dict:
        """The full history: settings, entrants, every round's tables and byes with results,
        and the standings."""
        tournament, lines = await self.standings(channel_id)
        entrants = await self.store.entrants(tournament.id)
        rounds: dict[int, list[dict]] = {}
        for row in await self.store.pairings(tournament.id):
            rounds.setdefault(row.round, []).append(
                {
                    "table": row.board,
                    "bye": row.bye,
                    "players": list(row.players),
                    "table_id": row.table_id,
                    "result": row.result,
                }
            )
        return {
            "tournament": {
                "id": tournament.id,
                "name": tournament.name,
                "game": tournament.game,
                "variant": tournament.variant,
                "format": tournament.format,
                "table_size": tournament.table_size,
                "pace": tournament.pace,
                "rounds": tournament.rounds,
                "status": tournament.status,
                "organiser": tournament.organiser_id,
            },
            "entrants": [
                {
                    "user_id": e.user_id,
                    "name": e.name,
                    "seed": e.number,
                    "dropped_round": e.dropped_round,
                }
                for e in entrants
            ],
            "rounds": [{"round": r, "pairings": rounds[r]} for r in sorted(rounds)],
            "standings": [
                {
                    "place": line.place,
                    "user_id": line.user_id,
                    "name": line.name,
                    "points": line.points,
                    "opponents_points": round(line.opponents_points, 3),
                    "score_ratio": round(line.score_ratio, 3),
                    "games": line.games,
                    "wins": line.wins,
                    "byes": line.byes,
                }
                for line in lines
            ],
        }


FORMAT_NAMES = {
    "swiss": N_("Swiss"),
    "roundrobin": N_("round robin"),
    "elimination": N_("single elimination"),
}
"""Each format by its name, said in the reader's language where it is shown."""


def _bye_result(*players: int) -> dict:
    return {
        "status": "bye",
        "points": {str(u): pairing.BYE_POINTS for u in players},
        "advances": players[0] if players else None,
    }


def _table_line(
    row: PairingRow, names: dict[int, str], *, status: bool = False, thread: int | None = None
) -> Msg:
    """One table (or bye) of a round: who plays it; in a ``status``, also whether it is done
    and where (``thread``: its channel, when it has one)."""
    who = ", ".join(names.get(u, str(u)) for u in row.players)
    if row.bye:
        return (
            T("Bye: {players}", players=who) if who else T("Table {table}: empty", table=row.board)
        )
    if not status:
        return T("Table {table}: {players}", table=row.board, players=who)
    state = T("done") if row.result else T("playing")
    if thread is None:
        return T("Table {table}: {players} ({state})", table=row.board, players=who, state=state)
    return T(
        "Table {table} in {thread}: {players} ({state})",
        table=row.board,
        thread=f"<#{thread}>",
        players=who,
        state=state,
    )


ALT_LIMIT = 1000
"""Discord allows 1,024 characters of an attachment's description (its alt text)."""


def standings_alt(lines: list[pairing.Line], label: str, lang: str = ENGLISH) -> str:
    """The standings image's alt text, in ``lang``: what the standings are (``label``, said
    already: "live, round 2 of 7"), then place, name and points, as many as Discord allows."""
    head = say(lang, T("Tournament standings, {label}.", label=label))
    rows = "; ".join(f"{x.place}. {x.name} {_points(lang, x.points)}" for x in lines)
    return f"{head} {rows}"[:ALT_LIMIT]


def split_lines(lines: list[str], limit: int = POST_LIMIT) -> list[list[str]]:
    """``lines`` grouped into posts of at most ``limit`` characters (joined by newlines), never
    cutting a line; a single line longer than a post is shortened at a space, so never inside a
    mention (``<#123>``) or a word."""
    parts: list[list[str]] = [[]]
    size = 0
    for line in lines:
        if len(line) > limit:
            line = line[: line.rfind(" ", 0, limit - 1)].rstrip(",;:") + "…"
        if parts[-1] and size + 1 + len(line) > limit:
            parts.append([])
            size = 0
        size += len(line) + (1 if parts[-1] else 0)
        parts[-1].append(line)
    return parts


def tie_breaks(lines: list[pairing.Line], format: str) -> dict[int, Msg]:
    """For each entrant level on points with the one placed below (and, in single elimination,
    out in the same round), what put them ahead: opponents' points, then score ratio (the
    tie-breaks of the rules), then the tournament's seed (rating, then sign-up order)."""
    reasons: dict[int, Msg] = {}
    for above, below in itertools.pairwise(lines):
        if above.points != below.points:
            continue
        if format == "elimination" and above.reached != below.reached:
            continue
        name = shown(below.name)
        if above.opponents_points != below.opponents_points:
            reasons[above.user_id] = T(
                "level on points with {name}: ahead on opponents' points", name=name
            )
        elif above.score_ratio != below.score_ratio:
            reasons[above.user_id] = T(
                "level on points and opponents' points with {name}: ahead on score ratio",
                name=name,
            )
        else:
            reasons[above.user_id] = T(
                "level with {name} on every tie-break: ahead on seed (rating, then sign-up order)",
                name=name,
            )
    return reasons


def standings_text(lines: list[pairing.Line], format: str, lang: str = ENGLISH) -> list[str]:
    """One line per entrant, in ``lang``: place, name, points and the tie-breakers, and for an
    entrant level on points with the next one, the tie-break that decided (issue 40)."""
    out = []
    reasons = tie_breaks(lines, format)
    for line in lines:
        name = T("{name} (dropped)", name=shown(line.name)) if line.dropped else shown(line.name)
        numbers = {
            "place": line.place,
            "name": name,
            "points": _points(lang, line.points),
            "opponents": number(lang, line.opponents_points, 2),
            "ratio": number(lang, line.score_ratio, 2),
            "wins": line.wins,
            "games": line.games,
        }
        if format == "elimination":
            text = Tn(
                "{place}. {name}: {points} pts (opp {opponents}, ratio {ratio}; "
                "{wins}/{games} won, {count} bye, reached round {reached})",
                "{place}. {name}: {points} pts (opp {opponents}, ratio {ratio}; "
                "{wins}/{games} won, {count} byes, reached round {reached})",
                line.byes,
                reached=line.reached,
                **numbers,
            )
        else:
            text = Tn(
                "{place}. {name}: {points} pts (opp {opponents}, ratio {ratio}; "
                "{wins}/{games} won, {count} bye)",
                "{place}. {name}: {points} pts (opp {opponents}, ratio {ratio}; "
                "{wins}/{games} won, {count} byes)",
                line.byes,
                **numbers,
            )
        said = say(lang, text)
        if line.user_id in reasons:
            said += " — " + say(lang, reasons[line.user_id])
        out.append(said)
    return out


def _points(lang: str, value: float) -> str:
    """Tournament points: whole, or with their one decimal (``1.5``, ``1,5``)."""
    return number(lang, value, 0 if float(value).is_integer() else 1)
