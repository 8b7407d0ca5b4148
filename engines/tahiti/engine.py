"""Tahiti (Minion Games, 2013) for 2 to 4 players: the rules of ``docs/rules/tahiti.md`` sections 3
to 7.

Variants: ``standard`` (the butterfly first islands of the Home Island side for the player count)
and ``random-start`` (docs/rules/tahiti.md 8: random first islands; the recommendation of section 8
is followed: shuffle all 18 tiles, deal as many as the standard start uses into the standard start
positions with a random rotation, fill their spaces, and stack the rest).

Board: axial hex coordinates ``q,r`` with the Home Island at ``0,0``. Directions (and edge indices)
are e=0, ne=1, nw=2, w=3, sw=4, se=5; a tile's printed reef edge ``d`` turned by rotation ``r`` lies
on edge ``(d + r) mod 6``. A move between two tiles crosses 0, 1 or 2 reefs: one for a reef on
each tile's side of the shared edge.

All the recommendations of docs/rules/tahiti.md 9.7 (A1 to A23) are taken, with these precisions:
- A8 (no legal placement): Hommea's destinations (and ``stay``) are those leaving a placement next
  to at least two tiles; if none does, every normal destination is offered and the tile may go
  next to Hommea with a single neighbour. Not in the rules file: if Hommea is not at the edge and
  no neighbour is an edge hex (only possible in a board with holes), she may go to any nearest
  edge hex.
- A13 (tie for the win): shared victory, no house tie-break.
- A18 (bag runs short): draw as many cubes as remain.
- First player (rules 3.11, "whoever most recently paddled a canoe"): drawn with the seeded
  generator (9.5); seats then play clockwise in seat order.
- The undealt 2-player Favourite tile stays hidden until the game is over, then is shown.
- Tile placement is two steps: ``place <stack> <q,r>`` then ``reefs <d>,<d>``, which names the
  two edges the reefs will face (every distinct rotation of the tile is offered); ``back`` undoes
  the first step. Goods Spaces have no orientation here, so rotations with the same reef edges
  are the same placement and are offered once.
- A5: fishing keeps its set-aside cubes while the next action is fishing (also after a success);
  a fish is kept with ``keep`` or refused with ``release``, asked only when one was drawn and the
  canoe can take it.
- A16/6.2.1: the end trigger is checked at the end of every late-season turn (four or fewer
  islands without an Exhaustion marker).
- Exhaustion markers: 18 are enough (at most 14 + 3 are ever placed); should the pool run dry, a
  blank marker is used.
- Gifts are drawn all at once and resolved in draw order; a cube is asked about only when it fits
  two or more spaces (rules 5.2), so the player answers one cube at a time.

Views: the public view holds the whole table (the board with reefs after rotation, cubes and
markers, Hommea, canoes, the top tile and size of each stack, bag counts, set-aside cubes, the
markers left and how many show a fish, each player's canoe, rowers, actions left, chart and
running goods score, the harvest values, phase, whose turn, round, the first player, the end
clock ``islands_left`` / ``end_at`` and end flag, the last events and the mover's legal moves,
all public facts). A seat's ``private`` part holds its Favourite Goods tile (rules 3.9); everyone
sees all of them in ``final`` once the game is over. The stacks' order below the top tiles, the
marker pool order and the undealt 2-player Favourite tile are never in a view before the end.

Hidden information (rules 9.4) is stated twice: by ``view`` and by ``resample_hidden``, which
redraws every part an observer cannot know (other seats' Favourite tiles and the undealt one, the
tiles below the stack tops across both stacks, the marker pool order, the generator). A move
``reveals`` when it draws from the bag, turns up a marker, uncovers a new stack top, or ends the
game. No move sends private lines: each seat's tile is in its private view from the start.
Legal moves come in board or data order, never in storage order.

Words (issue 26): every text a member reads (descriptions, log lines, refusals, phase names,
private text, rules topics) is an ``i18n`` message said in the reader's language; component names
come from ``data/tahiti/glossary.toml``. The state keeps its last events as ``i18n.dump`` forms
(JSON), and ``view`` gives them back as messages.

Where the code lives (docs/ARCHITECTURE.md 9): this module holds the engine class ``Tahiti``
(setup, standings, views, hidden information), which inherits the options of each phase from
``moves.py`` and the moves played from ``turns.py``; ``board.py`` holds the hex geometry and the
canoe rules, ``scoring.py`` the end scoring, ``words.py`` every text for people. The names tests
and heuristics import from here stay importable from here.
"""

from __future__ import annotations

from typing import Any

