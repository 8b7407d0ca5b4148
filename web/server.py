"""The pages' server (issue 42): an aiohttp application of GET (and HEAD) routes only, with
strict headers on every answer, run in the bot's process (``PORTOLAN_WEB``) or on its own
(``python bot.py web``).

Routes are named, so ``web.ops.ops_middleware`` counts requests by page kind, never by path
(paths carry tokens). Nothing here writes to a game: the only write a request can make is a page
token for a table of a tournament or a listed server (host/store/web.py)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import web

import i18n
from engines import ENGINES
from engines.base import Engine
from host import languages, workers
from host.store import Store, TableRow
from host.store.web import LISTING, page_path
from web import pages, public, replay
from web.limits import Buckets
from web.tokens import opened

log = logging.getLogger("portolan.web")

DEFAULT_ADDRESS = "127.0.0.1:8750"
"""Where the pages are served when ``PORTOLAN_WEB`` is not set: this machine only."""

STATIC = Path(__file__).resolve().parent / "static"

SECURITY_HEADERS = {
    # No script at all; styles and images only from here (and the data: icon); no framing.
    "Content-Security-Policy": (
        "default-src 'none'; img-src 'self' data:; style-src 'self'; form-action 'self'; "
        "base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}


def parse_address(text: str | None) -> tuple[str, int] | None:
    """``HOST:PORT`` (``PORTOLAN_WEB``); None for ``off``. Unset: :data:`DEFAULT_ADDRESS`."""
    text = (text or DEFAULT_ADDRESS).strip()
    if text.lower() in ("off", "no", "0", "false"):
        return None
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"PORTOLAN_WEB must be HOST:PORT (or off), not {text!r}")
    return host.strip("[]"), int(port)


class Site:
    """What the pages read: the store, the games, the drawn boards and the per-address limit."""

    def __init__(
        self,
        store: Store,
        engines: Mapping[str, Engine] | None = None,
        *,
        cache: replay.RenderCache | None = None,
        limits: Buckets | None = None,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.engines = ENGINES if engines is None else engines
        self.cache = cache or replay.RenderCache()
        self.limits = limits or Buckets()
        self.now = now


SITE = web.AppKey("site", Site)
"""The application's :class:`Site` (tests read its cache)."""


@dataclass(frozen=True)
class Asked:
    """A game page's request: the table, its game, the language to say it in, and the language
    the reader asked for (kept in the page's links)."""

    table: TableRow
    engine: Engine
    lang: str
    lang_asked: str | None
    base: str


def _lang_asked(request: web.Request) -> str | None:
    asked = request.query.get("lang")
    return asked if asked in i18n.LANGUAGES else None


async def _reader_lang(site: Site, request: web.Request, guild_id: int | None) -> str:
    """``?lang=`` when it names a language, else the server's channel language."""
    return _lang_asked(request) or await languages.channel_language(site.store, guild_id)


def _html(text: str, status: int = 200) -> web.Response:
    return web.Response(
        text=text,
        status=status,
        content_type="text/html",
        charset="utf-8",
        headers={"Cache-Control": "no-cache"},
    )


def _png(data: bytes, *, immutable: bool) -> web.Response:
    cache = "private, max-age=86400, immutable" if immutable else "no-cache"
    return web.Response(body=data, content_type="image/png", headers={"Cache-Control": cache})


def not_found() -> web.HTTPNotFound:
    return web.HTTPNotFound()


async def _game(site: Site, request: web.Request) -> Asked:
    token = request.match_info["token"]
    table_id = await opened(site.store, "game", token)
    table = await site.store.get_table(table_id) if table_id is not None else None
    engine = site.engines.get(table.game) if table is not None else None
    if table is None or engine is None:
        raise not_found()
    lang = await _reader_lang(site, request, table.guild_id)
    return Asked(table, engine, lang, _lang_asked(request), page_path("game", token))


def _move_number(request: web.Request, last: int) -> int:
    text = request.query.get("move", str(last))
    # ASCII digits only ("²".isdigit() is true, and int() refuses it), and no longer than a
    # move count can be (int() refuses thousands of digits).
    if not (text.isascii() and text.isdigit()) or len(text) > 9 or int(text) > last:
        raise not_found()
    return int(text)


# ---- the routes ------------------------------------------------------------------------------


