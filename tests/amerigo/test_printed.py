"""Rules as printed (issue 16): each test names its rules section and would fail before the fix."""

from __future__ import annotations

from engines.amerigo import data as D
from engines.amerigo.engine import TOKENS
from engines.base import Rng
from tests.amerigo.util import E, fresh, geo, give_turn, play


def _pass_through_setup(gold: int, ap: int = 1):
    """Ship 1 of seat 0 on frame space rim1 beside edge cell X; seat 1's ship on X; X has a
    free sea neighbour inside the islands."""
    state = give_turn(fresh(2, 0), 0, {"blue": ap})
    g = geo(state)
    for rim in g["rim_names"]:
        for edge in g["moves"][rim]:
            if edge.startswith("rim"):
                continue
            beyond = [n for n in g["moves"][edge] if not n.startswith("rim")]
            if beyond:
                state["p"][0]["ships"] = [rim, rim]
                state["p"][1]["ships"] = [edge, None]
                state["p"][0]["gold"] = gold
                return state, edge, beyond[0]
    raise AssertionError("no frame space beside an edge sea cell with an inner neighbour")


def test_pass_through_an_occupied_space_with_ap_bought_with_gold():
    """docs/rules/amerigo.md 5.1 with 5.8: a ship with 1 AP and gold may pass through an occupied
    sea space, paying 1 gold for the step out (a1 -> b1 occupied -> c1)."""
    state, edge, beyond = _pass_through_setup(gold=5, ap=1)
    state = play(state, 0, "blue")
    assert f"sail 1 {edge}" in E.legal_moves(state, 0)
    state = play(state, 0, f"sail 1 {edge}")
    assert f"sail 1 {beyond}" in E.legal_moves(state, 0)
    state = play(state, 0, f"sail 1 {beyond}")
    assert state["p"][0]["ships"][0] == beyond and state["p"][0]["gold"] == 4


def test_no_pass_through_without_ap_or_gold_to_leave():
    """docs/rules/amerigo.md 5.1: with 1 AP and no gold the ship could not leave: not offered."""
    state, edge, _ = _pass_through_setup(gold=0, ap=1)
    state = play(state, 0, "blue")
    assert f"sail 1 {edge}" not in E.legal_moves(state, 0)


# Layouts the generator drew for 2-player seeds 99 and 197 before the anchor check.
BAD_LAYOUTS = {
    99: [["t11", 4], ["t04", 7], ["t10", 1], ["t12", 4], ["t01", 4], ["t14", 7], ["t13", 5],
         ["t03", 3], ["t06", 6]],
    197: [["t07", 5], ["t08", 4], ["t10", 3], ["t13", 1], ["t11", 7], ["t12", 2], ["t06", 0],
          ["t01", 2], ["t14", 3]],
}  # fmt: skip


def test_layout_rejects_an_anchor_touching_two_post_spaces():
    """docs/rules/amerigo.md 3.1 / 5.1: an anchor serves one trading-post space; a layout where a
    tile edge puts an anchor beside two post spaces is rejected, and seeds 99 and 197 now give
    layouts without one."""
    for seed, layout in BAD_LAYOUTS.items():
        grid = D.compose(layout, 3, 3)
        assert any("anchor" in p for p in D.layout_problems(grid, 2))
        state = fresh(2, seed)
        g = geo(state)
        assert all(c in g["anchor_post"] for c, ch in g["kind"].items() if ch == "a")
        assert not D.layout_problems(state["grid"], 2)


def test_every_generated_anchor_serves_exactly_one_post():
    """docs/rules/amerigo.md 3.1: over many layouts, no anchor touches two post spaces."""
    for players in (2, 3, 4):
        for seed in range(15):
            _, grid, _ = D.generate_layout(Rng.from_seed(500 + seed), players)
            g = D.geometry(tuple(grid), players)
            assert all(c in g["anchor_post"] for c, ch in g["kind"].items() if ch == "a")


def test_public_view_explains_tokens_and_tiles():
    """docs/rules/amerigo.md 5.9, 5.3, 5.5 (issue 16 public info): what each progress token does
    and each tile's shape, cost and VP are printed, so the public view carries them."""
    view = E.view(fresh(3, 1), None)
    comp = view["components"]
    assert set(comp["tokens"]) == set(TOKENS)
    assert comp["tokens"]["halfloss"].startswith("permanent: losing to pirates costs only half")
    l4t = comp["tiles"]["l4t"]
    assert l4t == {
        "name": "T landscape (4 spaces)",
        "rows": ["###", ".#."],
        "cost": 4,
        "small": D.shapes()["l4t"]["small"],
        "big": D.shapes()["l4t"]["big"],
    }
    assert set(comp["tiles"]) == set(D.shapes())


def test_provenance_marks_designed_and_public_facts_correctly():
    """docs/rules/amerigo.md 2.1 / 2.4 (issue 16 provenance): the 5x5 tile size, the big-island
    minimum per layout, 7 cubes per colour, the AP tokens' colours, the frame geometry and the
    3p/4p production marks are not from the rulebook."""
    b = D.board()
    assert b["tile_grid"]["source"] == "provisional" and b["tile_grid"]["size"] == 5
    assert b["layout_check"]["source"] == "provisional"
    assert b["cubes"]["source"] == "public" and b["cubes"]["per_colour"] == 7
    assert b["frame_geometry"]["source"] == "provisional"
    assert b["layout"]["source"] == "rulebook" and "tile_size" not in b["layout"]
    assert "min_big" not in b["big_island"] and "cubes_per_colour" not in b["colours"]
    for tok in D.load()["tokens"]["progress"]:
        if tok["id"].startswith("ap-"):
            assert tok["source"] != "rulebook", tok["id"]
    for rec in D.load()["tokens"]["production"]:
        assert rec["source"] != "rulebook"
    assert D.check_data(layout_seeds=1) == []
