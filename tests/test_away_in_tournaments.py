"""``/away`` inside a tournament (issue 27 item 4): bounded by the organiser's rule (default
``clocks.TOURNAMENT_AWAY_DAYS``), so a vacation cannot stall a round; other games keep the
general allowance."""

from __future__ import annotations

import pytest

from host import clocks
from tests.test_tournaments import HALL, Event

CASUAL = 800


@pytest.fixture
async def event(db_target):
    e = await Event(db_target).open()
    yield e
    await e.service.settle()
    await e.store.close()


def away_span(table, user: int) -> float:
    start, end = table.clock["seats"][table.seat_of(user)]["away"]
    return (end - start) / clocks.DAY


async def test_away_in_a_tournament_is_bounded_by_the_organisers_rule(event):
    await event.create([1, 2], format="swiss", table_size=2, rounds=1, pace="normal")
    tournament, rows = await event.current()
    cup_table = await event.store.get_table(rows[0].table_id)
    assert await event.life.away_limit(cup_table) == clocks.TOURNAMENT_AWAY_DAYS  # no rule set
    await event.life.set_tournament_away(tournament.id, 1)
    await event.tables.open(
        guild_id=1, channel_id=CASUAL, game="podium", user_id=1, name="P1", pace="normal"
    )
    await event.tables.join(CASUAL, 3, "P3")
    await event.tables.start(CASUAL, 1)

    outcomes = await event.life.away(1, 5)
    said = {o.table.channel_id: o.public_lines[0] for o in outcomes}
    assert "away for 1 day;" in said[cup_table.channel_id]
    assert "this tournament allows 1 day a game" in said[cup_table.channel_id]
    assert "away for 5 days" in said[CASUAL] and "tournament" not in said[CASUAL]
    assert away_span(await event.store.get_table(cup_table.id), 1) == 1
    assert away_span(await event.store.live_table(CASUAL), 1) == 5

    event.now += clocks.DAY  # back, then away again: the tournament game's day is spent
    again = await event.life.away(1, 3)
    said = {o.table.channel_id: o.public_lines[0] for o in again}
    assert "has used it all in this game" in said[cup_table.channel_id]
    assert "away for 3 days" in said[CASUAL]
    assert cup_table.channel_id != HALL  # tournament games live in their own threads
