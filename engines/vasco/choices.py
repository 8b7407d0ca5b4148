"""What a Vasco da Gama seat may do now (docs/ARCHITECTURE.md 2 "Small decisions";
docs/rules/vasco-da-gama.md 4.2-5.6): the legal moves of each step, in a fixed order, and the
safe move for a seat that timed out. ``ChoicesMixin`` is one part of ``VascoEngine``."""

from __future__ import annotations

from engines.base import State
from engines.vasco.base import (
    COLOURS,
    LANDING_KEYS,
    PRICE_BY_COLOURS,
    ROUNDS,
    D,
    VascoBase,
    hire_price,
    right_cost,
    tile,
)
from engines.vasco.data import AREAS, CHARACTER_IDS


class ChoicesMixin(VascoBase):
    def legal_moves(self, state: State, seat: int) -> list[str]:
        if seat not in self.to_move(state):
            return []
        if str(seat) in state["launch"]:
            return self._launch_moves(state, seat)
        launches = [f"launch {t}" for t in self.launchable(state, seat)]
        if state["window"] is not None:
            return [*launches, "ready"]
        if state["phase"] == "place":
            if state["sel"] is None:
                areas = [
                    f"place {a}"
                    for a in AREAS
                    if self.area_count(state, a) < self.capacity(state, a)
                ]
                return areas + launches
            free = [n for n in range(1, 23) if str(n) not in state["placed"]]
            return [f"number {n}" for n in free] + ["back"] + launches
        # R12: launching is offered at every step where the seat is to move
        act = state["act"]
        if act is None:
            return ["decline", *self._action_moves(state, seat), *launches]
        if act["kind"] == "hire":
            return self._hire_moves(state, seat) + launches
        moves = self._exp_moves(state, seat, [])
        return moves + launches

    def _launch_moves(self, state: State, seat: int) -> list[str]:
        used = state["launch"][str(seat)]["crew"]
        colours = [c for c in self.crew_colours(state["p"][seat]) if c not in used]
        return [f"crew {c}" for c in colours] + ["back"]

    def _action_moves(self, state: State, seat: int) -> list[str]:
        number = state["call"]
        area = state["placed"][str(number)][1]
        p = state["p"][seat]
        cost = right_cost(state["ffa"], number)
        budget = p["reals"] - cost
        if budget < 0:  # rules 4.3.6 [SRC]: a player who cannot pay declines
            return []
        moves: list[str] = []
        if area == "purchase":  # rules 5.2 [SRC]
            spaces = [i + 1 for i, t in enumerate(state["offer"]) if t is not None]
            if budget >= D["purchase"]["price_one"]:
                moves += [f"buy {i}" for i in spaces]
            if budget >= D["purchase"]["price_two"]:
                moves += [f"buy {a}+{b}" for a in spaces for b in spaces if a < b]
            if state["sg"] is not None and budget >= tile(state["sg"])["crew"]:
                moves.append("buy sg")
        elif area == "hire":  # rules 5.4 [SRC]
            if budget >= PRICE_BY_COLOURS[1]:
                moves += [
                    f"section {k + 1}"
                    for k, section in enumerate(state["sections"])
                    if state["active"][k] and sum(section.values()) > 0
                ]
            if p["pool"] > 0:
                moves.append("captain only")
        elif area == "expedition":  # rules 5.5 [SRC]
            moves += [f"send {t}" for t in self.sendable(state, seat)]
        else:  # rules 5.6 [SRC fragment + PUB], R8
            for char in CHARACTER_IDS:
                if state["characters"][char] is not None:
                    continue
                if char == "manuel" and state["round"] >= ROUNDS:
                    continue  # R6/R8: no next round, no effect
                if char == "alvares" and state["missionaries"] == 0:
                    continue
                if char == "sernigi" and not state["merchants"]:
                    continue
                moves.append(f"take {char}")
            moves += [f"take money {k + 1}" for k, m in enumerate(state["money"]) if m]
        return moves

    def _hire_moves(self, state: State, seat: int) -> list[str]:
        act = state["act"]
        p = state["p"][seat]
        budget = p["reals"] - right_cost(state["ffa"], state["call"])
        section = state["sections"][act["section"]]
        moves = []
        for c in COLOURS:
            if section[c] - act["take"][c] > 0:
                take = dict(act["take"])
                take[c] += 1
                if hire_price(take, act["captain"]) <= budget:
                    moves.append(f"take {c}")
        if (
            not act["captain"]
            and p["pool"] > 0
            and hire_price(act["take"], True) <= budget
            and sum(act["take"].values()) > 0
        ):
            moves.append("captain")
        if sum(act["take"].values()) > 0:
            moves.append("done")
        return [*moves, "back"]

    def _exp_moves(self, state: State, seat: int, launches: list[str]) -> list[str]:
        act = state["act"]
        if act["ship"] is None:
            moves = [f"send {t}" for t in self.sendable(state, seat)]
            return [*moves, "done" if act["paid"] else "back", *launches]
        if act["landing"] is None:
            keys = [f"to {LANDING_KEYS[i]}" for i in self.ship_landings(state, act["ship"])]
            return [*keys, "keep" if act["sernigi"] else "back"]
        spaces = D["landings"][act["landing"]]["spaces"]
        free = self.free_spaces(state, act["landing"], tile(act["ship"])["nav_limit"])
        return [f"space {spaces[i]['value']}" for i in free] + ["back"]

    def default_move(self, state: State, seat: int) -> str:
        moves = self.legal_moves(state, seat)
        if str(seat) in state["launch"]:
            return "back"
        if state["window"] is not None:
            return "ready"
        if state["phase"] == "place":
            if state["sel"] is None:
                return next(m for m in moves if m.startswith("place"))
            return [m for m in moves if m.startswith("number")][-1]  # highest free number
        act = state["act"]
        if act is None:
            return "decline"  # rules 9.3 [NIS]: decline is always legal and safe
        if act["kind"] == "hire":
            return "back"  # nothing is paid: the decision returns, where decline is safe
        for safe in ("done", "keep", "back"):  # keep what was already sent
            if safe in moves:
                return safe
        return moves[0]
