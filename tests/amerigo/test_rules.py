"""Rules tests for Amerigo: one per rule, every worked example of docs/rules/amerigo.md, and the
edge cases of section 7."""

from __future__ import annotations

import random

import pytest

from engines.amerigo import check_data
from engines.amerigo import data as D
from engines.amerigo.engine import COLOURS, PROGRESS_VP, SPECIAL_COLOURS
from engines.base import IllegalMove, Rng
from tests.amerigo.util import (
    E,
    FixedTower,
    cover_with_landscape,
    fresh,
    geo,
    give_turn,
    land_neighbours,
    play,
    start_phase,
)

# ----------------------------------------------------------------------------- data and setup


def test_check_data_is_clean():
    """docs/rules/amerigo.md 2.4 / 3.1: data files validate, layouts obey the setup rules."""
    assert check_data(layout_seeds=4) == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_layouts_obey_setup_rules(players):
    """docs/rules/amerigo.md 3.1.2: no enclosed water, land meets orthogonally, big islands
    exist."""
    for seed in range(8):
        state = fresh(players, seed)
        assert D.layout_problems(state["grid"], players) == []
        g = geo(state)
        big = [i for i in g["islands"] if i["big"]]
        assert 2 <= len(big) <= 5
        assert all(i["land"] >= 20 for i in big)
        assert sorted(state["chests"]) == sorted(i["id"] for i in big)  # 3.1.5


def test_layout_check_finds_enclosed_water_and_diagonal_land():
    """docs/rules/amerigo.md 3.1.2.1-2: the check rejects bad layouts (it can fail)."""
    state = fresh(2, 0)
    grid = [list(r) for r in state["grid"]]
    # Enclose a sea cell by land.
    for r in range(1, 4):
        for c in range(1, 4):
            grid[r][c] = "#"
    grid[2][2] = "."
    problems = D.layout_problems(["".join(r) for r in grid], 2)
    assert any("enclosed" in p for p in problems)
    # Land meeting only diagonally across a tile border (cells e5 and f6 around the corner).
    grid = [list(r) for r in state["grid"]]
    grid[4][4], grid[5][5], grid[4][5], grid[5][4] = "#", "#", ".", "."
    problems = D.layout_problems(["".join(r) for r in grid], 2)
    assert any("diagonally" in p for p in problems)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_by_player_count(players):
    """docs/rules/amerigo.md 3.1-3.4: tiles, pirates, progress, production, order gold, cubes."""
    state = fresh(players, 3)
    trows, tcols = state["trows"], state["tcols"]
    assert trows * tcols == {2: 9, 3: 12, 4: 16}[players]
    assert len(geo(state)["rims"]) == {2: 12, 3: 14, 4: 16}[players]  # frame spaces (A1)
    assert len(state["pirates"]) == 5 and len(state["pirate_box"]) == 1
    assert sum(1 for _, up in state["pirates"] if up) == 1
    assert len([t for t in state["parea"] if t]) == 8
    assert len(state["prodarea"]) == {2: 6, 3: 8, 4: 10}[players]
    assert len(state["prodarea"]) + len(state["proddeck"]) == {2: 30, 3: 40, 4: 50}[players]
    order = E._order(state) if state["turn"] is None else None
    gold = sorted(p["gold"] for p in state["p"])
    assert gold == list(range(players))  # 3.3.6: 1 gold per player ahead
    del order
    total = {c: state["storage"][c] + state["space"][c] + state["tower"][c] for c in COLOURS}
    assert total == dict.fromkeys(COLOURS, 7)
    for p in state["p"]:
        assert p["posts"] == 12 and sum(p["vill"].values()) == 16
        assert p["prod"] == dict.fromkeys(p["prod"], 1)  # one printed token per type (5.6)


def test_setup_order_gold_follows_the_stack():
    """docs/rules/amerigo.md 3.3.6: the top disc plays first; 2nd gets 1 gold, 3rd 2, 4th 3."""
    state = fresh(4, 11)
    order = sorted(range(4), key=lambda s: -state["p"][s]["stamp"])
    assert [state["p"][s]["gold"] for s in order] == [0, 1, 2, 3]


# ----------------------------------------------------------------------------- cube tower


def test_tower_model_conserves_cubes_and_releases_four_to_nine():
    """docs/rules/amerigo.md 9.6: cubes are conserved; releases per played phase look real."""
    released = []
    for seed in range(6):
        state = fresh(3, seed)
        rng = random.Random(seed)
        while E.to_move(state):
            seat = E.to_move(state)[0]
            state = E.apply(state, seat, rng.choice(E.legal_moves(state, seat))).state
            total = {
                c: state["storage"][c] + state["space"][c] + state["tower"][c] for c in COLOURS
            }
            assert total == dict.fromkeys(COLOURS, 7)
        released += [d for d in state["drops"] if d]
    mean = sum(released) / len(released)
    assert 5 <= mean <= 9
    share = sum(1 for d in released if 4 <= d <= 9) / len(released)
    assert share > 0.6


