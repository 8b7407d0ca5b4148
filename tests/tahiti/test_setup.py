"""docs/rules/tahiti.md 3 (setup), 8 (variants) and 2 (components)."""

from __future__ import annotations

import json

import pytest

from engines.base import IllegalMove
from engines.tahiti import ENGINE, check_data
from engines.tahiti import data as tdata
from tests.tahiti.helpers import GOODS, fresh, islands


def test_data_files_are_valid() -> None:
    """docs/rules/tahiti.md 2.1, 2.5: the data files respect every count of the rules."""
    assert check_data() == []


def test_check_data_finds_a_broken_file(tmp_path, monkeypatch) -> None:
    """check_data re-reads the files and reports a wrong value, a missing source and a start
    layout that leaves a gap next to the Home Island (docs/rules/tahiti.md 7.1)."""
    for path in tdata.DATA_DIR.glob("*.toml"):
        (tmp_path / path.name).write_text(path.read_text())
    chart = (tmp_path / "chart.toml").read_text()
    (tmp_path / "chart.toml").write_text(chart.replace("[1, 3, 5, 7,", "[1, 3, 4, 7,"))
    markers = (tmp_path / "markers.toml").read_text()
    (tmp_path / "markers.toml").write_text(markers.replace('source = "provisional"', "", 1))
    layouts = (tmp_path / "layouts.toml").read_text()
    (tmp_path / "layouts.toml").write_text(layouts.replace('at = "0,1"', 'at = "0,2"'))
    monkeypatch.setattr(tdata, "DATA_DIR", tmp_path)
    problems = check_data()
    assert any("column 3" in p for p in problems)
    assert any(p.startswith("markers.marker") and "source" in p for p in problems)
    assert any("surrounded" in p for p in problems)


def test_home_island_side_and_sea_tiles() -> None:
    """docs/rules/tahiti.md 3.1-3.2: 2/4 side with 2 Sea tiles, 3-player side with 3, in the
    gaps."""
    for players, seas in ((2, 2), (4, 2), (3, 3)):
        state = fresh(players)
        board = state["board"]
        sea = [k for k, h in board.items() if h["kind"] == "sea"]
        assert len(sea) == seas
        home_reefs = set(board["0,0"]["reefs"])
        for k in sea:  # each Sea tile sits in a gap between the Home Island's reefs
            direction = tdata.OFFSETS.index(tuple(int(v) for v in k.split(",")))
            assert direction not in home_reefs
    assert fresh(2)["board"]["0,0"]["reefs"] != fresh(3)["board"]["0,0"]["reefs"]


def test_first_islands_are_the_butterfly_tiles_filled() -> None:
    """docs/rules/tahiti.md 3.3, 3.5: monarch tiles for 2/4 players, the other butterflies for 3,
    every Goods Space filled."""
    comp = tdata.components()
    for players, mark in ((2, "monarch"), (4, "monarch"), (3, "other")):
        first = islands(fresh(players))
        assert {h["tile"] for h in first.values()} == {
            t for t, tile in comp["tiles"].items() if tile["butterfly"] == mark
        }
        assert all(h["cubes"] == [True, True] for h in first.values())
        # a good game: every crop reachable at once (docs/rules/tahiti.md 2.5 design goal)
        assert {g for h in first.values() for g in h["goods"]} == {
            "banana",
            "coconut",
            "spice",
            "taro",
        }


def test_hommea_and_canoes_start_home() -> None:
    """docs/rules/tahiti.md 3.4, 3.8: Hommea and every canoe on the Home Island."""
    state = fresh(3)
    assert state["hommea"] == "0,0"
    assert state["at"] == ["0,0"] * 3
    assert state["canoes"] == [[], [], []]


@pytest.mark.parametrize(("players", "sizes"), [(2, [7, 7]), (3, [8, 7]), (4, [7, 7])])
def test_two_stacks(players: int, sizes: list[int]) -> None:
    """docs/rules/tahiti.md 3.6: two stacks of equal height; with 3 players they differ by one."""
    state = fresh(players)
    assert [len(s) for s in state["stacks"]] == sizes
    placed = {h["tile"] for h in islands(state).values()}
    assert placed.isdisjoint(state["stacks"][0] + state["stacks"][1])
    assert len(placed) + sum(sizes) == 18


