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
from engines.amerigo.topics import RULES_TOPICS
from engines.amerigo.words import (
    ACTION_NAMES,
    Clipped,
    action_name,
    cannons,
    cell,
    colour_phase,
    colour_word,
    cubes,
    good_word,
    posts,
    shape_name,
    shape_rows,
    spaces,
    token_name,
    token_text,
    tokens_count,
)
from engines.amerigo.words import cells as cells_msg
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
from i18n import N_, T, word
from i18n.text import Msg

COLOURS = ("blue", "black", "red", "brown", "green", "yellow", "white")
GOODS = ("cotton", "tobacco", "sugar", "coconuts", "coffee")
LETTER_GOOD = dict(zip("ctskf", GOODS, strict=True))
ROUNDS = 5


def _b() -> dict[str, Any]:
    return D.board()


def _tokens() -> dict[str, dict[str, Any]]:
    return {t["id"]: t for t in D.load()["tokens"]["progress"]}


TOKENS = _tokens()
SPECIAL = _b()["special_track"]
SPECIAL_COLOURS = SPECIAL["colours"]
SPECIAL_VP = {int(k): v for k, v in SPECIAL["vp"].items()}
PROGRESS_LAST = _b()["progress_track"]["last"]
PROGRESS_VP = {int(k): v for k, v in _b()["progress_track"]["vp"].items()}
GOLD_MAX = _b()["tracks"]["gold_max"]
CANNON_MAX = _b()["tracks"]["cannon_max"]
SCORE = _b()["scoring"]
POST_TABLE = _b()["trading_post_table"]["values"]


def _components() -> dict[str, Any]:
    """Token effects and tile shapes as printed (generated from data/amerigo); a fresh copy."""
    return {
        "tokens": {tid: token_text(tid) for tid in TOKENS},
        "tiles": {
            sid: {
                "name": shape_name(sid),
                "rows": list(shape_rows(sid)),
                "cost": D.tile_cost(sid),
                "small": s["small"],
                "big": s["big"],
            }
            for sid, s in D.shapes().items()
        },
    }


def _track_vp(table: dict[int, int], pos: int) -> int:
    """Highest printed VP reached or passed (rules 5.4, 5.7, 6.3)."""
    return max([v for k, v in table.items() if k <= pos], default=0)


