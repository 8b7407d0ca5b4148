"""How Tahiti's moves change the table (docs/rules/tahiti.md 4 to 6): a turn's exploration
(Hommea, the new island, her gifts), the actions (paddle, harvest, fish, deliver), the exhaustion
of an island in the late season, the next turn and the end of the season. The second layer of the
engine class (``engine.py``), over the options of ``moves.py``; every log line is said by
``words.py``."""

from __future__ import annotations

from engines.base import Rng, State
from engines.tahiti import words as w
from engines.tahiti.board import DIRS, _c, canoe_accepts, reefs_crossed, rowers
from engines.tahiti.moves import TahitiMoves
from engines.tahiti.scoring import goods_score, score_rows
from i18n import dump

EVENTS_KEPT = 8


class TahitiTurns(TahitiMoves):
    """Tahiti's moves played: ``_apply`` and the steps of a turn it runs."""

    # ------------------------------------------------------------------ bag
    def _draw(self, state: State, rng: Rng, count: int) -> list[str]:
        """Draw without replacement; docs/rules/tahiti.md 9.7 A18: as many as remain."""
        bag = state["bag"]
        drawn = []
        for _ in range(count):
            total = sum(bag.values())
            if total == 0:
                break
            pick = rng.randbelow(total)
            for g in _c()["goods"]:
                if pick < bag[g]:
                    bag[g] -= 1
                    drawn.append(g)
                    break
                pick -= bag[g]
        return drawn

    def _to_bag(self, state: State, cubes: list[str]) -> None:
        for g in cubes:
            state["bag"][g] += 1

    def _end_fishing(self, state: State, log: list[str]) -> None:
        """docs/rules/tahiti.md 5.6: set-aside cubes go back when the fishing run ends."""
        if state["set_aside"]:
            log.append(w.set_aside_back(len(state["set_aside"])))
            self._to_bag(state, state["set_aside"])
            state["set_aside"] = []

    # ------------------------------------------------------------------ apply
    def _apply(self, state: State, seat: int, move: str) -> tuple[list[str], dict[int, list[str]]]:
        rng = Rng(state["rng"])
        log: list[str] = []
        private: dict[int, list[str]] = {}
        # docs/rules/tahiti.md 3.9: each seat's Favourite Goods tile is in its private view from the
        # start (the host DMs it when the game begins); no move changes it, so no move sends a
        # private line about it again.
        state.pop("announced", None)
        words = move.split()
        verb = words[0]
        who = w.name(seat)
        if verb in ("stay", "hommea"):
            self._do_hommea(state, who, words, log)
        elif verb == "place":
            stack = "ab".index(words[1])
            state["pending"] = {"stack": stack, "at": words[2]}
            state["phase"] = "rotate"
            goods = _c()["tiles"][state["stacks"][stack][0]]["goods"]
            log.append(w.tile_taken(who, goods, stack, words[2]))
        elif verb == "back":
            state["pending"] = {}
            state["phase"] = "place"
            log.append(w.tile_put_back(who))
        elif verb == "reefs":
            self._do_place(state, rng, who, words[1], log)
        elif verb == "gift":
            self._do_gift(state, rng, who, words[1], words[2], log)
        elif verb == "exhaust":
            self._do_exhaust(state, rng, seat, words[1], log)
        elif verb in ("keep", "release"):
            self._do_keep(state, rng, seat, verb == "keep", log)
        else:
            self._do_action(state, rng, seat, verb, words[1:], log)
        state["rng"] = rng.state
        # The state is JSON: the events keep their message ids and parameters (i18n.dump), so
        # the detail image says them again in its reader's language.
        state["events"] = (state["events"] + [dump(line) for line in log])[-EVENTS_KEPT:]
        return log, private

    # docs/rules/tahiti.md 5.1(a)
    def _do_hommea(self, state: State, who: str, words: list[str], log: list[str]) -> None:
        if words[0] == "stay":
            log.append(w.hommea_stays(who, state["hommea"]))
        else:
            state["hommea"] = words[1]
            log.append(w.hommea_moves(who, words[1]))
        state["phase"] = "place"

    # docs/rules/tahiti.md 5.1(b)
    def _do_place(self, state: State, rng: Rng, who: str, label: str, log: list[str]) -> None:
        stack, at = state["pending"]["stack"], state["pending"]["at"]
        tile = state["stacks"][stack].pop(0)
        reefs = sorted(DIRS.index(d) for d in label.split(","))
        goods = list(_c()["tiles"][tile]["goods"])
        state["board"][at] = {
            "kind": "island",
            "tile": tile,
            "reefs": reefs,
            "goods": goods,
            "cubes": [False, False],
            "marker": None,
        }
        state["pending"] = {}
        log.append(w.tile_placed(who, goods, stack, at, label))
        if not state["stacks"][0] and not state["stacks"][1]:
            # docs/rules/tahiti.md 5.1 "Important", 4: the last tile removes Hommea; late season.
            state["hommea"] = None
            state["era"] = "late"
            log.append(w.last_island())
        self._start_gifts(state, rng, log)

    # docs/rules/tahiti.md 5.2
    def _start_gifts(self, state: State, rng: Rng, log: list[str]) -> None:
        draws = _c()["draws"]
        # docs/rules/tahiti.md 5.2, 9.7 A9: 3 cubes while Hommea is in play, 2 after she leaves.
        count = draws["gifts_with_hommea"] if state["hommea"] is not None else draws["gifts_late"]
        drawn = self._draw(state, rng, count)
        log.append(w.gifts_drawn(drawn))
        state["pending"] = {"gifts": drawn}
        self._resolve_gifts(state, rng, log)

    def _resolve_gifts(self, state: State, rng: Rng, log: list[str]) -> None:
        gifts = state["pending"]["gifts"]
        while gifts:
            colour = gifts[0]
            opts = self.gift_options(state, colour)
            if len(opts) >= 2:
                state["phase"] = "gift"  # docs/rules/tahiti.md 5.2: the player chooses
                return
            gifts.pop(0)
            if opts:  # docs/rules/tahiti.md 7.5: mandatory when a space fits
                self._put_cube(state, opts[0], colour)
                log.append(w.gift_goes(colour, opts[0]))
            else:
                self._to_bag(state, [colour])
                log.append(w.gift_fits_nowhere(colour))
        state["pending"] = {}
        self._start_actions(state, log)

    def _put_cube(self, state: State, at: str, colour: str) -> None:
        hexa = state["board"][at]
        for i, g in enumerate(hexa["goods"]):
            if g == colour and not hexa["cubes"][i]:
                hexa["cubes"][i] = True
                return

    def _do_gift(
        self, state: State, rng: Rng, who: str, colour: str, at: str, log: list[str]
    ) -> None:
        state["pending"]["gifts"].pop(0)
        self._put_cube(state, at, colour)
        log.append(w.gift_put(who, colour, at))
        self._resolve_gifts(state, rng, log)

    # docs/rules/tahiti.md 5.3
    def _start_actions(self, state: State, log: list[str]) -> None:
        state["phase"] = "actions"
        state["actions"] = 0
        seat = state["current"]
        log.append(w.actions_begin(w.name(seat), rowers(state["canoes"][seat])))

    def _do_action(
        self, state: State, rng: Rng, seat: int, verb: str, args: list[str], log: list[str]
    ) -> None:
        who = w.name(seat)
        canoe = state["canoes"][seat]
        if verb != "fish":
            self._end_fishing(state, log)  # docs/rules/tahiti.md 5.6 cleanup
        if verb == "end":
            log.append(w.actions_ended(who))
            self._end_actions(state, rng, log)
            return
        state["actions"] += 1
        if verb == "move":
            self._move(state, rng, seat, args[0], log)
        elif verb == "harvest":  # docs/rules/tahiti.md 5.5
            colour = args[0]
            hexa = state["board"][state["at"][seat]]
            hexa["cubes"][hexa["goods"].index(colour)] = False
            canoe.append(colour)
            log.append(w.harvested(who, colour, len(canoe)))
        elif verb == "deliver":  # docs/rules/tahiti.md 5.7
            log.append(w.delivered(who, canoe))
            self._deliver(state, seat, log)
        elif verb == "fish" and self._fish(state, rng, seat, log):
            return  # waiting for keep / release
        self._after_action(state, rng, log)

    def _after_action(self, state: State, rng: Rng, log: list[str]) -> None:
        """docs/rules/tahiti.md 5.3 stop rule: re-checked after every action."""
        seat = state["current"]
        left = rowers(state["canoes"][seat]) - state["actions"]
        if left <= 0:
            log.append(w.no_action_left(w.name(seat), left + state["actions"]))
            self._end_actions(state, rng, log)

    # docs/rules/tahiti.md 5.4
    def _move(self, state: State, rng: Rng, seat: int, to: str, log: list[str]) -> None:
        board = state["board"]
        canoe = state["canoes"][seat]
        crossed = reefs_crossed(board, state["at"][seat], to)
        state["at"][seat] = to
        who = w.name(seat)
        if crossed and canoe:
            drawn = self._draw(state, rng, crossed)
            lost = []
            for g in drawn:  # docs/rules/tahiti.md 9.7 A2: one loss per matching drawn cube
                if g in canoe:
                    canoe.remove(g)
                    lost.append(g)
            self._to_bag(state, drawn + lost)  # 5.4 cleanup: drawn and lost cubes to the bag
            log.append(w.paddled_across(who, to, crossed, drawn, lost))
        elif crossed:  # docs/rules/tahiti.md 7.8
            log.append(w.paddled_empty(who, to, crossed))
        else:
            log.append(w.paddled(who, to))

    def _deliver(self, state: State, seat: int, log: list[str]) -> None:
        """docs/rules/tahiti.md 5.7: unload all; at most 9 per type, the rest leaves the game."""
        cap = _c()["draws"]["chart_cap"]
        chart = state["charts"][seat]
        for g in state["canoes"][seat]:
            if chart[g] < cap:
                chart[g] += 1
            else:
                state["removed"][g] += 1
                log.append(w.beyond_cap(g, cap))
        state["canoes"][seat] = []

    # docs/rules/tahiti.md 5.6
    def _fish(self, state: State, rng: Rng, seat: int, log: list[str]) -> bool:
        here = state["board"][state["at"][seat]]
        draws = _c()["draws"]
        fishy = here.get("marker") == "fish"
        drawn = self._draw(state, rng, draws["fishing_fish_marker"] if fishy else draws["fishing"])
        log.append(w.fished(w.name(seat), len(state["set_aside"]), drawn))
        if "fish" in drawn and canoe_accepts(state["canoes"][seat], "fish"):
            state["pending"] = {"drawn": drawn}
            state["phase"] = "keep"
            return True
        if "fish" in drawn:
            log.append(w.fish_not_taken())
        state["set_aside"] += drawn
        return False

    def _do_keep(self, state: State, rng: Rng, seat: int, keep: bool, log: list[str]) -> None:
        drawn = state["pending"]["drawn"]
        if keep:
            drawn.remove("fish")
            state["canoes"][seat].append("fish")
            log.append(w.fish_kept(w.name(seat)))
        else:
            log.append(w.fish_released(w.name(seat)))
        state["set_aside"] += drawn
        state["pending"] = {}
        state["phase"] = "actions"
        self._after_action(state, rng, log)

    def _end_actions(self, state: State, rng: Rng, log: list[str]) -> None:
        self._end_fishing(state, log)
        if state["era"] != "late":  # docs/rules/tahiti.md 5.9: skipped while Hommea is in play
            self._end_turn(state, rng, log)
            return
        opts = self.exhaust_options(state)
        if not opts:
            log.append(w.nothing_to_exhaust())
            self._end_turn(state, rng, log)
        elif len(opts) == 1:
            self._exhaust(state, rng, state["current"], opts[0], log)
        else:
            state["phase"] = "exhaust"

    def _do_exhaust(self, state: State, rng: Rng, seat: int, at: str, log: list[str]) -> None:
        self._exhaust(state, rng, seat, at, log)

    def _exhaust(self, state: State, rng: Rng, seat: int, at: str, log: list[str]) -> None:
        # docs/rules/tahiti.md 5.9, 9.7 A10: choose the island, then reveal a random marker.
        kind = state["markers"].pop(0) if state["markers"] else "blank"
        state["board"][at]["marker"] = kind
        log.append(w.exhausted(w.name(seat), at, kind))
        self._end_turn(state, rng, log)

    def _end_turn(self, state: State, rng: Rng, log: list[str]) -> None:
        players = state["players"]
        state["phase"] = "actions"
        state["actions"] = 0
        if state["era"] == "late" and not state["end_triggered"]:
            # docs/rules/tahiti.md 4, 6.2.1, 9.7 A16: four islands without a marker end the season.
            alive = self.islands_left(state)
            if alive <= _c()["draws"]["end_islands"]:
                state["end_triggered"] = True
                log.append(w.last_round(alive))
        nxt = (state["current"] + 1) % players
        if nxt == state["first"]:
            if state["end_triggered"]:  # docs/rules/tahiti.md 7.17: equal turns for everyone
                self._finish(state, log)
                return
            state["round"] += 1
        state["current"] = nxt
        state["turn"] += 1
        log.append(w.next_turn(state["round"], w.name(nxt)))
        self._begin_turn(state, rng, log)

    def _begin_turn(self, state: State, rng: Rng, log: list[str]) -> None:
        state["actions"] = 0
        if state["stacks"][0] or state["stacks"][1]:
            state["phase"] = "hommea"  # docs/rules/tahiti.md 4: Exploration while tiles remain
        else:
            self._start_gifts(state, rng, log)

    # ------------------------------------------------------------------ end
    def _finish(self, state: State, log: list[str]) -> None:
        """docs/rules/tahiti.md 6.2: final delivery from anywhere (cap 9), then scoring."""
        for seat in range(state["players"]):
            if state["canoes"][seat]:
                log.append(w.unloaded_at_end(w.name(seat), state["canoes"][seat]))
                self._deliver(state, seat, log)
        state["phase"] = "over"
        state["pending"] = {}
        scores = self.scores(state)
        state["final"] = scores
        log.append(w.season_over())
        for seat, row in enumerate(scores):
            fav = _c()["favourites"][state["fav"][seat]]
            log.append(w.final_score(w.name(seat), row, fav))

    @staticmethod
    def goods_score(chart: dict[str, int]) -> int:
        """docs/rules/tahiti.md 6.2 Goods: the value of the first empty space after the cubes."""
        return goods_score(chart)

    def scores(self, state: State) -> list[dict[str, int]]:
        return score_rows(state["charts"], state["fav"])
