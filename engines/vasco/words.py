"""Vasco da Gama's words for people, as ``Msg`` texts said in each reader's language
(docs/ARCHITECTURE.md 6b, issue 26). The English of every function here is the text the engine
printed before the game spoke Greek and Russian; component names come from
``data/vasco/glossary.toml``.

The state keeps keys and numbers only: these functions make the words where they are said.
Every word of the engine for people is here (docs/ARCHITECTURE.md 9): the log lines, each move
in words (``describe``), the names a move also answers to (``aliases``), what the table awaits,
a seat's private text and the phase names. They read a state and never change it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engines.base import State
from engines.vasco.base import (
    COLOURS,
    LANDING_KEYS,
    MISSIONARY,
    D,
    area_count,
    capacity,
    free_spaces,
    hire_price,
    line_reals,
    right_cost,
    tile,
)
from i18n import TRANSLATED, Msg, T, Tn, joined, say, word

SEAT_NAMES = "ABCD"


def term(key: str) -> Msg:
    """A glossary word of this game (``term("landing.natal")``)."""
    return word("vasco", key)


def reals(n: int) -> Msg:
    """``1 real``, ``2 reals`` (Russian 1 реал, 2 реала, 5 реалов)."""
    return Tn("{count} real", "{count} reals", n)


def captains(n: int) -> Msg:
    return Tn("{count} captain", "{count} captains", n)


def listed(items: Iterable[Any], sep: str = ", ") -> Any:
    """Items one after the other, ``a, b, c`` (``sep`` ", ") or ``a; b; c`` (``sep`` "; "),
    each said in the reader's language (no "and": see ``joined`` for that)."""
    items = list(items)
    if not items:
        return ""
    out = items[0]
    for item in items[1:]:
        out = T("{a}; {b}", a=out, b=item) if sep == "; " else T("{a}, {b}", a=out, b=item)
    return out


def colour(name: str) -> Msg:
    """A sailor colour (``purple``) or the missionary, as a word."""
    return term("component.missionary") if name == MISSIONARY else term(f"sailor.{name}")


def crew_word(name: str) -> Msg:
    """One crew member: ``a missionary``, ``a purple sailor``, ``an orange sailor``."""
    if name == MISSIONARY:
        return T("a missionary")
    if name[0] in "aeiou":
        return T("an {colour} sailor", colour=colour(name))
    return T("a {colour} sailor", colour=colour(name))


def sailors(n: int, name: str) -> Msg:
    """``2 purple sailors``; ``1 missionary``, ``2 missionaries``."""
    if name == MISSIONARY:
        return Tn("{count} missionary", "{count} missionaries", n)
    return Tn("{count} {colour} sailor", "{count} {colour} sailors", n, colour=colour(name))


def of_colour(n: int, name: str) -> Msg:
    """``2 purple``: how many of a colour (a Hire section, a hire in progress)."""
    return T("{n} {colour}", n=n, colour=colour(name))


def ship_label(tid: str) -> Msg:
    """A ship as players call it: a project by its number, a merchant ship as such (its id,
    ``m5``, is printed nowhere)."""
    return T("the merchant ship") if tid.startswith("m") else T("ship {id}", id=tid)


def area(key: str) -> Msg:
    return term(f"area.{key}")


def landing(key: str) -> Msg:
    return term(f"landing.{key}")


def character(cid: str) -> Msg:
    return term(f"character.{cid}")


def income(vp: int, money: int) -> Msg | None:
    """A tile's income: ``1 VP + 2 reals``, ``1 VP``, ``2 reals``; None for none."""
    if vp and money:
        return T("{vp} VP + {reals}", vp=vp, reals=reals(money))
    if vp:
        return T("{vp} VP", vp=vp)
    if money:
        return reals(money)
    return None


def tile_words(t: dict, crew: bool = True) -> Msg:
    """A tile's fields: ``crew 3, limit 6, earns 1 VP + 2 reals`` (data fields ``crew``,
    ``nav_limit``, ``income_vp``, ``income_reals``)."""
    if crew and t.get("crew"):
        head = T("crew {crew}, limit {limit}", crew=t["crew"], limit=t["nav_limit"])
    else:
        head = T("limit {limit}", limit=t["nav_limit"])
    earns = income(t["income_vp"], t["income_reals"])
    return T("{fields}, earns {income}", fields=head, income=earns) if earns else head


