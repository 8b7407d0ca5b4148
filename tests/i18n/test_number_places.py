"""Numbers with a fixed count of decimals, as each language writes them (issue 26 item 5:
"numbers formatted per locale"): ratings, tie-breakers and averages line up in a table."""

from __future__ import annotations

import re

import i18n


def test_fixed_decimals_follow_the_readers_language():
    assert i18n.number("en", 0.5, 2) == "0.50"
    assert i18n.number("el", 0.5, 2) == "0,50"
    assert i18n.number("ru", -3.64, 1) == "-3,6"
    assert re.fullmatch(r"1\s234,50", i18n.number("ru", 1234.5, 2))
    assert i18n.number("el", 6.0, 0) == "6"


def test_without_places_a_number_keeps_its_own_decimals():
    assert i18n.number("el", 1.25) == "1,25"
