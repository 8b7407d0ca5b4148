"""The table service: lobbies, seats, turns and moves, on top of the store and the engines.

Everything a Discord command or the offline table does to a game goes through :class:`TableService`.
It checks who may do what, calls the engine, persists the result in one transaction and returns an
:class:`Outcome` that says what to announce and to whom. It never talks to Discord itself.

The service is the one way in; its parts live in modules of their own, one concern each
(docs/ARCHITECTURE.md 4): ``host.lobby`` (open, join, leave, start, abort), ``host.moves``
(submit and play), ``host.pilot`` (seats that play by themselves, in the background),
``host.table_views`` (boards, hands, status, log), over two memories: ``host.decisions`` (each
decision's choices, for autocomplete) and ``host.language_cache`` (readers' languages). What they
share is ``host.table_base``.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Mapping

from engines import ENGINES
from engines.base import Engine
from host import talk
from host.choices import Decision
from host.decisions import ChannelLock, DecisionCache
from host.language_cache import LANGUAGE_TTL, LanguageCache
from host.lobby import FILLER_LEVELS, HOW_TO_MOVE, Lobby
from host.moves import ALL_MOVES, REFUSAL_LIMIT, REFUSAL_MOVES, RETRIES_ON_STALE, MoveRefused
from host.pilot import PILOT_MOVES_PER_RUN, Pilot
from host.seating import FILLER_USER_IDS, is_filler, plays_itself, seat_status
from host.store import Store, TableRow
from host.table_base import (
    VERSION_MARK,
    Outcome,
    TableError,
    nonce_for,
    player_range,
    split_version,
)
from host.table_views import SEAT_MARKS, STATUS_WORDS, Views, private_summary
from host.talk import fit_post, letter, standings_lines

__all__ = [
    "ALL_MOVES",
    "FILLER_LEVELS",
    "FILLER_USER_IDS",
    "HOW_TO_MOVE",
    "LANGUAGE_TTL",
    "PILOT_MOVES_PER_RUN",
    "REFUSAL_LIMIT",
    "REFUSAL_MOVES",
    "RETRIES_ON_STALE",
    "SEAT_MARKS",
    "STATUS_WORDS",
    "VERSION_MARK",
    "ChannelLock",
    "MoveRefused",
    "Outcome",
    "TableError",
    "TableService",
    "fit_post",
    "is_filler",
    "nonce_for",
    "player_range",
    "plays_itself",
    "private_summary",
    "seat_status",
    "split_version",
    "standings_lines",
]

_letter = letter  # life and tournaments name seats by letter too


class TableService(Lobby, Views, Pilot):
    """The table service: its lobby, views, pilot and moves (the parts it is made of), over the
    state set here."""

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
        # member decision's choices (see ``move_choices``). Engines are looked up at each use:
        # a test may replace them.
        self.decisions = DecisionCache(lambda game: self.engines.get(game))
        self._pilots: dict[int, asyncio.Task] = {}
        """The running pilot of each table (see :meth:`kick`)."""
        self.on_pilot: Callable[[Outcome], Awaitable[None]] | None = None
        """Told each move a pilot committed, to deliver it (the bot's deliverer; the offline
        table's terminal)."""
        self.plans = None
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
        self.language_cache = LanguageCache(store)

    # ---- the decision cache: autocomplete from memory (host/decisions.py) ------------------

    async def legal_moves(self, channel_id: int, user_id: int, prefix: str = "") -> list[str]:
        """The user's legal moves now (read afresh: a button's index is resolved against them)."""
        table = await self.store.live_table(channel_id)
        if table is None or table.status != "active":
            return []
        seat = table.seat_of(user_id)
        if seat is None:
            return []
        engine = self.engine(table.game)
        state = engine.decode(table.game_state)
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
            table = self.decisions.row(channel_id)
            if table is None:
                table = await self.store.live_table(channel_id)
                if table is None:
                    return []
                self.decisions.remember(table)
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

    async def _decision(self, table: TableRow, seat: int) -> Decision:
        """The choices of ``seat`` at ``table``'s version (``DecisionCache.decision``)."""
        return await self.decisions.decision(table, self.engine(table.game), seat)
