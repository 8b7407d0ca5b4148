"""Bremerhaven's legal moves: who is awaited and what each seat may do now, step by step
(docs/rules/bremerhaven.md 4, 5; docs/ARCHITECTURE.md 2 "Small decisions")."""

from __future__ import annotations

from engines.base import IllegalMove, State
from engines.bremerhaven import words as W
from engines.bremerhaven.data import BUILDINGS, CONTRACTS, GOODS, SHIPS
from engines.bremerhaven.harbour import (
    SPACE_NAMES,
    accepts,
    bay_open,
    berth_size,
    bollard_cost,
    can_hold,
    has_ability,
    is_empty,
    kinds,
    source_good,
    source_move,
)
from engines.bremerhaven.shared import BremerhavenBase


class LegalMoves(BremerhavenBase):
    def to_move(self, state: State) -> list[int]:
        return list(state["waiting"]) if state["phase"] != "over" else []

    def legal_moves(self, state: State, seat: int) -> list[str]:
        if seat not in self.to_move(state):
            return []
        if state["phase"] == "auction":
            space = state["pending"].get(str(seat))
            if space is None:
                return [f"bid {sp}" for sp in self._spaces(state)]
            hand = state["players"][seat]["hand"]
            return [f"card {v}" for v in sorted(set(hand))] + ["back"]
        step = state["step"]
        if step == "price":  # rules 5.5: keep, or any card of the pile on top
            return ["keep"] + [f"price {pid}" for pid in sorted(state["prices"][1:])]
        if step == "career":  # rules 5.6: any adjacent pair, or none
            return ["no swap"] + [f"swap {i + 1}" for i in range(len(state["hier"]) - 1)]
        return self._draft_moves(state, seat)

    def _draft_moves(self, state: State, seat: int) -> list[str]:
        d = state["drafts"][str(seat)]
        step = state["step"]
        if step == "start":
            return self._start_options(d)
        if step == "permit":
            return self._permit_moves(d)
        if step == "upgrade":
            return ["upgrade", "decline"]
        if step == "place":
            if not d.get("queue"):
                return ["done"]
            head = d["queue"][0]
            moves = self._place_options(d, head)
            if sum(1 for it in d["queue"] if it[0] == head[0]) > 1:
                moves.append("later")  # rules 9.2 G5: the owner chooses the placement order
            return moves
        if step == "harbour":
            return self._harbour_moves(d)
        return ["done"]

    def _start_options(self, d: dict) -> list[str]:
        """rules 8.1 / 9.5 A10: goods not printed on the starting contract, repeats allowed."""
        printed = {g for g in CONTRACTS[d["bays"][0]["id"]]["goods"] if g != "any"}
        allowed = [g for g in GOODS if g not in printed] or list(GOODS)
        return [f"take {g}" for g in allowed]

    def _place_options(self, d: dict, item: list[str]) -> list[str]:
        kind, card = item
        if kind == "sea":
            ship = SHIPS[card]
            berths = [
                i
                for i in range(3)
                if d["berths"][i] is None and berth_size(d, i) >= ship["mooring"]
            ]
            if ship["goods"] == "any":  # rules 5.7: wildcards all become one type
                return [f"dock {i + 1} {g}" for i in berths for g in GOODS]
            return [f"dock {i + 1}" for i in berths]
        return [f"bay {k + 1}" for k in range(4) if d["bays"][k] is None]  # rules 9.5 A4

    def _permit_moves(self, d: dict) -> list[str]:
        """rules 5.3: buy permits, then use each for a bollard, a cleared cover or a building."""
        sel = d.get("sel")
        if sel:  # choosing the space for a building
            return [f"at {SPACE_NAMES[i]}" for i, sp in enumerate(d["spaces"]) if is_empty(sp)] + [
                "back"
            ]
        moves = []
        price = d["pc"][0] if not d["bought"] else d["pc"][1]
        if d["money"] >= price:
            moves.append("buy permit")
        if d["permits"] > 0:
            for q in range(4):
                if d["quays"][q] < 3 and d["money"] >= bollard_cost(d, q):
                    moves.append(f"bollard {q + 1}")
            for i, sp in enumerate(d["spaces"]):
                if "c" in sp and d["money"] >= sp["c"]:
                    moves.append(f"clear {SPACE_NAMES[i]}")
            if any(is_empty(sp) for sp in d["spaces"]):
                moves.extend(f"build {b}" for b in sorted(set(d["unbuilt"])))
        moves.append("done")
        return moves

    def _harbour_moves(self, d: dict) -> list[str]:
        sel = d.get("sel")
        empties = [i for i, sp in enumerate(d["spaces"]) if is_empty(sp)]
        if sel is None:
            moves = []
            if not d["moved"]:  # rules 5.9 4.1 comes before 4.2
                for sp in d["spaces"]:
                    b = BUILDINGS.get(sp.get("b", ""))
                    if not b or b["ability"] != "produce" or sp["b"] in d["prod"]:
                        continue
                    if b["makes"] == "money" or empties:
                        moves.append(f"produce {sp['b']}")
            for i in range(3):
                if self._targets(d, f"berth{i + 1}"):
                    moves.append(f"from berth{i + 1}")
            for i, sp in enumerate(d["spaces"]):
                name, goods = SPACE_NAMES[i], sp.get("g", [])
                for good in kinds(goods):
                    if self._targets(d, name, good) or self._conversions(d, i, good):
                        moves.append(source_move(name, goods, good))
            moves.append("done")
            return moves
        if sel.startswith("@"):  # a produced good goes to an empty space
            return [f"to {SPACE_NAMES[i]}" for i in empties] + ["back"]
        picked = source_good(d, sel)
        moves = [f"to {t}" for t in self._targets(d, sel, picked)]
        if sel in SPACE_NAMES:
            moves += self._conversions(d, SPACE_NAMES.index(sel), picked)
        return [*moves, "back"]

    def _targets(self, d: dict, loc: str, good: str | None = None) -> list[str]:
        """rules 5.9 4.2: ship->storage, storage->storage, storage->contract (crane: ship->bay)."""
        good = good or source_good(d, loc)
        if good is None:
            return []
        out = [
            SPACE_NAMES[i]
            for i in range(len(SPACE_NAMES))
            if SPACE_NAMES[i] != loc and can_hold(d, i, good)
        ]
        if loc in SPACE_NAMES or has_ability(d, "crane"):
            for k, bay in enumerate(d["bays"]):
                if bay and bay_open(d, k) and accepts(bay, good):
                    out.append(f"bay{k + 1}")
        return out

    def _conversions(self, d: dict, idx: int, good: str | None) -> list[str]:
        """rules 5.9 4.2: pack 2 crates <-> 1 container for 1 coin (A8: storage only), offered
        with the crates or the container picked up."""
        cost = 0 if has_ability(d, "freepack") else 1
        if d["money"] < cost:
            return []
        goods = d["spaces"][idx].get("g", [])
        if good == "crate" and goods.count("crate") >= 2:
            return ["pack"]
        if good == "container" and "container" in goods:
            return ["unpack"]
        return []

    def default_move(self, state: State, seat: int) -> str:
        moves = self.legal_moves(state, seat)
        if not moves:
            raise IllegalMove(W.NO_MOVE_NOW)
        if state["phase"] == "auction":  # rules 9.3: the lowest card on Parking
            return "bid 1.0" if "bid 1.0" in moves else moves[0]
        for safe in ("done", "keep", "no swap", "decline", "back"):
            if safe in moves:
                return safe
        return moves[0]
