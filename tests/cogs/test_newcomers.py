"""What a newcomer meets (issue 15): `/help`, `/rules` without naming the channel's game, and a
`/board` that only the asker sees unless they choose to show it."""

from __future__ import annotations

import pytest

from tests.cogs.sim import accepted, lobby_post, private, said


@pytest.fixture(autouse=True)
def _no_images(monkeypatch):
    # The cogs are loaded as fresh modules by discord.py, so patch the one function they all call.
    monkeypatch.setattr("host.images.render_png", lambda spec: b"\x89PNG stub" if spec else None)


async def test_help_says_how_to_open_join_move_and_see_the_hand(world):
    shown = await world.ana.slash(world.channel, "help")
    text = said(shown)
    assert shown.ephemeral
    for words in ("/game new", "Join", "/move", "/hand", "/rules", "Tahiti"):
        assert words in text, words


async def test_the_start_post_says_how_to_move(world):
    started = await world.open_and_start()
    post = world.channel.last_message.content  # an ordinary channel post, from the outbox
    assert accepted(started) and "/move" in post and "/hand" in post


async def test_rules_without_a_game_uses_the_channels_game(world):
    nothing = await world.ana.slash(world.channel, "rules")
    assert nothing.ephemeral and "name one" in said(nothing)
    await world.open_and_start(game="tahiti", players=[world.ana, world.bo])
    shown = await world.ana.slash(world.channel, "rules", topic="moves")
    assert shown.ephemeral and "**Tahiti: Moves**" in said(shown)
    default = await world.ana.slash(world.channel, "rules")
    assert "**Tahiti: Summary**" in said(default)


async def test_board_is_private_unless_public_and_has_a_detail_image(world):
    await world.open_and_start(game="tahiti", players=[world.ana, world.bo])
    looked = await world.cy.slash(world.channel, "board")
    assert looked.ephemeral and "Tahiti, after move 0" in said(looked)
    shown = await world.ana.slash(world.channel, "board", public=True)
    assert private(shown) and "Posted" in said(shown)  # the answer; the board is a post
    assert "Tahiti, after move 0" in world.channel.last_message.content
    assert world.channel.last_message.attachments
    detail = await world.ana.slash(world.channel, "board", detail=True)
    assert detail.ephemeral and "in detail" in said(detail)


async def test_secret_options_are_offered_privately_behind_my_choices(world):
    """Issue 12: a lone bidder's options are their secret hand, so the post has no option buttons;
    "My choices" answers only the presser, with buttons that make the move."""
    await world.open_and_start()
    hand = (await world.bot.tables.hand(world.channel.id, world.bo.id))[1]["private"]["hand"]
    ana_hand = (await world.bot.tables.hand(world.channel.id, world.ana.id))[1]["private"]["hand"]
    bid = await world.ana.slash(world.channel, "move", move=f"bid {ana_hand[0]}")
    assert "has bid" in "\n".join(m.content for m in world.channel.history()), said(bid)
    post = world.channel.last_message
    labels = [c.label for row in post.components for c in row.children]
    assert labels == ["My choices"], labels
    assert not any(f"bid {card}" in " ".join(labels) for card in hand)
    stranger = await world.cy.click(post, label="My choices")
    assert private(stranger) and "no decision" in said(stranger)
    mine = await world.bo.click(post, label="My choices")
    assert private(mine) and all(f"bid {card}" in said(mine) for card in hand)
    answer = mine.followups[-1].message
    done = await world.bo.click(answer, label=f"bid {hand[0]}")
    assert not done.ephemeral or "posted" in said(done)
    assert (await world.bot.store.latest_table(world.channel.id)).move_count == 2


async def test_game_new_with_bots_seats_fillers_and_join_by_command_edits_the_lobby(world):
    opened = await world.ana.slash(world.channel, "game new", game="vasco", players=3, bots=1)
    assert private(opened)
    lobby = lobby_post(world.channel)
    assert "Bot 1" in lobby.content
    joined = await world.bo.slash(world.channel, "game join")
    assert accepted(joined) and "bo joined" in world.channel.last_message.content.lower()
    lobby = next(m for m in world.channel.history() if m.id == lobby.id)
    assert "bo" in lobby.content.lower() and "Bot 1" in lobby.content  # edited in place
    assert sum("Bot 1" in m.content for m in world.channel.history()) == 1  # no second lobby
    table = await world.table()
    assert [s.name for s in table.seats][-1] == "bo" and not table.rated
