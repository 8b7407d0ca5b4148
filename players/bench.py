"""Measure the seat filler's strength and speed; print a table (issues 18 and 28).

    python -m players.bench                  every game, 10 games per cell, default budget
    python -m players.bench --games 4 --only vasco drake
    python -m players.bench --iterations 80  a reduced budget (say so when quoting figures)
    python -m players.bench --cells greedy hard-vs-normal normal-vs-easy --games 20

Cells, all 3-player games, one "subject" against two opponents of one kind: the filler against
two uniformly random players (``random``), two default-move players (``default``), two one-ply
greedy players (``greedy``: each legal move applied to a re-deal of the seat's own information
and scored by the engine's evaluation); the same search without issue 28's changes
(``plain``: no priors, widening or change-of-lead reward; ``unguided``: no priors or widening),
a head-to-head at equal iterations; the level ladder (``hard-vs-normal``,
``normal-vs-easy``); and a mirror match of three fillers (wins per seat). The subject's seat
rotates with the game number so that no cell leans on one seat. Each cell reports its count with
a 90% interval (Wilson), the subject's collapses (a finished game where it scored less than a
third of the winner) and the longest game against the median. Levels play their fixed iteration
budgets (results repeat for a seed) unless ``--timed``. Timings are wall-clock per decision with
more than one legal move (forced moves cost nothing and are not counted).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from engines import ENGINES
from engines.base import Engine, Rng, State
from players import halving
from players.evaluate import Evaluator, seat_count
from players.levels import LEVELS
from players.search import (
    DEFAULT_BUDGET,
    Budget,
    choose_move,
    playout_move,
    tie_breaker,
    undoing_moves,
)
from players.turns import TurnMemory

PLAYERS = 3
MOVE_CAP = 20_000
"""A game still running after this many moves counts as unfinished (``--move-cap``)."""


LADDER = {"hard-vs-normal": ("hard", "normal"), "normal-vs-easy": ("normal", "easy")}
"""Level ladder cells: (the subject's level, its opponents' level)."""
OPPONENTS = ("random", "default", "greedy", "policy", "tree", "plain", "unguided")
"""``policy``: the engine's playout policy (``rollout_move``) as a player, what every playout
assumes of the rivals; ``tree``: the information-set tree search of sessions 5-7 at the same
budget (iterations for playouts), a head-to-head of the sequential halving against it;
``plain``: that tree without session 7's changes (no playout policy priors or widening, no
change-of-lead reward); ``unguided``: the tree without the priors and widening only."""
NORMAL_SUBJECT = frozenset({"greedy"})
"""Opponent cells of issue 28's own ("normal beats two one-ply greedy players"): their subject
plays the normal level (as each game tunes it, ``Level.in_game``), not the bench's budget; at
the defaults the two differ only where a game tunes normal (Amerigo)."""
COUNTED_LEVELS = frozenset({"filler", "normal", "hard"})
"""The seat kinds whose collapses issue 28 counts (``filler`` is the bench's own budget)."""
Z90 = 1.6449
"""The normal quantile of a two-sided 90% interval."""


def cell_kinds(cell: str) -> tuple[str, str]:
    """(subject, opponent) kinds of a cell: ``filler`` plays the bench's own budget."""
    if cell in LADDER:
        return LADDER[cell]
    if cell in NORMAL_SUBJECT:
        return "normal", cell
    if cell in OPPONENTS or (
        cell.partition("@")[0] in OPPONENTS and cell.partition("@")[2].isdigit()
    ):
        return "filler", cell  # ``tree@40``: the tree at 40 iterations, whatever the filler's
    raise ValueError(f"unknown cell {cell!r}: {', '.join([*OPPONENTS, *LADDER])}")


def wilson(wins: int, games: int, z: float = Z90) -> tuple[float, float]:
    """The Wilson score interval of a win share (90% by default)."""
    if not games:
        return 0.0, 1.0
    share = wins / games
    centre = share + z * z / (2 * games)
    spread = z * ((share * (1 - share) + z * z / (4 * games)) / games) ** 0.5
    scale = 1 + z * z / games
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def one_ply(
    engine: Engine, state: State, seat: int, rng: Rng, earlier: Sequence[dict] = ()
) -> tuple[list[str], State, Evaluator | None]:
    """What a one-ply greedy player weighs: the legal moves, less those that step back to one of
    the seat's ``earlier`` views of this turn (unless nothing else is legal), on one re-deal of
    what the seat may not know, and the evaluator to score them; no evaluator when one move is
    left (nothing to weigh)."""
    legal = engine.legal_moves(state, seat)
    if len(legal) == 1:
        return legal, state, None
    draw = engine.resample_hidden(state, seat, Rng(rng.next64()))
    if earlier:
        undoing = undoing_moves(engine, draw, seat, legal, earlier)
        legal = [m for m in legal if m not in undoing] or legal
        if len(legal) == 1:
            return legal, draw, None
    return legal, draw, Evaluator(engine, seat_count(engine, draw), draw)


def greedy_move(
    engine: Engine, state: State, seat: int, rng: Rng, earlier: Sequence[dict] = ()
) -> str:
    """A one-ply greedy player: every legal move applied to one re-deal of what the seat may know,
    scored by the engine's evaluation (its ``evaluate`` hook, else the public score); the best
    wins, ties drawn at random.

    ``earlier``: the seat's views at its earlier decisions of this turn (``TurnMemory``). Like the
    filler, it refuses a step back to one of them: a Drake player whose every destination
    scored below its chosen disc's `back` otherwise shuttled `disc 3`, `back` for 20,000 moves.
    When every legal move scores alike, the engine's tie-breaker is played, as the filler's
    (``search.tie_breaker``: the default move, or in Tahiti the playout policy's): drawn at
    random, a Bremerhaven player moved goods between equal spaces for hundreds of moves, each
    move tying with ending its harbour work (the playout policy shuffles goods too); with the
    default, a Tahiti player, whose paddling changes nothing one ply sees, ended its actions at
    every turn and scored 0 in 12 of 12 games. Only then: with the default winning every tie, as
    it does for the filler, greedy Vasco players declined nearly everything and ended on 0-1
    VP."""
    legal, draw, evaluator = one_ply(engine, state, seat, rng, earlier)
    if evaluator is None:
        return legal[0]
    best: list[str] = []
    best_value = -1.0
    for move in legal:
        value = evaluator.rewards(engine.apply(draw, seat, move).state)[seat]
        if value > best_value + 1e-9:
            best, best_value = [move], value
        elif abs(value - best_value) <= 1e-9:
            best.append(move)
    if len(best) == len(legal):
        breaker = tie_breaker(engine, draw, seat, rng.next64())
        if breaker in best:
            return breaker
    return rng.choice(best)


@dataclass
class Cell:
    games: int = 0
    wins: int = 0
    unfinished: int = 0
    collapses: int = 0
    """Finished games where the subject scored less than a third of the winner."""
    level_collapses: int = 0
    """Finished games where any seat at normal or above (``COUNTED_LEVELS``) scored less than a
    third of the winner: issue 28's bar, which the subject's count misses in a ladder cell (in
    Bremerhaven hard won games in which both normal seats ended under a third of it)."""
    lengths: list[int] = field(default_factory=list)
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
    """One benchmark game: ``kinds[seat]`` is ``filler`` (the bench's budget), a level name
    (``easy``, ``normal``, ``hard``), ``random``, ``default`` or ``greedy``."""

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
    scores: dict[int, float] = field(default_factory=dict)


def budget_of(
    kind: str, budget: Budget, timed: bool = False, engine: Engine | None = None
) -> Budget | None:
    """The search budget of a seat kind (a level's in ``engine``'s game); None for the players
    that do not search. A kind ``NAME@N`` searches as ``NAME`` does, with N iterations."""
    if "@" in kind:
        name, _, iterations = kind.partition("@")
        found = budget_of(name, budget, timed, engine)
        return None if found is None else replace(found, iterations=int(iterations))
    if kind == "filler":
        return budget
    if kind == "tree":
        return replace(budget, method="tree")
    if kind == "plain":
        return replace(budget, method="tree", guided=False, change_weight=0.0)
    if kind == "unguided":
        return replace(budget, method="tree", guided=False)
    if kind in LEVELS:
        return LEVELS[kind].budget(timed=timed, engine=engine)
    return None


def play(game: Game, budget: Budget, cap: int = MOVE_CAP, timed: bool = False) -> Played:
    """Plays one game to the end (or ``cap`` moves); times the searching seats' real decisions
    (the subject's, in cells with one)."""
    engine = ENGINES[game.game_id]
    kinds, seed = game.kinds, game.seed
    state = engine.setup(PLAYERS, seed=seed)
    chooser = random.Random(seed)
    greedy_rng = Rng.from_seed(seed + 2)
    subject = next((k for k in kinds if kinds.count(k) == 1), kinds[0])
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
        searching = budget_of(kind, budget, timed, engine)
        if searching is not None:
            legal = engine.legal_moves(state, seat)
            start = time.perf_counter()
            earlier = memory.decide(engine, state, seat)
            move = choose_move(
                engine, state, seat, seed=seed * 100_003 + moves, budget=searching, earlier=earlier
            )
            if len(legal) > 1 and kind == subject:
                times.append(time.perf_counter() - start)
        elif kind == "greedy":
            move = greedy_move(engine, state, seat, greedy_rng, memory.decide(engine, state, seat))
        elif kind == "random":
            move = chooser.choice(engine.legal_moves(state, seat))
        elif kind == "policy":
            move = playout_move(engine, state, seat, greedy_rng)
        else:
            move = engine.default_move(state, seat)
        state = engine.apply(state, seat, move).state
        memory.moved(seat)
        if seat not in order:
            order.append(seat)
        moves += 1
    standings = engine.result(state)
    ranks = {s.seat: s.rank for s in standings} if standings else None
    scores = {s.seat: float(s.score) for s in standings} if standings else {}
    print(
        f"    {game.game_id} {list(kinds)} seed {seed}: {moves} moves, "
        f"ranks {ranks or 'unfinished'}, scores {scores}",
        file=sys.stderr,
        flush=True,
    )
    return Played(moves, ranks, times, order, scores)


def record(cell: Cell, game: Game, played: Played) -> None:
    cell.games += 1
    cell.moves += played.moves
    cell.times += played.times
    cell.lengths.append(played.moves)
    if played.ranks is None:
        cell.unfinished += 1
        return
    subjects = [s for s, kind in enumerate(game.kinds) if game.kinds.count(kind) == 1]
    top = max(played.scores.values(), default=0.0)

    def collapsed(seat: int) -> bool:
        return top > 0 and played.scores.get(seat, 0.0) < top / 3

    # In a mirror every seat is a subject of the collapse count.
    for seat in subjects or range(len(game.kinds)):
        if collapsed(seat):
            cell.collapses += 1
    if any(collapsed(s) for s, kind in enumerate(game.kinds) if kind in COUNTED_LEVELS):
        cell.level_collapses += 1
    for seat, rank in played.ranks.items():
        if rank == 1:
            cell.seat_wins[seat] += 1
            if seat in played.order:
                cell.order_wins[played.order.index(seat)] += 1
            if seat in subjects:
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
        for cell in cells:
            subject, opponent = cell_kinds(cell)
            for index in range(first, first + games):
                kinds = [opponent] * PLAYERS
                kinds[index % PLAYERS] = subject
                planned.append(Game(game_id, cell, tuple(kinds), 1000 + index))
        for index in range(first, first + mirror_games):
            planned.append(Game(game_id, "mirror", ("filler",) * PLAYERS, 2000 + index))
    return planned


def _play_one(task: tuple[Game, Budget, int, bool]) -> Played:
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
    timed: bool = False,
) -> dict:
    """Plays the schedule, on ``jobs`` processes (games are independent; each is deterministic
    for its seed at an iteration budget, so the figures do not depend on ``jobs``)."""
    planned = schedule(game_ids, games, mirror_games, cells, first)
    tasks = [(game, budget, cap, timed) for game in planned]
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


