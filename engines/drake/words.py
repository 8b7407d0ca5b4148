"""Francis Drake's words for people (docs/ARCHITECTURE.md 6b, 9): every text the engine says.

The engine (``engine.py`` and its parts) keeps ids and numbers in its state and decides what
happens; these functions turn them into ``Msg`` texts whose English is what the game always
printed and which are said again in Greek or Russian: counts with their plural forms,
Destinations, Locations and Commodities by their printed names (``data/drake/glossary.toml``),
the log lines of every step, the private lines a seat receives, the moves in words
(``describe``), the seat's private sheet (``private_text``), the phases and who is awaited, and
what ``/help`` says of the game's secrets.
"""

from __future__ import annotations

from engines.base import State
from engines.drake.data import load
from engines.drake.state import RESOURCES, TREASURES, defence, dest_info, kind_ids, placed
from i18n import Msg, T, Tn, joined, word

SECRETS_HELP = T(
    "your Treasure Chest, the counters you know and what you saw as Informer come by DM "
    "when they change; `/hand` shows them."
)
"""Where a member's secrets are: the chest, the counters seen, the Informer's look."""

PHASE_NAMES = {
    "provision": T("provisioning in Plymouth"),
    "missions": T("placing the secret mission discs"),
    "informer": T("the informer"),
    "arrange": T("arranging the voyage"),
    "resolve": T("the voyage, destination by destination"),
}
"""A view's ``phase`` in words, for ``/game status``."""

NO_MOVE = T("That seat has no move to make now.")
"""The refusal of a default move for a seat that has nothing to decide."""

TAKES = ", takes the "
"""How an old plain-English log line (before issue 26) says a treasure was taken."""


# ---------------------------------------------------------------------- names and counts


def count_of(n: int, unit: str) -> Msg:
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


def dest_name(dest_id: str) -> Msg:
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


def is_take(line: object) -> bool:
    """Whether a recent log line tells of a treasure taken (dropped from the board at Reset)."""
    if isinstance(line, dict):
        return "treasure" in line.get("p", {})
    return TAKES in str(line)


def _letter(seat: int) -> str:
    return "ABCDE"[seat]


def player_name(seat: int) -> str:
    return f"Player {_letter(seat)}"


def seats_in_order(seats: list[int]) -> str:
    """``Player B, Player A, ...``: seats in an order (the host names them)."""
    return ", ".join(player_name(s) for s in seats)


def seen_disc(seat: int, label: str) -> Msg:
    """A disc the Informer saw in a stack: ``Player B disc 2``."""
    return T("{player} {disc}", player=player_name(seat), disc=_tag(label))


# ---------------------------------------------------------------------- provisioning (4.1, 5.1)


def sails(seat: int, dock: int) -> Msg:
    return T("{player} sails to Outbound Dock {dock}.", player=player_name(seat), dock=dock)


def completes_drake(seat: int, crew: int, guns: int) -> Msg:
    got: Msg = joined([count_of(crew, "crew"), count_of(guns, "guns")])
    return T("{player} completes Drake: {got}.", player=player_name(seat), got=got)


def pays_investor(seat: int, *, galleon: bool, crew: int = 0, guns: int = 0) -> Msg:
    got = T("a Galleon") if galleon else joined([count_of(crew, "crew"), count_of(guns, "guns")])
    return T("{player} pays 4 VP to the Investor: {got}.", player=player_name(seat), got=got)


def takes_at_dockside(seat: int, taken: int, res: str) -> Msg:
    return T(
        "{player} at Dockside takes {got}.", player=player_name(seat), got=count_of(taken, res)
    )


