"""host/plans (issue 41) at tournament tables: plans are allowed in tournaments, and play there as
anywhere; a seat that plays by itself (its member resigned) never plays a plan, its pilot moves
for it. On SQLite. The relay test game (tests/relay.py):
a turn is up to two actions (``fish``, ``row``) or a ``pass``; the default move is ``pass``."""

from __future__ import annotations

import itertools

import pytest

from host.life import PlayByPost
from host.plans import Plans
from host.store import Store
from host.tables import TableError, TableService
from host.tournaments import TournamentService
from tests.relay import ENGINE as RELAY

HALL = 710
ORGANISER = 99
_threads = itertools.count(60_000)


@pytest.fixture
async def store(tmp_path):
    """SQLite only, to keep the fast tier short: what these tests add is host logic; the store's
    part of it is tested on both backends in tests/host/test_plans_store.py."""
    store = await Store.open(str(tmp_path / "portolan.db"))
    yield store
    await store.close()


async def default_move(engine, state, seat: int, seed: int) -> str:
    return engine.default_move(state, seat)


async def make_thread(parent: int, name: str) -> int:
    return next(_threads)


@pytest.fixture
async def cup(store):
    tables = TableService(store, engines={RELAY.id: RELAY})
    tables.autopilot_move = default_move  # an autopilot seat passes
    plans = Plans(tables)
    service = TournamentService(tables, PlayByPost(tables), make_thread=make_thread)
    await service.create(
        guild_id=1, channel_id=HALL, user_id=ORGANISER, name="Cup", game="relay", table_size=2
    )
    for user in (1, 2):
        await service.join(HALL, user, f"P{user}")
    tournament = await service.start(HALL, ORGANISER, is_admin=False)
    [row] = [p for p in await store.pairings(tournament.id) if p.round == 1]
    table = await store.get_table(row.table_id)
    yield plans, table
    await service.settle()
    await tables.stop_pilots()


async def test_a_plan_plays_at_a_tournament_table(cup, store):
    plans, table = cup
    first = RELAY.to_move(RELAY.decode(table.state))[0]
    mover, planner = table.user_of(first), table.user_of(1 - first)
    await plans.add(table.channel_id, planner, "fish | row")
    await plans.add(table.channel_id, planner, "pass")
    await plans.tables.submit(table.channel_id, mover, "pass")
    await plans.settle()
    moves = [(m.seat, m.move) for m in await store.moves(table.id)]
    assert moves == [(first, "pass"), (1 - first, "fish"), (1 - first, "pass")]


async def test_a_seat_on_autopilot_never_plays_a_plan(cup, store):
    plans, table = cup
    life = PlayByPost(plans.tables)
    first = RELAY.to_move(RELAY.decode(table.state))[0]
    mover, other = table.user_of(first), table.user_of(1 - first)
    await life.resign(table.channel_id, other)
    with pytest.raises(TableError):
        await plans.add(table.channel_id, other, "fish")  # no plan for a seat on autopilot
    # A plan left in the store for that seat (as by an older process) is not played either:
    # the pilot moves for the seat, and the plan goes.
    await store.add_plan_entry(table.id, other, "fish", unless_changed=False, made_at=0, limit=9)
    await plans.kick_due()
    await plans.tables.submit(table.channel_id, mover, "pass")
    for _ in range(3):
        await plans.tables.settle()
        await plans.settle()
    moves = [(m.seat, m.move) for m in await store.moves(table.id)]
    assert moves[:2] == [(first, "pass"), (1 - first, "pass")]
    assert await store.plan(table.id, other) == []
