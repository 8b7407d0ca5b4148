"""SimCord fixtures: ``world`` is a running bot in a simulated guild (see ``tests/cogs/sim.py``)."""

from __future__ import annotations

import pytest

from bot import create_bot
from tests.cogs.sim import TEST_ENGINES, build_world


@pytest.fixture
async def simcord_bot(tmp_path):
    bot = await create_bot(tmp_path / "bot.db", engines=TEST_ENGINES, shard_count=1)
    yield bot
    await bot.tables.stop_pilots()  # pilots a test started itself (SimCord waits for the bot's)
    await bot.store.close()


@pytest.fixture
async def world(simcord_env, simcord_bot, tmp_path):
    world = build_world(simcord_env, tmp_path / "bot.db")
    yield world
    if world.bot is not simcord_bot:  # restarted: close the latest bot's database too (its
        await world.bot.tables.stop_pilots()  # worker thread would keep the test process alive)
        await world.bot.store.close()


@pytest.fixture
def relay_and_no_images(monkeypatch):
    """The relay test game, and boards not drawn (for tests whose point is the words)."""
    from tests.cogs.sim import stub_render
    from tests.relay import ENGINE as RELAY

    monkeypatch.setitem(TEST_ENGINES, RELAY.id, RELAY)
    monkeypatch.setattr("host.notify.render_png_async", stub_render)
    monkeypatch.setattr("host.images.render_png_async", stub_render)  # before the cogs load


@pytest.fixture
def locales(monkeypatch):
    """Member id -> the locale their Discord client sends (everyone else: en-US)."""
    import simcord.interactions as interactions

    chosen: dict[int, str] = {}
    build = interactions.base_payload

    def base_payload(*args, **kwargs):
        record, payload = build(*args, **kwargs)
        if kwargs.get("user_id") in chosen:
            payload["locale"] = chosen[kwargs["user_id"]]
        return record, payload

    monkeypatch.setattr(interactions, "base_payload", base_payload)
    return chosen
