"""Fair play for Amerigo: hidden parts are redrawn by ``resample_hidden`` and nothing else
changes (docs/rules/amerigo.md 3.3, 9.4), moves that draw say ``reveals``, and legal-move order does
not depend on the state's dict order (docs/ARCHITECTURE.md 2)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engines.base import BaseEngine, Rng
from tests.amerigo.util import E, fresh, give_turn, play
from tests.conformance import check_hidden, check_reveals

HIDDEN_KEYS = ("rng", "pirates", "pirate_box", "pdeck", "proddeck")


def _without_hidden(state: dict) -> dict:
    out = {k: v for k, v in state.items() if k not in HIDDEN_KEYS}
    out["revealed"] = [v if up else None for v, up in state["pirates"]]
    out["pdeck"] = sorted(state["pdeck"])
    out["proddeck"] = sorted(map(tuple, state["proddeck"]))
    out["unseen_pirates"] = sorted(
        [v for v, up in state["pirates"] if not up] + list(state["pirate_box"])
    )
    return out


@pytest.mark.parametrize("observer", [None, 0, 1])
def test_resample_redraws_every_hidden_part_and_keeps_the_rest(observer):
    """docs/rules/amerigo.md 3.3.2 (face-down pirates and the one in the box), 3.3.3 / 3.3.4 (pile
    orders), 9.6 (the tower: the generator): each hidden part changes over a few samples, and
    everything an observer knows (9.4: all else is open) stays exactly the same."""
    state = fresh(3, 5)
    rng = Rng.from_seed(11)
    changed = Counter()
    for _ in range(8):
        other = E.resample_hidden(state, observer, rng)
        assert _without_hidden(other) == _without_hidden(state)
        for key in HIDDEN_KEYS:
            changed[key] += other[key] != state[key]
        assert E.view(other, observer) == E.view(state, observer)
    assert all(changed[k] for k in HIDDEN_KEYS), changed


def test_resample_keeps_revealed_pirates_and_redeals_only_face_down_ones():
    """docs/rules/amerigo.md 4.3.2.1: a revealed pirate marker is known; only face-down ones
    move."""
    state = fresh(2, 3)
    state["pirates"][2][1] = True
    rng = Rng.from_seed(4)
    for _ in range(6):
        other = E.resample_hidden(state, None, rng)
        for (v, up), (w, up2) in zip(state["pirates"], other["pirates"], strict=True):
            assert up == up2
            if up:
                assert v == w


def test_engine_overrides_resample_and_check_hidden_finds_a_difference():
    """docs/ARCHITECTURE.md 2: the conformance suite runs with ``expect_hidden`` for Amerigo."""
    assert type(E).resample_hidden is not BaseEngine.resample_hidden
    for players in (2, 3, 4):
        state = fresh(players, 8)
        assert check_hidden(E, state, players, Rng.from_seed(players))


def test_a_choice_reveals_nothing_and_a_drop_reveals():
    """docs/rules/amerigo.md 4.2: choosing an action draws nothing; the turn that ends a phase drops
    the next colour into the tower (a draw from the generator)."""
    state = give_turn(fresh(2, 1), 0, {"black": 3})
    step = E.apply(state, 0, "black")
    assert not step.reveals
    check_reveals(E, state, 0, "black", 2, Rng.from_seed(1))
    state = step.state
    step = E.apply(state, 0, "load 2")
    assert not step.reveals  # seat 1 still to act in this phase
    state = step.state
    step = E.apply(state, 1, "gold")  # last in the phase: the next colour drops
    assert step.reveals


def test_round_end_reveals_pirate_and_draws_piles():
    """docs/rules/amerigo.md 4.3.2: the round end reveals a pirate and draws from both piles."""
    state = give_turn(fresh(2, 1), 0, {"white": 3})
    state["phase"] = 6
    state["turn"]["order"] = [0, 1]
    before = sum(up for _, up in state["pirates"])
    state = E.apply(state, 0, "gold").state
    step = E.apply(state, 1, "gold")
    assert step.reveals
    assert sum(up for _, up in step.state["pirates"]) == before + 1


def _sorted_round_trip(state: dict) -> dict:
    return json.loads(json.dumps(state, sort_keys=True))


def test_plan_order_survives_a_sorted_json_round_trip():
    """docs/rules/amerigo.md 5.3 (Plan): `take l4o` and `take l4t` keep the data order after the
    state goes through JSON with sorted keys (docs/ARCHITECTURE.md 2, order is part of the
    rules)."""
    state = give_turn(fresh(2, 0), 0, {"red": 6})
    state = play(state, 0, "red")
    moves = E.legal_moves(state, 0)
    assert moves.index("take l4t") < moves.index("take l4o")  # data order, not alphabetical
    again = _sorted_round_trip(state)
    assert E.legal_moves(again, 0) == moves
    assert E.default_move(again, 0) == E.default_move(state, 0)


def test_build_order_survives_a_sorted_json_round_trip():
    """docs/rules/amerigo.md 5.5 (Build): tiles in the supply are listed in data order."""
    state = give_turn(fresh(2, 0), 0, {"green": 6})
    g = E._geo(state)
    post = next(p for isl in g["islands"] for p in isl["posts"])
    state["posts"][post] = 0
    state["p"][0]["supply"] = {"v2": 1, "l1": 1, "v1": 1, "l2": 1}
    state = play(state, 0, "green")
    moves = E.legal_moves(state, 0)
    assert moves[:4] == ["build l1", "build l2", "build v1", "build v2"]
    assert E.legal_moves(_sorted_round_trip(state), 0) == moves


def test_legal_moves_and_default_survive_sorted_round_trips_in_a_playout():
    """docs/ARCHITECTURE.md 2: over a random game, every position gives the same legal moves (same
    order) and default move after a sorted-keys JSON round trip."""
    chooser = random.Random(3)
    state = fresh(3, 21)
    for _ in range(120):
        seats = E.to_move(state)
        if not seats:
            break
        seat = seats[0]
        moves = E.legal_moves(state, seat)
        again = _sorted_round_trip(state)
        assert E.legal_moves(again, seat) == moves
        assert E.default_move(again, seat) == E.default_move(state, seat)
        state = E.apply(state, seat, chooser.choice(moves)).state