def phase(key: str) -> Msg:
    """``Phase 1`` .. ``Phase 3`` by the engine's phase key."""
    if key == "place":
        return T("Phase 1")
    if key == "act":
        return T("Phase 2")
    return T("Phase 3")


def char_short(cid: str) -> Msg:
    """A character's effect in a few words (board.toml ``short``; a test keeps them equal)."""
    return {
        "manuel": T("a 5th action disc next round"),
        "dias": T("2 VP now, first player next round"),
        "alvares": T("2 missionaries now"),
        "sernigi": T("a merchant ship, may sail free now"),
    }[cid]


def char_effect(cid: str) -> Msg:
    """A character's effect (board.toml ``effect``; a test keeps them equal)."""
    return {
        "manuel": T("a 5th action disc in the next round's Phase 1"),
        "dias": T("2 VP now and first player in the next round"),
        "alvares": T("2 missionaries now (from the Characters-area supply)"),
        "sernigi": T("a merchant ship now, which may sail at once without crew or captain"),
    }[cid]


def char_setup(cid: str) -> Msg:
    """What a character gives at setup (board.toml ``setup_effect``; a test keeps them equal)."""
    return {
        "manuel": T("a 5th action disc in round 1"),
        "dias": T("first player in round 1"),
        "alvares": T("1 missionary"),
        "sernigi": T("a merchant ship in port"),
    }[cid]


def name(seat: int) -> str:
    return f"Player {SEAT_NAMES[seat]}"


def tile_text(tid: str, crew: bool = True) -> Msg:
    """A tile's fields by its id (``tile_words`` of ``tile(tid)``)."""
    return tile_words(tile(tid), crew)


PHASE_NAMES = {
    "place": T("phase 1: placing workers on the action board"),
    "act": T("phase 2: carrying out the actions"),
    "nav": T("phase 3: navigation"),
}
"""The phases in words for ``/game status`` (docs/ARCHITECTURE.md 2, ``phase_names``)."""


# ---------------------------------------------------------------------- log lines


def launched(seat: int, tid: str, crew: list[str]) -> Msg:
    return T(
        "{player} launches a ship ({tile}) with {crew}.",
        player=name(seat),
        tile=tile_text(tid, crew=False),
        crew=joined([crew_word(c) for c in crew]),
    )


def disc_placed(seat: int, number: int, key: str) -> Msg:
    return T(
        "{player} places a disc with number {number} on {area}.",
        player=name(seat),
        number=number,
        area=area(key),
    )


def phase2_begins(round_: int, change: int, ffa: int) -> Msg:
    return T(
        "Round {round}, Phase 2: the Vasco da Gama tile moves the marker {change:+d}; "
        "the first free action is {ffa}.",
        round=round_,
        change=change,
        ffa=ffa,
    )


def declined(seat: int, number: int, gain: int) -> Msg:
    return T(
        "{player} declines number {number} and takes {reals}.",
        player=name(seat),
        number=number,
        reals=reals(gain),
    )


def captain_hired(seat: int) -> Msg:
    return T("{player} hires a captain (free).", player=name(seat))


def paid_to_act(seat: int, cost: int, number: int) -> Msg:
    return T(
        "{player} pays {reals} to act with number {number}.",
        player=name(seat),
        reals=reals(cost),
        number=number,
    )


def bought_sao_gabriel(seat: int, price: int) -> Msg:
    return T(
        "{player} buys the Sao Gabriel for {reals}.",
        player=name(seat),
        reals=reals(price),
    )


def bought_projects(seat: int, bought: list[str], price: int) -> Msg:
    if len(bought) == 1:
        return T(
            "{player} buys project {id} for {reals}.",
            player=name(seat),
            id=bought[0],
            reals=reals(price),
        )
    return T(
        "{player} buys projects {ids} for {reals}.",
        player=name(seat),
        ids=joined(bought),
        reals=reals(price),
    )


def hired(seat: int, take: dict[str, int], section: int, price: int, captain: bool) -> Msg:
    """A Hire paid: ``take`` sailors by colour from ``section`` (counted from 1)."""
    taken = joined([sailors(take[c], c) for c in COLOURS if take[c]])
    said = {
        "player": name(seat),
        "sailors": taken,
        "section": section,
        "reals": reals(price),
    }
    if captain:
        return T(
            "{player} hires {sailors} and a captain from section {section} for {reals}.",
            **said,
        )
    return T("{player} hires {sailors} from section {section} for {reals}.", **said)


