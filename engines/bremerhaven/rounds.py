"""Bremerhaven's round: the settle loop that runs automatic steps, the auction and its reveal
(docs/rules/bremerhaven.md 4.1, 8.2), the order of the general actions, clean-up (5.10) and the
end of the game (6)."""

from __future__ import annotations

from engines.base import Rng, State, clone_state
from engines.bremerhaven import words as W
from engines.bremerhaven.actions import GeneralActions, resolve_contract
from engines.bremerhaven.data import BOARD, NEWS, SOLO_BANDS
from engines.bremerhaven.harbour import GENERAL_STEPS, PROGRESS_LAST, adjust_prestige, built, pay


class RoundFlow(GeneralActions):
    def _start_round(self, state: State, log: list[str]) -> None:
        state["phase"] = "auction"
        state["step"] = "auction"
        state["hier0"] = list(state["hier"])
        state["bids"] = []
        state["revealed"] = False
        state["winners"] = {}
        state["turn"] = 0
        state["pending"] = {}
        state["neutral_draws"] = []
        state["building_won"] = None
        if state["variant"] == "solo":  # rules 8.2: shuffle the neutral cards every auction
            rng = Rng(state["rng"])
            rng.shuffle(state["players"][1]["hand"])
            state["rng"] = rng.state
        log.append(W.round_starts(state))

    def _settle(self, state: State, log: list[str]) -> None:
        """Run automatic steps until some seat must decide (or the game is over)."""
        for _ in range(200):
            if state["phase"] == "over":
                state["waiting"] = []
                return
            if state["phase"] == "auction":
                if self._auction_settle(state, log):
                    return
                continue
            if state["waiting"]:
                if state["drafts"] and state.get("draft_base") is None:
                    # the start of a simultaneous step: what everyone knows of each draft
                    state["draft_base"] = clone_state(state["drafts"])
                    state["draft_base_done"] = sorted(state["done"])
                return
            if state["drafts"]:  # everyone has finished the simultaneous step: reveal it
                self._commit(state, log)
                continue
            self._next_step(state, log)
        raise RuntimeError("bremerhaven: settle loop did not converge")

    def _auction_settle(self, state: State, log: list[str]) -> bool:
        """Returns True when a human seat must bid; places neutral bids; reveals at the end."""
        total = 5 * state["np"]
        while state["turn"] < total:
            pid = state["hier0"][state["turn"] % state["np"]]  # rules 4.1: hierarchy order
            if state["players"][pid]["neutral"]:
                self._neutral_bid(state, log)
                continue
            state["waiting"] = [pid]
            return True
        self._reveal(state, log)
        return False

    def _neutral_bid(self, state: State, log: list[str]) -> None:
        """rules 8.2: draw a Newspaper; its solo symbol names the space; place the next card."""
        rng = Rng(state["rng"])
        valid = set(self._spaces(state))
        space = None
        for _ in range(60):
            if not state["news"]:  # rules 8.2: reshuffle the discards into a new deck
                state["news"] = state["news_discard"]
                state["news_discard"] = []
                rng.shuffle(state["news"])
            card = state["news"].pop(0)
            state["news_discard"].append(card)
            if NEWS[card]["solo_space"] in valid:
                space = NEWS[card]["solo_space"]
                break
            # rules 9.5 A18: a symbol naming a void space is redrawn
        state["rng"] = rng.state
        space = space or "1.3"
        neutral = state["players"][1]
        value = neutral["hand"].pop(0)
        state["bids"].append([space, 1, value])
        state["neutral_draws"].append([card, space])
        state["turn"] += 1
        log.append(W.neutral_bids(card, space))

    def _reveal(self, state: State, log: list[str]) -> None:
        """rules 4.1: reveal; highest total wins; ties by the hierarchy at round start (A1)."""
        state["revealed"] = True
        state["phase"] = "general"
        state["step"] = ""
        state["waiting"] = []
        state["pending"] = {}
        winners: dict[str, int | None] = {}
        order = state["hier0"]
        for space in self._spaces(state):
            bidders = self._bidders(state, space)
            if not bidders or space == "1.0":
                winners[space] = None
                continue
            best = max(bidders, key=lambda p: (self._bid_total(state, space, p), -order.index(p)))
            winners[space] = best
        state["winners"] = winners
        totals = [
            (space, pid, self._bid_total(state, space, pid))
            for space, pid in winners.items()
            if pid is not None
        ]
        log.append(W.bids_revealed(state, totals))

    def _next_step(self, state: State, log: list[str]) -> None:
        if state["phase"] == "setup":
            self._start_round(state, log)
            return
        if state["phase"] == "general":
            step = state["step"]
            idx = GENERAL_STEPS.index(step) + 1 if step else 0
            if idx >= len(GENERAL_STEPS):
                self._enter_individual(state, log)
                return
            state["step"] = GENERAL_STEPS[idx]
            getattr(self, f"_enter_{state['step']}")(state, log)
            return
        if state["phase"] == "individual":
            self._cleanup(state, log)
            return
        raise RuntimeError(f"bremerhaven: no step after {state['phase']}")

    def _cleanup(self, state: State, log: list[str]) -> None:
        state["phase"] = "cleanup"
        humans = [p for p in state["players"] if not p["neutral"]]
        if state["news_left"]:  # rules 5.10 5.1: resolve the event, then discard it (A12)
            card = NEWS[state["news_left"]]
            log.append(W.event(card["text"]))
            for p in humans:
                self._event(p, card)
            state["news_discard"].append(state["news_left"])
            state["news_left"] = None
        if state["variant"] == "long":  # rules 5.10 5.2
            advance = NEWS[state["news_right"]]["progress"]
        else:
            advance = BOARD["progress"]["short_advance"]  # rules 8.1, 8.2
        state["progress"] = min(PROGRESS_LAST, state["progress"] + advance)
        log.append(W.progress_advances(advance, state["progress"], PROGRESS_LAST))
        if state["progress"] >= PROGRESS_LAST:
            self._end_game(state, log)
            return
        if state["variant"] == "long":  # the progress card becomes next round's event
            state["news_left"] = state["news_right"]
            if not state["news"]:
                rng = Rng(state["rng"])
                state["news"] = state["news_discard"]
                state["news_discard"] = []
                rng.shuffle(state["news"])
                state["rng"] = rng.state
            state["news_right"] = state["news"].pop(0)
            log.append(W.next_event(NEWS[state["news_left"]]["text"]))
        self._refill(state, "sea", "ships", "ship_discard")
        self._refill(state, "land", "contracts", "contract_discard")
        for p in state["players"]:  # rules 5.10: take cards back; drop the lowest of 6
            bid_13 = any(sp == "1.3" and q == 1 for sp, q, _ in state["bids"])
            if p["neutral"] and bid_13 and p["reserve"]:
                self._upgrade(p)  # rules 8.2: the neutral upgrades whenever it bid on 1.3
        for pid, p in enumerate(state["players"]):
            p["hand"] = sorted(p["hand"] + [v for _, q, v in state["bids"] if q == pid])
            while len(p["hand"]) > 5:
                p["hand"].pop(0)
            p["upgraded"] = False
        state["round"] += 1
        self._start_round(state, log)

    def _refill(self, state: State, key: str, deck: str, discard: str) -> None:
        slots = state[key]
        if state["variant"] == "long":  # rules 5.10: discard rightmost, slide right, refill
            if slots[-1] is not None:
                state[discard].append(slots[-1])
                slots[-1] = None
            rest = [c for c in slots if c is not None]
            slots = [None] * (len(slots) - len(rest)) + rest
        else:  # rules 8.1 / 8.2: discard all, lay out new cards
            state[discard].extend(c for c in slots if c is not None)
            slots = [None] * len(slots)
        for i in range(len(slots)):
            if slots[i] is None and state[deck]:  # rules 9.5 A13
                slots[i] = state[deck].pop(0)
        state[key] = slots

    @staticmethod
    def _event(p: dict, card: dict) -> None:
        """Provisional events (data/bremerhaven/newspapers.toml); all players alike (5.10)."""
        kind, amount = card["event"], card["amount"]

        def money(delta: int) -> None:
            if delta >= 0:
                p["money"] += delta
            else:
                pay(p, -delta)

        if kind == "coins":
            money(amount)
        elif kind == "per_ship":
            money(amount * sum(1 for b in p["berths"] if b))
        elif kind == "per_building":
            money(amount * len(built(p)))
        elif kind == "per_bay":
            money(amount * sum(1 for b in p["bays"] if b))
        elif kind == "prestige":
            adjust_prestige(p, amount)
        elif kind == "lose_good":
            for sp in p["spaces"]:
                if card["good"] in sp.get("g", []):
                    sp["g"].remove(card["good"])
                    if not sp["g"]:
                        del sp["g"]
                    break
        elif kind == "ship_loss":
            for b in p["berths"]:
                if b:
                    b["n"] = max(0, b["n"] - amount)

    def _end_game(self, state: State, log: list[str]) -> None:
        """rules 6: resolve every remaining contract as if expired; score money x prestige."""
        price = self._top_price(state)
        for pid, p in enumerate(state["players"]):
            if p["neutral"]:
                continue
            for k, bay in enumerate(p["bays"]):
                if bay is not None:
                    _, _, text = resolve_contract(p, bay, price)
                    log.append(W.final_contract(state, pid, bay["id"], text))
                    state["contract_discard"].append(bay["id"])
                    p["bays"][k] = None
        state["phase"] = "over"
        state["step"] = ""
        state["waiting"] = []
        for pid, p in enumerate(state["players"]):
            if not p["neutral"]:
                log.append(W.final_score(state, pid, p["money"], p["prestige"]))
        if state["variant"] == "solo":  # rules 8.2: Captain Aha's rating
            score = state["players"][0]["money"] * state["players"][0]["prestige"]
            band = [b for b in SOLO_BANDS if score >= b["min"]][-1]
            state["rating"] = {"title": band["title"], "text": band["text"]}
            log.append(W.solo_rating(band["title"], band["text"]))
