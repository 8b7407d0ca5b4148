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

from engines.base import BaseEngine, Rng, Standing, State, clone_state, rank_standings, reseed
from engines.vasco import topics
from engines.vasco.data import AREAS, CHARACTER_IDS, load
from engines.vasco.words import (
    area,
    captains,
    char_short,
    character,
    crew_word,
    listed,
    of_colour,
    phase,
    reals,
    sailors,
    ship_label,
    tile_words,
)
from engines.vasco.words import (
    colour as colour_word,
)
from engines.vasco.words import (
    landing as landing_word,
)
from i18n import TRANSLATED, Msg, T, Tn, dump, joined, say, word
from i18n import load as load_text

D = load()
COLOURS: tuple[str, ...] = D["colours"]
ROUNDS: int = D["game"]["rounds"]
PRICE_BY_COLOURS: list[int] = D["hire"]["price_by_colours"]
LANDING_KEYS = tuple(land["key"] for land in D["landings"])
MISSIONARY = "missionary"
SEAT_NAMES = "ABCD"


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


def name(seat: int) -> str:
    return f"Player {SEAT_NAMES[seat]}"


RULES_TOPICS = topics.build()


def _plus_cost(text: Msg, cost: int) -> Msg:
    """An action's sentence with what the right to act costs (rules 4.3.5), when it costs."""
    return T("{text} (+{cost} to act)", text=text, cost=cost) if cost else text


