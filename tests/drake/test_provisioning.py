"""Francis Drake: setup and the Provisioning phase (docs/rules/francis-drake.md 3, 4.1, 5.1)."""

from __future__ import annotations

import pytest

from engines.base import IllegalMove, Rng
from engines.drake import ENGINE
from engines.drake.data import load
from tests.drake.helpers import fresh, play


def test_setup_scores_order_and_last_dock_gun():
    """docs/rules/francis-drake.md 3 steps 7-8: 4 VP each; random dock order; last dock takes 1
    Gun."""
    orders = set()
    for seed in range(12):
        s = fresh(4, seed)
        assert sorted(s["home"]) == [0, 1, 2, 3]
        orders.add(tuple(s["home"]))
        assert [p["score"] for p in s["p"]] == [4, 4, 4, 4]
        last = s["home"][-1]
        assert [p["guns"] for p in s["p"]] == [int(seat == last) for seat in range(4)]
        assert s["supply"]["guns"] == 27
        assert s["turn"] == s["home"][0]
    assert len(orders) > 3  # the draw is random


@pytest.mark.parametrize("players", [3, 4, 5])
def test_voyage_one_street_uses_player_count_set_better_first(players):
    """docs/rules/francis-drake.md 3 step 9: the count's set over the printed layout, better tile
    of a pair earlier; Location 1 is Crew."""
    s = fresh(players)
    data = load()
    kinds = [loc["kind"] for loc in s["street"]]
    assert kinds == data["printed_order"] and kinds[0] == "crew"
    assert all(loc["tile"].startswith(f"{players}-") for loc in s["street"])
    for kind in ("crew", "guns", "supplies"):
        pair = [loc for loc in s["street"] if loc["kind"] == kind]
        assert sum(pair[0]["v"]) > sum(pair[1]["v"])


def test_forward_only_and_other_players_do_not_block():
    """docs/rules/francis-drake.md 4.1, 7.2: later placements go further along; only your own
    discs constrain you."""
    s = fresh(4)
    first, second = s["home"][0], s["home"][1]
    s, _, _ = play(s, first, "place 5 goods")
    moves = ENGINE.legal_moves(s, second)
    assert "place 1 crew" in moves and "place 2 supplies" in moves
    s, _, _ = play(s, second, "place 9 shipyard")
    for seat in s["home"][2:]:
        s, _, _ = play(s, seat, "place 1 crew")
    moves = ENGINE.legal_moves(s, first)
    assert not any(m.startswith(("place 1 ", "place 4 ", "place 5 ")) for m in moves)
    assert "place 6 pinnace" in moves and "place 9 shipyard" in moves
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, first, "place 2 supplies")


def test_capacity_and_first_circle_first():
    """docs/rules/francis-drake.md 2.4, 9.6.4: Crew takes 3 players, circles fill in order; a
    one-player Location is no longer offered once taken."""
    s = fresh(4)
    order = s["home"]
    values = s["street"][0]["v"]
    for k, seat in enumerate(order[:3]):
        before = s["p"][seat]["crew"]
        s, _, _ = play(s, seat, "place 1 crew")
        assert s["p"][seat]["crew"] - before == values[k]
    assert "place 1 crew" not in ENGINE.legal_moves(s, order[3])
    s, _, _ = play(s, order[3], "place 8 informer")
    assert "place 8 informer" not in ENGINE.legal_moves(s, order[0])


def test_dockside_forces_sail_and_docked_players_are_skipped():
    """docs/rules/francis-drake.md 4.1, 5.1, 7.1: Dockside gives 1 item, then the next turn is
    "go to Outbound Dock"; docked ships take no more turns; the docks give the Sailing Order."""
    s = fresh(3)
    a, b, c = s["home"]
    s, _, _ = play(s, a, "dockside supply")
    assert s["p"][a]["supplies"] == 1
    s, _, _ = play(s, b, "sail")
    s, _, _ = play(s, c, "place 1 crew")
    assert ENGINE.legal_moves(s, a) == ["sail"]
    s, _, _ = play(s, a, "sail")
    assert ENGINE.to_move(s) == [c]  # a and b are docked
    s, _, _ = play(s, c, "place 2 supplies")
    assert ENGINE.to_move(s) == [c]
    s, _, _ = play(s, c, "sail")
    assert s["phase"] != "provision"
    assert s["out"] == [b, a, c]


