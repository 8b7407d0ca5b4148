"""host/plans (issue 41): a planned move is a move of its own, committed after the move that handed
its member the turn (its own row, version, posts and undo step), and no clock runs for a decision a
plan answers. On a fake clock (nothing sleeps), on SQLite.
The relay test game (tests/relay.py): a turn is up to two actions (``fish``, ``row``) or a
``pass``."""

from __future__ import annotations

import pytest

from host import clocks
from host.life import PlayByPost
from host.plans import Plans
from host.store import Store
from host.tables import TableService
from tests.relay import ENGINE as RELAY

CH = 78
ANA, BO = 601, 602
H = clocks.HOUR
NORMAL = clocks.PACES["normal"]


@pytest.fixture
async def store(tmp_path):
    """SQLite only, to keep the fast tier short: what these tests add is host logic; the store's
    part of it is tested on both backends in tests/host/test_plans_store.py."""
    store = await Store.open(str(tmp_path / "portolan.db"))
    yield store
    await store.close()


class FakeClock:
    def __init__(self) -> None:
        self.t = 1_800_000_000.0

    def __call__(self) -> float:
        return self.t


def service_on(store, clock: FakeClock) -> tuple[TableService, Plans]:
    """A table service with plans, as a process that starts on ``store`` builds it."""
    service = TableService(store, engines={RELAY.id: RELAY}, now=clock)
    return service, Plans(service)


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
async def plans(store, clock):
    service, plans = service_on(store, clock)
    yield plans
    await service.stop_pilots()


async def relay(plans: Plans):
    service = plans.tables
    await service.open(
        guild_id=1, channel_id=CH, game="relay", user_id=ANA, name="Ana", players=2, pace="normal"
    )
    await service.join(CH, BO, "Bo")
    return (await service.start(CH, ANA, seed=3)).table


async def held_plan(plans: Plans, store, monkeypatch) -> None:
    """Bo plans "pass"; Ana's pass hands him the turn, and his planned move fails to commit: his
    clock stays held for the plan, which waits in the store."""
    await plans.add(CH, BO, "pass")
    commit = store.commit_move

    async def stuck(*args, also=None, **kwargs):
        if also is not None:
            raise ConnectionError("the planned move did not commit")
        return await commit(*args, also=also, **kwargs)

    monkeypatch.setattr(store, "commit_move", stuck)
    await plans.tables.submit(CH, ANA, "pass")
    await plans.settle()


def bo(table) -> dict:
    return table.clock["seats"][1]


async def test_a_planned_move_is_a_move_of_its_own_after_the_one_that_handed_over_the_turn(
    plans, store
):
    delivered = []

    async def deliver(outcome):
        delivered.append(outcome)

    plans.tables.on_pilot = deliver
    table = await relay(plans)
    await plans.add(CH, BO, "pass")
    version = (await store.get_table(table.id)).version
    outcome = await plans.tables.submit(CH, ANA, "pass")
    # Ana's move is committed and answered alone: Bo's planned move is no part of its work.
    assert outcome.table.move_count == 1 and outcome.table.version == version + 1
    assert outcome.items and all(
        i.key.startswith(f"t{table.id}:v{version + 1}:") for i in outcome.items
    )
    await plans.settle()
    # Then Bo's, in the same tick, with no interaction of his: its own row in the move log, its
    # own version and posts, handed to delivery as a seat filler's move is.
    moves = await store.moves(table.id)
    assert [(m.n, m.seat, m.move) for m in moves] == [(1, 0, "pass"), (2, 1, "pass")]
    [planned] = delivered
    assert planned.table.move_count == 2 and planned.table.version == version + 2
    keys = [i.key for i in planned.items]
    assert keys and all(k.startswith(f"t{table.id}:v{version + 2}:") for k in keys)


async def test_the_planners_undo_takes_back_only_the_planned_move_and_clears_the_rest(
    plans, store, clock
):
    life = PlayByPost(plans.tables)
    table = await relay(plans)
    for move in ("fish", "row", "pass"):
        await plans.add(CH, BO, move)
    await plans.tables.submit(CH, ANA, "pass")
    await plans.settle()
    assert [m.move for m in await store.moves(table.id)] == ["pass", "fish", "row"]
    clock.t += H
    await life.undo(CH, BO)
    table = await store.get_table(table.id)
    # Only the last planned move is taken back (as any undo of one's last move), and the rest of
    # the plan goes with it; Bo's decision is his again, with his clock running from the undo.
    assert [m.move for m in await store.moves(table.id)] == ["pass", "fish"]
    assert await store.plan(table.id, BO) == []
    assert RELAY.to_move(RELAY.decode(table.state)) == [1]
    assert bo(table)["since"] == clock.t and not clocks.is_held(table.clock, 1)


async def test_a_crash_between_the_two_moves_loses_nothing_and_the_plan_plays_after_restart(
    plans, store, clock, monkeypatch
):
    table = await relay(plans)
    await plans.add(CH, BO, "pass")
    commit = store.commit_move

    async def dies_at_the_planned_move(*args, also=None, **kwargs):
        if also is not None:  # the planned move's commit: its entry leaves the plan with it
            raise ConnectionError("the process died")
        return await commit(*args, also=also, **kwargs)

    monkeypatch.setattr(store, "commit_move", dies_at_the_planned_move)
    await plans.tables.submit(CH, ANA, "pass")
    await plans.settle()
    await plans.tables.stop_pilots()
    monkeypatch.undo()
    table = await store.get_table(table.id)
    assert table.move_count == 1 and [e.move for e in await store.plan(table.id, BO)] == ["pass"]
    # A day passes before the bot is back. Bo's decision was answered by his plan: no clock ran
    # for it, so no reminder is due, and the planned move costs him no time.
    clock.t += 24 * H
    service, restarted = service_on(store, clock)
    try:
        assert await PlayByPost(service).tick() == []
        await service.kick_due()
        await restarted.settle()
    finally:
        await service.stop_pilots()
    table = await store.get_table(table.id)
    assert [(m.seat, m.move) for m in await store.moves(table.id)] == [(0, "pass"), (1, "pass")]
    assert bo(table)["bank"] == min(NORMAL.cap, NORMAL.initial + NORMAL.bonus)


