"""Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012), single observer.

Every iteration draws a state that the deciding seat cannot tell apart from the real one
(``engine.resample_hidden``), walks one shared tree with it, and scores the end of a short playout.
The real state is used for nothing but that draw, so the decision depends only on what the seat
may see: give it ``resample_hidden(state, seat, rng)`` instead and it decides the same.

The tree is keyed by (seat, move) along the path. Moves legal in only some draws are handled with
availability counts, as the paper does. In a simultaneous phase the other seats' choices are
hidden from each other, so a rival submitting alongside us is played by the playout policy rather
than by a tree node that would seem to react to our secret choice (the last of them to submit
included: it is alone in ``to_move`` but has not seen the others' choices either).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engines import heuristics_for
from engines.base import Engine, Heuristics, Rng, State
from players.evaluate import CHANGE_WEIGHT, Evaluator, seat_count
from players.halving import Playouts, halve, screen


@dataclass(frozen=True)
class Budget:
    """How much thinking one decision may use.

    ``iterations`` fixes the work exactly, so the choice is the same on every machine and load.
    ``seconds`` is used only when ``iterations`` is None (then the choice depends on the clock);
    ``floor`` iterations are done first whatever the clock says, so a slow or loaded machine still
    thinks at least that much (the levels of :mod:`players.levels`).
    ``depth`` is the number of playout moves after leaving the tree before the position is scored:
    these games last hundreds of moves, so a playout never runs to the end.
    """

    iterations: int | None = 40
    seconds: float | None = None
    floor: int = 1
    depth: int = 16
    horizon: int = 64
    """Sequential halving's playouts: moves at most (twice that to get out of a secret phase);
    they mostly end sooner, at the seat's next turn (``players/halving.py``)."""
    width: int | None = None
    """Sequential halving plays out at most this many candidates (None: every legal move),
    chosen by ``halving.screen``."""
    exploration: float = 0.4
    guided: bool = True
    """Priors from the engine's playout policy and progressive widening (False: the plain search
    of session 5, kept for head-to-head measurements)."""
    change_weight: float = CHANGE_WEIGHT
    """The share of a reward that is the change of the seat's lead (players/evaluate.py)."""
    reach: int = 1
    """Playouts look this many times as far (``halving.Playouts.reach``)."""
    method: str = "halving"
    """``halving``: sequential halving over paired playouts (``players/halving.py``), where
    ``iterations`` counts playouts; ``tree``: the information-set tree of sessions 5-7, kept for
    head-to-head measurements (``players.bench`` cell ``tree``)."""


DEFAULT_BUDGET = Budget()
TIE_MARGIN = 0.02
"""Mean rewards this close count as a tie (rewards are in [0, 1])."""
PRIOR = 0.3
"""The bonus of the move the engine's playout policy suggests at a tree node, fading as
1 / (visits + 1): its sensible choice is tried first and kept until the search knows better."""
WIDENING = 2.0
"""A node with n visits has at most max(2, WIDENING * sqrt(n)) children (progressive widening):
with 24 legal moves and 40 iterations each root move would otherwise get one or two noisy playouts.
Where the engine has a playout policy its suggestions are added first; others at random."""


