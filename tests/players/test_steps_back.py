"""Issue 40 section 4: a filler never undoes its own step within a turn. An Amerigo filler sailed
ship 2 c15 -> b15 -> c15 -> b15 in one action (frame 10 -> 11 -> 10): each step was a view of its
own (fewer action points left), so the refusal of a view seen earlier this turn missed it. Now a
step that puts a piece back where it was at an earlier decision of the turn, with nothing gained
on the way, is refused too (``players.search.steps_back``), at every level."""

from __future__ import annotations

import pytest

from engines import ENGINES
from engines.base import State
from players import LEVELS, TurnMemory, choose_move
from players.search import steps_back, undoing_moves

AMERIGO = ENGINES["amerigo"]


def _ships(state: State, seat: int) -> list:
    return list(state["p"][seat]["ships"])


def _action(state: State, seat: int) -> tuple:
    turn = state["turn"]
    return (state["round"], state["phase"], turn and turn["i"], seat, bool(turn and turn["act"]))


def play_amerigo(seed: int, level: str, moves: int | None = None, players: int = 3):
    """A game of fillers at ``level`` (its fixed budget), as the host's pilot plays it: each
    decision given the seat's earlier views of the turn. Yields (state, seat, move, earlier, the
    places each ship had this action)."""
    state = AMERIGO.setup(players, seed=seed)
    budget = LEVELS[level].budget(timed=False, engine=AMERIGO)
    memory = TurnMemory()
    action, places, index = None, {}, 0
    while AMERIGO.to_move(state) and (moves is None or index < moves):
        seat = AMERIGO.to_move(state)[0]
        earlier = memory.decide(AMERIGO, state, seat)
        move = choose_move(
            AMERIGO, state, seat, seed=seed * 1000 + index, budget=budget, earlier=earlier
        )
        if _action(state, seat) != action:
            action, places = _action(state, seat), {0: set(), 1: set()}
        for ship, node in enumerate(_ships(state, seat)):
            places[ship].add(node)
        yield state, seat, move, earlier, {ship: set(nodes) for ship, nodes in places.items()}
        state = AMERIGO.apply(state, seat, move).state
        memory.moved(seat)
        index += 1


def sailed_back(move: str, places: dict) -> bool:
    words = move.split()
    return words[0] == "sail" and words[2] in places[int(words[1]) - 1]


@pytest.mark.parametrize("seed", [2, pytest.param(1, marks=pytest.mark.slow)])
def test_amerigo_fillers_never_sail_a_ship_back_to_where_it_was_this_action(seed):
    """A whole game of easy fillers (about 5 s). Before the rule: seed 1 sailed back 4 times,
    seed 2 10 times (c15 -> b15 -> c15, rim9 -> rim10 -> rim9)."""
    backs = []
    for state, seat, move, _earlier, places in play_amerigo(seed, "easy"):
        if sailed_back(move, places):
            backs.append((seed, state["round"], seat, move, sorted(map(str, places[0]))))
    assert backs == []


def test_a_step_back_is_refused_at_every_level():
    """Positions inside a blue action where sailing a ship back is legal: no level plays it."""
    positions = []
    for state, seat, _move, earlier, places in play_amerigo(3, "easy", moves=260):
        legal = AMERIGO.legal_moves(state, seat)
        if earlier and any(sailed_back(m, places) for m in legal) and len(legal) > 2:
            positions.append((state, seat, earlier, places))
    assert len(positions) >= 3
    for level in ("easy", "normal", "hard"):
        budget = LEVELS[level].budget(timed=False, engine=AMERIGO)
        for index, (state, seat, earlier, places) in enumerate(positions[:3]):
            move = choose_move(AMERIGO, state, seat, seed=index, budget=budget, earlier=earlier)
            assert not sailed_back(move, places), (level, move, places)
            legal = AMERIGO.legal_moves(state, seat)
            backs = {m for m in legal if sailed_back(m, places)}
            assert backs <= undoing_moves(AMERIGO, state, seat, legal, earlier)


def _board(at: str, cargo: list, actions: int, other: str = "0,0") -> dict:
    return {
        "phase": "actions",
        "player_boards": [
            {"at": at, "canoe": cargo, "actions_taken": actions},
            {"at": other, "canoe": [], "actions_taken": 0},
        ],
        "ships": [["c15", other]],
    }


def test_a_piece_back_where_it_was_is_a_step_back_unless_it_gained_on_the_way():
    home = _board("0,0", [], 0)
    out = _board("1,0", [], 1)
    assert steps_back([home], out, _board("0,0", [], 2))  # paddled out and back
    loaded = _board("1,0", ["banana"], 2)
    assert not steps_back([home, out], loaded, _board("0,0", ["banana"], 3))  # came back loaded
    # A place in a list is a piece of its own: the other ship's moves are no gain of this one.
    at_c15 = {"ships": [["c15", "a1"]], "left": [3, 3]}
    at_b15 = {"ships": [["b15", "a2"]], "left": [2, 2]}
    assert steps_back([at_c15], at_b15, {"ships": [["c15", "a2"]], "left": [1, 2]})
    assert not steps_back([at_c15], at_b15, {"ships": [["b16", "a2"]], "left": [1, 2]})
    # Whose turn it is, or the phase, is nobody's place.
    assert not steps_back([home], out | {"phase": "pay"}, out)


VASCO_GIFT = [
    (1, "place purchase"), (1, "number 18"), (2, "place hire"), (2, "number 17"),
    (0, "place purchase"), (0, "number 16"), (1, "place characters"), (1, "number 20"),
    (2, "place expedition"), (2, "number 19"), (0, "place purchase"), (0, "number 22"),
    (1, "place hire"), (1, "number 12"), (2, "place characters"), (2, "number 21"),
    (0, "place purchase"), (0, "number 15"), (1, "place expedition"), (1, "number 14"),
    (2, "place hire"), (2, "number 13"), (0, "place characters"), (0, "number 10"),
    (0, "place characters"), (0, "number 11"),
]  # fmt: skip
"""Vasco seed 7006 (bench.strength, a normal filler in seat 0): seat 0 acts with number 10."""


def test_a_ship_received_and_sent_this_turn_is_no_step_back_rules_5_6():
    """Girolamo Sernigi gives a merchant ship, sent at once (docs/rules/vasco-da-gama.md 5.6):
    the port is as empty as before the gift, yet the ship went to sea. Taken for a step back,
    every space was refused and the filler chose `back` and a landing for thousands of moves."""
    vasco = ENGINES["vasco"]
    state = vasco.setup(3, seed=7006)
    for seat, move in VASCO_GIFT:
        state = vasco.apply(state, seat, move).state
    memory = TurnMemory()
    for move in ("take sernigi", "to mombasa"):
        memory.decide(vasco, state, 0)
        state = vasco.apply(state, 0, move).state
        memory.moved(0)
    earlier = memory.decide(vasco, state, 0)
    legal = vasco.legal_moves(state, 0)
    assert {"space 7", "space 8"} <= set(legal)
    assert undoing_moves(vasco, state, 0, legal, earlier) == {"back"}