def page_routes(site: Site) -> list[web.RouteDef]:
    """The pages (GET; aiohttp answers HEAD on each too)."""

    async def home(request: web.Request) -> web.Response:
        return _html(pages.home_page(_lang_asked(request) or i18n.ENGLISH))

    async def stylesheet(request: web.Request) -> web.Response:
        text = await asyncio.to_thread((STATIC / "portolan.css").read_text, encoding="utf-8")
        return web.Response(
            text=text, content_type="text/css", headers={"Cache-Control": "max-age=3600"}
        )

    async def game(request: web.Request) -> web.Response:
        asked = await _game(site, request)
        moves = await site.store.moves(asked.table.id)
        facts = public.game_facts(asked.table, asked.engine, moves, asked.lang, site.now())
        links = pages.Links(asked.base, asked.lang_asked)
        return _html(pages.game_page(facts, links))

    async def board(request: web.Request) -> web.Response:
        asked = await _game(site, request)
        table = asked.table
        if table.state is None:
            raise not_found()
        key = ("board", table.id, table.version, asked.lang)

        async def draw() -> bytes | None:
            return await workers.run(
                replay.state_png,
                workers.game_ref(asked.engine),
                table.state,
                list(table.names),
                asked.lang,
            )

        data = await _drawn(site, request, key, draw)
        return _png(data, immutable=request.query.get("v") == str(table.version))

    async def replay_page(request: web.Request) -> web.Response:
        asked = await _game(site, request)
        if asked.table.seed is None:
            raise not_found()
        move = _move_number(request, asked.table.move_count)
        moves = await site.store.moves(asked.table.id)
        facts = public.game_facts(asked.table, asked.engine, moves, asked.lang, site.now())
        links = pages.Links(asked.base, asked.lang_asked)
        return _html(pages.replay_page(facts, links, move))

    async def replay_board(request: web.Request) -> web.Response:
        asked = await _game(site, request)
        table = asked.table
        if table.seed is None:
            raise not_found()
        move = _move_number(request, table.move_count)
        played = [(m.seat, m.move) for m in await site.store.moves(table.id)][:move]
        key = ("replay", table.id, move, asked.lang, replay.moves_digest(played))

        async def draw() -> bytes | None:
            return await workers.run(
                replay.replay_png,
                workers.game_ref(asked.engine),
                table.variant,
                table.seed,
                played,
                list(table.names),
                asked.lang,
            )

        # Move N of a running game can change (an undo replaces the later moves), so a browser
        # keeps it only once the game is over.
        finished = table.status == "finished"
        return _png(await _drawn(site, request, key, draw), immutable=finished)

    async def record(request: web.Request) -> web.Response:
        asked = await _game(site, request)
        if asked.table.status != "finished":
            raise not_found()  # the record holds the seed: public only once the game is over
        moves = await site.store.moves(asked.table.id)
        return web.json_response(
            replay.record(asked.table, moves),
            dumps=lambda data: json.dumps(data, ensure_ascii=False, indent=1),
            headers={"Cache-Control": "no-cache"},
        )

    async def tournament(request: web.Request) -> web.Response:
        token = request.match_info["token"]
        tournament_id = await opened(site.store, "tournament", token)
        found = await site.store.get_tournament(tournament_id) if tournament_id else None
        engine = site.engines.get(found.game) if found is not None else None
        if found is None or engine is None:
            raise not_found()
        rows = await site.store.pairings(found.id)
        entrants = await site.store.entrants(found.id)
        table_pages = {
            row.table_id: page_path("game", await site.store.page_token("game", row.table_id))
            for row in rows
            if row.table_id
        }
        organiser = await site.store.get_meta(f"tournament:{found.id}:organiser_name")
        lang = await _reader_lang(site, request, found.guild_id)
        facts = public.tournament_facts(found, engine, entrants, rows, table_pages, organiser, lang)
        path = page_path("tournament", token)
        return _html(pages.tournament_page(facts, path, _lang_asked(request)))

    async def server(request: web.Request) -> web.Response:
        token = request.match_info["token"]
        guild_id = await opened(site.store, "server", token)
        settings = await site.store.get_guild_settings(guild_id) if guild_id else {}
        if not settings.get(LISTING):
            raise not_found()
        lang = await _reader_lang(site, request, guild_id)
        games = []
        for table in await site.store.live_tables(guild_id):
            engine = site.engines.get(table.game)
            if table.status != "active" or engine is None:
                continue
            href = page_path("game", await site.store.page_token("game", table.id))
            games.append(public.listed_game(table, engine, href, lang))
        path = page_path("server", token)
        return _html(pages.server_page(lang, games, path, _lang_asked(request)))

    return [
        web.get("/", home, name="home"),
        web.get("/static/portolan.css", stylesheet, name="static"),
        web.get("/g/{token}", game, name="game"),
        web.get("/g/{token}/board.png", board, name="board"),
        web.get("/g/{token}/replay", replay_page, name="replay"),
        web.get("/g/{token}/replay.png", replay_board, name="replay_board"),
        web.get("/g/{token}/record.json", record, name="record"),
        web.get("/t/{token}", tournament, name="tournament"),
        web.get("/s/{token}", server, name="server"),
    ]


