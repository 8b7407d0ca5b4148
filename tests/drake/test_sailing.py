"""Francis Drake: the Sailing phase (docs/rules/francis-drake.md 4.2 to 4.7, 5.2, 7, 9.6)."""

from __future__ import annotations

import json

import pytest

from engines.base import IllegalMove
from engines.drake import ENGINE
from tests.drake.helpers import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    fresh,
    place_all,
    play,
    resolve,
    to_sailing,
)

ORDER = [GREEN, RED, YELLOW, BLUE]  # Sailing Order of Examples 3 to 13
PLAN = {
    GREEN: [("1", "grangranada"), ("2", "sanjuan"), ("3", "puertocabello"), ("4", "santodomingo")],
    RED: [("1", "cartagena"), ("2", "panama"), ("3", "santiago"), ("4", "maracaibo")],
    YELLOW: [("1", "galleon1"), ("2", "cartagena"), ("3", "portobelo"), ("4", "panama")],
    BLUE: [("1", "cartagena"), ("2", "grangranada"), ("3", "maracaibo"), ("4", "puertocabello")],
}


def informer_position(seed: int = 3) -> dict:
    s = fresh(4, seed)
    s["titles"]["informer"] = YELLOW
    s = to_sailing(s, ORDER, supplies=2)
    s, _ = place_all(s, PLAN)
    assert s["phase"] == "informer" and ENGINE.to_move(s) == [YELLOW]
    return s


def test_governor_swap_example_3():
    """docs/rules/francis-drake.md 4.2 A4, Example 3: Yellow (Governor, dock 4) swaps with Blue."""
    s = fresh(4)
    s["titles"]["governor"] = YELLOW
    s = to_sailing(s, [GREEN, RED, BLUE, YELLOW])
    assert s["phase"] == "arrange" and ENGINE.to_move(s) == [YELLOW]
    s, log, private = play(s, YELLOW, "troops 0,0,1,2")
    assert s["sailing"] == [GREEN, RED, YELLOW, BLUE]
    assert "+2" not in " ".join(log) and "+2 at Veracruz" in " ".join(private[YELLOW])
    assert s["mturn"] == GREEN  # 9.6.20: placement follows the post-swap order


def test_governor_in_dock_one_does_not_swap():
    """docs/rules/francis-drake.md 4.2 A4: unless already in Outbound Dock 1."""
    s = fresh(4)
    s["titles"]["governor"] = GREEN
    s = to_sailing(s, ORDER)
    s, _, _ = play(s, GREEN, "troops 2,1,0,0")
    assert s["sailing"] == ORDER


def test_admiral_and_governor_place_counters_in_parallel_and_know_them():
    """docs/rules/francis-drake.md 4.2 A2-A3, 9.3, 9.4: both arrange at once; only they know."""
    s = fresh(4)
    s["titles"]["admiral"] = RED
    s["titles"]["governor"] = BLUE
    s = to_sailing(s, ORDER)
    assert ENGINE.to_move(s) == [RED, BLUE]
    assert len(ENGINE.legal_moves(s, RED)) == 6 and len(ENGINE.legal_moves(s, BLUE)) == 12
    s, _, _ = play(s, RED, "frigates 2,0,1")
    assert ENGINE.to_move(s) == [BLUE]
    assert s["arrange"]["admiral"] is None
    s, _, _ = play(s, BLUE, "troops 0,2,1,0")
    assert [s["dest"][d]["counter"] for d in ("galleon1", "galleon2", "galleon3")] == [2, 0, 1]
    forts = ("cartagena", "panama", "havana", "veracruz")
    assert [s["dest"][d]["counter"] for d in forts] == [0, 2, 1, 0]
    assert ENGINE.view(s, RED)["private"]["counters"] == {
        "Galleon I": 2,
        "Galleon II": 0,
        "Galleon III": 1,
    }
    assert ENGINE.view(s, BLUE)["private"]["counters"]["Panama"] == 2
    assert "counters" not in ENGINE.view(s, GREEN)["private"]
    public = ENGINE.view(s, None)
    assert all(d.get("counter_value") is None for d in public["map"])


