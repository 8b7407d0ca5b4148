"""Which language a reader gets (issue 26 item 1, docs/ARCHITECTURE.md 6b): the channel its
server's, a member their own, each explicit choice first."""

from __future__ import annotations

import pytest

from host import languages
from host.store import Store


def test_a_channel_speaks_the_servers_setting_else_its_preferred_locale():
    assert languages.from_settings({}) == "en"
    assert languages.from_settings({"locale": "el"}) == "el"
    assert languages.from_settings({"locale": "de"}) == "en"
    assert languages.from_settings({"locale": "el", "language": "ru"}) == "ru"
    assert languages.from_settings({"language": "en", "locale": "el"}) == "en"


def test_a_member_reads_their_preference_else_their_clients_locale():
    assert languages.from_prefs({}, "ru") == "ru"
    assert languages.from_prefs({"language": "el"}, "ru") == "el"
    assert languages.from_prefs({"locale": "ru"}) == "ru"
    assert languages.from_prefs({}, "en-US") == "en"
    assert languages.from_prefs({}, None, fallback="el") == "el"


@pytest.fixture
async def store(tmp_path):
    store = await Store.open(str(tmp_path / "lang.db"))
    yield store
    await store.close()


async def test_the_host_decides_from_what_the_store_remembers(store):
    await store.set_guild_settings(1, {"locale": "el"})
    assert await languages.channel_language(store, 1) == "el"
    assert await languages.channel_language(store, None) == "en"
    # A member never seen in a DM reads their server's language ...
    assert await languages.member_language(store, 7, guild_id=1) == "el"
    # ... their client's once seen, and their own choice above all.
    await store.set_prefs(7, {"locale": "ru"})
    assert await languages.member_language(store, 7, guild_id=1) == "ru"
    await store.set_prefs(7, {"locale": "ru", "language": "en"})
    assert await languages.member_language(store, 7, "el", guild_id=1) == "en"
