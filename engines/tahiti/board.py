"""Tahiti's board and canoes (docs/rules/tahiti.md 2): axial hex coordinates, reefs, edges and the
loading rules, as plain functions over the state's parts (no words, no engine).

Coordinates are ``q,r`` keys with the Home Island at ``0,0``; directions and edge indices are
e=0, ne=1, nw=2, w=3, sw=4, se=5 (``engines/tahiti/engine.py`` says how reefs turn)."""

from __future__ import annotations

from typing import Any

from engines.tahiti import data as tdata

DIRS = tdata.DIRECTIONS
OFFSETS = tdata.OFFSETS


def _c() -> dict[str, Any]:
    return tdata.components()


def key(q: int, r: int) -> str:
    return f"{q},{r}"


def parse(k: str) -> tuple[int, int]:
    q, r = k.split(",")
    return int(q), int(r)


def neighbours(k: str) -> list[str]:
    q, r = parse(k)
    return [key(q + dq, r + dr) for dq, dr in OFFSETS]


def direction(a: str, b: str) -> int:
    (qa, ra), (qb, rb) = parse(a), parse(b)
    return OFFSETS.index((qb - qa, rb - ra))


def distance(a: str, b: str) -> int:
    (qa, ra), (qb, rb) = parse(a), parse(b)
    dq, dr = qa - qb, ra - rb
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def is_edge(board: dict, k: str) -> bool:
    """docs/rules/tahiti.md 9.7 A6: a placed tile with at least one empty neighbour position."""
    return any(n not in board for n in neighbours(k))


def placements(board: dict, at: str, need: int) -> list[str]:
    """docs/rules/tahiti.md 5.1(b): empty positions next to Hommea with ``need`` placed
    neighbours."""
    found = []
    for n in neighbours(at):
        if n in board:
            continue
        # docs/rules/tahiti.md 9.7 A7: any placed tile counts, Hommea's hex, Home and Sea tiles too.
        if sum(1 for m in neighbours(n) if m in board) >= need:
            found.append(n)
    return found


def reefs_crossed(board: dict, a: str, b: str) -> int:
    """docs/rules/tahiti.md 2.4, 5.4: one reef per tile side of the shared edge (0, 1 or 2)."""
    d = direction(a, b)
    return int(d in board[a]["reefs"]) + int((d + 3) % 6 in board[b]["reefs"])


def rowers(canoe: list[str]) -> int:
    """docs/rules/tahiti.md 2.3, 9.7 A3: visible Rowers = 4 - max(0, cubes - 2)."""
    return 4 - max(0, len(canoe) - 2)


def canoe_accepts(canoe: list[str], colour: str) -> bool:
    """docs/rules/tahiti.md 5.8, 9.7 A1: at most 5 cubes, all one colour or all different
    colours."""
    if len(canoe) >= _c()["draws"]["canoe_capacity"]:
        return False
    if not canoe:
        return True
    if all(c == colour for c in canoe):
        return True
    return len(set(canoe)) == len(canoe) and colour not in canoe


def turned_reefs(tile_id: str, rotation: int) -> list[int]:
    return sorted((d + rotation) % 6 for d in _c()["tiles"][tile_id]["reefs"])


def reef_label(reefs: list[int]) -> str:
    return ",".join(DIRS[d] for d in sorted(reefs))
