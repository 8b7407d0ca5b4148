"""Amerigo in words: counts, component names and effects, generated from ``data/amerigo`` so the
text players read can never drift from the data the engine plays by."""

from __future__ import annotations

from typing import Any

from engines.amerigo import data as D

ACTION_NAMES = {
    "blue": "Move ships",
    "black": "Load cannons",
    "red": "Plan",
    "brown": "Progress",
    "green": "Build",
    "yellow": "Buy production tokens",
    "white": "white (order disc or special)",
}
SHAPE_NAMES = {
    # Letters of the usual polyomino names (I straight, L, T, O square, P, R rectangle).
    "i": "straight",
    "l": "L",
    "t": "T",
    "o": "square",
    "p": "P",
    "r": "block",
}


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 cannon``, ``2 cannons`` (``many`` for irregular plurals)."""
    if n == 1:
        return f"1 {word}"
    return f"{n} {many or word + 's'}"


def seat_name(seat: int) -> str:
    """Seats as the host names them (it replaces ``Player A`` with display names)."""
    return f"Player {'ABCD'[seat]}"


def tokens() -> dict[str, dict[str, Any]]:
    return {t["id"]: t for t in D.load()["tokens"]["progress"]}


def _actions(colours: list[str]) -> str:
    return " or ".join(ACTION_NAMES[c] for c in colours)


def token_text(tid: str) -> str:
    """What progress token ``tid`` does, as a phrase (rules/amerigo.md 5.9):
    ``permanent: +2 AP whenever you choose Move ships``."""
    tok = tokens()[tid]
    eff = tok["effect"]
    kind = {"permanent": "permanent", "once": "once", "end": "final scoring"}[tok["kind"]]
    body = {
        "ap2": lambda: f"+2 AP whenever you choose {_actions(tok.get('colours', []))}",
        "ap1": lambda: f"+1 AP whenever you choose {_actions(tok.get('colours', []))}",
        "ships8": lambda: "in Move ships, +8 AP for each ship",
        "pirates2": lambda: "every other player fights pirates 2 stronger",
        "halfloss": lambda: "losing to pirates costs only half the VP (rounded down)",
        "pirategold": lambda: "+2 gold each time you beat the pirates",
        "gold": lambda: f"take {tok.get('amount', 0)} gold on any of your turns",
        "income": lambda: f"+{tok.get('amount', 0)} gold at every round end",
        "two_landscapes": lambda: "Plan may take 2 landscape tiles in one phase",
        "order_top": lambda: "a white order move puts your disc on top of the first player",
        "red_green": lambda: "red cubes count as green and green as red when you choose",
        "end_posts": lambda: "1 VP per trading post you built",
        "end_islands": lambda: "2 VP per completed island where you have a post",
        "end_gold": lambda: "your gold scores a second time",
        "end_cannons": lambda: "1 VP per 2 cannons left",
    }[eff]()
    return f"{kind}: {body}"


def token_name(tid: str) -> str:
    """A progress token's name in words (the printed tokens carry symbols, not names):
    ``+2 AP for Move ships``, ``5 gold once``, ``Bonus for gold``."""
    tok = tokens()[tid]
    eff = tok["effect"]
    if eff in ("ap2", "ap1"):
        return f"+{eff[-1]} AP for {_actions(tok.get('colours', []))}"
    return {
        "ships8": "+8 AP per ship",
        "pirates2": "Stronger pirates for the others",
        "halfloss": "Half losses to pirates",
        "pirategold": "Gold from pirates",
        "gold": f"{tok.get('amount', 0)} gold once",
        "income": f"+{tok.get('amount', 0)} gold income",
        "two_landscapes": "Two landscapes",
        "order_top": "Top of the order",
        "red_green": "Red and green as one",
        "end_posts": "Bonus for trading posts",
        "end_islands": "Bonus for islands",
        "end_gold": "Bonus for gold",
        "end_cannons": "Bonus for cannons",
    }[eff]


def shape_kind(sid: str) -> str:
    return D.shapes()[sid]["kind"]


def shape_name(sid: str) -> str:
    """A tile id as words: ``l4t`` -> ``T landscape (4 spaces)``, ``v2`` -> ``village (2)``."""
    s = D.shapes()[sid]
    letter = sid[2:3]
    form = SHAPE_NAMES.get(letter, "")
    kind = s["kind"]
    size = s["size"]
    spaces = plural(size, "space")
    return f"{form} {kind} ({spaces})".strip() if form else f"{kind} ({spaces})"


def shape_rows(sid: str) -> list[str]:
    kind = shape_kind(sid)
    return next(r["rows"] for r in D.load()["pieces"][kind] if r["id"] == sid)


def shape_summary(sid: str) -> str:
    """``l4t: T landscape (4 spaces), cost 4 AP, 4 VP small / 6 VP big island``."""
    s = D.shapes()[sid]
    cost = D.tile_cost(sid)
    return (
        f"{sid}: {shape_name(sid)}, costs {cost} AP, scores {s['small']} VP on a small "
        f"island or {s['big']} VP on a big one"
    )


def cells_text(cells: list[str]) -> str:
    return ", ".join(cells)
