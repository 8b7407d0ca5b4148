"""host/store/plans: members' plans kept with their table (issue 41), on SQLite and PostgreSQL
(the ``store`` fixture runs each test on both backends)."""

from __future__ import annotations

import pytest

from host.store import OutboxItem, PlanFull, StaleVersion, Store
from tests.host.test_store import open_table


async def _started(store: Store):
    table = await open_table(store)
    return await store.start_table(table.id, table.version, seed=5, state={"x": 1}, outbox=[])


async def test_plan_entries_are_kept_in_order_per_member_and_limited(store):
    table = await _started(store)
    for i, text in enumerate(["place 3 | place 5", "pass", "fish"]):
        count = await store.add_plan_entry(
            table.id, 100, text, unless_changed=(i == 1), made_at=table.move_count, limit=3
        )
        assert count == i + 1
    with pytest.raises(PlanFull):
        await store.add_plan_entry(table.id, 100, "row", unless_changed=False, made_at=0, limit=3)
    await store.add_plan_entry(table.id, 200, "row", unless_changed=False, made_at=0, limit=3)
    plan = await store.plan(table.id, 100)
    assert [e.move for e in plan] == ["place 3 | place 5", "pass", "fish"]
    assert [e.unless_changed for e in plan] == [False, True, False]
    assert [e.n for e in plan] == [1, 2, 3]
    assert await store.planners(table.id) == [100, 200]
    assert await store.tables_with_plans() == [table.id]
    assert await store.clear_plan(table.id, 200) == 1
    assert await store.planners(table.id) == [100]
    assert await store.clear_plan(table.id) == 3
    assert await store.plan(table.id, 100) == []
    assert await store.tables_with_plans() == []


async def test_a_played_entry_leaves_the_plan_with_its_move_or_not_at_all(store):
    table = await _started(store)
    await store.add_plan_entry(table.id, 100, "m", unless_changed=False, made_at=0, limit=10)
    await store.add_plan_entry(table.id, 100, "n", unless_changed=False, made_at=0, limit=10)

    async def take(db):
        await store.take_plan_entry(db, table.id, 100, 1)

    move = dict(seat=0, user_id=100, move="m", log=[], state={"x": 2}, finished_result=None)
    with pytest.raises(StaleVersion):
        await store.commit_move(table.id, table.version - 1, outbox=[], also=take, **move)
    assert [e.n for e in await store.plan(table.id, 100)] == [1, 2]
    table = await store.commit_move(table.id, table.version, outbox=[], also=take, **move)
    assert table.move_count == 1
    assert [e.move for e in await store.plan(table.id, 100)] == ["n"]


async def test_a_dropped_plan_and_its_message_are_one_transaction(store):
    table = await _started(store)
    await store.add_plan_entry(table.id, 100, "m", unless_changed=False, made_at=0, limit=10)
    item = OutboxItem(key="plan-dropped", kind="dm", target=100, payload={"text": "dropped"})
    await store.drop_plan(table.id, 100, [item])
    assert await store.plan(table.id, 100) == []
    assert [p.key for p in await store.pending()] == ["plan-dropped"]
    # With a clock (a held clock started), the table changes with them, at its version only.
    await store.add_plan_entry(table.id, 100, "m", unless_changed=False, made_at=0, limit=10)
    clock = {"pace": "normal", "seats": [{"since": 7.0}]}
    with pytest.raises(StaleVersion):
        await store.drop_plan(table.id, 100, [], version=table.version - 1, clock=clock)
    assert len(await store.plan(table.id, 100)) == 1
    await store.drop_plan(table.id, 100, [], version=table.version, clock=clock)
    changed = await store.get_table(table.id)
    assert changed.clock == clock and changed.version == table.version + 1
    assert await store.plan(table.id, 100) == []


async def test_plans_go_with_their_table(store):
    table = await _started(store)
    await store.add_plan_entry(table.id, 100, "m", unless_changed=False, made_at=0, limit=10)
    table = await store.set_status(table.id, table.version, "finished")
    assert await store.tables_with_plans() == []
