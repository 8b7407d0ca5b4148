"""Francis Drake: who turns a face-down Troop or Spanish Frigate counter (Issue 38 item 9).

docs/rules/francis-drake.md 5.2 and 7.10: "the first player who attacks" a Fort or a Galleon turns
its counter face up. A player who already knows the value (the Governor or Admiral who placed
it, an Informer who peeked) decides first, attack or decline, and the counter turns only when an
attack happens; a player who does not know it keeps 9.6.11 (it turns before they decide, when
they could pay at the lowest value still face down)."""

from __future__ import annotations

from engines.base import Rng
from engines.drake import ENGINE
from tests.conformance import check_hidden, check_public_choices
from tests.drake.helpers import BLUE, GREEN, RED, YELLOW, fresh, place_all, play, to_sailing

ORDER = [GREEN, RED, YELLOW, BLUE]
TOWNS = ["grangranada", "puertocabello", "maracaibo", "portobelo"]


def _havana(crew: int, *, blue_crew: int = 0) -> dict:
    """Yellow, the Governor, puts +2 on Havana (printed 2 Troops, 2 Guns) and sends disc 1
    there with ``crew`` Crew; Blue's disc 2 waits there too. Everyone else has no Crew, so the
    other missions fail by themselves. Returns the state when Havana's first disc is up."""
    s = fresh(4, seed=5)
    s["titles"]["governor"] = YELLOW
    s = to_sailing(s, ORDER, supplies=[2, 2, 3, 3], crew=0, guns=6, voyage=3)
    s, _, _ = play(s, YELLOW, "troops 0,0,2,1")  # Cartagena, Panama, Havana, Veracruz
    s["p"][YELLOW]["crew"] = crew
    s["p"][BLUE]["crew"] = blue_crew
    plan = {seat: [(str(i + 1), town) for i, town in enumerate(TOWNS)] for seat in (GREEN, RED)}
    plan[YELLOW] = [("1", "havana"), ("2", "sanjuan"), ("3", "santodomingo"), ("4", "santiago")]
    plan[BLUE] = [("1", "sanjuan"), ("2", "havana"), ("3", "santodomingo"), ("4", "santiago")]
    s, _ = place_all(s, plan)
    while s["cur"]["dest"] != "havana":
        seat = s["cur"]["seat"]
        s, _, _ = play(s, seat, "continue" if s["cur"]["stage"] == "return" else "decline")
    return s


def test_governor_who_cannot_pay_declines_with_the_counter_face_down_5_2():
    """docs/rules/francis-drake.md 5.2 (Forts), 7.10: the Governor who set Havana to +2 comes up
    with 2 Crew (enough at the lowest value, 0, short of the 4 the Fort asks). He knows the
    value, so he is asked before anything turns: his only move is to decline, his choices are
    not shown to the table, and after he declines the counter is still face down and secret."""
    s = _havana(crew=2)
    assert s["cur"] == {"seat": YELLOW, "disc": "1", "dest": "havana", "stage": "act"}
    assert not s["dest"]["havana"]["shown"]
    public = {d["id"]: d for d in ENGINE.view(s, None)["map"]}
    assert public["havana"]["counter_state"] == "hidden"
    assert public["havana"]["counter_value"] is None
    assert ENGINE.legal_moves(s, YELLOW) == ["decline"]
    assert not ENGINE.choices_are_public(s, YELLOW)
    rng = Rng.from_seed(38)
    check_hidden(ENGINE, s, 4, rng)
    check_public_choices(ENGINE, s, rng)
    step = ENGINE.apply(s, YELLOW, "decline")
    assert not step.reveals
    assert not step.state["dest"]["havana"]["shown"]
    assert not any("Troop counter at Havana" in line for line in step.log)
    assert step.log[0] == "Player C declines at Havana (disc 1)."


def test_governor_who_attacks_turns_the_counter_7_10():
    """docs/rules/francis-drake.md 7.10: the Governor with 4 Crew attacks Havana: the attack turns
    the counter face up for everyone (a move that reveals), then he pays 2 + 2 Crew."""
    s = _havana(crew=4)
    assert ENGINE.legal_moves(s, YELLOW) == ["attack", "decline"]
    assert not ENGINE.choices_are_public(s, YELLOW)
    assert not s["dest"]["havana"]["shown"]
    step = ENGINE.apply(s, YELLOW, "attack")
    assert step.reveals
    assert step.state["dest"]["havana"]["shown"]
    assert step.log[:2] == [
        "The Troop counter at Havana is +2.",
        "Player C attacks Havana (disc 1): success, 5 VP, takes the Silver.",
    ]
    assert step.state["p"][YELLOW]["crew"] == 0


def test_governor_who_declines_leaves_the_turn_to_the_next_attacker_9_6_11():
    """docs/rules/francis-drake.md 9.6.11: after the Governor declines, the next disc there belongs
    to Blue, who does not know the value and could pay at the lowest one: the counter turns as
    Blue's disc comes up, before Blue decides."""
    s = _havana(crew=4, blue_crew=4)
    s, _, _ = play(s, YELLOW, "decline")
    assert not s["dest"]["havana"]["shown"]
    while s["cur"]["dest"] != "havana":
        seat = s["cur"]["seat"]
        before = s
        s, log, _ = play(s, seat, "continue" if s["cur"]["stage"] == "return" else "decline")
    assert s["cur"]["seat"] == BLUE and s["dest"]["havana"]["shown"]
    assert "The Troop counter at Havana is +2." in log
    assert not before["dest"]["havana"]["shown"]
    assert ENGINE.choices_are_public(s, BLUE)
