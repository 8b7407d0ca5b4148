"""Francis Drake: voyage scoring, reset and final scoring (docs/rules/francis-drake.md 4.8, 4.9,
6)."""

from __future__ import annotations

import json

from engines.drake import ENGINE, check_data
from tests.drake.helpers import BLUE, GREEN, RED, YELLOW, fresh, place_all, resolve, to_sailing

ORDER = [GREEN, RED, YELLOW, BLUE]


def test_types_of_conquest_example_13():
    """docs/rules/francis-drake.md 4.8, 7.14, Example 13: Red 2 Forts + Town 4 VP; Yellow Town +
    Fort + Galleon 10 VP; Green 2 Towns + Fort 4 VP; Blue 1 Galleon 1 VP."""
    s = to_sailing(fresh(4), ORDER, supplies=3, crew=9, guns=9, trade_goods=0, voyage=3)
    s["p"][YELLOW]["ship"] = s["p"][BLUE]["ship"] = "galleon"
    plan = {
        GREEN: [("1", "grangranada"), ("2", "puertocabello"), ("3", "havana"), ("4", "santiago")],
        RED: [("1", "cartagena"), ("2", "panama"), ("3", "maracaibo"), ("4", "sanjuan")],
        YELLOW: [("1", "portobelo"), ("2", "havana"), ("3", "galleon1"), ("4", "sanjuan")],
        BLUE: [("1", "galleon2"), ("2", "sanjuan"), ("3", "santiago"), ("4", "santodomingo")],
    }
    for seat in ORDER:
        s["p"][seat]["vp_log"] = []
    s, _ = place_all(s, plan)
    s, _ = resolve(s)
    types = {seat: [v for k, v in s["p"][seat]["vp_log"] if k == "types"] for seat in ORDER}
    assert types == {RED: [4], YELLOW: [10], GREEN: [4], BLUE: [1]}
    assert sorted(s["p"][RED]["conq"]) == ["fort", "town"]


def test_admiral_and_governor_bonus_and_unclaimed_treasure_to_supply():
    """docs/rules/francis-drake.md 4.8, 7.17: +1 VP per Gold (Admiral) / Silver (Governor) left on
    the map; it goes back to the supply, not to their chests."""
    s = fresh(4)
    s["titles"]["admiral"] = GREEN
    s["titles"]["governor"] = RED
    s = to_sailing(s, ORDER, crew=1, guns=0, trade_goods=0, voyage=3)
    s = ENGINE.apply(s, GREEN, "frigates 0,1,2").state
    s = ENGINE.apply(s, RED, "troops 0,0,1,2").state
    # Yellow takes the Silver at Gran Granada; nobody touches anything else.
    plan = {
        seat: [("1", "sanjuan"), ("2", "santodomingo"), ("3", "santiago"), ("4", "puertocabello")]
        for seat in ORDER
    }
    plan[YELLOW] = [
        ("1", "grangranada"),
        ("2", "santodomingo"),
        ("3", "santiago"),
        ("4", "puertocabello"),
    ]
    s, _ = place_all(s, plan)
    supply = dict(s["supply"])
    s, _ = resolve(s)
    gold, silver = 4, 3
    assert ["admiral", gold] in s["p"][GREEN]["vp_log"]
    assert ["governor", silver] in s["p"][RED]["vp_log"]
    assert s["p"][GREEN]["chest"] == {"gold": 0, "silver": 0, "jewel": 0}
    assert s["supply"]["gold"] == supply["gold"] + gold
    assert s["supply"]["silver"] == supply["silver"] + silver


def test_commodity_sets_example_14():
    """docs/rules/francis-drake.md 6, Example 14: 4 Tobacco, 3 Sugar, 2 Coffee, 1 Indigo = 52."""
    comm = {"tobacco": 4, "sugar": 3, "coffee": 2, "indigo": 1}
    assert ENGINE.commodity_points(comm) == 26 + 16 + 8 + 2
    assert ENGINE.commodity_points({"sugar": 3, "coffee": 0, "tobacco": 0, "indigo": 0}) == 6
    assert ENGINE.commodity_points({"sugar": 1, "coffee": 1, "tobacco": 0, "indigo": 0}) == 8
    assert ENGINE.commodity_points({"sugar": 0, "coffee": 0, "tobacco": 0, "indigo": 0}) == 0


def _finish(s: dict) -> dict:
    s = to_sailing(s, ORDER, supplies=0, voyage=3)
    assert s["phase"] == "over"
    return s


