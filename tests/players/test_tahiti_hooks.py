"""Tahiti's seat-filler hooks (engines/tahiti/heuristics.py): the projected score follows
docs/rules/tahiti.md 6.2 and the playout policy is legal and ends a season."""

from __future__ import annotations

import json
import random
from pathlib import Path

from engines import ENGINES, GAMES
from engines.base import Rng
from engines.tahiti.heuristics import CANOE_WEIGHT, progress, projected_totals
from players import LEVELS, Budget, choose_move
from players.search import DEFAULT_BUDGET
from tests.players.walk import random_positions
from tests.playouts import count_playouts, record_sights

TAHITI = ENGINES["tahiti"]
HEURISTICS = GAMES["tahiti"].heuristics


def test_rules_6_2_the_projection_of_a_finished_game_is_its_final_score():
    state = TAHITI.setup(3, seed=3)
    rng = Rng.from_seed(3)
    while waiting := TAHITI.to_move(state):
        state = TAHITI.apply(
            state, waiting[0], HEURISTICS.rollout_move(state, waiting[0], rng)
        ).state
    finals = [row["total"] for row in state["final"]]
    assert projected_totals(state) == finals
    assert [HEURISTICS.evaluate(state, seat) for seat in range(3)] == finals


def test_rules_6_2_goods_in_a_canoe_count_for_the_final_delivery_but_less_than_goods_home():
    state = TAHITI.setup(3, seed=1)
    empty = projected_totals(state)[0]
    state["canoes"][0] = ["banana", "coconut"]
    loaded = projected_totals(state)[0]
    state["canoes"][0] = []
    state["charts"][0]["banana"] += 1
    state["charts"][0]["coconut"] += 1
    home = projected_totals(state)[0]
    assert empty < loaded < home
    assert loaded - empty == CANOE_WEIGHT * (home - empty)


def test_rules_6_2_the_favourite_bonus_goes_to_the_most_cubes_of_a_favourite():
    state = TAHITI.setup(3, seed=1)
    favourite = TAHITI.view(state, 0)["private"]["favourite"][0]
    other = next(g for g in ("banana", "coconut", "spice", "fish", "taro") if g != favourite)
    state["charts"][0][favourite] = 2
    with_favourite = projected_totals(state)[0]
    state["charts"][0][favourite] = 0
    state["charts"][0][other] = 2
    # 2 cubes either way; the favourite also takes the first-place bonus (rules 6.2: 5 points).
    assert with_favourite - projected_totals(state)[0] >= 5


def test_rules_5_the_playout_policy_is_always_legal_and_never_steps_back():
    # Positions of games mixing the policy with random moves, so that odd corners are reached.
    for seed in (11, 12):
        state = TAHITI.setup(3, seed=seed)
        rng, chooser = Rng.from_seed(seed), random.Random(seed)
        while waiting := TAHITI.to_move(state):
            seat = waiting[0]
            legal = TAHITI.legal_moves(state, seat)
            move = HEURISTICS.rollout_move(state, seat, rng)
            assert move in legal and move != "back", (move, state["phase"])
            if chooser.random() < 0.3:
                move = chooser.choice(legal)
            state = TAHITI.apply(state, seat, move).state


def test_rules_4_playouts_of_the_policy_end_the_season():
    for seed in range(3):
        state = TAHITI.setup(3, seed=seed)
        rng = Rng.from_seed(seed)
        moves = 0
        while (waiting := TAHITI.to_move(state)) and moves < 2_000:
            seat = random.Random(moves).choice(waiting)
            state = TAHITI.apply(state, seat, HEURISTICS.rollout_move(state, seat, rng)).state
            moves += 1
        assert TAHITI.result(state) is not None, f"seed {seed}: no end after {moves} moves"


def test_rules_4_progress_counts_exhausted_and_emptied_islands_in_the_late_season():
    state = TAHITI.setup(3, seed=2)
    assert progress(state) == 0.0  # the growing season: the end clock has not started
    state["era"] = "late"
    islands = [h for h in state["board"].values() if h["kind"] == "island"]
    start = progress(state)
    islands[0]["cubes"] = [False, False]  # emptied: exhausted at the turn's end (5.9)
    emptied = progress(state)
    islands[0]["marker"] = "blank"
    exhausted = progress(state)
    assert start < emptied < exhausted
    for hexa in islands:
        hexa["marker"] = "blank"
    # docs/rules/tahiti.md 4: of the 18 islands, the season ends once no more than 4 lack a marker.
    assert progress(state) == len(islands) / (18 - 4)


