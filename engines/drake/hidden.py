"""Francis Drake's hidden information (docs/rules/francis-drake.md 9.4, docs/ARCHITECTURE.md 2):
which choices may be shown in the channel, the states a seat cannot tell apart, and the moves
that show something hidden."""

from __future__ import annotations

from engines.base import Rng, State, clone_state, reseed
from engines.drake.state import LABELS, TREASURES, DrakeBase


class HiddenInformation(DrakeBase):
    def choices_are_public(self, state: State, seat: int) -> bool:
        """Whether the seat's options may be shown to everyone (engines/base.py). rules 9.4:
        which Mission Discs are still in hand, and which is where, are the owner's secret, so
        picking a disc (rules 4.3), sending the picked disc (its options name it) and the
        Informer's swap of two own discs (4.4) are private, and so is the choice of a player who
        knows a face-down counter where they may attack (5.2, 7.10). Everything else
        (provisioning, arranging, the Informer's look or move, resolving) is drawn from the open
        board."""
        phase = state["phase"]
        if phase == "missions":
            return False
        if phase == "informer":
            return state["inf"]["stage"] != "swap"
        cur = state["cur"]
        if phase == "resolve" and cur["stage"] == "act":
            # docs/rules/francis-drake.md 5.2, 7.10 (Issue 38): a player who knows a face-down
            # counter decides before it turns; whether they may attack would show its value.
            dest_id = cur["dest"]
            return not (
                self._counter_down(state, dest_id) and self._knows_counter(state, seat, dest_id)
            )
        return True

    def resample_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        """A state ``seat`` (None: the public) cannot tell from ``state`` (rules 9.4).

        Redrawn: other seats' face-down Mission Discs (which label is at which Destination, which
        are still in hand, incl. the Ghost Ship decoy and a picked disc), the face-down Troop and
        Spanish Frigate counters the observer has not seen, other seats' chest contents from
        earlier voyages (the current voyage's takes stay: the face-down discs on the map show
        them), and the generator (future Tavern rolls, tile and Galleon counter shuffles)."""
        new = clone_state(state)
        if new["phase"] != "over":
            self._resample_discs(new, seat, rng)
            self._resample_counters(new, seat, rng)
            self._resample_chests(new, seat, rng)
        reseed(new, rng)
        return new

    def _resample_discs(self, state: State, observer: int | None, rng: Rng) -> None:
        # docs/rules/francis-drake.md 4.3, 9.4: discs are face down until the reveal (4.5).
        if state["revealed"] or state["phase"] not in ("missions", "informer"):
            return
        seen = state["p"][observer]["look"] if observer is not None else {}
        for seat in range(state["n"]):
            if seat == observer:
                continue
            p = state["p"][seat]
            fixed = {lab for d, stack in seen.items() for s, lab in stack if s == seat}
            slots = sorted(
                d["at"] for lab, d in p["m"].items() if d["st"] == "placed" and lab not in fixed
            )
            free = [
                lab
                for lab in LABELS
                if lab in p["m"] and p["m"][lab]["st"] in ("hand", "placed") and lab not in fixed
            ]
            rng.shuffle(free)
            old = {d["at"]: lab for lab, d in p["m"].items() if d["st"] == "placed"}
            for i, lab in enumerate(free):
                at = slots[i] if i < len(slots) else None
                p["m"][lab] = {"at": at, "st": "placed" if at else "hand"}
                if at:
                    for entry in state["dest"][at]["stack"]:
                        if entry == [seat, old[at]]:
                            entry[1] = lab
                            break
            if p["sel"] is not None:
                p["sel"] = rng.choice(self._hand(state, seat))
        for seat in range(state["n"]):
            p = state["p"][seat]
            if seat != observer and p["look"]:  # another Informer's look follows the draw
                p["look"] = {d: [list(e) for e in state["dest"][d]["stack"]] for d in p["look"]}

    def _resample_counters(self, state: State, observer: int | None, rng: Rng) -> None:
        # docs/rules/francis-drake.md 4.2 A2-A3, 4.4, 9.4: face-down counters known to the holder
        # and to an Informer who peeked; the multiset 0,0,1,2 / 0,1,2 is public.
        known = state["p"][observer]["known"] if observer is not None else {}
        for kind in ("fort", "galleon"):
            hidden = [
                d
                for d in self._kind_ids(kind)
                if state["dest"][d]["counter"] is not None
                and not state["dest"][d]["shown"]
                and d not in known
            ]
            values = rng.redeal(state["dest"][d]["counter"] for d in hidden)
            for d, value in zip(hidden, values, strict=True):
                state["dest"][d]["counter"] = value
        for seat in range(state["n"]):
            if seat != observer:
                p = state["p"][seat]
                p["known"] = {d: state["dest"][d]["counter"] for d in p["known"]}

    def _resample_chests(self, state: State, observer: int | None, rng: Rng) -> None:
        # docs/rules/francis-drake.md 9.4: Treasure Chests are hidden; earlier voyages' takes are no
        # longer on the board, only the totals (the supply) are public.
        others = [s for s in range(state["n"]) if s != observer]
        pool: list[str] = []
        for seat in others:
            p = state["p"][seat]
            loot = p.get("loot") or {}
            for metal in TREASURES:
                earlier = p["chest"][metal] - loot.get(metal, 0)
                pool += [metal] * earlier
                p["chest"][metal] -= earlier
        for metal in sorted(pool):  # sorted: the real chests' order must not show through
            state["p"][rng.choice(others)]["chest"][metal] += 1

    def _reveals(
        self, before: State, after: State, seat: int, move: str, private: dict[int, list[str]]
    ) -> bool:
        """True when the move drew from the generator, turned the Mission Discs or a counter
        face up, let the Informer look or peek, or ended the game (the chests are scored
        openly); a disc pick, a placement or a counter arrangement only records a choice."""
        if before.get("rng") != after.get("rng") or before["revealed"] != after["revealed"]:
            return True
        if move.split()[0] in ("look", "peek") or (
            after["phase"] == "over" and before["phase"] != "over"
        ):
            return True
        return any(
            after["dest"][d]["shown"] and not before["dest"][d]["shown"] for d in after["dest"]
        )
