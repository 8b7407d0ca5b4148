"""Amerigo hooks for the seat filler (``players/``, issue 18): ``evaluate`` and ``rollout_move``.

Neither changes a rule: they only read a state (every part of it public, docs/rules/amerigo.md 9.4,
save the face-down pirates and the piles' order, which ``evaluate`` reads only as the multiset every
seat knows) and pick among ``legal_moves``.

``evaluate(state, seat)`` projects the seat's FINAL score from what it holds now (rules 6):
its running VP, the final scoring of its holdings by the engine's own ``_final_parts`` (gold,
commodities, progress tokens and track, special track, rules 6.3), the pirate attacks still to
come against the cannons it has (rules 6.2), and a discounted value for things in progress that
score only once used: tiles in its personal supply (built later, rules 5.5) and its trading posts
on islands not yet completed (completion table, rules 5.5), and the turns still to come.

``rollout_move`` finishes the action in hand greedily and otherwise takes gold, so that playouts
are quiet and the evaluation, not the playout's luck, tells moves apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engines.amerigo import data as D
from engines.amerigo.engine import Amerigo
from engines.base import Heuristics, Rng, State

ROUNDS = 5
BLACK = 1  # phase index of Load cannons (rules 2.3)
GREEN = 4  # phase index of Build (rules 2.3)
PHASES = 7  # phases per round (rules 4.1)
POST_TABLE = D.board()["trading_post_table"]["values"]
SPECIAL_COLOURS = D.board()["special_track"]["colours"]
PROGRESS_VP = sorted((int(k), v) for k, v in D.board()["progress_track"]["vp"].items())
SPECIAL_VP = sorted((int(k), v) for k, v in D.board()["special_track"]["vp"].items())
EFFECT = {t["id"]: t["effect"] for t in D.load()["tokens"]["progress"]}

INCOME = 2.5
"""VP a seat can expect from each turn still to come (about the gold of one phase, rules 5.8):
the same for every seat, it makes the projection a final score, so the search's reward scale
(players/evaluate.margin_rewards) is the final scores' and an early lead does not saturate it."""
CANNON_COST = 0.7
"""VP given up per cannon loaded for a coming pirate attack (an action point spent on it)."""
SUPPLY_SHARE = 0.6
"""Share of a planned tile's VP counted before it is built (it still costs its AP to build)."""
NO_POST_SHARE = 0.4
TRACK_SHARE = 0.8
"""Share of the VP step to the next printed track space counted for the spaces moved towards it."""
BUILD_AP = 5
"""AP a seat may expect to build with in one Build phase: planned tiles beyond what the Build
phases left can take are worth nothing (rules 9.7 A18)."""
"""... and when the seat has no trading post to build from yet."""
POST_SHARE = 0.3
"""Share of a post's completion value (table x the current time marker) counted before the island
is completed: completion needs every space covered, often by others, and the marker falls."""
POST_PHASE_VP = 2.5
"""VP per trading post on an island not yet completed, per Build phase still to come: a post is
where the seat's tiles go (rules 5.5.1) and what its islands' completion pays (5.5). Least squares
of the final score on what a seat held at each phase, over 16 games of three normal fillers,
gave 13 VP per post beyond this evaluation in rounds 1-2, 9 in round 3, 6 in round 4, 1 in round
5 (about 3 per Build phase left); a filler valuing posts at 2.5 beat two without in 7 of 12
games (seeds 1000-1011), at 4 in 6 of 12."""
TOKEN_VALUE = 1.0
"""An unused progress token that scores nothing at the end (an AP bonus, a pirate guard...): worth
about one action point per remaining round."""


def _hidden_pirate_mean(state: State) -> float:
    """The mean value of the pirate markers not yet revealed (known to all only as a multiset)."""
    pool = [v for v, up in state["pirates"] if not up] + list(state["pirate_box"])
    return sum(pool) / len(pool) if pool else 0.0


