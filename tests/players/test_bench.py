"""The strength bench's schedule (players/bench.py): the filler's seat rotates, and a later run
with ``--first`` adds games rather than replaying the same seeds."""

from __future__ import annotations

from players.bench import schedule


def test_the_fillers_seat_rotates_and_first_continues_the_seeds():
    planned = schedule(["vasco"], 3, 1, ["random"], first=4)
    assert [g.seed for g in planned] == [1004, 1005, 1006, 2004]
    assert [g.kinds.index("filler") for g in planned[:3]] == [1, 2, 0]
    assert planned[-1].kinds == ("filler", "filler", "filler")
    earlier = schedule(["vasco"], 4, 4, ["random"])
    assert [g.seed for g in earlier] == [1000, 1001, 1002, 1003, 2000, 2001, 2002, 2003]
