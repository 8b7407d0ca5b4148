"""Purchase, launching, Hire and Expedition (docs/rules/vasco-da-gama.md 5.2-5.5) [SRC]."""

from __future__ import annotations

import pytest

from engines.base import IllegalMove
from engines.vasco.engine import hire_price
from tests.vasco.helpers import D, E, play, to_phase2


def purchase_state(players: int = 4) -> dict:
    placements = [(11 + i, i, "purchase") for i in range(players)]
    return to_phase2(players, placements, marker=11, change=0)


def test_buy_one_project_for_1():
    """docs/rules/vasco-da-gama.md 5.2 example: Red pays 1 and takes 1 project (project side up)."""
    s = purchase_state()
    tid = s["offer"][2]
    s = play(s, 0, "buy 3")
    assert s["p"][0]["reals"] == 9
    assert s["p"][0]["projects"] == [tid] and s["p"][0]["port"] == []
    assert s["offer"][2] is None


def test_buy_two_projects_for_4():
    """docs/rules/vasco-da-gama.md 5.2 example: Yellow pays 4 and takes 2 projects."""
    s = purchase_state()
    pair = [s["offer"][0], s["offer"][5]]
    s = play(s, 0, "buy 1+6")
    assert s["p"][0]["reals"] == 6
    assert s["p"][0]["projects"] == pair


def test_buy_sao_gabriel_price_is_crew_and_launched():
    """docs/rules/vasco-da-gama.md 5.2 example: Blue buys a 3-crew Sao Gabriel for 3 reals; it is
    placed ship side up (launched) with no crew spent."""
    s = purchase_state()
    s["sg"] = next(str(p["id"]) for p in D["project_list"] if p["crew"] == 3)
    s = play(s, 0, "buy sg")
    assert s["p"][0]["reals"] == 7
    assert s["p"][0]["port"] == [s["p"][0]["port"][0]] and s["p"][0]["projects"] == []
    assert s["sg"] is None


def test_purchase_options_are_exclusive_and_sg_not_in_pairs():
    """docs/rules/vasco-da-gama.md 5.2 / 7.9-7.10: 1 or 2 top projects, or Sao Gabriel, never a mix;
    only the 6 top spaces serve the 1- and 2-project buys."""
    s = purchase_state()
    moves = E.legal_moves(s, 0)
    buys = [m for m in moves if m.startswith("buy")]
    assert len(buys) == 6 + 15 + 1
    assert not any("sg" in m and "+" in m for m in buys)


def test_project_can_be_bought_without_crew():
    """docs/rules/vasco-da-gama.md 5.2 / 7.11: no crew is needed to buy a project."""
    s = purchase_state()
    assert sum(s["p"][0]["sailors"].values()) == 0 and s["p"][0]["miss"] == 0
    assert "buy 1" in E.legal_moves(s, 0)


def launch_state() -> dict:
    """docs/rules/vasco-da-gama.md 5.3 example: Yellow owns a 3-crew and a 4-crew project, has 1
    missionary and 1 purple sailor, and Hires 2 turquoise, 1 orange and 1 grey."""
    three = next(str(p["id"]) for p in D["project_list"] if p["crew"] == 3)
    four = next(str(p["id"]) for p in D["project_list"] if p["crew"] == 4)

    def edit(state: dict) -> None:
        yellow = state["p"][0]
        yellow["projects"] = [three, four]
        yellow["miss"] = 1
        yellow["sailors"]["purple"] = 1
        state["sections"][0] = {"purple": 0, "turquoise": 3, "orange": 1, "grey": 1}

    s = to_phase2(2, [(12, 0, "hire"), (14, 1, "hire")], marker=11, change=0, edit=edit)
    s = play(s, 0, "section 1", "take turquoise", "take turquoise", "take orange", "take grey")
    s = play(s, 0, "done")
    return s, three, four


