"""The pages on the real server, in-process (issue 42): every page, the tokens, the headers,
hostile names, the record only once a game is over, read-only, the language.

One world and one server for the module (tests/web/world.py): a running Bremerhaven game of
three members with hostile names, a tournament of the scripted test game with a round played."""

from __future__ import annotations

import base64
import json
import re

import pytest
import pytest_asyncio

from host import workers
from host.store.web import page_path
from tests.web.world import World, build_world, client_for
from web import limits, replay, server
from web.server import SECURITY_HEADERS, Site

pytestmark = pytest.mark.asyncio(loop_scope="module")

ALLOWED_TAGS = set(
    [
        "html",
        "head",
        "meta",
        "link",
        "title",
        "body",
        "main",
        "footer",
        "nav",
        "p",
        "h1",
        "h2",
        "a",
        "b",
        "i",
        "u",
        "s",
        "code",
        "small",
        "span",
        "bdi",
        "table",
        "thead",
        "tbody",
        "tr",
        "th",
        "td",
        "ol",
        "ul",
        "li",
        "figure",
        "img",
        "form",
        "input",
        "label",
        "button",
        "br",
    ]
)
"""Every tag a page may hold: structure and emphasis, never a script, a frame or an object."""


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def world(tmp_path_factory):
    # Boards are drawn in threads here: a worker pool's first start takes seconds, and the
    # slow tier's browser test draws in the real pools.
    workers.use_processes(False)
    built = await build_world(tmp_path_factory.mktemp("web") / "pages.db")
    yield built
    await built.store.close()
    workers.use_processes(True)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def client(world: World):
    site = Site(world.store, world.tables.engines)
    client = await client_for(site)
    yield client
    await client.close()


async def page(world: World, kind: str, id: int) -> str:
    return page_path(kind, await world.store.page_token(kind, id))


async def get_text(client, path: str, status: int = 200) -> str:
    response = await client.get(path)
    assert response.status == status, path
    return await response.text()


# ---- the game page ---------------------------------------------------------------------------


async def test_game_page_shows_board_players_turn_log_and_channel(world, client):
    path = await page(world, "game", world.game.id)
    text = await get_text(client, path)
    game = world.game
    assert f'src="{path}/board.png?v={game.version}&amp;lang=en"' in text
    assert f"https://discord.com/channels/{game.guild_id}/{game.channel_id}" in text
    moves = await world.store.moves(game.id)
    assert len(moves) == game.move_count == 10
    for row in moves:  # every move, numbered, linked to its replay
        assert f'<li value="{row.n}"><a href="{path}/replay?move={row.n}">{row.n}.</a>' in text
    assert "Moves played: 10" in text and "To move:" in text
    assert text.count('<th scope="row">') == 3


async def test_board_png_is_the_public_board_drawn_and_cached(world, client):
    path = await page(world, "game", world.game.id)
    response = await client.get(f"{path}/board.png?v={world.game.version}")
    assert response.status == 200 and response.content_type == "image/png"
    assert (await response.read()).startswith(b"\x89PNG")
    assert "immutable" in response.headers["Cache-Control"]
    site = client.server.app[server.SITE]
    hits = site.cache.hits
    assert (await client.get(f"{path}/board.png?v={world.game.version}")).status == 200
    assert site.cache.hits == hits + 1


async def test_hostile_names_are_text_never_tags_or_links(world, client):
    for kind, id in (("game", world.game.id), ("tournament", world.tournament.id)):
        text = await get_text(client, await page(world, kind, id))
        assert "<script" not in text and "onerror=alert(1)>" not in text
        assert text.count("<img ") == (kind == "game")  # the board, and no other picture
        assert 'href="javascript' not in text and "<b>of</b>" not in text
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
        assert "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;" in text
        assert "javascript:alert(1)" in text  # as text
        hrefs = re.findall(r'href="([^"]*)"', text)
        assert all(h.startswith(("/", "https://discord.com/channels/", "data:")) for h in hrefs)
        tags = set(re.findall(r"<([a-z0-9]+)[\s>]", text))
        assert tags <= ALLOWED_TAGS


# ---- replay and record -----------------------------------------------------------------------