def test_tower_prefers_keeping_new_cubes():
    """docs/rules/amerigo.md 9.6: old cubes get knocked out first."""
    state = fresh(2, 0)
    state["tower"] = dict.fromkeys(COLOURS, 0)
    state["tower"]["red"] = 5
    out = E._drop(state, Rng(5), {"blue": 3})
    # The tower keeps at least one cube; new blue cubes are kept before old red ones.
    assert out["blue"] == 0 or state["tower"]["red"] == 0


# ----------------------------------------------------------------------------- phases


def test_example_four_blue_cubes_give_four_ap_in_four_colours():
    """docs/rules/amerigo.md 4.2.3 example: 4 blue dropped; 4 blue, 1 black, 1 red, 2 green out:
    4 AP, and each player may choose blue, black, red or green."""
    engine = FixedTower({"blue": {"blue": 4, "black": 1, "red": 1, "green": 2}})
    state = fresh(2, 0)
    state["turn"] = None
    state["phase"] = 0
    state["storage"]["blue"] = 4
    start_phase(engine, state)
    assert state["turn"]["ap"] == 4
    seat = state["turn"]["order"][0]
    assert engine.legal_moves(state, seat) == ["blue", "black", "red", "green", "gold"]


def test_phase_skipped_when_storage_empty_or_nothing_falls():
    """docs/rules/amerigo.md 4.2.2 / 7.1: an empty storage space or no cubes out skips the phase."""
    engine = FixedTower({"black": {}, "red": {"red": 2, "white": 1}})
    state = fresh(2, 0)
    state["turn"] = None
    state["phase"] = 0
    state["storage"]["blue"] = 0
    state["storage"]["black"] = 3
    state["storage"]["red"] = 2
    log = start_phase(engine, state)
    assert state["phase"] == 2  # blue (empty) and black (nothing fell) were skipped
    assert state["turn"]["ap"] == 2
    assert sum("skipped" in line for line in log) == 2


def test_turn_order_frozen_and_top_of_stack_first():
    """docs/rules/amerigo.md 4.2.4 / 9.7 A8 / 7.22: furthest ahead first, top of a stack first."""
    state = fresh(3, 0)
    for seat, (pos, stamp) in enumerate([(2, 5), (2, 9), (4, 1)]):
        state["p"][seat]["opos"], state["p"][seat]["stamp"] = pos, stamp
    assert E._order(state) == [2, 1, 0]


def test_several_players_may_choose_the_same_action():
    """docs/rules/amerigo.md 4.2.6 / 7.3: both players load cannons in one phase."""
    state = give_turn(fresh(2, 0), 0, {"black": 3})
    state["turn"]["order"] = [0, 1]
    state = play(state, 0, "black", "load 3")
    assert E.to_move(state) == [1]
    state = play(state, 1, "black", "load 3")
    assert state["p"][0]["can"] == 3 and state["p"][1]["can"] == 3


def test_ap_may_be_left_unused():
    """docs/rules/amerigo.md 4.2.6 / 7.4: loading fewer cannons than AP is allowed."""
    state = give_turn(fresh(2, 0), 0, {"black": 4})
    state = play(state, 0, "black", "load 1")
    assert state["p"][0]["can"] == 1


# ----------------------------------------------------------------------------- gold


def test_example_take_gold_ten_cubes_nine_gold():
    """docs/rules/amerigo.md 5.8 example: 10 cubes give 4 gold; 9 + 4 -> 12 and +1 VP."""
    state = give_turn(fresh(2, 0), 1, {"blue": 4, "red": 3, "green": 3})
    state["p"][1]["gold"], state["p"][1]["vp"] = 9, 0
    state = play(state, 1, "gold")
    assert state["p"][1]["gold"] == 12 and state["p"][1]["vp"] == 1


def test_gold_buys_ap_automatically():
    """docs/rules/amerigo.md 5.8 / 9.7 A14: 1 gold per AP beyond the phase's AP."""
    state = give_turn(fresh(2, 0), 0, {"red": 1})
    state["p"][0]["gold"] = 2
    assert "take l3i" in E.legal_moves(play(state, 0, "red"), 0)
    assert "take l4i" not in E.legal_moves(play(state, 0, "red"), 0)
    state = play(state, 0, "red", "take l3i")
    assert state["p"][0]["gold"] == 0 and state["p"][0]["supply"] == {"l3i": 1}


def test_chest_cash_in_any_decision_overflow_to_vp():
    """docs/rules/amerigo.md 5.8 / 7.24 / 9.7 A22: a chest gives 3 gold; above 12 becomes VP."""
    state = give_turn(fresh(2, 0), 0, {"red": 2})
    state["p"][0]["chests"], state["p"][0]["gold"], state["p"][0]["vp"] = 1, 11, 0
    state = play(state, 0, "red")
    assert "chest" in E.legal_moves(state, 0)
    state = play(state, 0, "chest")
    assert state["p"][0]["gold"] == 12 and state["p"][0]["vp"] == 2 and state["p"][0]["chests"] == 0
    assert "chest" not in E.legal_moves(state, 0)


