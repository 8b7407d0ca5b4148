"""Seat-filler hooks for Vasco da Gama (players/README.md "Hooks"): a projected final score and a
playout policy. Neither changes a rule; both read the state as the engine keeps it.

``evaluate`` projects a seat's final VP (rules 4.6 [PUB]: most VP wins) from what it holds now:
VP already scored, plus what the Phase 3s still to come will pay its ships at sea (printed income,
rules 4.4 [SRC]; landing completion, R9), plus what its ships in port and unlaunched projects are
likely to earn once sent (a landing space's VP, rules 5.5 + R7), plus a round-dependent value of
reals, crew and captains (the means to do all that; worthless after the last round, R11).

``rollout_move`` plays the obvious parts of a turn the obvious way (launch what can be launched,
crew it, send a ship to the best space it can reach, finish a hire), declines half of the calls,
and never steps ``back``, so a playout cannot loop and its 16 moves get through more of the game
than uniform moves do.
"""

from __future__ import annotations

from engines.base import Heuristics, Rng, State
from engines.vasco.data import load

D = load()
ROUNDS: int = D["game"]["rounds"]
LANDINGS = D["landings"]
LANDING_KEYS = tuple(land["key"] for land in LANDINGS)
COLOURS: tuple[str, ...] = D["colours"]
PROJECTS = D["projects"]
MERCHANTS = D["merchants"]

# Value of one real, one sailor/missionary and one captain in VP, by round (index round - 1).
# Early on reals buy projects, crew and the right to act early; in the last round they are
# almost worthless (reals are only the tie-break, rules 9.6.14 [NIS]).
REAL_VP = (0.3, 0.3, 0.25, 0.2, 0.05)
# Crew and captains are what launch and send ships (rules 5.3, 5.5): over 24 games of normal
# fillers, each sailor or missionary held at a round's start went with 2-4 more VP by the end
# and each captain with 2-5 (a least-squares fit, rounds 2-4). Valued at a third of a VP, a hire
# looked no better than the reals it cost, and fillers declined them; with these values a filler
# beat two fillers on the old ones in 8 of 12 games (seeds 1000-1011, seat rotating).
CREW_VP = (1.0, 1.0, 0.8, 0.5, 0.05)
CAPTAIN_VP = (1.5, 1.5, 1.2, 0.8, 0.1)
USEFUL_REALS = 15
"""About what one round's actions can spend (a four-colour hire is 10 reals, two projects 4, the
right to act a few, rules 5.2-5.4 [SRC]). Reals beyond it count at a fifth of their value: valued
linearly, every decline (the line's reals, rules 4.3.6) outscored buying a project for 1 real, and
a filler with 50 reals kept declining and ended on 10 VP against 28 (issue 28's Vasco collapse)."""


def money(reals: int, round_index: int) -> float:
    """What ``reals`` are worth in VP in a round (index round - 1): less for each beyond
    USEFUL_REALS."""
    rate = REAL_VP[round_index]
    useful = min(reals, USEFUL_REALS)
    return rate * useful + 0.2 * rate * max(0, reals - USEFUL_REALS)


# Shares of a ship's expected voyage counted at each stage before it sails: each step towards the
# sea (buy, crew and launch, send with a captain) must show as a gain, and only a ship at sea
# counts in full, so that potential never looks like a lead already won.
PORT_SHARE = 0.4
"""A launched ship in port with a captain to send it (rules 5.5 [SRC]); half without one."""
LAUNCHABLE_SHARE = 0.2
"""A project whose crew the seat already holds (rules 5.3 [SRC])."""
PROJECT_SHARE = 0.1
"""A project without its crew yet."""


def tile(tid: str) -> dict:
    return MERCHANTS[tid] if tid.startswith("m") else PROJECTS[tid]


def _payouts_left(state: State) -> int:
    """Phase 3s still to come, this round's included (rules 4.1: Phase 3 ends every round)."""
    if state["phase"] == "over":
        return 0
    return ROUNDS - state["round"] + 1


def _voyage_value(state: State, tid: str, payouts: int) -> float:
    """What sending ship ``tid`` now would be worth: the best free space it can reach (its VP and
    about half a landing's completion VP), plus its income for the Phase 3s left (reals at a
    third of a VP: late income buys little)."""
    t = tile(tid)
    limit = t["nav_limit"]
    best = 0.0
    for li, land in enumerate(LANDINGS):
        occupied = state["landings"][li]
        for i, sp in enumerate(land["spaces"]):
            if sp["value"] <= limit and occupied[i] is None:
                best = max(best, sp["vp"] + 0.5 * land["complete_vp"])
    if best == 0.0:
        return 0.0
    income = payouts * (t["income_vp"] + 0.3 * t["income_reals"])
    return best + income


