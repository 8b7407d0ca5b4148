"""Position builders for the Tahiti rules tests: setup, then edit the state dict."""

from __future__ import annotations

from engines.tahiti import ENGINE

GOODS = ("banana", "coconut", "spice", "taro", "fish")


def fresh(players: int = 4, seed: int = 1, variant: str = "standard") -> dict:
    return ENGINE.setup(players, seed=seed, variant=variant)


def bag(**counts: int) -> dict:
    return {g: counts.get(g, 0) for g in GOODS}


def island(tile: str, goods: list[str], cubes: list[bool], reefs=(), marker=None) -> dict:
    return {
        "kind": "island",
        "tile": tile,
        "reefs": sorted(reefs),
        "goods": list(goods),
        "cubes": list(cubes),
        "marker": marker,
    }


def acting(players: int = 4, seat: int = 0, at: str = "0,0", canoe=(), late: bool = False) -> dict:
    """A state in the Action Phase of ``seat``'s turn, canoe at ``at`` holding ``canoe``."""
    state = fresh(players)
    state["current"] = seat
    state["first"] = 0
    state["phase"] = "actions"
    state["actions"] = 0
    state["pending"] = {}
    state["at"][seat] = at
    state["canoes"][seat] = list(canoe)
    if late:
        state["stacks"] = [[], []]
        state["hommea"] = None
        state["era"] = "late"
    return state


def play(state: dict, seat: int, *moves: str):
    """Apply moves in order; returns (state, all log lines)."""
    lines: list[str] = []
    for move in moves:
        step = ENGINE.apply(state, seat, move)
        state = step.state
        lines += step.log
    return state, lines


def islands(state: dict) -> dict:
    return {k: h for k, h in state["board"].items() if h["kind"] == "island"}
