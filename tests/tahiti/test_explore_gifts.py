"""docs/rules/tahiti.md 4 (flow), 5.1 (Exploration) and 5.2 (Hommea's Gifts)."""

from __future__ import annotations

from engines.tahiti import ENGINE
from engines.tahiti.engine import is_edge
from i18n import load
from tests.tahiti.helpers import bag, fresh, island, play


def started(players: int = 4, seed: int = 1) -> tuple[dict, int]:
    state = fresh(players, seed)
    return state, state["current"]


def explore(state: dict, seat: int, tile: str = "T08") -> dict:
    """Hommea to the Sea tile 1,-1, then the top of stack A (forced to ``tile``) at 2,-1."""
    state["stacks"][0] = [tile] + [t for t in state["stacks"][0] if t != tile]
    state["stacks"][1] = [t for t in state["stacks"][1] if t != tile]
    state, _ = play(state, seat, "hommea 1,-1", "place a 2,-1")
    return play(state, seat, ENGINE.legal_moves(state, seat)[0])[0]


def test_hommea_must_leave_the_home_island() -> None:
    """docs/rules/tahiti.md 5.1(a), 7.1 example: Home is not at the edge, so the first player must
    move Hommea one tile, e.g. down onto a Sea tile."""
    state, seat = started()
    moves = ENGINE.legal_moves(state, seat)
    assert "stay" not in moves
    assert sorted(moves) == sorted(
        f"hommea {k}" for k in ("1,0", "1,-1", "0,-1", "-1,0", "-1,1", "0,1")
    )
    state, _ = play(state, seat, "hommea -1,1")
    assert state["hommea"] == "-1,1" and state["board"]["-1,1"]["kind"] == "sea"


def test_hommea_must_end_on_an_edge_hex() -> None:
    """docs/rules/tahiti.md 5.1(a), 9.7 A6: she only moves onto an adjacent tile at the edge."""
    state, seat = started()
    for k in ("2,0", "2,-1", "1,1"):  # surround the island at 1,0
        state["board"][k] = {"kind": "sea", "reefs": []}
    assert not is_edge(state["board"], "1,0")
    moves = ENGINE.legal_moves(state, seat)
    assert "hommea 1,0" not in moves and "hommea 0,1" in moves


def test_hommea_may_stay_on_an_edge_hex() -> None:
    """docs/rules/tahiti.md 5.1(a): on an edge hex she may stay or move."""
    state, seat = started()
    state["hommea"] = "1,-1"
    moves = ENGINE.legal_moves(state, seat)
    assert moves[0] == "stay" and "hommea 0,0" not in moves  # Home is not at the edge
    state, _log = play(state, seat, "stay")
    assert state["hommea"] == "1,-1" and state["phase"] == "place"


def test_reefs_do_not_affect_hommea() -> None:
    """docs/rules/tahiti.md 7.3: the island at 1,0 has reefs toward e and ne; Hommea crosses
    freely."""
    state, seat = started()
    state["hommea"] = "2,-1"
    state["board"]["2,-1"] = {"kind": "sea", "reefs": []}
    assert set(state["board"]["1,0"]["reefs"]) == {0, 1}
    assert "hommea 1,0" in ENGINE.legal_moves(state, seat)


def test_placement_next_to_hommea_and_two_tiles_sea_counts() -> None:
    """docs/rules/tahiti.md 5.1(b), 7.2, 9.7 A7: the tile touches Hommea's hex (a Sea tile here) and
    at least two placed tiles; both stacks are offered."""
    state, seat = started()
    state, _ = play(state, seat, "hommea -1,1")
    assert sorted(ENGINE.legal_moves(state, seat)) == sorted(
        ["place a -2,1", "place a -1,2", "place b -2,1", "place b -1,2"]
    )