def test_counters_random_without_holders():
    """docs/rules/francis-drake.md 4.2 A2-A3: nobody holds the title, counters are placed
    randomly."""
    s = to_sailing(fresh(4), ORDER)
    assert s["phase"] == "missions"
    forts = sorted(s["dest"][d]["counter"] for d in ("cartagena", "panama", "havana", "veracruz"))
    galleons = sorted(s["dest"][d]["counter"] for d in ("galleon1", "galleon2", "galleon3"))
    assert forts == [0, 0, 1, 2] and galleons == [0, 1, 2]


def test_navigation_range_example_4():
    """docs/rules/francis-drake.md 4.2 A5, 9.6.1, Example 4: 3 barrels reach zones 1-3, 2 reach
    1-2."""
    s = to_sailing(fresh(4), ORDER, supplies=[3, 1, 2, 6])
    assert [p["nav"] for p in s["p"]] == [3, 1, 2, 4]
    s, _, _ = play(s, GREEN, "disc 1")
    green = ENGINE.legal_moves(s, GREEN)
    assert "to havana" in green and "to veracruz" not in green and green[-1] == "back"
    s, _, _ = play(s, GREEN, "to havana")
    s, _, _ = play(s, RED, "disc 1")
    red = ENGINE.legal_moves(s, RED)
    assert "to sanjuan" in red and "to panama" not in red
    s, _, _ = play(s, RED, "back")
    s, _, _ = play(s, RED, "disc 2")
    s, _, _ = play(s, RED, "to sanjuan")
    s, _, _ = play(s, YELLOW, "disc 4")
    assert "to panama" in ENGINE.legal_moves(s, YELLOW)
    assert "to havana" not in ENGINE.legal_moves(s, YELLOW)


def test_zero_supplies_cannot_sail():
    """docs/rules/francis-drake.md 4.3, 9.6.8: no barrels, no discs; home right after the Golden
    Hind step, in Sailing Order, with no hero bonus."""
    s = fresh(4)
    s = to_sailing(s, ORDER, supplies=[2, 0, 2, 0], voyage=3)
    plan = {GREEN: PLAN[GREEN], YELLOW: PLAN[YELLOW]}
    assert s["mturn"] == GREEN
    s, _ = place_all(s, plan)
    assert s["phase"] == "resolve"
    assert s["home"] == [RED, BLUE]
    assert s["p"][RED]["score"] == 4


def test_one_disc_per_destination_and_any_order_example_5():
    """docs/rules/francis-drake.md 4.3, 7.4, 7.19 (Example 5): any disc number at any time; one
    disc per Destination per player; stacks have no size limit."""
    s = to_sailing(fresh(4), ORDER)
    s, _, _ = play(s, GREEN, "disc 2")
    s, _, _ = play(s, GREEN, "to grangranada")
    s, _, _ = play(s, RED, "disc 3")
    s, _, _ = play(s, RED, "to santiago")
    s, _, _ = play(s, YELLOW, "disc 4")
    s, _, _ = play(s, YELLOW, "to santodomingo")
    s, _, _ = play(s, BLUE, "disc 4")
    s, _, _ = play(s, BLUE, "to puertocabello")
    s, _, _ = play(s, GREEN, "disc 1")
    assert "to grangranada" not in ENGINE.legal_moves(s, GREEN)
    s, _, _ = play(s, GREEN, "to panama")
    assert s["p"][GREEN]["m"]["1"] == {"at": "panama", "st": "placed"}
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, RED, "disc 3")  # already placed


