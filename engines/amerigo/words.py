"""Amerigo in words: every text the engine says to people (log lines, moves described, the seat's
own section, phase names), and counts, component names and effects, generated from
``data/amerigo`` so the text players read can never drift from the data the engine plays by.
The rules decide and call these with what happened; nothing here changes a state.

Every phrase is a ``Msg`` (``i18n``): English as it always read, said again in Greek or Russian
where it is read; component names come from the glossary (``data/amerigo/glossary.toml``).

The last part holds the provenance notes of ``data/amerigo`` as messages, so the ``reconstructed``
rules topic is said in Greek and Russian too (issue 26 item 3). The data files keep the English
notes (a group that owns the game corrects them there); this module marks the same texts for the
catalogs. ``tests/amerigo/test_languages.py`` fails when a note in the data is not here word for
word, so a corrected note is never read half translated: until it is added here (and translated),
it is said in English."""

from __future__ import annotations

from typing import Any

from engines.amerigo import data as D
from engines.amerigo.position import (
    COLOURS,
    LETTER_GOOD,
    PROGRESS_VP,
    SPECIAL_COLOURS,
    TOKENS,
    free_ap,
    geometry,
    rim_side,
    ship_nodes,
    track_room,
)
from engines.base import State
from i18n import N_, T, Tn, joined, word
from i18n.text import Msg, say

GAME = "amerigo"


def action_name(colour: str) -> Msg:
    """An action colour's name: ``Move ships`` for blue (docs/rules/amerigo.md 5)."""
    if colour == "white":
        return T("white (order disc or special)")
    return word(GAME, f"action.{colour}")


ACTION_NAMES: dict[str, Msg] = {c: action_name(c) for c in COLOURS}
"""The action names by colour (kept for the aliases, which are English move texts)."""

SHAPE_KEYS = {"i": "straight", "l": "L", "t": "T", "o": "square", "p": "P", "r": "block"}
"""Letters of the usual polyomino names (I straight, L, T, O square, P, R rectangle) to the
glossary's ``shape.*`` keys."""


def colour_word(colour: str) -> Msg:
    return word(GAME, f"colour.{colour}")


def colour_phase(colour: Any) -> Msg:
    """``the blue phase``: Amerigo's phases are the compass tower's colours (docs/rules/amerigo.md
    4.1), each by its glossary word where the glossary has one."""
    try:
        name: Any = colour_word(colour)
    except (KeyError, ValueError, OSError):
        name = colour
    return T("the {colour} phase", colour=name)


def good_word(good: str) -> Msg:
    return word(GAME, f"goods.{good}")


def cubes(n: int) -> Msg:
    return Tn("{count} cube", "{count} cubes", n)


def cannons(n: int) -> Msg:
    return Tn("{count} cannon", "{count} cannons", n)


def spaces(n: int) -> Msg:
    return Tn("{count} space", "{count} spaces", n)


def tokens_count(n: int) -> Msg:
    return Tn("{count} token", "{count} tokens", n)


def posts(n: int) -> Msg:
    return Tn("{count} post", "{count} posts", n)


def seat_name(seat: int) -> str:
    """Seats as the host names them (it replaces ``Player A`` with display names)."""
    return f"Player {'ABCD'[seat]}"


def tokens() -> dict[str, dict[str, Any]]:
    return {t["id"]: t for t in D.load()["tokens"]["progress"]}


def _actions(colours: list[str]) -> Msg:
    return joined([action_name(c) for c in colours], "or")


def token_text(tid: str) -> Msg:
    """What progress token ``tid`` does, as a phrase (docs/rules/amerigo.md 5.9):
    ``permanent: +2 AP whenever you choose Move ships``."""
    tok = tokens()[tid]
    eff = tok["effect"]
    amount = tok.get("amount", 0)
    body = {
        "ap2": lambda: T("+2 AP whenever you choose {actions}", actions=_actions(tok["colours"])),
        "ap1": lambda: T("+1 AP whenever you choose {actions}", actions=_actions(tok["colours"])),
        "ships8": lambda: T("in Move ships, +8 AP for each ship"),
        "pirates2": lambda: T("every other player fights pirates 2 stronger"),
        "halfloss": lambda: T("losing to pirates costs only half the VP (rounded down)"),
        "pirategold": lambda: T("+2 gold each time you beat the pirates"),
        "gold": lambda: T("take {amount} gold on any of your turns", amount=amount),
        "income": lambda: T("+{amount} gold at every round end", amount=amount),
        "two_landscapes": lambda: T("Plan may take 2 landscape tiles in one phase"),
        "order_top": lambda: T("a white order move puts your disc on top of the first player"),
        "red_green": lambda: T("red cubes count as green and green as red when you choose"),
        "end_posts": lambda: T("1 VP per trading post you built"),
        "end_islands": lambda: T("2 VP per completed island where you have a post"),
        "end_gold": lambda: T("your gold scores a second time"),
        "end_cannons": lambda: T("1 VP per 2 cannons left"),
    }[eff]()
    return T("{kind}: {effect}", kind=word(GAME, f"token_kind.{tok['kind']}"), effect=body)


