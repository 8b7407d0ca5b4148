"""docs/rules/tahiti.md 9.4 (hidden information) and the public view / images."""

from __future__ import annotations

import json

from engines.tahiti import ENGINE
from engines.tahiti import data as tdata
from tests.tahiti.helpers import acting, bag, fresh, play


def test_favourite_is_private_until_the_end() -> None:
    """docs/rules/tahiti.md 3.9, 9.4: only the owner sees their Favourite tile; everyone at the
    end."""
    state = fresh(3)
    public = ENGINE.view(state, None)
    assert "favourite" not in json.dumps(public)
    for seat in range(3):
        view = ENGINE.view(state, seat)
        goods = tdata.components()["favourites"][state["fav"][seat]]
        assert view["private"]["favourite"] == goods
        assert {k: v for k, v in view.items() if k not in ("seat", "private")} == public
        for other in range(3):
            if other != seat:
                other_goods = tdata.components()["favourites"][state["fav"][other]]
                assert ENGINE.view(state, other)["private"]["favourite"] != goods or (
                    other_goods == goods
                )


def test_favourites_revealed_when_over() -> None:
    """docs/rules/tahiti.md 9.4: revealed to all at final scoring (2p: the undealt tile too)."""
    state = acting(players=2, late=True, seat=1)
    state["bag"] = bag()
    state["end_triggered"] = True
    state, _ = play(state, 1, "end")
    assert state["phase"] == "over"
    public = ENGINE.view(state, None)
    fav = tdata.components()["favourites"]
    assert [row["favourite_goods"] for row in public["final"]] == [fav[t] for t in state["fav"]]
    assert public["undealt_favourites"] == [fav[state["fav_undealt"][0]]]
    assert all(ENGINE.view(state, s)["private"]["favourite"] for s in (0, 1))


def test_only_the_top_of_each_stack_is_public() -> None:
    """docs/rules/tahiti.md 9.4: stacks are face up, but the order below the top is unknown; the
    marker pool order is hidden (a count is shown)."""
    state = fresh(4)
    text = json.dumps(ENGINE.view(state, 0))
    for stack in state["stacks"]:
        assert f'"{stack[0]}"' in text
        for hidden in stack[1:]:
            assert f'"{hidden}"' not in text
    view = ENGINE.view(state, None)
    assert [s["size"] for s in view["stacks"]] == [7, 7]
    assert view["markers_left"] == 18 and "markers" not in view


def test_public_view_has_what_the_board_needs() -> None:
    """Everything the image draws comes from the view."""
    state = acting(at="1,0", canoe=["banana"])
    view = ENGINE.view(state, None)
    for key in (
        "game",
        "phase",
        "current",
        "round",
        "era",
        "end_triggered",
        "board",
        "hommea",
        "stacks",
        "bag",
        "player_boards",
        "harvest_chart",
        "events",
        "legal",
    ):
        assert key in view
    hexes = {h["at"]: h for h in view["board"]}
    assert hexes["1,0"]["goods"] == ["banana", "coconut"] and hexes["1,0"]["reefs"] == [0, 1]
    me = view["player_boards"][0]
    assert me["canoe"] == ["banana"] and me["rowers"] == 4 and me["actions_left"] == 4
    assert view["harvest_chart"]["variety"][2] == 5


def test_default_moves_are_safe() -> None:
    """Timeouts: `end` in the Action Phase; the exhaustion spares the player's favourites."""
    state = acting(late=True)
    assert ENGINE.default_move(state, 0) == "end"
    state["bag"] = bag()
    state["fav"][0] = "F4a"  # banana + coconut
    state["board"]["1,0"]["cubes"] = [False, False]  # banana / coconut
    state["board"]["-1,0"]["cubes"] = [False, False]  # spice / taro
    state, _ = play(state, 0, "end")
    assert ENGINE.default_move(state, 0) == "exhaust -1,0"


def test_board_and_private_images() -> None:
    """render/tahiti.py: a 900 px board, a 720 px private image and a 720 px detail image."""
    from render import tahiti as render

    state = fresh(4, seed=3)
    seat = state["current"]
    state, _ = play(state, seat, ENGINE.legal_moves(state, seat)[0])
    state, _ = play(state, seat, ENGINE.legal_moves(state, seat)[0])
    assert state["phase"] == "rotate"
    image = render.board(ENGINE.view(state, None))
    assert 500 <= image.width <= 1100
    mine = render.private(ENGINE.view(state, seat))
    assert mine is not None and 500 <= mine.width <= 1100
    assert render.detail(ENGINE.view(state, None)).width == 720  # a sheet a phone scrolls
    assert render.private(ENGINE.view(state, None)) is None
