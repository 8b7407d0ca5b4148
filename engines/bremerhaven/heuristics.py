"""Seat-filler hooks for Bremerhaven (players/README.md "Hooks"): a projected final score and a
playout policy. Neither changes a rule; both read the state as the engine keeps it.

``evaluate`` projects money x prestige at the end (rules 6): money now, plus what the contracts on
the bays will pay when they close (rules 5.9 4.4: each delivered good at the current price, the
bonus if complete, else the penalty), plus goods in storage and on ships that can still reach a
contract, plus the income still to come (rules 5.6); prestige is the high-water mark of the harbour
(rules 5.9 4.3: ships at berths and built buildings), which the harbour reaches again at the next
4.3, plus the contracts' prestige bonus or penalty. Both grow with the rounds left, by a common
amount per round, so the product weighs a coin and a prestige point as the final score does.
A seat working on a private draft (simultaneous steps) is judged by its draft.

``rollout_move`` plays the evident harbour work (produce, unload ships into storage, deliver to a
contract that takes the good), ending it at each step with probability 1/2; it bids a random card
on a random space and answers the other steps with their safe choice; it never steps ``back``, so
a playout cannot loop, and it reads the draft directly instead of listing every legal move.
"""

from __future__ import annotations

from collections import Counter

from engines.base import Heuristics, Rng, State
from engines.bremerhaven import engine as rules
from engines.bremerhaven.data import BOARD, BUILDINGS, CONTRACTS, NEWS, PRICES, SHIPS

SPACE_NAMES = [f"{r}{c}" for r in "abc" for c in "1234"]
PROGRESS_LAST = BOARD["progress"]["last"]
SHORT_ADVANCE = BOARD["progress"]["short_advance"]
INCOME = BOARD["income"]["round"]
PRESTIGE_MAX = BOARD["prestige_track"]["max"]
MEAN_ADVANCE = sum(n["progress"] for n in NEWS.values()) / len(NEWS)

MONEY_GROWTH = 4.0
"""Money a seat adds per round left besides its rank income (contracts, parking), for all alike."""
PRESTIGE_GROWTH = 1.0
"""Prestige a seat adds per round left (ships and buildings), for all alike."""
STORED_GOOD = 0.5
"""A stored good that no contract on the bays asks for: it may fill a later one."""
SHIP_GOOD = 0.5
"""Share of a good still on a ship (it must be unloaded before the ship sails)."""


def _draft(state: State, seat: int) -> dict:
    return state["drafts"].get(str(seat)) or state["players"][seat]


def rounds_left(state: State) -> float:
    """Rounds still to play after this one (rules 4: the game ends when the ship token reaches
    the last space; this round's advance is public on the Progress card)."""
    if state["phase"] == "over":
        return 0.0
    if state["variant"] == "long":
        right = state["news_right"]
        now = NEWS[right]["progress"] if right else MEAN_ADVANCE
        return max(0.0, (PROGRESS_LAST - state["progress"] - now) / MEAN_ADVANCE)
    return max(0.0, (PROGRESS_LAST - state["progress"] - SHORT_ADVANCE) / SHORT_ADVANCE)


def _has(p: dict, ability: str) -> bool:
    return any(BUILDINGS[sp["b"]]["ability"] == ability for sp in p["spaces"] if "b" in sp)


def _missing(bay: dict) -> tuple[dict[str, int], int]:
    """The fixed goods a contract still needs, and its open wildcards."""
    fixed, wild = REQUIRED[bay["id"]]
    fixed = dict(fixed)
    for good in bay["got"]:
        if fixed.get(good, 0) > 0:
            fixed[good] -= 1
        else:
            wild -= 1
    return fixed, max(0, wild)


REQUIRED: dict[str, tuple[dict[str, int], int]] = {
    cid: (dict(Counter(g for g in c["goods"] if g != "any")), c["goods"].count("any"))
    for cid, c in CONTRACTS.items()
}
OPEN_BAYS = BOARD["harbour"]["open_bays"]


ROUND_STEPS = ("auction", "park", "building", "permit", "upgrade", "price", "career", "place")
"""A round's steps before the harbour work (rules 4.1, 5.1-5.8): income comes at ``career``."""
INCOME_STEP = ROUND_STEPS.index("career")


def _step_index(state: State) -> int:
    """How many of the round's steps are behind: 0 at the auction, ``len(ROUND_STEPS)`` in the
    harbour work, one more once the round is cleaned up."""
    phase = state["phase"]
    if phase in ("setup", "auction"):
        return 0
    if phase == "general":
        step = state["step"]
        return ROUND_STEPS.index(step) if step in ROUND_STEPS else 1
    if phase == "individual":
        return len(ROUND_STEPS)
    return len(ROUND_STEPS) + 1


def round_share(state: State) -> float:
    """The share of this round still to come (1 at its auction, 0 at its end)."""
    return 1 - _step_index(state) / (len(ROUND_STEPS) + 1)


