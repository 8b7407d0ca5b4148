"""The standings lines in English (as they always were), Greek and Russian (issue 26 item 3):
numbers written the reader's way, a bye counted by the reader's plural rules."""

from __future__ import annotations

from host.pairing import Line
from host.tournaments import standings_text


def line(**changes) -> Line:
    values = dict(
        user_id=1,
        name="ana",
        seed=1,
        points=2.5,
        opponents_points=6.0,
        score_ratio=0.8125,
        games=3,
        wins=2,
        byes=1,
        reached=2,
        dropped=False,
        place=1,
    )
    return Line(**(values | changes))


def test_english_standings_lines_are_unchanged():
    assert standings_text([line()], "swiss") == [
        "1. ana: 2.5 pts (opp 6.00, ratio 0.81; 2/3 won, 1 bye)"
    ]
    assert standings_text([line(byes=0, dropped=True, points=3.0)], "elimination") == [
        "1. ana (dropped): 3 pts (opp 6.00, ratio 0.81; 2/3 won, 0 byes, reached round 2)"
    ]


def test_greek_and_russian_standings_lines():
    assert standings_text([line(dropped=True)], "swiss", "el") == [
        "1. ana (αποχώρησε): πόντοι 2,5 (πόντοι αντιπάλων 6,00, λόγος 0,81· νίκες 2/3, ρεπό: 1)"
    ]
    assert standings_text([line(byes=2)], "elimination", "ru") == [
        "1. ana: очки 2,5 (очки соперников 6,00, доля 0,81; побед 2/3, пропусков тура: 2, "
        "достигнут тур 2)"
    ]
