"""``/tournament``, ``/rating``, ``/leaderboard``, ``/stats`` and ``/game new rated:false`` on
SimCord (issues 8 and 13): a round is created in real threads, played, and the next one paired."""

from __future__ import annotations

import json

import discord
import pytest

from tests.cogs.sim import accepted, lobby_post, private, said, stub_render, texts


@pytest.fixture(autouse=True)
def _no_images(monkeypatch):
    monkeypatch.setattr("host.notify.render_png_async", stub_render)


async def tables_of_round(world):
    tournament = await world.bot.store.channel_tournament(world.channel.id)
    rows = await world.bot.store.pairings(tournament.id)
    return [r for r in rows if r.round == tournament.round and not r.bye]


def thread_of(world, channel_id):
    return next(t for t in world.channel.threads if t.id == channel_id)


async def test_game_autocomplete_offers_the_bots_games(world):
    offered = await world.ana.autocomplete(
        world.channel, "tournament create", "game", "pod", name="Cup"
    )
    assert [c["value"] for c in offered] == ["podium"]


async def test_a_whole_tournament_in_threads_with_a_restart(world):
    di = world.add_member("di")
    made = await world.ana.slash(
        world.channel, "tournament create", name="Spring Cup", game="sealed", format="roundrobin"
    )
    # Public news are ordinary channel posts; the member's own answer is private.
    assert private(made) and "Spring Cup" in world.channel.last_message.content
    roster = world.channel.last_message
    for count, member in enumerate((world.ana, world.bo, di), start=1):
        joined = await member.slash(world.channel, "tournament join")
        # One sign-up post, edited: the count and the names (issue 40).
        assert private(joined) and world.channel.last_message.id == roster.id
        assert f"Sign-up is open ({count})" in world.channel.last_message.content
    refused = await world.bo.slash(world.channel, "tournament start")
    assert refused.ephemeral and "Only the organiser" in said(refused)
    started = await world.ana.slash(world.channel, "tournament start")
    assert accepted(started) and "Sign-up is closed (3)" in texts(world.channel)[0]
    assert any("round 1 of 3 is paired" in t and "Bye:" in t for t in texts(world.channel))
    members = world.members
    for round_no in (1, 2, 3):
        [row] = await tables_of_round(world)
        table = await world.bot.store.get_table(row.table_id)
        thread = thread_of(world, table.channel_id)
        assert f"round {round_no}, table 1" in thread.name
        assert any("Spring Cup" in t for t in texts(thread))
        while (live := await world.bot.store.live_table(thread.id)) is not None:
            engine = world.bot.tables.engine(live.game)
            seat = engine.to_move(engine.decode(live.state))[0]
            member = members[live.user_of(seat)]
            move = (await world.bot.tables.legal_moves(thread.id, member.id))[0]
            done = await member.slash(thread, "move", move=move)
            assert accepted(done), said(done)
        await world.bot.tournaments.settle()
        await world.env.settle()
        if round_no == 1:
            await world.restart()
    status = await world.bo.slash(world.channel, "tournament status")
    assert "Finished after 3 rounds" in said(status)
    assert any("is over" in t for t in texts(world.channel))
    shown = await world.bo.slash(world.channel, "tournament standings")
    assert accepted(shown)
    assert world.channel.last_message.attachments  # the standings image
    assert "opponents' points" in world.channel.last_message.content
    exported = await world.bo.slash(world.channel, "tournament export")
    record = json.loads(await exported.response.attachments[0].read())
    assert len(record["rounds"]) == 3 and len(record["entrants"]) == 3
    for member in (world.ana, world.bo, di):
        rating = await world.cy.slash(world.channel, "rating", user=member, game="sealed")
        assert "2 rated games" in said(rating)
        stats = await world.cy.slash(world.channel, "stats", user=member)
        assert "2 games" in said(stats)
    board = await world.cy.slash(world.channel, "leaderboard", game="sealed")
    assert not board.ephemeral and said(board).count("\n") == 3


async def test_drop_in_a_thread_and_organiser_drop(world):
    di = world.add_member("di")
    await world.ana.slash(
        world.channel,
        "tournament create",
        name="Cup",
        game="podium",
        format="swiss",
        size=2,
        rounds=2,
    )
    for member in (world.ana, world.bo, world.cy, di):
        await member.slash(world.channel, "tournament join")
    await world.ana.slash(world.channel, "tournament start")
    rows = await tables_of_round(world)
    first = await world.bot.store.get_table(rows[0].table_id)
    thread = thread_of(world, first.channel_id)
    dropped = await world.bo.slash(thread, "tournament drop")
    assert private(dropped) and "bo dropped out" in thread.last_message.content
    refused = await di.slash(world.channel, "tournament drop", player=world.cy)
    assert refused.ephemeral and "Only the organiser" in said(refused)
    by_admin = await world.cy.slash(world.channel, "tournament drop", player=di)
    assert private(by_admin) and "di dropped out" in world.channel.last_message.content


async def test_bad_input_is_answered_privately(world):
    nothing = await world.ana.slash(world.channel, "tournament standings")
    assert nothing.ephemeral and "no tournament" in said(nothing)
    bad = await world.ana.slash(
        world.channel, "tournament create", name="Cup", game="sealed", size=6
    )
    assert bad.ephemeral and "tables of 2 to 4" in said(bad)
    unknown = await world.ana.slash(world.channel, "leaderboard", game="chess")
    assert unknown.ephemeral and "Unknown game" in said(unknown)
    await world.ana.slash(world.channel, "tournament create", name="Cup", game="sealed")
    await world.bo.slash(world.channel, "tournament join")
    twice = await world.bo.slash(world.channel, "tournament join")
    assert twice.ephemeral and "already signed up" in said(twice)
    early = await world.ana.slash(world.channel, "tournament start")
    assert early.ephemeral and "At least 3 players" in said(early)


async def test_a_tournament_does_not_start_where_the_bot_cannot_make_threads(world):
    me = world.guild.me
    hall = world.guild.create_text_channel(
        "hall", overwrites={me: discord.PermissionOverwrite(create_public_threads=False)}
    )
    di = world.add_member("di")
    await world.ana.slash(hall, "tournament create", name="Cup", game="sealed")
    for member in (world.ana, world.bo, di):
        await member.slash(hall, "tournament join")
    refused = await world.ana.slash(hall, "tournament start")
    assert refused.ephemeral and "Create Public Threads" in said(refused)
    assert not hall.threads
    tournament = await world.bot.store.channel_tournament(hall.id)
    assert tournament.status == "signup"  # nothing started: fix the permission and start again


async def test_game_new_rated_false_opens_a_casual_table(world):
    opened = await world.ana.slash(world.channel, "game new", game="podium", rated=False)
    assert accepted(opened) and "unrated" in lobby_post(world.channel).content
    assert not (await world.table()).rated
