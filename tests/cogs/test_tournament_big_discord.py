"""Tournaments of 128 on SimCord (issue 40 section 1): every table of a round is listed in the
channel with its players, over as many posts as it takes (each within Discord's 2,000
characters, never cut inside a line or a mention); sign-up is one post, edited as people sign
up; the standings say what they are ("live, round 1 of 3"), in their heading and alt text."""

from __future__ import annotations

import re
import sys

import discord
import pytest

from host.tournaments import shown
from tests.cogs.sim import private, requests, said, stub_render


@pytest.fixture(autouse=True)
def _no_images(monkeypatch, world):
    monkeypatch.setattr("host.notify.render_png_async", stub_render)

    async def standings_png(title, subtitle, rows, lang="en"):
        return b"\x89PNG stub"

    monkeypatch.setattr(
        sys.modules["cogs.tournament"], "tournament_standings_png_async", standings_png
    )


def posts(channel) -> list:
    """The bot's own posts (not Discord's "thread created" notes)."""
    return [m for m in channel.history() if m.author.bot and m.type == discord.MessageType.default]


def tables_listed(channel, rows, names) -> int:
    """How many of ``rows`` (a round's tables) a channel post lists with all their players."""
    texts = [m.content for m in posts(channel)]
    listed = 0
    for row in rows:
        line = f"Table {row.board}: " + ", ".join(shown(names[u]) for u in row.players)
        listed += any(line in text.split("\n") for text in texts)
    return listed


def assert_whole_lines(channel) -> None:
    for message in posts(channel):
        assert len(message.content) <= 2000, len(message.content)
        for line in message.content.split("\n"):
            # A mention is never cut: every "<#" or "<@" is closed on its line.
            assert len(re.findall(r"<[#@]", line)) == len(re.findall(r"<[#@]\d+>", line)), line


async def test_a_128_player_drake_tournament_lists_every_table_and_signs_up_in_one_post(world):
    made = await world.ana.slash(world.channel, "tournament create", name="Big Cup", game="drake")
    assert private(made)
    [roster] = posts(world.channel)
    service = world.bot.tournaments
    names = {}
    for n in range(127):
        user = 10_000 + n
        names[user] = f"Captain [Long] Name of entrant {n:03d}"  # markdown, made safe in posts
        await service.join(world.channel.id, user, names[user])
    joined = await world.bo.slash(world.channel, "tournament join")  # and one by the command
    names[world.bo.id] = "bo"
    assert private(joined) and said(joined) == "You are signed up."
    await world.env.settle()
    signed = posts(world.channel)
    edits = requests(world.env, "PATCH", f"/channels/{world.channel.id}/messages/{roster.id}")
    print(f"posts for 128 sign-ups: {len(signed)}; edits of the sign-up post: {len(edits)}")
    assert [m.id for m in signed] == [roster.id] and len(edits) == 128
    text = signed[0].content
    assert "Sign-up is open (128)" in text and len(text) <= 2000
    assert "tournament status" in text and "lists everyone" in text

    started = await world.ana.slash(world.channel, "tournament start")
    assert private(started), said(started)
    await world.env.settle()
    tournament = await world.bot.store.channel_tournament(world.channel.id)
    rows = [r for r in await world.bot.store.pairings(tournament.id) if not r.bye]
    assert len(rows) == 26
    listed = tables_listed(world.channel, rows, names)
    notices = len(posts(world.channel)) - 1
    print(f"tables listed: {listed} of {len(rows)}, in {notices} posts at the start")
    assert listed == 26
    assert_whole_lines(world.channel)
    assert "Sign-up is closed (128)" in posts(world.channel)[0].content

    # Standings while round 1 is played: live, not "after round 1", and not "final" in alt text.
    shown_standings = await world.cy.slash(world.channel, "tournament standings")
    assert private(shown_standings)
    post = world.channel.last_message
    assert "standings, live, round 1 of 3: 0 of 26 tables finished" in post.content
    image = next(a for a in post.attachments if a.filename == "standings.png")
    assert image.description.startswith("Tournament standings, live, round 1 of 3")
    assert "final" not in image.description


async def standings_post(world):
    answer = await world.cy.slash(world.channel, "tournament standings")
    assert private(answer), said(answer)
    post = world.channel.last_message
    image = next(a for a in post.attachments if a.filename == "standings.png")
    return post.content.split("\n")[0], image.description


async def test_the_standings_say_what_they_are_live_after_a_round_or_final(world):
    """Issue 40: "standings after round 1" was posted while round 1 was running, and the image's
    alt text said "final standings"."""
    di = world.add_member("di")
    members = {m.id: m for m in (world.ana, world.bo, world.cy, di)}
    await world.ana.slash(
        world.channel, "tournament create", name="Cup", game="podium", size=2, rounds=2
    )
    for member in members.values():
        await member.slash(world.channel, "tournament join")
    head, alt = await standings_post(world)
    assert "standings, before round 1." in head and alt.startswith("Tournament standings, before")
    await world.ana.slash(world.channel, "tournament start")
    head, alt = await standings_post(world)
    assert "standings, live, round 1 of 2: 0 of 2 tables finished." in head, head
    assert alt.startswith("Tournament standings, live, round 1 of 2") and "final" not in alt
    for round_no in (1, 2):
        tournament = await world.bot.store.channel_tournament(world.channel.id)
        for index, row in enumerate(await world.bot.store.pairings(tournament.id)):
            if row.round != round_no or row.bye:
                continue
            table = await world.bot.store.get_table(row.table_id)
            thread = next(t for t in world.channel.threads if t.id == table.channel_id)
            for user_id in row.players:
                await members[user_id].slash(thread, "move", move=f"score {user_id % 10}")
            await world.bot.tournaments.settle()
            await world.env.settle()
            if round_no == 1 and index == 0:
                head, _ = await standings_post(world)
                assert "live, round 1 of 2: 1 of 2 tables finished." in head, head
    head, alt = await standings_post(world)
    assert "standings, final, after round 2." in head, head
    assert alt.startswith("Tournament standings, final, after round 2.")
