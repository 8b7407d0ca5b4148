"""The languages the table service speaks, remembered (docs/ARCHITECTURE.md 6b).

``host.languages`` decides which language a server's channels and a member read; this keeps what
it decided for a while, so a post made in the background reads no setting from the store. The
table service (``host.tables.TableService``) holds one and answers through it.
"""

from __future__ import annotations

import time

import i18n
from host import languages
from host.store import Store, TableRow

LANGUAGE_TTL = 60.0
"""Seconds a remembered language (a server's, a member's) is trusted without reading the store
again: background posts do not read it per post, and a change made elsewhere (another process,
a command that did not call :meth:`LanguageCache.forget`) still takes effect soon."""


class LanguageCache:
    """Servers' and members' languages read from the store, with when they were read."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._guild_langs: dict[int, tuple[float, str]] = {}
        self._member_prefs: dict[int, tuple[float, dict]] = {}
        self._locales: dict[int, str] = {}
        self._guild_locales: dict[int, str] = {}

    async def channel_language(self, guild_id: int | None) -> str:
        """The language a server's channels speak (``host.languages``), remembered for
        ``LANGUAGE_TTL`` seconds: a post made in the background reads no setting."""
        if guild_id is None:
            return i18n.ENGLISH
        known = self._guild_langs.get(guild_id)
        if known is not None and time.monotonic() - known[0] < LANGUAGE_TTL:
            return known[1]
        lang = await languages.channel_language(self.store, guild_id)
        self._guild_langs[guild_id] = (time.monotonic(), lang)
        return lang

    def learn_channel_language(self, guild_id: int | None, lang: str) -> None:
        """A server's language as an interaction just read it from the store."""
        if guild_id is not None:
            self._guild_langs[guild_id] = (time.monotonic(), lang)

    async def member_language(
        self, user_id: int, guild_id: int | None = None, *, locale: str | None = None
    ) -> str:
        """The language a member reads their DMs, refusals and private images in: decided as
        ``host.languages.member_language`` does, from preferences remembered for a while."""
        if user_id <= 0:  # seat fillers read nothing; their lines follow the channel
            return await self.channel_language(guild_id)
        known = self._member_prefs.get(user_id)
        if known is None or time.monotonic() - known[0] >= LANGUAGE_TTL:
            known = (time.monotonic(), await self.store.get_prefs(user_id))
            self._member_prefs[user_id] = known
        return languages.own_language(known[1], locale) or await self.channel_language(guild_id)

    async def saw_locale(self, user_id: int, locale: str | None) -> None:
        """Remember the Discord locale an interaction showed for a member in their preferences,
        so DMs sent in the background follow it; written only when it changed."""
        if not locale or user_id <= 0 or self._locales.get(user_id) == locale:
            return
        prefs = await self.store.get_prefs(user_id)
        if prefs.get(languages.LOCALE) != locale:
            prefs = {**prefs, languages.LOCALE: locale}
            await self.store.set_prefs(user_id, prefs)
        self._member_prefs[user_id] = (time.monotonic(), prefs)
        self._locales[user_id] = locale

    async def saw_guild_locale(self, guild_id: int, locale: str | None) -> None:
        """Remember a server's preferred locale (its channels' default language) in its
        settings, for posts made in the background; written only when it changed."""
        if not locale or self._guild_locales.get(guild_id) == locale:
            return
        settings = await self.store.get_guild_settings(guild_id)
        if settings.get(languages.LOCALE) != locale:
            await self.store.set_guild_settings(guild_id, {**settings, languages.LOCALE: locale})
            self._guild_langs.pop(guild_id, None)
        self._guild_locales[guild_id] = locale

    def forget(self, guild_id: int | None = None, *, user_id: int | None = None) -> None:
        """A server's ``/settings language`` or a member's ``/prefs language`` changed: read it
        afresh next time."""
        if guild_id is not None:
            self._guild_langs.pop(guild_id, None)
            self._guild_locales.pop(guild_id, None)
        if user_id is not None:
            self._member_prefs.pop(user_id, None)
            self._locales.pop(user_id, None)

    async def seat_languages(self, table: TableRow) -> dict[int, str]:
        """Each member's language at ``table`` (by user id), for their DMs: its players' and its
        watchers' (a watcher reads the copy of a post in their own language)."""
        members = [s.user_id for s in table.seats if s.user_id > 0]
        members += [w for w in await self.store.watchers(table.id) if w not in members]
        return {user: await self.member_language(user, table.guild_id) for user in members}