async def test_a_decision_the_plan_leaves_runs_the_clock_as_a_new_turn(plans, store, clock):
    life = PlayByPost(plans.tables)
    table = await relay(plans)

    async def reminded_bo() -> bool:
        return any(f"<@{BO}>" in i.payload["text"] for o in await life.tick() for i in o.items)

    # A first round where Bo is reminded of his turn, then passes himself.
    await plans.tables.submit(CH, ANA, "pass")
    clock.t += NORMAL.remind_after
    assert await reminded_bo()
    await plans.tables.submit(CH, BO, "pass")
    bank = bo(await store.get_table(table.id))["bank"]
    # Next round his plan plays the first of his turn's two decisions only: the second waits
    # for him with his clock running from then, as a turn of its own (reminded again).
    await plans.add(CH, BO, "fish")
    await plans.tables.submit(CH, ANA, "pass")
    await plans.settle()
    table = await store.get_table(table.id)
    assert [m.move for m in await store.moves(table.id)][-2:] == ["pass", "fish"]
    assert bo(table)["since"] == clock.t and bo(table)["bank"] == bank
    clock.t += NORMAL.remind_after
    assert await reminded_bo()


async def test_a_plan_cleared_before_it_plays_starts_the_held_clock(
    plans, store, clock, monkeypatch
):
    life = PlayByPost(plans.tables)
    table = await relay(plans)
    await held_plan(plans, store, monkeypatch)
    table = await store.get_table(table.id)
    assert clocks.is_held(table.clock, 1) and bo(table)["since"] is None
    clock.t += 2 * H
    assert await plans.clear(CH, BO) == 1
    table = await store.get_table(table.id)
    assert bo(table)["since"] == clock.t and not clocks.is_held(table.clock, 1)
    clock.t += NORMAL.remind_after
    assert await life.tick()  # his turn runs as usual: reminded like anyone's


def test_a_planned_decision_holds_the_clock_and_its_move_earns_the_bonus():
    """host/clocks.advance with ``planned``: no time charged for a planned decision, the bonus of
    a finished turn as for any move (README "Plan ahead", docs/ARCHITECTURE.md 4)."""
    now = 1_000.0
    clock = clocks.new_clock("normal", 2, [0], now)
    clock["seats"][1]["bank"] = NORMAL.initial - 5 * H
    held = clocks.advance(clock, [0], [1], 0, now + H, planned={1})
    assert clocks.is_held(held, 1) and held["seats"][1]["since"] is None
    assert clocks.due_reminder(held, 1, now + 30 * 24 * H) is None
    played = clocks.advance(held, [1], [0], 1, now + 30 * 24 * H)
    assert played["seats"][1]["bank"] == NORMAL.initial - 5 * H + NORMAL.bonus
    assert not clocks.is_held(played, 1)
    unheld = clocks.release(held, [1], now + 2 * H)
    assert unheld["seats"][1]["since"] == now + 2 * H and unheld["seats"][1]["reminded"] == []


async def test_a_held_plan_dropped_when_its_run_comes_starts_the_clock_with_the_drop(
    plans, store, clock, monkeypatch
):
    table = await relay(plans)
    await held_plan(plans, store, monkeypatch)
    monkeypatch.undo()
    # Meanwhile the stored plan came to name no legal move (written here straight to the store).
    await store.clear_plan(table.id, BO)
    await store.add_plan_entry(table.id, BO, "swim", unless_changed=False, made_at=1, limit=10)
    clock.t += H
    await plans.kick_due()
    await plans.settle()
    table = await store.get_table(table.id)
    assert table.move_count == 1 and await store.plan(table.id, BO) == []
    assert bo(table)["since"] == clock.t and not clocks.is_held(table.clock, 1)
    dropped = [i for i in await store.pending() if "plan-dropped" in i.key]
    assert {i.kind for i in dropped} == {"dm", "channel"}  # told, and pinged in the channel


async def test_a_clock_held_for_a_plan_that_is_gone_starts_at_the_next_tick(
    plans, store, clock, monkeypatch
):
    """The safety net under every way a plan can leave (issue 41): a seat's clock held for a
    plan the member no longer has (here forgotten by the store alone, as when the seat was handed
    on while the plan ran) is started by the background tick, and the turn then runs as usual."""
    life = PlayByPost(plans.tables)
    table = await relay(plans)
    await held_plan(plans, store, monkeypatch)
    await store.clear_plan(table.id, BO)  # gone, and nothing started the held clock
    table = await store.get_table(table.id)
    assert clocks.is_held(table.clock, 1)
    clock.t += 2 * H
    await life.tick()
    table = await store.get_table(table.id)
    assert bo(table)["since"] == clock.t and not clocks.is_held(table.clock, 1)
    clock.t += NORMAL.remind_after
    assert await life.tick()  # reminded like anyone's
