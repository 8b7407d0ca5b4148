"""Amerigo's blue action: move ships and build trading posts (docs/rules/amerigo.md 5.1). A mixin
of the engine (``shared.py``)."""

from __future__ import annotations

from typing import Any

from engines.amerigo import words as W
from engines.amerigo.position import SCORE, geometry, ship_nodes, tokens_with
from engines.amerigo.shared import Act, AmerigoRules
from engines.base import Rng, State


class ShipActions(AmerigoRules):
    @staticmethod
    def _stranded(state: State, seat: int, act: Act) -> int | None:
        """The ship that stands on an island space shared with another ship (it must go on)."""
        return act.get("strand")

    @staticmethod
    def _can_leave(
        geo: dict[str, Any], occ: dict[str, int], here: str, start: str, budget: int
    ) -> bool:
        """A ship on occupied ``start`` with ``budget`` AP (free AP plus gold) can reach a space
        where it may stop: a frame space or a free sea space other than ``here``, passing
        occupied spaces on the way (docs/rules/amerigo.md 5.1)."""
        frontier, seen = [start], {start, here}
        for _ in range(budget):
            nxt_frontier = []
            for cur in frontier:
                for n in geo["moves"][cur]:
                    if n in seen:
                        continue
                    if n.startswith("rim") or not occ.get(n):
                        return True
                    seen.add(n)
                    nxt_frontier.append(n)
            frontier = nxt_frontier
        return False

    def _moves_blue(self, state: State, seat: int, act: Act) -> list[str]:
        p = state["p"][seat]
        geo = geometry(state)
        if None in p["ships"]:
            # docs/rules/amerigo.md 5.1 / 7.5: first blue action: both ships on frame spaces, free;
            # "two spaces of his choice", so the second ship goes on another one (issue 38).
            moves: list[str] = [f"launch {r}" for r in geo["rim_names"] if r not in p["ships"]]
            if not act["did"]:
                moves.append("back")
            return moves
        occ = ship_nodes(state)
        stranded = self._stranded(state, seat, act)
        moves = []
        for i in (0, 1):
            if act["fin"][i] or (stranded is not None and stranded != i):
                continue
            if act["left"][i] <= 0 and p["gold"] <= 0:
                continue
            here = p["ships"][i]
            for nxt in geo["moves"][here]:
                if nxt.startswith("rim") or not occ.get(nxt):
                    moves.append(f"sail {i + 1} {nxt}")
                    continue
                # docs/rules/amerigo.md 5.1 / 7.6: pass through, never stop on, an occupied space;
                # the AP to leave it again may be bought with gold (rules 5.8).
                budget = act["left"][i] + p["gold"] - 1
                if self._can_leave(geo, occ, here, nxt, budget):
                    moves.append(f"sail {i + 1} {nxt}")
        if stranded is not None:
            return moves
        for i in (0, 1):
            node = p["ships"][i]
            if act["fin"][i] or node not in geo["anchor_post"] or p["posts"] <= 0:
                continue
            post = geo["anchor_post"][node]
            if post not in state["posts"] and post not in state["cover"]:
                moves.append(f"post {i + 1}")  # docs/rules/amerigo.md 5.1 / 7.7, 9.7 A6
        if tokens_with(p, "ships8", unused=True):
            moves.append("use ships8")  # docs/rules/amerigo.md 5.9 P3
        moves.append("done")
        if not act["did"]:
            moves.append("back")
        return moves

    def _apply_blue(
        self, state: State, rng: Rng, seat: int, act: Act, words: list[str], log: list[str]
    ) -> None:
        p = state["p"][seat]
        geo = geometry(state)
        verb = words[0]
        if self._leave_or_finish(state, rng, seat, act, verb, log):
            return
        act["did"] = True
        if verb == "launch":
            i = p["ships"].index(None)
            p["ships"][i] = words[1]
            log.append(W.ship_launched(seat, i + 1, words[1]))
            return
        if verb == "use":
            tok = next(t for t in p["toks"] if t[0] == "ships8" and not t[1])
            tok[1] = True
            act["left"] = [x + 8 for x in act["left"]]  # docs/rules/amerigo.md 5.9 P3
            log.append(W.ships8_used(seat))
            return
        i = int(words[1]) - 1
        if verb == "sail":
            if act["left"][i] <= 0:
                p["gold"] -= 1  # docs/rules/amerigo.md 5.8: 1 gold = +1 AP (for each ship, 5.1)
                act["left"] = [x + 1 for x in act["left"]]
            act["left"][i] -= 1
            p["ships"][i] = words[2]
            shared = not words[2].startswith("rim") and ship_nodes(state)[words[2]] > 1
            act["strand"] = i if shared else None
            log.append(W.ship_sailed(seat, i + 1, words[2]))
            return
        # post: docs/rules/amerigo.md 5.1 / 7.7-7.9
        post = geo["anchor_post"][p["ships"][i]]
        state["posts"][post] = seat
        p["posts"] -= 1
        act["fin"][i] = True
        island = geo["island_of"][post]
        discovers = str(island) not in state["discovered"]
        if discovers:
            state["discovered"][str(island)] = seat
            p["vp"] += SCORE["discovery"]  # docs/rules/amerigo.md 5.1 / 7.8: discovery 3 VP
        log.append(W.post_built(seat, post, discovers))
        self._check_complete(state, seat, island, log)  # docs/rules/amerigo.md 9.7 A11
