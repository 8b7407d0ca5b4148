"""Seat fillers at the table (issue 18): `bots:N` seats, autopilot seats that play the filler's
moves, no pings, DMs or reminders for fillers, and practice games that are never rated."""

from __future__ import annotations

import random

import pytest

from engines import ENGINES
from host.tables import TableError, TableService, is_filler
from players import Budget
from tests.conformance import configurations

CH = 77
HUMAN = 501
QUICK = Budget(iterations=3, depth=1)


async def open_with_bots(service: TableService, game: str, players: int, bots: int):
    variant = next(v for n, v in configurations(ENGINES[game]) if n == players)
    await service.open(
        guild_id=1,
        channel_id=CH,
        game=game,
        user_id=HUMAN,
        name="Ana",
        variant=variant,
        players=players,
        bots=bots,
    )
    for i in range(players - 1 - bots):
        await service.join(CH, HUMAN + 1 + i, f"P{i}")
    return await service.start(CH, HUMAN, seed=5)


@pytest.fixture
async def sqlite_service(tmp_path):
    from host.store import Store

    store = await Store.open(tmp_path / "fillers.db")
    yield TableService(store)
    await store.close()


# The longest games run in the slow tier: Tahiti ends only when the islands run dry, and
# Bremerhaven's and Amerigo's took 28 s and 16 s of a fast-tier worker (of its 3 minutes); Drake
# and Vasco still play a filled game through on every run.
SLOW_FILLED_GAMES = {"tahiti", "bremerhaven", "amerigo"}


@pytest.mark.parametrize(
    "game",
    [
        pytest.param(g, marks=[pytest.mark.slow] if g in SLOW_FILLED_GAMES else [])
        for g in sorted(ENGINES)
    ],
)
async def test_a_whole_game_with_two_filled_seats_ends(sqlite_service, game):
    service = sqlite_service
    service.filler_budget = QUICK
    items = []

    async def delivered(outcome):  # the fillers' moves come from the background pilot
        items.extend(outcome.items)

    service.on_pilot = delivered
    players = 3 if 3 in [n for n, _ in configurations(ENGINES[game])] else 4
    outcome = await open_with_bots(service, game, players, bots=2)
    table = outcome.table
    assert [is_filler(table, s) for s in range(players)][-2:] == [True, True]
    assert not table.rated  # practice against fillers is never rated
    chooser = random.Random(game)
    items += outcome.items
    for _ in range(3000):
        await service.settle(table.id)
        table = await service.store.latest_table(CH)
        if table.status != "active":
            break
        engine = service.engine(game)
        waiting = engine.to_move(engine.decode(table.state))
        user = table.user_of(next(s for s in waiting if not is_filler(table, s)))
        outcome = await service.submit(
            CH, user, chooser.choice(await service.legal_moves(CH, user))
        )
        items += outcome.items
    assert table.status == "finished", "the game did not end"
    fillers = {table.user_of(s) for s in range(players) if is_filler(table, s)}
    assert not any(i.target in fillers for i in items if i.kind == "dm")
    assert not any(set(i.payload.get("mentions", [])) & fillers for i in items)
    moves = await service.store.moves(table.id)
    assert {m.user_id for m in moves} >= fillers  # the fillers' decisions are in the log


async def test_fillers_need_a_member_and_leave_with_the_last_one(service):
    with pytest.raises(TableError, match="Seat fillers"):
        await service.open(
            guild_id=1, channel_id=CH, game="tahiti", user_id=HUMAN, name="A", players=3, bots=3
        )
    table = await service.open(
        guild_id=1, channel_id=CH, game="tahiti", user_id=HUMAN, name="A", players=3, bots=1
    )
    assert [s.name for s in table.seats] == ["A", "Bot 1 (normal)"]  # the level in the name
    table = await service.leave(CH, HUMAN)
    assert table.status == "aborted"


async def test_a_server_may_allow_rated_games_with_fillers(service):
    await service.store.set_guild_settings(1, {"rated_bots": True})
    table = await service.open(
        guild_id=1, channel_id=CH, game="tahiti", user_id=HUMAN, name="A", players=3, bots=1
    )
    assert table.rated
