"""Play-by-post on SimCord, in virtual time (issues 7 and 13): reminders and timeouts fire from
the background loop as ``env.advance_time`` moves the clock; undo votes, seats, threads, server
settings, preferences, watching and the archive."""

from __future__ import annotations

import json

import discord
import pytest

from tests.cogs.sim import accepted, dms, private, said, stub_render, texts

H = 3600


@pytest.fixture(autouse=True)
def _no_images(monkeypatch):
    monkeypatch.setattr("host.notify.render_png_async", stub_render)


async def start(world, players=None, pace="normal"):
    players = players or [world.ana, world.bo]
    await players[0].slash(world.channel, "game new", game="sealed", pace=pace)
    for member in players[1:]:
        await member.slash(world.channel, "game join")
    return await players[0].slash(world.channel, "game start")


async def play_first(world, member):
    move = (await world.bot.tables.legal_moves(world.channel.id, member.id))[0]
    return await member.slash(world.channel, "move", move=move)


@pytest.mark.simcord(settle_timeout=60)  # a day of virtual ticks, on a busy 2-core machine
async def test_a_timed_game_is_reminded_and_times_out_in_virtual_time(world):
    await start(world)
    await play_first(world, world.ana)
    await world.env.advance_time(13 * H)  # the 60 s loop runs on its own
    reminders = [t for t in texts(world.channel) if "it is your turn" in t]
    assert len(reminders) == 1 and world.bo.mention in reminders[0]
    early = await world.ana.slash(world.channel, "game skip", player=world.bo)
    assert early.ephemeral and "still has time" in said(early)
    await world.env.advance_time(40 * H)
    assert any("has run out" in t for t in texts(world.channel))
    skipped = await world.ana.slash(world.channel, "game skip", player=world.bo)
    assert private(skipped) and accepted(skipped)  # the member's answer: a short "done"
    assert any("skipped" in t for t in texts(world.channel))  # the post: an ordinary one
    status = await world.ana.slash(world.channel, "game status")
    assert "Clocks (normal)" in said(status)


async def test_undo_alone_and_by_vote_buttons(world):
    await start(world, players=[world.ana, world.bo, world.cy])
    await play_first(world, world.ana)
    undone = await world.ana.slash(world.channel, "undo")
    assert accepted(undone) and "took back 1 move" in world.channel.last_message.content
    await play_first(world, world.ana)
    await play_first(world, world.bo)
    request = await world.ana.slash(world.channel, "undo")
    post = world.channel.last_message
    assert any(c.label == "Allow undo" for row in post.components for c in row.children)
    own = await world.ana.click(post, label="Allow undo")
    assert private(own) and "not needed" in said(own)
    await world.restart()  # the vote buttons outlive a restart
    for voter in (world.bo, world.cy):
        pressed = await voter.click(post, label="Allow undo")
        assert accepted(pressed), said(pressed)
    assert (await world.table()).move_count == 0
    del request


async def test_replace_sends_the_hand_to_the_new_player(world):
    await start(world)
    dee = world.add_member("dee")
    refused = await world.bo.slash(world.channel, "game replace", old=world.ana, new=dee)
    assert refused.ephemeral
    done = await world.cy.slash(world.channel, "game replace", old=world.bo, new=dee)
    assert accepted(done) and any("dee replaced bo" in t for t in texts(world.channel))
    assert dms(dee) and "Your hand:" in dms(dee)[-1]


async def test_game_in_a_thread(world):
    opened = await world.ana.slash(world.channel, "game new", game="sealed", thread=True)
    (thread,) = world.channel.threads
    assert thread.mention in said(opened)
    assert "new table is open" in texts(thread)[0]
    assert await world.bot.store.live_table(thread.id) is not None
    assert await world.table() is None


async def test_thread_checks_come_before_the_thread(world):
    bad = await world.ana.slash(world.channel, "game new", game="sealed", thread=True, players=6)
    assert bad.ephemeral and not world.channel.threads  # refused, and no orphan thread
    closed = world.guild.create_text_channel(
        "no-threads",
        overwrites={
            world.guild.default_role: discord.PermissionOverwrite(create_public_threads=False)
        },
    )
    refused = await world.ana.slash(closed, "game new", game="sealed", thread=True)
    assert refused.ephemeral and "thread" in said(refused) and not closed.threads


async def test_settings_limit_channels_and_roles(world):
    assert "settings" not in world.ana.available_commands(world.channel)  # Manage Server only
    other = world.guild.create_text_channel("other")
    role = world.guild.create_role("Openers")
    shown = await world.cy.slash(
        world.channel, "settings", allow_channel=other, opener_role=role, pace="slow"
    )
    assert other.mention in said(shown) and "slow" in said(shown)
    refused = await world.ana.slash(world.channel, "game new", game="sealed")
    assert refused.ephemeral and "cannot be opened in this channel" in said(refused)


async def test_prefs_away_and_mygames(world):
    bad = await world.ana.slash(world.channel, "prefs", timezone="Mars/Olympus")
    assert bad.ephemeral and "Unknown time zone" in said(bad)
    saved = await world.ana.slash(
        world.channel, "prefs", timezone="Europe/Athens", quiet_from=22, quiet_to=7
    )
    assert "22:00-7:00" in said(saved)
    await start(world)
    await world.env.advance_time(3 * H)
    listed = await world.bo.slash(world.channel, "mygames")
    assert "your move" in said(listed)
    away = await world.bo.slash(world.channel, "away", days=2)
    assert "paused in 1 game" in said(away)


async def test_watch_export_and_replay(world):
    await start(world)
    eve = world.add_member("eve")
    await eve.slash(world.channel, "game watch")
    await play_first(world, world.ana)  # the bidding goes on in the same post: no copy yet
    assert dms(eve) == []
    await play_first(world, world.bo)  # the bids are revealed in a new post, copied to watchers
    assert len(dms(eve)) == 1 and "revealed" in dms(eve)[-1]
    assert "Your hand" not in dms(eve)[-1]
    early = await world.ana.slash(world.channel, "game export")
    assert early.ephemeral
    while (await world.bot.store.latest_table(world.channel.id)).status == "active":
        await play_first(world, await world.waiting())
    exported = await world.bo.slash(world.channel, "game export")
    attachment = exported.response.attachments[0]
    record = json.loads(await attachment.read())
    assert record["game"] == "sealed" and len(record["moves"]) == 6
    replay = await world.cy.slash(world.channel, "game replay", move=2)
    assert private(replay) and "after move 2 of 6" in world.channel.last_message.content
    beyond = await world.cy.slash(world.channel, "game replay", move=9)
    assert beyond.ephemeral and "between 0 and 6" in said(beyond)


async def test_replay_runs_off_the_event_loop(world, monkeypatch):
    import threading

    await start(world)
    await play_first(world, world.ana)
    engine = world.bot.tables.engine("sealed")
    real, threads = engine.apply, []

    def spying(*args, **kwargs):
        threads.append(threading.current_thread())
        return real(*args, **kwargs)

    monkeypatch.setattr(engine, "apply", spying)
    shown = await world.cy.slash(world.channel, "game replay", move=1)
    assert accepted(shown) and "after move 1 of 1" in world.channel.last_message.content
    assert threads and threading.main_thread() not in threads
