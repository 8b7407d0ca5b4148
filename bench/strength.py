"""The seat fillers' strength against simple play, on fresh seeds (issue 44).

    python -m bench.strength --cell normal-vs-greedy-random --games 6 --only vasco --seed-base 5000
    python -m bench.strength --cell normal-vs-greedy-random hard-vs-normal --games 20

A cell is one subject seat against two opponents of one kind, in 3-player games; game ``i`` of a
cell is dealt from seed ``seed-base + i`` and seats the subject at ``i mod 3``. Without
``--seed-base`` a fresh base is drawn and printed: a table is published on seeds no tuning used.
Seat kinds: the levels (``easy``, ``normal``, ``hard``, as each game plays them, fixed playout
budgets unless ``--timed``), ``greedy`` (``players.bench.greedy_move``, the opponent of the
levels' table until issue 44: the filler's squashed reward, the engine's tie-breaker when every
move scores alike) and ``greedy-random`` (``bench.greedy``: the engine's evaluation as a lead
over the best rival, ties drawn at random).

Printed per game: the seats' kinds and scores, the winner, collapses; per cell: the subject's
wins (a shared first place counts) with a 90% Wilson interval, collapses (a normal or hard seat
under a third of the winner's score: the games with one, and the seats), and the searching
seats' wall time per decision with more than one legal move (p50 / p95 / max). ``--moves FILE``
writes every move with each seat's evaluation after it (JSON lines) for a diagnosis.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import IO

from bench.greedy import random_tie_greedy_move
from engines import ENGINES
from engines.base import Engine, Rng, State
from players.bench import greedy_move, machine, percentile, wilson
from players.evaluate import Evaluator, seat_count
from players.levels import LEVELS
from players.search import choose_move
from players.turns import TurnMemory

PLAYERS = 3
MOVE_CAP = 20_000
"""A game still running after this many moves counts as unfinished."""
GREEDY = ("greedy", "greedy-random")
SEARCHING = frozenset(LEVELS)
COUNTED = frozenset({"normal", "hard"})
"""The levels whose collapses issue 44 counts."""


def cell_kinds(cell: str) -> tuple[str, str]:
    """(subject, opponents) of a cell named ``SUBJECT-vs-OPPONENT``."""
    subject, sep, opponent = cell.partition("-vs-")
    known = (*LEVELS, *GREEDY)
    if not sep or subject not in LEVELS or opponent not in known:
        raise ValueError(f"unknown cell {cell!r}: LEVEL-vs-KIND, KIND one of {', '.join(known)}")
    if subject == opponent:  # the subject is the one seat of its kind
        raise ValueError(f"cell {cell!r}: the subject's level and the opponents' must differ")
    return subject, opponent


@dataclass(frozen=True)
class Game:
    game_id: str
    cell: str
    kinds: tuple[str, ...]
    seed: int

    @property
    def subject(self) -> int:
        return next(s for s, kind in enumerate(self.kinds) if self.kinds.count(kind) == 1)


def schedule(game_ids: Sequence[str], cells: Sequence[str], games: int, base: int) -> list[Game]:
    """Every game of a run: game ``i`` of a cell on seed ``base + i``, its subject in seat
    ``i mod 3`` (no cell leans on one seat)."""
    planned = []
    for game_id in game_ids:
        for cell in cells:
            subject, opponent = cell_kinds(cell)
            for index in range(games):
                kinds = [opponent] * PLAYERS
                kinds[index % PLAYERS] = subject
                planned.append(Game(game_id, cell, tuple(kinds), base + index))
    return planned


@dataclass
class Played:
    moves: int
    scores: dict[int, float]
    ranks: dict[int, int] | None
    times: dict[int, list[float]] = field(default_factory=dict)
    """Wall seconds per searching seat's decision with more than one legal move."""

    def collapsed(self, kinds: Sequence[str]) -> list[int]:
        """The normal or hard seats under a third of the winner's score."""
        if self.ranks is None:
            return []
        top = max(self.scores.values(), default=0.0)
        return [s for s, kind in enumerate(kinds) if kind in COUNTED and self.scores[s] < top / 3]


