"""The seat filler (issue 18): it cannot cheat, it is deterministic, legal, bounded, and a table of
fillers plays a game to the end."""

from __future__ import annotations

import random
import time

import pytest

from engines import ENGINES
from engines.base import Rng, State
from players import Budget, TurnMemory, choose_move, choose_move_async, halving
from tests.sealed_bids import ROUNDS, SealedBids

TINY = Budget(iterations=12, depth=2)


class HonestSealedBids(SealedBids):
    """The test game with a real re-deal: every hand the observer cannot see, and every bid it
    has not seen, drawn again from the cards it has not seen."""

    def resample_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        new = super().resample_hidden(state, seat, rng)
        seen = [c for h in new["history"] for c in h["bids"]]
        if seat is not None:
            seen += new["hands"][seat] + ([new["bids"][seat]] if new["bids"][seat] else [])
        pool = list(range(1, 10)) * 2
        for card in seen:
            pool.remove(card)
        rng.shuffle(pool)
        for other in range(new["players"]):
            if other == seat:
                continue
            size = len(new["hands"][other])
            new["hands"][other] = sorted(pool.pop() for _ in range(size))
            if new["bids"][other] is not None:
                new["bids"][other] = pool.pop()
        return new


SEALED = HonestSealedBids()


def positions(engine, seed: int, count: int, players: int = 3) -> list[tuple[State, int]]:
    """``count`` positions from one random game, spread over it, each with a seat to move."""
    chooser = random.Random(seed)
    state = engine.setup(players, seed=seed)
    found = []
    while waiting := engine.to_move(state):
        seat = chooser.choice(waiting)
        found.append((state, seat))
        state = engine.apply(state, seat, chooser.choice(engine.legal_moves(state, seat))).state
    step = max(1, len(found) // count)
    return [p for p in found[::step] if len(engine.legal_moves(*p)) > 1][:count]


ALL_ENGINES = [*ENGINES.values(), SEALED]
IDS = [e.id for e in ALL_ENGINES]


@pytest.mark.parametrize("engine", ALL_ENGINES, ids=IDS)
def test_the_decision_is_the_same_on_any_state_the_seat_cannot_tell_apart(engine):
    for index, (state, seat) in enumerate(positions(engine, seed=11, count=3)):
        real = choose_move(engine, state, seat, seed=index, budget=TINY)
        for draw in range(2):
            redealt = engine.resample_hidden(state, seat, Rng.from_seed(100 + draw))
            assert choose_move(engine, redealt, seat, seed=index, budget=TINY) == real


@pytest.mark.parametrize("engine", ALL_ENGINES, ids=IDS)
def test_a_narrow_levels_choice_of_moves_is_the_same_on_any_state_the_seat_cannot_tell_apart(
    engine,
):
    # halving.screen picks the moves to play out one ply ahead: on the first re-deal, never on
    # the real state.
    narrow = Budget(iterations=12, depth=2, width=2)
    for index, (state, seat) in enumerate(positions(engine, seed=13, count=3)):
        real = choose_move(engine, state, seat, seed=index, budget=narrow)
        for draw in range(2):
            redealt = engine.resample_hidden(state, seat, Rng.from_seed(200 + draw))
            assert choose_move(engine, redealt, seat, seed=index, budget=narrow) == real


@pytest.mark.parametrize("engine", ALL_ENGINES, ids=IDS)
def test_a_redeal_depends_on_what_the_seat_sees_not_on_the_real_hidden_order(engine):
    # Why the decision above is the same for every budget: a re-deal of a re-deal equals the
    # re-deal of the real state (same generator), so the search never reads the real hidden
    # order, not even as the order a shuffle starts from (each engine sorts first: Rng.redeal).
    for index, (state, seat) in enumerate(positions(engine, seed=12, count=40)):
        for observer in (seat, None):
            direct = engine.resample_hidden(state, observer, Rng.from_seed(index))
            other = engine.resample_hidden(state, observer, Rng.from_seed(index + 1000))
            assert engine.resample_hidden(other, observer, Rng.from_seed(index)) == direct


def test_the_sealed_game_redeal_really_changes_what_the_filler_cannot_see():
    # Guards the test above: the re-deal must change the hidden hands, or it would prove nothing.
    state = SEALED.setup(3, seed=4)
    redealt = [SEALED.resample_hidden(state, 0, Rng.from_seed(k))["hands"] for k in range(5)]
    assert all(h[0] == state["hands"][0] for h in redealt)
    assert any(h[1:] != state["hands"][1:] for h in redealt)


@pytest.mark.parametrize("engine", ALL_ENGINES, ids=IDS)
def test_deterministic_for_a_seed_and_always_legal(engine):
    for index, (state, seat) in enumerate(positions(engine, seed=23, count=3)):
        first = choose_move(engine, state, seat, seed=index, budget=TINY)
        assert choose_move(engine, state, seat, seed=index, budget=TINY) == first
        assert first in engine.legal_moves(state, seat)


def test_a_forced_move_costs_no_search():
    class Counting(HonestSealedBids):
        draws = 0

        def resample_hidden(self, state, seat, rng):
            Counting.draws += 1
            return super().resample_hidden(state, seat, rng)

    engine = Counting()
    state = engine.setup(3, seed=1)
    state["hands"][0] = [5]
    assert choose_move(engine, state, 0, seed=1) == "bid 5"
    assert Counting.draws == 0


def test_the_playout_budget_is_kept_and_the_time_budget_is_kept(monkeypatch):
    # players/halving.py: ``iterations`` counts playouts; sequential halving's rounds split it
    # evenly, so at most a playout per candidate is left over.
    playouts = []
    real = halving.Playouts.value

    def counted(self, det, move, *args):
        playouts.append(move)
        return real(self, det, move, *args)

    monkeypatch.setattr(halving.Playouts, "value", counted)
    state = SEALED.setup(3, seed=2)
    width = len(SEALED.legal_moves(state, 1))
    choose_move(SEALED, state, 1, seed=3, budget=Budget(iterations=37))
    assert 37 - width < len(playouts) <= 37
    playouts.clear()
    choose_move(SEALED, state, 1, seed=3, budget=Budget(iterations=370))
    assert 370 - width < len(playouts) <= 370
    start = time.perf_counter()
    choose_move(SEALED, state, 1, seed=3, budget=Budget(iterations=None, seconds=0.2))
    assert time.perf_counter() - start < 1.5  # 0.2 s plus one round, on a loaded machine


def test_the_tree_search_iteration_budget_is_exact():
    class Counting(HonestSealedBids):
        draws = 0

        def resample_hidden(self, state, seat, rng):
            Counting.draws += 1
            return super().resample_hidden(state, seat, rng)

    engine = Counting()
    state = engine.setup(3, seed=2)
    choose_move(engine, state, 1, seed=3, budget=Budget(iterations=37, method="tree"))
    assert Counting.draws == 37


def test_a_seat_that_is_not_to_move_is_refused():
    state = SEALED.setup(3, seed=2)
    state = SEALED.apply(state, 0, "bid " + str(state["hands"][0][0])).state
    with pytest.raises(ValueError):
        choose_move(SEALED, state, 0, seed=1)


async def test_choose_move_async_runs_off_the_event_loop_and_plays_a_whole_simultaneous_game():
    state = SEALED.setup(3, seed=9)
    moves = 0
    while waiting := SEALED.to_move(state):
        seat = waiting[-1]
        move = await choose_move_async(SEALED, state, seat, seed=moves)
        state = SEALED.apply(state, seat, move).state
        moves += 1
    assert moves == 3 * ROUNDS
    assert SEALED.result(state) is not None


@pytest.mark.slow
@pytest.mark.parametrize("engine", ENGINES.values(), ids=list(ENGINES))
def test_three_fillers_play_a_whole_game_to_the_end(engine):
    # With the turn memory every caller keeps (players/turns.py): without it a tiny budget can
    # shuttle `send`/`back` in Vasco for ever.
    state = engine.setup(3, seed=5)
    moves, memory = 0, TurnMemory()
    while (waiting := engine.to_move(state)) and moves < 20_000:
        seat = waiting[0]
        earlier = memory.decide(engine, state, seat)
        move = choose_move(engine, state, seat, seed=moves, budget=TINY, earlier=earlier)
        state = engine.apply(state, seat, move).state
        memory.moved(seat)
        moves += 1
    assert engine.result(state) is not None, f"{engine.id} did not end in {moves} moves"
