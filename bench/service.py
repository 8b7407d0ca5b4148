"""The service on both store backends (issue 17): moves per second over 200 concurrent games with
one and with two processes, start-up with many stored games, memory with 1,000 active games.

    python -m bench.service --quick            small sizes, a few seconds per figure
    python -m bench.service                    the README's sizes (100,000 stored games)
    python -m bench.service --backends sqlite  one backend only

Every figure runs in fresh processes, so one measurement does not warm or fill the next. The
PostgreSQL figures use ``PORTOLAN_BENCH_POSTGRES`` (default: the test database), each in a fresh
schema that is dropped afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path

from engines import ENGINES
from host.store import Store
from host.tables import TableService

ROOT = Path(__file__).resolve().parent.parent
POSTGRES_URL = os.environ.get(
    "PORTOLAN_BENCH_POSTGRES",
    os.environ.get("PORTOLAN_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test"),
)


# ---- where the store lives ------------------------------------------------------------------


@contextlib.asynccontextmanager
async def backend(kind: str) -> AsyncIterator[str]:
    """A fresh, empty store target: a SQLite file in a temporary folder, or a PostgreSQL schema."""
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            yield str(Path(folder) / "bench.db")
        return
    import asyncpg

    from host.db import with_schema

    schema = "bench_" + secrets.token_hex(5)
    conn = await asyncpg.connect(POSTGRES_URL)
    await conn.execute(f"CREATE SCHEMA {schema}")
    await conn.close()
    try:
        yield with_schema(POSTGRES_URL, schema)
    finally:
        conn = await asyncpg.connect(POSTGRES_URL)
        await conn.execute(f"DROP SCHEMA {schema} CASCADE")
        await conn.close()


def run_async(coro_factory):
    return asyncio.run(coro_factory())


# ---- seeding many games fast ----------------------------------------------------------------


def _position(game_id: str) -> tuple[str, int, str]:
    """One real mid-game position of ``game_id``: (state JSON, players, variant)."""
    from bench.measure import random_game

    engine = ENGINES[game_id]
    players = min(engine.max_players, 4)
    samples, _, _ = random_game(engine, players, seed=5)
    return json.dumps(engine.encode(samples[len(samples) // 2][0])), players, engine.variants[0]


async def seed_games(target: str, game_id: str, count: int, active_share: float = 1.0) -> None:
    """Fill a store with ``count`` started games (copies of one real position), in bulk."""
    state, players, variant = _position(game_id)
    store = await Store.open(target)
    await store.close()
    now = time.time()
    tables = [
        (
            i + 1,
            1,
            10_000 + i,
            game_id,
            variant,
            "active" if i < count * active_share else "finished",
            1,
            5,
            state,
            2,
            0,
            now,
            now,
            "untimed",
        )
        for i in range(count)
    ]
    seats = [(i + 1, s, s + 1, f"P{s}", now) for i in range(count) for s in range(players)]
    table_columns = [
        "id",
        "guild_id",
        "channel_id",
        "game",
        "variant",
        "status",
        "opener_id",
        "seed",
        "state",
        "version",
        "move_count",
        "created_at",
        "updated_at",
        "pace",
    ]
    seat_columns = ["table_id", "seat", "user_id", "name", "joined_at"]
    if target.startswith("postgresql://"):
        import asyncpg

        conn = await asyncpg.connect(target)
        try:
            await conn.copy_records_to_table("tables", records=tables, columns=table_columns)
            await conn.copy_records_to_table("seats", records=seats, columns=seat_columns)
            await conn.execute(
                "SELECT setval(pg_get_serial_sequence('tables', 'id'), $1::bigint)", count + 1
            )
            await conn.execute("ANALYZE")
        finally:
            await conn.close()
        return
    import sqlite3

    con = sqlite3.connect(target)
    with con:
        con.executemany(
            f"INSERT INTO tables ({', '.join(table_columns)}) VALUES "
            f"({', '.join('?' for _ in table_columns)})",
            tables,
        )
        con.executemany(
            f"INSERT INTO seats ({', '.join(seat_columns)}) VALUES (?, ?, ?, ?, ?)", seats
        )
    con.close()


# ---- child processes ------------------------------------------------------------------------

_MEMORY = """
import asyncio, sys
from host.store import Store
from host.tables import TableService
def rss_kb():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
async def main(target):
    store = await Store.open(target)
    service = TableService(store)
    base = rss_kb()
    tables = await store.live_tables()
    for table in tables:
        engine = service.engine(table.game)
        engine.to_move(engine.decode(table.state))
    print(base, rss_kb(), len(tables))
    await store.close()
