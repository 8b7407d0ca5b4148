"""Which language a reader gets (docs/ARCHITECTURE.md 6b, issue 26 item 1).

- A channel (public turn posts, edits, the board image) speaks its server's language: the
  server setting ``language`` (``/settings language``), else the server's preferred locale when
  the bot speaks it (Discord sets it for Community servers; the cogs remember it in the server's
  settings as ``locale``), else English.
- A member (ephemeral replies, DMs, private images) reads their own: the preference
  ``language`` (``/prefs language``), else the locale of the interaction they sent, else the
  locale last seen from them (the cogs remember it in their preferences as ``locale``), else
  their server's channel language.

The store holds both as keys of the documents it already keeps (server settings, preferences);
this module only decides, so the cogs (with an interaction in hand) and the host (posting in the
background) decide the same way.
"""

from __future__ import annotations

from typing import Any

import i18n

SETTING = "language"
"""The key of an explicit choice, in a server's settings and in a member's preferences."""
LOCALE = "locale"
"""The key of the locale Discord last reported (a server's preferred one, a member's client's)."""


def from_settings(settings: dict[str, Any]) -> str:
    """A channel's language from its server's settings document."""
    chosen = settings.get(SETTING)
    if chosen in i18n.LANGUAGES:
        return chosen
    return i18n.language(settings.get(LOCALE))


def from_prefs(
    prefs: dict[str, Any], locale: str | None = None, fallback: str = i18n.ENGLISH
) -> str:
    """A member's language from their preferences and the interaction's locale (if any)."""
    chosen = prefs.get(SETTING)
    if chosen in i18n.LANGUAGES:
        return chosen
    seen = locale or prefs.get(LOCALE)
    return i18n.language(str(seen) if seen else None, default=fallback)


async def channel_language(store: Any, guild_id: int | None) -> str:
    """The language a server's channels speak (English outside a server)."""
    if guild_id is None:
        return i18n.ENGLISH
    return from_settings(await store.get_guild_settings(guild_id))


async def member_language(
    store: Any, user_id: int, locale: str | None = None, guild_id: int | None = None
) -> str:
    """The language a member reads their own replies, DMs and private images in."""
    prefs = await store.get_prefs(user_id) if user_id > 0 else {}
    return own_language(prefs, locale) or await channel_language(store, guild_id)


def own_language(prefs: dict[str, Any], locale: str | None = None) -> str | None:
    """A member's language when their preferences or a locale say it; None when nothing does
    (then they read their server's channel language)."""
    if prefs.get(SETTING) in i18n.LANGUAGES or locale or prefs.get(LOCALE):
        return from_prefs(prefs, locale)
    return None


__all__ = [
    "LOCALE",
    "SETTING",
    "channel_language",
    "from_prefs",
    "from_settings",
    "member_language",
]
