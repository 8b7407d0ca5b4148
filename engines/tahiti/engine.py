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
"""

from __future__ import annotations

from typing import Any

from engines.base import (
    BaseEngine,
    IllegalMove,
    Rng,
    Standing,
    State,
    clone_state,
    rank_standings,
    reseed,
)
from engines.tahiti import data as tdata
from engines.tahiti.topics import TOPICS
from i18n import LANGUAGES, T, Tn, dump, joined, load, say, word
from i18n.glossary import term
from i18n.text import Msg

DIRS = tdata.DIRECTIONS
OFFSETS = tdata.OFFSETS
EVENTS_KEPT = 8


def _c() -> dict[str, Any]:
    return tdata.components()


def key(q: int, r: int) -> str:
    return f"{q},{r}"


def parse(k: str) -> tuple[int, int]:
    q, r = k.split(",")
    return int(q), int(r)


def neighbours(k: str) -> list[str]:
    q, r = parse(k)
    return [key(q + dq, r + dr) for dq, dr in OFFSETS]


def direction(a: str, b: str) -> int:
    (qa, ra), (qb, rb) = parse(a), parse(b)
    return OFFSETS.index((qb - qa, rb - ra))


def distance(a: str, b: str) -> int:
    (qa, ra), (qb, rb) = parse(a), parse(b)
    dq, dr = qa - qb, ra - rb
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def letter(seat: int) -> str:
    return "ABCDEF"[seat]


def name(seat: int) -> str:
    return f"Player {letter(seat)}"


def is_edge(board: dict, k: str) -> bool:
    """docs/rules/tahiti.md 9.7 A6: a placed tile with at least one empty neighbour position."""
    return any(n not in board for n in neighbours(k))


def placements(board: dict, at: str, need: int) -> list[str]:
    """docs/rules/tahiti.md 5.1(b): empty positions next to Hommea with ``need`` placed
    neighbours."""
    found = []
    for n in neighbours(at):
        if n in board:
            continue
        # docs/rules/tahiti.md 9.7 A7: any placed tile counts, Hommea's hex, Home and Sea tiles too.
        if sum(1 for m in neighbours(n) if m in board) >= need:
            found.append(n)
    return found


def reefs_crossed(board: dict, a: str, b: str) -> int:
    """docs/rules/tahiti.md 2.4, 5.4: one reef per tile side of the shared edge (0, 1 or 2)."""
    d = direction(a, b)
    return int(d in board[a]["reefs"]) + int((d + 3) % 6 in board[b]["reefs"])


def rowers(canoe: list[str]) -> int:
    """docs/rules/tahiti.md 2.3, 9.7 A3: visible Rowers = 4 - max(0, cubes - 2)."""
    return 4 - max(0, len(canoe) - 2)


def canoe_accepts(canoe: list[str], colour: str) -> bool:
    """docs/rules/tahiti.md 5.8, 9.7 A1: at most 5 cubes, all one colour or all different
    colours."""
    if len(canoe) >= _c()["draws"]["canoe_capacity"]:
        return False
    if not canoe:
        return True
    if all(c == colour for c in canoe):
        return True
    return len(set(canoe)) == len(canoe) and colour not in canoe


def turned_reefs(tile_id: str, rotation: int) -> list[int]:
    return sorted((d + rotation) % 6 for d in _c()["tiles"][tile_id]["reefs"])


DIRECTION_NAMES = {
    "e": "east",
    "ne": "north-east",
    "nw": "north-west",
    "w": "west",
    "sw": "south-west",
    "se": "south-east",
}


EDGE_CODES = {
    "e": T("e"),
    "ne": T("ne"),
    "nw": T("nw"),
    "w": T("w"),
    "sw": T("sw"),
    "se": T("se"),
}


def good(g: str) -> Msg:
    """A goods type in the reader's language (the glossary's word)."""
    return word("tahiti", f"goods.{g}")


def stack_name(stack: int) -> Msg:
    """A stack of Island tiles by its letter in the reader's alphabet (A, Α, А: the glossary's)."""
    return word("tahiti", f"stack.{'ab'[stack]}")


def stack_letters(stack: str) -> list[str]:
    """Every way a member may type a stack's letter: ``a`` and the letter each language shows
    (Greek ``α``, Russian ``а``), so the form a member reads is the form they can type."""
    shown = [term("tahiti", f"stack.{stack}", lang).casefold() for lang in LANGUAGES]
    return list(dict.fromkeys([stack, *shown]))


def edge_name(d: str) -> Msg:
    """A reef edge by its compass name: ``east``, ``north-east`` ..."""
    return {
        "e": T("east"),
        "ne": T("north-east"),
        "nw": T("north-west"),
        "w": T("west"),
        "sw": T("south-west"),
        "se": T("south-east"),
    }[d]


def edge_codes(label: str) -> Msg:
    """Reef edges as a move names them (``e,ne``), in the reader's compass letters."""
    first, second = (EDGE_CODES[d] for d in label.split(","))
    return T("{first},{second}", first=first, second=second)


