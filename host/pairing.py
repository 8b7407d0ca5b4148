"""Tournament arithmetic, pure: table sizes, Swiss, round-robin and bracket pairings, placement
points and standings with their tie-breakers. :mod:`host.tournaments` stores and runs what this
module decides.

Points: at a table of ``n`` players, places score ``6 * (n - place) / (n - 1)`` (4 players: 6, 4, 2,
0; 3 players: 6, 3, 0; 2 players: 6, 0), so a win is worth the same at every table size. Players
tied on a place share the points of the places they cover (two tied winners of a 4-player table
get 5 each). A bye scores 3 (half a win). An aborted table scores 0 for everyone at it.

Tie-breakers, in order: opponents' points (the average current points of the opponents met, each
meeting counting once), then final score ratio (the average over finished games of one's score
divided by the best score at that table), then the seed (rating at the start, then sign-up order).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

WIN_POINTS = 6.0
BYE_POINTS = 3.0
REPEAT_COST = 1000.0
"""One repeated meeting costs more than any spread of results, so repeats are avoided first."""
EXHAUSTIVE_LIMIT = 12
"""Up to this many players, Swiss tables are found by exhaustive search (a few thousand
partitions at most); above it, by swapping players between tables until no swap helps."""


# ---- points ---------------------------------------------------------------------------------


def placement_points(ranks: dict[int, int]) -> dict[int, float]:
    """Tournament points for one table from each player's rank (1 = best; ties share a rank)."""
    size = len(ranks)
    if size < 2:
        return {user: WIN_POINTS for user in ranks}
    ladder = [WIN_POINTS * (size - 1 - i) / (size - 1) for i in range(size)]
    tied = Counter(ranks.values())
    points = {}
    for user, rank in ranks.items():
        covered = ladder[rank - 1 : rank - 1 + tied[rank]]
        points[user] = sum(covered) / len(covered)
    return points


# ---- table sizes ----------------------------------------------------------------------------


def table_sizes(count: int, largest: int, smallest: int) -> tuple[list[int], int]:
    """Split ``count`` players into tables of ``smallest``..``largest`` players, as even as
    possible, with the fewest byes; returns (table sizes, number of byes)."""
    for seated in range(count, 0, -1):
        tables = math.ceil(seated / largest)
        if tables * smallest <= seated:
            base, extra = divmod(seated, tables)
            return [base + 1] * extra + [base] * (tables - extra), count - seated
    return [], count


# ---- Swiss ----------------------------------------------------------------------------------


def meetings(tables: Iterable[Sequence[int]]) -> Counter[frozenset[int]]:
    """How often each pair of players has sat at the same table."""
    met: Counter[frozenset[int]] = Counter()
    for players in tables:
        for a, b in itertools.combinations(players, 2):
            met[frozenset((a, b))] += 1
    return met


def _table_cost(players: Sequence[int], met: Counter, points: dict[int, float]) -> float:
    repeats = sum(met[frozenset(pair)] for pair in itertools.combinations(players, 2))
    scores = [points.get(p, 0.0) for p in players]
    return REPEAT_COST * repeats + (max(scores) - min(scores) if scores else 0.0)


def swiss_round(
    order: list[int],
    largest: int,
    smallest: int,
    met: Counter[frozenset[int]],
    points: dict[int, float],
    byes_had: Counter[int],
) -> tuple[list[list[int]], list[int]]:
    """Tables for the next Swiss round and the players who get a bye.

    ``order`` is the current standings (best first). Byes go to the lowest-placed players who have
    had the fewest byes. Tables then group players with similar points while avoiding repeat
    opponents as far as possible (a repeat always costs more than any spread of points)."""
    sizes, bye_count = table_sizes(len(order), largest, smallest)
    position = {user: i for i, user in enumerate(order)}
    byes = sorted(order, key=lambda u: (byes_had[u], -position[u]))[:bye_count]
    seated = [u for u in order if u not in byes]
    if len(seated) <= EXHAUSTIVE_LIMIT:
        tables = _best_partition(seated, sizes, met, points)
    else:
        tables = _improve_by_swaps(_fill_in_order(seated, sizes), met, points)
    for table in tables:
        table.sort(key=position.__getitem__)
    tables.sort(key=lambda t: position[t[0]])
    return tables, sorted(byes, key=position.__getitem__)