def kept_in_port(seat: int) -> Msg:
    return T("{player} keeps the merchant ship in port.", player=name(seat))


def sent(
    seat: int,
    tid: str,
    landing_index: int,
    space: dict,
    bonus: str | None,
    drawn: list[str],
) -> Msg:
    """A ship put on a landing space (R7): the space's VP and the bonus it gave (``bonus``
    "reals", "sailor" with the colours ``drawn``, "captain"; None: nothing more)."""
    got: Msg | None = None
    if bonus == "reals":
        got = reals(space["amount"])
    elif bonus == "sailor":
        got = joined([crew_word(c) for c in drawn]) if drawn else None
    elif bonus == "captain":
        got = T("a captain")
    if got is None:
        reward = T("{vp} VP", vp=space["vp"])
    else:
        reward = T("{vp} VP and {bonus}", vp=space["vp"], bonus=got)
    return T(
        "{player} sends a ship ({tile}) to {landing} (space {value}): {reward}.",
        player=name(seat),
        tile=tile_text(tid, crew=False),
        landing=landing(LANDING_KEYS[landing_index]),
        value=space["value"],
        reward=reward,
    )


def money_taken(seat: int, gain: int, space: int) -> Msg:
    return T(
        "{player} takes {reals} from money space {space}.",
        player=name(seat),
        reals=reals(gain),
        space=space,
    )


def character_taken(seat: int, char: str) -> Msg:
    return T("{player} takes {character}.", player=name(seat), character=character(char))


def merchant_received(seat: int, ship: str) -> Msg:
    return T(
        "{player} receives a merchant ship ({tile}).",
        player=name(seat),
        tile=tile_text(ship),
    )


def income_paid(round_: int) -> Msg:
    return T("Round {round}, Phase 3: ships at sea pay their income.", round=round_)


def landing_complete(key: str, vp: int) -> Msg:
    return T("{landing} is complete: {vp} VP per ship.", landing=landing(key), vp=vp)


def discarded(seat: int, tid: str) -> Msg:
    return T(
        "A ship of {player} ({tile}) cannot sail on and is discarded.",
        player=name(seat),
        tile=tile_text(tid, crew=False),
    )


def game_over() -> Msg:
    return T("The game is over.")


def round_begins(round_: int, first: int) -> Msg:
    return T(
        "Round {round} begins; {player} is first player.",
        round=round_,
        player=name(first),
    )


# ---------------------------------------------------------------------- moves in words


def plus_cost(text: Msg, cost: int) -> Msg:
    """An action's sentence with what the right to act costs (rules 4.3.5), when it costs."""
    return T("{text} (+{cost} to act)", text=text, cost=cost) if cost else text


def describe(state: State, seat: int, move: str) -> Msg:
    """A legal move as a short sentence (docs/ARCHITECTURE.md 2). Everything it uses is
    public."""
    words = move.split()
    verb = words[0]
    pend = state["launch"].get(str(seat))
    if pend is not None:
        t = tile(pend["tile"])
        if verb == "back":
            return T("Cancel launching {ship}; keep your crew", ship=ship_label(pend["tile"]))
        return T(
            "Crew {ship} with {crew} ({have} of {need})",
            ship=ship_label(pend["tile"]),
            crew=crew_word(words[1]),
            have=len(pend["crew"]) + 1,
            need=t["crew"],
        )
    if verb == "launch":
        return T(
            "Launch {ship} ({tile})",
            ship=ship_label(words[1]),
            tile=tile_text(words[1]),
        )
    if verb == "ready":
        return T("Launch nothing more now; go on to {phase}", phase=phase(state["phase"]))
    if state["phase"] == "place":
        return _describe_placing(state, words)
    act = state["act"]
    cost = right_cost(state["ffa"], state["call"])
    if act is None:
        return _describe_decision(state, words, cost)
    if act["kind"] == "hire":
        return _describe_hiring(act, words, cost)
    return _describe_expedition(state, act, words)


