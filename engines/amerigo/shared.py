"""The base every family of Amerigo's rules builds on: the steps that end an action and the
island completion that ships (a trading post) and tiles (a building) both trigger.

The rules are split by concern into mixins over this base: ``flow.py`` (phases, rounds, pirates,
final scoring), ``tracks.py`` (black, brown, white), ``ships.py`` (blue), ``tiles.py`` (red,
green), ``production.py`` (yellow); ``engine.py`` joins them into the one engine, ``Amerigo``.
A mixin calls another's step only through the methods declared here."""

from __future__ import annotations

from typing import Any

from engines.amerigo import words as W
from engines.amerigo.position import POST_TABLE, SCORE, geometry, player_order, time_value
from engines.base import BaseEngine, Rng, State

Act = dict[str, Any]
"""The action in progress (``state["turn"]["act"]``): ``k`` its kind, ``c`` its colour, ``ap``
its free action points, and what each kind keeps between its steps."""


class AmerigoRules(BaseEngine):
    @staticmethod
    def _geo(state: State) -> dict[str, Any]:
        return geometry(state)

    @staticmethod
    def _order(state: State) -> list[int]:
        """docs/rules/amerigo.md 4.2.4: furthest ahead first; in a stack, top first."""
        return player_order(state)

    def _drop(self, state: State, rng: Rng, cubes: dict[str, int]) -> dict[str, int]:
        """docs/rules/amerigo.md 9.6: drop ``cubes`` into the tower (``flow.py``)."""
        raise NotImplementedError

    def _next_turn(self, state: State, rng: Rng, log: list[str]) -> None:
        """The next seat of the phase, or the next phase (``flow.py``)."""
        raise NotImplementedError

    @staticmethod
    def _pay(p: dict[str, Any], act: Act, cost: int) -> int:
        """Use free AP first, then 1 gold per missing AP (docs/rules/amerigo.md 5.8). Returns
        gold."""
        use = min(act["ap"], cost)
        act["ap"] -= use
        gold = cost - use
        p["gold"] -= gold
        return gold

    def _leave_or_finish(
        self, state: State, rng: Rng, seat: int, act: Act, verb: str, log: list[str]
    ) -> bool:
        """The two ways out of an action step: `back` leaves the action untaken (before anything
        was done), `done` ends it. True when ``verb`` was one of them."""
        if verb == "back":
            state["turn"]["act"] = None
            return True
        if verb == "done":
            self._finish(state, rng, seat, act, log)
            return True
        return False

    def _finish(self, state: State, rng: Rng, seat: int, act: Act, log: list[str]) -> None:
        self._next_turn(state, rng, log)

    def _check_complete(self, state: State, seat: int, island: int, log: list[str]) -> None:
        """docs/rules/amerigo.md 5.5 island completion (also by a trading post, 7.13)."""
        geo = geometry(state)
        if island in state["completed"]:
            return
        cells = geo["islands"][island]["cells"]
        if any(c not in state["cover"] and c not in state["posts"] for c in cells):
            return
        state["completed"].append(island)
        p = state["p"][seat]
        p["vp"] += SCORE["completion"]
        chest = island in state["chests"]
        if chest:
            state["chests"].remove(island)
            p["chests"] += 1
        log.append(W.island_completed(seat, chest))
        mult = time_value(state)
        for other, q in enumerate(state["p"]):
            n = sum(1 for c in geo["islands"][island]["posts"] if state["posts"].get(c) == other)
            if n:
                table = POST_TABLE[min(n, len(POST_TABLE) - 1)]
                q["vp"] += table * mult
                log.append(W.posts_scored(other, n, table, mult))
