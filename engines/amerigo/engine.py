"""Amerigo (Stefan Feld), from docs/rules/amerigo.md: the engine.

Every rule carries a reference to the section of ``docs/rules/amerigo.md`` it implements. Component
data (tiles, tracks, tables, tokens, the tower model) comes from ``data/amerigo`` with provenance.

Interpretations and departures (rules 9.7 recommendations unless said otherwise):

- Cube tower (9.6): a seeded model. Each drop keeps R cubes (R = base + a sum of draws from
  {-1, 0, 1}, data ``board.tower``), preferring newly dropped cubes, and releases the rest.
  The count of cubes inside the tower per colour is public (9.4).
- Frame (A1, A24): one frame sea space beside each outer tile edge (4 corners x 3 + small x 1);
  it touches the sea cells of that edge and its two neighbours along the frame.
- First blue action (5.1): the two ships go on two different frame spaces (the transcript: "on
  two spaces of his choice on the frame"; its example places the second ship "somewhere else").
  Ships may share a frame space afterwards.
- The +8 AP per ship token (5.9 P3) is a "once" token: it says the owner "may use this token",
  where the permanent AP tokens say "each time"; once is the kind the rules define for a token
  "used only once, then turned face down".
- Tiles may be rotated and mirrored (A5). Time markers 5, 4, 3, 2 over a printed 1 (A3).
  Trading-post table 1, 3, 6, 10, ... (A2, provisional). Half-loss rounds down (A4, source).
- A ship on an anchor with no movement may place a post (A6). White special action counts as
  the disc colour (A7). Turn order is frozen at the start of each phase (A8). No progress token
  when the area is empty (A9). Big islands count every non-sea cell (A10). Completion by a post
  scores like completion by a tile (A11). Track-end 2 gold at most once per action, when AP go
  unused because of the end (A13). Pirate loss then clamp at 0 (A17). Tiles left in the supply
  score 0 (A18). No posts beyond 12 (A19). The planning token is ignored (A20).
- Gold spending (A14, departure in form only): gold is spent automatically, 1 gold per AP the
  player uses beyond the phase's AP, at the moment it is needed, instead of being declared up
  front. A player never spends gold that does not buy an AP; otherwise identical.
- Ships move one space per step. A ship may pass a sea space holding another ship (5.1) but may
  not stop there: while it stands on one, only that ship may move, and it may enter an occupied
  space only when its AP plus the gold it holds (5.8) can take it on to a space where it may
  stop, through further occupied spaces if need be.
- Out-of-turn chest cash-in (5.8 "at any time"): the platform only takes moves from seats to
  move, so a chest (or a "1x" gold token) can be cashed at any of its owner's decisions, and is
  converted at final scoring (6.3.1). Gold is only ever used on the owner's own turn, so the
  timing never changes the outcome.
- Build steps: choose a tile, then (only when more than 20 placements exist) a row and/or the
  first cell, then the exact cells to cover; only legal placements are ever listed.
- Landscape and village tiles are open to choose by shape and size (3.1.7 says "face down",
  which would make the size-based Plan price meaningless).
- Accidental release (4.2.8) is a physical accident; the tower model never has one.
- Designed progress tokens (page 12 is missing; data/amerigo/tokens.toml, "provisional"):
  income (+1 gold per round end), e-posts, e-islands, e-cannons, gold3, ap-white-black.
"""

from __future__ import annotations

from typing import Any

from engines.amerigo import data as D
from engines.amerigo import words as W
from engines.amerigo.flow import TurnFlow
from engines.amerigo.position import (
    COLOURS,
    GOODS,
    LETTER_GOOD,
    PROGRESS_LAST,
    PROGRESS_VP,
    SPECIAL,
    SPECIAL_COLOURS,
    TOKENS,
    add_gold,
    board,
    free_ap,
    geometry,
    player_order,
    time_value,
    tokens_with,
    track_room,
)
from engines.amerigo.production import ProductionActions
from engines.amerigo.ships import ShipActions
from engines.amerigo.tiles import TileActions
from engines.amerigo.topics import RULES_TOPICS
from engines.amerigo.tracks import TrackActions
from engines.amerigo.words import ACTION_NAMES, colour_phase
from engines.base import (
    IllegalMove,
    Rng,
    Standing,
    State,
    clone_state,
    rank_standings,
    reseed,
)
from i18n import T, word

