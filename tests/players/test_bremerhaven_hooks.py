"""Bremerhaven's seat-filler hooks (players/README.md "Hooks"; engines/bremerhaven/heuristics.py):
``rollout_move`` is legal and makes progress, ``evaluate`` ranks positions as the rules score them
(rules: docs/rules/bremerhaven.md) and is cheap."""

from __future__ import annotations

import copy
import time

from engines.base import Rng
from engines.bremerhaven import ENGINE, GAME
from engines.bremerhaven.engine import SPACE_NAMES
from players.search import choose_move
from tests.players.walk import playout_phases, random_positions

HEURISTICS = GAME.heuristics


def test_rollout_move_is_always_legal():
    rng = Rng.from_seed(5)
    checked = 0
    for seed in (1,):
        for state, seat in random_positions(ENGINE, seed, limit=700):
            legal = ENGINE.legal_moves(state, seat)
            move = HEURISTICS.rollout_move(state, seat, rng)
            assert move in legal, (move, legal)
            checked += 1
    assert checked > 400


def test_a_playout_of_rollout_moves_gets_through_the_rounds():
    # rules 4 / 5.10: every round ends in a clean-up that advances the ship token; a policy that
    # shuffled goods between spaces or stepped back and forth would stay in one round
    state = ENGINE.setup(3, seed=3)
    rng = Rng.from_seed(3)
    moves = 0
    while (waiting := ENGINE.to_move(state)) and moves < 400:
        seat = waiting[0] if len(waiting) == 1 else rng.choice(waiting)
        state = ENGINE.apply(state, seat, HEURISTICS.rollout_move(state, seat, rng)).state
        moves += 1
    assert state["round"] >= 5 or state["phase"] == "over"


def test_rollout_move_unloads_ships_and_delivers_in_the_harbour():
    # rules 5.9 4.2: goods go from a ship to storage and from storage to a contract that takes
    # them; the playout does that (or ends the work: rules 5.9 4.3 follows `done`)
    for state, seat in random_positions(ENGINE, 4, limit=3000):
        d = state["drafts"].get(str(seat))
        if state["step"] != "harbour" or d is None or d.get("sel"):
            continue
        legal = ENGINE.legal_moves(state, seat)
        useful = [m for m in legal if m.startswith(("from berth", "produce"))]
        if useful:
            # it ends the work half the time, so that a deliberate move beats `back` in the
            # search; the other half it does the useful work
            moves = [HEURISTICS.rollout_move(state, seat, Rng.from_seed(k)) for k in range(12)]
            assert set(moves) <= set(legal)
            assert "done" in moves
            assert any(m in useful for m in moves)
            return
    raise AssertionError("no harbour position with a ship to unload")


def _harbour_position():
    """A copy of a long-game position in round 3 or later, with the bays and storage known."""
    for state, _ in random_positions(ENGINE, 6):
        if state["round"] >= 3 and state["phase"] == "auction":
            return copy.deepcopy(state)
    raise AssertionError("no round-3 position")


def test_evaluate_rises_with_money_and_with_prestige():
    # rules 6: the final score is money x prestige
    state = _harbour_position()
    base = HEURISTICS.evaluate(state, 0)
    richer = copy.deepcopy(state)
    richer["players"][0]["money"] += 10
    assert HEURISTICS.evaluate(richer, 0) > base
    grander = copy.deepcopy(state)
    grander["players"][0]["prestige"] += 2
    assert HEURISTICS.evaluate(grander, 0) > base


def test_evaluate_values_a_good_delivered_to_a_contract_over_the_same_good_unused():
    # rules 5.9 4.4: a delivered good is sold at the current price when the contract closes, and a
    # complete contract earns its bonus instead of its penalty
    state = _harbour_position()
    p = state["players"][1]
    p["bays"] = [{"id": "c02", "t": 2, "got": ["crate"]}, None, None, None]  # crate + container
    p["spaces"] = [{} if "c" not in sp else sp for sp in p["spaces"]]
    p["spaces"][SPACE_NAMES.index("a1")] = {"g": ["container"]}
    stored = HEURISTICS.evaluate(state, 1)
    delivered = copy.deepcopy(state)
    delivered["players"][1]["spaces"][SPACE_NAMES.index("a1")] = {}
    delivered["players"][1]["bays"][0]["got"].append("container")
    assert HEURISTICS.evaluate(delivered, 1) > stored
    lost = copy.deepcopy(state)
    lost["players"][1]["spaces"][SPACE_NAMES.index("a1")] = {}
    assert stored > HEURISTICS.evaluate(lost, 1)


