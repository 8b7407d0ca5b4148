"""Amerigo's numbers from ``data/amerigo`` and the plain reads of a position that the rules
(``flow.py``, ``tracks.py``, ``ships.py``, ``tiles.py``, ``production.py``), the words for people
(``words.py``) and the engine's public accessors share. Nothing here changes a state except
``add_gold``, which changes one player's holdings."""

from __future__ import annotations

from typing import Any

from engines.amerigo import data as D
from engines.base import State

COLOURS = ("blue", "black", "red", "brown", "green", "yellow", "white")
GOODS = ("cotton", "tobacco", "sugar", "coconuts", "coffee")
LETTER_GOOD = dict(zip("ctskf", GOODS, strict=True))
ROUNDS = 5


def board() -> dict[str, Any]:
    return D.board()


def _tokens() -> dict[str, dict[str, Any]]:
    return {t["id"]: t for t in D.load()["tokens"]["progress"]}


TOKENS = _tokens()
SPECIAL = board()["special_track"]
SPECIAL_COLOURS = SPECIAL["colours"]
SPECIAL_VP = {int(k): v for k, v in SPECIAL["vp"].items()}
PROGRESS_LAST = board()["progress_track"]["last"]
PROGRESS_VP = {int(k): v for k, v in board()["progress_track"]["vp"].items()}
GOLD_MAX = board()["tracks"]["gold_max"]
CANNON_MAX = board()["tracks"]["cannon_max"]
SCORE = board()["scoring"]
POST_TABLE = board()["trading_post_table"]["values"]


def track_vp(table: dict[int, int], pos: int) -> int:
    """Highest printed VP reached or passed (rules 5.4, 5.7, 6.3)."""
    return max([v for k, v in table.items() if k <= pos], default=0)


def geometry(state: State) -> dict[str, Any]:
    """The island layout's geometry (spaces, islands, ports) of this game."""
    return D.geometry(tuple(state["grid"]), state["n"])


def player_order(state: State) -> list[int]:
    """docs/rules/amerigo.md 4.2.4: furthest ahead first; in a stack, top first."""
    ps = state["p"]
    return sorted(range(state["n"]), key=lambda s: (ps[s]["opos"], ps[s]["stamp"]), reverse=True)


def add_gold(p: dict[str, Any], amount: int) -> int:
    """docs/rules/amerigo.md 5.8: gold above 12 becomes 1 VP each at once. Returns VP gained."""
    total = p["gold"] + amount
    over = max(0, total - GOLD_MAX)
    p["gold"] = min(GOLD_MAX, total)
    p["vp"] += over
    return over


def tokens_with(p: dict[str, Any], effect: str, unused: bool = False) -> list[str]:
    """The progress tokens of player ``p`` with ``effect`` (``unused``: not yet used)."""
    return [
        tid for tid, used in p["toks"] if TOKENS[tid]["effect"] == effect and not (unused and used)
    ]


def bonus(p: dict[str, Any], colour: str) -> int:
    """docs/rules/amerigo.md 5.9 P1/P2: +2 or +1 AP for depicted actions."""
    extra = 0
    for tid, _ in p["toks"]:
        tok = TOKENS[tid]
        if tok["effect"] == "ap2" and colour in tok["colours"]:
            extra += 2
        elif tok["effect"] == "ap1" and colour in tok["colours"]:
            extra += 1
    return extra


def time_value(state: State) -> int:
    """docs/rules/amerigo.md 5.5: the number on the topmost time marker."""
    return state["time"][0] if state["time"] else board()["time_markers"]["printed"]


def free_ap(state: State, seat: int, colour: str) -> int:
    """The action points ``seat`` has for a ``colour`` action this phase, bonuses included."""
    return state["turn"]["ap"] + bonus(state["p"][seat], colour)


def track_room(state: State, seat: int, colour: str) -> int:
    """How many steps are left on the track a ``colour`` action advances: cannons (5.2),
    progress (5.4), the order track (5.7)."""
    p = state["p"][seat]
    if colour == "black":
        return CANNON_MAX - p["can"]
    if colour == "brown":
        return PROGRESS_LAST - p["prog"]
    return len(SPECIAL_COLOURS) - 1 - p["opos"]


def ship_nodes(state: State) -> dict[str, int]:
    """Island sea cells holding ships: cell -> number of ships (frame spaces excluded)."""
    out: dict[str, int] = {}
    for p in state["p"]:
        for node in p["ships"]:
            if node and not node.startswith("rim"):
                out[node] = out.get(node, 0) + 1
    return out


def rim_side(state: State, rim: str) -> str:
    """The edge of the map (``top``, ``left``, ...) a frame space lies along."""
    return next(r["side"] for r in geometry(state)["rims"] if r["name"] == rim)