def test_rotation_chooses_reef_edges() -> None:
    """docs/rules/tahiti.md 5.1(b): the tile may be turned any way; reefs follow the rotation."""
    state, seat = started()
    state["stacks"][0] = ["T08"] + [t for t in state["stacks"][0] if t != "T08"]
    state["stacks"][1] = [t for t in state["stacks"][1] if t != "T08"]
    state, _ = play(state, seat, "hommea 1,-1", "place a 2,-1")
    # T08 has opposite reefs: three distinct turns, plus back
    assert ENGINE.legal_moves(state, seat) == [
        "reefs e,w",
        "reefs ne,sw",
        "reefs nw,se",
        "back",
    ]
    back, _ = play(state, seat, "back")
    assert back["phase"] == "place" and back["stacks"] == state["stacks"]
    state, log = play(state, seat, "reefs nw,se")
    placed = state["board"]["2,-1"]
    assert placed["tile"] == "T08" and placed["reefs"] == [2, 5]
    assert placed["cubes"] == [False, False] or "gift" in " ".join(log).lower()
    assert state["stacks"][0][0] != "T08"


def test_adjacent_reef_tile_has_six_turns() -> None:
    """docs/rules/tahiti.md 5.1(b): a tile with reefs on adjacent sides has six distinct turns."""
    state, seat = started()
    state["stacks"][0] = ["T09"] + [t for t in state["stacks"][0] if t != "T09"]
    state["stacks"][1] = [t for t in state["stacks"][1] if t != "T09"]
    state, _ = play(state, seat, "hommea 1,-1", "place a 2,-1")
    assert ENGINE.legal_moves(state, seat)[:6] == [
        "reefs e,ne",
        "reefs ne,nw",
        "reefs nw,w",
        "reefs w,sw",
        "reefs sw,se",
        "reefs e,se",
    ]


def test_no_legal_placement_fallback() -> None:
    """docs/rules/tahiti.md 9.7 A8: with no placement touching two tiles, a tile may go next to
    Hommea touching only her hex."""
    state, seat = started()
    state["board"] = {"0,0": {"kind": "home", "reefs": []}}
    moves = ENGINE.legal_moves(state, seat)
    assert moves == ["stay"]
    state, _ = play(state, seat, "stay")
    assert len(ENGINE.legal_moves(state, seat)) == 12  # 6 positions x 2 stacks


def test_panagiota_gifts_example() -> None:
    """docs/rules/tahiti.md 5.2 example: Panagiota draws banana, spice, fish. The banana fits the
    tile she just placed; the spice and the fish fit nowhere and go back to the bag."""
    state, seat = started()
    state["bag"] = bag(banana=1, spice=1, fish=1)
    state = explore(state, seat, "T08")  # banana / coconut
    assert state["board"]["2,-1"]["cubes"] == [True, False]
    assert state["bag"] == bag(spice=1, fish=1)
    assert state["phase"] == "actions"  # gifts resolved without a question


def test_gift_choice_when_several_spaces_fit() -> None:
    """docs/rules/tahiti.md 5.2, 7.5: the player chooses among several matching empty spaces."""
    state, seat = started()
    state["board"]["1,0"]["cubes"] = [False, True]  # T01 banana/coconut
    state["board"]["0,-1"]["cubes"] = [False, True]  # T03 banana/spice
    state["bag"] = bag(banana=1)
    state = explore(state, seat, "T08")
    assert state["phase"] == "gift"
    assert sorted(ENGINE.legal_moves(state, seat)) == [
        "gift banana 0,-1",
        "gift banana 1,0",
        "gift banana 2,-1",
    ]
    assert ENGINE.view(state, None)["pending"] == {"gifts": ["banana"]}
    state, _ = play(state, seat, "gift banana 0,-1")
    assert state["board"]["0,-1"]["cubes"] == [True, True]
    assert state["board"]["1,0"]["cubes"] == [False, True]
    assert state["phase"] == "actions"


