"""The store's schema: one migration per version, written once in SQLite's type names and the
portable SQL subset (:mod:`host.db` translates it for PostgreSQL), and the look at a SQLite file
before it is opened."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

from host.store.rows import StoreError

SCHEMA_VERSION = 9

LIVE_STATUSES = ("lobby", "active")

_SCHEMA_V1 = """
CREATE TABLE tables (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER,
    channel_id   INTEGER NOT NULL,
    game         TEXT NOT NULL,
    variant      TEXT NOT NULL,
    seats_wanted INTEGER,
    status       TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
    opener_id    INTEGER NOT NULL,
    seed         INTEGER,
    state        TEXT,
    version      INTEGER NOT NULL DEFAULT 0,
    move_count   INTEGER NOT NULL DEFAULT 0,
    result       TEXT,
    lobby_message_id INTEGER,
    created_at   REAL NOT NULL,
    updated_at   REAL NOT NULL
);
CREATE UNIQUE INDEX one_live_table_per_channel ON tables (channel_id)
    WHERE status IN ('lobby', 'active');
CREATE INDEX tables_by_guild ON tables (guild_id, status);

CREATE TABLE seats (
    table_id  INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    name      TEXT NOT NULL,
    joined_at REAL NOT NULL,
    PRIMARY KEY (table_id, seat),
    UNIQUE (table_id, user_id)
);
CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE moves (
    table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    n          INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    move       TEXT NOT NULL,
    log        TEXT NOT NULL,
    created_at REAL NOT NULL,
    PRIMARY KEY (table_id, n)
);

CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY,
    key        TEXT NOT NULL UNIQUE,
    table_id   INTEGER REFERENCES tables (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL CHECK (kind IN ('channel', 'dm')),
    target     INTEGER NOT NULL,
    payload    TEXT NOT NULL,
    created_at REAL NOT NULL,
    sent_at    REAL
);
CREATE INDEX outbox_pending ON outbox (sent_at) WHERE sent_at IS NULL;

CREATE TABLE prefs (
    user_id INTEGER PRIMARY KEY,
    data    TEXT NOT NULL
);
"""

# Version 2: play-by-post life (issue 7): pace and clocks, pending undo votes, watchers, server
# settings.
_SCHEMA_V2 = """
ALTER TABLE tables ADD COLUMN pace TEXT NOT NULL DEFAULT 'untimed';
ALTER TABLE tables ADD COLUMN clock TEXT;
ALTER TABLE tables ADD COLUMN undo TEXT;
CREATE TABLE watchers (
    table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    user_id  INTEGER NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    data     TEXT NOT NULL
);
CREATE TABLE undone_moves (
    table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    n          INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    move       TEXT NOT NULL,
    log        TEXT NOT NULL,
    created_at REAL NOT NULL,
    undone_at  REAL NOT NULL
);
"""

# Version 3: ratings and tournaments (issue 8). ``rated`` marks casual games that must not move
# ratings; ``results`` keeps one row per seat of every finished game (for /stats and the rating
# history); a tournament's ``pairings`` hold every table and bye of every round with its result.
_SCHEMA_V3 = """
ALTER TABLE tables ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
CREATE TABLE ratings (
    game       TEXT NOT NULL,
    user_id    INTEGER NOT NULL,
    name       TEXT NOT NULL,
    mu         REAL NOT NULL,
    sigma      REAL NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    updated_at REAL NOT NULL,
    PRIMARY KEY (game, user_id)
);
CREATE TABLE results (
    table_id    INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    game        TEXT NOT NULL,
    rank        INTEGER NOT NULL,
    score       REAL NOT NULL,
    players     INTEGER NOT NULL,
    rated       INTEGER NOT NULL,
    mu_before   REAL,
    mu_after    REAL,
    finished_at REAL NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX results_by_user ON results (user_id, game);
CREATE TABLE tournaments (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER,
    channel_id   INTEGER NOT NULL,
    name         TEXT NOT NULL,
    game         TEXT NOT NULL,
    variant      TEXT NOT NULL,
    format       TEXT NOT NULL CHECK (format IN ('swiss', 'roundrobin', 'elimination')),
    table_size   INTEGER NOT NULL,
    pace         TEXT NOT NULL,
    rounds       INTEGER,
    round        INTEGER NOT NULL DEFAULT 0,
    status       TEXT NOT NULL CHECK (status IN ('signup', 'running', 'finished')),
    organiser_id INTEGER NOT NULL,
    version      INTEGER NOT NULL DEFAULT 1,
    created_at   REAL NOT NULL,
    updated_at   REAL NOT NULL
);
CREATE UNIQUE INDEX one_live_tournament_per_channel ON tournaments (channel_id)
    WHERE status IN ('signup', 'running');
CREATE TABLE entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    name          TEXT NOT NULL,
    number        INTEGER NOT NULL,
    dropped_round INTEGER,
    PRIMARY KEY (tournament_id, user_id)
);
CREATE TABLE pairings (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    bye           INTEGER NOT NULL DEFAULT 0,
    players       TEXT NOT NULL,
    table_id      INTEGER REFERENCES tables (id),
    result        TEXT,
    PRIMARY KEY (tournament_id, round, board)
);
CREATE INDEX pairings_by_table ON pairings (table_id);
"""

# Version 4: fair play and table talk (issues 12, 14). A move remembers whether it revealed anything
# (such a move can never be undone) and the clock before it (an undo restores it exactly); a table
# remembers its turn post (what table talk edits while the same player keeps deciding).
_SCHEMA_V4 = """
ALTER TABLE moves ADD COLUMN reveals INTEGER NOT NULL DEFAULT 0;
ALTER TABLE moves ADD COLUMN clock_before TEXT;
ALTER TABLE undone_moves ADD COLUMN reveals INTEGER NOT NULL DEFAULT 0;
ALTER TABLE undone_moves ADD COLUMN clock_before TEXT;
ALTER TABLE tables ADD COLUMN talk TEXT;
"""

# Version 5: several shard processes on one database (issue 17). An outbox item knows its server,
# so only a process whose shards reach that server claims it, and a claim is a lease
# (``claimed_by`` until ``claimed_until``): a process that dies holding one only delays the item.
_SCHEMA_V5 = """
ALTER TABLE outbox ADD COLUMN guild_id INTEGER;
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until REAL;
UPDATE outbox SET guild_id = (SELECT guild_id FROM tables WHERE tables.id = outbox.table_id);
CREATE INDEX tables_live ON tables (status) WHERE status IN ('lobby', 'active');
"""

# Version 6: delivery state of the outbox (issue 13). ``resumed`` says a claim was taken over from
# a sender whose lease ran out (it may have posted: look before posting again); ``attempts``,
# ``next_attempt_at`` and ``last_error`` give failed sends a backoff; ``dead_at`` ends an item that
# can never be delivered (channel deleted, no permission); ``message_id`` is the Discord message of
# a sent channel post, so a later item can edit it. ``meta`` keeps process-wide settings (the hash
# of the last synced command tree).
_SCHEMA_V6 = """
ALTER TABLE outbox ADD COLUMN resumed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN next_attempt_at REAL;
ALTER TABLE outbox ADD COLUMN last_error TEXT;
ALTER TABLE outbox ADD COLUMN dead_at REAL;
ALTER TABLE outbox ADD COLUMN message_id INTEGER;
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""

