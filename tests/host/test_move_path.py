"""The way of a move (docs/ARCHITECTURE.md, "The way of a move"; issue 39 item 3): a member's move
is judged once. ``submit`` decodes the state, checks the turn and names the canonical move once,
and hands them to ``play``; only the engine's own ``apply`` checks again (its contract).
SQLite only: host logic."""

from __future__ import annotations

import json

import pytest

from host.store import Store
from host.tables import TableError, TableService
from tests.sealed_bids import SealedBids

CH = 4242


class CountingDecodes(SealedBids):
    """Sealed Bids that records every state it decodes."""

    id = "sealed-counting"

    def __init__(self) -> None:
        super().__init__()
        self.decoded: list[str] = []

    def decode(self, data: dict):
        self.decoded.append(json.dumps(data, sort_keys=True))
        return super().decode(data)


async def started(tmp_path) -> tuple[TableService, CountingDecodes]:
    engine = CountingDecodes()
    store = await Store.open(str(tmp_path / "portolan.db"))
    service = TableService(store, engines={engine.id: engine})
    await service.open(guild_id=None, channel_id=CH, game=engine.id, user_id=1, name="Ana")
    await service.join(CH, 2, "Bo")
    await service.start(CH, 1, seed=3)
    table = await store.live_table(CH)
    for seat in (0, 1):  # the decisions described at the start (their decodes are not the move's)
        await service._decision(table, seat)
    return service, engine


async def test_a_move_decodes_the_state_it_is_judged_at_once(tmp_path):
    service, engine = await started(tmp_path)
    before = json.dumps((await service.store.live_table(CH)).state, sort_keys=True)
    move = (await service.legal_moves(CH, 1))[0]
    engine.decoded.clear()
    outcome = await service.submit(CH, 1, move)
    assert outcome.table.move_count == 1
    assert engine.decoded.count(before) == 1
    await service.store.close()


async def test_a_typed_move_decodes_once_and_the_turn_is_checked_first(tmp_path):
    service, engine = await started(tmp_path)
    before = json.dumps((await service.store.live_table(CH)).state, sort_keys=True)
    move = (await service.legal_moves(CH, 1))[0]
    engine.decoded.clear()
    outcome = await service.submit(CH, 1, move.upper())  # typed, not the canonical text
    assert engine.decoded.count(before) == 1
    # The turn is checked once, before the text is matched, in the words it always used.
    with pytest.raises(TableError, match=r"It is not your turn\. Waiting for: Bo\."):
        await service.submit(CH, 1, "no such move", expected_version=outcome.table.version)
    await service.store.close()
