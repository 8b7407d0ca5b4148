"""Applying a Bremerhaven move (docs/ARCHITECTURE.md 2 ``_apply``): a bid, a price or career
choice, and a seat's step on its own draft (starting goods, permits, an upgrade, placing, harbour
work: docs/rules/bremerhaven.md 4.1, 5.3-5.9, 8.1)."""

from __future__ import annotations

from engines.base import State
from engines.bremerhaven import words as W
from engines.bremerhaven.data import BUILDINGS
from engines.bremerhaven.harbour import (
    SPACE_NAMES,
    bollard_cost,
    has_ability,
    is_empty,
    kinds,
    source_good,
)
from engines.bremerhaven.rounds import RoundFlow
from i18n import Msg, dump


class Play(RoundFlow):
    def _apply(self, state: State, seat: int, move: str) -> tuple[list[str], dict[int, list[str]]]:
        log: list[str] = []
        private: dict[int, list[str]] = {}
        words = move.split()
        if state["phase"] == "auction":
            self._auction_move(state, seat, words, log, private)
        elif state["step"] == "price":
            if words[0] == "price":  # rules 5.5
                idx = state["prices"].index(words[1])
                if idx >= len(state["prices"]) - state.get("price_tail", 0):
                    state["price_tail"] -= 1  # it came out of the publicly known bottom part
                state["prices"].remove(words[1])
                state["prices"].insert(0, words[1])
            log.append(W.sets_prices(state, seat))
            state["single"] = None
            state["waiting"] = []
        elif state["step"] == "career":
            if words[0] == "swap":  # rules 5.6
                i = int(words[1]) - 1
                h = state["hier"]
                h[i], h[i + 1] = h[i + 1], h[i]
                log.append(W.swaps_ranks(state, seat, i))
            else:
                log.append(W.no_swap(state, seat))
            state["single"] = None
            state["waiting"] = []
            self._income(state, log)
        else:
            self._draft_move(state, seat, move, words, log, private)
        self._settle(state, log)
        return log, private

    def _auction_move(self, state, seat, words, log, private) -> None:
        key = str(seat)
        if words[0] == "bid":
            state["pending"][key] = words[1]
            log.append(W.picks_space(state, seat, words[1]))
            return
        if words[0] == "back":
            del state["pending"][key]
            log.append(W.picks_another_space(state, seat))
            return
        value = int(words[1])
        space = state["pending"].pop(key)
        state["players"][seat]["hand"].remove(value)  # rules 4.1 / 7.2: face down, no take-back
        state["bids"].append([space, seat, value])
        state["turn"] += 1
        state["waiting"] = []
        log.append(W.places_card(state, seat, space))
        private[seat] = [W.you_placed_card(value, space)]

    def _draft_move(self, state, seat, move, words, log, private) -> None:
        d = state["drafts"][str(seat)]
        d["n"] = d.get("n", 0) + 1
        step = state["step"]

        def note(text: Msg) -> None:
            d["notes"].append(dump(text))

        before = len(d["notes"])
        done = False
        if step == "start":  # rules 8.1: a starting good on an empty space
            good = words[1]
            idx = next(i for i, sp in enumerate(d["spaces"]) if is_empty(sp))
            d["spaces"][idx] = {"g": [good]}
            d["picks"] += 1
            note(W.took_starting_good(good))
            done = d["picks"] >= 3
        elif step == "permit":
            done = self._permit_move(d, words, note)
        elif step == "upgrade":
            if words[0] == "upgrade":  # rules 5.4: pay the difference
                d["money"] -= d["diff"]
                self._upgrade(d)
                note(W.paid_upgrade(d["diff"]))
            else:
                note(W.DECLINED_UPGRADE)
            done = True
        elif step == "place":
            if move == "done":
                done = True
            else:
                item = d["queue"].pop(0)
                if move == "later":
                    d["queue"].append(item)
                else:
                    self._do_place(state, d, item, move)
                self._place_auto(state, seat)
                done = not d["queue"]
        elif step == "harbour":
            done = self._harbour_move(state, d, words, note)
        new_notes = d["notes"][before:]
        if new_notes:
            private[seat] = [W.you_did(n) for n in new_notes]
        if step == "place":  # placements are public as they are made (rules 5.7 / 5.8)
            log.extend(W.player_did(state, seat, n) for n in new_notes)
            del d["notes"][before:]
            if move == "later":
                log.append(W.places_later(state, seat))
        elif not done:
            log.append(W.working_on_draft(state, seat, step, d.get("picks", 0)))
        if done:
            self._finish_seat(state, seat)
            log.append(W.has_finished(state, seat))

    def _permit_move(self, d: dict, words: list[str], note) -> bool:
        if d.get("sel"):
            if words[0] == "at":  # rules 5.3 c: build on an empty space
                idx = SPACE_NAMES.index(words[1])
                d["spaces"][idx] = {"b": d["sel"]}
                d["unbuilt"].remove(d["sel"])
                d["permits"] -= 1
                note(W.built_on(d["sel"], words[1]))
            d["sel"] = None
            return False
        verb = words[0]
        if verb == "done":  # rules 9.5 A15: unused permits lapse
            return True
        if verb == "buy":  # rules 5.3: difference first, then the highest bid per extra
            price = d["pc"][0] if not d["bought"] else d["pc"][1]
            d["money"] -= price
            d["bought"] += 1
            d["permits"] += 1
            note(W.bought_permit(price))
        elif verb == "bollard":  # rules 5.3 a
            q = int(words[1]) - 1
            cost = bollard_cost(d, q)
            d["money"] -= cost
            d["quays"][q] += 1
            d["permits"] -= 1
            note(W.added_bollard(q + 1, cost))
        elif verb == "clear":  # rules 5.3 b
            idx = SPACE_NAMES.index(words[1])
            cost = d["spaces"][idx]["c"]
            d["money"] -= cost
            d["spaces"][idx] = {}
            d["permits"] -= 1
            note(W.cleared_cover(words[1], cost))
        elif verb == "build":
            d["sel"] = words[1]
        return False

    def _harbour_move(self, state: State, d: dict, words: list[str], note) -> bool:
        verb = words[0]
        sel = d.get("sel")
        if verb == "done":
            self._harbour_end(state, d)
            note(W.FINISHED_HARBOUR)
            return True
        if verb == "back":
            if sel and sel.startswith("@"):  # production not placed: not used
                d["prod"].remove(sel[1:])
            d["sel"] = None
            d.pop("pick", None)
            return False
        if verb == "produce":  # rules 5.9 4.1
            b = BUILDINGS[words[1]]
            d["prod"].append(words[1])
            if b["makes"] == "money":
                d["money"] += b["amount"]
                note(W.earned_with(b["amount"], words[1]))
            else:
                d["sel"] = "@" + words[1]
            return False
        if verb == "from":
            d["sel"] = words[1]
            if words[1] in SPACE_NAMES:  # rules 5.9 4.2: the good picked up, if named
                goods = d["spaces"][SPACE_NAMES.index(words[1])]["g"]
                d["pick"] = words[2] if len(words) > 2 else kinds(goods)[0]
            return False
        # The other moves are offered only with something selected (``_harbour_moves``).
        assert sel is not None
        d["moved"] = True
        if verb in ("pack", "unpack"):  # rules 5.9 4.2
            sp = d["spaces"][SPACE_NAMES.index(sel)]
            d["money"] -= 0 if has_ability(d, "freepack") else 1
            if verb == "pack":
                sp["g"].remove("crate")
                sp["g"].remove("crate")
                sp["g"].append("container")
            else:
                sp["g"].remove("container")
                sp["g"].extend(["crate", "crate"])
            note(W.packed(sel) if verb == "pack" else W.unpacked(sel))
            d["sel"] = None
            d.pop("pick", None)
            return False
        dest = words[1]
        if sel.startswith("@"):
            b = BUILDINGS[sel[1:]]
            d["spaces"][SPACE_NAMES.index(dest)] = {"g": [b["makes"]]}
            note(W.produced(b["makes"], dest, sel[1:]))
            d["sel"] = None
            d["moved"] = False
            return False
        good = source_good(d, sel)
        assert good is not None  # a destination is offered only for a good (``_targets``)
        if sel.startswith("berth"):
            d["berths"][int(sel[5:]) - 1]["n"] -= 1
        else:
            sp = d["spaces"][SPACE_NAMES.index(sel)]
            sp["g"].remove(good)
            if not sp["g"]:
                del sp["g"]
        if dest.startswith("bay"):
            d["bays"][int(dest[3:]) - 1]["got"].append(good)
            note(W.delivered(good, sel, dest[3:]))
        else:
            d["spaces"][SPACE_NAMES.index(dest)].setdefault("g", []).append(good)
            note(W.moved_good(good, sel, dest))
        d["sel"] = None
        d.pop("pick", None)
        return False
