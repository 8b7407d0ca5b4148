"""The strength bench's one-ply greedy player that breaks ties at random (bench/greedy.py, issue
44): the best lead one move on, equals drawn by the seeded generator, never a step back to a view
it had earlier in the same turn."""

from __future__ import annotations

from bench.greedy import random_tie_greedy_move
from engines.base import BaseEngine, Rng, Standing, State
from players.turns import TurnMemory

GAINS = {"a": 2, "b": 2, "c": 2, "worse": 1, "launch": -1, "end": 0}
"""What each move adds to the mover's score (``back`` undoes ``launch``)."""


class Harbour(BaseEngine):
    """Three seats take turns of several steps. In port a seat may take one of three equal gains
    (`a`, `b`, `c`), a smaller one (`worse`), `launch` a boat (it costs a point) or `end` its turn;
    at sea only `back` (the point back: the view it had in port) or `end`."""

    id = "harbour"
    title = "Harbour (test game)"
    min_players = max_players = 3

    def setup(self, players: int, *, seed: int, variant: str | None = None) -> State:
        return {"turn": 0, "at_sea": False, "scores": [0, 0, 0]}

    def to_move(self, state: State) -> list[int]:
        return [] if state["turn"] >= 30 else [state["turn"] % 3]

    def legal_moves(self, state: State, seat: int) -> list[str]:
        return ["back", "end"] if state["at_sea"] else [*GAINS]

    def default_move(self, state: State, seat: int) -> str:
        return "end"

    def _apply(self, state: State, seat: int, move: str):
        if move == "back":
            state["at_sea"] = False
            state["scores"][seat] += 1
        else:
            state["scores"][seat] += GAINS[move]
            state["at_sea"] = move == "launch"
            if move != "launch":
                state["turn"] += 1
        return [], {}

    def view(self, state: State, seat: int | None) -> dict:
        return {"players": 3, "scores": list(state["scores"]), "at_sea": state["at_sea"]}

    def result(self, state: State) -> list[Standing] | None:
        if self.to_move(state):
            return None
        best = max(state["scores"])
        return [
            Standing(seat=s, score=v, rank=1 if v == best else 2)
            for s, v in enumerate(state["scores"])
        ]


def test_equal_best_moves_are_drawn_by_the_seeded_generator_never_a_worse_one():
    engine = Harbour()
    state = engine.setup(3, seed=1)
    chosen = [random_tie_greedy_move(engine, state, 0, Rng.from_seed(seed)) for seed in range(24)]
    assert set(chosen) == {"a", "b", "c"}  # not the default (`end`), not the first legal move
    again = [random_tie_greedy_move(engine, state, 0, Rng.from_seed(seed)) for seed in range(24)]
    assert again == chosen


def test_it_never_steps_back_to_a_view_it_had_this_turn():
    """At sea, `back` scores best (the launch's point back) but returns to the view the seat had
    in port: refused, the seat ends its turn at sea."""
    engine = Harbour()
    state = engine.apply(engine.setup(3, seed=1), 0, "launch").state
    assert random_tie_greedy_move(engine, state, 0, Rng.from_seed(3)) == "back"  # no memory
    memory = TurnMemory()
    state = engine.setup(3, seed=1)
    memory.decide(engine, state, 0)
    state = engine.apply(state, 0, "launch").state
    memory.moved(0)
    earlier = memory.decide(engine, state, 0)
    assert random_tie_greedy_move(engine, state, 0, Rng.from_seed(3), earlier) == "end"


def test_a_cell_whose_two_sides_are_one_level_is_refused_before_any_game():
    """bench.strength: the subject is the one seat of its kind, so normal-vs-normal names no
    subject (it crashed after its first game was played)."""
    import pytest

    from bench.strength import cell_kinds

    with pytest.raises(ValueError, match="must differ"):
        cell_kinds("normal-vs-normal")
    assert cell_kinds("hard-vs-normal") == ("hard", "normal")