def test_drake_double_circle():
    """docs/rules/francis-drake.md 2.4, 9.6.14: Drake takes 2 discs on consecutive own turns and
    gives 2 Crew + 2 Guns + 1 Crew or Gun; forbidden with 1 disc left."""
    s = fresh(3)
    a, b, _ = s["home"]
    pos = [loc["kind"] for loc in s["street"]].index("drake") + 1
    s, _, _ = play(s, a, f"place {pos} drake")
    assert s["p"][a]["crew"] == 0
    s, _, _ = play(s, b, f"place {pos + 1} governor")
    s, _, _ = play(s, s["turn"], "sail")
    assert ENGINE.legal_moves(s, a) == ["drake crew", "drake gun"]
    guns = s["p"][a]["guns"]
    s, _, _ = play(s, a, "drake gun")
    assert s["p"][a]["crew"] == 2 and s["p"][a]["guns"] - guns == 3
    assert s["p"][a]["discs"] == 8
    t = fresh(3)
    t["p"][t["turn"]]["discs"] = 1
    assert f"place {pos} drake" not in ENGINE.legal_moves(t, t["turn"])
    assert ENGINE.legal_moves(t, t["turn"])[0] == "place 1 crew"


def test_investor_costs_four_vp_once_per_game():
    """docs/rules/francis-drake.md 5.1: pay 4 VP, discard the tile, choose 1C+2G, 2C+1G or
    Galleon."""
    s = fresh(3)
    a = s["turn"]
    s, _, _ = play(s, a, "investor 2c1g")
    p = s["p"][a]
    assert (p["score"], p["crew"], p["investor"], p["last"]) == (0, 2, False, 17)
    assert p["guns"] >= 1
    # Once per game: the tile stays discarded in later voyages.
    s["p"][a]["last"] = 0
    assert not any(m.startswith("investor") for m in ENGINE._provision_moves(s, a))
    t = fresh(3)
    t, _, _ = play(t, t["turn"], "investor galleon")
    assert t["p"][t["home"][0]]["ship"] == "galleon"


def test_tavern_roll_first_visitor_bonus_and_ghost_ship():
    """docs/rules/francis-drake.md 2.4, 9.6.2: d6, 1st visitor +1; modified 1-2 = Ghost Ship."""
    table = load()["tables"]["tavern"]
    seen = set()
    for seed in range(60):
        s = fresh(3, seed)
        a, b, _ = s["home"]
        for seat, bonus in ((a, 1), (b, 0)):
            roll = Rng(s["rng"]).randint(1, 6)
            crew = s["p"][seat]["crew"]
            s, _, _ = play(s, seat, "place 3 tavern")
            total = roll + bonus
            assert s["last_roll"] == {"seat": seat, "roll": roll, "total": total}
            if total <= 2:
                assert s["p"][seat]["ghost"] and s["p"][seat]["crew"] == crew
                seen.add("ghost")
            else:
                assert not s["p"][seat]["ghost"]
                assert s["p"][seat]["crew"] - crew == table["crew"][str(total)]
                seen.add("crew")
    assert seen == {"ghost", "crew"}