def test_launch_example_orange_turquoise_missionary():
    """docs/rules/vasco-da-gama.md 5.3 example: the 3-crew ship is launched with orange + turquoise
    + missionary; sailors go back to the bag, the missionary to the Characters area."""
    s, three, four = launch_state()
    assert s["p"][0]["reals"] == 10 - 6  # 3 colours
    s["call"] = 14  # let Yellow act again: give the next call to Yellow
    s["placed"] = {"14": [0, "hire"]}
    bag_before = dict(s["bag"])
    supply_before = s["missionaries"]
    s = play(s, 0, f"launch {three}", "crew orange", "crew turquoise", "crew missionary")
    yellow = s["p"][0]
    assert yellow["port"] == [three] and yellow["projects"] == [four]
    assert yellow["sailors"] == {"purple": 1, "turquoise": 1, "orange": 0, "grey": 1}
    assert yellow["miss"] == 0 and s["missionaries"] == supply_before + 1
    assert s["bag"]["orange"] == bag_before["orange"] + 1
    assert s["bag"]["turquoise"] == bag_before["turquoise"] + 1


def test_launch_needs_pairwise_different_colours():
    """docs/rules/vasco-da-gama.md 5.3 / 7.14: all crew of one ship have different colours; a
    missionary is a colour of its own, so at most one per crew [NIS 9.6.4]."""
    s, _three, four = launch_state()
    s["placed"] = {"14": [0, "hire"]}
    s["call"] = 14
    s = play(s, 0, f"launch {four}", "crew turquoise")
    moves = E.legal_moves(s, 0)
    assert "crew turquoise" not in moves
    assert {"crew purple", "crew grey", "crew missionary"} <= set(moves)
    with pytest.raises(IllegalMove):
        E.apply(s, 0, "crew turquoise")


def test_launch_not_offered_without_full_crew():
    """docs/rules/vasco-da-gama.md 5.3: a ship cannot be launched without a full crew."""
    s = purchase_state(2)
    s["p"][0]["projects"] = ["11"]  # 5 crew
    s["p"][0]["sailors"] = {"purple": 2, "turquoise": 1, "orange": 1, "grey": 1}
    assert "launch 11" not in E.legal_moves(s, 0)  # 4 colours, no missionary
    s["p"][0]["miss"] = 1
    assert "launch 11" in E.legal_moves(s, 0)


def test_launch_needs_no_captain_and_no_action():
    """docs/rules/vasco-da-gama.md 5.3 / 7.12: launching is free, needs no disc and no captain."""
    s = E.setup(2, seed=3)
    seat = E.to_move(s)[0]
    p = s["p"][seat]
    p["captains"] = 0
    p["projects"] = ["8"]  # 1 crew
    p["sailors"]["grey"] = 1
    left = s["left"][seat]
    s = play(s, seat, "launch 8", "crew grey")
    assert s["p"][seat]["port"] == ["8"]
    assert s["left"][seat] == left and E.to_move(s) == [seat]


def test_sailor_prices_1_3_6_10():
    """docs/rules/vasco-da-gama.md 5.4: the price depends only on the number of colours."""
    assert hire_price({"purple": 3, "turquoise": 0, "orange": 0, "grey": 0}, False) == 1
    assert hire_price({"purple": 1, "turquoise": 4, "orange": 0, "grey": 0}, False) == 3
    assert hire_price({"purple": 1, "turquoise": 1, "orange": 1, "grey": 0}, False) == 6
    assert hire_price({"purple": 1, "turquoise": 1, "orange": 1, "grey": 1}, False) == 10


def hire_state() -> dict:
    def edit(state: dict) -> None:
        state["sections"] = [
            {"purple": 4, "turquoise": 0, "orange": 1, "grey": 0},
            {"purple": 1, "turquoise": 2, "orange": 1, "grey": 1},
            {"purple": 1, "turquoise": 2, "orange": 1, "grey": 1},
            {"purple": 0, "turquoise": 3, "orange": 1, "grey": 1},
        ]
        for p in state["p"]:
            p["reals"] = 20

    placements = [(11, 0, "hire"), (12, 1, "hire"), (13, 2, "hire"), (14, 3, "hire")]
    return to_phase2(4, placements, marker=11, change=0, edit=edit)


