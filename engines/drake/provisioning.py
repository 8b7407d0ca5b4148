"""Francis Drake's Provisioning in Plymouth (docs/rules/francis-drake.md 4.1, 5.1): the moves of
the street, the Investor and Dockside, and what each Location gives."""

from __future__ import annotations

from engines.base import Rng, State
from engines.drake import words
from engines.drake.data import load
from engines.drake.state import DOCKSIDE_POS, INVESTOR_POS, RESOURCES, DrakeBase, short


class ProvisioningRules(DrakeBase):
    def _provision_moves(self, state: State, seat: int) -> list[str]:
        p = state["p"][seat]
        if p["drake"]:
            return ["drake crew", "drake gun"]  # docs/rules/francis-drake.md 9.6.14
        if p["dockside"]:
            return ["sail"]  # docs/rules/francis-drake.md 4.1: Dockside, then Outbound Docks
        moves: list[str] = []
        if p["discs"] > 0:  # docs/rules/francis-drake.md 4.1 [not in source]: no discs, must sail
            # docs/rules/francis-drake.md 4.1: forward-only, a free circle, one disc per Location.
            for pos in range(p["last"] + 1, 17):
                loc = state["street"][pos - 1]
                if None not in loc["occ"]:
                    continue
                if loc["kind"] == "drake" and p["discs"] < 2:
                    continue  # docs/rules/francis-drake.md 9.6.14
                moves.append(f"place {pos} {short(loc['kind'])}")
            # docs/rules/francis-drake.md 5.1: Investor once a game, pay 4 VP.
            cost = load()["tables"]["scoring"]["investor_cost"]
            if p["last"] < INVESTOR_POS and p["investor"] and p["score"] >= cost:
                moves += ["investor 1c2g", "investor 2c1g", "investor galleon"]
            if p["last"] < DOCKSIDE_POS:
                moves += ["dockside crew", "dockside gun", "dockside supply"]
        moves.append("sail")
        return moves

    def _apply_provision(self, state: State, seat: int, move: str, log: list[str]) -> None:
        p = state["p"][seat]
        parts = move.split()
        if parts[0] == "sail":
            # docs/rules/francis-drake.md 4.1 (b): lowest-numbered empty Outbound Dock.
            state["out"].append(seat)
            p["dockside"] = False
            self._log(state, log, words.sails(seat, len(state["out"])))
        elif parts[0] == "drake":
            # docs/rules/francis-drake.md 2.4, 5.1: the 2nd disc at Drake, then 2 Crew + 2 Guns + 1.
            p["drake"] = False
            p["discs"] -= 1
            crew = self._take(state, seat, "crew", 2 + (parts[1] == "crew"))
            guns = self._take(state, seat, "guns", 2 + (parts[1] == "gun"))
            self._log(state, log, words.completes_drake(seat, crew, guns))
        elif parts[0] == "investor":
            # docs/rules/francis-drake.md 5.1: pay 4 VP, discard the Investor Tile, choose one.
            p["score"] -= load()["tables"]["scoring"]["investor_cost"]
            p["investor"] = False
            p["discs"] -= 1
            p["last"] = INVESTOR_POS
            state["investor"].append(seat)
            if parts[1] == "galleon":
                p["ship"] = "galleon"
                line = words.pays_investor(seat, galleon=True)
            else:
                crew = self._take(state, seat, "crew", int(parts[1][0]))
                guns = self._take(state, seat, "guns", int(parts[1][2]))
                line = words.pays_investor(seat, galleon=False, crew=crew, guns=guns)
            self._log(state, log, line)
        elif parts[0] == "dockside":
            # docs/rules/francis-drake.md 5.1: 1 Crew, 1 Gun or 1 Supply; sail next turn.
            res = {"crew": "crew", "gun": "guns", "supply": "supplies"}[parts[1]]
            p["discs"] -= 1
            p["last"] = DOCKSIDE_POS
            p["dockside"] = True
            state["dockside"].append(seat)
            taken = self._take(state, seat, res, 1)
            self._log(state, log, words.takes_at_dockside(seat, taken, res))
        else:
            self._place(state, seat, int(parts[1]), log)
        self._next_provision_turn(state, seat, log)

    def _place(self, state: State, seat: int, pos: int, log: list[str]) -> None:
        p = state["p"][seat]
        loc = state["street"][pos - 1]
        circle = loc["occ"].index(None)  # docs/rules/francis-drake.md 9.6.4: first free circle
        loc["occ"][circle] = seat
        value = loc["v"][circle]
        p["last"] = pos
        p["discs"] -= 1
        kind = loc["kind"]
        if kind in RESOURCES:
            got = self._take(state, seat, kind, value)  # docs/rules/francis-drake.md 5.1
            line = words.places_disc(seat, pos, kind, got)
        elif kind == "tavern":
            # docs/rules/francis-drake.md 2.4, 9.6.2: d6, 1st visitor +1; 1-2 = Ghost Ship.
            rng = Rng(state["rng"])
            roll = rng.randint(1, 6)
            state["rng"] = rng.state
            total = roll + value
            state["last_roll"] = {"seat": seat, "roll": roll, "total": total}
            tavern = load()["tables"]["tavern"]
            if total in tavern["ghost_ship"]:
                p["ghost"] = True
                line = words.places_disc(seat, pos, kind, roll=roll, total=total, ghost=True)
            else:
                got = self._take(state, seat, "crew", tavern["crew"][str(total)])
                line = words.places_disc(seat, pos, kind, got, roll=roll, total=total)
        elif kind == "shipyard":
            p["ship"] = "galleon"  # docs/rules/francis-drake.md 5.1, 9.6.13
            got = self._take(state, seat, "guns", value)
            line = words.places_disc(seat, pos, kind, got)
        elif kind == "pinnace":
            p["pinnace"] = True  # docs/rules/francis-drake.md 5.1
            got = self._take(state, seat, "crew", value)
            line = words.places_disc(seat, pos, kind, got)
        elif kind == "drake":
            p["drake"] = True  # docs/rules/francis-drake.md 9.6.14: the 2nd disc next turn
            line = words.places_disc(seat, pos, kind)
        elif kind == "queen":
            p["ship"] = "galleon"  # docs/rules/francis-drake.md 5.1
            gun = self._take(state, seat, "guns", 1)
            tg = self._take(state, seat, "trade_goods", 1)
            line = words.places_disc(seat, pos, kind, gun, trade_goods=tg)
        elif kind in ("admiral", "governor"):
            state["titles"][kind] = seat  # docs/rules/francis-drake.md 5.1
            line = words.places_disc(seat, pos, kind)
        elif kind == "informer":
            state["titles"]["informer"] = seat
            tg = self._take(state, seat, "trade_goods", 1)
            line = words.places_disc(seat, pos, kind, tg)
        elif kind == "golden_hind":
            p["hind"] = True  # docs/rules/francis-drake.md 5.1
            line = words.places_disc(seat, pos, kind)
        else:
            return
        self._log(state, log, line)

    def _next_provision_turn(self, state: State, seat: int, log: list[str]) -> None:
        """docs/rules/francis-drake.md 4.1: Homebound Dock order, round and round; docked
        skipped."""
        home = state["home"]
        if len(state["out"]) == state["n"]:
            self._start_sailing(state, log)
            return
        i = home.index(seat)
        for step in range(1, len(home) + 1):
            nxt = home[(i + step) % len(home)]
            if nxt not in state["out"]:
                state["turn"] = nxt
                return
