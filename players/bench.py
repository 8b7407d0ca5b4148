"""Measure the seat filler's strength and speed; print a table (issue 18 part 3).

    python -m players.bench                  every game, 10 games per cell, default budget
    python -m players.bench --games 4 --only vasco drake
    python -m players.bench --iterations 80  a reduced budget (say so when quoting figures)

Cells, all 3-player games: the filler against two uniformly random players, against two
default-move players, and a mirror match of three fillers (wins per seat). The filler's seat
rotates with the game number so that no cell leans on one seat. Timings are wall-clock per
decision with more than one legal move (forced moves cost nothing and are not counted).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import random
import sys
import time
from dataclasses import dataclass, field

from engines import ENGINES
from players.search import DEFAULT_BUDGET, Budget, choose_move
from players.turns import TurnMemory

PLAYERS = 3
MOVE_CAP = 20_000
"""A game still running after this many moves counts as unfinished (``--move-cap``)."""


@dataclass
class Cell:
    games: int = 0
    wins: int = 0
    unfinished: int = 0
    seat_wins: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    order_wins: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    """Wins by turn order (the seat that moved first, second, ...): what the game favours."""
    times: list[float] = field(default_factory=list)
    moves: int = 0


def machine() -> str:
    memory = ""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            kib = int(meminfo.readline().split()[1])
        memory = f", {kib / 2**20:.0f} GiB"
    except (OSError, ValueError, IndexError):
        pass
    return (
        f"{os.cpu_count()} cores{memory}, Python {platform.python_version()}, "
        f"{platform.system()} {platform.machine()}"
    )


@dataclass(frozen=True)
class Game:
    """One benchmark game: ``kinds[seat]`` is ``filler``, ``random`` or ``default``."""

    game_id: str
    cell: str
    kinds: tuple[str, ...]
    seed: int


@dataclass
class Played:
    moves: int
    ranks: dict[int, int] | None
    times: list[float]
    order: list[int] = field(default_factory=list)
    """The seats in the order of their first move."""


def play(game: Game, budget: Budget, cap: int = MOVE_CAP) -> Played:
    """Plays one game to the end (or ``cap`` moves); times the filler's real decisions."""
    engine = ENGINES[game.game_id]
    kinds, seed = game.kinds, game.seed
    state = engine.setup(PLAYERS, seed=seed)
    chooser = random.Random(seed)
    order_chooser = random.Random(seed + 1)
    moves = 0
    times: list[float] = []
    memory = TurnMemory()
    order: list[int] = []
    while (waiting := engine.to_move(state)) and moves < cap:
        # Seats choosing at once submit in a random order, as people do: always letting seat 1
        # go first would hand the last seat whatever the order is worth.
        seat = waiting[0] if len(waiting) == 1 else order_chooser.choice(waiting)
        kind = kinds[seat]
        if kind == "filler":
            legal = engine.legal_moves(state, seat)
            start = time.perf_counter()
            earlier = memory.decide(engine, state, seat)
            move = choose_move(
                engine, state, seat, seed=seed * 100_003 + moves, budget=budget, earlier=earlier
            )
            if len(legal) > 1:
                times.append(time.perf_counter() - start)
        elif kind == "random":
            move = chooser.choice(engine.legal_moves(state, seat))
        else:
            move = engine.default_move(state, seat)
        state = engine.apply(state, seat, move).state
        memory.moved(seat)
        if seat not in order:
            order.append(seat)
        moves += 1
    standings = engine.result(state)
    ranks = {s.seat: s.rank for s in standings} if standings else None
    print(
        f"    {game.game_id} {list(kinds)} seed {seed}: {moves} moves, "
        f"ranks {ranks or 'unfinished'}",
        file=sys.stderr,
        flush=True,
    )
    return Played(moves, ranks, times, order)


def record(cell: Cell, game: Game, played: Played) -> None:
    cell.games += 1
    cell.moves += played.moves
    cell.times += played.times
    if played.ranks is None:
        cell.unfinished += 1
        return
    for seat, rank in played.ranks.items():
        if rank == 1:
            cell.seat_wins[seat] += 1
            if seat in played.order:
                cell.order_wins[played.order.index(seat)] += 1
            if game.kinds[seat] == "filler" and game.kinds.count("filler") == 1:
                cell.wins += 1


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def schedule(
    game_ids: list[str],
    games: int,
    mirror_games: int,
    cells: list[str] | tuple[str, ...],
    first: int = 0,
) -> list[Game]:
    """Every game of the run. The filler's seat rotates with the game number; ``first`` is the
    first game number (a later run adds games instead of replaying the same seeds)."""
    planned = []
    for game_id in game_ids:
        for opponent in cells:
            for index in range(first, first + games):
                kinds = [opponent] * PLAYERS
                kinds[index % PLAYERS] = "filler"
                planned.append(Game(game_id, opponent, tuple(kinds), 1000 + index))
        for index in range(first, first + mirror_games):
            planned.append(Game(game_id, "mirror", ("filler",) * PLAYERS, 2000 + index))
    return planned


def _play_one(task: tuple[Game, Budget, int]) -> Played:
    return play(*task)


