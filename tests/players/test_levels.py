"""Filler levels (issue 28): a time budget per decision with an iteration floor, kept in the
filler's user id and shown in its name."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from engines import ENGINES, GAMES
from engines.base import Rng
from players import filler_name, filler_user_id, halving, level_name, level_of
from players.levels import LEVELS
from players.search import Budget, choose_move
from tests.playouts import count_playouts, record_sights


@pytest.mark.parametrize("level", list(LEVELS))
def test_a_fillers_level_survives_in_its_user_id(level):
    ids = [filler_user_id(index, level) for index in range(1, 7)]
    assert all(i < 0 for i in ids) and len(set(ids)) == 6
    assert {level_of(i).name for i in ids} == {level}
    assert filler_name(2, level) == f"Bot 2 ({level})"


def test_normal_fillers_keep_the_ids_fillers_always_had_and_members_are_normal():
    assert [filler_user_id(i) for i in range(1, 7)] == list(range(-1, -7, -1))
    assert level_of(1234).name == "normal"


def test_levels_get_harder_and_unknown_ones_are_refused():
    easy, normal, hard = (LEVELS[n] for n in ("easy", "normal", "hard"))
    assert easy.seconds < normal.seconds < hard.seconds
    assert easy.floor < normal.floor < hard.floor
    assert easy.iterations < normal.iterations < hard.iterations
    assert level_name(None) == "normal" and level_name(" Hard ") == "hard"
    with pytest.raises(ValueError, match="easy, normal, hard"):
        level_name("brutal")


@pytest.mark.parametrize("timed", [False, True])
def test_a_game_may_tune_a_level_and_only_that_level(timed):
    """A game's ``level_tuning`` (its heuristics') changes a level in its game (Amerigo narrows
    normal, Tahiti's hard looks half as far, twice as often); the other levels, and games without
    it, keep the level's own."""
    tuning = SimpleNamespace(level_tuning={"normal": {"width": 3, "reach": 2, "iterations": 9}})
    tuned = LEVELS["normal"].budget(timed=timed, heuristics=tuning)
    assert (tuned.width, tuned.reach) == (3, 2)
    assert tuned.iterations == (None if timed else 9)
    assert LEVELS["hard"].budget(timed=timed, heuristics=tuning) == LEVELS["hard"].budget(
        timed=timed
    )
    for engine in (None, ENGINES["vasco"]):
        own = LEVELS["normal"].budget(timed=timed, engine=engine)
        assert own == LEVELS["normal"].budget(timed=timed)
        assert own.width == LEVELS["normal"].width


def test_a_game_may_not_change_how_long_a_member_waits():
    with pytest.raises(ValueError, match="seconds"):
        LEVELS["hard"].in_game(None, SimpleNamespace(level_tuning={"hard": {"seconds": 9.0}}))


def test_a_timed_budget_does_its_floor_even_when_time_is_up(monkeypatch):
    engine = ENGINES["vasco"]
    state = engine.setup(3, seed=4)
    seat = engine.to_move(state)[0]
    width = len(engine.legal_moves(state, seat))
    assert 1 < width < 7
    counted = count_playouts(monkeypatch)
    choose_move(engine, state, seat, seed=1, budget=Budget(iterations=None, seconds=0.0, floor=7))
    # At least the floor; past it, only what finishes the round under way (one playout per
    # candidate still in).
    assert 7 <= counted[0] < 7 + width


def test_time_up_in_the_middle_of_a_sample_drops_it_there(monkeypatch):
    """Playouts slower than the first sample promised (a loaded machine): once the deadline
    passes, the sample under way stops at once and is dropped, so every tally still counts the
    same samples. The clock is a count: a playout costs 1, later ones 3."""
    clock = [0.0]
    calls: list[str] = []

    class Fake:
        evaluator = SimpleNamespace(baseline=lambda det: 0.0)

        def value(self, det, move, seed, base) -> float:
            calls.append(move)
            clock[0] += 1.0 if len(calls) <= 4 else 3.0
            return 0.5

    monkeypatch.setattr(halving, "time", SimpleNamespace(perf_counter=lambda: clock[0]))
    moves = ["a", "b", "c", "d"]
    _, tallies = halving.halve(
        Fake(), {}, dict, moves, Rng.from_seed(1), budget=None, deadline=10.5, floor=1
    )
    # The first sample (4 at 1) planned 10 playouts; the second reached the deadline after 3
    # (at 3 each) and stopped there: finished, it would have run to 16.
    assert len(calls) == 7 and clock[0] == 13.0
    assert {m: t.count for m, t in tallies.items()} == dict.fromkeys(moves, 1)

    # Time up before it starts, and no floor: still one whole sample, so every move has a mean.
    calls.clear()
    _, tallies = halving.halve(
        Fake(), {}, dict, moves, Rng.from_seed(1), budget=None, deadline=-1.0, floor=0
    )
    assert len(calls) == 4
    assert {m: t.count for m, t in tallies.items()} == dict.fromkeys(moves, 1)


def test_a_levels_fixed_budget_repeats_its_decision():
    engine = ENGINES["drake"]
    state = engine.setup(3, seed=2)
    seat = engine.to_move(state)[0]
    budget = LEVELS["easy"].budget(timed=False)
    assert budget.iterations == LEVELS["easy"].iterations
    first = choose_move(engine, state, seat, seed=11, budget=budget)
    assert all(choose_move(engine, state, seat, seed=11, budget=budget) == first for _ in range(3))


@pytest.mark.parametrize("timed", [False, True])
def test_hard_playouts_look_twice_as_far(monkeypatch, timed):
    """Hard's playouts see twice the engine's playout_turns of the seat's turns and twice the
    horizon (players/levels.py ``reach``); normal's see the engine's own."""
    engine = ENGINES["drake"]
    state = engine.setup(3, seed=2)
    seat = engine.to_move(state)[0]
    seen = record_sights(monkeypatch)
    for name in ("normal", "hard"):
        seen.clear()
        budget = LEVELS[name].budget(timed=timed)
        if timed:  # a quick decision: the floor alone
            budget = Budget(
                iterations=None, seconds=0.0, floor=4, width=budget.width, reach=budget.reach
            )
        else:
            budget = Budget(iterations=4, width=budget.width, reach=budget.reach)
        choose_move(engine, state, seat, seed=3, budget=budget)
        reach = 2 if name == "hard" else 1
        turns = GAMES["drake"].heuristics.playout_turns
        assert set(seen) == {(reach * turns, reach * Budget().horizon)}
