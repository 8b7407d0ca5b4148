"""What the images show (issue 14; rules 5.2, 5.3 a, 5.4, 5.8, 5.10, 6)."""

from __future__ import annotations

from engines.bremerhaven import ENGINE
from engines.bremerhaven.data import BUILDINGS
from render import bremerhaven as R
from render.common import recording_text
from tests.bremerhaven.helpers import at_reveal, fresh, space


def _texts(make) -> list[str]:
    with recording_text() as records:
        make()
    return [r.text for r in records]


def test_filled_wildcard_shows_its_good():
    """rules 5.8: a wildcard slot holding a delivered good is drawn filled with that good."""
    assert R.slot_fill(["barrel", "any"], ["crate"]) == [None, "crate"]
    assert R.slot_fill(["any", "barrel"], ["barrel", "crate"]) == ["crate", "barrel"]
    assert R.slot_fill(["any", "any"], []) == [None, None]


def test_building_box_separates_taken_and_next():
    """rules 5.2 (issue 14): after 1.1 is resolved the box names the Building taken and the next
    one on the pile, never the next one as won."""
    s = fresh(3, "long")
    pid = s["hier"][0]
    top, nxt = s["buildings"][0], s["buildings"][1]
    st, _ = at_reveal(s, [(pid, "1.1", 2), (pid, "1.4", 1)])
    assert st["step"] == "price"
    texts = _texts(lambda: R.board(ENGINE.view(st, None)))
    assert any(t.startswith("Taken: ") and BUILDINGS[top]["name"].startswith(t[7:]) for t in texts)
    assert BUILDINGS[top]["name"] in " ".join(texts)
    assert any(t.startswith("Next: ") and BUILDINGS[nxt]["name"] in t for t in texts)


def test_costs_abilities_upgrades_decks_are_drawn():
    """rules 5.3 a, 5.2, 5.4, 5.10 (issue 14): deck sizes are on the board; bollard spot costs,
    Building abilities, upgrade levels and the discards are on the detail image, where each
    harbour is drawn whole (issue 25 moved the harbour grids off the phone board)."""
    s = fresh(2, "long")
    s["players"][0]["spaces"][space("a1")] = {"b": "refinery"}
    view = ENGINE.view(s, None)
    board = " | ".join(_texts(lambda: R.board(view)))
    assert f"ships {view['ships_left']}" in board and "contracts" in board
    assert "Refinery" in board  # the player row lists its Buildings
    texts = _texts(lambda: R.detail(view))
    joined = " | ".join(texts)
    costs = view["bollard_costs"]
    for q in range(4):
        assert str(costs[q][2]) in texts  # the third spot is free on every quay at the start
    assert "makes 1 barrel" in joined
    assert "upgrades 0" in joined
    assert "Discard piles" in joined


def test_final_standings_have_separate_columns():
    """rules 6 (issue 14): the standings headers are drawn once each, in their own columns."""
    s = fresh(2, "short")
    s["phase"] = "over"
    s["waiting"] = []
    texts = _texts(lambda: R.board(ENGINE.view(s, None)))
    for head in ("Rank", "Player", "Coins", "Prestige", "Score"):
        assert texts.count(head) == 1


def test_detail_names_every_building_ability():
    """rules 5.2 (issue 16): the detail image gives each Building's full ability text."""
    s = fresh(3, "short")
    view = ENGINE.view(s, None)
    joined = " ".join(_texts(lambda: R.detail(view)))
    for b in view["buildings"].values():
        assert b["name"] in joined