def token_name(tid: str) -> Msg:
    """A progress token's name in words (the printed tokens carry symbols, not names):
    ``+2 AP for Move ships``, ``5 gold once``, ``Bonus for gold``."""
    tok = tokens()[tid]
    eff = tok["effect"]
    amount = tok.get("amount", 0)
    if eff == "ap2":
        return T("+2 AP for {actions}", actions=_actions(tok.get("colours", [])))
    if eff == "ap1":
        return T("+1 AP for {actions}", actions=_actions(tok.get("colours", [])))
    return {
        "ships8": lambda: T("+8 AP per ship"),
        "pirates2": lambda: T("Stronger pirates for the others"),
        "halfloss": lambda: T("Half losses to pirates"),
        "pirategold": lambda: T("Gold from pirates"),
        "gold": lambda: T("{amount} gold once", amount=amount),
        "income": lambda: T("+{amount} gold income", amount=amount),
        "two_landscapes": lambda: T("Two landscapes"),
        "order_top": lambda: T("Top of the order"),
        "red_green": lambda: T("Red and green as one"),
        "end_posts": lambda: T("Bonus for trading posts"),
        "end_islands": lambda: T("Bonus for islands"),
        "end_gold": lambda: T("Bonus for gold"),
        "end_cannons": lambda: T("Bonus for cannons"),
    }[eff]()


def shape_kind(sid: str) -> str:
    return D.shapes()[sid]["kind"]


def shape_name(sid: str) -> Msg:
    """A tile id as words: ``l4t`` -> ``T landscape (4 spaces)``, ``v2`` -> ``village (2)``."""
    s = D.shapes()[sid]
    key = SHAPE_KEYS.get(sid[2:3])
    kind = word(GAME, f"component.{s['kind']}")
    size = spaces(s["size"])
    if key is None:
        return T("{kind} ({spaces})", kind=kind, spaces=size)
    form = word(GAME, f"shape.{key}")
    if len(key) == 1:  # a letter: Greek and Russian say "landscape in the shape of Γ"
        return T("{letter} {kind} ({spaces})", letter=form, kind=kind, spaces=size)
    return T("{form} {kind} ({spaces})", form=form, kind=kind, spaces=size)


def shape_rows(sid: str) -> list[str]:
    kind = shape_kind(sid)
    return next(r["rows"] for r in D.load()["pieces"][kind] if r["id"] == sid)


def shape_summary(sid: str) -> Msg:
    """``l4t: T landscape (4 spaces), costs 4 AP, scores 4 VP on a small island or 6 VP on a big
    one``."""
    s = D.shapes()[sid]
    return T(
        "{id}: {name}, costs {cost} AP, scores {small} VP on a small island or {big} VP on a "
        "big one",
        id=sid,
        name=shape_name(sid),
        cost=D.tile_cost(sid),
        small=s["small"],
        big=s["big"],
    )


def cell(name: str) -> Msg:
    """A map cell (``f7``) as the reader's map letters its column: ``ζ7``, ``е7`` (the move texts
    keep the Latin letter; the glossary's ``column.*``)."""
    return T("{column}{row}", column=word(GAME, f"column.{name[0]}"), row=name[1:])


def cells(names: list[str]) -> Msg:
    """Cells as a move lists them: ``c4,d4``."""
    if len(names) == 1:
        return cell(names[0])
    return T("{first},{rest}", first=cell(names[0]), rest=cells(names[1:]))


