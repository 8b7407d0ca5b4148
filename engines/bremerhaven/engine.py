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
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engines.base import (
    BaseEngine,
    IllegalMove,
    Rng,
    Standing,
    State,
    clone_state,
    normalize_move_text,
    rank_standings,
    reseed,
)
from engines.bremerhaven.data import (
    BOARD,
    BUILDINGS,
    CONTRACTS,
    COVER_COST,
    GOODS,
    NEWS,
    PRICES,
    SHIPS,
    SOLO_BANDS,
    SPOT_COST,
)
from engines.bremerhaven.topics import RULES_TOPICS
from engines.bremerhaven.words import (
    Clipped,
    building,
    coins,
    data_text,
    goods_count,
    goods_plural,
    goods_text,
    joined_commas,
    rounds,
    solo_title,
)
from engines.bremerhaven.words import (
    cards as card_count,
)
from engines.bremerhaven.words import good as good_word
from engines.bremerhaven.words import (
    rank as rank_word,
)
from engines.bremerhaven.words import ship as ship_name
from engines.bremerhaven.words import space as space_word
from i18n import Msg, T, Tn, dump, joined, load, word
from i18n.text import Joined

SPACE_NAMES = [f"{r}{c}" for r in "abc" for c in "1234"]
RANKS = ["Captain", "First Mate", "Sailor", "Cook"]
TOWN = ["1.0", "1.1", "1.2", "1.3", "1.4", "1.5"]
HAND_START = list(BOARD["influence"]["hand"])
RESERVE_START = sorted((Counter(BOARD["influence"]["values"]) - Counter(HAND_START)).elements())
PRESTIGE_MAX = BOARD["prestige_track"]["max"]
PROGRESS_LAST = BOARD["progress"]["last"]
# Names as printed on the Town board, and words a player may type for a space (aliases).
TOWN_NAMES = {
    "1.0": "1.0 Parking",
    "1.1": "1.1 Building",
    "1.2": "1.2 Building permit",
    "1.3": "1.3 Increase influence",
    "1.4": "1.4 Price cards",
    "1.5": "1.5 Career ladder",
}
SPACE_WORDS = {
    "1.0": ["parking", "park"],
    "1.1": ["building"],
    "1.2": ["permit", "permits"],
    "1.3": ["influence", "upgrade"],
    "1.4": ["prices", "price"],
    "1.5": ["career", "ladder"],
}
GENERAL_STEPS = ["park", "building", "permit", "upgrade", "price", "career", "place"]


def pname(pid: int, state: State) -> str:
    """A seat as the table names it: ``Player A`` (the host puts the member's name in) or the
    solo game's neutral player."""
    if state["variant"] == "solo" and pid == 1:
        return T("Neutral")
    return f"Player {'ABCD'[pid]}"


def contract_words(cid: str) -> Msg:
    """A contract as players tell it apart, by what it wants (its id is printed nowhere)."""
    return T("contract for {goods}", goods=goods_text(CONTRACTS[cid]["goods"]))


def ship_text(sid: str) -> Msg:
    """A Ship in words: "Anna: 3 crates, mooring 2, 3 prestige, 2 rounds"."""
    sh = SHIPS[sid]
    return T(
        "{ship}: {cargo}, mooring {mooring}, {prestige} prestige, {rounds}",
        ship=ship_name(sid),
        cargo=goods_count(sh["cargo"], "wildcard" if sh["goods"] == "any" else sh["goods"]),
        mooring=sh["mooring"],
        prestige=sh["prestige"],
        rounds=rounds(sh["load"]),
    )


def contract_terms(cid: str) -> Msg:
    c = CONTRACTS[cid]
    bonus = T("+1 prestige") if c["bonus_prestige"] else f"+{c['bonus_coins']}"
    penalty = T("-1 prestige") if c["penalty_prestige"] else f"-{c['penalty_coins']}"
    return T("bonus {bonus}, penalty {penalty}", bonus=bonus, penalty=penalty)


def contract_text(cid: str) -> Msg:
    """A Contract in words: "barrel, crate and any good in 3 rounds (bonus +2, penalty -1)"."""
    c = CONTRACTS[cid]
    return T(
        "{goods} in {rounds} ({terms})",
        goods=goods_text(c["goods"]),
        rounds=rounds(c["time"]),
        terms=contract_terms(cid),
    )


def price_text(top: dict) -> Joined:
    """A Price card in words: "barrel 3, crate 1, container 4, passenger 2"."""
    return joined_commas([T("{good} {value}", good=good_word(g), value=top[g]) for g in GOODS])


def town_name(space: str) -> Msg:
    """A Town board space as printed on the board (TOWN_NAMES)."""
    names = {
        "1.0": T("1.0 Parking"),
        "1.1": T("1.1 Building"),
        "1.2": T("1.2 Building permit"),
        "1.3": T("1.3 Increase influence"),
        "1.4": T("1.4 Price cards"),
        "1.5": T("1.5 Career ladder"),
    }
    return names[space]


def place_words(loc: str) -> Msg | str:
    """A place goods come from: "berth 2" or a space name ("a3")."""
    return T("berth {berth}", berth=loc[5:]) if loc.startswith("berth") else space_word(loc)


def units(good: str) -> int:
    return 1 if good == "crate" else 2


SHIP_FIELDS = ("id", "name", "load", "cargo", "goods", "mooring", "prestige")
CONTRACT_FIELDS = (
    "id",
    "time",
    "goods",
    "bonus_coins",
    "bonus_prestige",
    "penalty_coins",
    "penalty_prestige",
)
BUILDING_FIELDS = ("id", "name", "prestige", "ability", "text")


def ship_card(sid: str) -> dict:
    return {k: SHIPS[sid][k] for k in SHIP_FIELDS}


def contract_card(cid: str) -> dict:
    return {k: CONTRACTS[cid][k] for k in CONTRACT_FIELDS}


def building_card(bid: str) -> dict:
    return {k: BUILDINGS[bid][k] for k in BUILDING_FIELDS}


def has_ability(p: dict, ability: str) -> bool:
    return any(BUILDINGS[sp["b"]]["ability"] == ability for sp in p["spaces"] if "b" in sp)


def built(p: dict) -> list[str]:
    return [sp["b"] for sp in p["spaces"] if "b" in sp]


def is_empty(sp: dict) -> bool:
    return not sp


def can_hold(p: dict, idx: int, good: str) -> bool:
    """rules 5.9 4.2: a space holds 1 passenger, barrel or container, or up to 2 crates; some
    Buildings hold goods (provisional: `store` buildings hold `capacity` half-spaces). Whatever
    the good comes from: a ship's crate may join a single crate, as "to empty storage spaces"
    reads "with room for that good" (see /rules reconstructed 15)."""
    sp = p["spaces"][idx]
    if "c" in sp:
        return False
    goods = sp.get("g", [])
    if "b" in sp:
        b = BUILDINGS[sp["b"]]
        if b["ability"] != "store":
            return False
        return sum(units(g) for g in goods) + units(good) <= b["capacity"]
    if not goods:
        return True
    return good == "crate" and goods == ["crate"]


def kinds(goods: list[str]) -> list[str]:
    """The kinds of good on a space, in the order of GOODS (not in storage order)."""
    return [g for g in GOODS if g in goods]


def source_move(name: str, goods: list[str], good: str) -> str:
    """rules 5.9 4.2 (p.8-9, goods move as you wish): the move that picks up ``good`` from the
    space ``name``: ``from a2``, or ``from a2 passenger`` where the space holds more than one
    kind (only a goods-holding Building can), so that any good on it can be chosen."""
    return f"from {name}" if len(kinds(goods)) < 2 else f"from {name} {good}"


def bay_open(p: dict, k: int) -> bool:
    """rules 5.8: the right bays open once the space directly below is uncovered."""
    return k < BOARD["harbour"]["open_bays"] or "c" not in p["spaces"][k]


def accepts(bay: dict, good: str) -> bool:
    """rules 5.8 / 9.2: fixed types plus wildcards; the delivered multiset must still match."""
    req = CONTRACTS[bay["id"]]["goods"]
    if len(bay["got"]) >= len(req):
        return False
    fixed = Counter(r for r in req if r != "any")
    wild = req.count("any")
    new = Counter([*bay["got"], good])
    return sum(max(0, n - fixed[t]) for t, n in new.items()) <= wild


def berth_size(p: dict, i: int) -> int:
    """rules 5.7: the smaller bollard count of the two quays (+1 with the Lighthouse)."""
    return min(p["quays"][i], p["quays"][i + 1]) + (1 if has_ability(p, "moor") else 0)


def harbour_prestige(p: dict) -> int:
    """rules 5.9 4.3: ships at berths plus built buildings."""
    total = sum(SHIPS[b["id"]]["prestige"] for b in p["berths"] if b)
    return total + sum(BUILDINGS[b]["prestige"] for b in built(p))


def bollard_cost(p: dict, q: int) -> int:
    cost = SPOT_COST[q][p["quays"][q]]
    if has_ability(p, "shipyard"):
        cost = max(0, cost - 2)
    return cost


def new_player(variant: str, neutral: bool = False) -> dict:
    spaces: list[dict] = [{} for _ in SPACE_NAMES]
    if variant == "long":  # rules 3.6: cover cards on columns 3 and 4
        for i, name in enumerate(SPACE_NAMES):
            if name in COVER_COST:
                spaces[i] = {"c": COVER_COST[name]}
    return {
        "money": 0,
        "prestige": 0,
        "hand": list(HAND_START),
        "reserve": list(RESERVE_START),
        "upgraded": False,
        "neutral": neutral,
        "quays": [0, 1, 1, 0],  # rules 3.8: one bollard on each quay of the middle berth
        "berths": [None, None, None],
        "bays": [None, None, None, None],
        "spaces": spaces,
        "unbuilt": [],
    }


