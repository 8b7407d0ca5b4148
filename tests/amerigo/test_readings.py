"""Amerigo: the audit's unclear readings (issue 38 item 10), each decided, made the engine's,
and declared in the `reconstructed` rules topic with its reason from the transcript."""

from __future__ import annotations

import pytest

from engines.amerigo import ENGINE
from engines.base import IllegalMove
from tests.amerigo.util import E, fresh, give_turn, play


def _reconstructed() -> str:
    return " ".join(str(v) for k, v in ENGINE.rules_topics.items() if k.startswith("reconstructed"))


def test_second_ship_launches_on_another_frame_space_5_1():
    """docs/rules/amerigo.md 5.1: the first blue action puts the two ships "on two spaces of his
    choice on the frame" (the example places the second "somewhere else"): once ship 1 is on a
    frame space, ship 2 is offered every other frame space, not that one."""
    state = give_turn(fresh(2, 0), 0, {"blue": 4})
    state = play(state, 0, "blue", "launch rim3")
    moves = E.legal_moves(state, 0)
    assert "launch rim3" not in moves
    assert "launch rim1" in moves and "launch rim4" in moves
    with pytest.raises(IllegalMove):
        E.apply(state, 0, "launch rim3")
    state = play(state, 0, "launch rim4")
    assert state["p"][0]["ships"] == ["rim3", "rim4"]


def test_reconstructed_declares_the_launch_and_ships8_readings_5_9():
    """docs/rules/amerigo.md 5.1 and 5.9 (P3): the topic says both decisions and why."""
    text = _reconstructed()
    assert "two different frame spaces" in text
    assert "'on two spaces of his choice on the frame'" in text and "'somewhere else'" in text
    assert "+8 AP per ship token (ships8, rules 5.9): a once token" in text
    assert "'may use this token'" in text and "'each time'" in text
