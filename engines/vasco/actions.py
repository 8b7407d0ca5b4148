"""Moves applied to a Vasco da Gama state (docs/rules/vasco-da-gama.md 4.2-5.6; rules notes R4,
R7, R8 and R12 in ``engines/vasco/engine.py``): a disc placed, a ship launched, and Phase 2's
decisions (decline, Purchase, Hire, Expedition, Characters). ``ActionsMixin`` is one part of
``VascoEngine``; what each move says is made in ``words.py``."""

from __future__ import annotations

from engines.base import Rng, State
from engines.vasco import words
from engines.vasco.base import (
    COLOURS,
    LANDING_KEYS,
    MISSIONARY,
    D,
    hire_price,
    line_reals,
    right_cost,
    tile,
)
from engines.vasco.rounds import RoundsMixin
from i18n import dump


class ActionsMixin(RoundsMixin):
    def _apply(self, state: State, seat: int, move: str):
        log: list[str] = []
        parts = move.split()
        verb = parts[0]
        if str(seat) in state["launch"]:
            self._apply_launch(state, seat, parts, log)
        elif verb == "launch":
            state["launch"][str(seat)] = {"tile": parts[1], "crew": []}
        elif verb == "ready":
            self._ready(state, seat, log)
        elif state["phase"] == "place":
            self._apply_place(state, seat, parts, log)
        else:
            self._apply_act(state, seat, parts, log)
        # The state is JSON: it keeps each line's message id and parameters (i18n.dump), and
        # the view makes the words again, in the reader's language.
        state["log"] = (state["log"] + [dump(line) for line in log])[-8:]
        return log, {}

    def _apply_launch(self, state: State, seat: int, parts: list[str], log: list[str]) -> None:
        # rules 5.3 [SRC]: launch with a full crew of pairwise different colours
        if parts[0] == "back":
            del state["launch"][str(seat)]
            return
        pend = state["launch"][str(seat)]
        pend["crew"].append(parts[1])
        tid = pend["tile"]
        if len(pend["crew"]) < tile(tid)["crew"]:
            return
        p = state["p"][seat]
        for colour in pend["crew"]:
            if colour == MISSIONARY:
                p["miss"] -= 1
                state["missionaries"] += 1  # rules 5.3: missionaries to the Characters area
            else:
                p["sailors"][colour] -= 1
                state["bag"][colour] += 1  # rules 5.3: sailors back to the bag
        p["projects"].remove(tid)
        p["port"].append(tid)
        del state["launch"][str(seat)]
        log.append(words.launched(seat, tid, pend["crew"]))
        if state["window"] is not None and not self.launchable(state, seat):
            self._ready(state, seat, log)  # nothing more to launch: this seat is done

    def _apply_place(self, state: State, seat: int, parts: list[str], log: list[str]) -> None:
        # rules 4.2 [PUB] / R4: choose an area, then a free number
        if parts[0] == "place":
            state["sel"] = parts[1]
            return
        if parts[0] == "back":
            state["sel"] = None
            return
        number = int(parts[1])
        state["placed"][str(number)] = [seat, state["sel"]]
        state["left"][seat] -= 1
        log.append(words.disc_placed(seat, number, state["sel"]))
        state["sel"] = None
        players = state["players"]
        for step in range(1, players + 1):
            nxt = (seat + step) % players
            if state["left"][nxt] > 0:
                state["turn"] = nxt
                return
        self._open_window(state, "act", log)  # R12: launch window, then the tile is revealed

    def _apply_act(self, state: State, seat: int, parts: list[str], log: list[str]) -> None:
        act = state["act"]
        if act is not None and act["kind"] == "hire":
            self._apply_hire(state, seat, parts, log)
            return
        if act is not None:
            self._apply_exp(state, seat, parts, log)
            return
        number = state["call"]
        p = state["p"][seat]
        verb = parts[0]
        if verb == "decline":
            # rules 4.3.6 [SRC]: declining pays the reals of the number's line (21/22: 0)
            gain = line_reals(number)
            p["reals"] += gain
            log.append(words.declined(seat, number, gain))
            self._finish_call(state, log)
            return
        if verb == "buy":
            self._pay_right(state, seat, log)
            self._apply_buy(state, seat, parts[1], log)
            self._finish_call(state, log)
        elif verb == "section":
            state["act"] = {
                "kind": "hire",
                "section": int(parts[1]) - 1,
                "take": {c: 0 for c in COLOURS},
                "captain": False,
            }
        elif verb == "captain":  # "captain only": rules 5.4 [SRC], free without sailors
            self._pay_right(state, seat, log)
            p["pool"] -= 1
            p["captains"] += 1
            log.append(words.captain_hired(seat))
            self._finish_call(state, log)
        elif verb == "send":
            state["act"] = {
                "kind": "exp",
                "paid": False,
                "sernigi": False,
                "ship": parts[1],
                "landing": None,
            }
        elif verb == "take":
            self._pay_right(state, seat, log)
            self._apply_character(state, seat, parts[1:], log)
        else:  # pragma: no cover - legal_moves lists nothing else
            raise AssertionError(verb)

    def _pay_right(self, state: State, seat: int, log: list[str]) -> None:
        # rules 4.3.5 [SRC]: pay FFA - number for the right to act (separate from the price)
        cost = right_cost(state["ffa"], state["call"])
        state["p"][seat]["reals"] -= cost
        if cost:
            log.append(words.paid_to_act(seat, cost, state["call"]))

    def _apply_buy(self, state: State, seat: int, what: str, log: list[str]) -> None:
        # rules 5.2 [SRC]: 1 project for 1, 2 projects for 4, or Sao Gabriel for its crew size
        p = state["p"][seat]
        if what == "sg":
            tid = state["sg"]
            price = tile(tid)["crew"]
            state["sg"] = None
            p["port"].append(tid)  # launched at once, no crew spent
            p["reals"] -= price
            log.append(words.bought_sao_gabriel(seat, price))
            return
        spaces = [int(s) - 1 for s in what.split("+")]
        price = D["purchase"]["price_one"] if len(spaces) == 1 else D["purchase"]["price_two"]
        bought = [state["offer"][i] for i in spaces]
        for i in spaces:
            state["offer"][i] = None
        p["projects"] += bought
        p["reals"] -= price
        log.append(words.bought_projects(seat, bought, price))

    def _apply_hire(self, state: State, seat: int, parts: list[str], log: list[str]) -> None:
        # rules 5.4 [SRC]: sailors from one section and/or one captain
        act = state["act"]
        verb = parts[0]
        if verb == "back":
            state["act"] = None
        elif verb == "take":
            act["take"][parts[1]] += 1
        elif verb == "captain":
            act["captain"] = True
        else:  # done
            p = state["p"][seat]
            self._pay_right(state, seat, log)
            price = hire_price(act["take"], act["captain"])
            p["reals"] -= price
            section = state["sections"][act["section"]]
            for c, n in act["take"].items():
                section[c] -= n
                p["sailors"][c] += n
            if act["captain"]:
                p["pool"] -= 1
                p["captains"] += 1
            log.append(words.hired(seat, act["take"], act["section"] + 1, price, act["captain"]))
            self._finish_call(state, log)

    def _apply_exp(self, state: State, seat: int, parts: list[str], log: list[str]) -> None:
        # rules 5.5 [SRC] + R7
        act = state["act"]
        verb = parts[0]
        if verb == "send":
            act["ship"] = parts[1]
        elif verb == "to":
            act["landing"] = LANDING_KEYS.index(parts[1])
        elif verb == "back":
            if act["landing"] is not None:
                act["landing"] = None
            elif act["ship"] is not None and not act["sernigi"]:
                act["ship"] = None
            else:
                state["act"] = None  # nothing sent yet: back to the decision
        elif verb in ("done", "keep"):
            if verb == "keep":
                log.append(words.kept_in_port(seat))
            self._finish_call(state, log)
        else:  # space
            if not act["paid"]:
                self._pay_right(state, seat, log)
                act["paid"] = True
            self._sail(state, seat, act["ship"], act["landing"], int(parts[1]), log)
            if act["sernigi"]:
                self._finish_call(state, log)
            else:
                act["ship"] = None
                act["landing"] = None

    def _sail(
        self, state: State, seat: int, tid: str, landing: int, value: int, log: list[str]
    ) -> None:
        """Put a ship from port on a landing space and take the space's reward (R7)."""
        p = state["p"][seat]
        spaces = D["landings"][landing]["spaces"]
        index = next(i for i, sp in enumerate(spaces) if sp["value"] == value)
        space = spaces[index]
        p["port"].remove(tid)
        if not state["act"]["sernigi"]:
            p["captains"] -= 1  # rules 5.5 [SRC]: a captain on board (R7)
        state["landings"][landing][index] = [seat, tid]
        p["vp"] += space["vp"]
        p["vp_src"]["landings"] += space["vp"]
        bonus: str | None = None  # what the space gave beyond its VP
        drawn: list[str] = []
        if space["bonus"] == "reals":
            p["reals"] += space["amount"]
            bonus = "reals"
        elif space["bonus"] == "sailor":
            rng = Rng(state["rng"])
            for _ in range(space["amount"]):
                if sum(state["bag"].values()):
                    colour = self._draw(state, rng)
                    p["sailors"][colour] += 1
                    drawn.append(colour)
            state["rng"] = rng.state
            bonus = "sailor"
        elif space["bonus"] == "captain" and p["pool"] > 0:
            p["pool"] -= 1
            p["captains"] += 1
            bonus = "captain"
        log.append(words.sent(seat, tid, landing, space, bonus, drawn))

    def _apply_character(self, state: State, seat: int, what: list[str], log: list[str]) -> None:
        # rules 5.6 [SRC fragment + PUB], R8
        p = state["p"][seat]
        if what[0] == "money":
            k = int(what[1]) - 1
            gain = state["money"][k]
            state["money"][k] = 0
            p["reals"] += gain
            log.append(words.money_taken(seat, gain, k + 1))
            self._finish_call(state, log)
            return
        char = what[0]
        state["characters"][char] = seat  # rules 4.3.7 [SRC]: the disc stays until round end
        log.append(words.character_taken(seat, char))
        if char == "manuel":
            state["next_discs"][seat] = D["game"]["discs"] + 1
        elif char == "dias":
            p["vp"] += 2
            p["vp_src"]["dias"] += 2
        elif char == "alvares":
            got = min(2, state["missionaries"])
            state["missionaries"] -= got
            p["miss"] += got
        else:  # sernigi
            ship = state["merchants"].pop()
            p["port"].append(ship)
            log.append(words.merchant_received(seat, ship))
            if self.ship_landings(state, ship):
                state["act"] = {
                    "kind": "exp",
                    "paid": True,
                    "sernigi": True,
                    "ship": ship,
                    "landing": None,
                }
                return
        self._finish_call(state, log)
