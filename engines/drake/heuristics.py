"""Seat filler hooks for Francis Drake (issue 18): a projected final score and a playout policy.

``projected_score`` reads the final scoring of what a seat holds (docs/rules/francis-drake.md 6:
voyage VP, Commodity sets, Treasure Chest, through the engine's own ``final_row``) and adds what
the voyage in progress is likely to bring before its Reset (4.8: Types of Conquest, Admiral and
Governor bonuses; 4.6/5.2: the missions the seat's discs, Crew, Guns and Trade Goods can still
pay for). Points arrive at mission resolution and voyage end, past a 16-move playout, so a
running score alone says little during Provisioning and Mission placement.

``rollout_move`` is a cheap playout policy that makes the few playout moves count: walk the
street a few Locations at a time instead of jumping to its end, never pick a disc and put it
back, attack or trade when possible, return home when no mission is left to make.

Both read the state they are given. The search calls them on re-dealt states (the seat's
information set), so hidden counters and other seats' chests there are draws, not the truth.
"""

from __future__ import annotations

from engines.base import Heuristics, Rng, State
from engines.drake.data import load
from engines.drake.engine import DrakeEngine

ORDER = {"hind": 0, "1": 1, "2": 2, "3": 3, "4": 4}
"""docs/rules/francis-drake.md 4.5-4.6: the Golden Hind resolves first, then discs 1 to 4."""

# How much of an expected gain to count, by how sure it is (estimates, not rules).
SURE_SLOT = 0.9  # a disc that arrives while a success slot is still free
LATE_SLOT = 0.3  # a disc behind two others: only if an earlier one fails or declines
OPEN_SLOT = 0.8  # a disc not yet placed, the Destination with room for it
CROWDED_SLOT = 0.35  # a disc not yet placed, two rivals' discs there already
FIRST_TREASURE = 0.9  # the first disc at a Destination whose treasure is still there
LATER_TREASURE = 0.25  # a treasure that an earlier disc may take first
TITLE_SHARE = 0.5  # Admiral/Governor: share of Gold/Silver still likely to be left
PHASE_WEIGHT = {"provision": 0.6, "arrange": 0.75, "missions": 0.8, "informer": 0.85}
"""The voyage's remaining gains are surer the later the phase (resolve: 1.0)."""
STREET_VALUE = 1.0  # VP a later street placement may bring (before the phase weight)
STREET_CAP = 4  # placements counted: rivals fill the street too
DOCKSIDE = ("supplies", "crew", "guns")
"""rules 5.1: what Dockside gives (one of them)."""
DRAKE_PIECES = 2  # rules 5.1: the 2nd disc at Drake brings 2 Crew + 2 Guns + 1 of either
STEP_AHEAD = 3
"""rollout_move walks to one of the next few open Locations (rules 4.1: forward only)."""


class _Static:
    """Printed data shaped for quick reading (docs/rules/francis-drake.md 2.3, data/drake)."""

    def __init__(self) -> None:
        data = load()
        self.dests = data["dests"]
        self.order = data["dest_order"]
        self.gc = data["galleon_counters"]
        scoring = data["tables"]["scoring"]
        self.treasure = scoring["treasure"]
        self.types = scoring["conquest_types"]
        troop = data["tables"]["troop_counters"]["values"]
        frigate = data["tables"]["frigate_counters"]["values"]
        # A counter nobody has turned yet, at its mean (the multiset is printed, 2.1).
        self.mean_counter = {
            "fort": sum(troop) / len(troop),
            "galleon": sum(frigate) / len(frigate),
        }


_STATIC: _Static | None = None


def _static() -> _Static:
    global _STATIC
    if _STATIC is None:
        _STATIC = _Static()
    return _STATIC


# ---------------------------------------------------------------------------- progress

PHASE_SHARE = {"provision": 0.0, "arrange": 0.4, "missions": 0.45, "informer": 0.6}
"""How far into a voyage each phase starts (resolution: 0.65; estimates, not rules)."""
VOYAGES = 3  # rules 1: the game lasts 3 voyages


def progress(state: State) -> float:
    """The share of the game already over, 0 to 1 (rules 1: 3 voyages)."""
    if state["phase"] == "over":
        return 1.0
    share = PHASE_SHARE.get(state["phase"], 0.65)
    return min(1.0, (state["voyage"] - 1 + share) / VOYAGES)


# ---------------------------------------------------------------------------- evaluate


def projected_score(engine: DrakeEngine, state: State, seat: int) -> float:
    """The final score ``seat`` may expect (docs/rules/francis-drake.md 6), in VP."""
    if state["phase"] == "over":
        return float(state["final"][seat]["total"])
    p = state["p"][seat]
    now = engine.final_row(p)["total"]
    return now + _voyage_outlook(engine, state, seat)