def income_due(state: State) -> bool:
    """Whether this round's income (rules 5.6) is still to be paid."""
    index = _step_index(state)
    return index < INCOME_STEP or (index == INCOME_STEP and state["single"] is not None)


def harbour_ahead(state: State) -> bool:
    """Whether this round's harbour work (rules 5.9) has not begun."""
    return _step_index(state) < len(ROUND_STEPS)


def tick_pending(state: State, seat: int) -> bool:
    """Whether ``seat``'s time markers still lose one this round (rules 5.9 4.4, at the end of
    its harbour work)."""
    index = _step_index(state)
    return index < len(ROUND_STEPS) or (index == len(ROUND_STEPS) and seat not in state["done"])


def projection(state: State, seat: int) -> tuple[float, float]:
    """(final money, final prestige) as projected for ``seat``."""
    p = _draft(state, seat)
    price = PRICES[state["prices"][0]]
    later = rounds_left(state)
    ahead, pending = harbour_ahead(state), tick_pending(state, seat)
    money = float(p["money"])
    # One pass over the harbour: abilities, building prestige, goods in storage.
    abilities = set()
    harbour = 0
    usable: dict[str, float] = {}
    # Counts of goods: whole in a contract's needs, fractional where ships' goods count in part.
    wild: float
    n: float
    for sp in p["spaces"]:
        b = sp.get("b")
        if b is not None:
            card = BUILDINGS[b]
            abilities.add(card["ability"])
            harbour += card["prestige"]
        for good in sp.get("g", ()):
            usable[good] = usable.get(good, 0.0) + 1.0
    for b in p["berths"]:
        if b:
            harbour += SHIPS[b["id"]]["prestige"]
            if b["n"] > 0:
                usable[b["g"]] = usable.get(b["g"], 0.0) + b["n"] * SHIP_GOOD
    prestige = float(max(p["prestige"], min(PRESTIGE_MAX, harbour)))
    customs = 1 if "customs" in abilities else 0
    insurance = "insurance" in abilities
    for k, bay in enumerate(p["bays"]):
        if bay is None:
            continue
        card = CONTRACTS[bay["id"]]
        for good in bay["got"]:
            money += price[good]
        fixed, wild = _missing(bay)
        need = sum(fixed.values()) + wild
        # how much of what is missing the seat already holds (storage counts fully)
        cover = 0.0
        for good, n in fixed.items():
            if n <= 0:
                continue
            have = min(float(n), usable.get(good, 0.0))
            if have > 0:
                usable[good] -= have
                cover += have
                money += have * price[good] * 0.8
        while wild > 0:
            good = max(usable, key=usable.__getitem__, default=None)
            if good is None or usable[good] <= 0:
                break
            have = min(float(wild), usable[good])
            usable[good] -= have
            wild -= have
            cover += have
            money += have * price[good] * 0.8
        if need == 0:
            chance = 1.0
        elif k >= OPEN_BAYS and "c" in p["spaces"][k]:
            chance = 0.0  # rules 5.8: nothing can be delivered to a closed bay
        else:
            # Harbour work still to come with the contract on its bay: this round's if not
            # begun, then one a round while its time markers last (rules 5.9 4.4). What the
            # seat may still deliver in the harbour work under way is its own moves' to show.
            left = bay["t"] - 1 if pending else bay["t"]
            rounds = (1 if ahead else 0) + (left if later > 0 else 0)
            chance = min(1.0, cover / need * 0.85 + 0.1 * max(0, rounds))
        bonus = card["bonus_coins"] + customs
        penalty = card["penalty_coins"]
        if penalty and insurance:
            penalty = max(0, penalty - 2)
        money += chance * bonus - (1 - chance) * penalty
        prestige += chance * card["bonus_prestige"] - (1 - chance) * card["penalty_prestige"]
    for good, n in usable.items():
        if n > 0:
            money += n * STORED_GOOD * price[good] * 0.5
    # income still to come (rules 5.6), by the rank held now, and the growth of the rest of this
    # round and the rounds after it
    hier = state["hier"]
    rank = hier.index(seat) if seat in hier else len(INCOME) - 1
    income = INCOME[min(rank, len(INCOME) - 1)] + (1 if "income" in abilities else 0)
    growing = later + round_share(state)
    money += later * income + (income if income_due(state) else 0) + growing * MONEY_GROWTH
    if growing > 0:
        prestige += growing * PRESTIGE_GROWTH
        prestige += 0.5 * sum(BUILDINGS[b]["prestige"] for b in p["unbuilt"])
    return max(0.0, money), max(0.0, prestige)


def evaluate(state: State, seat: int) -> float:
    """Projected final money x prestige for ``seat`` (rules 6)."""
    if state["players"][seat].get("neutral"):
        return 0.0
    money, prestige = projection(state, seat)
    return money * prestige


# ------------------------------------------------------------------ playouts