def play(
    game: Game, *, timed: bool = False, cap: int = MOVE_CAP, moves_out: IO[str] | None = None
) -> Played:
    """Plays one game to the end (or ``cap`` moves)."""
    engine: Engine = ENGINES[game.game_id]
    state = engine.setup(PLAYERS, seed=game.seed)
    order = Rng.from_seed(game.seed + 1)  # who submits first when seats choose at once
    rngs = [Rng.from_seed(game.seed * 1_000_003 + 17 * seat + 2) for seat in range(PLAYERS)]
    budgets = {kind: LEVELS[kind].budget(timed=timed, engine=engine) for kind in SEARCHING}
    memory = TurnMemory()
    times: dict[int, list[float]] = {s: [] for s, k in enumerate(game.kinds) if k in SEARCHING}
    evaluator = Evaluator(engine, seat_count(engine, state), state) if moves_out else None
    moves = 0
    while (waiting := engine.to_move(state)) and moves < cap:
        seat = waiting[0] if len(waiting) == 1 else order.choice(waiting)
        kind = game.kinds[seat]
        legal = engine.legal_moves(state, seat)
        earlier = memory.decide(engine, state, seat)
        start = time.perf_counter()
        if kind in SEARCHING:
            move = choose_move(
                engine,
                state,
                seat,
                seed=game.seed * 100_003 + moves,
                budget=budgets[kind],
                earlier=earlier,
            )
            if len(legal) > 1:
                times[seat].append(time.perf_counter() - start)
        elif kind == "greedy":
            move = greedy_move(engine, state, seat, rngs[seat], earlier)
        else:
            move = random_tie_greedy_move(engine, state, seat, rngs[seat], earlier)
        before = state
        state = engine.apply(state, seat, move).state
        memory.moved(seat)
        if moves_out is not None and evaluator is not None:
            _log_move(moves_out, game, moves, before, state, seat, move, len(legal), evaluator)
        moves += 1
    standings = engine.result(state)
    scores = {s.seat: float(s.score) for s in standings} if standings else {}
    ranks = {s.seat: s.rank for s in standings} if standings else None
    return Played(moves, scores, ranks, times)


def _log_move(
    out: IO[str],
    game: Game,
    number: int,
    before: State,
    after: State,
    seat: int,
    move: str,
    legal: int,
    evaluator: Evaluator,
) -> None:
    """One line per move for a diagnosis: the real states' evaluations (read after the game's
    decisions, never by them)."""
    row = {
        "game": game.game_id,
        "cell": game.cell,
        "seed": game.seed,
        "n": number,
        "seat": seat,
        "kind": game.kinds[seat],
        "move": move,
        "legal": legal,
        "before": evaluator.scores(before) if evaluator.engine.result(before) is None else None,
        "after": evaluator.scores(after) if evaluator.engine.result(after) is None else None,
    }
    out.write(json.dumps(row) + "\n")


@dataclass
class Cell:
    games: int = 0
    wins: int = 0
    unfinished: int = 0
    collapse_games: int = 0
    collapse_seats: int = 0
    lengths: list[int] = field(default_factory=list)
    subject_times: list[float] = field(default_factory=list)
    level_times: list[float] = field(default_factory=list)
    """Every searching seat's decisions (the subject's and a ladder cell's opponents')."""


def record(cell: Cell, game: Game, played: Played) -> None:
    cell.games += 1
    cell.lengths.append(played.moves)
    for seat, seconds in played.times.items():
        cell.level_times += seconds
        if seat == game.subject:
            cell.subject_times += seconds
    if played.ranks is None:
        cell.unfinished += 1
        return
    if played.ranks.get(game.subject) == 1:
        cell.wins += 1
    fallen = played.collapsed(game.kinds)
    cell.collapse_games += bool(fallen)
    cell.collapse_seats += len(fallen)


