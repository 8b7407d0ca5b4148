"""A small world for the pages' tests: a store with a running Bremerhaven game of members with
hostile names, and a tournament of the scripted test game (tests/podium.py) with one round
played and one running; then the pages' server on it (aiohttp's test server, in-process)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from aiohttp.test_utils import TestClient, TestServer

from engines import ENGINES
from host.life import PlayByPost
from host.store import Store, TableRow, TournamentRow
from host.tables import TableService
from host.tournaments import TournamentService
from tests.podium import ENGINE as PODIUM
from web.server import Site, make_app

HOSTILE = ("<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "javascript:alert(1)")
"""Display names a member could choose (issue 42: escaped, never a tag or a link)."""

GUILD = 4_242_001
CHANNEL = 5_151_001
HALL = 5_151_777
MEMBERS = (8_800_101, 8_800_102, 8_800_103)
ENTRANTS = (8_800_201, 8_800_202, 8_800_203, 8_800_204)
ORGANISER = 8_800_299
GAME_ENGINES = {**ENGINES, PODIUM.id: PODIUM}


@dataclass
class World:
    store: Store
    tables: TableService
    life: PlayByPost
    game: TableRow
    tournament: TournamentRow
    finished: TableRow
    running: TableRow


async def play_random(service: TableService, channel: int, moves: int, seed: int) -> TableRow:
    """``moves`` random legal moves at the channel's game, each by its member."""
    rng = random.Random(seed)
    for _ in range(moves):
        table = await service.running(channel)
        engine = service.engine(table.game)
        state = engine.decode(table.state)
        waiting = engine.to_move(state)
        if not waiting:
            break
        seat = waiting[0]
        await service.submit(
            channel, table.user_of(seat), rng.choice(engine.legal_moves(state, seat))
        )
    return await service.latest(channel)


async def build_world(path: Path, *, moves: int = 10) -> World:
    store = await Store.open(path)
    tables = TableService(store, engines=GAME_ENGINES)
    life = PlayByPost(tables)
    await tables.open(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game="bremerhaven",
        user_id=MEMBERS[0],
        name=HOSTILE[0],
        pace="untimed",
    )
    for member, name in zip(MEMBERS[1:], HOSTILE[1:], strict=True):
        await tables.join(CHANNEL, member, name)
    await tables.start(CHANNEL, MEMBERS[0], seed=11)
    game = await play_random(tables, CHANNEL, moves, seed=3)

    threads = iter(range(6_000_001, 6_000_100))

    async def make_thread(parent: int, name: str) -> int:
        return next(threads)

    cups = TournamentService(tables, life, make_thread=make_thread)
    await cups.create(
        guild_id=GUILD,
        channel_id=HALL,
        user_id=ORGANISER,
        name="Cup <b>of</b> [links](javascript:alert(1))",
        game="podium",
        table_size=2,
        rounds=2,
        pace="untimed",
    )
    for user, name in zip(ENTRANTS, (*HOSTILE, "Dana"), strict=True):
        await cups.join(HALL, user, name)
    tournament = await cups.start(HALL, ORGANISER, is_admin=False)
    for row in await store.pairings(tournament.id):
        table = await store.get_table(row.table_id)
        for score, user in enumerate(row.players):
            await tables.submit(table.channel_id, user, f"score {score + 3}")
    await cups.settle()
    rows = await store.pairings(tournament.id)
    finished = await store.get_table(next(r.table_id for r in rows if r.round == 1))
    running = await store.get_table(next(r.table_id for r in rows if r.round == 2))
    tournament = await store.get_tournament(tournament.id)
    return World(store, tables, life, game, tournament, finished, running)


async def client_for(site: Site) -> TestClient:
    client = TestClient(TestServer(make_app(site)))
    await client.start_server()
    return client
