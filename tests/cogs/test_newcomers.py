"""What a newcomer meets (issue 15): `/help`, `/rules` without naming the channel's game, and a
`/board` that only the asker sees unless they choose to show it."""

from __future__ import annotations

import pytest

from tests.cogs.sim import said


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
    assert "/move" in said(started) and "/hand" in said(started)


async def test_rules_without_a_game_uses_the_channels_game(world):
    nothing = await world.ana.slash(world.channel, "rules")
    assert nothing.ephemeral and "name one" in said(nothing)
    await world.open_and_start(game="tahiti", players=[world.ana, world.bo])
    shown = await world.ana.slash(world.channel, "rules", topic="moves")
    assert shown.ephemeral and "**Tahiti: moves**" in said(shown)
    default = await world.ana.slash(world.channel, "rules")
    assert "**Tahiti: summary**" in said(default)


async def test_board_is_private_unless_public_and_has_a_detail_image(world):
    await world.open_and_start(game="tahiti", players=[world.ana, world.bo])
    looked = await world.cy.slash(world.channel, "board")
    assert looked.ephemeral and "Tahiti, after move 0" in said(looked)
    shown = await world.ana.slash(world.channel, "board", public=True)
    assert not shown.ephemeral
    detail = await world.ana.slash(world.channel, "board", detail=True)
    assert detail.ephemeral and "in detail" in said(detail)