def describe(game: Game, played: Played) -> str:
    """One game's line: seats, scores, winner, collapses, the subject's decision times."""
    seats = ", ".join(
        f"{s}:{kind}{'*' if s == game.subject else ''} {played.scores.get(s, '-'):g}"
        if played.scores
        else f"{s}:{kind}"
        for s, kind in enumerate(game.kinds)
    )
    if played.ranks is None:
        outcome = "unfinished"
    else:
        winners = [s for s, rank in played.ranks.items() if rank == 1]
        outcome = "won by " + " and ".join(f"{s} ({game.kinds[s]})" for s in winners)
    fallen = played.collapsed(game.kinds)
    mine = played.times.get(game.subject, [])
    return (
        f"{game.game_id} {game.cell} seed {game.seed}: {played.moves} moves; {seats}; {outcome}"
        + (f"; collapsed: {fallen}" if fallen else "")
        + (f"; subject p95 {percentile(mine, 0.95):.2f} s" if mine else "")
    )


def table(results: dict[tuple[str, str], Cell], base: int, games: int, timed: bool) -> str:
    budgets = ", ".join(
        f"{lv.name} {lv.seconds:g} s" if timed else f"{lv.name} {lv.iterations}"
        for lv in LEVELS.values()
    )
    lines = [
        f"Seeds {base}-{base + games - 1} (game i: seed {base}+i, subject in seat i mod 3). "
        f"Machine: {machine()}; load average {os.getloadavg()[0]:.1f}. Levels "
        f"({'seconds' if timed else 'playouts'} a decision, as each game tunes them): {budgets}.",
        "",
        "| game | cell | subject wins | 90% interval | collapses: games / seats | unfinished "
        "| moves: median / max | subject per decision p50 / p95 / max (s) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for (game_id, name), cell in results.items():
        low, high = wilson(cell.wins, cell.games)
        times = cell.subject_times
        lines.append(
            f"| {game_id} | {name} | {cell.wins}/{cell.games} | {100 * low:.0f}-{100 * high:.0f}% "
            f"| {cell.collapse_games} / {cell.collapse_seats} | {cell.unfinished} "
            f"| {percentile(sorted(cell.lengths), 0.5):.0f} / {max(cell.lengths, default=0)} "
            f"| {percentile(times, 0.5):.2f} / {percentile(times, 0.95):.2f} / "
            f"{max(times, default=0):.2f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.strength", description=__doc__)
    parser.add_argument(
        "--cell", nargs="+", default=["normal-vs-greedy-random"], help="LEVEL-vs-KIND cells"
    )
    parser.add_argument("--games", type=int, default=6, help="games per cell and game")
    parser.add_argument("--only", nargs="*", choices=sorted(ENGINES), help="games to play")
    parser.add_argument("--seed-base", type=int, help="game i's seed is this + i (default: fresh)")
    parser.add_argument("--timed", action="store_true", help="levels think their seconds")
    parser.add_argument("--move-cap", type=int, default=MOVE_CAP)
    parser.add_argument("--moves", help="write every move to this file (JSON lines)")
    parser.add_argument("--json", help="also write the cells' figures to this file")
    args = parser.parse_args(argv)
    for cell in args.cell:
        cell_kinds(cell)
    base = args.seed_base if args.seed_base is not None else 10_000 + secrets.randbelow(90_000)
    print(f"seed base {base}", flush=True)
    game_ids = args.only or list(ENGINES)
    results: dict[tuple[str, str], Cell] = {}
    moves_out = open(args.moves, "w", encoding="utf-8") if args.moves else None  # noqa: SIM115
    try:
        for game in schedule(game_ids, args.cell, args.games, base):
            played = play(game, timed=args.timed, cap=args.move_cap, moves_out=moves_out)
            record(results.setdefault((game.game_id, game.cell), Cell()), game, played)
            print(describe(game, played), flush=True)
    finally:
        if moves_out is not None:
            moves_out.close()
    print()
    print(table(results, base, args.games, args.timed))
    if args.json:
        data = {
            "machine": machine(),
            "seed_base": base,
            "games": args.games,
            "timed": args.timed,
            "cells": {f"{g} {c}": cell.__dict__ for (g, c), cell in results.items()},
        }
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
