"""Fair play: hidden information, reveals and move order (docs/rules/vasco-da-gama.md 9.4, 9.5;
docs/ARCHITECTURE.md 2). Vasco has no private hands (rules 9.4): the hidden parts are the order of
the VdG stack, of each project deck and of the merchant ships, and the generator behind the bag."""

from __future__ import annotations

import json
import random

from engines.base import Rng
from tests.conformance import check_hidden, check_reveals
from tests.vasco.helpers import E, play, ready_all, to_phase2

HIDDEN = ("vdg_stack", "decks", "merchants", "rng")


def _known(state: dict) -> dict:
    return {k: v for k, v in state.items() if k not in HIDDEN}


def _midgame(players: int, seed: int, steps: int) -> dict:
    s = E.setup(players, seed=seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if not E.to_move(s):
            break
        seat = chooser.choice(E.to_move(s))
        s = E.apply(s, seat, chooser.choice(E.legal_moves(s, seat))).state
    return s


def test_resample_redraws_every_hidden_part_and_keeps_the_rest():
    """rules 9.4 / 9.5: the VdG stack order (the next tile), each project deck's order, the
    merchant-ship stack and the generator (next bag draws) are each drawn again; everything an
    observer knows (all holdings, the board, the bag's counts, stack sizes) is kept."""
    s = E.setup(4, seed=3)
    rng = Rng.from_seed(99)
    changed = {k: False for k in ("vdg_stack", "deck 1", "deck 2", "deck 3", "merchants", "rng")}
    for observer in (None, 0, 1, 2, 3):
        for _ in range(4):
            other = E.resample_hidden(s, observer, rng)
            assert _known(other) == _known(s)
            assert sorted(other["vdg_stack"]) == sorted(s["vdg_stack"])
            assert sorted(other["merchants"]) == sorted(s["merchants"])
            for deck in ("1", "2", "3"):
                assert sorted(other["decks"][deck]) == sorted(s["decks"][deck])
                changed[f"deck {deck}"] |= other["decks"][deck] != s["decks"][deck]
            changed["vdg_stack"] |= other["vdg_stack"] != s["vdg_stack"]
            changed["merchants"] |= other["merchants"] != s["merchants"]
            changed["rng"] |= other["rng"] != s["rng"]
            assert E.view(other, observer) == E.view(s, observer)
    assert all(changed.values()), changed


def test_resampled_states_look_the_same_to_every_observer_midgame():
    """docs/ARCHITECTURE.md 2: views, legal moves, descriptions and answers are unchanged by
    resampling."""
    for players in (2, 3, 4):
        s = _midgame(players, seed=40 + players, steps=70)
        assert check_hidden(E, s, players, Rng.from_seed(5), samples=3)


def test_last_placement_reveals_the_next_vdg_tile():
    """Issue 12, rules 4.3.1: the move that ends Phase 1 turns over the next VdG tile, so it
    says ``reveals``; an ordinary placement does not."""
    s = E.setup(2, seed=8)
    seat = E.to_move(s)[0]
    step = E.apply(s, seat, "place hire")
    assert not step.reveals
    step = E.apply(step.state, seat, "number 7")
    assert not step.reveals
    # the last disc of Phase 1
    s = E.setup(2, seed=8)
    s["placed"] = {"3": [0, "hire"]}
    s["left"] = [0, 1]
    s["turn"] = 1
    s = play(s, 1, "place purchase")
    step = E.apply(s, 1, "number 9")
    assert step.state["ffa"] is not None and step.reveals
    check_reveals(E, s, 1, "number 9", 2, Rng.from_seed(1))


def test_ready_that_starts_phase2_reveals_and_launch_does_not():
    """R12 + issue 12: when a launch window stands before Phase 2, its last ``ready`` reveals
    the tile; a launch itself only records a choice (no hidden part moves)."""
    s = E.setup(2, seed=8)
    s["placed"] = {"3": [0, "hire"]}
    s["left"] = [0, 1]
    s["turn"] = 1
    s["p"][0]["projects"] = ["8"]  # crew 1
    s["p"][0]["sailors"]["grey"] = 1
    s["p"][0]["miss"] = 0
    s["p"][0]["sailors"]["purple"] = 1
    s["p"][1]["projects"] = []
    s = play(s, 1, "place purchase", "number 9")
    assert s["window"] == {"phase": "act", "waiting": [0]} and s["ffa"] is None
    step = E.apply(s, 0, "launch 8")
    assert not step.reveals
    step = E.apply(step.state, 0, "crew grey")
    assert step.state["window"] is None and step.reveals  # nothing left to launch: tile turns
    step = E.apply(s, 0, "ready")
    assert step.reveals and step.state["ffa"] is not None


def test_sernigi_and_sailor_bonus_reveal():
    """rules 9.5: Sernigi's merchant ship comes from a shuffled stack; a sailor bonus is drawn
    from the bag. Both say ``reveals``."""
    s = to_phase2(2, [(12, 0, "characters"), (14, 1, "hire")], marker=11, change=0)
    assert E.apply(s, 0, "take sernigi").reveals
    assert not E.apply(s, 0, "take money 1").reveals

    def edit(state):
        state["p"][0]["port"] = ["14"]  # limit 7
        state["p"][0]["captains"] = 1

    s = to_phase2(2, [(12, 0, "expedition"), (14, 1, "hire")], marker=11, change=0, edit=edit)
    s = play(s, 0, "send 14", "to natal")
    assert E.apply(s, 0, "space 6").reveals  # Natal 6: a sailor from the bag
    assert not E.apply(s, 0, "space 5").reveals  # Natal 5: reals only


def test_round_end_deals_hidden_projects_and_reveals():
    """rules 4.5 [SRC]: new projects come from a face-down deck: the move ending a round
    reveals."""
    s = to_phase2(2, [(12, 0, "purchase"), (14, 1, "hire")], marker=11, change=0)
    s = play(s, 0, "decline")
    step = E.apply(s, 1, "decline")
    state = ready_all(step.state)
    assert state["round"] == 2
    assert step.reveals


def test_legal_moves_survive_a_sorted_json_round_trip():
    """docs/ARCHITECTURE.md 2 "order is part of the rules": a state reloaded with sorted keys offers
    the same moves in the same order and the same default move, all through a game."""
    for players in (2, 3, 4):
        s = E.setup(players, seed=70 + players)
        chooser = random.Random(players)
        while E.to_move(s):
            reloaded = json.loads(json.dumps(s, sort_keys=True))
            assert E.to_move(reloaded) == E.to_move(s)
            for seat in E.to_move(s):
                assert E.legal_moves(reloaded, seat) == E.legal_moves(s, seat)
                assert E.default_move(reloaded, seat) == E.default_move(s, seat)
            seat = chooser.choice(E.to_move(s))
            move = chooser.choice(E.legal_moves(s, seat))
            a, b = E.apply(s, seat, move), E.apply(reloaded, seat, move)
            assert a.log == b.log
            s = a.state