def _bay_for(p: dict, good: str) -> int | None:
    for k, bay in enumerate(p["bays"]):
        if bay is None or (k >= BOARD["harbour"]["open_bays"] and "c" in p["spaces"][k]):
            continue
        req = CONTRACTS[bay["id"]]["goods"]
        if len(bay["got"]) >= len(req):
            continue
        fixed = Counter(r for r in req if r != "any")
        new = Counter([*bay["got"], good])
        if sum(max(0, n - fixed[t]) for t, n in new.items()) <= req.count("any"):
            return k
    return None


def _storage_for(p: dict, good: str, avoid: int = -1) -> int | None:
    for i in range(len(p["spaces"])):
        if i != avoid and rules.can_hold(p, i, good):
            return i
    return None


def _harbour_move(p: dict, rng: Rng) -> str:
    sel = p.get("sel")
    if sel is not None:
        if sel.startswith("@"):
            empty = next(i for i, sp in enumerate(p["spaces"]) if not sp)
            return f"to {SPACE_NAMES[empty]}"
        if sel.startswith("berth"):
            good = p["berths"][int(sel[5:]) - 1]["g"]
            k = _bay_for(p, good) if _has(p, "crane") else None
            if k is not None:
                return f"to bay{k + 1}"
            spot = _storage_for(p, good)
            return f"to {SPACE_NAMES[spot]}" if spot is not None else "back"
        idx = SPACE_NAMES.index(sel)
        good = p.get("pick") or rules.kinds(p["spaces"][idx]["g"])[0]
        k = _bay_for(p, good)
        if k is not None:
            return f"to bay{k + 1}"
        # chosen by another policy (the search's tree): any legal end to it
        other = _storage_for(p, good, avoid=idx)
        return f"to {SPACE_NAMES[other]}" if other is not None else "back"
    if rng.randbelow(2) == 0:
        # Half the time a playout ends the harbour work here. A playout that always finished
        # the work itself made `back` (to this very position) worth as much as the move the
        # search was weighing, and `back` is the safe default that wins such ties: the filler
        # stepped `from berth2` / `back` for dozens of moves instead of unloading.
        return "done"
    if not p["moved"]:
        empty = any(not sp for sp in p["spaces"])
        for sp in p["spaces"]:
            b = BUILDINGS.get(sp.get("b", ""))
            if (
                b
                and b["ability"] == "produce"
                and sp["b"] not in p["prod"]
                and (b["makes"] == "money" or empty)
            ):
                return f"produce {sp['b']}"
    for i, sp in enumerate(p["spaces"]):
        goods = sp.get("g", [])
        for good in rules.kinds(goods):  # rules 5.9 4.2: any good on a space may be picked
            if _bay_for(p, good) is not None:
                return rules.source_move(SPACE_NAMES[i], goods, good)
    options = []
    for i, b in enumerate(p["berths"]):
        if b and b["n"] > 0 and _storage_for(p, b["g"]) is not None:
            options.append(f"from berth{i + 1}")
    if options:
        return rng.choice(options)
    return "done"


def rollout_move(engine, state: State, seat: int, rng: Rng) -> str:
    """A cheap sensible legal move for playouts (see the module docstring)."""
    if state["phase"] == "auction":
        if state["pending"].get(str(seat)) is None:
            return "bid " + rng.choice(engine.open_spaces(state))
        return f"card {rng.choice(state['players'][seat]['hand'])}"
    step = state["step"]
    if step == "price":
        return "keep"
    if step == "career":
        return "no swap"
    d = state["drafts"][str(seat)]
    if step == "harbour":
        return _harbour_move(d, rng)
    if step == "upgrade":
        return "upgrade" if rng.randbelow(2) else "decline"
    moves = engine.legal_moves(state, seat)
    if step == "permit":
        if d.get("sel"):
            return moves[0]
        builds = [m for m in moves if m.startswith("build ")]
        if builds:
            return builds[0]
        useful = [m for m in moves if m.startswith(("bollard ", "clear "))]
        if useful and rng.randbelow(2):
            return rng.choice(useful)
        return "done"
    forward = [m for m in moves if m not in ("back", "later")]
    return rng.choice(forward or moves)


class BremerhavenHeuristics(Heuristics):
    """Bremerhaven's seat-filler heuristics (players/README.md "Hooks"), handed to the fillers by
    ``engines.bremerhaven.GAME``."""

    engine: rules.Bremerhaven

    def evaluate(self, state: State, seat: int) -> float:
        """Projected money x prestige (:func:`evaluate`)."""
        return evaluate(state, seat)

    def rollout_move(self, state: State, seat: int, rng: Rng) -> str:
        """A cheap playout move (:func:`rollout_move`)."""
        return rollout_move(self.engine, state, seat, rng)

    def playout_settled(self, state: State) -> bool:
        """A playout may stop here. Not during the auction: its bids lie face down until every
        card is placed (docs/rules/bremerhaven.md 4.1), so until the reveal every bid looks
        alike; nor in the general actions that follow, where the spaces won are used (4.2,
        5.1-5.8): a space won but not yet used is worth nothing to the projection, and a filler
        that never saw a ship docked or a building built from its bids ended with prestige 2
        against 6."""
        return state["phase"] not in ("auction", "general")
