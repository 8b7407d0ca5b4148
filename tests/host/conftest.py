from __future__ import annotations

import pytest

from host.store import Store
from host.tables import TableService
from tests.sealed_bids import ENGINE as SEALED


@pytest.fixture
async def store(db_target):
    """A store on each backend (SQLite and PostgreSQL; see tests/backends.py)."""
    store = await Store.open(db_target)
    yield store
    await store.close()


@pytest.fixture
def engines():
    from engines import ENGINES

    return {**ENGINES, SEALED.id: SEALED}


@pytest.fixture
def service(store, engines):
    return TableService(store, engines=engines)


class FakeTransport:
    """Records what would be sent; DMs to users in ``closed_dms`` fail like closed DMs do."""

    def __init__(self, closed_dms: set[int] | None = None, fail_channel: bool = False):
        self.channel: list[tuple[str, dict, bytes | None]] = []
        self.dms: list[tuple[int, dict, bytes | None]] = []
        self.closed_dms = closed_dms or set()
        self.fail_channel = fail_channel
        self.keys: list[str] = []  # every item sent, channel or DM, in order

    async def send_channel(self, item, png):
        if self.fail_channel:
            raise ConnectionError("Discord is down")
        self.channel.append((item.key, item.payload, png))
        self.keys.append(item.key)

    async def send_dm(self, item, png):
        if item.target in self.closed_dms:
            return False
        self.dms.append((item.target, item.payload, png))
        self.keys.append(item.key)
        return True
