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

The engine is made of parts, one concern a module (docs/ARCHITECTURE.md 9), over the shared
helpers of ``state.py``: ``provisioning.py`` (4.1, 5.1), ``sailing.py`` (4.2-4.5),
``resolution.py`` (4.6, 4.7, 5.2), ``voyage.py`` (3, 4.8, 4.9, 6), ``views.py`` and ``hidden.py``
(9.4); its words for people are in ``words.py``. ``DrakeEngine`` here is the one way in.
"""

from __future__ import annotations

from engines.base import IllegalMove, Rng, State, UnclearMove, normalize_move_text
from engines.drake import words
from engines.drake.data import load
from engines.drake.hidden import HiddenInformation
from engines.drake.provisioning import ProvisioningRules
from engines.drake.resolution import ResolutionRules
from engines.drake.sailing import SailingRules
from engines.drake.state import LABEL_SHORT, DrakeBase, short
from engines.drake.topics import KIND_NAMES, rules_topics
from engines.drake.views import DrakeViews
from engines.drake.voyage import VoyageRules
from i18n import word


class DrakeEngine(
    ProvisioningRules,
    SailingRules,
    ResolutionRules,
    VoyageRules,
    DrakeViews,
    HiddenInformation,
    DrakeBase,
):
    id = "drake"
    title = word("drake", "game.title")  # "Francis Drake", said in the reader's language
    # What a seat receives unseen: treasure, face-down counters it learns, stacks it looks at.
    # Its discs (in hand, placed, picked) are its own doing.
    secret_keys = ("chest", "counters", "look")
    phase_names = words.PHASE_NAMES
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
            raise IllegalMove(words.NO_MOVE)
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
        return short(kind)

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

    # ------------------------------------------------------------------ words for people
    # Said in words.py; the engine names the move and what the seat can see.

    def match(self, state: State, seat: int, text: str) -> str:
        """As the base matcher, but ``place N ...`` names Location N only: a position that is
        not open is refused instead of matching another Location's description."""
        if isinstance(text, str):
            parts = normalize_move_text(text).split(" ")
            if len(parts) >= 2 and parts[0] == "place" and parts[1].isdigit():
                legal = self.legal_moves(state, seat)
                if not any(m.startswith(f"place {parts[1]} ") for m in legal):
                    refusal, reason = words.place_not_open(parts[1], legal)
                    raise UnclearMove(refusal, reason=reason)
        return super().match(state, seat, text)

    def describe(self, state: State, seat: int, move: str) -> str:
        """A legal move in words (<= 90 characters), from what ``seat`` can see."""
        return words.describe(state, seat, move)

    def aliases(self, state: State, seat: int, move: str) -> list[str]:
        """Other names for ``move``: printed names, parts in any order (rules glossary 10)."""
        parts = move.split()
        head = parts[0] if parts else ""
        out: list[str] = []
        if head in ("to", "look", "peek", "move") and len(parts) == 2:
            name = self._dest_info(parts[1])["name"]
            out += [f"{head} {name}"]
            if head in ("to", "move"):
                out.append(name)
            if self._dest_info(parts[1])["kind"] == "galleon":
                number = {"I": "1", "II": "2", "III": "3"}[name.split()[-1]]
                out.append(f"{head} galleon {number}")
        elif head == "place":
            kind = state["street"][int(parts[1]) - 1]["kind"]
            full = KIND_NAMES[kind].lower()
            if full != parts[2]:
                out.append(f"place {parts[1]} {full}")
            if sum(1 for loc in state["street"] if loc["kind"] == kind) == 1:
                out += [f"place {full}", full]
        elif head == "swap":
            out.append(f"swap {parts[2]} {parts[1]}")
        elif head == "investor" and parts[1] != "galleon":
            crew, guns = int(parts[1][0]), int(parts[1][2])
            c, g = words.count_of(crew, "crew").lower(), words.count_of(guns, "guns").lower()
            out += [f"investor {c} {g}", f"investor {g} {c}", f"investor {crew}c {guns}g"]
        elif head == "dockside":
            plural = {"gun": "guns", "supply": "supplies", "crew": ""}[parts[1]]
            if plural:
                out.append(f"dockside {plural}")
        elif head == "drake" and parts[1] == "gun":
            out.append("drake guns")
        elif head == "disc" and parts[1] in LABEL_SHORT:
            full = LABEL_SHORT[parts[1]].lower()
            out += [f"disc {full}", full]
        elif head == "trade":
            out.append(parts[1])
        elif head in ("frigates", "troops"):
            out.append(f"{head} " + " ".join(parts[1].split(",")))
        return [a for a in out if a != move]

    def private_text(self, view: dict) -> list[str]:
        """The seat's private section as short sentences (no JSON)."""
        return words.private_text(view)


ENGINE = DrakeEngine()
