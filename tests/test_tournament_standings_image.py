"""A tournament's standings image in every language (issue 26 item 6; docs/ARCHITECTURE.md 6):
legible on a desktop, its words in the reader's script, its numbers written the reader's way, and no
name running into the points, though Greek and Cyrillic letters are wider than Latin ones."""

from __future__ import annotations

import re

import pytest

import i18n
from render.common import font, readable_share, recording_text
from render.tournament import COLUMNS, GAP, NAME_X, ROW_SIZE, standings_image
from tests.languages import report, script_share
from tests.phone_images import assert_phone_readable

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
        end = NAME_X + font(ROW_SIZE).getlength(name)
        assert end <= points_x - font(ROW_SIZE, True).getlength(points) - GAP, (name, end)
    # A short name is drawn whole.
    assert any(r.text == "Bo" for r in records)


@pytest.mark.parametrize("lang", ["el", "ru"])
def test_the_labels_speak_the_readers_language_and_numbers_take_a_decimal_comma(lang):
    _, records = drawn(lang, subtitle="")
    words = [r.text for r in records]
    assert script_share(words, lang, ["Κύπελλο", *NAMES]) >= 0.97, report(words, lang, NAMES)
    assert "123,25" in words and "0,50" in words and "10,5" in words
    assert not any(re.search(r"\d\.\d", w) for w in words)


@pytest.mark.parametrize("lang", ["en", "el", "ru"])
@pytest.mark.parametrize("count", [2, 40])
def test_the_standings_are_legible_on_a_phone_like_the_boards(lang, count):
    """Issue 40: shown 360 px wide, the subtitle and the column headers were 5 to 6 px tall (the
    image was 1,200 px wide). Now at least 90% of the characters are 7 px or taller at 360 px
    (8 px at 550 px), and nothing under 6 px, as for the boards (docs/ARCHITECTURE.md 6)."""
    many = [dict(row, place=i + 1) for i, row in enumerate(rows() * 10)][:count]
    subtitle = "Francis Drake, Swiss: standings, live, round 2 of 7: 5 of 26 tables finished"
    with recording_text() as records:
        image = standings_image("Drake Spring Cup", subtitle, many, lang)
    assert_phone_readable(image, records, (lang, count))