# Tests and tools read these from the engine module.
__all__ = ["COLOURS", "GOODS", "LETTER_GOOD", "PROGRESS_VP", "SPECIAL_COLOURS", "TOKENS", "Amerigo"]


class Amerigo(TurnFlow, TrackActions, ShipActions, TileActions, ProductionActions):
    """The engine: setup, the contract (docs/ARCHITECTURE.md 2), the top of a turn and the views.
    The flow of play and each family of actions are its mixins (``flow.py``, ``tracks.py``,
    ``ships.py``, ``tiles.py``, ``production.py``, over ``shared.py``); the words for people
    are ``words.py``'s."""

    id = "amerigo"
    title = word("amerigo", "game.title")  # "Amerigo", said in the reader's language
    secret_keys = ()  # open information: the private view holds only the decision at hand
    min_players = 2
    max_players = 4
    variants = ("standard",)
    rules_topics = RULES_TOPICS
    # A view's phase (the index of its colour in the round, docs/rules/amerigo.md 4.2) in words.
    phase_names = W.PHASE_NAMES

    def phase_name(self, view: dict) -> Any:
        """``the blue phase``: the view's colour, else its phase (``phase_names``)."""
        if colour := view.get("colour"):
            return colour_phase(colour)
        return super().phase_name(view)

    # ------------------------------------------------------------------------------- setup

    def setup(self, players: int, *, seed: int, variant: str | None = None) -> State:
        variant = self.check_setup(players, variant)
        rng = Rng.from_seed(seed)
        b = board()
        # docs/rules/amerigo.md 3.1: island area from random tiles obeying the two layout rules.
        layout, grid, _ = D.generate_layout(rng, players)
        trows, tcols = D.layout_dims(players)
        geo = D.geometry(tuple(grid), players)
        shapes = D.shapes()
        # docs/rules/amerigo.md 3.2: player pieces.
        villages = {s["id"]: s["count"] for s in shapes.values() if s["kind"] == "village"}
        ps = []
        for _ in range(players):
            ps.append(
                {
                    "vp": 0,
                    "gold": 0,
                    "can": 0,
                    "prog": 0,
                    "opos": 0,
                    "stamp": 0,
                    "ships": [None, None],
                    "posts": 12,
                    "supply": {},
                    "vill": dict(villages),
                    "goods": dict.fromkeys(GOODS, 0),
                    "prod": dict.fromkeys(GOODS, b["production_area"]["start_per_type"]),
                    "toks": [],
                    "chests": 0,
                }
            )
        # docs/rules/amerigo.md 3.3.6: random order stack on the first space; gold by position.
        order = list(range(players))
        rng.shuffle(order)
        for place, seat in enumerate(order):
            ps[seat]["stamp"] = players - place
            ps[seat]["gold"] = place
        # docs/rules/amerigo.md 3.3.2: five of six pirates face down, one revealed at random.
        pir = list(b["pirates"]["values"])
        rng.shuffle(pir)
        pirates = [[v, False] for v in pir[: b["pirates"]["used"]]]
        pirates[0][1] = True  # shuffled order, so the first is a random one of the five
        # docs/rules/amerigo.md 3.3.3: progress tokens face up on the 8 spaces.
        deck = sorted(TOKENS)
        rng.shuffle(deck)
        spaces = b["progress_area"]["spaces"]
        parea = [deck.pop() if deck else None for _ in range(spaces)]
        # docs/rules/amerigo.md 3.3.4: production tokens by player count.
        prod_deck: list[list[Any]] = []
        for rec in D.load()["tokens"]["production"]:
            if rec["players"] <= players:
                for good in GOODS:
                    prod_deck.extend([good, cost] for cost in rec["costs"])
        rng.shuffle(prod_deck)
        nprod = b["production_area"]["spaces"][str(players)]
        prod = [prod_deck.pop() for _ in range(nprod)]
        big = [isl["id"] for isl in geo["islands"] if isl["big"]]
        state: State = {
            "game": self.id,
            "variant": variant,
            "n": players,
            "rng": rng.state,
            "grid": grid,
            "layout": layout,
            "trows": trows,
            "tcols": tcols,
            "round": 1,
            "phase": 0,
            "over": False,
            "posts": {},
            "cover": {},
            "placed": [],
            "discovered": {},
            "completed": [],
            "chests": big,  # docs/rules/amerigo.md 3.1.5: one chest on each big island
            "time": list(b["time_markers"]["stack"]),
            "pirates": pirates,
            "pirate_box": pir[b["pirates"]["used"] :],
            "parea": parea,
            "pdeck": deck,
            "prodarea": prod,
            "proddeck": prod_deck,
            "storage": dict.fromkeys(COLOURS, 0),
            "space": dict.fromkeys(COLOURS, 0),
            "tower": dict.fromkeys(COLOURS, 0),
            "lands": {s["id"]: s["count"] for s in shapes.values() if s["kind"] == "landscape"},
            "p": ps,
            "stamp": players + 1,
            "turn": None,
            "drops": [],
            "final": None,
        }
        # docs/rules/amerigo.md 3.4: drop all 49 cubes; released ones go to their storage spaces.
        every = {c: b["cubes"]["per_colour"] for c in COLOURS}
        released = self._drop(state, rng, every)
        for c, n in released.items():
            state["storage"][c] += n
        self._start_phase(state, rng, [])
        state["rng"] = rng.state
        return state

    # ------------------------------------------------------------------------------- contract

    def choices_are_public(self, state: State, seat: int) -> bool:
        """docs/rules/amerigo.md 9.4: nobody holds private information, and what is hidden from
        everyone (pirate markers, pile orders, the tower's next cubes) decides draws, not
        options: every decision may be shown (engines/base.py)."""
        return True

    def resample_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        """A state no observer can tell from ``state`` (docs/rules/amerigo.md 9.4: nobody holds
        private information, so every seat and the public know the same things).

        Hidden from everyone, and drawn again here:
        - the face-down pirate markers and the one left in the box unseen (rules 3.3.2): the
          values not yet revealed are dealt again over the face-down spaces and the box;
        - the order of the face-down progress pile (rules 3.3.3) and production pile (3.3.4):
          what is in each pile is known (every token that left it was face up), its order is not;
        - the generator (``reseed``): which cubes fall out of the tower next (rules 9.6). The
          cubes inside the tower per colour are deducible (7 per colour, all others in sight,
          rules 9.4), so the view shows them and they are kept.
        Landscape and village tiles are open in this engine (module docstring), so nothing else
        is hidden.
        """
        new = clone_state(state)
        reseed(new, rng)
        # docs/rules/amerigo.md 3.3.2: the unrevealed pirate values are known only as a multiset.
        down = [i for i, (_, up) in enumerate(new["pirates"]) if not up]
        pool = rng.redeal([new["pirates"][i][0] for i in down] + list(new["pirate_box"]))
        for i in down:
            new["pirates"][i][0] = pool.pop()
        new["pirate_box"] = pool
        new["pdeck"] = rng.redeal(new["pdeck"])  # docs/rules/amerigo.md 3.3.3: shuffled face down
        new["proddeck"] = rng.redeal(new["proddeck"])  # docs/rules/amerigo.md 3.3.4: face down
        return new

    def _reveals(
        self, before: State, after: State, seat: int, move: str, private: dict[int, list[str]]
    ) -> bool:
        """The move drew from the tower (the generator moved), revealed a pirate marker, or
        drew from the progress or production pile. A choice that draws nothing reveals nothing
        (nobody holds private information, rules 9.4)."""
        return (
            before["rng"] != after["rng"]
            or [up for _, up in before["pirates"]] != [up for _, up in after["pirates"]]
            or len(before["pdeck"]) != len(after["pdeck"])
            or len(before["proddeck"]) != len(after["proddeck"])
            or bool(private)
        )

    def to_move(self, state: State) -> list[int]:
        if state["over"] or state["turn"] is None:
            return []
        turn = state["turn"]
        return [turn["order"][turn["i"]]]

    def result(self, state: State) -> list[Standing] | None:
        if not state["over"]:
            return None
        rows = []
        for seat, p in enumerate(state["p"]):
            # docs/rules/amerigo.md 6.3: tie goes to the player further ahead in player order.
            rows.append((seat, p["vp"], (p["opos"], p["stamp"]), state["final"][seat]))
        return rank_standings(rows)

    # ------------------------------------------------------------------ read by the heuristics
    # The seat fillers' heuristics (engines/amerigo/heuristics.py) read the position through
    # these, never through the rules' own helpers.

    @staticmethod
    def tokens_with(p: dict[str, Any], effect: str, unused: bool = False) -> list[str]:
        """The progress tokens of player ``p`` with ``effect`` (``unused``: not yet used)."""
        return tokens_with(p, effect, unused)

    @staticmethod
    def geometry(state: State) -> dict[str, Any]:
        """The island layout's geometry (spaces, islands, ports) of this game."""
        return geometry(state)

    def time_value(self, state: State) -> int:
        """The number on the topmost time marker (docs/rules/amerigo.md 5.5)."""
        return time_value(state)

    def final_scoring(self, state: State, seat: int) -> dict[str, int]:
        """The final scoring of ``seat``'s holdings as they stand (docs/rules/amerigo.md 6.3)."""
        return self._final_parts(state, seat)

    def free_ap(self, state: State, seat: int, colour: str) -> int:
        """The action points ``seat`` has for a ``colour`` action this phase, bonuses included."""
        return free_ap(state, seat, colour)

    def track_room(self, state: State, seat: int, colour: str) -> int:
        """How many steps are left on the track a ``colour`` action advances (cannons, progress,
        special)."""
        return track_room(state, seat, colour)

    def default_move(self, state: State, seat: int) -> str:
        moves = self.legal_moves(state, seat)
        if not moves:
            raise IllegalMove(T("That seat has no move to make now."))
        for safe in ("gold", "done", "back"):
            if safe in moves:
                return safe
        return moves[0]

    # ------------------------------------------------------------------------------- moves

    def legal_moves(self, state: State, seat: int) -> list[str]:
        if seat not in self.to_move(state):
            return []
        p = state["p"][seat]
        act = state["turn"]["act"]
        if act is None:
            moves = self._top_moves(state, seat)
        else:
            moves = getattr(self, f"_moves_{act['k']}")(state, seat, act)
        # docs/rules/amerigo.md 5.8: a chest (and a 1x gold token) may be cashed at any time.
        extra = []
        if p["chests"]:
            extra.append("chest")
        for tid in sorted(set(tokens_with(p, "gold", unused=True))):
            extra.append(f"cash {tid}")
        if act is not None and act["k"] == "blue" and self._stranded(state, seat, act) is not None:
            return moves
        return moves + extra

    def _choosable(self, state: State, seat: int) -> list[str]:
        """docs/rules/amerigo.md 4.2.3: colours on the action space (P13 swaps red and green)."""
        space = state["space"]
        have = {c for c in COLOURS if space[c]}
        if tokens_with(state["p"][seat], "red_green") and have & {"red", "green"}:
            have |= {"red", "green"}  # docs/rules/amerigo.md 5.9 P13
        return [c for c in COLOURS if c in have]

    def _top_moves(self, state: State, seat: int) -> list[str]:
        p = state["p"][seat]
        moves = []
        for colour in self._choosable(state, seat):
            if colour == "white":
                moves.append("order")  # docs/rules/amerigo.md 5.7.1
                if p["opos"] > 0:
                    moves.append("special")  # docs/rules/amerigo.md 5.7.2
            else:
                moves.append(colour)
        moves.append("gold")  # docs/rules/amerigo.md 4.2.5 (b), 5.8
        return moves

    def _begin(self, state: State, seat: int, colour: str, special: bool) -> dict[str, Any]:
        ap = free_ap(state, seat, colour)
        if colour in ("black", "brown"):
            return {"k": "track", "c": colour, "ap": ap, "sp": special}
        if colour == "white":
            return {"k": "track", "c": "white", "ap": ap, "sp": special}
        if colour == "blue":
            return {
                "k": "blue",
                "c": colour,
                "left": [ap, ap],
                "fin": [False, False],
                "did": False,
                "sp": special,
            }
        if colour == "red":
            return {"k": "red", "c": colour, "ap": ap, "lands": 0, "did": False, "sp": special}
        if colour == "green":
            return {
                "k": "green",
                "c": colour,
                "ap": ap,
                "tile": None,
                "at": None,
                "row": None,
                "did": False,
                "sp": special,
            }
        return {"k": "yellow", "c": colour, "ap": ap, "did": False, "sp": special}

    # ------------------------------------------------------------------------------- apply

    def _apply(self, state: State, seat: int, move: str) -> tuple[list[str], dict[int, list[str]]]:
        rng = Rng(state["rng"])
        log: list[str] = []
        p = state["p"][seat]
        words = move.split()
        turn = state["turn"]
        act = turn["act"]
        if words[0] == "chest":
            # docs/rules/amerigo.md 5.8 / 7.24: a chest leaves the game for 3 gold.
            p["chests"] -= 1
            over = add_gold(p, board()["big_island"]["chest_gold"])
            log.append(W.chest_cashed(seat, over))
        elif words[0] == "cash":
            tok = next(t for t in p["toks"] if t[0] == words[1] and not t[1])
            tok[1] = True  # docs/rules/amerigo.md 5.9 P7: once, then face down
            amount = TOKENS[words[1]]["amount"]
            add_gold(p, amount)
            log.append(W.token_cashed(seat, words[1], amount))
        elif act is None:
            self._apply_top(state, rng, seat, words, log)
        else:
            getattr(self, f"_apply_{act['k']}")(state, rng, seat, act, words, log)
        state["rng"] = rng.state
        return log, {}

    def _apply_top(
        self, state: State, rng: Rng, seat: int, words: list[str], log: list[str]
    ) -> None:
        p = state["p"][seat]
        turn = state["turn"]
        if words[0] == "gold":
            # docs/rules/amerigo.md 5.8: ceil(cubes / 3) gold instead of an action.
            gain = -(-turn["cubes"] // 3)
            over = add_gold(p, gain)
            log.append(W.gold_taken(seat, gain, over))
            self._next_turn(state, rng, log)
            return
        if words[0] == "order":
            turn["act"] = self._begin(state, seat, "white", False)
            return
        if words[0] == "special":
            # docs/rules/amerigo.md 5.7.2 / 7.23: the action of the colour under the disc.
            colour = SPECIAL_COLOURS[p["opos"]]
            turn["act"] = self._begin(state, seat, colour, True)
            log.append(W.special_chosen(seat, colour))
            return
        turn["act"] = self._begin(state, seat, words[0], False)

    # ------------------------------------------------------------------------------- words

    def describe(self, state: State, seat: int, move: str) -> str:
        """A legal move as a short sentence (``words.describe``)."""
        return W.describe(state, seat, move)

    def aliases(self, state: State, seat: int, move: str) -> list[str]:
        """Other texts for one move: action names for colours, numbers before goods, frame
        spaces as printed (``r3``, ``frame 3``), cells of a cover in another order."""
        words = move.split()
        verb = words[0]
        out: list[str] = []
        turn = state["turn"] or {}
        top = not turn.get("act")
        if top and verb in ACTION_NAMES:
            out.append(str(ACTION_NAMES[verb]).lower())
        if top and verb == "order":
            out += ["white", "order disc"]
        if top and verb == "gold":
            out.append("take gold")
        if verb == "buy":
            out += [f"buy {words[2]} {words[1]}", f"{words[1]} {words[2]}"]
        if verb == "launch":
            n = words[1][3:]
            out += [f"launch r{n}", f"launch frame {n}", f"frame {n}"]
        if verb == "sail":
            to = words[2]
            spot = [f"r{to[3:]}", f"frame {to[3:]}"] if to.startswith("rim") else []
            out += [f"sail ship {words[1]} {to}", f"ship {words[1]} {to}"]
            out += [f"sail {words[1]} {s}" for s in spot]
        if verb == "post":
            out.append(f"post ship {words[1]}")
        if verb == "cover":
            cells = words[1].split(",")
            if len(cells) > 1:
                out.append("cover " + ",".join(reversed(cells)))
            out.append("cover " + " ".join(cells))
        if verb in ("take", "build"):
            out.append(f"{verb} {words[1].upper()}")
        return [a for a in out if a != move]

    def match(self, state: State, seat: int, text: str) -> str:
        """As the base matcher, and a cover's cells in any order (``cover d4 c4``)."""
        if isinstance(text, str) and text.strip().lower().startswith("cover "):
            cells = text.strip()[6:].replace(",", " ").lower().split()
            if cells and all(len(c) <= 4 for c in cells):
                try:
                    ordered = sorted(cells, key=D.parse_cell)
                except (ValueError, IndexError):
                    ordered = cells
                guess = "cover " + ",".join(ordered)
                if guess in self.legal_moves(state, seat):
                    return guess
        return super().match(state, seat, text)

    def private_text(self, view: dict) -> list[str]:
        """The seat's own section as sentences (``words.private_text``)."""
        return W.private_text(view)

    # ------------------------------------------------------------------------------- views

    def view(self, state: State, seat: int | None) -> dict:
        geo = geometry(state)
        turn = state["turn"]
        islands = []
        for isl in geo["islands"]:
            key = str(isl["id"])
            islands.append(
                {
                    "id": isl["id"],
                    "land": isl["land"],
                    "big": isl["big"],
                    "chest": isl["id"] in state["chests"],
                    "completed": isl["id"] in state["completed"],
                    "discovered_by": state["discovered"].get(key),
                    "cells": isl["cells"],
                }
            )
        players = []
        for i, p in enumerate(state["p"]):
            players.append(
                {
                    "seat": i,
                    "vp": p["vp"],
                    "gold": p["gold"],
                    "cannons": p["can"],
                    "progress": p["prog"],
                    "order_pos": p["opos"],
                    "ships": list(p["ships"]),
                    "posts_left": p["posts"],
                    "supply": dict(p["supply"]),
                    "villages_left": dict(p["vill"]),
                    "goods": dict(p["goods"]),
                    "production": dict(p["prod"]),
                    "tokens": [[t, u] for t, u in p["toks"]],
                    "chests": p["chests"],
                }
            )
        step = None
        if turn and turn["act"]:
            act = turn["act"]
            step = {
                k: v for k, v in act.items() if k in ("k", "c", "ap", "left", "tile", "at", "row")
            }
        public = {
            "game": self.id,
            "players": state["n"],
            "round": state["round"],
            "phase": state["phase"],
            "colour": COLOURS[state["phase"]],
            "over": state["over"],
            "to_move": self.to_move(state),
            "order": player_order(state),
            "turn": None
            if turn is None
            else {
                "order": list(turn["order"]),
                "current": turn["order"][turn["i"]],
                "ap": turn["ap"],
                "cubes": turn["cubes"],
                "gold_value": -(-turn["cubes"] // 3),
                "step": step,
            },
            "grid": list(state["grid"]),
            "layout": [list(x) for x in state["layout"]],
            "trows": state["trows"],
            "tcols": state["tcols"],
            "rims": [
                {"name": r["name"], "side": r["side"], "tile": list(r["tile"])} for r in geo["rims"]
            ],
            "posts": dict(state["posts"]),
            "placed": [
                [sid, owner, builder, list(cells)] for sid, owner, builder, cells in state["placed"]
            ],
            "islands": islands,
            "time": list(state["time"]),
            "time_value": time_value(state),
            "pirates": [v if up else None for v, up in state["pirates"]],
            "pirate_strength": sum(v for v, up in state["pirates"] if up),
            "progress_area": list(state["parea"]),
            "progress_deck": len(state["pdeck"]),
            "production_area": [list(x) if x else None for x in state["prodarea"]],
            "production_deck": len(state["proddeck"]),
            "storage": dict(state["storage"]),
            "space": dict(state["space"]),
            "tower": dict(state["tower"]),
            "landscapes": dict(state["lands"]),
            "special_track": {"colours": list(SPECIAL_COLOURS), "vp": dict(SPECIAL["vp"])},
            "progress_track": {"last": PROGRESS_LAST, "vp": dict(board()["progress_track"]["vp"])},
            "player_state": players,
            "final": state["final"],
            # Printed on the components, so public (issue 16): what each progress token does,
            # each tile's shape, cost and VP (docs/rules/amerigo.md 5.9, 5.3, 5.5).
            "components": W.components(),
        }
        if seat is None:
            return public
        view = dict(public)
        view["seat"] = seat
        moves = self.legal_moves(state, seat)
        view["private"] = {
            "moves": moves,
            # Each move in words for the private image (public facts only, rules 9.4).
            "choices": [[m, self.describe(state, seat, m)] for m in moves],
        }
        return view
