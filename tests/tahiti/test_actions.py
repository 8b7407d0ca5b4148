"""docs/rules/tahiti.md 5.3 (action budget), 5.4 (move), 5.5 (harvest), 5.6 (fishing), 5.7
(deliver), 5.8 (loading) and their worked examples."""

from __future__ import annotations

from engines.tahiti import ENGINE
from engines.tahiti.engine import canoe_accepts, reefs_crossed, rowers
from i18n import load
from tests.tahiti.helpers import acting, bag, play


def test_rowers_table() -> None:
    """docs/rules/tahiti.md 2.3: visible Rowers for 0..5 cubes are 4, 4, 4, 3, 2, 1."""
    assert [rowers(["fish"] * n) for n in range(6)] == [4, 4, 4, 3, 2, 1]


def test_tasos_budget_example_1() -> None:
    """docs/rules/tahiti.md 5.3 example 1: 3 cubes = 3 Rowers; move, harvest a 4th cube: 2 Rowers
    visible, 2 actions done, he must stop."""
    state = acting(canoe=["spice", "coconut", "fish"])
    state["bag"] = bag(taro=5)  # the reef draw cannot hurt him
    state, _ = play(state, 0, "move 1,0")
    assert ENGINE.view(state, None)["player_boards"][0]["actions_left"] == 2
    state, log = play(state, 0, "harvest banana")
    assert len(state["canoes"][0]) == 4 and rowers(state["canoes"][0]) == 2
    assert state["current"] == 1  # the turn is over
    assert any("no action left (visible Rowers: 2)" in line for line in log)


def test_tasos_budget_example_2() -> None:
    """docs/rules/tahiti.md 5.3 example 2, 7.7: 4 cubes = 2 Rowers; move home, deliver: 4 Rowers
    visible, so 2 more actions."""
    state = acting(at="1,-1", canoe=["banana", "coconut", "spice", "fish"])
    assert rowers(state["canoes"][0]) == 2
    state, _ = play(state, 0, "move 0,0", "deliver")
    assert state["current"] == 0 and state["phase"] == "actions"
    assert ENGINE.view(state, None)["player_boards"][0]["actions_left"] == 2
    state, _ = play(state, 0, "move 1,-1", "move 0,0")
    assert state["current"] == 1


def test_actions_may_stop_early() -> None:
    """docs/rules/tahiti.md 5.3, 9.7 A4: `end` is always available."""
    state = acting()
    assert "end" in ENGINE.legal_moves(state, 0)
    state, _ = play(state, 0, "end")
    assert state["current"] == 1


def test_move_to_adjacent_tiles_only() -> None:
    """docs/rules/tahiti.md 5.4: one adjacent tile per action (never empty water)."""
    state = acting(at="1,0")
    moves = [m for m in ENGINE.legal_moves(state, 0) if m.startswith("move")]
    assert sorted(moves) == ["move 0,0", "move 0,1", "move 1,-1"]


def test_reef_counts_per_edge() -> None:
    """docs/rules/tahiti.md 2.4, 5.4: a crossing meets 0, 1 or 2 reefs."""
    board = acting()["board"]
    assert reefs_crossed(board, "0,0", "1,-1") == 0  # home gap to the Sea tile
    assert reefs_crossed(board, "0,0", "1,0") == 1  # the Home Island's reef only
    board["1,0"]["reefs"] = [0, 3]  # turn a reef of 1,0 toward home
    assert reefs_crossed(board, "0,0", "1,0") == 2
    assert reefs_crossed(board, "1,0", "0,0") == 2


def test_panagiota_double_reef_example() -> None:
    """docs/rules/tahiti.md 5.4 example: a double reef with a coconut and a banana aboard; she draws
    a banana and a spice, loses her banana; every drawn cube goes back to the bag."""
    state = acting(at="1,0", canoe=["coconut", "banana"])
    state["board"]["1,0"]["reefs"] = [0, 3]
    state["bag"] = bag(banana=1, spice=1)
    state, log = play(state, 0, "move 0,0")
    assert state["canoes"][0] == ["coconut"]
    assert state["bag"] == bag(banana=2, spice=1)
    assert any("double reef" in line and "lost a banana" in line for line in log)


def test_reef_with_empty_canoe_draws_nothing() -> None:
    """docs/rules/tahiti.md 5.4, 7.8: nothing to lose, no draw."""
    state = acting(at="1,0")
    state["board"]["1,0"]["reefs"] = [0, 3]
    before_bag, before_rng = dict(state["bag"]), state["rng"]
    state, _ = play(state, 0, "move 0,0")
    assert state["bag"] == before_bag and state["rng"] == before_rng


