"""Which moves Tahiti offers (docs/rules/tahiti.md 5): the options of each phase, the legal
moves in board or data order, and the move a seat makes when it must move and has not. The
first layer of the engine class (``engine.py``); ``turns.py`` plays the moves on top of it."""

from __future__ import annotations

from engines.base import BaseEngine, IllegalMove, State
from engines.tahiti.board import (
    _c,
    canoe_accepts,
    distance,
    is_edge,
    neighbours,
    parse,
    placements,
    reef_label,
    turned_reefs,
)
from i18n import T


class TahitiMoves(BaseEngine):
    """Tahiti's queries: whose turn, what each phase allows (no state is changed here)."""

    def to_move(self, state: State) -> list[int]:
        if state["phase"] == "over":
            return []
        return [state["current"]]

    def hommea_options(self, state: State) -> tuple[list[str], bool]:
        """docs/rules/tahiti.md 5.1(a), 9.7 A8: Hommea's destinations (her own hex = stay).

        Returns the destinations and whether a normal placement (two neighbours) exists.
        """
        board, h = state["board"], state["hommea"]
        cands = [h] if is_edge(board, h) else []
        cands += [n for n in neighbours(h) if n in board and is_edge(board, n)]
        if not cands:
            # Not in the rules file: no edge hex next to her; go to a nearest edge hex.
            edges = [k for k in board if is_edge(board, k)]
            best = min(distance(h, k) for k in edges)
            cands = sorted(k for k in edges if distance(h, k) == best)
        good = [c for c in cands if placements(board, c, 2)]
        return (good, True) if good else (cands, False)

    def place_options(self, state: State) -> list[str]:
        board, h = state["board"], state["hommea"]
        # docs/rules/tahiti.md 5.1(b); 9.7 A8 fallback: a single neighbour when two is impossible.
        return placements(board, h, 2) or placements(board, h, 1)

    def gift_options(self, state: State, colour: str) -> list[str]:
        """docs/rules/tahiti.md 5.2: empty spaces of the cube's type on islands without a marker."""
        found = []
        for k, hexa in state["board"].items():
            if hexa["kind"] != "island" or hexa["marker"] is not None:
                continue
            for i, g in enumerate(hexa["goods"]):
                if g == colour and not hexa["cubes"][i]:
                    found.append(k)
        return sorted(found, key=lambda k: (distance("0,0", k), parse(k)))

    def exhaust_options(self, state: State) -> list[str]:
        """docs/rules/tahiti.md 5.9, 9.7 A21/A23: islands without marker and without cubes."""
        return sorted(
            (
                k
                for k, hexa in state["board"].items()
                if hexa["kind"] == "island" and hexa["marker"] is None and not any(hexa["cubes"])
            ),
            key=lambda k: (distance("0,0", k), parse(k)),
        )

    @staticmethod
    def islands_left(state: State) -> int:
        """docs/rules/tahiti.md 4: Island tiles without an Exhaustion marker (the end clock)."""
        return sum(
            1 for h in state["board"].values() if h["kind"] == "island" and h["marker"] is None
        )

    def legal_moves(self, state: State, seat: int) -> list[str]:
        if seat not in self.to_move(state):
            return []
        phase = state["phase"]
        if phase == "hommea":
            opts, _ = self.hommea_options(state)
            h = state["hommea"]
            return (["stay"] if h in opts else []) + [f"hommea {k}" for k in opts if k != h]
        if phase == "place":
            spots = self.place_options(state)
            return [f"place {'ab'[s]} {k}" for s in (0, 1) if state["stacks"][s] for k in spots]
        if phase == "rotate":
            tile = state["stacks"][state["pending"]["stack"]][0]
            labels: list[str] = []
            for rot in range(6):
                label = f"reefs {reef_label(turned_reefs(tile, rot))}"
                if label not in labels:
                    labels.append(label)
            return [*labels, "back"]
        if phase == "gift":
            colour = state["pending"]["gifts"][0]
            return [f"gift {colour} {k}" for k in self.gift_options(state, colour)]
        if phase == "keep":
            return ["keep", "release"]
        if phase == "exhaust":
            return [f"exhaust {k}" for k in self.exhaust_options(state)]
        return self._action_moves(state, seat)

    def _action_moves(self, state: State, seat: int) -> list[str]:
        board = state["board"]
        pos = state["at"][seat]
        canoe = state["canoes"][seat]
        moves = [f"move {n}" for n in neighbours(pos) if n in board]  # docs/rules/tahiti.md 5.4
        here = board[pos]
        if here["kind"] == "island":  # docs/rules/tahiti.md 5.5, 9.7 A22
            for i, g in enumerate(here["goods"]):
                if here["cubes"][i] and canoe_accepts(canoe, g):
                    moves.append(f"harvest {g}")
        if here["kind"] != "home":  # docs/rules/tahiti.md 5.6, 7.10
            moves.append("fish")
        if here["kind"] == "home" and canoe:  # docs/rules/tahiti.md 5.7; 9.7 A14
            moves.append("deliver")
        moves.append("end")  # docs/rules/tahiti.md 9.7 A4
        return moves

    def default_move(self, state: State, seat: int) -> str:
        moves = self.legal_moves(state, seat)
        if not moves:
            raise IllegalMove(T("That seat has no move to make now."))
        phase = state["phase"]
        if phase == "actions":
            return "end"
        if phase == "keep":
            return "keep"
        if phase == "hommea" and "stay" in moves:
            return "stay"
        if phase == "exhaust":
            # Spare the islands growing the player's own favourite goods.
            fav = set(_c()["favourites"][state["fav"][seat]])
            board = state["board"]
            return min(moves, key=lambda m: len(fav & set(board[m.split()[1]]["goods"])))
        return moves[0]