class Clipped(Msg):
    """A text cut to ``limit`` characters at a word, with an ellipsis, in every language it is
    said in (a button label's room is counted in characters, whatever the language)."""

    limit: int
    inner: Msg

    def __new__(cls, inner: Msg, limit: int) -> Clipped:
        self = str.__new__(cls, clip(str(inner), limit))
        self.msgid, self.plural, self.count = inner.msgid, inner.plural, inner.count
        self.params = inner.params
        self.inner, self.limit = inner, limit
        return self

    def said(self, lang: str | None) -> str:
        return clip(say(lang, self.inner), self.limit)

    def __reduce__(self) -> tuple:
        # Worker processes receive views by pickle: a button's text stays cut there too.
        return (Clipped, (self.inner, self.limit))


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"


# ------------------------------------------------------------------ lists

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


# ------------------------------------------------------------------ phases

PHASE_NAMES: dict[str, Msg] = {
    str(i): T("{colour} phase", colour=colour_word(c)) for i, c in enumerate(COLOURS)
}
"""A view's phase (the index of its colour in the round, docs/rules/amerigo.md 4.2) in words."""


def _phase_tag(round_: int, colour: str) -> Msg:
    return T("Round {round}, {colour} phase", round=round_, colour=colour_word(colour))


def phase_skipped(round_: int, colour: str, dropped: int) -> Msg:
    """docs/rules/amerigo.md 4.2.2 / 7.1: the phase's cubes dropped and none fell out."""
    return T(
        "{tag}: {cubes} dropped, none fell out; phase skipped.",
        tag=_phase_tag(round_, colour),
        cubes=cubes(dropped),
    )


def phase_opened(round_: int, colour: str, dropped: int, released: dict[str, int], ap: int) -> Msg:
    """docs/rules/amerigo.md 4.2.1-3: what fell out of the tower, and the phase's AP."""
    shown = _comma(
        [T("{number} {colour}", number=v, colour=colour_word(c)) for c, v in released.items() if v]
    )
    return T(
        "{tag}: {cubes} dropped, out fell {shown}: {ap} AP.",
        tag=_phase_tag(round_, colour),
        cubes=cubes(dropped),
        shown=shown,
        ap=ap,
    )


# ------------------------------------------------------------------ log lines


def pirates_beaten(seat: int, strength: int, left: int, gold: bool) -> Msg:
    """docs/rules/amerigo.md 6.2.5 (and 5.9 P6 when the player takes 2 gold for it)."""
    if gold:
        return T(
            "{player} beats pirates of strength {strength} ({cannons} left), +2 gold.",
            player=seat_name(seat),
            strength=strength,
            cannons=cannons(left),
        )
    return T(
        "{player} beats pirates of strength {strength} ({cannons} left).",
        player=seat_name(seat),
        strength=strength,
        cannons=cannons(left),
    )


def pirates_won(seat: int, strength: int, loss: int) -> Msg:
    return T(
        "{player} loses to pirates of strength {strength}: -{loss} VP.",
        player=seat_name(seat),
        strength=strength,
        loss=loss,
    )


def pirate_revealed(strength: int) -> Msg:
    return T("A pirate marker of strength {strength} is revealed.", strength=strength)


def final_scored(seat: int, parts: dict[str, int]) -> Msg:
    """docs/rules/amerigo.md 6.3: one player's final scoring (``parts``: a row of
    ``state["final"]``)."""
    return T(
        "{player}: {before} + gold {gold} + commodities {goods} + progress {progress} "
        "+ special {special} = {total} VP.",
        player=seat_name(seat),
        before=parts["game"],
        gold=parts["gold"],
        goods=parts["commodities"],
        progress=parts["progress"],
        special=parts["special"],
        total=parts["total"],
    )


def chest_cashed(seat: int, over: int) -> Msg:
    return _gold_log(T("{player} cashes a treasure chest for 3 gold", player=seat_name(seat)), over)


def token_cashed(seat: int, tid: str, gold: int) -> Msg:
    return T(
        "{player} uses the token “{token}” for {gold} gold.",
        player=seat_name(seat),
        token=token_name(tid),
        gold=gold,
    )


def gold_taken(seat: int, gold: int, over: int) -> Msg:
    return _gold_log(T("{player} takes {gold} gold", player=seat_name(seat), gold=gold), over)


def special_chosen(seat: int, colour: str) -> Msg:
    return T(
        "{player} uses the white cubes as {colour}.",
        player=seat_name(seat),
        colour=colour_word(colour),
    )


def disc_on_top(seat: int) -> Msg:
    return T("{player} jumps to the top of the first player's disc.", player=seat_name(seat))


