"""Bremerhaven's words for people, made where they are said (docs/ARCHITECTURE.md 6b, issue 26).

The engine keeps ids and numbers in its state; these helpers turn them into ``Msg`` texts whose
English is what the game always printed and which are said again in Greek or Russian: goods and
counts with their plural forms, ships by their printed names (glossary ``ship.<id>``), buildings
(``building.<id>``), and the data files' sentences (Building abilities, Newspaper events, the solo
ratings), which are marked here so the catalogs carry them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engines.base import State
from engines.bremerhaven.data import BUILDINGS, CONTRACTS, GOODS, PRICES, SHIPS
from engines.bremerhaven.harbour import (
    SPACE_NAMES,
    bay_open,
    berth_size,
    bollard_cost,
    has_ability,
    source_good,
)
from i18n import N_, Msg, T, Tn, joined, load, say, word
from i18n.text import Joined

GAME = "bremerhaven"

# The data files' sentences (data/bremerhaven/*.toml ``text``), marked for the catalogs; a test
# checks that every text of the data is here.
DATA_TEXTS = (
    N_("At 1.5 you receive 1 coin more income."),
    N_("Berth fees: every player pays 1 coin per ship at their berths."),
    N_("Bollards cost 2 coins less (never below 0)."),
    N_("Busy quays: every player receives 1 coin per ship at their berths."),
    N_("Coin penalties of your contracts cost 2 coins less."),
    N_("Customs seizure: every player returns 1 stored container."),
    N_("Each completed contract pays you 1 coin more."),
    N_("Emigrants leave: every player returns 1 stored passenger."),
    N_("Fog over the Weser: nothing happens."),
    N_("Good weather: every player receives 1 coin."),
    N_("Goods may go straight from a ship to a contract."),
    N_("Harbour dues: every player pays 2 coins (as much as they have)."),
    N_("Holds goods of any kind: up to 2 goods, or 4 crates."),
    N_("If no other player bid on 1.4, you may put any Price card on top of the pile."),
    N_("In a normal game you might have a chance as an Officer."),
    N_("Ladies and gentlemen, the new Captain! You have won the game."),
    N_("Leaking barrels: every player returns 1 stored barrel."),
    N_("Merchants' guild: every player receives 1 coin per contract on a bay."),
    N_("Mmm! You're the best Ship's Boy... maybe try your luck as a farmer or a monk."),
    N_("Newspaper praise: every player moves prestige up 1."),
    N_("No ability; 3 prestige."),
    N_("Not bad for a start, but you need more seasoning. You wouldn't last long at sea, Steward."),
    N_("Packing and unpacking goods costs nothing."),
    N_("Pilot fees: every player pays 1 coin (as much as they have)."),
    N_("Production: 1 barrel."),
    N_("Production: 1 coin."),
    N_("Production: 1 container."),
    N_("Production: 1 crate."),
    N_("Production: 1 passenger."),
    N_("Production: 2 coins."),
    N_("Property tax: every player pays 1 coin per built building."),
    N_("Quiet day in the harbour: nothing happens."),
    N_("Scandal: every player moves prestige down 1."),
    N_("Storm: every ship at a berth loses 1 good."),
    N_("Theft: every player returns 1 stored crate."),
    N_("Town festival: every player receives 1 coin per built building."),
    N_("Trade fair: every player receives 2 coins."),
    N_("Truly impressive! The sea is under your control. I name you Soul of the Ship."),
    N_("Your berths count one bollard more for mooring size."),
)


def data_text(text: str) -> Msg:
    """A sentence of the data files, said in the reader's language (English if not marked)."""
    return Msg(text)


def good(name: str) -> Msg:
    """A good by its data name ("barrel", "any")."""
    return word(GAME, f"goods.{name}")


def building(bid: str) -> Msg:
    return word(GAME, f"building.{bid}")


def ship(sid: str) -> Msg:
    """A ship by its printed name (glossary ``ship.<id>``)."""
    return word(GAME, f"ship.{sid}")


def space(name: str) -> Msg | str:
    """A harbour space ("b3") with its row letter in the reader's alphabet ("β3", "б3"); any
    other place (a berth, a Town space "1.2") as it is."""
    if len(name) == 2 and name[0] in "abc" and name[1] in "1234":
        return T("{row}{column}", row=word(GAME, f"row.{name[0]}"), column=int(name[1]))
    return name


