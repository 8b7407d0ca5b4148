"""Undo with votes (docs/ARCHITECTURE.md 4): a member asks to take back their last move, the
other players vote, and the game goes back to before it. A part of ``host.life.PlayByPost``
(see ``host.life_base``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from typing import Any

from host import clocks, talk
from host.life_base import LifeBase
from host.store import OutboxItem, TableRow
from host.tables import Outcome, TableError, _letter, plays_itself
from i18n import N_, Msg, T, Tn

log = logging.getLogger("portolan.life")

_CANNOT_UNDO = N_(
    "That cannot be undone: it showed hidden information or drew from a hidden order "
    "(what was seen cannot be unseen, and draws are never re-rolled)."
)


class Undo(LifeBase):
    """Undo requests, their votes, and taking moves back."""

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
            state = engine.setup(len(table.seats), seed=table.game_seed, variant=table.variant)
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


def _vote_closed(table: TableRow) -> list[OutboxItem]:
    """The answered undo vote's post loses its buttons."""
    if not table.undo:
        return []
    vote_key = f"t{table.id}:v{table.undo['id']}:undo"
    return [talk.buttons_off(table, vote_key, f"v{table.version + 1}:vote")]


def _moves(count: int) -> Msg:
    return Tn("{count} move", "{count} moves", count)