def _describe_placing(state: State, words: list[str]) -> Msg:
    verb = words[0]
    if verb == "place":
        key = words[1]
        free = capacity(state, key) - area_count(state, key)
        return Tn(
            "Put an action disc on {area} ({count} space free)",
            "Put an action disc on {area} ({count} spaces free)",
            free,
            area=area(key),
        )
    if verb == "back":
        return T("Choose another area for this disc")
    n = int(words[1])
    cost = right_cost(state["marker"], n)
    # the marker; the tile moves it -3..+3 later (rules 4.3.5: first free action number)
    said = {
        "number": n,
        "area": area(state["sel"]),
        "marker": state["marker"],
        "cost": cost,
        "reals": reals(line_reals(n)),
    }
    if cost:
        return T(
            "Number {number} on {area} ({cost} to act if the first free number is "
            "{marker}; declining pays {reals})",
            **said,
        )
    return T(
        "Number {number} on {area} (free if the first free number is {marker}; "
        "declining pays {reals})",
        **said,
    )


def _describe_hiring(act: dict, words: list[str], cost: int) -> Msg:
    verb = words[0]
    if verb == "take":
        take = dict(act["take"])
        take[words[1]] += 1
        price = hire_price(take, act["captain"])
        return T(
            "Hire {crew} (this hire costs {reals})",
            crew=crew_word(words[1]),
            reals=reals(price),
        )
    if verb == "captain":
        n = sum(act["take"].values())
        return T("Add a captain for {reals} (1 per sailor hired)", reals=reals(n))
    if verb == "done":
        price = hire_price(act["take"], act["captain"])
        taken = joined([of_colour(act["take"][c], c) for c in COLOURS if act["take"][c]])
        said = {"sailors": taken, "reals": reals(price)}
        if act["captain"]:
            hire = T("Hire {sailors} and a captain for {reals}", **said)
        else:
            hire = T("Hire {sailors} for {reals}", **said)
        return plus_cost(hire, cost)
    return T("Choose another section, or decline")


def _describe_expedition(state: State, act: dict, words: list[str]) -> Msg:
    verb = words[0]
    if verb == "send":
        return T(
            "Send {ship} ({tile}) with a captain",
            ship=ship_label(words[1]),
            tile=tile_text(words[1], crew=False),
        )
    if verb == "to":
        li = LANDING_KEYS.index(words[1])
        reachable = free_spaces(state, li, tile(act["ship"])["nav_limit"])
        return Tn(
            "Sail {ship} to {landing} ({count} space it can reach)",
            "Sail {ship} to {landing} ({count} spaces it can reach)",
            len(reachable),
            ship=ship_label(act["ship"]),
            landing=landing(words[1]),
        )
    if verb == "space":
        land = D["landings"][act["landing"]]
        space = next(sp for sp in land["spaces"] if sp["value"] == int(words[1]))
        return T(
            "Take {landing} space {value}: {reward}",
            landing=landing(land["key"]),
            value=words[1],
            reward=reward(space),
        )
    if verb == "keep":
        return T("Keep the merchant ship in port (it needs a captain to sail)")
    if verb == "done":
        return T("End the Expedition")
    if act["landing"] is not None:
        return T("Choose another landing")
    if act["ship"] is not None:
        return T("Choose another ship")
    return T("Send no ship after all; back to act or decline")


def _describe_decision(state: State, words: list[str], cost: int) -> Msg:
    verb = words[0]
    number = state["call"]
    if verb == "decline":
        return T(
            "Decline number {number} and take {reals}",
            number=number,
            reals=reals(line_reals(number)),
        )
    if verb == "buy":
        if words[1] == "sg":
            tid = state["sg"]
            buy = T(
                "Buy the Sao Gabriel ({tile}), for {price}",
                tile=tile_text(tid, crew=False),
                price=tile(tid)["crew"],
            )
            return plus_cost(buy, cost)
        spaces = [int(x) for x in words[1].split("+")]
        ids = [state["offer"][i - 1] for i in spaces]
        if len(ids) == 1:
            buy = T("Buy project {id} ({tile}) for 1", id=ids[0], tile=tile_text(ids[0]))
        else:
            buy = T(
                "Buy projects {first} and {second} (spaces {spaces}) for 4",
                first=ids[0],
                second=ids[1],
                spaces=words[1],
            )
        return plus_cost(buy, cost)
    if verb == "section":
        section = state["sections"][int(words[1]) - 1]
        there = joined([of_colour(section[c], c) for c in COLOURS if section[c]])
        return T("Hire from section {section}: {sailors}", section=words[1], sailors=there)
    if verb == "captain":
        if cost:
            return T("Hire only a captain (free; {cost} to act)", cost=cost)
        return T("Hire only a captain (free)")
    if verb == "send":
        send = T(
            "Send {ship} ({tile}) with a captain",
            ship=ship_label(words[1]),
            tile=tile_text(words[1], crew=False),
        )
        return plus_cost(send, cost)
    if verb == "take":
        if words[1] == "money":
            amount = state["money"][int(words[2]) - 1]
            take = T("Take {reals} from money space {space}", reals=reals(amount), space=words[2])
            return plus_cost(take, cost)
        take = T(
            "Take {character}: {effect}",
            character=character(words[1]),
            effect=char_short(words[1]),
        )
        return plus_cost(take, cost)
    return T("Launch {ship}", ship=ship_label(words[1]))


