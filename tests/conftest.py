"""Suite-wide settings: SQLite commits without fsync to the disk's platter (``NORMAL`` in WAL mode
still survives a killed process, which is all the crash tests kill), so the suite does not wait on
the disk thousands of times."""

from __future__ import annotations

import os

os.environ.setdefault("PORTOLAN_SQLITE_SYNC", "NORMAL")

# The ``db_target`` fixture (SQLite and PostgreSQL) for every test that opens a store.
pytest_plugins = ["tests.backends"]