def pirate_projection(engine: Amerigo, state: State, seat: int) -> tuple[float, float]:
    """(VP lost or spent, gold won) at the pirate attacks still to come (rules 4.3.1, 6.2).

    Each round's strength is the revealed markers plus, for later rounds, the mean of the hidden
    ones (rules 4.3.2.1), plus 2 per P4 token of a rival (5.9 P4). The cannons held are spent
    on them in turn. This round's attack, once its Load-cannons phase is over, is played out as
    the rules do (all cannons or the full loss, 6.2.3; half with P5; never below 0 VP, 6.1).
    An attack the seat can still prepare for costs it the cannons it lacks, at ``CANNON_COST``
    VP each (the AP it will load them with), or the loss if that is cheaper: a projection that
    assumed no more loading would see every VP taken by the later pirates, for every seat alike.
    """
    p = state["p"][seat]
    attacks = ROUNDS - state["round"] + 1
    if state["over"] or attacks <= 0:
        return 0.0, 0.0
    shown = sum(v for v, up in state["pirates"] if up)
    hidden = _hidden_pirate_mean(state)
    extra = 2 * sum(
        len(engine.tokens_with(o, "pirates2")) for i, o in enumerate(state["p"]) if i != seat
    )
    half = bool(engine.tokens_with(p, "halfloss"))
    guard_gold = 2 if engine.tokens_with(p, "pirategold") else 0  # rules 5.9 P6
    cannons = p["can"]
    lost = 0.0
    gold = 0.0
    unrevealed = sum(1 for _, up in state["pirates"] if not up)
    for k in range(attacks):
        need = shown + min(k, unrevealed) * hidden + extra
        loss = need // 2 if half else need  # rules 5.9 P5 (rounded down, A4)
        if cannons >= need:
            cannons -= need
            gold += guard_gold
        elif k == 0 and state["phase"] > BLACK:
            cannons = 0
            lost += min(p["vp"], loss)  # rules 6.1: the VP total never goes below 0
        else:
            prepare = CANNON_COST * (need - cannons)
            cannons = 0
            if prepare < loss:
                lost += prepare
                gold += guard_gold
            else:
                lost += loss
    return lost, gold


def _build_phases_left(state: State) -> int:
    """Build (green) phases still to come, this one included while it is not over."""
    later = ROUNDS - state["round"]
    return later + (1 if state["phase"] <= GREEN else 0)


def evaluate(engine: Amerigo, state: State, seat: int) -> float:
    p = state["p"][seat]
    if state["over"]:
        return float(p["vp"])
    parts = engine.final_scoring(state, seat)
    lost, pirate_gold = pirate_projection(engine, state, seat)
    attacks = ROUNDS - state["round"] + 1
    income = attacks * len(engine.tokens_with(p, "income"))  # designed token: +1 gold per round end
    score = (
        p["vp"]
        - lost
        + parts["gold"]
        + pirate_gold
        + income
        + parts["commodities"]
        + parts["progress"]
        + parts["special"]
    )
    score += _in_progress(engine, state, seat, attacks)
    return score + INCOME * _turns_left(state, seat)


def _turns_left(state: State, seat: int) -> int:
    """The seat's turns still to come (rules 4.1): one per phase left, this phase's included
    while the seat has not begun its action (skipped phases, 4.2.2, are not foreseen)."""
    later = (ROUNDS - state["round"]) * PHASES + (6 - state["phase"])
    turn = state["turn"]
    if turn is None:
        return later
    order, i = turn["order"], turn["i"]
    waiting = seat in order[i + 1 :] or (order[i] == seat and turn["act"] is None)
    return later + (1 if waiting else 0)


def _between(table: list[tuple[int, int]], pos: int) -> float:
    """The part of the VP step to the next printed space already moved (linear), 0 on a space."""
    below_pos, below_vp = 0, 0
    for space, vp in table:
        if space > pos:
            return (vp - below_vp) * (pos - below_pos) / (space - below_pos)
        below_pos, below_vp = space, vp
    return 0.0


