"""Counted words in the games' texts take their plural form (issue 40): "1 tile to place", "draw
1 cube", "1 ship home", "1 missionary", "income 4/3/2 coins, 1 coin" in English, and Russian's
three forms (1, 2, 5) and Greek's two."""

from __future__ import annotations

import pytest

import i18n
from engines import ENGINES
from render import bremerhaven as bremerhaven_render
from render import tahiti as tahiti_render
from render import vasco as vasco_render
from render.common import recording_text

RU = {1: 0, 2: 1, 5: 2}  # Russian one / few / many


def _drawn(render, view) -> str:
    with recording_text() as records:
        render(view)
    return " ".join(r.text for r in records)  # wrapped lines read on


def _tahiti_view(lang: str, tiles: int) -> dict:
    engine = ENGINES["tahiti"]
    view = engine.view(engine.setup(2, seed=1), None) | {"lang": lang}
    stacks = [dict(s) for s in view["stacks"]]
    stacks[0]["size"], stacks[1]["size"] = tiles, 0
    return view | {"stacks": stacks}


@pytest.mark.parametrize(
    ("lang", "count", "expected"),
    [
        ("en", 1, "· 1 tile to place"),
        ("en", 2, "· 2 tiles to place"),
        ("ru", 1, "· 1 тайл к выкладке"),
        ("ru", 2, "· 2 тайла к выкладке"),
        ("ru", 5, "· 5 тайлов к выкладке"),
        ("el", 1, "· 1 πλακίδιο για"),
        ("el", 5, "· 5 πλακίδια για"),
    ],
)
def test_tahiti_tiles_to_place(lang, count, expected):
    assert expected in _drawn(tahiti_render.board, _tahiti_view(lang, count))


@pytest.mark.parametrize("count", [1, 2, 5])
def test_tahiti_fishing_draws_cubes(monkeypatch, count):
    engine = ENGINES["tahiti"]
    state = engine.setup(2, seed=1)
    state["set_aside"] = []
    from engines.tahiti.engine import _c

    monkeypatch.setitem(_c()["draws"], "fishing", count)
    monkeypatch.setitem(_c()["draws"], "fishing_fish_marker", count)
    text = engine.describe(state, 0, "fish")
    english = {1: "draw 1 cube,", 2: "draw 2 cubes,", 5: "draw 5 cubes,"}[count]
    assert english in str(text)
    russian = ("тянуть 1 кубик,", "тянуть 2 кубика,", "тянуть 5 кубиков,")[RU[count]]
    assert russian in i18n.say("ru", text)
    greek = "τραβάτε 1 κύβο," if count == 1 else f"τραβάτε {count} κύβους,"
    assert greek in i18n.say("el", text)


def _vasco_view(lang: str, count: int) -> dict:
    engine = ENGINES["vasco"]
    view = engine.view(engine.setup(2, seed=1), None) | {"lang": lang}
    players = [dict(p) for p in view["p"]]
    players[0]["home"] = count
    return view | {"p": players, "missionaries": count, "merchants_left": count}


@pytest.mark.parametrize(
    ("lang", "count", "expected"),
    [
        ("en", 1, ["1 ship home,", "1 missionary,", "1 merchant ship left"]),
        ("en", 5, ["5 ships home,", "5 missionaries,", "5 merchant ships left"]),
        ("ru", 1, ["1 корабль вернулся", "1 миссионер,", "осталось 1 торговое судно"]),
        ("ru", 2, ["2 корабля вернулись", "2 миссионера,", "осталось 2 торговых судна"]),
        ("ru", 5, ["5 кораблей вернулось", "5 миссионеров,", "осталось 5 торговых судов"]),
        ("el", 1, ["1 πλοίο επέστρεψε", "απομένει 1 εμπορικό πλοίο"]),
    ],
)
def test_vasco_ships_home_and_missionaries(lang, count, expected):
    view = _vasco_view(lang, count)
    drawn = _drawn(vasco_render.detail, view) + " " + _drawn(vasco_render.board, view)
    for text in expected:
        assert text in drawn, (text, drawn)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "income 4/3/2 coins, 1 coin"),
        ("el", "εισόδημα 4/3/2 νομίσματα, 1 νόμισμα"),
        ("ru", "доход 4/3/2 монеты, 1 монета"),
    ],
)
def test_bremerhaven_income_by_rank_takes_each_numbers_plural(lang, expected):
    # docs/rules/bremerhaven.md 5.6: income 4/3/2/1 by rank. Each number takes the form of its
    # own CLDR category (the label took the first rank's: "4/3/2/1 coins", "4/3/2/1 монеты").
    engine = ENGINES["bremerhaven"]
    view = engine.view(engine.setup(4, seed=1), None) | {"lang": lang}
    assert expected in _drawn(bremerhaven_render.board, view)