asyncio.run(main(sys.argv[1]))
"""

_STARTUP = """
import asyncio, sys, time
start = time.perf_counter()
from bot import create_bot
async def main(target):
    bot = await create_bot(target)
    await bot.store.pending()
    await bot.store.live_tables(timed_only=True)
    print(time.perf_counter() - start)
    await bot.store.close()
asyncio.run(main(sys.argv[1]))
"""

# Plays its share of the games once the parent says GO; prints how many moves it made.
_PLAYER = """
import asyncio, random, sys, time
from engines import ENGINES
from host.store import Store
from host.tables import TableService
async def main(target, game_id, channels, moves_each):
    engine = ENGINES[game_id]
    players = min(engine.max_players, 4)
    store = await Store.open(target)
    service = TableService(store)
    def first_moves(seed):
        # The opening of a random game, as bench.random_game plays it (same seed, same moves).
        chooser = random.Random(seed)
        state = engine.setup(players, seed=seed, variant=None)
        moves = []
        while len(moves) < moves_each and (waiting := engine.to_move(state)):
            seat = chooser.choice(waiting)
            move = chooser.choice(engine.legal_moves(state, seat))
            moves.append((None, seat, move))
            state = engine.apply(state, seat, move).state
        return moves
    scripts = [(c, first_moves(c)) for c in channels]
    print("READY", flush=True)
    sys.stdin.readline()
    async def run(channel, samples):
        for _, seat, move in samples:
            await service.submit(channel, seat + 1, move)
    start = time.perf_counter()
    await asyncio.gather(*(run(c, s) for c, s in scripts))
    print(sum(len(s) for _, s in scripts), time.perf_counter() - start, flush=True)
    await store.close()
asyncio.run(main(sys.argv[1], sys.argv[2], [int(c) for c in sys.argv[3].split(",")],
                 int(sys.argv[4])))
