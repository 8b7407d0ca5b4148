"""Durable storage for tables (games), seats, the move log, the outbox, settings and preferences,
results and ratings, and tournaments: one :class:`Store`, the one way in for the rest of the host.

Two backends behind it (see :mod:`host.db`): SQLite, the embedded default (WAL mode, foreign keys
on, ``synchronous=FULL``, so a committed move survives a crash of the process or the machine), and
PostgreSQL for several shard processes sharing one database. Every change to a table bumps its
``version``; writers name the version they read, and a stale one is refused
(:class:`StaleVersion`) by a conditional ``UPDATE ... WHERE version = ?``, which holds across
processes on both backends.

The store is split by concern, one module each over :mod:`host.db`:

- :mod:`host.store.schema`: the schema and its migrations (``SCHEMA_VERSION``);
- :mod:`host.store.rows`: the rows handed out, the errors, the shards of a process;
- :mod:`host.store.base`: opening, transactions, the shard filter;
- :mod:`host.store.tables`: tables, seats, moves, watchers;
- :mod:`host.store.outbox`: the outbox (queue, claim, send, dead letters) and members' DM channels;
- :mod:`host.store.results`: results and ratings;
- :mod:`host.store.tournaments`: tournaments, entrants, pairings;
- :mod:`host.store.settings`: meta values, server settings, member preferences;
- :mod:`host.store.plans`: members' plans (moves planned ahead, issue 41);
- :mod:`host.store.web`: the web pages' tokens (issue 42).
"""

from __future__ import annotations

from host.store.base import StoreBase
from host.store.outbox import DirectChannelsStore
from host.store.plans import PlanEntry, PlanFull, PlansStore
from host.store.rows import (
    ChannelBusy,
    EntrantRow,
    MoveRow,
    OutboxItem,
    PairingRow,
    RatingRow,
    SeatRow,
    Shards,
    StaleVersion,
    StatsRow,
    StoreError,
    TableRow,
    TournamentBusy,
    TournamentRow,
)
from host.store.schema import (
    LIVE_STATUSES,
    MIGRATIONS,
    SCHEMA_VERSION,
    SQLITE_HEADER,
    check_sqlite_file,
)
from host.store.settings import SettingsStore
from host.store.tables import TablesStore
from host.store.tournaments import TournamentsStore
from host.store.web import WebStore


class Store(
    TablesStore,
    TournamentsStore,
    SettingsStore,
    DirectChannelsStore,
    PlansStore,
    WebStore,
    StoreBase,
):
    """The store, on SQLite or PostgreSQL (see :mod:`host.db`). Open with :meth:`open`; one
    instance per process."""


__all__ = [
    "LIVE_STATUSES",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "SQLITE_HEADER",
    "ChannelBusy",
    "EntrantRow",
    "MoveRow",
    "OutboxItem",
    "PairingRow",
    "PlanEntry",
    "PlanFull",
    "RatingRow",
    "SeatRow",
    "Shards",
    "StaleVersion",
    "StatsRow",
    "Store",
    "StoreError",
    "TableRow",
    "TournamentBusy",
    "TournamentRow",
    "check_sqlite_file",
]
