"""Measure engines, renderers and the table service; print a table and write JSON.

    python -m bench --quick      a few seconds per game
    python -m bench              more samples
    python -m bench --json FILE  where to write the figures (default bench-results.json)

Figures are medians and 95th percentiles of wall-clock time on this machine, which is described
in the output. Nothing here is a pass/fail test: the README and the issue notes compare the
figures with the targets.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path

from bench.measure import machine, random_game, summary
from engines import ENGINES
from host.store import Store
from host.tables import TableService
from render import RENDERERS
from render.common import to_png


def bench_engine(game_id: str, quick: bool) -> dict:
    engine = ENGINES[game_id]
    players = min(engine.max_players, 4)
    games = 3 if quick else 10
    playouts, applies, moves = [], [], 0
    positions = []
    for seed in range(games):
        samples, seconds, _ = random_game(engine, players, seed)
        playouts.append(seconds)
        moves += len(samples)
        positions.extend(samples[:: max(1, len(samples) // 40)])
    for state, seat, move in positions:
        start = time.perf_counter()
        engine.apply(state, seat, move)
        applies.append(time.perf_counter() - start)
    result = {
        "players": players,
        "apply": summary(applies),
        "playout": summary(playouts),
        "moves_per_game": moves / games,
    }
    renderer = RENDERERS.get(game_id)
    if renderer is not None:
        renders, encodes = [], []
        for state, _, _ in positions[:: max(1, len(positions) // (10 if quick else 40))]:
            view = engine.view(state, None)
            start = time.perf_counter()
            image = renderer.board(view)
            renders.append(time.perf_counter() - start)
            start = time.perf_counter()
            to_png(image)
            encodes.append(time.perf_counter() - start)
        result["render"] = summary(renders)
        result["png_encode"] = summary(encodes)
    return result


async def bench_end_to_end(game_id: str, quick: bool) -> dict:
    """One move through the table service and a SQLite file, without and with rendering."""
    from host.images import render_png

    engine = ENGINES[game_id]
    players = min(engine.max_players, 4)
    samples, _, _ = random_game(engine, players, seed=99)
    limit = 60 if quick else 300
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.db")
        service = TableService(store)
        await service.open(guild_id=1, channel_id=1, game=game_id, user_id=1, name="P1")
        for seat in range(1, players):
            await service.join(1, seat + 1, f"P{seat + 1}")
        await service.start(1, 1, seed=99)
        plain, rendered = [], []
        for index, (_, seat, move) in enumerate(samples[:limit]):
            start = time.perf_counter()
            outcome = await service.submit(1, seat + 1, move)
            elapsed = time.perf_counter() - start
            if index % 5 == 0:
                start = time.perf_counter()
                render_png(outcome.items[0].payload.get("image"))
                rendered.append(elapsed + time.perf_counter() - start)
            plain.append(elapsed)
        await store.close()
    return {"move_no_render": summary(plain), "move_with_render": summary(rendered)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", default="bench-results.json")
    parser.add_argument("--games", help="comma-separated game ids (default: all)")
    parser.add_argument(
        "--backends", default="sqlite,postgres", help="store backends for the service section"
    )
    args = parser.parse_args(argv)
    games = args.games.split(",") if args.games else list(ENGINES)
    report = {"machine": machine(), "quick": args.quick, "games": {}}
    print(f"machine: {report['machine']}")
    header = f"{'game':<12}{'apply med/p95 ms':>20}{'playout med s':>15}{'render med/p95':>18}"
    header += f"{'png med':>10}{'move e2e med/p95':>20}{'+render med':>13}"
    print(header)
    for game_id in games:
        figures = bench_engine(game_id, args.quick)
        figures |= asyncio.run(bench_end_to_end(game_id, args.quick))
        report["games"][game_id] = figures
        render = figures.get("render", {"median_ms": float("nan"), "p95_ms": float("nan")})
        png = figures.get("png_encode", {"median_ms": float("nan")})
        print(
            f"{game_id:<12}"
            f"{figures['apply']['median_ms']:>10.2f}/{figures['apply']['p95_ms']:<9.2f}"
            f"{figures['playout']['median_ms'] / 1000:>15.2f}"
            f"{render['median_ms']:>9.0f}/{render['p95_ms']:<8.0f}"
            f"{png['median_ms']:>10.0f}"
            f"{figures['move_no_render']['median_ms']:>10.1f}/{figures['move_no_render']['p95_ms']:<9.1f}"
            f"{figures['move_with_render']['median_ms']:>13.0f}"
        )
    service_game = next(iter(ENGINES))  # the registry's first game
    # The service on both store backends (bench/service.py): moves/s with one and two
    # processes, start-up with many stored games, memory with 1,000 active games.
    from bench.service import service_section

    print(f"service ({service_game}):")
    report["service"] = service_section(service_game, args.quick, args.backends.split(","))
    Path(args.json).write_text(json.dumps(report, indent=2))
    print(f"figures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
