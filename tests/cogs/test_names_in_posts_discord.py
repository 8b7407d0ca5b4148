"""Members' names in what the bot says (issue 38 items 3 and 6), on SimCord: a name is put in
once, where the engine refers to a seat, and can neither pass for another seat nor reorder the
text around it."""

from __future__ import annotations

import pytest

from tests.cogs.sim import accepted, said

pytestmark = pytest.mark.usefixtures("relay_and_no_images")


async def _relay(channel, players) -> None:
    await players[0].slash(channel, "game new", game="relay")
    for member in players[1:]:
        await member.slash(channel, "game join")
    await players[0].slash(channel, "game start")


async def _act(channel, member, move: str) -> None:
    result = await member.slash(channel, "move", move=move)
    assert accepted(result), said(result)


def _last_post(channel) -> str:
    return [m for m in channel.history() if m.author.bot][-1].content


async def test_a_name_like_a_seat_stays_its_own_member_in_catch_up_lines(world):
    """Issue 38 item 3: a member named "Player C" who fishes twice was reported as "cy fishes
    twice", in the turn post's catch-up line and in /catchup: the names were put in, then the
    whole sentence searched for seats again."""
    ch = world.channel
    lookalike = world.add_member("Player C")  # seat B; Cy is seat C
    await _relay(ch, [world.ana, lookalike, world.cy])
    await _act(ch, world.ana, "pass")
    await _act(ch, lookalike, "fish")
    await _act(ch, lookalike, "fish")
    await _act(ch, world.cy, "row")
    await _act(ch, world.cy, "pass")
    post = _last_post(ch)
    assert world.ana.mention in post
    assert "*Since ana's last move:* Player C fishes twice; cy rows." in post
    caught = said(await world.ana.slash(ch, "catchup"))
    assert "Player C fishes twice" in caught, caught
    assert "cy fishes" not in caught and "cy rows and passes" in caught, caught
