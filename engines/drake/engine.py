"""Francis Drake (Peter Hawes), 3 to 5 players: the rules engine.

Rules: ``docs/rules/francis-drake.md`` (written from the Greek rulebook transcript). Printed
component values missing from the transcript (2.5) come from ``data/drake/*.toml``, each record
marked ``rulebook`` or ``provisional``.

Readings taken (all follow the rules file's section 9.6 recommendations unless noted):

- 9.6.1 three barrels reach zones 1-3; 9.6.2 the Tavern Ghost Ship is read on the modified roll;
  9.6.3 voyages 2 and 3 shuffle the 16 tiles into a purely random order (variant ``learning``
  keeps the voyage-1 street, rules 8); 9.6.4 circles fill first circle first; 9.6.5 the hero bonus
  goes by early-return position with no passing down; 9.6.6/9.6.7 a return decision is asked after
  each of a player's own missions while they still have a disc on the map; 9.6.8 a player who
  cannot sail (0 Supplies) or placed no disc returns right after the Golden Hind step, no bonus;
  9.6.9 discs with no legal Destination stay unplaced; 9.6.10 the Informer's swap may include the
  Golden Hind and Ghost Ship; 9.6.11 with 7.10 ("the first player who attacks"): a hidden
  counter is turned up when the first disc whose owner could attack at the lowest value still
  face down comes up (a Frigate at a Galleon never turns it), unless that owner already knows
  the value (Governor, Admiral, an Informer who peeked): they are asked first, attack or
  decline, and the counter turns only if they attack (Issue 38); 9.6.12 supplies are limited (a
  player takes what is left, the view shows the supply); 9.6.13 a Galleon gained when already a
  Galleon is a no-op; 9.6.14 Drake needs 2 Player Discs and the 2nd disc is
  forced on the next turn; 9.6.18 the Investor has no capacity limit; 9.6.19 final ties go to the
  lower Homebound Dock; 9.6.20 placement and resolution use the post-swap Sailing Order.
- Treasure Chests are secret (rules 2.1 and 9.4 call the treasure "hidden"): a chest appears only
  in its owner's private view. As 9.4 recommends, taking a treasure is logged publicly (it
  happens in front of everyone), but no chest total is shown on the board; at Reset the board's
  recent-log panel drops those lines and ``resample_hidden`` redraws earlier voyages' chests.
- Hidden information is defined by ``view`` and restated by ``resample_hidden`` (face-down
  discs and hands, unseen counters, earlier chests, the generator); ``_reveals`` marks the moves
  that show any of it. Rules topics are generated from ``data/drake`` (``topics.py``).
- The Spanish Galleon counters use their "front" side (9.5); their Guns and VP are provisional
  data (the VP of a Galleon is read from its counter, since the map crown values are missing).
- The Informer's choice of Destination and the Destinations of swapped or moved discs are logged
  publicly (they happen in view of the table); the values seen stay private.
- Admiral and Governor counter placement (Sailing A2-A3) is one simultaneous step (9.3).
- Simplifications (least visible parts): a mission that cannot be carried out is failed
  automatically (no prompt), since declining is then the only choice, except for a player who
  knows a face-down counter and could pay at the lowest value still hidden: they are asked, even
  with "decline" alone, so that the table does not learn the value; a player forced home because
  no disc of theirs is left on the map (all remaining discs unplaced) is not an "early" returner.
- Timeouts (``default_move``): Provisioning takes Dockside Supply, then sails; missions decline;
  the Informer passes; return decisions continue.
"""

from __future__ import annotations

import itertools

from engines.base import (
    BaseEngine,
    IllegalMove,
    Rng,
    Standing,
    State,
    UnclearMove,
    clone_state,
    normalize_move_text,
    rank_standings,
    reseed,
)
from engines.drake.data import COMMODITIES, load
from engines.drake.topics import KIND_NAMES, rules_topics
from i18n import Msg, T, Tn, dump, joined, word
from i18n import load as load_text

LABELS = ("hind", "1", "2", "3", "4", "ghost")
LABEL_SHORT = {"hind": "Golden Hind", "ghost": "Ghost Ship"}
SHORT = {"trade_goods": "goods", "golden_hind": "hind"}
RESOURCES = ("crew", "guns", "supplies", "trade_goods")
INVESTOR_POS = 17
DOCKSIDE_POS = 18
RECENT = 8
TAKES = ", takes the "
"""How an old plain-English log line (before issue 26) says a treasure was taken."""
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


def _count(n: int, unit: str) -> Msg:
    """``1 Gun``, ``2 Guns``, ``3 Crew`` (rules glossary 10 names), in the reader's language."""
    if unit == "crew":
        return Tn("{count} Crew", "{count} Crew", n)
    if unit == "guns":
        return Tn("{count} Gun", "{count} Guns", n)
    if unit == "supplies":
        return Tn("{count} Supply", "{count} Supplies", n)
    if unit == "trade_goods":
        return Tn("{count} Trade Good", "{count} Trade Goods", n)
    if unit == "gold":
        return Tn("{count} Gold", "{count} Gold", n)
    if unit == "silver":
        return Tn("{count} Silver", "{count} Silver", n)
    if unit == "jewel":
        return Tn("{count} Jewel", "{count} Jewels", n)
    if unit == "vp":
        return Tn("{count} VP", "{count} VP", n)
    # a Commodity: "2 Sugar"
    return T("{amount} {good}", amount=n, good=word("drake", f"commodity.{unit}"))


def _dest(dest_id: str) -> Msg:
    """A Destination by its printed name (Latin in the Greek transcript, Cyrillic in Russian)."""
    return word("drake", f"destination.{dest_id}")


def _loc(kind: str) -> Msg:
    """A Location of Plymouth Street by its printed name."""
    return word("drake", f"location.{kind}")


def _good(good: str) -> Msg:
    return word("drake", f"commodity.{good}")


def _treasure(metal: str) -> Msg:
    return word("drake", f"treasure.{metal}")


def _kind(kind: str) -> Msg:
    """``Town``, ``Fort``, ``Galleon``, ``Trade Port`` (the short names of describe)."""
    if kind == "town":
        return T("Town")
    if kind == "fort":
        return T("Fort")
    if kind == "galleon":
        return T("Galleon")
    return T("Trade Port")


def _tag(label: str) -> Msg:
    """``disc 2``, ``Golden Hind``: a disc named in a log line."""
    if label in ("hind", "ghost"):
        return word("drake", f"disc.{label}")
    return T("disc {label}", label=label)


def _disc_name(label: str) -> Msg:
    if label == "hind":
        return T("the Golden Hind")
    if label == "ghost":
        return T("the Ghost Ship")
    return T("disc {label}", label=label)


def _counter_kind(kind: str) -> Msg:
    return T("Troop") if kind == "fort" else T("Spanish Frigate")


def _listed(items: list, sep: str = ", ") -> Msg:
    """Items one after another, ``a, b, c`` (or ``a; b; c``), each said in the reader's language."""
    text = items[0]
    for item in items[1:]:
        text = T("{a}; {b}", a=text, b=item) if sep == "; " else T("{a}, {b}", a=text, b=item)
    return text if isinstance(text, Msg) else T("{a}", a=text)


def _options(options: list[str], limit: int = 12) -> Msg:
    """The legal moves for a refusal, as ``engines.base.describe_options`` writes them in
    English (the codes in backticks stay as typed), said in the reader's language."""
    if not options:
        return T("nothing (you have no move to make now)")
    shown = ", ".join(f"`{o}`" for o in options[:limit])
    more = len(options) - limit
    if more > 0:
        return T("{shown} and {more} more (use autocomplete)", shown=shown, more=more)
    return T("{shown}", shown=shown)


def _is_take(line: object) -> bool:
    """Whether a recent log line tells of a treasure taken (dropped from the board at Reset)."""
    if isinstance(line, dict):
        return "treasure" in line.get("p", {})
    return TAKES in str(line)


def _short(kind: str) -> str:
    return SHORT.get(kind, kind)


def _letter(seat: int) -> str:
    return "ABCDE"[seat]


def _name(seat: int) -> str:
    return f"Player {_letter(seat)}"


