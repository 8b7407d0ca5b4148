"""Amerigo in words: counts, component names and effects, generated from ``data/amerigo`` so the
text players read can never drift from the data the engine plays by.

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
from i18n import N_, T, Tn, joined, word
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
