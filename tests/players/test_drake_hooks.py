"""Francis Drake's seat filler hooks (issue 18): ``evaluate`` projects the final score
(docs/rules/francis-drake.md 4.8, 5.2, 6) and ``rollout_move`` is a legal, progressing playout
policy."""

from __future__ import annotations

import time

import pytest

from engines.base import Rng
from engines.drake import ENGINE, GAME
from tests.drake.helpers import fresh, place_all, to_sailing
from tests.players.walk import playout_phases, random_positions

HEURISTICS = GAME.heuristics


def test_rollout_move_is_always_legal_on_random_games():
    """Every phase of docs/rules/francis-drake.md 4 (Provisioning to Resolution), 3 to 5 players;
    ``evaluate`` reads all of them too."""
    rng = Rng.from_seed(5)
    checked = 0
    for seed, players in ((1, 3), (2, 3), (3, 4), (4, 5)):
        for state, seat in random_positions(ENGINE, seed, players=players, with_end=True):
            if seat is None:
                continue
            for _ in range(2):
                move = HEURISTICS.rollout_move(state, seat, rng)
                assert move in ENGINE.legal_moves(state, seat), (state["phase"], move)
            for other in range(players):  # and evaluate reads every phase without failing
                assert 0 <= HEURISTICS.evaluate(state, other) < 500
            checked += 1
    assert checked > 200


def test_rollout_playouts_finish_the_game_and_never_undo_a_pick():
    """A table of rollout moves plays 3 voyages to the end (rules 3, 4.9): Provisioning walks
    forward (4.1), no disc is picked then put back, every voyage ends."""
    for seed in range(4):
        rng = Rng.from_seed(seed)
        state = ENGINE.setup(3, seed=seed)
        voyages = {1}
        for _ in range(600):
            waiting = ENGINE.to_move(state)
            if not waiting:
                break
            seat = waiting[0]
            move = HEURISTICS.rollout_move(state, seat, rng)
            assert move != "back"
            state = ENGINE.apply(state, seat, move).state
            voyages.add(state["voyage"])
        assert state["phase"] == "over", f"seed {seed}: still {state['phase']}"
        assert voyages == {1, 2, 3}


def test_rollout_provisioning_takes_a_supply_before_sailing():
    """rules 4.2 A5, 5.1: 0 Supplies means no voyage; the playout policy does not sail without."""
    for seed in range(6):
        rng = Rng.from_seed(seed)
        state = ENGINE.setup(3, seed=seed)
        while state["phase"] == "provision":
            seat = ENGINE.to_move(state)[0]
            state = ENGINE.apply(state, seat, HEURISTICS.rollout_move(state, seat, rng)).state
        assert all(p["supplies"] >= 1 for p in state["p"]), seed


def test_evaluate_is_the_final_score_once_the_game_is_over():
    """docs/rules/francis-drake.md 6: the projection of a finished game is its final total."""
    *_, (last, _) = random_positions(ENGINE, 7, with_end=True)
    assert last["phase"] == "over"
    for seat in range(3):
        assert HEURISTICS.evaluate(last, seat) == last["final"][seat]["total"]


def test_evaluate_is_the_same_for_every_seat_at_the_start():
    """rules 3 step 7: everyone starts on 4 VP with nothing (the last dock's Gun aside)."""
    state = ENGINE.setup(3, seed=2)
    values = [HEURISTICS.evaluate(state, seat) for seat in range(3)]
    assert values[0] == values[1] == values[2] >= 4.0


def test_evaluate_scores_commodity_sets_and_treasure_as_the_end_does():
    """docs/rules/francis-drake.md 6: 2 different Commodities (8) beat 2 of one kind (4); a Jewel
    (5) beats a Silver (3)."""
    state = ENGINE.setup(3, seed=1)
    state["p"][0]["comm"].update(sugar=1, coffee=1)
    state["p"][1]["comm"].update(sugar=2)
    assert HEURISTICS.evaluate(state, 0) - HEURISTICS.evaluate(state, 1) == pytest.approx(4)
    state["p"][0]["chest"]["jewel"] = 1
    state["p"][1]["chest"]["silver"] = 1
    assert HEURISTICS.evaluate(state, 0) - HEURISTICS.evaluate(state, 1) == pytest.approx(4 + 2)


def test_evaluate_counts_types_of_conquest_before_the_voyage_ends():
    """rules 4.8: Types of Conquest score at the end of the voyage (1 / 4 / 10 VP); a player who
    already attacked a Town and a Fort is 4 VP up on one who has not, though not yet scored."""
    s = to_sailing(fresh(3), [0, 1, 2], crew=0, guns=0, trade_goods=0)
    s["p"][0]["conq"] = ["town", "fort"]
    s["p"][1]["conq"] = ["town"]
    assert HEURISTICS.evaluate(s, 0) - HEURISTICS.evaluate(s, 2) == 4
    assert HEURISTICS.evaluate(s, 1) - HEURISTICS.evaluate(s, 2) == 1


