"""A tournament's standings image in every language (issue 26 item 6; design.md 6): legible on a
desktop, its words in the reader's script, its numbers written the reader's way, and no name
running into the points, though Greek and Cyrillic letters are wider than Latin ones."""

from __future__ import annotations

import re

import pytest

import i18n
from render.common import font, readable_share, recording_text
from render.tournament import COLUMNS, GAP, NAME_X, standings_image
from tests.languages import report, script_share

NAMES = [
    "Αλεξάνδρα Παπαδοπούλου-Κωνσταντινίδου",
    "Александра Константинопольская",
    "Konstantinos Papadopoulos-Karamanlis",
    "Bo",
]


def rows() -> list[dict]:
    return [
        {
            "place": i + 1,
            "name": name,
            "points": 10.5 - i,
            "opponents_points": 123.25 - i,
            "score_ratio": 0.5,
            "wins": 3 - i % 3,
            "games": 4,
            "dropped": i % 2 == 0,
        }
        for i, name in enumerate(NAMES)
    ]


def drawn(lang: str, subtitle: str = "Tahiti"):
    with recording_text() as records:
        image = standings_image("Κύπελλο", subtitle, rows(), lang)
    return image, records


@pytest.mark.parametrize("lang", ["en", "el", "ru"])
def test_the_standings_stay_legible_on_a_desktop(lang):
    image, records = drawn(lang)
    share, smallest = readable_share(records, image.width)
    assert share >= 0.9 and smallest >= 8, (share, smallest)


@pytest.mark.parametrize("lang", ["en", "el", "ru"])
def test_no_name_runs_into_its_points(lang):
    _, records = drawn(lang)
    points_x = COLUMNS[0][1]
    for row in rows():
        name = next(r.text for r in records if r.text.startswith(row["name"].split()[0]))
        points = i18n.number(lang, row["points"], 1)
        assert points in [r.text for r in records]
        end = NAME_X + font(24).getlength(name)
        assert end <= points_x - font(24, True).getlength(points) - GAP, (name, end)
    # A short name is drawn whole.
    assert any(r.text == "Bo" for r in records)


@pytest.mark.parametrize("lang", ["el", "ru"])
def test_the_labels_speak_the_readers_language_and_numbers_take_a_decimal_comma(lang):
    _, records = drawn(lang, subtitle="")
    words = [r.text for r in records]
    assert script_share(words, lang, ["Κύπελλο", *NAMES]) >= 0.97, report(words, lang, NAMES)
    assert "123,25" in words and "0,50" in words and "10,5" in words
    assert not any(re.search(r"\d\.\d", w) for w in words)
