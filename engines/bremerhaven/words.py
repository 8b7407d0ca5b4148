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

from i18n import N_, Msg, T, Tn, joined, say, word
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


SECRETS_HELP = T(
    "your influence cards are under **My choices** and in `/hand`, not sent by DM "
    "(only your own bids change them)."
)
"""Where a member's secrets are, for ``/help`` (the influence cards: only the seat's bids change
them)."""
