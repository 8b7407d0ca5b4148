"""Turning views into PNG bytes, off the event loop (rendering takes tens of milliseconds)."""

from __future__ import annotations

import asyncio

from render import RENDERERS
from render.common import standings_image, to_png


def render_png(spec: dict | None) -> bytes | None:
    """Render an image spec: ``{"kind": "board"|"detail"|"private", "game": id, "view": {...}}``,
    or ``{"kind": "standings", "title", "names", "standings"}`` for the final standings. A game
    without a ``detail`` renderer draws its board for ``detail``."""
    if not spec:
        return None
    if spec["kind"] == "standings":
        return to_png(standings_image(spec["title"], spec["names"], spec["standings"]))
    renderer = RENDERERS.get(spec["game"])
    if renderer is None:
        return None
    if spec["kind"] == "detail":
        draw = getattr(renderer, "detail", None) or renderer.board
        image = draw(spec["view"])
    elif spec["kind"] == "board":
        image = renderer.board(spec["view"])
    else:
        image = renderer.private(spec["view"])
    return to_png(image) if image is not None else None


async def render_png_async(spec: dict | None) -> bytes | None:
    return await asyncio.to_thread(render_png, spec)