def test_exhaustion_markers_shuffled() -> None:
    """docs/rules/tahiti.md 3.7: 18 markers face down and shuffled (some show a fish)."""
    orders = {tuple(fresh(4, seed=s)["markers"]) for s in range(6)}
    assert all(len(o) == 18 and o.count("fish") == 6 for o in orders)
    assert len(orders) > 1


@pytest.mark.parametrize(("players", "per_type"), [(2, 12), (3, 14), (4, 16)])
def test_cubes_removed_by_player_count(players: int, per_type: int) -> None:
    """docs/rules/tahiti.md 3.10: 16 / 14 / 12 cubes of each colour in play."""
    state = fresh(players)
    on_islands = {g: 0 for g in GOODS}
    for h in islands(state).values():
        for g, c in zip(h["goods"], h["cubes"], strict=True):
            on_islands[g] += c
    for g in GOODS:
        assert state["bag"][g] + on_islands[g] == per_type
        assert state["removed"][g] == 16 - per_type


def test_favourite_tiles_dealt_secretly() -> None:
    """docs/rules/tahiti.md 3.9: the 4-tile set for 4 players, the 3-tile set for 2 or 3; one each;
    with 2 players one tile stays undealt and hidden."""
    comp = tdata.components()
    four = fresh(4)
    assert sorted(four["fav"]) == sorted(comp["favourite_sets"]["4"])
    two = fresh(2)
    assert len(two["fav"]) == 2 and len(two["fav_undealt"]) == 1
    assert sorted(two["fav"] + two["fav_undealt"]) == sorted(comp["favourite_sets"]["2-3"])
    undealt = comp["favourites"][two["fav_undealt"][0]]
    for seat in (None, 0, 1):
        view = ENGINE.view(two, seat)
        assert "undealt_favourites" not in view
        if seat is not None:
            assert view["private"]["favourite"] != undealt


def test_favourite_in_private_view_from_the_start_and_not_dmed_again() -> None:
    """docs/rules/tahiti.md 3.9 / 9.4: each player knows their tile from the start (their private
    view, which the host DMs when the game begins); the first move does not DM the unchanged tile
    again (issue 15)."""
    state = fresh(3)
    for s in range(3):
        goods = tdata.components()["favourites"][state["fav"][s]]
        assert ENGINE.view(state, s)["private"]["favourite"] == goods
    seat = state["current"]
    step = ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[0])
    assert step.private == {}
    later = ENGINE.apply(step.state, seat, ENGINE.legal_moves(step.state, seat)[0])
    assert later.private == {}


def test_first_player_starts() -> None:
    """docs/rules/tahiti.md 3.11: one first player, remembered for equal rounds."""
    firsts = {fresh(4, seed=s)["first"] for s in range(12)}
    assert len(firsts) > 1
    state = fresh(4, seed=3)
    assert ENGINE.to_move(state) == [state["first"]]


def test_random_start_variant() -> None:
    """docs/rules/tahiti.md 8: random first islands in the standard positions, filled; the rest
    split into two stacks."""
    seen = set()
    for seed in range(8):
        state = fresh(4, seed=seed, variant="random-start")
        first = islands(state)
        assert set(first) == {"1,0", "0,-1", "-1,0", "0,1"}
        assert all(h["cubes"] == [True, True] for h in first.values())
        assert [len(s) for s in state["stacks"]] == [7, 7]
        seen.add(frozenset(h["tile"] for h in first.values()))
    assert len(seen) > 1
    three = fresh(3, seed=2, variant="random-start")
    assert [len(s) for s in three["stacks"]] == [8, 7]


def test_player_counts_and_variants() -> None:
    """docs/rules/tahiti.md 1, 8: 2 to 4 players; no other variant."""
    with pytest.raises(IllegalMove):
        ENGINE.setup(1, seed=1)
    with pytest.raises(IllegalMove):
        ENGINE.setup(5, seed=1)
    with pytest.raises(IllegalMove):
        ENGINE.setup(3, seed=1, variant="solo")


def test_state_is_json_and_rules_topics() -> None:
    """Engine contract: JSON-safe state; /rules topics summary and moves."""
    state = fresh(4)
    assert json.loads(json.dumps(state)) == state
    assert len(ENGINE.rules_topics["summary"]) <= 1800
    assert len(ENGINE.rules_topics["moves"]) <= 1800
    assert "reefs e,ne" in ENGINE.rules_topics["moves"]
