"""Start-up and scale on SimCord (issue 13): commands are synced only when they changed, a failed
sync does not stop the bot, the test-guild override leaves no global duplicates, the bot is
sharded automatically and never parses messages."""

from __future__ import annotations

import discord
from discord.ext import commands

from tests.cogs.sim import requests, said

COMMANDS_PUT = "/commands"


def syncs(env) -> list:
    return [r for r in requests(env, "PUT", COMMANDS_PUT)]


async def test_commands_are_synced_once_and_not_again_on_a_restart(world):
    assert len(syncs(world.env)) == 1  # the first start
    await world.restart()
    assert len(syncs(world.env)) == 1  # the same tree: no sync
    listed = await world.ana.slash(world.channel, "game list")  # still invocable
    assert said(listed)


async def test_a_failed_sync_does_not_stop_the_start(world, caplog):
    await world.bot.store.set_meta("command_hash", "an older tree")
    world.env.inject_error("PUT", "/applications/*/commands", status=500, times=None)
    await world.restart()
    assert "syncing the slash commands failed; starting anyway" in caplog.text
    assert world.bot.outbox_loop.is_running()
    opened = await world.ana.slash(world.channel, "game new", game="sealed")
    assert "new table is open" in said(opened)  # the commands synced before still work
    assert await world.bot.store.get_meta("command_hash") == "an older tree"  # retried next start
    assert [type(e) for e in world.env.errors] in ([], [discord.HTTPException])


async def test_the_guild_override_clears_the_global_duplicates(world, monkeypatch):
    monkeypatch.setenv("DISCORD_GUILD_ID", str(world.guild.id))
    await world.restart()
    put = syncs(world.env)
    to_guild = [r for r in put if f"/guilds/{world.guild.id}/" in r.path]
    to_global = [r for r in put if "/guilds/" not in r.path]
    assert to_guild and to_guild[-1].json  # every command, in that guild
    assert to_global[-1].json == []  # and none left globally
    names = world.ana.available_commands(world.channel)
    assert "game new" in names and "move" in names
    opened = await world.ana.slash(world.channel, "game new", game="sealed")
    assert "new table is open" in said(opened)


async def test_the_bot_is_sharded_and_ignores_messages(world):
    assert isinstance(world.bot, commands.AutoShardedBot)
    assert not world.bot.intents.messages  # no message events at all
    before = len(world.env.http_requests)
    await world.ana.send(world.channel, f"<@{world.bot.user.id}> hello")
    assert len(world.env.http_requests) == before  # nothing answered, nothing fetched


async def test_create_bot_accepts_shard_ids(tmp_path):
    from bot import create_bot

    bot = await create_bot(tmp_path / "s.db", shard_ids=[1, 3], shard_count=4)
    try:
        assert bot.shard_ids == [1, 3] and bot.shard_count == 4
        assert bot.store.shards is not None and bot.store.shards.ids == {1, 3}
    finally:
        await bot.store.close()
