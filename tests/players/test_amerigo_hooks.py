"""Amerigo's seat-filler hooks (issue 18): ``evaluate`` projects the final score of a seat's
holdings (docs/rules/amerigo.md 6), ``rollout_move`` is a quick legal playout move that makes
progress. The hooks add no rule: they only read states and pick among the legal moves."""

from __future__ import annotations

import time
from dataclasses import replace

import players.search as search
from engines.amerigo import ENGINE as E
from engines.amerigo import GAME, heuristics
from engines.base import Rng
from players import LEVELS, choose_move
from tests.amerigo.util import fresh, give_turn, play
from tests.players.walk import random_positions

H = GAME.heuristics


def bare(seed: int = 0) -> dict:
    """A 3-player state in round 1 whose seats hold nothing that the final scoring counts."""
    state = fresh(3, seed)
    for p in state["p"]:
        p.update(vp=10, gold=0, can=0, prog=0, opos=0, chests=0, toks=[], supply={})
    return state


def gain(state: dict, seat: int, change) -> float:
    """How much ``evaluate`` rises when ``change`` is applied to a copy of the seat's record."""
    before = H.evaluate(state, seat)
    change(state["p"][seat])
    return H.evaluate(state, seat) - before


# ----------------------------------------------------------------------------- rollout_move


def test_rollout_move_is_always_legal_and_never_steps_back():
    """Contract: on positions from random games, every rollout move is listed by legal_moves,
    and it is never `back` (a step and its `back` would loop, players/README.md)."""
    checked = 0
    for seed in (3, 4):
        for state, seat in random_positions(E, seed, every=7):
            legal = E.legal_moves(state, seat)
            for k in range(3):
                move = H.rollout_move(state, seat, Rng.from_seed(1000 * seed + k))
                assert move in legal, (move, legal)
                if len(legal) > 1:
                    assert move != "back"
                checked += 1
    assert checked > 200


def test_a_playout_of_rollout_moves_finishes_the_game():
    """docs/rules/amerigo.md 4.1: 5 rounds of 7 phases. Rollout moves alone advance the phases and
    rounds and end the game (no loop), in a few hundred moves."""
    state = E.setup(3, seed=5)
    rng = Rng.from_seed(5)
    seen_rounds = set()
    moves = 0
    while waiting := E.to_move(state):
        seat = waiting[0]
        state = E.apply(state, seat, H.rollout_move(state, seat, rng)).state
        seen_rounds.add(state["round"])
        moves += 1
        assert moves < 1500
    assert state["over"] and seen_rounds == {1, 2, 3, 4, 5}


def test_rollout_takes_gold_at_the_top_of_a_turn():
    """docs/rules/amerigo.md 4.2.5 (b), 5.8: gold is always legal at the top of a turn; playouts
    take it there (quiet playouts, engines/amerigo/heuristics.py) and finish an action in hand."""
    state = give_turn(fresh(3, 0), 0, {"black": 4, "red": 2})
    assert H.rollout_move(state, 0, Rng.from_seed(1)) == "gold"


def test_rollout_uses_the_phase_ap_on_a_track():
    """docs/rules/amerigo.md 5.2: loading cannons, the rollout uses all free AP and no gold."""
    state = give_turn(fresh(3, 0), 0, {"black": 4})
    state["p"][0].update(gold=5, can=0)
    state = play(state, 0, "black")
    assert H.rollout_move(state, 0, Rng.from_seed(1)) == "load 4"


def test_rollout_posts_when_a_ship_is_at_a_free_anchor():
    """docs/rules/amerigo.md 5.1: a ship that ended on an anchor beside a free post space posts."""
    state = give_turn(fresh(3, 0), 0, {"blue": 3})
    geo = E._geo(state)
    anchor = sorted(geo["anchor_post"])[0]
    state["p"][0]["ships"] = [anchor, "rim1"]
    state = play(state, 0, "blue")
    assert H.rollout_move(state, 0, Rng.from_seed(1)) == "post 1"


# ----------------------------------------------------------------------------- evaluate


def test_evaluate_counts_gold_chests_and_gold_tokens_at_one_vp_each():
    """docs/rules/amerigo.md 6.3.1: chests (3 gold) and unused 1x gold tokens join the gold track,
    overflow over 12 is 1 VP each, then 1 VP per gold."""
    state = bare()
    assert gain(state, 0, lambda p: p.update(gold=4)) == 4
    assert gain(state, 0, lambda p: p.update(chests=1)) == 3
    assert gain(state, 0, lambda p: p["toks"].append(["gold5", False])) == 5
    assert gain(state, 0, lambda p: p["toks"].append(["e-gold", False])) == 12  # 5.9 P10