from engines.base import (
    Rng,
    Standing,
    State,
    clone_state,
    rank_standings,
    reseed,
)
from engines.tahiti import words as w
from engines.tahiti.board import (
    DIRS,
    OFFSETS,
    _c,
    canoe_accepts,
    direction,
    distance,
    is_edge,
    key,
    neighbours,
    parse,
    placements,
    reef_label,
    reefs_crossed,
    rowers,
    turned_reefs,
)
from engines.tahiti.scoring import score_rows
from engines.tahiti.topics import TOPICS
from engines.tahiti.turns import EVENTS_KEPT, TahitiTurns
from engines.tahiti.words import (
    action_count,
    cargo_text,
    edge_codes,
    edge_name,
    good,
    goods_count,
    goods_list,
    goods_pair,
    letter,
    name,
    reef_count,
    stack_letters,
    stack_name,
)
from i18n import load, word
from i18n.text import Msg

# The names the game's tests, heuristics and renderer import from here (docs/ARCHITECTURE.md 9:
# the engine module stays the one way in), wherever they now live.
__all__ = [
    "DIRS",
    "EVENTS_KEPT",
    "OFFSETS",
    "Tahiti",
    "_c",
    "action_count",
    "canoe_accepts",
    "cargo_text",
    "direction",
    "distance",
    "edge_codes",
    "edge_name",
    "good",
    "goods_count",
    "goods_list",
    "goods_pair",
    "is_edge",
    "key",
    "letter",
    "name",
    "neighbours",
    "parse",
    "placements",
    "reef_count",
    "reef_label",
    "reefs_crossed",
    "rowers",
    "score_rows",
    "stack_letters",
    "stack_name",
    "turned_reefs",
]