# Version 7: delivery (issue 24). A member's DM channel id, so a direct message is one request
# (no user lookup, no DM-channel creation) once the bot has written to them.
_SCHEMA_V7 = """
CREATE TABLE dm_channels (
    user_id    INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL
);
"""

# Version 8: plans (issue 41). A member's moves planned ahead at one table, in order: each entry's
# text (alternatives separated by ``|``), whether it is dropped when another seat moved since
# (``unless_changed``) and the table's move count when it was made.
_SCHEMA_V8 = """
CREATE TABLE plans (
    table_id       INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    user_id        INTEGER NOT NULL,
    n              INTEGER NOT NULL,
    move           TEXT NOT NULL,
    unless_changed INTEGER NOT NULL DEFAULT 0,
    made_at        INTEGER NOT NULL,
    created_at     REAL NOT NULL,
    PRIMARY KEY (table_id, user_id, n)
);
"""

# Version 9: the web pages (issue 42). Each game, tournament and listed server has an unguessable
# page token (128 bits); a page is found by the token's SHA-256 (``token_hash``), so no query
# compares the secret itself, and the hash is compared again in constant time
# (host/store/web.py).
_SCHEMA_V9 = """
CREATE TABLE web_tokens (
    kind       TEXT NOT NULL,
    id         INTEGER NOT NULL,
    token      TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at REAL NOT NULL,
    PRIMARY KEY (kind, id)
);
"""

MIGRATIONS: dict[int, str] = {
    1: _SCHEMA_V1,
    2: _SCHEMA_V2,
    3: _SCHEMA_V3,
    4: _SCHEMA_V4,
    5: _SCHEMA_V5,
    6: _SCHEMA_V6,
    7: _SCHEMA_V7,
    8: _SCHEMA_V8,
    9: _SCHEMA_V9,
}


SQLITE_HEADER = b"SQLite format 3\x00"


def check_sqlite_file(path: Path) -> None:
    """Refuse (StoreError) a path that is not, or cannot become, Portolan's SQLite database:
    a missing folder, a folder, a file that is not SQLite, another program's SQLite file, or a
    newer schema. Reads only; a missing or empty file is fine (a new database)."""
    folder = path.resolve().parent
    if not folder.is_dir():
        raise StoreError(f"The database folder {folder} does not exist.")
    if path.is_dir():
        raise StoreError(f"{path} is a folder, not a database file.")
    if not path.exists() or path.stat().st_size == 0:
        return
    try:
        with path.open("rb") as file:
            header = file.read(len(SQLITE_HEADER))
    except OSError as error:
        raise StoreError(f"Cannot read {path}: {error.strerror or error}.") from error
    if header != SQLITE_HEADER:
        raise StoreError(f"{path} is not a SQLite database; give Portolan its own file.")
    try:
        with contextlib.closing(
            sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        ) as db:
            (version,) = db.execute("PRAGMA user_version").fetchone()
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    except sqlite3.Error as error:
        raise StoreError(f"Cannot read the database {path}: {error}.") from error
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"The database {path} has schema version {version}, newer than this program "
            f"({SCHEMA_VERSION}). Upgrade Portolan."
        )
    ours = {"tables", "seats", "moves", "outbox"}
    if tables and (version == 0 or not ours <= tables):
        raise StoreError(
            f"{path} is another program's SQLite database (it has no Portolan tables); "
            "give Portolan its own file."
        )
