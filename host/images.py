"""Turning views into PNG bytes, in a worker process (drawing takes 50-100 ms of CPU, which on
the event loop or its thread pool would delay every interaction; see ``host.workers``)."""

from __future__ import annotations

from host import workers
from render import RENDERERS
from render.common import (
    drawing_in,
    names_drawable,
    standings_image,
    to_png,
    without_bidi_controls,
)


def render_png(spec: dict | None) -> bytes | None:
    """Render an image spec: ``{"kind": "board"|"detail"|"private", "game": id, "view": {...}}``,
    or ``{"kind": "standings", "title", "names", "standings"}`` for the final standings. A game
    without a ``detail`` renderer draws its board for ``detail``. Members' names are drawn
    without bidirectional controls, whichever renderer draws them."""
    if not spec:
        return None
    spec = names_drawable(spec)
    if spec["kind"] == "standings":
        lang = spec.get("lang", "en")
        standings = standings_image(
            spec["title"], spec["names"], spec["standings"], lang, spec.get("game", "")
        )
        return to_png(standings)
    renderer = RENDERERS.get(spec["game"])
    if renderer is None:
        return None
    if spec["kind"] == "detail":
        draw = getattr(renderer, "detail", None) or renderer.board
    elif spec["kind"] == "board":
        draw = renderer.board
    else:
        draw = renderer.private
    with drawing_in(spec["view"].get("lang")):
        image = draw(spec["view"])
    return to_png(image) if image is not None else None


async def render_png_async(spec: dict | None) -> bytes | None:
    """:func:`render_png` in a worker process (nothing to draw: no trip there)."""
    if not spec:
        return None
    return await workers.run(render_png, spec)


def tournament_standings_png(
    title: str, subtitle: str, rows: list[dict], lang: str = "en"
) -> bytes:
    """A tournament's standings table as PNG bytes (``/tournament standings``), its labels in
    ``lang``. Its name and the members' are drawn without bidirectional controls."""
    from render.tournament import standings_image as tournament_image

    image = tournament_image(without_bidi_controls(title), subtitle, names_drawable(rows), lang)
    return to_png(image)


async def tournament_standings_png_async(
    title: str, subtitle: str, rows: list[dict], lang: str = "en"
) -> bytes:
    """:func:`tournament_standings_png` in a worker process."""
    return await workers.run(tournament_standings_png, title, subtitle, rows, lang)