def reward(space: dict) -> Msg:
    """What a landing space gives (R7), before it is taken."""
    vp = space["vp"]
    if space["bonus"] == "reals":
        return T("{vp} VP and {reals}", vp=vp, reals=reals(space["amount"]))
    if space["bonus"] == "sailor":
        return T("{vp} VP and a sailor drawn from the bag", vp=vp)
    if space["bonus"] == "captain":
        return T("{vp} VP and a captain from the Hire area", vp=vp)
    return T("{vp} VP", vp=vp)


def aliases(state: State, move: str) -> list[str]:
    """Other texts for the same move: unordered parts in any order, names as printed."""
    words = move.split()
    verb = words[0]
    out: list[str] = []
    if verb == "buy" and "+" in words[1]:
        a, b = words[1].split("+")
        out = [f"buy {b}+{a}", f"buy {a} {b}", f"buy {b} {a}", f"buy {a},{b}", f"buy {b},{a}"]
    elif move == "buy sg":
        out = ["buy sao gabriel", "buy são gabriel", "sao gabriel"]
    elif verb == "take" and words[1] in D["characters"]:
        full = D["characters"][words[1]]["name"]
        out = [f"take {full}", full]
        if words[1] == "manuel":
            out.append("take king manuel")
    elif verb == "take" and words[1] == "money":
        out = [f"take money space {words[2]}", f"money {words[2]}"]
    elif verb == "to":
        full = D["landings"][LANDING_KEYS.index(words[1])]["name"]
        out = [f"to {full}", full] if full.casefold() != words[1] else [full]
    elif verb == "send" and words[1].startswith("m"):
        out = [f"send merchant {words[1]}", f"send merchant ship {words[1]}"]
    elif verb == "send":
        out = [f"send ship {words[1]}"]
    elif verb == "launch":
        out = [f"launch ship {words[1]}"]
    elif verb == "place":
        out = [f"place {area(words[1])}", f"disc {words[1]}"]
        if words[1] == "expedition":
            out.append("place navigation")
    elif move == "captain only":
        out = ["hire captain", "captain"]
    elif verb == "crew" and words[1] == MISSIONARY:
        out = ["crew white"]
    elif verb == "number":
        out = [words[1], f"#{words[1]}"]
    elif move == "ready":
        out = ["done", "pass", "no launch"]
    elif move == "keep":
        out = ["keep in port", "stay in port"]
    elif move == "back":
        out = ["cancel"]
    out += _named_in_translations(state, words)
    out = [a for a in dict.fromkeys(out) if a != move]
    return out


def _named_in_translations(state: State, words: list[str]) -> list[str]:
    """A move named by its component in Greek or Russian (issue 26 item 3): ``Νατάλ`` for
    ``to natal``, ``Мануэль Первый`` for ``take manuel``, ``μωβ`` for ``crew purple``."""
    verb = words[0]
    named: Msg | None = None
    if verb == "place" and state["phase"] == "place":
        named = area(words[1])
    elif verb == "take" and words[1] in D["characters"]:
        named = character(words[1])
    elif verb == "to":
        named = landing(words[1])
    elif verb in ("crew", "take") and words[1] in (*COLOURS, MISSIONARY):
        named = colour(words[1])
    return [] if named is None else [say(lang, named) for lang in TRANSLATED]


# ---------------------------------------------------------------------- the table and a seat


