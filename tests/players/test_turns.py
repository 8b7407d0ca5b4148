"""A filler does not undo its own decision of the same turn (players/turns.py): given the views of
its earlier decisions, the search refuses a move that returns to one of them."""

from __future__ import annotations

from engines.base import BaseEngine, Rng, Standing, State
from engines.bremerhaven.engine import Bremerhaven
from players import Budget, TurnMemory, choose_move
from players.search import undoing_moves
from tests.players.walk import random_positions

TINY = Budget(iterations=12, depth=4)
TURNS = 1000
"""Far beyond the playouts' horizon, so that the end never breaks a tie."""


class Shuttle(BaseEngine):
    """Two seats take turns; a turn may `launch` a boat and then `back` it into port again. Nothing
    ever scores, so every move ties and the default move (`launch` in port, `back` at sea) wins the
    tie: the shape of Bremerhaven's and Vasco's steps that let fillers shuttle for ever."""

    id = "shuttle"
    title = "Shuttle (test game)"
    min_players = max_players = 2

    def setup(self, players: int, *, seed: int, variant: str | None = None) -> State:
        return {"turn": 0, "at_sea": False}

    def to_move(self, state: State) -> list[int]:
        return [] if state["turn"] >= TURNS else [state["turn"] % 2]

    def legal_moves(self, state: State, seat: int) -> list[str]:
        return ["back", "end"] if state["at_sea"] else ["launch", "end"]

    def default_move(self, state: State, seat: int) -> str:
        return self.legal_moves(state, seat)[0]

    def _apply(self, state: State, seat: int, move: str):
        if move == "end":
            state["turn"] += 1
            state["at_sea"] = False
        else:
            state["at_sea"] = move == "launch"
        return [], {}

    def view(self, state: State, seat: int | None) -> dict:
        return dict(state)

    def result(self, state: State) -> list[Standing] | None:
        if self.to_move(state):
            return None
        return [Standing(seat=s, score=0, rank=1) for s in range(2)]


def play(engine: BaseEngine, memory: TurnMemory | None, moves: int = 40) -> list[str]:
    state = engine.setup(2, seed=1)
    played = []
    for index in range(moves):
        seat = engine.to_move(state)[0]
        earlier = memory.decide(engine, state, seat) if memory else ()
        move = choose_move(engine, state, seat, seed=index, budget=TINY, earlier=earlier)
        state = engine.apply(state, seat, move).state
        if memory:
            memory.moved(seat)
        played.append(move)
    return played


def test_without_memory_a_filler_shuttles_launch_and_back():
    assert play(Shuttle(), None).count("back") >= 5


def test_with_its_turns_remembered_a_filler_never_undoes_its_own_step():
    # Every turn: launch (the default in port), then end (back returns to the turn's first view).
    assert play(Shuttle(), TurnMemory()) == ["launch", "end"] * 20


def test_another_seats_move_ends_the_remembered_turn():
    engine, memory = Shuttle(), TurnMemory()
    state = engine.setup(2, seed=1)
    assert memory.decide(engine, state, 0) == []
    assert memory.decide(engine, state, 0) == [engine.view(state, 0)]
    memory.moved(1)
    assert memory.decide(engine, state, 0) == []


def test_bremerhavens_back_is_found_on_a_redeal_rules_5_9():
    """A step of Bremerhaven's individual actions may be taken back (docs/rules/bremerhaven.md 5.9,
    the engine's `back`). On a draw of what the seat cannot see, the refusal finds exactly that
    move: the seat's view, not the hidden state, is what it compares."""
    engine = Bremerhaven()
    checked = 0
    for state, seat in random_positions(engine, seed=3, every=3, limit=900):
        for move in engine.legal_moves(state, seat):
            after = engine.apply(state, seat, move).state
            if seat not in engine.to_move(after) or "back" not in engine.legal_moves(after, seat):
                continue
            if engine.apply(after, seat, "back").state != state:
                continue
            draw = engine.resample_hidden(after, seat, Rng.from_seed(checked))
            legal = engine.legal_moves(after, seat)
            assert undoing_moves(engine, draw, seat, legal, [engine.view(state, seat)]) == {"back"}
            checked += 1
            break
        if checked >= 5:
            break
    assert checked >= 5