def track_moved(seat: int, colour: str, n: int, now: int, gold: int, end_bonus: bool) -> Msg:
    """A cannon (black), progress (brown) or order (white) move of ``n`` to ``now``, with the
    gold it cost and the track-end gold it paid (docs/rules/amerigo.md 5.2, 5.4, 5.7.1)."""
    who = seat_name(seat)
    if colour == "black":
        text = T(
            "{player} loads {cannons} (now {total})", player=who, cannons=cannons(n), total=now
        )
    elif colour == "brown":
        text = T(
            "{player} advances {spaces} on progress (now {total})",
            player=who,
            spaces=spaces(n),
            total=now,
        )
    else:
        text = T(
            "{player} moves the order disc {spaces} (to space {total})",
            player=who,
            spaces=spaces(n),
            total=now,
        )
    notes = [T("spending {gold} gold", gold=gold)] if gold else []
    if end_bonus:
        notes.append(T("track end: +2 gold"))
    return T("{text}.", text=_then(text, notes))


def token_taken(seat: int, tid: str) -> Msg:
    return T(
        "{player} takes the progress token “{token}”.",
        player=seat_name(seat),
        token=token_name(tid),
    )


def ship_launched(seat: int, ship: int, rim: str) -> Msg:
    return T(
        "{player} places ship {ship} on frame space {space}.",
        player=seat_name(seat),
        ship=ship,
        space=rim[3:],
    )


def ships8_used(seat: int) -> Msg:
    return T("{player} uses ships8: +8 AP for each ship.", player=seat_name(seat))


def ship_sailed(seat: int, ship: int, to: str) -> Msg:
    return T(
        "{player} sails ship {ship} to {place}.",
        player=seat_name(seat),
        ship=ship,
        place=_place(to),
    )


def post_built(seat: int, post: str, discovers: bool) -> Msg:
    """docs/rules/amerigo.md 5.1 / 7.7-7.8: a trading post, and the discovery it makes."""
    if discovers:
        return T(
            "{player} builds a trading post at {cell} and discovers the island: +3 VP.",
            player=seat_name(seat),
            cell=cell(post),
        )
    return T("{player} builds a trading post at {cell}.", player=seat_name(seat), cell=cell(post))


def island_completed(seat: int, chest: bool) -> Msg:
    if chest:
        return T(
            "{player} completes the island: +3 VP and the treasure chest.",
            player=seat_name(seat),
        )
    return T("{player} completes the island: +3 VP.", player=seat_name(seat))


def posts_scored(seat: int, n: int, table: int, time: int) -> Msg:
    """docs/rules/amerigo.md 5.5: a completed island's posts of one player, times the marker."""
    return T(
        "{player}: {posts} -> {table} x time marker {time} = {vp} VP.",
        player=seat_name(seat),
        posts=posts(n),
        table=table,
        time=time,
        vp=table * time,
    )


def tile_planned(seat: int, sid: str, gold: int) -> Msg:
    if gold:
        return T(
            "{player} plans the {tile} ({gold} gold).",
            player=seat_name(seat),
            tile=shape_name(sid),
            gold=gold,
        )
    return T("{player} plans the {tile}.", player=seat_name(seat), tile=shape_name(sid))


def tile_built(seat: int, sid: str, cells_: list[str], vp: int, got: list[str], gold: int) -> Msg:
    """docs/rules/amerigo.md 5.5: a tile placed, its VP, the goods it covered, its gold."""
    msg = T(
        "{player} builds the {tile} on {cells}: +{vp} VP",
        player=seat_name(seat),
        tile=shape_name(sid),
        cells=cells(cells_),
        vp=vp,
    )
    if got:
        msg = T("{text}, takes {goods}", text=msg, goods=_comma([good_word(g) for g in got]))
    if gold:
        msg = T("{text} ({gold} gold)", text=msg, gold=gold)
    return T("{text}.", text=msg)


def production_bought(seat: int, good: str, cost: int, gold: int) -> Msg:
    if gold:
        return T(
            "{player} buys a {good} production token ({cost} AP), {gold} gold.",
            player=seat_name(seat),
            good=good_word(good),
            cost=cost,
            gold=gold,
        )
    return T(
        "{player} buys a {good} production token ({cost} AP).",
        player=seat_name(seat),
        good=good_word(good),
        cost=cost,
    )