# ----------------------------------------------------------------------------- black


def test_example_black_ten_cannons_five_ap():
    """docs/rules/amerigo.md 5.2 / 5.8 example: 10 cannons, 5 AP: only 2 fit, +2 gold."""
    state = give_turn(fresh(2, 0), 0, {"black": 5})
    state["p"][0]["can"], state["p"][0]["gold"] = 10, 0
    state = play(state, 0, "black")
    assert E.legal_moves(state, 0)[:-1] == ["load 1", "load 2"]
    state = play(state, 0, "load 2")
    assert state["p"][0]["can"] == 12 and state["p"][0]["gold"] == 2


def test_track_end_bonus_again_when_already_at_end():
    """docs/rules/amerigo.md 5.8 / 7.14: at the end already, choosing the action again pays 2
    gold."""
    state = give_turn(fresh(2, 0), 0, {"black": 2})
    state["p"][0]["can"], state["p"][0]["gold"] = 12, 0
    state = play(state, 0, "black")
    assert E.legal_moves(state, 0) == ["load 0", "back"]
    state = play(state, 0, "load 0")
    assert state["p"][0]["gold"] == 2 and state["p"][0]["can"] == 12


def test_no_track_end_bonus_when_stopping_short():
    """docs/rules/amerigo.md 9.7 A13: no bonus when the player stops short of the end."""
    state = give_turn(fresh(2, 0), 0, {"black": 5})
    state["p"][0]["can"], state["p"][0]["gold"] = 10, 0
    state = play(state, 0, "black", "load 1")
    assert state["p"][0]["gold"] == 0


# ----------------------------------------------------------------------------- brown


def test_example_brown_two_ap_plus_gold_reaches_vp_space():
    """docs/rules/amerigo.md 5.4 example: 2 AP + 1 gold = 3 spaces, reaching a VP space: a token."""
    state = give_turn(fresh(2, 0), 0, {"brown": 2})
    state["p"][0]["prog"], state["p"][0]["gold"] = 3, 1
    state = play(state, 0, "brown", "advance 3")
    assert state["p"][0]["prog"] == 6 and state["p"][0]["gold"] == 0
    assert 6 in PROGRESS_VP
    moves = E.legal_moves(state, 0)
    assert all(m.startswith("token") for m in moves)
    token = moves[0].split()[1]
    state = play(state, 0, moves[0])
    assert [token, False] in state["p"][0]["toks"]
    assert token not in state["parea"]


def test_brown_one_token_per_vp_space_crossed():
    """docs/rules/amerigo.md 5.4 / 9.7 A15: passing two VP spaces takes two tokens."""
    state = give_turn(fresh(2, 0), 0, {"brown": 6})
    state = play(state, 0, "brown", "advance 6")  # passes 3 and 6
    state = play(state, 0, E.legal_moves(state, 0)[0])
    assert E.to_move(state) == [0]
    state = play(state, 0, E.legal_moves(state, 0)[0])
    assert len(state["p"][0]["toks"]) == 2


def test_brown_track_end_gives_two_gold():
    """docs/rules/amerigo.md 5.4 / 7.14: unusable AP at the progress track end: 2 gold."""
    state = give_turn(fresh(2, 0), 0, {"brown": 4})
    state["p"][0]["prog"], state["p"][0]["gold"] = 17, 0
    state["parea"] = [None] * 8
    state = play(state, 0, "brown")
    assert E.legal_moves(state, 0) == ["advance 1", "back"]
    state = play(state, 0, "advance 1")
    assert state["p"][0]["gold"] == 2


def test_progress_token_none_when_area_empty():
    """docs/rules/amerigo.md 9.7 A9: no token when the area is empty; the movement still counts."""
    state = give_turn(fresh(2, 0), 0, {"brown": 3})
    state["parea"] = [None] * 8
    state = play(state, 0, "brown", "advance 3")
    assert state["p"][0]["prog"] == 3 and state["p"][0]["toks"] == []
    assert E.to_move(state) != [0] or state["turn"]["act"] is None


# ----------------------------------------------------------------------------- white


def test_example_white_order_moves_on_top_and_plays_first():
    """docs/rules/amerigo.md 5.7.1 example: yellow with 5 AP moves 4 onto blue's disc on a red
    space; on top, he plays first next phase; 1 AP unused (no bonus: not the track end)."""
    state = give_turn(fresh(2, 0), 0, {"white": 5})
    red = SPECIAL_COLOURS.index("red", 4)
    state["p"][1]["opos"], state["p"][0]["opos"] = red, red - 4
    state["p"][0]["gold"] = 0
    state = play(state, 0, "order", "move 4")
    assert state["p"][0]["opos"] == red
    assert E._order(state)[0] == 0
    assert state["p"][0]["gold"] == 0


def test_order_track_end_bonus():
    """docs/rules/amerigo.md 5.8 / 7.14: the special-action track end pays 2 gold."""
    state = give_turn(fresh(2, 0), 0, {"white": 5})
    state["p"][0]["opos"], state["p"][0]["gold"] = len(SPECIAL_COLOURS) - 3, 0
    state = play(state, 0, "order", "move 2")
    assert state["p"][0]["gold"] == 2


