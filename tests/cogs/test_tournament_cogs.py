"""/tournament, /rating, /leaderboard, /stats and /game new rated:false through the real cog
callbacks with faked interactions (issue 8). Nothing here talks to Discord."""

from __future__ import annotations

import json

import pytest

from bot import create_bot
from engines import ENGINES
from tests.cogs.fakes import FakeDiscord, FakeInteraction
from tests.podium import ENGINE as PODIUM
from tests.sealed_bids import ENGINE as SEALED

HALL = 6060
ANA, BO, CY, DI = 21, 22, 23, 24
TEST_ENGINES = {**ENGINES, SEALED.id: SEALED, PODIUM.id: PODIUM}


class Server:
    """A bot plus a fake Discord; ``restart()`` rebuilds the bot on the same database file."""

    def __init__(self, path) -> None:
        self.path = path
        self.discord = None

    async def start(self) -> Server:
        self.bot = await create_bot(self.path, engines=TEST_ENGINES)
        if self.discord is None:
            self.discord = FakeDiscord(self.bot)
            self.hall = self.discord.channel(HALL)
            self.ana = self.discord.user(ANA, "Ana")
            self.bo = self.discord.user(BO, "Bo")
            self.cy = self.discord.user(CY, "Cy", admin=True)
            self.di = self.discord.user(DI, "Di")
        else:
            self.discord.attach(self.bot)
        return self

    async def restart(self) -> None:
        await self.bot.tournaments.settle()
        await self.bot.store.close()
        await self.start()

    @property
    def cog(self):
        return self.bot.get_cog("TournamentCog")

    async def run(self, name, user, *args, channel=None, cog=None, **kwargs):
        cog = cog or self.cog
        interaction = FakeInteraction(self.bot, user, channel or self.hall)
        await getattr(cog, name).callback(cog, interaction, *args, **kwargs)
        return interaction

    async def tables_of_round(self):
        tournament = await self.bot.store.channel_tournament(HALL)
        rows = await self.bot.store.pairings(tournament.id)
        return [r for r in rows if r.round == tournament.round and not r.bye]


@pytest.fixture
async def server(tmp_path):
    s = await Server(tmp_path / "bot.db").start()
    yield s
    await s.bot.tournaments.settle()
    await s.bot.store.close()


async def test_commands_are_registered(server):
    names = {c.qualified_name for c in server.bot.tree.walk_commands()}
    for name in ("create", "join", "leave", "start", "status", "standings", "drop", "export"):
        assert f"tournament {name}" in names
    assert {"rating", "leaderboard", "stats"} <= names
    offered = await server.cog.game_autocomplete(
        FakeInteraction(server.bot, server.ana, server.hall), "pod"
    )
    assert [c.value for c in offered] == ["podium"]


async def test_a_whole_tournament_through_the_commands_with_a_restart(server):
    made = await server.run("create", server.ana, "Spring Cup", "sealed", format="roundrobin")
    assert not made.last.ephemeral and "Spring Cup" in made.last.content
    for user in (server.ana, server.bo, server.di):
        joined = await server.run("join", user)
        assert not joined.last.ephemeral and "signed up" in joined.last.content
    refused = await server.run("start", server.bo)
    assert refused.last.ephemeral and "Only the organiser" in refused.last.content
    started = await server.run("start", server.ana)
    assert not started.last.ephemeral and "Round 1 of 3" in started.last.content
    paired = [s.content for s in server.hall.sent if "round 1 of 3 is paired" in (s.content or "")]
    assert paired and "Bye:" in paired[0]
    play = server.bot.get_cog("PlayCog")
    for round_no in (1, 2, 3):
        [row] = await server.tables_of_round()
        table = await server.bot.store.get_table(row.table_id)
        thread = server.discord.channels[table.channel_id]
        assert thread.parent_id == HALL and f"round {round_no}, table 1" in thread.name
        assert any("Spring Cup" in (s.content or "") for s in thread.sent)
        while (live := await server.bot.store.live_table(thread.id)) is not None:
            engine = server.bot.tables.engine(live.game)
            seat = engine.to_move(engine.decode(live.state))[0]
            user = server.discord.users[live.user_of(seat)]
            move = (await server.bot.tables.legal_moves(thread.id, user.id))[0]
            done = await server.run("move", user, move, channel=thread, cog=play)
            assert not done.sent[0].ephemeral, done.sent[0].content
        await server.bot.tournaments.settle()
        if round_no == 1:
            await server.restart()
            play = server.bot.get_cog("PlayCog")
    status = await server.run("status", server.bo)
    assert "Finished after 3 rounds" in status.last.content
    assert any("is over" in (s.content or "") for s in server.hall.sent)
    shown = await server.run("standings", server.bo)
    assert shown.last.png and shown.last.png.startswith(b"\x89PNG")
    assert "opponents' points" in shown.last.content and "1. " in shown.last.content
    exported = await server.run("export", server.bo)
    record = json.loads(exported.last.file.fp.read())
    assert len(record["rounds"]) == 3 and len(record["entrants"]) == 3
    assert all(p["result"] for r in record["rounds"] for p in r["pairings"])
    # Every player played two rated games.
    for user in (server.ana, server.bo, server.di):
        rating = await server.run("rating", server.cy, user, "sealed")
        assert "2 rated games" in rating.last.content
        stats = await server.run("stats", server.cy, user)
        assert "2 games" in stats.last.content and "average place" in stats.last.content
    board = await server.run("leaderboard", server.cy, "sealed")
    assert not board.last.ephemeral and board.last.content.count("\n") == 3


