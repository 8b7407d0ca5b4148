"""The shared final-standings image (design.md 6; issue 14: "standings headers overlap")."""

from __future__ import annotations

from render.common import readable_share, recording_text, standings_image


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
