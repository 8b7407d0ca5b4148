"""Which game, tournament or server a page's token opens (host/store/web.py keeps them).

Every text in a page's address takes the same path: cut to a bounded length, hashed, one
indexed read, a constant-time compare. A wrong token, an unknown one and a malformed one are the
same 404."""

from __future__ import annotations

from host.store import Store
from host.store.web import TOKEN_LENGTH

LONGEST = 4 * TOKEN_LENGTH
"""Longer texts are cut before hashing: no request makes the server hash a megabyte."""


async def opened(store: Store, kind: str, token: str) -> int | None:
    """The id of the ``kind`` (game, tournament, server) that ``token`` opens, else None."""
    return await store.page_of(kind, token[:LONGEST])
