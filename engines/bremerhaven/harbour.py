"""Bremerhaven's pieces and the rules over one harbour: the board's constants, the cards as views
show them, and what a player's harbour holds, costs and scores (docs/rules/bremerhaven.md 3, 5).
Plain functions over the state's dicts, shared by the engine's parts, the words and the
heuristics."""

from __future__ import annotations

from collections import Counter

from engines.bremerhaven.data import (
    BOARD,
    BUILDINGS,
    CONTRACTS,
    COVER_COST,
    GOODS,
    SHIPS,
    SPOT_COST,
)

SPACE_NAMES = [f"{r}{c}" for r in "abc" for c in "1234"]
RANKS = ["Captain", "First Mate", "Sailor", "Cook"]
TOWN = ["1.0", "1.1", "1.2", "1.3", "1.4", "1.5"]
HAND_START = list(BOARD["influence"]["hand"])
RESERVE_START = sorted((Counter(BOARD["influence"]["values"]) - Counter(HAND_START)).elements())
PRESTIGE_MAX = BOARD["prestige_track"]["max"]
PROGRESS_LAST = BOARD["progress"]["last"]
GENERAL_STEPS = ["park", "building", "permit", "upgrade", "price", "career", "place"]


def units(good: str) -> int:
    return 1 if good == "crate" else 2


SHIP_FIELDS = ("id", "name", "load", "cargo", "goods", "mooring", "prestige")
CONTRACT_FIELDS = (
    "id",
    "time",
    "goods",
    "bonus_coins",
    "bonus_prestige",
    "penalty_coins",
    "penalty_prestige",
)
BUILDING_FIELDS = ("id", "name", "prestige", "ability", "text")


def ship_card(sid: str) -> dict:
    return {k: SHIPS[sid][k] for k in SHIP_FIELDS}


def contract_card(cid: str) -> dict:
    return {k: CONTRACTS[cid][k] for k in CONTRACT_FIELDS}


def building_card(bid: str) -> dict:
    return {k: BUILDINGS[bid][k] for k in BUILDING_FIELDS}


def has_ability(p: dict, ability: str) -> bool:
    return any(BUILDINGS[sp["b"]]["ability"] == ability for sp in p["spaces"] if "b" in sp)


def built(p: dict) -> list[str]:
    return [sp["b"] for sp in p["spaces"] if "b" in sp]


def is_empty(sp: dict) -> bool:
    return not sp


def can_hold(p: dict, idx: int, good: str) -> bool:
    """rules 5.9 4.2: a space holds 1 passenger, barrel or container, or up to 2 crates; some
    Buildings hold goods (provisional: `store` buildings hold `capacity` half-spaces). Whatever
    the good comes from: a ship's crate may join a single crate, as "to empty storage spaces"
    reads "with room for that good" (see /rules reconstructed 15)."""
    sp = p["spaces"][idx]
    if "c" in sp:
        return False
    goods = sp.get("g", [])
    if "b" in sp:
        b = BUILDINGS[sp["b"]]
        if b["ability"] != "store":
            return False
        return sum(units(g) for g in goods) + units(good) <= b["capacity"]
    if not goods:
        return True
    return good == "crate" and goods == ["crate"]


def kinds(goods: list[str]) -> list[str]:
    """The kinds of good on a space, in the order of GOODS (not in storage order)."""
    return [g for g in GOODS if g in goods]


def source_move(name: str, goods: list[str], good: str) -> str:
    """rules 5.9 4.2 (p.8-9, goods move as you wish): the move that picks up ``good`` from the
    space ``name``: ``from a2``, or ``from a2 passenger`` where the space holds more than one
    kind (only a goods-holding Building can), so that any good on it can be chosen."""
    return f"from {name}" if len(kinds(goods)) < 2 else f"from {name} {good}"


def bay_open(p: dict, k: int) -> bool:
    """rules 5.8: the right bays open once the space directly below is uncovered."""
    return k < BOARD["harbour"]["open_bays"] or "c" not in p["spaces"][k]


def accepts(bay: dict, good: str) -> bool:
    """rules 5.8 / 9.2: fixed types plus wildcards; the delivered multiset must still match."""
    req = CONTRACTS[bay["id"]]["goods"]
    if len(bay["got"]) >= len(req):
        return False
    fixed = Counter(r for r in req if r != "any")
    wild = req.count("any")
    new = Counter([*bay["got"], good])
    return sum(max(0, n - fixed[t]) for t, n in new.items()) <= wild


def berth_size(p: dict, i: int) -> int:
    """rules 5.7: the smaller bollard count of the two quays (+1 with the Lighthouse)."""
    return min(p["quays"][i], p["quays"][i + 1]) + (1 if has_ability(p, "moor") else 0)


def harbour_prestige(p: dict) -> int:
    """rules 5.9 4.3: ships at berths plus built buildings."""
    total = sum(SHIPS[b["id"]]["prestige"] for b in p["berths"] if b)
    return total + sum(BUILDINGS[b]["prestige"] for b in built(p))


def bollard_cost(p: dict, q: int) -> int:
    cost = SPOT_COST[q][p["quays"][q]]
    if has_ability(p, "shipyard"):
        cost = max(0, cost - 2)
    return cost


def new_player(variant: str, neutral: bool = False) -> dict:
    spaces: list[dict] = [{} for _ in SPACE_NAMES]
    if variant == "long":  # rules 3.6: cover cards on columns 3 and 4
        for i, name in enumerate(SPACE_NAMES):
            if name in COVER_COST:
                spaces[i] = {"c": COVER_COST[name]}
    return {
        "money": 0,
        "prestige": 0,
        "hand": list(HAND_START),
        "reserve": list(RESERVE_START),
        "upgraded": False,
        "neutral": neutral,
        "quays": [0, 1, 1, 0],  # rules 3.8: one bollard on each quay of the middle berth
        "berths": [None, None, None],
        "bays": [None, None, None, None],
        "spaces": spaces,
        "unbuilt": [],
    }


def adjust_prestige(p: dict, delta: int) -> None:
    p["prestige"] = max(0, min(PRESTIGE_MAX, p["prestige"] + delta))  # rules 9.5 A9


def pay(p: dict, amount: int) -> int:
    """A penalty paid as much as you have (rules 5.8, 7.23); returns what was paid."""
    paid = min(p["money"], max(0, amount))
    p["money"] -= paid
    return paid


def source_good(d: dict, loc: str) -> str | None:
    """The good taken from ``loc``: a ship's, or on a space the one the seat picked (rules
    5.9 4.2: any good on a space may be moved; ``pick`` is set with the selection)."""
    if loc.startswith("berth"):
        b = d["berths"][int(loc[5:]) - 1]
        return b["g"] if b and b["n"] > 0 else None
    goods = d["spaces"][SPACE_NAMES.index(loc)].get("g", [])
    if loc == d.get("sel") and d.get("pick") in goods:
        return d["pick"]
    return kinds(goods)[0] if goods else None