def test_final_scoring_treasure_and_tie_break_by_homebound_dock():
    """docs/rules/francis-drake.md 6, 9.6.19: Silver 3, Gold 4, Jewel 5 VP; ties go to the lower
    Homebound Dock after voyage 3."""
    s = fresh(4)
    s["p"][GREEN]["chest"] = {"gold": 1, "silver": 1, "jewel": 1}
    s["p"][GREEN]["comm"]["sugar"] = 1
    s["p"][BLUE]["score"] = 4 + 12 + 2
    s = _finish(s)
    # With 0 Supplies nobody sails: all return in Sailing Order.
    assert s["home"] == ORDER
    standings = {x.seat: x for x in ENGINE.result(s)}
    assert standings[GREEN].score == 4 + 12 + 2
    assert standings[GREEN].breakdown == {"voyage VP": 4, "commodities": 2, "treasure": 12}
    assert standings[GREEN].rank == 1 and standings[BLUE].rank == 2  # Green's dock 1 wins
    assert standings[RED].rank == 3 and standings[YELLOW].rank == 4
    assert '"chest"' not in json.dumps(ENGINE.view(s, None))


def test_reset_after_voyage_one():
    """docs/rules/francis-drake.md 4.9: keep only Commodities and chests; re-order by score with
    ties in Sailing Order; ships become Frigates; map refilled; voyage 2 street shuffled."""
    s = fresh(4, 5)
    s["p"][YELLOW]["score"] = 9
    s["p"][BLUE]["score"] = 6
    s["p"][GREEN]["comm"]["coffee"] = 2
    s["p"][RED]["chest"]["gold"] = 1
    s["p"][RED]["ship"] = "galleon"
    s["titles"]["informer"] = None
    s = to_sailing(s, [BLUE, RED, GREEN, YELLOW], supplies=0)
    assert s["voyage"] == 2 and s["phase"] == "provision"
    assert s["home"] == [YELLOW, BLUE, RED, GREEN]  # 9, 6, then 4s in Sailing Order
    assert s["turn"] == YELLOW
    p = s["p"]
    assert p[GREEN]["comm"]["coffee"] == 2 and p[RED]["chest"]["gold"] == 1
    assert p[RED]["ship"] == "frigate" and all(x["crew"] == 0 and x["supplies"] == 0 for x in p)
    assert all(x["discs"] == 10 and x["last"] == 0 for x in p)
    assert s["supply"]["crew"] == 28 and s["supply"]["supplies"] == 21
    assert all(d["treasure"] for k, d in s["dest"].items() if k in ("veracruz", "galleon1"))
    # A later voyage shuffles the street; the learning game (rules 8) keeps it.
    kinds = [[loc["kind"] for loc in st["street"]] for st in (fresh(4, 5), s)]
    shuffled = kinds[0] != kinds[1]
    learn = ENGINE.setup(4, seed=5, variant="learning")
    learn = to_sailing(learn, ORDER, supplies=0)
    assert [loc["kind"] for loc in learn["street"]] == kinds[0]
    assert shuffled


def test_first_gun_compensation_is_voyage_one_only():
    """docs/rules/francis-drake.md 7.16: the last-dock Gun is not given again in voyage 2."""
    s = to_sailing(fresh(4), ORDER, supplies=0)
    assert s["voyage"] == 2
    assert all(p["guns"] == 0 for p in s["p"])


def test_check_data_is_clean():
    """docs/rules/francis-drake.md 2: the data files respect every count and example."""
    assert check_data() == []


def test_treasure_chests_are_secret():
    """docs/rules/francis-drake.md 9.4: a chest is in its owner's private view only, and a state
    resampled for another observer may hold a different chest for that seat."""
    from engines.base import Rng

    s = fresh(3)
    s["p"][1]["chest"]["jewel"] = 2
    assert ENGINE.view(s, 1)["private"]["chest"]["jewel"] == 2
    for viewer in (None, 0, 2):
        assert '"jewel": 2' not in json.dumps(ENGINE.view(s, viewer))
    rng = Rng.from_seed(5)
    chests = {json.dumps(ENGINE.resample_hidden(s, 0, rng)["p"][1]["chest"]) for _ in range(12)}
    assert len(chests) > 1
    assert all(ENGINE.resample_hidden(s, 1, rng)["p"][1]["chest"]["jewel"] == 2 for _ in range(5))


def test_check_data_reports_broken_files(monkeypatch):
    """docs/rules/francis-drake.md 2.3: check_data() catches a wrong count and a missing source."""
    from engines.drake import data

    real = data._load

    def broken(name):
        loaded = real(name)
        if name == "map.toml":
            loaded["destination"] = [d for d in loaded["destination"] if d["id"] != "havana"]
            loaded["destination"][0] = dict(loaded["destination"][0], source="guess")
        return loaded

    monkeypatch.setattr(data, "_load", broken)
    problems = data.check_data()
    assert any("3 forts" in p for p in problems)
    assert any("source 'guess'" in p for p in problems)
