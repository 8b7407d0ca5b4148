"""The background loop cannot die (issue 13): each trigger that used to stop it for every game is
now logged and confined to its table or phase; a loop error restarts the loop."""

from __future__ import annotations

import sqlite3

import pytest

from host.store import StaleVersion
from tests.cogs.sim import TEST_TICK, stub_render, texts

H = 3600


@pytest.fixture(autouse=True)
def _no_images(monkeypatch):
    monkeypatch.setattr("host.notify.render_png_async", stub_render)


async def two_games(world):
    """A broken game in #games and a healthy one in #healthy, both waiting for Bo (fast pace)."""
    healthy = world.guild.create_text_channel("healthy")
    for channel in (world.channel, healthy):
        await world.ana.slash(channel, "game new", game="sealed", pace="fast")
        await world.bo.slash(channel, "game join")
        await world.ana.slash(channel, "game start")
        move = (await world.bot.tables.legal_moves(channel.id, world.ana.id))[0]
        await world.ana.slash(channel, "move", move=move)
    return healthy


def reminded(channel) -> bool:
    return any("it is your turn" in t for t in texts(channel))


pytestmark = pytest.mark.simcord(settle_timeout=60)


async def test_a_disabled_game_is_skipped_and_the_others_go_on(world, caplog):
    healthy = await two_games(world)
    engines = dict(world.bot.tables.engines)
    del engines["sealed"]
    broken = await world.table()
    # Only the broken table's game is disabled: give the healthy one its own id.
    world.bot.tables.engines = {**engines, "sealed2": world.bot.tables.engines["sealed"]}
    await world.bot.store._transaction(
        lambda db: db.execute(
            "UPDATE tables SET game = 'sealed2' WHERE channel_id = ?", (healthy.id,)
        )
    )
    await world.env.advance_time(2 * H)
    assert reminded(healthy) and not reminded(world.channel)
    assert f"table {broken.id} plays sealed, which is disabled" in caplog.text
    assert world.bot.outbox_loop.is_running()


async def test_a_row_with_damaged_json_is_skipped(world, caplog):
    healthy = await two_games(world)
    await world.bot.store._transaction(
        lambda db: db.execute(
            "UPDATE tables SET state = '{broken' WHERE channel_id = ?", (world.channel.id,)
        )
    )
    await world.env.advance_time(2 * H)
    assert reminded(healthy)
    assert "damaged JSON" in caplog.text
    assert world.bot.outbox_loop.is_running()


async def test_a_stale_version_from_another_process_is_tolerated(world, monkeypatch):
    healthy = await two_games(world)
    broken = await world.table()
    real = world.bot.life._remind

    async def racing(table):
        if table.id == broken.id:
            raise StaleVersion("another process ticked this table")
        return await real(table)

    monkeypatch.setattr(world.bot.life, "_remind", racing)
    await world.env.advance_time(2 * H)
    assert reminded(healthy) and not reminded(world.channel)
    assert world.bot.outbox_loop.is_running()


async def test_a_locked_database_fails_one_phase_not_the_loop(world, monkeypatch, caplog):
    healthy = await two_games(world)
    real = world.bot.store.live_tables
    calls = {"n": 0}

    async def locked(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 1:
            raise sqlite3.OperationalError("database is locked")
        return await real(*args, **kwargs)

    monkeypatch.setattr(world.bot.store, "live_tables", locked)
    await world.env.advance_time(2 * H)
    # The first phase to read the tables fails (the seat fillers' kick, then the reminders').
    assert "failed; retrying next tick" in caplog.text
    assert reminded(healthy)  # a later tick did it
    assert world.bot.outbox_loop.is_running()


async def test_a_loop_error_restarts_the_loop(world, monkeypatch, caplog):
    healthy = await two_games(world)
    real = world.bot.tick
    calls = {"n": 0}

    async def exploding():
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("a bug outside every guard")
        await real()

    monkeypatch.setattr(world.bot, "tick", exploding)
    await world.env.advance_time(2 * H + 3 * TEST_TICK)
    assert "restarting it" in caplog.text
    assert calls["n"] >= 2 and reminded(healthy)
    assert world.bot.outbox_loop.is_running()
    assert [type(e) for e in world.env.errors] in ([], [RuntimeError])