# ------------------------------------------------------------------ moves in words


def describe(state: State, seat: int, move: str) -> str:
    """A legal move as a short sentence (everything used here is public, rules 9.4), at most
    90 characters in the language it is said in."""
    try:
        text = _move_words(state, seat, move)
    except (KeyError, IndexError, ValueError, TypeError):
        return move
    if not isinstance(text, Msg):
        return text
    return Clipped(text, 90) if len(text) > 90 else text


def _move_words(state: State, seat: int, move: str) -> str:
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
        ap = free_ap(state, seat, verb)
        return T(
            "{action} ({colour}) with {ap} AP",
            action=action_name(verb),
            colour=colour_word(verb),
            ap=ap,
        )
    if verb == "order" and not act:
        ap = free_ap(state, seat, "white")
        return T("Move your order disc forward (white) with up to {ap} AP", ap=ap)
    if verb == "special" and not act:
        colour = SPECIAL_COLOURS[p["opos"]]
        ap = free_ap(state, seat, colour)
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
        return _track_words(state, seat, act, words)
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
            side=_side(rim_side(state, rim)),
        )
    if verb == "use":
        return T("Use token ships8: +8 AP for each ship this action")
    if verb == "sail":
        return _sail_words(state, act, words)
    if verb == "post":
        i = int(words[1]) - 1
        geo = geometry(state)
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
        return T("Place the {tile} tile with its first cell in row {row}", tile=tile, row=words[1])
    if verb == "at":
        tile = shape_name(act["tile"]) if act.get("tile") else T("planned")
        return T(
            "Place the {tile} tile with its first cell on {cell}",
            tile=tile,
            cell=cell(words[1]),
        )
    if verb == "cover":
        return _cover_words(state, act, words[1].split(","))
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


def _track_words(state: State, seat: int, act: dict[str, Any], words: list[str]) -> Msg:
    p = state["p"][seat]
    colour = act["c"]
    if words[1] == "top":
        return T("Use order-top: put your disc on top of the first player's disc")
    n = int(words[1])
    gold = max(0, n - act["ap"])
    room = track_room(state, seat, colour)
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


def _sail_words(state: State, act: dict[str, Any], words: list[str]) -> Msg:
    i = int(words[1]) - 1
    to = words[2]
    where = _place(to)
    notes = []
    if act["left"][i] <= 0:
        notes.append(T("{gold} gold", gold=1))
    if not to.startswith("rim") and ship_nodes(state).get(to):
        notes.append(T("passing a ship"))
    geo = geometry(state)
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


def _cover_words(state: State, act: dict[str, Any], names: list[str]) -> Msg:
    geo = geometry(state)
    sid = act["tile"]
    shape = D.shapes()[sid]
    island = geo["islands"][geo["island_of"][names[0]]]
    vp = shape["big"] if island["big"] else shape["small"]
    goods = [LETTER_GOOD[geo["kind"][c]] for c in names if geo["kind"][c] in LETTER_GOOD]
    if goods:
        return T(
            "Cover {cells} with the {tile}: +{vp} VP, take {goods}",
            cells=cells(names),
            tile=shape_name(sid),
            vp=vp,
            goods=_and([good_word(g) for g in goods]),
        )
    return T(
        "Cover {cells} with the {tile}: +{vp} VP",
        cells=cells(names),
        tile=shape_name(sid),
        vp=vp,
    )


# ------------------------------------------------------------------ the seat's own section


def private_text(view: dict) -> list[str]:
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


def components() -> dict[str, Any]:
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


# ------------------------------------------------------------------ provenance notes

SUBJECTS: dict[str, str] = {
    "commodities": N_("commodities"),
    "cubes": N_("cubes"),
    "layout_grid": N_("layout grid"),
    "tile_grid": N_("tile grid"),
    "frame_pieces": N_("frame pieces"),
    "frame_geometry": N_("frame geometry"),
    "chests": N_("chests"),
    "layout_check": N_("layout check"),
    "time_markers": N_("time markers"),
    "trading_post_table": N_("trading post table"),
    "pirates": N_("pirates"),
    "special_track": N_("special track"),
    "progress_track": N_("progress track"),
    "progress_area": N_("progress area"),
    "production_area": N_("production area"),
    "tower": N_("tower"),
}
"""The board records' keys in words (``layout_grid`` is "layout grid")."""