async def test_drop_in_a_thread_and_organiser_drop(server):
    await server.run("create", server.ana, "Cup", "podium", format="swiss", size=2, rounds=2)
    for user in (server.ana, server.bo, server.cy, server.di):
        await server.run("join", user)
    await server.run("start", server.ana)
    rows = await server.tables_of_round()
    assert [r.players for r in rows] == [(ANA, BO), (CY, DI)]
    first, second = [await server.bot.store.get_table(r.table_id) for r in rows]
    thread = server.discord.channels[first.channel_id]
    # A player's /tournament drop works from their game's thread too.
    dropped = await server.run("drop", server.bo, channel=thread)
    assert not dropped.last.ephemeral and "Bo dropped out" in dropped.last.content
    refused = await server.run("drop", server.di, server.cy)
    assert refused.last.ephemeral and "Only the organiser" in refused.last.content
    by_admin = await server.run("drop", server.cy, server.di)  # Cy has Manage Server
    assert not by_admin.last.ephemeral and "Di dropped out" in by_admin.last.content
    again = await server.run("drop", server.cy, server.di)
    assert again.last.ephemeral and "already dropped out" in again.last.content
    # The dropped seats play default moves, so both tables still finish.
    await server.bot.tables.submit(first.channel_id, ANA, "score 5")
    await server.bot.tables.submit(second.channel_id, CY, "score 5")
    await server.bot.tournaments.settle()
    [final] = await server.tables_of_round()
    assert final.round == 2 and final.players == (ANA, CY)
    status = await server.run("status", server.ana)
    assert "Round 2 of 2" in status.last.content and "Dropped out: Bo, Di" in status.last.content


async def test_bad_input_is_answered_privately(server):
    nothing = await server.run("standings", server.ana)
    assert nothing.last.ephemeral and "no tournament" in nothing.last.content
    bad = await server.run("create", server.ana, "Cup", "sealed", size=6)
    assert bad.last.ephemeral and "tables of 2 to 4" in bad.last.content
    unknown = await server.run("leaderboard", server.ana, "chess")
    assert unknown.last.ephemeral and "Unknown game" in unknown.last.content
    await server.run("create", server.ana, "Cup", "sealed")
    await server.run("join", server.bo)
    twice = await server.run("join", server.bo)
    assert twice.last.ephemeral and "already signed up" in twice.last.content
    early = await server.run("start", server.ana)
    assert early.last.ephemeral and "At least 3 players" in early.last.content
    left = await server.run("leave", server.bo)
    assert "withdrew" in left.last.content
    none_yet = await server.run("rating", server.bo)
    assert none_yet.last.ephemeral and "no rated games" in none_yet.last.content


async def test_game_new_rated_false_opens_a_casual_table(server):
    game = server.bot.get_cog("GameCog")
    opened = await server.run("game_new", server.ana, "podium", cog=game, rated=False)
    assert "unrated" in opened.last.content
    assert not (await server.bot.store.live_table(HALL)).rated