def _can_still_send(state: State, seat: int) -> bool:
    """Whether a ship in port may still sail before the end: a round remains, or this is the last
    round and the seat will yet have an Expedition number called."""
    if state["phase"] == "over":
        return False
    if state["round"] < ROUNDS:
        return True
    if state["phase"] == "place":
        return True
    if state["phase"] != "act":
        return False
    call = state["call"] or 0
    for n, (owner, area) in state["placed"].items():
        if owner == seat and area == "expedition" and int(n) >= call:
            return True
    return False


DISC_SHARE = 0.6
"""How much of a placed disc's likely action counts before its number is called (the offer,
the sections and the landings may be gone by then)."""
CHARACTER_VP = 1.5
"""A Characters action: Dias's 2 VP, two missionaries, a merchant ship or a money space."""


def _discs_value(state: State, seat: int, payouts: int) -> float:
    """The value of ``seat``'s discs still to be called (rules 4.3 [SRC]): for each, the better of
    declining (the line's reals, rules 4.3.6) and acting (what the area gives, less the right to
    act, rules 4.3.5: FFA - number, the FFA being the marker until the tile is revealed)."""
    p = state["p"][seat]
    r = state["round"] - 1
    ffa = state["ffa"] if state["ffa"] is not None else state["marker"]
    call = state["call"] or 0
    total = 0.0
    for key, (owner, area) in state["placed"].items():
        n = int(key)
        if owner != seat or n < call or (n == call and state["act"] is not None):
            continue
        decline = money(p["reals"] + D["line_reals"][n], r) - money(p["reals"], r)
        cost = REAL_VP[r] * max(0, ffa - n)
        gain = 0.0
        if area == "purchase":
            distinct = sum(1 for c in COLOURS if p["sailors"][c] > 0) + (1 if p["miss"] else 0)
            for tid in state["offer"]:
                if tid is not None:
                    share = LAUNCHABLE_SHARE if tile(tid)["crew"] <= distinct else PROJECT_SHARE
                    gain = max(gain, share * _voyage_value(state, tid, payouts - 1) - REAL_VP[r])
            if state["sg"] is not None:
                price = tile(state["sg"])["crew"] * REAL_VP[r]
                gain = max(gain, PORT_SHARE * _voyage_value(state, state["sg"], payouts) - price)
        elif area == "hire":
            gain = 2 * CREW_VP[r] if p["projects"] else CREW_VP[r]
            if p["captains"] == 0 and p["pool"] > 0:
                gain += CAPTAIN_VP[r]
        elif area == "expedition":
            if p["captains"] > 0 or p["pool"] > 0:
                best = max((_voyage_value(state, t, payouts) for t in p["port"]), default=0.0)
                gain = (1 - PORT_SHARE) * best
        else:
            gain = CHARACTER_VP
        total += max(decline, DISC_SHARE * gain - cost)
    return total


def evaluate(state: State, seat: int) -> float:
    """A projected final VP for ``seat`` (players/README.md "Hooks"; comparable across seats)."""
    p = state["p"][seat]
    score = float(p["vp"])
    payouts = _payouts_left(state)
    if payouts <= 0:
        return score + 0.01 * p["reals"]
    r = state["round"] - 1
    players = state["players"]
    final = state["round"] >= ROUNDS
    # Ships at sea: income for every Phase 3 left, and the landing's completion (R9).
    for li, land in enumerate(LANDINGS):
        ships = [occ for occ in state["landings"][li] if occ is not None]
        if not ships:
            continue
        mine = [occ for occ in ships if occ[0] == seat]
        if not mine:
            continue
        need = land["complete_at"][players - 2]
        if len(ships) >= need:
            chance = 1.0
        elif final and state["phase"] != "place" and state["phase"] != "act":
            chance = 0.0
        else:
            chance = 0.35 * len(ships) / need
        for _, tid in mine:
            t = tile(tid)
            score += payouts * (t["income_vp"] + REAL_VP[r] * t["income_reals"])
            score += chance * land["complete_vp"]
            if not final and li + 1 < len(LANDINGS):
                # after completing, it sails on and may score the next landing too
                score += 0.25 * chance * LANDINGS[li + 1]["complete_vp"]
    # Ships in port and projects: the voyage they can still make, discounted.
    if _can_still_send(state, seat):
        share = PORT_SHARE if p["captains"] > 0 else PORT_SHARE / 2
        for tid in p["port"]:
            score += share * _voyage_value(state, tid, payouts)
        if not final:
            distinct = sum(1 for c in COLOURS if p["sailors"][c] > 0) + (1 if p["miss"] else 0)
            for tid in p["projects"]:
                ready = tile(tid)["crew"] <= distinct
                share = LAUNCHABLE_SHARE if ready else PROJECT_SHARE
                score += share * _voyage_value(state, tid, payouts - 1)
    # Discs placed and not yet called (rules 4.2, 4.3): what their action will likely bring.
    if state["phase"] in ("place", "act") and state["placed"]:
        score += _discs_value(state, seat, payouts)
    # Means: reals, crew and captains (R11: worthless at the end).
    crew = sum(p["sailors"].values()) + p["miss"]
    score += money(p["reals"], r)
    score += CREW_VP[r] * crew
    score += CAPTAIN_VP[r] * p["captains"]
    if state["next_discs"][seat] > D["game"]["discs"] and not final:
        score += 1.5  # Manuel I: a 5th action next round
    return score