def test_face_down_values_are_secret():
    """docs/rules/francis-drake.md 4.3, 9.4: the public board shows only colour and Destination."""
    s = to_sailing(fresh(4), ORDER)
    s, _, _ = play(s, GREEN, "disc 3")
    s, log, private = play(s, GREEN, "to panama")
    assert "3" not in " ".join(log)
    assert private[GREEN] == ["You placed disc 3 face down at Panama."]
    public = ENGINE.view(s, None)
    panama = next(d for d in public["map"] if d["id"] == "panama")
    assert panama["stack"] == [{"seat": GREEN}]
    assert ENGINE.view(s, GREEN)["private"]["my_discs"] == {"3": "Panama"}
    assert "my_discs" not in ENGINE.view(s, RED)["private"]
    s, _, _ = play(s, RED, "disc 2")
    assert ENGINE.view(s, RED)["private"]["selected"] == "2"
    assert '"selected"' not in json.dumps(ENGINE.view(s, None))


def test_informer_look_and_swap_examples_6a_6b_8():
    """docs/rules/francis-drake.md 4.4 option 1, Examples 6A, 6B, 8: Yellow sees R1, B1, Y2 at
    Cartagena, swaps disc 1 (at the Galleon) with disc 2; Red then Yellow attack, Blue fails."""
    s = informer_position()
    moves = ENGINE.legal_moves(s, YELLOW)
    assert moves[0] == "pass" and "look cartagena" in moves and "peek panama" in moves
    assert "look sanjuan" not in moves  # only where Yellow has a disc
    s, _, _ = play(s, YELLOW, "look cartagena")
    look = ENGINE.view(s, YELLOW)["private"]["look"]["Cartagena"]
    # Red 1, Yellow 2, Blue 1
    assert sorted(look) == ["Player B disc 1", "Player C disc 2", "Player D disc 1"]
    assert "swap 1 2" in ENGINE.legal_moves(s, YELLOW)
    s, _log, _ = play(s, YELLOW, "swap 1 2")
    assert s["p"][YELLOW]["m"]["1"]["at"] == "cartagena"
    assert s["p"][YELLOW]["m"]["2"]["at"] == "galleon1"
    # Example 8: arrival order at Cartagena by number, ties by Sailing Order.
    assert s["phase"] == "resolve"
    assert s["dest"]["cartagena"]["stack"] == [[RED, "1"], [YELLOW, "1"], [BLUE, "1"]]
    s["voyage"] = 3
    gold_before = s["p"][RED]["chest"]["gold"]
    s, logs = resolve(s)
    text = "\n".join(logs)
    assert "Player B attacks Cartagena (disc 1): success, 4 VP, takes the Gold." in text
    assert "Player C attacks Cartagena (disc 1): success, 4 VP." in text
    assert "Player D disc 1 at Cartagena: full, the disc goes back." in text
    assert s["p"][RED]["chest"]["gold"] == gold_before + 1
    assert s["p"][YELLOW]["chest"]["gold"] == 0


def test_informer_peek_and_move_example_7():
    """docs/rules/francis-drake.md 4.4 option 2, Example 7: Yellow peeks at Panama's counter (2:
    3 Troops with the printed 1) and moves disc 4 to Portobelo."""
    s = fresh(4, 3)
    s["titles"]["informer"] = YELLOW
    s["titles"]["governor"] = GREEN
    s = to_sailing(s, ORDER)
    s, _, _ = play(s, GREEN, "troops 0,2,1,0")
    plan = dict(PLAN)
    plan[YELLOW] = [("1", "galleon1"), ("2", "cartagena"), ("3", "sanjuan"), ("4", "panama")]
    s, _ = place_all(s, plan)
    s, log, private = play(s, YELLOW, "peek panama")
    assert private[YELLOW] == ["The Troop counter at Panama shows +2."]
    assert "2" not in " ".join(log)
    assert ENGINE.view(s, YELLOW)["private"]["counters"] == {"Panama": 2}
    moves = ENGINE.legal_moves(s, YELLOW)
    assert moves[0] == "stay" and "move portobelo" in moves
    assert "move cartagena" not in moves and "move veracruz" not in moves  # own disc / range
    s, _, _ = play(s, YELLOW, "move portobelo")
    assert s["p"][YELLOW]["m"]["4"]["at"] == "portobelo"
    assert ENGINE._defence(s, "panama")[0] == 3