def test_shipyard_pinnace_queen_informer_hind_admiral_governor():
    """docs/rules/francis-drake.md 5.1: the effects of the single and double Locations."""
    s = fresh(5)
    order = s["home"]
    kinds = [loc["kind"] for loc in s["street"]]
    at = {k: kinds.index(k) + 1 for k in kinds}
    s, _, _ = play(s, order[0], f"place {at['pinnace']} pinnace")
    s, _, _ = play(s, order[1], f"place {at['pinnace']} pinnace")
    s, _, _ = play(s, order[2], f"place {at['informer']} informer")
    s, _, _ = play(s, order[3], f"place {at['shipyard']} shipyard")
    s, _, _ = play(s, order[4], f"place {at['shipyard']} shipyard")
    p = s["p"]
    assert p[order[0]]["pinnace"] and p[order[1]]["pinnace"]
    assert p[order[0]]["crew"] == 1 and p[order[1]]["crew"] == 0
    assert p[order[2]]["trade_goods"] == 1
    assert p[order[3]]["ship"] == p[order[4]]["ship"] == "galleon"
    assert p[order[3]]["guns"] == 1 and p[order[4]]["guns"] == 1  # 2nd: last-dock Gun only
    s, _, _ = play(s, order[0], f"place {at['golden_hind']} hind")
    s, _, _ = play(s, order[1], f"place {at['admiral']} admiral")
    s, _, _ = play(s, order[2], f"place {at['queen']} queen")
    s, _, _ = play(s, order[3], f"place {at['governor']} governor")
    q = s["p"][order[2]]
    assert q["ship"] == "galleon" and q["trade_goods"] == 2 and q["guns"] == 1
    assert s["titles"] == {"admiral": order[1], "governor": order[3], "informer": order[2]}
    assert s["p"][order[0]]["hind"]


def test_no_player_discs_left_must_sail():
    """docs/rules/francis-drake.md 4.1 [not in source]: with no Player Disc left, only `sail`."""
    s = fresh(3)
    s["p"][s["turn"]]["discs"] = 0
    assert ENGINE.legal_moves(s, s["turn"]) == ["sail"]


def test_supply_is_limited():
    """docs/rules/francis-drake.md 9.6.12: a player takes what is left in the supply."""
    s = fresh(3)
    s["supply"]["crew"] = 1
    a = s["turn"]
    s, _, _ = play(s, a, "place 1 crew")
    assert s["p"][a]["crew"] == 1 and s["supply"]["crew"] == 0


def test_default_move_is_safe():
    """design: a timed-out player takes Dockside Supply, then sails; Drake is completed."""
    s = fresh(3)
    a = s["turn"]
    assert ENGINE.default_move(s, a) == "dockside supply"
    s, _, _ = play(s, a, "dockside supply")
    s["turn"] = a
    assert ENGINE.default_move(s, a) == "sail"


def test_example_1_draw_order_is_placement_order():
    """docs/rules/francis-drake.md 3 step 8 (Example 1): the Frigates drawn (e.g. Red, Blue, Yellow,
    Green) fill Homebound Docks 1-4; players place in that order; the last takes 1 Gun."""
    s = fresh(4, 11)
    order = list(s["home"])
    assert s["p"][order[-1]]["guns"] == 1
    seen = []
    for _ in range(8):
        seat = s["turn"]
        seen.append(seat)
        moves = ENGINE.legal_moves(s, seat)
        s, _, _ = play(s, seat, next(m for m in moves if m.startswith("place")))
    assert seen == order * 2


def test_example_2_street_runs_one_way_to_dockside():
    """docs/rules/francis-drake.md 2.2, 4.1 (Example 2): the street runs from Crew (1) to the
    Investor (17) and Dockside (18); a player can skip ahead but never come back."""
    s = fresh(4)
    a = s["turn"]
    moves = ENGINE.legal_moves(s, a)
    assert moves[0] == "place 1 crew" and moves[15].startswith("place 16 ")
    assert moves[16:] == [
        "investor 1c2g",
        "investor 2c1g",
        "investor galleon",
        "dockside crew",
        "dockside gun",
        "dockside supply",
        "sail",
    ]
    s, _, _ = play(s, a, "investor 1c2g")
    s["turn"] = a
    assert ENGINE.legal_moves(s, a) == ["dockside crew", "dockside gun", "dockside supply", "sail"]
