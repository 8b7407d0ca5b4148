"""Francis Drake's missions, Sailing steps E and F (docs/rules/francis-drake.md 4.6, 4.7, 5.2,
7.10): the resolution order, attacks and trades, the counters turned face up, and the return
home with its hero bonus."""

from __future__ import annotations

from engines.base import State
from engines.drake import words
from engines.drake.data import load
from engines.drake.state import DrakeBase


class ResolutionRules(DrakeBase):
    def _could_attack_at_lowest(self, state: State, seat: int, dest_id: str) -> bool:
        """Whether this disc's owner could pay at the lowest counter value not yet shown (public:
        the counter multiset is printed, 2.1)."""
        info = self._dest_info(dest_id)
        dest = state["dest"][dest_id]
        low = min(
            state["dest"][d]["counter"]
            for d in self._kind_ids(info["kind"])
            if not state["dest"][d]["shown"] and state["dest"][d]["counter"] is not None
        )
        p = state["p"][seat]
        if info["kind"] == "galleon":
            gc = load()["galleon_counters"][dest["gc"]]
            return p["ship"] == "galleon" and p["guns"] >= gc["front_guns"] + low
        enough_guns = p["pinnace"] or p["guns"] >= info["guns"]
        return p["crew"] >= info["troops"] + low and enough_guns

    def _show_counter(self, state: State, dest_id: str, log: list[str]) -> None:
        """docs/rules/francis-drake.md 5.2, 7.10: the counter turns face up, for everyone."""
        dest = state["dest"][dest_id]
        dest["shown"] = True
        self._log(state, log, words.counter_shown(dest_id, dest["counter"]))

    def _advance(self, state: State, log: list[str]) -> None:
        """Run the global resolution order until a player must decide (rules 4.6, 4.7)."""
        queue = state["queue"]
        while state["qi"] < len(queue):
            entry = queue[state["qi"]]
            if entry == ["sweep"]:
                state["qi"] += 1
                for seat in state["sailing"]:
                    p = state["p"][seat]
                    if not p["returned"] and not self._placed(state, seat):
                        self._return_home(state, seat, early=False, log=log)
                continue
            seat, label = entry
            p = state["p"][seat]
            if p["returned"] or p["m"][label]["st"] != "placed":
                state["qi"] += 1
                continue
            dest_id = p["m"][label]["at"]
            dest = state["dest"][dest_id]
            info = self._dest_info(dest_id)
            # docs/rules/francis-drake.md 5.2, 7.10, 9.6.11: "the first player who attacks" turns
            # the counter: a player who could not attack even at the lowest value still hidden
            # (a Frigate at a Galleon, too few Crew) leaves it face down (Issue 16). A player
            # who already knows the value (Governor, Admiral, an Informer who peeked) decides
            # first, attack or decline, and the counter turns only if they attack (Issue 38).
            asked = False
            if self._counter_down(state, dest_id) and self._could_attack_at_lowest(
                state, seat, dest_id
            ):
                if self._knows_counter(state, seat, dest_id):
                    asked = True  # even with "decline" alone: the table learns nothing
                else:
                    self._show_counter(state, dest_id, log)
            if asked or self._mission_options(state, seat, dest_id):
                state["cur"] = {"seat": seat, "disc": label, "dest": dest_id, "stage": "act"}
                return
            # docs/rules/francis-drake.md 4.6: the mission cannot be made, the disc goes back.
            state["qi"] += 1
            p["m"][label]["st"] = "back"
            dest["stack"].remove([seat, label])
            full = dest["succ"] >= 2 and info["kind"] != "port"
            self._log(state, log, words.disc_goes_back(seat, label, dest_id, full=full))
            if self._after_mission(state, seat, log):
                return
        # Everyone is home once the queue is empty (safety for any player left out).
        for seat in state["sailing"]:
            if not state["p"][seat]["returned"]:
                self._return_home(state, seat, early=False, log=log)
        self._score_voyage(state, log)

    def _after_mission(self, state: State, seat: int, log: list[str]) -> bool:
        """docs/rules/francis-drake.md 4.7, 9.6.7: ask for a return; mandatory with no disc left.

        Returns True when the game now waits for the player's decision."""
        if self._placed(state, seat):
            state["cur"] = {"seat": seat, "disc": None, "dest": None, "stage": "return"}
            return True
        state["cur"] = None
        self._return_home(state, seat, early=False, log=log)
        return False

    def _return_home(self, state: State, seat: int, early: bool, log: list[str]) -> None:
        """docs/rules/francis-drake.md 4.7: lowest empty Homebound Dock; unused discs come back."""
        p = state["p"][seat]
        p["returned"] = True
        for label, disc in p["m"].items():
            if disc["st"] == "placed":
                state["dest"][disc["at"]]["stack"].remove([seat, label])
                disc["st"] = "back"
        state["home"].append(seat)
        dock = len(state["home"])
        hero: int | None = None
        if early:
            # docs/rules/francis-drake.md 4.7, 9.6.5: by early-return position, no passing down.
            bonus_table = load()["tables"]["scoring"]["hero_bonus"]
            position = state["heroes"]
            state["heroes"] += 1
            if position < len(bonus_table):
                bonus = bonus_table[position] if p["wins"] > 0 else 0
                p["score"] += bonus
                if bonus:
                    p["vp_log"].append(["hero", bonus])
                hero = bonus
        self._log(state, log, words.returns_home(seat, dock, hero))

    def _apply_resolve(self, state: State, seat: int, move: str, log: list[str], private) -> None:
        cur = state["cur"]
        p = state["p"][seat]
        parts = move.split()
        if cur["stage"] == "return":
            state["cur"] = None
            if parts[0] == "return":
                self._return_home(state, seat, early=True, log=log)
            self._advance(state, log)
            return
        label, dest_id = cur["disc"], cur["dest"]
        dest = state["dest"][dest_id]
        info = self._dest_info(dest_id)
        state["qi"] += 1
        if parts[0] == "decline":
            # docs/rules/francis-drake.md 4.6: a voluntary decline returns the disc.
            p["m"][label]["st"] = "back"
            dest["stack"].remove([seat, label])
            self._log(state, log, words.declines(seat, dest_id, label))
        elif parts[0] == "trade":
            # docs/rules/francis-drake.md 5.2: 1 Trade Good for 1 Commodity of the player's choice.
            good = parts[1]
            self._pay(state, seat, "trade_goods", 1)
            dest["goods"].remove(good)
            dest["trades"] += 1
            p["comm"][good] += 1
            p["m"][label]["st"] = "won"
            self._log(state, log, words.trades(seat, dest_id, good))
        else:
            # docs/rules/francis-drake.md 5.2, 7.10: the first attack turns a counter still face
            # down (one its attacker knew, Issue 38).
            if self._counter_down(state, dest_id):
                self._show_counter(state, dest_id, log)
            # docs/rules/francis-drake.md 4.6, 5.2: pay, score, conquest type, treasure to the
            # first.
            crew, guns, vp = self._defence(state, dest_id)
            kind = info["kind"]
            if kind == "galleon":
                self._pay(state, seat, "guns", guns)
            else:
                self._pay(state, seat, "crew", crew)
                if kind == "fort" and not p["pinnace"]:
                    self._pay(state, seat, "guns", guns)  # docs/rules/francis-drake.md 7.11
            p["score"] += vp
            p["vp_log"].append([dest_id, vp])
            p["wins"] += 1
            if kind not in p["conq"]:
                p["conq"].append(kind)  # docs/rules/francis-drake.md 7.14
            dest["succ"] += 1
            p["m"][label]["st"] = "won"
            metal = None
            if dest["succ"] == 1 and dest["treasure"]:
                metal = dest["treasure"]
                p["chest"][metal] += 1
                p["loot"][metal] += 1  # this voyage's take, public on the map until Reset
                dest["treasure"] = None
                # docs/rules/francis-drake.md 9.4 (public act): the line names the treasure.
                # The chest is a secret the seat receives: its DM shows it once, in the private
                # sheet ("Your Treasure Chest: ..."), not also as a note (issue 40 section 5).
            self._log(state, log, words.attacks(seat, dest_id, label, vp, metal))
        state["cur"] = None
        if self._after_mission(state, seat, log):
            return
        self._advance(state, log)