def test_example_white_special_as_red_plan_with_zero_red_cubes():
    """docs/rules/amerigo.md 5.7.2 example / 7.23: disc on a red space, 5 AP of white cubes spent on
    Plan although no red cube is out."""
    state = give_turn(fresh(2, 0), 0, {"white": 5})
    state["p"][0]["opos"] = SPECIAL_COLOURS.index("red")
    assert "red" not in E.legal_moves(state, 0)
    state = play(state, 0, "special")
    assert state["turn"]["act"]["k"] == "red" and state["turn"]["act"]["ap"] == 5
    state = play(state, 0, "take l2", "take v4l", "take v3l", "take v1")
    assert state["turn"]["act"]["ap"] == 0


def test_special_needs_a_coloured_space():
    """docs/rules/amerigo.md 5.7.2: only a disc that has advanced may use the special action."""
    state = give_turn(fresh(2, 0), 0, {"white": 2})
    state["p"][0]["opos"] = 0
    assert "special" not in E.legal_moves(state, 0)
    assert "order" in E.legal_moves(state, 0)


# ----------------------------------------------------------------------------- red


def test_example_plan_four_ap():
    """docs/rules/amerigo.md 5.3 example: 4 AP: a 2-space landscape, a 4- and a 3-space village."""
    state = give_turn(fresh(2, 0), 0, {"red": 4})
    state["p"][0]["gold"] = 0
    state = play(state, 0, "red", "take l2")
    moves = E.legal_moves(state, 0)
    assert not any(m.startswith("take l") for m in moves)  # 7.10: one landscape per phase
    state = play(state, 0, "take v4l", "take v3l")
    assert state["turn"]["act"]["ap"] == 0
    assert state["p"][0]["supply"] == {"l2": 1, "v4l": 1, "v3l": 1}
    assert state["lands"]["l2"] == 7


def test_plan_two_landscapes_with_token():
    """docs/rules/amerigo.md 5.9 P11: the token allows two landscape tiles in one Plan."""
    state = give_turn(fresh(2, 0), 0, {"red": 4})
    state["p"][0]["toks"] = [["landscape2", False]]
    state = play(state, 0, "red", "take l2")
    assert "take l2" in E.legal_moves(state, 0)
    state = play(state, 0, "take l2")
    assert not any(m.startswith("take l") for m in E.legal_moves(state, 0))


# ----------------------------------------------------------------------------- yellow


def test_example_yellow_two_cotton_tokens_for_five_ap():
    """docs/rules/amerigo.md 5.6 example: 5 AP buys cotton tokens costing 2 and 3."""
    state = give_turn(fresh(2, 0), 0, {"yellow": 5})
    state["p"][0]["gold"] = 0
    state["prodarea"] = [["cotton", 2], ["cotton", 3], ["sugar", 4], None, None, None]
    state = play(state, 0, "yellow", "buy cotton 2", "buy cotton 3")
    assert state["p"][0]["prod"]["cotton"] == 3
    assert E.legal_moves(state, 0) == ["done"]


# ----------------------------------------------------------------------------- blue


def _blue_state(ap: int = 4):
    state = give_turn(fresh(2, 0), 0, {"blue": ap})
    state["p"][0]["gold"] = 0
    return state


def test_example_blue_first_use_places_both_ships_and_ap_per_ship():
    """docs/rules/amerigo.md 5.1 examples / 7.5: both ships placed free on the frame; each ship
    may use all 4 AP."""
    state = play(_blue_state(4), 0, "blue")
    moves = E.legal_moves(state, 0)
    assert moves[0] == "launch rim1" and "done" not in moves
    state = play(state, 0, "launch rim1", "launch rim2")
    assert state["turn"]["act"]["left"] == [4, 4]
    for ship in (1, 2):
        for _ in range(4 if ship == 2 else 3):
            here = state["p"][0]["ships"][ship - 1]
            options = [m for m in E.legal_moves(state, 0) if m.startswith(f"sail {ship} ")]
            nxt = next(m for m in options if m.split()[2] != here)
            state = play(state, 0, nxt)
    assert state["turn"]["act"]["left"] == [1, 0]
    assert not any(m.startswith("sail 2") for m in E.legal_moves(state, 0))


def test_ships_share_frame_spaces_but_not_island_sea():
    """docs/rules/amerigo.md 5.1 / 7.6: any number of ships on a frame space; one per island sea
    space; passing through an occupied space is allowed."""
    state = _blue_state(4)
    g = geo(state)
    edge = next(c for c in g["moves"]["rim1"] if not c.startswith("rim"))
    state["p"][1]["ships"] = ["rim1", edge]
    state["p"][0]["ships"] = ["rim1", "rim2"]
    state = play(state, 0, "blue")
    moves = E.legal_moves(state, 0)
    assert f"sail 1 {edge}" in moves  # pass through (4 AP left)
    state = play(state, 0, f"sail 1 {edge}")
    moves = E.legal_moves(state, 0)
    assert "done" not in moves and all(m.startswith("sail 1") for m in moves)
    state = play(state, 0, moves[0])
    assert state["p"][0]["ships"][0] != edge
    assert "done" in E.legal_moves(state, 0)