def places_disc(
    seat: int,
    pos: int,
    kind: str,
    got: int = 0,
    *,
    roll: int = 0,
    total: int = 0,
    ghost: bool = False,
    trade_goods: int = 0,
) -> Msg:
    """A disc placed at Location ``pos`` of the street and what it brought: ``got`` is the
    Location's resource, the Crew of a Tavern roll, the Guns of the Shipyard or the Queen, the
    Crew of the Pinnace, the Trade Good of the Informer."""
    where = T(
        "{player} places a disc at {pos} {location}",
        player=player_name(seat),
        pos=pos,
        location=_loc(kind),
    )
    if kind in RESOURCES:
        return T("{where}: {got}.", where=where, got=count_of(got, kind))
    if kind == "tavern":
        if ghost:
            return T(
                "{where}: rolls {roll} (total {total}): the Ghost Ship.",
                where=where,
                roll=roll,
                total=total,
            )
        return T(
            "{where}: rolls {roll} (total {total}): {got}.",
            where=where,
            roll=roll,
            total=total,
            got=count_of(got, "crew"),
        )
    if kind == "shipyard":
        if got:
            return T("{where}: a Galleon and {got}.", where=where, got=count_of(got, "guns"))
        return T("{where}: a Galleon.", where=where)
    if kind == "pinnace":
        if got:
            return T("{where}: a Pinnace and {got}.", where=where, got=count_of(got, "crew"))
        return T("{where}: a Pinnace.", where=where)
    if kind == "drake":
        return T("{where}: 1st of 2 discs.", where=where)
    if kind == "queen":
        received = joined(
            [T("a Galleon"), count_of(got, "guns"), count_of(trade_goods, "trade_goods")]
        )
        return T("{where}: {got}.", where=where, got=received)
    if kind in ("admiral", "governor"):
        title = T("the Admiral") if kind == "admiral" else T("the Governor")
        return T("{where}: {got}.", where=where, got=title)
    if kind == "informer":
        return T("{where}: the Informer and {got}.", where=where, got=count_of(got, "trade_goods"))
    return T("{where}: the Golden Hind disc.", where=where)


# ---------------------------------------------------------------------- sailing A-D (4.2-4.5)


def places_counters(seat: int, title: str) -> Msg:
    thing = _counter_kind("galleon" if title == "admiral" else "fort")
    return T(
        "{player} places the {thing} counters face down.", player=player_name(seat), thing=thing
    )


def placed_counters(title: str, targets: list[str], values: list[str]) -> Msg:
    """The private line of the Admiral or Governor: which counter went where."""
    thing = _counter_kind("galleon" if title == "admiral" else "fort")
    where = joined(
        [
            T("+{value} at {place}", value=v, place=dest_name(d))
            for d, v in zip(targets, values, strict=True)
        ]
    )
    return T("You placed the {thing} counters: {where}.", thing=thing, where=where)


def governor_moves_up(seat: int, dock: int) -> Msg:
    return T(
        "Governor {player} moves up to Outbound Dock {dock}.", player=player_name(seat), dock=dock
    )


def sailing_order(sailing: list[int]) -> Msg:
    return T("Sailing Order: {order}.", order=seats_in_order(sailing))


def places_mission_disc(seat: int, dest_id: str) -> Msg:
    return T(
        "{player} places a Mission Disc face down at {place}.",
        player=player_name(seat),
        place=dest_name(dest_id),
    )


def placed_mission_disc(label: str, dest_id: str) -> Msg:
    """The private line of a disc placed: which disc went where."""
    return T(
        "You placed {disc} face down at {place}.", disc=_disc_name(label), place=dest_name(dest_id)
    )


def informer_passes(seat: int) -> Msg:
    return T("Informer {player} passes.", player=player_name(seat))


def informer_looks(seat: int, dest_id: str) -> Msg:
    return T(
        "Informer {player} looks at the discs at {place}.",
        player=player_name(seat),
        place=dest_name(dest_id),
    )


def informer_swaps(seat: int, at_a: str, at_b: str) -> Msg:
    return T(
        "Informer {player} swaps two discs ({first}, {second}).",
        player=player_name(seat),
        first=dest_name(at_a),
        second=dest_name(at_b),
    )


def swapped(a: str, b: str, at_a: str, at_b: str) -> Msg:
    """The Informer's private line of a swap: where each disc is now."""
    return T(
        "You swapped {a} and {b}: {b} is now at {first}, {a} at {second}.",
        a=_disc_name(a),
        b=_disc_name(b),
        first=dest_name(at_a),
        second=dest_name(at_b),
    )