def test_gifts_never_go_to_an_exhausted_island() -> None:
    """docs/rules/tahiti.md 5.2: no cube is ever added to an island with an Exhaustion marker."""
    state, seat = started()
    state["board"]["1,0"]["cubes"] = [False, False]
    state["board"]["1,0"]["marker"] = "blank"
    state["bag"] = bag(banana=1)
    state = explore(state, seat, "T02")  # spice / taro: no banana space
    assert state["board"]["1,0"]["cubes"] == [False, False]
    assert state["bag"]["banana"] == 1


def test_three_gifts_while_hommea_in_play() -> None:
    """docs/rules/tahiti.md 5.2: three cubes while Hommea is on the board."""
    state, seat = started()
    state["bag"] = bag(fish=9)
    state = explore(state, seat, "T08")
    assert state["bag"]["fish"] == 9  # all three drawn and returned
    assert any("gifts: fish, fish and fish." in e for e in map(load, state["events"]))


def test_last_tile_removes_hommea_then_two_gifts_and_exhaustion() -> None:
    """docs/rules/tahiti.md 5.1 Important, 4, 9.7 A9: the last tile removes Hommea at once; that
    turn's Gifts draw 2 and its Exhaustion Phase is played."""
    state, seat = started()
    state["stacks"] = [["T08"], []]
    state["bag"] = bag(fish=9)
    state = explore(state, seat, "T08")
    assert state["hommea"] is None and state["era"] == "late"
    assert any("gifts: fish and fish." in e for e in map(load, state["events"]))
    assert ENGINE.view(state, None)["hommea"] is None
    state, log = play(state, seat, "end")
    assert state["board"]["2,-1"]["marker"] in ("fish", "blank")  # the only empty island
    assert state["current"] == (seat + 1) % 4
    # docs/rules/tahiti.md 4: no Exploration once the stacks are empty; Gifts come first.
    assert state["phase"] == "actions"
    assert any("Hommea's gifts" in line for line in log)


def test_turn_order_clockwise_rounds() -> None:
    """docs/rules/tahiti.md 4: players take turns clockwise from the first player; a round ends
    when everyone has played."""
    state, first = started(3, seed=5)
    order = []
    for _ in range(4):
        seat = state["current"]
        order.append(seat)
        state, _ = play(state, seat, ENGINE.legal_moves(state, seat)[0])
        state, _ = play(state, seat, ENGINE.legal_moves(state, seat)[0])
        state, _ = play(state, seat, ENGINE.legal_moves(state, seat)[0])
        while state["current"] == seat and state["phase"] == "gift":
            state, _ = play(state, seat, ENGINE.legal_moves(state, seat)[0])
        state, _ = play(state, seat, "end")
    assert order == [first, (first + 1) % 3, (first + 2) % 3, first]
    assert state["round"] == 2


def test_island_placed_this_turn_can_receive_gifts() -> None:
    """docs/rules/tahiti.md 7.4: the new tile takes gifts in the same turn (both spaces here)."""
    state, seat = started()
    state["bag"] = bag(banana=1, coconut=1)
    state = explore(state, seat, "T08")
    assert state["board"]["2,-1"]["cubes"] == [True, True]


def test_island_helper_shape() -> None:
    """The helper builds the same shape as the engine's placed islands."""
    state, seat = started()
    state = explore(state, seat, "T08")
    built = island("T08", ["banana", "coconut"], state["board"]["2,-1"]["cubes"], reefs=[0, 3])
    assert set(built) == set(state["board"]["2,-1"])


def test_an_empty_stack_cannot_be_chosen() -> None:
    """docs/rules/tahiti.md 5.1(b): the top tile of either stack, while it has tiles."""
    state, seat = started()
    state["stacks"][1] += state["stacks"][0][1:]
    state["stacks"][0] = []
    state, _ = play(state, seat, "hommea 1,-1")
    moves = ENGINE.legal_moves(state, seat)
    assert moves and all(m.startswith("place b ") for m in moves)
