"""Seat-filler levels at the table (issue 28 item 1): `/game new ... bots:N level:hard` seats
fillers named with their level, and each decides on its level's budget, in a worker."""

from __future__ import annotations

import pytest

from host import workers
from host.tables import TableError, TableService
from players import LEVELS

CH = 77
ANA = 501


@pytest.mark.parametrize(("game", "level"), [("drake", "hard"), ("amerigo", "normal")])
async def test_fillers_sit_with_their_level_and_think_on_its_budget(
    service: TableService, monkeypatch, game, level
):
    """A filler thinks on its level's budget, as its game tunes the level (Amerigo narrows
    normal: ``level_tuning``)."""
    budgets = []

    async def spy(engine, state, seat, *, seed, budget, earlier):
        budgets.append(budget)
        return engine.default_move(state, seat)

    monkeypatch.setattr(workers, "choose_move", spy)
    table = await service.open(
        guild_id=1,
        channel_id=CH,
        game=game,
        user_id=ANA,
        name="Ana",
        players=3,
        bots=2,
        level=level,
    )
    assert [s.name for s in table.seats] == ["Ana", f"Bot 1 ({level})", f"Bot 2 ({level})"]
    await service.start(CH, ANA, seed=3)
    engine = service.engine(game)
    for _ in range(20):  # until a filler has decided (the member may be first to move)
        await service.settle()
        if budgets:
            break
        state = engine.decode((await service.latest(CH)).state)
        await service.submit(CH, ANA, engine.default_move(state, 0))
    assert budgets and all(b == LEVELS[level].budget(engine=engine) for b in budgets)
    assert budgets[0].seconds == LEVELS[level].seconds and budgets[0].iterations is None
    assert budgets[0].width == LEVELS[level].in_game(engine).width


async def test_an_unknown_level_is_refused_and_opens_nothing(service: TableService):
    with pytest.raises(TableError, match="easy, normal, hard"):
        await service.open(
            guild_id=1,
            channel_id=CH,
            game="drake",
            user_id=ANA,
            name="Ana",
            bots=1,
            level="brutal",
        )
    assert await service.store.live_table(CH) is None
