"""``python -m bench.plans`` runs (issue 41): a smoke test of a few days of Drake with members
who plan their placements; the figures themselves are the bench's, not checked here."""

from __future__ import annotations

from bench.plans import line, play


async def test_a_few_days_of_drake_with_plans_play_moves_and_count_pings():
    figures = await play("drake", 1, True, max_days=2)
    assert figures.moves > 0 and figures.by_hand > 0
    assert figures.pings > 0
    assert "drake" in line(figures) and "planning" in line(figures)
