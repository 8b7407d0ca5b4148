"""host/pairing.py: points, table sizes, Swiss, round robin, brackets, standings (issue 8)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from host import pairing


def test_placement_points_are_the_same_for_a_win_at_every_table_size():
    assert pairing.placement_points({1: 1, 2: 2, 3: 3, 4: 4}) == {1: 6, 2: 4, 3: 2, 4: 0}
    assert pairing.placement_points({1: 1, 2: 2, 3: 3}) == {1: 6, 2: 3, 3: 0}
    assert pairing.placement_points({1: 2, 2: 1}) == {1: 0, 2: 6}


def test_tied_players_share_the_points_of_the_places_they_cover():
    assert pairing.placement_points({1: 1, 2: 1, 3: 3, 4: 4}) == {1: 5, 2: 5, 3: 2, 4: 0}
    assert pairing.placement_points({1: 1, 2: 2, 3: 2, 4: 2}) == {1: 6, 2: 2, 3: 2, 4: 2}
    assert pairing.placement_points({1: 1, 2: 1}) == {1: 3, 2: 3}


@pytest.mark.parametrize(
    ("count", "largest", "smallest", "sizes", "byes"),
    [
        (7, 4, 3, (4, 3), 0),
        (8, 4, 3, (4, 4), 0),
        (9, 4, 3, (3, 3, 3), 0),
        (5, 4, 3, (4,), 1),
        (6, 4, 3, (3, 3), 0),
        (7, 2, 2, (2, 2, 2), 1),
        (2, 4, 3, (), 2),
        (11, 5, 4, (5, 5), 1),
    ],
)
def test_table_sizes_prefer_uneven_tables_to_byes(count, largest, smallest, sizes, byes):
    got, got_byes = pairing.table_sizes(count, largest, smallest)
    assert (tuple(got), got_byes) == (sizes, byes)
    assert sum(got) + got_byes == count


def _repeats(tables, met):
    return sum(met[frozenset(p)] for t in tables for p in itertools.combinations(t, 2))


def _fewest_possible_repeats(players, sizes, met):
    best = None
    for first in itertools.combinations(players, sizes[0]):
        rest = [p for p in players if p not in first]
        cost = _repeats([first, rest], met)
        best = cost if best is None else min(best, cost)
    return best


def test_swiss_avoids_repeats_as_far_as_possible_then_groups_by_points():
    order = [1, 2, 3, 4, 5, 6, 7]
    met = pairing.meetings([[1, 2, 3, 4], [5, 6, 7]])
    points = {1: 6, 2: 4, 3: 2, 4: 0, 5: 6, 6: 3, 7: 0}
    tables, byes = pairing.swiss_round(order, 4, 3, met, points, Counter())
    assert byes == [] and sorted(map(len, tables)) == [3, 4]
    # 4 + 3 players from groups of 4 and 3: some repeats cannot be avoided; no more than that.
    assert _repeats(tables, met) == _fewest_possible_repeats(order, [4, 3], met) == 3


def test_swiss_without_history_groups_the_standings_in_order():
    tables, byes = pairing.swiss_round([5, 3, 1, 2], 2, 2, Counter(), {}, Counter())
    assert tables == [[5, 3], [1, 2]] and byes == []


def test_swiss_bye_goes_to_the_lowest_player_without_one():
    order = [1, 2, 3, 4, 5]
    tables, byes = pairing.swiss_round(order, 2, 2, Counter(), {}, Counter({5: 1}))
    assert byes == [4] and sorted(p for t in tables for p in t) == [1, 2, 3, 5]


def test_swiss_two_player_pairing_never_repeats_when_avoidable():
    met = pairing.meetings([[1, 2], [3, 4]])
    tables, _ = pairing.swiss_round([1, 2, 3, 4], 2, 2, met, {1: 6, 3: 6}, Counter())
    assert all(met[frozenset(t)] == 0 for t in tables)


def test_swiss_large_field_uses_swaps_and_still_avoids_repeats():
    order = list(range(1, 17))
    met = pairing.meetings([order[i : i + 4] for i in range(0, 16, 4)])
    tables, byes = pairing.swiss_round(order, 4, 3, met, {}, Counter())
    assert not byes and _repeats(tables, met) == 0


def test_round_robin_meets_everyone_exactly_once():
    for count in (4, 5, 6):
        players = list(range(10, 10 + count))
        met: Counter = Counter()
        byes: Counter = Counter()
        for round_no in range(1, pairing.round_robin_rounds(count) + 1):
            tables, sitting_out = pairing.round_robin_round(players, round_no)
            met.update(frozenset(t) for t in tables)
            byes.update(sitting_out)
            assert len({p for t in tables for p in t} | set(sitting_out)) == count
        assert set(met.values()) == {1}
        assert len(met) == count * (count - 1) // 2
        assert set(byes.values()) == ({1} if count % 2 else set())


def test_bracket_keeps_top_seeds_apart_and_gives_them_the_byes():
    assert pairing.bracket_slots(list(range(1, 9))) == [1, 8, 4, 5, 2, 7, 3, 6]
    slots = pairing.bracket_slots([1, 2, 3, 4, 5, 6])
    assert slots == [1, None, 4, 5, 2, None, 3, 6]


def test_standings_tie_breakers_opponents_points_then_score_ratio_then_seed():
    entrants = [(u, f"P{u}", u, False) for u in (1, 2, 3, 4, 5, 6)]

    def won(first, second, scores):
        return (
            1,
            False,
            (first, second),
            {
                "status": "finished",
                "ranks": {str(first): 1, str(second): 2},
                "scores": {str(first): scores[0], str(second): scores[1]},
                "points": {str(first): 6.0, str(second): 0.0},
            },
        )

    pairings = [
        won(1, 2, (10, 5)),
        won(3, 4, (10, 9)),
        won(5, 6, (10, 9)),
        # Round 2: 2 beats 4 (2's opponents: 1 with 6 pts, 4 with 0) and 6 beats ... nobody:
        (2, False, (2, 4), won(2, 4, (10, 9))[3]),
    ]
    lines = pairing.standings(entrants, pairings)
    by_user = {line.user_id: line for line in lines}
    # 1, 3 and 5 have 6 points; 2 has 6 too. 1 met 2 (6 pts): best opponents' points.
    assert [line.user_id for line in lines][:1] == [1]
    assert by_user[1].opponents_points == 6.0
    # 3 and 5: same points and opponents' points (4 and 6 both 0); 3 and 5 both won 10-9, so
    # the ratio ties too and the seed decides.
    assert by_user[3].place < by_user[5].place
    # 2 met 1 (6) and 4 (0): average 3, ahead of 3 and 5 (opponents 0).
    assert by_user[2].opponents_points == 3.0 and by_user[2].place == 2
    assert by_user[2].score_ratio == pytest.approx((0.5 + 1.0) / 2)


def test_elimination_standings_rank_by_the_round_reached_first():
    entrants = [(u, f"P{u}", u, False) for u in (1, 2)]
    final = {
        "status": "finished",
        "ranks": {"1": 2, "2": 1},
        "scores": {"1": 1, "2": 2},
        "points": {"1": 0.0, "2": 6.0},
        "advances": 2,
    }
    lines = pairing.standings(entrants, [(1, False, (1, 2), final)], elimination=True)
    assert [line.user_id for line in lines] == [2, 1]
    assert lines[0].reached == 2 and lines[1].reached == 1