def test_cannot_enter_occupied_space_without_ap_to_leave():
    """docs/rules/amerigo.md 5.1: a ship may not end its move on an occupied island sea space."""
    state = _blue_state(1)
    g = geo(state)
    edge = next(c for c in g["moves"]["rim1"] if not c.startswith("rim"))
    state["p"][1]["ships"] = [edge, None]
    state["p"][0]["ships"] = ["rim1", "rim1"]
    state = play(state, 0, "blue")
    assert f"sail 1 {edge}" not in E.legal_moves(state, 0)


def _anchor_on_big_island(state):
    g = geo(state)
    isl = next(i for i in g["islands"] if i["big"] and len(i["posts"]) >= 3)
    posts = [p for p in isl["posts"] if p in g["post_anchor"]]
    return g, isl, posts


def test_post_discovery_and_second_post():
    """docs/rules/amerigo.md 5.1 / 7.7-7.9 / 9.7 A6: a post from a ship at anchor; the first post
    on an island scores 3 VP; a second post there scores nothing."""
    state = _blue_state(3)
    g, _isl, posts = _anchor_on_big_island(state)
    a0, a1 = g["post_anchor"][posts[0]][0], g["post_anchor"][posts[1]][0]
    state["p"][0]["ships"] = [a0, a1]
    state["p"][0]["vp"] = 0
    state = play(state, 0, "blue", "post 1")
    assert state["posts"][posts[0]] == 0 and state["p"][0]["vp"] == 3
    assert not any(m.startswith("sail 1") for m in E.legal_moves(state, 0))  # ship 1 ended
    state = play(state, 0, "post 2")
    assert state["posts"][posts[1]] == 0 and state["p"][0]["vp"] == 3
    assert state["p"][0]["posts"] == 10


def test_post_needs_a_free_post_space():
    """docs/rules/amerigo.md 5.1 / 7.7: no post where a post stands or a tile covers the space."""
    state = _blue_state(3)
    g, _isl, posts = _anchor_on_big_island(state)
    state["posts"][posts[0]] = 1
    cover_with_landscape(state, [posts[1]])
    state["p"][0]["ships"] = [g["post_anchor"][posts[0]][0], g["post_anchor"][posts[1]][0]]
    state = play(state, 0, "blue")
    assert not any(m.startswith("post") for m in E.legal_moves(state, 0))


def test_ships8_token():
    """docs/rules/amerigo.md 5.9 P3: +8 AP for each ship, once."""
    state = _blue_state(2)
    state["p"][0]["ships"] = ["rim1", "rim2"]
    state["p"][0]["toks"] = [["ships8", False]]
    state = play(state, 0, "blue", "use ships8")
    assert state["turn"]["act"]["left"] == [10, 10]
    assert "use ships8" not in E.legal_moves(state, 0)


# ----------------------------------------------------------------------------- green


def _build_state(supply: dict, ap: int = 3):
    state = give_turn(fresh(2, 0), 0, {"green": ap})
    state["p"][0]["gold"] = 0
    g, isl, posts = _anchor_on_big_island(state)
    state["posts"][posts[0]] = 0
    state["p"][0]["supply"] = dict(supply)
    return state, g, isl, posts


def test_build_next_to_own_post_only_on_land():
    """docs/rules/amerigo.md 5.5.1-2 / 7.11: tiles go on land next to the player's post."""
    state, g, _isl, posts = _build_state({"v1": 1})
    state = play(state, 0, "green", "build v1")
    moves = [m for m in E.legal_moves(state, 0) if m.startswith("cover")]
    cells = {m.split()[1] for m in moves}
    assert cells and cells <= set(g["land"])
    for cell in cells:
        assert posts[0] in g["nbrs"][cell]
    state = play(state, 0, moves[0])
    assert state["cover"][moves[0].split()[1]] == 0


def test_build_impossible_without_post():
    """docs/rules/amerigo.md 5.5 / 9.7 A12: no post on the island, no building."""
    state = give_turn(fresh(2, 0), 0, {"green": 3})
    state["p"][0]["supply"] = {"v1": 1}
    state = play(state, 0, "green")
    assert E.legal_moves(state, 0) == ["done", "back"]


def test_chain_through_landscapes_not_other_villages():
    """docs/rules/amerigo.md 5.5.2: landscapes of anyone extend the chain; others' villages
    don't."""
    state, g, _isl, posts = _build_state({"v1": 1})
    first = land_neighbours(state, posts[0])[0]
    beyond = [c for c in land_neighbours(state, first) if posts[0] not in g["nbrs"][c]]
    assert beyond
    # A neutral landscape on `first` lets the chain reach beyond it.
    cover_with_landscape(state, [first])
    s1 = play(state, 0, "green", "build v1")
    reach = {m.split()[1] for m in E.legal_moves(s1, 0) if m.startswith("cover")}
    assert set(beyond) <= reach
    # Another player's village on `first` does not.
    state["placed"][-1][1] = 1
    s2 = play(state, 0, "green", "build v1")
    reach = {m.split()[1] for m in E.legal_moves(s2, 0) if m.startswith("cover")}
    assert not set(beyond) & reach


