"""Ties in a tournament's standings (issue 40): two players on 8 points with identical
breakdowns were ranked without a reason. Each line level on points with the next one says the
tie-break that decided: opponents' points, then score ratio, then the tournament's seed."""

from __future__ import annotations

from host import pairing
from host.tournaments import standings_text, tie_breaks


def line(user, name, seed, points, opponents, ratio):
    return pairing.Line(
        user, name, seed, points=points, opponents_points=opponents, score_ratio=ratio, games=4
    )


def ranked(*lines):
    for place, x in enumerate(lines, start=1):
        x.place = place
    return list(lines)


def test_identical_breakdowns_say_the_seed_decided():
    lines = ranked(line(1, "Ana", 1, 8, 6.5, 0.75), line(2, "Bo", 2, 8, 6.5, 0.75))
    text = standings_text(lines, "swiss")
    assert text[0].endswith(
        " — level with Bo on every tie-break: ahead on seed (rating, then sign-up order)"
    ), text
    assert " — " not in text[1]  # last of the tie: nobody below it on 8


def test_the_first_tie_break_that_differs_is_named():
    lines = ranked(
        line(1, "Ana", 3, 8, 7.0, 0.5),
        line(2, "Bo", 1, 8, 6.5, 0.9),
        line(3, "Cy", 2, 8, 6.5, 0.6),
        line(4, "Di", 4, 5, 6.5, 0.6),
    )
    reasons = tie_breaks(lines, "swiss")
    assert reasons[1] == "level on points with Bo: ahead on opponents' points"
    assert reasons[2] == "level on points and opponents' points with Cy: ahead on score ratio"
    assert 3 not in reasons and 4 not in reasons  # Cy is ahead of Di on points


def test_the_reason_is_said_in_the_readers_language():
    lines = ranked(line(1, "Ana", 1, 8, 6.5, 0.75), line(2, "Bo", 2, 8, 6.5, 0.75))
    assert "посеву" in standings_text(lines, "swiss", "ru")[0]
    assert "κλήρωσης" in standings_text(lines, "swiss", "el")[0]
