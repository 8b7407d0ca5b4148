"""What each seat of Bremerhaven may know (docs/ARCHITECTURE.md 2 ``view``;
docs/rules/bremerhaven.md 9.3): the public table, each harbour, and a seat's private hand, bids
and draft."""

from __future__ import annotations

from typing import Any

from engines.base import State
from engines.bremerhaven.choices import LegalMoves
from engines.bremerhaven.data import NEWS, PRICES, SPOT_COST
from engines.bremerhaven.harbour import (
    PROGRESS_LAST,
    RANKS,
    RESERVE_START,
    SPACE_NAMES,
    bay_open,
    berth_size,
    bollard_cost,
    building_card,
    built,
    contract_card,
    harbour_prestige,
    ship_card,
)


class Views(LegalMoves):
    def _harbour_view(self, p: dict) -> dict:
        return {
            "money": p["money"],
            "prestige": p["prestige"],
            "harbour_prestige": harbour_prestige(p),
            "cards_in_hand": len(p["hand"]),
            "reserve": len(p["reserve"]),
            # rules 5.4: upgrades so far (the hand follows from it: rules 5.4 [inference])
            "upgrades": len(RESERVE_START) - len(p["reserve"]),
            # rules 5.3 a: the cost printed on the next free bollard spot of each quay
            "next_bollard_cost": [
                bollard_cost(p, q) if p["quays"][q] < 3 else None for q in range(4)
            ],
            "quays": list(p["quays"]),
            "berth_sizes": [berth_size(p, i) for i in range(3)],
            "berths": [
                None
                if b is None
                else {"ship": ship_card(b["id"]), "time": b["t"], "good": b["g"], "count": b["n"]}
                for b in p["berths"]
            ],
            "bays": [
                None
                if b is None
                else {"contract": contract_card(b["id"]), "time": b["t"], "got": list(b["got"])}
                for b in p["bays"]
            ],
            "bays_open": [bay_open(p, k) for k in range(4)],
            "spaces": [
                {
                    "name": SPACE_NAMES[i],
                    "cover": sp.get("c"),
                    "building": sp.get("b"),
                    "goods": list(sp.get("g", [])),
                }
                for i, sp in enumerate(p["spaces"])
            ],
            "unbuilt": list(p["unbuilt"]),
            "neutral": p["neutral"],
        }

    def view(self, state: State, seat: int | None) -> dict:
        revealed = state["revealed"]
        bids = [
            {"space": sp, "pid": pid, "value": v if revealed else None}
            for sp, pid, v in state["bids"]
        ]
        news_right = state["news_right"]
        public: dict[str, Any] = {
            "game": self.id,
            "variant": state["variant"],
            "players": state["n"],
            "bidders": state["np"],
            "round": state["round"],
            "phase": state["phase"],
            "step": state["step"],
            "to_move": self.to_move(state),
            "submitted": sorted(state["done"]),
            # the space a bidder has picked and is now choosing a card for: the location of a
            # bid is public (rules 9.3), only the value is hidden
            "choosing": {k: v for k, v in sorted(state["pending"].items())},
            "starting_goods_taken": (
                {k: d.get("picks", 0) for k, d in sorted(state["drafts"].items())}
                if state["step"] == "start"
                else {}
            ),
            "placing": self._placing_view(state),
            "single": state["single"],
            "hierarchy": list(state["hier"]),
            "ranks": RANKS[: state["np"]],
            "progress": state["progress"],
            "progress_last": PROGRESS_LAST,
            "sea": [ship_card(c) if c else None for c in state["sea"]],
            "land": [contract_card(c) if c else None for c in state["land"]],
            "ships_left": len(state["ships"]),
            # rules 5.7 / 5.8 / 5.10: the discard piles lie face up
            "ship_discard": list(state["ship_discard"]),
            "contract_discard": list(state["contract_discard"]),
            "news_discard": list(state["news_discard"]),
            "newspapers_left": len(state["news"]),
            # rules 5.3 a: the cost printed on each bollard spot (quay 1-4, spot 1-3)
            "bollard_costs": [list(row) for row in SPOT_COST],
            "contracts_left": len(state["contracts"]),
            "building_top": building_card(state["buildings"][0]) if state["buildings"] else None,
            # rules 5.2: the Building taken from 1.1 this round (the top card is the next one)
            "building_won": (
                building_card(state["building_won"]) if state.get("building_won") else None
            ),
            "buildings_left": len(state["buildings"]),
            "price": dict(self._top_price(state)),
            "price_cards": len(state["prices"]),
            # rules 5.5: cards moved under the pile were seen by everyone (bottom card last)
            "price_bottom": (
                [dict(PRICES[c]) for c in state["prices"][-state["price_tail"] :]]
                if state.get("price_tail")
                else []
            ),
            "progress_card": ({"progress": NEWS[news_right]["progress"]} if news_right else None),
            "event_card": dict(NEWS[state["news_left"]]) if state["news_left"] else None,
            "neutral_draws": [
                {"card": c, "space": s, "solo_space": NEWS[c]["solo_space"]}
                for c, s in state["neutral_draws"]
            ],
            "bids": bids,
            "revealed": revealed,
            "winners": dict(state["winners"]),
            "spaces_open": self._spaces(state) if state["phase"] == "auction" else [],
            "harbours": [self._harbour_view(p) for p in state["players"]],
            "buildings": {k: building_card(k) for k in sorted(self._seen(state))},
            "rating": dict(state["rating"]) if state["rating"] else None,
            "scores": [
                p["money"] * p["prestige"] if not p["neutral"] else None for p in state["players"]
            ],
        }
        if seat is None:
            return public
        p = state["players"][seat]
        priv: dict[str, Any] = {
            "hand": list(p["hand"]),
            "my_bids": [[sp, v] for sp, pid, v in state["bids"] if pid == seat],
            "pending": state["pending"].get(str(seat)),
            "legal": self.legal_moves(state, seat),
        }
        d = state["drafts"].get(str(seat))
        if d is not None:
            priv["draft"] = self._harbour_view(d)
            priv["draft_notes"] = list(d.get("notes", []))
        if state["step"] == "price" and state["single"] == seat:
            priv["price_pile"] = [dict(PRICES[c]) for c in state["prices"]]
        return public | {"seat": seat, "private": priv}

    def _placing_view(self, state: State) -> list[dict]:
        """rules 5.7 / 5.8: won Ships and Contracts are placed in the open; per seat, the cards
        still to place (the first one is being placed now) and the harbour as placed so far."""
        if state["step"] != "place":
            return []
        out = []
        for key, d in sorted(state["drafts"].items(), key=lambda kv: int(kv[0])):
            cards = [
                {"kind": "ship", "card": ship_card(c)}
                if kind == "sea"
                else {"kind": "contract", "card": contract_card(c)}
                for kind, c in d.get("queue", [])
            ]
            out.append({"seat": int(key), "cards": cards, "harbour": self._harbour_view(d)})
        return out

    def _seen(self, state: State) -> set[str]:
        out = set()
        for p in state["players"]:
            out.update(built(p))
            out.update(p["unbuilt"])
        if state["buildings"]:
            out.add(state["buildings"][0])
        return out
