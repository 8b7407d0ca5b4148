"""Back after a day (issue 27) on SimCord, in virtual time: the turn post that pings a member says
what they missed, ``/catchup`` and ``/mygames`` (urgency, jump links, waited time), the daily
digest, and deadline hours."""

from __future__ import annotations

import pytest

from tests.cogs.sim import accepted, dms, requests, said, texts

H = 3600


pytestmark = pytest.mark.usefixtures("relay_and_no_images")


async def open_relay(world, channel, players, **options):
    await players[0].slash(channel, "game new", game="relay", **options)
    for member in players[1:]:
        await member.slash(channel, "game join")
    return await players[0].slash(channel, "game start")


async def act(world, channel, member, move):
    result = await member.slash(channel, "move", move=move)
    assert accepted(result), said(result)
    return result


def last_post(channel) -> str:
    return [m for m in channel.history() if m.author.bot][-1].content


async def test_the_turn_post_says_what_the_member_missed(world):
    """Issue 27 item 1: the post that pings Ana folds what Bo and Cy did since her last move."""
    ch = world.channel
    await open_relay(world, ch, [world.ana, world.bo, world.cy])
    await act(world, ch, world.ana, "pass")
    await act(world, ch, world.bo, "fish")
    await act(world, ch, world.bo, "fish")
    await act(world, ch, world.cy, "row")
    await act(world, ch, world.cy, "pass")
    post = last_post(ch)
    assert world.ana.mention in post
    # The post's own line ("cy passes.") is not said again in the catch-up.
    assert "cy passes.\n" in post
    assert "*Since ana's last move:* bo fishes twice; cy rows." in post
    await act(world, ch, world.ana, "pass")
    post = last_post(ch)
    assert world.bo.mention in post
    assert "*Since bo's last move:* cy rows and passes." in post


async def test_catchup_and_mygames_from_a_dm_with_jump_links(world):
    """Issue 27 items 1 and 3; issue 25 item 7: /mygames by urgency with the waited time right,
    jump links to the turn posts, usable in DMs; /catchup with the board for any game."""
    other = world.guild.create_text_channel("second")
    await open_relay(world, other, [world.bo, world.ana])  # Bo to move
    await world.env.advance_time(H)
    await open_relay(world, world.channel, [world.ana, world.bo])  # Ana to move
    listed = await world.ana.user.slash("mygames")
    text = said(listed)
    lines = text.splitlines()
    # Ana's move comes first, though Bo's clock in the other game has less time left.
    assert "**your move**" in lines[0] and "waiting for bo" in lines[1]
    assert "out of time" not in text and "waited just now" in lines[0]
    assert "waited 1h 00m · 1d 23h left" in lines[1]
    table = await world.table()
    post = (await world.bot.life.post_url(table)).rsplit("/", 1)[1]
    assert f"/{world.guild.id}/{world.channel.id}/{post})" in lines[0]
    assert int(post) == [m for m in world.channel.history() if m.author.bot][-1].id
    await world.env.advance_time(3 * H)
    assert "waited 3h 00m" in said(await world.ana.user.slash("mygames")).splitlines()[0]

    await act(world, world.channel, world.ana, "fish")
    await act(world, world.channel, world.ana, "row")
    choices = await world.bo.user.autocomplete("catchup", "game", "")
    # Bo's move in both; the one waiting longer (less time left) comes first.
    assert [c["value"] for c in choices] == [str((await world.table(other)).id), str(table.id)]
    assert all("your move" in c["name"] for c in choices)
    caught = await world.bo.user.slash("catchup", game=choices[1]["value"])
    assert caught.ephemeral
    assert "So far: ana fishes (now 1) and rows." in said(caught)
    assert (caught.followups or [caught.response])[-1].attachments  # the board comes along
    first = await world.bo.user.slash("catchup", game=choices[0]["value"])
    assert "No moves yet." in said(first) and "2 running games" in said(first)
    elsewhere = await world.bo.user.slash("catchup", game=str(10**6))
    assert elsewhere.ephemeral and "do not sit at that game" in said(elsewhere)


