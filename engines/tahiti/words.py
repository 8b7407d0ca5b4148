"""Tahiti's words for people (docs/ARCHITECTURE.md 6b, 9): every text the engine builds for a
member, said in the reader's language: component names, descriptions of moves (``describe``) and
the other texts that name them (``aliases``), log lines, phase names, the private text, and what
``/help`` says of the game's secrets. Component names come from ``data/tahiti/glossary.toml``.

The engine (``engine.py``) decides, these functions say: each log line takes the facts of what
happened (who, where, which cubes) and nothing of the state it was taken from."""

from __future__ import annotations

from engines.tahiti.board import _c, reefs_crossed, rowers
from i18n import LANGUAGES, T, Tn, joined, say, word
from i18n.glossary import term
from i18n.text import Msg

SECRETS_HELP = T("your favourite goods come by DM when they are dealt; `/hand` shows them.")
"""Where a member's secrets are (docs/rules/tahiti.md: the secret favourite goods)."""

PHASE_NAMES = {
    "place": T("placing the starting pieces"),
    "actions": T("actions"),
    "keep": T("keeping or returning goods"),
    "hommea": T("Hommea's gifts"),
    "gift": T("choosing gifts"),
    "rotate": T("passing the first-player marker"),
    "exhaust": T("the islands run out"),
}

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


# ---------------------------------------------------------------------------------- names
def letter(seat: int) -> str:
    return "ABCDEF"[seat]


def name(seat: int) -> str:
    return f"Player {letter(seat)}"


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


# ---------------------------------------------------------------------------------- moves
def where(state: dict, k: str) -> Msg | str:
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


def describe(state: dict, seat: int, move: str) -> str:
    """A legal move in words (everything used here is public, docs/rules/tahiti.md 9.4)."""
    words = move.split()
    verb = words[0]
    if verb == "stay":
        place = where(state, state["hommea"])
        return T("Leave Hommea where she is, on {place}", place=place)
    if verb == "hommea":
        return T("Move Hommea to {place}", place=where(state, words[1]))
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
        place = where(state, words[2])
        return T("Put the gift {good} on {place}", good=good(words[1]), place=place)
    if verb == "keep":
        return T("Keep the fish: load it into your canoe")
    if verb == "release":
        return T("Let the fish go (it stays set aside while you keep fishing)")
    if verb == "exhaust":
        place = where(state, words[1])
        return T("Exhaust {place}: a random marker, no more goods", place=place)
    canoe = state["canoes"][seat]
    if verb == "move":
        crossed = reefs_crossed(state["board"], state["at"][seat], words[1])
        place = where(state, words[1])
        if not crossed:
            return T("Paddle to {place}: no reef", place=place)
        reefs = reef_count(crossed)
        if not canoe:
            return T("Paddle to {place}: {reefs}, empty canoe so no draw", place=place, reefs=reefs)
        if crossed == 1:
            return T(
                "Paddle to {place}: {reefs}, draw a cube, lose matches",
                place=place,
                reefs=reefs,
            )
        return T("Paddle to {place}: {reefs}, draw 2 cubes, lose matches", place=place, reefs=reefs)
    if verb == "harvest":
        place = where(state, state["at"][seat])
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
                "Fish here: draw {count} cubes, keep a fish if one comes up ({aside} set aside)",
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


