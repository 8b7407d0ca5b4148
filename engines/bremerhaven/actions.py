"""Bremerhaven's general actions, space by space (docs/rules/bremerhaven.md 5.1-5.8), the
placing of won Ships and Contracts, and the end of a seat's harbour work (5.9 4.3, 4.4)."""

from __future__ import annotations

from engines.base import State
from engines.bremerhaven import words as W
from engines.bremerhaven.choices import LegalMoves
from engines.bremerhaven.data import BOARD, CONTRACTS, SHIPS
from engines.bremerhaven.harbour import (
    PRESTIGE_MAX,
    adjust_prestige,
    harbour_prestige,
    has_ability,
    pay,
)
from i18n import Msg, dump


def resolve_contract(p: dict, bay: dict, price: dict) -> tuple[int, bool, Msg]:
    """rules 5.9 4.4: sell delivered goods, then bonus if complete or penalty if not."""
    card = CONTRACTS[bay["id"]]
    sale = sum(price[g] for g in bay["got"])
    p["money"] += sale
    complete = len(bay["got"]) == len(card["goods"])
    parts = [W.sold(len(bay["got"]), sale)]
    if complete:
        bonus = card["bonus_coins"] + (1 if has_ability(p, "customs") else 0)
        p["money"] += bonus
        if bonus:
            parts.append(W.bonus_coins(bonus))
        if card["bonus_prestige"]:
            adjust_prestige(p, 1)
            parts.append(W.BONUS_PRESTIGE)
    else:
        pen = card["penalty_coins"]
        if pen and has_ability(p, "insurance"):
            pen = max(0, pen - 2)
        if pen:
            parts.append(W.penalty_paid(pay(p, pen)))
        if card["penalty_prestige"]:
            adjust_prestige(p, -1)
            parts.append(W.PENALTY_PRESTIGE)
    return sale, complete, W.joined_commas(parts)