def _voyage_outlook(engine: DrakeEngine, state: State, seat: int) -> float:
    """VP the voyage in progress should still bring ``seat`` (rules 4.6-4.8)."""
    st = _static()
    p = state["p"][seat]
    phase = state["phase"]
    types_now = st.types[len(p["conq"])]  # rules 4.8: scored at voyage end, already earned
    titles = _title_outlook(state, seat, phase)
    if p["returned"]:
        return types_now + titles
    weight = PHASE_WEIGHT.get(phase, 1.0)
    res = {"crew": p["crew"], "guns": p["guns"], "trade_goods": p["trade_goods"]}
    if p["drake"]:  # rules 9.6.14: the 2nd disc at Drake is the seat's next move
        res["crew"] += DRAKE_PIECES + 0.5
        res["guns"] += DRAKE_PIECES + 0.5
    if phase in ("provision", "arrange"):
        free = 4 + (1 if p["hind"] else 0)
        zone = min(4, p["supplies"])
        fixed: list[str] = []
        if phase == "provision" and _dockside_open(state, seat):
            # rules 5.1: Dockside still ahead, the best of its three pieces.
            best = 0.0
            for key in DOCKSIDE:
                more = dict(res)
                z = zone
                if key == "supplies":
                    z = min(4, p["supplies"] + 1)
                else:
                    more[key] += 1
                best = max(best, _plan(engine, state, seat, more, z, fixed, free))
            gain = best + _street_outlook(state, seat)
        else:
            gain = _plan(engine, state, seat, res, zone, fixed, free)
    else:
        hand = [lab for lab, d in p["m"].items() if d["st"] == "hand" and lab != "ghost"]
        fixed = [lab for lab, d in sorted(p["m"].items()) if d["st"] == "placed" and lab != "ghost"]
        gain = _plan(engine, state, seat, res, p["nav"], fixed, len(hand))
    return types_now + titles + weight * gain


def _street_outlook(state: State, seat: int) -> float:
    """rules 4.1: Locations still open ahead of the seat's last disc, each a future placement
    (one disc kept for Dockside), a few at most: skipping down the street or sailing early
    gives them up, and a short playout rarely sees what they would have brought."""
    p = state["p"][seat]
    open_ahead = 0
    for pos in range(p["last"] + 1, 17):
        if None in state["street"][pos - 1]["occ"]:
            open_ahead += 1
    return STREET_VALUE * min(open_ahead, p["discs"] - 1, STREET_CAP)


def _dockside_open(state: State, seat: int) -> bool:
    p = state["p"][seat]
    return seat not in state["out"] and not p["dockside"] and p["discs"] > 0 and p["last"] < 18


def _title_outlook(state: State, seat: int, phase: str) -> float:
    """rules 4.8: the Admiral scores each Gold, the Governor each Silver, left on the map."""
    total = 0.0
    for title, metal in (("admiral", "gold"), ("governor", "silver")):
        if state["titles"].get(title) != seat:
            continue
        for dest in state["dest"].values():
            if dest["treasure"] != metal:
                continue
            if phase == "resolve" and not dest["stack"]:
                total += 1.0  # no disc left to take it
            else:
                total += TITLE_SHARE
    return total


def _plan(
    engine: DrakeEngine,
    state: State,
    seat: int,
    res: dict[str, float],
    zone: int,
    fixed: list[str],
    free: int,
) -> float:
    """Expected VP of the missions ``seat`` can still pay for: its placed discs ``fixed`` and
    ``free`` discs to place within ``zone``; chosen greedily by value, paid from ``res``."""
    st = _static()
    p = state["p"][seat]
    options: list[tuple[float, str, str, float, float, bool]] = []
    used = set()
    sailing = state["sailing"]
    for lab in fixed:
        dest_id = p["m"][lab]["at"]
        used.add(dest_id)
        option = _option(state, seat, dest_id, lab, sailing)
        if option is not None:
            options.append((*option, True))
    if free:
        for dest_id in st.order:
            if dest_id in used or st.dests[dest_id]["zone"] > zone:
                continue
            option = _option(state, seat, dest_id, None, sailing)
            if option is not None:
                options.append((*option, False))
    if not options:
        return 0.0
    comm = dict(p["comm"])
    points = engine.commodity_points(comm)

    def rank(option: tuple) -> float:
        if option[1] != "port":
            return -option[0]
        good = _best_good(engine, comm, state["dest"][option[2]]["goods"])
        comm[good] += 1
        gain = engine.commodity_points(comm) - points
        comm[good] -= 1
        return -option[0] * gain

    options.sort(key=rank)
    crew, guns, goods = res["crew"], res["guns"], res["trade_goods"]
    new_kinds: set[str] = set()
    total = 0.0
    for value, kind, dest_id, c, g, is_fixed in options:
        if not is_fixed and free <= 0:
            continue
        if kind == "port":
            # rules 5.2, 6: 1 Trade Good for the Commodity that adds most to the sets.
            if goods < 1:
                continue
            good = _best_good(engine, comm, state["dest"][dest_id]["goods"])
            comm[good] += 1
            after = engine.commodity_points(comm)
            total += value * (after - points)
            points = after
            goods -= 1
        else:
            if c > crew or g > guns:
                continue
            crew -= c
            guns -= g
            total += value
            if kind not in p["conq"]:
                new_kinds.add(kind)
        if not is_fixed:
            free -= 1
    if new_kinds:
        # rules 4.8: new Types of Conquest raise the voyage-end bonus.
        have = len(p["conq"])
        total += SURE_SLOT * (st.types[have + len(new_kinds)] - st.types[have])
    return total


