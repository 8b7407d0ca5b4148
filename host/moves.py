"""The moves of a table (docs/ARCHITECTURE.md, "The way of a move"): ``submit`` judges a member's
move text (their seat, their turn, the one legal move it names) and ``play`` applies a move and
commits it with its notifications in one transaction. A part of ``host.tables.TableService``
(see ``host.table_base``).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, NamedTuple

from engines import IllegalMove
from engines.base import Engine, UnclearMove, check_move_text, printable
from host import catchup, clocks, metrics, talk
from host.choices import Decision, said_move
from host.seating import is_filler, plays_itself, seat_status
from host.store import StaleVersion, TableRow
from host.table_base import Outcome, TableBase, TableError, split_version
from host.talk import standing_dict
from i18n import N_, T, say

log = logging.getLogger("portolan.tables")

RETRIES_ON_STALE = 3

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


class Position(NamedTuple):
    """A table's state decoded once and the seats it awaits: what ``submit`` judged a move
    against, handed to ``play`` so that it neither decodes nor asks the engine again."""

    state: Any
    waiting: list[int]


def position(engine: Engine, table: TableRow) -> Position:
    """``table``'s state, decoded, and the seats it awaits."""
    state = engine.decode(table.game_state)
    return Position(state, engine.to_move(state))


class Moves(TableBase):
    """Submitting and playing moves."""

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
        # Decoded once, the turn checked once, the text matched once: ``play`` is handed all
        # three (the engine's ``apply`` keeps its own checks, its contract).
        at = position(engine, table)
        if seat not in at.waiting:
            names = talk.Listed(talk.SeatName(table.names[s]) for s in at.waiting) or T("nobody")
            raise TableError(T("It is not your turn. Waiting for: {names}.", names=names))
        if lang is None:
            lang = await self.member_language(user_id, table.guild_id)
        move = await self._said_move(table, engine, at.state, seat, move, lang)
        outcome = await self.play(table, seat, move, user_id=user_id, lang=lang, at=at)
        # The fillers that follow move in the background: this member is answered now.
        return await self.autopilot(outcome)

    async def _said_move(
        self, table: TableRow, engine: Engine, state: Any, seat: int, move: str, lang: str
    ) -> str:
        """The canonical move a member typed in their language ("συγκομιδή καρύδα", "place
        tavern") at ``state``, when it names exactly one (``said_move``, then the engine's own
        matcher); otherwise a :class:`MoveRefused` that names the moves it could mean, or else
        the legal moves closest to it, and offers them to be chosen (``_refused``)."""
        if move in engine.legal_moves(state, seat):
            return move  # a button's or an autocomplete choice's canonical text
        decision = await self.decisions.decision(table, engine, seat)
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
        preface: Sequence[str] | None = None,
        lang: str | None = None,
        also: Callable[[Any], Awaitable[None]] | None = None,
        by_plan: bool = False,
        timed_out: bool = False,
        at: Position | None = None,
    ) -> Outcome:
        """Apply ``move`` for ``seat`` and commit it with its notifications (one transaction).

        Callers have checked who may play for the seat; ``preface`` lines (e.g. "time is up") are
        announced before the move's own log. A refusal is said in ``lang`` (the mover's
        language). ``by_plan``: the move is a planned one (issue 41), not its member's own;
        ``timed_out``: the default move of a seat skipped for time (counted apart). ``move`` is
        canonical (a legal move's text); ``at``: ``table``'s state as the caller decoded it, and
        the seats it awaits (then neither is read again here)."""
        engine = self.engine(table.game)
        state, waiting = at or position(engine, table)
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
        canonical = step.move or move  # an engine may leave Step.move empty
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
        self.decisions.remember(table, fresh=True)
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
