"""Play-by-post commands through the real cog callbacks, on a fake clock (issue 7)."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from cogs.common import UndoButton
from host import clocks
from tests.cogs.fakes import FakeInteraction
from tests.cogs.test_cogs import ANA, CH, Table
from tests.host.test_life import FakeClock


@pytest.fixture
async def table(tmp_path):
    t = await Table(tmp_path / "bot.db").start()
    t.clock = FakeClock()
    t.bot.tables.now = t.clock
    yield t
    await t.bot.store.close()


@pytest.fixture
def life(table):
    return table.bot.get_cog("LifeCog")


async def start(table, users=None, pace="normal"):
    users = users or [table.ana, table.bo]
    await table.run(table.game, "game_new", users[0], "sealed", None, None, pace)
    for user in users[1:]:
        await table.run(table.game, "game_join", user)
    return await table.run(table.game, "game_start", users[0])


async def play_first(table, user):
    move = (await table.bot.tables.legal_moves(CH, user.id))[0]
    return await table.run(table.play, "move", user, move)


def posts(channel) -> str:
    return "\n".join(s.content or "" for s in channel.sent)


async def test_a_timed_game_stalls_is_reminded_skipped_and_finished(table):
    await start(table)
    await play_first(table, table.ana)
    table.clock.advance(13)
    await table.bot.outbox_loop()  # the background task, run once
    assert "it is your turn" in posts(table.channel) and "<@12>" in posts(table.channel)
    early = await table.run(table.game, "game_skip", table.ana, table.bo)
    assert early.last.ephemeral and "still has time" in early.last.content
    table.clock.advance(40)
    await table.bot.outbox_loop()
    assert "has run out" in posts(table.channel)
    skipped = await table.run(table.game, "game_skip", table.ana, table.bo)
    assert "skipped" in skipped.last.content
    status = await table.run(table.game, "game_status", table.ana)
    assert "Clocks (normal)" in status.last.content
    await play_first(table, table.ana)
    table.clock.advance(24 * 10)
    expelled = await table.run(table.game, "game_expel", table.ana, table.bo)
    assert "expelled" in "\n".join(s.content for s in expelled.sent)
    while (await table.bot.store.latest_table(CH)).status == "active":
        await play_first(table, table.ana)
    assert (await table.bot.store.latest_table(CH)).status == "finished"


async def test_undo_alone_and_by_vote_buttons(table, life):
    await start(table, users=[table.ana, table.bo, table.cy])
    await play_first(table, table.ana)
    undone = await table.run(life, "undo", table.ana)
    assert "took back 1 move" in undone.last.content
    await play_first(table, table.ana)
    await play_first(table, table.bo)
    request = await table.run(life, "undo", table.ana)
    assert request.last.view is not None  # Allow / Refuse buttons
    live = await table.bot.store.live_table(CH)
    request_id = live.undo["id"]
    outsider = FakeInteraction(table.bot, table.ana, table.channel, component=True)
    await UndoButton(live.id, request_id, "yes").callback(outsider)
    assert outsider.last.ephemeral and "not needed" in outsider.last.content
    for voter in (table.bo, table.cy):
        press = FakeInteraction(table.bot, voter, table.channel, component=True)
        await UndoButton(live.id, request_id, "yes").callback(press)
        assert not press.last.ephemeral
    assert (await table.bot.store.live_table(CH)).move_count == 0


async def test_replace_sends_the_hand_to_the_new_player(table):
    await start(table)
    dee = table.discord.user(14, "Dee")
    refused = await table.run(table.game, "game_replace", table.bo, table.ana, dee)
    assert refused.last.ephemeral
    done = await table.run(table.game, "game_replace", table.cy, table.bo, dee)  # Cy is an admin
    assert "Dee replaced Bo" in done.last.content
    assert dee.dms and "Your hand:" in dee.dms[-1].content  # the seat's private view
    assert (await table.bot.tables.hand(CH, 14))[1]["seat"] == 1


async def test_game_in_a_thread(table):
    opened = await table.run(table.game, "game_new", table.ana, "sealed", None, None, None, True)
    assert "new table is open in <#" in opened.last.content
    thread_id = int(opened.last.content.split("<#")[1].split(">")[0])
    thread = table.discord.channels[thread_id]
    assert "new table is open" in thread.sent[0].content
    live = await table.bot.store.live_table(thread_id)
    assert live is not None and await table.bot.store.live_table(CH) is None


async def test_settings_limit_channels_and_roles(table, life):
    denied = await table.run(life, "settings", table.ana)
    assert denied.last.ephemeral and "Manage Server" in denied.last.content
    other = SimpleNamespace(id=5555)
    role = SimpleNamespace(id=777, is_default=lambda: False)
    shown = await table.run(life, "settings", table.cy, other, None, role, "slow")
    assert "<#5555>" in shown.last.content and "slow" in shown.last.content
    refused = await table.run(table.game, "game_new", table.ana, "sealed")
    assert refused.last.ephemeral and "cannot be opened in this channel" in refused.last.content
    await table.run(life, "settings", table.cy, SimpleNamespace(id=CH))
    no_role = await table.run(table.game, "game_new", table.ana, "sealed")
    assert no_role.last.ephemeral and "role" in no_role.last.content
    table.ana.roles = [SimpleNamespace(id=777)]
    await table.run(table.game, "game_new", table.ana, "sealed")
    assert (await table.bot.store.live_table(CH)).pace == "slow"  # the server default


async def test_prefs_away_and_mygames(table, life):
    bad = await table.run(life, "prefs", table.ana, "Mars/Olympus")
    assert bad.last.ephemeral and "Unknown time zone" in bad.last.content
    saved = await table.run(life, "prefs", table.ana, "Europe/Athens", 22, 7, "dm", 6)
    assert "Europe/Athens" in saved.last.content and "22:00-7:00" in saved.last.content
    assert (await table.bot.store.get_prefs(ANA))["remind_by"] == "dm"
    await start(table)
    table.clock.advance(3)
    listed = await table.run(life, "mygames", table.bo)
    assert "your turn" in listed.last.content and "3h" in listed.last.content
    away = await table.run(life, "away", table.bo, 2)
    assert "paused in 1 game" in away.last.content
    assert "away for 2 day" in posts(table.channel)
    live = await table.bot.store.live_table(CH)
    assert clocks.is_away(live.clock, 1, table.clock())


async def test_watch_export_and_replay(table):
    await start(table)
    watcher = table.discord.user(15, "Eve")
    await table.run(table.game, "game_watch", watcher)
    await play_first(table, table.ana)  # the bidding goes on in the same post: no copy yet
    assert watcher.dms == []
    await play_first(table, table.bo)  # the bids are revealed in a new post, copied to watchers
    assert len(watcher.dms) == 1 and "revealed" in watcher.dms[-1].content
    assert "Your hand" not in watcher.dms[-1].content
    early = await table.run(table.game, "game_export", table.ana)
    assert early.last.ephemeral
    while (await table.bot.store.latest_table(CH)).status == "active":
        live = await table.bot.store.live_table(CH)
        engine = table.bot.tables.engine(live.game)
        seat = engine.to_move(engine.decode(live.state))[0]
        await play_first(table, table.discord.users[live.user_of(seat)])
    exported = await table.run(table.game, "game_export", table.bo)
    record = json.loads(exported.last.file.fp.getvalue())
    assert record["game"] == "sealed" and len(record["moves"]) == 6
    replay = await table.run(table.game, "game_replay", table.cy, 2)  # not a player: may look
    assert "after move 2 of 6" in replay.last.content
