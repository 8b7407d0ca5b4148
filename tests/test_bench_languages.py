"""``python -m bench.languages`` measures the issue's bar (issue 26, "Done when"): whole 3-player
games through the offline table in Greek and Russian, at least 97% of the words printed and of
the words drawn in the language's script, every English move text piped in accepted.

Fast tier: a few moves of one game, to show the measure counts what the table prints and draws.
Slow tier: the first 200 moves of every game in both languages, against the bar (whole random
games take about 20 minutes in all: ``python -m bench.languages`` measures them)."""

from __future__ import annotations

import pytest

from bench.languages import TARGET, measure, report, scripted_moves, variant_for
from engines import ENGINES


async def test_a_few_greek_moves_are_measured_printed_and_drawn():
    result = await measure("tahiti", "el", seed=2, limit=4)
    assert result.moves == 4 and result.refused == []  # the English move texts are accepted
    # The table's own words ("Θέση 1", its help) are Greek, and counted as such.
    assert 0 < result.printed.inside < result.printed.total
    assert result.drawn.total > 0  # the board images' words are read too
    # Digits, mentions and `Player A` seats are no words; "Θέση" is Greek.
    assert "Θέση" not in result.printed.foreign and "Player" not in result.printed.foreign
    shown = report([result])
    assert "tahiti" in shown and f"{result.printed.share:.1%}" in shown


def test_the_playout_policy_plays_drake_voyages_a_uniform_captain_cuts_short():
    """A uniform Drake captain picks `sail` (legal at every placement) early, so its whole random
    game is a few dozen moves; the engine's playout policy plays whole voyages."""
    drake = ENGINES["drake"]
    variant = variant_for(drake, 3)
    uniform = scripted_moves(drake, 3, 1, variant)
    playout = scripted_moves(drake, 3, 1, variant, policy="playout")
    assert len(uniform) < 60 < 150 < len(playout)
    state = drake.setup(3, seed=1, variant=variant)
    for line in playout:
        seat, move = line.split(" ", 1)
        state = drake.apply(state, int(seat) - 1, move).state
    assert drake.to_move(state) == []  # a whole game


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["el", "ru"])
@pytest.mark.parametrize("game", sorted(ENGINES))
async def test_whole_games_speak_the_language(game, lang):
    """issue 26 "Done when": at least 97% of the words printed and drawn, and no move refused."""
    result = await measure(game, lang, seed=1, limit=200)
    assert result.refused == [], result.refused[:3]
    assert result.printed.share >= TARGET, report([result])
    assert result.drawn.share >= TARGET, report([result])
