"""Helpers for Amerigo rules tests: build positions by setup, then edit the state dict."""

from __future__ import annotations

from engines.amerigo import ENGINE
from engines.amerigo import data as D
from engines.amerigo.engine import COLOURS, Amerigo
from engines.base import Rng

E = ENGINE


def fresh(players: int = 2, seed: int = 0) -> dict:
    return E.setup(players, seed=seed)


def give_turn(state: dict, seat: int, space: dict | None = None) -> dict:
    """Make ``seat`` the player to act now, with ``space`` cubes on the action space."""
    full = dict.fromkeys(COLOURS, 0)
    full.update(space or {"black": 3})
    state["space"] = full
    order = [seat] + [s for s in range(state["n"]) if s != seat]
    state["turn"] = {
        "order": order,
        "i": 0,
        "ap": max(full.values()),
        "cubes": sum(full.values()),
        "act": None,
    }
    return state


def play(state: dict, seat: int, *moves: str) -> dict:
    for move in moves:
        state = E.apply(state, seat, move).state
    return state


def geo(state: dict) -> dict:
    return D.geometry(tuple(state["grid"]), state["n"])


def cover_with_landscape(state: dict, cells: list[str], builder: int = 1) -> None:
    """Cover cells with 1-space neutral landscapes (as if built earlier)."""
    for cell in cells:
        state["cover"][cell] = len(state["placed"])
        state["placed"].append(["l1", -1, builder, [cell]])


class FixedTower(Amerigo):
    """The engine with a tower that releases a given set of cubes per dropped colour."""

    def __init__(self, release: dict[str, dict[str, int]]) -> None:
        self.release = release

    def _drop(self, state, rng, cubes):
        colour = next((c for c, n in cubes.items() if n), None)
        out = dict.fromkeys(COLOURS, 0)
        out.update(self.release.get(colour, {}))
        return out


def start_phase(engine: Amerigo, state: dict) -> list[str]:
    log: list[str] = []
    rng = Rng(state["rng"])
    engine._start_phase(state, rng, log)
    state["rng"] = rng.state
    return log


def land_neighbours(state: dict, cell: str) -> list[str]:
    g = geo(state)
    return [
        nb
        for nb in g["nbrs"][cell]
        if nb in g["land"] and g["kind"][nb] != "P" and nb not in state["cover"]
    ]
