"""Daily deadline hours (issue 27 item 4): a bank that would run out at night runs out at the
game's deadline hour instead (host/clocks.py), never leaving a turn under an hour."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from host import clocks

ATHENS = ZoneInfo("Europe/Athens")
H = clocks.HOUR


def at(day: int, hour: int, minute: int = 0) -> float:
    """A moment in Athens in January 2026 (UTC+2), as a timestamp."""
    return datetime(2026, 1, day, hour, minute, tzinfo=ATHENS).timestamp()


@pytest.mark.parametrize(
    ("start", "bank", "expected"),
    [
        (at(5, 10), 48 * H, at(7, 10)),  # runs out by day: unchanged
        (at(5, 23, 30), 48 * H, at(7, 20)),  # 23:30 at night: back to that evening's 20:00
        (at(5, 3), 48 * H, at(6, 20)),  # 3:00 at night: back to the evening before
        (at(5, 19, 30), 2 * H, at(6, 20)),  # 20:00 would leave 30 minutes: the next evening's
        (at(5, 12), 8 * H, at(5, 20)),  # exactly at the hour: unchanged
    ],
)
def test_a_bank_that_runs_out_at_night_runs_out_at_the_deadline_hour(start, bank, expected):
    assert clocks.night_deadline(start + bank, 20, ATHENS, start) == expected


def test_remaining_follows_the_deadline_hour_and_reminders_follow_remaining():
    deadline = {"hour": 20, "tz": "Europe/Athens"}
    start = at(5, 23, 30)
    plain = clocks.new_clock("normal", 2, [0], start)
    timed = clocks.new_clock("normal", 2, [0], start, deadline=deadline)
    now = at(7, 15)
    assert clocks.remaining(plain, 0, now) == pytest.approx(8.5 * H)
    assert clocks.remaining(timed, 0, now) == pytest.approx(5 * H)
    assert clocks.due_reminder(timed, 0, now) == "low"  # 5 h of 48 left: the last warning
    assert clocks.due_reminder(plain, 0, now) == "half"  # 8.5 h: not yet
    assert clocks.remaining(timed, 0, at(7, 20, 1)) < 0  # out of time at 20:00, not 23:30
    assert clocks.deadline_of(timed) == deadline and clocks.deadline_of(plain) is None


def test_time_away_moves_the_night_deadline_with_the_bank():
    start = at(5, 10)
    clock = clocks.new_clock("normal", 2, [0], start, deadline={"hour": 20, "tz": "Europe/Athens"})
    clocks.go_away(clock, 0, at(5, 12), 0.5)  # 12 h away: the bank would end at 22:00 on day 7
    assert clocks.remaining(clock, 0, at(5, 13)) == pytest.approx(at(7, 20) - at(5, 13) - 11 * H)
