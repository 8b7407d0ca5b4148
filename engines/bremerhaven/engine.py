"""Bremerhaven (Robert Auerochs): the rules engine. Rules: ``docs/rules/bremerhaven.md``.

Variants: ``long`` (2-4 players, the default), ``short`` (2-4) and ``solo`` (1 player against the
neutral player of rules 8.2). Component data comes from ``data/bremerhaven/`` (mostly provisional).

Phases and who moves:
- Auction (rules 4.1): sequential in hierarchy order; a bid is two small steps (`bid <space>`, then
  `card <value>`, or `back`). Where a card lies is public; its value is private until the reveal.
- General actions (rules 4, 5.1-5.8): resolved space by space. 1.2 permits, 1.3 upgrades and the
  Sea/Land placements are simultaneous: every seat that has a decision works on a draft of its own
  harbour. Permit and upgrade drafts are hidden from the others until everyone has finished the
  step; placements are public as they are made (the view's ``placing``), as at the table. 1.4 and
  1.5 are decided by their single winner.
- Individual actions (rules 5.9): simultaneous for all seats, on private drafts; 4.3 and 4.4 run
  when a seat says `done`; the results become public when every seat is done.
- Clean-up (rules 5.10) is automatic.

Recommendations of rules section 9.5 followed: A1 (winners fixed at the reveal with the start-of-
round hierarchy), A2 (first permit at the difference, further permits at the highest bid), A3 (one
upgrade per round), A4 (contracts on any free bay, deliveries only to open bays), A5 (4 shared quays
x 3 spots), A6 (4.4 mandatory), A7, A8 (conversions only in storage), A9 (prestige 0..track top),
A10, A11 (setup ranks: random goods chits, ranked on the flipped price card, whose 24 values are all
different so no tie arises), A12, A13, A14, A15, A17 (no paying without the money; only penalties
are paid "as much as you have"), A18 (a solo symbol naming a void space is redrawn), A19, A20.

Simplifications and departures (the least visible parts):
- A player who wins several Ships (or Contracts) is offered them one at a time, in space order,
  and may answer `later` to place another one first (rules 9.2 G5); a card with no legal place is
  discarded at once (contracts with their penalty); the last card of its kind with exactly one
  legal place is placed automatically.
- A2: the engine offers "first permit at the difference, extras at the highest bid", so declining
  the cheap first permit and buying one at the highest bid is not offered (it is never better).
- Short and solo: the starting Building goes to space a1 and the 3 starting goods to the first empty
  spaces (all spaces are equivalent in these variants and goods can be moved freely in 4.2).
- Packing takes 2 crates from one space (move crates together first); unpacking leaves both crates
  on the container's space.
- Produced goods go to an empty storage space of the player's choice (rules 5.9 4.1).
- A crate from a ship may be stacked on a single crate (rules 5.9 4.2 "to empty storage spaces"
  read as spaces with room for it; /rules reconstructed 15). A space holding two kinds of good
  (a goods-holding Building) names the good picked up: `from a1 passenger`.
- Building abilities other than the Refinery's, the Newspaper events and solo symbols, all card
  contents, bollard/cover costs, the Progress track and the lower solo bands are provisional data
  (data/bremerhaven), designed to every count, range and example of the rules file. The Commodity
  Exchange (effect MISSING) lets its owner choose the top Price card when no other player bid on
  1.4. The neutral player's newspaper symbols never name Parking.
- Money is public (rules 9.3 recommendation); a hand is private although derivable (9.3).

Hidden information (rules 9.3, 9.4) and ``resample_hidden``: the order of the Ship and Contract
decks (within each back-number pile), the Buildings under the face-up top one, the Price cards
that nobody has seen (the top card and the cards rotated to the bottom are public; a 1.4 chooser
has seen the whole pile), the Newspaper pile and the event side of the face-up Progress card
(only its advance is public), other seats' hands and bid values before the reveal, the solo
neutral's face-down cards, other seats' private drafts, and the generator. ``_reveals`` is True
when a move (or what it set off) drew from one of those, turned up a card, revealed the bids,
showed the price pile or made drafts public.

The class is made of parts, one concern a module (docs/ARCHITECTURE.md 9; ``shared.py`` tells
how they are layered): ``choices`` (legal moves), ``actions`` (general actions and placing),
``rounds`` (the round's flow, clean-up, the end), ``play`` (applying a move), ``views``,
``hidden`` (hidden information); ``harbour`` holds the pieces and the rules over one harbour, and
``words`` every text said to people. This module keeps setup, typed aliases and the result, and
re-exports the names the tests and heuristics read here.
"""

from __future__ import annotations