def rank(index: int) -> Msg:
    return word(GAME, f"rank.{('captain', 'first_mate', 'sailor', 'cook')[index]}")


def solo_title(title: str) -> Msg:
    """A solo rating by its English title ("Ship's Boy" is ``solo.ships_boy``)."""
    return word(GAME, "solo." + title.lower().replace("'", "").replace(" ", "_"))


def coins(n: int) -> Msg:
    return Tn("{count} coin", "{count} coins", n)


def rounds(n: int) -> Msg:
    return Tn("{count} round", "{count} rounds", n)


def cards(n: int) -> Msg:
    return Tn("{count} card", "{count} cards", n)


def goods_count(n: int, name: str) -> Msg:
    """``n`` goods of one kind: "1 barrel", "3 crates", "2 wildcards"."""
    if name == "barrel":
        return Tn("{count} barrel", "{count} barrels", n)
    if name == "crate":
        return Tn("{count} crate", "{count} crates", n)
    if name == "container":
        return Tn("{count} container", "{count} containers", n)
    if name == "passenger":
        return Tn("{count} passenger", "{count} passengers", n)
    if name in ("any", "wildcard"):
        return Tn("{count} wildcard", "{count} wildcards", n)
    return Tn("{count} good", "{count} goods", n)


def goods_plural(name: str) -> Msg:
    """A kind of goods in the plural, uncounted: "wildcards as crates"."""
    if name == "barrel":
        return T("barrels")
    if name == "crate":
        return T("crates")
    if name == "container":
        return T("containers")
    return T("passengers")


def goods_text(goods: list[str]) -> Joined:
    """``["barrel", "any", "crate"]`` -> "barrel, crate and any good" (wildcards last)."""
    fixed = [g for g in goods if g != "any"]
    parts: list[Any] = [goods_count(n, g) if n > 1 else good(g) for g, n in Counter(fixed).items()]
    wild = goods.count("any")
    if wild:
        parts.append(T("any good") if wild == 1 else T("{number} of any kind", number=wild))
    return joined(parts)


