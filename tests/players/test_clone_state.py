"""``clone_state`` copies by marshal (the search copies a state at every move it tries) and must
give what the JSON round trip gave."""

import random

import pytest

from engines import ENGINES
from engines.base import Rng, clone_state, json_clone
from i18n.text import T


def test_a_msg_text_is_copied_as_plain_text() -> None:
    # marshal refuses str subclasses; the JSON round trip writes a Msg as its English text.
    state = {"note": T("The season ends"), "log": [T("Round {n}", n=2)]}
    copy = clone_state(state)
    assert copy == {"note": "The season ends", "log": ["Round 2"]}
    assert type(copy["note"]) is str and type(copy["log"][0]) is str


def test_a_list_met_twice_is_copied_twice() -> None:
    # As after a JSON round trip: the copy shares nothing, not even within itself.
    shared = [1]
    copy = clone_state({"a": shared, "b": shared})
    copy["a"].append(2)
    assert copy == {"a": [1, 2], "b": [1]}
    assert shared == [1]


@pytest.mark.parametrize("game_id", sorted(ENGINES))
def test_states_of_play_copy_as_through_json(game_id: str) -> None:
    engine = ENGINES[game_id]
    chooser = random.Random(3)
    state = engine.setup(3, seed=11)
    for step in range(120):
        waiting = engine.to_move(state)
        if not waiting:
            break
        seat = chooser.choice(waiting)
        for position in (state, engine.resample_hidden(state, seat, Rng.from_seed(step))):
            copy = clone_state(position)
            assert copy == json_clone(position)
            assert copy is not position
        state = engine.apply(state, seat, chooser.choice(engine.legal_moves(state, seat))).state
