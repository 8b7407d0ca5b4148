"""Vasco da Gama: the audit's unclear readings (issue 38 item 10), each decided and declared in
the `reconstructed` rules topics with its reason from the transcript (docs/rules/vasco-da-gama.md
5.3, launching)."""

from __future__ import annotations

from engines.vasco.topics import build
from tests.vasco.helpers import E

TOPICS = build()


def _reconstructed() -> str:
    return "\n".join(v for k, v in TOPICS.items() if k.startswith("reconstructed"))


def test_launch_at_any_time_is_kept_with_its_reason_5_3():
    """docs/rules/vasco-da-gama.md 5.3 (launching, "at any time during the game"): R12 keeps the
    windows and says why nothing is lost by not launching during another player's turn."""
    text = _reconstructed()
    assert "R12 Launching 'at any time during the game' [SRC] is kept" in text
    assert "a launched ship is used only by your own Expedition or at Phase 3" in text


def test_missionary_is_a_fifth_colour_with_its_reason_5_3():
    """docs/rules/vasco-da-gama.md 5.3: R13 says the missionary is a fifth crew colour, at most one
    per crew, from the transcript's crew rule and its 5-crew example."""
    text = _reconstructed()
    assert "R13 A missionary is a fifth crew colour, at most one per crew [SRC]" in text
    assert "'sailors and/or missionaries of different colours'" in text
    assert "'5 crew members (5 different colours)'" in text


def test_every_reconstructed_page_is_named_in_the_summary():
    """The summary's list of topics names each reconstructed page, the new one included."""
    for key in TOPICS:
        if key.startswith("reconstructed"):
            assert key in TOPICS["summary"]
    assert E.rules_topics.keys() >= {"reconstructed", "reconstructed2", "reconstructed3"}