class _Node:
    __slots__ = ("available", "children", "loops", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[tuple[int, str], _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.loops: set[tuple[int, str]] = set()
        """Moves found to lead back to a position earlier on the path (a step's `back`)."""


def _actor(waiting: list[int], me: int) -> int:
    return me if me in waiting else waiting[0]


def playout_move(engine: Engine, state: State, seat: int, rng: Rng) -> str:
    """The playout policy of ``engine``'s game (:func:`policy_move` with its heuristics)."""
    return policy_move(heuristics_for(engine), state, seat, rng)


def policy_move(heuristics: Heuristics, state: State, seat: int, rng: Rng) -> str:
    """The playout policy: the game's ``rollout_move`` if its heuristics have one, else uniform."""
    if heuristics.rollout_move is not None:
        return heuristics.rollout_move(state, seat, rng)
    return rng.choice(heuristics.engine.legal_moves(state, seat))


def choose_move(
    engine: Engine,
    state: State,
    seat: int,
    *,
    seed: int,
    budget: Budget = DEFAULT_BUDGET,
    earlier: Sequence[dict] = (),
    heuristics: Heuristics | None = None,
) -> str:
    """The move that ``seat`` plays now, decided from what it can see. Deterministic in ``seed``
    when the budget counts iterations. ``heuristics``: the game's (``engines.heuristics_for``)
    unless given.

    ``earlier`` holds the seat's views at its earlier decisions of the same turn (see
    :class:`players.turns.TurnMemory`): a move that leads back to one of them (a step's `back`)
    would undo the seat's own choice, so it is refused unless nothing else is legal."""
    waiting = engine.to_move(state)
    if seat not in waiting:
        raise ValueError(f"seat {seat} has no move to make now")
    legal = engine.legal_moves(state, seat)
    if len(legal) == 1:
        return legal[0]
    # The search sees the position only through draws from this seat's information set, from
    # the first one on: the real state's hidden parts never reach a decision.
    rng = Rng.from_seed(seed)
    heuristics = heuristics or heuristics_for(engine)
    evaluator = Evaluator(engine, seat_count(engine, state), state, heuristics)
    root = _Node()
    # The first draw also answers the questions asked once per decision: which moves would undo
    # an earlier step of this turn, and which move breaks a tie.
    det = engine.resample_hidden(state, seat, Rng(rng.next64()))
    if earlier:
        undoing = undoing_moves(engine, det, seat, legal, earlier)
        if len(undoing) < len(legal):
            root.loops.update((seat, move) for move in undoing)
            legal = [m for m in legal if m not in undoing]
            if len(legal) == 1:
                return legal[0]
    fallback = tie_breaker(engine, det, seat, seed, heuristics)
    if fallback not in legal:
        fallback = None
    if budget.method == "halving":
        return _halved(engine, state, seat, legal, det, rng, evaluator, budget, fallback)
    deadline = math.inf  # a budget of iterations has none
    if budget.iterations is None:
        seconds = 1.0 if budget.seconds is None else budget.seconds
        deadline = time.perf_counter() + seconds
    done = 0
    draw: State | None = det  # the first iteration searches the first draw
    while True:
        if budget.iterations is not None:
            if done >= budget.iterations:
                break
        elif done >= max(1, budget.floor) and time.perf_counter() >= deadline:
            break
        if draw is None:
            draw = engine.resample_hidden(state, seat, Rng(rng.next64()))
        _iterate(engine, draw, seat, root, rng, evaluator, budget)
        draw = None
        done += 1
    return _pick(root, seat, legal, fallback)


def _halved(
    engine: Engine,
    state: State,
    seat: int,
    legal: list[str],
    first: State,
    rng: Rng,
    evaluator: Evaluator,
    budget: Budget,
    fallback: str | None,
) -> str:
    """The choice by sequential halving; the tie-breaker when it scores about as well."""
    deadline = None
    if budget.iterations is None:
        deadline = time.perf_counter() + (1.0 if budget.seconds is None else budget.seconds)
    heuristics = evaluator.heuristics

    def policy(engine: Engine, state: State, seat: int, rng: Rng) -> str:
        return policy_move(heuristics, state, seat, rng)

    playouts = Playouts(
        engine,
        seat,
        evaluator,
        policy,
        budget.horizon,
        budget.change_weight,
        budget.reach,
    )
    candidates = screen(playouts, first, legal, budget.width, rng, fallback)
    alive, tallies = halve(
        playouts,
        first,
        lambda: engine.resample_hidden(state, seat, Rng(rng.next64())),
        candidates,
        rng,
        budget=budget.iterations,
        deadline=deadline,
        floor=budget.floor,
        keep=fallback,
    )
    best = max(alive, key=lambda move: tallies[move].mean)
    if fallback in alive and tallies[fallback].mean >= tallies[best].mean - TIE_MARGIN:
        return fallback
    return best


def tie_breaker(
    engine: Engine, draw: State, seat: int, seed: int, heuristics: Heuristics | None = None
) -> str | None:
    """The move played when it scores about as well as the search's choice: the game's playout
    policy if its heuristics say ``policy_breaks_ties``, else the engine's default move unless
    they say ``default_breaks_ties = False``.

    The policy suits a game whose default throws a turn away (Tahiti): a filler so far ahead that
    every move looks like a win then still does what a sensible player does (paddle home,
    deliver, empty an island) and brings the end nearer, instead of paddling at random."""
    heuristics = heuristics or heuristics_for(engine)
    if heuristics.policy_breaks_ties:
        # Its own generator, so that the search's iterations stay as they were.
        return policy_move(heuristics, draw, seat, Rng.from_seed(seed))
    if heuristics.default_breaks_ties:
        return engine.default_move(draw, seat)
    return None


def undoing_moves(
    engine: Engine, draw: State, seat: int, legal: list[str], earlier: Sequence[dict]
) -> set[str]:
    """The legal moves that undo the seat's own steps of this turn: after them the seat would see
    what it saw at an earlier decision (``earlier``), or a piece of it would be back where it was
    then (:func:`steps_back`: a ship sailed c15, b15, c15 in one action, each step a view of its
    own since the action points left went down)."""
    now = engine.view(draw, seat)
    undoing = set()
    for move in legal:
        after = engine.apply(draw, seat, move).state
        seen = engine.view(after, seat)
        if seen in earlier or (seat in engine.to_move(after) and steps_back(earlier, now, seen)):
            undoing.add(move)
    return undoing


_GONE = object()
"""A part of a view that the other view lacks."""

PIECE_DEPTH = 3
"""A piece's place lies at least this deep in a view (``player_boards/0/at``,
``player_state/2/ships/1``): what lies higher (the phase, whose turn it is) is no piece's."""


def _differences(a: Any, b: Any, path: tuple = (), out: list | None = None) -> list:
    """The parts in which two views differ: (path, value in ``a``, value in ``b``), down to single
    values (lists of different lengths count as one value)."""
    out = [] if out is None else out
    if a == b:
        return out
    if isinstance(a, dict) and isinstance(b, dict):
        for key in [*a, *(k for k in b if k not in a)]:
            _differences(a.get(key, _GONE), b.get(key, _GONE), (*path, key), out)
    elif isinstance(a, list | tuple) and isinstance(b, list | tuple) and len(a) == len(b):
        for index, (x, y) in enumerate(zip(a, b, strict=True)):
            _differences(x, y, (*path, index), out)
    else:
        out.append((path, a, b))
    return out


def _at(view: Any, path: tuple) -> Any:
    for key in path:
        try:
            view = view[key]
        except (KeyError, IndexError, TypeError):
            return _GONE
    return view


def _count(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _holds(place: Any) -> bool:
    """Whether a place can hold a piece: not None and not an empty container."""
    return place is not None and not (isinstance(place, list | tuple | dict | str) and not place)


def steps_back(earlier: Sequence[dict], now: dict, after: dict) -> bool:
    """Whether the step from view ``now`` to ``after`` puts a piece back where it was at an
    earlier decision of the same turn (a view in ``earlier``) with nothing gained on the way.

    A piece is what a record of the view holds: its place is a value that is not a count
    (``c15``, ``rim10``, ``2,-1``), at least :data:`PIECE_DEPTH` deep; a place in a list
    (a player's ships) is a piece of its own, a place under a key shares its record with what
    the piece carries (a canoe's cargo). The piece gained nothing when its record differs from
    then only in counts (action points, actions taken): a canoe that paddled out and back
    stepped back, one that came back loaded did not.

    An empty place (a port emptied again, ``[]``) holds no piece: a Vasco filler that received
    a merchant ship and sent it to a landing left its port as empty as it was before the gift,
    and every way to send it was refused as a step back; it then chose `back` and a landing
    again until the bench stopped the game (bench/strength.py, seed 7006)."""
    for path, _was, place in _differences(now, after):
        if len(path) < PIECE_DEPTH or _count(place) or place is _GONE or not _holds(place):
            continue
        piece = path[:-1] if isinstance(path[-1], str) else path
        for view in earlier:
            if _at(view, path) != place:
                continue
            gained = _differences(_at(view, piece), _at(after, piece))
            if all(_count(a) and _count(b) for _, a, b in gained):
                return True
    return False


def _pick(root: _Node, seat: int, legal: list[str], fallback: str | None) -> str:
    """The most visited move (of equals, the best scoring); but when the engine's tie-breaker
    (its safe default move, or its playout policy's move) scores about as well, the tie-breaker.
    Free moves that change nothing the evaluation sees (shifting goods between two spaces)
    otherwise tie with ending the turn, and a filler that picks them can shuffle forever."""
    best, best_key = legal[0], (-1, -math.inf)
    for move in legal:  # equal visits go to the better mean, then to the earlier legal move
        child = root.children.get((seat, move))
        if child is not None and child.visits:
            key = (child.visits, child.total / child.visits)
            if key > best_key:
                best, best_key = move, key
    if fallback is None or fallback == best:
        return best
    chosen = root.children.get((seat, best))
    safe = root.children.get((seat, fallback))
    if chosen is None or safe is None or not safe.visits:
        return best
    if safe.total / safe.visits >= chosen.total / chosen.visits - TIE_MARGIN:
        return fallback
    return best


def _iterate(
    engine: Engine,
    state: State,
    me: int,
    root: _Node,
    rng: Rng,
    evaluator: Evaluator,
    budget: Budget,
) -> None:
    node = root
    base = evaluator.baseline(state)
    heuristics = evaluator.heuristics
    hook = heuristics.rollout_move
    path: list[tuple[_Node, int]] = []
    # Positions met on this walk: a compound action's `back` step returns to one of them, and
    # a search that may step back and forth values a loop as much as the move it undoes (and
    # then plays `launch`, `back`, `launch`... for real). Such moves are pruned where found.
    seen: list[State] = [state]
    blind: set[int] = set()
    expanded = False
    while not expanded:
        waiting = engine.to_move(state)
        if not waiting:
            break
        actor = _actor(waiting, me)
        if actor in blind or (len(waiting) > 1 and actor != me):
            # A rival choosing alongside a hidden choice: it must not seem to react to it.
            blind.discard(actor)
            state = engine.apply(state, actor, policy_move(heuristics, state, actor, rng)).state
            continue
        if len(waiting) > 1:
            blind.update(s for s in waiting if s != actor)
        legal = [m for m in engine.legal_moves(state, actor) if (actor, m) not in node.loops]
        if not legal:
            break  # every way on leads back: score the position as it stands
        if len(legal) == 1:  # a forced move is no decision: no node, no cost in the tree
            state = engine.apply(state, actor, legal[0]).state
            seen.append(state)
            continue
        untried, tried = [], []
        for move in legal:
            child = node.children.get((actor, move))
            if child is None:
                untried.append(move)
            else:
                child.available += 1
                tried.append(move)
        hint = None
        if budget.guided and hook is not None:
            hint = hook(state, actor, rng)
        if hint in untried:
            move = hint
        elif untried and (not budget.guided or not tried or len(tried) < _room(node)):
            move = rng.choice(untried)
        else:
            move = _select(node, actor, tried, budget.exploration, hint)
        after = engine.apply(state, actor, move).state
        if any(after == earlier for earlier in seen):
            node.loops.add((actor, move))
            node.children.pop((actor, move), None)
            continue
        state = after
        seen.append(state)
        child = node.children.get((actor, move))
        if child is None:
            child = _Node()
            child.available = 1
            node.children[(actor, move)] = child
            expanded = True
        path.append((child, actor))
        node = child
    # An engine may end playouts when the deciding seat's turn comes round again: where a turn is
    # several free actions (Tahiti), ending it early must cost what the actions would have won,
    # not be made good by the same actions one turn later inside the playout.
    until_turn = heuristics.playout_until_turn
    rivals_moved = until_turn and any(actor != me for _, actor in path)
    for _ in range(budget.depth):
        waiting = engine.to_move(state)
        if not waiting or (rivals_moved and me in waiting):
            break
        actor = waiting[0] if len(waiting) == 1 else rng.choice(waiting)
        rivals_moved = until_turn and (rivals_moved or actor != me)
        state = engine.apply(state, actor, policy_move(heuristics, state, actor, rng)).state
    rewards = evaluator.rewards(state, base, budget.change_weight)
    root.visits += 1
    for child, actor in path:
        child.visits += 1
        child.total += rewards[actor] if actor < len(rewards) else 0.5


def _room(node: _Node) -> int:
    """How many children a node may have by now (progressive widening)."""
    return max(2, int(WIDENING * math.sqrt(node.visits + 1)))


def _select(
    node: _Node, actor: int, legal: list[str], exploration: float, hint: str | None = None
) -> str:
    best, best_value = legal[0], -math.inf
    for move in legal:
        child = node.children[(actor, move)]
        value = child.total / child.visits + exploration * math.sqrt(
            math.log(child.available) / child.visits
        )
        if move == hint:
            value += PRIOR / (child.visits + 1)
        if value > best_value:
            best, best_value = move, value
    return best