def adjust_prestige(p: dict, delta: int) -> None:
    p["prestige"] = max(0, min(PRESTIGE_MAX, p["prestige"] + delta))  # rules 9.5 A9


def pay(p: dict, amount: int) -> int:
    """A penalty paid as much as you have (rules 5.8, 7.23); returns what was paid."""
    paid = min(p["money"], max(0, amount))
    p["money"] -= paid
    return paid


def resolve_contract(p: dict, bay: dict, price: dict) -> tuple[int, bool, Msg]:
    """rules 5.9 4.4: sell delivered goods, then bonus if complete or penalty if not."""
    card = CONTRACTS[bay["id"]]
    sale = sum(price[g] for g in bay["got"])
    p["money"] += sale
    complete = len(bay["got"]) == len(card["goods"])
    parts = [
        T("sold {goods} for {coins}", goods=goods_count(len(bay["got"]), ""), coins=coins(sale))
    ]
    if complete:
        bonus = card["bonus_coins"] + (1 if has_ability(p, "customs") else 0)
        p["money"] += bonus
        if bonus:
            parts.append(T("bonus {coins}", coins=coins(bonus)))
        if card["bonus_prestige"]:
            adjust_prestige(p, 1)
            parts.append(T("bonus +1 prestige"))
    else:
        pen = card["penalty_coins"]
        if pen and has_ability(p, "insurance"):
            pen = max(0, pen - 2)
        if pen:
            parts.append(T("penalty {coins} paid", coins=coins(pay(p, pen))))
        if card["penalty_prestige"]:
            adjust_prestige(p, -1)
            parts.append(T("penalty -1 prestige"))
    return sale, complete, joined_commas(parts)


