"""The base of Bremerhaven's engine parts (docs/ARCHITECTURE.md 9): the state's shared helpers
(simultaneous drafts, the bids, the open spaces, the price pile) that every part builds on. The
parts are layered so each calls only what it inherits: ``choices`` (legal moves) and ``views`` on
this base, ``actions`` (general actions, rules 5.1-5.9) on ``choices``, ``rounds`` (the round's
flow, clean-up, the end) on ``actions``, ``play`` (applying a move) on ``rounds``, ``hidden``
(hidden information) on ``play``; ``engine.Bremerhaven`` joins them."""

from __future__ import annotations

from engines.base import BaseEngine, State, clone_state
from engines.bremerhaven import words as W
from engines.bremerhaven.data import PRICES
from engines.bremerhaven.harbour import TOWN


class BremerhavenBase(BaseEngine):
    def _open_drafts(self, state: State, seats: list[int]) -> None:
        state["drafts"] = {}
        for s in seats:
            d = clone_state(state["players"][s])
            d["notes"] = []
            d["sel"] = None
            state["drafts"][str(s)] = d
        state["waiting"] = sorted(seats)
        state["done"] = []

    def _commit(self, state: State, log: list[str]) -> None:
        """The simultaneous step ends: every draft becomes public. That shows each seat's hidden
        work to the others, except in a one-decision step (1.3) where only one seat chose."""
        deciders = [k for k, d in state["drafts"].items() if d.get("n", 0)]
        if state["step"] == "place":
            pass  # placements are public as they are made (see view)
        elif state["step"] != "upgrade" or len(deciders) > 1:
            state["shown"] = state.get("shown", 0) + 1
        state["draft_base"] = None
        state["draft_base_done"] = []
        for key, d in sorted(state["drafts"].items()):
            pid = int(key)
            disc = d.pop("disc", {})
            state["ship_discard"].extend(disc.get("ship", []))
            state["contract_discard"].extend(disc.get("contract", []))
            d.pop("n", None)
            for note in d.pop("notes", []):
                log.append(W.player_did(state, pid, note))
            for scratch in (
                "sel",
                "pick",
                "picks",
                "permits",
                "bought",
                "pc",
                "queue",
                "prod",
                "moved",
                "diff",
            ):
                d.pop(scratch, None)
            state["players"][pid] = d
        state["drafts"] = {}
        state["done"] = []

    def _bid_total(self, state: State, space: str, pid: int) -> int:
        return sum(v for sp, p, v in state["bids"] if sp == space and p == pid)

    def _bidders(self, state: State, space: str) -> list[int]:
        return sorted({p for sp, p, _ in state["bids"] if sp == space})

    def _highest(self, state: State, space: str) -> int:
        return max(
            (self._bid_total(state, space, p) for p in self._bidders(state, space)), default=0
        )

    def _top_price(self, state: State) -> dict:
        return PRICES[state["prices"][0]]

    def open_spaces(self, state: State) -> list[str]:
        """The auction spaces open to a bid this round (docs/rules/bremerhaven.md 4.2)."""
        return self._spaces(state)

    def _spaces(self, state: State) -> list[str]:
        """rules 4.2: the bid spaces open this round (A13: a void 1.1 or ship/contract slot)."""
        out = ["1.0"] + (["1.1"] if state["buildings"] else []) + TOWN[2:]
        out += [f"2.{i + 1}" for i, s in enumerate(state["sea"]) if s]
        out += [f"3.{i + 1}" for i, c in enumerate(state["land"]) if c]
        return out

    def _finish_seat(self, state: State, seat: int) -> None:
        if seat in state["waiting"]:
            state["waiting"].remove(seat)
            state["done"].append(seat)

    @staticmethod
    def _upgrade(p: dict) -> None:
        """rules 5.4: the lowest reserve card joins the hand; the lowest goes at clean-up."""
        p["hand"].append(p["reserve"].pop(0))
        p["upgraded"] = True

    @staticmethod
    def _rotate_prices(state: State) -> None:
        """rules 5.5: the top card goes to the bottom (everyone sees which), the next one shows."""
        state["prices"].append(state["prices"].pop(0))
        tail = state.get("price_tail", 0) + 1
        state["price_tail"] = min(tail, len(state["prices"]) - 1)
        state["shown"] = state.get("shown", 0) + 1