def informer_peeks(seat: int, dest_id: str) -> Msg:
    return T(
        "Informer {player} peeks at the counter at {place}.",
        player=player_name(seat),
        place=dest_name(dest_id),
    )


def peeked(dest_id: str, value: int) -> Msg:
    """The Informer's private line of a peek: the counter's value."""
    return T(
        "The {thing} counter at {place} shows +{value}.",
        thing=_counter_kind(dest_info(dest_id)["kind"]),
        place=dest_name(dest_id),
        value=value,
    )


def informer_moves(seat: int, source: str, target: str) -> Msg:
    return T(
        "Informer {player} moves a disc from {source} to {target}.",
        player=player_name(seat),
        source=dest_name(source),
        target=dest_name(target),
    )


def discs_revealed(stacks: list[tuple[str, list]]) -> Msg:
    """The reveal (4.5): each Destination's discs in arrival order, ``(dest_id, [[seat, label],
    ...])`` for every Destination with a disc."""
    parts = []
    for dest_id, stack in stacks:
        discs = [
            T(
                "{player} {disc}",
                player=player_name(s),
                disc=_tag(lab) if lab in ("hind", "ghost") else lab,
            )
            for s, lab in stack
        ]
        parts.append(T("{place}: {discs}", place=dest_name(dest_id), discs=_listed(discs)))
    if parts:
        return T("Discs revealed. {stacks}.", stacks=_listed(parts, "; "))
    return T("Discs revealed. No disc on the map.")


# ---------------------------------------------------------------------- sailing E/F (4.6, 4.7, 5.2)


def counter_shown(dest_id: str, value: int) -> Msg:
    return T(
        "The {thing} counter at {place} is +{value}.",
        thing=_counter_kind(dest_info(dest_id)["kind"]),
        place=dest_name(dest_id),
        value=value,
    )


def disc_goes_back(seat: int, label: str, dest_id: str, *, full: bool) -> Msg:
    """A mission that cannot be made: the Destination is ``full`` or the owner lacks the means."""
    who, tag, place = player_name(seat), _tag(label), dest_name(dest_id)
    if full:
        return T(
            "{player} {disc} at {place}: full, the disc goes back.",
            player=who,
            disc=tag,
            place=place,
        )
    return T(
        "{player} {disc} at {place}: not possible, the disc goes back.",
        player=who,
        disc=tag,
        place=place,
    )


def returns_home(seat: int, dock: int, bonus: int | None = None) -> Msg:
    """A return to Plymouth; ``bonus`` (maybe 0) for an early return that has a hero position."""
    if bonus is None:
        return T("{player} returns to Homebound Dock {dock}.", player=player_name(seat), dock=dock)
    return T(
        "{player} returns to Homebound Dock {dock}, early: hero bonus {bonus} VP.",
        player=player_name(seat),
        dock=dock,
        bonus=bonus,
    )


def declines(seat: int, dest_id: str, label: str) -> Msg:
    return T(
        "{player} declines at {place} ({disc}).",
        player=player_name(seat),
        place=dest_name(dest_id),
        disc=_tag(label),
    )


def trades(seat: int, dest_id: str, good: str) -> Msg:
    return T(
        "{player} trades 1 Trade Good at {place} for 1 {good}.",
        player=player_name(seat),
        place=dest_name(dest_id),
        good=_good(good),
    )


def attacks(seat: int, dest_id: str, label: str, vp: int, metal: str | None = None) -> Msg:
    """A successful attack; ``metal``: the treasure taken (its parameter marks the line as a
    take, which the board's panel drops at Reset, docs/rules/francis-drake.md 9.4)."""
    who, place, tag = player_name(seat), dest_name(dest_id), _tag(label)
    if metal:
        return T(
            "{player} attacks {place} ({disc}): success, {vp} VP, takes the {treasure}.",
            player=who,
            place=place,
            disc=tag,
            vp=vp,
            treasure=_treasure(metal),
        )
    return T(
        "{player} attacks {place} ({disc}): success, {vp} VP.",
        player=who,
        place=place,
        disc=tag,
        vp=vp,
    )