from engines.base import Rng, Standing, State, normalize_move_text, rank_standings
from engines.bremerhaven.actions import resolve_contract
from engines.bremerhaven.data import (
    BOARD,
    BUILDINGS,
    CONTRACTS,
    GOODS,
    NEWS,
    PRICES,
    SHIPS,
    SOLO_BANDS,
    SPOT_COST,
)
from engines.bremerhaven.harbour import (
    GENERAL_STEPS,
    HAND_START,
    PRESTIGE_MAX,
    PROGRESS_LAST,
    RANKS,
    RESERVE_START,
    SPACE_NAMES,
    TOWN,
    accepts,
    adjust_prestige,
    bay_open,
    berth_size,
    bollard_cost,
    building_card,
    built,
    can_hold,
    contract_card,
    harbour_prestige,
    has_ability,
    is_empty,
    kinds,
    new_player,
    pay,
    ship_card,
    source_move,
    units,
)
from engines.bremerhaven.hidden import HiddenInformation
from engines.bremerhaven.topics import RULES_TOPICS
from engines.bremerhaven.views import Views
from engines.bremerhaven.words import (
    PHASE_NAMES,
    TOWN_NAMES,
    contract_text,
    contract_words,
    move_words,
    pname,
    price_text,
    private_lines,
    ship_text,
    town_name,
)
from i18n import word

# Names the tests and the heuristics read here (``engine.can_hold``, ``engine.SPACE_NAMES``, ...).
__all__ = [
    "GENERAL_STEPS",
    "HAND_START",
    "NEWS",
    "PRESTIGE_MAX",
    "PROGRESS_LAST",
    "RANKS",
    "RESERVE_START",
    "SPACE_NAMES",
    "SPOT_COST",
    "TOWN",
    "TOWN_NAMES",
    "Bremerhaven",
    "accepts",
    "adjust_prestige",
    "bay_open",
    "berth_size",
    "bollard_cost",
    "building_card",
    "built",
    "can_hold",
    "contract_card",
    "contract_text",
    "contract_words",
    "harbour_prestige",
    "has_ability",
    "is_empty",
    "kinds",
    "new_player",
    "pay",
    "pname",
    "price_text",
    "resolve_contract",
    "ship_card",
    "ship_text",
    "source_move",
    "town_name",
    "units",
]

# Words a player may type for a Town space (aliases).
SPACE_WORDS = {
    "1.0": ["parking", "park"],
    "1.1": ["building"],
    "1.2": ["permit", "permits"],
    "1.3": ["influence", "upgrade"],
    "1.4": ["prices", "price"],
    "1.5": ["career", "ladder"],
}