def digests(member) -> list[str]:
    return [t for t in dms(member) if t.startswith("**Your Portolan digest**")]


def reminders_pinging(world, member) -> list[str]:
    """Reminders (not turn posts, nor the last warning) that reached ``member``: channel posts
    whose send allowed a ping of them, and reminder DMs."""
    found = [t for t in dms(member) if "it is your turn" in t]
    for request in requests(world.env, "POST", "/messages"):
        body = request.json or {}
        text = body.get("content") or ""
        allowed = (body.get("allowed_mentions") or {}).get("users") or []
        if ("it is your turn" in text or "has run out" in text) and member.id in allowed:
            found.append(text)
    return found


@pytest.mark.simcord(settle_timeout=120)  # three days of virtual ticks
async def test_a_member_away_two_days_gets_one_digest_a_day_from_two_servers(world):
    """Issue 27 items 1, 2 and 5: Cy, on digests at 9:00, does not come for two days. Each day one
    DM lists the games where Cy is to move, on both servers, with how long each waited, time
    left and a jump link; the turn post that pings Cy in the second game says what Bo did; no
    reminder pings Cy except the last warning before the clock runs out."""
    world.bot.outbox_loop.change_interval(seconds=2 * H)  # ticks at 0:30, 2:30, 4:30...
    reef = world.env.create_guild("Reef")
    reef_games = reef.create_text_channel("games")
    cy_reef = reef.add_member(world.cy.user)
    bo_reef = reef.add_member(world.bo.user)
    saved = await world.cy.user.slash("prefs", remind_by="digest", digest_hour=9)
    assert "once a day at 9:00" in said(saved)
    await open_relay(world, world.channel, [world.cy, world.ana])  # Cy to move, on Harbour
    await open_relay(world, reef_games, [cy_reef, bo_reef])
    await act(world, reef_games, cy_reef, "pass")  # then Bo to move, on Reef

    await world.env.advance_time(11 * H)  # day 1, 11:00 UTC
    (first,) = digests(world.cy)
    assert "**Harbour**" in first and "your move in 1 game" in first and "Reef" not in first
    # Sent at the first tick after 9:00 (10:30).
    assert "waited 10h 30m · 1d 13h left" in first
    turn_post = [m for m in world.channel.history() if m.author.bot][-1]
    assert f"/{world.channel.id}/{turn_post.id})" in first

    await act(world, reef_games, bo_reef, "fish")
    await act(world, reef_games, bo_reef, "row")
    post = [m for m in reef_games.history() if m.author.bot][-1]
    assert world.cy.mention in post.content
    assert "*Since cy's last move:* bo fishes (now 1)." in post.content

    await world.env.advance_time(24 * H)  # day 2, 11:00
    assert len(digests(world.cy)) == 2
    second = digests(world.cy)[-1]
    assert "**Harbour**" in second and "**Reef**" in second and "your move in 2 game" in second
    assert reminders_pinging(world, world.cy) == []

    await world.env.advance_time(24 * H)  # day 3, 11:00: Harbour's clock ran out at 48 h
    assert len(digests(world.cy)) == 3  # one a day
    warnings = [t for t in dms(world.cy) if "last warning: it is still your turn" in t]
    assert len(warnings) == 1 and str(world.channel.id) in warnings[0]  # a DM, not a ping
    assert any("has run out" in t for t in texts(world.channel))  # the table is told...
    assert reminders_pinging(world, world.cy) == []  # ...without a ping


