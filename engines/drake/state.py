"""Francis Drake's state: its shape, the constants of the rules, and the lookups every part of the
engine shares (docs/ARCHITECTURE.md 9: one concern a module).

``DrakeBase`` is the base of the engine's parts (``provisioning``, ``sailing``, ``resolution``,
``voyage``, ``views``, ``hidden``): it holds the helpers they share and declares the steps one
part hands on to another, so that each part type-checks on its own. The lookups that need no
engine (a Destination's printed values, where a seat's discs are) are plain functions here, so
that ``words.py`` says them without importing the engine.
"""

from __future__ import annotations

from engines.base import BaseEngine, State
from engines.drake.data import COMMODITIES, load
from i18n import Msg, dump

LABELS = ("hind", "1", "2", "3", "4", "ghost")
LABEL_SHORT = {"hind": "Golden Hind", "ghost": "Ghost Ship"}
SHORT = {"trade_goods": "goods", "golden_hind": "hind"}
RESOURCES = ("crew", "guns", "supplies", "trade_goods")
INVESTOR_POS = 17
DOCKSIDE_POS = 18
RECENT = 8
TITLES = ("admiral", "governor", "informer")
SUPPLY_ORDER = (
    "crew",
    "guns",
    "supplies",
    "trade_goods",
    "sugar",
    "coffee",
    "tobacco",
    "indigo",
    "gold",
    "silver",
    "jewel",
)
TREASURES = ("gold", "silver", "jewel")

DEST_KINDS = ("town", "fort", "galleon", "port")


def short(kind: str) -> str:
    """The word a ``place`` move uses for a Location kind (``goods``, ``hind``)."""
    return SHORT.get(kind, kind)


def new_player(score: int) -> dict:
    return {
        "score": score,
        "crew": 0,
        "guns": 0,
        "supplies": 0,
        "trade_goods": 0,
        "ship": "frigate",
        "pinnace": False,
        "comm": {c: 0 for c in COMMODITIES},
        "chest": {"gold": 0, "silver": 0, "jewel": 0},
        "loot": {"gold": 0, "silver": 0, "jewel": 0},
        "investor": True,
        "discs": 10,
        "last": 0,
        "drake": False,
        "dockside": False,
        "hind": False,
        "ghost": False,
        "nav": 0,
        "conq": [],
        "m": {},
        "sel": None,
        "returned": False,
        "wins": 0,
        "known": {},
        "look": {},
        "vp_log": [],
    }


def fresh_dest(dest_id: str) -> dict:
    return {
        "treasure": None,
        "counter": None,
        "shown": False,
        "gc": None,
        "stack": [],
        "succ": 0,
        "trades": 0,
        "goods": [],
    }


def dest_info(dest_id: str) -> dict:
    return load()["dests"][dest_id]


def kind_ids(kind: str) -> list[str]:
    data = load()
    return [d for d in data["dest_order"] if data["dests"][d]["kind"] == kind]


def defence(state: State, dest_id: str) -> tuple[int, int, int]:
    """(crew needed, guns needed, vp) of a Town, Fort or Galleon (rules 5.2)."""
    info = dest_info(dest_id)
    dest = state["dest"][dest_id]
    if info["kind"] == "galleon":
        gc = load()["galleon_counters"][dest["gc"]]
        return 0, gc["front_guns"] + (dest["counter"] or 0), gc["front_vp"]
    if info["kind"] == "fort":
        return info["troops"] + (dest["counter"] or 0), info["guns"], info["vp"]
    return info["troops"], 0, info["vp"]


def placed(state: State, seat: int) -> dict[str, str]:
    m = state["p"][seat]["m"]
    return {lab: m[lab]["at"] for lab in LABELS if lab in m and m[lab]["st"] == "placed"}


def hand(state: State, seat: int) -> list[str]:
    m = state["p"][seat]["m"]
    return [lab for lab in LABELS if lab in m and m[lab]["st"] == "hand"]


