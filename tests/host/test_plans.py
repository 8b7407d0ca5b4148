"""host/plans (issue 41): a member's planned move plays itself when their decision comes, through
the same path as ``/move``; a plan that cannot play is dropped whole and its member told by DM.
On SQLite and PostgreSQL (the ``store`` fixture)."""

from __future__ import annotations

import pytest

from host.life import PlayByPost
from host.plans import MAX_ENTRIES, Plans
from host.store import Store
from host.tables import TableError, TableService
from tests.relay import ENGINE as RELAY
from tests.sealed_bids import ENGINE as SEALED

CH = 77
ANA, BO, CY, DEE = 501, 502, 503, 504


@pytest.fixture
async def plans(store):
    service = TableService(store, engines={RELAY.id: RELAY, SEALED.id: SEALED})
    plans = Plans(service)
    yield plans
    await service.stop_pilots()


async def relay(plans: Plans, game: str = "relay"):
    service = plans.tables
    await service.open(guild_id=1, channel_id=CH, game=game, user_id=ANA, name="Ana", players=2)
    await service.join(CH, BO, "Bo")
    return await service.start(CH, ANA, seed=3)


async def test_a_planned_move_plays_when_the_turn_comes_and_the_rest_waits(plans, store):
    await relay(plans)
    await plans.add(CH, BO, "fish | row")
    await plans.add(CH, BO, "row")
    await plans.add(CH, BO, "pass")
    await plans.settle()
    assert (await store.live_table(CH)).move_count == 0  # not Bo's decision yet
    await plans.tables.submit(CH, ANA, "pass")
    await plans.settle()
    table = await store.live_table(CH)
    moves = await store.moves(table.id)
    # Bo's turn of two actions is two decisions: fish (an alternative that is legal), then row;
    # his third entry waits for his next decision.
    assert [(m.seat, m.move) for m in moves] == [(0, "pass"), (1, "fish"), (1, "row")]
    assert [e.move for e in await store.plan(table.id, BO)] == ["pass"]


async def test_a_plan_that_names_no_legal_move_is_dropped_and_its_member_told(plans, store):
    await relay(plans)
    await plans.add(CH, BO, "swim | fly")
    await plans.add(CH, BO, "row")
    await plans.tables.submit(CH, ANA, "pass")
    await plans.settle()
    table = await store.live_table(CH)
    assert table.move_count == 1  # Bo's turn runs as usual
    assert await store.plan(table.id, BO) == []
    dms = [i for i in await store.pending() if i.kind == "dm" and i.target == BO]
    dropped = [i.payload["text"] for i in dms if "plan-dropped" in i.key]
    assert len(dropped) == 1 and "swim | fly" in dropped[0] and "row" in dropped[0]
    assert "none of its moves is legal now" in dropped[0]
    channel = [i.payload.get("text", "") for i in await store.pending() if i.kind == "channel"]
    assert not any("swim" in text for text in channel)


async def test_unless_changed_drops_when_another_seat_moved(plans, store):
    await relay(plans)
    await plans.add(CH, BO, "fish", unless_changed=True)
    await plans.tables.submit(CH, ANA, "fish")  # Ana still to move: not Bo's decision
    await plans.tables.submit(CH, ANA, "row")
    await plans.settle()
    table = await store.live_table(CH)
    assert table.move_count == 2 and await store.plan(table.id, BO) == []
    dropped = [i.payload["text"] for i in await store.pending() if "plan-dropped" in i.key]
    assert "another player moved since you planned it" in dropped[0]


async def test_limits_seat_and_text(plans, store):
    await relay(plans)
    with pytest.raises(TableError):
        await plans.add(CH, 999, "fish")
    with pytest.raises(TableError):
        await plans.add(CH, BO, " | ")
    with pytest.raises(TableError):
        await plans.add(CH, BO, "x" * 201)
    for _ in range(MAX_ENTRIES):
        await plans.add(CH, BO, "pass")
    with pytest.raises(TableError):
        await plans.add(CH, BO, "pass")
    assert await plans.clear(CH, BO) == MAX_ENTRIES
    assert await plans.show(CH, BO) == []


async def test_simultaneous_decisions_are_not_planned(plans, store):
    await relay(plans, game="sealed")
    table = await store.live_table(CH)
    move = SEALED.legal_moves(SEALED.decode(table.state), 1)[0]
    await plans.add(CH, BO, move)
    await plans.settle()
    table = await store.live_table(CH)
    assert table.move_count == 0 and await store.plan(table.id, BO) == []