def awaiting(state: State, waiting: list[int]) -> tuple[Msg, Msg | None]:
    """What the table waits for (``waiting``: the seats to move): the whole sentence, and its
    part after the seats (what they are deciding: ``launch ships before Phase 1, or ready``;
    None when the game is over)."""
    if state["phase"] == "over":
        return T("Game over"), None
    if state["window"] is not None:
        who = listed([name(s) for s in state["window"]["waiting"]])
        what = T("launch ships before {phase}, or ready", phase=phase(state["window"]["phase"]))
        return T("{who}: {doing}", who=who, doing=what), what
    seat = waiting[0]
    what = doing(state, seat)
    return T("{who}: {doing}", who=name(seat), doing=what), what


def doing(state: State, seat: int) -> Msg:
    """What ``seat``, to move, is deciding."""
    pend = state["launch"].get(str(seat))
    if pend is not None:
        return T("choose crew for {ship}", ship=ship_label(pend["tile"]))
    if state["phase"] == "place":
        if state["sel"]:
            return T("choose a number for {area}", area=area(state["sel"]))
        return T("place an action disc")
    said = {
        "number": state["call"],
        "area": area(state["placed"][str(state["call"])][1]),
        "cost": right_cost(state["ffa"], state["call"]),
    }
    act = state["act"]
    if act is None:
        return T("number {number} ({area}, cost {cost}): act or decline", **said)
    if act["kind"] == "hire":
        return T(
            "number {number} ({area}, cost {cost}): hire from section {section}",
            section=act["section"] + 1,
            **said,
        )
    if act["ship"] is None:
        return T("number {number} ({area}, cost {cost}): send another ship or done", **said)
    if act["landing"] is None:
        return T(
            "number {number} ({area}, cost {cost}): choose a landing for {ship}",
            ship=ship_label(act["ship"]),
            **said,
        )
    return T(
        "number {number} ({area}, cost {cost}): choose a space at {landing}",
        landing=landing(LANDING_KEYS[act["landing"]]),
        **said,
    )


def private_text(view: dict) -> list[str]:
    """A seat's own position as sentences for a DM (docs/ARCHITECTURE.md 2; no JSON)."""
    seat = view.get("seat")
    if seat is None:
        return []
    p = view["p"][seat]
    lines: list[str] = [
        T(
            "You have {reals}, {vp} VP, {captains} ready ({pool} more in the Hire area).",
            reals=reals(p["reals"]),
            vp=p["vp"],
            captains=captains(p["captains"]),
            pool=p["pool"],
        )
    ]
    crew = [sailors(p["sailors"][c], c) for c in COLOURS if p["sailors"][c]]
    if p["missionaries"]:
        crew.append(sailors(p["missionaries"], MISSIONARY))
    lines.append(T("Your crew: {crew}.", crew=joined(crew)) if crew else T("You have no crew."))
    projects = [T("a ship ({tile})", tile=tile_text(t["id"])) for t in p["projects"]]
    if projects:
        lines.append(T("Projects to launch: {tiles}.", tiles=listed(projects, "; ")))
    port = [T("a ship ({tile})", tile=tile_text(t["id"])) for t in p["port"]]
    if port:
        lines.append(T("Ships in port: {tiles}.", tiles=listed(port, "; ")))
    at_sea = [
        T(
            "a ship ({tile}) at {landing}, space {value}",
            tile=tile_text(sp["ship"]["id"], crew=False),
            landing=landing(land["key"]),
            value=sp["value"],
        )
        for land in view["landings"]
        for sp in land["spaces"]
        if sp["ship"] and sp["ship"]["seat"] == seat
    ]
    if at_sea:
        lines.append(T("Your ships at sea: {ships}.", ships=joined(at_sea)))
    mine = [str(n) for n, s, _ in view["placed"] if s == seat]
    if mine:
        lines.append(T("Your numbers this round: {numbers}.", numbers=joined(mine)))
    if p["discs_left"]:
        lines.append(T("Discs left to place: {n}.", n=p["discs_left"]))
    if seat in view["to_move"]:
        lines.append(T("Your turn: {what}.", what=view["doing"]))
    return lines


SECRETS_HELP = T("nothing is hidden; your decision is under **My choices** and in `/hand`.")
"""Where a member's secrets are, for ``/help`` (open information)."""