def test_informer_may_pass_and_ghost_ship_vanishes():
    """docs/rules/francis-drake.md 4.4, 4.5, 7.13: the Ghost Ship disc vanishes at the reveal."""
    s = fresh(4)
    s["titles"]["informer"] = YELLOW
    s["p"][BLUE]["ghost"] = True
    s = to_sailing(s, ORDER)
    plan = dict(PLAN)
    plan[BLUE] = [*PLAN[BLUE], ("ghost", "sanjuan")]
    s, _ = place_all(s, plan)
    s, _log, _ = play(s, YELLOW, "pass")
    assert s["p"][BLUE]["m"]["ghost"]["st"] == "gone"
    assert [BLUE, "ghost"] not in s["dest"]["sanjuan"]["stack"]
    assert all(e[1] != "ghost" for e in s["queue"] if len(e) == 2)


def test_ghost_ship_lets_its_owner_place_last():
    """docs/rules/francis-drake.md 4.3: players with more discs keep placing after the others."""
    s = fresh(4)
    s["p"][GREEN]["ghost"] = True
    s = to_sailing(s, ORDER)
    plan = {seat: list(items) for seat, items in PLAN.items()}
    plan[GREEN] = [*PLAN[GREEN], ("ghost", "santiago")]
    placers = []
    while s["phase"] == "missions":
        seat = s["mturn"]
        placers.append(seat)
        label, dest = plan[seat].pop(0)
        s, _, _ = play(s, seat, f"disc {label}")
        s, _, _ = play(s, seat, f"to {dest}")
    assert placers == ORDER * 4 + [GREEN]


def test_golden_hind_resolves_first():
    """docs/rules/francis-drake.md 4.5, 4.6, 7.7: the Golden Hind disc acts first, before every
    1."""
    s = fresh(4)
    s["p"][BLUE]["hind"] = True
    s = to_sailing(s, ORDER, voyage=3)
    plan = dict(PLAN)
    plan[BLUE] = [("hind", "panama"), *PLAN[BLUE]]
    s, _ = place_all(s, plan)
    assert s["queue"][0] == [BLUE, "hind"]
    assert s["dest"]["panama"]["stack"][0] == [BLUE, "hind"]
    assert s["cur"] == {"seat": BLUE, "disc": "hind", "dest": "panama", "stage": "act"}
    s, log, private = play(s, BLUE, "attack")
    assert "takes the Silver" in log[-1] and s["p"][BLUE]["chest"]["silver"] == 1
    # The chest is said once, by the private sheet its DM carries (issue 40 section 5).
    assert not private.get(BLUE)
    assert "Your Treasure Chest: 1 Silver." in ENGINE.private_text(ENGINE.view(s, BLUE))
    # 9.6.6: a player may return right after the Golden Hind mission.
    assert ENGINE.legal_moves(s, BLUE) == ["continue", "return"]


def test_veracruz_example_9_and_pinnace():
    """docs/rules/francis-drake.md 5.2, 7.9, 7.11, Example 9: Veracruz needs 4 Crew + 1 Gun (with a
    2 counter), a Pinnace ignores the Gun; only the first attacker takes the Gold."""
    s = fresh(4)
    s["titles"]["governor"] = BLUE
    s = to_sailing(s, ORDER, supplies=4, crew=4, guns=0, voyage=3)
    s["p"][RED]["guns"] = 1
    s["p"][GREEN]["pinnace"] = True
    s, _, _ = play(s, BLUE, "troops 0,0,1,2")
    plan = {
        seat: [("1", "veracruz"), ("2", "sanjuan"), ("3", "santodomingo"), ("4", "santiago")]
        for seat in ORDER
    }
    s, _ = place_all(s, plan)
    assert s["dest"]["veracruz"]["shown"]  # 9.6.11: turned up before Green decides
    assert ENGINE.legal_moves(s, GREEN) == ["attack", "decline"]
    s, log, _ = play(s, GREEN, "attack")
    assert log[0] == "Player A attacks Veracruz (disc 1): success, 5 VP, takes the Gold."
    assert (s["p"][GREEN]["crew"], s["p"][GREEN]["score"]) == (0, 9)
    s, _, _ = play(s, GREEN, "continue")
    s, log, _ = play(s, RED, "attack")
    assert log[0] == "Player B attacks Veracruz (disc 1): success, 5 VP."
    assert (s["p"][RED]["crew"], s["p"][RED]["guns"], s["p"][RED]["chest"]["gold"]) == (0, 0, 0)
    s, log, _ = play(s, RED, "continue")
    # The Governor (Blue) moved ahead of Yellow; both are third or later: their discs go back.
    assert s["sailing"] == [GREEN, RED, BLUE, YELLOW]
    assert "Player D disc 1 at Veracruz: full, the disc goes back." in log