def test_evaluate_counts_commodities_times_production():
    """docs/rules/amerigo.md 6.3.2: goods x production tokens of each type."""
    state = bare()
    state["p"][0]["prod"]["cotton"] = 3
    assert gain(state, 0, lambda p: p["goods"].update(cotton=2)) == 6
    assert gain(state, 0, lambda p: p["prod"].update(cotton=4)) == 2


def test_evaluate_counts_progress_and_special_tracks():
    """docs/rules/amerigo.md 6.3.3 and 6.3.4: highest printed VP reached on each track."""
    state = bare()
    assert gain(state, 0, lambda p: p.update(prog=6)) == 3
    assert gain(state, 0, lambda p: p.update(opos=12)) == 6


def test_evaluate_prefers_cannons_that_beat_the_pirates():
    """docs/rules/amerigo.md 6.2: at the last round end, a seat without enough cannons loses the
    full strength (down to 0 VP, 6.1); with enough it loses nothing. Past the Load-cannons phase
    (rules 2.3) the seat with the cannons is valued higher by exactly that loss; before it,
    by less (it could still load them, at the cost of an action)."""
    state = bare()
    state["round"] = 5
    for slot in state["pirates"]:
        slot[1] = True
    strength = sum(v for v, _ in state["pirates"])
    assert strength > 0
    state["phase"] = 5
    assert gain(state, 0, lambda p: p.update(can=strength)) == min(10, strength)
    state["phase"] = 0
    assert 0 < gain(state, 1, lambda p: p.update(can=strength)) < strength


def test_evaluate_values_planned_tiles_and_posts_below_their_full_score(monkeypatch):
    """docs/rules/amerigo.md 5.5: a tile in the supply scores only once built, a post's completion
    value only once the island is complete: both count, for less than their full value."""
    monkeypatch.setattr(heuristics, "POST_PHASE_VP", 0.0)
    state = bare()
    village = gain(state, 0, lambda p: p["supply"].update(v4o=1))
    assert 0 < village < 4
    geo = E._geo(state)
    post = geo["islands"][0]["posts"][0]
    before = H.evaluate(state, 0)
    state["posts"][post] = 0
    assert 0 < H.evaluate(state, 0) - before < 5  # 1 post x time marker 5


def test_a_post_is_worth_more_the_more_build_phases_are_left():
    """docs/rules/amerigo.md 5.5.1: tiles are built only where the seat has a post, in the Build
    phases still to come, so a post on an island not yet completed is worth POST_PHASE_VP per
    Build phase left besides its share of the completion value (fails with the value at 0)."""
    worth = []
    for round_ in (1, 5):
        state = bare()
        state["round"] = round_
        post = E._geo(state)["islands"][0]["posts"][0]
        without = H.evaluate(state, 0)
        state["posts"][post] = 0
        worth.append(H.evaluate(state, 0) - without)
    assert worth[0] - worth[1] >= 4 * heuristics.POST_PHASE_VP - 1e-9 > 0


def test_evaluate_is_the_final_score_once_the_game_is_over():
    """docs/rules/amerigo.md 6.3: at the end, the projection is the final VP."""
    state = E.setup(3, seed=2)
    rng = Rng.from_seed(2)
    while waiting := E.to_move(state):
        state = E.apply(state, waiting[0], H.rollout_move(state, waiting[0], rng)).state
    assert [H.evaluate(state, s) for s in range(3)] == [p["vp"] for p in state["p"]]


