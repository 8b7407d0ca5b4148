"""What every part of the Vasco da Gama engine shares (docs/ARCHITECTURE.md 9): the data, the
rules' small sums, and ``VascoBase``, the questions about a state that the round's course
(``rounds.py``), the moves (``actions.py``), the choices (``choices.py``) and the words for
people (``words.py``) all ask. The rules notes are in ``engines/vasco/engine.py``.

Nothing here makes words: ``words.py`` imports this module, never the reverse.
"""

from __future__ import annotations

from engines.base import BaseEngine, Rng, State
from engines.vasco.data import load

D = load()
COLOURS: tuple[str, ...] = D["colours"]
ROUNDS: int = D["game"]["rounds"]
PRICE_BY_COLOURS: list[int] = D["hire"]["price_by_colours"]
LANDING_KEYS = tuple(land["key"] for land in D["landings"])
MISSIONARY = "missionary"


def tile(tid: str) -> dict:
    """A project tile ("12") or merchant ship ("m3")."""
    return D["merchants"][tid] if tid.startswith("m") else D["projects"][tid]


def line_reals(number: int) -> int:
    """docs/rules/vasco-da-gama.md 4.3.6: reals paid for declining with ``number`` (its line)."""
    return D["line_reals"][number]


def right_cost(ffa: int, number: int) -> int:
    """docs/rules/vasco-da-gama.md 4.3.5 [SRC]: FFA - number below the FFA, free from it on."""
    return max(0, ffa - number)


def hire_price(take: dict[str, int], captain: bool) -> int:
    """docs/rules/vasco-da-gama.md 5.4 [SRC]: 1/3/6/10 by distinct colours; captain 1 per sailor."""
    colours = sum(1 for n in take.values() if n > 0)
    sailors = sum(take.values())
    return PRICE_BY_COLOURS[colours] + (sailors if captain else 0)


def clamp_ffa(value: int) -> int:
    # docs/rules/vasco-da-gama.md 9.6.3 [NIS]: clamp the marker to 1-20
    return max(D["game"]["ffa_min"], min(D["game"]["ffa_max"], value))


def capacity(state: State, area: str) -> int:
    return D["capacity"][area][f"p{state['players']}"]


def area_count(state: State, area: str) -> int:
    return sum(1 for _, a in state["placed"].values() if a == area)


def free_spaces(state: State, landing: int, limit: int) -> list[int]:
    """rules 2.2 / 5.5 [SRC]: spaces with value <= the ship's navigation limit, free."""
    spaces = D["landings"][landing]["spaces"]
    return [
        i
        for i, sp in enumerate(spaces)
        if sp["value"] <= limit and state["landings"][landing][i] is None
    ]


class VascoBase(BaseEngine):
    """The queries on a state the parts of the engine share (their public names are the
    engine's: ``VascoEngine`` inherits them)."""

    def to_move(self, state: State) -> list[int]:
        if state["window"] is not None:
            return list(state["window"]["waiting"])
        if state["phase"] == "place":
            return [state["turn"]]
        if state["phase"] == "act":
            return [state["placed"][str(state["call"])][0]]
        return []

    def capacity(self, state: State, area: str) -> int:
        return capacity(state, area)

    def area_count(self, state: State, area: str) -> int:
        return area_count(state, area)

    def crew_colours(self, p: dict) -> list[str]:
        """Crew colours a player owns (rules 5.3: a missionary is a colour of its own)."""
        have = [c for c in COLOURS if p["sailors"][c] > 0]
        return have + ([MISSIONARY] if p["miss"] > 0 else [])

    def launchable(self, state: State, seat: int) -> list[str]:
        p = state["p"][seat]
        distinct = len(self.crew_colours(p))
        return [t for t in p["projects"] if tile(t)["crew"] <= distinct]

    def free_spaces(self, state: State, landing: int, limit: int) -> list[int]:
        """rules 2.2 / 5.5 [SRC]: spaces with value <= the ship's navigation limit, free."""
        return free_spaces(state, landing, limit)

    def ship_landings(self, state: State, tid: str) -> list[int]:
        limit = tile(tid)["nav_limit"]
        return [i for i in range(len(LANDING_KEYS)) if self.free_spaces(state, i, limit)]

    def sendable(self, state: State, seat: int) -> list[str]:
        # rules 5.5 [SRC] (transcript p.7): "only ships that are launched and have a captain
        # aboard can be sent" -- merchant ships in port included (only Sernigi's own immediate
        # sailing is free, R8)
        p = state["p"][seat]
        if p["captains"] <= 0:
            return []
        return [t for t in p["port"] if self.ship_landings(state, t)]

    def _draw(self, state: State, rng: Rng) -> str:
        bag = state["bag"]
        pick = rng.randbelow(sum(bag.values()))
        for colour in COLOURS:
            if pick < bag[colour]:
                bag[colour] -= 1
                return colour
            pick -= bag[colour]
        raise AssertionError("empty bag")