async def _drawn(
    site: Site, request: web.Request, key: tuple, draw: Callable[[], Awaitable[bytes | None]]
) -> bytes:
    """A board from the cache, else drawn in a worker if the asker's limit allows (else 429)."""
    address = request.remote or "?"
    try:
        data = await site.cache.fetch(key, draw, lambda: site.limits.take(address))
    except replay.TooMany:
        raise web.HTTPTooManyRequests(
            text=pages.too_many_page(_lang_asked(request) or i18n.ENGLISH),
            content_type="text/html",
            headers={"Retry-After": "5"},
        ) from None
    if data is None:
        raise not_found()
    return data


@web.middleware
async def headers_middleware(request: web.Request, handler: Callable) -> web.StreamResponse:
    """The security headers on every answer, errors included; a 404 is always the same page."""
    try:
        response = await handler(request)
    except web.HTTPNotFound:
        response = _html(pages.not_found_page(_lang_asked(request) or i18n.ENGLISH), 404)
    except web.HTTPException as error:
        response = web.Response(
            status=error.status, text=error.text, headers=error.headers, reason=error.reason
        )
    for name, value in SECURITY_HEADERS.items():
        response.headers[name] = value
    return response


def make_app(site: Site, health: Callable[[], Awaitable[dict]] | None = None) -> web.Application:
    """The application: the pages, and ``/healthz`` and ``/metrics`` (``web.ops``) when a
    ``health`` probe is given."""
    from web import ops

    app = web.Application(middlewares=[ops.ops_middleware, headers_middleware])
    app.add_routes(page_routes(site))
    if health is not None:
        app.add_routes(ops.ops_routes(health))
    app[SITE] = site
    return app


class WebServer:
    """The pages on a host and port, started and stopped with the process that runs them."""

    def __init__(
        self, site: Site, host: str, port: int, health: Callable[[], Awaitable[dict]] | None
    ) -> None:
        self.site = site
        self.host = host
        self.port = port
        self.health = health
        self._runner: web.AppRunner | None = None

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    async def start(self) -> None:
        runner = web.AppRunner(make_app(self.site, self.health), access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        if self.port == 0:  # a free port was asked for: say which one it got
            self.port = runner.addresses[0][1]
        log.info("pages at %s", self.url)

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()


def health_of(bot: Any) -> Callable[[], Awaitable[dict]]:
    """The bot's health probe for ``/healthz`` (``web.ops.health_report``): the database, each
    gateway shard, the outbox, the worker pools."""
    from web import ops

    async def probe() -> dict:
        return await ops.health_report(bot.store, gateway=ops.gateway_state(bot))

    return probe


async def run_pages(target: str, address: str | None = None) -> int:
    """``python bot.py web``: only the pages, on the database ``target`` (the shard processes'
    PostgreSQL, or the bot's SQLite file), until SIGTERM or Ctrl-C. Its ``/healthz`` reports
    the database and the worker pools (it has no gateway)."""
    import signal

    from host.store import StoreError
    from web import ops

    try:
        host_port = parse_address(address or os.environ.get("PORTOLAN_WEB"))
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    if host_port is None:
        print("PORTOLAN_WEB is off: no pages to serve.", file=sys.stderr)
        return 2
    try:
        store = await Store.open(target)
    except StoreError as error:
        print(f"Cannot open the database: {error}", file=sys.stderr)
        return 2
    workers.use()
    server = WebServer(
        Site(store), *host_port, health=lambda: ops.health_report(store, gateway=None)
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    try:
        await server.start()  # logs where: "pages at http://..."
        await stop.wait()
    except OSError as error:
        print(f"The pages could not start on {server.url}: {error}", file=sys.stderr)
        return 1
    finally:
        await server.stop()
        await store.close()
        await asyncio.to_thread(workers.release)
    return 0
