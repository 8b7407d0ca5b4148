"""How a catch-up tells each engine line (issue 40 section 3): most important first, folded and
shortened without losing what or where, in English, Greek and Russian (``host.catchup_forms``)."""

from __future__ import annotations

import string
from functools import cache

import pytest
from babel.messages.pofile import read_po

from host.catchup import Entry, fold
from host.catchup_forms import FORMS
from i18n import GAME_DOMAINS, LANGUAGES, T, catalog, pot_path

NAMES = ["Ana", "Bo", "Cy"]


def _fields(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


@cache
def _game_messages() -> frozenset[str]:
    ids = set()
    for domain in GAME_DOMAINS:
        with pot_path(domain).open("rb") as source:
            ids |= {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(source) if m.id}
    return frozenset(ids)


def test_every_form_is_of_a_line_an_engine_says_and_its_short_form_is_said_in_every_language():
    said = _game_messages()
    assert not [msgid for msgid in FORMS if msgid not in said]
    for msgid, form in FORMS.items():
        if form.short is None:
            continue
        assert _fields(form.short) <= _fields(msgid), (msgid, form.short)
        if form.short in said or form.short == "{" + "".join(_fields(form.short)) + "}":
            continue  # the engine's own words (or the line it wraps), translated in its catalog
        for lang in LANGUAGES[1:]:
            assert catalog(lang).gettext(form.short) != form.short, (lang, form.short)


def _step(seat: int, *lines) -> Entry:
    return Entry(seat, "x", tuple(lines))


def test_what_a_player_scored_comes_before_their_moves_in_every_language():
    # Amerigo: Bo sails, then builds a trading post and discovers an island (+3 VP).
    sails = T("{player} sails ship {ship} to {place}.", player="Player B", ship=2, place="i1")
    builds = T(
        "{player} builds a trading post at {cell} and discovers the island: +3 VP.",
        player="Player B",
        cell="m14",
    )
    for lang in LANGUAGES:
        text = fold([_step(1, sails), _step(1, builds)], NAMES, lang=lang)
        assert "+3" in text and "i1" in text, (lang, text)
        assert text.index("m14") < text.index("i1"), (lang, text)
        assert text.startswith("Bo "), (lang, text)


def test_a_line_that_concerns_the_reader_comes_first():
    # Bremerhaven: Bo's rank swap moves Ana on the Career ladder; Bo's purchase does not.
    buys = T("{player} uses the Commodity Exchange.", player="Player B")
    swaps = T(
        "{player} swaps ranks {first} and {second}: {order}.",
        player="Player B",
        first=2,
        second=3,
        order="Player B, Player A, Player C",
    )
    for lang in LANGUAGES:
        text = fold([_step(1, buys), _step(1, swaps)], NAMES, lang=lang, reader=0)
        assert text.index("2") < text.index(said_exchange(lang)), (lang, text)
        other = fold([_step(1, buys), _step(1, swaps)], NAMES, lang=lang, reader=None)
        assert other.index(said_exchange(lang)) < other.index("2"), (lang, other)


def said_exchange(lang: str) -> str:
    return {"en": "Commodity Exchange", "el": "Ανταλλαγής", "ru": "Товарную"}[lang]


def _island(at: str, stack: str = "A") -> object:
    return T(
        "{player} places the island ({first}/{second}) from stack {stack} at {at}, reefs {edges}.",
        player="Player B",
        first="T14",
        second="T2",
        stack=stack,
        at=at,
        edges="e,ne",
    )


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Bo places the island at 1,0, 3,0 twice and 5,0"),
        ("el", "Bo τοποθετεί το νησί στο 1,0, 3,0 δύο φορές και 5,0"),
        ("ru", "Bo выкладывает остров на 1,0, 3,0 дважды и 5,0"),
    ],
)
def test_places_that_differ_are_listed_when_the_lines_are_short(lang, expected):
    # "places twice" says nothing when the places differ (issue 40 section 3): in its short
    # form (no stack, no reefs) the line keeps its place, and the places are listed.
    entries = [_step(1, _island(at, stack)) for at, stack in [("1,0", "A"), ("3,0", "B")]]
    entries += [_step(1, _island("3,0", "C")), _step(1, _island("5,0", "A"))]
    assert len(fold(entries, NAMES, lang=lang)) > 100
    assert fold(entries, NAMES, 100, lang) == expected


def test_a_repeat_whose_details_alone_differ_is_counted():
    harvests = [
        T("{player} harvests a {good} ({cubes} in the canoe).", player="Player C", good=g, cubes=n)
        for n, g in enumerate(["taro", "taro"], start=1)
    ]
    assert fold([_step(2, h) for h in harvests], NAMES) == "Cy harvests taro twice"
