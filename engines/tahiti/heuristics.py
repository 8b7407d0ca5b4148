"""Tahiti's hooks for seat fillers (``players/``): a projected final score and a playout policy.

A filler searches a few dozen short playouts per decision. With the visible score alone it sees
no value in harvesting (points arrive only when goods reach the chart) and with uniform playouts a
canoe wanders; both made a table of fillers stall for thousands of moves.

- ``projected_totals``: docs/rules/tahiti.md 6.2 scores the season's end after a final delivery from
  anywhere (cap 9 per type), so goods in a canoe already count, a little less than goods at home
  (a reef crossing may cost them, and an unloaded canoe has its rowers back).
- ``rollout_move``: what a sensible player does with its actions (5.4 to 5.7): deliver at home,
  harvest what the canoe can take, paddle home when loaded, else towards the nearest island with
  goods it can take; the other steps are drawn at random, never ``back`` (it would loop).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from engines.base import Heuristics, Rng, State
from engines.tahiti import data as tdata
from engines.tahiti import engine as rules

CANOE_WEIGHT = 0.8
"""How much a point in a canoe is worth against a point delivered home."""
AWAY = 0.04
"""How much of a canoe point each hex away from the Home Island takes off."""
HOME = "0,0"
LOADED = 3
"""Cubes in the canoe from which a playout paddles home (a fourth costs a rower, 2.3)."""


def projected_totals(state: State) -> list[float]:
    """Each seat's final score if the season ended now, canoe goods weighted by CANOE_WEIGHT."""
    comp = tdata.components()
    cap = comp["draws"]["chart_cap"]
    home = [row["total"] for row in rules.score_rows(state["charts"], state["fav"])]
    if not any(state["canoes"]):
        return [float(t) for t in home]
    unloaded = []
    for chart, canoe in zip(state["charts"], state["canoes"], strict=True):
        chart = dict(chart)
        for g in canoe:
            chart[g] = min(cap, chart[g] + 1)
        unloaded.append(chart)
    landed = [row["total"] for row in rules.score_rows(unloaded, state["fav"])]
    out = []
    for seat, (a, b) in enumerate(zip(landed, home, strict=True)):
        # Nearer home, the cargo is nearer safety and the canoe nearer its rowers (2.3).
        weight = max(0.5, CANOE_WEIGHT - AWAY * rules.distance(HOME, state["at"][seat]))
        out.append(weight * a + (1 - weight) * b)
    return out


def progress(state: State) -> float:
    """The share of the season over: docs/rules/tahiti.md 4 ends it once no more than
    ``end_islands`` islands lack an Exhaustion marker, and 5.9 exhausts an emptied island at a
    turn's end, so an empty island counts as almost exhausted. Tiles still in the stacks are islands
    to come."""
    comp = tdata.components()
    islands = len(comp["tiles"])
    to_exhaust = islands - comp["draws"]["end_islands"]
    done = 0.0
    for h in state["board"].values():
        if h["kind"] != "island":
            continue
        if h["marker"] is not None:
            done += 1
        elif not any(h["cubes"]):
            done += 0.75
        elif not all(h["cubes"]):
            done += 0.25
    return min(1.0, done / to_exhaust) if state["era"] == "late" else 0.0


def _first_steps(board: dict, start: str, goal: Callable[[str], bool]) -> set[str]:
    """The neighbours of ``start`` that begin a shortest path to a hex where ``goal`` holds."""
    first: dict[str, str] = {}
    queue: deque[str] = deque()
    for n in rules.neighbours(start):
        if n in board and n not in first:
            first[n] = n
            queue.append(n)
    seen = {start, *first}
    found: set[str] = set()
    depth_found = None
    depth = {n: 1 for n in first}
    while queue:
        k = queue.popleft()
        if depth_found is not None and depth[k] > depth_found:
            break
        if goal(k):
            found.add(first[k])
            depth_found = depth[k]
            continue
        for n in rules.neighbours(k):
            if n in board and n not in seen:
                seen.add(n)
                first[n] = first[k]
                depth[n] = depth[k] + 1
                queue.append(n)
    return found


