"""The shared final-standings image (docs/ARCHITECTURE.md 6; issue 14: "standings headers
overlap")."""

from __future__ import annotations

from render.common import readable_share, recording_text, standings_image
from tests.languages import report, script_share


def test_standings_with_many_breakdown_entries_stay_readable_on_a_phone():
    breakdown = {f"long breakdown label {i}": i * 3 for i in range(9)}
    standings = [
        {"seat": s, "rank": s + 1, "score": 40 - s, "breakdown": breakdown} for s in range(5)
    ]
    with recording_text() as drawn:
        image = standings_image("Bremerhaven", ["Ana", "Bo", "Cy", "Dee", "Eve"], standings)
    share, smallest = readable_share(drawn, image.width)
    assert share >= 0.9 and smallest >= 8, (share, smallest)
    # Every label is drawn whole (nothing cut to a column width).
    text = " ".join(r.text for r in drawn)
    assert all(f"long breakdown label {i} {i * 3}" in text for i in range(9))


def test_a_greek_standings_image_labels_the_breakdown_in_greek():
    """Breakdown keys are stored in English with the result (Drake's "voyage VP"); the image says
    them in the reader's language from the game's glossary (issue 26 item 6)."""
    breakdown = {"voyage VP": 12, "treasure": 3}
    standings = [
        {"seat": s, "rank": s + 1, "score": 20 - s, "breakdown": breakdown} for s in range(3)
    ]
    with recording_text() as drawn:
        standings_image("Drake", ["Ana", "Bo", "Cy"], standings, "el", "drake")
    labels = [r.text for r in drawn if any(ch.isdigit() for ch in r.text) and " " in r.text]
    text = " ".join(labels)
    assert "voyage" not in text and "treasure" not in text, text
    assert script_share(labels, "el") >= 0.97, report(labels, "el")
