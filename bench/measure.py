"""What every bench shares: percentiles and summaries of timings, a random game, and the machine
the figures were measured on (printed with every figure)."""

from __future__ import annotations

import os
import platform
import random
import statistics
import sys
import time


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def summary(values: list[float]) -> dict[str, float]:
    """Milliseconds: median and p95."""
    ms = [v * 1000 for v in values]
    return {"median_ms": statistics.median(ms), "p95_ms": percentile(ms, 0.95), "n": len(ms)}


def random_game(engine, players: int, seed: int, variant: str | None = None):
    """Play a random game; returns (applied (state, seat, move) samples, playout seconds)."""
    chooser = random.Random(seed)
    state = engine.setup(players, seed=seed, variant=variant)
    samples = []
    start = time.perf_counter()
    while waiting := engine.to_move(state):
        seat = chooser.choice(waiting)
        move = chooser.choice(engine.legal_moves(state, seat))
        samples.append((state, seat, move))
        state = engine.apply(state, seat, move).state
    return samples, time.perf_counter() - start, state


def machine() -> dict:
    return {
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
        "date": time.strftime("%Y-%m-%d"),
    }
