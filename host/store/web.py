"""Page tokens (issue 42): the unguessable part of a web page's address, one per game,
tournament and listed server, made on demand and kept.

A token is 128 random bits (``secrets.token_urlsafe(16)``). A page is found by the SHA-256 of
the token it was asked for, never by the token itself, and the hash found is compared again with
:func:`hmac.compare_digest`: no comparison that the secret passes through can tell an attacker
how much of a guess was right."""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import time

from host.db import Connection
from host.store.base import StoreBase

PAGE_KINDS = {"game": "g", "tournament": "t", "server": "s"}
"""What has a page, and the first part of its path (``/g/<token>``)."""

TOKEN_BYTES = 16
"""128 bits (issue 42)."""

TOKEN_LENGTH = len(secrets.token_urlsafe(TOKEN_BYTES))

LISTING = "web_listing"
"""The key, in a server's settings, of its choice to list its running games on a page
(``/settings list_games``); no server's games are listed anywhere without it."""

WEB_URL = "PORTOLAN_WEB_URL"
"""The public base address of the pages used in links (unset: no link is posted)."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def web_base() -> str | None:
    """The pages' public base address (``PORTOLAN_WEB_URL``), without a trailing slash; None
    when links are off."""
    base = os.environ.get(WEB_URL, "").strip().rstrip("/")
    return base or None


def page_path(kind: str, token: str) -> str:
    return f"/{PAGE_KINDS[kind]}/{token}"


class WebStore(StoreBase):
    """Page tokens: made on demand, looked up by their hash."""

    async def page_token(self, kind: str, id: int) -> str:
        """The page token of a game, tournament or server, made now if it has none. Two
        processes making one at once agree on the first one stored."""
        if kind not in PAGE_KINDS:
            raise ValueError(f"no page for {kind!r}")
        found = await self._stored_token(kind, id)
        if found is not None:
            return found
        token = secrets.token_urlsafe(TOKEN_BYTES)

        async def work(db: Connection) -> None:
            await db.execute(
                "INSERT INTO web_tokens (kind, id, token, token_hash, created_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (kind, id) DO NOTHING",
                (kind, id, token, token_hash(token), time.time()),
            )

        await self._transaction(work)
        stored = await self._stored_token(kind, id)
        assert stored is not None
        return stored

    async def _stored_token(self, kind: str, id: int) -> str | None:
        async with self._db.execute(
            "SELECT token FROM web_tokens WHERE kind = ? AND id = ?", (kind, id)
        ) as cursor:
            row = await cursor.fetchone()
        return row["token"] if row else None

    async def page_of(self, kind: str, token: str) -> int | None:
        """The game, tournament or server whose page ``token`` opens; None for any other text.
        Every text takes the same path (hash, one indexed read, a constant-time compare)."""
        wanted = token_hash(token)
        async with self._db.execute(
            "SELECT kind, id, token_hash FROM web_tokens WHERE token_hash = ?", (wanted,)
        ) as cursor:
            row = await cursor.fetchone()
        stored = row["token_hash"] if row else "0" * len(wanted)
        same = hmac.compare_digest(stored.encode(), wanted.encode())
        if row is None or not same or row["kind"] != kind:
            return None
        return int(row["id"])

    async def page_link(self, kind: str, id: int) -> str | None:
        """The public address of a page for a post, None when ``PORTOLAN_WEB_URL`` is unset
        (then no token is made either)."""
        base = web_base()
        if base is None:
            return None
        return base + page_path(kind, await self.page_token(kind, id))
