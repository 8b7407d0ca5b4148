"""Vasco da Gama (Paolo Mori, 2009) for Portolan: docs/rules/vasco-da-gama.md.

The transcript (Russian fan translation, rules section 1.2) gives Phase 2, Purchase, launching,
Hire and the first sentences of the Expedition action; these are implemented exactly as written
([SRC] in the code comments). Everything else is reconstructed and marked [PUB] (public reviews)
or [NIS] (the rules file's recommendation, or a design decision made here). All numbers the
reconstruction needs live in ``data/vasco/*.toml`` with their provenance.

Reconstructed rules (provenance; players read the same list with ``/rules vasco reconstructed``)
-----------------------------------------------------------------------------------------------
R1  Setup [PUB 3]: 10 reals, 1 captain, 6 captains in the Hire area, 4 discs each; one Hire
    section per player, 5 sailors drawn into each from a bag of 32 (8 per colour [NIS]).
R2  Setup characters [PUB 3.9, order NIS]: a random first player (the rulebook's "who most
    recently travelled farthest" cannot be checked online); in turn order players get
    Dias (is first player), Sernigi (merchant ship m1, the weakest, in port), Alvares (1
    missionary), Manuel I (a 5th disc in round 1); with 2 players Dias and Manuel, with 3
    Dias, Alvares, Manuel. Then all four characters stand in the Characters area.
R3  VdG tiles [SRC fields, NIS setup]: one tile is revealed at setup; its starting number places
    the marker for round 1 and its reals number fills the money spaces; each round reveals one.
R4  Phase 1 [PUB 4.2]: sequential, clockwise from the first player, one disc per turn: choose an
    area with room, then a free number (1-22, each once per round; 21/22 open to all [NIS 9.6.2]).
    Area capacity is players + 1 per area [NIS, data].
R5  FFA clamp 1-20 [NIS 9.6.3]; Number Zone lines 1-5:1, 6-10:2, 11-15:3, 16-20:4 reals [NIS
    9.6.1, fits the rulebook's 6->2 and 15->3].
R6  An action that would do nothing is not offered; decline instead [NIS 9.2].
R7  Expedition [SRC start + PUB]: each ship sent needs a captain from the player's supply (it
    stays on the ship, NIS 5.5, and is lost with it when the ship is discarded or sails home);
    merchant ships in port need one too ([SRC] "only ships that are launched and have a
    captain aboard can be sent"); it takes a free space of value <= its limit on any landing
    and the owner takes that space's VP and bonus (reals, a sailor drawn from the bag, or a
    captain from their Hire-area captains) at once.
R8  Characters [PUB 5.6, timing NIS 9.6.7]: Manuel I = a 5th disc next round; Dias = 2 VP now
    and first player next round (if nobody takes Dias the first player passes clockwise);
    Alvares = 2 missionaries now; Sernigi = a merchant ship now, which may sail at once for free
    (no crew, no captain) or stay in port and sail later with an Expedition (with a captain).
    Instead of a character a Characters action may empty one of the two money spaces, each
    holding the reals number of the last revealed VdG tile [PUB]. Manuel I is not offered in
    round 5 (no next round, R6).
R9  Phase 3 [SRC income + PUB/NIS order 4.4]: (1) every ship in the Navigation area pays its
    printed income; (2) from Calicut back to Natal, a landing holding at least its
    ``complete_at`` ships (by player count) is complete: each ship on it scores the landing's
    completion VP, then moves to the lowest free space of the next landing it can reach; a ship
    that cannot is discarded with its captain [PUB + NIS 9.6.5]; ships completing Calicut sail
    home and leave the board with their captain. In round 5 the completion VP are scored but
    nothing sails on or is discarded (the game is over).
R10 End of round [SRC + NIS 4.5]: unbought projects leave the game; 7 new ones are dealt (deck 1
    in rounds 1-2, deck 2 in rounds 3-4, deck 3 in round 5); character discs return; Hire
    sections refill to 5 from the bag; the marker goes to the revealed tile's starting number.
R11 Game end [PUB 4.6]: after round 5, most VP wins; tie-break most reals, then shared [NIS].
    Leftover reals, projects and crew score nothing [NIS].
R12 Launching "at any time" [SRC] is offered at every step where the player is to move (Phase
    1 turns, Phase 2 decisions, inside a Hire or an Expedition), and at the start of each phase
    (before Phase 1, before Phase 2's VdG tile, before Phase 3) to every seat that can launch,
    all at once: each answers ``launch ...`` (crew steps follow) or ``ready``. The host only takes
    moves from seats in ``to_move``, so a player cannot launch during another's turn. Kept
    (issue 38): a launched ship is used only by its owner's Expedition or at Phase 3, and the
    owner is asked before each.
R13 Reals are unlimited [NIS 9.6.13]. A missionary is a fifth crew colour, at most one per crew
    [SRC, issue 38]: a crew is "sailors and/or missionaries of different colours", sailors come
    in 4 colours, and a deck-1 ship needs "5 crew members (5 different colours)".

Departures from the rules file's recommendations (section 9), and simplifications
---------------------------------------------------------------------------------
- Alvares gives 2 missionaries, not the 1 of NIS 9.6.7 (the reviews say "1 or 2"): a whole
  action for a single missionary was clearly weaker than the money spaces.
- Sernigi's merchant ship may also stay in port (NIS 9.6.7 places it at once); a merchant ship
  in port sails with a later Expedition, which needs a captain like any ship.
- If nobody takes Dias, the first player passes clockwise (the file is silent).
- Landing bonuses are reals, a sailor or a captain; the "project" bonus of the reviews is left
  out because all 35 tiles are dealt to the offer over the five rounds.
- R12: launching is offered while the player is to move and in a window at each phase start.
- Manuel I is not offered in round 5, where his effect (a disc next round) would be void (R6).
"""