def test_evaluate_values_a_mission_that_can_be_paid_for():
    """rules 5.2: a Town costs 1 Crew for its VP and treasure. Discs at a Town with Crew to pay
    are worth more than the same discs with no Crew, and more than discs at full Destinations."""
    s = to_sailing(fresh(3), [0, 1, 2], supplies=2, crew=2, guns=0, trade_goods=0)
    plan = {
        seat: [("1", "grangranada"), ("2", "maracaibo"), ("3", "sanjuan"), ("4", "santiago")]
        for seat in (0, 1)
    }
    plan[2] = [("1", "santodomingo"), ("2", "santiago"), ("3", "sanjuan"), ("4", "portobelo")]
    s, _ = place_all(s, plan)
    assert s["phase"] == "resolve"
    poor = dict(s, p=[dict(p) for p in s["p"]])
    poor["p"][0]["crew"] = 0
    assert HEURISTICS.evaluate(s, 0) > HEURISTICS.evaluate(poor, 0) + 3
    # Seat 0 is first at both Towns (Sailing Order), seat 1 second: first takes the treasure.
    assert HEURISTICS.evaluate(s, 0) > HEURISTICS.evaluate(s, 1)


def test_evaluate_prefers_supplies_that_reach_the_map():
    """rules 4.2 A5, 9.6.1: with 0 Supplies a ship cannot sail, so Crew is worth nothing; one
    barrel (Zone 1) makes the Towns there reachable."""
    s = to_sailing(fresh(3), [0, 1, 2], supplies=[0, 1, 1], crew=3, guns=0, trade_goods=0)
    assert HEURISTICS.evaluate(s, 1) > HEURISTICS.evaluate(s, 0) + 3


def test_evaluate_is_cheap():
    """players/README.md: called once per seat per search iteration, well under 1 ms."""
    positions = [state for state, seat in random_positions(ENGINE, 3) if seat is not None]
    # CPU time of this process, not the wall clock: another process busy on the same cores
    # (the other test worker, a build) must not fail it.
    start = time.process_time()
    for state in positions:
        for seat in range(3):
            HEURISTICS.evaluate(state, seat)
    per_call = (time.process_time() - start) / (3 * len(positions))
    assert per_call < 0.001


def test_evaluate_counts_the_street_still_ahead_during_provisioning():
    """rules 4.1: discs go forward only; a seat whose last disc is near the end of Plymouth
    Street (or that has sailed) has given up the placements a seat near its start still has."""
    state = ENGINE.setup(3, seed=3)
    state["p"][0]["last"] = 15
    state["p"][1]["last"] = 2
    assert HEURISTICS.evaluate(state, 1) > HEURISTICS.evaluate(state, 0) + 1
    state["out"] = [2]  # seat 2 sailed (4.1 (b)): no more placements this voyage
    assert HEURISTICS.evaluate(state, 1) > HEURISTICS.evaluate(state, 2) + 1


def test_evaluate_counts_the_drake_pieces_still_to_come():
    """rules 5.1, 9.6.14: after the 1st disc at Drake the 2nd is forced next turn and brings
    2 Crew + 2 Guns + 1 more; a seat waiting for them is not worse off than before it went."""
    state = ENGINE.setup(3, seed=4)
    state["p"][0]["supplies"] = state["p"][1]["supplies"] = 2
    state["p"][0]["drake"] = True
    assert HEURISTICS.evaluate(state, 0) > HEURISTICS.evaluate(state, 1) + 2


def test_progress_runs_from_0_to_1_over_the_three_voyages():
    """rules 1: 3 voyages, each Provisioning then Sailing; progress never goes back."""
    last = -1.0
    for state, _ in random_positions(ENGINE, 5, with_end=True):
        now = HEURISTICS.progress(state)
        assert 0.0 <= now <= 1.0
        assert now >= last
        last = now
    assert last == 1.0
    assert HEURISTICS.progress(ENGINE.setup(3, seed=5)) == 0.0


def test_rules_4_3_a_playout_from_a_mission_disc_runs_past_the_reveal(monkeypatch):
    # rules 4.3, 4.5: mission discs lie face down until all are placed. Stopped at the seat's
    # next turn, mid-placement, a playout scored every disc alike (the first legal one won).
    positions = [
        (s, seat) for s, seat in random_positions(ENGINE, 4, limit=400) if s["phase"] == "missions"
    ][:3]
    assert positions
    assert "missions" not in playout_phases(ENGINE, positions)
    monkeypatch.setattr(type(HEURISTICS), "playout_settled", lambda self, state: True)
    assert "missions" in playout_phases(ENGINE, positions)