def test_fort_without_guns_or_crew_cannot_be_attacked():
    """docs/rules/francis-drake.md 5.2, 9.7: Fort needs Crew >= Troops and Guns (or a Pinnace)."""
    s = to_sailing(fresh(4), ORDER, supplies=4, crew=4, guns=0)
    s["dest"]["veracruz"]["counter"] = 2
    p = s["p"][GREEN]
    assert ENGINE._mission_options(s, GREEN, "veracruz") == []
    p["guns"] = 1
    assert ENGINE._mission_options(s, GREEN, "veracruz") == ["attack"]
    p["crew"] = 3
    assert ENGINE._mission_options(s, GREEN, "veracruz") == []


def test_galleon_example_10():
    """docs/rules/francis-drake.md 5.2, Example 10: a Galleon counter of 3 Guns + Frigate counter 1
    = 4 Guns for 8 VP, for up to 2 players; only a Galleon may attack."""
    s = fresh(4)
    s = to_sailing(s, ORDER, supplies=2, crew=0, guns=4, voyage=3)
    s["dest"]["galleon1"]["gc"] = "a"
    s["dest"]["galleon1"]["counter"] = 1
    for seat in (GREEN, RED, YELLOW):
        s["p"][seat]["ship"] = "galleon"
    plan = {
        seat: [("1", "galleon1"), ("2", "sanjuan"), ("3", "santodomingo"), ("4", "santiago")]
        for seat in ORDER
    }
    s, placing = place_all(s, plan)
    s, logs = resolve(s)
    text = "\n".join(placing + logs)
    assert "The Spanish Frigate counter at Galleon I is +1." in text
    assert "Player A attacks Galleon I (disc 1): success, 8 VP, takes the Jewel." in text
    assert "Player B attacks Galleon I (disc 1): success, 8 VP." in text
    assert "Player C disc 1 at Galleon I: full" in text
    assert s["p"][GREEN]["guns"] == 0 and s["p"][GREEN]["chest"]["jewel"] == 1
    t = to_sailing(fresh(4), ORDER, guns=9)
    t["dest"]["galleon1"]["counter"] = 0
    assert ENGINE._mission_options(t, GREEN, "galleon1") == []  # a Frigate cannot attack


def test_trade_port_example_11():
    """docs/rules/francis-drake.md 5.2, Example 11: Blue trades for Sugar; Yellow must take the
    remaining Tobacco; trades per voyage = the port's circles."""
    s = to_sailing(fresh(4), ORDER, trade_goods=1, voyage=3)
    plan = {
        GREEN: [("4", "sanjuan"), ("1", "grangranada"), ("2", "puertocabello"), ("3", "panama")],
        RED: [("1", "santiago"), ("2", "panama"), ("3", "maracaibo"), ("4", "cartagena")],
        YELLOW: [("2", "sanjuan"), ("1", "panama"), ("3", "portobelo"), ("4", "maracaibo")],
        BLUE: [("1", "sanjuan"), ("2", "grangranada"), ("3", "maracaibo"), ("4", "portobelo")],
    }
    s, _ = place_all(s, plan)
    s, logs = resolve(s, choices={(BLUE, "1"): "trade sugar"})
    text = "\n".join(logs)
    assert "Player D trades 1 Trade Good at San Juan for 1 Sugar." in text
    assert "Player C trades 1 Trade Good at San Juan for 1 Tobacco." in text
    assert "Player A disc 4 at San Juan: not possible" in text  # 2 circles used
    assert s["p"][BLUE]["comm"]["sugar"] == 1 and s["p"][YELLOW]["comm"]["tobacco"] == 1
    assert s["p"][BLUE]["trade_goods"] == 0