def test_hire_examples():
    """docs/rules/vasco-da-gama.md 5.4 examples: Yellow section 4, 3 turquoise + 1 orange: 3 reals;
    Red section 3, 1 orange + 2 turquoise + 1 purple and a captain: 6 + 4 = 10; Blue section 1,
    3 purple: 1 real; Black a captain only: 0."""
    s = hire_state()
    yellow, red, blue, black = 0, 1, 2, 3
    s = play(s, yellow, "section 4", "take turquoise", "take turquoise", "take turquoise")
    s = play(s, yellow, "take orange", "done")
    assert s["p"][yellow]["reals"] == 20 - 3
    assert s["p"][yellow]["sailors"] == {"purple": 0, "turquoise": 3, "orange": 1, "grey": 0}
    assert s["sections"][3] == {"purple": 0, "turquoise": 0, "orange": 0, "grey": 1}
    s = play(s, red, "section 3", "take orange", "take turquoise", "take turquoise")
    s = play(s, red, "take purple", "captain", "done")
    assert s["p"][red]["reals"] == 20 - 10
    assert s["p"][red]["captains"] == 2 and s["p"][red]["pool"] == 5
    s = play(s, blue, "section 1", "take purple", "take purple", "take purple", "done")
    assert s["p"][blue]["reals"] == 20 - 1
    assert s["sections"][0]["purple"] == 1  # a subset of a colour may be taken (7.17)
    s = play(s, black, "captain only")
    assert s["p"][black]["reals"] == 20 and s["p"][black]["captains"] == 2


def test_hire_at_most_one_captain_and_one_section():
    """docs/rules/vasco-da-gama.md 5.4 / 7.16: one section per Hire; at most one captain."""
    s = hire_state()
    s = play(s, 0, "section 2", "take purple", "captain")
    moves = E.legal_moves(s, 0)
    assert "captain" not in moves
    assert not any(m.startswith("section") for m in moves)


def test_captain_price_one_per_sailor_in_same_action():
    """docs/rules/vasco-da-gama.md 5.4: the captain costs 1 per sailor hired in the same action."""
    s = hire_state()
    s = play(s, 0, "section 1", "take purple", "take purple", "captain", "done")
    assert s["p"][0]["reals"] == 20 - 1 - 2


def test_hire_unaffordable_sailor_not_offered():
    """docs/rules/vasco-da-gama.md 4.3.6 / 5.4: a player cannot take what they cannot pay for."""
    s = hire_state()
    s["p"][0]["reals"] = 3
    s = play(s, 0, "section 2", "take purple", "take turquoise")  # 3 reals, 2 colours
    moves = E.legal_moves(s, 0)
    assert "take orange" not in moves and "take turquoise" in moves
    assert "captain" not in moves


def expedition_state(edit) -> dict:
    return to_phase2(2, [(12, 0, "expedition"), (14, 1, "hire")], marker=11, change=0, edit=edit)


def test_expedition_only_launched_ships_with_a_captain():
    """docs/rules/vasco-da-gama.md 5.5 / 7.15 / 7.20: only launched ships with a captain may go."""

    def edit(state: dict) -> None:
        state["p"][0]["projects"] = ["9"]  # not launched
        state["p"][0]["port"] = ["14"]
        state["p"][0]["captains"] = 0

    s = expedition_state(edit)
    assert E.legal_moves(s, 0) == ["decline"]
    s["p"][0]["captains"] = 1
    assert "send 14" in E.legal_moves(s, 0) and "send 9" not in E.legal_moves(s, 0)


def test_expedition_space_value_at_most_nav_limit():
    """docs/rules/vasco-da-gama.md 2.2 / 5.5: a ship may only take spaces of value <= its limit."""

    def edit(state: dict) -> None:
        state["p"][0]["port"] = ["4"]  # limit 5

    s = expedition_state(edit)
    s = play(s, 0, "send 4")
    assert E.legal_moves(s, 0) == ["to natal", "to terra", "back"]
    s = play(s, 0, "to natal")
    assert E.legal_moves(s, 0) == ["space 4", "space 5", "back"]


def test_expedition_sends_several_ships_in_one_action():
    """docs/rules/vasco-da-gama.md 5.5: one Expedition sends 1 or more ships; each takes a captain
    (R7)."""

    def edit(state: dict) -> None:
        state["p"][0]["port"] = ["4", "9"]
        state["p"][0]["captains"] = 2

    s = expedition_state(edit)
    s = play(s, 0, "send 4", "to natal", "space 5")
    assert E.to_move(s) == [0] and "done" in E.legal_moves(s, 0)
    assert "back" not in E.legal_moves(s, 0)  # committed: the right was paid
    s = play(s, 0, "send 9", "to terra", "space 7", "done")
    assert s["landings"][0][1] == [0, "4"] and s["landings"][1][2] == [0, "9"]
    assert s["p"][0]["captains"] == 0 and s["p"][0]["port"] == []
    assert E.to_move(s) == [1]
