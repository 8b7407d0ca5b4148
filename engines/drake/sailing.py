"""Francis Drake's voyage out, Sailing steps A to D (docs/rules/francis-drake.md 4.2-4.5): the
Admiral's and Governor's counters, the secret Mission Discs, the Informer, and the reveal that
sets the order of the missions."""

from __future__ import annotations

import itertools

from engines.base import Rng, State
from engines.drake import words
from engines.drake.data import load
from engines.drake.state import LABELS, DrakeBase


class SailingRules(DrakeBase):
    # ------------------------------------------------------------------ sailing A

    def _start_sailing(self, state: State, log: list[str]) -> None:
        state["phase"] = "arrange"
        state["turn"] = None
        state["sailing"] = list(state["out"])
        # docs/rules/francis-drake.md 4.1: every ship has left the Homebound Docks
        state["home"] = []
        # docs/rules/francis-drake.md 4.2 A2-A3: the Admiral and Governor place their counters.
        state["arrange"] = {
            "admiral": state["titles"]["admiral"],
            "governor": state["titles"]["governor"],
        }
        if not self.to_move(state):
            self._finish_arrange(state, log)

    def _arrangements(self, title: str) -> list[tuple[int, ...]]:
        key = "frigate_counters" if title == "admiral" else "troop_counters"
        values = load()["tables"][key]["values"]
        return sorted(set(itertools.permutations(values)))

    def _arrange_moves(self, state: State, seat: int) -> list[str]:
        for title, head in (("admiral", "frigates"), ("governor", "troops")):
            if state["arrange"][title] == seat:
                return [f"{head} " + ",".join(map(str, a)) for a in self._arrangements(title)]
        return []

    def _set_counters(self, state: State, title: str, values: list[int]) -> None:
        kind = "galleon" if title == "admiral" else "fort"
        targets = self._kind_ids(kind)
        holder = state["titles"][title]
        for dest_id, value in zip(targets, values, strict=True):
            state["dest"][dest_id]["counter"] = value
            state["dest"][dest_id]["shown"] = False
            if holder is not None:
                state["p"][holder]["known"][dest_id] = value  # rules 5.1: holder alone knows

    def _apply_arrange(self, state: State, seat: int, move: str, log, private) -> None:
        word, values = move.split()
        title = "admiral" if word == "frigates" else "governor"
        self._set_counters(state, title, [int(v) for v in values.split(",")])
        state["arrange"][title] = None
        self._log(state, log, words.places_counters(seat, title))
        targets = self._kind_ids("galleon" if title == "admiral" else "fort")
        private.setdefault(seat, []).append(
            words.placed_counters(title, targets, values.split(","))
        )
        if not self.to_move(state):
            self._finish_arrange(state, log)

    def _finish_arrange(self, state: State, log: list[str]) -> None:
        # docs/rules/francis-drake.md 4.2 A2-A3: nobody holds the title, place randomly.
        rng = Rng(state["rng"])
        for title in ("admiral", "governor"):
            if state["titles"][title] is None:
                options = self._arrangements(title)
                self._set_counters(state, title, list(rng.choice(options)))
        state["rng"] = rng.state
        # docs/rules/francis-drake.md 4.2 A4: the Governor swaps with the ship one dock ahead.
        gov = state["titles"]["governor"]
        sailing = state["sailing"]
        if gov is not None:
            i = sailing.index(gov)
            if i > 0:
                sailing[i - 1], sailing[i] = sailing[i], sailing[i - 1]
                self._log(state, log, words.governor_moves_up(gov, i))
        # docs/rules/francis-drake.md 4.2 A5, 9.6.1: barrels set the zone, max 4.
        for seat in range(state["n"]):
            p = state["p"][seat]
            p["nav"] = min(4, p["supplies"])
            p["m"] = {lab: {"at": None, "st": "hand"} for lab in ("1", "2", "3", "4")}
            if p["hind"]:
                p["m"]["hind"] = {"at": None, "st": "hand"}
            if p["ghost"]:
                p["m"]["ghost"] = {"at": None, "st": "hand"}
        self._log(state, log, words.sailing_order(sailing))
        state["phase"] = "missions"
        state["mturn"] = None
        self._next_mission_turn(state, None, log)

    # ------------------------------------------------------------------ sailing B

    def _can_place(self, state: State, seat: int) -> bool:
        # docs/rules/francis-drake.md 4.3, 9.6.8, 9.6.9
        return bool(self._hand(state, seat)) and bool(self._reachable(state, seat))

    def _next_mission_turn(self, state: State, seat: int | None, log: list[str]) -> None:
        """docs/rules/francis-drake.md 4.3: one disc each in Sailing Order until all are placed."""
        sailing = state["sailing"]
        start = -1 if seat is None else sailing.index(seat)
        for step in range(1, len(sailing) + 1):
            nxt = sailing[(start + step) % len(sailing)]
            if self._can_place(state, nxt):
                state["mturn"] = nxt
                return
        state["mturn"] = None
        # docs/rules/francis-drake.md 4.4: the Informer acts if they have a disc on the map.
        inf = state["titles"]["informer"]
        if inf is not None and self._placed(state, inf):
            state["phase"] = "informer"
            state["inf"] = {"stage": "choose", "dest": None}
            return
        self._reveal(state, log)

    def _apply_missions(self, state: State, seat: int, move: str, log, private) -> None:
        p = state["p"][seat]
        word, arg = ([*move.split(), ""])[:2]
        if word == "disc":
            p["sel"] = arg  # no DM: the placement step sends one line (one DM per disc)
            return
        if word == "back":
            p["sel"] = None
            return
        label = p["sel"]
        p["sel"] = None
        p["m"][label] = {"at": arg, "st": "placed"}
        state["dest"][arg]["stack"].append([seat, label])
        self._log(state, log, words.places_mission_disc(seat, arg))
        private.setdefault(seat, []).append(words.placed_mission_disc(label, arg))
        self._next_mission_turn(state, seat, log)

    # ------------------------------------------------------------------ sailing C

    def _informer_moves(self, state: State, seat: int) -> list[str]:
        inf = state["inf"]
        placed = self._placed(state, seat)
        if inf["stage"] == "choose":
            # docs/rules/francis-drake.md 4.4 options 1 and 2 (9.6.10).
            looks = [f"look {d}" for d in placed.values()]
            peeks = [
                f"peek {d}"
                for d in placed.values()
                if self._dest_info(d)["kind"] in ("fort", "galleon")
            ]
            return ["pass", *sorted(looks), *sorted(peeks)]
        if inf["stage"] == "swap":
            labels = [lab for lab in LABELS if lab in placed]
            return ["done"] + [f"swap {a} {b}" for a, b in itertools.combinations(labels, 2)]
        return ["stay"] + [f"move {d}" for d in self._reachable(state, seat)]

    def _apply_informer(self, state: State, seat: int, move: str, log, private) -> None:
        p = state["p"][seat]
        inf = state["inf"]
        parts = move.split()
        if parts[0] in ("pass", "done", "stay"):
            if parts[0] == "pass":
                self._log(state, log, words.informer_passes(seat))
            self._end_informer(state, log)
            return
        if parts[0] == "look":
            dest_id = parts[1]
            stack = [list(e) for e in state["dest"][dest_id]["stack"]]
            p["look"] = {dest_id: stack}
            inf["stage"] = "swap"
            self._log(state, log, words.informer_looks(seat, dest_id))
            # What the Informer saw is a secret it receives ("look"): its DM says it once, in
            # the private sheet ("At ... you saw: ..."), not also as a note (issue 40 section 5).
            return
        if parts[0] == "swap":
            # docs/rules/francis-drake.md 4.4 option 1: swap the positions of 2 own discs.
            a, b = parts[1], parts[2]
            at_a, at_b = p["m"][a]["at"], p["m"][b]["at"]
            p["m"][a]["at"], p["m"][b]["at"] = at_b, at_a
            for dest_id, old, new in ((at_a, a, b), (at_b, b, a)):
                for entry in state["dest"][dest_id]["stack"]:
                    if entry == [seat, old]:
                        entry[1] = new
                        break
            self._log(state, log, words.informer_swaps(seat, at_a, at_b))
            private.setdefault(seat, []).append(words.swapped(a, b, at_a, at_b))
            self._end_informer(state, log)
            return
        if parts[0] == "peek":
            dest_id = parts[1]
            value = state["dest"][dest_id]["counter"]
            p["known"][dest_id] = value  # docs/rules/francis-drake.md 4.4 option 2
            inf["stage"] = "move"
            inf["dest"] = dest_id
            self._log(state, log, words.informer_peeks(seat, dest_id))
            private.setdefault(seat, []).append(words.peeked(dest_id, value))
            return
        # move: docs/rules/francis-drake.md 4.4 option 2, 9.6.10
        src, dst = inf["dest"], parts[1]
        label = next(lab for lab, d in self._placed(state, seat).items() if d == src)
        state["dest"][src]["stack"].remove([seat, label])
        state["dest"][dst]["stack"].append([seat, label])
        p["m"][label]["at"] = dst
        self._log(state, log, words.informer_moves(seat, src, dst))
        self._end_informer(state, log)

    def _end_informer(self, state: State, log: list[str]) -> None:
        state["inf"] = None
        self._reveal(state, log)

    # ------------------------------------------------------------------ sailing D

    def _reveal(self, state: State, log: list[str]) -> None:
        """docs/rules/francis-drake.md 4.5: reveal, Ghost Ships vanish, arrange in arrival order."""
        sailing = state["sailing"]
        state["revealed"] = True
        for seat in range(state["n"]):
            ghost = state["p"][seat]["m"].get("ghost")
            if ghost and ghost["st"] == "placed":
                state["dest"][ghost["at"]]["stack"].remove([seat, "ghost"])
                ghost["st"] = "gone"  # docs/rules/francis-drake.md 7.13
            if ghost and ghost["st"] == "hand":
                ghost["st"] = "gone"

        def arrival(entry: list) -> tuple:
            seat, label = entry
            rank = 0 if label == "hind" else int(label)
            return (rank, sailing.index(seat))

        stacks = []
        for dest_id in load()["dest_order"]:
            stack = state["dest"][dest_id]["stack"]
            stack.sort(key=arrival)
            if stack:
                stacks.append((dest_id, stack))
        self._log(state, log, words.discs_revealed(stacks))
        for seat in range(state["n"]):
            state["p"][seat]["look"] = {}
        # docs/rules/francis-drake.md 4.6: Golden Hind, then all 1s in Sailing Order, 2s, 3s, 4s.
        queue: list[list] = []
        for seat in sailing:
            hind = state["p"][seat]["m"].get("hind")
            if hind and hind["st"] == "placed":
                queue.append([seat, "hind"])
        queue.append(["sweep"])  # docs/rules/francis-drake.md 9.6.8
        for label in ("1", "2", "3", "4"):
            for seat in sailing:
                if state["p"][seat]["m"][label]["st"] == "placed":
                    queue.append([seat, label])
        state["queue"] = queue
        state["qi"] = 0
        state["phase"] = "resolve"
        state["cur"] = None
        self._advance(state, log)