from __future__ import annotations

from engines.base import Rng, Standing, State, clone_state, rank_standings, reseed
from engines.vasco import topics, words
from engines.vasco.actions import ActionsMixin
from engines.vasco.base import (
    ROUNDS,
    D,
    clamp_ffa,
    hire_price,
    line_reals,
    right_cost,
    tile,
)
from engines.vasco.choices import ChoicesMixin
from engines.vasco.data import AREAS
from i18n import Msg, word
from i18n import load as load_text

# The rules' sums live in base.py; tests import them from here too.
__all__ = [
    "ENGINE",
    "ROUNDS",
    "RULES_TOPICS",
    "VascoEngine",
    "clamp_ffa",
    "hire_price",
    "line_reals",
    "right_cost",
]

RULES_TOPICS = topics.build()


class VascoEngine(ActionsMixin, ChoicesMixin):
    """The one way in (docs/ARCHITECTURE.md 2, 9), made of parts: the shared queries
    (``base.py``), the course of a round (``rounds.py``), the moves (``actions.py``), the legal
    moves (``choices.py``) and the words for people (``words.py``). Here: what is hidden, the
    views and the result."""

    id = "vasco"
    title = word("vasco", "game.title")  # "Vasco da Gama", said in the reader's language
    secret_keys = ()  # open information: the private view holds only the decision at hand
    phase_names = words.PHASE_NAMES
    min_players = 2
    max_players = 4
    variants = ("standard",)
    rules_topics = RULES_TOPICS

    # ------------------------------------------------------------------ words for people
    def describe(self, state: State, seat: int, move: str) -> Msg:
        """A legal move as a short sentence (docs/ARCHITECTURE.md 2). Everything it uses is
        public."""
        return words.describe(state, seat, move)

    def aliases(self, state: State, seat: int, move: str) -> list[str]:
        """Other texts for the same move: unordered parts in any order, names as printed."""
        return words.aliases(state, move)

    def private_text(self, view: dict) -> list[str]:
        """A seat's own position as sentences for a DM (docs/ARCHITECTURE.md 2; no JSON)."""
        return words.private_text(view)

    # ------------------------------------------------------------------ hidden information
    HIDDEN_ORDERS = ("vdg_stack", "decks", "merchants")
    """The parts of the state nobody may know (rules 9.4): the order of the face-down VdG
    stack (the next tile's change), of each project deck, and of the merchant-ship stack. The
    bag's contents are public (its counts are in every view); which sailor comes out next is the
    generator's, which is hidden too."""

    def choices_are_public(self, state: State, seat: int) -> bool:
        """rules 9.4: no private hands, and the hidden orders (VdG stack, project decks, bag)
        decide draws, not options: every decision may be shown (engines/base.py)."""
        return True

    def resample_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        """Every hidden order drawn again (rules 9.4, 9.5). Vasco has no per-seat secrets: every
        holding is open, so the draw is the same for the public and for each seat."""
        new_state = clone_state(state)
        # rules 3.8: the VdG stack is shuffled face down
        new_state["vdg_stack"] = rng.redeal(new_state["vdg_stack"])
        for deck in sorted(new_state["decks"]):  # rules 3.10: each project deck shuffled
            new_state["decks"][deck] = rng.redeal(new_state["decks"][deck])
        # rules 9.5: merchant tiles drawn in hidden order
        new_state["merchants"] = rng.redeal(new_state["merchants"])
        reseed(new_state, rng)  # the bag draws (rules 9.5) come from the generator
        return new_state

    def _reveals(
        self, before: State, after: State, seat: int, move: str, private: dict[int, list[str]]
    ) -> bool:
        """True exactly when the move took something from a hidden order: the next VdG tile
        (the move that starts Phase 2, issue 12), new projects dealt at the end of a round, a
        merchant ship for Sernigi, or a sailor drawn from the bag (the generator moved)."""
        return before["rng"] != after["rng"] or any(
            before[key] != after[key] for key in self.HIDDEN_ORDERS
        )

    # ------------------------------------------------------------------ views, result
    def view(self, state: State, seat: int | None) -> dict:
        waiting = self.to_move(state)
        awaiting, doing = words.awaiting(state, waiting)
        players = []
        for i, p in enumerate(state["p"]):
            players.append(
                {
                    "reals": p["reals"],
                    "vp": p["vp"],
                    "vp_src": dict(p["vp_src"]),
                    "captains": p["captains"],
                    "pool": p["pool"],
                    "sailors": dict(p["sailors"]),
                    "missionaries": p["miss"],
                    "projects": [self._tile_view(t) for t in p["projects"]],
                    "port": [self._tile_view(t) for t in p["port"]],
                    "home": p["home"],
                    "lost": p["lost"],
                    "discs_left": state["left"][i] if state["phase"] == "place" else 0,
                    "discs_next": state["next_discs"][i],
                }
            )
        current = D["vdg"][state["vdg"]]
        landings = []
        for li, land in enumerate(D["landings"]):
            landings.append(
                {
                    "key": land["key"],
                    "name": land["name"],
                    "complete_vp": land["complete_vp"],
                    "complete_at": land["complete_at"][state["players"] - 2],
                    "spaces": [
                        dict(sp, ship=self._occupant(occ))
                        for sp, occ in zip(land["spaces"], state["landings"][li], strict=True)
                    ],
                }
            )
        public = {
            "game": self.id,
            "round": state["round"],
            "rounds": ROUNDS,
            "phase": state["phase"],
            "over": state["phase"] == "over",
            "players": state["players"],
            "first": state["first"],
            "to_move": waiting,
            "awaiting": awaiting,
            "doing": doing,
            "marker": state["marker"],
            "ffa": state["ffa"],
            "vdg": {k: current[k] for k in ("start", "change", "reals")},
            "vdg_revealed_this_round": state["ffa"] is not None,
            "vdg_left": len(state["vdg_stack"]),
            "call": state["call"],
            "placed": sorted([int(n), s, a] for n, (s, a) in state["placed"].items()),
            "capacity": {a: self.capacity(state, a) for a in AREAS},
            "lines": {str(n): line_reals(n) for n in range(1, 23)},
            "offer": [self._tile_view(t) if t else None for t in state["offer"]],
            "sg": self._tile_view(state["sg"]) if state["sg"] else None,
            "decks": {k: len(v) for k, v in state["decks"].items()},
            "sections": [dict(s) for s in state["sections"]],
            "active": list(state["active"]),
            "bag": dict(state["bag"]),
            "landings": landings,
            "characters": dict(state["characters"]),
            "money": list(state["money"]),
            "missionaries": state["missionaries"],
            "merchants_left": len(state["merchants"]),
            "act": state["act"],
            "launch": {k: state["launch"][k] for k in sorted(state["launch"])},
            "window": state["window"],
            "sel": state["sel"],
            "p": players,
            "log": [load_text(line) for line in state["log"]],
        }
        if seat is None:
            return public
        moves = self.legal_moves(state, seat)
        described = [self.describe(state, seat, m) for m in moves]
        return public | {"seat": seat, "private": {"moves": moves, "described": described}}

    @staticmethod
    def _tile_view(tid: str) -> dict:
        t = tile(tid)
        return {
            "id": tid,
            "deck": t.get("deck", 0),
            "limit": t["nav_limit"],
            "crew": t.get("crew", 0),
            "reals": t["income_reals"],
            "vp": t["income_vp"],
        }

    @staticmethod
    def _occupant(occ: list | None) -> dict | None:
        if occ is None:
            return None
        t = tile(occ[1])
        return {
            "seat": occ[0],
            "id": occ[1],
            "limit": t["nav_limit"],
            "reals": t["income_reals"],
            "vp": t["income_vp"],
        }

    def result(self, state: State) -> list[Standing] | None:
        if state["phase"] != "over":
            return None
        rows = []
        for seat, p in enumerate(state["p"]):
            # Short keys (VP by source; the score is the total): the shared standings image
            # gives each key about 120 px, and longer headers overlapped (issue 14).
            breakdown = {
                "landings": p["vp_src"]["landings"],
                "income": p["vp_src"]["income"],
                "completion": p["vp_src"]["completion"],
                "Dias": p["vp_src"]["dias"],
                "reals (tie)": p["reals"],
            }
            # rules 4.6 / 9.6.14 [NIS]: most VP, then most reals, then shared
            rows.append((seat, p["vp"], (p["reals"],), breakdown))
        return rank_standings(rows)


ENGINE = VascoEngine()