class DrakeBase(BaseEngine):
    """What the engine's parts share: the supply, the log, where discs are, what a mission can
    do there."""

    # ------------------------------------------------------------------ helpers

    @staticmethod
    def _new_player(score: int) -> dict:
        return new_player(score)

    @staticmethod
    def _fresh_dest(dest_id: str) -> dict:
        return fresh_dest(dest_id)

    def _take(self, state: State, seat: int, res: str, amount: int) -> int:
        """docs/rules/francis-drake.md 9.6.12: take what is left in the supply."""
        got = max(0, min(amount, state["supply"][res]))
        state["supply"][res] -= got
        state["p"][seat][res] += got
        return got

    def _pay(self, state: State, seat: int, res: str, amount: int) -> None:
        state["p"][seat][res] -= amount
        state["supply"][res] += amount

    @staticmethod
    def _dest_info(dest_id: str) -> dict:
        return dest_info(dest_id)

    def _defence(self, state: State, dest_id: str) -> tuple[int, int, int]:
        """(crew needed, guns needed, vp) of a Town, Fort or Galleon (rules 5.2)."""
        return defence(state, dest_id)

    def _log(self, state: State, log: list[str], line: Msg) -> None:
        log.append(line)
        # The state is JSON: the board's recent lines are kept as dumped texts (id and
        # parameters) so that each reader's board says them in their language.
        state["recent"] = (state["recent"] + [dump(line)])[-RECENT:]

    def _reachable(self, state: State, seat: int) -> list[str]:
        """docs/rules/francis-drake.md 4.2 A5, 4.3: zones up to the navigation cube, one disc
        each."""
        p = state["p"][seat]
        mine = {d["at"] for d in p["m"].values() if d["st"] == "placed"}
        return [
            d
            for d in load()["dest_order"]
            if self._dest_info(d)["zone"] <= p["nav"] and d not in mine
        ]

    def _placed(self, state: State, seat: int) -> dict[str, str]:
        return placed(state, seat)

    def _hand(self, state: State, seat: int) -> list[str]:
        return hand(state, seat)

    @staticmethod
    def _kind_ids(kind: str) -> list[str]:
        return kind_ids(kind)

    # ------------------------------------------------------------------ what a mission can do

    def _mission_options(self, state: State, seat: int, dest_id: str) -> list[str]:
        """docs/rules/francis-drake.md 5.2, 9.7: what the disc's owner can do there."""
        p = state["p"][seat]
        info = self._dest_info(dest_id)
        dest = state["dest"][dest_id]
        if info["kind"] == "port":
            # docs/rules/francis-drake.md 5.2, 9.6.15: 1 Trade Good, trades up to the circles.
            if p["trade_goods"] < 1 or dest["trades"] >= info["circles"]:
                return []
            return [f"trade {g}" for g in dest["goods"]]
        if dest["succ"] >= 2:  # docs/rules/francis-drake.md 4.6: at most 2 successful attacks
            return []
        crew, guns, _ = self._defence(state, dest_id)
        if info["kind"] == "galleon":
            ok = p["ship"] == "galleon" and p["guns"] >= guns
        elif info["kind"] == "fort":
            ok = p["crew"] >= crew and (p["pinnace"] or p["guns"] >= guns)
        else:
            ok = p["crew"] >= crew
        return ["attack"] if ok else []

    def _counter_down(self, state: State, dest_id: str) -> bool:
        """A Fort or Galleon that may still be attacked, its counter still face down."""
        dest = state["dest"][dest_id]
        return (
            self._dest_info(dest_id)["kind"] in ("fort", "galleon")
            and not dest["shown"]
            and dest["succ"] < 2
            and dest["counter"] is not None
        )

    def _knows_counter(self, state: State, seat: int, dest_id: str) -> bool:
        """The seat knows the face-down counter there: the Governor or Admiral who placed it
        (4.2 A2-A3), an Informer who peeked at it (4.4)."""
        return dest_id in state["p"][seat]["known"]

    # ------------------------------------------------------------------ handed on between parts
    # Each is made by one part (named below) and called by another.

    def _start_sailing(self, state: State, log: list[str]) -> None:
        """Sailing begins once every ship has left Plymouth (``sailing.py``)."""
        raise NotImplementedError

    def _advance(self, state: State, log: list[str]) -> None:
        """Run the missions until a player must decide (``resolution.py``)."""
        raise NotImplementedError

    def _score_voyage(self, state: State, log: list[str]) -> None:
        """Score the voyage, then reset or end the game (``voyage.py``)."""
        raise NotImplementedError