def _in_progress(engine: Amerigo, state: State, seat: int, attacks: int) -> float:
    """Discounted value of holdings that score only once used."""
    p = state["p"][seat]
    value = 0.0
    geo = engine.geometry(state)
    own_posts = [c for c, s in state["posts"].items() if s == seat]
    # Spaces moved towards the next printed VP space of the progress and special-action tracks
    # (rules 5.4, 5.7): that VP (and the progress token) is reached with the next action there.
    if TRACK_SHARE:
        value += TRACK_SHARE * (_between(PROGRESS_VP, p["prog"]) + _between(SPECIAL_VP, p["opos"]))
    # Tiles in the personal supply (rules 5.3) score when built (5.5) and 0 if never (A18): the
    # best of them per AP, as many as the Build phases left can take.
    phases = _build_phases_left(state)
    if p["supply"] and phases > 0:
        islands = {geo["island_of"][c] for c in own_posts} - set(state["completed"])
        big = any(geo["islands"][i]["big"] for i in islands)
        share = SUPPLY_SHARE if islands else NO_POST_SHARE
        # Land still free on the islands it may build on (rules 5.5.1-2); without a post, any.
        cover, posts = state["cover"], state["posts"]
        land = sum(
            1
            for i in (islands or range(len(geo["islands"])))
            for c in geo["islands"][i]["cells"]
            if c not in cover and c not in posts
        )
        shapes = D.shapes()
        tiles = []
        for sid, n in p["supply"].items():
            s = shapes[sid]
            tiles += [((s["big"] if big else s["small"]), D.tile_cost(sid), s["size"])] * n
        tiles.sort(key=lambda t: t[0] / t[1], reverse=True)
        room = phases * BUILD_AP
        for vp, cost, size in tiles:
            if cost > room or size > land:
                break
            room -= cost
            land -= size
            value += share * vp
    # Trading posts on islands not yet completed: the completion table (rules 5.5).
    if own_posts:
        counts: dict[int, int] = {}
        for c in own_posts:
            island = geo["island_of"][c]
            if island not in state["completed"]:
                counts[island] = counts.get(island, 0) + 1
        mult = engine.time_value(state)
        table = POST_TABLE
        for n in counts.values():
            value += POST_SHARE * table[min(n, len(table) - 1)] * mult
        value += POST_PHASE_VP * sum(counts.values()) * phases
    # Unused progress tokens that do nothing at the end (5.9): a little per round left.
    for tid, used in p["toks"]:
        # End tokens and unused gold tokens are counted by _final_parts.
        if not used and EFFECT[tid] != "gold" and not EFFECT[tid].startswith("end_"):
            value += TOKEN_VALUE * min(attacks, 3) / 3
    return value


# ------------------------------------------------------------------------------------ rollouts

ROLLOUT_GOLD = 1.0
"""Chance that a playout seat takes gold at the top of its turn (else: a random useful action).
At 1, playouts only finish the action in hand (greedily) and let the phases run on with gold for
everyone, and ``evaluate`` judges the holdings: with random actions in playouts the rewards' noise
hid 1-VP differences from a 40-iteration search (it paid gold for aimless sails, rules 5.1/5.8)."""
TRACK_VERB = {"black": "load", "brown": "advance", "white": "move"}


def rollout_move(engine: Amerigo, state: State, seat: int, rng: Rng) -> str:
    """A quick, sensible legal move. At the top of a turn: gold (always legal, rules 4.2.5 b),
    or with ``ROLLOUT_GOLD`` < 1 sometimes a random useful action. An action in hand is carried
    out greedily with the phase's AP (never spending gold) and never stepped `back` from, so a
    playout always moves on."""
    turn = state["turn"]
    if turn["act"] is None and ROLLOUT_GOLD >= 1:
        return "gold"
    moves = engine.legal_moves(state, seat)
    act = turn["act"]
    p = state["p"][seat]
    forward = [m for m in moves if m != "back" and not m.startswith(("chest", "cash "))]
    if act is None:
        return _rollout_top(engine, state, seat, moves, rng)
    kind = act["k"]
    if kind == "track":
        room = engine.track_room(state, seat, act["c"])
        want = f"{TRACK_VERB[act['c']]} {min(room, act['ap'])}"
        if want in moves:
            return want
    elif kind == "token":
        return rng.choice(forward)
    elif kind == "blue":
        return _rollout_blue(engine, state, seat, act, moves, rng)
    elif kind in ("red", "yellow"):
        ap = act["ap"]
        if kind == "red":
            options = [m for m in moves if m.startswith("take ") and D.tile_cost(m[5:]) <= ap]
        else:
            options = [m for m in moves if m.startswith("buy ") and int(m.split()[2]) <= ap]
            mine = [m for m in options if p["goods"][m.split()[1]]]
            options = mine or options
        if options:
            return rng.choice(options)
        return "done"
    elif kind == "green" and act["tile"] is None:
        options = [m for m in moves if m.startswith("build ")]
        options = [m for m in options if D.tile_cost(m[6:]) <= act["ap"]]
        return rng.choice(options) if options else "done"
    return rng.choice(forward or moves)