class Tahiti(TahitiTurns):
    """The engine registered for Tahiti: setup, standings, views and hidden information here, the
    options in ``moves.py``, the moves played in ``turns.py``, the words in ``words.py``."""

    id = "tahiti"
    title = word("tahiti", "game.title")  # "Tahiti", said in the reader's language
    secret_keys = ("favourite",)  # rules: the secret favourite goods, dealt at the start
    phase_names = w.PHASE_NAMES
    min_players = 2
    max_players = 4
    variants = ("standard", "random-start")
    rules_topics = TOPICS

    # ------------------------------------------------------------------ setup
    def setup(self, players: int, *, seed: int, variant: str | None = None) -> State:
        variant = self.check_setup(players, variant)
        comp = _c()
        rng = Rng.from_seed(seed)
        layout = comp["layouts"][players]
        board: dict[str, dict] = {}
        # docs/rules/tahiti.md 3.1: the Home Island, on the side for the player count.
        board["0,0"] = {"kind": "home", "reefs": sorted(comp["home_sides"][layout["home_side"]])}
        # docs/rules/tahiti.md 3.2: Sea tiles in the gaps between the Home Island's reefs.
        for at in layout["sea"]:
            board[key(*parse(at))] = {"kind": "sea", "reefs": []}
        # docs/rules/tahiti.md 3.10 (recommendation): remove cubes first, then fill, then bag the
        # rest.
        removed = comp["removal"][players]
        bag = {g: comp["cubes"][g] - removed for g in comp["goods"]}
        out = {g: removed for g in comp["goods"]}
        starts = [(key(*parse(s["at"])), s["tile"], s["rotation"]) for s in layout["start"]]
        all_tiles = sorted(comp["tiles"])
        if variant == "random-start":
            # docs/rules/tahiti.md 8: random first islands in the standard positions, random
            # rotation.
            pool = list(all_tiles)
            rng.shuffle(pool)
            starts = [(at, pool[i], rng.randbelow(6)) for i, (at, _, _) in enumerate(starts)]
        first_ids = {tile for _, tile, _ in starts}
        # docs/rules/tahiti.md 3.3, 3.5: the first islands, their Goods Spaces filled.
        for at, tile, rotation in starts:
            goods = list(comp["tiles"][tile]["goods"])
            board[at] = {
                "kind": "island",
                "tile": tile,
                "reefs": turned_reefs(tile, rotation),
                "goods": goods,
                "cubes": [True, True],
                "marker": None,
            }
            for g in goods:
                bag[g] -= 1
        # docs/rules/tahiti.md 3.6: shuffle the rest into two face-up stacks (3p: sizes differ by
        # 1).
        rest = [t for t in all_tiles if t not in first_ids]
        rng.shuffle(rest)
        half = (len(rest) + 1) // 2
        stacks = [rest[:half], rest[half:]]
        # docs/rules/tahiti.md 3.7: Exhaustion markers shuffled face down.
        markers = list(comp["markers"])
        rng.shuffle(markers)
        # docs/rules/tahiti.md 3.9: deal the Favourite tiles secretly (2p: one stays undealt).
        favs = list(comp["favourite_sets"]["4" if players == 4 else "2-3"])
        rng.shuffle(favs)
        # docs/rules/tahiti.md 3.11 / 9.5: first player drawn with the seeded generator.
        first = rng.randbelow(players)
        state: State = {
            "rng": rng.state,
            "variant": variant,
            "players": players,
            "layout": layout["id"],
            "board": board,
            "hommea": "0,0",  # docs/rules/tahiti.md 3.4
            "stacks": stacks,
            "markers": markers,
            "bag": bag,
            "set_aside": [],
            "removed": out,
            "fav": favs[:players],
            "fav_undealt": favs[players:],
            "first": first,
            "current": first,
            "round": 1,
            "turn": 1,
            "era": "growing",
            "end_triggered": False,
            "phase": "hommea",
            "pending": {},
            # docs/rules/tahiti.md 3.8: every canoe starts on the Home Island.
            "canoes": [[] for _ in range(players)],
            "at": ["0,0"] * players,
            "charts": [dict.fromkeys(comp["goods"], 0) for _ in range(players)],
            "actions": 0,
            "events": [],
            "final": None,
        }
        return state

    def result(self, state: State) -> list[Standing] | None:
        if state["phase"] != "over":
            return None
        # docs/rules/tahiti.md 6.2 / 9.7 A13: most points; ties share the victory.
        return rank_standings(
            [
                (
                    seat,
                    row["total"],
                    (),
                    {
                        "goods": row["goods"],
                        # Short keys: standings tables show at most 14 characters (issue 14).
                        "favourite": row["favourite"],
                        "variety": row["variety"],
                    },
                )
                for seat, row in enumerate(state["final"])
            ]
        )

    # ------------------------------------------------------------------ views
    def view(self, state: State, seat: int | None) -> dict:
        comp = _c()
        over = state["phase"] == "over"
        board = []
        # Coordinate order, never storage order (docs/ARCHITECTURE.md 2: order is part of the
        # rules).
        for k, h in sorted(state["board"].items(), key=lambda kv: parse(kv[0])):
            entry: dict[str, Any] = {"at": k, "kind": h["kind"], "reefs": list(h["reefs"])}
            if h["kind"] == "island":
                entry["tile"] = h["tile"]
                entry["goods"] = list(h["goods"])
                entry["cubes"] = list(h["cubes"])
                entry["exhausted"] = h["marker"]
            board.append(entry)
        stacks = []
        for s, stack in enumerate(state["stacks"]):
            top = None
            if stack:
                tile = comp["tiles"][stack[0]]
                top = {"tile": stack[0], "goods": list(tile["goods"]), "reefs": list(tile["reefs"])}
            stacks.append({"name": "ab"[s], "size": len(stack), "top": top})
        players = []
        for s in range(state["players"]):
            canoe = state["canoes"][s]
            active = s == state["current"] and state["phase"] in ("actions", "keep")
            players.append(
                {
                    "seat": s,
                    "letter": letter(s),
                    "at": state["at"][s],
                    "canoe": list(canoe),
                    "rowers": rowers(canoe),
                    "actions_taken": state["actions"] if active else 0,
                    "actions_left": max(0, rowers(canoe) - state["actions"]) if active else 0,
                    "chart": {g: state["charts"][s][g] for g in comp["goods"]},
                    "goods_score": self.goods_score(state["charts"][s]),
                }
            )
        pending: dict[str, Any] = {}
        if state["phase"] == "rotate":
            p = state["pending"]
            pending = {"stack": "ab"[p["stack"]], "at": p["at"]}
        elif state["phase"] == "gift":
            pending = {"gifts": list(state["pending"]["gifts"])}
        elif state["phase"] == "keep":
            pending = {"drawn": list(state["pending"]["drawn"])}
        waiting = self.to_move(state)
        public: dict[str, Any] = {
            "game": self.id,
            "variant": state["variant"],
            "players": state["players"],
            "round": state["round"],
            "turn": state["turn"],
            "phase": state["phase"],
            "era": state["era"],
            "current": None if over else state["current"],
            "to_move": waiting,
            # docs/rules/tahiti.md 3.11: who went first (every player gets as many turns; issue 16).
            "first_player": state["first"],
            # docs/rules/tahiti.md 4, 6.2.1: the end clock, islands without an Exhaustion marker;
            # the season ends after the round in which it reaches end_at (issue 16).
            "islands_left": self.islands_left(state),
            "end_at": comp["draws"]["end_islands"],
            "end_triggered": state["end_triggered"],
            "over": over,
            "board": board,
            "hommea": state["hommea"],
            "stacks": stacks,
            "bag": {g: state["bag"][g] for g in comp["goods"]},
            "set_aside": sorted(state["set_aside"]),
            "removed": {g: state["removed"][g] for g in comp["goods"]},
            "markers_left": len(state["markers"]),
            # docs/rules/tahiti.md 9.4: the fish/blank mix of the pool is deducible from the table.
            "fish_markers_left": state["markers"].count("fish"),
            "pending": pending,
            "legal": self.legal_moves(state, waiting[0]) if waiting else [],
            "player_boards": players,
            "goods": list(comp["goods"]),
            "harvest_chart": {
                "row_values": list(comp["row_values"]),
                "variety": list(comp["variety"]),
            },
            # Old states hold plain English lines; load gives them back as they are.
            "events": [load(e) for e in state["events"]],
        }
        if over:
            public["final"] = [
                dict(row, favourite_goods=list(comp["favourites"][state["fav"][s]]))
                for s, row in enumerate(state["final"])
            ]
            public["undealt_favourites"] = [
                list(comp["favourites"][t]) for t in state["fav_undealt"]
            ]
        if seat is None:
            return public
        # docs/rules/tahiti.md 3.9, 9.4: the seat's own Favourite Goods tile.
        private = {"favourite": list(comp["favourites"][state["fav"][seat]])}
        return public | {"seat": seat, "private": private}

    # ------------------------------------------------------------------ hidden information
    def choices_are_public(self, state: State, seat: int) -> bool:
        """docs/rules/tahiti.md 9.4: the only secrets are the Favourite tiles, which score at the
        end and never limit a move, and hidden orders (stacks below the tops, markers, the bag),
        which decide draws, not options: every decision may be shown (engines/base.py)."""
        return True

    def resample_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        """docs/rules/tahiti.md 9.4: a state ``seat`` (None: the public) cannot tell apart from
        ``state``, every hidden part drawn again from ``rng``:

        - the Favourite tiles of the other seats and the undealt 2-player tile, redealt from the
          tiles of the set the observer does not hold (until the end, when all are shown);
        - the Island tiles below the two face-up tops, reshuffled across both stacks (the tops
          and the stack sizes are public, which tiles lie under which top is not);
        - the face-down Exhaustion marker pool (its fish/blank mix is deducible, its order not);
        - the generator (every future bag draw)."""
        new = clone_state(state)
        if new["phase"] != "over":
            tiles = list(new["fav"]) + list(new["fav_undealt"])
            known = {seat: new["fav"][seat]} if seat is not None else {}
            pool = sorted(t for t in tiles if t not in known.values())
            rng.shuffle(pool)
            dealt = []
            for s in range(new["players"]):
                dealt.append(known[s] if s in known else pool.pop())
            new["fav"] = dealt
            new["fav_undealt"] = pool
        stacks = new["stacks"]
        below = sorted(t for stack in stacks for t in stack[1:])
        rng.shuffle(below)
        refilled = []
        for stack in stacks:
            size = max(0, len(stack) - 1)
            refilled.append(stack[:1] + below[:size])
            below = below[size:]
        new["stacks"] = refilled
        new["markers"] = rng.redeal(new["markers"])
        reseed(new, rng)
        return new

    def _reveals(
        self, before: State, after: State, seat: int, move: str, private: dict[int, list[str]]
    ) -> bool:
        """docs/rules/tahiti.md 9.4: a move reveals when it drew from the bag (the generator moved),
        turned up an Exhaustion marker, uncovered a new top Island tile of a stack, or ended the
        game (every Favourite tile, the undealt one too, is shown)."""
        if before.get("rng") != after.get("rng") or any(private.values()):
            return True
        if before["markers"] != after["markers"]:
            return True
        for stack, old in zip(after["stacks"], before["stacks"], strict=True):
            if stack[:1] and stack[:1] != old[:1]:
                return True
        return after["phase"] == "over" and before["phase"] != "over"

    # ------------------------------------------------------------------ words (words.py)
    def where(self, state: State, k: str) -> Msg | str:
        """A hex in words (``words.where``)."""
        return w.where(state, k)

    def describe(self, state: State, seat: int, move: str) -> str:
        """A legal move in words (everything used here is public, docs/rules/tahiti.md 9.4)."""
        return w.describe(state, seat, move)

    def aliases(self, state: State, seat: int, move: str) -> list[str]:
        """Other texts naming exactly this move (``words.aliases``)."""
        return w.aliases(state, seat, move)

    def private_text(self, view: dict) -> list[str]:
        """The seat's private section in sentences (docs/rules/tahiti.md 3.9)."""
        return w.private_text(view)