def test_no_trade_goods_disc_goes_back():
    """docs/rules/francis-drake.md 5.2, 9.6.15: no Trade Goods, the disc is simply taken back."""
    s = to_sailing(fresh(4), ORDER, trade_goods=0)
    assert ENGINE._mission_options(s, GREEN, "sanjuan") == []


def test_voluntary_decline_lets_a_later_disc_succeed():
    """docs/rules/francis-drake.md 4.6, 7.8: a declined disc returns; the 3rd disc can still win."""
    s = to_sailing(fresh(4), ORDER, voyage=3)
    plan = {seat: list(PLAN[RED]) for seat in ORDER}
    plan[RED] = list(PLAN[GREEN])
    s, _ = place_all(s, plan)
    s, logs = resolve(s, choices={(GREEN, "1"): "decline"})
    text = "\n".join(logs)
    assert "Player A declines at Cartagena (disc 1)." in text
    assert "Player C attacks Cartagena (disc 1): success, 4 VP, takes the Gold." in text
    assert "Player D attacks Cartagena (disc 1): success, 4 VP." in text


def test_returns_and_hero_bonus_example_12():
    """docs/rules/francis-drake.md 4.7, 9.6.7, Example 12: Green returns after mission 3 (dock 1,
    +2 VP), Blue after mission 3 (dock 2, +1 VP); Red and Yellow finish mission 4 and return
    in Sailing Order (docks 3 and 4); mission 4 makes the return mandatory."""
    s = to_sailing(fresh(4), ORDER, crew=6, guns=6, voyage=3)
    plan = {
        GREEN: [("1", "grangranada"), ("2", "sanjuan"), ("3", "puertocabello"), ("4", "panama")],
        RED: [("1", "cartagena"), ("2", "panama"), ("3", "santiago"), ("4", "maracaibo")],
        YELLOW: [("1", "galleon1"), ("2", "cartagena"), ("3", "portobelo"), ("4", "santiago")],
        BLUE: [("1", "santodomingo"), ("2", "grangranada"), ("3", "maracaibo"), ("4", "sanjuan")],
    }
    s, _ = place_all(s, plan)
    s, logs = resolve(s, returns={GREEN: "3", BLUE: "3"})
    assert s["home"] == [GREEN, BLUE, RED, YELLOW]
    text = "\n".join(logs)
    assert "Player A returns to Homebound Dock 1, early: hero bonus 2 VP." in text
    assert "Player D returns to Homebound Dock 2, early: hero bonus 1 VP." in text
    assert "Player B returns to Homebound Dock 3." in text
    assert ["hero", 2] in s["p"][GREEN]["vp_log"] and ["hero", 1] in s["p"][BLUE]["vp_log"]
    # Returning after mission 3 takes back the unused disc 4 (7.15).
    assert s["p"][GREEN]["m"]["4"]["st"] == "back"
    assert s["p"][GREEN]["m"]["3"]["st"] == "won"


def test_hero_bonus_needs_a_success_and_is_not_passed_down():
    """docs/rules/francis-drake.md 4.7, 9.6.5: the 1st early returner without a success gets 0;
    the 2nd still gets only 1 VP."""
    s = to_sailing(fresh(4), ORDER, crew=0, guns=0, trade_goods=0, voyage=3)
    s["p"][RED]["crew"] = 1
    plan = {seat: list(PLAN[GREEN]) for seat in ORDER}
    s, _ = place_all(s, plan)
    s, logs = resolve(s, returns={GREEN: "1", RED: "1"})
    text = "\n".join(logs)
    assert "Player A returns to Homebound Dock 1, early: hero bonus 0 VP." in text
    assert "Player B returns to Homebound Dock 2, early: hero bonus 1 VP." in text