def goods_count(g: str, n: int) -> Msg:
    """``2 bananas``, ``3 fish``: each goods type its own plural (Russian counts have three)."""
    if g == "banana":
        return Tn("{count} banana", "{count} bananas", n)
    if g == "coconut":
        return Tn("{count} coconut", "{count} coconuts", n)
    if g == "spice":
        return Tn("{count} spice", "{count} spices", n)
    if g == "taro":
        return Tn("{count} taro", "{count} taro", n)
    return Tn("{count} fish", "{count} fish", n)


def reef_count(n: int) -> Msg:
    return Tn("{count} reef", "{count} reefs", n)


def action_count(n: int) -> Msg:
    return Tn("{count} action", "{count} actions", n)


def cargo_text(cubes: list[str]) -> Msg:
    """``2 bananas``, ``banana, coconut and fish`` (a canoe's load in words)."""
    if not cubes:
        return T("nothing")
    if len(set(cubes)) == 1:
        if len(cubes) > 1:
            return goods_count(cubes[0], len(cubes))
        return T("a {good}", good=good(cubes[0]))
    return goods_list(cubes)


def goods_list(cubes: list[str]) -> Msg:
    """``banana, coconut and fish``, each word in the reader's language."""
    return joined([good(g) for g in cubes])


def goods_pair(goods: list[str]) -> Msg:
    """An island's two Goods Spaces: ``banana+taro``."""
    return T("{first}+{second}", first=good(goods[0]), second=good(goods[1]))


def reef_label(reefs: list[int]) -> str:
    return ",".join(DIRS[d] for d in sorted(reefs))


def score_rows(charts: list[dict[str, int]], favourites: list[str]) -> list[dict[str, int]]:
    """docs/rules/tahiti.md 6.2: each seat's goods, favourite bonus, variety and total, for these
    charts and Favourite tiles (the seat filler scores charts it imagines, too)."""
    comp = _c()
    first, second = comp["bonus"]
    rows = []
    for seat, chart in enumerate(charts):
        goods = Tahiti.goods_score(chart)
        favourite = 0
        for g in comp["favourites"][favourites[seat]]:
            # docs/rules/tahiti.md 6.2, 9.7 A11 (dense ranking over all players), A12 (>= 1 cube).
            levels = sorted({c[g] for c in charts if c[g] > 0}, reverse=True)
            mine = chart[g]
            if mine > 0 and mine == levels[0]:
                favourite += first
            elif mine > 0 and len(levels) > 1 and mine == levels[1]:
                favourite += second
        # docs/rules/tahiti.md 6.2 Variety: the value above the rightmost completed column.
        column = min(chart.values())
        variety = comp["variety"][column - 1] if column >= 1 else 0
        rows.append(
            {
                "goods": goods,
                "favourite": favourite,
                "variety": variety,
                "columns": column,
                "cubes": sum(chart.values()),
                "total": goods + favourite + variety,
            }
        )
    return rows