async def test_replay_page_steps_through_every_move(world, client):
    path = await page(world, "game", world.game.id)
    text = await get_text(client, f"{path}/replay?move=4")
    moves = await world.store.moves(world.game.id)
    assert "Replay: move 4 of 10" in text
    for target in (0, 3, 5, 10):  # first, previous, next, last
        assert f'href="{path}/replay?move={target}"' in text
    assert 'type="range" id="move" name="move" min="0" max="10" value="4"' in text
    assert f'src="{path}/replay.png?move=4&amp;lang=en"' in text
    assert '<li value="4" aria-current="step" class="current">' in text
    line = re.search(r'<p class="move-line"><b>4\.</b> (.*?)</p>', text).group(1)
    assert moves[3].log and line  # the move's own public line
    start = await get_text(client, f"{path}/replay?move=0")
    assert "The board before the first move." in start
    for wrong in ("11", "-1", "x", "1e3", "²", "9" * 5000):
        await get_text(client, f"{path}/replay?move={wrong}", 404)


async def test_replay_board_is_the_board_after_that_move(world, client):
    path = await page(world, "game", world.game.id)
    last = await client.get(f"{path}/replay.png?move={world.game.move_count}")
    now = await client.get(f"{path}/board.png")
    assert last.status == now.status == 200
    assert await last.read() == await now.read()
    first = await client.get(f"{path}/replay.png?move=0")
    assert first.status == 200 and await first.read() != await now.read()
    # A running game's move N can change by an undo: never kept as immutable.
    assert "immutable" not in first.headers["Cache-Control"]


async def test_record_is_the_export_once_the_game_is_over_and_404_before(world, client):
    running = await page(world, "game", world.game.id)
    await get_text(client, f"{running}/record.json", 404)  # the seed must not be public yet
    finished = await page(world, "game", world.finished.id)
    response = await client.get(f"{finished}/record.json")
    assert response.status == 200 and response.content_type == "application/json"
    record = await response.json()
    assert record == await world.life.export(world.finished.channel_id)
    assert record["seed"] == world.finished.seed and record["moves"]


# ---- tournament and server listing -----------------------------------------------------------


async def test_tournament_page_rounds_tables_links_and_standings(world, client):
    path = await page(world, "tournament", world.tournament.id)
    text = await get_text(client, path)
    assert "Round 1" in text and "Round 2" in text
    assert "Standings, live, round 2 of 2: 0 of 2 tables finished" in text
    rows = await world.store.pairings(world.tournament.id)
    for row in rows:
        assert f'href="{await page(world, "game", row.table_id)}"' in text
    assert text.count("(done)") == 2 and text.count("(playing)") == 2
    assert text.count("pts (opp") == 4  # every entrant's line, with its tie-breakers
    assert "— level with" in text  # the tie-break that decided a tie


async def test_server_listing_only_when_the_server_opts_in(world, client):
    path = await page(world, "server", world.game.guild_id)
    await get_text(client, path, 404)
    settings = await world.store.get_guild_settings(world.game.guild_id)
    await world.store.set_guild_settings(world.game.guild_id, settings | {server.LISTING: True})
    try:
        text = await get_text(client, path)
    finally:
        await world.store.set_guild_settings(world.game.guild_id, settings)
    assert f'href="{await page(world, "game", world.game.id)}"' in text
    assert f'href="{await page(world, "game", world.running.id)}"' in text
    assert await page(world, "game", world.finished.id) not in text  # running games only


async def test_new_pictures_beyond_the_limit_are_429_cached_ones_still_come(world, monkeypatch):
    drawn = []
    monkeypatch.setattr(replay, "replay_png", lambda *args: drawn.append(args) or b"\x89PNG")
    site = Site(world.store, world.tables.engines, limits=limits.Buckets(burst=2, per_second=0.0))
    client = await client_for(site)
    try:
        path = await page(world, "game", world.game.id)
        statuses = [(await client.get(f"{path}/replay.png?move={n}")).status for n in range(4)]
        assert statuses == [200, 200, 429, 429] and len(drawn) == 2
        late = await client.get(f"{path}/replay.png?move=3")
        assert late.headers["Retry-After"] and "text/html" in late.headers["Content-Type"]
        assert (await client.get(f"{path}/replay.png?move=1")).status == 200  # drawn already
        assert (await client.get(path)).status == 200  # pages themselves are never limited
    finally:
        await client.close()


