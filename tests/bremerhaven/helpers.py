"""Position builders for the Bremerhaven rules tests."""

from __future__ import annotations

import copy

from engines.bremerhaven import ENGINE
from engines.bremerhaven.engine import SPACE_NAMES


def fresh(players: int = 4, variant: str = "long", seed: int = 11) -> dict:
    state = ENGINE.setup(players, seed=seed, variant=variant)
    if state["step"] == "start":  # short/solo: pick starting goods
        for seat in range(players):
            for _ in range(3):
                state = ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[0]).state
    return state


def at_reveal(state: dict, bids: list[tuple[int, str, int]]) -> tuple[dict, list[str]]:
    """Replace the auction by ``bids`` (pid, space, value) and resolve up to the first decision."""
    st = copy.deepcopy(state)
    assert st["phase"] == "auction"
    for pid, space, value in bids:
        st["players"][pid]["hand"].remove(value)
        st["bids"].append([space, pid, value])
    st["turn"] = 5 * st["np"]
    st["pending"] = {}
    st["waiting"] = []
    log: list[str] = []
    ENGINE._settle(st, log)
    return st, log


def play(state: dict, seat: int, *moves: str) -> dict:
    for move in moves:
        state = ENGINE.apply(state, seat, move).state
    return state


def space(name: str) -> int:
    return SPACE_NAMES.index(name)


def finish_all(state: dict) -> dict:
    """Everyone still to move takes their default move until the next auction (or the end)."""
    while state["phase"] not in ("auction", "over"):
        seat = ENGINE.to_move(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.default_move(state, seat)).state
    return state