def test_cover_empty_post_space_but_never_a_built_post():
    """docs/rules/amerigo.md 5.5.4 / 7.11: an empty post space may be covered (blocking it); a
    built post never."""
    state, _g, isl, posts = _build_state({"v1": 1})
    ring = [c for c in isl["cells"] if c != posts[0]]
    # Leave only another post space (empty) and a built post of player 1 uncovered near ours.
    target = next(p for p in isl["posts"] if p != posts[0])
    other = next(p for p in isl["posts"] if p not in (posts[0], target))
    state["posts"][other] = 1
    cover_with_landscape(state, [c for c in ring if c not in (target, other)])
    state = play(state, 0, "green", "build v1")
    cells = {m.split()[1] for m in E.legal_moves(state, 0) if m.startswith("cover")}
    assert cells == {target}


def test_commodity_space_gives_its_token_and_island_values():
    """docs/rules/amerigo.md 5.5.3 / 7.12: covering a commodity space gives that commodity; a tile
    scores its big-island value on a big island."""
    state, g, isl, posts = _build_state({"v1": 1})
    goods = [c for c in isl["cells"] if g["kind"][c] in "ctskf" and c not in state["cover"]]
    cell = goods[0]
    # Chain of landscapes from the post up to the commodity space.
    others = [c for c in isl["cells"] if c not in (cell, posts[0])]
    cover_with_landscape(state, others)
    state["p"][0]["vp"] = 0
    state = play(state, 0, "green", "build v1", f"cover {cell}")
    name = {"c": "cotton", "t": "tobacco", "s": "sugar", "k": "coconuts", "f": "coffee"}
    assert state["p"][0]["goods"][name[g["kind"][cell]]] == 1
    # Completes the island as well (all other cells covered): 1 + 3 + 1 post x 5 = 9.
    assert state["p"][0]["vp"] == 1 + 3 + 5


def test_example_round_two_completion_seventeen_vp_and_chest():
    """docs/rules/amerigo.md 5.5 worked example: round 2 (time marker 4), red completes a big
    island with a 2-space village: 2 + 3 + 3 x 4 = 17 VP and the chest; blue (1 post) 4 VP."""
    state, _g, isl, posts = _build_state({"v2": 1}, ap=1)
    red, blue = 0, 1
    state["posts"][posts[1]] = red
    state["posts"][posts[2]] = blue
    state["time"] = [4, 3, 2]
    x = land_neighbours(state, posts[0])[0]
    y = next(c for c in land_neighbours(state, x) if c != posts[0])
    rest = [c for c in isl["cells"] if c not in (x, y) and c not in state["posts"]]
    cover_with_landscape(state, rest)
    state["p"][red]["vp"] = state["p"][blue]["vp"] = 0
    cells = ",".join(sorted([x, y], key=D.parse_cell))
    state = play(state, red, "green", "build v2", f"cover {cells}")
    assert state["p"][red]["vp"] == 17
    assert state["p"][red]["chests"] == 1 and isl["id"] not in state["chests"]
    assert state["p"][blue]["vp"] == 4
    assert isl["id"] in state["completed"]


def test_completion_by_trading_post():
    """docs/rules/amerigo.md 5.1 / 7.13 / 9.7 A11: the last space filled by a post completes the
    island; every player with posts scores."""
    state = _blue_state(2)
    g, isl, posts = _anchor_on_big_island(state)
    state["posts"][posts[1]] = 1
    cover_with_landscape(state, [c for c in isl["cells"] if c not in (posts[0], posts[1])])
    state["discovered"][str(isl["id"])] = 1
    state["p"][0]["ships"] = [g["post_anchor"][posts[0]][0], "rim1"]
    state["p"][0]["vp"] = state["p"][1]["vp"] = 0
    state = play(state, 0, "blue", "post 1")
    assert state["p"][0]["vp"] == 3 + 1 * 5  # completion + table(1) x marker 5
    assert state["p"][1]["vp"] == 5 and state["p"][0]["chests"] == 1


def test_build_several_tiles_and_placement_steps_stay_short():
    """docs/rules/amerigo.md 5.5.5: several tiles in one phase; every listed step is short."""
    state, _g, _isl, _posts = _build_state({"v1": 2, "l4t": 1}, ap=6)
    state = play(state, 0, "green", "build v1")
    state = play(state, 0, E.legal_moves(state, 0)[0])
    assert state["turn"]["act"]["ap"] == 5
    state = play(state, 0, "build v1")
    state = play(state, 0, E.legal_moves(state, 0)[0])
    if "build l4t" in E.legal_moves(state, 0):
        state = play(state, 0, "build l4t")
        assert len(E.legal_moves(state, 0)) <= 25