# ---- tokens, headers, methods, language ------------------------------------------------------


async def test_tokens_are_128_bits_and_a_wrong_one_is_the_same_404(world, client):
    token = await world.store.page_token("game", world.game.id)
    assert len(base64.urlsafe_b64decode(token + "==")) == 16
    assert await world.store.page_token("game", world.game.id) == token  # kept
    other = await world.store.page_token("game", world.finished.id)
    assert other != token
    unknown = await get_text(client, "/g/" + server_token(), 404)
    flipped = token[:-1] + ("A" if token[-1] != "A" else "B")
    for wrong in (flipped, token[:-1], token + "A", "x" * 4_000, "%00", "a%2Fb"):
        assert await get_text(client, f"/g/{wrong}", 404) == unknown
    tournament = await world.store.page_token("tournament", world.tournament.id)
    await get_text(client, f"/g/{tournament}", 404)  # a token opens only its own kind
    await get_text(client, f"/t/{token}", 404)


def server_token() -> str:
    import secrets

    return secrets.token_urlsafe(16)


async def test_security_headers_on_every_answer(world, client):
    path = await page(world, "game", world.game.id)
    finished = await page(world, "game", world.finished.id)
    paths = [
        "/",
        "/static/portolan.css",
        path,
        f"{path}/board.png",
        f"{path}/replay?move=1",
        f"{finished}/record.json",
        "/g/nothing",
        "/no/such/page",
    ]
    for url in paths:
        for method in ("GET", "HEAD", "POST", "PUT", "DELETE"):
            response = await client.request(method, url)
            for name, value in SECURITY_HEADERS.items():
                assert response.headers.get(name) == value, (method, url, name)
            if method in ("GET", "HEAD"):
                assert response.status in (200, 404), (method, url)
            else:
                assert response.status in (404, 405), (method, url)
    csp = SECURITY_HEADERS["Content-Security-Policy"]
    assert "default-src 'none'" in csp and "frame-ancestors 'none'" in csp
    assert "script-src" not in csp and "unsafe-inline" not in csp


async def test_only_get_and_head_routes():
    routes = server.page_routes(Site(store=None))  # type: ignore[arg-type]
    assert {r.method for r in routes} == {"GET"}


async def test_no_request_changes_a_game(world, client):
    """Every page, of every kind, asked for in every language: no table's version moves."""
    before = {t.id: t.version for t in await tables_of(world)}
    pages = ["/", await page(world, "tournament", world.tournament.id)]
    pictures = []
    for table in await tables_of(world):
        path = await page(world, "game", table.id)
        pages += [path, f"{path}/record.json", f"{path}/replay?move=0", f"{path}/replay?move=1"]
        pictures += [f"{path}/board.png", f"{path}/replay.png?move=1"]
    asked = [(url, lang) for url in pages for lang in ("en", "el", "ru")]
    for url, lang in asked + [(url, "en") for url in pictures]:
        response = await client.get(url, params={"lang": lang})
        assert response.status in (200, 404)
    assert {t.id: t.version for t in await tables_of(world)} == before


async def tables_of(world: World):
    rows = await world.store.pairings(world.tournament.id)
    return [world.game, *[await world.store.get_table(r.table_id) for r in rows]]


async def test_language_follows_the_server_and_lang_overrides(world, client):
    path = await page(world, "game", world.game.id)
    await world.store.set_guild_settings(world.game.guild_id, {"language": "el"})
    try:
        greek = await get_text(client, path)
        russian = await get_text(client, f"{path}?lang=ru")
    finally:
        await world.store.set_guild_settings(world.game.guild_id, {})
    assert '<html lang="el">' in greek and "Κινήσεις" in greek
    assert '<html lang="ru">' in russian and "Ходы" in russian
    assert f'href="{path}/replay?move=10&amp;lang=ru"' in russian  # the choice is kept


async def test_record_json_has_no_member_id(world, client):
    finished = await page(world, "game", world.finished.id)
    record = json.dumps(await (await client.get(f"{finished}/record.json")).json())
    for member in world.finished.seats:
        assert str(member.user_id) not in record