# ---------------------------------------------------------------------- scoring (4.8, 4.9, 6)


def conquest_types(seat: int, types: int, vp: int) -> Msg:
    return Tn(
        "{player}: {count} type of conquest, {vp} VP.",
        "{player}: {count} types of conquest, {vp} VP.",
        types,
        player=player_name(seat),
        vp=vp,
    )


def treasure_left(title: str, holder: int, left: int, metal: str) -> Msg:
    """The Admiral's VP per Gold, the Governor's per Silver, left on the map."""
    left_on_map, vp = count_of(left, metal), count_of(left, "vp")
    if title == "admiral":
        return T(
            "Admiral {player}: {left} left on the map, +{vp}.",
            player=player_name(holder),
            left=left_on_map,
            vp=vp,
        )
    return T(
        "Governor {player}: {left} left on the map, +{vp}.",
        player=player_name(holder),
        left=left_on_map,
        vp=vp,
    )


def voyage_begins(voyage: int, order: list[int]) -> Msg:
    return T(
        "Voyage {voyage} begins. Starting order: {order}.",
        voyage=voyage,
        order=seats_in_order(order),
    )


def game_over(totals: list[int]) -> Msg:
    """The final scores, seat by seat."""
    scores = [
        T("{player} {score}", player=player_name(s), score=count_of(total, "vp"))
        for s, total in enumerate(totals)
    ]
    return T("Game over. {scores}", scores=_listed(scores))


# ---------------------------------------------------------------------- refusals


def place_not_open(pos: str, legal: list[str]) -> tuple[Msg, Msg]:
    """A ``place N`` whose Location is not open: the refusal and its short reason."""
    return (
        T(
            "Location {pos} is not open to you now. Legal now: {legal}.",
            pos=pos,
            legal=_options(legal),
        ),
        T("Location {pos} is not open to you now.", pos=pos),
    )


# ---------------------------------------------------------------------- the phase, moves in words


def awaiting(state: State) -> Msg:
    """Who the game waits for, and for what (the board's status line)."""
    phase = state["phase"]
    if phase == "provision":
        return T("{player}: Provisioning (place a disc or sail)", player=player_name(state["turn"]))
    if phase == "arrange":
        return T("Admiral/Governor: place the Spanish counters")
    if phase == "missions":
        return T("{player}: place a Mission Disc", player=player_name(state["mturn"]))
    if phase == "informer":
        return T("{player}: Informer", player=player_name(state["titles"]["informer"]))
    if phase == "resolve":
        cur = state["cur"]
        if cur["stage"] == "return":
            return T("{player}: return to Plymouth or continue", player=player_name(cur["seat"]))
        return T(
            "{player}: mission {disc} at {place}",
            player=player_name(cur["seat"]),
            disc=cur["disc"],
            place=dest_name(cur["dest"]),
        )
    return T("Game over")


def dest_brief(state: State, seat: int, dest_id: str) -> Msg:
    """What a Destination asks, as that seat knows it (printed values, known counters)."""
    info = dest_info(dest_id)
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
            need = count_of(base + known, "guns")
        else:
            need = Tn("{count} Gun or more", "{count} Guns or more", base)
    elif kind == "fort":
        troops = info["troops"]
        if known is not None:
            crew_txt = count_of(troops + known, "crew")
        else:
            crew_txt = Tn("{count} Crew or more", "{count} Crew or more", troops)
        need = T("{crew}, {guns}", crew=crew_txt, guns=count_of(info["guns"], "guns"))
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