class Bremerhaven(BaseEngine):
    id = "bremerhaven"
    title = word("bremerhaven", "game.title")  # "Bremerhaven", said in the reader's language
    # A seat receives nothing unseen: its influence cards come back from its own bids, and the
    # price pile is the decision at hand ("My choices", /hand).
    secret_keys = ()
    phase_names = {  # noqa: RUF012 (read-only)
        "setup": T("setting up"),
        "auction": T("the auction of the day's offers"),
        "general": T("general actions"),
        "individual": T("harbour work (everyone at once)"),
        "cleanup": T("clean-up"),
    }
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

    # ------------------------------------------------------------------ helpers
    def _open_drafts(self, state: State, seats: list[int]) -> None:
        state["drafts"] = {}
        for s in seats:
            d = clone_state(state["players"][s])
            d["notes"] = []
            d["sel"] = None
            state["drafts"][str(s)] = d
        state["waiting"] = sorted(seats)
        state["done"] = []

    def _commit(self, state: State, log: list[str]) -> None:
        """The simultaneous step ends: every draft becomes public. That shows each seat's hidden
        work to the others, except in a one-decision step (1.3) where only one seat chose."""
        deciders = [k for k, d in state["drafts"].items() if d.get("n", 0)]
        if state["step"] == "place":
            pass  # placements are public as they are made (see view)
        elif state["step"] != "upgrade" or len(deciders) > 1:
            state["shown"] = state.get("shown", 0) + 1
        state["draft_base"] = None
        state["draft_base_done"] = []
        for key, d in sorted(state["drafts"].items()):
            pid = int(key)
            disc = d.pop("disc", {})
            state["ship_discard"].extend(disc.get("ship", []))
            state["contract_discard"].extend(disc.get("contract", []))
            d.pop("n", None)
            for note in d.pop("notes", []):
                log.append(T("{player} {note}.", player=pname(pid, state), note=load(note)))
            for scratch in (
                "sel",
                "pick",
                "picks",
                "permits",
                "bought",
                "pc",
                "queue",
                "prod",
                "moved",
                "diff",
            ):
                d.pop(scratch, None)
            state["players"][pid] = d
        state["drafts"] = {}
        state["done"] = []

    def _bid_total(self, state: State, space: str, pid: int) -> int:
        return sum(v for sp, p, v in state["bids"] if sp == space and p == pid)

    def _bidders(self, state: State, space: str) -> list[int]:
        return sorted({p for sp, p, _ in state["bids"] if sp == space})

    def _highest(self, state: State, space: str) -> int:
        return max(
            (self._bid_total(state, space, p) for p in self._bidders(state, space)), default=0
        )

    def _top_price(self, state: State) -> dict:
        return PRICES[state["prices"][0]]

    def open_spaces(self, state: State) -> list[str]:
        """The auction spaces open to a bid this round (docs/rules/bremerhaven.md 4.2)."""
        return self._spaces(state)

    def _spaces(self, state: State) -> list[str]:
        """rules 4.2: the bid spaces open this round (A13: a void 1.1 or ship/contract slot)."""
        out = ["1.0"] + (["1.1"] if state["buildings"] else []) + TOWN[2:]
        out += [f"2.{i + 1}" for i, s in enumerate(state["sea"]) if s]
        out += [f"3.{i + 1}" for i, c in enumerate(state["land"]) if c]
        return out

    # ------------------------------------------------------------------ round flow
    def _start_round(self, state: State, log: list[str]) -> None:
        state["phase"] = "auction"
        state["step"] = "auction"
        state["hier0"] = list(state["hier"])
        state["bids"] = []
        state["revealed"] = False
        state["winners"] = {}
        state["turn"] = 0
        state["pending"] = {}
        state["neutral_draws"] = []
        state["building_won"] = None
        if state["variant"] == "solo":  # rules 8.2: shuffle the neutral cards every auction
            rng = Rng(state["rng"])
            rng.shuffle(state["players"][1]["hand"])
            state["rng"] = rng.state
        log.append(
            T(
                "Round {round}: auction. Captain: {player}.",
                round=state["round"],
                player=pname(state["hier"][0], state),
            )
        )

    def _settle(self, state: State, log: list[str]) -> None:
        """Run automatic steps until some seat must decide (or the game is over)."""
        for _ in range(200):
            if state["phase"] == "over":
                state["waiting"] = []
                return
            if state["phase"] == "auction":
                if self._auction_settle(state, log):
                    return
                continue
            if state["waiting"]:
                if state["drafts"] and state.get("draft_base") is None:
                    # the start of a simultaneous step: what everyone knows of each draft
                    state["draft_base"] = clone_state(state["drafts"])
                    state["draft_base_done"] = sorted(state["done"])
                return
            if state["drafts"]:  # everyone has finished the simultaneous step: reveal it
                self._commit(state, log)
                continue
            self._next_step(state, log)
        raise RuntimeError("bremerhaven: settle loop did not converge")

    def _auction_settle(self, state: State, log: list[str]) -> bool:
        """Returns True when a human seat must bid; places neutral bids; reveals at the end."""
        total = 5 * state["np"]
        while state["turn"] < total:
            pid = state["hier0"][state["turn"] % state["np"]]  # rules 4.1: hierarchy order
            if state["players"][pid]["neutral"]:
                self._neutral_bid(state, log)
                continue
            state["waiting"] = [pid]
            return True
        self._reveal(state, log)
        return False

    def _neutral_bid(self, state: State, log: list[str]) -> None:
        """rules 8.2: draw a Newspaper; its solo symbol names the space; place the next card."""
        rng = Rng(state["rng"])
        valid = set(self._spaces(state))
        space = None
        for _ in range(60):
            if not state["news"]:  # rules 8.2: reshuffle the discards into a new deck
                state["news"] = state["news_discard"]
                state["news_discard"] = []
                rng.shuffle(state["news"])
            card = state["news"].pop(0)
            state["news_discard"].append(card)
            if NEWS[card]["solo_space"] in valid:
                space = NEWS[card]["solo_space"]
                break
            # rules 9.5 A18: a symbol naming a void space is redrawn
        state["rng"] = rng.state
        space = space or "1.3"
        neutral = state["players"][1]
        value = neutral["hand"].pop(0)
        state["bids"].append([space, 1, value])
        state["neutral_draws"].append([card, space])
        state["turn"] += 1
        log.append(
            T(
                "The neutral player draws newspaper {card} and places a card on {space}.",
                card=card,
                space=space,
            )
        )

    def _reveal(self, state: State, log: list[str]) -> None:
        """rules 4.1: reveal; highest total wins; ties by the hierarchy at round start (A1)."""
        state["revealed"] = True
        state["phase"] = "general"
        state["step"] = ""
        state["waiting"] = []
        state["pending"] = {}
        winners: dict[str, int | None] = {}
        order = state["hier0"]
        for space in self._spaces(state):
            bidders = self._bidders(state, space)
            if not bidders or space == "1.0":
                winners[space] = None
                continue
            best = max(bidders, key=lambda p: (self._bid_total(state, space, p), -order.index(p)))
            winners[space] = best
        state["winners"] = winners
        parts = []
        for space, pid in winners.items():
            if pid is not None:
                total = self._bid_total(state, space, pid)
                parts.append(
                    T(
                        "{space} {player} ({total})",
                        space=space,
                        player=pname(pid, state),
                        total=total,
                    )
                )
        log.append(
            T("Bids revealed. Winners: {winners}.", winners=joined_commas(parts) or T("none"))
        )

    def _next_step(self, state: State, log: list[str]) -> None:
        if state["phase"] == "setup":
            self._start_round(state, log)
            return
        if state["phase"] == "general":
            step = state["step"]
            idx = GENERAL_STEPS.index(step) + 1 if step else 0
            if idx >= len(GENERAL_STEPS):
                self._enter_individual(state, log)
                return
            state["step"] = GENERAL_STEPS[idx]
            getattr(self, f"_enter_{state['step']}")(state, log)
            return
        if state["phase"] == "individual":
            self._cleanup(state, log)
            return
        raise RuntimeError(f"bremerhaven: no step after {state['phase']}")

    # ------------------------------------------------------------------ general actions
    def _enter_park(self, state: State, log: list[str]) -> None:
        """rules 5.1: 1 coin per card on Parking, whatever its value."""
        for pid, p in enumerate(state["players"]):
            n = sum(1 for sp, q, _ in state["bids"] if sp == "1.0" and q == pid)
            if n and not p["neutral"]:
                p["money"] += n
                log.append(
                    T(
                        "{player} parks {cards}: +{coins}.",
                        player=pname(pid, state),
                        cards=card_count(n),
                        coins=coins(n),
                    )
                )

    def _enter_building(self, state: State, log: list[str]) -> None:
        """rules 5.2: the winner takes the top Building; no bid removes it (A13: none left)."""
        if not state["buildings"]:
            return
        top = state["buildings"].pop(0)
        state["building_won"] = top
        win = state["winners"].get("1.1")
        if win is None:
            log.append(T("Nobody bid on 1.1: {building} leaves the game.", building=building(top)))
        elif state["players"][win]["neutral"]:
            log.append(
                T("The neutral player wins the {building} and discards it.", building=building(top))
            )  # rules 8.2
        else:
            state["players"][win]["unbuilt"].append(top)
            log.append(
                T(
                    "{player} takes the {building} (not built yet).",
                    player=pname(win, state),
                    building=building(top),
                )
            )

    def _enter_permit(self, state: State, log: list[str]) -> None:
        """rules 5.3: multi-user space; bidders only; winner's first permit free."""
        bidders = [p for p in self._bidders(state, "1.2") if not state["players"][p]["neutral"]]
        if not bidders:
            return
        high = self._highest(state, "1.2")
        self._open_drafts(state, bidders)
        win = state["winners"]["1.2"]
        for pid in bidders:
            d = state["drafts"][str(pid)]
            d["permits"] = 0
            d["bought"] = 0
            d["pc"] = [high - self._bid_total(state, "1.2", pid), high]
            if pid == win:
                d["permits"] = 1
                d["bought"] = 1
                d["notes"].append(dump(T("took the free permit (highest bid on 1.2)")))
        self._auto_finish(state)

    def _enter_upgrade(self, state: State, log: list[str]) -> None:
        """rules 5.4: winner upgrades free; other bidders may pay the difference (A3: once)."""
        bidders = [p for p in self._bidders(state, "1.3") if not state["players"][p]["neutral"]]
        if not bidders:
            return
        high = self._highest(state, "1.3")
        win = state["winners"]["1.3"]
        ask = []
        for pid in bidders:
            p = state["players"][pid]
            diff = 0 if pid == win else high - self._bid_total(state, "1.3", pid)
            if not p["reserve"] or p["upgraded"]:
                # rules 7.11
                log.append(
                    T("{player} cannot upgrade on 1.3 this round.", player=pname(pid, state))
                )
                continue
            if diff == 0:  # free (winner, or tied with the highest: rules 7.3)
                self._upgrade(p)
                log.append(
                    T("{player} upgrades an Influence card for free.", player=pname(pid, state))
                )
            elif p["money"] >= diff:
                ask.append((pid, diff))
        if ask:
            self._open_drafts(state, [pid for pid, _ in ask])
            for pid, diff in ask:
                state["drafts"][str(pid)]["diff"] = diff

    @staticmethod
    def _upgrade(p: dict) -> None:
        """rules 5.4: the lowest reserve card joins the hand; the lowest goes at clean-up."""
        p["hand"].append(p["reserve"].pop(0))
        p["upgraded"] = True

    def _enter_price(self, state: State, log: list[str]) -> None:
        """rules 5.5: the winner may put any card on top; no bid rotates the pile; the
        Commodity Exchange lets its owner choose if no other player bid (provisional effect)."""
        win = state["winners"].get("1.4")
        bidders = self._bidders(state, "1.4")
        chooser = None
        if win is not None and not state["players"][win]["neutral"]:
            chooser = win
        else:
            for pid, p in enumerate(state["players"]):
                if not p["neutral"] and has_ability(p, "exchange") and set(bidders) <= {pid}:
                    chooser = pid
                    log.append(T("{player} uses the Commodity Exchange.", player=pname(pid, state)))
                    break
        if chooser is None:
            self._rotate_prices(state)
            log.append(T("Prices change automatically: {prices}.", prices=self._price_text(state)))
            return
        state["single"] = chooser
        state["waiting"] = [chooser]
        known = state.setdefault("price_known", [])
        if chooser not in known:  # rules 9.3: the chooser looks through the whole pile
            known.append(chooser)
            known.sort()
            state["shown"] = state.get("shown", 0) + 1

    @staticmethod
    def _rotate_prices(state: State) -> None:
        """rules 5.5: the top card goes to the bottom (everyone sees which), the next one shows."""
        state["prices"].append(state["prices"].pop(0))
        tail = state.get("price_tail", 0) + 1
        state["price_tail"] = min(tail, len(state["prices"]) - 1)
        state["shown"] = state.get("shown", 0) + 1

    def _price_text(self, state: State) -> Msg:
        return price_text(self._top_price(state))

    def _enter_career(self, state: State, log: list[str]) -> None:
        """rules 5.6: the winner may swap two adjacent tokens; the neutral becomes Captain."""
        win = state["winners"].get("1.5")
        if win is not None and state["players"][win]["neutral"]:
            if state["hier"][0] != win:
                state["hier"].remove(win)
                state["hier"].insert(0, win)
                log.append(T("The neutral player becomes Captain."))
        elif win is not None:
            state["single"] = win
            state["waiting"] = [win]
            return
        self._income(state, log)

    def _income(self, state: State, log: list[str]) -> None:
        """rules 5.6: income 4/3/2/1 by the (new) rank, whether or not anyone bid."""
        parts = []
        for rank, pid in enumerate(state["hier"]):
            p = state["players"][pid]
            if p["neutral"]:
                continue
            amount = BOARD["income"]["round"][rank] + (1 if has_ability(p, "income") else 0)
            p["money"] += amount
            parts.append(T("{player} +{amount}", player=pname(pid, state), amount=amount))
        log.append(T("Income: {incomes}.", incomes=joined_commas(parts)))

    def _enter_place(self, state: State, log: list[str]) -> None:
        """rules 5.7 / 5.8: Sea, then Land; won cards leave the boards."""
        queues: dict[int, list[list[str]]] = {}
        for board, key in (("2", "sea"), ("3", "land")):
            for i, card in enumerate(state[key]):
                win = state["winners"].get(f"{board}.{i + 1}")
                if card is None or win is None:
                    continue
                state[key][i] = None
                discard = "ship_discard" if key == "sea" else "contract_discard"
                if state["players"][win]["neutral"]:  # rules 8.2: the neutral discards it
                    state[discard].append(card)
                    space = f"{board}.{i + 1}"
                    log.append(T("The neutral player wins {space} and discards it.", space=space))
                    continue
                queues.setdefault(win, []).append([key, card])
        if not queues:
            return
        self._open_drafts(state, list(queues))
        for pid, queue in queues.items():
            state["drafts"][str(pid)]["queue"] = queue
        for pid in list(queues):
            self._place_auto(state, pid)
        self._auto_finish(state)

    def _place_options(self, d: dict, item: list[str]) -> list[str]:
        kind, card = item
        if kind == "sea":
            ship = SHIPS[card]
            berths = [
                i
                for i in range(3)
                if d["berths"][i] is None and berth_size(d, i) >= ship["mooring"]
            ]
            if ship["goods"] == "any":  # rules 5.7: wildcards all become one type
                return [f"dock {i + 1} {g}" for i in berths for g in GOODS]
            return [f"dock {i + 1}" for i in berths]
        return [f"bay {k + 1}" for k in range(4) if d["bays"][k] is None]  # rules 9.5 A4

    def _place_auto(self, state: State, pid: int) -> None:
        """Discard unplaceable items (contracts with their penalty); place forced ones."""
        d = state["drafts"][str(pid)]
        while d.get("queue"):
            item = d["queue"][0]
            options = self._place_options(d, item)
            rivals = sum(1 for it in d["queue"] if it[0] == item[0])
            if len(options) > 1 or (options and rivals > 1):
                return  # a real choice (which berth/bay, or which card to place first)
            d["queue"].pop(0)
            if options:
                self._do_place(state, d, item, options[0])
                continue
            kind, card = item
            disc = d.setdefault("disc", {"ship": [], "contract": []})
            if kind == "sea":  # rules 5.7: no berth: discarded, no penalty
                disc["ship"].append(card)
                d["notes"].append(
                    dump(T("could not berth the ship {ship}; it sailed away", ship=ship_name(card)))
                )
            else:  # rules 5.8: no free bay: discarded with its penalty
                disc["contract"].append(card)
                c = CONTRACTS[card]
                paid = pay(d, c["penalty_coins"])
                if c["penalty_prestige"]:
                    adjust_prestige(d, -1)
                if c["penalty_prestige"]:
                    text = T(
                        "had no free bay for the {contract}: discarded, penalty {coins} and "
                        "-1 prestige",
                        contract=contract_words(card),
                        coins=coins(paid),
                    )
                else:
                    text = T(
                        "had no free bay for the {contract}: discarded, penalty {coins}",
                        contract=contract_words(card),
                        coins=coins(paid),
                    )
                d["notes"].append(dump(text))

    def _do_place(self, state: State, d: dict, item: list[str], move: str) -> None:
        kind, card = item
        words = move.split()
        if kind == "sea":
            ship = SHIPS[card]
            good = words[2] if len(words) > 2 else ship["goods"]
            d["berths"][int(words[1]) - 1] = {
                "id": card,
                "t": ship["load"],
                "g": good,
                "n": ship["cargo"],
            }
            d["notes"].append(
                dump(
                    T(
                        "berthed {ship} at berth {berth} with {cargo}",
                        ship=ship_name(card),
                        berth=words[1],
                        cargo=goods_count(ship["cargo"], good),
                    )
                )
            )
        else:
            d["bays"][int(words[1]) - 1] = {"id": card, "t": CONTRACTS[card]["time"], "got": []}
            d["notes"].append(
                dump(
                    T(
                        "put the {contract} on bay {bay}",
                        contract=contract_words(card),
                        bay=words[1],
                    )
                )
            )

    def _auto_finish(self, state: State) -> None:
        """A seat whose only legal move is `done` is finished at once."""
        for s in list(state["waiting"]):
            if self._draft_moves(state, s) == ["done"]:
                if state["step"] == "harbour":
                    self._harbour_end(state, state["drafts"][str(s)])
                self._finish_seat(state, s)

    def _finish_seat(self, state: State, seat: int) -> None:
        if seat in state["waiting"]:
            state["waiting"].remove(seat)
            state["done"].append(seat)

    # ------------------------------------------------------------------ individual (5.9)
    def _enter_individual(self, state: State, log: list[str]) -> None:
        state["phase"] = "individual"
        state["step"] = "harbour"
        seats = list(range(state["n"]))
        self._open_drafts(state, seats)
        for s in seats:
            state["drafts"][str(s)]["prod"] = []
            state["drafts"][str(s)]["moved"] = False
        log.append(T("Individual actions: every player works their harbour at the same time."))
        self._auto_finish(state)

    def _harbour_end(self, state: State, d: dict) -> None:
        """rules 5.9 4.3 (prestige high-water mark) and 4.4 (time markers, expiry)."""
        total = harbour_prestige(d)
        if total > d["prestige"]:
            d["prestige"] = min(PRESTIGE_MAX, total)
            d["notes"].append(dump(T("reached prestige {prestige}", prestige=d["prestige"])))
        for i, b in enumerate(d["berths"]):
            if b is None:
                continue
            b["t"] -= 1
            if b["t"] <= 0:  # rules 5.9 4.4: the ship leaves; leftover goods are lost
                d.setdefault("disc", {"ship": [], "contract": []})["ship"].append(b["id"])
                d["berths"][i] = None
                d["notes"].append(
                    dump(
                        T(
                            "saw the ship {ship} leave berth {berth}",
                            ship=ship_name(b["id"]),
                            berth=i + 1,
                        )
                    )
                )
        price = self._top_price(state)
        for k, bay in enumerate(d["bays"]):
            if bay is None:
                continue
            bay["t"] -= 1
            if bay["t"] <= 0:
                _, _, text = resolve_contract(d, bay, price)
                d.setdefault("disc", {"ship": [], "contract": []})["contract"].append(bay["id"])
                d["bays"][k] = None
                d["notes"].append(
                    dump(
                        T(
                            "closed the expired {contract}: {result}",
                            contract=contract_words(bay["id"]),
                            result=text,
                        )
                    )
                )

    # ------------------------------------------------------------------ clean-up (5.10)
    def _cleanup(self, state: State, log: list[str]) -> None:
        state["phase"] = "cleanup"
        humans = [p for p in state["players"] if not p["neutral"]]
        if state["news_left"]:  # rules 5.10 5.1: resolve the event, then discard it (A12)
            card = NEWS[state["news_left"]]
            log.append(T("Event: {text}", text=data_text(card["text"])))
            for p in humans:
                self._event(p, card)
            state["news_discard"].append(state["news_left"])
            state["news_left"] = None
        if state["variant"] == "long":  # rules 5.10 5.2
            advance = NEWS[state["news_right"]]["progress"]
        else:
            advance = BOARD["progress"]["short_advance"]  # rules 8.1, 8.2
        state["progress"] = min(PROGRESS_LAST, state["progress"] + advance)
        log.append(
            T(
                "The ship token advances {advance} to {progress}/{last}.",
                advance=advance,
                progress=state["progress"],
                last=PROGRESS_LAST,
            )
        )
        if state["progress"] >= PROGRESS_LAST:
            self._end_game(state, log)
            return
        if state["variant"] == "long":  # the progress card becomes next round's event
            state["news_left"] = state["news_right"]
            if not state["news"]:
                rng = Rng(state["rng"])
                state["news"] = state["news_discard"]
                state["news_discard"] = []
                rng.shuffle(state["news"])
                state["rng"] = rng.state
            state["news_right"] = state["news"].pop(0)
            log.append(T("Next event: {text}", text=data_text(NEWS[state["news_left"]]["text"])))
        self._refill(state, "sea", "ships", "ship_discard")
        self._refill(state, "land", "contracts", "contract_discard")
        for p in state["players"]:  # rules 5.10: take cards back; drop the lowest of 6
            bid_13 = any(sp == "1.3" and q == 1 for sp, q, _ in state["bids"])
            if p["neutral"] and bid_13 and p["reserve"]:
                self._upgrade(p)  # rules 8.2: the neutral upgrades whenever it bid on 1.3
        for pid, p in enumerate(state["players"]):
            p["hand"] = sorted(p["hand"] + [v for _, q, v in state["bids"] if q == pid])
            while len(p["hand"]) > 5:
                p["hand"].pop(0)
            p["upgraded"] = False
        state["round"] += 1
        self._start_round(state, log)

    def _refill(self, state: State, key: str, deck: str, discard: str) -> None:
        slots = state[key]
        if state["variant"] == "long":  # rules 5.10: discard rightmost, slide right, refill
            if slots[-1] is not None:
                state[discard].append(slots[-1])
                slots[-1] = None
            rest = [c for c in slots if c is not None]
            slots = [None] * (len(slots) - len(rest)) + rest
        else:  # rules 8.1 / 8.2: discard all, lay out new cards
            state[discard].extend(c for c in slots if c is not None)
            slots = [None] * len(slots)
        for i in range(len(slots)):
            if slots[i] is None and state[deck]:  # rules 9.5 A13
                slots[i] = state[deck].pop(0)
        state[key] = slots

    @staticmethod
    def _event(p: dict, card: dict) -> None:
        """Provisional events (data/bremerhaven/newspapers.toml); all players alike (5.10)."""
        kind, amount = card["event"], card["amount"]

        def money(delta: int) -> None:
            if delta >= 0:
                p["money"] += delta
            else:
                pay(p, -delta)

        if kind == "coins":
            money(amount)
        elif kind == "per_ship":
            money(amount * sum(1 for b in p["berths"] if b))
        elif kind == "per_building":
            money(amount * len(built(p)))
        elif kind == "per_bay":
            money(amount * sum(1 for b in p["bays"] if b))
        elif kind == "prestige":
            adjust_prestige(p, amount)
        elif kind == "lose_good":
            for sp in p["spaces"]:
                if card["good"] in sp.get("g", []):
                    sp["g"].remove(card["good"])
                    if not sp["g"]:
                        del sp["g"]
                    break
        elif kind == "ship_loss":
            for b in p["berths"]:
                if b:
                    b["n"] = max(0, b["n"] - amount)

    def _end_game(self, state: State, log: list[str]) -> None:
        """rules 6: resolve every remaining contract as if expired; score money x prestige."""
        price = self._top_price(state)
        for pid, p in enumerate(state["players"]):
            if p["neutral"]:
                continue
            for k, bay in enumerate(p["bays"]):
                if bay is not None:
                    _, _, text = resolve_contract(p, bay, price)
                    log.append(
                        T(
                            "{player}: final {contract}: {result}.",
                            player=pname(pid, state),
                            contract=contract_words(bay["id"]),
                            result=text,
                        )
                    )
                    state["contract_discard"].append(bay["id"])
                    p["bays"][k] = None
        state["phase"] = "over"
        state["step"] = ""
        state["waiting"] = []
        for pid, p in enumerate(state["players"]):
            if not p["neutral"]:
                log.append(
                    T(
                        "{player}: {money} money x {prestige} prestige = {score}.",
                        player=pname(pid, state),
                        money=p["money"],
                        prestige=p["prestige"],
                        score=p["money"] * p["prestige"],
                    )
                )
        if state["variant"] == "solo":  # rules 8.2: Captain Aha's rating
            score = state["players"][0]["money"] * state["players"][0]["prestige"]
            band = [b for b in SOLO_BANDS if score >= b["min"]][-1]
            state["rating"] = {"title": band["title"], "text": band["text"]}
            log.append(
                T(
                    "Rating: {title}. {text}",
                    title=solo_title(band["title"]),
                    text=data_text(band["text"]),
                )
            )

    # ------------------------------------------------------------------ moves
    def to_move(self, state: State) -> list[int]:
        return list(state["waiting"]) if state["phase"] != "over" else []

    def legal_moves(self, state: State, seat: int) -> list[str]:
        if seat not in self.to_move(state):
            return []
        if state["phase"] == "auction":
            space = state["pending"].get(str(seat))
            if space is None:
                return [f"bid {sp}" for sp in self._spaces(state)]
            hand = state["players"][seat]["hand"]
            return [f"card {v}" for v in sorted(set(hand))] + ["back"]
        step = state["step"]
        if step == "price":  # rules 5.5: keep, or any card of the pile on top
            return ["keep"] + [f"price {pid}" for pid in sorted(state["prices"][1:])]
        if step == "career":  # rules 5.6: any adjacent pair, or none
            return ["no swap"] + [f"swap {i + 1}" for i in range(len(state["hier"]) - 1)]
        return self._draft_moves(state, seat)

    def _draft_moves(self, state: State, seat: int) -> list[str]:
        d = state["drafts"][str(seat)]
        step = state["step"]
        if step == "start":
            return self._start_options(d)
        if step == "permit":
            return self._permit_moves(d)
        if step == "upgrade":
            return ["upgrade", "decline"]
        if step == "place":
            if not d.get("queue"):
                return ["done"]
            head = d["queue"][0]
            moves = self._place_options(d, head)
            if sum(1 for it in d["queue"] if it[0] == head[0]) > 1:
                moves.append("later")  # rules 9.2 G5: the owner chooses the placement order
            return moves
        if step == "harbour":
            return self._harbour_moves(d)
        return ["done"]

    def _start_options(self, d: dict) -> list[str]:
        """rules 8.1 / 9.5 A10: goods not printed on the starting contract, repeats allowed."""
        printed = {g for g in CONTRACTS[d["bays"][0]["id"]]["goods"] if g != "any"}
        allowed = [g for g in GOODS if g not in printed] or list(GOODS)
        return [f"take {g}" for g in allowed]

    def _permit_moves(self, d: dict) -> list[str]:
        """rules 5.3: buy permits, then use each for a bollard, a cleared cover or a building."""
        sel = d.get("sel")
        if sel:  # choosing the space for a building
            return [f"at {SPACE_NAMES[i]}" for i, sp in enumerate(d["spaces"]) if is_empty(sp)] + [
                "back"
            ]
        moves = []
        price = d["pc"][0] if not d["bought"] else d["pc"][1]
        if d["money"] >= price:
            moves.append("buy permit")
        if d["permits"] > 0:
            for q in range(4):
                if d["quays"][q] < 3 and d["money"] >= bollard_cost(d, q):
                    moves.append(f"bollard {q + 1}")
            for i, sp in enumerate(d["spaces"]):
                if "c" in sp and d["money"] >= sp["c"]:
                    moves.append(f"clear {SPACE_NAMES[i]}")
            if any(is_empty(sp) for sp in d["spaces"]):
                moves.extend(f"build {b}" for b in sorted(set(d["unbuilt"])))
        moves.append("done")
        return moves

    def _harbour_moves(self, d: dict) -> list[str]:
        sel = d.get("sel")
        empties = [i for i, sp in enumerate(d["spaces"]) if is_empty(sp)]
        if sel is None:
            moves = []
            if not d["moved"]:  # rules 5.9 4.1 comes before 4.2
                for sp in d["spaces"]:
                    b = BUILDINGS.get(sp.get("b", ""))
                    if not b or b["ability"] != "produce" or sp["b"] in d["prod"]:
                        continue
                    if b["makes"] == "money" or empties:
                        moves.append(f"produce {sp['b']}")
            for i in range(3):
                if self._targets(d, f"berth{i + 1}"):
                    moves.append(f"from berth{i + 1}")
            for i, sp in enumerate(d["spaces"]):
                name, goods = SPACE_NAMES[i], sp.get("g", [])
                for good in kinds(goods):
                    if self._targets(d, name, good) or self._conversions(d, i, good):
                        moves.append(source_move(name, goods, good))
            moves.append("done")
            return moves
        if sel.startswith("@"):  # a produced good goes to an empty space
            return [f"to {SPACE_NAMES[i]}" for i in empties] + ["back"]
        picked = self._source_good(d, sel)
        moves = [f"to {t}" for t in self._targets(d, sel, picked)]
        if sel in SPACE_NAMES:
            moves += self._conversions(d, SPACE_NAMES.index(sel), picked)
        return [*moves, "back"]

    def _source_good(self, d: dict, loc: str) -> str | None:
        """The good taken from ``loc``: a ship's, or on a space the one the seat picked (rules
        5.9 4.2: any good on a space may be moved; ``pick`` is set with the selection)."""
        if loc.startswith("berth"):
            b = d["berths"][int(loc[5:]) - 1]
            return b["g"] if b and b["n"] > 0 else None
        goods = d["spaces"][SPACE_NAMES.index(loc)].get("g", [])
        if loc == d.get("sel") and d.get("pick") in goods:
            return d["pick"]
        return kinds(goods)[0] if goods else None

    def _targets(self, d: dict, loc: str, good: str | None = None) -> list[str]:
        """rules 5.9 4.2: ship->storage, storage->storage, storage->contract (crane: ship->bay)."""
        good = good or self._source_good(d, loc)
        if good is None:
            return []
        out = [
            SPACE_NAMES[i]
            for i in range(len(SPACE_NAMES))
            if SPACE_NAMES[i] != loc and can_hold(d, i, good)
        ]
        if loc in SPACE_NAMES or has_ability(d, "crane"):
            for k, bay in enumerate(d["bays"]):
                if bay and bay_open(d, k) and accepts(bay, good):
                    out.append(f"bay{k + 1}")
        return out

    def _conversions(self, d: dict, idx: int, good: str | None) -> list[str]:
        """rules 5.9 4.2: pack 2 crates <-> 1 container for 1 coin (A8: storage only), offered
        with the crates or the container picked up."""
        cost = 0 if has_ability(d, "freepack") else 1
        if d["money"] < cost:
            return []
        goods = d["spaces"][idx].get("g", [])
        if good == "crate" and goods.count("crate") >= 2:
            return ["pack"]
        if good == "container" and "container" in goods:
            return ["unpack"]
        return []

    def default_move(self, state: State, seat: int) -> str:
        moves = self.legal_moves(state, seat)
        if not moves:
            raise IllegalMove(T("That seat has no move to make now."))
        if state["phase"] == "auction":  # rules 9.3: the lowest card on Parking
            return "bid 1.0" if "bid 1.0" in moves else moves[0]
        for safe in ("done", "keep", "no swap", "decline", "back"):
            if safe in moves:
                return safe
        return moves[0]

    def _apply(self, state: State, seat: int, move: str) -> tuple[list[str], dict[int, list[str]]]:
        log: list[str] = []
        private: dict[int, list[str]] = {}
        words = move.split()
        if state["phase"] == "auction":
            self._auction_move(state, seat, words, log, private)
        elif state["step"] == "price":
            if words[0] == "price":  # rules 5.5
                idx = state["prices"].index(words[1])
                if idx >= len(state["prices"]) - state.get("price_tail", 0):
                    state["price_tail"] -= 1  # it came out of the publicly known bottom part
                state["prices"].remove(words[1])
                state["prices"].insert(0, words[1])
            log.append(
                T(
                    "{player} sets prices: {prices}.",
                    player=pname(seat, state),
                    prices=self._price_text(state),
                )
            )
            state["single"] = None
            state["waiting"] = []
        elif state["step"] == "career":
            if words[0] == "swap":  # rules 5.6
                i = int(words[1]) - 1
                h = state["hier"]
                h[i], h[i + 1] = h[i + 1], h[i]
                log.append(
                    T(
                        "{player} swaps ranks {first} and {second}: {order}.",
                        player=pname(seat, state),
                        first=i + 1,
                        second=i + 2,
                        order=joined_commas([pname(p, state) for p in h]),
                    )
                )
            else:
                log.append(
                    T("{player} makes no swap on the Career ladder.", player=pname(seat, state))
                )
            state["single"] = None
            state["waiting"] = []
            self._income(state, log)
        else:
            self._draft_move(state, seat, move, words, log, private)
        self._settle(state, log)
        return log, private

    def _auction_move(self, state, seat, words, log, private) -> None:
        key = str(seat)
        who = pname(seat, state)
        if words[0] == "bid":
            state["pending"][key] = words[1]
            log.append(
                T(
                    "{player} picks space {space} and is choosing a card for it.",
                    player=who,
                    space=words[1],
                )
            )
            return
        if words[0] == "back":
            del state["pending"][key]
            log.append(T("{player} picks another space.", player=who))
            return
        value = int(words[1])
        space = state["pending"].pop(key)
        state["players"][seat]["hand"].remove(value)  # rules 4.1 / 7.2: face down, no take-back
        state["bids"].append([space, seat, value])
        state["turn"] += 1
        state["waiting"] = []
        log.append(T("{player} places a card face down on {space}.", player=who, space=space))
        private[seat] = [
            T("You placed your {value} face down on {space}.", value=value, space=space)
        ]

    def _draft_move(self, state, seat, move, words, log, private) -> None:
        d = state["drafts"][str(seat)]
        d["n"] = d.get("n", 0) + 1
        step = state["step"]

        def note(text: Msg) -> None:
            d["notes"].append(dump(text))

        before = len(d["notes"])
        done = False
        if step == "start":  # rules 8.1: a starting good on an empty space
            good = words[1]
            idx = next(i for i, sp in enumerate(d["spaces"]) if is_empty(sp))
            d["spaces"][idx] = {"g": [good]}
            d["picks"] += 1
            note(T("took a {good} as a starting good", good=good_word(good)))
            done = d["picks"] >= 3
        elif step == "permit":
            done = self._permit_move(d, words, note)
        elif step == "upgrade":
            if words[0] == "upgrade":  # rules 5.4: pay the difference
                d["money"] -= d["diff"]
                self._upgrade(d)
                note(T("paid {coins} to upgrade an Influence card", coins=coins(d["diff"])))
            else:
                note(T("declined to upgrade"))
            done = True
        elif step == "place":
            if move == "done":
                done = True
            else:
                item = d["queue"].pop(0)
                if move == "later":
                    d["queue"].append(item)
                else:
                    self._do_place(state, d, item, move)
                self._place_auto(state, seat)
                done = not d["queue"]
        elif step == "harbour":
            done = self._harbour_move(state, d, words, note)
        who = pname(seat, state)
        new_notes = d["notes"][before:]
        if new_notes:
            private[seat] = [T("You {note}.", note=load(n)) for n in new_notes]
        if step == "place":  # placements are public as they are made (rules 5.7 / 5.8)
            log.extend(T("{player} {note}.", player=who, note=load(n)) for n in new_notes)
            del d["notes"][before:]
            if move == "later":
                log.append(T("{player} will place that card later.", player=who))
        elif step == "start" and not done:
            log.append(
                T("{player} took a starting good ({picks} of 3).", player=who, picks=d["picks"])
            )
        elif step == "permit" and not done:
            log.append(
                T("{player} is using building permits (shown when everyone is done).", player=who)
            )
        elif not done:
            log.append(
                T("{player} is working their harbour (shown when everyone is done).", player=who)
            )
        if done:
            self._finish_seat(state, seat)
            log.append(
                T(
                    "{player} has finished ({waiting}).",
                    player=pname(seat, state),
                    waiting=self._waiting_names(state),
                )
            )

    def _waiting_names(self, state: State) -> Msg:
        if not state["waiting"]:
            return T("all done")
        return T(
            "waiting for {players}", players=joined([pname(s, state) for s in state["waiting"]])
        )

    def _permit_move(self, d: dict, words: list[str], note) -> bool:
        if d.get("sel"):
            if words[0] == "at":  # rules 5.3 c: build on an empty space
                idx = SPACE_NAMES.index(words[1])
                d["spaces"][idx] = {"b": d["sel"]}
                d["unbuilt"].remove(d["sel"])
                d["permits"] -= 1
                note(
                    T(
                        "built the {building} on {space}",
                        building=building(d["sel"]),
                        space=space_word(words[1]),
                    )
                )
            d["sel"] = None
            return False
        verb = words[0]
        if verb == "done":  # rules 9.5 A15: unused permits lapse
            return True
        if verb == "buy":  # rules 5.3: difference first, then the highest bid per extra
            price = d["pc"][0] if not d["bought"] else d["pc"][1]
            d["money"] -= price
            d["bought"] += 1
            d["permits"] += 1
            note(T("bought a permit for {coins}", coins=coins(price)))
        elif verb == "bollard":  # rules 5.3 a
            q = int(words[1]) - 1
            cost = bollard_cost(d, q)
            d["money"] -= cost
            d["quays"][q] += 1
            d["permits"] -= 1
            note(T("added a bollard on quay {quay} for {coins}", quay=q + 1, coins=coins(cost)))
        elif verb == "clear":  # rules 5.3 b
            idx = SPACE_NAMES.index(words[1])
            cost = d["spaces"][idx]["c"]
            d["money"] -= cost
            d["spaces"][idx] = {}
            d["permits"] -= 1
            note(
                T(
                    "cleared the cover on {space} for {coins}",
                    space=space_word(words[1]),
                    coins=coins(cost),
                )
            )
        elif verb == "build":
            d["sel"] = words[1]
        return False

    def _harbour_move(self, state: State, d: dict, words: list[str], note) -> bool:
        verb = words[0]
        sel = d.get("sel")
        if verb == "done":
            self._harbour_end(state, d)
            note(T("finished the harbour work"))
            return True
        if verb == "back":
            if sel and sel.startswith("@"):  # production not placed: not used
                d["prod"].remove(sel[1:])
            d["sel"] = None
            d.pop("pick", None)
            return False
        if verb == "produce":  # rules 5.9 4.1
            b = BUILDINGS[words[1]]
            d["prod"].append(words[1])
            if b["makes"] == "money":
                d["money"] += b["amount"]
                note(
                    T(
                        "earned {coins} with the {building}",
                        coins=coins(b["amount"]),
                        building=building(words[1]),
                    )
                )
            else:
                d["sel"] = "@" + words[1]
            return False
        if verb == "from":
            d["sel"] = words[1]
            if words[1] in SPACE_NAMES:  # rules 5.9 4.2: the good picked up, if named
                goods = d["spaces"][SPACE_NAMES.index(words[1])]["g"]
                d["pick"] = words[2] if len(words) > 2 else kinds(goods)[0]
            return False
        # The other moves are offered only with something selected (``_harbour_moves``).
        assert sel is not None
        d["moved"] = True
        if verb in ("pack", "unpack"):  # rules 5.9 4.2
            sp = d["spaces"][SPACE_NAMES.index(sel)]
            d["money"] -= 0 if has_ability(d, "freepack") else 1
            if verb == "pack":
                sp["g"].remove("crate")
                sp["g"].remove("crate")
                sp["g"].append("container")
            else:
                sp["g"].remove("container")
                sp["g"].extend(["crate", "crate"])
            note(
                T("packed 2 crates on {space} into a container", space=space_word(sel))
                if verb == "pack"
                else T("unpacked a container on {space} into 2 crates", space=space_word(sel))
            )
            d["sel"] = None
            d.pop("pick", None)
            return False
        dest = words[1]
        if sel.startswith("@"):
            b = BUILDINGS[sel[1:]]
            d["spaces"][SPACE_NAMES.index(dest)] = {"g": [b["makes"]]}
            note(
                T(
                    "produced a {good} on {space} with the {building}",
                    good=good_word(b["makes"]),
                    space=space_word(dest),
                    building=building(sel[1:]),
                )
            )
            d["sel"] = None
            d["moved"] = False
            return False
        good = self._source_good(d, sel)
        assert good is not None  # a destination is offered only for a good (``_targets``)
        if sel.startswith("berth"):
            d["berths"][int(sel[5:]) - 1]["n"] -= 1
        else:
            sp = d["spaces"][SPACE_NAMES.index(sel)]
            sp["g"].remove(good)
            if not sp["g"]:
                del sp["g"]
        if dest.startswith("bay"):
            d["bays"][int(dest[3:]) - 1]["got"].append(good)
            note(
                T(
                    "delivered a {good} from {place} to the contract on bay {bay}",
                    good=good_word(good),
                    place=space_word(sel),
                    bay=dest[3:],
                )
            )
        else:
            d["spaces"][SPACE_NAMES.index(dest)].setdefault("g", []).append(good)
            note(
                T(
                    "moved a {good} from {place} to {space}",
                    good=good_word(good),
                    place=place_words(sel),
                    space=space_word(dest),
                )
            )
        d["sel"] = None
        d.pop("pick", None)
        return False

    # ------------------------------------------------------------------ views
    def _harbour_view(self, p: dict) -> dict:
        return {
            "money": p["money"],
            "prestige": p["prestige"],
            "harbour_prestige": harbour_prestige(p),
            "cards_in_hand": len(p["hand"]),
            "reserve": len(p["reserve"]),
            # rules 5.4: upgrades so far (the hand follows from it: rules 5.4 [inference])
            "upgrades": len(RESERVE_START) - len(p["reserve"]),
            # rules 5.3 a: the cost printed on the next free bollard spot of each quay
            "next_bollard_cost": [
                bollard_cost(p, q) if p["quays"][q] < 3 else None for q in range(4)
            ],
            "quays": list(p["quays"]),
            "berth_sizes": [berth_size(p, i) for i in range(3)],
            "berths": [
                None
                if b is None
                else {"ship": ship_card(b["id"]), "time": b["t"], "good": b["g"], "count": b["n"]}
                for b in p["berths"]
            ],
            "bays": [
                None
                if b is None
                else {"contract": contract_card(b["id"]), "time": b["t"], "got": list(b["got"])}
                for b in p["bays"]
            ],
            "bays_open": [bay_open(p, k) for k in range(4)],
            "spaces": [
                {
                    "name": SPACE_NAMES[i],
                    "cover": sp.get("c"),
                    "building": sp.get("b"),
                    "goods": list(sp.get("g", [])),
                }
                for i, sp in enumerate(p["spaces"])
            ],
            "unbuilt": list(p["unbuilt"]),
            "neutral": p["neutral"],
        }

    def view(self, state: State, seat: int | None) -> dict:
        revealed = state["revealed"]
        bids = [
            {"space": sp, "pid": pid, "value": v if revealed else None}
            for sp, pid, v in state["bids"]
        ]
        news_right = state["news_right"]
        public: dict[str, Any] = {
            "game": self.id,
            "variant": state["variant"],
            "players": state["n"],
            "bidders": state["np"],
            "round": state["round"],
            "phase": state["phase"],
            "step": state["step"],
            "to_move": self.to_move(state),
            "submitted": sorted(state["done"]),
            # the space a bidder has picked and is now choosing a card for: the location of a
            # bid is public (rules 9.3), only the value is hidden
            "choosing": {k: v for k, v in sorted(state["pending"].items())},
            "starting_goods_taken": (
                {k: d.get("picks", 0) for k, d in sorted(state["drafts"].items())}
                if state["step"] == "start"
                else {}
            ),
            "placing": self._placing_view(state),
            "single": state["single"],
            "hierarchy": list(state["hier"]),
            "ranks": RANKS[: state["np"]],
            "progress": state["progress"],
            "progress_last": PROGRESS_LAST,
            "sea": [ship_card(c) if c else None for c in state["sea"]],
            "land": [contract_card(c) if c else None for c in state["land"]],
            "ships_left": len(state["ships"]),
            # rules 5.7 / 5.8 / 5.10: the discard piles lie face up
            "ship_discard": list(state["ship_discard"]),
            "contract_discard": list(state["contract_discard"]),
            "news_discard": list(state["news_discard"]),
            "newspapers_left": len(state["news"]),
            # rules 5.3 a: the cost printed on each bollard spot (quay 1-4, spot 1-3)
            "bollard_costs": [list(row) for row in SPOT_COST],
            "contracts_left": len(state["contracts"]),
            "building_top": building_card(state["buildings"][0]) if state["buildings"] else None,
            # rules 5.2: the Building taken from 1.1 this round (the top card is the next one)
            "building_won": (
                building_card(state["building_won"]) if state.get("building_won") else None
            ),
            "buildings_left": len(state["buildings"]),
            "price": dict(self._top_price(state)),
            "price_cards": len(state["prices"]),
            # rules 5.5: cards moved under the pile were seen by everyone (bottom card last)
            "price_bottom": (
                [dict(PRICES[c]) for c in state["prices"][-state["price_tail"] :]]
                if state.get("price_tail")
                else []
            ),
            "progress_card": ({"progress": NEWS[news_right]["progress"]} if news_right else None),
            "event_card": dict(NEWS[state["news_left"]]) if state["news_left"] else None,
            "neutral_draws": [
                {"card": c, "space": s, "solo_space": NEWS[c]["solo_space"]}
                for c, s in state["neutral_draws"]
            ],
            "bids": bids,
            "revealed": revealed,
            "winners": dict(state["winners"]),
            "spaces_open": self._spaces(state) if state["phase"] == "auction" else [],
            "harbours": [self._harbour_view(p) for p in state["players"]],
            "buildings": {k: building_card(k) for k in sorted(self._seen(state))},
            "rating": dict(state["rating"]) if state["rating"] else None,
            "scores": [
                p["money"] * p["prestige"] if not p["neutral"] else None for p in state["players"]
            ],
        }
        if seat is None:
            return public
        p = state["players"][seat]
        priv: dict[str, Any] = {
            "hand": list(p["hand"]),
            "my_bids": [[sp, v] for sp, pid, v in state["bids"] if pid == seat],
            "pending": state["pending"].get(str(seat)),
            "legal": self.legal_moves(state, seat),
        }
        d = state["drafts"].get(str(seat))
        if d is not None:
            priv["draft"] = self._harbour_view(d)
            priv["draft_notes"] = list(d.get("notes", []))
        if state["step"] == "price" and state["single"] == seat:
            priv["price_pile"] = [dict(PRICES[c]) for c in state["prices"]]
        return public | {"seat": seat, "private": priv}

    def _placing_view(self, state: State) -> list[dict]:
        """rules 5.7 / 5.8: won Ships and Contracts are placed in the open; per seat, the cards
        still to place (the first one is being placed now) and the harbour as placed so far."""
        if state["step"] != "place":
            return []
        out = []
        for key, d in sorted(state["drafts"].items(), key=lambda kv: int(kv[0])):
            cards = [
                {"kind": "ship", "card": ship_card(c)}
                if kind == "sea"
                else {"kind": "contract", "card": contract_card(c)}
                for kind, c in d.get("queue", [])
            ]
            out.append({"seat": int(key), "cards": cards, "harbour": self._harbour_view(d)})
        return out

    def _seen(self, state: State) -> set[str]:
        out = set()
        for p in state["players"]:
            out.update(built(p))
            out.update(p["unbuilt"])
        if state["buildings"]:
            out.add(state["buildings"][0])
        return out

    # ------------------------------------------------------------------ words for people
    def _space_text(self, state: State, space: str) -> Msg:
        """A bid space in words, from public information only."""
        if space == "1.0":
            return T("1.0 Parking (1 coin per card)")
        if space == "1.1":
            top = state["buildings"][0] if state["buildings"] else None
            if top is None:
                return T("1.1 Building")
            b = BUILDINGS[top]
            return T(
                "1.1 Building {building} ({prestige} prestige)",
                building=building(top),
                prestige=b["prestige"],
            )
        if space in TOWN_NAMES:
            return town_name(space)
        board, slot = space.split(".")
        idx = int(slot) - 1
        if board == "2":
            sid = state["sea"][idx]
            if sid:
                return T("ship {space} {ship}", space=space, ship=ship_text(sid))
            return T("ship {space}", space=space)
        cid = state["land"][idx]
        if cid:
            return T("contract {space}: {contract}", space=space, contract=contract_text(cid))
        return T("contract {space}", space=space)

    def describe(self, state: State, seat: int, move: str) -> str:
        try:
            text = self._describe(state, seat, move)
        except (KeyError, IndexError, ValueError, TypeError):
            return move
        return Clipped.of(text, 90)

    def _describe(self, state: State, seat: int, move: str) -> Msg:
        words = move.split()
        verb = words[0]
        if state["phase"] == "auction":
            if verb == "bid":
                return T("Card on {space}", space=self._space_text(state, words[1]))
            if verb == "card":
                space = state["pending"].get(str(seat), "")
                if space in TOWN_NAMES:
                    name = town_name(space)
                elif space[:1] == "2":
                    name = T("ship {space}", space=space)
                else:
                    name = T("contract {space}", space=space)
                return T("Place your card {value} face down on {space}", value=words[1], space=name)
            return T("Back: put your card on another space")
        step = state["step"]
        if step == "price":
            if verb == "keep":
                return T("Keep the prices: {prices}", prices=self._price_text(state))
            return T("Put the price card on top: {prices}", prices=price_text(PRICES[words[1]]))
        if step == "career":
            if verb == "no":
                return T("Make no swap on the Career ladder (income follows)")
            i = int(words[1]) - 1
            h = state["hier"]
            return T(
                "Swap {rank} {player} and {rank2} {player2}",
                rank=rank_word(i),
                player=pname(h[i], state),
                rank2=rank_word(i + 1),
                player2=pname(h[i + 1], state),
            )
        d = state["drafts"][str(seat)]
        if step == "start":
            return T(
                "Take a {good} as a starting good ({pick} of 3)",
                good=good_word(words[1]),
                pick=d["picks"] + 1,
            )
        if step == "upgrade":
            if verb == "upgrade":
                card = d["reserve"][0] if d["reserve"] else "?"
                return T(
                    "Pay {coins} to upgrade: your {card} card joins the hand",
                    coins=coins(d["diff"]),
                    card=card,
                )
            return T("Decline the upgrade (keep your coins)")
        if step == "permit":
            return self._describe_permit(d, words)
        if step == "place":
            return self._describe_place(d, words)
        if step == "harbour":
            return self._describe_harbour(d, words)
        return T("Done")

    def _describe_permit(self, d: dict, words: list[str]) -> Msg:
        verb = words[0]
        if verb == "buy":
            price = d["pc"][0] if not d["bought"] else d["pc"][1]
            return T(
                "Buy a building permit for {coins} (you hold {permits})",
                coins=coins(price),
                permits=d["permits"],
            )
        if verb == "bollard":
            q = int(words[1]) - 1
            berths = [str(i + 1) for i in (q - 1, q) if 0 <= i < 3]
            where = T("berth {berth}", berth=joined(berths))
            return T(
                "Permit: bollard on quay {quay} for {coins} ({berths})",
                quay=q + 1,
                coins=coins(bollard_cost(d, q)),
                berths=where,
            )
        if verb == "clear":
            cost = d["spaces"][SPACE_NAMES.index(words[1])]["c"]
            return T(
                "Permit: clear the cover on {space} for {coins}",
                space=space_word(words[1]),
                coins=coins(cost),
            )
        if verb == "build":
            b = BUILDINGS[words[1]]
            return T(
                "Permit: build the {building} ({prestige} prestige), then pick a space",
                building=building(words[1]),
                prestige=b["prestige"],
            )
        if verb == "at":
            return T(
                "Build the {building} on space {space}",
                building=building(d["sel"]),
                space=space_word(words[1]),
            )
        if verb == "back":
            return T("Back: build nothing now")
        left = d["permits"]
        if not left:
            return T("Done with permits (no unused permit lapses)")
        return Tn(
            "Done with permits ({count} unused permit lapses)",
            "Done with permits ({count} unused permits lapse)",
            left,
        )

    def _describe_place(self, d: dict, words: list[str]) -> Msg:
        verb = words[0]
        if verb == "done":
            return T("Done placing")
        kind, card = d["queue"][0]
        if verb == "later":
            if kind == "sea":
                return T("Place {ship} later; place your next card first", ship=ship_name(card))
            return T(
                "Place the {contract} later; place your next card first",
                contract=contract_words(card),
            )
        if verb == "dock":
            size = berth_size(d, int(words[1]) - 1)
            if len(words) > 2:
                return T(
                    "Berth ship {ship} at berth {berth} (size {size}), wildcards as {goods}",
                    ship=ship_name(card),
                    berth=words[1],
                    size=size,
                    goods=goods_plural(words[2]),
                )
            return T(
                "Berth ship {ship} at berth {berth} (size {size})",
                ship=ship_name(card),
                berth=words[1],
                size=size,
            )
        k = int(words[1]) - 1
        if bay_open(d, k):
            return T("Put the {contract} on bay {bay}", contract=contract_words(card), bay=k + 1)
        return T(
            "Put the {contract} on bay {bay}, closed until {space} is cleared",
            contract=contract_words(card),
            bay=k + 1,
            space=space_word(SPACE_NAMES[k]),
        )

    def _describe_harbour(self, d: dict, words: list[str]) -> Msg:
        verb = words[0]
        sel = d.get("sel")
        if verb == "done":
            return T("Done: prestige, time markers and contract sales follow")
        if verb == "produce":
            b = BUILDINGS[words[1]]
            if b["makes"] == "money":
                return T(
                    "Produce {coins} with the {building}",
                    coins=coins(b["amount"]),
                    building=building(words[1]),
                )
            return T(
                "Produce a {good} with the {building}",
                good=good_word(b["makes"]),
                building=building(words[1]),
            )
        if verb == "from":
            loc = words[1]
            good = words[2] if len(words) > 2 else self._source_good(d, loc)
            assert good is not None  # a place is offered only with a good on it (_harbour_moves)
            if loc.startswith("berth"):
                b = d["berths"][int(loc[5:]) - 1]
                return T(
                    "Unload a {good} from ship {ship} at berth {berth} ({aboard} aboard)",
                    good=good_word(good),
                    ship=ship_name(b["id"]),
                    berth=loc[5:],
                    aboard=b["n"],
                )
            return T(
                "Move or convert the {good} on {space}", good=good_word(good), space=space_word(loc)
            )
        if verb == "back":
            return T("Back: choose another good")
        if verb in ("pack", "unpack"):
            assert sel is not None  # offered only with a space selected (_harbour_moves)
            cost = T("free") if has_ability(d, "freepack") else T("1 coin")
            if verb == "pack":
                return T(
                    "Pack 2 crates on {space} into a container ({cost})",
                    space=space_word(sel),
                    cost=cost,
                )
            return T(
                "Unpack the container on {space} into 2 crates ({cost})",
                space=space_word(sel),
                cost=cost,
            )
        dest = words[1]
        if sel and sel.startswith("@"):
            return T(
                "Put the new {good} on {space}",
                good=good_word(BUILDINGS[sel[1:]]["makes"]),
                space=space_word(dest),
            )
        good = self._source_good(d, sel) if sel else None
        what = good_word(good) if good else T("good")
        if dest.startswith("bay"):
            return T("Deliver the {good} to the contract on bay {bay}", good=what, bay=dest[3:])
        return T("Store the {good} on {space}", good=what, space=space_word(dest))

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
        priv = view.get("private") or {}
        lines: list[str] = []
        hand = priv.get("hand") or []
        if hand:
            lines.append(T("Your hand: {cards}.", cards=joined([str(v) for v in hand])))
        else:
            lines.append(T("Your hand is empty."))
        bids = priv.get("my_bids") or []
        if bids and not view.get("revealed"):
            placed = [T("{value} on {space}", value=v, space=sp) for sp, v in bids]
            lines.append(T("Your face-down cards: {cards}.", cards=joined(placed)))
        if priv.get("pending"):
            lines.append(T("You are choosing a card for {space}.", space=priv["pending"]))
        d = priv.get("draft")
        if d:
            lines.append(
                T(
                    "Your harbour as you are working it: {coins}, prestige {prestige} "
                    "(harbour value {value}).",
                    coins=coins(d["money"]),
                    prestige=d["prestige"],
                    value=d["harbour_prestige"],
                )
            )
            for i, b in enumerate(d["berths"]):
                if b:
                    lines.append(
                        T(
                            "Berth {berth}: {ship} with {cargo}, {rounds} left.",
                            berth=i + 1,
                            ship=ship_name(b["ship"]["id"]),
                            cargo=goods_count(b["count"], b["good"]),
                            rounds=rounds(b["time"]),
                        )
                    )
            for k, b in enumerate(d["bays"]):
                if b:
                    c = b["contract"]
                    got = joined([good_word(g) for g in b["got"]]) or T("nothing yet")
                    lines.append(
                        T(
                            "Bay {bay}: the contract wants {goods}; delivered {got}; "
                            "{rounds} left.",
                            bay=k + 1,
                            goods=goods_text(c["goods"]),
                            got=got,
                            rounds=rounds(b["time"]),
                        )
                    )
            stored = []
            for sp in d["spaces"]:
                if sp["building"]:
                    stored.append(
                        T(
                            "{space} {what}",
                            space=space_word(sp["name"]),
                            what=building(sp["building"]),
                        )
                    )
                if sp["goods"]:
                    what = joined([good_word(g) for g in sp["goods"]])
                    stored.append(T("{space} {what}", space=space_word(sp["name"]), what=what))
            if stored:
                lines.append(T("Spaces: {spaces}.", spaces=joined_commas(stored, ";")))
            if d["unbuilt"]:
                names = joined([building(b) for b in d["unbuilt"]])
                lines.append(T("Waiting to be built: {buildings}.", buildings=names))
            notes = priv.get("draft_notes") or []
            if notes:
                lines.append(T("So far you {notes}.", notes=joined([load(n) for n in notes])))
        pile = priv.get("price_pile")
        if pile:
            shown = joined_commas([price_text(c) for c in pile[:5]], ";")
            if len(pile) > 5:
                more = Tn("{count} more card", "{count} more cards", len(pile) - 5)
                lines.append(
                    T("The Price pile, top first: {cards}; and {more}.", cards=shown, more=more)
                )
            else:
                lines.append(T("The Price pile, top first: {cards}.", cards=shown))
        return lines

    # ------------------------------------------------------------------ hidden information
    def _reveals(
        self, before: State, after: State, seat: int, move: str, private: dict[int, list[str]]
    ) -> bool:
        """rules 9.3 / 9.4: a move reveals when it (or what it set off) drew from a hidden order
        (decks, the newspaper pile, the generator), turned up a card, revealed the bids, showed
        the price pile to its chooser or made the simultaneous drafts public. Private lines here
        only repeat the mover's own choice, so they do not count."""

        def marks(s: State) -> tuple:
            return (
                s["rng"],
                len(s["ships"]),
                len(s["contracts"]),
                len(s["buildings"]),
                s["buildings"][:1],
                len(s["news"]),
                s["news_right"],
                s["news_left"],
                s["revealed"],
                s.get("shown", 0),
            )

        return marks(before) != marks(after)

    def choices_are_public(self, state: State, seat: int) -> bool:
        """Whether the seat's options may be shown to everyone (engines/base.py). rules 9.3:
        a bid card comes from the hand, which the unrevealed bids keep secret, so the card step
        of the auction is private (the space, chosen first, is public); a seat's permit and
        harbour work is a draft the others see only when the step resolves. Every other
        decision (a space, keep or a price, a swap, starting goods, an upgrade, placing) is
        drawn from public facts. Decided by the kind of decision alone (phase, step, and whether
        the seat has chosen its space), so the same decision always looks the same."""
        if state["phase"] == "auction":
            return str(seat) not in state["pending"]
        return state["step"] not in ("permit", "harbour")

    def resample_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        """rules 9.3: every part ``seat`` cannot know, drawn again: the order of the Ship and
        Contract decks (within each back-number pile), the Buildings under the top one, the
        unseen part of the Price pile, the Newspaper pile (the face-up Progress card is swapped
        for one with the same advance: its event side is unknown), other seats' hands and bid
        values before the reveal, the neutral's shuffled cards, other
        seats' private drafts in a simultaneous step, and the generator."""
        new = clone_state(state)
        reseed(new, rng)
        for key, cards in (("ships", SHIPS), ("contracts", CONTRACTS)):
            deck = new[key]
            piles: dict[int, list[int]] = {}
            for i, cid in enumerate(deck):
                piles.setdefault(cards[cid]["stage"], []).append(i)
            for stage in sorted(piles):
                spots = piles[stage]
                drawn = rng.redeal(deck[i] for i in spots)
                for i, cid in zip(spots, drawn, strict=True):
                    deck[i] = cid
        new["buildings"][1:] = rng.redeal(new["buildings"][1:])
        if seat is None or seat not in new.get("price_known", []):
            prices = new["prices"]
            end = len(prices) - new.get("price_tail", 0)
            prices[1:end] = rng.redeal(prices[1:end])
        self._resample_news(new, rng)
        if not new["revealed"]:
            for pid, p in enumerate(new["players"]):
                if pid == seat:
                    continue
                spots = [i for i, b in enumerate(new["bids"]) if b[1] == pid]
                pool = rng.redeal(list(p["hand"]) + [new["bids"][i][2] for i in spots])
                for i in spots:
                    new["bids"][i][2] = pool.pop()
                p["hand"] = pool if p["neutral"] else sorted(pool)
        if new["step"] != "place":  # placements are public as they are made
            for key in sorted(new["drafts"]):
                if int(key) != seat:
                    self._redraw_draft(new, int(key), rng)
        return new

    def _resample_news(self, new: State, rng: Rng) -> None:
        right = new["news_right"]
        pool = rng.redeal(list(new["news"]) + ([right] if right else []))
        if right:
            same = [c for c in pool if NEWS[c]["progress"] == NEWS[right]["progress"]]
            new["news_right"] = same[0]
            pool.remove(same[0])
        new["news"] = pool

    def _redraw_draft(self, new: State, pid: int, rng: Rng) -> None:
        """Another seat's draft: replayed from the start of the step by random legal moves,
        finished if that seat has submitted, unfinished otherwise (in the starting-goods step the
        number of goods taken is public, so the replay takes as many)."""
        key = str(pid)
        base = (new.get("draft_base") or {}).get(key)
        if base is None:
            return
        picks = new["drafts"][key].get("picks", 0)
        new["drafts"][key] = clone_state(base)
        if pid in new.get("draft_base_done", []):
            return
        waiting, done = list(new["waiting"]), list(new["done"])
        finished = pid in done
        new["waiting"] = sorted({*waiting, pid})
        new["done"] = [s for s in done if s != pid]
        wander = picks if new["step"] == "start" else rng.randbelow(6)
        for count in range(60):
            if pid not in new["waiting"]:
                break
            moves = self._draft_moves(new, pid)
            free = [m for m in moves if not self._would_finish(new, pid, m)]
            if count < wander and free:
                move = rng.choice(free)
            elif not finished:
                break
            else:
                ends = [m for m in moves if m not in ("back", "later")]
                move = rng.choice(ends or moves)
            self._draft_move(new, pid, move, move.split(), [], {})
        new["waiting"], new["done"] = waiting, done

    def _would_finish(self, state: State, pid: int, move: str) -> bool:
        step = state["step"]
        d = state["drafts"][str(pid)]
        if step == "start":
            return d["picks"] >= 2
        if step in ("upgrade",):
            return True
        if step == "place":
            trial = clone_state(d)
            probe = {"drafts": {str(pid): trial}, "ship_discard": [], "contract_discard": []}
            item = trial["queue"].pop(0)
            if move == "later":
                trial["queue"].append(item)
            elif move != "done":
                self._do_place(probe, trial, item, move)
            self._place_auto(probe, pid)
            return not trial["queue"]
        return move == "done"

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
