"""Francis Drake's views (docs/ARCHITECTURE.md 2): what the board shows everyone and what a seat
alone may know (docs/rules/francis-drake.md 9.4)."""

from __future__ import annotations

from engines.base import State
from engines.drake import words
from engines.drake.data import load
from engines.drake.state import SUPPLY_ORDER, TITLES, DrakeBase
from i18n import load as load_text


class DrakeViews(DrakeBase):
    def view(self, state: State, seat: int | None) -> dict:
        data = load()
        revealed = state["revealed"]
        players = []
        for s in range(state["n"]):
            p = state["p"][s]
            m = p["m"]
            players.append(
                {
                    "score": p["score"],
                    "crew": p["crew"],
                    "guns": p["guns"],
                    "supplies": p["supplies"],
                    "trade_goods": p["trade_goods"],
                    "ship": p["ship"],
                    "pinnace": p["pinnace"],
                    "commodities": dict(p["comm"]),
                    "investor": p["investor"],
                    "player_discs": p["discs"],
                    "street_pos": p["last"],
                    "hind": p["hind"],
                    "ghost": p["ghost"],
                    "nav": p["nav"],
                    "conquests": list(p["conq"]),
                    "missions_in_hand": sum(1 for d in m.values() if d["st"] == "hand"),
                    "missions_on_map": sum(1 for d in m.values() if d["st"] == "placed"),
                    "returned": p["returned"],
                    "titles": [t for t in TITLES if state["titles"].get(t) == s],
                    "drake_pending": p["drake"],
                }
            )
        dests = []
        for dest_id in data["dest_order"]:
            info = data["dests"][dest_id]
            dest = state["dest"][dest_id]
            entry = {
                "id": dest_id,
                "name": info["name"],
                "kind": info["kind"],
                "zone": info["zone"],
                "circles": info["circles"],
                "x": info["x"],
                "y": info["y"],
                "symbol": info.get("treasure") or None,
                "treasure": dest["treasure"],
                "successes": dest["succ"],
            }
            if info["kind"] == "port":
                entry.update(goods=list(dest["goods"]), trades=dest["trades"])
            else:
                _, _, vp = self._defence(state, dest_id)
                entry.update(vp=vp, printed_troops=info.get("troops", 0))
                entry.update(printed_guns=info.get("guns", 0))
                if info["kind"] == "galleon":
                    gc = data["galleon_counters"][dest["gc"]]
                    entry.update(printed_guns=gc["front_guns"], galleon_counter=dest["gc"])
                if info["kind"] in ("fort", "galleon"):
                    entry["counter_state"] = (
                        "shown"
                        if dest["shown"]
                        else ("hidden" if dest["counter"] is not None else "none")
                    )
                    entry["counter_value"] = dest["counter"] if dest["shown"] else None
            if revealed:
                entry["stack"] = [
                    {"seat": s, "disc": lab, "state": self._disc_state(state, s, lab)}
                    for s, lab in dest["stack"]
                ]
            else:
                entry["stack"] = [{"seat": s} for s, _ in dest["stack"]]
            dests.append(entry)
        street = [
            {"pos": i + 1, "kind": loc["kind"], "values": list(loc["v"]), "occ": list(loc["occ"])}
            for i, loc in enumerate(state["street"])
        ]
        public = {
            "game": self.id,
            "variant": state["variant"],
            "players": state["n"],
            "voyage": state["voyage"],
            "phase": state["phase"],
            "to_move": self.to_move(state),
            "awaiting": words.awaiting(state),
            "street": street,
            "investor": list(state["investor"]),
            "dockside": list(state["dockside"]),
            "homebound": list(state["home"]),
            "outbound": list(state["out"]),
            "sailing_order": list(state["sailing"]),
            "titles": {t: state["titles"].get(t) for t in TITLES},
            "arrange_pending": {k: v is not None for k, v in state["arrange"].items()},
            "revealed": revealed,
            "current": dict(state["cur"]) if state["cur"] else None,
            "informer_stage": state["inf"]["stage"] if state["inf"] else None,
            "last_roll": dict(state["last_roll"]) if state["last_roll"] else None,
            "heroes": state["heroes"],
            "player_info": players,
            "map": dests,
            "recent": [load_text(line) for line in state["recent"]],
            # docs/rules/francis-drake.md 2.1, 9.6.12: the limited general supply is in plain view
            # on the Harbour Chart; 2.4: the Tavern table is printed on its tile (Issue 16).
            "supply": {k: state["supply"][k] for k in SUPPLY_ORDER},
            "tavern_table": {
                "crew": {k: v for k, v in sorted(data["tables"]["tavern"]["crew"].items())},
                "ghost_ship": list(data["tables"]["tavern"]["ghost_ship"]),
            },
            "final": [dict(f) for f in state["final"]] if state["final"] else None,
        }
        if seat is None:
            return public
        return public | {"seat": seat, "private": self._view_private(state, seat)}

    def _disc_state(self, state: State, seat: int, label: str) -> str:
        return state["p"][seat]["m"][label]["st"]

    def _view_private(self, state: State, seat: int) -> dict:
        p = state["p"][seat]
        out: dict = {"chest": dict(p["chest"])}
        if not state["revealed"]:
            discs = {lab: words.dest_name(d) for lab, d in self._placed(state, seat).items()}
            if discs:
                out["my_discs"] = discs
        hand = self._hand(state, seat) if state["phase"] == "missions" else []
        if hand:
            out["hand"] = hand
        if p["sel"] is not None:
            out["selected"] = p["sel"]
        known = {
            words.dest_name(d): v for d, v in p["known"].items() if not state["dest"][d]["shown"]
        }
        if known:
            out["counters"] = known
        if p["look"]:
            out["look"] = {
                words.dest_name(d): [words.seen_disc(s, lab) for s, lab in stack]
                for d, stack in p["look"].items()
            }
        return out