def _best_good(engine: DrakeEngine, comm: dict[str, int], goods: list[str]) -> str:
    """The Commodity among ``goods`` that raises the set score most (rules 6)."""
    best, best_points = goods[0], -1
    for good in goods:
        comm[good] += 1
        points = engine.commodity_points(comm)
        comm[good] -= 1
        if points > best_points:
            best, best_points = good, points
    return best


def _option(
    state: State,
    seat: int,
    dest_id: str,
    label: str | None,
    sailing: list[int],
) -> tuple[float, str, str, float, float] | None:
    """(value, kind, Destination, Crew, Guns) of a mission at ``dest_id`` (rules 5.2), the value
    discounted for the discs ahead of it. A port's value is the chance of a trade there (its
    Commodity is valued by the plan); None: nothing can be done there."""
    st = _static()
    info = st.dests[dest_id]
    dest = state["dest"][dest_id]
    kind = info["kind"]
    p = state["p"][seat]
    if kind == "port":
        if dest["trades"] >= info["circles"] or not dest["goods"]:
            return None
        return OPEN_SLOT, kind, dest_id, 0.0, 0.0
    left = 2 - dest["succ"]  # rules 4.6: at most 2 successful attacks
    if left <= 0:
        return None
    counter = dest["counter"]
    if counter is None:
        counter = st.mean_counter.get(kind, 0.0)
    if kind == "galleon":
        if p["ship"] != "galleon":
            return None  # rules 5.2: only a Galleon attacks a Galleon
        gc = st.gc[dest["gc"]]
        crew, guns, vp = 0, gc["front_guns"] + counter, gc["front_vp"]
    elif kind == "fort":
        crew, guns, vp = info["troops"] + counter, info["guns"], info["vp"]
        if p["pinnace"]:
            guns = 0  # rules 5.2, 7.11
    else:
        crew, guns, vp = info["troops"], 0, info["vp"]
    if label is not None:
        mine = (ORDER[label], sailing.index(seat) if seat in sailing else 0)
        ahead = 0
        for other, lab in dest["stack"]:
            if other == seat or lab == "ghost":
                continue
            key = (ORDER.get(lab, 0), sailing.index(other) if other in sailing else 0)
            if key < mine:
                ahead += 1
        slot = SURE_SLOT if ahead < left else LATE_SLOT
        first = ahead == 0
    else:
        others = sum(1 for other, _ in dest["stack"] if other != seat)
        slot = OPEN_SLOT if others < left else CROWDED_SLOT
        first = others == 0
    value = float(vp)
    if dest["treasure"]:
        share = FIRST_TREASURE if first else LATER_TREASURE
        value += st.treasure[dest["treasure"]] * share
    return value * slot, kind, dest_id, float(crew), float(guns)


# ---------------------------------------------------------------------------- rollout


def rollout_move(engine: DrakeEngine, state: State, seat: int, rng: Rng) -> str:
    """A cheap, sensible legal move for playouts (never a pick undone by ``back``)."""
    phase = state["phase"]
    p = state["p"][seat]
    if phase == "provision":
        return _rollout_provision(engine, state, seat, rng)
    if phase == "missions":
        if p["sel"] is None:
            return f"disc {rng.choice(engine.discs_in_hand(state, seat))}"
        return _rollout_destination(engine, state, seat, rng)
    if phase == "informer":
        stage = state["inf"]["stage"]
        return {"choose": "pass", "swap": "done"}.get(stage, "stay")
    if phase == "resolve":
        cur = state["cur"]
        if cur["stage"] == "return":
            return "continue" if _mission_ahead(engine, state, seat) else "return"
        options = engine.mission_options(state, seat, cur["dest"])
        if not options:
            return "decline"
        if options[0] == "attack":
            return "attack"
        goods = [o.split()[1] for o in options]
        return f"trade {_best_good(engine, dict(p['comm']), goods)}"
    return rng.choice(engine.legal_moves(state, seat))


