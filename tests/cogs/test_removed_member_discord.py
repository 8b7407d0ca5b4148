"""A member removed from a server stops following its games (issue 38 item 4), on SimCord.

What the bot shows a member about a server's game from outside its channel (``/mygames``,
``/catchup`` with and without a game, its autocomplete, the daily digest, ``/game watch`` copies)
requires that they are still in that server and can see the game's channel. Their seat is
unchanged: it follows the game's rules for an absent player (timeouts, skip, expel)."""

from __future__ import annotations

import discord
import pytest

from tests.cogs.sim import accepted, dms, said

H = 3600


pytestmark = pytest.mark.usefixtures("relay_and_no_images")


async def open_relay(channel, players, **options):
    await players[0].slash(channel, "game new", game="relay", **options)
    for member in players[1:]:
        await member.slash(channel, "game join")
    return await players[0].slash(channel, "game start")


async def act(channel, member, move):
    result = await member.slash(channel, "move", move=move)
    assert accepted(result), said(result)
    return result


def member_lookups(world, since: int) -> list[str]:
    """The member look-ups (``GET /guilds/{id}/members/{id}``) the bot made since request
    ``since``."""
    return [
        r.path
        for r in world.env.http_requests[since:]
        if r.method == "GET" and "/members/" in r.path
    ]


def digests(member) -> list[str]:
    return [t for t in dms(member) if t.startswith("**Your Portolan digest**")]


@pytest.mark.simcord(settle_timeout=60)
async def test_a_member_removed_from_a_server_no_longer_follows_its_game_but_keeps_the_seat(world):
    """Bo plays two games on Harbour and one on Reef. Removed from Harbour, his /mygames in DMs
    lists only Reef's game, /catchup without a game catches him up on Reef, /catchup on Harbour's
    game says he no longer has access (and tells none of its moves), and the autocomplete offers
    only Reef's. One look-up per server, not per game, then none while remembered. His Harbour
    seat stays: it times out and Ana skips it as before."""
    reef = world.env.create_guild("Reef")
    reef_games = reef.create_text_channel("games")
    bo_reef = reef.add_member(world.bo.user)
    ana_reef = reef.add_member(world.ana.user)
    second = world.guild.create_text_channel("second")
    await open_relay(world.channel, [world.ana, world.bo], pace="fast")  # Ana to move
    await open_relay(second, [world.ana, world.bo])
    await open_relay(reef_games, [ana_reef, bo_reef])  # Ana to move
    harbour = await world.table()
    before = said(await world.bo.user.slash("mygames"))
    assert before.count("**Harbour**") == 2 and "**Reef**" in before

    world.guild.remove_member(world.bo)
    await world.env.advance_time(H)
    await act(world.channel, world.ana, "fish")
    await act(world.channel, world.ana, "row")  # Bo to move on Harbour

    mark = len(world.env.http_requests)
    listed = said(await world.bo.user.slash("mygames"))
    assert "**Reef**" in listed and "Harbour" not in listed
    assert str(world.channel.id) not in listed and str(second.id) not in listed
    assert len(member_lookups(world, mark)) == 2  # Harbour and Reef, once each
    mark = len(world.env.http_requests)
    caught = await world.bo.user.slash("catchup")
    assert caught.ephemeral and "**Reef**" in said(caught) and "Harbour" not in said(caught)
    refused = await world.bo.user.slash("catchup", game=str(harbour.id))
    assert refused.ephemeral and "no longer have access" in said(refused)
    assert "fishes" not in said(refused) and "Harbour" not in said(refused)
    assert not (refused.followups or [refused.response])[-1].attachments  # no board either
    choices = await world.bo.user.autocomplete("catchup", "game", "")
    assert [c["value"] for c in choices] == [str((await world.table(reef_games)).id)]
    assert member_lookups(world, mark) == []  # remembered

    # Still in Reef: nothing there changed.
    still = await bo_reef.slash(reef_games, "mygames")
    assert "**Reef**" in said(still) and "Harbour" not in said(still)

    # The seat: Bo's bank (4 h, fast) runs out, and Ana may skip him, as for any absent player.
    assert (await world.table()).seat_of(world.bo.id) is not None
    await world.env.advance_time(5 * H)
    skipped = await world.ana.slash(world.channel, "game skip", player=world.bo.user)
    assert accepted(skipped), said(skipped)
    assert await world.waiting() is world.ana


@pytest.mark.simcord(settle_timeout=60)
async def test_a_removed_member_gets_no_digest_line_nor_watch_copy_of_the_servers_game(world):
    """Bo (on digests) is to move on Harbour and on Reef; Cy watches Harbour's game. Both are
    removed from Harbour: Bo's digest lists only Reef's game, and Cy gets no copy of the posts."""
    world.bot.outbox_loop.change_interval(seconds=2 * H)  # ticks at 0:30, 2:30, 4:30...
    reef = world.env.create_guild("Reef")
    reef_games = reef.create_text_channel("games")
    bo_reef = reef.add_member(world.bo.user)
    ana_reef = reef.add_member(world.ana.user)
    await world.bo.user.slash("prefs", remind_by="digest", digest_hour=9)
    await open_relay(world.channel, [world.bo, world.ana])  # Bo to move, on Harbour
    await open_relay(reef_games, [bo_reef, ana_reef])  # Bo to move, on Reef
    watched = await world.cy.slash(world.channel, "game watch")
    assert accepted(watched), said(watched)
    await act(world.channel, world.bo, "fish")
    await act(world.channel, world.bo, "pass")  # a new post, copied to Cy
    copies = len(dms(world.cy))
    assert copies >= 1

    world.guild.remove_member(world.bo)
    world.guild.remove_member(world.cy)
    await world.env.advance_time(H)
    await act(world.channel, world.ana, "fish")
    await act(world.channel, world.ana, "pass")  # Bo's move again on Harbour
    assert len(dms(world.cy)) == copies  # no copy reaches Cy any more

    await world.env.advance_time(10 * H)  # 11:00: the digest went at 10:30
    (digest,) = digests(world.bo)
    assert "**Reef**" in digest and "Harbour" not in digest
    assert "your move in 1 game" in digest


async def test_a_member_who_no_longer_sees_the_games_channel_is_not_shown_its_game(world):
    """The games channel is for the Crew role. Bo loses the role: he is still on Harbour, but
    can no longer see the channel, so /mygames and /catchup no longer show its game."""
    crew = world.guild.create_role("Crew")
    everyone = world.guild.default_role
    crews = world.guild.create_text_channel(
        "crew",
        overwrites={
            everyone: discord.PermissionOverwrite(view_channel=False),
            crew: discord.PermissionOverwrite(view_channel=True),
        },
    )
    for member in (world.ana, world.bo):
        world.env.backend.add_member_role(world.guild.id, member.id, crew.id)
    await open_relay(crews, [world.ana, world.bo])
    table = await world.table(crews)
    assert "**Harbour**" in said(await world.bo.user.slash("mygames"))

    world.env.backend.remove_member_role(world.guild.id, world.bo.id, crew.id)
    await world.env.advance_time(H)
    assert "**Harbour**" not in said(await world.bo.user.slash("mygames"))
    refused = await world.bo.user.slash("catchup", game=str(table.id))
    assert refused.ephemeral and "no longer have access" in said(refused)
