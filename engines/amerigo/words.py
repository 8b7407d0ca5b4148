"""Amerigo in words: counts, component names and effects, generated from ``data/amerigo`` so the
text players read can never drift from the data the engine plays by.

Every phrase is a ``Msg`` (``i18n``): English as it always read, said again in Greek or Russian
where it is read; component names come from the glossary (``data/amerigo/glossary.toml``)."""

from __future__ import annotations

from typing import Any

from engines.amerigo import data as D
from i18n import T, Tn, joined, word
from i18n.text import Msg, say

GAME = "amerigo"
COLOURS = ("blue", "black", "red", "brown", "green", "yellow", "white")


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
