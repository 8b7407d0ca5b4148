"""docs/rules/tahiti.md 5.9 (Exhaustion), 4 and 6 (end of season, scoring) and 7."""

from __future__ import annotations

from engines.tahiti import ENGINE
from tests.tahiti.helpers import acting, bag, island, play


def late_board(state: dict, extra_empty: int = 0) -> dict:
    """Add ``extra_empty`` empty unexhausted islands east of the start ring."""
    for i in range(extra_empty):
        state["board"][f"{2 + i},-1"] = island(f"T{10 + i}", ["banana", "spice"], [False, False])
    return state


def test_marina_exhaustion_example() -> None:
    """docs/rules/tahiti.md 5.9 example, 9.7 A10: two empty islands; Marina (collecting bananas)
    marks the one without banana spaces; a random marker is then revealed on it."""
    state = acting(late=True)
    state["bag"] = bag()
    state["board"]["1,0"]["cubes"] = [False, False]  # banana / coconut
    state["board"]["-1,0"]["cubes"] = [False, False]  # spice / taro
    state, _ = play(state, 0, "end")
    assert state["phase"] == "exhaust"
    assert ENGINE.legal_moves(state, 0) == ["exhaust -1,0", "exhaust 1,0"]
    next_marker = state["markers"][0]
    state, _log = play(state, 0, "exhaust -1,0")
    assert state["board"]["-1,0"]["marker"] == next_marker
    assert state["board"]["1,0"]["marker"] is None
    assert state["current"] == 1  # the turn ends after the Exhaustion Phase


def test_only_islands_without_cubes_are_exhausted() -> None:
    """docs/rules/tahiti.md 5.9, 7.14, 9.7 A21/A23: one marker, on an island with no cubes; Sea and
    Home never. A single candidate is marked without a question."""
    state = acting(late=True)
    state["bag"] = bag()
    state["board"]["1,0"]["cubes"] = [True, False]  # one cube left: not a candidate
    state["board"]["0,1"]["cubes"] = [False, False]
    state, _log = play(state, 0, "end")
    assert state["board"]["0,1"]["marker"] in ("fish", "blank")
    assert state["board"]["1,0"]["marker"] is None
    assert sum(1 for h in state["board"].values() if h.get("marker")) == 1


def test_no_marker_without_an_empty_island() -> None:
    """docs/rules/tahiti.md 5.9, 9.7 A21: no empty island, no marker that turn."""
    state = acting(late=True)
    state["bag"] = bag()
    markers = list(state["markers"])
    state, log = play(state, 0, "end")
    assert state["markers"] == markers
    assert any("No empty island" in line for line in log)


def test_canoes_do_not_prevent_exhaustion() -> None:
    """docs/rules/tahiti.md 5.9, 7.14: a canoe on the island does not protect it."""
    state = acting(late=True, at="0,1")
    state["bag"] = bag()
    state["at"][1] = "0,1"
    state["board"]["0,1"]["cubes"] = [False, False]
    state, _ = play(state, 0, "end")
    assert state["board"]["0,1"]["marker"] is not None


def test_no_exhaustion_while_hommea_in_play() -> None:
    """docs/rules/tahiti.md 4, 5.9: the phase is skipped in the growing season."""
    state = acting()
    state["board"]["0,1"]["cubes"] = [False, False]
    state, _ = play(state, 0, "end")
    assert state["board"]["0,1"]["marker"] is None
    assert state["phase"] == "hommea" and state["current"] == 1


def test_exhausted_island_gets_no_cubes_and_no_harvest() -> None:
    """docs/rules/tahiti.md 5.9, 7.15: an exhausted island produces nothing for the rest of the
    game."""
    state = acting(late=True)
    state["board"]["0,1"]["cubes"] = [False, False]
    state["board"]["0,1"]["marker"] = "blank"
    state["board"]["-1,0"]["cubes"] = [True, False]
    state["bag"] = bag(coconut=1, taro=1)
    state, _ = play(state, 0, "end")  # next turn draws coconut and taro
    assert state["board"]["0,1"]["cubes"] == [False, False]
    assert state["board"]["-1,0"]["cubes"] == [True, True]  # the taro went to -1,0


def finish_turn(state: dict) -> dict:
    seat = state["current"]
    state, _ = play(state, seat, "end")
    if state["phase"] == "exhaust":
        state, _ = play(state, seat, ENGINE.legal_moves(state, seat)[0])
    return state


def test_end_trigger_finishes_the_round() -> None:
    """docs/rules/tahiti.md 4, 6.2.1, 7.16, 7.17, 9.7 A16: with 4 unexhausted islands left after a
    turn the round is finished so everyone plays as many turns, then the game ends; cubes still
    on islands do not matter."""
    state = acting(late=True, seat=1)  # seat 0 went first
    state["bag"] = bag()
    late_board(state, extra_empty=1)  # five unexhausted islands, one of them empty
    state = finish_turn(state)
    assert state["end_triggered"] and state["current"] == 2
    assert ENGINE.view(state, None)["end_triggered"] is True
    state = finish_turn(state)
    assert state["current"] == 3 and ENGINE.result(state) is None
    state = finish_turn(state)
    assert state["phase"] == "over" and ENGINE.to_move(state) == []
    assert ENGINE.result(state) is not None