SOURCES: dict[str, str] = {
    "public": N_("public"),
    "provisional": N_("provisional"),
}

NOTES: frozenset[str] = frozenset(
    {
        N_(
            "The five goods are in the rulebook; 8 spaces per good and the cell letters are from "
            "public descriptions."
        ),
        N_(
            "The rulebook gives 49 cubes in 7 colours; 7 of each colour is from public "
            "descriptions."
        ),
        N_(
            "The 3x3, 3x4 and 4x4 tile grids are from public descriptions; the rulebook's "
            "diagrams are missing."
        ),
        N_(
            "Island tiles of 5x5 spaces are designed here: the printed tiles are missing from "
            "the rulebook."
        ),
        N_(
            "8 frame pieces for 4 players (the rulebook says 4, which cannot surround 16 tiles, "
            "rules A1)."
        ),
        N_(
            "Which frame space touches which sea spaces is designed: the frame diagrams are "
            "missing (rules A24)."
        ),
        N_(
            "5 treasure chests is from public descriptions (page 1, the component list, is "
            "missing)."
        ),
        N_(
            "A layout must have at least 2 (2 players) or 3 big islands: designed, the "
            "rulebook's layouts are missing."
        ),
        N_(
            "Time markers 5, 4, 3, 2 over a printed 1: only 'round 2 = 4' is in the rulebook "
            "(rules A3)."
        ),
        N_(
            "Only 1 post = 1 and 2 posts = 3 are in the rulebook; 3 or more posts use "
            "triangular numbers (rules A2)."
        ),
        N_(
            "Pirate values 0, 1, 2, 3, 4, 6 are designed to fit the rulebook's examples (a 0, "
            "a 6, then 10)."
        ),
        N_(
            "The order track's 15 spaces, colours and VP are designed: the storage board is "
            "missing."
        ),
        N_(
            "The progress track's 18 spaces and VP spaces are designed; its last value 15 VP is "
            "public."
        ),
        N_("8 spaces, 4 per half, inferred from the refill of 4 (rules 2.4 item 13)."),
        N_(
            "6, 8 or 10 production spaces by player count are inferred from 30, 40, 50 tokens "
            "over 5 rounds."
        ),
        N_(
            "The cube tower is a seeded model: a physical tower keeps about 5 cubes (public play "
            "reports)."
        ),
        N_(
            "P1/P2 (+2 AP for one action, +1 for either of two) are in the rulebook; the colours "
            "on the nine AP tokens are designed."
        ),
        N_("Designed: a +1 AP token for white or black fills the 24 tokens (page 12 is missing)."),
        N_("Designed: a second once-gold token of 3 gold (the rulebook shows one of 5)."),
        N_(
            "Designed for P8, gold 'continuously': +1 gold at each round end (its trigger is "
            "missing)."
        ),
        N_(
            "Designed end token: 1 VP per own trading post (the rulebook's end tokens are missing)."
        ),
        N_("Designed for P9 ('7 VP from one token'): 2 VP per completed island with an own post."),
        N_("Designed end token: 1 VP per 2 cannons left (the rulebook's end tokens are missing)."),
        N_("Two landscapes in one Plan (P11) is from public descriptions."),
        N_("Disc on top of the first player (P12) is from public descriptions."),
        N_("Red and green cubes interchangeable (P13) is from public descriptions."),
        N_(
            "3 cost-2, 4 cost-3 and 3 cost-4 tokens per good is public; which carry no player "
            "mark is designed."
        ),
        N_(
            "Which tokens carry the 3-player mark is designed (10 marked tokens is an inference "
            "from 30/40)."
        ),
        N_(
            "Which tokens carry the 4-player mark is designed (10 marked tokens is an inference "
            "from 40/50)."
        ),
        N_(
            "The 16 island tiles are designed: the printed tiles are missing. Every layout "
            "obeys the setup rules of 3.1 (checked when it is drawn)."
        ),
        N_(
            "Landscape and village shapes and VP values are designed to fit the rulebook "
            "examples (a 2-space village scores 2 on a big island; 2 + 4 + 3 spaces score 10); "
            "the counts 37 and 16 are public."
        ),
    }
)
"""Every note of ``data/amerigo`` that the ``reconstructed`` topic quotes."""


SECRETS_HELP = T("nothing is hidden; your decision is under **My choices** and in `/hand`.")
"""Where a member's secrets are, for ``/help`` (open information)."""