# ----------------------------------------------------------------------------- pirates


def _round_end(state):
    log = []
    E._end_round(state, log)
    return log


def test_example_pirates_six_against_four_and_eight_cannons():
    """docs/rules/amerigo.md 6.2 examples: strength 6: blue (4 cannons) drops to 0 and loses 6 VP;
    yellow (8 cannons) keeps 2."""
    state = fresh(2, 0)
    state["pirates"] = [[6, True], [4, False], [0, False], [1, False], [2, False]]
    state["p"][0]["can"], state["p"][0]["vp"] = 4, 10
    state["p"][1]["can"], state["p"][1]["vp"] = 8, 10
    _round_end(state)
    assert (state["p"][0]["can"], state["p"][0]["vp"]) == (0, 4)
    assert (state["p"][1]["can"], state["p"][1]["vp"]) == (2, 10)


def test_pirate_loss_floor_at_zero():
    """docs/rules/amerigo.md 6.1 / 7.16 / 9.7 A17: VP never go below 0."""
    state = fresh(2, 0)
    state["pirates"] = [[6, True], [4, True], [0, False], [1, False], [2, False]]
    state["p"][0]["can"], state["p"][0]["vp"] = 0, 3
    _round_end(state)
    assert state["p"][0]["vp"] == 0


def test_pirate_tokens_p4_p5_p6():
    """docs/rules/amerigo.md 5.9 P4-P6 / 7.18-7.19 / 9.7 A4, A16."""
    state = fresh(2, 0)
    state["pirates"] = [[3, True], [4, False], [0, False], [1, False], [2, False]]
    state["p"][1]["toks"] = [["pirates2", False]]  # others fight 3 + 2
    state["p"][0]["toks"] = [["halfloss", False]]
    state["p"][0]["can"], state["p"][0]["vp"] = 4, 10
    state["p"][1]["can"], state["p"][1]["vp"] = 3, 10
    _round_end(state)
    assert (state["p"][0]["can"], state["p"][0]["vp"]) == (0, 8)  # spends all, loses 5 // 2
    assert (state["p"][1]["can"], state["p"][1]["vp"]) == (0, 10)
    state = fresh(2, 0)
    state["pirates"] = [[0, True], [4, False], [3, False], [1, False], [2, False]]
    state["p"][0]["toks"] = [["pirategold", False]]
    state["p"][0]["gold"] = 0
    _round_end(state)
    assert state["p"][0]["gold"] == 2  # paid even at strength 0


# ----------------------------------------------------------------------------- round end


def test_round_end_preparation():
    """docs/rules/amerigo.md 4.3.2 / 7.21: reveal a pirate, refill progress (discard right, slide,
    4 new left), new production, remove the top time marker."""
    state = fresh(3, 0)
    state["parea"] = ["a1", None, "a3", "a4", "r1", "r2", None, "r4"]
    deck_before = list(state["pdeck"])
    prod_before = len(state["proddeck"])
    E._prepare_round(state, Rng(1), [])
    assert state["parea"][4:] == ["a1", None, "a3", "a4"]
    assert state["parea"][:4] == list(reversed(deck_before[-4:]))
    assert sum(1 for _, up in state["pirates"] if up) == 2
    assert len(state["proddeck"]) == prod_before - 8
    assert state["time"] == [4, 3, 2]


def test_full_game_runs_five_rounds_and_reveals_pirates():
    """docs/rules/amerigo.md 4.1 / 4.3.3: 5 rounds, then final scoring with a breakdown."""
    state = fresh(2, 4)
    rng = random.Random(4)
    rounds = set()
    while E.to_move(state):
        rounds.add(state["round"])
        seat = E.to_move(state)[0]
        state = E.apply(state, seat, E.default_move(state, seat)).state
    assert rounds == {1, 2, 3, 4, 5}
    assert all(up for _, up in state["pirates"])
    assert state["time"] == []
    res = E.result(state)
    assert {"gold", "commodities", "progress", "special"} <= set(res[0].breakdown)
    del rng


# ----------------------------------------------------------------------------- final scoring


def test_example_final_scoring():
    """docs/rules/amerigo.md 6.3 example: chest (3) + 5-gold token from 10 gold: 12 gold, 6 VP
    overflow, +12; commodities 12 + 1 + 0 + 2 + 4; progress 7 (E token) + 12 (gold again) +
    10 (track); special track 6."""
    state = fresh(2, 0)
    p = state["p"][0]
    p.update(vp=0, gold=10, chests=1, posts=5, prog=15, opos=12, can=0)
    p["toks"] = [["gold5", False], ["e-posts", False], ["e-gold", False]]
    p["goods"] = {"cotton": 3, "tobacco": 1, "sugar": 0, "coconuts": 2, "coffee": 2}
    p["prod"] = {"cotton": 4, "tobacco": 1, "sugar": 2, "coconuts": 1, "coffee": 2}
    E._final(state, [])
    fb = state["final"][0]
    assert fb["gold"] == 6 + 12
    assert fb["commodities"] == 12 + 1 + 0 + 2 + 4
    assert fb["progress"] == 7 + 12 + 10
    assert fb["special"] == 6
    assert p["vp"] == 18 + 19 + 29 + 6


