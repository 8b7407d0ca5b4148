"""The Discord adapter, driven through the real command and button callbacks with faked
interactions (issue 2 part 5). Nothing here talks to Discord."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot import create_bot
from cogs.common import LobbyButton, MoveButton
from engines import ENGINES
from tests.cogs.fakes import FakeDiscord, FakeInteraction
from tests.sealed_bids import ENGINE as SEALED

CH = 4242
ANA, BO, CY = 11, 12, 13
TEST_ENGINES = {**ENGINES, SEALED.id: SEALED}


class Table:
    """A bot plus a fake Discord; ``restart()`` rebuilds the bot on the same database file."""

    def __init__(self, path):
        self.path = path
        self.bot = None
        self.discord = None

    async def start(self):
        self.bot = await create_bot(self.path, engines=TEST_ENGINES)
        if self.discord is None:
            self.discord = FakeDiscord(self.bot)
            self.channel = self.discord.channel(CH)
            self.ana = self.discord.user(ANA, "Ana")
            self.bo = self.discord.user(BO, "Bo")
            self.cy = self.discord.user(CY, "Cy", admin=True)
        else:
            self.discord.attach(self.bot)
        return self

    async def restart(self):
        await self.bot.store.close()
        await self.start()

    def interaction(self, user, **kw):
        return FakeInteraction(self.bot, user, self.channel, **kw)

    @property
    def game(self):
        return self.bot.get_cog("GameCog")

    @property
    def play(self):
        return self.bot.get_cog("PlayCog")

    async def run(self, cog, name, user, *args, **kwargs):
        interaction = self.interaction(user)
        await getattr(cog, name).callback(cog, interaction, *args, **kwargs)
        return interaction

    async def open_and_start(self, game="sealed", users=None):
        users = users or [self.ana, self.bo]
        await self.run(self.game, "game_new", users[0], game)
        for user in users[1:]:
            await self.run(self.game, "game_join", user)
        return await self.run(self.game, "game_start", users[0])

    async def waiting_user(self):
        table = await self.bot.store.live_table(CH)
        engine = self.bot.tables.engine(table.game)
        seat = engine.to_move(engine.decode(table.state))[0]
        return self.discord.users[table.user_of(seat)]


@pytest.fixture
async def table(tmp_path):
    t = await Table(tmp_path / "bot.db").start()
    yield t
    await t.bot.store.close()


async def test_create_bot_loads_every_cog_without_connecting(table):
    assert {"GameCog", "PlayCog"} <= set(table.bot.cogs)
    names = {c.qualified_name for c in table.bot.tree.walk_commands()}
    for name in (
        "game new",
        "game join",
        "game leave",
        "game start",
        "game abort",
        "game status",
        "game list",
        "move",
        "board",
        "hand",
        "log",
        "rules",
    ):
        assert name in names


async def test_lobby_buttons_join_and_start(table):
    opened = await table.run(table.game, "game_new", table.ana, "sealed")
    assert "new table is open" in opened.last.content and opened.last.view is not None
    table_id = (await table.bot.store.live_table(CH)).id
    press = table.interaction(table.bo, component=True)
    await LobbyButton("join", table_id).callback(press)
    assert "Bo" in press.edits[-1]["content"]
    again = table.interaction(table.bo, component=True)
    await LobbyButton("join", table_id).callback(again)
    assert again.last.ephemeral and "already in" in again.last.content
    start = table.interaction(table.ana, component=True)
    await LobbyButton("start", table_id).callback(start)
    assert "begins" in start.last.content
    assert table.ana.dms and table.bo.dms  # each player's private view by DM


async def test_errors_are_ephemeral_and_specific(table):
    no_game = await table.run(table.play, "move", table.ana, "bid 1")
    assert no_game.last.ephemeral and "no game" in no_game.last.content
    await table.open_and_start()
    outsider = await table.run(table.play, "move", table.cy, "bid 1")
    assert outsider.last.ephemeral and "not a player" in outsider.last.content
    bad = await table.run(table.play, "move", table.ana, "fly away")
    assert (
        bad.last.ephemeral and "not a legal move" in bad.last.content and "bid" in bad.last.content
    )
    assert (await table.bot.store.live_table(CH)).move_count == 0


async def test_autocomplete_offers_only_the_callers_moves(table):
    await table.open_and_start()
    cog = table.play
    choices = await cog.move_autocomplete(table.interaction(table.ana), "bid")
    assert choices and all(c.value.startswith("bid") for c in choices)
    assert await cog.move_autocomplete(table.interaction(table.cy), "") == []


async def test_secret_bid_goes_by_dm_not_to_the_channel(table):
    await table.open_and_start()
    hand = (await table.bot.tables.hand(CH, ANA))[1]["private"]["hand"]
    move = f"bid {hand[-1]}"
    accepted = await table.run(table.play, "move", table.ana, move)
    public = accepted.last
    assert not public.ephemeral and "has bid" in public.content
    assert f"bid {hand[-1]}" not in public.content
    assert f"You bid {hand[-1]}" in table.ana.dms[-1].content
    assert not any(f"You bid {hand[-1]}" in (d.content or "") for d in table.bo.dms)
    hand_reply = await table.run(table.play, "hand", table.ana)
    assert hand_reply.last.ephemeral and "Your hand:" in hand_reply.last.content


async def test_closed_dms_are_announced_in_the_channel(table):
    table.bo.dms_open = False
    await table.open_and_start()
    notices = [s.content for s in table.channel.sent if "/hand" in (s.content or "")]
    assert notices and "<@12>" in notices[0]


async def test_full_game_with_a_restart_after_every_move(table):
    await table.open_and_start()
    moves = 0
    while (live := await table.bot.store.live_table(CH)) is not None:
        user = await table.waiting_user()
        move = (await table.bot.tables.legal_moves(CH, user.id))[0]
        done = await table.run(table.play, "move", user, move)
        assert not done.last.ephemeral, done.last.content
        moves += 1
        await table.restart()
        assert (await table.bot.store.latest_table(CH)).move_count == moves
        del live
    status = await table.run(table.game, "game_status", table.ana)
    assert "Final standings" in status.last.content
    log = await table.run(table.play, "log", table.ana, 50)
    assert log.last.content.count("\n") + 1 == moves


async def test_move_buttons_and_a_double_click(table):
    await table.open_and_start()
    live = await table.bot.store.live_table(CH)
    moves = await table.bot.tables.legal_moves(CH, ANA)
    first = table.interaction(table.ana, component=True)
    second = table.interaction(table.ana, component=True)
    await asyncio.gather(
        MoveButton(live.id, live.version, 0).callback(first),
        MoveButton(live.id, live.version, 0).callback(second),
    )
    outcomes = [first.last, second.last]
    assert sum(o.ephemeral for o in outcomes) == 1, [o.content for o in outcomes]
    assert (await table.bot.store.live_table(CH)).move_count == 1
    stale = table.interaction(table.bo, component=True)
    await MoveButton(live.id, live.version, 0).callback(stale)
    assert stale.last.ephemeral and "out of date" in stale.last.content
    assert moves


async def test_abort_needs_the_opener_or_manage_channels(table):
    await table.open_and_start()
    refused = await table.run(table.game, "game_abort", table.bo)
    assert refused.last.ephemeral and "Only the player who opened" in refused.last.content
    done = await table.run(table.game, "game_abort", table.cy)  # Cy has Manage Channels
    assert "aborted" in done.last.content
    assert await table.bot.store.live_table(CH) is None


async def test_game_list_and_status(table):
    await table.run(table.game, "game_new", table.ana, "sealed")
    listed = await table.run(table.game, "game_list", table.ana)
    assert f"<#{CH}>" in listed.last.content and "lobby" in listed.last.content
    status = await table.run(table.game, "game_status", table.ana)
    assert "Waiting for players" in status.last.content


async def test_rules_topics_and_data_provenance(table):
    for game in ENGINES:
        shown = await table.run(table.play, "rules", table.ana, game, "data")
        assert "records" in shown.last.content
        summary = await table.run(table.play, "rules", table.ana, game)
        assert "summary" in summary.last.content
    unknown = await table.run(table.play, "rules", table.ana, "chess")
    assert unknown.last.ephemeral and "Unknown game" in unknown.last.content


async def test_unexpected_errors_are_logged_with_the_game_and_answered_politely(table, caplog):
    from discord import app_commands

    await table.open_and_start()
    interaction = table.interaction(table.ana)
    live = await table.bot.store.live_table(CH)
    with caplog.at_level("ERROR", logger="portolan"):
        await table.bot.on_app_command_error(interaction, app_commands.AppCommandError("kaboom"))
    assert interaction.last.ephemeral and "something went wrong" in interaction.last.content
    assert "kaboom" not in interaction.last.content
    assert f"table {live.id}" in caplog.text


def _game_configurations() -> list:
    from tests.conformance import configurations

    return [
        pytest.param(g, n, v, id=f"{g}-{v}-{n}p")
        for g, engine in sorted(ENGINES.items())
        for n, v in configurations(engine)
    ]


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players", "variant"), _game_configurations())
async def test_full_game_of_each_game_through_the_cogs(
    tmp_path, monkeypatch, game_id, players, variant
):
    """A whole game, for every player count and variant, through /game new, the lobby, /move and
    the board posts, with a bot restart every 40 moves. The first configuration of each game draws
    every board for real; the others stub the renderer, which changes nothing in the cog flow and
    saves minutes of CI."""
    from tests.conformance import configurations

    real_images = (players, variant) == configurations(ENGINES[game_id])[0]
    if not real_images:

        async def fake_render(spec):
            return b"png" if spec else None

        monkeypatch.setattr("cogs.common.render_png_async", fake_render)
    t = await Table(tmp_path / "game.db").start()
    try:
        users = [t.ana, t.bo, t.cy] + [t.discord.user(100 + i, f"P{i}") for i in range(4, 7)]
        users = users[:players]
        await t.run(t.game, "game_new", users[0], game_id, variant, players)
        for user in users[1:]:
            await t.run(t.game, "game_join", user)
        started = await t.run(t.game, "game_start", users[0])
        assert started.last.png, "the opening board is posted"
        moves = 0
        chooser = random.Random(game_id)
        while await t.bot.store.live_table(CH) is not None:
            assert moves < 5000, "the game did not end"
            user = await t.waiting_user()
            options = await t.bot.tables.legal_moves(CH, user.id)
            done = await t.run(t.play, "move", user, chooser.choice(options))
            assert not done.sent[0].ephemeral, done.sent[0].content
            assert done.sent[0].png, "every accepted move posts the board"
            moves += 1
            if moves % 40 == 0:
                await t.restart()
        table = await t.bot.store.latest_table(CH)
        assert table.status == "finished" and table.move_count == moves
        final = "\n".join(s.content or "" for s in done.sent)
        assert "Final standings" in final
    finally:
        await t.bot.store.close()
