"""A whole game of every game through SimCord: ``/game new``, the lobby, ``/move`` (and buttons),
the posts and DMs, with a bot restart every 40 moves (issue 13).

The fast tier plays one configuration per game with images stubbed (the renderers have their own
tests; here the picture proves nothing); the ``slow`` tier plays every player count and variant,
the first configuration of each game with real images."""

from __future__ import annotations

import random

import pytest

from engines import ENGINES
from tests.cogs.sim import accepted, said, stub_render
from tests.conformance import configurations


def _sample() -> list:
    # One configuration per game in the fast tier: the largest table of the default variant
    # (the most seats, DMs and turn hand-overs per move).
    picks = []
    for game, engine in sorted(ENGINES.items()):
        pairs = [p for p in configurations(engine) if p[1] == engine.variants[0]]
        players, variant = max(pairs)
        picks.append(
            pytest.param(game, players, variant, False, id=f"sample-{game}-{variant}-{players}p")
        )
    return picks


def _every() -> list:
    return [
        pytest.param(
            game,
            n,
            v,
            (n, v) == configurations(engine)[0],
            id=f"{game}-{v}-{n}p",
            marks=pytest.mark.slow,
        )
        for game, engine in sorted(ENGINES.items())
        for n, v in configurations(engine)
    ]


async def play_whole_game(world, game, players, variant, restart_every=40):
    members = [world.ana, world.bo, world.cy]
    while len(members) < players:
        members.append(world.add_member(f"p{len(members) + 1}"))
    members = members[:players]
    await members[0].slash(world.channel, "game new", game=game, variant=variant, players=players)
    for member in members[1:]:
        await member.slash(world.channel, "game join")
    started = await members[0].slash(world.channel, "game start")
    assert "begins" in said(started) or "To move" in said(started), said(started)
    chooser = random.Random(game)
    moves = 0
    while await world.table() is not None:
        assert moves < 5000, "the game did not end"
        member = await world.waiting()
        options = await world.bot.tables.legal_moves(world.channel.id, member.id)
        done = await member.slash(world.channel, "move", move=chooser.choice(options)[:100])
        assert accepted(done), said(done)
        moves += 1
        if moves % restart_every == 0:
            await world.restart()
    table = await world.bot.store.latest_table(world.channel.id)
    assert table.status == "finished" and table.move_count == moves
    assert "Final standings" in said(done)
    assert await world.bot.store.pending() == []
    return moves


@pytest.mark.parametrize(("game", "players", "variant", "images"), _sample() + _every())
async def test_a_whole_game(world, monkeypatch, game, players, variant, images):
    if not images:
        monkeypatch.setattr("host.notify.render_png_async", stub_render)
    await play_whole_game(world, game, players, variant)