"""


def _python(code: str, *args: str) -> str:
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout


# ---- the figures ----------------------------------------------------------------------------


def memory(kind: str, game_id: str, games: int = 1000) -> dict:
    """Resident memory of a fresh process holding ``games`` active games, each loaded once."""

    async def run() -> dict:
        async with backend(kind) as target:
            await seed_games(target, game_id, games)
            out = _python(_MEMORY, target).split()
        return {"games": games, "rss_mb": int(out[1]) / 1024, "before_load_mb": int(out[0]) / 1024}

    return run_async(run)


def startup(kind: str, game_id: str, stored: int, runs: int = 3) -> dict:
    """Seconds from a cold process to a bot ready to serve (store open, cogs loaded, the outbox
    and the tick's tables read), with ``stored`` games of which a fifth are running."""

    async def run() -> dict:
        async with backend(kind) as target:
            start = time.perf_counter()
            await seed_games(target, game_id, stored, active_share=0.2)
            seeded = time.perf_counter() - start
            times = [float(_python(_STARTUP, target).split()[-1]) for _ in range(runs)]
        return {"stored_games": stored, "median_s": statistics.median(times), "seed_s": seeded}

    return run_async(run)


def throughput(kind: str, game_id: str, processes: int, games: int, moves_each: int) -> dict:
    """Moves per second over ``games`` concurrent games, played by ``processes`` processes on one
    store (each plays its share of the games, as shard processes would)."""
    engine = ENGINES[game_id]
    players = min(engine.max_players, 4)

    async def run() -> dict:
        async with backend(kind) as target:
            store = await Store.open(target)
            service = TableService(store)
            for channel in range(1, games + 1):
                await service.open(
                    guild_id=1, channel_id=channel, game=game_id, user_id=1, name="P1"
                )
                for seat in range(1, players):
                    await service.join(channel, seat + 1, f"P{seat + 1}")
                await service.start(channel, 1, seed=channel)
            await store.close()
            shares = [list(range(1 + p, games + 1, processes)) for p in range(processes)]
            children = [
                subprocess.Popen(
                    [
                        sys.executable,
                        "-c",
                        _PLAYER,
                        target,
                        game_id,
                        ",".join(map(str, share)),
                        str(moves_each),
                    ],
                    cwd=ROOT,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    text=True,
                )
                for share in shares
            ]
            for child in children:
                assert child.stdout.readline().strip() == "READY"
            start = time.perf_counter()
            for child in children:
                child.stdin.write("GO\n")
                child.stdin.flush()
            moves = 0
            for child in children:
                moves += int(child.stdout.readline().split()[0])
                child.wait()
            elapsed = time.perf_counter() - start
        return {
            "processes": processes,
            "games": games,
            "moves": moves,
            "seconds": elapsed,
            "moves_per_s": moves / elapsed,
        }

    return run_async(run)


def postgres_reachable() -> str:
    """Empty if the bench PostgreSQL answers, else why not."""

    async def probe() -> str:
        import asyncpg

        try:
            conn = await asyncpg.connect(POSTGRES_URL, timeout=3)
            await conn.close()
            return ""
        except Exception as error:  # any failure means "not reachable"
            return f"PostgreSQL not reachable at {POSTGRES_URL}: {type(error).__name__}"

    return asyncio.run(probe())


def service_section(game_id: str, quick: bool, backends: list[str]) -> dict:
    """Every service figure on every backend; prints a line per figure as it comes."""
    sizes = {
        "memory_games": 1000,
        "stored": 10_000 if quick else 100_000,
        "games": 200,
        "moves_each": 3 if quick else 10,
    }
    section: dict = {"game": game_id, "sizes": sizes, "backends": {}}
    for kind in backends:
        if kind == "postgres" and (problem := postgres_reachable()):
            print(f"  {kind}: skipped ({problem})")
            section["backends"][kind] = {"skipped": problem}
            continue
        figures: dict = {}
        for processes in (1, 2):
            figures[f"throughput_{processes}p"] = result = throughput(
                kind, game_id, processes, sizes["games"], sizes["moves_each"]
            )
            print(
                f"  {kind:<9} {processes} process{'es' if processes > 1 else '  '}: "
                f"{result['moves_per_s']:7.0f} moves/s over {result['games']} concurrent games "
                f"({result['moves']} moves in {result['seconds']:.1f} s)"
            )
        figures["startup"] = result = startup(kind, game_id, sizes["stored"])
        print(
            f"  {kind:<9} start-up with {result['stored_games']} stored games: "
            f"{result['median_s']:.2f} s (median of 3)"
        )
        figures["memory"] = result = memory(kind, game_id, sizes["memory_games"])
        print(
            f"  {kind:<9} {result['games']} active games loaded: {result['rss_mb']:.0f} MB RSS "
            f"({result['before_load_mb']:.0f} MB before loading them)"
        )
        section["backends"][kind] = figures
    return section


def main(argv: list[str] | None = None) -> int:
    from bench.measure import machine

    parser = argparse.ArgumentParser(prog="python -m bench.service")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--game", default=next(iter(ENGINES)))  # the registry's first
    parser.add_argument("--json", default="bench-service.json")
    args = parser.parse_args(argv)
    report = {"machine": machine(), "quick": args.quick}
    print(f"machine: {report['machine']}")
    print(f"service ({args.game}):")
    report["service"] = service_section(args.game, args.quick, args.backends.split(","))
    Path(args.json).write_text(json.dumps(report, indent=2))
    print(f"figures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
