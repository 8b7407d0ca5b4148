"""A Greek server with a Russian-speaking member, on SimCord (issue 26 item 7; docs/ARCHITECTURE.md
6b).

The channel speaks the server's language (``/settings language``, else the server's preferred
locale) while each member's ephemeral replies and DMs speak theirs (``/prefs language``, else the
locale of their Discord client). SimCord sends every interaction as ``en-US``: the member's
locale is patched into the interaction payload here.
"""

from __future__ import annotations

import pytest

from tests.cogs.sim import dms, said, stub_render, texts


@pytest.fixture(autouse=True)
def _no_images(monkeypatch):
    monkeypatch.setattr("host.notify.render_png_async", stub_render)


def lobby_post(channel):
    """The latest post with the lobby's buttons (the English ``sim.lobby_post`` finds it by its
    English words)."""
    return next(m for m in reversed(channel.history()) if m.components)


async def greek_server(world):
    """Cy (Manage Server) makes the server Greek; the answer is already Greek."""
    answer = await world.cy.slash(world.channel, "settings", language="el")
    assert answer.ephemeral
    assert "Γλώσσα: Ελληνικά" in said(answer) and "Language" not in said(answer)
    return answer


async def test_the_channel_stays_greek_while_a_russian_member_reads_russian(world, locales):
    """issue 26 item 7: the lobby post, its buttons and the public notes are Greek; the Russian
    member's own answers (a confirmation, a refusal, /prefs) are Russian; an English member's
    stay English."""
    locales[world.bo.id] = "ru"
    await greek_server(world)
    opened = await world.ana.slash(world.channel, "game new", game="sealed")
    assert "Your new table is open" in said(opened)  # Ana's client is English
    lobby = lobby_post(world.channel)
    assert "άνοιξε νέο τραπέζι" in lobby.content
    labels = [c.label for row in lobby.components for c in row.children]
    assert labels == ["Συμμετοχή", "Αποχώρηση", "Έναρξη"]

    joined = await world.bo.slash(world.channel, "game join")
    assert joined.ephemeral and said(joined) == "Готово."
    assert "Μπήκε στο παιχνίδι: bo." in texts(world.channel)[-1]
    refused = await world.bo.slash(world.channel, "game takeover", seat="Z")
    assert refused.ephemeral and said(refused) == "⚠️ Укажите букву места, от А до Е."
    prefs = await world.bo.slash(world.channel, "prefs", quiet_from=22, quiet_to=7)
    assert "тихие часы: 22:00-7:00" in said(prefs)
    # Ana's refusal in the same Greek channel: her client's English.
    english = await world.ana.slash(world.channel, "game takeover", seat="Z")
    assert said(english) == "⚠️ Give a seat letter, A to F."
    # Nothing Russian reached the channel.
    assert not any(ch in "".join(texts(world.channel)) for ch in "ыйжшщъэюя")


async def test_a_server_whose_preferred_locale_is_greek_speaks_greek(world):
    """Without /settings language, a Community server's preferred locale decides the channel."""
    guild = world.env.create_guild("Λιμάνι", preferred_locale="el")
    channel = guild.create_text_channel("παιχνίδια")
    member = guild.add_member(world.env.create_user("eva"))
    await member.slash(channel, "game new", game="sealed")
    assert "άνοιξε νέο τραπέζι" in lobby_post(channel).content


async def test_prefs_language_makes_a_members_answers_and_dms_russian(world, locales):
    """/prefs language answers in the language just chosen; the member's DMs (here the link to
    the turn post under a private message) follow it, while the channel stays Greek. "automatic"
    gives the member back their client's language."""
    await greek_server(world)
    chosen = await world.bo.slash(world.channel, "prefs", language="ru")
    assert "Язык: Русский" in said(chosen) and "Часовой пояс" in said(chosen)
    await world.ana.slash(world.channel, "game new", game="sealed")
    await world.bo.slash(world.channel, "game join")
    await world.ana.slash(world.channel, "game start")
    assert any("Сообщение хода: https://discord.com/channels/" in dm for dm in dms(world.bo))
    assert any("The turn post: https://" in dm for dm in dms(world.ana))  # Ana: English
    assert not any("Сообщение хода" in t for t in texts(world.channel))
    locales[world.bo.id] = "en-US"
    back = await world.bo.slash(world.channel, "prefs", language="auto")
    assert "Time zone: UTC" in said(back) and "Language" not in said(back)


async def test_only_server_managers_choose_the_servers_language(world):
    assert "settings" not in world.ana.available_commands(world.channel)
    answer = await world.cy.slash(world.channel, "settings", language="ru")
    assert "Язык: Русский" in said(answer)
    english = await world.cy.slash(world.channel, "settings", language="en")
    assert "Language: English" in said(english)
