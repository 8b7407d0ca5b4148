"""Plans (issue 41): moves a member plans ahead, played by themselves when their decision comes.

A member adds entries (``/plan add``), each a move text, perhaps with alternatives in order
(``place 3 | place 5``). When a decision of theirs starts, the first entry is matched against
their legal moves as ``/move`` matches what they type in their language (``said_move``, then the
engine's matcher); the first alternative that names exactly one legal move is played through
:meth:`TableService.play` like anyone's move (durable, announced, undoable), and the entry leaves
the plan in the same transaction. The rest waits for their next decisions. When no alternative is
legal, one names several moves, another seat moved since an ``unless_changed`` entry was made, or
the decision is simultaneous, the whole plan is dropped and the member is told by DM why, in the
same transaction; their turn then runs as usual.

No clock runs for a decision a plan plays: the move that hands the turn over holds the planner's
clock (``host.clocks.advance``'s ``planned``), and a plan that leaves without playing (dropped,
cleared, undone) starts it then (``host.clocks.release``), in the same transaction.

A plan is never said anywhere but to its member (``/plan show``, the DM when it is dropped) until
it is played. It is cleared by ``/plan clear``, the member's undo, their seat going to autopilot
(resign, expel) or to someone else (takeover), and the game's end.

The planned moves are played in the background, one table at a time (like the pilot), after the
move that handed the turn was committed, each a move of its own (its row in the move log, its
version, its posts, its undo step), delivered through ``TableService.on_pilot`` as a seat
filler's move is. :meth:`Plans.kick` is the hook :class:`TableService` calls after each commit
and wherever it kicks its pilot; :meth:`Plans.kick_due` at startup and each tick (restart-safe:
everything is read from the store, so a plan whose move did not commit plays when the table is
next looked at)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import i18n
from engines.base import MAX_MOVE_LENGTH, Engine, IllegalMove, State, UnclearMove, printable
from host import clocks, talk, workers
from host.choices import Decision, describe_decision, said_move
from host.store import OutboxItem, PlanEntry, PlanFull, StaleVersion, TableRow
from host.tables import Outcome, TableError, TableService, plays_itself, split_version
from i18n import N_, T, Tn, say

log = logging.getLogger("portolan.plans")

MAX_ENTRIES = 10
"""Most entries a member's plan at one table may have."""

MAX_TEXT = MAX_MOVE_LENGTH
"""Longest text of one entry (its alternatives included)."""

UNLESS_CHANGED = N_("unless another player moves first")
"""How ``/plan show`` marks an ``unless_changed`` entry."""

RUNS_PER_KICK = 500
"""A guard: one background run plays or drops at most this many plan entries."""


@dataclass(frozen=True)
class Matched:
    """What a plan entry comes to at a decision: the move to play, or why the plan is dropped."""

    move: str | None
    why: object = None


def alternatives(text: str) -> list[str]:
    """An entry's alternatives, in order (``place 3 | place 5``)."""
    return [part.strip() for part in text.split("|") if part.strip()]


def plannable(engine: Engine, waiting: list[int]) -> bool:
    """Whether a decision may be planned: one seat deciding, unless the engine marks its
    simultaneous (secret) decisions plannable."""
    return len(waiting) <= 1 or engine.plannable


