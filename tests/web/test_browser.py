"""A real browser on the pages (issue 42, slow tier): Debian's chromium, headless, loads the game,
replay and tournament pages at a phone's width (390 px) and a desktop's (1280 px) from the real
server on a port of 127.0.0.1, boards drawn in the worker processes. Each screenshot must show
something (not a blank page), each page must have asked for its board, and the browser's log
must hold no console message (no script error, no refusal by the Content-Security-Policy).

``PORTOLAN_SCREENSHOTS=<folder>`` keeps the screenshots there to look at."""

from __future__ import annotations

import asyncio
import os
import shutil
from pathlib import Path

import pytest
from aiohttp import web
from PIL import Image

from host.store.web import page_path
from tests.web.world import build_world
from web.server import Site, make_app

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("chromium") is None, reason="chromium is not installed"),
]

WIDTHS = (390, 1280)
BROWSER_ERRORS = (
    ":CONSOLE",  # any console message: the pages have no script, so none is expected
    "Uncaught",
    "Refused to",
    "violates the following Content Security Policy",
    "Failed to load resource",
)


async def screenshot(url: str, path: Path, width: int) -> str:
    """Load ``url`` in headless chromium at ``width`` px; returns the browser's log."""
    browser = await asyncio.create_subprocess_exec(
        "chromium",
        "--headless",
        "--disable-gpu",
        "--no-sandbox",
        "--no-first-run",
        "--hide-scrollbars",
        "--enable-logging=stderr",
        "--v=0",
        f"--user-data-dir={path.parent / ('profile-' + path.stem)}",
        f"--window-size={width},2200",
        f"--screenshot={path}",
        url,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(browser.communicate(), 90)
    assert browser.returncode == 0, err.decode(errors="replace")[-2000:]
    return out.decode(errors="replace") + err.decode(errors="replace")


def not_blank(path: Path) -> bool:
    """More than a background: many colours (text, the board's picture)."""
    with Image.open(path) as image:
        colours = image.convert("RGB").resize((200, 400)).getcolors(maxcolors=100_000)
    return colours is None or len(colours) > 200


async def test_chromium_shows_game_replay_and_tournament_pages_without_errors(tmp_path):
    world = await build_world(tmp_path / "browser.db", moves=14)
    asked: list[str] = []

    @web.middleware
    async def record(request: web.Request, handler):
        asked.append(request.path)
        return await handler(request)

    app = make_app(Site(world.store, world.tables.engines))
    app.middlewares.append(record)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    base = f"http://127.0.0.1:{runner.addresses[0][1]}"
    keep = os.environ.get("PORTOLAN_SCREENSHOTS")
    try:
        game = page_path("game", await world.store.page_token("game", world.game.id))
        tournament = page_path(
            "tournament", await world.store.page_token("tournament", world.tournament.id)
        )
        pages = {
            "game": (game, f"{game}/board.png"),
            "replay": (f"{game}/replay?move=5", f"{game}/replay.png"),
            "tournament": (tournament, None),
        }
        for name, (path, picture) in pages.items():
            for width in WIDTHS:
                shot = tmp_path / f"{name}-{width}.png"
                before = len(asked)
                log = await screenshot(base + path, shot, width)
                errors = [
                    line for line in log.splitlines() if any(e in line for e in BROWSER_ERRORS)
                ]
                assert not errors, (name, width, errors)
                assert shot.exists() and not_blank(shot), (name, width)
                if picture:
                    assert picture in asked[before:], (name, width, asked[before:])
                assert "/static/portolan.css" in asked[before:]
                if keep:
                    Path(keep).mkdir(parents=True, exist_ok=True)
                    shutil.copy(shot, Path(keep) / shot.name)
    finally:
        await runner.cleanup()
        await world.store.close()
