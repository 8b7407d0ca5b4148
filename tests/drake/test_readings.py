"""Francis Drake: the audit's unclear readings, each decided and declared in the `reconstructed`
rules topic with its reason from the transcript (Issue 38 item 10)."""

from __future__ import annotations

from engines.drake import ENGINE


def _reconstructed() -> str:
    return " ".join(v for k, v in ENGINE.rules_topics.items() if k.startswith("reconstructed"))


def test_tavern_ghost_ship_reading_says_why_the_modified_roll_9_6_2():
    """docs/rules/francis-drake.md 2.4, 9.6.2: the Ghost Ship is read on the modified roll, because
    the text adds the 1st visitor's +1 "to his roll" and then speaks of "a roll of 1 or 2"."""
    text = _reconstructed()
    assert "9.6.2 Tavern Ghost Ship read on the modified roll" in text
    assert "'adds 1 to his roll'" in text and "'on a roll of 1 or 2'" in text
    assert "a natural 1 (2 with the +1) gives the Ghost Ship, a natural 2 (3) gives Crew" in text


def test_zero_supplies_reading_says_why_home_first_9_6_8():
    """docs/rules/francis-drake.md 4.2 A5, 4.6, 9.6.8: a player who "cannot travel at all" goes home
    when the others sail to their disc 1, right after the Golden Hind, with no bonus."""
    text = _reconstructed()
    assert "'you cannot travel at all'" in text
    assert "'all players sail at once' to their disc 1" in text
    assert "not early, no bonus" in text


def test_counter_reading_says_a_knower_decides_first_7_10():
    """docs/rules/francis-drake.md 5.2, 7.10, 9.6.11 (item 9): the topic says who turns a
    counter."""
    text = _reconstructed()
    assert "decides first, attack or decline, and it turns only if they attack" in text