async def test_a_fillers_move_hands_the_turn_to_a_planned_move(plans, store):
    service = plans.tables

    async def default(engine, state, seat, seed):
        return engine.default_move(state, seat)

    service.autopilot_move = default  # the filler passes
    await service.open(
        guild_id=1, channel_id=CH, game="relay", user_id=ANA, name="Ana", players=3, bots=1
    )
    await service.join(CH, BO, "Bo")
    table = await service.start(CH, ANA, seed=3)
    table = await store.live_table(CH)
    filler = next(s.seat for s in table.seats if s.user_id < 0)
    first = RELAY.to_move(RELAY.decode(table.state))[0]
    planner = next(s.user_id for s in table.seats if s.seat == (filler + 1) % 3)
    mover = table.user_of(first)
    assert first != filler and mover != planner  # so the filler hands the turn to the plan
    await plans.add(CH, planner, "row")
    await service.submit(CH, mover, "pass")
    for _ in range(3):
        await service.settle()
        await plans.settle()
    moves = [(m.seat, m.move) for m in await store.moves(table.id)]
    assert (filler, "pass") in moves
    assert moves[moves.index((filler, "pass")) + 1] == ((filler + 1) % 3, "row")


async def test_the_games_end_clears_every_plan_at_once(plans, store):
    table = (await relay(plans)).table
    for _ in range(MAX_ENTRIES):
        await plans.add(CH, BO, "pass")
    for _ in range(4):  # four rounds: Bo's passes play from his plan
        await plans.tables.submit(CH, ANA, "pass")
        await plans.settle()
    ended = await store.get_table(table.id)
    assert ended.status == "finished" and ended.move_count == 8
    assert await store.planners(table.id) == []


async def test_replace_takeover_and_resign_clear_the_holders_plan_at_once(plans, store):
    life = PlayByPost(plans.tables)
    table = (await relay(plans)).table
    await plans.add(CH, BO, "pass")
    await life.replace(CH, BO, BO, CY, "Cy", is_admin=False)  # Bo gives his seat to Cy
    assert await store.plan(table.id, BO) == []
    await plans.add(CH, CY, "pass")
    await life.resign(CH, CY)
    assert await store.plan(table.id, CY) == []
    # A plan left by a holder whose seat is taken over goes with the seat.
    await store.add_plan_entry(table.id, CY, "pass", unless_changed=False, made_at=0, limit=10)
    await life.takeover(CH, DEE, "Dee", None)
    assert await store.planners(table.id) == []


async def test_game_status_says_who_has_a_plan_and_how_long_never_what(plans, store):
    await relay(plans)
    await plans.add(CH, BO, "swim | fish")
    await plans.add(CH, BO, "row")
    status = await plans.tables.status(CH)
    assert "Bo has a plan (2 moves)" in status
    assert "swim" not in status and "row" not in status


class PlannableSealed(type(SEALED)):
    plannable = True  # bids stay hidden until every bid is in: a planned one reveals nothing


async def test_a_simultaneous_decision_the_engine_marks_plannable_plays_from_a_plan(tmp_path):
    engine = PlannableSealed()
    store = await Store.open(str(tmp_path / "portolan.db"))  # SQLite only: host logic
    service = TableService(store, engines={engine.id: engine})
    plans = Plans(service)
    try:
        await service.open(guild_id=1, channel_id=CH, game="sealed", user_id=ANA, name="Ana")
        await service.join(CH, BO, "Bo")
        await service.start(CH, ANA, seed=3)
        table = await store.live_table(CH)
        bo_hand = engine.decode(table.state)["hands"][1]
        ana_bid = engine.legal_moves(engine.decode(table.state), 0)[0]
        # Bo plans his bids of the first two rounds: the first plays now (every seat bids at
        # once), the second when the next round's bids open.
        await plans.add(CH, BO, f"bid {bo_hand[0]}")
        await plans.add(CH, BO, f"bid {bo_hand[1]}")
        await plans.settle()
        moves = [(m.seat, m.move) for m in await store.moves(table.id)]
        assert moves == [(1, f"bid {bo_hand[0]}")]
        posted = [i.payload.get("text", "") for i in await store.pending() if i.kind == "channel"]
        assert not any(f"bid {bo_hand[0]}" in text or "revealed" in text for text in posted)
        await service.submit(CH, ANA, ana_bid)
        await plans.settle()
        moves = [(m.seat, m.move) for m in await store.moves(table.id)]
        assert moves[1:] == [(0, ana_bid), (1, f"bid {bo_hand[1]}")]
        assert await store.plan(table.id, BO) == []
    finally:
        await service.stop_pilots()
        await store.close()
