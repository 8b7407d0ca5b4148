"""Play-by-post life around the moves (issue 7): reminders and timeouts, skip and expel, away,
undo with votes, seat changes, watching, per-user game lists, export and replay.

:class:`PlayByPost` works through a :class:`~host.tables.TableService`: it shares its locks, its
``play`` (apply + commit in one transaction) and its clock, so everything here is as durable and as
race-free as an ordinary move.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
from collections.abc import Awaitable, Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

import i18n
from engines.base import Engine
from host import catchup, clocks, talk
from host.store import OutboxItem, SeatRow, StaleVersion, TableRow
from host.tables import (
    Outcome,
    TableError,
    TableService,
    _letter,
    plays_itself,
    private_summary,
    seat_status,
)
from i18n import N_, Msg, T, Tn, say

log = logging.getLogger("portolan.life")

NO_ACCESS = N_(
    "You no longer have access to that game: you are not in its server any more, or cannot see "
    "its channel. Your seat follows the game's rules for an absent player."
)

_CANNOT_UNDO = N_(
    "That cannot be undone: it showed hidden information or drew from a hidden order "
    "(what was seen cannot be unseen, and draws are never re-rolled)."
)

MAX_SKIP_STEPS = 200

Audience = Callable[[int, list[TableRow]], Awaitable[Collection[int]]]
"""Which of a member's tables (their ids) the member may still be shown from outside the
channel: set by the Discord adapter (a member removed from a server, or who no longer sees the
game's channel, is not shown its games). Their seat is not affected."""


class ConsentNeeded(TableError):
    """A replacement that waits for the seat's holder to agree (issue 23): the holder is active
    and within their clock, and the one asking sits at the table or is no moderator. The
    Discord adapter turns it into a request the holder answers."""

    def __init__(self, table: TableRow, seat: int, holder: int, new_id: int) -> None:
        super().__init__(
            T(
                "{player} is playing and within their time, so they must agree to hand over "
                "their seat (or a moderator who does not play here can replace them).",
                player=talk.safe_name(table.names[seat]),
            )
        )
        self.table_id, self.seat, self.holder, self.new_id = table.id, seat, holder, new_id


class PlayByPost:
    def __init__(self, tables: TableService) -> None:
        self.tables = tables
        self.store = tables.store
        self.audience: Audience | None = None
        """Who may still be shown a server's game (see :data:`Audience`); None: everyone seated."""

    async def visible(self, user_id: int, tables: list[TableRow]) -> list[TableRow]:
        """The tables among ``tables`` that ``user_id`` may still be shown (``audience``)."""
        if self.audience is None or not tables:
            return tables
        shown = await self.audience(user_id, tables)
        return [t for t in tables if t.id in shown]

    # ---- helpers -------------------------------------------------------------------------

    def _state(self, table: TableRow) -> tuple[Engine, Any]:
        engine = self.tables.engine(table.game)
        return engine, engine.decode(table.state)

    async def _channel_item(
        self, table: TableRow, key: str, text: str, mentions: list[int]
    ) -> OutboxItem:
        """A post in the table's channel, ``text`` said in the channel's language."""
        text = say(await self.tables.channel_language(table.guild_id), text)
        return OutboxItem(
            key=f"t{table.id}:{key}",
            kind="channel",
            target=table.channel_id,
            payload={"text": text, "mentions": mentions, "table_id": table.id},
            table_id=table.id,
        )

    async def _private_dm(
        self, table: TableRow, seat: int, user: int, key: str, text: str
    ) -> OutboxItem:
        """A DM of a seat's private view, in its member's language."""
        engine, state = self._state(table)
        lang = await self.tables.member_language(user, table.guild_id)
        view = self.tables.seat_view(table, engine, state, seat) | {"lang": lang}
        head = say(lang, talk.in_channel(engine, table))
        return OutboxItem(
            key=f"t{table.id}:{key}",
            kind="dm",
            target=user,
            payload={
                "text": f"{head}\n{say(lang, text)}\n" + private_summary(view, engine),
                "image": {"kind": "private", "game": table.game, "view": view},
                "channel_id": table.channel_id,
                "table_id": table.id,
                "lang": lang,
            },
            table_id=table.id,
        )

    async def _player_seat(self, table: TableRow, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError(T("You are not a player in this game."))
        return seat

    # ---- timeouts: skip and expel --------------------------------------------------------

    def _timed_out(self, table: TableRow, seat: int) -> bool:
        left = clocks.remaining(table.clock, seat, self.tables.now())
        return left is not None and left <= 0

    async def skip(self, channel_id: int, user_id: int, target_id: int) -> Outcome:
        """Another player plays the default move(s) of a seat whose time ran out."""
        async with self.tables.lock(channel_id):
            table = await self.tables.running(channel_id)
            await self._player_seat(table, user_id)
            target = table.seat_of(target_id)
            if target is None or target_id == user_id:
                raise TableError(T("Name another player of this game to skip."))
            engine, state = self._state(table)
            if target not in engine.to_move(state):
                raise TableError(T("That player is not to move, so there is nothing to skip."))
            if not self._timed_out(table, target):
                left = clocks.remaining(table.clock, target, self.tables.now())
                why = (
                    T("this game is untimed")
                    if left is None
                    else T("{left} left", left=clocks.format_duration(left))
                )
                raise TableError(
                    T("{seat} still has time ({why}).", seat=talk.Letter(target), why=why)
                )
            outcome = None
            preface = [
                T(
                    "{player} ran out of time and was skipped: default move played.",
                    player=f"Player {_letter(target)}",
                )
            ]
            waiting = engine.to_move(state)
            for _ in range(MAX_SKIP_STEPS):
                engine, state = self._state(table)
                # One turn only: stop once the seat is done or a new turn (round) has begun.
                turn_over = table.status != "active" or engine.to_move(state) != waiting
                if turn_over and outcome is not None:
                    break
                step = await self.tables.play(
                    table,
                    target,
                    engine.default_move(state, target),
                    user_id=target_id,
                    preface=preface,
                    timed_out=True,
                )
                preface = []
                outcome = step if outcome is None else outcome.merged(step)
                table = outcome.table
            return await self.tables.autopilot(outcome)

    async def expel(self, channel_id: int, user_id: int, target_id: int) -> Outcome:
        """After the grace period, the seat plays default moves to the end (or is taken over)."""
        async with self.tables.lock(channel_id):
            table = await self.tables.running(channel_id)
            await self._player_seat(table, user_id)
            target = table.seat_of(target_id)
            if target is None or target_id == user_id:
                raise TableError(T("Name another player of this game to expel."))
            pace = clocks.PACES.get(table.pace)
            left = clocks.remaining(table.clock, target, self.tables.now())
            if pace is None or left is None:
                raise TableError(T("This game is untimed, so nobody can be expelled for time."))
            if left > -pace.grace:
                wait = clocks.format_duration(left + pace.grace)
                raise TableError(
                    T(
                        "{seat} can be expelled in {wait} if they do not move.",
                        seat=talk.Letter(target),
                        wait=wait,
                    )
                )
            return await self.to_autopilot(table, target, "expelled", N_("was expelled for time"))

    async def resign(self, channel_id: int, user_id: int) -> Outcome:
        async with self.tables.lock(channel_id):
            table = await self.tables.running(channel_id)
            seat = await self._player_seat(table, user_id)
            if seat_status(table, seat) != "playing":
                raise TableError(T("Your seat is already on autopilot."))
            return await self.to_autopilot(table, seat, "resigned", N_("resigned"))

    async def to_autopilot(self, table: TableRow, seat: int, status: str, verb: str) -> Outcome:
        if self.tables.plans is not None:  # the seat's plan goes with its member (issue 41)
            await self.tables.plans.seat_left(table, seat)
        clock = json.loads(json.dumps(table.clock))
        clock["seats"][seat]["status"] = status
        text = T(
            "{player} {did}. Their seat now plays default moves; anyone not in the game can take "
            "it over with `/game takeover`.",
            player=talk.lettered(seat, table.names[seat]),
            did=T(verb),
        )
        item = await self._channel_item(table, f"v{table.version + 1}:{status}:{seat}", text, [])
        table = await self.store.update_table(table.id, table.version, clock=clock, outbox=[item])
        log.info("table %s seat %s %s", table.id, seat, status)
        return await self.tables.autopilot(Outcome(table=table, public_lines=[text], items=[item]))

    # ---- seats ---------------------------------------------------------------------------

    async def takeover(self, channel_id: int, user_id: int, name: str, seat: int | None) -> Outcome:
        """A member not in the game takes an expelled or resigned seat."""
        async with self.tables.lock(channel_id):
            table = await self.tables.running(channel_id)
            if table.seat_of(user_id) is not None:
                raise TableError(T("You already hold a seat in this game."))
            free = [s.seat for s in table.seats if seat_status(table, s.seat) != "playing"]
            if not free:
                raise TableError(T("No seat is free to take over."))
            if seat is None:
                seat = free[0]
            if seat not in free:
                raise TableError(
                    T(
                        "Seat {seat} is not free. Free: {free}.",
                        seat=talk.Letter(seat),
                        free=i18n.joined([talk.Letter(s) for s in free]),
                    )
                )
            clock = json.loads(json.dumps(table.clock))
            clock["seats"][seat]["status"] = "playing"
            text = T(
                "{name} took over seat {seat}.", name=talk.safe_name(name), seat=talk.Letter(seat)
            )
            return await self._reseat(table, seat, user_id, name, clock, text)

    async def replace(
        self,
        channel_id: int,
        user_id: int,
        old_id: int,
        new_id: int,
        new_name: str,
        *,
        is_admin: bool,
    ) -> Outcome:
        """Give ``old_id``'s seat to ``new_id``, asked by ``user_id``: the opener, a member with
        Manage Channels, or the holder themselves (which is their consent). The new holder
        receives the seat's private view, so a holder who is active and within their clock must
        agree (:class:`ConsentNeeded`) unless a moderator who does not sit at this table asks:
        otherwise a seated opener could read an opponent's hand through a second account
        (issue 23). The holder is told in the channel."""
        async with self.tables.lock(channel_id):
            table = await self.tables.running(channel_id)
            by_holder = user_id == old_id
            if user_id != table.opener_id and not is_admin and not by_holder:
                raise TableError(
                    T(
                        "Only the player who opened the game, a member with Manage Channels, or "
                        "the seat's holder can replace a player."
                    )
                )
            seat = table.seat_of(old_id)
            if seat is None:
                raise TableError(T("That member is not a player in this game."))
            if table.seat_of(new_id) is not None:
                raise TableError(T("The new member already holds a seat in this game."))
            moderator = is_admin and table.seat_of(user_id) is None
            if not by_holder and not moderator and self._in_charge(table, seat):
                raise ConsentNeeded(table, seat, old_id, new_id)
            told = [] if by_holder else [old_id]  # a holder who did not ask is told
            note = (
                T(
                    " {holder}, this seat is no longer yours (by {asker}).",
                    holder=f"<@{old_id}>",
                    asker=f"<@{user_id}>",
                )
                if told
                else ""
            )
            text = T(
                "{name} replaced {old} in seat {seat}.{note}",
                name=talk.safe_name(new_name),
                old=talk.safe_name(table.names[seat]),
                seat=talk.Letter(seat),
                note=note,
            )
            return await self._reseat(table, seat, new_id, new_name, table.clock, text, told=told)

    def _in_charge(self, table: TableRow, seat: int) -> bool:
        """Whether a member plays the seat and is within their clock (untimed: always)."""
        if plays_itself(table, seat):
            return False
        left = clocks.remaining(table.clock, seat, self.tables.now())
        return left is None or left > 0

    async def _reseat(
        self,
        table: TableRow,
        seat: int,
        user_id: int,
        name: str,
        clock: dict | None,
        text: Msg,
        *,
        told: list[int] | None = None,
    ) -> Outcome:
        """Seat ``user_id`` and tell the channel ``text``; ``told``: others the post pings (a
        replaced holder, named in ``text``)."""
        if self.tables.plans is not None:  # the previous holder's plan goes with the seat
            await self.tables.plans.seat_left(table, seat)
        seats = [SeatRow(s.seat, user_id, name) if s.seat == seat else s for s in table.seats]
        version = table.version + 1
        mentions = [user_id, *(told or [])]
        items = [await self._channel_item(table, f"v{version}:seat:{seat}", text, mentions)]
        future = dataclasses.replace(table, seats=tuple(seats), clock=clock)
        # The new holder gets the seat's private information at once.
        items.append(
            await self._private_dm(
                future, seat, user_id, f"v{version}:dm:{user_id}", T("Your seat's private view.")
            )
        )
        table = await self.store.update_table(
            table.id, table.version, clock=clock, seats=seats, outbox=items
        )
        return Outcome(table=table, public_lines=[text], items=items, mentions=mentions)

    # ---- away ----------------------------------------------------------------------------

    async def away(self, user_id: int, days: float) -> list[Outcome]:
        """Pause the user's clocks in every running game, within each game's allowance."""
        if not 0 < days <= clocks.AWAY_MAX_DAYS_PER_GAME:
            raise TableError(
                T("Choose between 1 and {most} days.", most=clocks.AWAY_MAX_DAYS_PER_GAME)
            )
        outcomes = []
        for table in await self.store.tables_of_user(user_id, ("active",)):
            async with self.tables.lock(table.channel_id):
                table = await self.store.get_table(table.id)
                if table.status != "active" or not table.clock:
                    continue
                seat = table.seat_of(user_id)
                clock = json.loads(json.dumps(table.clock))
                now = self.tables.now()
                # Charge the time already used before the pause starts.
                entry = clock["seats"][seat]
                if entry["since"] is not None:
                    entry["bank"] -= clocks.used(entry, now)
                    entry["since"] = now
                limit = await self.away_limit(table)
                granted = clocks.go_away(clock, seat, now, days, limit)
                who = talk.lettered(seat, table.names[seat])
                rule = (
                    T(" (this tournament allows {days} a game)", days=days_said(limit))
                    if limit != clocks.AWAY_MAX_DAYS_PER_GAME
                    else ""
                )
                if granted <= 0:
                    text = T(
                        "{player} asked for time away but has used it all in this game{rule}.",
                        player=who,
                        rule=rule,
                    )
                else:
                    # Not `days`: that is what the next game of the loop is asked for.
                    text = T(
                        "{player} is away for {days}; their clock is paused{rule}.",
                        player=who,
                        days=days_said(granted),
                        rule=rule,
                    )
                item = await self._channel_item(
                    table, f"v{table.version + 1}:away:{seat}", text, []
                )
                try:
                    table = await self.store.update_table(
                        table.id, table.version, clock=clock, outbox=[item]
                    )
                except StaleVersion:
                    continue
                outcomes.append(Outcome(table=table, public_lines=[text], items=[item]))
        if not outcomes:
            raise TableError(T("You are not in any running game."))
        return outcomes

    async def away_limit(self, table: TableRow) -> float:
        """Days of ``/away`` one seat may take in this game: a tournament game's by its
        organiser's rule (so a vacation cannot stall a round), any other the general limit."""
        pairing = await self.store.tournament_of_table(table.id)
        if pairing is None:
            return clocks.AWAY_MAX_DAYS_PER_GAME
        days = await self.store.tournament_away_days(pairing[0])
        return float(clocks.TOURNAMENT_AWAY_DAYS if days is None else days)

    async def set_tournament_away(self, tournament_id: int, days: int) -> None:
        """The organiser's rule: at most ``days`` of ``/away`` per player in each game."""
        if not 0 <= days <= clocks.AWAY_MAX_DAYS_PER_GAME:
            raise TableError(T("Choose 0 to {most} days away.", most=clocks.AWAY_MAX_DAYS_PER_GAME))
        await self.store.set_tournament_away_days(tournament_id, days)

    # ---- undo ----------------------------------------------------------------------------

    async def _undo_target(self, table: TableRow, seat: int) -> tuple[int, Any, dict | None]:
        """The move count to go back to (before the seat's last move), the replayed state, and the
        clock as it was before the first undone move.

        Refused when a move to be taken back revealed anything hidden, to anyone (the mover
        included), or drew from a hidden order: what was seen cannot be unseen, and random draws
        are never re-rolled. The replay runs off the event loop (a long game takes a second)."""
        engine = self.tables.engine(table.game)
        moves = await self.store.moves(table.id)
        mine = [m.n for m in moves if m.seat == seat]
        if not mine:
            raise TableError(T("You have no move to take back."))
        keep = mine[-1] - 1
        if any(row.reveals for row in moves[keep:]):
            raise TableError(T(_CANNOT_UNDO))

        def replay() -> tuple[Any, bool]:
            state = engine.setup(len(table.seats), seed=table.seed, variant=table.variant)
            for row in moves[:keep]:
                state = engine.apply(state, row.seat, row.move).state
            target, later = state, state
            for row in moves[keep:]:
                step = engine.apply(later, row.seat, row.move)
                if step.reveals:  # moves stored before the flag existed are judged again
                    return target, True
                later = step.state
            return target, False

        target, revealed = await asyncio.to_thread(replay)
        if revealed:
            raise TableError(T(_CANNOT_UNDO))
        return keep, target, moves[keep].clock_before

    async def undo(self, channel_id: int, user_id: int) -> Outcome:
        async with self.tables.lock(channel_id):
            table = await self.tables.running(channel_id)
            seat = await self._player_seat(table, user_id)
            if table.undo:
                raise TableError(T("An undo request is already waiting for votes."))
            keep, target, clock = await self._undo_target(table, seat)
            if keep == table.move_count - 1:
                return await self._do_undo(table, seat, keep, target, clock)
            voters = [
                s.seat for s in table.seats if s.seat != seat and not plays_itself(table, s.seat)
            ]
            if not voters:
                return await self._do_undo(table, seat, keep, target, clock)
            version = table.version + 1
            request = {"id": version, "by": seat, "keep": keep, "votes": [], "voters": voters}
            text = T(
                "{player} asks to take back their last move (back to move {keep}; {undone} "
                "undone). Every other player must agree: `/undo` buttons below, or `/game vote`.",
                player=talk.lettered(seat, table.names[seat]),
                keep=keep,
                undone=_moves(table.move_count - keep),
            )
            mentions = [u for s in voters if (u := table.user_of(s)) is not None]
            item = await self._channel_item(table, f"v{version}:undo", text, mentions)
            item.payload["undo_vote"] = {"table_id": table.id, "version": version}
            table = await self.store.update_table(
                table.id, table.version, undo=request, outbox=[item]
            )
            return Outcome(table=table, public_lines=[text], items=[item], mentions=mentions)

    async def vote(
        self, channel_id: int, user_id: int, approve: bool, version: int | None = None
    ) -> Outcome:
        """Answer the pending undo request (``version`` identifies it, from a button)."""
        async with self.tables.lock(channel_id):
            table = await self.tables.running(channel_id)
            seat = await self._player_seat(table, user_id)
            request = table.undo
            if not request or (version is not None and version != request["id"]):
                raise TableError(T("There is no undo request waiting for your vote."))
            if seat not in request["voters"]:
                raise TableError(T("Your vote is not needed for this undo."))
            if not approve:
                text = T("{seat} refused the undo; the game goes on.", seat=talk.Letter(seat))
                item = await self._channel_item(table, f"v{table.version + 1}:undo-no", text, [])
                items = [item, *_vote_closed(table)]
                table = await self.store.update_table(
                    table.id, table.version, undo=None, outbox=items
                )
                return Outcome(table=table, public_lines=[text], items=items)
            request = {**request, "votes": sorted({*request["votes"], seat})}
            if set(request["votes"]) >= set(request["voters"]):
                keep, target, clock = await self._undo_target(table, request["by"])
                return await self._do_undo(table, request["by"], keep, target, clock)
            tally = f"{len(request['votes'])}/{len(request['voters'])}"
            text = T("{seat} agreed to the undo ({tally}).", seat=talk.Letter(seat), tally=tally)
            item = await self._channel_item(
                table, f"v{table.version + 1}:undo-yes:{seat}", text, []
            )
            table = await self.store.update_table(
                table.id, table.version, undo=request, outbox=[item]
            )
            return Outcome(table=table, public_lines=[text], items=[item])

    async def _do_undo(
        self, table: TableRow, seat: int, keep: int, target: Any, clock_before: dict | None
    ) -> Outcome:
        engine, current = self._state(table)
        if clock_before is not None or table.clock is None:
            # Exactly as before the undone moves: an undo never refills anyone's time bank.
            clock = clock_before
        else:  # moves stored before clocks were remembered
            clock = clocks.advance(
                table.clock,
                engine.to_move(current),
                engine.to_move(target),
                None,
                self.tables.now(),
            )
        if clock is not None:
            # A clock held for a planned decision (issue 41) runs: the undoer's plan is cleared.
            clock = clocks.release(clock, engine.to_move(target), self.tables.now())
        undone = table.move_count - keep
        lines = [
            T(
                "{player} took back {undone}; back to move {keep}.",
                player=f"Player {_letter(seat)}",
                undone=_moves(undone),
                keep=keep,
            )
        ]
        # A fresh turn post; the old one (and a vote's post) lose their buttons.
        fresh = dataclasses.replace(table, talk=talk.Memory.load(table.talk).after_undo())
        said = talk.compose(
            fresh,
            engine,
            target,
            table.version + 1,
            lines,
            private={},
            before=None,
            previous=current,
            lang=await self.tables.channel_language(table.guild_id),
            langs=await self.tables.seat_languages(table),
        )
        if self.tables.plans is not None:  # the member's undo clears their plan (issue 41)
            await self.tables.plans.forget(table.id, table.user_of(seat))
        table = await self.store.truncate_moves(
            table.id,
            table.version,
            keep,
            outbox=said.items + _vote_closed(table),
            state=engine.encode(target),
            clock=clock,
            undo=None,
            talk=said.memory.dump(),
        )
        self.tables.remember_move_count(table)
        log.info("table %s undo to move %s by seat %s", table.id, keep, seat)
        self.tables.kick(table)  # a seat filler whose move was taken back decides again
        return Outcome(table=table, public_lines=said.lines, items=said.items)

    # ---- watching, listings, archive -----------------------------------------------------

    async def watch(self, channel_id: int, user_id: int, on: bool = True) -> TableRow:
        table = await self.tables.live(channel_id)
        await self.store.set_watching(table.id, user_id, on)
        return table

    async def games_of(
        self, user_id: int, statuses: tuple[str, ...] = ("active",), *, links: bool = True
    ) -> list[GameAt]:
        """The user's games, most urgent first: those where the user is to move (least time
        left first), then the others (least time left first), then lobbies. ``links``: look up
        the jump link to each turn post (autocomplete does without). Only the games the user
        may still be shown (``audience``): not those of a server they were removed from."""
        now = self.tables.now()
        found = []
        tables = await self.visible(user_id, await self.store.tables_of_user(user_id, statuses))
        for table in tables:
            if table.game not in self.tables.engines:
                continue  # a game disabled on this bot: nothing to show of it
            engine = self.tables.engine(table.game)
            waiting = engine.to_move(engine.decode(table.state)) if table.state else []
            seat = table.seat_of(user_id)
            mine = table.status == "active" and seat in waiting
            left = None
            if table.status == "active" and table.clock:
                lefts = [
                    x
                    for s in ([seat] if mine else waiting)
                    if (x := clocks.remaining(table.clock, s, now)) is not None
                ]
                left = min(lefts) if lefts else None
            found.append(
                GameAt(
                    table=table,
                    title=engine.title,
                    mine=mine,
                    waiting=waiting,
                    waited=waited_for(table, waiting, now),
                    left=left,
                    post_url=await self.post_url(table) if links else None,
                )
            )
        return sorted(found, key=GameAt.urgency)

    async def hidden_from(self, user_id: int) -> set[int]:
        """The running tables where ``user_id`` holds a seat but may no longer be shown the game
        (``audience``: removed from its server, or no longer seeing its channel)."""
        if self.audience is None:
            return set()
        seated = await self.store.tables_of_user(user_id, ("active",))
        return {t.id for t in seated} - {t.id for t in await self.visible(user_id, seated)}

    async def post_url(self, table: TableRow) -> str | None:
        """A jump link to the table's turn post (its final standings once it ended); None when
        that post is not known to be sent."""
        if table.status == "finished":
            key = f"t{table.id}:v{table.version}:standings"
        else:
            key = talk.Memory.load(table.talk).post_key
        message = await self.store.message_id(key) if key else None
        if message is None:
            return None
        return message_url(table, message)

    async def catch_up(
        self,
        user_id: int,
        table_id: int | None = None,
        channel_id: int | None = None,
        server_names: Mapping[int, str] | None = None,
        lang: str = i18n.ENGLISH,
    ) -> tuple[GameAt, str, dict]:
        """``/catchup``: where one of the user's running games stands, what the others did since
        the user's last move, and the public board; said in ``lang``. The game: ``table_id``
        when given, else the one in ``channel_id`` if the user sits there, else the most
        urgent."""
        games = await self.games_of(user_id)
        chosen = None
        if table_id is not None:
            chosen = next((g for g in games if g.table.id == table_id), None)
            if chosen is None and table_id in await self.hidden_from(user_id):
                raise TableError(T(NO_ACCESS))  # seated, but no longer shown that server's game
        if not games:
            raise TableError(T("You are not in any running game."))
        if table_id is not None and chosen is None:
            raise TableError(
                T("You do not sit at that game (or it has ended). Pick one from the list.")
            )
        if chosen is None and channel_id is not None:
            chosen = next((g for g in games if g.table.channel_id == channel_id), None)
        chosen = chosen or games[0]
        table = chosen.table
        engine, state = self._state(table)
        seat = table.seat_of(user_id)
        rows = await self.store.moves_since_seats(table.id, [seat], catchup.HISTORY_LIMIT)
        entries = [catchup.Entry.of(r) for r in rows]
        names = [talk.shown_name(n, lang) for n in table.names]
        missed = catchup.fold(catchup.since_last_move(entries, seat), names, lang=lang)
        moved = any(e.seat == seat for e in entries)
        server = (server_names or {}).get(table.guild_id or 0)
        move = say(lang, T("move {number}", number=table.move_count))
        lines = [f"{game_line(chosen, user_id, server, lang)} · {move}"]
        if missed:
            lead = T("Since your last move") if moved else T("So far")
            lines.append(say(lang, T("{lead}: {missed}.", lead=lead, missed=missed)))
        elif moved:
            lines.append(say(lang, T("Nothing has happened since your last move.")))
        else:
            lines.append(say(lang, T("No moves yet.")))
        if len(games) > 1:
            more = Tn(
                "-# You sit at {count} running game: pick another with the `game` option.",
                "-# You sit at {count} running games: pick another with the `game` option.",
                len(games),
            )
            lines.append(say(lang, more))
        return chosen, "\n".join(lines), self.tables.public_view(table, engine, state)

    async def my_games(
        self,
        user_id: int,
        server_names: Mapping[int, str] | None = None,
        lang: str = i18n.ENGLISH,
    ) -> list[str]:
        """One line per lobby and running game of the user, most urgent first (your move, then
        least time left), each with a jump link to its turn post and the name of its server
        (``server_names``: what the Discord layer knows of them); said in ``lang``."""
        names = server_names or {}
        lines = []
        for game in await self.games_of(user_id, ("lobby", "active")):
            table = game.table
            server = names.get(table.guild_id or 0)
            if table.status == "lobby":
                lobby = T(
                    "**{game}** in {where}: lobby, {joined} joined",
                    game=game.title,
                    where=channel_link(table, server),
                    joined=len(table.seats),
                )
                lines.append(say(lang, lobby))
                continue
            lines.append(game_line(game, user_id, server, lang))
        return lines

    async def export(self, channel_id: int) -> dict:
        """The replayable record of a finished game: seed, variant, seats and moves."""
        table = await self.tables.latest(channel_id)
        if table.status != "finished":
            raise TableError(T("The record (with its seed) is available once the game has ended."))
        return {
            "game": table.game,
            "variant": table.variant,
            "seed": table.seed,
            "players": table.names,
            "moves": [[m.seat, m.move] for m in await self.store.moves(table.id)],
            "result": table.result,
        }

    async def replay_view(self, channel_id: int, move: int) -> tuple[TableRow, dict]:
        """The public board as it stood after move ``move`` (0 = the start)."""
        table = await self.replay_target(channel_id, move)
        return table, await self.board_after(table, move)

    async def replay_target(self, channel_id: int, move: int) -> TableRow:
        """The channel's table, once ``move`` is known to be a move it can be replayed to (a
        command checks this before it defers, and replays after)."""
        table = await self.tables.latest(channel_id)
        if table.seed is None:
            raise TableError(T("The game has not started yet."))
        if not 0 <= move <= table.move_count:
            raise TableError(T("Choose a move between 0 and {last}.", last=table.move_count))
        return table

    async def board_after(self, table: TableRow, move: int) -> dict:
        """The public view after the first ``move`` moves, replayed off the event loop (a long
        game takes a second, and other tables go on meanwhile)."""
        engine = self.tables.engine(table.game)
        moves = (await self.store.moves(table.id))[:move]

        def replay() -> dict:
            state = engine.setup(len(table.seats), seed=table.seed, variant=table.variant)
            for row in moves:
                state = engine.apply(state, row.seat, row.move).state
            return self.tables.public_view(table, engine, state)

        return await asyncio.to_thread(replay)

    # ---- the background tick -------------------------------------------------------------

    async def tick(self) -> list[Outcome]:
        """Send due reminders and timeout notices. Run periodically; safe to repeat."""
        outcomes = []
        for table in await self.store.live_tables(timed_only=True):
            if not table.clock:
                continue
            outcome = await self.tick_table(table)
            if outcome is not None:
                outcomes.append(outcome)
        return outcomes

    async def tick_table(self, table: TableRow) -> Outcome | None:
        """The reminders and timeout notices due at one table, read afresh under its lock."""
        async with self.tables.lock(table.channel_id):
            fresh = await self.store.get_table(table.id)
            if fresh is None or fresh.status != "active" or not fresh.clock:
                return None
            return await self._remind(fresh)

    # ---- the daily digest ------------------------------------------------------------------

    async def digests(self, server_names: Mapping[int, str] | None = None) -> list[OutboxItem]:
        """Queue the daily digests due now (one DM a member a day, at their hour, outside their
        quiet hours) and return them for delivery. Run from the background tick; safe to repeat:
        a digest is named by its member and day. With several shard processes, the one serving
        shard 0 (where direct messages belong) makes them."""
        if self.store.shards is not None and not self.store.shards.owns(None):
            return []
        now = self.tables.now()
        items = []
        for user, prefs in await self.store.digest_members():
            due = clocks.digest_due(prefs, now)
            if due is None or clocks.in_quiet_hours(prefs, now):
                continue
            try:
                item = await self.digest_item(user, prefs, due, now, server_names or {})
                await self.store.record_digest(user, now, [item] if item else [])
            except Exception:
                log.exception("the digest of user %s failed; retrying next tick", user)
                continue
            if item is not None:
                items.append(item)
        return items

    async def digest_item(
        self, user: int, prefs: dict, due: float, now: float, server_names: Mapping[int, str]
    ) -> OutboxItem | None:
        """The digest DM: every game where the member is to move (not while away from it), most
        urgent first, and every game that ended since the last digest; None when there is
        nothing to tell."""
        games = [
            g
            for g in await self.games_of(user)
            if g.mine and not clocks.is_away(g.table.clock, g.table.seat_of(user), now)
        ]
        last = prefs.get("digest_sent") or due - clocks.DAY
        ended = [
            t
            for t in await self.store.finished_tables_of_user(user)
            if t.clock and (t.clock.get("ended_at") or 0) > last
        ]
        ended = await self.visible(user, ended) if ended else ended
        if not games and not ended:
            return None
        lang = await self.tables.member_language(user)
        news = [Tn("your move in {count} game", "your move in {count} games", len(games))]
        news = news if games else []
        news += [Tn("{count} game ended", "{count} games ended", len(ended))] if ended else []
        lines = [say(lang, T("**Your Portolan digest**: {news}.", news=i18n.joined(news)))]
        body = [
            f"• {game_line(g, user, server_names.get(g.table.guild_id or 0), lang)}" for g in games
        ]
        if ended:
            body.append(say(lang, T("Ended since your last digest:")))
            for table in ended:
                found = GameAt(
                    table,
                    self.tables.engine(table.game).title,
                    False,
                    [],
                    None,
                    None,
                    await self.post_url(table),
                )
                line = game_line(found, user, server_names.get(table.guild_id or 0), lang)
                body.append(f"• {line}")
        hour = int(prefs.get("digest_hour", clocks.DEFAULT_DIGEST_HOUR))
        footer = T(
            "-# Daily at {hour}:00 ({zone}); only a last warning pings you before a clock runs "
            "out. `/mygames` lists everything; `/prefs` changes this.",
            hour=hour,
            zone=prefs.get("tz", "UTC"),
        )
        footer = say(lang, footer)
        room = talk.POST_LIMIT - len(footer) - len(lines[0]) - 60
        for index, line in enumerate(body):
            room -= len(line) + 1
            if room < 0:
                more = T("… and {more} more: `/mygames` lists them all.", more=len(body) - index)
                lines.append(say(lang, more))
                break
            lines.append(line)
        text = "\n".join([*lines, footer])
        return OutboxItem(
            key=f"digest:{user}:{clocks.local_day(prefs, due)}",
            kind="dm",
            target=user,
            payload={"text": text, "digest": True},
            table_id=None,
        )

    async def _remind(self, table: TableRow) -> Outcome | None:
        engine, state = self._state(table)
        now = self.tables.now()
        settings = await self.store.get_guild_settings(table.guild_id) if table.guild_id else {}
        clock = json.loads(json.dumps(table.clock))
        items: list[OutboxItem] = []
        version = table.version + 1
        for seat in engine.to_move(state):
            level = clocks.due_reminder(clock, seat, now)
            user = table.user_of(seat)
            if level is None or user is None or user < 0:  # fillers are never reminded
                continue
            entry = clock["seats"][seat]
            prefs = await self.store.get_prefs(user)
            if prefs.get("remind_by") == "digest" and level not in ("low", "timeout"):
                continue  # the daily digest tells of this turn; only the last warning pings
            gap = float(prefs.get("min_hours", 4)) * clocks.HOUR
            if level != "timeout" and (
                clocks.in_quiet_hours(prefs, now)
                or (entry["last_reminder"] and now - entry["last_reminder"] < gap)
            ):
                continue  # asked not to be pinged now; the next tick tries again
            entry["reminded"].append(level)
            if level == "timeout":
                entry["timed_out_at"] = now
            entry["last_reminder"] = now
            left = clocks.remaining(clock, seat, now)
            # A DM speaks its member's language, a post in the channel the channel's.
            langs = (
                await self.tables.member_language(user, table.guild_id),
                await self.tables.channel_language(table.guild_id),
            )
            items.append(
                self._reminder_item(table, seat, user, level, left, prefs, settings, version, langs)
            )
        if not items:
            return None
        table = await self.store.update_table(table.id, table.version, clock=clock, outbox=items)
        return Outcome(
            table=table, items=items, mentions=[i.target for i in items if i.kind == "dm"]
        )

    def _reminder_item(
        self,
        table: TableRow,
        seat: int,
        user: int,
        level: str,
        left: float | None,
        prefs: dict,
        settings: dict,
        version: int,
        langs: tuple[str, str] = (i18n.ENGLISH, i18n.ENGLISH),
    ) -> OutboxItem:
        """A reminder or timeout notice; ``langs``: the member's language and the channel's."""
        engine = self.tables.engine(table.game)
        pace = clocks.PACES[table.pace]
        where = {"user": f"<@{user}>", "game": engine.title, "channel": f"<#{table.channel_id}>"}
        key = f"t{table.id}:turn{table.clock['seats'][seat]['since']}:remind:{seat}:{level}"
        digest = prefs.get("remind_by") == "digest"
        if level == "timeout":
            text = T(
                "{user}, your time in **{game}** ({channel}) has run out. The other players may "
                "now `/game skip` you (your default move is played), and `/game expel` you after "
                "{grace} more.",
                grace=clocks.format_duration(pace.grace),
                **where,
            )
        elif digest and level == "low":
            text = T(
                "{user}, last warning: it is still your turn in **{game}** ({channel}). "
                "Time left in your bank: {left}.",
                left=clocks.format_duration(left or 0),
                **where,
            )
        else:
            text = T(
                "{user}, it is your turn in **{game}** ({channel}). "
                "Time left in your bank: {left}.",
                left=clocks.format_duration(left or 0),
                **where,
            )
        # The sender adds a jump link to the turn post (its message id is known by then).
        post = {"channel_id": table.channel_id, "post_key": talk.Memory.load(table.talk).post_key}
        if level != "timeout" and prefs.get("remind_by") in ("dm", "digest"):
            return OutboxItem(
                key=key,
                kind="dm",
                target=user,
                payload={"text": say(langs[0], text), "table_id": table.id, "lang": langs[0]}
                | post,
                table_id=table.id,
            )
        text = say(langs[1], text)
        channel = settings.get("reminder_channel") or table.channel_id
        # The timeout notice tells the table; a digest member is not pinged for it.
        mentions = [] if digest else [user]
        payload = {"text": text, "mentions": mentions, "table_id": table.id, "version": version}
        return OutboxItem(
            key=key, kind="channel", target=channel, payload=payload | post, table_id=table.id
        )


@dataclass(frozen=True)
class GameAt:
    """Where one of a member's games stands, for ``/mygames``, ``/catchup`` and the digest."""

    table: TableRow
    title: str
    mine: bool
    """The member is to move."""
    waiting: list[int]
    waited: float | None
    """Seconds the game has waited on the seats it awaits (None: not known)."""
    left: float | None
    """Time left on the clock: the member's when it is their move, else the least of those
    awaited (None: untimed)."""
    post_url: str | None

    def urgency(self) -> tuple:
        lobby = self.table.status == "lobby"
        left = self.left if self.left is not None else float("inf")
        return (lobby, not self.mine, left, -(self.waited or 0.0), self.table.id)


def waited_for(table: TableRow, waiting: list[int], now: float) -> float | None:
    """How long the game has waited on the seats it awaits: since the earliest of their waits
    began (each step of a multi-step turn counts as the game's latest news)."""
    if not table.clock or not waiting:
        return None
    since = [
        entry["since"]
        for s in waiting
        if s < len(table.clock["seats"]) and (entry := table.clock["seats"][s])["since"] is not None
    ]
    return max(0.0, now - min(since)) if since else None


def message_url(table: TableRow, message_id: int) -> str:
    return f"https://discord.com/channels/{table.guild_id or '@me'}/{table.channel_id}/{message_id}"


def game_line(game: GameAt, user_id: int, server: str | None, lang: str = i18n.ENGLISH) -> str:
    """One game in a list, said in ``lang``: where, whose move, how long it has waited, time
    left, a jump link."""
    table = game.table
    title = f"**{say(lang, game.title)}**"
    label = (
        T("{game} on **{server}**", game=title, server=talk.safe_name(server)) if server else title
    )
    if table.status == "finished":
        parts = [placing(table, user_id, label)]
    elif game.mine:
        parts = [T("{game}: **your move**", game=label)]
    else:
        names = [talk.who(table, s, ping=False, lang=lang) for s in game.waiting]
        who = ", ".join(names) if names else T("nobody")
        parts = [T("{game}: waiting for {players}", game=label, players=who)]
    if game.waited is not None and table.status == "active":
        parts.append(T("waited {time}", time=clocks.format_elapsed(game.waited)))
    if game.left is not None and table.status == "active":
        parts.append(
            T("{time} left", time=clocks.format_duration(game.left))
            if game.left > 0
            else T("**out of time**")
        )
    if game.post_url:
        parts.append(
            T("[turn post]({url})", url=game.post_url)
            if table.status == "active"
            else T("[result]({url})", url=game.post_url)
        )
    else:
        parts.append(channel_link(table, server))
    return " · ".join(say(lang, part) for part in parts)


def placing(table: TableRow, user: int, label: str) -> Msg:
    """ "Tahiti: **ended**, you placed 2nd of 3" for a finished game's result (the place left
    out when not known). The ordinal is the catalog's: "2nd", "2η", "2-е"."""
    seat = table.seat_of(user)
    mine = next((r for r in table.result or [] if r.get("seat") == seat), None)
    if mine is None:
        return T("{game}: **ended**", game=label)
    rank = int(mine["rank"])
    suffix = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return T(
        "{game}: **ended**, you placed {place} of {players}",
        game=label,
        place=T(ORDINALS[suffix], rank=rank),
        players=len(table.result),
    )


ORDINALS = {
    "st": N_("{rank}st"),
    "nd": N_("{rank}nd"),
    "rd": N_("{rank}rd"),
    "th": N_("{rank}th"),
}
"""An English place by its suffix; each language writes its own ("2η", "2-е")."""


def channel_link(table: TableRow, server: str | None) -> Msg | str:
    """A clickable link to the table's channel, with its server's name when known (a channel
    mention alone shows as "#unknown" to someone reading it from another server)."""
    if table.guild_id is None:
        return f"<#{table.channel_id}>"
    url = f"https://discord.com/channels/{table.guild_id}/{table.channel_id}"
    label = talk.safe_name(server) if server else T("a server")
    return T("[this channel]({url}) on **{server}**", url=url, server=label)


def _vote_closed(table: TableRow) -> list[OutboxItem]:
    """The answered undo vote's post loses its buttons."""
    if not table.undo:
        return []
    vote_key = f"t{table.id}:v{table.undo['id']}:undo"
    return [talk.buttons_off(table, vote_key, f"v{table.version + 1}:vote")]


def _moves(count: int) -> Msg:
    return Tn("{count} move", "{count} moves", count)


def days_said(days: float) -> Msg:
    """ "1 day", "2 days", "1.5 days" (a fraction reads as many)."""
    if float(days).is_integer():
        return Tn("{count} day", "{count} days", int(days))
    return T("{days:g} days", days=days)
