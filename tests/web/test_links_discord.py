"""Links to the pages in Discord (issue 42), on SimCord: ``/game status`` and the final standings
post link to the game's page when ``PORTOLAN_WEB_URL`` is set, and nothing links without it;
``/settings list_games`` lists a server's running games on a page of its own, only once chosen.
A link is shown as ``<url>`` (no embed) and pings nobody."""

from __future__ import annotations

import re

import pytest

from host.store.web import LISTING
from tests.cogs.sim import said, stub_render, texts

BASE = "https://pages.example.org/portolan"


@pytest.fixture(autouse=True)
def _no_images(monkeypatch):
    monkeypatch.setattr("host.notify.render_png_async", stub_render)


def page_token(text: str, kind: str) -> str | None:
    found = re.search(rf"<{re.escape(BASE)}/{kind}/([A-Za-z0-9_-]{{22}})>", text)
    return found.group(1) if found else None


async def test_status_and_final_standings_link_the_game_page(world, monkeypatch):
    await world.open_and_start()
    table = await world.table()
    before = await world.ana.slash(world.channel, "game status")
    assert "http" not in said(before)  # no PORTOLAN_WEB_URL: no link, and no token made
    assert await world.bot.store._stored_token("game", table.id) is None

    monkeypatch.setenv("PORTOLAN_WEB_URL", BASE + "/")
    status = await world.ana.slash(world.channel, "game status")
    token = page_token(said(status), "g")
    assert token and await world.bot.store.page_of("game", token) == table.id
    while await world.table() is not None:
        member = await world.waiting()
        move = (await world.bot.tables.legal_moves(world.channel.id, member.id))[0]
        await member.slash(world.channel, "move", move=move)
    standings = next(t for t in texts(world.channel) if "final standings (table #" in t)
    assert page_token(standings, "g") == token
    last = world.channel.last_message
    assert not last.mentions and not last.embeds


async def test_settings_list_games_gives_the_server_page_only_when_chosen(world, monkeypatch):
    monkeypatch.setenv("PORTOLAN_WEB_URL", BASE)
    plain = await world.cy.slash(world.channel, "settings", language="en")
    assert "on the web" not in said(plain)
    listed = await world.cy.slash(world.channel, "settings", list_games=True)
    token = page_token(said(listed), "s")
    assert token and await world.bot.store.page_of("server", token) == world.guild.id
    assert (await world.bot.store.get_guild_settings(world.guild.id))[LISTING] is True
    off = await world.cy.slash(world.channel, "settings", list_games=False)
    assert "on the web" not in said(off)
