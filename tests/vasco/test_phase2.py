"""Phase 2 (docs/rules/vasco-da-gama.md 4.3 and 7) [SRC], with the rulebook's worked example."""

from __future__ import annotations

import pytest

from engines.base import IllegalMove
from engines.vasco.engine import clamp_ffa, line_reals, right_cost
from tests.vasco.helpers import E, play, ready_all, to_phase2

RED, YELLOW = 0, 1
EXAMPLE = [
    (5, RED, "hire"),
    (6, RED, "hire"),
    (7, YELLOW, "hire"),
    (8, YELLOW, "characters"),
    (9, YELLOW, "purchase"),
    (11, YELLOW, "expedition"),
    (13, RED, "purchase"),
    (15, RED, "characters"),
    (21, RED, "expedition"),
]


def _example_edit(state: dict) -> None:
    state["sections"][0] = {"purple": 3, "turquoise": 0, "orange": 2, "grey": 0}
    state["p"][YELLOW]["port"] = ["1"]  # limit 4
    state["p"][RED]["port"] = ["9"]  # limit 7


def example_state() -> dict:
    return to_phase2(2, EXAMPLE, marker=11, change=-3, edit=_example_edit)


def test_ffa_example_start_11_change_minus_3():
    """docs/rules/vasco-da-gama.md 4.3 example: starting number 11, change -3 -> FFA 8."""
    state = example_state()
    assert state["phase"] == "act"
    assert state["ffa"] == 8


def test_worked_example_sequence():
    """docs/rules/vasco-da-gama.md 4.3 worked example: 5 and 6 cost 3 and 2; 6 declined for 2 reals;
    7 costs 1; 8, 9, 11, 13, 21 are free; 15 declined for 3 reals."""
    s = example_state()
    money = s["money"][0]
    assert s["call"] == 5 and E.to_move(s) == [RED]
    s = play(s, RED, "section 1", "take purple", "done")  # right 3 + 1 colour 1
    assert s["p"][RED]["reals"] == 10 - 3 - 1
    assert s["call"] == 6
    s = play(s, RED, "decline")  # 6 is on the line paying 2
    assert s["p"][RED]["reals"] == 6 + 2
    assert s["call"] == 7 and E.to_move(s) == [YELLOW]
    s = play(s, YELLOW, "section 1", "take orange", "done")  # right 1 + 1
    assert s["p"][YELLOW]["reals"] == 10 - 1 - 1
    s = play(s, YELLOW, "take money 1")  # number 8 = FFA: free
    assert s["p"][YELLOW]["reals"] == 8 + money
    s = play(s, YELLOW, "buy 1")  # number 9: free, price 1
    assert s["p"][YELLOW]["reals"] == 8 + money - 1
    s = play(s, YELLOW, "send 1", "to natal", "space 4", "done")  # 11: free; space gives 2 r
    assert s["p"][YELLOW]["reals"] == 8 + money - 1 + 2
    assert s["call"] == 13 and E.to_move(s) == [RED]
    s = play(s, RED, "buy 2")
    assert s["p"][RED]["reals"] == 8 - 1
    s = play(s, RED, "decline")  # 15 is on the line paying 3
    assert s["p"][RED]["reals"] == 7 + 3
    assert s["call"] == 21
    assert "send 9" in E.legal_moves(s, RED)  # free action with 21
    s = play(s, RED, "send 9", "to natal", "space 5", "done")
    assert s["p"][RED]["reals"] >= 10 + 2  # plus the space's 2 reals (and Phase 3 income)
    s = ready_all(s)  # R12: the launch window before Phase 3
    assert s["phase"] == "place" and s["round"] == 2  # Phase 2 ended after the last number


def test_numbers_called_smallest_first_skipping_gaps():
    """docs/rules/vasco-da-gama.md 4.3.4 / 7.1: only placed numbers are called, ascending."""
    s = example_state()
    called = []
    while s["phase"] == "act":
        called.append(s["call"])
        seat = E.to_move(s)[0]
        s = play(s, seat, "decline")
    assert called == [5, 6, 7, 8, 9, 11, 13, 15, 21]