def run(
    game_ids: list[str],
    games: int,
    budget: Budget,
    mirror_games: int,
    cells: list[str] | tuple[str, ...] = ("random", "default"),
    cap: int = MOVE_CAP,
    jobs: int = 1,
    first: int = 0,
) -> dict:
    """Plays the schedule, on ``jobs`` processes (games are independent; each is deterministic
    for its seed at an iteration budget, so the figures do not depend on ``jobs``)."""
    planned = schedule(game_ids, games, mirror_games, cells, first)
    tasks = [(game, budget, cap) for game in planned]
    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            outcomes = pool.map(_play_one, tasks, chunksize=1)
    else:
        outcomes = [_play_one(task) for task in tasks]
    results: dict = {g: {c: Cell() for c in [*cells, "mirror"]} for g in game_ids}
    for game, played in zip(planned, outcomes, strict=True):
        record(results[game.game_id][game.cell], game, played)
    for game_id, row in results.items():
        for name, cell in row.items():
            shown = cell.seat_wins if name == "mirror" else f"{cell.wins}/{cell.games}"
            print(f"  {game_id} vs {name}: {shown}", file=sys.stderr)
    return results


def table(results: dict, budget: Budget) -> str:
    lines = [
        f"Machine: {machine()}. Budget: {budget.iterations} iterations, playout depth "
        f"{budget.depth}. 3-player games; the filler's seat rotates.",
        "",
        "| game | vs 2 random: wins | vs 2 default-move: wins | mirror: wins by seat 1/2/3 "
        "| mirror: wins by turn order 1st/2nd/3rd | per decision p50 / p95 / max (s) "
        "| decisions timed |",
        "|---|---|---|---|---|---|---|",
    ]
    for game_id, row in results.items():
        times = [t for cell in row.values() for t in cell.times]

        def share(cell: Cell) -> str:
            if not cell.games:
                return "not run"
            text = f"{cell.wins}/{cell.games} ({100 * cell.wins / max(1, cell.games):.0f}%)"
            return text + (f", {cell.unfinished} unfinished" if cell.unfinished else "")

        mirror = row["mirror"]
        seats = "/".join(str(w) for w in mirror.seat_wins) + f" of {mirror.games}"
        turns = "/".join(str(w) for w in mirror.order_wins) + f" of {mirror.games}"
        lines.append(
            f"| {game_id} | {share(row.get('random', Cell()))} | "
            f"{share(row.get('default', Cell()))} | {seats} | {turns} "
            f"| {percentile(times, 0.5):.2f} / {percentile(times, 0.95):.2f} / "
            f"{max(times, default=0):.2f} | {len(times)} |"
        )
    return "\n".join(lines)


def timing(game_ids: list[str], count: int, budget: Budget) -> str:
    """Per-decision wall and CPU time on ``count`` positions per game, spread over one random
    3-player game (decisions with more than one legal move). CPU time is what the decision
    costs on one core of this machine whatever else runs; wall time includes that contention."""
    lines = [
        f"Per decision, {count} positions per game, budget {budget.iterations} iterations, "
        f"depth {budget.depth} ({machine()}; load average {os.getloadavg()[0]:.1f}).",
        "",
        "| game | CPU p50 / p95 / max (s) | wall p50 / p95 / max (s) |",
        "|---|---|---|",
    ]
    for game_id in game_ids:
        engine = ENGINES[game_id]
        chooser = random.Random(7)
        state = engine.setup(PLAYERS, seed=7)
        found = []
        while waiting := engine.to_move(state):
            seat = chooser.choice(waiting)
            if len(engine.legal_moves(state, seat)) > 1:
                found.append((state, seat))
            state = engine.apply(state, seat, chooser.choice(engine.legal_moves(state, seat))).state
        step = max(1, len(found) // count)
        cpu, wall = [], []
        for index, (position, seat) in enumerate(found[::step][:count]):
            start_cpu, start = time.thread_time(), time.perf_counter()
            choose_move(engine, position, seat, seed=index, budget=budget)
            cpu.append(time.thread_time() - start_cpu)
            wall.append(time.perf_counter() - start)

        def spread(values: list[float]) -> str:
            return (
                f"{percentile(values, 0.5):.2f} / {percentile(values, 0.95):.2f} / "
                f"{max(values):.2f}"
            )

        lines.append(f"| {game_id} | {spread(cpu)} | {spread(wall)} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m players.bench", description=__doc__)
    parser.add_argument("--games", type=int, default=10, help="games per cell (default 10)")
    parser.add_argument("--mirror", type=int, help="mirror games (default: --games)")
    parser.add_argument("--only", nargs="*", choices=sorted(ENGINES), help="games to measure")
    parser.add_argument("--iterations", type=int, default=DEFAULT_BUDGET.iterations)
    parser.add_argument("--depth", type=int, default=DEFAULT_BUDGET.depth)
    parser.add_argument("--exploration", type=float, default=DEFAULT_BUDGET.exploration)
    parser.add_argument("--cells", nargs="*", default=["random", "default"], help="opponent kinds")
    parser.add_argument("--timing", type=int, help="only time N decisions per game")
    parser.add_argument("--move-cap", type=int, default=MOVE_CAP, help="unfinished after this")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--first", type=int, default=0, help="first game number (seed 1000+N)")
    args = parser.parse_args(argv)
    budget = Budget(iterations=args.iterations, depth=args.depth, exploration=args.exploration)
    game_ids = args.only or list(ENGINES)
    if args.timing:
        print(timing(game_ids, args.timing, budget))
        return 0
    mirror = args.games if args.mirror is None else args.mirror
    results = run(
        game_ids, args.games, budget, mirror, args.cells, args.move_cap, args.jobs, args.first
    )
    print(table(results, budget))
    if args.json:
        data = {
            "machine": machine(),
            "budget": {"iterations": budget.iterations, "depth": budget.depth},
            "games": {
                g: {name: cell.__dict__ for name, cell in row.items()} for g, row in results.items()
            },
        }
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
