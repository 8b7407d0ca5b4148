"""Amerigo's yellow action: buy production tokens (docs/rules/amerigo.md 5.6). A mixin of the
engine (``shared.py``)."""

from __future__ import annotations

from engines.amerigo import words as W
from engines.amerigo.position import GOODS
from engines.amerigo.shared import Act, AmerigoRules
from engines.base import Rng, State


class ProductionActions(AmerigoRules):
    def _moves_yellow(self, state: State, seat: int, act: Act) -> list[str]:
        budget = act["ap"] + state["p"][seat]["gold"]
        offers = sorted(
            {(g, c) for slot in state["prodarea"] if slot for g, c in [slot] if c <= budget},
            key=lambda gc: (GOODS.index(gc[0]), gc[1]),
        )
        moves = [f"buy {g} {c}" for g, c in offers]
        moves.append("done")
        if not act["did"]:
            moves.append("back")
        return moves

    def _apply_yellow(
        self, state: State, rng: Rng, seat: int, act: Act, words: list[str], log: list[str]
    ) -> None:
        p = state["p"][seat]
        if self._leave_or_finish(state, rng, seat, act, words[0], log):
            return
        act["did"] = True
        good, cost = words[1], int(words[2])
        slot = state["prodarea"].index([good, cost])
        state["prodarea"][slot] = None
        gold = self._pay(p, act, cost)  # docs/rules/amerigo.md 5.6: the printed cost in AP
        p["prod"][good] += 1
        log.append(W.production_bought(seat, good, cost, gold))