def test_each_matching_reef_cube_loses_one() -> None:
    """docs/rules/tahiti.md 7.9, 9.7 A2: two matching draws lose two cubes of a single-colour
    load."""
    state = acting(at="1,0", canoe=["banana", "banana", "banana"])
    state["board"]["1,0"]["reefs"] = [0, 3]
    state["bag"] = bag(banana=2)
    state, _ = play(state, 0, "move 0,0")
    assert state["canoes"][0] == ["banana"]
    assert state["bag"] == bag(banana=4)


def test_single_reef_draws_one_cube() -> None:
    """docs/rules/tahiti.md 5.4: one reef, one cube; a non-matching cube costs nothing."""
    state = acting(at="1,0", canoe=["coconut"])
    state["bag"] = bag(taro=3)
    state, _ = play(state, 0, "move 0,0")
    assert state["canoes"][0] == ["coconut"] and state["bag"] == bag(taro=3)
    assert any("drew taro" in e for e in map(load, state["events"]))


def test_harvest_takes_one_cube_from_the_island() -> None:
    """docs/rules/tahiti.md 5.5, 9.7 A22: one cube of the player's choice from the canoe's
    island."""
    state = acting(at="1,0")
    moves = ENGINE.legal_moves(state, 0)
    assert "harvest banana" in moves and "harvest coconut" in moves
    state, _ = play(state, 0, "harvest coconut")
    assert state["board"]["1,0"]["cubes"] == [True, False]
    assert state["canoes"][0] == ["coconut"]
    assert "harvest coconut" not in ENGINE.legal_moves(state, 0)


def test_tasos_loading_example() -> None:
    """docs/rules/tahiti.md 5.8 example: spice and coconut aboard, the island has banana and spice;
    he may not take the spice, takes the banana, which covers a Rower."""
    state = acting(at="0,-1", canoe=["spice", "coconut"])
    harvests = [m for m in ENGINE.legal_moves(state, 0) if m.startswith("harvest")]
    assert harvests == ["harvest banana"]
    state, _ = play(state, 0, "harvest banana")
    assert rowers(state["canoes"][0]) == 3


def test_loading_invariant() -> None:
    """docs/rules/tahiti.md 5.8, 9.7 A1: all one colour, or all different colours, at most 5."""
    assert canoe_accepts([], "spice")
    assert canoe_accepts(["banana"], "banana") and canoe_accepts(["banana"], "spice")
    assert canoe_accepts(["banana", "banana"], "banana")
    assert not canoe_accepts(["banana", "banana"], "spice")  # A1
    assert not canoe_accepts(["banana", "spice"], "banana")
    assert canoe_accepts(["banana", "spice", "taro", "fish"], "coconut")
    assert not canoe_accepts(["banana"] * 5, "banana")  # docs/rules/tahiti.md 5.8.1
    state = acting(at="0,-1", canoe=["banana", "banana"])
    harvests = [m for m in ENGINE.legal_moves(state, 0) if m.startswith("harvest")]
    assert harvests == ["harvest banana"]


def test_no_fishing_at_home_but_on_sea_tiles() -> None:
    """docs/rules/tahiti.md 5.6, 7.10: anywhere except the Home Island, Sea tiles included."""
    assert "fish" not in ENGINE.legal_moves(acting(at="0,0"), 0)
    assert "fish" in ENGINE.legal_moves(acting(at="1,-1"), 0)
    assert "fish" in ENGINE.legal_moves(acting(at="1,0"), 0)


def test_vaso_fishing_example() -> None:
    """docs/rules/tahiti.md 5.6 example: two non-fish, fish again with them set aside, two more, one
    white: she loads the fish and the other 3 cubes go back to the bag."""
    state = acting(at="1,-1")
    state["bag"] = bag(banana=2)
    state, _ = play(state, 0, "fish")
    assert sorted(state["set_aside"]) == ["banana", "banana"]
    assert state["phase"] == "actions"
    state["bag"] = bag(fish=1, taro=1)
    state, _ = play(state, 0, "fish")
    assert state["phase"] == "keep" and ENGINE.legal_moves(state, 0) == ["keep", "release"]
    state, _ = play(state, 0, "keep")
    assert state["canoes"][0] == ["fish"]
    state, _ = play(state, 0, "end")
    assert state["set_aside"] == []
    assert state["bag"] == bag(banana=2, taro=1)


def test_set_aside_cubes_return_on_another_action() -> None:
    """docs/rules/tahiti.md 5.6 cleanup, 7.11: any other action ends the run."""
    state = acting(at="1,-1")
    state["bag"] = bag(banana=2, taro=2)
    state, _ = play(state, 0, "fish")
    assert len(state["set_aside"]) == 2 and sum(state["bag"].values()) == 2
    state, _ = play(state, 0, "move 0,0")
    assert state["set_aside"] == [] and state["bag"] == bag(banana=2, taro=2)