def rollout_move(engine: Any, state: State, seat: int, rng: Rng) -> str:
    """A sensible, cheap move for ``seat`` (which is to move) in a playout."""
    phase = state["phase"]
    if phase == "actions":
        return _action(state, seat, rng)
    if phase == "keep":
        return "keep"
    moves = engine.legal_moves(state, seat)
    if phase == "rotate":
        moves = [m for m in moves if m != "back"]
    return rng.choice(moves)


def _action(state: State, seat: int, rng: Rng) -> str:
    board = state["board"]
    pos = state["at"][seat]
    canoe = state["canoes"][seat]
    here = board[pos]
    if here["kind"] == "home" and canoe:
        return "deliver"
    if here["kind"] == "island":
        goods = enumerate(here["goods"])
        ripe = [g for i, g in goods if here["cubes"][i] and rules.canoe_accepts(canoe, g)]
        if ripe:
            return f"harvest {rng.choice(ripe)}"
    if len(canoe) >= LOADED:
        steps = _first_steps(board, pos, lambda k: board[k]["kind"] == "home")
    else:

        def ripe_island(k: str) -> bool:
            h = board[k]
            return h["kind"] == "island" and any(
                h["cubes"][i] and rules.canoe_accepts(canoe, g) for i, g in enumerate(h["goods"])
            )

        steps = _first_steps(board, pos, ripe_island)
        if not steps and canoe:
            steps = _first_steps(board, pos, lambda k: board[k]["kind"] == "home")
    if not steps:
        return "end"
    return f"move {rng.choice(sorted(steps))}"


class TahitiHeuristics(Heuristics):
    """Tahiti's seat-filler heuristics (players/README.md "Hooks"), handed to the fillers by
    ``engines.tahiti.GAME``."""

    engine: rules.Tahiti

    playout_until_turn = True
    """A filler's tree-search playouts stop when its turn comes round again (players/search.py)."""
    playout_turns = 4
    """Sequential halving's playouts (players/halving.py) see the seat's next turn through: a
    canoe's trip home or to an island takes more than one turn (rules 5.4-5.7), and stopped at the
    next turn a loaded canoe's paddle home showed only the reef's risk, never the delivery; a filler
    49 to 8 ahead then fished and paddled about for 20,000 moves (bench seed 1000)."""
    policy_breaks_ties = True
    """The playout policy, not the default move, wins a filler's ties. The default (end the
    actions) is a turn thrown away, and a filler far ahead of passive rivals (every move a certain
    win) paddled at random for thousands of moves rather than empty an island (rules 4)."""

    level_tuning: ClassVar[Mapping[str, Mapping[str, int]]] = {
        "hard": {"reach": 1, "iterations": 320, "floor": 320}
    }
    """For seat fillers (``players/levels.py``): hard's playouts see the seat's next 4 turns, as
    normal's do, not 8, and it plays twice as many (the same time: a playout costs half). Eight
    turns is a good part of a season, and its exploration draws and rivals' paddling made the
    rewards so noisy (between samples 0.18, between moves 0.05) that hard beat two normal fillers
    in 31 of 57 games; so, in 37 of 60 (36 of the same 57; players/README.md, session 14)."""

    def evaluate(self, state: State, seat: int) -> float:
        """The seat's projected final score (:func:`projected_totals`)."""
        return projected_totals(state)[seat]

    def progress(self, state: State) -> float:
        """The share of the season over (:func:`progress`)."""
        return progress(state)

    def rollout_move(self, state: State, seat: int, rng: Rng) -> str:
        """A sensible playout move (:func:`rollout_move`)."""
        return rollout_move(self.engine, state, seat, rng)
