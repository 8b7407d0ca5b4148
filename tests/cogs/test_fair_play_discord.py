"""Fair play, closed (issue 23) on SimCord: the Discord-facing findings, each reproduced."""

from __future__ import annotations

import re

import pytest

from tests.cogs.sim import dms, private, said, stub_render, texts


@pytest.fixture(autouse=True)
def _no_images(monkeypatch):
    monkeypatch.setattr("host.notify.render_png_async", stub_render)


@pytest.mark.parametrize(
    "zone",
    ["Europe", "x" * 300, "America/", "../../etc/passwd", "Mars"],
    ids=["folder", "300 chars", "slash", "path", "none"],
)
async def test_prefs_refuses_a_time_zone_that_is_no_zone_clearly(world, zone):
    """Issue 23 defect 4: `/prefs timezone:Europe` (a folder of the zone database) or a
    300-character name answered "Something went wrong"; it gets the clear refusal, and nothing is
    stored."""
    bad = await world.ana.slash(world.channel, "prefs", timezone=zone)
    assert bad.ephemeral and "Unknown time zone" in said(bad), said(bad)
    assert "tz" not in await world.bot.store.get_prefs(world.ana.id)


async def test_prefs_names_the_zones_a_region_holds_and_takes_any_case(world):
    bad = await world.ana.slash(world.channel, "prefs", timezone="Europe")
    assert "Did you mean Europe/" in said(bad)
    ok = await world.ana.slash(world.channel, "prefs", timezone="europe/athens")
    assert "Time zone: Europe/Athens" in said(ok)
    assert (await world.bot.store.get_prefs(world.ana.id))["tz"] == "Europe/Athens"


async def _sealed(world, players):
    await players[0].slash(world.channel, "game new", game="sealed")
    for member in players[1:]:
        await member.slash(world.channel, "game join")
    await players[0].slash(world.channel, "game start")


async def test_a_seated_opener_cannot_take_an_opponents_seat_without_their_consent(world):
    """Issue 23 defect 3: a seated opener replaced an active, in-time opponent with a second
    account, received that seat's hand by DM, and replaced back. Now the holder is asked (and
    pinged); only the holder's press hands the seat over."""
    await _sealed(world, [world.ana, world.bo])
    alt = world.add_member("alt")
    asked = await world.ana.slash(world.channel, "game replace", old=world.bo, new=alt)
    request = world.channel.last_message  # an ordinary post; the asker is answered privately
    assert private(asked) and world.bo.mention in request.content
    assert (await world.table()).seat_of(world.bo.id) == 1 and dms(alt) == []
    for intruder in (world.ana, alt):
        pressed = await intruder.click(request, label="Hand over my seat")
        assert private(pressed) and "Only" in said(pressed)
    assert (await world.table()).seat_of(alt.id) is None and dms(alt) == []
    await world.bo.click(request, label="Hand over my seat")
    assert any("alt replaced bo" in t for t in texts(world.channel))
    assert (await world.table()).seat_of(alt.id) == 1
    assert dms(alt) and "Your hand:" in dms(alt)[-1]


async def test_the_holder_can_refuse_and_a_seated_moderator_must_ask_too(world):
    await _sealed(world, [world.ana, world.bo, world.cy])  # Cy has Manage Channels, and plays
    alt = world.add_member("alt")
    await world.cy.slash(world.channel, "game replace", old=world.bo, new=alt)
    request = world.channel.last_message
    kept = await world.bo.click(request, label="Keep my seat")
    assert kept is not None
    assert "keeps seat B" in world.channel.last_message.content
    assert (await world.table()).seat_of(world.bo.id) == 1 and dms(alt) == []


async def test_a_moderator_outside_the_table_replaces_at_once_and_the_holder_is_told(world):
    await _sealed(world, [world.ana, world.bo])
    alt = world.add_member("alt")
    done = await world.cy.slash(world.channel, "game replace", old=world.bo, new=alt)
    post = next(t for t in reversed(texts(world.channel)) if "alt replaced bo" in t)
    assert private(done) and world.bo.mention in post
    assert dms(alt) and "Your hand:" in dms(alt)[-1]


LIVE_LINK = re.compile(r"(?<!\\)\[(?:[^\]\\]|\\.)*(?<!\\)\]\(")
"""A masked link Discord would render: ``[text](`` with neither bracket nor the parenthesis
escaped."""

TRAPS = ["[Official rules](https://x.example)", "# Big News", "-# small", "**loud**"]


def assert_plain(text: str) -> None:
    assert not LIVE_LINK.search(text), text
    assert not re.search(r"(?m)^(#|-#)", text), text
    assert "**loud**" not in text, text


def test_the_live_link_detector_sees_a_masked_link():
    assert LIVE_LINK.search("Sign up for [Official rules](https://x.example) now")
    assert not LIVE_LINK.search(r"Sign up for \[Official rules\]\(https://x.example\) now")


async def test_a_tournament_name_is_never_a_live_link_in_its_posts(world):
    """Issue 23 defect 5: a tournament named `[Official rules](https://...)` was posted as a live
    link in the public sign-up post."""
    made = await world.ana.slash(
        world.channel, "tournament create", name=TRAPS[0], game="sealed", format="roundrobin"
    )
    made_post = world.channel.last_message.content  # public news: an ordinary post
    assert private(made) and "Official rules" in made_post
    assert_plain(made_post)
    await world.bo.slash(world.channel, "tournament join")
    joined_post = world.channel.last_message.content
    status = await world.bo.slash(world.channel, "tournament status")
    for text in (joined_post, said(status)):
        assert "Official rules" in text
        assert_plain(text)


@pytest.mark.parametrize("name", TRAPS)
async def test_a_display_name_is_echoed_without_links_or_markdown(world, name):
    """Issue 23 defect 5: display names kept `[]()` (and headings) in what the bot echoes: the
    lobby, the join note, the turn posts and the tournament sign-up."""
    member = world.add_member(name)
    await world.ana.slash(world.channel, "game new", game="sealed")
    joined = await member.slash(world.channel, "game join")
    await world.ana.slash(world.channel, "game start")
    signed = await member.slash(world.channel, "tournament create", name="Cup", game="sealed")
    for text in [said(joined), said(signed), *texts(world.channel)]:
        assert_plain(text)