def describe(state: State, seat: int, move: str) -> str:
    """A legal move in words (<= 90 characters), from what ``seat`` can see."""
    words = move.split()
    head = words[0] if words else ""
    p = state["p"][seat]
    text: str = move
    if head == "place":
        text = describe_place(state, seat, int(words[1]))
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
        text = T("Dockside: take {what}, then sail next turn", what=count_of(1, res))
    elif head == "sail":
        text = T("Sail to Outbound Dock {dock} (done for this phase)", dock=len(state["out"]) + 1)
    elif head in ("frigates", "troops"):
        kind = "galleon" if head == "frigates" else "fort"
        values = words[1].split(",")
        pairs = [
            T("+{value} {place}", value=v, place=dest_name(d))
            for d, v in zip(kind_ids(kind), values, strict=True)
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
        name = dest_name(words[1])
        disc = _disc_name(p["sel"]) if p["sel"] else T("the disc")
        brief = dest_brief(state, seat, words[1])
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
            place=dest_name(words[1]),
        )
    elif head == "peek":
        info = dest_info(words[1])
        text = T(
            "Peek at the {thing} counter at {place}, then you may move your disc",
            thing=_counter_kind(info["kind"]),
            place=dest_name(words[1]),
        )
    elif head == "swap":
        where = placed(state, seat)
        a, b = words[1], words[2]
        text = T(
            "Swap {a} ({at_a}) with {b} ({at_b})",
            a=_tag(a),
            at_a=dest_name(where[a]),
            b=_tag(b),
            at_b=dest_name(where[b]),
        )
    elif head == "done":
        text = T("Swap nothing; turn the discs over")
    elif head == "stay":
        text = T("Leave your disc where it is")
    elif head == "move":
        text = T(
            "Move your disc from {source} to {target}",
            source=dest_name(state["inf"]["dest"]),
            target=dest_name(words[1]),
        )
    elif head in ("attack", "trade", "decline"):
        text = describe_mission(state, seat, words)
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


def describe_place(state: State, seat: int, pos: int) -> Msg:
    loc = state["street"][pos - 1]
    kind = loc["kind"]
    value = loc["v"][loc["occ"].index(None)]
    where = T("Disc at {pos} {location}", pos=pos, location=_loc(kind))
    if kind in RESOURCES:
        got = min(value, state["supply"][kind])
        return T("{where}: take {got}", where=where, got=count_of(got, kind))
    if kind == "tavern":
        if value:
            gain = T("roll a die +{bonus} for Crew (1-2: Ghost Ship)", bonus=value)
        else:
            gain = T("roll a die for Crew (1-2: Ghost Ship)")
    elif kind == "shipyard":
        gain = T("a Galleon and {got}", got=count_of(value, "guns")) if value else T("a Galleon")
    elif kind == "pinnace":
        if value:
            gain = T("a Pinnace (no Guns needed at Forts) and {got}", got=count_of(value, "crew"))
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


def describe_mission(state: State, seat: int, words: list[str]) -> Msg:
    cur = state["cur"]
    dest_id = cur["dest"]
    info = dest_info(dest_id)
    name = dest_name(dest_id)
    if words[0] == "decline":
        return T("Decline at {place}: take {disc} back", place=name, disc=_disc_name(cur["disc"]))
    if words[0] == "trade":
        return T("Pay 1 Trade Good at {place} for 1 {good}", place=name, good=_good(words[1]))
    crew, guns, vp = defence(state, dest_id)
    kind = info["kind"]
    if kind == "galleon":
        cost = count_of(guns, "guns")
    elif kind == "fort" and not state["p"][seat]["pinnace"]:
        cost = joined([count_of(crew, "crew"), count_of(guns, "guns")])
    else:
        cost = count_of(crew, "crew")
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


def private_text(view: dict) -> list[str]:
    """The seat's private section as short sentences (no JSON)."""
    priv = view.get("private") or {}
    lines: list[str] = []
    chest = priv.get("chest", {})
    parts = [count_of(chest[m], m) for m in TREASURES if chest.get(m)]
    if parts:  # an empty chest is no news (issue 25: never a DM to say so)
        lines.append(T("Your Treasure Chest: {chest}.", chest=joined(parts)))
    discs = priv.get("my_discs") or {}
    if discs:
        where = [
            T("{disc} at {place}", disc=_disc_name(lab), place=name) for lab, name in discs.items()
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
