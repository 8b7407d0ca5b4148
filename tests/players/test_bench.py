"""The strength bench's schedule (players/bench.py): the filler's seat rotates, and a later run
with ``--first`` adds games rather than replaying the same seeds."""

from __future__ import annotations

from players.bench import Cell, Played, record, schedule


def test_the_fillers_seat_rotates_and_first_continues_the_seeds():
    planned = schedule(["vasco"], 3, 1, ["random"], first=4)
    assert [g.seed for g in planned] == [1004, 1005, 1006, 2004]
    assert [g.kinds.index("filler") for g in planned[:3]] == [1, 2, 0]
    assert planned[-1].kinds == ("filler", "filler", "filler")
    earlier = schedule(["vasco"], 4, 4, ["random"])
    assert [g.seed for g in earlier] == [1000, 1001, 1002, 1003, 2000, 2001, 2002, 2003]


def test_mirror_wins_are_counted_by_seat_and_by_turn_order():
    cell = Cell()
    game = schedule(["vasco"], 0, 1, [])[0]
    record(cell, game, Played(moves=9, ranks={0: 2, 1: 1, 2: 3}, times=[], order=[2, 1, 0]))
    assert cell.seat_wins == [0, 1, 0]
    assert cell.order_wins == [0, 1, 0]  # seat 2 moved first, the winner (seat 1) second
