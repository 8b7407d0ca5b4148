"""A whole game of every game through SimCord: ``/game new``, the lobby, ``/move`` (and buttons),
the posts and DMs, with a bot restart every 40 moves (issue 13).

The fast tier plays one configuration per game with images stubbed (the renderers have their own
tests; here the picture proves nothing); the ``slow`` tier plays every player count and variant,
the first configuration of each game with real images. Moves are picked as ``tests.playouts``
says (half random, half as the seat fillers' playouts would)."""

from __future__ import annotations

import random

import pytest

from engines import ENGINES
from engines.base import Rng
from tests.cogs.sim import accepted, said, stub_render
from tests.conformance import configurations
from tests.playouts import pick_move


def _sample() -> list:
    # One configuration per game in the fast tier: the smallest table of the default variant
    # (the conformance playouts' fast tier plays the busiest table; the slow tier plays them all
    # here): the largest ones took 10-20 s each, too long for make test's 3 minutes.
    picks = []
    for game, engine in sorted(ENGINES.items()):
        pairs = [p for p in configurations(engine) if p[1] == engine.variants[0]]
        players, variant = min(pairs)
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


class Talk:
    """Counts turn starts and pings of members already to move, from the bot's HTTP requests."""

    def __init__(self, world) -> None:
        self.world = world
        self.turn_starts = 0
        self.stray_pings = 0
        self.round: object = None

    async def awaited(self) -> set[int]:
        table = await self.world.bot.store.live_table(self.world.channel.id)
        if table is None or table.state is None:
            return set()
        engine = self.world.bot.tables.engine(table.game)
        return {table.user_of(s) for s in engine.to_move(engine.decode(table.state))}

    async def new_round(self, players: int) -> int:
        """Alone at the table the player is always to move: each new round is a new turn."""
        table = await self.world.bot.store.latest_table(self.world.channel.id)
        if players != 1 or table is None or table.state is None:
            return 0
        engine = self.world.bot.tables.engine(table.game)
        now = engine.view(engine.decode(table.state), None).get("round")
        changed = now != self.round
        self.round = now
        return int(changed)

    def pings(self, since: int, before: set[int]) -> None:
        for request in self.world.env.http_requests[since:]:
            body = request.json if isinstance(request.json, dict) else {}
            allowed = body.get("allowed_mentions") or (body.get("data") or {}).get(
                "allowed_mentions"
            )
            users = {int(u) for u in (allowed or {}).get("users", [])}
            self.stray_pings += len(users & before)


async def play_whole_game(world, game, players, variant, restart_every=40):
    members = [world.ana, world.bo, world.cy]
    while len(members) < players:
        members.append(world.add_member(f"p{len(members) + 1}"))
    members = members[:players]
    await members[0].slash(world.channel, "game new", game=game, variant=variant, players=players)
    for member in members[1:]:
        await member.slash(world.channel, "game join")
    first_request = len(world.env.http_requests)
    started = await members[0].slash(world.channel, "game start")
    opening = world.channel.last_message.content  # an ordinary post, from the outbox
    assert accepted(started) and ("begins" in opening or "To move" in opening), opening
    first_post = max(m.id for m in world.channel.history())
    talk = Talk(world)
    talk.turn_starts += len(await talk.awaited())
    talk.pings(first_request, set())
    chooser = random.Random(game)
    policy_rng = Rng.from_seed(len(game))
    moves = 0
    while await world.table() is not None:
        assert moves < 5000, "the game did not end"
        member = await world.waiting()
        table = await world.table()
        engine = world.bot.tables.engine(game)
        state = engine.decode(table.state)
        move = pick_move(engine, state, table.seat_of(member.id), chooser, policy_rng)
        before, mark = await talk.awaited(), len(world.env.http_requests)
        done = await member.slash(world.channel, "move", move=move[:100])
        assert accepted(done), said(done)
        talk.turn_starts += len(await talk.awaited() - before) + await talk.new_round(players)
        talk.pings(mark, before)
        moves += 1
        if moves % restart_every == 0:
            await world.restart()
    # Issue 14's targets, as a member reads the channel: at most 1.5 posts and 1.5 board images
    # per turn start, no ping of a member already to move, never the same image twice in a row.
    posts = [m for m in world.channel.history() if m.id >= first_post]
    images = [m for m in posts if m.attachments]
    assert len(posts) <= 1.5 * talk.turn_starts, (len(posts), talk.turn_starts)
    assert len(images) <= 1.5 * talk.turn_starts, (len(images), talk.turn_starts)
    assert talk.stray_pings == 0
    table = await world.bot.store.latest_table(world.channel.id)
    assert table.status == "finished" and table.move_count == moves
    assert any("Final standings" in m.content for m in posts[-3:])
    assert await world.bot.store.pending() == []
    return moves


@pytest.mark.parametrize(("game", "players", "variant", "images"), _sample() + _every())
async def test_a_whole_game(world, monkeypatch, game, players, variant, images):
    if not images:
        monkeypatch.setattr("host.notify.render_png_async", stub_render)
    await play_whole_game(world, game, players, variant)