def test_resolution_order_is_global():
    """docs/rules/francis-drake.md 4.6: Golden Hind, then all 1s in Sailing Order, then 2s..."""
    s = to_sailing(fresh(4), ORDER)
    s, _ = place_all(s, PLAN)
    q = [e for e in s["queue"] if len(e) == 2]
    assert q == [[seat, label] for label in "1234" for seat in ORDER]


def test_no_destination_left_leaves_discs_unplaced():
    """docs/rules/francis-drake.md 9.6.9: with too few reachable Destinations, discs stay
    unplaced."""
    s = fresh(4)
    s = to_sailing(s, ORDER, supplies=[1, 2, 2, 2])
    zone1 = ["sanjuan", "santodomingo", "grangranada", "puertocabello"]
    s["p"][GREEN]["ghost"] = True
    s["p"][GREEN]["m"]["ghost"] = {"at": None, "st": "hand"}
    plan = dict(PLAN)
    plan[GREEN] = [(str(k + 1), d) for k, d in enumerate(zone1)]
    s, _ = place_all(s, plan)  # would raise if Green were asked to place a 5th disc
    assert s["phase"] == "resolve"
    assert sum(1 for e in s["queue"] if e[0] == GREEN) == 4


def test_barrels_not_spent_pinnace_kept_counter_public_after_reveal():
    """docs/rules/francis-drake.md 7.3, 7.10, 7.11: barrels only set range; a Pinnace works at every
    Fort and is not spent; a counter turned up is public from then on."""
    s = to_sailing(fresh(4), ORDER, supplies=2, crew=9, guns=0, voyage=3)
    s["p"][GREEN]["pinnace"] = True
    plan = {seat: list(PLAN[RED]) for seat in ORDER}
    plan[GREEN] = [("1", "cartagena"), ("2", "panama"), ("3", "sanjuan"), ("4", "portobelo")]
    s, _ = place_all(s, plan)
    s, _, _ = play(s, GREEN, "attack")
    counter = s["dest"]["cartagena"]["counter"]
    public = {d["id"]: d for d in ENGINE.view(s, None)["map"]}
    assert public["cartagena"]["counter_state"] == "shown"
    assert public["cartagena"]["counter_value"] == counter
    assert public["panama"]["counter_state"] == "hidden"
    assert public["panama"]["counter_value"] is None
    s, _, _ = play(s, GREEN, "continue")
    while s["cur"]["seat"] != GREEN:
        seat = s["cur"]["seat"]
        s, _, _ = play(s, seat, ENGINE.default_move(s, seat))
    assert s["cur"]["dest"] == "panama" and "attack" in ENGINE.legal_moves(s, GREEN)
    s, _, _ = play(s, GREEN, "attack")
    assert s["p"][GREEN]["pinnace"] and s["p"][GREEN]["supplies"] == 2
    assert s["p"][GREEN]["conq"] == ["fort"]


def test_statuses_last_one_voyage():
    """docs/rules/francis-drake.md 7.12: Galleon, Pinnace, titles, Golden Hind and Ghost Ship
    reset."""
    s = fresh(4)
    s["titles"]["informer"] = None
    for p in s["p"]:
        p.update(ship="galleon", pinnace=True, hind=True, ghost=True)
    s["titles"]["admiral"] = GREEN
    s = to_sailing(s, ORDER, supplies=0)
    s, _, _ = play(s, GREEN, "frigates 0,1,2")
    assert s["voyage"] == 2
    assert s["titles"] == {"admiral": None, "governor": None, "informer": None}
    for p in s["p"]:
        assert (p["ship"], p["pinnace"], p["hind"], p["ghost"]) == ("frigate", False, False, False)
        assert p["known"] == {} and p["m"] == {}
