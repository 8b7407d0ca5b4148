"""docs/rules/tahiti.md 9.4 (hidden information), 3.6, 3.7, 3.9: fair play by perturbation.

``resample_hidden`` must redraw every hidden part (other seats' Favourite tiles, the undealt
2-player tile, the tiles below the stack tops, the marker pool order, the generator) and keep
everything the observer knows; ``Step.reveals`` must say when a move showed something hidden.
"""

from __future__ import annotations

import json

import pytest

from engines.base import Rng
from engines.tahiti import ENGINE
from tests.conformance import check_hidden, check_reveals
from tests.tahiti.helpers import acting, bag, fresh, play


def _samples(state: dict, seat: int | None, count: int = 8) -> list[dict]:
    rng = Rng.from_seed(99)
    return [ENGINE.resample_hidden(state, seat, rng) for _ in range(count)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_resample_redraws_other_favourites_and_keeps_own(players: int) -> None:
    """docs/rules/tahiti.md 3.9, 9.4: a seat knows only its own Favourite tile; the others (and the
    undealt 2-player tile) are redealt from the rest of the set."""
    state = fresh(players, seed=5)
    for seat in range(players):
        seen_other: set[tuple] = set()
        for other in _samples(state, seat):
            assert other["fav"][seat] == state["fav"][seat]
            assert sorted(other["fav"] + other["fav_undealt"]) == sorted(
                state["fav"] + state["fav_undealt"]
            )
            seen_other.add(tuple(other["fav"]) + tuple(other["fav_undealt"]))
            assert ENGINE.view(other, seat) == ENGINE.view(state, seat)
        assert len(seen_other) > 1, "the other seats' Favourite tiles were never redealt"
    public = {tuple(o["fav"]) for o in _samples(state, None)}
    assert len(public) > 1


def test_resample_redraws_the_undealt_two_player_favourite() -> None:
    """docs/rules/tahiti.md 3.9 (2 players: one tile stays undealt and hidden)."""
    state = fresh(2, seed=5)
    undealt = {o["fav_undealt"][0] for o in _samples(state, None, 12)}
    assert len(undealt) > 1


def test_resample_reshuffles_below_the_stack_tops() -> None:
    """docs/rules/tahiti.md 3.6, 9.4: the stacks are face up (tops public, sizes public); what lies
    below the tops, and in which stack, is hidden."""
    state = fresh(4, seed=5)
    orders = set()
    for other in _samples(state, 0):
        assert [s[0] for s in other["stacks"]] == [s[0] for s in state["stacks"]]
        assert [len(s) for s in other["stacks"]] == [len(s) for s in state["stacks"]]
        assert sorted(t for s in other["stacks"] for t in s) == sorted(
            t for s in state["stacks"] for t in s
        )
        orders.add(json.dumps(other["stacks"]))
    assert len(orders) > 1


def test_resample_reshuffles_markers_and_reseeds() -> None:
    """docs/rules/tahiti.md 3.7, 9.4, 9.5: the face-down marker pool order and the bag draws."""
    state = fresh(3, seed=5)
    pools, rngs = set(), set()
    for other in _samples(state, 1):
        assert sorted(other["markers"]) == sorted(state["markers"])
        pools.add(tuple(other["markers"]))
        rngs.add(other["rng"])
        for key in ("board", "bag", "canoes", "charts", "at", "hommea", "first", "current"):
            assert other[key] == state[key]
    assert len(pools) > 1 and len(rngs) > 1


def test_resample_after_the_end_keeps_the_revealed_favourites() -> None:
    """docs/rules/tahiti.md 9.4: at final scoring every Favourite tile (and the undealt one) is
    shown."""
    state = acting(players=2, late=True, seat=1)
    state["bag"] = bag()
    state["end_triggered"] = True
    state, _ = play(state, 1, "end")
    assert state["phase"] == "over"
    for other in _samples(state, None):
        assert other["fav"] == state["fav"] and other["fav_undealt"] == state["fav_undealt"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_perturbation_check_passes_on_a_played_position(players: int) -> None:
    """docs/rules/tahiti.md 9.4: views, legal moves, descriptions and answers are unchanged on
    resampled states for every observer (tests/conformance.check_hidden)."""
    state = fresh(players, seed=11)
    for _ in range(12):
        seat = ENGINE.to_move(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[0]).state
    assert check_hidden(ENGINE, state, players, Rng.from_seed(3), samples=3)


def test_reveals_precisely() -> None:
    """docs/rules/tahiti.md 5.1, 5.2, 5.4, 5.9, 9.4: Hommea and tile choices reveal nothing; the
    placement uncovers the next stack tile and draws gifts; a reef crossing with cargo, fishing
    and an exhaustion marker reveal; an empty-canoe move does not."""
    state = fresh(4, seed=2)
    seat = state["current"]
    step = ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[0])  # Hommea
    assert not step.reveals
    step2 = ENGINE.apply(step.state, seat, ENGINE.legal_moves(step.state, seat)[0])  # place
    assert not step2.reveals
    step3 = ENGINE.apply(step2.state, seat, "back")
    assert not step3.reveals
    step4 = ENGINE.apply(step2.state, seat, ENGINE.legal_moves(step2.state, seat)[0])  # reefs
    assert step4.reveals
    rng = Rng.from_seed(4)
    for s, move, st in ((seat, "back", step2.state), (seat, "stay", state)):
        if move in ENGINE.legal_moves(st, s):
            check_reveals(ENGINE, st, s, move, 4, rng)

    calm = acting(at="0,0")  # empty canoe: no reef draw
    move = ENGINE.apply(calm, 0, "move 1,0")
    assert not move.reveals
    check_reveals(ENGINE, calm, 0, "move 1,0", 4, rng)
    assert not ENGINE.apply(calm, 0, "end").reveals  # growing season: no marker, next turn
    loaded = acting(at="1,0", canoe=["banana"])
    loaded["board"]["1,0"]["reefs"] = [3]  # a reef towards home
    assert ENGINE.apply(loaded, 0, "move 0,0").reveals
    fishing = acting(at="1,0")
    assert ENGINE.apply(fishing, 0, "fish").reveals
    late = acting(late=True)
    for h in late["board"].values():
        if h["kind"] == "island":
            h["cubes"] = [False, False]
    assert ENGINE.apply(late, 0, "end").state["phase"] == "exhaust"
    exhausting = ENGINE.apply(late, 0, "end").state
    target = ENGINE.legal_moves(exhausting, 0)[0]
    assert ENGINE.apply(exhausting, 0, target).reveals


def test_legal_moves_do_not_depend_on_storage_order() -> None:
    """docs/ARCHITECTURE.md 2 (order is part of the rules): a state reloaded with sorted keys offers
    the same legal moves in the same order, the same default move and the same views."""
    for players in (2, 3, 4):
        state = fresh(players, seed=21)
        for step_number in range(60):
            waiting = ENGINE.to_move(state)
            if not waiting:
                break
            seat = waiting[0]
            reloaded = json.loads(json.dumps(state, sort_keys=True))
            assert ENGINE.legal_moves(reloaded, seat) == ENGINE.legal_moves(state, seat)
            assert ENGINE.default_move(reloaded, seat) == ENGINE.default_move(state, seat)
            assert ENGINE.view(reloaded, seat) == ENGINE.view(state, seat)
            assert json.dumps(ENGINE.view(reloaded, None)) == json.dumps(ENGINE.view(state, None))
            moves = ENGINE.legal_moves(state, seat)
            state = ENGINE.apply(state, seat, moves[step_number % len(moves)]).state
