"""Francis Drake's voyages, from the street laid out to the final score (docs/rules/francis-drake.md
3, 4.8, 4.9, 6): Plymouth Street and the map filled for each voyage, the voyage's scoring, the
Reset between voyages, and the final Commodities and Treasure Chests."""

from __future__ import annotations

from engines.base import Rng, Standing, State, rank_standings
from engines.drake import words
from engines.drake.data import COMMODITIES, load
from engines.drake.state import RESOURCES, DrakeBase


class VoyageRules(DrakeBase):
    # ------------------------------------------------------------------ street and map

    def _street(self, state: State, players: int, rng: Rng, voyage: int) -> list[dict]:
        data = load()
        tiles = data["tiles"]
        ids = sorted(data["sets"][players])
        if voyage == 1 or state["variant"] == "learning":
            # docs/rules/francis-drake.md 3 step 9: tiles over the printed 4-player locations, the
            # better tile of a pair ("a") earlier on the street.
            remaining = list(ids)
            layout = []
            for kind in data["printed_order"]:
                tile = next(t for t in remaining if tiles[t]["kind"] == kind)
                remaining.remove(tile)
                layout.append(tile)
        else:
            # docs/rules/francis-drake.md 4.9 step 4, 9.6.3: pure random order.
            layout = list(ids)
            rng.shuffle(layout)
        return [
            {
                "tile": t,
                "kind": tiles[t]["kind"],
                "v": list(tiles[t]["values"]),
                "occ": [None] * len(tiles[t]["values"]),
            }
            for t in layout
        ]

    def _refill_map(self, state: State, rng: Rng) -> None:
        data = load()
        supply = state["supply"]
        # docs/rules/francis-drake.md 3 step 3, 4.9 step 5: shuffle the Galleon counters, face up.
        counters = sorted(data["galleon_counters"])
        rng.shuffle(counters)
        galleons = [d for d in data["dest_order"] if data["dests"][d]["kind"] == "galleon"]
        for dest_id, counter in zip(galleons, counters, strict=True):
            state["dest"][dest_id]["gc"] = counter
        for dest_id in data["dest_order"]:
            info = data["dests"][dest_id]
            dest = state["dest"][dest_id]
            # docs/rules/francis-drake.md 4.2 A1, 4.9 step 6: every treasure symbol holds its
            # treasure.
            metal = info.get("treasure") or None
            if metal and dest["treasure"] is None and supply[metal] > 0:
                supply[metal] -= 1
                dest["treasure"] = metal
            # docs/rules/francis-drake.md 3 step 2, 4.9 step 7: one of each depicted Commodity.
            for good in info.get("commodities", []):
                if good not in dest["goods"] and supply[good] > 0:
                    supply[good] -= 1
                    dest["goods"].append(good)
            dest["goods"].sort(key=COMMODITIES.index)

    # ------------------------------------------------------------------ sailing G/H

    def _score_voyage(self, state: State, log: list[str]) -> None:
        scoring = load()["tables"]["scoring"]
        supply = state["supply"]
        # docs/rules/francis-drake.md 4.8: Types of Conquest 1 / 4 / 10.
        for seat in state["sailing"]:
            p = state["p"][seat]
            types = len(p["conq"])
            vp = scoring["conquest_types"][types]
            if vp:
                p["score"] += vp
                p["vp_log"].append(["types", vp])
                self._log(state, log, words.conquest_types(seat, types, vp))
        # docs/rules/francis-drake.md 4.8, 7.17: Admiral per Gold, Governor per Silver left on the
        # map.
        for title, metal in (("admiral", "gold"), ("governor", "silver")):
            holder = state["titles"][title]
            left = [d for d in state["dest"].values() if d["treasure"] == metal]
            if holder is not None:
                state["p"][holder]["score"] += len(left)
                if left:
                    state["p"][holder]["vp_log"].append([title, len(left)])
                self._log(state, log, words.treasure_left(title, holder, len(left), metal))
            for dest in left:
                dest["treasure"] = None
                supply[metal] += 1
        if state["voyage"] < 3:
            self._reset(state, log)
        else:
            self._final(state, log)

    def _reset(self, state: State, log: list[str]) -> None:
        """docs/rules/francis-drake.md 4.9 (after voyages 1 and 2)."""
        rng = Rng(state["rng"])
        supply = state["supply"]
        # step 2: re-order by score; ties keep their relative Sailing Order (7.18).
        sailing = state["sailing"]
        order = sorted(range(state["n"]), key=lambda s: (-state["p"][s]["score"], sailing.index(s)))
        for seat in range(state["n"]):
            p = state["p"][seat]
            for res in RESOURCES:  # step 1: only Commodities and chests are kept
                supply[res] += p[res]
                p[res] = 0
            fresh = self._new_player(p["score"])
            for keep in ("score", "comm", "chest", "investor", "vp_log"):
                fresh[keep] = p[keep]
            state["p"][seat] = fresh
        for dest in state["dest"].values():
            if dest["treasure"]:
                supply[dest["treasure"]] += 1
            dest.update(self._fresh_dest(""), goods=dest["goods"])
        state["titles"] = {"admiral": None, "governor": None, "informer": None}
        # docs/rules/francis-drake.md 9.4: chests close at Reset; the board panel drops the takes.
        state["recent"] = [line for line in state["recent"] if not words.is_take(line)]
        state["voyage"] += 1  # step 8
        state["street"] = self._street(state, state["n"], rng, state["voyage"])  # step 4
        self._refill_map(state, rng)  # steps 5-7
        state.update(
            home=order,
            out=[],
            investor=[],
            dockside=[],
            queue=[],
            qi=0,
            cur=None,
            heroes=0,
            revealed=False,
            last_roll=None,
            phase="provision",
            turn=order[0],
        )
        state["rng"] = rng.state
        self._log(state, log, words.voyage_begins(state["voyage"], order))

    @staticmethod
    def commodity_points(comm: dict[str, int]) -> int:
        """docs/rules/francis-drake.md 6: sets of different Commodities 26/16/8, singles 2."""
        table = load()["tables"]["scoring"]["commodity_sets"]
        counts = [v for v in comm.values() if v > 0]
        total = 0
        while counts:
            total += table[len(counts)] if len(counts) > 1 else table[1] * counts[0]
            if len(counts) == 1:
                break
            counts = [c - 1 for c in counts if c > 1]
        return total

    def final_row(self, p: dict) -> dict:
        """docs/rules/francis-drake.md 6: a player's final score from what they hold (Commodities,
        then Treasure Chest, on top of the voyage VP)."""
        values = load()["tables"]["scoring"]["treasure"]
        goods = self.commodity_points(p["comm"])
        treasure = sum(values[k] * v for k, v in p["chest"].items())
        return {
            "voyages": p["score"],
            "commodities": goods,
            "treasure": treasure,
            "gold": p["chest"]["gold"],
            "silver": p["chest"]["silver"],
            "jewels": p["chest"]["jewel"],
            "total": p["score"] + goods + treasure,
        }

    def _final(self, state: State, log: list[str]) -> None:
        """docs/rules/francis-drake.md 6: Commodities, then Treasure Chests."""
        final = [self.final_row(state["p"][seat]) for seat in range(state["n"])]
        state["final"] = final
        state["phase"] = "over"
        state["cur"] = None
        self._log(state, log, words.game_over([f["total"] for f in final]))

    # ------------------------------------------------------------------ result

    def result(self, state: State) -> list[Standing] | None:
        if state["phase"] != "over":
            return None
        home = state["home"]
        rows = []
        for seat, f in enumerate(state["final"]):
            breakdown = {
                "voyage VP": f["voyages"],
                "commodities": f["commodities"],
                "treasure": f["treasure"],
            }
            # docs/rules/francis-drake.md 6, 9.6.19: ties go to the lower Homebound Dock.
            rows.append((seat, f["total"], (-home.index(seat),), breakdown))
        return rank_standings(rows)