class GeneralActions(LegalMoves):
    def _enter_park(self, state: State, log: list[str]) -> None:
        """rules 5.1: 1 coin per card on Parking, whatever its value."""
        for pid, p in enumerate(state["players"]):
            n = sum(1 for sp, q, _ in state["bids"] if sp == "1.0" and q == pid)
            if n and not p["neutral"]:
                p["money"] += n
                log.append(W.parks(state, pid, n))

    def _enter_building(self, state: State, log: list[str]) -> None:
        """rules 5.2: the winner takes the top Building; no bid removes it (A13: none left)."""
        if not state["buildings"]:
            return
        top = state["buildings"].pop(0)
        state["building_won"] = top
        win = state["winners"].get("1.1")
        if win is None:
            log.append(W.building_leaves(top))
        elif state["players"][win]["neutral"]:
            log.append(W.neutral_discards_building(top))  # rules 8.2
        else:
            state["players"][win]["unbuilt"].append(top)
            log.append(W.takes_building(state, win, top))

    def _enter_permit(self, state: State, log: list[str]) -> None:
        """rules 5.3: multi-user space; bidders only; winner's first permit free."""
        bidders = [p for p in self._bidders(state, "1.2") if not state["players"][p]["neutral"]]
        if not bidders:
            return
        high = self._highest(state, "1.2")
        self._open_drafts(state, bidders)
        win = state["winners"]["1.2"]
        for pid in bidders:
            d = state["drafts"][str(pid)]
            d["permits"] = 0
            d["bought"] = 0
            d["pc"] = [high - self._bid_total(state, "1.2", pid), high]
            if pid == win:
                d["permits"] = 1
                d["bought"] = 1
                d["notes"].append(dump(W.FREE_PERMIT))
        self._auto_finish(state)

    def _enter_upgrade(self, state: State, log: list[str]) -> None:
        """rules 5.4: winner upgrades free; other bidders may pay the difference (A3: once)."""
        bidders = [p for p in self._bidders(state, "1.3") if not state["players"][p]["neutral"]]
        if not bidders:
            return
        high = self._highest(state, "1.3")
        win = state["winners"]["1.3"]
        ask = []
        for pid in bidders:
            p = state["players"][pid]
            diff = 0 if pid == win else high - self._bid_total(state, "1.3", pid)
            if not p["reserve"] or p["upgraded"]:
                # rules 7.11
                log.append(W.cannot_upgrade(state, pid))
                continue
            if diff == 0:  # free (winner, or tied with the highest: rules 7.3)
                self._upgrade(p)
                log.append(W.upgrades_free(state, pid))
            elif p["money"] >= diff:
                ask.append((pid, diff))
        if ask:
            self._open_drafts(state, [pid for pid, _ in ask])
            for pid, diff in ask:
                state["drafts"][str(pid)]["diff"] = diff

    def _enter_price(self, state: State, log: list[str]) -> None:
        """rules 5.5: the winner may put any card on top; no bid rotates the pile; the
        Commodity Exchange lets its owner choose if no other player bid (provisional effect)."""
        win = state["winners"].get("1.4")
        bidders = self._bidders(state, "1.4")
        chooser = None
        if win is not None and not state["players"][win]["neutral"]:
            chooser = win
        else:
            for pid, p in enumerate(state["players"]):
                if not p["neutral"] and has_ability(p, "exchange") and set(bidders) <= {pid}:
                    chooser = pid
                    log.append(W.uses_exchange(state, pid))
                    break
        if chooser is None:
            self._rotate_prices(state)
            log.append(W.prices_rotate(state))
            return
        state["single"] = chooser
        state["waiting"] = [chooser]
        known = state.setdefault("price_known", [])
        if chooser not in known:  # rules 9.3: the chooser looks through the whole pile
            known.append(chooser)
            known.sort()
            state["shown"] = state.get("shown", 0) + 1

    def _enter_career(self, state: State, log: list[str]) -> None:
        """rules 5.6: the winner may swap two adjacent tokens; the neutral becomes Captain."""
        win = state["winners"].get("1.5")
        if win is not None and state["players"][win]["neutral"]:
            if state["hier"][0] != win:
                state["hier"].remove(win)
                state["hier"].insert(0, win)
                log.append(W.NEUTRAL_CAPTAIN)
        elif win is not None:
            state["single"] = win
            state["waiting"] = [win]
            return
        self._income(state, log)

    def _income(self, state: State, log: list[str]) -> None:
        """rules 5.6: income 4/3/2/1 by the (new) rank, whether or not anyone bid."""
        incomes = []
        for rank, pid in enumerate(state["hier"]):
            p = state["players"][pid]
            if p["neutral"]:
                continue
            amount = BOARD["income"]["round"][rank] + (1 if has_ability(p, "income") else 0)
            p["money"] += amount
            incomes.append((pid, amount))
        log.append(W.income(state, incomes))

    def _enter_place(self, state: State, log: list[str]) -> None:
        """rules 5.7 / 5.8: Sea, then Land; won cards leave the boards."""
        queues: dict[int, list[list[str]]] = {}
        for board, key in (("2", "sea"), ("3", "land")):
            for i, card in enumerate(state[key]):
                win = state["winners"].get(f"{board}.{i + 1}")
                if card is None or win is None:
                    continue
                state[key][i] = None
                discard = "ship_discard" if key == "sea" else "contract_discard"
                if state["players"][win]["neutral"]:  # rules 8.2: the neutral discards it
                    state[discard].append(card)
                    space = f"{board}.{i + 1}"
                    log.append(W.neutral_discards_card(space))
                    continue
                queues.setdefault(win, []).append([key, card])
        if not queues:
            return
        self._open_drafts(state, list(queues))
        for pid, queue in queues.items():
            state["drafts"][str(pid)]["queue"] = queue
        for pid in list(queues):
            self._place_auto(state, pid)
        self._auto_finish(state)

    def _place_auto(self, state: State, pid: int) -> None:
        """Discard unplaceable items (contracts with their penalty); place forced ones."""
        d = state["drafts"][str(pid)]
        while d.get("queue"):
            item = d["queue"][0]
            options = self._place_options(d, item)
            rivals = sum(1 for it in d["queue"] if it[0] == item[0])
            if len(options) > 1 or (options and rivals > 1):
                return  # a real choice (which berth/bay, or which card to place first)
            d["queue"].pop(0)
            if options:
                self._do_place(state, d, item, options[0])
                continue
            kind, card = item
            disc = d.setdefault("disc", {"ship": [], "contract": []})
            if kind == "sea":  # rules 5.7: no berth: discarded, no penalty
                disc["ship"].append(card)
                d["notes"].append(dump(W.ship_sailed_away(card)))
            else:  # rules 5.8: no free bay: discarded with its penalty
                disc["contract"].append(card)
                c = CONTRACTS[card]
                paid = pay(d, c["penalty_coins"])
                if c["penalty_prestige"]:
                    adjust_prestige(d, -1)
                d["notes"].append(dump(W.no_free_bay(card, paid, c["penalty_prestige"])))

    def _do_place(self, state: State, d: dict, item: list[str], move: str) -> None:
        kind, card = item
        parts = move.split()
        if kind == "sea":
            ship = SHIPS[card]
            good = parts[2] if len(parts) > 2 else ship["goods"]
            d["berths"][int(parts[1]) - 1] = {
                "id": card,
                "t": ship["load"],
                "g": good,
                "n": ship["cargo"],
            }
            d["notes"].append(dump(W.berthed(card, parts[1], ship["cargo"], good)))
        else:
            d["bays"][int(parts[1]) - 1] = {"id": card, "t": CONTRACTS[card]["time"], "got": []}
            d["notes"].append(dump(W.contract_on_bay(card, parts[1])))

    def _auto_finish(self, state: State) -> None:
        """A seat whose only legal move is `done` is finished at once."""
        for s in list(state["waiting"]):
            if self._draft_moves(state, s) == ["done"]:
                if state["step"] == "harbour":
                    self._harbour_end(state, state["drafts"][str(s)])
                self._finish_seat(state, s)

    def _enter_individual(self, state: State, log: list[str]) -> None:
        state["phase"] = "individual"
        state["step"] = "harbour"
        seats = list(range(state["n"]))
        self._open_drafts(state, seats)
        for s in seats:
            state["drafts"][str(s)]["prod"] = []
            state["drafts"][str(s)]["moved"] = False
        log.append(W.INDIVIDUAL_ACTIONS)
        self._auto_finish(state)

    def _harbour_end(self, state: State, d: dict) -> None:
        """rules 5.9 4.3 (prestige high-water mark) and 4.4 (time markers, expiry)."""
        total = harbour_prestige(d)
        if total > d["prestige"]:
            d["prestige"] = min(PRESTIGE_MAX, total)
            d["notes"].append(dump(W.reached_prestige(d["prestige"])))
        for i, b in enumerate(d["berths"]):
            if b is None:
                continue
            b["t"] -= 1
            if b["t"] <= 0:  # rules 5.9 4.4: the ship leaves; leftover goods are lost
                d.setdefault("disc", {"ship": [], "contract": []})["ship"].append(b["id"])
                d["berths"][i] = None
                d["notes"].append(dump(W.ship_leaves(b["id"], i + 1)))
        price = self._top_price(state)
        for k, bay in enumerate(d["bays"]):
            if bay is None:
                continue
            bay["t"] -= 1
            if bay["t"] <= 0:
                _, _, text = resolve_contract(d, bay, price)
                d.setdefault("disc", {"ship": [], "contract": []})["contract"].append(bay["id"])
                d["bays"][k] = None
                d["notes"].append(dump(W.contract_expired(bay["id"], text)))
