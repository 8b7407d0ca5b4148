"""Issue 40 section 5 on SimCord: what Greek and Russian readers still read in English."""

from __future__ import annotations

import pytest

from tests.cogs.sim import said, stub_render


@pytest.fixture(autouse=True)
def _no_images(monkeypatch):
    monkeypatch.setattr("host.notify.render_png_async", stub_render)
    monkeypatch.setattr("host.images.render_png", lambda spec: b"\x89PNG stub" if spec else None)


async def test_lobbies_and_catchup_name_the_game_in_the_readers_language(world, locales):
    locales[world.ana.id] = "el"
    locales[world.bo.id] = "el"
    await world.cy.slash(world.channel, "settings", language="el")
    await world.ana.slash(world.channel, "game new", game="drake")
    lobby = next(m for m in reversed(world.channel.history()) if m.components)
    assert "Φράνσις Ντρέικ" in lobby.content and "Francis Drake" not in lobby.content
    await world.bo.slash(world.channel, "game join")
    await world.cy.slash(world.channel, "game join")
    await world.ana.slash(world.channel, "game start")
    caught = said(await world.ana.slash(world.channel, "catchup"))
    assert "Φράνσις Ντρέικ" in caught and "Francis Drake" not in caught


async def test_errors_name_the_variant_in_words(world, locales):
    locales[world.bo.id] = "ru"
    refused = said(await world.bo.slash(world.channel, "game new", game="drake", players=6))
    assert "⚠️" in refused and "(standard)" not in refused and "Фрэнсис Дрейк" in refused


async def test_rules_topics_and_references_are_in_the_readers_language(world, locales):
    locales[world.ana.id] = "el"
    summary = said(await world.ana.slash(world.channel, "rules", game="drake"))
    assert "Locations" not in summary and "`locations`" not in summary
    assert "*Τοποθεσίες*" in summary and "*Πλακίδια*" in summary


@pytest.mark.parametrize(
    ("lang", "wanted", "english"),
    [
        ("ru", ["ветка:да", "тема:Ходы", "напоминать:одна сводка", "собр бан", "Таити"], []),
        ("el", ["νήμα:ναι", "θέμα:Κινήσεις", "συλλ μπαν", "Ταϊτή"], []),
    ],
)
async def test_help_in_greek_and_russian_spells_options_and_examples_in_that_language(
    world, locales, lang, wanted, english
):
    locales[world.ana.id] = lang
    text = said(await world.ana.slash(world.channel, "help"))
    for words in wanted:
        assert words in text, words
    for words in (":true", ":digest", ":moves", "harv ban", "`permit`", "(`tahiti`)", "Play**"):
        assert words not in text, words