def test_final_delivery_from_anywhere_with_cap() -> None:
    """docs/rules/tahiti.md 6.2.2, 7.18: canoes unload wherever they are, 9 per colour at most."""
    state = acting(late=True, seat=3)
    state["bag"] = bag()
    state["at"][1] = "1,-1"
    state["canoes"][1] = ["taro", "taro", "taro"]
    state["charts"][1]["taro"] = 7
    for h in state["board"].values():
        if h["kind"] == "island":
            h["cubes"] = [True, True]
    state["end_triggered"] = True
    state = finish_turn(state)
    assert state["phase"] == "over"
    assert state["charts"][1]["taro"] == 9 and state["canoes"][1] == []


def score_state(charts: list[dict], favs: list[str]) -> dict:
    state = acting(late=True)
    for seat, chart in enumerate(charts):
        state["charts"][seat] = {
            g: chart.get(g, 0) for g in ("banana", "coconut", "spice", "taro", "fish")
        }
    state["fav"] = favs
    return state


def test_maria_scoring_example() -> None:
    """docs/rules/tahiti.md 6.2 example: most coconuts (+5), tied second in bananas (+3), three set
    columns completed (+5, the value above column 3): 30 points, so her goods rows make 17."""
    maria = {"banana": 3, "coconut": 5, "spice": 3, "taro": 3, "fish": 3}
    rows = ENGINE.scores(
        score_state(
            [
                maria,
                {"banana": 4, "coconut": 2},
                {"banana": 3, "coconut": 1},
                {"taro": 2},
            ],
            ["F4a", "F4b", "F4c", "F4d"],  # F4a = banana + coconut
        )
    )
    assert rows[0]["goods"] == 17
    assert rows[0]["favourite"] == 8
    assert rows[0]["variety"] == 5 and rows[0]["columns"] == 3
    assert rows[0]["total"] == 30


def test_favourite_bonus_dense_ranking_and_minimum() -> None:
    """docs/rules/tahiti.md 6.2, 7.19, 9.7 A11/A12: 5 for every holder of the most, 3 for every
    holder of the next-lower amount, compared with all players; 0 cubes earn nothing."""
    favs = ["F4a", "F4b", "F4c", "F4d"]  # banana+coconut, taro+spice, fish+banana, coconut+taro
    rows = ENGINE.scores(
        score_state(
            [{"banana": 5}, {"banana": 5, "taro": 0}, {"banana": 3, "fish": 0}, {"coconut": 0}],
            favs,
        )
    )
    assert rows[0]["favourite"] == 5  # banana: tied most; coconut: nobody has any
    assert rows[1]["favourite"] == 0  # taro and spice: zero cubes
    assert rows[2]["favourite"] == 3  # banana 3 is the next-lower amount after 5
    assert rows[3]["favourite"] == 0


def test_variety_bonus_only_rightmost_column() -> None:
    """docs/rules/tahiti.md 6.2: only the value above the rightmost completed column scores."""
    chart = {"banana": 4, "coconut": 6, "spice": 4, "taro": 5, "fish": 4}
    row = ENGINE.scores(score_state([chart, {}, {}, {}], ["F4b", "F4a", "F4c", "F4d"]))[0]
    assert row["variety"] == 7 and row["columns"] == 4
    no_fish = dict(chart, fish=0)
    row = ENGINE.scores(score_state([no_fish, {}, {}, {}], ["F4b", "F4a", "F4c", "F4d"]))[0]
    assert row["variety"] == 0


def test_goods_rows_and_full_row() -> None:
    """docs/rules/tahiti.md 6.2 Goods, 9.7 A17: the first empty space after the cubes; a full row
    scores the end-of-row value (9)."""
    chart = {"banana": 9, "coconut": 2}
    row = ENGINE.scores(score_state([chart, {}, {}, {}], ["F4b", "F4a", "F4c", "F4d"]))[0]
    assert row["goods"] == 11


def test_result_breakdown_and_shared_victory() -> None:
    """docs/rules/tahiti.md 6.2 Winner, 9.7 A13: most points wins; ties share the rank."""
    state = acting(late=True, seat=3)
    state["bag"] = bag()
    state["end_triggered"] = True
    state["fav"] = ["F4a", "F4b", "F4c", "F4d"]
    state["charts"][0]["coconut"] = 2
    state["charts"][3]["taro"] = 2
    state = finish_turn(state)
    standings = {s.seat: s for s in ENGINE.result(state)}
    # seat 0: goods 2 + coconut most 5 = 7; seat 3: goods 2 + taro most 5 + coconut 0 = 7
    assert standings[0].score == standings[3].score == 7
    assert standings[0].rank == standings[3].rank == 1
    assert standings[1].rank == 3
    assert set(standings[0].breakdown) == {"goods", "favourite", "variety"}
    assert standings[0].breakdown["favourite"] == 5
    # Issue 14: the standings header was cut to "favourite bonu" (14 characters are shown).
    assert all(len(key) <= 14 for key in standings[0].breakdown)