def _pick(moves: list[str], prefix: str) -> list[str]:
    return [m for m in moves if m.startswith(prefix)]


def rollout_move(engine, state: State, seat: int, rng: Rng) -> str:
    """A cheap sensible legal move for playouts; never ``back`` unless nothing else is legal."""
    moves = engine.legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0]
    forward = [m for m in moves if m != "back"]
    if not forward:
        return moves[0]
    pend = state["launch"].get(str(seat))
    if pend is not None:  # crew a launch: any colour still missing
        return rng.choice(forward)
    launches = _pick(forward, "launch ")
    if launches and state["p"][seat]["captains"] + state["p"][seat]["pool"] > 0:
        return rng.choice(launches)
    if state["window"] is not None:
        return "ready"
    if state["phase"] == "place":
        if state["sel"] is None:
            return rng.choice(_pick(forward, "place ") or forward)
        # a number near the marker: early enough to act, cheap enough to pay
        marker = state["marker"]
        numbers = _pick(forward, "number ")
        near = [m for m in numbers if marker - 3 <= int(m.split()[1]) <= marker + 6]
        return rng.choice(near or numbers or forward)
    act = state["act"]
    if act is None:
        actions = [m for m in forward if m != "decline" and not m.startswith("launch ")]
        # Half the time a playout declines. A playout that always acted made `back` (to the
        # call's decision, where the playout acts again) worth as much as the step the search
        # was weighing, and `back` is the default that wins such ties: fillers at a small
        # budget cycled `send m6` / `back` for 20,000 moves (tests/players/test_filler.py).
        if not actions or rng.randbelow(2) == 0:
            return "decline"
        sends = _pick(actions, "send ")
        if sends:
            return rng.choice(sends)
        return rng.choice(actions)
    if act["kind"] == "hire":
        takes = _pick(forward, "take ")
        taken = sum(act["take"].values())
        if "done" in forward and (not takes or taken >= 1 + rng.randbelow(3)):
            if "captain" in forward and rng.randbelow(2) == 0:
                return "captain"
            return "done"
        return rng.choice(takes or forward)
    # expedition: send, the best landing the ship reaches, the best space there
    if act["ship"] is None:
        sends = _pick(forward, "send ")
        return sends[0] if sends else ("done" if "done" in forward else forward[0])
    if act["landing"] is None:
        lands = _pick(forward, "to ")
        if not lands:
            return forward[0]
        return max(lands, key=lambda m: LANDING_KEYS.index(m.split()[1]))
    spaces = _pick(forward, "space ")
    if not spaces:
        return forward[0]
    return max(spaces, key=lambda m: int(m.split()[1]))


class VascoHeuristics(Heuristics):
    """Vasco da Gama's seat-filler heuristics (players/README.md "Hooks"), handed to the fillers
    by ``engines.vasco.GAME``."""

    default_breaks_ties = False
    """The default move (the highest free number, decline, back, ready) no longer wins the
    search's near-ties: every free number at or above the first free action costs nothing, so the
    default put a normal filler's discs last in the order (mean number 17.5 against the greedy
    players' 15.3), after its rivals had taken the offer and the landings, and it declined what
    it had placed for. Against two one-ply greedy players breaking ties at random, normal won 1
    of 18 games (seeds 7000-7017; players/README.md, issue 44)."""

    playout_turns = 3
    """A placement pays when its number is called and a ship sent pays at Phase 3
    (docs/rules/vasco-da-gama.md 4.1): stopped at the seat's next turn, a playout scored a
    placement by the evaluation's guess of the disc's worth (``_discs_value``), in the placing
    phase. With the default out of the ties, normal won 8 of 18 of those games seeing one turn,
    12 seeing two, 16 seeing three, 15 seeing four (at twice the cost)."""

    def evaluate(self, state: State, seat: int) -> float:
        """A projected final VP (:func:`evaluate`)."""
        return evaluate(state, seat)

    def rollout_move(self, state: State, seat: int, rng: Rng) -> str:
        """A cheap sensible playout move (:func:`rollout_move`)."""
        return rollout_move(self.engine, state, seat, rng)