def table(results: dict, budget: Budget, timed: bool = False) -> str:
    levels = ", ".join(
        f"{lv.name} {lv.seconds:g} s (floor {lv.floor})" if timed else f"{lv.name} {lv.iterations}"
        for lv in LEVELS.values()
    )
    lines = [
        f"Machine: {machine()}; load average {os.getloadavg()[0]:.1f}. Filler budget: "
        f"{budget.iterations} playouts, width {budget.width or 'all'}. Levels "
        f"({'seconds per decision' if timed else 'iterations'}): {levels}. 3-player games; "
        "the subject's seat rotates.",
        "",
        "| game | cell | subject wins | 90% interval | collapses: subject / any normal or hard "
        "| unfinished | moves: median / max | per decision p50 / p95 / max (s) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for game_id, row in results.items():
        for name, cell in row.items():
            if name == "mirror" or not cell.games:
                continue
            low, high = wilson(cell.wins, cell.games)
            lengths = sorted(cell.lengths)
            lines.append(
                f"| {game_id} | {name} | {cell.wins}/{cell.games} "
                f"({100 * cell.wins / cell.games:.0f}%) | {100 * low:.0f}-{100 * high:.0f}% "
                f"| {cell.collapses} / {cell.level_collapses} | {cell.unfinished} "
                f"| {percentile(lengths, 0.5):.0f} / {max(lengths, default=0)} "
                f"| {percentile(cell.times, 0.5):.2f} / {percentile(cell.times, 0.95):.2f} / "
                f"{max(cell.times, default=0):.2f} |"
            )
    mirrors = [(g, row["mirror"]) for g, row in results.items() if row["mirror"].games]
    if mirrors:
        lines += [
            "",
            "| game | mirror: wins by seat 1/2/3 | wins by turn order 1st/2nd/3rd "
            "| collapses | moves: median / max |",
            "|---|---|---|---|---|",
        ]
        for game_id, mirror in mirrors:
            lengths = sorted(mirror.lengths)
            lines.append(
                f"| {game_id} | {'/'.join(map(str, mirror.seat_wins))} of {mirror.games} "
                f"| {'/'.join(map(str, mirror.order_wins))} | {mirror.collapses} "
                f"| {percentile(lengths, 0.5):.0f} / {max(lengths, default=0)} |"
            )
    return "\n".join(lines)


def _uniform(engine: Engine, state: State, seat: int, rng: Rng) -> str:
    return rng.choice(engine.legal_moves(state, seat))


def positions(
    engine: Engine, count: int, seed: int, move, *, least: int = 2, alone: bool = False
) -> list[tuple[State, int]]:
    """``count`` decisions with ``least`` legal moves or more, spread over one 3-player game whose
    moves ``move(engine, state, seat, rng)`` picks; with ``alone``, only where one seat is to
    move."""
    rng = Rng.from_seed(seed)
    state = engine.setup(PLAYERS, seed=seed)
    found = []
    while waiting := engine.to_move(state):
        seat = waiting[0] if len(waiting) == 1 else rng.choice(waiting)
        if len(engine.legal_moves(state, seat)) >= least and (len(waiting) == 1 or not alone):
            found.append((state, seat))
        state = engine.apply(state, seat, move(engine, state, seat, rng)).state
    return found[:: max(1, len(found) // count)][:count]


def timing(game_ids: list[str], count: int, budget: Budget) -> str:
    """Per-decision wall and CPU time on ``count`` positions per game, spread over one random
    3-player game (decisions with more than one legal move). CPU time is what the decision
    costs on one core of this machine whatever else runs; wall time includes that contention."""
    spent = (
        f"{budget.iterations} playouts"
        if budget.iterations is not None
        else f"{budget.seconds} s (floor {budget.floor})"
    )
    lines = [
        f"Per decision, {count} positions per game, budget {spent}, width "
        f"{budget.width or 'all'} ({machine()}; load average {os.getloadavg()[0]:.1f}).",
        "",
        "| game | CPU p50 / p95 / max (s) | wall p50 / p95 / max (s) |",
        "|---|---|---|",
    ]
    for game_id in game_ids:
        engine = ENGINES[game_id]
        cpu, wall = [], []
        for index, (position, seat) in enumerate(positions(engine, count, 7, _uniform)):
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


def spread(game_ids: list[str], count: int, samples: int = 24) -> str:
    """Why the filler pairs its playouts (players/halving.py): on ``count`` positions per game
    (decisions with three legal moves or more, from one playout-policy game), every legal move
    (ten at most) is played out on the same ``samples`` re-deals and seeds. Printed per game,
    medians over the positions: how much a move's reward varies between samples, how much the
    moves' mean rewards differ, and how much a reward varies between samples once each
    sample's mean over the moves is taken off (what a paired comparison sees)."""
    lines = [
        f"Reward spreads (standard deviations), {count} positions per game, {samples} samples.",
        "",
        "| game | between samples | between moves | paired |",
        "|---|---|---|---|",
    ]
    for game_id in game_ids:
        engine = ENGINES[game_id]
        noise, signal, paired = [], [], []
        chosen = positions(engine, count, 5, playout_move, least=3, alone=True)
        for index, (position, seat) in enumerate(chosen):
            legal = engine.legal_moves(position, seat)[:10]
            evaluator = Evaluator(engine, seat_count(engine, position), position)
            playouts = halving.Playouts(
                engine,
                seat,
                evaluator,
                playout_move,
                DEFAULT_BUDGET.horizon,
                DEFAULT_BUDGET.change_weight,
            )
            master = Rng.from_seed(index)
            rewards: dict[str, list[float]] = {move: [] for move in legal}
            for _ in range(samples):
                draw = engine.resample_hidden(position, seat, Rng(master.next64()))
                base, seed = evaluator.baseline(draw), master.next64()
                for move in legal:
                    rewards[move].append(playouts.value(draw, move, seed, base))
            means = [statistics.fmean(r) for r in rewards.values()]
            centre = [statistics.fmean(r[j] for r in rewards.values()) for j in range(samples)]
            noise.append(statistics.fmean(statistics.pstdev(r) for r in rewards.values()))
            signal.append(statistics.pstdev(means))
            paired.append(
                statistics.fmean(
                    statistics.pstdev([r[j] - centre[j] for j in range(samples)])
                    for r in rewards.values()
                )
            )
        lines.append(
            f"| {game_id} | {statistics.median(noise):.3f} | {statistics.median(signal):.3f} "
            f"| {statistics.median(paired):.3f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m players.bench", description=__doc__)
    parser.add_argument("--games", type=int, default=10, help="games per cell (default 10)")
    parser.add_argument("--mirror", type=int, help="mirror games (default: --games)")
    parser.add_argument("--only", nargs="*", choices=sorted(ENGINES), help="games to measure")
    parser.add_argument(
        "--iterations",
        type=int,
        default=DEFAULT_BUDGET.iterations,
        help="the filler's playouts (the greedy and ladder cells play the levels' own)",
    )
    parser.add_argument("--depth", type=int, default=DEFAULT_BUDGET.depth)
    parser.add_argument("--exploration", type=float, default=DEFAULT_BUDGET.exploration)
    parser.add_argument(
        "--width",
        type=int,
        default=LEVELS["normal"].width,
        help="moves the filler plays out at most (default: the normal level's; 0: all; the "
        "greedy and ladder cells play the levels' own)",
    )
    parser.add_argument(
        "--cells",
        nargs="*",
        default=["random", "default"],
        help=f"cells: {', '.join([*OPPONENTS, *LADDER])}",
    )
    parser.add_argument(
        "--plain",
        action="store_true",
        help="the filler without priors, widening and the change-of-lead reward (session 5)",
    )
    parser.add_argument("--timing", type=int, help="only time N decisions per game")
    parser.add_argument("--spread", type=int, help="only measure reward spreads on N positions")
    parser.add_argument("--level", choices=list(LEVELS), help="--timing: time this level")
    parser.add_argument("--move-cap", type=int, default=MOVE_CAP, help="unfinished after this")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--first", type=int, default=0, help="first game number (seed 1000+N)")
    parser.add_argument(
        "--timed", action="store_true", help="levels think for their seconds, not their iterations"
    )
    args = parser.parse_args(argv)
    width = None if args.width == 0 else args.width
    budget = Budget(
        iterations=args.iterations, depth=args.depth, exploration=args.exploration, width=width
    )
    if args.plain:
        plain = budget_of("plain", budget)
        assert plain is not None  # "plain" searches
        budget = plain
    game_ids = args.only or list(ENGINES)
    if args.timing:
        if args.level:  # a level's budget: its seconds with --timed, else its playouts
            budget = LEVELS[args.level].budget(timed=args.timed)
        print(timing(game_ids, args.timing, budget))
        return 0
    if args.spread:
        print(spread(game_ids, args.spread))
        return 0
    mirror = args.games if args.mirror is None else args.mirror
    results = run(
        game_ids,
        args.games,
        budget,
        mirror,
        args.cells,
        args.move_cap,
        args.jobs,
        args.first,
        args.timed,
    )
    print(table(results, budget, args.timed))
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
