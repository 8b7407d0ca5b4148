"""The course of a Vasco da Gama game (docs/rules/vasco-da-gama.md 3-4; rules notes R1-R12 in
``engines/vasco/engine.py``): setup, the start of each phase with its launch window (R12), the
calls of Phase 2, Phase 3's navigation and the end of a round. ``RoundsMixin`` is one part of
``VascoEngine``; the moves that drive it are in ``actions.py``."""

from __future__ import annotations

from engines.base import Rng, State
from engines.vasco import words
from engines.vasco.base import (
    COLOURS,
    LANDING_KEYS,
    ROUNDS,
    D,
    VascoBase,
    clamp_ffa,
    tile,
)
from engines.vasco.data import CHARACTER_IDS


class RoundsMixin(VascoBase):
    # ------------------------------------------------------------------ setup
    def setup(self, players: int, *, seed: int, variant: str | None = None) -> State:
        variant = self.check_setup(players, variant)
        rng = Rng.from_seed(seed)
        game = D["game"]
        # rules 3.8 [PUB]: shuffle the 9 VdG tiles; reveal the top one (R3 [NIS])
        vdg = [t["id"] for t in D["vdg_list"]]
        rng.shuffle(vdg)
        first_tile = D["vdg"][vdg.pop()]
        # rules 3.10 [NIS]: sort projects by deck and shuffle each deck
        decks = {}
        for deck in (1, 2, 3):
            ids = [str(p["id"]) for p in D["project_list"] if p["deck"] == deck]
            rng.shuffle(ids)
            decks[str(deck)] = ids
        merchants = sorted(D["merchants"])
        rng.shuffle(merchants)
        first = rng.randbelow(players)  # rules 9.5: "travelled farthest" -> random draw
        state: State = {
            "rng": rng.state,
            "variant": variant,
            "players": players,
            "round": 1,
            "phase": "place",
            "first": first,
            "turn": first,
            "left": [0] * players,
            "next_discs": [game["discs"]] * players,
            "sel": None,
            "placed": {},
            "call": None,
            "act": None,
            "launch": {},
            "window": None,
            "marker": first_tile["start"],
            "ffa": None,
            "vdg_stack": vdg,
            "vdg": first_tile["id"],
            "vdg_prev": None,
            "money": [first_tile["reals"], first_tile["reals"]],
            "decks": decks,
            "offer": [None] * D["purchase"]["top_spaces"],
            "sg": None,
            # rules 3.6 [PUB]: one active Hire section per player, 5 sailors each
            "bag": dict(D["sailor_counts"]),
            "sections": [{c: 0 for c in COLOURS} for _ in range(D["hire"]["sections"])],
            "active": [i < players for i in range(D["hire"]["sections"])],
            "landings": [[None] * len(land["spaces"]) for land in D["landings"]],
            "characters": {c: None for c in CHARACTER_IDS},
            "missionaries": game["missionaries"],
            "merchants": merchants,
            "p": [
                {
                    "reals": game["start_reals"],
                    "vp": 0,
                    "vp_src": {"landings": 0, "income": 0, "completion": 0, "dias": 0},
                    "captains": game["start_captains"],
                    "pool": game["captains_per_colour"] - game["start_captains"],
                    "sailors": {c: 0 for c in COLOURS},
                    "miss": 0,
                    "projects": [],
                    "port": [],
                    "home": 0,
                    "lost": 0,
                }
                for _ in range(players)
            ],
            "log": [],
        }
        self._refill_sections(state, rng)
        self._deal_projects(state)
        # R2 [PUB 3.9, order provisional]: starting characters in turn order
        order = [(first + i) % players for i in range(players)]
        for seat, char in zip(order, D["setup_characters"][f"p{players}"], strict=True):
            self._setup_character(state, seat, char)
        state["rng"] = rng.state
        self._start_phase1(state, [])
        return state

    def _setup_character(self, state: State, seat: int, char: str) -> None:
        p = state["p"][seat]
        if char == "manuel":
            state["next_discs"][seat] = D["game"]["discs"] + 1
        elif char == "alvares" and state["missionaries"] > 0:
            state["missionaries"] -= 1
            p["miss"] += 1
        elif char == "sernigi":
            ship = D["setup_characters"]["setup_merchant"]
            state["merchants"].remove(ship)
            p["port"].append(ship)
        # dias: the first player already holds him (rules 3.9 [PUB])

    def _refill_sections(self, state: State, rng: Rng) -> None:
        # rules 3.6 [PUB] / 4.5 [NIS]: each active section up to 5 sailors, drawn from the bag
        target = D["hire"]["sailors_per_section"]
        for k, section in enumerate(state["sections"]):
            if not state["active"][k]:
                continue
            while sum(section.values()) < target and sum(state["bag"].values()) > 0:
                colour = self._draw(state, rng)
                section[colour] += 1

    def _deal_projects(self, state: State) -> None:
        # rules 4.5 [SRC]: projects on sale each round; deck schedule R10 [NIS]
        deck = state["decks"][str(D["purchase"]["deck_by_round"][state["round"] - 1])]
        for i in range(len(state["offer"])):
            state["offer"][i] = deck.pop() if deck else None
        state["sg"] = deck.pop() if deck else None

    # ------------------------------------------------------------------ phases, launch windows
    def _start_phase1(self, state: State, log: list[str]) -> None:
        # rules 4.2 [PUB]: discs are placed one at a time, clockwise from the first player
        state["phase"] = "place"
        state["left"] = list(state["next_discs"])
        state["next_discs"] = [D["game"]["discs"]] * state["players"]
        state["turn"] = state["first"]
        state["sel"] = None
        state["ffa"] = None
        self._open_window(state, "place", log)

    def _open_window(self, state: State, phase: str, log: list[str]) -> None:
        """R12, rules 5.3 [SRC] "at any moment": at the start of each phase every seat that can
        launch a ship is offered to do so (``launch ...`` or ``ready``) before the phase goes on.
        Seats with nothing to launch are not asked."""
        state["phase"] = phase
        waiting = [s for s in range(state["players"]) if self.launchable(state, s)]
        if waiting:
            state["window"] = {"phase": phase, "waiting": waiting}
            return
        self._close_window(state, log)

    def _close_window(self, state: State, log: list[str]) -> None:
        phase = state["phase"]
        state["window"] = None
        if phase == "act":
            self._start_phase2(state, log)
        elif phase == "nav":
            self._phase3(state, log)

    def _ready(self, state: State, seat: int, log: list[str]) -> None:
        """R12: a seat ends its launch window; the phase goes on once every seat is ready."""
        state["window"]["waiting"].remove(seat)
        if not state["window"]["waiting"]:
            self._close_window(state, log)

    def _start_phase2(self, state: State, log: list[str]) -> None:
        # rules 4.3.1-2 [SRC]: reveal a VdG tile; its change moves the marker to the FFA; its
        # starting and reals numbers apply to the next round.
        tile_id = state["vdg_stack"].pop()
        vdg = D["vdg"][tile_id]
        state["vdg_prev"] = state["vdg"]
        state["vdg"] = tile_id
        state["ffa"] = clamp_ffa(state["marker"] + vdg["change"])
        state["phase"] = "act"
        state["act"] = None
        log.append(words.phase2_begins(state["round"], vdg["change"], state["ffa"]))
        self._next_call(state, log)

    def _next_call(self, state: State, log: list[str]) -> None:
        # rules 4.3.4 [SRC]: only placed numbers are called, smallest first
        if state["placed"]:
            state["call"] = min(int(n) for n in state["placed"])
            return
        state["call"] = None
        self._open_window(state, "nav", log)  # R12: launch window, then Phase 3

    def _finish_call(self, state: State, log: list[str]) -> None:
        # rules 4.3.7 [SRC]: the number returns to the zone, the disc to its owner (a
        # character's disc stays on the character, recorded in state["characters"])
        del state["placed"][str(state["call"])]
        state["act"] = None
        self._next_call(state, log)

    # ------------------------------------------------------------------ phase 3, round end
    def _phase3(self, state: State, log: list[str]) -> None:
        # rules 4.4 [SRC]: ships in the Navigation area pay their printed income
        for landing in state["landings"]:
            for occupant in landing:
                if occupant is None:
                    continue
                seat, tid = occupant
                p = state["p"][seat]
                t = tile(tid)
                p["reals"] += t["income_reals"]
                p["vp"] += t["income_vp"]
                p["vp_src"]["income"] += t["income_vp"]
        log.append(words.income_paid(state["round"]))
        # R9 [PUB + NIS 4.4]: complete landings score and move on, from Calicut backwards
        players = state["players"]
        last = len(LANDING_KEYS) - 1
        final = state["round"] >= ROUNDS
        for li in range(last, -1, -1):
            land = D["landings"][li]
            ships = [occ for occ in state["landings"][li] if occ is not None]
            if len(ships) < land["complete_at"][players - 2]:
                continue
            for seat, _ in ships:
                state["p"][seat]["vp"] += land["complete_vp"]
                state["p"][seat]["vp_src"]["completion"] += land["complete_vp"]
            log.append(words.landing_complete(land["key"], land["complete_vp"]))
            if final:
                continue  # R9: after the last round's scoring nothing sails on or is discarded
            state["landings"][li] = [None] * len(land["spaces"])
            ships.sort(key=lambda occ: -tile(occ[1])["nav_limit"])
            for seat, tid in ships:
                if li == last:
                    state["p"][seat]["home"] += 1
                    continue
                free = self.free_spaces(state, li + 1, tile(tid)["nav_limit"])
                if free:
                    state["landings"][li + 1][free[0]] = [seat, tid]
                else:
                    state["p"][seat]["lost"] += 1
                    log.append(words.discarded(seat, tid))
        self._end_round(state, log)

    def _end_round(self, state: State, log: list[str]) -> None:
        if state["round"] >= ROUNDS:
            state["phase"] = "over"  # rules 4.6 [PUB]: the game ends after round 5
            log.append(words.game_over())
            return
        # rules 4.5 [SRC]: unbought projects leave the game; discs on characters return
        dias = state["characters"]["dias"]
        state["characters"] = {c: None for c in CHARACTER_IDS}
        # R8: Dias's taker is first player next round; otherwise it passes clockwise
        state["first"] = dias if dias is not None else (state["first"] + 1) % state["players"]
        vdg = D["vdg"][state["vdg"]]
        state["marker"] = vdg["start"]  # rules 4.3.2 [SRC]: used in the next round
        state["money"] = [vdg["reals"], vdg["reals"]]
        rng = Rng(state["rng"])
        self._refill_sections(state, rng)
        state["rng"] = rng.state
        state["round"] += 1
        self._deal_projects(state)
        log.append(words.round_begins(state["round"], state["first"]))
        self._start_phase1(state, log)