class VascoEngine(BaseEngine):
    id = "vasco"
    title = word("vasco", "game.title")  # "Vasco da Gama", said in the reader's language
    secret_keys = ()  # open information: the private view holds only the decision at hand
    phase_names = {  # noqa: RUF012 (read-only)
        "place": T("phase 1: placing workers on the action board"),
        "act": T("phase 2: carrying out the actions"),
        "nav": T("phase 3: navigation"),
    }
    min_players = 2
    max_players = 4
    variants = ("standard",)
    rules_topics = RULES_TOPICS

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

    def _draw(self, state: State, rng: Rng) -> str:
        bag = state["bag"]
        pick = rng.randbelow(sum(bag.values()))
        for colour in COLOURS:
            if pick < bag[colour]:
                bag[colour] -= 1
                return colour
            pick -= bag[colour]
        raise AssertionError("empty bag")

    def _deal_projects(self, state: State) -> None:
        # rules 4.5 [SRC]: projects on sale each round; deck schedule R10 [NIS]
        deck = state["decks"][str(D["purchase"]["deck_by_round"][state["round"] - 1])]
        for i in range(len(state["offer"])):
            state["offer"][i] = deck.pop() if deck else None
        state["sg"] = deck.pop() if deck else None

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

    # ------------------------------------------------------------------ queries
    def to_move(self, state: State) -> list[int]:
        if state["window"] is not None:
            return list(state["window"]["waiting"])
        if state["phase"] == "place":
            return [state["turn"]]
        if state["phase"] == "act":
            return [state["placed"][str(state["call"])][0]]
        return []

    def capacity(self, state: State, area: str) -> int:
        return D["capacity"][area][f"p{state['players']}"]

    def area_count(self, state: State, area: str) -> int:
        return sum(1 for _, a in state["placed"].values() if a == area)

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
        spaces = D["landings"][landing]["spaces"]
        return [
            i
            for i, sp in enumerate(spaces)
            if sp["value"] <= limit and state["landings"][landing][i] is None
        ]

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

    def legal_moves(self, state: State, seat: int) -> list[str]:
        if seat not in self.to_move(state):
            return []
        if str(seat) in state["launch"]:
            return self._launch_moves(state, seat)
        launches = [f"launch {t}" for t in self.launchable(state, seat)]
        if state["window"] is not None:
            return [*launches, "ready"]
        if state["phase"] == "place":
            if state["sel"] is None:
                areas = [
                    f"place {a}"
                    for a in AREAS
                    if self.area_count(state, a) < self.capacity(state, a)
                ]
                return areas + launches
            free = [n for n in range(1, 23) if str(n) not in state["placed"]]
            return [f"number {n}" for n in free] + ["back"] + launches
        # R12: launching is offered at every step where the seat is to move
        act = state["act"]
        if act is None:
            return ["decline", *self._action_moves(state, seat), *launches]
        if act["kind"] == "hire":
            return self._hire_moves(state, seat) + launches
        moves = self._exp_moves(state, seat, [])
        return moves + launches

    def _launch_moves(self, state: State, seat: int) -> list[str]:
        used = state["launch"][str(seat)]["crew"]
        colours = [c for c in self.crew_colours(state["p"][seat]) if c not in used]
        return [f"crew {c}" for c in colours] + ["back"]

    def _action_moves(self, state: State, seat: int) -> list[str]:
        number = state["call"]
        area = state["placed"][str(number)][1]
        p = state["p"][seat]
        cost = right_cost(state["ffa"], number)
        budget = p["reals"] - cost
        if budget < 0:  # rules 4.3.6 [SRC]: a player who cannot pay declines
            return []
        moves: list[str] = []
        if area == "purchase":  # rules 5.2 [SRC]
            spaces = [i + 1 for i, t in enumerate(state["offer"]) if t is not None]
            if budget >= D["purchase"]["price_one"]:
                moves += [f"buy {i}" for i in spaces]
            if budget >= D["purchase"]["price_two"]:
                moves += [f"buy {a}+{b}" for a in spaces for b in spaces if a < b]
            if state["sg"] is not None and budget >= tile(state["sg"])["crew"]:
                moves.append("buy sg")
        elif area == "hire":  # rules 5.4 [SRC]
            if budget >= PRICE_BY_COLOURS[1]:
                moves += [
                    f"section {k + 1}"
                    for k, section in enumerate(state["sections"])
                    if state["active"][k] and sum(section.values()) > 0
                ]
            if p["pool"] > 0:
                moves.append("captain only")
        elif area == "expedition":  # rules 5.5 [SRC]
            moves += [f"send {t}" for t in self.sendable(state, seat)]
        else:  # rules 5.6 [SRC fragment + PUB], R8
            for char in CHARACTER_IDS:
                if state["characters"][char] is not None:
                    continue
                if char == "manuel" and state["round"] >= ROUNDS:
                    continue  # R6/R8: no next round, no effect
                if char == "alvares" and state["missionaries"] == 0:
                    continue
                if char == "sernigi" and not state["merchants"]:
                    continue
                moves.append(f"take {char}")
            moves += [f"take money {k + 1}" for k, m in enumerate(state["money"]) if m]
        return moves

    def _hire_moves(self, state: State, seat: int) -> list[str]:
        act = state["act"]
        p = state["p"][seat]
        budget = p["reals"] - right_cost(state["ffa"], state["call"])
        section = state["sections"][act["section"]]
        moves = []
        for c in COLOURS:
            if section[c] - act["take"][c] > 0:
                take = dict(act["take"])
                take[c] += 1
                if hire_price(take, act["captain"]) <= budget:
                    moves.append(f"take {c}")
        if (
            not act["captain"]
            and p["pool"] > 0
            and hire_price(act["take"], True) <= budget
            and sum(act["take"].values()) > 0
        ):
            moves.append("captain")
        if sum(act["take"].values()) > 0:
            moves.append("done")
        return [*moves, "back"]

    def _exp_moves(self, state: State, seat: int, launches: list[str]) -> list[str]:
        act = state["act"]
        if act["ship"] is None:
            moves = [f"send {t}" for t in self.sendable(state, seat)]
            return [*moves, "done" if act["paid"] else "back", *launches]
        if act["landing"] is None:
            keys = [f"to {LANDING_KEYS[i]}" for i in self.ship_landings(state, act["ship"])]
            return [*keys, "keep" if act["sernigi"] else "back"]
        spaces = D["landings"][act["landing"]]["spaces"]
        free = self.free_spaces(state, act["landing"], tile(act["ship"])["nav_limit"])
        return [f"space {spaces[i]['value']}" for i in free] + ["back"]

    def default_move(self, state: State, seat: int) -> str:
        moves = self.legal_moves(state, seat)
        if str(seat) in state["launch"]:
            return "back"
        if state["window"] is not None:
            return "ready"
        if state["phase"] == "place":
            if state["sel"] is None:
                return next(m for m in moves if m.startswith("place"))
            return [m for m in moves if m.startswith("number")][-1]  # highest free number
        act = state["act"]
        if act is None:
            return "decline"  # rules 9.3 [NIS]: decline is always legal and safe
        if act["kind"] == "hire":
            return "back"  # nothing is paid: the decision returns, where decline is safe
        for safe in ("done", "keep", "back"):  # keep what was already sent
            if safe in moves:
                return safe
        return moves[0]

    # ------------------------------------------------------------------ moves
    def _apply(self, state: State, seat: int, move: str):
        log: list[str] = []
        words = move.split()
        verb = words[0]
        if str(seat) in state["launch"]:
            self._apply_launch(state, seat, words, log)
        elif verb == "launch":
            state["launch"][str(seat)] = {"tile": words[1], "crew": []}
        elif verb == "ready":
            self._ready(state, seat, log)
        elif state["phase"] == "place":
            self._apply_place(state, seat, words, log)
        else:
            self._apply_act(state, seat, words, log)
        # The state is JSON: it keeps each line's message id and parameters (i18n.dump), and
        # the view makes the words again, in the reader's language.
        state["log"] = (state["log"] + [dump(line) for line in log])[-8:]
        return log, {}

    def _apply_launch(self, state: State, seat: int, words: list[str], log: list[str]) -> None:
        # rules 5.3 [SRC]: launch with a full crew of pairwise different colours
        if words[0] == "back":
            del state["launch"][str(seat)]
            return
        pend = state["launch"][str(seat)]
        pend["crew"].append(words[1])
        tid = pend["tile"]
        if len(pend["crew"]) < tile(tid)["crew"]:
            return
        p = state["p"][seat]
        for colour in pend["crew"]:
            if colour == MISSIONARY:
                p["miss"] -= 1
                state["missionaries"] += 1  # rules 5.3: missionaries to the Characters area
            else:
                p["sailors"][colour] -= 1
                state["bag"][colour] += 1  # rules 5.3: sailors back to the bag
        p["projects"].remove(tid)
        p["port"].append(tid)
        del state["launch"][str(seat)]
        log.append(
            T(
                "{player} launches a ship ({tile}) with {crew}.",
                player=name(seat),
                tile=self._tile_words(tid, crew=False),
                crew=joined([crew_word(c) for c in pend["crew"]]),
            )
        )
        if state["window"] is not None and not self.launchable(state, seat):
            self._ready(state, seat, log)  # nothing more to launch: this seat is done

    def _ready(self, state: State, seat: int, log: list[str]) -> None:
        """R12: a seat ends its launch window; the phase goes on once every seat is ready."""
        state["window"]["waiting"].remove(seat)
        if not state["window"]["waiting"]:
            self._close_window(state, log)

    def _apply_place(self, state: State, seat: int, words: list[str], log: list[str]) -> None:
        # rules 4.2 [PUB] / R4: choose an area, then a free number
        if words[0] == "place":
            state["sel"] = words[1]
            return
        if words[0] == "back":
            state["sel"] = None
            return
        number = int(words[1])
        state["placed"][str(number)] = [seat, state["sel"]]
        state["left"][seat] -= 1
        log.append(
            T(
                "{player} places a disc with number {number} on {area}.",
                player=name(seat),
                number=number,
                area=area(state["sel"]),
            )
        )
        state["sel"] = None
        players = state["players"]
        for step in range(1, players + 1):
            nxt = (seat + step) % players
            if state["left"][nxt] > 0:
                state["turn"] = nxt
                return
        self._open_window(state, "act", log)  # R12: launch window, then the tile is revealed

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
        log.append(
            T(
                "Round {round}, Phase 2: the Vasco da Gama tile moves the marker {change:+d}; "
                "the first free action is {ffa}.",
                round=state["round"],
                change=vdg["change"],
                ffa=state["ffa"],
            )
        )
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

    def _apply_act(self, state: State, seat: int, words: list[str], log: list[str]) -> None:
        act = state["act"]
        if act is not None and act["kind"] == "hire":
            self._apply_hire(state, seat, words, log)
            return
        if act is not None:
            self._apply_exp(state, seat, words, log)
            return
        number = state["call"]
        p = state["p"][seat]
        verb = words[0]
        if verb == "decline":
            # rules 4.3.6 [SRC]: declining pays the reals of the number's line (21/22: 0)
            gain = line_reals(number)
            p["reals"] += gain
            log.append(
                T(
                    "{player} declines number {number} and takes {reals}.",
                    player=name(seat),
                    number=number,
                    reals=reals(gain),
                )
            )
            self._finish_call(state, log)
            return
        if verb == "buy":
            self._pay_right(state, seat, log)
            self._apply_buy(state, seat, words[1], log)
            self._finish_call(state, log)
        elif verb == "section":
            state["act"] = {
                "kind": "hire",
                "section": int(words[1]) - 1,
                "take": {c: 0 for c in COLOURS},
                "captain": False,
            }
        elif verb == "captain":  # "captain only": rules 5.4 [SRC], free without sailors
            self._pay_right(state, seat, log)
            p["pool"] -= 1
            p["captains"] += 1
            log.append(T("{player} hires a captain (free).", player=name(seat)))
            self._finish_call(state, log)
        elif verb == "send":
            state["act"] = {
                "kind": "exp",
                "paid": False,
                "sernigi": False,
                "ship": words[1],
                "landing": None,
            }
        elif verb == "take":
            self._pay_right(state, seat, log)
            self._apply_character(state, seat, words[1:], log)
        else:  # pragma: no cover - legal_moves lists nothing else
            raise AssertionError(verb)

    def _pay_right(self, state: State, seat: int, log: list[str]) -> None:
        # rules 4.3.5 [SRC]: pay FFA - number for the right to act (separate from the price)
        cost = right_cost(state["ffa"], state["call"])
        state["p"][seat]["reals"] -= cost
        if cost:
            log.append(
                T(
                    "{player} pays {reals} to act with number {number}.",
                    player=name(seat),
                    reals=reals(cost),
                    number=state["call"],
                )
            )

    def _apply_buy(self, state: State, seat: int, what: str, log: list[str]) -> None:
        # rules 5.2 [SRC]: 1 project for 1, 2 projects for 4, or Sao Gabriel for its crew size
        p = state["p"][seat]
        if what == "sg":
            tid = state["sg"]
            price = tile(tid)["crew"]
            state["sg"] = None
            p["port"].append(tid)  # launched at once, no crew spent
            p["reals"] -= price
            log.append(
                T(
                    "{player} buys the Sao Gabriel for {reals}.",
                    player=name(seat),
                    reals=reals(price),
                )
            )
            return
        spaces = [int(s) - 1 for s in what.split("+")]
        price = D["purchase"]["price_one"] if len(spaces) == 1 else D["purchase"]["price_two"]
        bought = [state["offer"][i] for i in spaces]
        for i in spaces:
            state["offer"][i] = None
        p["projects"] += bought
        p["reals"] -= price
        if len(bought) == 1:
            line = T(
                "{player} buys project {id} for {reals}.",
                player=name(seat),
                id=bought[0],
                reals=reals(price),
            )
        else:
            line = T(
                "{player} buys projects {ids} for {reals}.",
                player=name(seat),
                ids=joined(bought),
                reals=reals(price),
            )
        log.append(line)

    def _apply_hire(self, state: State, seat: int, words: list[str], log: list[str]) -> None:
        # rules 5.4 [SRC]: sailors from one section and/or one captain
        act = state["act"]
        verb = words[0]
        if verb == "back":
            state["act"] = None
        elif verb == "take":
            act["take"][words[1]] += 1
        elif verb == "captain":
            act["captain"] = True
        else:  # done
            p = state["p"][seat]
            self._pay_right(state, seat, log)
            price = hire_price(act["take"], act["captain"])
            p["reals"] -= price
            section = state["sections"][act["section"]]
            for c, n in act["take"].items():
                section[c] -= n
                p["sailors"][c] += n
            if act["captain"]:
                p["pool"] -= 1
                p["captains"] += 1
            taken = joined([sailors(act["take"][c], c) for c in COLOURS if act["take"][c]])
            said = {
                "player": name(seat),
                "sailors": taken,
                "section": act["section"] + 1,
                "reals": reals(price),
            }
            if act["captain"]:
                line = T(
                    "{player} hires {sailors} and a captain from section {section} for {reals}.",
                    **said,
                )
            else:
                line = T("{player} hires {sailors} from section {section} for {reals}.", **said)
            log.append(line)
            self._finish_call(state, log)

    def _apply_exp(self, state: State, seat: int, words: list[str], log: list[str]) -> None:
        # rules 5.5 [SRC] + R7
        act = state["act"]
        verb = words[0]
        if verb == "send":
            act["ship"] = words[1]
        elif verb == "to":
            act["landing"] = LANDING_KEYS.index(words[1])
        elif verb == "back":
            if act["landing"] is not None:
                act["landing"] = None
            elif act["ship"] is not None and not act["sernigi"]:
                act["ship"] = None
            else:
                state["act"] = None  # nothing sent yet: back to the decision
        elif verb in ("done", "keep"):
            if verb == "keep":
                log.append(T("{player} keeps the merchant ship in port.", player=name(seat)))
            self._finish_call(state, log)
        else:  # space
            if not act["paid"]:
                self._pay_right(state, seat, log)
                act["paid"] = True
            self._sail(state, seat, act["ship"], act["landing"], int(words[1]), log)
            if act["sernigi"]:
                self._finish_call(state, log)
            else:
                act["ship"] = None
                act["landing"] = None

    def _sail(
        self, state: State, seat: int, tid: str, landing: int, value: int, log: list[str]
    ) -> None:
        """Put a ship from port on a landing space and take the space's reward (R7)."""
        p = state["p"][seat]
        spaces = D["landings"][landing]["spaces"]
        index = next(i for i, sp in enumerate(spaces) if sp["value"] == value)
        space = spaces[index]
        p["port"].remove(tid)
        if not state["act"]["sernigi"]:
            p["captains"] -= 1  # rules 5.5 [SRC]: a captain on board (R7)
        state["landings"][landing][index] = [seat, tid]
        p["vp"] += space["vp"]
        p["vp_src"]["landings"] += space["vp"]
        bonus: Msg | None = None
        if space["bonus"] == "reals":
            p["reals"] += space["amount"]
            bonus = reals(space["amount"])
        elif space["bonus"] == "sailor":
            rng = Rng(state["rng"])
            got = []
            for _ in range(space["amount"]):
                if sum(state["bag"].values()):
                    colour = self._draw(state, rng)
                    p["sailors"][colour] += 1
                    got.append(colour)
            state["rng"] = rng.state
            bonus = joined([crew_word(c) for c in got]) if got else None
        elif space["bonus"] == "captain" and p["pool"] > 0:
            p["pool"] -= 1
            p["captains"] += 1
            bonus = T("a captain")
        if bonus is None:
            reward = T("{vp} VP", vp=space["vp"])
        else:
            reward = T("{vp} VP and {bonus}", vp=space["vp"], bonus=bonus)
        log.append(
            T(
                "{player} sends a ship ({tile}) to {landing} (space {value}): {reward}.",
                player=name(seat),
                tile=self._tile_words(tid, crew=False),
                landing=landing_word(LANDING_KEYS[landing]),
                value=value,
                reward=reward,
            )
        )

    def _apply_character(self, state: State, seat: int, what: list[str], log: list[str]) -> None:
        # rules 5.6 [SRC fragment + PUB], R8
        p = state["p"][seat]
        if what[0] == "money":
            k = int(what[1]) - 1
            gain = state["money"][k]
            state["money"][k] = 0
            p["reals"] += gain
            log.append(
                T(
                    "{player} takes {reals} from money space {space}.",
                    player=name(seat),
                    reals=reals(gain),
                    space=k + 1,
                )
            )
            self._finish_call(state, log)
            return
        char = what[0]
        state["characters"][char] = seat  # rules 4.3.7 [SRC]: the disc stays until round end
        log.append(T("{player} takes {character}.", player=name(seat), character=character(char)))
        if char == "manuel":
            state["next_discs"][seat] = D["game"]["discs"] + 1
        elif char == "dias":
            p["vp"] += 2
            p["vp_src"]["dias"] += 2
        elif char == "alvares":
            got = min(2, state["missionaries"])
            state["missionaries"] -= got
            p["miss"] += got
        else:  # sernigi
            ship = state["merchants"].pop()
            p["port"].append(ship)
            log.append(
                T(
                    "{player} receives a merchant ship ({tile}).",
                    player=name(seat),
                    tile=self._tile_words(ship),
                )
            )
            if self.ship_landings(state, ship):
                state["act"] = {
                    "kind": "exp",
                    "paid": True,
                    "sernigi": True,
                    "ship": ship,
                    "landing": None,
                }
                return
        self._finish_call(state, log)

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
        log.append(
            T("Round {round}, Phase 3: ships at sea pay their income.", round=state["round"])
        )
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
            log.append(
                T(
                    "{landing} is complete: {vp} VP per ship.",
                    landing=landing_word(land["key"]),
                    vp=land["complete_vp"],
                )
            )
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
                    log.append(
                        T(
                            "A ship of {player} ({tile}) cannot sail on and is discarded.",
                            player=name(seat),
                            tile=self._tile_words(tid, crew=False),
                        )
                    )
        self._end_round(state, log)

    def _end_round(self, state: State, log: list[str]) -> None:
        if state["round"] >= ROUNDS:
            state["phase"] = "over"  # rules 4.6 [PUB]: the game ends after round 5
            log.append(T("The game is over."))
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
        log.append(
            T(
                "Round {round} begins; {player} is first player.",
                round=state["round"],
                player=name(state["first"]),
            )
        )
        self._start_phase1(state, log)

    # ------------------------------------------------------------------ words for people
    def describe(self, state: State, seat: int, move: str) -> Msg:
        """A legal move as a short sentence (docs/ARCHITECTURE.md 2). Everything it uses is
        public."""
        words = move.split()
        verb = words[0]
        pend = state["launch"].get(str(seat))
        if pend is not None:
            t = tile(pend["tile"])
            if verb == "back":
                return T("Cancel launching {ship}; keep your crew", ship=ship_label(pend["tile"]))
            return T(
                "Crew {ship} with {crew} ({have} of {need})",
                ship=ship_label(pend["tile"]),
                crew=crew_word(words[1]),
                have=len(pend["crew"]) + 1,
                need=t["crew"],
            )
        if verb == "launch":
            return T(
                "Launch {ship} ({tile})",
                ship=ship_label(words[1]),
                tile=self._tile_words(words[1]),
            )
        if verb == "ready":
            return T("Launch nothing more now; go on to {phase}", phase=phase(state["phase"]))
        if state["phase"] == "place":
            if verb == "place":
                key = words[1]
                free = self.capacity(state, key) - self.area_count(state, key)
                return Tn(
                    "Put an action disc on {area} ({count} space free)",
                    "Put an action disc on {area} ({count} spaces free)",
                    free,
                    area=area(key),
                )
            if verb == "back":
                return T("Choose another area for this disc")
            n = int(words[1])
            cost = right_cost(state["marker"], n)
            # the marker; the tile moves it -3..+3 later (rules 4.3.5: first free action number)
            said = {
                "number": n,
                "area": area(state["sel"]),
                "marker": state["marker"],
                "cost": cost,
                "reals": reals(line_reals(n)),
            }
            if cost:
                return T(
                    "Number {number} on {area} ({cost} to act if the first free number is "
                    "{marker}; declining pays {reals})",
                    **said,
                )
            return T(
                "Number {number} on {area} (free if the first free number is {marker}; "
                "declining pays {reals})",
                **said,
            )
        act = state["act"]
        cost = right_cost(state["ffa"], state["call"])
        if act is None:
            return self._describe_decision(state, seat, words, cost)
        if act["kind"] == "hire":
            if verb == "take":
                take = dict(act["take"])
                take[words[1]] += 1
                price = hire_price(take, act["captain"])
                return T(
                    "Hire {crew} (this hire costs {reals})",
                    crew=crew_word(words[1]),
                    reals=reals(price),
                )
            if verb == "captain":
                n = sum(act["take"].values())
                return T("Add a captain for {reals} (1 per sailor hired)", reals=reals(n))
            if verb == "done":
                price = hire_price(act["take"], act["captain"])
                taken = joined([of_colour(act["take"][c], c) for c in COLOURS if act["take"][c]])
                said = {"sailors": taken, "reals": reals(price)}
                if act["captain"]:
                    hire = T("Hire {sailors} and a captain for {reals}", **said)
                else:
                    hire = T("Hire {sailors} for {reals}", **said)
                return _plus_cost(hire, cost)
            return T("Choose another section, or decline")
        # expedition steps
        if verb == "send":
            return T(
                "Send {ship} ({tile}) with a captain",
                ship=ship_label(words[1]),
                tile=self._tile_words(words[1], crew=False),
            )
        if verb == "to":
            li = LANDING_KEYS.index(words[1])
            reachable = self.free_spaces(state, li, tile(act["ship"])["nav_limit"])
            return Tn(
                "Sail {ship} to {landing} ({count} space it can reach)",
                "Sail {ship} to {landing} ({count} spaces it can reach)",
                len(reachable),
                ship=ship_label(act["ship"]),
                landing=landing_word(words[1]),
            )
        if verb == "space":
            land = D["landings"][act["landing"]]
            space = next(sp for sp in land["spaces"] if sp["value"] == int(words[1]))
            return T(
                "Take {landing} space {value}: {reward}",
                landing=landing_word(land["key"]),
                value=words[1],
                reward=self._reward(space),
            )
        if verb == "keep":
            return T("Keep the merchant ship in port (it needs a captain to sail)")
        if verb == "done":
            return T("End the Expedition")
        if act["landing"] is not None:
            return T("Choose another landing")
        if act["ship"] is not None:
            return T("Choose another ship")
        return T("Send no ship after all; back to act or decline")

    def _describe_decision(self, state: State, seat: int, words: list[str], cost: int) -> Msg:
        verb = words[0]
        number = state["call"]
        if verb == "decline":
            return T(
                "Decline number {number} and take {reals}",
                number=number,
                reals=reals(line_reals(number)),
            )
        if verb == "buy":
            if words[1] == "sg":
                tid = state["sg"]
                buy = T(
                    "Buy the Sao Gabriel ({tile}), for {price}",
                    tile=self._tile_words(tid, crew=False),
                    price=tile(tid)["crew"],
                )
                return _plus_cost(buy, cost)
            spaces = [int(x) for x in words[1].split("+")]
            ids = [state["offer"][i - 1] for i in spaces]
            if len(ids) == 1:
                buy = T("Buy project {id} ({tile}) for 1", id=ids[0], tile=self._tile_words(ids[0]))
            else:
                buy = T(
                    "Buy projects {first} and {second} (spaces {spaces}) for 4",
                    first=ids[0],
                    second=ids[1],
                    spaces=words[1],
                )
            return _plus_cost(buy, cost)
        if verb == "section":
            section = state["sections"][int(words[1]) - 1]
            there = joined([of_colour(section[c], c) for c in COLOURS if section[c]])
            return T("Hire from section {section}: {sailors}", section=words[1], sailors=there)
        if verb == "captain":
            if cost:
                return T("Hire only a captain (free; {cost} to act)", cost=cost)
            return T("Hire only a captain (free)")
        if verb == "send":
            send = T(
                "Send {ship} ({tile}) with a captain",
                ship=ship_label(words[1]),
                tile=self._tile_words(words[1], crew=False),
            )
            return _plus_cost(send, cost)
        if verb == "take":
            if words[1] == "money":
                amount = state["money"][int(words[2]) - 1]
                take = T(
                    "Take {reals} from money space {space}", reals=reals(amount), space=words[2]
                )
                return _plus_cost(take, cost)
            take = T(
                "Take {character}: {effect}",
                character=character(words[1]),
                effect=char_short(words[1]),
            )
            return _plus_cost(take, cost)
        return T("Launch {ship}", ship=ship_label(words[1]))

    @staticmethod
    def _tile_words(tid: str, crew: bool = True) -> Msg:
        return tile_words(tile(tid), crew)

    @staticmethod
    def _reward(space: dict) -> Msg:
        vp = space["vp"]
        if space["bonus"] == "reals":
            return T("{vp} VP and {reals}", vp=vp, reals=reals(space["amount"]))
        if space["bonus"] == "sailor":
            return T("{vp} VP and a sailor drawn from the bag", vp=vp)
        if space["bonus"] == "captain":
            return T("{vp} VP and a captain from the Hire area", vp=vp)
        return T("{vp} VP", vp=vp)

    def aliases(self, state: State, seat: int, move: str) -> list[str]:
        """Other texts for the same move: unordered parts in any order, names as printed."""
        words = move.split()
        verb = words[0]
        out: list[str] = []
        if verb == "buy" and "+" in words[1]:
            a, b = words[1].split("+")
            out = [f"buy {b}+{a}", f"buy {a} {b}", f"buy {b} {a}", f"buy {a},{b}", f"buy {b},{a}"]
        elif move == "buy sg":
            out = ["buy sao gabriel", "buy são gabriel", "sao gabriel"]
        elif verb == "take" and words[1] in D["characters"]:
            full = D["characters"][words[1]]["name"]
            out = [f"take {full}", full]
            if words[1] == "manuel":
                out.append("take king manuel")
        elif verb == "take" and words[1] == "money":
            out = [f"take money space {words[2]}", f"money {words[2]}"]
        elif verb == "to":
            full = D["landings"][LANDING_KEYS.index(words[1])]["name"]
            out = [f"to {full}", full] if full.casefold() != words[1] else [full]
        elif verb == "send" and words[1].startswith("m"):
            out = [f"send merchant {words[1]}", f"send merchant ship {words[1]}"]
        elif verb == "send":
            out = [f"send ship {words[1]}"]
        elif verb == "launch":
            out = [f"launch ship {words[1]}"]
        elif verb == "place":
            out = [f"place {area(words[1])}", f"disc {words[1]}"]
            if words[1] == "expedition":
                out.append("place navigation")
        elif move == "captain only":
            out = ["hire captain", "captain"]
        elif verb == "crew" and words[1] == MISSIONARY:
            out = ["crew white"]
        elif verb == "number":
            out = [words[1], f"#{words[1]}"]
        elif move == "ready":
            out = ["done", "pass", "no launch"]
        elif move == "keep":
            out = ["keep in port", "stay in port"]
        elif move == "back":
            out = ["cancel"]
        out += self._named_in_translations(state, words)
        out = [a for a in dict.fromkeys(out) if a != move]
        return out

    @staticmethod
    def _named_in_translations(state: State, words: list[str]) -> list[str]:
        """A move named by its component in Greek or Russian (issue 26 item 3): ``Νατάλ`` for
        ``to natal``, ``Мануэль Первый`` for ``take manuel``, ``μωβ`` for ``crew purple``."""
        verb = words[0]
        named: Msg | None = None
        if verb == "place" and state["phase"] == "place":
            named = area(words[1])
        elif verb == "take" and words[1] in D["characters"]:
            named = character(words[1])
        elif verb == "to":
            named = landing_word(words[1])
        elif verb in ("crew", "take") and words[1] in (*COLOURS, MISSIONARY):
            named = colour_word(words[1])
        return [] if named is None else [say(lang, named) for lang in TRANSLATED]

    def private_text(self, view: dict) -> list[str]:
        """A seat's own position as sentences for a DM (docs/ARCHITECTURE.md 2; no JSON)."""
        seat = view.get("seat")
        if seat is None:
            return []
        p = view["p"][seat]
        lines: list[str] = [
            T(
                "You have {reals}, {vp} VP, {captains} ready ({pool} more in the Hire area).",
                reals=reals(p["reals"]),
                vp=p["vp"],
                captains=captains(p["captains"]),
                pool=p["pool"],
            )
        ]
        crew = [sailors(p["sailors"][c], c) for c in COLOURS if p["sailors"][c]]
        if p["missionaries"]:
            crew.append(sailors(p["missionaries"], MISSIONARY))
        lines.append(T("Your crew: {crew}.", crew=joined(crew)) if crew else T("You have no crew."))
        projects = [T("a ship ({tile})", tile=self._tile_words(t["id"])) for t in p["projects"]]
        if projects:
            lines.append(T("Projects to launch: {tiles}.", tiles=listed(projects, "; ")))
        port = [T("a ship ({tile})", tile=self._tile_words(t["id"])) for t in p["port"]]
        if port:
            lines.append(T("Ships in port: {tiles}.", tiles=listed(port, "; ")))
        at_sea = [
            T(
                "a ship ({tile}) at {landing}, space {value}",
                tile=self._tile_words(sp["ship"]["id"], crew=False),
                landing=landing_word(land["key"]),
                value=sp["value"],
            )
            for land in view["landings"]
            for sp in land["spaces"]
            if sp["ship"] and sp["ship"]["seat"] == seat
        ]
        if at_sea:
            lines.append(T("Your ships at sea: {ships}.", ships=joined(at_sea)))
        mine = [str(n) for n, s, _ in view["placed"] if s == seat]
        if mine:
            lines.append(T("Your numbers this round: {numbers}.", numbers=joined(mine)))
        if p["discs_left"]:
            lines.append(T("Discs left to place: {n}.", n=p["discs_left"]))
        if seat in view["to_move"]:
            lines.append(T("Your turn: {what}.", what=view["doing"]))
        return lines

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
        awaiting, doing = self._awaiting(state)
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

    def _awaiting(self, state: State) -> tuple[Msg, Msg | None]:
        """What the table waits for: the whole sentence, and its part after the seats (what they
        are deciding: ``launch ships before Phase 1, or ready``; None when the game is over)."""
        if state["phase"] == "over":
            return T("Game over"), None
        if state["window"] is not None:
            who = listed([name(s) for s in state["window"]["waiting"]])
            doing = T(
                "launch ships before {phase}, or ready", phase=phase(state["window"]["phase"])
            )
            return T("{who}: {doing}", who=who, doing=doing), doing
        seat = self.to_move(state)[0]
        doing = self._doing(state, seat)
        return T("{who}: {doing}", who=name(seat), doing=doing), doing

    def _doing(self, state: State, seat: int) -> Msg:
        pend = state["launch"].get(str(seat))
        if pend is not None:
            return T("choose crew for {ship}", ship=ship_label(pend["tile"]))
        if state["phase"] == "place":
            if state["sel"]:
                return T("choose a number for {area}", area=area(state["sel"]))
            return T("place an action disc")
        said = {
            "number": state["call"],
            "area": area(state["placed"][str(state["call"])][1]),
            "cost": right_cost(state["ffa"], state["call"]),
        }
        act = state["act"]
        if act is None:
            return T("number {number} ({area}, cost {cost}): act or decline", **said)
        if act["kind"] == "hire":
            return T(
                "number {number} ({area}, cost {cost}): hire from section {section}",
                section=act["section"] + 1,
                **said,
            )
        if act["ship"] is None:
            return T("number {number} ({area}, cost {cost}): send another ship or done", **said)
        if act["landing"] is None:
            return T(
                "number {number} ({area}, cost {cost}): choose a landing for {ship}",
                ship=ship_label(act["ship"]),
                **said,
            )
        return T(
            "number {number} ({area}, cost {cost}): choose a space at {landing}",
            landing=landing_word(LANDING_KEYS[act["landing"]]),
            **said,
        )

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