def test_evaluate_reads_the_seats_own_draft_in_a_simultaneous_step():
    # rules 5.9: the harbour work is done on a private draft until everyone is done
    for state, seat in random_positions(ENGINE, 7, limit=3000):
        if state["step"] == "harbour" and str(seat) in state["drafts"]:
            state = copy.deepcopy(state)
            before = HEURISTICS.evaluate(state, seat)
            state["drafts"][str(seat)]["money"] += 20
            assert HEURISTICS.evaluate(state, seat) > before
            return
    raise AssertionError("no harbour step")


def test_evaluate_is_cheap_and_sees_only_the_seats_information():
    states = [s for s, _ in random_positions(ENGINE, 8, every=4, limit=500)]
    start = time.process_time()
    for state in states:
        for seat in range(3):
            HEURISTICS.evaluate(state, seat)
    per_call = (time.process_time() - start) / (3 * len(states))
    assert per_call < 0.002  # about 0.1 ms uncontended; loose for a loaded machine
    # rules 9.3: a seat's own projection does not depend on what it cannot see of the others
    # (bid values, hidden decks); its own draft is kept by the re-deal
    for state in states[::8]:
        for seat in range(3):
            redealt = ENGINE.resample_hidden(state, seat, Rng.from_seed(seat))
            assert HEURISTICS.evaluate(redealt, seat) == HEURISTICS.evaluate(state, seat)


def _auction_positions(count: int = 4):
    found = [
        (s, seat)
        for s, seat in random_positions(ENGINE, 2, limit=300)
        if s["phase"] == "auction" and len(ENGINE.legal_moves(s, seat)) > 2
    ]
    return found[:: max(1, len(found) // count)][:count]


def test_rules_4_1_a_playout_from_a_bid_runs_past_the_reveal(monkeypatch):
    # rules 4.1: bids lie face down until every card is placed. A playout stopping at the seat's
    # next turn, mid-auction, scored every bid alike, and the filler bid its lowest card on the
    # first space every time (seed 1000: 158 against 404). playout_settled keeps it going.
    positions = _auction_positions()
    assert positions
    assert "auction" not in playout_phases(ENGINE, positions)
    monkeypatch.setattr(type(HEURISTICS), "playout_settled", lambda self, state: True)
    assert set(playout_phases(ENGINE, positions)) == {"auction"}


def test_rules_4_1_the_filler_tells_bids_apart():
    # The same cure seen from the decision: across auction positions a normal filler does not
    # simply take the first legal bid (what every tie gave it).
    chosen = [
        (choose_move(ENGINE, s, seat, seed=k), ENGINE.legal_moves(s, seat)[0])
        for k, (s, seat) in enumerate(_auction_positions(6))
    ]
    assert any(move != first for move, first in chosen)


def _expiring(state, seat: int) -> bool:
    draft = state["drafts"][str(seat)]
    cards = [*draft["bays"], *draft["berths"]]
    return any(card and card["t"] <= 1 for card in cards)


def test_rules_5_9_ending_the_harbour_work_costs_nothing_the_evaluation_counted():
    """Ending the harbour work removes a time marker from every ship and contract
    (docs/rules/bremerhaven.md 5.9 4.4), a tick every way of playing the round ends with.
    Counted at `done` only, it made `done` look worse than moving goods about: two greedy
    players moved goods between spaces until the bench stopped the game at 3,000 moves
    (bench/strength.py, seed 7003). Where the seat's rivals are still at work and nothing of
    the seat's expires, `done` leaves its evaluation as it was."""
    found = 0
    for seed in (1, 4):
        for state, seat in random_positions(ENGINE, seed, limit=500):
            if state["step"] != "harbour" or len(ENGINE.to_move(state)) < 2:
                continue
            if "done" not in ENGINE.legal_moves(state, seat) or _expiring(state, seat):
                continue
            after = ENGINE.apply(state, seat, "done").state
            assert HEURISTICS.evaluate(after, seat) == HEURISTICS.evaluate(state, seat)
            found += 1
    assert found >= 10