def _rollout_provision(engine: DrakeEngine, state: State, seat: int, rng: Rng) -> str:
    p = state["p"][seat]
    if p["drake"]:
        return rng.choice(["drake crew", "drake gun"])
    if p["dockside"] or p["discs"] <= 0:
        return "sail"
    moves: list[str] = []
    supply_spot = None
    for pos in range(p["last"] + 1, 17):
        loc = state["street"][pos - 1]
        if None not in loc["occ"] or (loc["kind"] == "drake" and p["discs"] < 2):
            continue
        move = f"place {pos} {engine.short_kind(loc['kind'])}"
        if loc["kind"] == "supplies" and supply_spot is None:
            supply_spot = move
        if len(moves) < STEP_AHEAD:
            moves.append(move)
    if p["supplies"] == 0 and p["last"] < 18:
        # rules 4.2 A5, 5.1: sailing with no Supplies is no voyage; Dockside is the last chance.
        if supply_spot is None or p["discs"] == 1:
            return "dockside supply"
        if supply_spot in moves and rng.randbelow(2):
            return supply_spot
    elif p["last"] < 18 and (not moves or rng.randbelow(6) == 0):
        moves.append(f"dockside {rng.choice(['crew', 'gun', 'supply'])}")
    if not moves:
        return "sail"
    return rng.choice(moves)


def _rollout_destination(engine: DrakeEngine, state: State, seat: int, rng: Rng) -> str:
    """Half the time the Destination this seat can best pay for, else any reachable one."""
    reachable = engine.reachable_zones(state, seat)
    if rng.randbelow(2):
        return f"to {rng.choice(reachable)}"
    best, best_value = reachable[0], -1.0
    p = state["p"][seat]
    for dest_id in reachable:
        option = _option(state, seat, dest_id, None, state["sailing"])
        if option is None:
            continue
        value, kind, _, crew, guns = option
        if crew > p["crew"] or guns > p["guns"]:
            continue
        if kind == "port":
            if p["trade_goods"] < 1:
                continue
            value = 4.0
        if value > best_value:
            best, best_value = dest_id, value
    return f"to {best}"


def _mission_ahead(engine: DrakeEngine, state: State, seat: int) -> bool:
    """Whether a placed disc of ``seat`` could still be carried out with what it holds."""
    for disc in state["p"][seat]["m"].values():
        if disc["st"] == "placed" and engine.mission_options(state, seat, disc["at"]):
            return True
    return False


class DrakeHeuristics(Heuristics):
    """Francis Drake's seat-filler heuristics (players/README.md "Hooks"), handed to the fillers
    by ``engines.drake.GAME``."""

    engine: DrakeEngine

    default_breaks_ties = False
    """The search's tie rule would otherwise play the default move (Dockside Supply and sail,
    decline, continue) whenever a lead or a deficit is so large that every move scores alike:
    a filler far ahead or far behind then stops playing (players/README.md)."""

    playout_turns = 2
    """A filler's playouts run until its second turn comes round, not its first (players/README.md
    "Hooks"): a placement in the harbour pays when the voyage sails, and a normal filler whose
    playouts stopped at its next turn won 2 of 5 games against two one-ply greedy players (seeds
    1000-1004), 4 of 5 seeing two turns."""

    def progress(self, state: State) -> float:
        """The share of the game already over (players/README.md): 3 voyages (rules 1)."""
        return progress(state)

    def evaluate(self, state: State, seat: int) -> float:
        """The projected final score of ``seat`` (players/README.md; issue 18): the final scoring
        of its holdings plus the voyage's likely gains (:func:`projected_score`)."""
        return projected_score(self.engine, state, seat)

    def rollout_move(self, state: State, seat: int, rng: Rng) -> str:
        """A cheap, sensible legal move for the playouts (:func:`rollout_move`)."""
        return rollout_move(self.engine, state, seat, rng)

    def playout_settled(self, state: State) -> bool:
        """A playout may stop here. Not while the mission discs are being placed: they lie face
        down until every disc is out (docs/rules/francis-drake.md 4.3, 4.5), so until then every
        placement looks alike."""
        return state["phase"] != "missions"