class Plans:
    """Members' plans over one :class:`TableService` (installs itself as its ``plans`` hook)."""

    def __init__(self, tables: TableService) -> None:
        self.tables = tables
        self.store = tables.store
        self._runs: dict[int, asyncio.Task] = {}
        self._clearing: set[asyncio.Task] = set()
        self._known: set[int] = set()
        """Tables where someone has a plan, as this process last read or wrote them: a kick
        elsewhere costs nothing. Refreshed from the store by :meth:`kick_due`."""
        tables.plans = self
        tables.end_listeners.append(self._ended)

    # ---- a member's requests ---------------------------------------------------------------

    async def _seat(self, channel_id: int, user_id: int) -> tuple[TableRow, int]:
        table = await self.tables.running(channel_id)
        seat = table.seat_of(user_id)
        if seat is None or user_id <= 0:
            raise TableError(T("You can plan only at a game where you hold a seat."))
        if plays_itself(table, seat):
            raise TableError(T("Your seat is on autopilot (you resigned or were expelled)."))
        return table, seat

    async def add(
        self, channel_id: int, user_id: int, text: str, *, unless_changed: bool = False
    ) -> list[PlanEntry]:
        """Add an entry to the member's plan at this channel's game; returns the whole plan. If
        it is their decision now, it plays at once (in the background)."""
        text = " ".join(split_version(text)[0].split())  # an autocomplete choice's "#v12" goes
        if not alternatives(text):
            raise TableError(T("Say the move to plan, e.g. `place 3 | place 5`."))
        if len(text) > MAX_TEXT:
            raise TableError(T("A planned move is at most {limit} characters.", limit=MAX_TEXT))
        async with self.tables.lock(channel_id):
            table, _ = await self._seat(channel_id, user_id)
            try:
                await self.store.add_plan_entry(
                    table.id,
                    user_id,
                    text,
                    unless_changed=unless_changed,
                    made_at=table.move_count,
                    limit=MAX_ENTRIES,
                )
            except PlanFull:
                raise TableError(
                    T("Your plan already has {limit} moves, the most it may.", limit=MAX_ENTRIES)
                ) from None
            self._known.add(table.id)
            self.kick(table)
            return await self.store.plan(table.id, user_id)

    async def show(self, channel_id: int, user_id: int) -> list[PlanEntry]:
        table = await self.tables.live(channel_id)
        if table.seat_of(user_id) is None:
            raise TableError(T("You can plan only at a game where you hold a seat."))
        return await self.store.plan(table.id, user_id)

    async def clear(self, channel_id: int, user_id: int) -> int:
        """Forget the member's plan at this channel's game; how many entries it had."""
        async with self.tables.lock(channel_id):
            table = await self.tables.live(channel_id)
            released = self._released(table, table.seat_of(user_id))
            if not released:
                return await self.store.clear_plan(table.id, user_id)
            # Cleared while it was to play their decision: their clock starts now.
            count = len(await self.store.plan(table.id, user_id))
            await self.store.drop_plan(table.id, user_id, [], **released)
            return count

    async def forget(self, table_id: int, user_id: int | None) -> None:
        """Clear a member's plan silently (their undo)."""
        if user_id is not None:
            await self.store.clear_plan(table_id, user_id)

    async def seat_left(self, table: TableRow, seat: int) -> None:
        """The seat's holder leaves it (takeover, replace) or it goes to autopilot (resign,
        expel): their plan at this table goes at once."""
        user = table.user_of(seat)
        if user is not None and user > 0:
            await self.store.clear_plan(table.id, user)

    def _ended(self, table: TableRow) -> None:
        """The game ended: every plan at it goes (an end listener; it must not raise)."""
        self._known.discard(table.id)
        task = asyncio.get_running_loop().create_task(self.store.clear_plan(table.id))
        self._clearing.add(task)
        task.add_done_callback(self._clearing.discard)

    async def status_lines(self, table: TableRow) -> list[object]:
        """``/game status``: who has a plan and how many moves, never what (issue 41)."""
        lines: list[object] = []
        for user in await self.store.planners(table.id):
            seat = table.seat_of(user)
            if seat is None or plays_itself(table, seat):
                continue
            count = len(await self.store.plan(table.id, user))
            name = talk.who(table, seat, ping=False)
            lines.append(
                Tn(
                    "{player} has a plan ({count} move)",
                    "{player} has a plan ({count} moves)",
                    count,
                    player=name,
                )
            )
        return lines

    async def playable(
        self,
        table: TableRow,
        engine: Engine,
        state: State,
        waiting: list[int],
        mover: int,
        *,
        by_plan: bool = False,
    ) -> set[int]:
        """The seats of ``waiting`` (at ``state``, just after ``mover``'s move, not committed yet)
        whose plan plays their decision at once: table talk does not ping them for it. The same
        judgment as playing it (:meth:`_match`), so a plan that will be dropped pings as usual.
        ``by_plan``: the move is the mover's first entry, which leaves the plan with it."""
        if table.id not in self._known or not plannable(engine, waiting):
            return set()
        planners = set(await self.store.planners(table.id))
        found = set()
        for seat in waiting:
            user = table.user_of(seat)
            if user not in planners or plays_itself(table, seat):
                continue
            entries = await self.store.plan(table.id, user)
            if by_plan and seat == mover:
                entries = entries[1:]
            if not entries:
                continue
            entry = entries[0]
            if entry.unless_changed and (mover != seat or await self._changed(table, seat, entry)):
                continue
            lang = await self.tables.member_language(user, table.guild_id)

            async def decision(seat: int = seat) -> Decision:
                ref = workers.game_ref(engine)
                return await workers.run(describe_decision, ref, engine.encode(state), seat)

            matched = await self._pick(engine, state, seat, entry, lang, decision)
            if matched.move is not None:
                found.add(seat)
        return found

    # ---- playing them: background work per table -------------------------------------------

    def kick(self, table: TableRow) -> None:
        """After a change to ``table``: start its plan run unless one is running or nobody has
        a plan there."""
        if table.id not in self._known or table.status != "active":
            return
        running = self._runs.get(table.id)
        if running is not None and not running.done():
            return  # it reads the table afresh under the lock, so it sees this change too
        self._runs[table.id] = asyncio.get_running_loop().create_task(
            self._run(table.id, table.channel_id), name=f"plans-{table.id}"
        )

    async def kick_due(self) -> int:
        """Read which tables have plans and kick each (startup, each tick)."""
        self._known = set(await self.store.tables_with_plans())
        for table_id in sorted(self._known):
            table = await self.store.get_table(table_id)
            if table is not None:
                self.kick(table)
        return len(self._known)

    async def settle(self) -> None:
        while busy := [t for t in [*self._runs.values(), *self._clearing] if not t.done()]:
            await asyncio.gather(*busy, return_exceptions=True)

    async def stop(self) -> None:
        tasks = [t for t in self._runs.values() if not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._runs.clear()

    async def _run(self, table_id: int, channel_id: int) -> None:
        try:
            for _ in range(RUNS_PER_KICK):
                async with self.tables.lock(channel_id):
                    table = await self.store.get_table(table_id)
                    if table is None or table.status != "active" or table.state is None:
                        return
                    try:
                        outcome = await self._step(table)
                    except StaleVersion:
                        continue  # another process moved: look again
                    if outcome is None:
                        return
                if outcome.items and self.tables.on_pilot is not None:
                    try:
                        await self.tables.on_pilot(outcome)
                    except Exception:
                        log.exception("table %s: delivering a planned move failed", table_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception(
                "table %s: playing plans failed; retried by the background loop", table_id
            )
        finally:
            if self._runs.get(table_id) is asyncio.current_task():
                del self._runs[table_id]

    async def _step(self, table: TableRow) -> Outcome | None:
        """Play or drop one plan entry at ``table`` (the channel's lock held); None when no
        member with a plan is to decide."""
        planners = await self.store.planners(table.id)
        if not planners:
            self._known.discard(table.id)
            return None
        for user in planners:
            seat = table.seat_of(user)
            if seat is None or plays_itself(table, seat):
                # Their seat went to someone else or to autopilot: the plan is no longer theirs.
                await self.store.clear_plan(table.id, user)
        engine = self.tables.engine(table.game)
        state = engine.decode(table.game_state)
        waiting = engine.to_move(state)
        due = [
            (seat, user_id)
            for seat in waiting
            if (user_id := table.user_of(seat)) is not None
            and user_id in planners
            and not plays_itself(table, seat)
        ]
        if not due:
            return None
        seat, user = due[0]
        entries = await self.store.plan(table.id, user)
        if not entries:
            return None
        entry = entries[0]
        lang = await self.tables.member_language(user, table.guild_id)
        matched = await self._match(table, engine, state, seat, waiting, entry, lang)
        if matched.move is None:
            return await self._drop(table, engine, user, entries, matched.why, lang)

        async def take(db) -> None:
            await self.store.take_plan_entry(db, table.id, user, entry.n)

        preface = [T("{player} (planned):", player=f"Player {talk.letter(seat)}")]
        outcome = await self.tables.play(
            table,
            seat,
            matched.move,
            user_id=user,
            preface=preface,
            lang=lang,
            also=take,
            by_plan=True,
        )
        log.info("table %s: seat %s played a planned move", table.id, seat)
        return await self.tables.autopilot(outcome)  # fillers after it move in the background

    async def _match(
        self,
        table: TableRow,
        engine: Engine,
        state: State,
        seat: int,
        waiting: list[int],
        entry: PlanEntry,
        lang: str,
    ) -> Matched:
        if not plannable(engine, waiting):
            return Matched(None, T("this decision is made by several players at once"))
        if entry.unless_changed and await self._changed(table, seat, entry):
            return Matched(None, T("another player moved since you planned it"))

        async def decision() -> Decision:
            return await self.tables._decision(table, seat)

        return await self._pick(engine, state, seat, entry, lang, decision)

    async def _changed(self, table: TableRow, seat: int, entry: PlanEntry) -> bool:
        """Whether another seat moved at ``table`` since ``entry`` was made."""
        if table.move_count <= entry.made_at:
            return False
        later = await self.store.moves(table.id, last=table.move_count - entry.made_at)
        return any(row.seat != seat for row in later)

    async def _pick(
        self,
        engine: Engine,
        state: State,
        seat: int,
        entry: PlanEntry,
        lang: str,
        decision: Callable[[], Awaitable[Decision]],
    ) -> Matched:
        """The move ``entry`` names at ``seat``'s decision, as ``/move`` matches it in ``lang``
        (``decision`` gives the decision's choices, built only when a text needs them)."""
        legal = engine.legal_moves(state, seat)
        choices: Decision | None = None
        for text in alternatives(entry.move):
            if text in legal:
                return Matched(text)
            if choices is None:
                choices = await decision()
            try:
                said = said_move(engine, state, seat, choices, text, lang)
                move = said if said in legal else engine.match(state, seat, said)
            except UnclearMove as error:
                if error.candidates:
                    shown = printable(text, 40)
                    return Matched(None, T("`{text}` could mean several moves", text=shown))
                continue
            except IllegalMove:
                continue
            if move in legal:
                return Matched(move)
        return Matched(None, T("none of its moves is legal now"))

    async def _drop(
        self,
        table: TableRow,
        engine: Engine,
        user: int,
        entries: list[PlanEntry],
        why: object,
        lang: str,
    ) -> Outcome:
        """Drop the member's whole plan and tell them by DM, what and why, in their language."""
        dropped = "\n".join(f"{i}. {printable(e.move, 80)}" for i, e in enumerate(entries, 1))
        text = "\n".join(
            [
                say(lang, talk.in_channel(engine, table)),
                say(lang, T("Your plan was dropped: {why}. It was:", why=why)),
                dropped,
                say(lang, T("It is your move now; plan again with `/plan add`.")),
            ]
        )
        item = OutboxItem(
            key=f"t{table.id}:v{table.version}:plan-dropped:{user}",
            kind="dm",
            target=user,
            payload={
                "text": text,
                "channel_id": table.channel_id,
                "table_id": table.id,
                "lang": lang,
            },
            table_id=table.id,
        )
        items = [item]
        seat = table.seat_of(user)
        if seat is not None and seat in talk.Memory.load(table.talk).quiet:
            # Their turn started with no ping, as the plan was to play it: they are pinged now.
            post_key = talk.Memory.load(table.talk).post_key
            said_in = await self.tables.channel_language(table.guild_id)
            tag = f"v{table.version}:plan-dropped:{seat}"
            items.append(talk.ping_item(table, [seat], tag, post_key, said_in))
        await self.store.drop_plan(table.id, user, items, **self._released(table, seat))
        log.info("table %s: a plan was dropped", table.id)
        table = await self.store.get_table(table.id) or table
        return Outcome(table=table, items=items, mentions=[user] if len(items) > 1 else [])

    def _released(self, table: TableRow, seat: int | None) -> dict:
        """The table change that goes with a plan leaving unplayed: the seat's held clock starts
        now (their turn runs as usual from here), if it was held."""
        if seat is None or table.clock is None or not clocks.is_held(table.clock, seat):
            return {}
        return {
            "version": table.version,
            "clock": clocks.release(table.clock, [seat], self.tables.now()),
        }


def planned_answer(entries: list[PlanEntry], lang: str = i18n.ENGLISH) -> str:
    """The answer to an entry added (``/plan add``, the "Plan a move" form): the whole plan."""
    return (
        say(lang, T("Planned. It plays when your decision comes."))
        + "\n"
        + plan_lines(entries, lang)
    )


def plan_lines(entries: list[PlanEntry], lang: str = i18n.ENGLISH) -> str:
    """``/plan show``: the member's plan, said in ``lang``."""
    if not entries:
        return say(lang, T("You have no plan at this game. Add a move with `/plan add`."))
    lines = [say(lang, T("Your plan (the first entry plays when your decision comes):"))]
    for i, entry in enumerate(entries, 1):
        mark = f" ({say(lang, T(UNLESS_CHANGED))})" if entry.unless_changed else ""
        lines.append(f"{i}. `{printable(entry.move, 80)}`{mark}")
    return "\n".join(lines)