class Amerigo(BaseEngine):
    id = "amerigo"
    title = word("amerigo", "game.title")  # "Amerigo", said in the reader's language
    secret_keys = ()  # open information: the private view holds only the decision at hand
    min_players = 2
    max_players = 4
    variants = ("standard",)
    rules_topics = RULES_TOPICS
    # A view's phase (the index of its colour in the round, docs/rules/amerigo.md 4.2) in words.
    phase_names = {  # noqa: RUF012 (read-only)
        str(i): T("{colour} phase", colour=colour_word(c)) for i, c in enumerate(COLOURS)
    }

    def phase_name(self, view: dict) -> Any:
        """``the blue phase``: the view's colour, else its phase (``phase_names``)."""
        if colour := view.get("colour"):
            return colour_phase(colour)
        return super().phase_name(view)

    # ------------------------------------------------------------------------------- setup

    def setup(self, players: int, *, seed: int, variant: str | None = None) -> State:
        variant = self.check_setup(players, variant)
        rng = Rng.from_seed(seed)
        b = _b()
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

    # ------------------------------------------------------------------------------- helpers

    @staticmethod
    def _geo(state: State) -> dict[str, Any]:
        return D.geometry(tuple(state["grid"]), state["n"])

    @staticmethod
    def _drop(state: State, rng: Rng, cubes: dict[str, int]) -> dict[str, int]:
        """docs/rules/amerigo.md 9.6: the tower keeps R cubes, newly dropped ones first."""
        t = _b()["tower"]
        new = [c for c in COLOURS for _ in range(cubes.get(c, 0))]
        old = [c for c in COLOURS for _ in range(state["tower"][c])]
        keep = t["base"] + sum(rng.randint(-1, 1) for _ in range(t["spread"]))
        keep = max(t["min_keep"], min(t["max_keep"], keep, len(new) + len(old)))
        rng.shuffle(new)
        rng.shuffle(old)
        kept = new[:keep] + old[: max(0, keep - len(new))]
        out = new[keep:] + old[max(0, keep - len(new)) :]
        state["tower"] = {c: kept.count(c) for c in COLOURS}
        return {c: out.count(c) for c in COLOURS}

    @staticmethod
    def _order(state: State) -> list[int]:
        """docs/rules/amerigo.md 4.2.4: furthest ahead first; in a stack, top first."""
        ps = state["p"]
        return sorted(
            range(state["n"]), key=lambda s: (ps[s]["opos"], ps[s]["stamp"]), reverse=True
        )

    @staticmethod
    def _add_gold(p: dict[str, Any], amount: int) -> int:
        """docs/rules/amerigo.md 5.8: gold above 12 becomes 1 VP each at once. Returns VP gained."""
        total = p["gold"] + amount
        over = max(0, total - GOLD_MAX)
        p["gold"] = min(GOLD_MAX, total)
        p["vp"] += over
        return over

    @staticmethod
    def _has(p: dict[str, Any], effect: str, unused: bool = False) -> list[str]:
        return [
            tid
            for tid, used in p["toks"]
            if TOKENS[tid]["effect"] == effect and not (unused and used)
        ]

    def _bonus(self, p: dict[str, Any], colour: str) -> int:
        """docs/rules/amerigo.md 5.9 P1/P2: +2 or +1 AP for depicted actions."""
        bonus = 0
        for tid, _ in p["toks"]:
            tok = TOKENS[tid]
            if tok["effect"] == "ap2" and colour in tok["colours"]:
                bonus += 2
            elif tok["effect"] == "ap1" and colour in tok["colours"]:
                bonus += 1
        return bonus

    @staticmethod
    def _name(seat: int) -> str:
        return f"Player {'ABCD'[seat]}"

    def _time_value(self, state: State) -> int:
        """docs/rules/amerigo.md 5.5: the number on the topmost time marker."""
        return state["time"][0] if state["time"] else _b()["time_markers"]["printed"]

    # ------------------------------------------------------------------------------- flow

    def _start_phase(self, state: State, rng: Rng, log: list[str]) -> None:
        """docs/rules/amerigo.md 4.2: drop the phase colour, skip if nothing falls, set AP."""
        while not state["over"]:
            colour = COLOURS[state["phase"]]
            n = state["storage"][colour]
            state["storage"][colour] = 0
            released = self._drop(state, rng, {colour: n}) if n else dict.fromkeys(COLOURS, 0)
            total = sum(released.values())
            state["drops"].append(total)
            tag = T(
                "Round {round}, {colour} phase", round=state["round"], colour=colour_word(colour)
            )
            if total == 0:
                # docs/rules/amerigo.md 4.2.2 / 7.1: empty storage or no cubes out: phase skipped.
                log.append(
                    T(
                        "{tag}: {cubes} dropped, none fell out; phase skipped.",
                        tag=tag,
                        cubes=cubes(n),
                    )
                )
                self._end_phase(state, rng, log)
                continue
            state["space"] = released
            ap = max(released.values())  # docs/rules/amerigo.md 4.2.3
            shown = _comma(
                [
                    T("{number} {colour}", number=v, colour=colour_word(c))
                    for c, v in released.items()
                    if v
                ]
            )
            log.append(
                T(
                    "{tag}: {cubes} dropped, out fell {shown}: {ap} AP.",
                    tag=tag,
                    cubes=cubes(n),
                    shown=shown,
                    ap=ap,
                )
            )
            state["turn"] = {
                "order": self._order(state),  # docs/rules/amerigo.md 9.7 A8: frozen for the phase
                "i": 0,
                "ap": ap,
                "cubes": total,
                "act": None,
            }
            return

    def _end_phase(self, state: State, rng: Rng, log: list[str]) -> None:
        # docs/rules/amerigo.md 4.2.7: cubes on the action space go back to their storage spaces.
        for c, v in state["space"].items():
            state["storage"][c] += v
        state["space"] = dict.fromkeys(COLOURS, 0)
        state["turn"] = None
        state["phase"] += 1
        if state["phase"] == len(COLOURS):
            self._end_round(state, log)
            state["phase"] = 0
            if state["round"] == ROUNDS:
                self._final(state, log)
                return
            self._prepare_round(state, rng, log)
            state["round"] += 1

    def _next_turn(self, state: State, rng: Rng, log: list[str]) -> None:
        turn = state["turn"]
        turn["act"] = None
        turn["i"] += 1
        if turn["i"] >= len(turn["order"]):
            self._end_phase(state, rng, log)
            self._start_phase(state, rng, log)

    def _end_round(self, state: State, log: list[str]) -> None:
        """docs/rules/amerigo.md 4.3.1 / 6.2: the pirates attack."""
        strength = sum(v for v, up in state["pirates"] if up)
        ps = state["p"]
        for seat, p in enumerate(ps):
            # docs/rules/amerigo.md 5.9 P4 / 9.7 A16: +2 per P4 token held by any other player.
            extra = sum(2 * len(self._has(o, "pirates2")) for i, o in enumerate(ps) if i != seat)
            need = strength + extra
            who = self._name(seat)
            if p["can"] >= need:
                p["can"] -= need  # docs/rules/amerigo.md 6.2.5: leftover cannons are kept
                left = cannons(p["can"])
                if self._has(p, "pirategold"):
                    # docs/rules/amerigo.md 5.9 P6 / 7.18: +2 gold even at strength 0.
                    self._add_gold(p, SCORE["pirate_gold"])
                    msg = T(
                        "{player} beats pirates of strength {strength} ({cannons} left), +2 gold.",
                        player=who,
                        strength=need,
                        cannons=left,
                    )
                else:
                    msg = T(
                        "{player} beats pirates of strength {strength} ({cannons} left).",
                        player=who,
                        strength=need,
                        cannons=left,
                    )
                log.append(msg)
            else:
                # docs/rules/amerigo.md 6.2.3 / 7.17: all cannons spent, lose the full strength.
                p["can"] = 0
                loss = need // 2 if self._has(p, "halfloss") else need  # P5, 9.7 A4 (down)
                p["vp"] = max(0, p["vp"] - loss)  # docs/rules/amerigo.md 6.1 / 9.7 A17
                log.append(
                    T(
                        "{player} loses to pirates of strength {strength}: -{loss} VP.",
                        player=who,
                        strength=need,
                        loss=loss,
                    )
                )
            for _ in self._has(p, "income"):
                # designed token "income" (provisional): +1 gold at every round end.
                self._add_gold(p, TOKENS["income"]["amount"])

    def _prepare_round(self, state: State, rng: Rng, log: list[str]) -> None:
        """docs/rules/amerigo.md 4.3.2: prepare the next round."""
        for slot in state["pirates"]:  # 4.3.2.1 reveal one more pirate marker
            if not slot[1]:
                slot[1] = True
                log.append(
                    T("A pirate marker of strength {strength} is revealed.", strength=slot[0])
                )
                break
        # 4.3.2.2 / 7.21: discard the right half, slide left to right, 4 new on the left.
        area = state["parea"]
        half = len(area) // 2
        area[half:] = area[:half]
        area[:half] = [state["pdeck"].pop() if state["pdeck"] else None for _ in range(half)]
        # 4.3.2.3: all production tokens to the box, fill the spaces anew.
        count = len(state["prodarea"])
        state["prodarea"] = [
            state["proddeck"].pop() if state["proddeck"] else None for _ in range(count)
        ]
        if state["time"]:  # 4.3.2.4: remove the top time marker
            state["time"].pop(0)

    def _final_parts(self, state: State, seat: int) -> dict[str, int]:
        """docs/rules/amerigo.md 6.3: the final scoring of ``seat``'s holdings as they stand,
        without changing the state (``_final`` applies it; ``evaluate`` projects with it)."""
        p = state["p"][seat]
        # 6.3.1 gold: chests and unused 1x gold tokens first, overflow to VP, then 1 VP/gold.
        gain = p["chests"] * _b()["big_island"]["chest_gold"]
        for tid, used in p["toks"]:
            if TOKENS[tid]["effect"] == "gold" and not used:
                gain += TOKENS[tid]["amount"]
        total = p["gold"] + gain
        gold = min(GOLD_MAX, total)  # what stays on the track; the overflow is VP (5.8)
        # 6.3.2 commodities: goods x production tokens of each type (each token counts 1).
        goods_vp = sum(p["goods"][g] * p["prod"][g] for g in GOODS)
        # 6.3.3 progress: tokens marked E plus the progress track.
        end_vp = 0
        for tid, _ in p["toks"]:
            eff = TOKENS[tid]["effect"]
            if eff == "end_gold":
                end_vp += gold  # 5.9 P10: the gold track scores a second time
            elif eff == "end_posts":
                end_vp += 12 - p["posts"]
            elif eff == "end_islands":
                geo = self._geo(state)
                end_vp += 2 * sum(
                    1
                    for i in state["completed"]
                    if any(state["posts"].get(c) == seat for c in geo["islands"][i]["posts"])
                )
            elif eff == "end_cannons":
                end_vp += p["can"] // 2
        return {
            "gain": gain,
            "gold": total,  # the overflow (total - track) plus the track
            "commodities": goods_vp,
            "progress": end_vp + _track_vp(PROGRESS_VP, p["prog"]),
            # 6.3.4 special actions: highest VP reached on the special-action track.
            "special": _track_vp(SPECIAL_VP, p["opos"]),
        }

    def _final(self, state: State, log: list[str]) -> None:
        """docs/rules/amerigo.md 6.3: final scoring in the rules' order."""
        state["over"] = True
        breakdown = []
        for seat, p in enumerate(state["p"]):
            before = p["vp"]
            parts = self._final_parts(state, seat)
            # 6.3.1: the chests and unused 1x gold tokens are converted (and so used up).
            p["chests"] = 0
            for tok in p["toks"]:
                if TOKENS[tok[0]]["effect"] == "gold":
                    tok[1] = True
            self._add_gold(p, parts["gain"])
            p["vp"] += p["gold"]
            gold_vp = p["vp"] - before
            goods_vp, prog_vp = parts["commodities"], parts["progress"]
            special_vp = parts["special"]
            p["vp"] += goods_vp + prog_vp + special_vp
            breakdown.append(
                {
                    "game": before,
                    "gold": gold_vp,
                    "commodities": goods_vp,
                    "progress": prog_vp,
                    "special": special_vp,
                    "total": p["vp"],
                }
            )
            log.append(
                T(
                    "{player}: {before} + gold {gold} + commodities {goods} + progress {progress} "
                    "+ special {special} = {total} VP.",
                    player=self._name(seat),
                    before=before,
                    gold=gold_vp,
                    goods=goods_vp,
                    progress=prog_vp,
                    special=special_vp,
                    total=p["vp"],
                )
            )
        state["final"] = breakdown

    # ------------------------------------------------------------------------------- words

    def describe(self, state: State, seat: int, move: str) -> str:
        """A legal move as a short sentence (everything used here is public, rules 9.4), at most
        90 characters in the language it is said in."""
        try:
            text = self._describe(state, seat, move)
        except (KeyError, IndexError, ValueError, TypeError):
            return move
        if not isinstance(text, Msg):
            return text
        return Clipped(text, 90) if len(text) > 90 else text

    def _describe(self, state: State, seat: int, move: str) -> str:
        words = move.split()
        p = state["p"][seat]
        turn = state["turn"] or {}
        act = turn.get("act") or {}
        verb = words[0]
        if verb == "chest":
            return T("Cash a treasure chest for 3 gold")
        if verb == "cash":
            return T("Use the token “{token}” now for its gold", token=token_name(words[1]))
        if verb == "gold":
            gain = -(-turn["cubes"] // 3)
            return T(
                "Take {gold} gold instead of an action ({cubes} / 3)",
                gold=gain,
                cubes=cubes(turn["cubes"]),
            )
        if verb in COLOURS and not act:
            ap = self._free_ap(state, seat, verb)
            return T(
                "{action} ({colour}) with {ap} AP",
                action=action_name(verb),
                colour=colour_word(verb),
                ap=ap,
            )
        if verb == "order" and not act:
            ap = self._free_ap(state, seat, "white")
            return T("Move your order disc forward (white) with up to {ap} AP", ap=ap)
        if verb == "special" and not act:
            colour = SPECIAL_COLOURS[p["opos"]]
            ap = self._free_ap(state, seat, colour)
            return T(
                "Special: do {action} ({colour}, under your disc), {ap} AP",
                action=action_name(colour),
                colour=colour_word(colour),
                ap=ap,
            )
        if verb == "back":
            if act.get("k") == "green" and act.get("tile"):
                return T("Go back: choose another tile to build")
            return T("Go back and choose another action")
        if verb == "done":
            return T("End your action here (unused AP are lost)")
        if verb in ("load", "advance", "move"):
            return self._describe_track(state, seat, act, words)
        if verb == "token":
            return T(
                "Take “{token}” ({effect})",
                token=token_name(words[1]),
                effect=token_text(words[1]),
            )
        if verb == "launch":
            rim = words[1]
            return T(
                "Put a ship on frame space {space} ({side} edge), free",
                space=rim[3:],
                side=_side(self._rim_side(state, rim)),
            )
        if verb == "use":
            return T("Use token ships8: +8 AP for each ship this action")
        if verb == "sail":
            return self._describe_sail(state, seat, act, words)
        if verb == "post":
            i = int(words[1]) - 1
            geo = self._geo(state)
            post = geo["anchor_post"][p["ships"][i]]
            island = geo["island_of"][post]
            if str(island) not in state["discovered"]:
                return T(
                    "Build a trading post on {cell} from ship {ship} (discovers the island: +3 VP)",
                    cell=cell(post),
                    ship=i + 1,
                )
            return T("Build a trading post on {cell} from ship {ship}", cell=cell(post), ship=i + 1)
        if verb == "take":
            sid = words[1]
            s = D.shapes()[sid]
            cost = D.tile_cost(sid)
            gold = max(0, cost - act.get("ap", 0))
            return T(
                "Plan the {tile}: {pay}; scores {small}/{big} VP",
                tile=shape_name(sid),
                pay=_pay(cost, gold),
                small=s["small"],
                big=s["big"],
            )
        if verb == "build":
            sid = words[1]
            cost = D.tile_cost(sid)
            gold = max(0, cost - act.get("ap", 0))
            return T("Build the {tile} for {pay}", tile=shape_name(sid), pay=_pay(cost, gold))
        if verb == "row":
            tile = shape_name(act["tile"]) if act.get("tile") else T("planned")
            return T(
                "Place the {tile} tile with its first cell in row {row}", tile=tile, row=words[1]
            )
        if verb == "at":
            tile = shape_name(act["tile"]) if act.get("tile") else T("planned")
            return T(
                "Place the {tile} tile with its first cell on {cell}",
                tile=tile,
                cell=cell(words[1]),
            )
        if verb == "cover":
            return self._describe_cover(state, seat, act, words[1].split(","))
        if verb == "buy":
            good, cost = words[1], int(words[2])
            gold = max(0, cost - act.get("ap", 0))
            if gold:
                return T(
                    "Buy a {good} production token for {cost} AP ({gold} of them gold)",
                    good=good_word(good),
                    cost=cost,
                    gold=gold,
                )
            return T("Buy a {good} production token for {cost} AP", good=good_word(good), cost=cost)
        return move

    def _describe_track(self, state, seat, act, words) -> str:
        p = state["p"][seat]
        colour = act["c"]
        if words[1] == "top":
            return T("Use order-top: put your disc on top of the first player's disc")
        n = int(words[1])
        gold = max(0, n - act["ap"])
        room = self._room(state, seat, colour)
        notes = []
        if colour == "black":
            if n == 0:
                return T("Load no cannons: the cannon track is full, take 2 gold")
            text = T("Load {cannons} ({total} in all)", cannons=cannons(n), total=p["can"] + n)
        elif colour == "brown":
            if n == 0:
                return T("Advance 0: the progress track is at its end, take 2 gold")
            new = p["prog"] + n
            crossed = [k for k in PROGRESS_VP if p["prog"] < k <= new]
            text = T("Advance {number} on progress to space {space}", number=n, space=new)
            if crossed:
                notes.append(tokens_count(len(crossed)))
        else:
            if n == 0:
                return T("Move your disc 0: the order track is at its end, take 2 gold")
            new = p["opos"] + n
            text = T(
                "Move your order disc {spaces} to {space} ({colour})",
                spaces=spaces(n),
                space=new,
                colour=colour_word(SPECIAL_COLOURS[new]),
            )
        if gold:
            notes.append(T("{gold} gold", gold=gold))
        if n == room and act["ap"] > n:
            notes.append(T("track end: +2 gold"))
        return _then(text, notes)

    def _describe_sail(self, state, seat, act, words) -> str:
        i = int(words[1]) - 1
        to = words[2]
        where = _place(to)
        notes = []
        if act["left"][i] <= 0:
            notes.append(T("{gold} gold", gold=1))
        if not to.startswith("rim") and self._ship_nodes(state).get(to):
            notes.append(T("passing a ship"))
        geo = self._geo(state)
        if to in geo["anchor_post"]:
            notes.append(T("anchor of {cell}", cell=cell(geo["anchor_post"][to])))
        left = max(0, act["left"][i] - 1)
        if notes:
            return T(
                "Sail ship {ship} to {place} ({notes}), {ap} AP left",
                ship=i + 1,
                place=where,
                notes=_comma(notes),
                ap=left,
            )
        return T("Sail ship {ship} to {place}, {ap} AP left", ship=i + 1, place=where, ap=left)

    def _describe_cover(self, state, seat, act, cells) -> str:
        geo = self._geo(state)
        sid = act["tile"]
        shape = D.shapes()[sid]
        island = geo["islands"][geo["island_of"][cells[0]]]
        vp = shape["big"] if island["big"] else shape["small"]
        goods = [LETTER_GOOD[geo["kind"][c]] for c in cells if geo["kind"][c] in LETTER_GOOD]
        if goods:
            return T(
                "Cover {cells} with the {tile}: +{vp} VP, take {goods}",
                cells=cells_msg(cells),
                tile=shape_name(sid),
                vp=vp,
                goods=_and([good_word(g) for g in goods]),
            )
        return T(
            "Cover {cells} with the {tile}: +{vp} VP",
            cells=cells_msg(cells),
            tile=shape_name(sid),
            vp=vp,
        )

    def _rim_side(self, state: State, rim: str) -> str:
        geo = self._geo(state)
        return next(r["side"] for r in geo["rims"] if r["name"] == rim)

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
        """The seat's own section as sentences: who you are, your pieces, what you may do."""
        seat = view.get("seat")
        if seat is None:
            return []
        me = view["player_state"][seat]
        lines: list[str] = [
            T(
                "You have {vp} VP, {gold} gold, {cannons}, progress {progress}.",
                vp=me["vp"],
                gold=me["gold"],
                cannons=cannons(me["cannons"]),
                progress=me["progress"],
            )
        ]
        supply = [
            T("{number} x {tile}", number=n, tile=shape_name(sid)) if n > 1 else shape_name(sid)
            for sid, n in sorted(me["supply"].items())
        ]
        if supply:
            lines.append(T("Tiles ready to build: {tiles}.", tiles=_comma(supply)))
        toks = [t for t, used in me["tokens"] if not used]
        if toks:
            lines.append(
                T("Your progress tokens: {tokens}.", tokens=_semi([token_text(t) for t in toks]))
            )
        # The options are not listed here: "My choices" and autocomplete show them in words.
        return lines

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
        return Amerigo._has(p, effect, unused)

    @staticmethod
    def geometry(state: State) -> dict[str, Any]:
        """The island layout's geometry (spaces, islands, ports) of this game."""
        return Amerigo._geo(state)

    def time_value(self, state: State) -> int:
        """The number on the topmost time marker (docs/rules/amerigo.md 5.5)."""
        return self._time_value(state)

    def final_scoring(self, state: State, seat: int) -> dict[str, int]:
        """The final scoring of ``seat``'s holdings as they stand (docs/rules/amerigo.md 6.3)."""
        return self._final_parts(state, seat)

    def free_ap(self, state: State, seat: int, colour: str) -> int:
        """The action points ``seat`` has for a ``colour`` action this phase, bonuses included."""
        return self._free_ap(state, seat, colour)

    def track_room(self, state: State, seat: int, colour: str) -> int:
        """How many steps are left on the track a ``colour`` action advances (cannons, progress,
        special)."""
        return self._room(state, seat, colour)

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
        for tid in sorted(set(self._has(p, "gold", unused=True))):
            extra.append(f"cash {tid}")
        if act is not None and act["k"] == "blue" and self._stranded(state, seat, act) is not None:
            return moves
        return moves + extra

    def _choosable(self, state: State, seat: int) -> list[str]:
        """docs/rules/amerigo.md 4.2.3: colours on the action space (P13 swaps red and green)."""
        space = state["space"]
        have = {c for c in COLOURS if space[c]}
        if self._has(state["p"][seat], "red_green") and have & {"red", "green"}:
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

    def _free_ap(self, state: State, seat: int, colour: str) -> int:
        return state["turn"]["ap"] + self._bonus(state["p"][seat], colour)

    def _begin(self, state: State, seat: int, colour: str, special: bool) -> dict[str, Any]:
        ap = self._free_ap(state, seat, colour)
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

    @staticmethod
    def _pay(p: dict[str, Any], act: dict[str, Any], cost: int) -> int:
        """Use free AP first, then 1 gold per missing AP (docs/rules/amerigo.md 5.8). Returns
        gold."""
        use = min(act["ap"], cost)
        act["ap"] -= use
        gold = cost - use
        p["gold"] -= gold
        return gold

    # --- track actions: black (5.2), brown (5.4), white order (5.7.1)

    def _room(self, state: State, seat: int, colour: str) -> int:
        p = state["p"][seat]
        if colour == "black":
            return CANNON_MAX - p["can"]
        if colour == "brown":
            return PROGRESS_LAST - p["prog"]
        return len(SPECIAL_COLOURS) - 1 - p["opos"]

    def _moves_track(self, state: State, seat: int, act: dict[str, Any]) -> list[str]:
        p = state["p"][seat]
        verb = {"black": "load", "brown": "advance", "white": "move"}[act["c"]]
        room = self._room(state, seat, act["c"])
        top = min(room, act["ap"] + p["gold"])
        moves = [f"{verb} {n}" for n in range(1, top + 1)] if room else [f"{verb} 0"]
        if act["c"] == "white" and self._has(p, "order_top", unused=True):
            first = self._order(state)[0]
            if first != seat:
                moves.append("move top")  # docs/rules/amerigo.md 5.9 P12
        moves.append("back")
        return moves

    def _moves_token(self, state: State, seat: int, act: dict[str, Any]) -> list[str]:
        # docs/rules/amerigo.md 5.4 / 9.7 A9: choose any face-up token, from either half.
        return [f"token {t}" for t in sorted({t for t in state["parea"] if t})]

    # --- blue: move ships (5.1)

    def _ship_nodes(self, state: State) -> dict[str, int]:
        """Island sea cells holding ships: cell -> number of ships (frame spaces excluded)."""
        out: dict[str, int] = {}
        for p in state["p"]:
            for node in p["ships"]:
                if node and not node.startswith("rim"):
                    out[node] = out.get(node, 0) + 1
        return out

    @staticmethod
    def _stranded(state: State, seat: int, act: dict[str, Any]) -> int | None:
        """The ship that stands on an island space shared with another ship (it must go on)."""
        return act.get("strand")

    @staticmethod
    def _can_leave(geo, occ, here: str, start: str, budget: int) -> bool:
        """A ship on occupied ``start`` with ``budget`` AP (free AP plus gold) can reach a space
        where it may stop: a frame space or a free sea space other than ``here``, passing
        occupied spaces on the way (docs/rules/amerigo.md 5.1)."""
        frontier, seen = [start], {start, here}
        for _ in range(budget):
            nxt_frontier = []
            for cur in frontier:
                for n in geo["moves"][cur]:
                    if n in seen:
                        continue
                    if n.startswith("rim") or not occ.get(n):
                        return True
                    seen.add(n)
                    nxt_frontier.append(n)
            frontier = nxt_frontier
        return False

    def _moves_blue(self, state: State, seat: int, act: dict[str, Any]) -> list[str]:
        p = state["p"][seat]
        geo = self._geo(state)
        if None in p["ships"]:
            # docs/rules/amerigo.md 5.1 / 7.5: first blue action: both ships on frame spaces, free;
            # "two spaces of his choice", so the second ship goes on another one (issue 38).
            moves: list[str] = [f"launch {r}" for r in geo["rim_names"] if r not in p["ships"]]
            if not act["did"]:
                moves.append("back")
            return moves
        occ = self._ship_nodes(state)
        stranded = self._stranded(state, seat, act)
        moves = []
        for i in (0, 1):
            if act["fin"][i] or (stranded is not None and stranded != i):
                continue
            if act["left"][i] <= 0 and p["gold"] <= 0:
                continue
            here = p["ships"][i]
            for nxt in geo["moves"][here]:
                if nxt.startswith("rim") or not occ.get(nxt):
                    moves.append(f"sail {i + 1} {nxt}")
                    continue
                # docs/rules/amerigo.md 5.1 / 7.6: pass through, never stop on, an occupied space;
                # the AP to leave it again may be bought with gold (rules 5.8).
                budget = act["left"][i] + p["gold"] - 1
                if self._can_leave(geo, occ, here, nxt, budget):
                    moves.append(f"sail {i + 1} {nxt}")
        if stranded is not None:
            return moves
        for i in (0, 1):
            node = p["ships"][i]
            if act["fin"][i] or node not in geo["anchor_post"] or p["posts"] <= 0:
                continue
            post = geo["anchor_post"][node]
            if post not in state["posts"] and post not in state["cover"]:
                moves.append(f"post {i + 1}")  # docs/rules/amerigo.md 5.1 / 7.7, 9.7 A6
        if self._has(p, "ships8", unused=True):
            moves.append("use ships8")  # docs/rules/amerigo.md 5.9 P3
        moves.append("done")
        if not act["did"]:
            moves.append("back")
        return moves

    # --- red: plan (5.3)

    def _moves_red(self, state: State, seat: int, act: dict[str, Any]) -> list[str]:
        p = state["p"][seat]
        budget = act["ap"] + p["gold"]
        limit = 2 if self._has(p, "two_landscapes") else 1  # rules 5.3, 5.9 P11
        moves = []
        # Data order (data/amerigo/pieces.toml), never the state's dict order (docs/ARCHITECTURE.md
        # 2).
        if act["lands"] < limit:
            for sid in D.shape_order("landscape"):
                if state["lands"].get(sid) and D.tile_cost(sid) <= budget:
                    moves.append(f"take {sid}")
        if budget >= 1:
            moves += [f"take {sid}" for sid in D.shape_order("village") if p["vill"].get(sid)]
        moves.append("done")
        if not act["did"]:
            moves.append("back")
        return moves

    # --- green: build (5.5)

    def _network(self, state: State, seat: int) -> set[str]:
        """docs/rules/amerigo.md 5.5.2: own posts plus chains of own villages and any landscapes."""
        geo = self._geo(state)
        start = [c for c, s in state["posts"].items() if s == seat]
        placed = state["placed"]
        seen = set(start)
        stack = list(start)
        while stack:
            cur = stack.pop()
            for nb in geo["nbrs"][cur]:
                if nb in seen or nb not in state["cover"]:
                    continue
                owner = placed[state["cover"][nb]][1]
                if owner == -1 or owner == seat:
                    seen.add(nb)
                    stack.append(nb)
        return seen

    def _placements(self, state: State, seat: int, sid: str, first_only: bool = False):
        """Legal placements of shape ``sid`` (sorted cell lists), docs/rules/amerigo.md 5.5.1-4."""
        geo = self._geo(state)
        net = self._network(state, seat)
        if not net:
            return []
        cover, posts = state["cover"], state["posts"]
        free = {c for c in geo["land"] if c not in cover and c not in posts}
        frontier = {nb for c in net for nb in geo["nbrs"][c] if nb in free}
        found: set[tuple[str, ...]] = set()
        for f in sorted(frontier):
            fr, fc = D.parse_cell(f)
            for orient in D.shapes()[sid]["orients"]:
                for dr, dc in orient:
                    cells = []
                    for r, c in orient:
                        rr, cc = fr + r - dr, fc + c - dc
                        if not (0 <= rr < geo["h"] and 0 <= cc < geo["w"]):
                            break
                        name = D.cell_name(rr, cc)
                        if name not in free:
                            break
                        cells.append(name)
                    else:
                        found.add(tuple(sorted(cells, key=D.parse_cell)))
                        if first_only:
                            return [list(x) for x in found]
        return sorted([list(x) for x in found], key=lambda cs: [D.parse_cell(c) for c in cs])

    def _moves_green(self, state: State, seat: int, act: dict[str, Any]) -> list[str]:
        p = state["p"][seat]
        if act["tile"] is None:
            budget = act["ap"] + p["gold"]
            moves = [
                f"build {sid}"
                for sid in D.shape_order()
                if p["supply"].get(sid)
                and D.tile_cost(sid) <= budget
                and self._placements(state, seat, sid, True)
            ]
            moves.append("done")
            if not act["did"]:
                moves.append("back")
            return moves
        # Keep the list short (design: small decisions): pick a row, then a first cell, when
        # there are many placements; every listed cover is a legal placement.
        places = self._placements(state, seat, act["tile"])
        if act.get("row") is not None:
            places = [pl for pl in places if D.parse_cell(pl[0])[0] == act["row"]]
        if act["at"] is not None:
            places = [pl for pl in places if pl[0] == act["at"]]
        elif len(places) > 20:
            firsts = sorted({pl[0] for pl in places}, key=D.parse_cell)
            if len(firsts) <= 24 or act.get("row") is not None:
                return [f"at {c}" for c in firsts] + ["back"]
            rows = sorted({D.parse_cell(pl[0])[0] for pl in places})
            return [f"row {r + 1}" for r in rows] + ["back"]
        return [f"cover {','.join(pl)}" for pl in places] + ["back"]

    # --- yellow: buy production tokens (5.6)

    def _moves_yellow(self, state: State, seat: int, act: dict[str, Any]) -> list[str]:
        budget = act["ap"] + state["p"][seat]["gold"]
        offers = sorted(
            {(g, c) for slot in state["prodarea"] if slot for g, c in [slot] if c <= budget},
            key=lambda gc: (GOODS.index(gc[0]), gc[1]),
        )
        moves = [f"buy {g} {c}" for g, c in offers]
        moves.append("done")
        if not act["did"]:
            moves.append("back")
        return moves

    # ------------------------------------------------------------------------------- apply

    def _apply(self, state: State, seat: int, move: str) -> tuple[list[str], dict[int, list[str]]]:
        rng = Rng(state["rng"])
        log: list[str] = []
        p = state["p"][seat]
        who = self._name(seat)
        words = move.split()
        turn = state["turn"]
        act = turn["act"]
        if words[0] == "chest":
            # docs/rules/amerigo.md 5.8 / 7.24: a chest leaves the game for 3 gold.
            p["chests"] -= 1
            over = self._add_gold(p, _b()["big_island"]["chest_gold"])
            log.append(
                _gold_log(T("{player} cashes a treasure chest for 3 gold", player=who), over)
            )
        elif words[0] == "cash":
            tok = next(t for t in p["toks"] if t[0] == words[1] and not t[1])
            tok[1] = True  # docs/rules/amerigo.md 5.9 P7: once, then face down
            amount = TOKENS[words[1]]["amount"]
            self._add_gold(p, amount)
            log.append(
                T(
                    "{player} uses the token “{token}” for {gold} gold.",
                    player=who,
                    token=token_name(words[1]),
                    gold=amount,
                )
            )
        elif act is None:
            self._apply_top(state, rng, seat, words, log)
        else:
            getattr(self, f"_apply_{act['k']}")(state, rng, seat, act, words, log)
        state["rng"] = rng.state
        return log, {}

    def _leave_or_finish(self, state, rng, seat, act, verb, log) -> bool:
        """The two ways out of an action step: `back` leaves the action untaken (before anything
        was done), `done` ends it. True when ``verb`` was one of them."""
        if verb == "back":
            state["turn"]["act"] = None
            return True
        if verb == "done":
            self._finish(state, rng, seat, act, log)
            return True
        return False

    def _apply_top(self, state, rng, seat, words, log) -> None:
        p = state["p"][seat]
        who = self._name(seat)
        turn = state["turn"]
        if words[0] == "gold":
            # docs/rules/amerigo.md 5.8: ceil(cubes / 3) gold instead of an action.
            gain = -(-turn["cubes"] // 3)
            over = self._add_gold(p, gain)
            log.append(_gold_log(T("{player} takes {gold} gold", player=who, gold=gain), over))
            self._next_turn(state, rng, log)
            return
        if words[0] == "order":
            turn["act"] = self._begin(state, seat, "white", False)
            return
        if words[0] == "special":
            # docs/rules/amerigo.md 5.7.2 / 7.23: the action of the colour under the disc.
            colour = SPECIAL_COLOURS[p["opos"]]
            turn["act"] = self._begin(state, seat, colour, True)
            log.append(
                T(
                    "{player} uses the white cubes as {colour}.",
                    player=who,
                    colour=colour_word(colour),
                )
            )
            return
        turn["act"] = self._begin(state, seat, words[0], False)

    def _finish(self, state, rng, seat, act, log) -> None:
        self._next_turn(state, rng, log)

    def _apply_track(self, state, rng, seat, act, words, log) -> None:
        p = state["p"][seat]
        who = self._name(seat)
        if words[-1] == "back":
            state["turn"]["act"] = None
            return
        colour = act["c"]
        if words[1] == "top":
            # docs/rules/amerigo.md 5.9 P12: on top of the first player's disc, ignoring AP.
            first = state["p"][self._order(state)[0]]
            tok = next(t for t in p["toks"] if t[0] == "order-top" and not t[1])
            tok[1] = True
            p["opos"] = first["opos"]
            p["stamp"] = state["stamp"]
            state["stamp"] += 1
            log.append(T("{player} jumps to the top of the first player's disc.", player=who))
            self._finish(state, rng, seat, act, log)
            return
        n = int(words[1])
        room = self._room(state, seat, colour)
        gold = max(0, n - act["ap"])
        p["gold"] -= gold
        # docs/rules/amerigo.md 5.8 / 7.14 / 9.7 A13: 2 gold when AP go unused at the track end.
        bonus = n == room and act["ap"] > n
        crossed = []
        if colour == "black":
            p["can"] += n  # docs/rules/amerigo.md 5.2
            text = T(
                "{player} loads {cannons} (now {total})",
                player=who,
                cannons=cannons(n),
                total=p["can"],
            )
        elif colour == "brown":
            old = p["prog"]
            p["prog"] += n  # docs/rules/amerigo.md 5.4
            crossed = [k for k in sorted(PROGRESS_VP) if old < k <= p["prog"]]
            text = T(
                "{player} advances {spaces} on progress (now {total})",
                player=who,
                spaces=spaces(n),
                total=p["prog"],
            )
        else:
            p["opos"] += n  # docs/rules/amerigo.md 5.7.1 / 7.22: on top of any discs there
            if n:
                p["stamp"] = state["stamp"]
                state["stamp"] += 1
            text = T(
                "{player} moves the order disc {spaces} (to space {total})",
                player=who,
                spaces=spaces(n),
                total=p["opos"],
            )
        notes = [T("spending {gold} gold", gold=gold)] if gold else []
        if bonus:
            self._add_gold(p, SCORE["track_end_gold"])
            notes.append(T("track end: +2 gold"))
        log.append(T("{text}.", text=_then(text, notes)))
        # docs/rules/amerigo.md 5.4 / 9.7 A15: one progress token per VP space reached or passed.
        if crossed and any(state["parea"]):
            state["turn"]["act"] = {"k": "token", "c": colour, "left": len(crossed)}
            return
        self._finish(state, rng, seat, act, log)

    def _apply_token(self, state, rng, seat, act, words, log) -> None:
        p = state["p"][seat]
        tid = words[1]
        state["parea"][state["parea"].index(tid)] = None
        p["toks"].append([tid, False])
        log.append(
            T(
                "{player} takes the progress token “{token}”.",
                player=self._name(seat),
                token=token_name(tid),
            )
        )
        act["left"] -= 1
        if act["left"] <= 0 or not any(state["parea"]):
            self._finish(state, rng, seat, act, log)

    def _apply_blue(self, state, rng, seat, act, words, log) -> None:
        p = state["p"][seat]
        who = self._name(seat)
        geo = self._geo(state)
        verb = words[0]
        if self._leave_or_finish(state, rng, seat, act, verb, log):
            return
        act["did"] = True
        if verb == "launch":
            i = p["ships"].index(None)
            p["ships"][i] = words[1]
            log.append(
                T(
                    "{player} places ship {ship} on frame space {space}.",
                    player=who,
                    ship=i + 1,
                    space=words[1][3:],
                )
            )
            return
        if verb == "use":
            tok = next(t for t in p["toks"] if t[0] == "ships8" and not t[1])
            tok[1] = True
            act["left"] = [x + 8 for x in act["left"]]  # docs/rules/amerigo.md 5.9 P3
            log.append(T("{player} uses ships8: +8 AP for each ship.", player=who))
            return
        i = int(words[1]) - 1
        if verb == "sail":
            if act["left"][i] <= 0:
                p["gold"] -= 1  # docs/rules/amerigo.md 5.8: 1 gold = +1 AP (for each ship, 5.1)
                act["left"] = [x + 1 for x in act["left"]]
            act["left"][i] -= 1
            p["ships"][i] = words[2]
            shared = not words[2].startswith("rim") and self._ship_nodes(state)[words[2]] > 1
            act["strand"] = i if shared else None
            log.append(
                T(
                    "{player} sails ship {ship} to {place}.",
                    player=who,
                    ship=i + 1,
                    place=_place(words[2]),
                )
            )
            return
        # post: docs/rules/amerigo.md 5.1 / 7.7-7.9
        post = geo["anchor_post"][p["ships"][i]]
        state["posts"][post] = seat
        p["posts"] -= 1
        act["fin"][i] = True
        island = geo["island_of"][post]
        if str(island) not in state["discovered"]:
            state["discovered"][str(island)] = seat
            p["vp"] += SCORE["discovery"]  # docs/rules/amerigo.md 5.1 / 7.8: discovery 3 VP
            msg = T(
                "{player} builds a trading post at {cell} and discovers the island: +3 VP.",
                player=who,
                cell=cell(post),
            )
        else:
            msg = T("{player} builds a trading post at {cell}.", player=who, cell=cell(post))
        log.append(msg)
        self._check_complete(state, seat, island, log)  # docs/rules/amerigo.md 9.7 A11

    def _check_complete(self, state: State, seat: int, island: int, log: list[str]) -> None:
        """docs/rules/amerigo.md 5.5 island completion (also by a trading post, 7.13)."""
        geo = self._geo(state)
        if island in state["completed"]:
            return
        cells = geo["islands"][island]["cells"]
        if any(c not in state["cover"] and c not in state["posts"] for c in cells):
            return
        state["completed"].append(island)
        p = state["p"][seat]
        p["vp"] += SCORE["completion"]
        msg = T("{player} completes the island: +3 VP.", player=self._name(seat))
        if island in state["chests"]:
            state["chests"].remove(island)
            p["chests"] += 1
            msg = T(
                "{player} completes the island: +3 VP and the treasure chest.",
                player=self._name(seat),
            )
        log.append(msg)
        mult = self._time_value(state)
        for other, q in enumerate(state["p"]):
            n = sum(1 for c in geo["islands"][island]["posts"] if state["posts"].get(c) == other)
            if n:
                table = POST_TABLE[min(n, len(POST_TABLE) - 1)]
                q["vp"] += table * mult
                log.append(
                    T(
                        "{player}: {posts} -> {table} x time marker {time} = {vp} VP.",
                        player=self._name(other),
                        posts=posts(n),
                        table=table,
                        time=mult,
                        vp=table * mult,
                    )
                )

    def _apply_red(self, state, rng, seat, act, words, log) -> None:
        p = state["p"][seat]
        if self._leave_or_finish(state, rng, seat, act, words[0], log):
            return
        act["did"] = True
        sid = words[1]
        gold = self._pay(p, act, D.tile_cost(sid))
        if D.shapes()[sid]["kind"] == "landscape":
            state["lands"][sid] -= 1
            act["lands"] += 1  # docs/rules/amerigo.md 5.3 / 7.10: one landscape per phase
        else:
            p["vill"][sid] -= 1
        p["supply"][sid] = p["supply"].get(sid, 0) + 1
        who = self._name(seat)
        if gold:
            log.append(
                T(
                    "{player} plans the {tile} ({gold} gold).",
                    player=who,
                    tile=shape_name(sid),
                    gold=gold,
                )
            )
        else:
            log.append(T("{player} plans the {tile}.", player=who, tile=shape_name(sid)))

    def _apply_green(self, state, rng, seat, act, words, log) -> None:
        p = state["p"][seat]
        geo = self._geo(state)
        verb = words[0]
        if verb == "back":
            if act["at"] is not None:
                act["at"] = None
            elif act.get("row") is not None:
                act["row"] = None
            elif act["tile"] is not None:
                act["tile"] = None
            else:
                state["turn"]["act"] = None
            return
        if self._leave_or_finish(state, rng, seat, act, verb, log):
            return
        if verb == "build":
            act["tile"] = words[1]
            return
        if verb == "at":
            act["at"] = words[1]
            return
        if verb == "row":
            act["row"] = int(words[1]) - 1
            return
        # cover: place the tile (docs/rules/amerigo.md 5.5)
        sid = act["tile"]
        cells = words[1].split(",")
        shape = D.shapes()[sid]
        act["did"] = True
        gold = self._pay(p, act, D.tile_cost(sid))
        p["supply"][sid] -= 1
        if not p["supply"][sid]:
            del p["supply"][sid]
        owner = seat if shape["kind"] == "village" else -1
        index = len(state["placed"])
        state["placed"].append([sid, owner, seat, cells])
        got = []
        for c in cells:
            state["cover"][c] = index
            good = LETTER_GOOD.get(geo["kind"][c])
            if good:
                p["goods"][good] += 1  # docs/rules/amerigo.md 5.5.3 / 7.12
                got.append(good)
        island = geo["island_of"][cells[0]]
        big = geo["islands"][island]["big"]
        vp = shape["big"] if big else shape["small"]  # docs/rules/amerigo.md 5.5 scoring
        p["vp"] += vp
        msg = T(
            "{player} builds the {tile} on {cells}: +{vp} VP",
            player=self._name(seat),
            tile=shape_name(sid),
            cells=cells_msg(cells),
            vp=vp,
        )
        if got:
            msg = T("{text}, takes {goods}", text=msg, goods=_comma([good_word(g) for g in got]))
        if gold:
            msg = T("{text} ({gold} gold)", text=msg, gold=gold)
        log.append(T("{text}.", text=msg))
        act["tile"] = None
        act["at"] = None
        act["row"] = None
        self._check_complete(state, seat, island, log)

    def _apply_yellow(self, state, rng, seat, act, words, log) -> None:
        p = state["p"][seat]
        if self._leave_or_finish(state, rng, seat, act, words[0], log):
            return
        act["did"] = True
        good, cost = words[1], int(words[2])
        slot = state["prodarea"].index([good, cost])
        state["prodarea"][slot] = None
        gold = self._pay(p, act, cost)  # docs/rules/amerigo.md 5.6: the printed cost in AP
        p["prod"][good] += 1
        if gold:
            msg = T(
                "{player} buys a {good} production token ({cost} AP), {gold} gold.",
                player=self._name(seat),
                good=good_word(good),
                cost=cost,
                gold=gold,
            )
        else:
            msg = T(
                "{player} buys a {good} production token ({cost} AP).",
                player=self._name(seat),
                good=good_word(good),
                cost=cost,
            )
        log.append(msg)

    # ------------------------------------------------------------------------------- views

    def view(self, state: State, seat: int | None) -> dict:
        geo = self._geo(state)
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
            "order": self._order(state),
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
            "time_value": self._time_value(state),
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
            "progress_track": {"last": PROGRESS_LAST, "vp": dict(_b()["progress_track"]["vp"])},
            "player_state": players,
            "final": state["final"],
            # Printed on the components, so public (issue 16): what each progress token does,
            # each tile's shape, cost and VP (docs/rules/amerigo.md 5.9, 5.3, 5.5).
            "components": _components(),
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


# ----------------------------------------------------------------------------------- words


# Each separator is its own message (a literal, so the catalogs have it): a list is nested one
# item at a time, and every item stays a Msg said in the reader's language.
SEPARATORS = {
    ",": N_("{first}, {rest}"),
    ";": N_("{first}; {rest}"),
    "and": N_("{first} and {rest}"),
}


def _comma(items: list) -> Msg:
    """``a, b, c``."""
    return _listed(items, SEPARATORS[","])


def _semi(items: list) -> Msg:
    """``a; b; c``."""
    return _listed(items, SEPARATORS[";"])


def _and(items: list) -> Msg:
    """``a and b and c`` (the goods a tile covers)."""
    return _listed(items, SEPARATORS["and"])


def _listed(items: list, template: str) -> Msg:
    if len(items) == 1:
        item = items[0]
        return item if isinstance(item, Msg) else T("{item}", item=item)
    return T(template, first=items[0], rest=_listed(items[1:], template))


def _then(text: Msg, notes: list[Msg]) -> Msg:
    """``text, note, note`` (what a track move also costs or pays)."""
    return T("{text}, {notes}", text=text, notes=_comma(notes)) if notes else text


def _pay(cost: int, gold: int) -> Msg:
    if gold:
        return T("{cost} AP, {gold} of them gold", cost=cost, gold=gold)
    return T("{cost} AP", cost=cost)


def _place(node: str) -> Msg | str:
    """A ship's destination: a cell (``f7``) or an edge space of the frame."""
    return T("frame space {space}", space=node[3:]) if node.startswith("rim") else cell(node)


def _side(side: str) -> Msg:
    return {
        "top": T("top"),
        "bottom": T("bottom"),
        "left": T("left"),
        "right": T("right"),
    }[side]


def _gold_log(text: Msg, over: int) -> Msg:
    """A gold gain, with the VP the gold above the track's end became (rules 5.8)."""
    if over:
        return T("{text} (+{vp} VP).", text=text, vp=over)
    return T("{text}.", text=text)