class Bremerhaven(HiddenInformation, Views):
    id = "bremerhaven"
    title = word("bremerhaven", "game.title")  # "Bremerhaven", said in the reader's language
    # A seat receives nothing unseen: its influence cards come back from its own bids, and the
    # price pile is the decision at hand ("My choices", /hand).
    secret_keys = ()
    phase_names = PHASE_NAMES
    min_players = 1
    max_players = 4
    variants = ("long", "short", "solo")
    rules_topics = RULES_TOPICS

    def player_range(self, variant: str) -> tuple[int, int]:
        return (1, 1) if variant == "solo" else (2, 4)

    # ------------------------------------------------------------------ setup (rules 3)
    def setup(self, players: int, *, seed: int, variant: str | None = None) -> State:
        variant = self.check_setup(players, variant)
        rng = Rng.from_seed(seed)
        solo = variant == "solo"
        np_ = 2 if solo else players
        count = 2 if solo else players  # rules 8.2: solo is set up as the 2-player short game
        short = variant != "long"

        def deck(cards: dict[str, dict]) -> list[str]:
            # rules 3.1: take the cards for this player count (short: drop the arrow cards),
            # sort by the back number, shuffle each pile, stack pile 1 on top (recommendation).
            out: list[str] = []
            for stage in (1, 2, 3, 4):
                pile = [
                    cid
                    for cid, c in cards.items()
                    if c["stage"] == stage
                    and count in c["players"]
                    and not (short and count in c["long_only"])
                ]
                rng.shuffle(pile)
                out.extend(pile)
            return out

        ships = deck(SHIPS)
        contracts = deck(CONTRACTS)
        buildings = sorted(BUILDINGS)
        rng.shuffle(buildings)
        prices = sorted(PRICES)
        rng.shuffle(prices)
        news = sorted(NEWS)
        rng.shuffle(news)
        sea = [ships.pop(0) if ships else None for _ in range(np_)]
        land = [contracts.pop(0) if contracts else None for _ in range(np_)]
        plist = [new_player(variant, neutral=solo and i == 1) for i in range(np_)]
        for i in range(players):  # rules 3.9: starting contract on the first bay
            cid = contracts.pop(0)
            plist[i]["bays"][0] = {"id": cid, "t": CONTRACTS[cid]["time"], "got": []}
            if short:  # rules 8.1: a random starting Building, built
                plist[i]["spaces"][0] = {"b": buildings.pop(0)}
        price_tail = 0
        if solo:
            hier = [1, 0]  # rules 8.2: neutral Captain, you First Mate
            plist[0]["money"] = BOARD["income"]["solo_start"]
            rng.shuffle(plist[1]["hand"])
        else:
            # rules 3.10: goods chits, then the price flip ranks the players (A11)
            chits = list(GOODS)
            rng.shuffle(chits)
            # rules 3.10 (p.3): the top card goes under the pile in view of all, so it
            # starts the publicly known bottom part (as every later rotation does, rules 5.5)
            prices.append(prices.pop(0))
            price_tail = 1
            top = PRICES[prices[0]]
            hier = sorted(range(players), key=lambda i: -top[chits[i]])
            for rank, pid in enumerate(hier):  # rules 3.11
                plist[pid]["money"] = BOARD["income"]["start"][rank]
        state: State = {
            "rng": 0,
            "variant": variant,
            "n": players,
            "np": np_,
            "round": 1,
            "phase": "setup",
            "step": "",
            "hier": hier,
            "hier0": list(hier),
            "progress": BOARD["progress"][f"start_{count}"],
            "ships": ships,
            "ship_discard": [],
            "sea": sea,
            "contracts": contracts,
            "contract_discard": [],
            "land": land,
            "buildings": buildings,
            "prices": prices,
            "news": news if variant != "short" else [],
            "news_right": None,
            "news_left": None,
            "news_discard": [],
            "neutral_draws": [],
            "bids": [],
            "revealed": False,
            "turn": 0,
            "pending": {},
            "winners": {},
            "players": plist,
            "drafts": {},
            "waiting": [],
            "done": [],
            "single": None,
            "rating": None,
            "shown": 0,
            "draft_base": None,
            "draft_base_done": [],
            "price_tail": price_tail,
            "price_known": [],
        }
        state["rng"] = rng.state
        if variant == "long":  # rules 3.4: Progress card on the right, left side empty
            state["news_right"] = state["news"].pop(0)
        log: list[str] = []
        if short:
            # rules 8.1 / 8.2: choose 3 starting goods (simultaneous, hidden until all chose)
            state["step"] = "start"
            self._open_drafts(state, list(range(players)))
            for s in range(players):
                state["drafts"][str(s)]["picks"] = 0
        else:
            self._start_round(state, log)
        self._settle(state, log)
        return state

    # ------------------------------------------------------------------ words for people
    def describe(self, state: State, seat: int, move: str) -> str:
        return move_words(state, seat, move)

    def aliases(self, state: State, seat: int, move: str) -> list[str]:
        """Other ways to type ``move``: space names for bids, printed names for ships and
        buildings, parts in another order (``swap 2 1``, ``dock crate 2``), spaced numbers,
        ``from a1`` for the first good laid on a space that holds two kinds."""
        words = move.split()
        verb = words[0]
        out: list[str] = []
        if verb == "bid" and state["phase"] == "auction":
            space = words[1]
            out += [f"bid {w}" for w in SPACE_WORDS.get(space, [])]
            board = space.split(".")[0]
            if board == "2" and state["sea"][int(space[2:]) - 1]:
                sid = state["sea"][int(space[2:]) - 1]
                out += [f"bid {SHIPS[sid]['name']}", f"bid ship {space}"]
            if board == "3":
                out.append(f"bid contract {space}")
            if space == "1.1" and state["buildings"]:
                out.append(f"bid {BUILDINGS[state['buildings'][0]]['name']}")
        elif verb == "card":
            out.append(words[1])
        elif verb == "swap":
            i = int(words[1])
            out += [f"swap {i} {i + 1}", f"swap {i + 1} {i}", f"swap {i},{i + 1}"]
        elif verb == "dock" and len(words) == 3:
            out += [f"dock {words[2]} {words[1]}", f"dock {words[1]} {words[2]}s"]
        elif verb in ("build", "produce") and words[1] in BUILDINGS:
            out.append(f"{verb} {BUILDINGS[words[1]]['name']}")
        elif verb == "from" and len(words) == 3:
            # a space holding two kinds: plain `from a1` (what moves were before the good was
            # named, so stored move logs replay as played) takes the good laid there first
            goods = state["drafts"][str(seat)]["spaces"][SPACE_NAMES.index(words[1])]["g"]
            if goods[0] == words[2]:
                out.append(f"from {words[1]}")
        elif verb in ("from", "to") and words[1][:-1] in ("berth", "bay"):
            out.append(f"{verb} {words[1][:-1]} {words[1][-1]}")
        elif verb == "price" and words[1] in PRICES:
            top = PRICES[words[1]]
            out.append("price " + " ".join(f"{g} {top[g]}" for g in GOODS))
        elif verb == "no":
            out.append("noswap")
        canon = normalize_move_text(move)
        return [a for a in out if normalize_move_text(a) != canon]

    def private_text(self, view: dict) -> list[str]:
        """The seat's private section as short sentences (rules 9.3: hand, own bids, draft)."""
        return private_lines(view)

    def result(self, state: State) -> list[Standing] | None:
        if state["phase"] != "over":
            return None
        rows = []
        for pid, p in enumerate(state["players"]):
            if p["neutral"]:
                continue
            rank = state["hier"].index(pid)
            breakdown = {
                "money": float(p["money"]),
                "prestige": float(p["prestige"]),
                "rank": float(rank + 1),
            }
            if state["variant"] == "solo":
                score = p["money"] * p["prestige"]
                breakdown["band"] = float(sum(1 for b in SOLO_BANDS if score >= b["min"]))
            # rules 6: ties broken by the hierarchy (higher rank wins)
            rows.append((pid, float(p["money"] * p["prestige"]), (-rank,), breakdown))
        return rank_standings(rows)