def _rollout_top(engine: Amerigo, state: State, seat: int, moves: list[str], rng: Rng) -> str:
    p = state["p"][seat]
    turn = state["turn"]
    options = []
    for m in moves:
        if m in ("chest", "gold") or m.startswith("cash "):
            continue
        colour = m
        if m == "order":
            colour = "white"
        elif m == "special":
            colour = SPECIAL_COLOURS[p["opos"]]
        ap = engine.free_ap(state, seat, colour)
        if colour == "green" and not (p["supply"] and seat in state["posts"].values()):
            continue
        if colour == "yellow" and not any(s and s[1] <= ap for s in state["prodarea"]):
            continue
        if colour == "blue" and None not in p["ships"] and p["posts"] <= 0:
            continue
        options.append(m)
    # Gold about as often as any one action, more when the action space is rich in cubes.
    gold = -(-turn["cubes"] // 3)
    if ROLLOUT_GOLD >= 1 or (ROLLOUT_GOLD > 0 and rng.randbelow(1000) < 1000 * ROLLOUT_GOLD):
        return "gold"
    if not options or rng.randbelow(len(options) + 1) == 0 or gold > turn["ap"] + 1:
        return "gold"
    return rng.choice(options)


def _rollout_blue(engine, state, seat, act, moves, rng) -> str:
    posts = [m for m in moves if m.startswith("post ")]
    if posts:
        return posts[0]
    launches = [m for m in moves if m.startswith("launch ")]
    if launches:
        return rng.choice(launches)
    sails = [m for m in moves if m.startswith("sail ")]
    if not sails:
        return "done" if "done" in moves else rng.choice(moves)
    stranded = "done" not in moves
    dist = _anchor_distance(engine, state)
    p = state["p"][seat]
    best, best_gain = [], 0
    for m in sails:
        _, i, to = m.split()
        i = int(i) - 1
        if act["left"][i] <= 0 and not stranded:
            continue  # never spend gold in a playout
        gain = dist.get(p["ships"][i], 99) - dist.get(to, 99)
        if gain > best_gain:
            best, best_gain = [m], gain
        elif gain == best_gain and gain > 0:
            best.append(m)
    if best:
        return rng.choice(best)
    if stranded:
        return rng.choice(sails)
    return "done"


_DISTANCES: dict[tuple[tuple[str, ...], tuple[str, ...]], dict[str, int]] = {}


def _anchor_distance(engine, state: State) -> dict[str, int]:
    """Sea steps from each sea space to the nearest anchor whose trading-post space is free
    (cached: the same few boards recur through a whole search)."""
    geo = engine.geometry(state)
    taken = state["posts"]
    cover = state["cover"]
    start = [a for a, post in geo["anchor_post"].items() if post not in taken and post not in cover]
    key = (tuple(state["grid"]), tuple(start))
    dist = _DISTANCES.get(key)
    if dist is not None:
        return dist
    dist = dict.fromkeys(start, 0)
    frontier = start
    moves = geo["moves"]
    d = 0
    while frontier:
        d += 1
        nxt = []
        for cur in frontier:
            for nb in moves[cur]:
                if nb not in dist:
                    dist[nb] = d
                    nxt.append(nb)
        frontier = nxt
    if len(_DISTANCES) > 256:
        _DISTANCES.clear()
    _DISTANCES[key] = dist
    return dist


def hooks_summary() -> dict[str, Any]:
    """The tuning constants, for reports."""
    return {
        "supply_share": SUPPLY_SHARE,
        "no_post_share": NO_POST_SHARE,
        "post_share": POST_SHARE,
        "token_value": TOKEN_VALUE,
    }


class AmerigoHeuristics(Heuristics):
    """Amerigo's seat-filler heuristics (players/README.md "Hooks"), handed to the fillers by
    ``engines.amerigo.GAME``."""

    engine: Amerigo

    default_breaks_ties = False
    """Gold, the default move, is a choice like the actions (docs/rules/amerigo.md 5.8), not a move
    that changes nothing: playing it whenever it scored within the search's tie margin threw
    measured gains away (hard took gold at 26-28 of its 35 turns; players/README.md)."""

    level_tuning: ClassVar[Mapping[str, Mapping[str, int]]] = {"normal": {"width": 3}}
    """For seat fillers (``players/levels.py``): normal plays out 3 moves, not its usual 6. Most
    of Amerigo's decisions have 6 moves or fewer (an action or gold at the top of a turn), so at
    6 normal played out every move, as hard does, chose hard's move (16 of 16 positions), and the
    levels differed in nothing a member could feel: hard beat two normal fillers in 8 of 20
    games. At 3, in 14 of 20 (players/README.md, session 14)."""

    def evaluate(self, state: State, seat: int) -> float:
        """The seat's projected final score (rules 6): running VP, the final scoring of its
        holdings, the pirates still to come, and part of the value of tiles and posts that score
        later (:func:`evaluate`)."""
        return evaluate(self.engine, state, seat)

    def rollout_move(self, state: State, seat: int, rng: Rng) -> str:
        """A quick legal move that finishes the action in hand with the phase's AP, takes gold
        otherwise, and never steps `back` (:func:`rollout_move`)."""
        return rollout_move(self.engine, state, seat, rng)
