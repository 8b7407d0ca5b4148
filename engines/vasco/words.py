"""Vasco da Gama's words for people, as ``Msg`` texts said in each reader's language
(docs/ARCHITECTURE.md 6b, issue 26). The English of every function here is the text the engine
printed before the game spoke Greek and Russian; component names come from
``data/vasco/glossary.toml``.

The state keeps keys and numbers only: these functions make the words where they are said.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from i18n import Msg, T, Tn, word

MISSIONARY = "missionary"


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


SECRETS_HELP = T("nothing is hidden; your decision is under **My choices** and in `/hand`.")
"""Where a member's secrets are, for ``/help`` (open information)."""