def test_evaluate_before_the_last_move_is_the_final_scoring(monkeypatch):
    """docs/rules/amerigo.md 6.2, 6.3: before the game's last move (the last seat's turn in the last
    phase of round 5), with nothing in progress (no planned tile, post, unused action token or
    track spaces short of a printed VP, and no income foreseen for that turn), the projection
    plus the gold that move takes is exactly the seat's final VP."""
    monkeypatch.setattr(heuristics, "INCOME", 0.0)
    monkeypatch.setattr(heuristics, "TRACK_SHARE", 0.0)
    for seed in (6, 7):
        state = E.setup(3, seed=seed)
        rng = Rng.from_seed(seed)
        last = None
        while waiting := E.to_move(state):
            seat = waiting[0]
            turn = state["turn"]
            if state["round"] == 5 and turn["act"] is None and turn["i"] == len(turn["order"]) - 1:
                last = (state, seat)
            state = E.apply(state, seat, H.rollout_move(state, seat, rng)).state
        before, seat = last
        p = before["p"][seat]
        p["supply"] = {}
        p["toks"] = [t for t in p["toks"] if heuristics.EFFECT[t[0]].startswith(("end_", "gold"))]
        before["posts"] = {c: s for c, s in before["posts"].items() if s != seat}
        p["vp"] += 100  # far from the VP floor (rules 6.1), which the projection reads as now
        expected = H.evaluate(before, seat) + -(-before["turn"]["cubes"] // 3)
        after = E.apply(before, seat, "gold").state
        assert after["over"]
        assert after["p"][seat]["vp"] == expected


def test_evaluate_counts_the_turns_still_to_come():
    """docs/rules/amerigo.md 4.1: a seat that has taken its turn in this phase has one turn less to
    come than one still to act; the projection sees the turn taken (its gold, 5.8) in its place."""
    state = give_turn(bare(), 0, {"black": 3, "red": 3})
    state["p"][0]["vp"] = state["p"][1]["vp"] = 30
    after = play(state, 0, "gold")
    assert H.evaluate(state, 0) - H.evaluate(state, 1) == 0
    assert H.evaluate(after, 0) - H.evaluate(after, 1) == 2 - heuristics.INCOME


def test_evaluate_is_the_same_for_seats_in_the_same_position():
    """Comparable across seats: two seats holding the same things are valued the same."""
    state = bare()
    for p in state["p"]:
        p.update(gold=3, can=2, prog=4)
    values = [H.evaluate(state, s) for s in range(3)]
    assert values[0] == values[1] == values[2]


def test_evaluate_is_cheap():
    """The search calls it once per seat per iteration: well under 1 ms."""
    positions = list(random_positions(E, 8, every=5))
    start = time.process_time()
    for state, _ in positions:
        for seat in range(3):
            H.evaluate(state, seat)
    per_call = (time.process_time() - start) / (3 * len(positions))
    assert per_call < 1e-3


# ----------------------------------------------------------------------------- the tie rule


def test_a_filler_takes_gold_only_where_its_search_found_gold_best(monkeypatch):
    """docs/rules/amerigo.md 5.8: gold is one choice among the actions, not a move that changes
    nothing, so it must not win the search's near-ties (``default_breaks_ties = False``). As the
    default it did: hard's playouts, seeing two turns, measured the actions a little above gold
    (the special track 0.210 against gold's 0.197 at its first turn of seed 1000), gold was
    played anyway, and hard took gold at 26-28 of its 35 turns and lost to two normal fillers.
    On positions of random games: whenever the filler takes gold, gold scored best."""
    last: dict = {}
    real_halve = search.halve

    def spy(*args, **kwargs):
        alive, tallies = real_halve(*args, **kwargs)
        last.update(best=max(tallies[m].mean for m in alive), gold=tallies.get("gold"))
        return alive, tallies

    monkeypatch.setattr(search, "halve", spy)
    budget = LEVELS["hard"].budget(timed=False)
    taken = 0
    for seed in (12, 13):
        for state, seat in random_positions(E, seed, every=7, limit=160):
            if state["turn"]["act"] is not None or len(E.legal_moves(state, seat)) < 3:
                continue
            last.clear()
            if choose_move(E, state, seat, seed=seed, budget=budget) == "gold":
                taken += 1
                assert last["gold"].mean >= last["best"], (seed, state["round"], state["phase"])
    assert taken >= 2


def test_normal_plays_out_fewer_amerigo_moves_than_hard(monkeypatch):
    """Amerigo narrows normal (``level_tuning``, players/README.md "Session 14"): at the level's
    width of 6, which covered every move of most of Amerigo's decisions, normal played hard's
    move, and hard beat two normal fillers in 8 of 20 games; with normal at 3, in 14 of 20. On
    positions of random games with more moves than normal plays out: normal plays out its
    width, hard every move."""
    narrow = H.level_tuning["normal"]["width"]
    assert narrow < LEVELS["normal"].width
    played_out: list[int] = []
    real_halve = search.halve

    def spy(playouts, first, draw, candidates, *args, **kwargs):
        played_out.append(len(candidates))
        return real_halve(playouts, first, draw, candidates, *args, **kwargs)

    monkeypatch.setattr(search, "halve", spy)
    checked = 0
    for state, seat in random_positions(E, 5, every=5, limit=200):
        legal = E.legal_moves(state, seat)
        if len(legal) <= narrow + 1:
            continue
        for level, most in (("normal", narrow), ("hard", len(legal))):
            played_out.clear()
            budget = LEVELS[level].budget(timed=False, engine=E)
            choose_move(E, state, seat, seed=1, budget=replace(budget, iterations=8))
            assert played_out == [most], (level, legal)
        checked += 1
    assert checked >= 3
