"""Tournaments: sign-up, rounds of tables in their own threads, results, standings, export.

A tournament lives in one channel. Starting a round pairs the active entrants (see
:mod:`host.pairing`), creates a thread per table through the ``make_thread`` port (so the host stays
free of Discord), seats the players and starts the game there. The table service tells us when a
game ends (``TableService.end_listeners``); the result is recorded on its pairing, and once every
table of the round has a result the next round is paired and started, or the tournament ends.

Everything is in the store, so a restart loses nothing: :meth:`TournamentService.resume` (run at
start-up and on every tick) records any result the listener missed and opens any table a crash
left unopened.

The service is the one way in; its parts live in modules of their own, one concern each
(docs/ARCHITECTURE.md 4): ``host.tournament_signup`` (create, join, leave, start, drop),
``host.tournament_rounds`` (pairings and their tables), ``host.tournament_results`` (a table's
result), ``host.tournament_tick`` (the background work), ``host.tournament_posts`` (what the
channel is told) and ``host.tournament_standings`` (standings, tie-breaks, export). What they
share is ``host.tournament_base``.
"""

from __future__ import annotations

import asyncio

from host.life import PlayByPost
from host.tables import TableService
from host.tournament_base import (
    FORMAT_NAMES,
    FORMATS,
    MAX_ENTRANTS,
    MAX_ROUNDS,
    POST_LIMIT,
    DeliverPort,
    ThreadPort,
    shown,
)
from host.tournament_posts import split_lines
from host.tournament_signup import SignUp
from host.tournament_standings import ALT_LIMIT, standings_alt, standings_text, tie_breaks
from host.tournament_tick import Tick

__all__ = [
    "ALT_LIMIT",
    "FORMATS",
    "FORMAT_NAMES",
    "MAX_ENTRANTS",
    "MAX_ROUNDS",
    "POST_LIMIT",
    "DeliverPort",
    "ThreadPort",
    "TournamentService",
    "shown",
    "split_lines",
    "standings_alt",
    "standings_text",
    "tie_breaks",
]


class TournamentService(SignUp, Tick):
    """The tournament service: its sign-up, rounds, results, background tick, posts and
    standings (the parts it is made of), over the state set here."""

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
