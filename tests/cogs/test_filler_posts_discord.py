"""Issue 40 section 4: at a filler table, the post that pings the member says each filler's turn
in one line and stays short (at most 1,200 characters), and never opens with a clipped line
("… (11 earlier lines: see /log)"); ``/log`` keeps every line.

Whole games through SimCord: Ana against fillers. The fillers decide by the engines' playout
policy (``autopilot_move``), so a game takes seconds, not the real search's minutes; what a post
says depends on the lines the fillers' steps log, not on how well they chose."""

from __future__ import annotations

import random

import pytest

from engines.base import Rng
from players.search import playout_move
from tests.cogs.sim import accepted, said, stub_render
from tests.playouts import pick_move

PINGED_POST_LIMIT = 1200
CLIPPED = ("…", "...")

GAMES = [("amerigo", 4), ("tahiti", 4), ("drake", 4), ("vasco", 4), ("bremerhaven", 4)]


def _pinging_posts(world, since: int, member_id: int) -> list[str]:
    """The texts of the channel posts created since request ``since`` that ping ``member_id``."""
    found = []
    for request in world.env.http_requests[since:]:
        body = request.json if isinstance(request.json, dict) else {}
        if request.method != "POST" or not isinstance(body.get("content"), str):
            continue
        allowed = body.get("allowed_mentions") or {}
        if str(member_id) in {str(u) for u in allowed.get("users", [])}:
            found.append(body["content"])
    return found


async def _filler_game(world, game: str, players: int, measured: dict[str, int]) -> None:
    rng = Rng.from_seed(len(game))

    async def decide(engine, state, seat, seed):
        return playout_move(engine, state, seat, rng)

    world.bot.tables.autopilot_move = decide
    ana = world.ana
    mark = len(world.env.http_requests)
    await ana.slash(world.channel, "game new", game=game, players=players, bots=players - 1)
    started = await ana.slash(world.channel, "game start")
    assert accepted(started), said(started)
    chooser, policy = random.Random(game), Rng.from_seed(7)
    moves = 0
    while (table := await world.table()) is not None:
        assert moves < 3000, "the game did not end"
        engine = world.bot.tables.engine(game)
        state = engine.decode(table.state)
        move = pick_move(engine, state, table.seat_of(ana.id), chooser, policy)
        done = await ana.slash(world.channel, "move", move=move[:100])
        assert accepted(done), said(done)
        moves += 1
    table = await world.bot.store.latest_table(world.channel.id)
    assert table.status == "finished"
    posts = _pinging_posts(world, mark, ana.id)
    assert len(posts) > 5, (game, len(posts))
    measured[game] = max(len(p) for p in posts)
    return posts


# Tahiti's was the longest before (1,889 characters); the other four games play in the slow tier.
FAST = "tahiti"


@pytest.mark.parametrize(
    ("game", "players"),
    [
        pytest.param(game, players, marks=() if game == FAST else pytest.mark.slow, id=game)
        for game, players in GAMES
    ],
)
@pytest.mark.simcord(settle_timeout=120)
async def test_filler_table_posts_that_ping_are_short_and_never_start_clipped(
    world, monkeypatch, game, players
):
    monkeypatch.setattr("host.notify.render_png_async", stub_render)
    measured: dict[str, int] = {}
    texts = await _filler_game(world, game, players, measured)
    # Before issue 40: amerigo 608, tahiti 1891, drake 1825, vasco 1303, bremerhaven 1836, most
    # opening "… (N earlier lines: see /log)". After: at most 849 (runs vary a little).
    print("max characters per pinging post:", measured)
    for post in texts:
        assert len(post) <= PINGED_POST_LIMIT, (game, len(post), post)
        assert not post.startswith(CLIPPED), (game, post[:200])