def _fill_in_order(players: list[int], sizes: list[int]) -> list[list[int]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(players[start : start + size])
        start += size
    return tables


def _best_partition(
    players: list[int], sizes: list[int], met: Counter, points: dict[int, float]
) -> list[list[int]]:
    """The cheapest split of ``players`` into tables of ``sizes``; the first found wins ties,
    and the search places players in standings order, so equal-cost answers keep the order."""
    best: tuple[float, list[list[int]]] = (math.inf, _fill_in_order(players, sizes))
    tables: list[list[int]] = [[] for _ in sizes]

    def place(index: int, cost_so_far: float) -> None:
        nonlocal best
        if cost_so_far >= best[0]:
            return
        if index == len(players):
            best = (cost_so_far, [list(t) for t in tables])
            return
        player = players[index]
        tried_empty: set[int] = set()
        for t, size in enumerate(sizes):
            if len(tables[t]) >= size:
                continue
            if not tables[t]:
                # Empty tables of the same size are interchangeable: try only the first.
                if size in tried_empty:
                    continue
                tried_empty.add(size)
            before = _table_cost(tables[t], met, points) if tables[t] else 0.0
            tables[t].append(player)
            after = _table_cost(tables[t], met, points)
            place(index + 1, cost_so_far - before + after)
            tables[t].pop()

    place(0, 0.0)
    return best[1]


def _improve_by_swaps(
    tables: list[list[int]], met: Counter, points: dict[int, float]
) -> list[list[int]]:
    improved = True
    while improved:
        improved = False
        for a, b in itertools.combinations(range(len(tables)), 2):
            for i, j in itertools.product(range(len(tables[a])), range(len(tables[b]))):
                old = _table_cost(tables[a], met, points) + _table_cost(tables[b], met, points)
                tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
                new = _table_cost(tables[a], met, points) + _table_cost(tables[b], met, points)
                if new < old - 1e-9:
                    improved = True
                else:
                    tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
    return tables


# ---- round robin and single elimination ------------------------------------------------------


def round_robin_rounds(count: int) -> int:
    return count - 1 if count % 2 == 0 else count


def round_robin_round(players: list[int], round_no: int) -> tuple[list[list[int]], list[int]]:
    """Round ``round_no`` (from 1) of the circle method: every pair meets exactly once over
    :func:`round_robin_rounds` rounds; with an odd count, one player sits out each round."""
    ring: list[int | None] = [*players, None] if len(players) % 2 else list(players)
    n = len(ring)
    turn = (round_no - 1) % (n - 1)
    rest = ring[1:]
    rest = rest[-turn:] + rest[:-turn] if turn else rest
    line = [ring[0], *rest]
    tables: list[list[int]] = []
    byes: list[int] = []
    for i in range(n // 2):
        a, b = line[i], line[n - 1 - i]
        if a is None or b is None:
            byes.extend(p for p in (a, b) if p is not None)  # the ring's one gap
            continue
        # Alternate who sits first, so nobody always opens.
        tables.append([a, b] if (round_no + i) % 2 else [b, a])
    return tables, byes


def bracket_slots(seeds: list[int]) -> list[int | None]:
    """First-round slots of a single-elimination bracket: ``seeds`` (best first) placed so the
    top seeds meet as late as possible; empty slots (``None``) give the top seeds their byes."""
    size = 1
    while size < len(seeds):
        size *= 2
    order = [1]
    while len(order) < size:
        mirror = len(order) * 2 + 1
        order = [x for seed in order for x in (seed, mirror - seed)]
    return [seeds[s - 1] if s <= len(seeds) else None for s in order]


def elimination_rounds(count: int) -> int:
    return max(1, math.ceil(math.log2(max(count, 2))))


# ---- standings ------------------------------------------------------------------------------


@dataclass
class Line:
    """One entrant's line in the standings."""

    user_id: int
    name: str
    seed: int
    points: float = 0.0
    opponents_points: float = 0.0
    score_ratio: float = 0.0
    games: int = 0
    wins: int = 0
    byes: int = 0
    reached: int = 0  # elimination: the last round played or advanced to
    dropped: bool = False
    place: int = 0


def standings(
    entrants: Sequence[tuple[int, str, int, bool]],
    pairings: Sequence[tuple[int, bool, Sequence[int], dict | None]],
    *,
    elimination: bool = False,
) -> list[Line]:
    """Standings from entrants ``(user, name, seed, dropped)`` and pairings ``(round, bye,
    players, result)``; results hold ``status``, ``points``, ``ranks``, ``scores`` and, in
    elimination, ``advances`` (JSON keys are strings)."""
    lines = {u: Line(u, name, seed, dropped=dropped) for u, name, seed, dropped in entrants}
    opponents: dict[int, list[int]] = {u: [] for u in lines}
    ratios: dict[int, list[float]] = {u: [] for u in lines}
    for round_no, bye, players, result in pairings:
        for user in players:
            if user in lines:
                lines[user].reached = max(lines[user].reached, round_no)
        if result is None:
            continue
        points = {int(k): v for k, v in result.get("points", {}).items()}
        for user, value in points.items():
            if user in lines:
                lines[user].points += value
        advances = result.get("advances")
        if advances is not None and advances in lines:
            lines[advances].reached = max(lines[advances].reached, round_no + 1)
        if bye:
            for user in players:
                if user in lines:
                    lines[user].byes += 1
            continue
        ranks = {int(k): v for k, v in result.get("ranks", {}).items()}
        scores = {int(k): v for k, v in result.get("scores", {}).items()}
        best = max(scores.values()) if scores else 0
        for user in players:
            if user not in lines:
                continue
            lines[user].games += 1
            opponents[user] += [p for p in players if p != user]
            if result.get("status") == "finished":
                lines[user].wins += ranks.get(user) == 1
                ratios[user].append(_ratio(scores.get(user, 0), best))
    for user, line in lines.items():
        met = [lines[o].points for o in opponents[user] if o in lines]
        line.opponents_points = sum(met) / len(met) if met else 0.0
        line.score_ratio = sum(ratios[user]) / len(ratios[user]) if ratios[user] else 0.0
    ordered = sorted(
        lines.values(),
        key=lambda x: (
            -x.reached if elimination else 0,
            -x.points,
            -x.opponents_points,
            -x.score_ratio,
            x.seed,
        ),
    )
    for place, line in enumerate(ordered, start=1):
        line.place = place
    return ordered


def _ratio(score: float, best: float) -> float:
    if best > 0:
        return score / best
    return 1.0 if score >= best else 0.0