def test_right_cost_formula():
    """docs/rules/vasco-da-gama.md 4.3.5 / 7.2: FFA - n below the FFA, 0 from the FFA on."""
    assert right_cost(8, 5) == 3
    assert right_cost(8, 6) == 2
    assert right_cost(8, 7) == 1
    assert right_cost(8, 8) == 0
    assert right_cost(8, 21) == 0


def test_cannot_pay_must_decline_and_still_gets_line_reals():
    """docs/rules/vasco-da-gama.md 4.3.6 / 7.4: a player who cannot pay declines and is paid."""
    s = example_state()
    s["p"][RED]["reals"] = 2  # number 5 costs 3
    assert E.legal_moves(s, RED) == ["decline"]
    with pytest.raises(IllegalMove):
        E.apply(s, RED, "section 1")
    s = play(s, RED, "decline")
    assert s["p"][RED]["reals"] == 2 + 1  # 5 is on the line paying 1


def test_decline_free_action_for_money():
    """docs/rules/vasco-da-gama.md 4.3.6 / 7.5: even a free action may be declined for the reals."""
    s = to_phase2(2, [(12, 0, "purchase"), (16, 1, "hire")], marker=11, change=0)
    assert s["ffa"] == 11 and s["call"] == 12
    assert "buy 1" in E.legal_moves(s, 0)
    s = play(s, 0, "decline")
    assert s["p"][0]["reals"] == 10 + 3
    s = play(s, 1, "decline")
    assert s["p"][1]["reals"] == 10 + 4


def test_21_and_22_pay_nothing_when_declined():
    """docs/rules/vasco-da-gama.md 4.3.6: declining 21 or 22 is allowed but pays nothing."""
    assert line_reals(21) == 0 and line_reals(22) == 0
    s = to_phase2(2, [(21, 0, "purchase"), (22, 1, "hire")], marker=11, change=0)
    s = play(s, 0, "decline")
    s = play(s, 1, "decline")
    assert [p["reals"] for p in s["p"]] == [10, 10]


def test_line_values_known_points():
    """docs/rules/vasco-da-gama.md 2.4: the line with 6 pays 2, the line with 15 pays 3."""
    assert line_reals(6) == 2
    assert line_reals(15) == 3


def test_number_and_disc_return_after_each_call():
    """docs/rules/vasco-da-gama.md 4.3.7 / 7.7: the number returns to the zone after its call, so it
    is free again in the next round."""
    s = to_phase2(2, [(4, 0, "purchase"), (9, 1, "purchase")], marker=11, change=0)
    s = play(s, 0, "decline")
    assert "4" not in s["placed"] and "9" in s["placed"]
    s = play(s, 1, "decline")
    assert s["phase"] == "place" and s["placed"] == {}
    seat = E.to_move(s)[0]
    s = play(s, seat, "place hire")
    assert "number 4" in E.legal_moves(s, seat) and "number 9" in E.legal_moves(s, seat)


def test_character_disc_stays_until_end_of_round():
    """docs/rules/vasco-da-gama.md 4.3.7 exception / 7.8: a disc that took a character stays on its
    space until End of Round, so nobody else can take that character this round."""
    s = to_phase2(2, [(12, 0, "characters"), (14, 1, "characters")], marker=11, change=0)
    s = play(s, 0, "take dias")
    assert s["characters"]["dias"] == 0
    assert "take dias" not in E.legal_moves(s, 1)
    s = play(s, 1, "take alvares")
    assert s["phase"] == "place"
    assert all(v is None for v in s["characters"].values())  # discs back at End of Round


def test_right_payment_does_not_change_the_price():
    """docs/rules/vasco-da-gama.md 4.3.9 / 7.6: right-to-act payment and action price add up."""
    s = to_phase2(2, [(9, 0, "purchase"), (16, 1, "hire")], marker=11, change=0)
    s = play(s, 0, "buy 1+2")
    assert s["p"][0]["reals"] == 10 - 2 - 4


def test_ffa_marker_moves_by_change():
    """docs/rules/vasco-da-gama.md 4.3.1: a minus moves the marker down, a plus up."""
    s = to_phase2(2, [(9, 0, "purchase"), (16, 1, "hire")], marker=11, change=2)
    assert s["ffa"] == 13
    assert clamp_ffa(11 - 3) == 8