class Tahiti(BaseEngine):
    id = "tahiti"
    title = word("tahiti", "game.title")  # "Tahiti", said in the reader's language
    secret_keys = ("favourite",)  # rules: the secret favourite goods, dealt at the start
    phase_names = {  # noqa: RUF012 (read-only)
        "place": T("placing the starting pieces"),
        "actions": T("actions"),
        "keep": T("keeping or returning goods"),
        "hommea": T("Hommea's gifts"),
        "gift": T("choosing gifts"),
        "rotate": T("passing the first-player marker"),
        "exhaust": T("the islands run out"),
    }
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

    # ------------------------------------------------------------------ queries
    def to_move(self, state: State) -> list[int]:
        if state["phase"] == "over":
            return []
        return [state["current"]]

    def hommea_options(self, state: State) -> tuple[list[str], bool]:
        """docs/rules/tahiti.md 5.1(a), 9.7 A8: Hommea's destinations (her own hex = stay).

        Returns the destinations and whether a normal placement (two neighbours) exists.
        """
        board, h = state["board"], state["hommea"]
        cands = [h] if is_edge(board, h) else []
        cands += [n for n in neighbours(h) if n in board and is_edge(board, n)]
        if not cands:
            # Not in the rules file: no edge hex next to her; go to a nearest edge hex.
            edges = [k for k in board if is_edge(board, k)]
            best = min(distance(h, k) for k in edges)
            cands = sorted(k for k in edges if distance(h, k) == best)
        good = [c for c in cands if placements(board, c, 2)]
        return (good, True) if good else (cands, False)

    def place_options(self, state: State) -> list[str]:
        board, h = state["board"], state["hommea"]
        # docs/rules/tahiti.md 5.1(b); 9.7 A8 fallback: a single neighbour when two is impossible.
        return placements(board, h, 2) or placements(board, h, 1)

    def gift_options(self, state: State, colour: str) -> list[str]:
        """docs/rules/tahiti.md 5.2: empty spaces of the cube's type on islands without a marker."""
        found = []
        for k, hexa in state["board"].items():
            if hexa["kind"] != "island" or hexa["marker"] is not None:
                continue
            for i, g in enumerate(hexa["goods"]):
                if g == colour and not hexa["cubes"][i]:
                    found.append(k)
        return sorted(found, key=lambda k: (distance("0,0", k), parse(k)))

    def exhaust_options(self, state: State) -> list[str]:
        """docs/rules/tahiti.md 5.9, 9.7 A21/A23: islands without marker and without cubes."""
        return sorted(
            (
                k
                for k, hexa in state["board"].items()
                if hexa["kind"] == "island" and hexa["marker"] is None and not any(hexa["cubes"])
            ),
            key=lambda k: (distance("0,0", k), parse(k)),
        )

    def legal_moves(self, state: State, seat: int) -> list[str]:
        if seat not in self.to_move(state):
            return []
        phase = state["phase"]
        if phase == "hommea":
            opts, _ = self.hommea_options(state)
            h = state["hommea"]
            return (["stay"] if h in opts else []) + [f"hommea {k}" for k in opts if k != h]
        if phase == "place":
            spots = self.place_options(state)
            return [f"place {'ab'[s]} {k}" for s in (0, 1) if state["stacks"][s] for k in spots]
        if phase == "rotate":
            tile = state["stacks"][state["pending"]["stack"]][0]
            labels: list[str] = []
            for rot in range(6):
                label = f"reefs {reef_label(turned_reefs(tile, rot))}"
                if label not in labels:
                    labels.append(label)
            return [*labels, "back"]
        if phase == "gift":
            colour = state["pending"]["gifts"][0]
            return [f"gift {colour} {k}" for k in self.gift_options(state, colour)]
        if phase == "keep":
            return ["keep", "release"]
        if phase == "exhaust":
            return [f"exhaust {k}" for k in self.exhaust_options(state)]
        return self._action_moves(state, seat)

    def _action_moves(self, state: State, seat: int) -> list[str]:
        board = state["board"]
        pos = state["at"][seat]
        canoe = state["canoes"][seat]
        moves = [f"move {n}" for n in neighbours(pos) if n in board]  # docs/rules/tahiti.md 5.4
        here = board[pos]
        if here["kind"] == "island":  # docs/rules/tahiti.md 5.5, 9.7 A22
            for i, g in enumerate(here["goods"]):
                if here["cubes"][i] and canoe_accepts(canoe, g):
                    moves.append(f"harvest {g}")
        if here["kind"] != "home":  # docs/rules/tahiti.md 5.6, 7.10
            moves.append("fish")
        if here["kind"] == "home" and canoe:  # docs/rules/tahiti.md 5.7; 9.7 A14
            moves.append("deliver")
        moves.append("end")  # docs/rules/tahiti.md 9.7 A4
        return moves

    def default_move(self, state: State, seat: int) -> str:
        moves = self.legal_moves(state, seat)
        if not moves:
            raise IllegalMove(T("That seat has no move to make now."))
        phase = state["phase"]
        if phase == "actions":
            return "end"
        if phase == "keep":
            return "keep"
        if phase == "hommea" and "stay" in moves:
            return "stay"
        if phase == "exhaust":
            # Spare the islands growing the player's own favourite goods.
            fav = set(_c()["favourites"][state["fav"][seat]])
            board = state["board"]
            return min(moves, key=lambda m: len(fav & set(board[m.split()[1]]["goods"])))
        return moves[0]

    # ------------------------------------------------------------------ bag
    def _draw(self, state: State, rng: Rng, count: int) -> list[str]:
        """Draw without replacement; docs/rules/tahiti.md 9.7 A18: as many as remain."""
        bag = state["bag"]
        drawn = []
        for _ in range(count):
            total = sum(bag.values())
            if total == 0:
                break
            pick = rng.randbelow(total)
            for g in _c()["goods"]:
                if pick < bag[g]:
                    bag[g] -= 1
                    drawn.append(g)
                    break
                pick -= bag[g]
        return drawn

    def _to_bag(self, state: State, cubes: list[str]) -> None:
        for g in cubes:
            state["bag"][g] += 1

    def _end_fishing(self, state: State, log: list[str]) -> None:
        """docs/rules/tahiti.md 5.6: set-aside cubes go back when the fishing run ends."""
        if state["set_aside"]:
            log.append(
                Tn(
                    "The {count} set-aside fishing cube goes back to the bag.",
                    "The {count} set-aside fishing cubes go back to the bag.",
                    len(state["set_aside"]),
                )
            )
            self._to_bag(state, state["set_aside"])
            state["set_aside"] = []

    # ------------------------------------------------------------------ apply
    def _apply(self, state: State, seat: int, move: str) -> tuple[list[str], dict[int, list[str]]]:
        rng = Rng(state["rng"])
        log: list[str] = []
        private: dict[int, list[str]] = {}
        # docs/rules/tahiti.md 3.9: each seat's Favourite Goods tile is in its private view from the
        # start (the host DMs it when the game begins); no move changes it, so no move sends a
        # private line about it again.
        state.pop("announced", None)
        words = move.split()
        verb = words[0]
        who = name(seat)
        if verb in ("stay", "hommea"):
            self._do_hommea(state, who, words, log)
        elif verb == "place":
            stack = "ab".index(words[1])
            state["pending"] = {"stack": stack, "at": words[2]}
            state["phase"] = "rotate"
            goods = _c()["tiles"][state["stacks"][stack][0]]["goods"]
            log.append(
                T(
                    "{player} takes the island ({first}/{second}) from stack {stack} for {at}.",
                    player=who,
                    first=good(goods[0]),
                    second=good(goods[1]),
                    stack=stack_name(stack),
                    at=words[2],
                )
            )
        elif verb == "back":
            state["pending"] = {}
            state["phase"] = "place"
            log.append(T("{player} puts the tile back and chooses again.", player=who))
        elif verb == "reefs":
            self._do_place(state, rng, who, words[1], log)
        elif verb == "gift":
            self._do_gift(state, rng, who, words[1], words[2], log)
        elif verb == "exhaust":
            self._do_exhaust(state, rng, seat, words[1], log)
        elif verb in ("keep", "release"):
            self._do_keep(state, rng, seat, verb == "keep", log)
        else:
            self._do_action(state, rng, seat, verb, words[1:], log)
        state["rng"] = rng.state
        # The state is JSON: the events keep their message ids and parameters (i18n.dump), so
        # the detail image says them again in its reader's language.
        state["events"] = (state["events"] + [dump(line) for line in log])[-EVENTS_KEPT:]
        return log, private

    # docs/rules/tahiti.md 5.1(a)
    def _do_hommea(self, state: State, who: str, words: list[str], log: list[str]) -> None:
        if words[0] == "stay":
            log.append(T("{player} leaves Hommea on {at}.", player=who, at=state["hommea"]))
        else:
            state["hommea"] = words[1]
            log.append(T("{player} moves Hommea to {at}.", player=who, at=words[1]))
        state["phase"] = "place"

    # docs/rules/tahiti.md 5.1(b)
    def _do_place(self, state: State, rng: Rng, who: str, label: str, log: list[str]) -> None:
        stack, at = state["pending"]["stack"], state["pending"]["at"]
        tile = state["stacks"][stack].pop(0)
        reefs = sorted(DIRS.index(d) for d in label.split(","))
        goods = list(_c()["tiles"][tile]["goods"])
        state["board"][at] = {
            "kind": "island",
            "tile": tile,
            "reefs": reefs,
            "goods": goods,
            "cubes": [False, False],
            "marker": None,
        }
        state["pending"] = {}
        log.append(
            T(
                "{player} places the island ({first}/{second}) from stack {stack} at {at}, "
                "reefs {edges}.",
                player=who,
                first=good(goods[0]),
                second=good(goods[1]),
                stack=stack_name(stack),
                at=at,
                edges=edge_codes(label),
            )
        )
        if not state["stacks"][0] and not state["stacks"][1]:
            # docs/rules/tahiti.md 5.1 "Important", 4: the last tile removes Hommea; late season.
            state["hommea"] = None
            state["era"] = "late"
            log.append(T("The last island is placed: Hommea leaves. The late season begins."))
        self._start_gifts(state, rng, log)

    # docs/rules/tahiti.md 5.2
    def _start_gifts(self, state: State, rng: Rng, log: list[str]) -> None:
        draws = _c()["draws"]
        # docs/rules/tahiti.md 5.2, 9.7 A9: 3 cubes while Hommea is in play, 2 after she leaves.
        count = draws["gifts_with_hommea"] if state["hommea"] is not None else draws["gifts_late"]
        drawn = self._draw(state, rng, count)
        gifts = goods_list(drawn) if drawn else T("the bag is empty")
        log.append(T("Hommea's gifts: {gifts}.", gifts=gifts))
        state["pending"] = {"gifts": drawn}
        self._resolve_gifts(state, rng, log)

    def _resolve_gifts(self, state: State, rng: Rng, log: list[str]) -> None:
        gifts = state["pending"]["gifts"]
        while gifts:
            colour = gifts[0]
            opts = self.gift_options(state, colour)
            if len(opts) >= 2:
                state["phase"] = "gift"  # docs/rules/tahiti.md 5.2: the player chooses
                return
            gifts.pop(0)
            if opts:  # docs/rules/tahiti.md 7.5: mandatory when a space fits
                self._put_cube(state, opts[0], colour)
                log.append(
                    T("The {good} goes to the island at {at}.", good=good(colour), at=opts[0])
                )
            else:
                self._to_bag(state, [colour])
                log.append(
                    T("The {good} fits nowhere and goes back to the bag.", good=good(colour))
                )
        state["pending"] = {}
        self._start_actions(state, log)

    def _put_cube(self, state: State, at: str, colour: str) -> None:
        hexa = state["board"][at]
        for i, g in enumerate(hexa["goods"]):
            if g == colour and not hexa["cubes"][i]:
                hexa["cubes"][i] = True
                return

    def _do_gift(self, state: State, rng: Rng, who: str, colour: str, at: str, log: list[str]):
        state["pending"]["gifts"].pop(0)
        self._put_cube(state, at, colour)
        log.append(
            T(
                "{player} puts the {good} on the island at {at}.",
                player=who,
                good=good(colour),
                at=at,
            )
        )
        self._resolve_gifts(state, rng, log)

    # docs/rules/tahiti.md 5.3
    def _start_actions(self, state: State, log: list[str]) -> None:
        state["phase"] = "actions"
        state["actions"] = 0
        seat = state["current"]
        actions = action_count(rowers(state["canoes"][seat]))
        log.append(T("{player} has {actions}.", player=name(seat), actions=actions))

    def _do_action(
        self, state: State, rng: Rng, seat: int, verb: str, args: list[str], log: list[str]
    ) -> None:
        who = name(seat)
        canoe = state["canoes"][seat]
        if verb != "fish":
            self._end_fishing(state, log)  # docs/rules/tahiti.md 5.6 cleanup
        if verb == "end":
            log.append(T("{player} ends their actions.", player=who))
            self._end_actions(state, rng, log)
            return
        state["actions"] += 1
        if verb == "move":
            self._move(state, rng, seat, args[0], log)
        elif verb == "harvest":  # docs/rules/tahiti.md 5.5
            colour = args[0]
            hexa = state["board"][state["at"][seat]]
            hexa["cubes"][hexa["goods"].index(colour)] = False
            canoe.append(colour)
            log.append(
                T(
                    "{player} harvests a {good} ({cubes} in the canoe).",
                    player=who,
                    good=good(colour),
                    cubes=len(canoe),
                )
            )
        elif verb == "deliver":  # docs/rules/tahiti.md 5.7
            log.append(T("{player} delivers {cargo}.", player=who, cargo=cargo_text(canoe)))
            self._deliver(state, seat, log)
        elif verb == "fish" and self._fish(state, rng, seat, log):
            return  # waiting for keep / release
        self._after_action(state, rng, log)

    def _after_action(self, state: State, rng: Rng, log: list[str]) -> None:
        """docs/rules/tahiti.md 5.3 stop rule: re-checked after every action."""
        seat = state["current"]
        left = rowers(state["canoes"][seat]) - state["actions"]
        if left <= 0:
            log.append(
                T(
                    "{player} has no action left (visible Rowers: {rowers}).",
                    player=name(seat),
                    rowers=left + state["actions"],
                )
            )
            self._end_actions(state, rng, log)

    # docs/rules/tahiti.md 5.4
    def _move(self, state: State, rng: Rng, seat: int, to: str, log: list[str]) -> None:
        board = state["board"]
        canoe = state["canoes"][seat]
        crossed = reefs_crossed(board, state["at"][seat], to)
        state["at"][seat] = to
        who = name(seat)
        if crossed and canoe:
            drawn = self._draw(state, rng, crossed)
            lost = []
            for g in drawn:  # docs/rules/tahiti.md 9.7 A2: one loss per matching drawn cube
                if g in canoe:
                    canoe.remove(g)
                    lost.append(g)
            self._to_bag(state, drawn + lost)  # 5.4 cleanup: drawn and lost cubes to the bag
            drew = goods_list(drawn) if drawn else T("nothing")
            loss = T(", lost {cargo}.", cargo=cargo_text(lost)) if lost else T(", no loss.")
            if crossed == 2:
                text = T(
                    "{player} paddles to {at} across a double reef: drew {drawn}{loss}",
                    player=who,
                    at=to,
                    drawn=drew,
                    loss=loss,
                )
            else:
                text = T(
                    "{player} paddles to {at} across a reef: drew {drawn}{loss}",
                    player=who,
                    at=to,
                    drawn=drew,
                    loss=loss,
                )
        elif crossed:  # docs/rules/tahiti.md 7.8
            text = T(
                "{player} paddles to {at} across {reefs} with an empty canoe (no draw).",
                player=who,
                at=to,
                reefs=reef_count(crossed),
            )
        else:
            text = T("{player} paddles to {at}.", player=who, at=to)
        log.append(text)

    def _deliver(self, state: State, seat: int, log: list[str]) -> None:
        """docs/rules/tahiti.md 5.7: unload all; at most 9 per type, the rest leaves the game."""
        cap = _c()["draws"]["chart_cap"]
        chart = state["charts"][seat]
        for g in state["canoes"][seat]:
            if chart[g] < cap:
                chart[g] += 1
            else:
                state["removed"][g] += 1
                log.append(
                    T("A {good} beyond {cap} is removed from the game.", good=good(g), cap=cap)
                )
        state["canoes"][seat] = []

    # docs/rules/tahiti.md 5.6
    def _fish(self, state: State, rng: Rng, seat: int, log: list[str]) -> bool:
        here = state["board"][state["at"][seat]]
        draws = _c()["draws"]
        fishy = here.get("marker") == "fish"
        drawn = self._draw(state, rng, draws["fishing_fish_marker"] if fishy else draws["fishing"])
        aside = len(state["set_aside"])
        drew = goods_list(drawn) if drawn else T("nothing")
        if aside:
            log.append(
                Tn(
                    "{player} fishes ({count} cube set aside): drew {drawn}.",
                    "{player} fishes ({count} cubes set aside): drew {drawn}.",
                    aside,
                    player=name(seat),
                    drawn=drew,
                )
            )
        else:
            log.append(T("{player} fishes: drew {drawn}.", player=name(seat), drawn=drew))
        if "fish" in drawn and canoe_accepts(state["canoes"][seat], "fish"):
            state["pending"] = {"drawn": drawn}
            state["phase"] = "keep"
            return True
        if "fish" in drawn:
            log.append(T("The canoe cannot take the fish (loading rules)."))
        state["set_aside"] += drawn
        return False

    def _do_keep(self, state: State, rng: Rng, seat: int, keep: bool, log: list[str]) -> None:
        drawn = state["pending"]["drawn"]
        if keep:
            drawn.remove("fish")
            state["canoes"][seat].append("fish")
            log.append(T("{player} keeps a fish.", player=name(seat)))
        else:
            log.append(T("{player} lets the fish go.", player=name(seat)))
        state["set_aside"] += drawn
        state["pending"] = {}
        state["phase"] = "actions"
        self._after_action(state, rng, log)

    def _end_actions(self, state: State, rng: Rng, log: list[str]) -> None:
        self._end_fishing(state, log)
        if state["era"] != "late":  # docs/rules/tahiti.md 5.9: skipped while Hommea is in play
            self._end_turn(state, rng, log)
            return
        opts = self.exhaust_options(state)
        if not opts:
            log.append(T("No empty island to exhaust."))
            self._end_turn(state, rng, log)
        elif len(opts) == 1:
            self._exhaust(state, rng, state["current"], opts[0], log)
        else:
            state["phase"] = "exhaust"

    def _do_exhaust(self, state: State, rng: Rng, seat: int, at: str, log: list[str]) -> None:
        self._exhaust(state, rng, seat, at, log)

    def _exhaust(self, state: State, rng: Rng, seat: int, at: str, log: list[str]) -> None:
        # docs/rules/tahiti.md 5.9, 9.7 A10: choose the island, then reveal a random marker.
        kind = state["markers"].pop(0) if state["markers"] else "blank"
        state["board"][at]["marker"] = kind
        if kind == "fish":
            log.append(
                T("{player} exhausts the island at {at} (a fish marker).", player=name(seat), at=at)
            )
        else:
            log.append(
                T(
                    "{player} exhausts the island at {at} (a blank marker).",
                    player=name(seat),
                    at=at,
                )
            )
        self._end_turn(state, rng, log)

    @staticmethod
    def islands_left(state: State) -> int:
        """docs/rules/tahiti.md 4: Island tiles without an Exhaustion marker (the end clock)."""
        return sum(
            1 for h in state["board"].values() if h["kind"] == "island" and h["marker"] is None
        )

    def _end_turn(self, state: State, rng: Rng, log: list[str]) -> None:
        players = state["players"]
        state["phase"] = "actions"
        state["actions"] = 0
        if state["era"] == "late" and not state["end_triggered"]:
            # docs/rules/tahiti.md 4, 6.2.1, 9.7 A16: four islands without a marker end the season.
            alive = self.islands_left(state)
            if alive <= _c()["draws"]["end_islands"]:
                state["end_triggered"] = True
                log.append(
                    Tn(
                        "Only {count} island left unexhausted: this is the last round.",
                        "Only {count} islands left unexhausted: this is the last round.",
                        alive,
                    )
                )
        nxt = (state["current"] + 1) % players
        if nxt == state["first"]:
            if state["end_triggered"]:  # docs/rules/tahiti.md 7.17: equal turns for everyone
                self._finish(state, log)
                return
            state["round"] += 1
        state["current"] = nxt
        state["turn"] += 1
        log.append(T("Round {round}: {player} to play.", round=state["round"], player=name(nxt)))
        self._begin_turn(state, rng, log)

    def _begin_turn(self, state: State, rng: Rng, log: list[str]) -> None:
        state["actions"] = 0
        if state["stacks"][0] or state["stacks"][1]:
            state["phase"] = "hommea"  # docs/rules/tahiti.md 4: Exploration while tiles remain
        else:
            self._start_gifts(state, rng, log)

    # ------------------------------------------------------------------ end
    def _finish(self, state: State, log: list[str]) -> None:
        """docs/rules/tahiti.md 6.2: final delivery from anywhere (cap 9), then scoring."""
        for seat in range(state["players"]):
            if state["canoes"][seat]:
                cargo = cargo_text(state["canoes"][seat])
                log.append(
                    T("{player} unloads {cargo} at the end.", player=name(seat), cargo=cargo)
                )
                self._deliver(state, seat, log)
        state["phase"] = "over"
        state["pending"] = {}
        scores = self.scores(state)
        state["final"] = scores
        log.append(T("The season is over."))
        for seat, row in enumerate(scores):
            fav = _c()["favourites"][state["fav"][seat]]
            log.append(
                T(
                    "{player}: {total} points (goods {goods}, favourite {favourites} {favourite}, "
                    "variety {variety}).",
                    player=name(seat),
                    total=row["total"],
                    goods=row["goods"],
                    favourites=goods_pair(fav),
                    favourite=row["favourite"],
                    variety=row["variety"],
                )
            )

    @staticmethod
    def goods_score(chart: dict[str, int]) -> int:
        """docs/rules/tahiti.md 6.2 Goods: the value of the first empty space after the cubes."""
        values = _c()["row_values"]
        return sum(values[min(n, len(values) - 1)] for n in chart.values())

    def scores(self, state: State) -> list[dict[str, int]]:
        return score_rows(state["charts"], state["fav"])

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

    # ------------------------------------------------------------------ words
    def where(self, state: State, k: str) -> Msg | str:
        """A hex in words: ``the Home Island 0,0``, ``the Sea at 1,-1``, ``island 1,0
        (banana+taro)``, ``island 2,0 (fish marker)``."""
        hexa = state["board"].get(k)
        if hexa is None:
            return k
        if hexa["kind"] == "home":
            return T("the Home Island 0,0")
        if hexa["kind"] == "sea":
            return T("the Sea at {at}", at=k)
        if hexa["marker"] == "fish":
            return T("island {at} (fish marker)", at=k)
        if hexa["marker"]:
            return T("island {at} (exhausted)", at=k)
        return T("island {at} ({goods})", at=k, goods=goods_pair(hexa["goods"]))

    def describe(self, state: State, seat: int, move: str) -> str:
        """A legal move in words (everything used here is public, docs/rules/tahiti.md 9.4)."""
        words = move.split()
        verb = words[0]
        if verb == "stay":
            place = self.where(state, state["hommea"])
            return T("Leave Hommea where she is, on {place}", place=place)
        if verb == "hommea":
            return T("Move Hommea to {place}", place=self.where(state, words[1]))
        if verb == "place":
            stack = "ab".index(words[1])
            tile = state["stacks"][stack][0]
            return T(
                "Place the island ({goods}) from stack {stack} at {at}",
                goods=goods_pair(_c()["tiles"][tile]["goods"]),
                stack=stack_name(stack),
                at=words[2],
            )
        if verb == "reefs":
            names = joined([edge_name(d) for d in words[1].split(",")])
            at = state["pending"].get("at", "")
            return T("Turn the new island at {at} so its reefs face {edges}", at=at, edges=names)
        if verb == "back":
            return T("Put the tile back and choose the stack and place again")
        if verb == "gift":
            place = self.where(state, words[2])
            return T("Put the gift {good} on {place}", good=good(words[1]), place=place)
        if verb == "keep":
            return T("Keep the fish: load it into your canoe")
        if verb == "release":
            return T("Let the fish go (it stays set aside while you keep fishing)")
        if verb == "exhaust":
            place = self.where(state, words[1])
            return T("Exhaust {place}: a random marker, no more goods", place=place)
        canoe = state["canoes"][seat]
        if verb == "move":
            crossed = reefs_crossed(state["board"], state["at"][seat], words[1])
            place = self.where(state, words[1])
            if not crossed:
                return T("Paddle to {place}: no reef", place=place)
            reefs = reef_count(crossed)
            if not canoe:
                return T(
                    "Paddle to {place}: {reefs}, empty canoe so no draw", place=place, reefs=reefs
                )
            if crossed == 1:
                return T(
                    "Paddle to {place}: {reefs}, draw a cube, lose matches",
                    place=place,
                    reefs=reefs,
                )
            return T(
                "Paddle to {place}: {reefs}, draw 2 cubes, lose matches", place=place, reefs=reefs
            )
        if verb == "harvest":
            place = self.where(state, state["at"][seat])
            if len(canoe) >= _c()["draws"]["cargo_only_spaces"]:
                return T(
                    "Harvest the {good} on {place} (covers a Rower)",
                    good=good(words[1]),
                    place=place,
                )
            return T("Harvest the {good} on {place}", good=good(words[1]), place=place)
        if verb == "fish":
            fishy = state["board"][state["at"][seat]].get("marker") == "fish"
            draws = _c()["draws"]["fishing_fish_marker" if fishy else "fishing"]
            aside = len(state["set_aside"])
            if aside:
                return Tn(
                    "Fish here: draw {count} cube, keep a fish if one comes up ({aside} set aside)",
                    "Fish here: draw {count} cubes, keep a fish if one comes up "
                    "({aside} set aside)",
                    draws,
                    aside=aside,
                )
            return Tn(
                "Fish here: draw {count} cube, keep a fish if one comes up",
                "Fish here: draw {count} cubes, keep a fish if one comes up",
                draws,
            )
        if verb == "deliver":
            return T("Deliver {cargo} to your Harvest Chart at home", cargo=cargo_text(canoe))
        if verb == "end":
            left = action_count(max(0, rowers(canoe) - state["actions"]))
            if state["era"] == "late":
                return T(
                    "End your actions now ({actions} left), then exhaust an empty island",
                    actions=left,
                )
            return T("End your actions now ({actions} left)", actions=left)
        return move

    def aliases(self, state: State, seat: int, move: str) -> list[str]:
        """Other texts naming exactly this move: reef edges in any order, by full name and by
        the compass letters each language shows, ``home`` for 0,0, the stack after the place
        and by the letter each language shows, English-edition words (deplete)."""
        words = move.split()
        verb = words[0]
        found: list[str] = []
        if verb == "stay" and state["hommea"]:
            found = [f"hommea {state['hommea']}", "hommea stay", "leave hommea"]
            if state["hommea"] == "0,0":
                found.append("hommea home")
        elif verb == "hommea":
            found = [f"haumea {words[1]}"]
            if words[1] == "0,0":
                found += ["hommea home", "haumea home"]
        elif verb == "place":
            for letter in stack_letters(words[1]):
                found += [
                    f"place {letter} {words[2]}",
                    f"place {words[2]} {letter}",
                    f"{letter} {words[2]}",
                ]
        elif verb == "reefs":
            edges = words[1].split(",")
            for order in (edges, edges[::-1]):
                long = [DIRECTION_NAMES[d] for d in order]
                found += [
                    f"reefs {','.join(order)}",
                    f"reefs {' '.join(order)}",
                    f"reefs {','.join(long)}",
                    f"reefs {' '.join(long)}",
                    f"{','.join(order)}",
                ]
                # The compass letters a Greek or Russian member reads (Α,ΝΑ; В,ЮВ).
                for lang in LANGUAGES:
                    shown = ",".join(say(lang, EDGE_CODES[d]).casefold() for d in order)
                    found += [f"reefs {shown}", shown]
        elif verb == "back":
            found = ["undo", "cancel"]
        elif verb == "gift":
            found = [f"gift {words[2]}", f"gift {words[2]} {words[1]}", f"{words[1]} {words[2]}"]
        elif verb == "keep":
            found = ["keep fish", "keep the fish"]
        elif verb == "release":
            found = ["release fish", "let go", "let the fish go"]
        elif verb == "exhaust":
            found = [f"deplete {words[1]}"]
        elif verb == "move":
            found = [f"paddle {words[1]}", f"go {words[1]}"]
            if words[1] == "0,0":
                found += ["move home", "paddle home", "go home", "home"]
        elif verb == "harvest":
            found = [f"collect {words[1]}", f"take {words[1]}"]
        elif verb == "fish":
            found = ["go fishing", "fishing"]
        elif verb == "deliver":
            found = ["unload", "deliver all"]
        elif verb == "end":
            found = ["end actions", "end turn", "done", "pass"]
        return [a for a in dict.fromkeys(found) if a != move]

    def private_text(self, view: dict) -> list[str]:
        """The seat's private section in sentences (docs/rules/tahiti.md 3.9)."""
        private = view.get("private") or {}
        goods = private.get("favourite") or []
        if not goods:
            return [T("You have no private information in this game right now.")]
        lines: list[str] = [T("Your Favourite goods: {goods}.", goods=goods_list(goods))]
        lines.append(
            T("At the end you score 5 for the most of each of them, 3 for the next-lower amount.")
        )
        if view.get("over"):
            lines.append(T("The game is over: every Favourite tile is now shown to all."))
        else:
            lines.append(T("Keep them secret: nobody else sees this tile until the end."))
        return lines
