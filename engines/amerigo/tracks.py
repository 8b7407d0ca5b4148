"""Amerigo's track actions: load cannons (black, docs/rules/amerigo.md 5.2), advance on the
progress track and take progress tokens (brown, 5.4, 5.9), move the order disc (white, 5.7.1).
A mixin of the engine (``shared.py``)."""

from __future__ import annotations

from engines.amerigo import words as W
from engines.amerigo.position import (
    PROGRESS_VP,
    SCORE,
    add_gold,
    player_order,
    tokens_with,
    track_room,
)
from engines.amerigo.shared import Act, AmerigoRules
from engines.base import Rng, State


class TrackActions(AmerigoRules):
    def _moves_track(self, state: State, seat: int, act: Act) -> list[str]:
        p = state["p"][seat]
        verb = {"black": "load", "brown": "advance", "white": "move"}[act["c"]]
        room = track_room(state, seat, act["c"])
        top = min(room, act["ap"] + p["gold"])
        moves = [f"{verb} {n}" for n in range(1, top + 1)] if room else [f"{verb} 0"]
        if act["c"] == "white" and tokens_with(p, "order_top", unused=True):
            first = player_order(state)[0]
            if first != seat:
                moves.append("move top")  # docs/rules/amerigo.md 5.9 P12
        moves.append("back")
        return moves

    def _moves_token(self, state: State, seat: int, act: Act) -> list[str]:
        # docs/rules/amerigo.md 5.4 / 9.7 A9: choose any face-up token, from either half.
        return [f"token {t}" for t in sorted({t for t in state["parea"] if t})]

    def _apply_track(
        self, state: State, rng: Rng, seat: int, act: Act, words: list[str], log: list[str]
    ) -> None:
        p = state["p"][seat]
        if words[-1] == "back":
            state["turn"]["act"] = None
            return
        colour = act["c"]
        if words[1] == "top":
            # docs/rules/amerigo.md 5.9 P12: on top of the first player's disc, ignoring AP.
            first = state["p"][player_order(state)[0]]
            tok = next(t for t in p["toks"] if t[0] == "order-top" and not t[1])
            tok[1] = True
            p["opos"] = first["opos"]
            p["stamp"] = state["stamp"]
            state["stamp"] += 1
            log.append(W.disc_on_top(seat))
            self._finish(state, rng, seat, act, log)
            return
        n = int(words[1])
        room = track_room(state, seat, colour)
        gold = max(0, n - act["ap"])
        p["gold"] -= gold
        # docs/rules/amerigo.md 5.8 / 7.14 / 9.7 A13: 2 gold when AP go unused at the track end.
        bonus = n == room and act["ap"] > n
        crossed = []
        if colour == "black":
            p["can"] += n  # docs/rules/amerigo.md 5.2
            now = p["can"]
        elif colour == "brown":
            old = p["prog"]
            p["prog"] += n  # docs/rules/amerigo.md 5.4
            crossed = [k for k in sorted(PROGRESS_VP) if old < k <= p["prog"]]
            now = p["prog"]
        else:
            p["opos"] += n  # docs/rules/amerigo.md 5.7.1 / 7.22: on top of any discs there
            if n:
                p["stamp"] = state["stamp"]
                state["stamp"] += 1
            now = p["opos"]
        if bonus:
            add_gold(p, SCORE["track_end_gold"])
        log.append(W.track_moved(seat, colour, n, now, gold, bonus))
        # docs/rules/amerigo.md 5.4 / 9.7 A15: one progress token per VP space reached or passed.
        if crossed and any(state["parea"]):
            state["turn"]["act"] = {"k": "token", "c": colour, "left": len(crossed)}
            return
        self._finish(state, rng, seat, act, log)

    def _apply_token(
        self, state: State, rng: Rng, seat: int, act: Act, words: list[str], log: list[str]
    ) -> None:
        p = state["p"][seat]
        tid = words[1]
        state["parea"][state["parea"].index(tid)] = None
        p["toks"].append([tid, False])
        log.append(W.token_taken(seat, tid))
        act["left"] -= 1
        if act["left"] <= 0 or not any(state["parea"]):
            self._finish(state, rng, seat, act, log)
