"""Helpers for the Vasco da Gama rules tests: build positions by setup, then editing the state."""

from __future__ import annotations

from engines.vasco import ENGINE
from engines.vasco.data import load

D = load()
E = ENGINE


def tile_with_change(change: int) -> int:
    return next(t["id"] for t in D["vdg_list"] if t["change"] == change)


def play(state: dict, seat: int, *moves: str) -> dict:
    for move in moves:
        state = E.apply(state, seat, move).state
    return state


def ready_all(state: dict) -> dict:
    """Close an open launch window (R12) with every waiting seat answering ``ready``."""
    while state["window"] is not None:
        state = E.apply(state, state["window"]["waiting"][0], "ready").state
    return state


def empty_hands(state: dict) -> None:
    """Clear the starting-character gifts so a test controls every piece."""
    for p in state["p"]:
        p["miss"] = 0
        p["port"] = []
        p["projects"] = []
        p["sailors"] = {c: 0 for c in p["sailors"]}
    state["next_discs"] = [4] * state["players"]


def to_phase2(
    players: int,
    placements: list[tuple[int, int, str]],
    *,
    marker: int = 11,
    change: int = -3,
    seed: int = 1,
    edit=None,
) -> dict:
    """A state just entering Phase 2 with ``placements`` ((number, seat, area), the last one
    placed by a real move), the marker at ``marker`` and a VdG tile of ``change`` on top."""
    state = E.setup(players, seed=seed)
    empty_hands(state)
    if edit:
        edit(state)
    *rest, (number, seat, area) = placements
    state["placed"] = {str(n): [s, a] for n, s, a in rest}
    state["left"] = [0] * players
    state["left"][seat] = 1
    state["turn"] = seat
    state["sel"] = None
    state["marker"] = marker
    state["vdg_stack"].append(tile_with_change(change))
    return ready_all(play(state, seat, f"place {area}", f"number {number}"))