class DrakeEngine(BaseEngine):
    id = "drake"
    title = word("drake", "game.title")  # "Francis Drake", said in the reader's language
    # What a seat receives unseen: treasure, face-down counters it learns, stacks it looks at.
    # Its discs (in hand, placed, picked) are its own doing.
    secret_keys = ("chest", "counters", "look")
    phase_names = {  # noqa: RUF012 (read-only)
        "provision": T("provisioning in Plymouth"),
        "missions": T("placing the secret mission discs"),
        "informer": T("the informer"),
        "arrange": T("arranging the voyage"),
        "resolve": T("the voyage, destination by destination"),
    }
    min_players = 3
    max_players = 5
    # docs/rules/francis-drake.md 8: the learning game keeps the street order in voyages 2 and 3.
    variants = ("standard", "learning")

    # rules topics are generated from data/drake (engines/drake/topics.py)
    rules_topics = rules_topics()

    # ------------------------------------------------------------------ setup

    def setup(self, players: int, *, seed: int, variant: str | None = None) -> State:
        variant = self.check_setup(players, variant)
        data = load()
        rng = Rng.from_seed(seed)
        supply = {
            k: v for k, v in data["tables"]["supply"].items() if k != "source"
        }  # docs/rules/francis-drake.md 2.1
        start = data["tables"]["scoring"]["start_vp"]  # docs/rules/francis-drake.md 3 step 7
        state: State = {
            "variant": variant,
            "n": players,
            "voyage": 1,
            "phase": "provision",
            "supply": supply,
            "p": [self._new_player(start) for _ in range(players)],
            "titles": {"admiral": None, "governor": None, "informer": None},
            "home": [],
            "out": [],
            "sailing": [],
            "turn": None,
            "street": [],
            "investor": [],
            "dockside": [],
            "dest": {},
            "arrange": {},
            "mturn": None,
            "inf": None,
            "queue": [],
            "qi": 0,
            "cur": None,
            "heroes": 0,
            "revealed": False,
            "last_roll": None,
            "recent": [],
            "final": None,
        }
        # docs/rules/francis-drake.md 3 step 8: draw the Frigates from a cup for the starting order.
        order = list(range(players))
        rng.shuffle(order)
        state["home"] = order
        # docs/rules/francis-drake.md 3 step 8, 7.16: the last dock takes 1 Gun (voyage 1 only).
        self._take(state, order[-1], "guns", 1)
        for dest_id in data["dest_order"]:
            state["dest"][dest_id] = self._fresh_dest(dest_id)
        self._refill_map(state, rng)  # docs/rules/francis-drake.md 3 steps 2-3, 4.2 A1
        state["street"] = self._street(state, players, rng, voyage=1)
        state["turn"] = order[0]
        state["rng"] = rng.state
        return state

    @staticmethod
    def _new_player(score: int) -> dict:
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

    @staticmethod
    def _fresh_dest(dest_id: str) -> dict:
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

    def _street(self, state: State, players: int, rng: Rng, voyage: int) -> list[dict]:
        data = load()
        tiles = data["tiles"]
        ids = sorted(data["sets"][players])
        if voyage == 1 or state["variant"] == "learning":
            # docs/rules/francis-drake.md 3 step 9: tiles over the printed 4-player locations, the
            # better tile of a pair ("a") earlier on the street.
            remaining = list(ids)
            layout = []
            for kind in data["printed_order"]:
                tile = next(t for t in remaining if tiles[t]["kind"] == kind)
                remaining.remove(tile)
                layout.append(tile)
        else:
            # docs/rules/francis-drake.md 4.9 step 4, 9.6.3: pure random order.
            layout = list(ids)
            rng.shuffle(layout)
        return [
            {
                "tile": t,
                "kind": tiles[t]["kind"],
                "v": list(tiles[t]["values"]),
                "occ": [None] * len(tiles[t]["values"]),
            }
            for t in layout
        ]

    def _refill_map(self, state: State, rng: Rng) -> None:
        data = load()
        supply = state["supply"]
        # docs/rules/francis-drake.md 3 step 3, 4.9 step 5: shuffle the Galleon counters, face up.
        counters = sorted(data["galleon_counters"])
        rng.shuffle(counters)
        galleons = [d for d in data["dest_order"] if data["dests"][d]["kind"] == "galleon"]
        for dest_id, counter in zip(galleons, counters, strict=True):
            state["dest"][dest_id]["gc"] = counter
        for dest_id in data["dest_order"]:
            info = data["dests"][dest_id]
            dest = state["dest"][dest_id]
            # docs/rules/francis-drake.md 4.2 A1, 4.9 step 6: every treasure symbol holds its
            # treasure.
            metal = info.get("treasure") or None
            if metal and dest["treasure"] is None and supply[metal] > 0:
                supply[metal] -= 1
                dest["treasure"] = metal
            # docs/rules/francis-drake.md 3 step 2, 4.9 step 7: one of each depicted Commodity.
            for good in info.get("commodities", []):
                if good not in dest["goods"] and supply[good] > 0:
                    supply[good] -= 1
                    dest["goods"].append(good)
            dest["goods"].sort(key=COMMODITIES.index)

    # ------------------------------------------------------------------ helpers

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
        return load()["dests"][dest_id]

    def _defence(self, state: State, dest_id: str) -> tuple[int, int, int]:
        """(crew needed, guns needed, vp) of a Town, Fort or Galleon (rules 5.2)."""
        info = self._dest_info(dest_id)
        dest = state["dest"][dest_id]
        if info["kind"] == "galleon":
            gc = load()["galleon_counters"][dest["gc"]]
            return 0, gc["front_guns"] + (dest["counter"] or 0), gc["front_vp"]
        if info["kind"] == "fort":
            return info["troops"] + (dest["counter"] or 0), info["guns"], info["vp"]
        return info["troops"], 0, info["vp"]

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
        m = state["p"][seat]["m"]
        return {lab: m[lab]["at"] for lab in LABELS if lab in m and m[lab]["st"] == "placed"}

    def _hand(self, state: State, seat: int) -> list[str]:
        m = state["p"][seat]["m"]
        return [lab for lab in LABELS if lab in m and m[lab]["st"] == "hand"]

    # ------------------------------------------------------------------ turn structure

    def to_move(self, state: State) -> list[int]:
        phase = state["phase"]
        if phase == "provision":
            return [state["turn"]]
        if phase == "arrange":
            return sorted({s for s in state["arrange"].values() if s is not None})
        if phase == "missions":
            return [state["mturn"]]
        if phase == "informer":
            return [state["titles"]["informer"]]
        if phase == "resolve":
            return [state["cur"]["seat"]]
        return []

    def legal_moves(self, state: State, seat: int) -> list[str]:
        if seat not in self.to_move(state):
            return []
        phase = state["phase"]
        if phase == "provision":
            return self._provision_moves(state, seat)
        if phase == "arrange":
            return self._arrange_moves(state, seat)
        if phase == "missions":
            p = state["p"][seat]
            if p["sel"] is None:
                return [f"disc {lab}" for lab in self._hand(state, seat)]
            return [f"to {d}" for d in self._reachable(state, seat)] + ["back"]
        if phase == "informer":
            return self._informer_moves(state, seat)
        if phase == "resolve":
            cur = state["cur"]
            if cur["stage"] == "return":
                return ["continue", "return"]
            return [*self._mission_options(state, seat, cur["dest"]), "decline"]
        return []

    def default_move(self, state: State, seat: int) -> str:
        moves = self.legal_moves(state, seat)
        if not moves:
            raise IllegalMove(T("That seat has no move to make now."))
        for safe in ("drake crew", "dockside supply", "sail", "pass", "done", "stay"):
            if safe in moves:
                return safe
        for safe in ("decline", "continue"):
            if safe in moves:
                return safe
        return moves[0]

    # ------------------------------------------------------------------ read by the heuristics
    # The seat fillers' heuristics (engines/drake/heuristics.py) read the position through these.

    def discs_in_hand(self, state: State, seat: int) -> list[str]:
        """The labels of ``seat``'s mission discs in hand (docs/rules/francis-drake.md 4.3)."""
        return self._hand(state, seat)

    def reachable_zones(self, state: State, seat: int) -> list[str]:
        """The zones ``seat`` may place a disc in: up to its navigation cube (4.2, 4.3)."""
        return self._reachable(state, seat)

    def mission_options(self, state: State, seat: int, dest_id: str) -> list[str]:
        """What the owner of a disc at ``dest_id`` can do there (5.2, 9.7)."""
        return self._mission_options(state, seat, dest_id)

    @staticmethod
    def short_kind(kind: str) -> str:
        """The word a ``place`` move uses for a Location kind (``goods``, ``hind``)."""
        return _short(kind)

    # ------------------------------------------------------------------ provisioning

    def _provision_moves(self, state: State, seat: int) -> list[str]:
        p = state["p"][seat]
        if p["drake"]:
            return ["drake crew", "drake gun"]  # docs/rules/francis-drake.md 9.6.14
        if p["dockside"]:
            return ["sail"]  # docs/rules/francis-drake.md 4.1: Dockside, then Outbound Docks
        moves: list[str] = []
        if p["discs"] > 0:  # docs/rules/francis-drake.md 4.1 [not in source]: no discs, must sail
            # docs/rules/francis-drake.md 4.1: forward-only, a free circle, one disc per Location.
            for pos in range(p["last"] + 1, 17):
                loc = state["street"][pos - 1]
                if None not in loc["occ"]:
                    continue
                if loc["kind"] == "drake" and p["discs"] < 2:
                    continue  # docs/rules/francis-drake.md 9.6.14
                moves.append(f"place {pos} {_short(loc['kind'])}")
            # docs/rules/francis-drake.md 5.1: Investor once a game, pay 4 VP.
            cost = load()["tables"]["scoring"]["investor_cost"]
            if p["last"] < INVESTOR_POS and p["investor"] and p["score"] >= cost:
                moves += ["investor 1c2g", "investor 2c1g", "investor galleon"]
            if p["last"] < DOCKSIDE_POS:
                moves += ["dockside crew", "dockside gun", "dockside supply"]
        moves.append("sail")
        return moves

    def _apply_provision(self, state: State, seat: int, move: str, log: list[str]) -> None:
        p = state["p"][seat]
        who = _name(seat)
        words = move.split()
        if words[0] == "sail":
            # docs/rules/francis-drake.md 4.1 (b): lowest-numbered empty Outbound Dock.
            state["out"].append(seat)
            p["dockside"] = False
            self._log(
                state,
                log,
                T("{player} sails to Outbound Dock {dock}.", player=who, dock=len(state["out"])),
            )
        elif words[0] == "drake":
            # docs/rules/francis-drake.md 2.4, 5.1: the 2nd disc at Drake, then 2 Crew + 2 Guns + 1.
            p["drake"] = False
            p["discs"] -= 1
            crew = self._take(state, seat, "crew", 2 + (words[1] == "crew"))
            guns = self._take(state, seat, "guns", 2 + (words[1] == "gun"))
            got: Msg = joined([_count(crew, "crew"), _count(guns, "guns")])
            self._log(state, log, T("{player} completes Drake: {got}.", player=who, got=got))
        elif words[0] == "investor":
            # docs/rules/francis-drake.md 5.1: pay 4 VP, discard the Investor Tile, choose one.
            p["score"] -= load()["tables"]["scoring"]["investor_cost"]
            p["investor"] = False
            p["discs"] -= 1
            p["last"] = INVESTOR_POS
            state["investor"].append(seat)
            if words[1] == "galleon":
                p["ship"] = "galleon"
                got = T("a Galleon")
            else:
                crew = self._take(state, seat, "crew", int(words[1][0]))
                guns = self._take(state, seat, "guns", int(words[1][2]))
                got = joined([_count(crew, "crew"), _count(guns, "guns")])
            self._log(
                state, log, T("{player} pays 4 VP to the Investor: {got}.", player=who, got=got)
            )
        elif words[0] == "dockside":
            # docs/rules/francis-drake.md 5.1: 1 Crew, 1 Gun or 1 Supply; sail next turn.
            res = {"crew": "crew", "gun": "guns", "supply": "supplies"}[words[1]]
            p["discs"] -= 1
            p["last"] = DOCKSIDE_POS
            p["dockside"] = True
            state["dockside"].append(seat)
            taken = self._take(state, seat, res, 1)
            self._log(
                state,
                log,
                T("{player} at Dockside takes {got}.", player=who, got=_count(taken, res)),
            )
        else:
            self._place(state, seat, int(words[1]), log)
        self._next_provision_turn(state, seat, log)

    def _place(self, state: State, seat: int, pos: int, log: list[str]) -> None:
        p = state["p"][seat]
        loc = state["street"][pos - 1]
        circle = loc["occ"].index(None)  # docs/rules/francis-drake.md 9.6.4: first free circle
        loc["occ"][circle] = seat
        value = loc["v"][circle]
        p["last"] = pos
        p["discs"] -= 1
        kind = loc["kind"]
        who = _name(seat)
        where = T(
            "{player} places a disc at {pos} {location}", player=who, pos=pos, location=_loc(kind)
        )
        if kind in RESOURCES:
            got = self._take(state, seat, kind, value)  # docs/rules/francis-drake.md 5.1
            self._log(state, log, T("{where}: {got}.", where=where, got=_count(got, kind)))
        elif kind == "tavern":
            # docs/rules/francis-drake.md 2.4, 9.6.2: d6, 1st visitor +1; 1-2 = Ghost Ship.
            rng = Rng(state["rng"])
            roll = rng.randint(1, 6)
            state["rng"] = rng.state
            total = roll + value
            state["last_roll"] = {"seat": seat, "roll": roll, "total": total}
            tavern = load()["tables"]["tavern"]
            if total in tavern["ghost_ship"]:
                p["ghost"] = True
                line = T(
                    "{where}: rolls {roll} (total {total}): the Ghost Ship.",
                    where=where,
                    roll=roll,
                    total=total,
                )
                self._log(state, log, line)
            else:
                got = self._take(state, seat, "crew", tavern["crew"][str(total)])
                line = T(
                    "{where}: rolls {roll} (total {total}): {got}.",
                    where=where,
                    roll=roll,
                    total=total,
                    got=_count(got, "crew"),
                )
                self._log(state, log, line)
        elif kind == "shipyard":
            p["ship"] = "galleon"  # docs/rules/francis-drake.md 5.1, 9.6.13
            got = self._take(state, seat, "guns", value)
            if got:
                line = T("{where}: a Galleon and {got}.", where=where, got=_count(got, "guns"))
            else:
                line = T("{where}: a Galleon.", where=where)
            self._log(state, log, line)
        elif kind == "pinnace":
            p["pinnace"] = True  # docs/rules/francis-drake.md 5.1
            got = self._take(state, seat, "crew", value)
            if got:
                line = T("{where}: a Pinnace and {got}.", where=where, got=_count(got, "crew"))
            else:
                line = T("{where}: a Pinnace.", where=where)
            self._log(state, log, line)
        elif kind == "drake":
            p["drake"] = True  # docs/rules/francis-drake.md 9.6.14: the 2nd disc next turn
            self._log(state, log, T("{where}: 1st of 2 discs.", where=where))
        elif kind == "queen":
            p["ship"] = "galleon"  # docs/rules/francis-drake.md 5.1
            gun = self._take(state, seat, "guns", 1)
            tg = self._take(state, seat, "trade_goods", 1)
            received = joined([T("a Galleon"), _count(gun, "guns"), _count(tg, "trade_goods")])
            self._log(state, log, T("{where}: {got}.", where=where, got=received))
        elif kind in ("admiral", "governor"):
            state["titles"][kind] = seat  # docs/rules/francis-drake.md 5.1
            title = T("the Admiral") if kind == "admiral" else T("the Governor")
            self._log(state, log, T("{where}: {got}.", where=where, got=title))
        elif kind == "informer":
            state["titles"]["informer"] = seat
            tg = self._take(state, seat, "trade_goods", 1)
            line = T("{where}: the Informer and {got}.", where=where, got=_count(tg, "trade_goods"))
            self._log(state, log, line)
        elif kind == "golden_hind":
            p["hind"] = True  # docs/rules/francis-drake.md 5.1
            self._log(state, log, T("{where}: the Golden Hind disc.", where=where))

    def _next_provision_turn(self, state: State, seat: int, log: list[str]) -> None:
        """docs/rules/francis-drake.md 4.1: Homebound Dock order, round and round; docked
        skipped."""
        home = state["home"]
        if len(state["out"]) == state["n"]:
            self._start_sailing(state, log)
            return
        i = home.index(seat)
        for step in range(1, len(home) + 1):
            nxt = home[(i + step) % len(home)]
            if nxt not in state["out"]:
                state["turn"] = nxt
                return

    # ------------------------------------------------------------------ sailing A

    def _start_sailing(self, state: State, log: list[str]) -> None:
        state["phase"] = "arrange"
        state["turn"] = None
        state["sailing"] = list(state["out"])
        # docs/rules/francis-drake.md 4.1: every ship has left the Homebound Docks
        state["home"] = []
        # docs/rules/francis-drake.md 4.2 A2-A3: the Admiral and Governor place their counters.
        state["arrange"] = {
            "admiral": state["titles"]["admiral"],
            "governor": state["titles"]["governor"],
        }
        if not self.to_move(state):
            self._finish_arrange(state, log)

    @staticmethod
    def _kind_ids(kind: str) -> list[str]:
        data = load()
        return [d for d in data["dest_order"] if data["dests"][d]["kind"] == kind]

    def _arrangements(self, title: str) -> list[tuple[int, ...]]:
        key = "frigate_counters" if title == "admiral" else "troop_counters"
        values = load()["tables"][key]["values"]
        return sorted(set(itertools.permutations(values)))

    def _arrange_moves(self, state: State, seat: int) -> list[str]:
        for title, head in (("admiral", "frigates"), ("governor", "troops")):
            if state["arrange"][title] == seat:
                return [f"{head} " + ",".join(map(str, a)) for a in self._arrangements(title)]
        return []

    def _set_counters(self, state: State, title: str, values: list[int]) -> None:
        kind = "galleon" if title == "admiral" else "fort"
        targets = self._kind_ids(kind)
        holder = state["titles"][title]
        for dest_id, value in zip(targets, values, strict=True):
            state["dest"][dest_id]["counter"] = value
            state["dest"][dest_id]["shown"] = False
            if holder is not None:
                state["p"][holder]["known"][dest_id] = value  # rules 5.1: holder alone knows

    def _apply_arrange(self, state: State, seat: int, move: str, log, private) -> None:
        word, values = move.split()
        title = "admiral" if word == "frigates" else "governor"
        self._set_counters(state, title, [int(v) for v in values.split(",")])
        state["arrange"][title] = None
        thing = _counter_kind("galleon" if title == "admiral" else "fort")
        line = T("{player} places the {thing} counters face down.", player=_name(seat), thing=thing)
        self._log(state, log, line)
        targets = self._kind_ids("galleon" if title == "admiral" else "fort")
        where = joined(
            [
                T("+{value} at {place}", value=v, place=_dest(d))
                for d, v in zip(targets, values.split(","), strict=True)
            ]
        )
        private.setdefault(seat, []).append(
            T("You placed the {thing} counters: {where}.", thing=thing, where=where)
        )
        if not self.to_move(state):
            self._finish_arrange(state, log)

    def _finish_arrange(self, state: State, log: list[str]) -> None:
        # docs/rules/francis-drake.md 4.2 A2-A3: nobody holds the title, place randomly.
        rng = Rng(state["rng"])
        for title in ("admiral", "governor"):
            if state["titles"][title] is None:
                options = self._arrangements(title)
                self._set_counters(state, title, list(rng.choice(options)))
        state["rng"] = rng.state
        # docs/rules/francis-drake.md 4.2 A4: the Governor swaps with the ship one dock ahead.
        gov = state["titles"]["governor"]
        sailing = state["sailing"]
        if gov is not None:
            i = sailing.index(gov)
            if i > 0:
                sailing[i - 1], sailing[i] = sailing[i], sailing[i - 1]
                self._log(
                    state,
                    log,
                    T(
                        "Governor {player} moves up to Outbound Dock {dock}.",
                        player=_name(gov),
                        dock=i,
                    ),
                )
        # docs/rules/francis-drake.md 4.2 A5, 9.6.1: barrels set the zone, max 4.
        for seat in range(state["n"]):
            p = state["p"][seat]
            p["nav"] = min(4, p["supplies"])
            p["m"] = {lab: {"at": None, "st": "hand"} for lab in ("1", "2", "3", "4")}
            if p["hind"]:
                p["m"]["hind"] = {"at": None, "st": "hand"}
            if p["ghost"]:
                p["m"]["ghost"] = {"at": None, "st": "hand"}
        order = ", ".join(_name(s) for s in sailing)  # seats: the host names them
        self._log(state, log, T("Sailing Order: {order}.", order=order))
        state["phase"] = "missions"
        state["mturn"] = None
        self._next_mission_turn(state, None, log)

    # ------------------------------------------------------------------ sailing B

    def _can_place(self, state: State, seat: int) -> bool:
        # docs/rules/francis-drake.md 4.3, 9.6.8, 9.6.9
        return bool(self._hand(state, seat)) and bool(self._reachable(state, seat))

    def _next_mission_turn(self, state: State, seat: int | None, log: list[str]) -> None:
        """docs/rules/francis-drake.md 4.3: one disc each in Sailing Order until all are placed."""
        sailing = state["sailing"]
        start = -1 if seat is None else sailing.index(seat)
        for step in range(1, len(sailing) + 1):
            nxt = sailing[(start + step) % len(sailing)]
            if self._can_place(state, nxt):
                state["mturn"] = nxt
                return
        state["mturn"] = None
        # docs/rules/francis-drake.md 4.4: the Informer acts if they have a disc on the map.
        inf = state["titles"]["informer"]
        if inf is not None and self._placed(state, inf):
            state["phase"] = "informer"
            state["inf"] = {"stage": "choose", "dest": None}
            return
        self._reveal(state, log)

    def _apply_missions(self, state: State, seat: int, move: str, log, private) -> None:
        p = state["p"][seat]
        word, arg = ([*move.split(), ""])[:2]
        if word == "disc":
            p["sel"] = arg  # no DM: the placement step sends one line (one DM per disc)
            return
        if word == "back":
            p["sel"] = None
            return
        label = p["sel"]
        p["sel"] = None
        p["m"][label] = {"at": arg, "st": "placed"}
        state["dest"][arg]["stack"].append([seat, label])
        name = _dest(arg)
        line = T(
            "{player} places a Mission Disc face down at {place}.", player=_name(seat), place=name
        )
        self._log(state, log, line)
        private.setdefault(seat, []).append(
            T("You placed {disc} face down at {place}.", disc=_disc_name(label), place=name)
        )
        self._next_mission_turn(state, seat, log)

    # ------------------------------------------------------------------ sailing C

    def _informer_moves(self, state: State, seat: int) -> list[str]:
        inf = state["inf"]
        placed = self._placed(state, seat)
        if inf["stage"] == "choose":
            # docs/rules/francis-drake.md 4.4 options 1 and 2 (9.6.10).
            looks = [f"look {d}" for d in placed.values()]
            peeks = [
                f"peek {d}"
                for d in placed.values()
                if self._dest_info(d)["kind"] in ("fort", "galleon")
            ]
            return ["pass", *sorted(looks), *sorted(peeks)]
        if inf["stage"] == "swap":
            labels = [lab for lab in LABELS if lab in placed]
            return ["done"] + [f"swap {a} {b}" for a, b in itertools.combinations(labels, 2)]
        return ["stay"] + [f"move {d}" for d in self._reachable(state, seat)]

    def _apply_informer(self, state: State, seat: int, move: str, log, private) -> None:
        p = state["p"][seat]
        inf = state["inf"]
        words = move.split()
        who = _name(seat)
        if words[0] in ("pass", "done", "stay"):
            if words[0] == "pass":
                self._log(state, log, T("Informer {player} passes.", player=who))
            self._end_informer(state, log)
            return
        if words[0] == "look":
            dest_id = words[1]
            stack = [list(e) for e in state["dest"][dest_id]["stack"]]
            p["look"] = {dest_id: stack}
            inf["stage"] = "swap"
            name = _dest(dest_id)
            line = T("Informer {player} looks at the discs at {place}.", player=who, place=name)
            self._log(state, log, line)
            # What the Informer saw is a secret it receives ("look"): its DM says it once, in
            # the private sheet ("At ... you saw: ..."), not also as a note (issue 40 section 5).
            return
        if words[0] == "swap":
            # docs/rules/francis-drake.md 4.4 option 1: swap the positions of 2 own discs.
            a, b = words[1], words[2]
            at_a, at_b = p["m"][a]["at"], p["m"][b]["at"]
            p["m"][a]["at"], p["m"][b]["at"] = at_b, at_a
            for dest_id, old, new in ((at_a, a, b), (at_b, b, a)):
                for entry in state["dest"][dest_id]["stack"]:
                    if entry == [seat, old]:
                        entry[1] = new
                        break
            names = (_dest(at_a), _dest(at_b))
            line = T(
                "Informer {player} swaps two discs ({first}, {second}).",
                player=who,
                first=names[0],
                second=names[1],
            )
            self._log(state, log, line)
            private.setdefault(seat, []).append(
                T(
                    "You swapped {a} and {b}: {b} is now at {first}, {a} at {second}.",
                    a=_disc_name(a),
                    b=_disc_name(b),
                    first=names[0],
                    second=names[1],
                )
            )
            self._end_informer(state, log)
            return
        if words[0] == "peek":
            dest_id = words[1]
            value = state["dest"][dest_id]["counter"]
            p["known"][dest_id] = value  # docs/rules/francis-drake.md 4.4 option 2
            inf["stage"] = "move"
            inf["dest"] = dest_id
            name = _dest(dest_id)
            line = T("Informer {player} peeks at the counter at {place}.", player=who, place=name)
            self._log(state, log, line)
            what = _counter_kind(self._dest_info(dest_id)["kind"])
            private.setdefault(seat, []).append(
                T(
                    "The {thing} counter at {place} shows +{value}.",
                    thing=what,
                    place=name,
                    value=value,
                )
            )
            return
        # move: docs/rules/francis-drake.md 4.4 option 2, 9.6.10
        src, dst = inf["dest"], words[1]
        label = next(lab for lab, d in self._placed(state, seat).items() if d == src)
        state["dest"][src]["stack"].remove([seat, label])
        state["dest"][dst]["stack"].append([seat, label])
        p["m"][label]["at"] = dst
        line = T(
            "Informer {player} moves a disc from {source} to {target}.",
            player=who,
            source=_dest(src),
            target=_dest(dst),
        )
        self._log(state, log, line)
        self._end_informer(state, log)

    def _end_informer(self, state: State, log: list[str]) -> None:
        state["inf"] = None
        self._reveal(state, log)

    # ------------------------------------------------------------------ sailing D

    def _reveal(self, state: State, log: list[str]) -> None:
        """docs/rules/francis-drake.md 4.5: reveal, Ghost Ships vanish, arrange in arrival order."""
        sailing = state["sailing"]
        state["revealed"] = True
        for seat in range(state["n"]):
            ghost = state["p"][seat]["m"].get("ghost")
            if ghost and ghost["st"] == "placed":
                state["dest"][ghost["at"]]["stack"].remove([seat, "ghost"])
                ghost["st"] = "gone"  # docs/rules/francis-drake.md 7.13
            if ghost and ghost["st"] == "hand":
                ghost["st"] = "gone"

        def arrival(entry: list) -> tuple:
            seat, label = entry
            rank = 0 if label == "hind" else int(label)
            return (rank, sailing.index(seat))

        parts = []
        for dest_id in load()["dest_order"]:
            stack = state["dest"][dest_id]["stack"]
            stack.sort(key=arrival)
            if stack:
                discs = [
                    T(
                        "{player} {disc}",
                        player=_name(s),
                        disc=_tag(lab) if lab in LABEL_SHORT else lab,
                    )
                    for s, lab in stack
                ]
                parts.append(T("{place}: {discs}", place=_dest(dest_id), discs=_listed(discs)))
        if parts:
            line = T("Discs revealed. {stacks}.", stacks=_listed(parts, "; "))
        else:
            line = T("Discs revealed. No disc on the map.")
        self._log(state, log, line)
        for seat in range(state["n"]):
            state["p"][seat]["look"] = {}
        # docs/rules/francis-drake.md 4.6: Golden Hind, then all 1s in Sailing Order, 2s, 3s, 4s.
        queue: list[list] = []
        for seat in sailing:
            hind = state["p"][seat]["m"].get("hind")
            if hind and hind["st"] == "placed":
                queue.append([seat, "hind"])
        queue.append(["sweep"])  # docs/rules/francis-drake.md 9.6.8
        for label in ("1", "2", "3", "4"):
            for seat in sailing:
                if state["p"][seat]["m"][label]["st"] == "placed":
                    queue.append([seat, label])
        state["queue"] = queue
        state["qi"] = 0
        state["phase"] = "resolve"
        state["cur"] = None
        self._advance(state, log)

    # ------------------------------------------------------------------ sailing E/F

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

    def _could_attack_at_lowest(self, state: State, seat: int, dest_id: str) -> bool:
        """Whether this disc's owner could pay at the lowest counter value not yet shown (public:
        the counter multiset is printed, 2.1)."""
        info = self._dest_info(dest_id)
        dest = state["dest"][dest_id]
        low = min(
            state["dest"][d]["counter"]
            for d in self._kind_ids(info["kind"])
            if not state["dest"][d]["shown"] and state["dest"][d]["counter"] is not None
        )
        p = state["p"][seat]
        if info["kind"] == "galleon":
            gc = load()["galleon_counters"][dest["gc"]]
            return p["ship"] == "galleon" and p["guns"] >= gc["front_guns"] + low
        enough_guns = p["pinnace"] or p["guns"] >= info["guns"]
        return p["crew"] >= info["troops"] + low and enough_guns

    def _knows_counter(self, state: State, seat: int, dest_id: str) -> bool:
        """The seat knows the face-down counter there: the Governor or Admiral who placed it
        (4.2 A2-A3), an Informer who peeked at it (4.4)."""
        return dest_id in state["p"][seat]["known"]

    def _show_counter(self, state: State, dest_id: str, log: list[str]) -> None:
        """docs/rules/francis-drake.md 5.2, 7.10: the counter turns face up, for everyone."""
        dest = state["dest"][dest_id]
        dest["shown"] = True
        line = T(
            "The {thing} counter at {place} is +{value}.",
            thing=_counter_kind(self._dest_info(dest_id)["kind"]),
            place=_dest(dest_id),
            value=dest["counter"],
        )
        self._log(state, log, line)

    def _advance(self, state: State, log: list[str]) -> None:
        """Run the global resolution order until a player must decide (rules 4.6, 4.7)."""
        queue = state["queue"]
        while state["qi"] < len(queue):
            entry = queue[state["qi"]]
            if entry == ["sweep"]:
                state["qi"] += 1
                for seat in state["sailing"]:
                    p = state["p"][seat]
                    if not p["returned"] and not self._placed(state, seat):
                        self._return_home(state, seat, early=False, log=log)
                continue
            seat, label = entry
            p = state["p"][seat]
            if p["returned"] or p["m"][label]["st"] != "placed":
                state["qi"] += 1
                continue
            dest_id = p["m"][label]["at"]
            dest = state["dest"][dest_id]
            info = self._dest_info(dest_id)
            # docs/rules/francis-drake.md 5.2, 7.10, 9.6.11: "the first player who attacks" turns
            # the counter: a player who could not attack even at the lowest value still hidden
            # (a Frigate at a Galleon, too few Crew) leaves it face down (Issue 16). A player
            # who already knows the value (Governor, Admiral, an Informer who peeked) decides
            # first, attack or decline, and the counter turns only if they attack (Issue 38).
            asked = False
            if self._counter_down(state, dest_id) and self._could_attack_at_lowest(
                state, seat, dest_id
            ):
                if self._knows_counter(state, seat, dest_id):
                    asked = True  # even with "decline" alone: the table learns nothing
                else:
                    self._show_counter(state, dest_id, log)
            if asked or self._mission_options(state, seat, dest_id):
                state["cur"] = {"seat": seat, "disc": label, "dest": dest_id, "stage": "act"}
                return
            # docs/rules/francis-drake.md 4.6: the mission cannot be made, the disc goes back.
            state["qi"] += 1
            p["m"][label]["st"] = "back"
            dest["stack"].remove([seat, label])
            who, tag, place = _name(seat), _tag(label), _dest(dest_id)
            if dest["succ"] >= 2 and info["kind"] != "port":
                line = T(
                    "{player} {disc} at {place}: full, the disc goes back.",
                    player=who,
                    disc=tag,
                    place=place,
                )
            else:
                line = T(
                    "{player} {disc} at {place}: not possible, the disc goes back.",
                    player=who,
                    disc=tag,
                    place=place,
                )
            self._log(state, log, line)
            if self._after_mission(state, seat, log):
                return
        # Everyone is home once the queue is empty (safety for any player left out).
        for seat in state["sailing"]:
            if not state["p"][seat]["returned"]:
                self._return_home(state, seat, early=False, log=log)
        self._score_voyage(state, log)

    def _after_mission(self, state: State, seat: int, log: list[str]) -> bool:
        """docs/rules/francis-drake.md 4.7, 9.6.7: ask for a return; mandatory with no disc left.

        Returns True when the game now waits for the player's decision."""
        if self._placed(state, seat):
            state["cur"] = {"seat": seat, "disc": None, "dest": None, "stage": "return"}
            return True
        state["cur"] = None
        self._return_home(state, seat, early=False, log=log)
        return False

    def _return_home(self, state: State, seat: int, early: bool, log: list[str]) -> None:
        """docs/rules/francis-drake.md 4.7: lowest empty Homebound Dock; unused discs come back."""
        p = state["p"][seat]
        p["returned"] = True
        for label, disc in p["m"].items():
            if disc["st"] == "placed":
                state["dest"][disc["at"]]["stack"].remove([seat, label])
                disc["st"] = "back"
        state["home"].append(seat)
        who, dock = _name(seat), len(state["home"])
        line = T("{player} returns to Homebound Dock {dock}.", player=who, dock=dock)
        if early:
            # docs/rules/francis-drake.md 4.7, 9.6.5: by early-return position, no passing down.
            bonus_table = load()["tables"]["scoring"]["hero_bonus"]
            position = state["heroes"]
            state["heroes"] += 1
            if position < len(bonus_table):
                bonus = bonus_table[position] if p["wins"] > 0 else 0
                p["score"] += bonus
                if bonus:
                    p["vp_log"].append(["hero", bonus])
                line = T(
                    "{player} returns to Homebound Dock {dock}, early: hero bonus {bonus} VP.",
                    player=who,
                    dock=dock,
                    bonus=bonus,
                )
        self._log(state, log, line)

    def _apply_resolve(self, state: State, seat: int, move: str, log: list[str], private) -> None:
        cur = state["cur"]
        p = state["p"][seat]
        words = move.split()
        who = _name(seat)
        if cur["stage"] == "return":
            state["cur"] = None
            if words[0] == "return":
                self._return_home(state, seat, early=True, log=log)
            self._advance(state, log)
            return
        label, dest_id = cur["disc"], cur["dest"]
        dest = state["dest"][dest_id]
        info = self._dest_info(dest_id)
        state["qi"] += 1
        if words[0] == "decline":
            # docs/rules/francis-drake.md 4.6: a voluntary decline returns the disc.
            p["m"][label]["st"] = "back"
            dest["stack"].remove([seat, label])
            line = T(
                "{player} declines at {place} ({disc}).",
                player=who,
                place=_dest(dest_id),
                disc=_tag(label),
            )
            self._log(state, log, line)
        elif words[0] == "trade":
            # docs/rules/francis-drake.md 5.2: 1 Trade Good for 1 Commodity of the player's choice.
            good = words[1]
            self._pay(state, seat, "trade_goods", 1)
            dest["goods"].remove(good)
            dest["trades"] += 1
            p["comm"][good] += 1
            p["m"][label]["st"] = "won"
            line = T(
                "{player} trades 1 Trade Good at {place} for 1 {good}.",
                player=who,
                place=_dest(dest_id),
                good=_good(good),
            )
            self._log(state, log, line)
        else:
            # docs/rules/francis-drake.md 5.2, 7.10: the first attack turns a counter still face
            # down (one its attacker knew, Issue 38).
            if self._counter_down(state, dest_id):
                self._show_counter(state, dest_id, log)
            # docs/rules/francis-drake.md 4.6, 5.2: pay, score, conquest type, treasure to the
            # first.
            crew, guns, vp = self._defence(state, dest_id)
            kind = info["kind"]
            if kind == "galleon":
                self._pay(state, seat, "guns", guns)
            else:
                self._pay(state, seat, "crew", crew)
                if kind == "fort" and not p["pinnace"]:
                    self._pay(state, seat, "guns", guns)  # docs/rules/francis-drake.md 7.11
            p["score"] += vp
            p["vp_log"].append([dest_id, vp])
            p["wins"] += 1
            if kind not in p["conq"]:
                p["conq"].append(kind)  # docs/rules/francis-drake.md 7.14
            dest["succ"] += 1
            p["m"][label]["st"] = "won"
            place, tag = _dest(dest_id), _tag(label)
            line = T(
                "{player} attacks {place} ({disc}): success, {vp} VP.",
                player=who,
                place=place,
                disc=tag,
                vp=vp,
            )
            if dest["succ"] == 1 and dest["treasure"]:
                metal = dest["treasure"]
                p["chest"][metal] += 1
                p["loot"][metal] += 1  # this voyage's take, public on the map until Reset
                dest["treasure"] = None
                # docs/rules/francis-drake.md 9.4 (public act); the {treasure} parameter marks the
                # line as a take, which the board's panel drops at Reset.
                line = T(
                    "{player} attacks {place} ({disc}): success, {vp} VP, takes the {treasure}.",
                    player=who,
                    place=place,
                    disc=tag,
                    vp=vp,
                    treasure=_treasure(metal),
                )
                # The chest is a secret the seat receives: its DM shows it once, in the private
                # sheet ("Your Treasure Chest: ..."), not also as a note (issue 40 section 5).
            self._log(state, log, line)
        state["cur"] = None
        if self._after_mission(state, seat, log):
            return
        self._advance(state, log)

    # ------------------------------------------------------------------ sailing G/H

    def _score_voyage(self, state: State, log: list[str]) -> None:
        scoring = load()["tables"]["scoring"]
        supply = state["supply"]
        # docs/rules/francis-drake.md 4.8: Types of Conquest 1 / 4 / 10.
        for seat in state["sailing"]:
            p = state["p"][seat]
            types = len(p["conq"])
            vp = scoring["conquest_types"][types]
            if vp:
                p["score"] += vp
                p["vp_log"].append(["types", vp])
                line = Tn(
                    "{player}: {count} type of conquest, {vp} VP.",
                    "{player}: {count} types of conquest, {vp} VP.",
                    types,
                    player=_name(seat),
                    vp=vp,
                )
                self._log(state, log, line)
        # docs/rules/francis-drake.md 4.8, 7.17: Admiral per Gold, Governor per Silver left on the
        # map.
        for title, metal in (("admiral", "gold"), ("governor", "silver")):
            holder = state["titles"][title]
            left = [d for d in state["dest"].values() if d["treasure"] == metal]
            if holder is not None:
                state["p"][holder]["score"] += len(left)
                if left:
                    state["p"][holder]["vp_log"].append([title, len(left)])
                left_on_map, vp = _count(len(left), metal), _count(len(left), "vp")
                if title == "admiral":
                    line = T(
                        "Admiral {player}: {left} left on the map, +{vp}.",
                        player=_name(holder),
                        left=left_on_map,
                        vp=vp,
                    )
                else:
                    line = T(
                        "Governor {player}: {left} left on the map, +{vp}.",
                        player=_name(holder),
                        left=left_on_map,
                        vp=vp,
                    )
                self._log(state, log, line)
            for dest in left:
                dest["treasure"] = None
                supply[metal] += 1
        if state["voyage"] < 3:
            self._reset(state, log)
        else:
            self._final(state, log)

    def _reset(self, state: State, log: list[str]) -> None:
        """docs/rules/francis-drake.md 4.9 (after voyages 1 and 2)."""
        rng = Rng(state["rng"])
        supply = state["supply"]
        # step 2: re-order by score; ties keep their relative Sailing Order (7.18).
        sailing = state["sailing"]
        order = sorted(range(state["n"]), key=lambda s: (-state["p"][s]["score"], sailing.index(s)))
        for seat in range(state["n"]):
            p = state["p"][seat]
            for res in RESOURCES:  # step 1: only Commodities and chests are kept
                supply[res] += p[res]
                p[res] = 0
            fresh = self._new_player(p["score"])
            for keep in ("score", "comm", "chest", "investor", "vp_log"):
                fresh[keep] = p[keep]
            state["p"][seat] = fresh
        for dest in state["dest"].values():
            if dest["treasure"]:
                supply[dest["treasure"]] += 1
            dest.update(self._fresh_dest(""), goods=dest["goods"])
        state["titles"] = {"admiral": None, "governor": None, "informer": None}
        # docs/rules/francis-drake.md 9.4: chests close at Reset; the board panel drops the takes.
        state["recent"] = [line for line in state["recent"] if not _is_take(line)]
        state["voyage"] += 1  # step 8
        state["street"] = self._street(state, state["n"], rng, state["voyage"])  # step 4
        self._refill_map(state, rng)  # steps 5-7
        state.update(
            home=order,
            out=[],
            investor=[],
            dockside=[],
            queue=[],
            qi=0,
            cur=None,
            heroes=0,
            revealed=False,
            last_roll=None,
            phase="provision",
            turn=order[0],
        )
        state["rng"] = rng.state
        letters = ", ".join(_name(s) for s in order)  # seats: the host names them
        line = T(
            "Voyage {voyage} begins. Starting order: {order}.",
            voyage=state["voyage"],
            order=letters,
        )
        self._log(state, log, line)

    @staticmethod
    def commodity_points(comm: dict[str, int]) -> int:
        """docs/rules/francis-drake.md 6: sets of different Commodities 26/16/8, singles 2."""
        table = load()["tables"]["scoring"]["commodity_sets"]
        counts = [v for v in comm.values() if v > 0]
        total = 0
        while counts:
            total += table[len(counts)] if len(counts) > 1 else table[1] * counts[0]
            if len(counts) == 1:
                break
            counts = [c - 1 for c in counts if c > 1]
        return total

    def final_row(self, p: dict) -> dict:
        """docs/rules/francis-drake.md 6: a player's final score from what they hold (Commodities,
        then Treasure Chest, on top of the voyage VP)."""
        values = load()["tables"]["scoring"]["treasure"]
        goods = self.commodity_points(p["comm"])
        treasure = sum(values[k] * v for k, v in p["chest"].items())
        return {
            "voyages": p["score"],
            "commodities": goods,
            "treasure": treasure,
            "gold": p["chest"]["gold"],
            "silver": p["chest"]["silver"],
            "jewels": p["chest"]["jewel"],
            "total": p["score"] + goods + treasure,
        }

    def _final(self, state: State, log: list[str]) -> None:
        """docs/rules/francis-drake.md 6: Commodities, then Treasure Chests."""
        final = [self.final_row(state["p"][seat]) for seat in range(state["n"])]
        state["final"] = final
        state["phase"] = "over"
        state["cur"] = None
        scores = [
            T("{player} {score}", player=_name(s), score=_count(f["total"], "vp"))
            for s, f in enumerate(final)
        ]
        self._log(state, log, T("Game over. {scores}", scores=_listed(scores)))

    # ------------------------------------------------------------------ apply

    def _apply(self, state: State, seat: int, move: str):
        log: list[str] = []
        private: dict[int, list[str]] = {}
        phase = state["phase"]
        if phase == "provision":
            self._apply_provision(state, seat, move, log)
        elif phase == "arrange":
            self._apply_arrange(state, seat, move, log, private)
        elif phase == "missions":
            self._apply_missions(state, seat, move, log, private)
        elif phase == "informer":
            self._apply_informer(state, seat, move, log, private)
        elif phase == "resolve":
            self._apply_resolve(state, seat, move, log, private)
        return log, private

    # ------------------------------------------------------------------ views

    def view(self, state: State, seat: int | None) -> dict:
        data = load()
        revealed = state["revealed"]
        players = []
        for s in range(state["n"]):
            p = state["p"][s]
            m = p["m"]
            players.append(
                {
                    "score": p["score"],
                    "crew": p["crew"],
                    "guns": p["guns"],
                    "supplies": p["supplies"],
                    "trade_goods": p["trade_goods"],
                    "ship": p["ship"],
                    "pinnace": p["pinnace"],
                    "commodities": dict(p["comm"]),
                    "investor": p["investor"],
                    "player_discs": p["discs"],
                    "street_pos": p["last"],
                    "hind": p["hind"],
                    "ghost": p["ghost"],
                    "nav": p["nav"],
                    "conquests": list(p["conq"]),
                    "missions_in_hand": sum(1 for d in m.values() if d["st"] == "hand"),
                    "missions_on_map": sum(1 for d in m.values() if d["st"] == "placed"),
                    "returned": p["returned"],
                    "titles": [t for t in TITLES if state["titles"].get(t) == s],
                    "drake_pending": p["drake"],
                }
            )
        dests = []
        for dest_id in data["dest_order"]:
            info = data["dests"][dest_id]
            dest = state["dest"][dest_id]
            entry = {
                "id": dest_id,
                "name": info["name"],
                "kind": info["kind"],
                "zone": info["zone"],
                "circles": info["circles"],
                "x": info["x"],
                "y": info["y"],
                "symbol": info.get("treasure") or None,
                "treasure": dest["treasure"],
                "successes": dest["succ"],
            }
            if info["kind"] == "port":
                entry.update(goods=list(dest["goods"]), trades=dest["trades"])
            else:
                _, _, vp = self._defence(state, dest_id)
                entry.update(vp=vp, printed_troops=info.get("troops", 0))
                entry.update(printed_guns=info.get("guns", 0))
                if info["kind"] == "galleon":
                    gc = data["galleon_counters"][dest["gc"]]
                    entry.update(printed_guns=gc["front_guns"], galleon_counter=dest["gc"])
                if info["kind"] in ("fort", "galleon"):
                    entry["counter_state"] = (
                        "shown"
                        if dest["shown"]
                        else ("hidden" if dest["counter"] is not None else "none")
                    )
                    entry["counter_value"] = dest["counter"] if dest["shown"] else None
            if revealed:
                entry["stack"] = [
                    {"seat": s, "disc": lab, "state": self._disc_state(state, s, lab)}
                    for s, lab in dest["stack"]
                ]
            else:
                entry["stack"] = [{"seat": s} for s, _ in dest["stack"]]
            dests.append(entry)
        street = [
            {"pos": i + 1, "kind": loc["kind"], "values": list(loc["v"]), "occ": list(loc["occ"])}
            for i, loc in enumerate(state["street"])
        ]
        public = {
            "game": self.id,
            "variant": state["variant"],
            "players": state["n"],
            "voyage": state["voyage"],
            "phase": state["phase"],
            "to_move": self.to_move(state),
            "awaiting": self._awaiting(state),
            "street": street,
            "investor": list(state["investor"]),
            "dockside": list(state["dockside"]),
            "homebound": list(state["home"]),
            "outbound": list(state["out"]),
            "sailing_order": list(state["sailing"]),
            "titles": {t: state["titles"].get(t) for t in TITLES},
            "arrange_pending": {k: v is not None for k, v in state["arrange"].items()},
            "revealed": revealed,
            "current": dict(state["cur"]) if state["cur"] else None,
            "informer_stage": state["inf"]["stage"] if state["inf"] else None,
            "last_roll": dict(state["last_roll"]) if state["last_roll"] else None,
            "heroes": state["heroes"],
            "player_info": players,
            "map": dests,
            "recent": [load_text(line) for line in state["recent"]],
            # docs/rules/francis-drake.md 2.1, 9.6.12: the limited general supply is in plain view
            # on the Harbour Chart; 2.4: the Tavern table is printed on its tile (Issue 16).
            "supply": {k: state["supply"][k] for k in SUPPLY_ORDER},
            "tavern_table": {
                "crew": {k: v for k, v in sorted(data["tables"]["tavern"]["crew"].items())},
                "ghost_ship": list(data["tables"]["tavern"]["ghost_ship"]),
            },
            "final": [dict(f) for f in state["final"]] if state["final"] else None,
        }
        if seat is None:
            return public
        return public | {"seat": seat, "private": self._view_private(state, seat)}

    def _disc_state(self, state: State, seat: int, label: str) -> str:
        return state["p"][seat]["m"][label]["st"]

    def _view_private(self, state: State, seat: int) -> dict:
        p = state["p"][seat]
        out: dict = {"chest": dict(p["chest"])}
        if not state["revealed"]:
            discs = {lab: _dest(d) for lab, d in self._placed(state, seat).items()}
            if discs:
                out["my_discs"] = discs
        hand = self._hand(state, seat) if state["phase"] == "missions" else []
        if hand:
            out["hand"] = hand
        if p["sel"] is not None:
            out["selected"] = p["sel"]
        known = {_dest(d): v for d, v in p["known"].items() if not state["dest"][d]["shown"]}
        if known:
            out["counters"] = known
        if p["look"]:
            out["look"] = {
                _dest(d): [
                    T("{player} {disc}", player=_name(s), disc=_tag(lab)) for s, lab in stack
                ]
                for d, stack in p["look"].items()
            }
        return out

    def _awaiting(self, state: State) -> Msg:
        phase = state["phase"]
        if phase == "provision":
            return T("{player}: Provisioning (place a disc or sail)", player=_name(state["turn"]))
        if phase == "arrange":
            return T("Admiral/Governor: place the Spanish counters")
        if phase == "missions":
            return T("{player}: place a Mission Disc", player=_name(state["mturn"]))
        if phase == "informer":
            return T("{player}: Informer", player=_name(state["titles"]["informer"]))
        if phase == "resolve":
            cur = state["cur"]
            if cur["stage"] == "return":
                return T("{player}: return to Plymouth or continue", player=_name(cur["seat"]))
            return T(
                "{player}: mission {disc} at {place}",
                player=_name(cur["seat"]),
                disc=cur["disc"],
                place=_dest(cur["dest"]),
            )
        return T("Game over")

    # ------------------------------------------------------------------ words for people

    def _dest_brief(self, state: State, seat: int, dest_id: str) -> Msg:
        """What a Destination asks, as that seat knows it (printed values, known counters)."""
        info = self._dest_info(dest_id)
        kind = info["kind"]
        if kind == "port":
            goods = state["dest"][dest_id]["goods"]
            if not goods:
                return T("port: nothing left")
            return T("port: {goods}", goods=joined([_good(g) for g in goods]))
        dest = state["dest"][dest_id]
        known = dest["counter"] if dest["shown"] else state["p"][seat]["known"].get(dest_id)
        if kind == "galleon":
            gc = load()["galleon_counters"][dest["gc"]]
            base, vp = gc["front_guns"], gc["front_vp"]
            # A hidden counter adds to what is printed: "or more" until someone has seen it.
            if known is not None:
                need = _count(base + known, "guns")
            else:
                need = Tn("{count} Gun or more", "{count} Guns or more", base)
        elif kind == "fort":
            troops = info["troops"]
            if known is not None:
                crew_txt = _count(troops + known, "crew")
            else:
                crew_txt = Tn("{count} Crew or more", "{count} Crew or more", troops)
            need = T("{crew}, {guns}", crew=crew_txt, guns=_count(info["guns"], "guns"))
            vp = info["vp"]
        else:
            need, vp = T("1 Crew"), info["vp"]
        return T(
            "{kind} in zone {zone}, {need}, {vp} VP",
            kind=_kind(kind),
            zone=info["zone"],
            need=need,
            vp=vp,
        )

    def match(self, state: State, seat: int, text: str) -> str:
        """As the base matcher, but ``place N ...`` names Location N only: a position that is
        not open is refused instead of matching another Location's description."""
        if isinstance(text, str):
            words = normalize_move_text(text).split(" ")
            if len(words) >= 2 and words[0] == "place" and words[1].isdigit():
                legal = self.legal_moves(state, seat)
                if not any(m.startswith(f"place {words[1]} ") for m in legal):
                    raise UnclearMove(
                        T(
                            "Location {pos} is not open to you now. Legal now: {legal}.",
                            pos=words[1],
                            legal=_options(legal),
                        ),
                        reason=T("Location {pos} is not open to you now.", pos=words[1]),
                    )
        return super().match(state, seat, text)

    def describe(self, state: State, seat: int, move: str) -> str:
        """A legal move in words (<= 90 characters), from what ``seat`` can see."""
        words = move.split()
        head = words[0] if words else ""
        p = state["p"][seat]
        text: str = move
        if head == "place":
            text = self._describe_place(state, seat, int(words[1]))
        elif head == "drake":
            if words[1] == "crew":
                text = T("2nd disc at Drake: 2 Crew, 2 Guns and 1 more Crew")
            else:
                text = T("2nd disc at Drake: 2 Crew, 2 Guns and 1 more Gun")
        elif head == "investor":
            what = {
                "1c2g": T("1 Crew and 2 Guns"),
                "2c1g": T("2 Crew and 1 Gun"),
                "galleon": T("Frigate becomes a Galleon"),
            }[words[1]]
            text = T("Pay 4 VP at the Investor (once a game): {what}", what=what)
        elif head == "dockside":
            res = {"crew": "crew", "gun": "guns", "supply": "supplies"}[words[1]]
            text = T("Dockside: take {what}, then sail next turn", what=_count(1, res))
        elif head == "sail":
            text = T(
                "Sail to Outbound Dock {dock} (done for this phase)", dock=len(state["out"]) + 1
            )
        elif head in ("frigates", "troops"):
            kind = "galleon" if head == "frigates" else "fort"
            values = words[1].split(",")
            pairs = [
                T("+{value} {place}", value=v, place=_dest(d))
                for d, v in zip(self._kind_ids(kind), values, strict=True)
            ]
            if head == "frigates":
                text = T("Frigates {counters}", counters=_listed(pairs))
            else:
                text = T("Troops {counters}", counters=_listed(pairs))
        elif head == "disc":
            if words[1] == "hind":
                text = T("Pick the Golden Hind disc (resolves before all others)")
            elif words[1] == "ghost":
                text = T("Pick the Ghost Ship decoy (vanishes at the reveal)")
            else:
                text = T("Pick Mission Disc {label} to place face down", label=words[1])
        elif head == "to":
            name = _dest(words[1])
            disc = _disc_name(p["sel"]) if p["sel"] else T("the disc")
            brief = self._dest_brief(state, seat, words[1])
            text = T("Send {disc} to {place} ({brief})", disc=disc, place=name, brief=brief)
            if len(text) > 90:
                text = T("Send {disc} to {place}", disc=disc, place=name)
        elif head == "back":
            text = T("Put {disc} back and pick another disc", disc=_disc_name(p["sel"] or ""))
        elif head == "pass":
            text = T("Informer: do nothing this voyage")
        elif head == "look":
            text = T(
                "Look at all discs at {place}, then you may swap 2 of yours",
                place=_dest(words[1]),
            )
        elif head == "peek":
            info = self._dest_info(words[1])
            text = T(
                "Peek at the {thing} counter at {place}, then you may move your disc",
                thing=_counter_kind(info["kind"]),
                place=_dest(words[1]),
            )
        elif head == "swap":
            placed = self._placed(state, seat)
            a, b = words[1], words[2]
            text = T(
                "Swap {a} ({at_a}) with {b} ({at_b})",
                a=_tag(a),
                at_a=_dest(placed[a]),
                b=_tag(b),
                at_b=_dest(placed[b]),
            )
        elif head == "done":
            text = T("Swap nothing; turn the discs over")
        elif head == "stay":
            text = T("Leave your disc where it is")
        elif head == "move":
            text = T(
                "Move your disc from {source} to {target}",
                source=_dest(state["inf"]["dest"]),
                target=_dest(words[1]),
            )
        elif head in ("attack", "trade", "decline"):
            text = self._describe_mission(state, seat, words)
        elif head == "continue":
            text = T("Stay at sea for your next mission")
        elif head == "return":
            dock = len(state["home"]) + 1
            bonus_table = load()["tables"]["scoring"]["hero_bonus"]
            bonus = bonus_table[state["heroes"]] if state["heroes"] < len(bonus_table) else 0
            bonus = bonus if p["wins"] else 0
            if bonus:
                text = T(
                    "Return home now to Homebound Dock {dock}, hero bonus {bonus} VP",
                    dock=dock,
                    bonus=bonus,
                )
            else:
                text = T("Return home now to Homebound Dock {dock}, no hero bonus", dock=dock)
        return text

    def _describe_place(self, state: State, seat: int, pos: int) -> Msg:
        loc = state["street"][pos - 1]
        kind = loc["kind"]
        value = loc["v"][loc["occ"].index(None)]
        where = T("Disc at {pos} {location}", pos=pos, location=_loc(kind))
        if kind in RESOURCES:
            got = min(value, state["supply"][kind])
            return T("{where}: take {got}", where=where, got=_count(got, kind))
        if kind == "tavern":
            if value:
                gain = T("roll a die +{bonus} for Crew (1-2: Ghost Ship)", bonus=value)
            else:
                gain = T("roll a die for Crew (1-2: Ghost Ship)")
        elif kind == "shipyard":
            gain = T("a Galleon and {got}", got=_count(value, "guns")) if value else T("a Galleon")
        elif kind == "pinnace":
            if value:
                gain = T("a Pinnace (no Guns needed at Forts) and {got}", got=_count(value, "crew"))
            else:
                gain = T("a Pinnace (no Guns needed at Forts)")
        else:
            gain = {
                "drake": T("1st of 2 turns: then 2 Crew, 2 Guns and 1 more"),
                "queen": T("a Galleon, 1 Gun and 1 Trade Good"),
                "admiral": T("place the Spanish Frigates; +1 VP per Gold left"),
                "governor": T("place the Troops, move up a dock; +1 VP per Silver left"),
                "informer": T("the Informer and 1 Trade Good"),
                "golden_hind": T("the Golden Hind disc (an extra first mission)"),
            }[kind]
        return T("{where}: {gain}", where=where, gain=gain)

    def _describe_mission(self, state: State, seat: int, words: list[str]) -> Msg:
        cur = state["cur"]
        dest_id = cur["dest"]
        info = self._dest_info(dest_id)
        name = _dest(dest_id)
        if words[0] == "decline":
            return T(
                "Decline at {place}: take {disc} back", place=name, disc=_disc_name(cur["disc"])
            )
        if words[0] == "trade":
            return T("Pay 1 Trade Good at {place} for 1 {good}", place=name, good=_good(words[1]))
        crew, guns, vp = self._defence(state, dest_id)
        kind = info["kind"]
        if kind == "galleon":
            cost = _count(guns, "guns")
        elif kind == "fort" and not state["p"][seat]["pinnace"]:
            cost = joined([_count(crew, "crew"), _count(guns, "guns")])
        else:
            cost = _count(crew, "crew")
        dest = state["dest"][dest_id]
        if dest["treasure"]:
            return T(
                "Attack {place}: pay {cost} for {vp} VP and the {treasure}",
                place=name,
                cost=cost,
                vp=vp,
                treasure=_treasure(dest["treasure"]),
            )
        return T("Attack {place}: pay {cost} for {vp} VP", place=name, cost=cost, vp=vp)

    def aliases(self, state: State, seat: int, move: str) -> list[str]:
        """Other names for ``move``: printed names, parts in any order (rules glossary 10)."""
        words = move.split()
        head = words[0] if words else ""
        out: list[str] = []
        if head in ("to", "look", "peek", "move") and len(words) == 2:
            name = self._dest_info(words[1])["name"]
            out += [f"{head} {name}"]
            if head in ("to", "move"):
                out.append(name)
            if self._dest_info(words[1])["kind"] == "galleon":
                number = {"I": "1", "II": "2", "III": "3"}[name.split()[-1]]
                out.append(f"{head} galleon {number}")
        elif head == "place":
            kind = state["street"][int(words[1]) - 1]["kind"]
            full = KIND_NAMES[kind].lower()
            if full != words[2]:
                out.append(f"place {words[1]} {full}")
            if sum(1 for loc in state["street"] if loc["kind"] == kind) == 1:
                out += [f"place {full}", full]
        elif head == "swap":
            out.append(f"swap {words[2]} {words[1]}")
        elif head == "investor" and words[1] != "galleon":
            crew, guns = int(words[1][0]), int(words[1][2])
            c, g = _count(crew, "crew").lower(), _count(guns, "guns").lower()
            out += [f"investor {c} {g}", f"investor {g} {c}", f"investor {crew}c {guns}g"]
        elif head == "dockside":
            plural = {"gun": "guns", "supply": "supplies", "crew": ""}[words[1]]
            if plural:
                out.append(f"dockside {plural}")
        elif head == "drake" and words[1] == "gun":
            out.append("drake guns")
        elif head == "disc" and words[1] in LABEL_SHORT:
            full = LABEL_SHORT[words[1]].lower()
            out += [f"disc {full}", full]
        elif head == "trade":
            out.append(words[1])
        elif head in ("frigates", "troops"):
            out.append(f"{head} " + " ".join(words[1].split(",")))
        return [a for a in out if a != move]

    def private_text(self, view: dict) -> list[str]:
        """The seat's private section as short sentences (no JSON)."""
        priv = view.get("private") or {}
        lines: list[str] = []
        chest = priv.get("chest", {})
        parts = [_count(chest[m], m) for m in TREASURES if chest.get(m)]
        if parts:  # an empty chest is no news (issue 25: never a DM to say so)
            lines.append(T("Your Treasure Chest: {chest}.", chest=joined(parts)))
        discs = priv.get("my_discs") or {}
        if discs:
            where = [
                T("{disc} at {place}", disc=_disc_name(lab), place=name)
                for lab, name in discs.items()
            ]
            lines.append(T("Face down on the map: {discs}.", discs=joined(where)))
        if priv.get("hand"):
            hand = joined([_disc_name(h) for h in priv["hand"]])
            lines.append(T("Still to place: {discs}.", discs=hand))
        if priv.get("selected"):
            lines.append(
                T(
                    "You picked {disc}; now choose where it goes.",
                    disc=_disc_name(priv["selected"]),
                )
            )
        counters = priv.get("counters") or {}
        if counters:
            known = [T("{place} +{value}", place=name, value=v) for name, v in counters.items()]
            lines.append(T("Face-down counters you know: {counters}.", counters=joined(known)))
        for name, seen in (priv.get("look") or {}).items():
            lines.append(T("At {place} you saw: {seen}.", place=name, seen=joined(seen)))
        return lines

    # ------------------------------------------------------------------ hidden information

    def choices_are_public(self, state: State, seat: int) -> bool:
        """Whether the seat's options may be shown to everyone (engines/base.py). rules 9.4:
        which Mission Discs are still in hand, and which is where, are the owner's secret, so
        picking a disc (rules 4.3), sending the picked disc (its options name it) and the
        Informer's swap of two own discs (4.4) are private, and so is the choice of a player who
        knows a face-down counter where they may attack (5.2, 7.10). Everything else
        (provisioning, arranging, the Informer's look or move, resolving) is drawn from the open
        board."""
        phase = state["phase"]
        if phase == "missions":
            return False
        if phase == "informer":
            return state["inf"]["stage"] != "swap"
        cur = state["cur"]
        if phase == "resolve" and cur["stage"] == "act":
            # docs/rules/francis-drake.md 5.2, 7.10 (Issue 38): a player who knows a face-down
            # counter decides before it turns; whether they may attack would show its value.
            dest_id = cur["dest"]
            return not (
                self._counter_down(state, dest_id) and self._knows_counter(state, seat, dest_id)
            )
        return True

    def resample_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        """A state ``seat`` (None: the public) cannot tell from ``state`` (rules 9.4).

        Redrawn: other seats' face-down Mission Discs (which label is at which Destination, which
        are still in hand, incl. the Ghost Ship decoy and a picked disc), the face-down Troop and
        Spanish Frigate counters the observer has not seen, other seats' chest contents from
        earlier voyages (the current voyage's takes stay: the face-down discs on the map show
        them), and the generator (future Tavern rolls, tile and Galleon counter shuffles)."""
        new = clone_state(state)
        if new["phase"] != "over":
            self._resample_discs(new, seat, rng)
            self._resample_counters(new, seat, rng)
            self._resample_chests(new, seat, rng)
        reseed(new, rng)
        return new

    def _resample_discs(self, state: State, observer: int | None, rng: Rng) -> None:
        # docs/rules/francis-drake.md 4.3, 9.4: discs are face down until the reveal (4.5).
        if state["revealed"] or state["phase"] not in ("missions", "informer"):
            return
        seen = state["p"][observer]["look"] if observer is not None else {}
        for seat in range(state["n"]):
            if seat == observer:
                continue
            p = state["p"][seat]
            fixed = {lab for d, stack in seen.items() for s, lab in stack if s == seat}
            slots = sorted(
                d["at"] for lab, d in p["m"].items() if d["st"] == "placed" and lab not in fixed
            )
            free = [
                lab
                for lab in LABELS
                if lab in p["m"] and p["m"][lab]["st"] in ("hand", "placed") and lab not in fixed
            ]
            rng.shuffle(free)
            old = {d["at"]: lab for lab, d in p["m"].items() if d["st"] == "placed"}
            for i, lab in enumerate(free):
                at = slots[i] if i < len(slots) else None
                p["m"][lab] = {"at": at, "st": "placed" if at else "hand"}
                if at:
                    for entry in state["dest"][at]["stack"]:
                        if entry == [seat, old[at]]:
                            entry[1] = lab
                            break
            if p["sel"] is not None:
                p["sel"] = rng.choice(self._hand(state, seat))
        for seat in range(state["n"]):
            p = state["p"][seat]
            if seat != observer and p["look"]:  # another Informer's look follows the draw
                p["look"] = {d: [list(e) for e in state["dest"][d]["stack"]] for d in p["look"]}

    def _resample_counters(self, state: State, observer: int | None, rng: Rng) -> None:
        # docs/rules/francis-drake.md 4.2 A2-A3, 4.4, 9.4: face-down counters known to the holder
        # and to an Informer who peeked; the multiset 0,0,1,2 / 0,1,2 is public.
        known = state["p"][observer]["known"] if observer is not None else {}
        for kind in ("fort", "galleon"):
            hidden = [
                d
                for d in self._kind_ids(kind)
                if state["dest"][d]["counter"] is not None
                and not state["dest"][d]["shown"]
                and d not in known
            ]
            values = rng.redeal(state["dest"][d]["counter"] for d in hidden)
            for d, value in zip(hidden, values, strict=True):
                state["dest"][d]["counter"] = value
        for seat in range(state["n"]):
            if seat != observer:
                p = state["p"][seat]
                p["known"] = {d: state["dest"][d]["counter"] for d in p["known"]}

    def _resample_chests(self, state: State, observer: int | None, rng: Rng) -> None:
        # docs/rules/francis-drake.md 9.4: Treasure Chests are hidden; earlier voyages' takes are no
        # longer on the board, only the totals (the supply) are public.
        others = [s for s in range(state["n"]) if s != observer]
        pool: list[str] = []
        for seat in others:
            p = state["p"][seat]
            loot = p.get("loot") or {}
            for metal in TREASURES:
                earlier = p["chest"][metal] - loot.get(metal, 0)
                pool += [metal] * earlier
                p["chest"][metal] -= earlier
        for metal in sorted(pool):  # sorted: the real chests' order must not show through
            state["p"][rng.choice(others)]["chest"][metal] += 1

    def _reveals(
        self, before: State, after: State, seat: int, move: str, private: dict[int, list[str]]
    ) -> bool:
        """True when the move drew from the generator, turned the Mission Discs or a counter
        face up, let the Informer look or peek, or ended the game (the chests are scored
        openly); a disc pick, a placement or a counter arrangement only records a choice."""
        if before.get("rng") != after.get("rng") or before["revealed"] != after["revealed"]:
            return True
        if move.split()[0] in ("look", "peek") or (
            after["phase"] == "over" and before["phase"] != "over"
        ):
            return True
        return any(
            after["dest"][d]["shown"] and not before["dest"][d]["shown"] for d in after["dest"]
        )

    # ------------------------------------------------------------------ result

    def result(self, state: State) -> list[Standing] | None:
        if state["phase"] != "over":
            return None
        home = state["home"]
        rows = []
        for seat, f in enumerate(state["final"]):
            breakdown = {
                "voyage VP": f["voyages"],
                "commodities": f["commodities"],
                "treasure": f["treasure"],
            }
            # docs/rules/francis-drake.md 6, 9.6.19: ties go to the lower Homebound Dock.
            rows.append((seat, f["total"], (-home.index(seat),), breakdown))
        return rank_standings(rows)


ENGINE = DrakeEngine()
