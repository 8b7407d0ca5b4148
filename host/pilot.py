"""The pilot (docs/ARCHITECTURE.md 4): seats that play by themselves (seat fillers, members who
resigned or were expelled) move in the background, one task per table, after a member's move is
answered. A part of ``host.tables.TableService`` (see ``host.table_base``), built on its moves.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Awaitable, Callable

from engines.base import Engine, State
from host import metrics, workers
from host.moves import Moves
from host.seating import is_filler, plays_itself, seat_status
from host.store import OutboxItem, StaleVersion, TableRow
from host.table_base import Outcome
from host.talk import letter
from i18n import T, say
from players.levels import Level

log = logging.getLogger("portolan.tables")

PILOT_MOVES_PER_RUN = 2000
"""A guard against a game that never ends: one pilot run plays at most this many moves."""


class Pilot(Moves):
    """The background pilot of each table."""

    filler_budget: object | None
    autopilot_move: Callable[[Engine, dict, int, int], Awaitable[str]] | None
    on_pilot: Callable[[Outcome], Awaitable[None]] | None
    _pilots: dict[int, asyncio.Task]

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
                if seat is None or table is None:  # no table, no seat
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
                state = engine.decode(table.game_state)
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
        state: State,
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


async def _deliver_pilot_move(
    deliver: Callable[[Outcome], Awaitable[None]], table_id: int, outcome: Outcome
) -> None:
    """Hand a pilot's committed move on (``TableService.on_pilot``); a failure is logged, not
    raised: committed is committed, and the outbox keeps the posts for the next flush."""
    try:
        await deliver(outcome)
    except Exception:
        log.exception("table %s: delivering a pilot move failed", table_id)