def aliases(state: dict, seat: int, move: str) -> list[str]:
    """Other texts naming exactly this move: reef edges in any order, by full name and by the
    compass letters each language shows, ``home`` for 0,0, the stack after the place and by the
    letter each language shows, English-edition words (deplete)."""
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
        for typed in stack_letters(words[1]):
            found += [
                f"place {typed} {words[2]}",
                f"place {words[2]} {typed}",
                f"{typed} {words[2]}",
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


def private_text(view: dict) -> list[str]:
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


# ---------------------------------------------------------------------------------- log lines
# One function per kind of event, in the order of a turn (docs/rules/tahiti.md 5.1 to 5.9, 6.2).
def hommea_stays(who: str, at: str) -> Msg:
    return T("{player} leaves Hommea on {at}.", player=who, at=at)


def hommea_moves(who: str, at: str) -> Msg:
    return T("{player} moves Hommea to {at}.", player=who, at=at)


def tile_taken(who: str, goods: list[str], stack: int, at: str) -> Msg:
    return T(
        "{player} takes the island ({first}/{second}) from stack {stack} for {at}.",
        player=who,
        first=good(goods[0]),
        second=good(goods[1]),
        stack=stack_name(stack),
        at=at,
    )


def tile_put_back(who: str) -> Msg:
    return T("{player} puts the tile back and chooses again.", player=who)


def tile_placed(who: str, goods: list[str], stack: int, at: str, label: str) -> Msg:
    return T(
        "{player} places the island ({first}/{second}) from stack {stack} at {at}, reefs {edges}.",
        player=who,
        first=good(goods[0]),
        second=good(goods[1]),
        stack=stack_name(stack),
        at=at,
        edges=edge_codes(label),
    )


def last_island() -> Msg:
    return T("The last island is placed: Hommea leaves. The late season begins.")


def gifts_drawn(drawn: list[str]) -> Msg:
    gifts = goods_list(drawn) if drawn else T("the bag is empty")
    return T("Hommea's gifts: {gifts}.", gifts=gifts)


def gift_goes(colour: str, at: str) -> Msg:
    return T("The {good} goes to the island at {at}.", good=good(colour), at=at)


def gift_fits_nowhere(colour: str) -> Msg:
    return T("The {good} fits nowhere and goes back to the bag.", good=good(colour))


def gift_put(who: str, colour: str, at: str) -> Msg:
    return T(
        "{player} puts the {good} on the island at {at}.", player=who, good=good(colour), at=at
    )


def actions_begin(who: str, actions: int) -> Msg:
    return T("{player} has {actions}.", player=who, actions=action_count(actions))


def actions_ended(who: str) -> Msg:
    return T("{player} ends their actions.", player=who)


def no_action_left(who: str, rowers: int) -> Msg:
    return T("{player} has no action left (visible Rowers: {rowers}).", player=who, rowers=rowers)


def harvested(who: str, colour: str, cubes: int) -> Msg:
    return T(
        "{player} harvests a {good} ({cubes} in the canoe).",
        player=who,
        good=good(colour),
        cubes=cubes,
    )


def delivered(who: str, canoe: list[str]) -> Msg:
    return T("{player} delivers {cargo}.", player=who, cargo=cargo_text(canoe))


def beyond_cap(g: str, cap: int) -> Msg:
    return T("A {good} beyond {cap} is removed from the game.", good=good(g), cap=cap)


def paddled(who: str, to: str) -> Msg:
    """docs/rules/tahiti.md 5.4: no reef crossed."""
    return T("{player} paddles to {at}.", player=who, at=to)


def paddled_empty(who: str, to: str, crossed: int) -> Msg:
    """docs/rules/tahiti.md 7.8: reefs crossed with an empty canoe draw nothing."""
    return T(
        "{player} paddles to {at} across {reefs} with an empty canoe (no draw).",
        player=who,
        at=to,
        reefs=reef_count(crossed),
    )


def paddled_across(who: str, to: str, crossed: int, drawn: list[str], lost: list[str]) -> Msg:
    """docs/rules/tahiti.md 5.4: the cubes drawn at the reefs and the cargo they cost."""
    drew = goods_list(drawn) if drawn else T("nothing")
    loss = T(", lost {cargo}.", cargo=cargo_text(lost)) if lost else T(", no loss.")
    if crossed == 2:
        return T(
            "{player} paddles to {at} across a double reef: drew {drawn}{loss}",
            player=who,
            at=to,
            drawn=drew,
            loss=loss,
        )
    return T(
        "{player} paddles to {at} across a reef: drew {drawn}{loss}",
        player=who,
        at=to,
        drawn=drew,
        loss=loss,
    )


def fished(who: str, aside: int, drawn: list[str]) -> Msg:
    drew = goods_list(drawn) if drawn else T("nothing")
    if aside:
        return Tn(
            "{player} fishes ({count} cube set aside): drew {drawn}.",
            "{player} fishes ({count} cubes set aside): drew {drawn}.",
            aside,
            player=who,
            drawn=drew,
        )
    return T("{player} fishes: drew {drawn}.", player=who, drawn=drew)


def fish_not_taken() -> Msg:
    return T("The canoe cannot take the fish (loading rules).")


def fish_kept(who: str) -> Msg:
    return T("{player} keeps a fish.", player=who)


def fish_released(who: str) -> Msg:
    return T("{player} lets the fish go.", player=who)


def set_aside_back(count: int) -> Msg:
    return Tn(
        "The {count} set-aside fishing cube goes back to the bag.",
        "The {count} set-aside fishing cubes go back to the bag.",
        count,
    )


def nothing_to_exhaust() -> Msg:
    return T("No empty island to exhaust.")


def exhausted(who: str, at: str, kind: str) -> Msg:
    if kind == "fish":
        return T("{player} exhausts the island at {at} (a fish marker).", player=who, at=at)
    return T("{player} exhausts the island at {at} (a blank marker).", player=who, at=at)


def last_round(alive: int) -> Msg:
    return Tn(
        "Only {count} island left unexhausted: this is the last round.",
        "Only {count} islands left unexhausted: this is the last round.",
        alive,
    )


def next_turn(round_: int, who: str) -> Msg:
    return T("Round {round}: {player} to play.", round=round_, player=who)


def unloaded_at_end(who: str, canoe: list[str]) -> Msg:
    return T("{player} unloads {cargo} at the end.", player=who, cargo=cargo_text(canoe))


def season_over() -> Msg:
    return T("The season is over.")


def final_score(who: str, row: dict[str, int], favourites: list[str]) -> Msg:
    return T(
        "{player}: {total} points (goods {goods}, favourite {favourites} {favourite}, "
        "variety {variety}).",
        player=who,
        total=row["total"],
        goods=row["goods"],
        favourites=goods_pair(favourites),
        favourite=row["favourite"],
        variety=row["variety"],
    )