def test_only_one_fish_per_attempt_and_run_continues() -> None:
    """docs/rules/tahiti.md 5.6, 9.7 A5: one fish even if two come up; the run goes on after a
    success, so the other fish stays aside."""
    state = acting(at="1,-1")
    state["bag"] = bag(fish=2)
    state, _ = play(state, 0, "fish", "keep")
    assert state["canoes"][0] == ["fish"] and state["set_aside"] == ["fish"]
    assert state["bag"] == bag()


def test_fish_may_be_released() -> None:
    """docs/rules/tahiti.md 5.6: keeping the fish is optional ("may")."""
    state = acting(at="1,-1")
    state["bag"] = bag(fish=1, taro=1)
    state, _ = play(state, 0, "fish", "release")
    assert state["canoes"][0] == [] and sorted(state["set_aside"]) == ["fish", "taro"]


def test_fish_the_canoe_cannot_take() -> None:
    """docs/rules/tahiti.md 5.6, 9.7 A5: the loading rules apply; the attempt is simply wasted."""
    state = acting(at="1,-1", canoe=["banana", "banana"])
    state["bag"] = bag(fish=2)
    state, log = play(state, 0, "fish")
    assert state["phase"] == "actions" and state["canoes"][0] == ["banana", "banana"]
    assert any("cannot take the fish" in line for line in log)


def test_three_cube_fishing_on_a_fish_marker() -> None:
    """docs/rules/tahiti.md 5.6, 7.15: an island with a fish Exhaustion marker gives 3-cube
    draws."""
    state = acting(at="1,0", late=True)
    state["board"]["1,0"]["cubes"] = [False, False]
    state["board"]["1,0"]["marker"] = "fish"
    state["bag"] = bag(taro=6)
    state, _ = play(state, 0, "fish")
    assert len(state["set_aside"]) == 3
    state["board"]["1,0"]["marker"] = "blank"
    state, _ = play(state, 0, "fish")
    assert len(state["set_aside"]) == 5
    assert not [m for m in ENGINE.legal_moves(state, 0) if m.startswith("harvest")]


def test_nikos_delivery_example() -> None:
    """docs/rules/tahiti.md 5.7 example: banana, coconut, spice and fish go to their rows at
    once."""
    state = acting(canoe=["banana", "coconut", "spice", "fish"])
    state["charts"][0]["banana"] = 2
    state, _ = play(state, 0, "deliver")
    assert state["canoes"][0] == []
    assert state["charts"][0] == {"banana": 3, "coconut": 1, "spice": 1, "taro": 0, "fish": 1}


def test_delivery_cap_nine() -> None:
    """docs/rules/tahiti.md 5.7, 7.13: at most 9 of a colour; the rest leave the game."""
    state = acting(canoe=["banana"] * 3)
    state["charts"][0]["banana"] = 8
    before_bag = dict(state["bag"])
    removed = state["removed"]["banana"]
    state, _ = play(state, 0, "deliver")
    assert state["charts"][0]["banana"] == 9
    assert state["removed"]["banana"] == removed + 2 and state["bag"] == before_bag


def test_deliver_only_at_home_and_never_empty() -> None:
    """docs/rules/tahiti.md 5.7, 7.12, 9.7 A14."""
    assert "deliver" not in ENGINE.legal_moves(acting(at="0,0"), 0)
    assert "deliver" not in ENGINE.legal_moves(acting(at="1,-1", canoe=["fish"]), 0)
    assert "deliver" in ENGINE.legal_moves(acting(at="0,0", canoe=["fish"]), 0)


def test_several_canoes_share_a_tile() -> None:
    """docs/rules/tahiti.md 9.7 A15: canoes do not block each other."""
    state = acting(at="1,0")
    state["at"][1] = "1,-1"
    state, _ = play(state, 0, "move 1,-1")
    assert state["at"][0] == state["at"][1] == "1,-1"


def test_losing_a_cube_uncovers_a_rower() -> None:
    """docs/rules/tahiti.md 5.3, 7.6, 9.7 A3: Rowers follow the cube count (cargo spaces fill
    first), so a reef loss can give back an action."""
    state = acting(at="1,0", canoe=["coconut", "banana", "spice", "taro"])
    state["board"]["1,0"]["reefs"] = [0, 3]
    state["bag"] = bag(banana=1, spice=1)
    assert rowers(state["canoes"][0]) == 2
    state, _ = play(state, 0, "move 0,0")
    assert state["canoes"][0] == ["coconut", "taro"]
    assert ENGINE.view(state, None)["player_boards"][0]["actions_left"] == 3