def joined_commas(items: list[Any], sep: str = ",") -> Any:
    """Items listed with commas (or semicolons: ``sep=";"``) and no "and": "barrel 3, crate 1".
    Built of nested messages, so the list survives ``dump``/``load`` in the move log."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    rest = joined_commas(items[1:], sep)
    if sep == ";":
        return T("{first}; {rest}", first=items[0], rest=rest)
    return T("{first}, {rest}", first=items[0], rest=rest)


class Clipped(Msg):
    """A text cut at ``limit`` characters (on a word, with "…") in whatever language it is said:
    a button or autocomplete name has a fixed room."""

    limit: int
    inner: Msg

    @classmethod
    def of(cls, text: Msg, limit: int) -> Msg:
        clipped = str.__new__(cls, _clip(str(text), limit))
        clipped.msgid, clipped.plural, clipped.count = text.msgid, text.plural, text.count
        clipped.params, clipped.limit = text.params, limit
        clipped.inner = text
        return clipped

    def said(self, lang: str | None) -> str:
        return _clip(say(lang, self.inner), self.limit)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"


# The names the phrases below use for the helpers above: their locals name spaces and goods.
good_word = good
ship_name = ship
space_word = space
rank_word = rank


TOWN_NAMES = {
    "1.0": "1.0 Parking",
    "1.1": "1.1 Building",
    "1.2": "1.2 Building permit",
    "1.3": "1.3 Increase influence",
    "1.4": "1.4 Price cards",
    "1.5": "1.5 Career ladder",
}

# The phases in words, for /game status (docs/ARCHITECTURE.md 2 ``phase_names``).
PHASE_NAMES = {
    "setup": T("setting up"),
    "auction": T("the auction of the day's offers"),
    "general": T("general actions"),
    "individual": T("harbour work (everyone at once)"),
    "cleanup": T("clean-up"),
}


def pname(pid: int, state: State) -> str:
    """A seat as the table names it: ``Player A`` (the host puts the member's name in) or the
    solo game's neutral player."""
    if state["variant"] == "solo" and pid == 1:
        return T("Neutral")
    return f"Player {'ABCD'[pid]}"


def contract_words(cid: str) -> Msg:
    """A contract as players tell it apart, by what it wants (its id is printed nowhere)."""
    return T("contract for {goods}", goods=goods_text(CONTRACTS[cid]["goods"]))


def ship_text(sid: str) -> Msg:
    """A Ship in words: "Anna: 3 crates, mooring 2, 3 prestige, 2 rounds"."""
    sh = SHIPS[sid]
    return T(
        "{ship}: {cargo}, mooring {mooring}, {prestige} prestige, {rounds}",
        ship=ship_name(sid),
        cargo=goods_count(sh["cargo"], "wildcard" if sh["goods"] == "any" else sh["goods"]),
        mooring=sh["mooring"],
        prestige=sh["prestige"],
        rounds=rounds(sh["load"]),
    )


def contract_terms(cid: str) -> Msg:
    c = CONTRACTS[cid]
    bonus = T("+1 prestige") if c["bonus_prestige"] else f"+{c['bonus_coins']}"
    penalty = T("-1 prestige") if c["penalty_prestige"] else f"-{c['penalty_coins']}"
    return T("bonus {bonus}, penalty {penalty}", bonus=bonus, penalty=penalty)


def contract_text(cid: str) -> Msg:
    """A Contract in words: "barrel, crate and any good in 3 rounds (bonus +2, penalty -1)"."""
    c = CONTRACTS[cid]
    return T(
        "{goods} in {rounds} ({terms})",
        goods=goods_text(c["goods"]),
        rounds=rounds(c["time"]),
        terms=contract_terms(cid),
    )


def price_text(top: dict) -> Joined:
    """A Price card in words: "barrel 3, crate 1, container 4, passenger 2"."""
    return joined_commas([T("{good} {value}", good=good_word(g), value=top[g]) for g in GOODS])


def town_name(space: str) -> Msg:
    """A Town board space as printed on the board (TOWN_NAMES)."""
    names = {
        "1.0": T("1.0 Parking"),
        "1.1": T("1.1 Building"),
        "1.2": T("1.2 Building permit"),
        "1.3": T("1.3 Increase influence"),
        "1.4": T("1.4 Price cards"),
        "1.5": T("1.5 Career ladder"),
    }
    return names[space]


def place_words(loc: str) -> Msg | str:
    """A place goods come from: "berth 2" or a space name ("a3")."""
    return T("berth {berth}", berth=loc[5:]) if loc.startswith("berth") else space_word(loc)


def top_price_text(state: State) -> Joined:
    """The Price card on top of the pile, in words."""
    return price_text(PRICES[state["prices"][0]])


def waiting_names(state: State) -> Msg:
    """Who a simultaneous step still waits for: "waiting for Player A and Player C"."""
    if not state["waiting"]:
        return T("all done")
    return T("waiting for {players}", players=joined([pname(s, state) for s in state["waiting"]]))


def space_text(state: State, space: str) -> Msg:
    """A bid space in words, from public information only."""
    if space == "1.0":
        return T("1.0 Parking (1 coin per card)")
    if space == "1.1":
        top = state["buildings"][0] if state["buildings"] else None
        if top is None:
            return T("1.1 Building")
        b = BUILDINGS[top]
        return T(
            "1.1 Building {building} ({prestige} prestige)",
            building=building(top),
            prestige=b["prestige"],
        )
    if space in TOWN_NAMES:
        return town_name(space)
    board, slot = space.split(".")
    idx = int(slot) - 1
    if board == "2":
        sid = state["sea"][idx]
        if sid:
            return T("ship {space} {ship}", space=space, ship=ship_text(sid))
        return T("ship {space}", space=space)
    cid = state["land"][idx]
    if cid:
        return T("contract {space}: {contract}", space=space, contract=contract_text(cid))
    return T("contract {space}", space=space)


def move_words(state: State, seat: int, move: str) -> str:
    """A legal move in words for a button or a list (docs/ARCHITECTURE.md 2 ``describe``): at most
    90 characters in any language; the move itself if it cannot be told."""
    try:
        text = describe_move(state, seat, move)
    except (KeyError, IndexError, ValueError, TypeError):
        return move
    return Clipped.of(text, 90)


def describe_move(state: State, seat: int, move: str) -> Msg:
    words = move.split()
    verb = words[0]
    if state["phase"] == "auction":
        if verb == "bid":
            return T("Card on {space}", space=space_text(state, words[1]))
        if verb == "card":
            space = state["pending"].get(str(seat), "")
            if space in TOWN_NAMES:
                name = town_name(space)
            elif space[:1] == "2":
                name = T("ship {space}", space=space)
            else:
                name = T("contract {space}", space=space)
            return T("Place your card {value} face down on {space}", value=words[1], space=name)
        return T("Back: put your card on another space")
    step = state["step"]
    if step == "price":
        if verb == "keep":
            return T("Keep the prices: {prices}", prices=top_price_text(state))
        return T("Put the price card on top: {prices}", prices=price_text(PRICES[words[1]]))
    if step == "career":
        if verb == "no":
            return T("Make no swap on the Career ladder (income follows)")
        i = int(words[1]) - 1
        h = state["hier"]
        return T(
            "Swap {rank} {player} and {rank2} {player2}",
            rank=rank_word(i),
            player=pname(h[i], state),
            rank2=rank_word(i + 1),
            player2=pname(h[i + 1], state),
        )
    d = state["drafts"][str(seat)]
    if step == "start":
        return T(
            "Take a {good} as a starting good ({pick} of 3)",
            good=good_word(words[1]),
            pick=d["picks"] + 1,
        )
    if step == "upgrade":
        if verb == "upgrade":
            card = d["reserve"][0] if d["reserve"] else "?"
            return T(
                "Pay {coins} to upgrade: your {card} card joins the hand",
                coins=coins(d["diff"]),
                card=card,
            )
        return T("Decline the upgrade (keep your coins)")
    if step == "permit":
        return describe_permit(d, words)
    if step == "place":
        return describe_place(d, words)
    if step == "harbour":
        return describe_harbour(d, words)
    return T("Done")


def describe_permit(d: dict, words: list[str]) -> Msg:
    verb = words[0]
    if verb == "buy":
        price = d["pc"][0] if not d["bought"] else d["pc"][1]
        return T(
            "Buy a building permit for {coins} (you hold {permits})",
            coins=coins(price),
            permits=d["permits"],
        )
    if verb == "bollard":
        q = int(words[1]) - 1
        berths = [str(i + 1) for i in (q - 1, q) if 0 <= i < 3]
        where = T("berth {berth}", berth=joined(berths))
        return T(
            "Permit: bollard on quay {quay} for {coins} ({berths})",
            quay=q + 1,
            coins=coins(bollard_cost(d, q)),
            berths=where,
        )
    if verb == "clear":
        cost = d["spaces"][SPACE_NAMES.index(words[1])]["c"]
        return T(
            "Permit: clear the cover on {space} for {coins}",
            space=space_word(words[1]),
            coins=coins(cost),
        )
    if verb == "build":
        b = BUILDINGS[words[1]]
        return T(
            "Permit: build the {building} ({prestige} prestige), then pick a space",
            building=building(words[1]),
            prestige=b["prestige"],
        )
    if verb == "at":
        return T(
            "Build the {building} on space {space}",
            building=building(d["sel"]),
            space=space_word(words[1]),
        )
    if verb == "back":
        return T("Back: build nothing now")
    left = d["permits"]
    if not left:
        return T("Done with permits (no unused permit lapses)")
    return Tn(
        "Done with permits ({count} unused permit lapses)",
        "Done with permits ({count} unused permits lapse)",
        left,
    )


def describe_place(d: dict, words: list[str]) -> Msg:
    verb = words[0]
    if verb == "done":
        return T("Done placing")
    kind, card = d["queue"][0]
    if verb == "later":
        if kind == "sea":
            return T("Place {ship} later; place your next card first", ship=ship_name(card))
        return T(
            "Place the {contract} later; place your next card first",
            contract=contract_words(card),
        )
    if verb == "dock":
        size = berth_size(d, int(words[1]) - 1)
        if len(words) > 2:
            return T(
                "Berth ship {ship} at berth {berth} (size {size}), wildcards as {goods}",
                ship=ship_name(card),
                berth=words[1],
                size=size,
                goods=goods_plural(words[2]),
            )
        return T(
            "Berth ship {ship} at berth {berth} (size {size})",
            ship=ship_name(card),
            berth=words[1],
            size=size,
        )
    k = int(words[1]) - 1
    if bay_open(d, k):
        return T("Put the {contract} on bay {bay}", contract=contract_words(card), bay=k + 1)
    return T(
        "Put the {contract} on bay {bay}, closed until {space} is cleared",
        contract=contract_words(card),
        bay=k + 1,
        space=space_word(SPACE_NAMES[k]),
    )


def describe_harbour(d: dict, words: list[str]) -> Msg:
    verb = words[0]
    sel = d.get("sel")
    if verb == "done":
        return T("Done: prestige, time markers and contract sales follow")
    if verb == "produce":
        b = BUILDINGS[words[1]]
        if b["makes"] == "money":
            return T(
                "Produce {coins} with the {building}",
                coins=coins(b["amount"]),
                building=building(words[1]),
            )
        return T(
            "Produce a {good} with the {building}",
            good=good_word(b["makes"]),
            building=building(words[1]),
        )
    if verb == "from":
        loc = words[1]
        good = words[2] if len(words) > 2 else source_good(d, loc)
        assert good is not None  # a place is offered only with a good on it (_harbour_moves)
        if loc.startswith("berth"):
            b = d["berths"][int(loc[5:]) - 1]
            return T(
                "Unload a {good} from ship {ship} at berth {berth} ({aboard} aboard)",
                good=good_word(good),
                ship=ship_name(b["id"]),
                berth=loc[5:],
                aboard=b["n"],
            )
        return T(
            "Move or convert the {good} on {space}", good=good_word(good), space=space_word(loc)
        )
    if verb == "back":
        return T("Back: choose another good")
    if verb in ("pack", "unpack"):
        assert sel is not None  # offered only with a space selected (_harbour_moves)
        cost = T("free") if has_ability(d, "freepack") else T("1 coin")
        if verb == "pack":
            return T(
                "Pack 2 crates on {space} into a container ({cost})",
                space=space_word(sel),
                cost=cost,
            )
        return T(
            "Unpack the container on {space} into 2 crates ({cost})",
            space=space_word(sel),
            cost=cost,
        )
    dest = words[1]
    if sel and sel.startswith("@"):
        return T(
            "Put the new {good} on {space}",
            good=good_word(BUILDINGS[sel[1:]]["makes"]),
            space=space_word(dest),
        )
    good = source_good(d, sel) if sel else None
    what = good_word(good) if good else T("good")
    if dest.startswith("bay"):
        return T("Deliver the {good} to the contract on bay {bay}", good=what, bay=dest[3:])
    return T("Store the {good} on {space}", good=what, space=space_word(dest))


def private_lines(view: dict) -> list[str]:
    """The seat's private section as short sentences (rules 9.3: hand, own bids, draft)."""
    priv = view.get("private") or {}
    lines: list[str] = []
    hand = priv.get("hand") or []
    if hand:
        lines.append(T("Your hand: {cards}.", cards=joined([str(v) for v in hand])))
    else:
        lines.append(T("Your hand is empty."))
    bids = priv.get("my_bids") or []
    if bids and not view.get("revealed"):
        placed = [T("{value} on {space}", value=v, space=sp) for sp, v in bids]
        lines.append(T("Your face-down cards: {cards}.", cards=joined(placed)))
    if priv.get("pending"):
        lines.append(T("You are choosing a card for {space}.", space=priv["pending"]))
    d = priv.get("draft")
    if d:
        lines.append(
            T(
                "Your harbour as you are working it: {coins}, prestige {prestige} "
                "(harbour value {value}).",
                coins=coins(d["money"]),
                prestige=d["prestige"],
                value=d["harbour_prestige"],
            )
        )
        for i, b in enumerate(d["berths"]):
            if b:
                lines.append(
                    T(
                        "Berth {berth}: {ship} with {cargo}, {rounds} left.",
                        berth=i + 1,
                        ship=ship_name(b["ship"]["id"]),
                        cargo=goods_count(b["count"], b["good"]),
                        rounds=rounds(b["time"]),
                    )
                )
        for k, b in enumerate(d["bays"]):
            if b:
                c = b["contract"]
                got = joined([good_word(g) for g in b["got"]]) or T("nothing yet")
                lines.append(
                    T(
                        "Bay {bay}: the contract wants {goods}; delivered {got}; {rounds} left.",
                        bay=k + 1,
                        goods=goods_text(c["goods"]),
                        got=got,
                        rounds=rounds(b["time"]),
                    )
                )
        stored = []
        for sp in d["spaces"]:
            if sp["building"]:
                stored.append(
                    T(
                        "{space} {what}",
                        space=space_word(sp["name"]),
                        what=building(sp["building"]),
                    )
                )
            if sp["goods"]:
                what = joined([good_word(g) for g in sp["goods"]])
                stored.append(T("{space} {what}", space=space_word(sp["name"]), what=what))
        if stored:
            lines.append(T("Spaces: {spaces}.", spaces=joined_commas(stored, ";")))
        if d["unbuilt"]:
            names = joined([building(b) for b in d["unbuilt"]])
            lines.append(T("Waiting to be built: {buildings}.", buildings=names))
        notes = priv.get("draft_notes") or []
        if notes:
            lines.append(T("So far you {notes}.", notes=joined([load(n) for n in notes])))
    pile = priv.get("price_pile")
    if pile:
        shown = joined_commas([price_text(c) for c in pile[:5]], ";")
        if len(pile) > 5:
            more = Tn("{count} more card", "{count} more cards", len(pile) - 5)
            lines.append(
                T("The Price pile, top first: {cards}; and {more}.", cards=shown, more=more)
            )
        else:
            lines.append(T("The Price pile, top first: {cards}.", cards=shown))
    return lines


# ---------------------------------------------------------- the log: the round (rounds.py)
NO_MOVE_NOW = T("That seat has no move to make now.")


def player_did(state: State, pid: int, note: Any) -> Msg:
    """A seat's draft note made public when its step resolves: "Player A built the Crane on a3."."""
    return T("{player} {note}.", player=pname(pid, state), note=load(note))


def round_starts(state: State) -> Msg:
    return T(
        "Round {round}: auction. Captain: {player}.",
        round=state["round"],
        player=pname(state["hier"][0], state),
    )


def neutral_bids(card: str, space: str) -> Msg:
    """rules 8.2: the solo game's neutral player bids where its Newspaper's symbol says."""
    return T(
        "The neutral player draws newspaper {card} and places a card on {space}.",
        card=card,
        space=space,
    )


def bids_revealed(state: State, totals: list[tuple[str, int, int]]) -> Msg:
    """The auction's winners: (space, seat, its total) in space order."""
    parts = [
        T("{space} {player} ({total})", space=space, player=pname(pid, state), total=total)
        for space, pid, total in totals
    ]
    return T("Bids revealed. Winners: {winners}.", winners=joined_commas(parts) or T("none"))


def event(text: str) -> Msg:
    return T("Event: {text}", text=data_text(text))


def next_event(text: str) -> Msg:
    return T("Next event: {text}", text=data_text(text))


def progress_advances(advance: int, progress: int, last: int) -> Msg:
    return T(
        "The ship token advances {advance} to {progress}/{last}.",
        advance=advance,
        progress=progress,
        last=last,
    )


def final_contract(state: State, pid: int, cid: str, result: Msg) -> Msg:
    """rules 6: a contract left at the end, resolved as if expired."""
    return T(
        "{player}: final {contract}: {result}.",
        player=pname(pid, state),
        contract=contract_words(cid),
        result=result,
    )


def final_score(state: State, pid: int, money: int, prestige: int) -> Msg:
    return T(
        "{player}: {money} money x {prestige} prestige = {score}.",
        player=pname(pid, state),
        money=money,
        prestige=prestige,
        score=money * prestige,
    )


def solo_rating(title: str, text: str) -> Msg:
    """rules 8.2: Captain Aha's rating of a solo game."""
    return T("Rating: {title}. {text}", title=solo_title(title), text=data_text(text))


# ---------------------------------------------------------- the log: general actions (actions.py)
BONUS_PRESTIGE = T("bonus +1 prestige")
PENALTY_PRESTIGE = T("penalty -1 prestige")
FREE_PERMIT = T("took the free permit (highest bid on 1.2)")
NEUTRAL_CAPTAIN = T("The neutral player becomes Captain.")
INDIVIDUAL_ACTIONS = T("Individual actions: every player works their harbour at the same time.")


def sold(count: int, sale: int) -> Msg:
    """rules 5.9 4.4: a contract's delivered goods sold at the top Price card."""
    return T("sold {goods} for {coins}", goods=goods_count(count, ""), coins=coins(sale))


def bonus_coins(bonus: int) -> Msg:
    return T("bonus {coins}", coins=coins(bonus))


def penalty_paid(paid: int) -> Msg:
    return T("penalty {coins} paid", coins=coins(paid))


def parks(state: State, pid: int, n: int) -> Msg:
    return T(
        "{player} parks {cards}: +{coins}.",
        player=pname(pid, state),
        cards=cards(n),
        coins=coins(n),
    )


def building_leaves(bid: str) -> Msg:
    return T("Nobody bid on 1.1: {building} leaves the game.", building=building(bid))


def neutral_discards_building(bid: str) -> Msg:
    return T("The neutral player wins the {building} and discards it.", building=building(bid))


def takes_building(state: State, pid: int, bid: str) -> Msg:
    return T(
        "{player} takes the {building} (not built yet).",
        player=pname(pid, state),
        building=building(bid),
    )


def cannot_upgrade(state: State, pid: int) -> Msg:
    return T("{player} cannot upgrade on 1.3 this round.", player=pname(pid, state))


def upgrades_free(state: State, pid: int) -> Msg:
    return T("{player} upgrades an Influence card for free.", player=pname(pid, state))


def uses_exchange(state: State, pid: int) -> Msg:
    return T("{player} uses the Commodity Exchange.", player=pname(pid, state))


def prices_rotate(state: State) -> Msg:
    return T("Prices change automatically: {prices}.", prices=top_price_text(state))


def income(state: State, incomes: list[tuple[int, int]]) -> Msg:
    """rules 5.6: each seat's income, (seat, amount) in rank order."""
    parts = [T("{player} +{amount}", player=pname(pid, state), amount=n) for pid, n in incomes]
    return T("Income: {incomes}.", incomes=joined_commas(parts))


def neutral_discards_card(space: str) -> Msg:
    return T("The neutral player wins {space} and discards it.", space=space)


def ship_sailed_away(sid: str) -> Msg:
    return T("could not berth the ship {ship}; it sailed away", ship=ship_name(sid))


def no_free_bay(cid: str, paid: int, lost_prestige: bool) -> Msg:
    """rules 5.8: a won contract with no free bay is discarded with its penalty."""
    if lost_prestige:
        return T(
            "had no free bay for the {contract}: discarded, penalty {coins} and -1 prestige",
            contract=contract_words(cid),
            coins=coins(paid),
        )
    return T(
        "had no free bay for the {contract}: discarded, penalty {coins}",
        contract=contract_words(cid),
        coins=coins(paid),
    )


def berthed(sid: str, berth: str, cargo: int, good: str) -> Msg:
    return T(
        "berthed {ship} at berth {berth} with {cargo}",
        ship=ship_name(sid),
        berth=berth,
        cargo=goods_count(cargo, good),
    )


def contract_on_bay(cid: str, bay: str) -> Msg:
    return T("put the {contract} on bay {bay}", contract=contract_words(cid), bay=bay)


def reached_prestige(prestige: int) -> Msg:
    return T("reached prestige {prestige}", prestige=prestige)


def ship_leaves(sid: str, berth: int) -> Msg:
    return T("saw the ship {ship} leave berth {berth}", ship=ship_name(sid), berth=berth)


def contract_expired(cid: str, result: Msg) -> Msg:
    return T("closed the expired {contract}: {result}", contract=contract_words(cid), result=result)


# ---------------------------------------------------------- the log: moves (play.py)
DECLINED_UPGRADE = T("declined to upgrade")
FINISHED_HARBOUR = T("finished the harbour work")


def sets_prices(state: State, pid: int) -> Msg:
    return T(
        "{player} sets prices: {prices}.", player=pname(pid, state), prices=top_price_text(state)
    )


def swaps_ranks(state: State, pid: int, i: int) -> Msg:
    """rules 5.6: ranks ``i`` and ``i + 1`` (0-based) swapped; the new order."""
    return T(
        "{player} swaps ranks {first} and {second}: {order}.",
        player=pname(pid, state),
        first=i + 1,
        second=i + 2,
        order=joined_commas([pname(p, state) for p in state["hier"]]),
    )


def no_swap(state: State, pid: int) -> Msg:
    return T("{player} makes no swap on the Career ladder.", player=pname(pid, state))


def picks_space(state: State, pid: int, space: str) -> Msg:
    return T(
        "{player} picks space {space} and is choosing a card for it.",
        player=pname(pid, state),
        space=space,
    )


def picks_another_space(state: State, pid: int) -> Msg:
    return T("{player} picks another space.", player=pname(pid, state))


def places_card(state: State, pid: int, space: str) -> Msg:
    return T("{player} places a card face down on {space}.", player=pname(pid, state), space=space)


def you_placed_card(value: int, space: str) -> Msg:
    return T("You placed your {value} face down on {space}.", value=value, space=space)


def you_did(note: Any) -> Msg:
    """A seat's own draft note, said to it: "You bought a permit for 2 coins."."""
    return T("You {note}.", note=load(note))


def places_later(state: State, pid: int) -> Msg:
    return T("{player} will place that card later.", player=pname(pid, state))


def working_on_draft(state: State, pid: int, step: str, picks: int) -> Msg:
    """What the others hear of a seat's hidden work in a simultaneous step (rules 9.3)."""
    who = pname(pid, state)
    if step == "start":
        return T("{player} took a starting good ({picks} of 3).", player=who, picks=picks)
    if step == "permit":
        return T("{player} is using building permits (shown when everyone is done).", player=who)
    return T("{player} is working their harbour (shown when everyone is done).", player=who)


def has_finished(state: State, pid: int) -> Msg:
    return T(
        "{player} has finished ({waiting}).", player=pname(pid, state), waiting=waiting_names(state)
    )


def took_starting_good(name: str) -> Msg:
    return T("took a {good} as a starting good", good=good_word(name))


def paid_upgrade(diff: int) -> Msg:
    return T("paid {coins} to upgrade an Influence card", coins=coins(diff))


def built_on(bid: str, where: str) -> Msg:
    return T("built the {building} on {space}", building=building(bid), space=space_word(where))


def bought_permit(price: int) -> Msg:
    return T("bought a permit for {coins}", coins=coins(price))


def added_bollard(quay: int, cost: int) -> Msg:
    return T("added a bollard on quay {quay} for {coins}", quay=quay, coins=coins(cost))


def cleared_cover(where: str, cost: int) -> Msg:
    return T("cleared the cover on {space} for {coins}", space=space_word(where), coins=coins(cost))


def earned_with(amount: int, bid: str) -> Msg:
    return T("earned {coins} with the {building}", coins=coins(amount), building=building(bid))


def packed(where: str) -> Msg:
    return T("packed 2 crates on {space} into a container", space=space_word(where))


def unpacked(where: str) -> Msg:
    return T("unpacked a container on {space} into 2 crates", space=space_word(where))


def produced(name: str, where: str, bid: str) -> Msg:
    return T(
        "produced a {good} on {space} with the {building}",
        good=good_word(name),
        space=space_word(where),
        building=building(bid),
    )


def delivered(name: str, source: str, bay: str) -> Msg:
    return T(
        "delivered a {good} from {place} to the contract on bay {bay}",
        good=good_word(name),
        place=space_word(source),
        bay=bay,
    )


def moved_good(name: str, source: str, dest: str) -> Msg:
    return T(
        "moved a {good} from {place} to {space}",
        good=good_word(name),
        place=place_words(source),
        space=space_word(dest),
    )


SECRETS_HELP = T(
    "your influence cards are under **My choices** and in `/hand`, not sent by DM "
    "(only your own bids change them)."
)
"""Where a member's secrets are, for ``/help`` (the influence cards: only the seat's bids change
them)."""
