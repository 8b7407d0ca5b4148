"""Seat changes (docs/ARCHITECTURE.md 4): skip and expel a seat whose time ran out, resign,
take over a free seat, replace a player. A part of ``host.life.PlayByPost`` (see
``host.life_base``).
"""

from __future__ import annotations

import dataclasses
import json
import logging

import i18n
from host import clocks, talk
from host.life_base import LifeBase
from host.store import SeatRow, TableRow
from host.tables import Outcome, TableError, _letter, plays_itself, seat_status
from i18n import N_, Msg, T

log = logging.getLogger("portolan.life")

MAX_SKIP_STEPS = 200


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


class Seats(LifeBase):
    """Who plays each seat: timeouts, resignations, takeovers and replacements."""

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
            assert outcome is not None  # the first pass always plays
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