def test_rules_2_3_cargo_nearer_home_is_worth_more():
    state = TAHITI.setup(3, seed=1)
    state["canoes"][0] = ["banana", "coconut"]
    at_home = projected_totals(state)[0]
    state["at"][0] = next(k for k in state["board"] if k != "0,0")
    assert projected_totals(state)[0] < at_home


FAR_AHEAD = Path(__file__).parent / "data" / "tahiti_far_ahead.json"
"""Round 141 of a bench game (seed 1004): a filler (seat B) 20 points up on two seats that only
ever end their turns, one exhausted island short of the end (rules 4)."""


def play_far_ahead(moves: int, budget: Budget = DEFAULT_BUDGET) -> bool:
    """Plays on from FAR_AHEAD (the filler for B, default moves for the others); True if the
    season ended."""
    state = TAHITI.decode(json.loads(FAR_AHEAD.read_text()))
    for index in range(moves):
        waiting = TAHITI.to_move(state)
        if not waiting:
            return True
        seat = waiting[0]
        move = (
            choose_move(TAHITI, state, seat, seed=index, budget=budget)
            if seat == 1
            else TAHITI.default_move(state, seat)
        )
        state = TAHITI.apply(state, seat, move).state
    return not TAHITI.to_move(state)


def test_rules_4_a_filler_far_ahead_empties_an_island_and_ends_the_season():
    # Every move looks like a certain win; its playout policy breaks the ties (players/search.py).
    assert play_far_ahead(60)


def test_rules_4_the_change_of_its_lead_ends_the_season_even_without_the_tie_break(monkeypatch):
    # The stall's cause was the saturated winning chance: each point the filler still gains
    # counts in the share of the reward that measures the change of its lead since the root.
    # The tree search (16-move playouts past its tree) sees the points of emptying an island;
    # sequential halving's playouts stop at the seat's next turn, before them, so there the
    # playout policy's tie-break (the test above) is what ends the season.
    monkeypatch.setattr(HEURISTICS, "policy_breaks_ties", False)
    assert play_far_ahead(60, Budget(method="tree"))


def test_rules_4_on_the_winning_chance_alone_and_without_the_tie_break_the_filler_paddles(
    monkeypatch,
):
    # The failure both cures fix, kept as proof that the tests above can fail.
    monkeypatch.setattr(HEURISTICS, "policy_breaks_ties", False)
    assert not play_far_ahead(60, Budget(change_weight=0.0, method="tree"))


LOADED_CANOE = Path(__file__).parent / "data" / "tahiti_loaded_canoe.json"
"""A bench game against two greedy players (seed 1000, the filler seat A): the filler far ahead,
its canoe full (rules 2.3), two hexes from the Home Island."""


def test_rules_5_4_a_full_canoe_far_ahead_paddles_home(monkeypatch):
    # rules 5.4, 5.7: only a delivery at home scores the cargo. Stopped at the seat's next turn,
    # a playout showed the paddle's reef risk and never the delivery: the filler fished for
    # 20,000 moves. Halving's playouts see four of its turns (TahitiHeuristics.playout_turns).
    state = TAHITI.decode(json.loads(LOADED_CANOE.read_text()))
    seat = TAHITI.to_move(state)[0]
    assert len(state["canoes"][seat]) == 5 and state["at"][seat] != "0,0"
    assert {choose_move(TAHITI, state, seat, seed=k) for k in range(3)} == {"move 1,1"}
    monkeypatch.setattr(HEURISTICS, "playout_turns", 1)
    assert {choose_move(TAHITI, state, seat, seed=k) for k in range(3)} == {"fish"}


def test_hard_looks_four_turns_ahead_in_tahiti_twice_as_often(monkeypatch):
    """Tahiti tunes hard (``level_tuning``, players/README.md "Session 14"): its playouts see the
    seat's next 4 turns, as normal's do, not the 8 of hard elsewhere, and it plays 320 of them,
    not 160 (a playout costs half as much). Seeing 8 turns, hard beat two normal fillers in 10 of
    20 games (seeds 1000-1019) and 31 of 57; seeing 4, twice as often, in 14 of 20 and 37 of 60."""
    counted = count_playouts(monkeypatch)
    seen = record_sights(monkeypatch)
    state, seat = next(
        (s, seat)
        for s, seat in random_positions(TAHITI, 4, every=3)
        if len(TAHITI.legal_moves(s, seat)) >= 4
    )
    budget = LEVELS["hard"].budget(timed=False, engine=TAHITI)
    choose_move(TAHITI, state, seat, seed=2, budget=budget)
    assert set(seen) == {(HEURISTICS.playout_turns, DEFAULT_BUDGET.horizon)}
    assert 300 <= counted[0] <= 340
