"""Rules as printed: what a player at the real table sees is in the public view, the
description of a decision names its cost and its card, and the data's provenance is exact."""

from __future__ import annotations

import tomllib

from engines.bremerhaven import ENGINE
from engines.bremerhaven.data import BUILDINGS, DATA_DIR, NEWS, SHIPS, SPOT_COST
from engines.bremerhaven.topics import RULES_TOPICS
from tests.bremerhaven.helpers import at_reveal, fresh, play


def test_no_view_names_next_rounds_event():
    """rules 5.10 5.2 (issue 12): the Progress card shows only its advance; its event side is
    not known, so neither the public nor a seat view names the card."""
    s = fresh(4, "long")
    right = s["news_right"]
    for seat in (None, 0, 1, 2, 3):
        view = ENGINE.view(s, seat)
        assert view["progress_card"] == {"progress": NEWS[right]["progress"]}
        assert NEWS[right]["text"] not in str(view) and right not in str(view)


def test_bollard_spot_costs_are_public():
    """rules 5.3 a (issue 16): the cost printed on each bollard spot is on the board, so it is in
    the public view before anyone pays, and each quay's next spot cost too."""
    s = fresh(3, "long")
    view = ENGINE.view(s, None)
    assert view["bollard_costs"] == SPOT_COST
    h = view["harbours"][0]
    assert h["next_bollard_cost"] == [SPOT_COST[q][h["quays"][q]] for q in range(4)]


def test_the_card_being_placed_is_named():
    """rules 5.7 (issue 16): a won Ship leaves the Sea board; the view and the moves still name
    it, also when `later` is offered."""
    s = fresh(2, "long")
    pid = s["hier"][0]
    zero = [sid for sid, sh in SHIPS.items() if sh["mooring"] == 0 and sh["goods"] != "any"]
    s["sea"][0], s["sea"][1] = zero[0], zero[1]
    st, _ = at_reveal(s, [(pid, "2.1", 1), (pid, "2.2", 2)])
    assert st["step"] == "place"
    placing = ENGINE.view(st, None)["placing"]
    assert [c["card"]["id"] for c in placing[0]["cards"]] == [zero[0], zero[1]]
    name = SHIPS[zero[0]]["name"]
    assert name in ENGINE.describe(st, pid, "dock 1")
    assert name in ENGINE.describe(st, pid, "later")
    step = ENGINE.apply(st, pid, "dock 1")
    assert any(name in line for line in step.log)  # placements are public as they happen
    assert not step.reveals


def test_costs_named_at_the_moment_of_deciding():
    """rules 5.3 / 5.4 (issue 16): `buy permit` and `upgrade` say what they cost."""
    s = fresh(3, "long")
    red, green, blue = s["hier"]
    for pid in (red, green, blue):
        s["players"][pid]["money"] = 20
    st, _ = at_reveal(s, [(red, "1.2", 5), (green, "1.2", 2), (red, "1.3", 4), (blue, "1.3", 1)])
    assert st["step"] == "permit"
    assert "3 coins" in ENGINE.describe(st, green, "buy permit")
    assert "5 coins" in ENGINE.describe(st, red, "buy permit")
    st = play(st, red, "done")
    st = play(st, green, "done")
    assert st["step"] == "upgrade"
    assert ENGINE.describe(st, blue, "upgrade").startswith("Pay 3 coins")


def test_building_abilities_in_view_and_topics():
    """rules 5.2 (issue 16): every Building's ability is readable: in the view for the ones on
    the table and in /rules for all of them."""
    s = fresh(3, "short")
    view = ENGINE.view(s, None)
    for bid, card in view["buildings"].items():
        assert card["text"] == BUILDINGS[bid]["text"]
    assert view["building_top"]["text"]
    text = "\n".join(v for k, v in RULES_TOPICS.items() if k.startswith("buildings"))
    for b in BUILDINGS.values():
        assert b["text"] in text


def test_discards_deck_sizes_and_upgrades_public():
    """rules 5.4 / 5.10 (issue 14): discard piles lie face up; upgrade levels show on the
    table (the reserve shrinks)."""
    s = fresh(2, "long")
    a, b = s["hier"]
    s["players"][b]["money"] = 10
    st, _ = at_reveal(s, [(a, "1.3", 5), (b, "1.3", 5)])
    view = ENGINE.view(st, None)
    assert view["harbours"][a]["upgrades"] == 1
    assert view["ship_discard"] == st["ship_discard"] and view["ships_left"] == len(st["ships"])


def test_provenance_marks_are_exact():
    """docs/ARCHITECTURE.md 3 / rules 2.3, 5.9 (issue 16): the Refinery's barrel is in the rulebook,
    its prestige is not; the harbour grid is an inference."""
    with open(DATA_DIR / "buildings.toml", "rb") as fh:
        refinery = next(b for b in tomllib.load(fh)["building"] if b["id"] == "refinery")
    assert refinery["source"] == "provisional" and refinery["ability_source"] == "rulebook"
    with open(DATA_DIR / "board.toml", "rb") as fh:
        board = tomllib.load(fh)
    assert board["harbour_grid"]["source"] == "provisional"
    assert "rows" not in board["harbour"] and board["harbour"]["source"] == "rulebook"
    recon = RULES_TOPICS["reconstructed"]
    for word in ("Refinery's 1", "grid", "Bollard spot costs", "Progress track", "solo"):
        assert word in recon


def test_price_cards_moved_under_are_public():
    """rules 5.5: with no bid on 1.4 the top card goes under the pile in view of everyone."""
    s = fresh(2, "long")
    top = s["prices"][0]
    st, _ = at_reveal(s, [])
    view = ENGINE.view(st, None)
    assert view["price_bottom"][-1]["id"] == top