def test_tie_goes_to_player_further_ahead_in_order():
    """docs/rules/amerigo.md 6.3: a tie is won by the player further ahead in player order."""
    state = fresh(2, 0)
    for p in state["p"]:
        p.update(vp=0, gold=0, chests=0, toks=[], prog=0, opos=2)
        p["goods"] = dict.fromkeys(p["goods"], 0)
    state["p"][0]["stamp"], state["p"][1]["stamp"] = 5, 9
    E._final(state, [])
    res = E.result(state)
    assert [s.seat for s in res] == [1, 0] and [s.rank for s in res] == [1, 2]


def test_illegal_moves_are_rejected():
    """Contract: a move not listed raises IllegalMove (e.g. a second landscape, rules 7.10)."""
    state = give_turn(fresh(2, 0), 0, {"red": 5})
    state = play(state, 0, "red", "take l2")
    with pytest.raises(IllegalMove):
        E.apply(state, 0, "take l1")


def test_red_green_token_swaps_colours():
    """docs/rules/amerigo.md 5.9 P13: green cubes count as red and red as green."""
    state = give_turn(fresh(2, 0), 0, {"green": 2})
    assert "red" not in E.legal_moves(state, 0)
    state["p"][0]["toks"] = [["red-green", False]]
    assert {"red", "green"} <= set(E.legal_moves(state, 0))


def test_ap_bonus_tokens():
    """docs/rules/amerigo.md 5.9 P1/P2: +2 AP for a depicted action, +1 for a pair."""
    state = give_turn(fresh(2, 0), 0, {"black": 2})
    state["p"][0]["toks"] = [["ap-black", False], ["ap-blue-black", False]]
    state["p"][0]["gold"] = 0
    state = play(state, 0, "black")
    assert E.legal_moves(state, 0)[-2] == "load 5"


def test_order_top_token():
    """docs/rules/amerigo.md 5.9 P12: the disc goes on top of the first player's disc."""
    state = give_turn(fresh(2, 0), 0, {"white": 1})
    state["p"][1]["opos"] = 9
    state["p"][0]["toks"] = [["order-top", False]]
    state = play(state, 0, "order", "move top")
    assert state["p"][0]["opos"] == 9 and E._order(state)[0] == 0


def test_default_move_is_safe():
    """docs/rules/amerigo.md 9.3: the timeout default is taking gold."""
    state = give_turn(fresh(2, 0), 0, {"black": 3})
    assert E.default_move(state, 0) == "gold"


def test_build_choice_is_split_into_short_steps():
    """Design (small decisions) for docs/rules/amerigo.md 5.5: with many placements the player picks
    a row, then a first cell, then the cover; every list stays short and every cover is legal."""
    state = give_turn(fresh(4, 0), 0, {"green": 2})
    g = geo(state)
    for post in g["post_anchor"]:
        state["posts"][post] = 0
    state["p"][0]["supply"] = {"v1": 1}
    state = play(state, 0, "green", "build v1")
    moves = E.legal_moves(state, 0)
    assert moves[0].startswith("row") and len(moves) <= 25
    while not moves[0].startswith("cover"):
        state = play(state, 0, moves[0])
        moves = E.legal_moves(state, 0)
        assert len(moves) <= 25
    cell = moves[0].split()[1]
    state = play(state, 0, moves[0])
    assert cell in state["cover"]


def test_views_hide_face_down_pirates_and_piles_but_show_tower():
    """docs/rules/amerigo.md 9.4: face-down pirates and pile orders are hidden from everyone; the
    cubes inside the tower are public (deducible)."""
    state = fresh(3, 2)
    view = E.view(state, None)
    hidden = [v for v, up in state["pirates"] if not up]
    assert view["pirates"].count(None) == len(hidden) == 4
    assert "pirate_box" not in view and "pdeck" not in view and "proddeck" not in view
    assert view["progress_deck"] == len(state["pdeck"])
    assert view["tower"] == state["tower"]
    assert E.view(state, 1)["private"]["moves"] == E.legal_moves(state, 1)


def test_small_island_uses_small_value():
    """docs/rules/amerigo.md 5.5: a tile on a small island scores its small-island value."""
    state = give_turn(fresh(2, 0), 0, {"green": 2})
    g = geo(state)
    isl = next(i for i in g["islands"] if not i["big"] and i["land"] >= 4)
    post = isl["posts"][0]
    state["posts"][post] = 0
    state["p"][0]["supply"] = {"v2": 1}
    state["p"][0]["vp"] = 0
    state = play(state, 0, "green", "build v2")
    state = play(state, 0, next(m for m in E.legal_moves(state, 0) if m.startswith("cover")))
    small = D.shapes()["v2"]["small"]
    assert state["p"][0]["vp"] in (small, small + 3 + 5)  # + completion if it filled the island
    assert small != D.shapes()["v2"]["big"]