@pytest.mark.simcord(settle_timeout=60)
async def test_a_deadline_hour_moves_the_expiry_out_of_the_night(world):
    """Issue 27 item 4: the game starts at 2:00 in Athens with a 4-hour bank, which would run out
    at 6:00 at night; with deadline_hour 20 it runs out at 20:00 (18:00 UTC) instead."""
    world.bot.outbox_loop.change_interval(seconds=H)
    await world.ana.slash(world.channel, "prefs", timezone="Europe/Athens")
    untimed = await world.ana.slash(
        world.channel, "game new", game="relay", pace="untimed", deadline_hour=20
    )
    assert untimed.ephemeral and "no clock" in said(untimed)
    opened = await world.ana.slash(
        world.channel, "game new", game="relay", pace="fast", deadline_hour=20
    )
    assert "new table is open" in said(opened)
    assert any("by 20:00 Europe/Athens" in t for t in texts(world.channel))  # the lobby says it
    await world.bo.slash(world.channel, "game join")
    await world.ana.slash(world.channel, "game start")  # 00:00 UTC = 2:00 in Athens
    await world.env.advance_time(7 * H)  # 9:00 in Athens: the plain bank ran out at 6:00
    assert not any("has run out" in t for t in texts(world.channel))
    early = await world.bo.slash(world.channel, "game skip", player=world.ana)
    assert early.ephemeral and "still has time (11h" in said(early)
    await world.env.advance_time(10 * H + 30 * 60)  # 17:30 UTC = 19:30 in Athens
    assert not any("has run out" in t for t in texts(world.channel))
    await world.env.advance_time(H)  # past 20:00 in Athens
    assert any("has run out" in t for t in texts(world.channel))


@pytest.mark.simcord(settle_timeout=60)
async def test_quiet_hours_hold_back_the_digest_until_they_end(world):
    """Issue 27 item 2: a digest due at 23:00 inside quiet hours 22-7 comes at 7:00, once."""
    world.bot.outbox_loop.change_interval(seconds=2 * H)  # ticks at 0:30, 2:30, 4:30...
    saved = await world.bo.slash(
        world.channel, "prefs", remind_by="digest", digest_hour=23, quiet_from=22, quiet_to=7
    )
    assert "comes when they end (7:00)" in said(saved)
    await open_relay(world, world.channel, [world.bo, world.ana])  # Bo to move
    await world.env.advance_time(31 * H)  # day 2, 7:00 UTC: due at 23:00, quiet until 7:00
    assert digests(world.bo) == []
    await world.env.advance_time(2 * H)  # 9:00 (sent at 8:30)
    assert len(digests(world.bo)) == 1
    await world.env.advance_time(12 * H)  # 21:00: nothing more the same day
    assert len(digests(world.bo)) == 1


@pytest.mark.slow
@pytest.mark.simcord(settle_timeout=300)
async def test_a_whole_game_on_digests_sends_one_dm_a_day_and_pings_only_the_last_warning(world):
    """Issue 27, done when: a whole game (normal pace, players moving hours apart, Cy once
    leaving a turn until 4 hours before the clock runs out) where every member is on digests
    counts at most one digest DM per member per day, and no reminder ping for any of them except
    the one last warning; the digest after the end says the game ended."""
    world.bot.outbox_loop.change_interval(seconds=H)
    members = [world.ana, world.bo, world.cy]
    for member, hour in zip(members, (7, 12, 21), strict=True):
        await member.user.slash("prefs", remind_by="digest", digest_hour=hour)
    await open_relay(world, world.channel, members)
    delays = {world.ana.id: [5 * H], world.bo.id: [11 * H], world.cy.id: [44 * H, 3 * H]}
    turns = 0
    while (await world.table()) is not None:
        member = await world.waiting()
        wait = delays[member.id][0] if turns < 3 else delays[member.id][-1]
        await world.env.advance_time(wait)
        await act(world, world.channel, member, "fish")
        if await world.table() is not None and await world.waiting() is member:
            await act(world, world.channel, member, "fish")  # the turn's second action
        turns += 1
    await world.env.advance_time(24 * H)  # the last digests, telling of the end
    for member in members:
        days = [
            m.created_at.date()
            for m in member.user.dm_channel.history()
            if m.content.startswith("**Your Portolan digest**")
        ]
        assert days and len(days) == len(set(days)), (member, days)  # at most one a day
        assert "ended" in [m.content for m in member.user.dm_channel.history()][-1]
        assert reminders_pinging(world, member) == []
    warnings = [t for m in members for t in dms(m) if "last warning: it is still" in t]
    assert len(warnings) == 1 and warnings[0].startswith(world.cy.mention)
