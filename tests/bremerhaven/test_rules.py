"""Rules tests for Bremerhaven; each names the section of docs/rules/bremerhaven.md it checks."""

from __future__ import annotations

import copy

import pytest

from engines.base import IllegalMove
from engines.bremerhaven import ENGINE, check_data
from engines.bremerhaven import engine as E
from engines.bremerhaven.data import CONTRACTS, PRICES, SHIPS
from engines.bremerhaven.topics import RULES_TOPICS
from tests.bremerhaven.helpers import at_reveal, finish_all, fresh, play, space

TEST_CONTRACT = {
    "id": "ctest",
    "stage": 1,
    "players": [2, 3, 4],
    "long_only": [],
    "time": 2,
    "goods": ["barrel", "container", "crate"],
    "bonus_coins": 1,
    "bonus_prestige": 0,
    "penalty_coins": 0,
    "penalty_prestige": 1,
    "source": "provisional",
}
EXAMPLE_PRICE = next(
    pid for pid, p in PRICES.items() if (p["barrel"], p["container"], p["crate"]) == (3, 1, 4)
)


def test_check_data_clean():
    """rules 2.4 / docs/ARCHITECTURE.md 3: the data files validate and carry provenance."""
    assert check_data() == []


def test_setup_hands_income_and_harbour():
    """rules 3.5-3.11: hand 1-5, reserve, income by rank, bollards, contract, covers."""
    s = fresh(4, "long")
    for rank, pid in enumerate(s["hier"]):
        p = s["players"][pid]
        assert p["money"] == [4, 6, 8, 12][rank]
        assert p["hand"] == [1, 2, 3, 4, 5]
        assert p["reserve"] == [5, 6, 6, 7, 7, 8, 9]
        assert p["quays"] == [0, 1, 1, 0]
        assert p["bays"][0]["t"] == CONTRACTS[p["bays"][0]["id"]]["time"]
        covered = [E.SPACE_NAMES[i] for i, sp in enumerate(p["spaces"]) if "c" in sp]
        assert covered == ["a3", "a4", "b3", "b4", "c3", "c4"]
        assert [E.bay_open(p, k) for k in range(4)] == [True, True, False, False]
    assert len(s["sea"]) == 4 and len(s["land"]) == 4
    assert s["news_left"] is None and s["news_right"]


def test_setup_two_players_two_ranks():
    """rules 3 / 7.29: 2 players: 2 ships, 2 contracts, Captain and First Mate (4 and 6)."""
    s = fresh(2, "long")
    assert len(s["sea"]) == 2 and len(s["land"]) == 2
    assert sorted(p["money"] for p in s["players"]) == [4, 6]


def test_short_setup_building_goods_no_covers():
    """rules 8.1: no covers, a built starting Building, 3 starting goods not on the contract."""
    s = ENGINE.setup(3, seed=5, variant="short")
    assert s["step"] == "start" and s["waiting"] == [0, 1, 2]
    for p in s["players"]:
        assert not any("c" in sp for sp in p["spaces"])
        assert "b" in p["spaces"][0]
    printed = {g for g in CONTRACTS[s["players"][0]["bays"][0]["id"]]["goods"] if g != "any"}
    moves = ENGINE.legal_moves(s, 0)
    assert all(m.split()[1] not in printed for m in moves) or len(printed) == 4
    s = play(s, 0, moves[0], moves[0])
    # hidden until everyone has chosen: the public harbour has no goods yet
    assert not any(sp.get("goods") for sp in ENGINE.view(s, None)["harbours"][0]["spaces"])
    assert ENGINE.view(s, 0)["private"]["draft"]["spaces"][1]["goods"]


def test_solo_setup():
    """rules 8.2: you are First Mate with 6 coins; the neutral is Captain, with no money."""
    s = fresh(1, "solo")
    assert s["hier"] == [1, 0]
    assert s["players"][0]["money"] == 6
    assert s["players"][1]["neutral"]
    assert len(s["sea"]) == 2 and len(s["land"]) == 2


def test_auction_order_and_hidden_values():
    """rules 4.1: one card at a time in hierarchy order; locations public, values private."""
    s = fresh(3, "long")
    first, second = s["hier"][0], s["hier"][1]
    assert ENGINE.to_move(s) == [first]
    s = play(s, first, "bid 1.4", "card 5")
    assert ENGINE.to_move(s) == [second]
    public = ENGINE.view(s, None)
    assert public["bids"] == [{"space": "1.4", "pid": first, "value": None}]
    assert ENGINE.view(s, first)["private"]["my_bids"] == [["1.4", 5]]
    assert ENGINE.view(s, second)["private"]["my_bids"] == []
    assert 5 not in s["players"][first]["hand"]


def test_back_undoes_space_choice():
    """rules 4.1: a card is placed only once the value is chosen; `back` changes the space."""
    s = fresh(2, "long")
    seat = s["hier"][0]
    s = play(s, seat, "bid 1.2", "back")
    assert ENGINE.legal_moves(s, seat)[0] == "bid 1.0"
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, seat, "card 3")


def test_own_bids_add_up_and_ties_by_hierarchy():
    """rules 7.1 / 7.3 / A1: own cards add up; ties go to the higher rank at round start."""
    s = fresh(3, "long")
    cap, mate, sailor = s["hier"]
    st, _ = at_reveal(s, [(sailor, "1.5", 2), (sailor, "1.5", 3), (mate, "1.5", 4)])
    assert st["winners"]["1.5"] == sailor  # 5 beats 4
    st, _ = at_reveal(s, [(cap, "2.1", 3), (mate, "2.1", 3)])
    assert st["winners"]["2.1"] == cap


def test_parking_pays_per_card():
    """rules 5.1 / 7.4: 1 coin per card on Parking, whatever its value."""
    s = fresh(2, "long")
    pid = s["hier"][1]
    before = s["players"][pid]["money"]
    st, _ = at_reveal(s, [(pid, "1.0", 5), (pid, "1.0", 1)])
    # parking 2, plus First Mate income 3
    assert st["players"][pid]["money"] == before + 2 + 3


def test_building_removed_without_bid_and_taken_by_winner():
    """rules 5.2 / 7.5: nobody bids: the top Building leaves; the winner keeps it unbuilt."""
    s = fresh(2, "long")
    top = s["buildings"][0]
    st, _ = at_reveal(s, [])
    assert top not in st["buildings"] and all(top not in p["unbuilt"] for p in st["players"])
    pid = s["hier"][1]
    st, _ = at_reveal(s, [(pid, "1.1", 1)])
    assert st["players"][pid]["unbuilt"] == [top]
    assert E.harbour_prestige(st["players"][pid]) == 0  # rules 7.6: no prestige unbuilt


def permit_example():
    """The p.5 example: Red 5, Green 2, Blue 2, Yellow no bid."""
    s = fresh(4, "long")
    red, green, blue, yellow = s["hier"]
    for pid in (red, green, blue, yellow):
        s["players"][pid]["money"] = 20
    st, _ = at_reveal(s, [(red, "1.2", 5), (green, "1.2", 2), (blue, "1.2", 2)])
    return st, red, green, blue, yellow


def test_permit_example_p5():
    """rules 5.3 worked example: Red's permit is free, Green pays 3, Blue declines, extras 5,
    Yellow (no bid) cannot buy any."""
    st, red, green, blue, yellow = permit_example()
    assert st["step"] == "permit"
    assert st["waiting"] == sorted([red, green, blue])
    assert yellow not in ENGINE.to_move(st)
    assert st["drafts"][str(red)]["permits"] == 1
    st = play(st, green, "buy permit")
    assert st["drafts"][str(green)]["money"] == 17
    st = play(st, green, "buy permit")  # an extra permit costs the highest bid
    assert st["drafts"][str(green)]["money"] == 12
    assert st["drafts"][str(green)]["permits"] == 2
    st = play(st, red, "buy permit")
    assert st["drafts"][str(red)]["money"] == 15
    st = play(st, blue, "done")  # Blue declines
    assert st["players"][blue]["money"] == 20
    # Green's spending is hidden from the others until the step resolves
    assert ENGINE.view(st, None)["harbours"][green]["money"] == 20
    assert ENGINE.view(st, blue)["harbours"][green]["money"] == 20


def test_permit_uses_bollard_cover_build():
    """rules 5.3 a-c: a bollard raises mooring, a cleared cover opens the bay above, a building
    needs an empty space; permits lapse unused (A15)."""
    st, red, *_ = permit_example()
    st["drafts"][str(red)]["unbuilt"] = ["church"]
    st = play(st, red, "buy permit", "buy permit")
    d = st["drafts"][str(red)]
    assert d["permits"] == 3 and d["money"] == 10
    st = play(st, red, "bollard 2")
    d = st["drafts"][str(red)]
    assert d["quays"][1] == 2 and d["money"] == 10 - E.SPOT_COST[1][1]
    st = play(st, red, "clear a3")
    d = st["drafts"][str(red)]
    assert "c" not in d["spaces"][space("a3")] and E.bay_open(d, 2)
    st = play(st, red, "build church", "at a3")
    d = st["drafts"][str(red)]
    assert d["spaces"][space("a3")] == {"b": "church"} and d["permits"] == 0
    assert E.bay_open(d, 2)  # a building keeps the space uncovered
    assert not any(m.startswith(("bollard", "clear", "build")) for m in ENGINE.legal_moves(st, red))


def test_permit_cost_needs_money():
    """rules 9.5 A17: no paying without the money (bollards, covers, permits)."""
    st, _red, green, *_ = permit_example()
    st["drafts"][str(green)]["money"] = 2
    assert "buy permit" not in ENGINE.legal_moves(st, green)


def test_influence_upgrade_example_p6():
    """rules 5.4 worked example: Green wins and takes the reserve 5; the 1 goes back at clean-up
    (2,3,4,5,5); Blue may pay the 1-coin difference."""
    s = fresh(3, "long")
    green, blue, other = s["hier"]
    bids = [(green, "1.3", 3), (blue, "1.3", 2)]
    bids += [(green, "1.0", v) for v in (1, 2, 4, 5)]
    st, _ = at_reveal(s, bids)
    assert st["step"] == "upgrade" and st["waiting"] == [blue]
    assert st["players"][green]["reserve"] == [6, 6, 7, 7, 8, 9]
    money = st["players"][blue]["money"]
    assert st["drafts"][str(blue)]["diff"] == 1
    step = ENGINE.apply(st, blue, "upgrade")
    assert any("paid 1 coin to upgrade" in line for line in step.log)
    st = finish_all(step.state)
    assert money > 0
    assert st["players"][green]["hand"] == [2, 3, 4, 5, 5]
    assert st["players"][blue]["hand"] == [2, 3, 4, 5, 5]
    assert st["players"][other]["hand"] == [1, 2, 3, 4, 5]


def test_upgrade_limit_at_nine():
    """rules 5.4 / 7.11: 6,7,7,8,9 cannot be upgraded; bidding there is still allowed."""
    s = fresh(2, "long")
    pid = s["hier"][0]
    s["players"][pid]["hand"] = [6, 7, 7, 8, 9]
    s["players"][pid]["reserve"] = []
    st, log = at_reveal(s, [(pid, "1.3", 9)])
    assert any("cannot upgrade" in line for line in log)
    assert st["phase"] == "auction" and st["players"][pid]["hand"] == [6, 7, 7, 8, 9]


def test_upgrade_tie_is_free():
    """rules 7.3: a tied lower-ranked bidder pays a difference of 0."""
    s = fresh(2, "long")
    cap, mate = s["hier"]
    st, _ = at_reveal(s, [(cap, "1.3", 3), (mate, "1.3", 3)])
    assert st["phase"] == "auction"  # nobody had to decide: both upgraded for free
    assert st["players"][mate]["hand"] == st["players"][cap]["hand"] == [2, 3, 4, 5, 5]


def test_price_winner_chooses_and_no_bid_rotates():
    """rules 5.5 / 7.12: the winner may put any card on top or keep; no bid rotates."""
    s = fresh(2, "long")
    order = list(s["prices"])
    st, _ = at_reveal(s, [])
    assert st["prices"] == order[1:] + order[:1]
    pid = s["hier"][1]
    st, _ = at_reveal(s, [(pid, "1.4", 1)])
    assert st["step"] == "price" and ENGINE.to_move(st) == [pid]
    assert len(ENGINE.view(st, pid)["private"]["price_pile"]) == 24
    assert "price_pile" not in ENGINE.view(st, s["hier"][0])["private"]
    pick = order[7]
    st = play(st, pid, f"price {pick}")
    assert st["prices"][0] == pick
    assert sorted(st["prices"][1:]) == sorted(c for c in order if c != pick)
    assert [c for c in st["prices"] if c != pick] == [c for c in order if c != pick]


def test_commodity_exchange_when_nobody_else_bid():
    """rules 5.5 / 7.13: the Commodity Exchange owner may choose if no other player bid."""
    s = fresh(2, "long")
    pid, other = s["hier"][1], s["hier"][0]
    s["players"][pid]["spaces"][0] = {"b": "exchange"}
    st, _ = at_reveal(s, [])
    assert st["step"] == "price" and ENGINE.to_move(st) == [pid]
    st, _ = at_reveal(s, [(other, "1.4", 1)])
    assert st["step"] != "price" or ENGINE.to_move(st) != [pid]


def test_career_swap_then_income():
    """rules 5.6 / 7.14: the winner swaps an adjacent pair (or not); income 4/3/2/1 after."""
    s = fresh(4, "long")
    h = list(s["hier"])
    cook = h[3]
    money = [p["money"] for p in s["players"]]
    st, _ = at_reveal(s, [(cook, "1.5", 1)])
    assert st["step"] == "career"
    st = play(st, cook, "swap 3")
    assert st["hier"] == [h[0], h[1], cook, h[2]]
    gains = {pid: st["players"][pid]["money"] - money[pid] for pid in range(4)}
    assert gains == {h[0]: 4, h[1]: 3, cook: 2, h[2]: 1}


def test_ship_needs_both_quays():
    """rules 5.7 / 7.15: a ship fits only if both quays reach its mooring size; otherwise it is
    discarded without penalty."""
    s = fresh(2, "long")
    pid = s["hier"][0]
    big = next(sid for sid, sh in SHIPS.items() if sh["mooring"] == 2 and sh["goods"] != "any")
    small = next(sid for sid, sh in SHIPS.items() if sh["mooring"] == 1 and sh["goods"] != "any")
    s["sea"][0] = big
    s["sea"][1] = small
    s["players"][pid]["quays"] = [0, 1, 3, 0]  # berth 2 is size 1, berth 3 size 0
    money = s["players"][pid]["money"]
    st, _ = at_reveal(s, [(pid, "2.1", 1), (pid, "2.2", 2)])
    p = st["players"][pid]
    assert big in st["ship_discard"]
    assert p["berths"][1]["id"] == small  # the only legal berth: placed automatically
    assert p["berths"][1]["n"] == SHIPS[small]["cargo"] and p["berths"][1]["t"] > 0
    assert p["money"] == money + 4  # income only, no penalty
    assert E.berth_size(p, 1) == 1 and E.berth_size(p, 2) == 0


def test_wildcard_ship_one_type():
    """rules 5.7: wildcard cargo becomes one type of the owner's choice."""
    s = fresh(2, "long")
    pid = s["hier"][0]
    wild = next(sid for sid, sh in SHIPS.items() if sh["mooring"] == 0 and sh["goods"] == "any")
    s["sea"][0] = wild
    st, _ = at_reveal(s, [(pid, "2.1", 1)])
    assert st["step"] == "place"
    assert "dock 1 crate" in ENGINE.legal_moves(st, pid)
    st = play(st, pid, "dock 1 crate")
    b = st["players"][pid]["berths"][0]
    assert b["g"] == "crate" and b["n"] == SHIPS[wild]["cargo"]


def test_contract_without_free_bay_pays_penalty(monkeypatch):
    """rules 5.8 / 7.15 / 7.23: no free bay: discard at once, pay the penalty as far as possible
    (after the 1.5 income, which comes first)."""
    monkeypatch.setitem(CONTRACTS, "cpen", TEST_CONTRACT | {"id": "cpen", "penalty_coins": 5})
    s = fresh(2, "long")
    pid = s["hier"][0]
    cid = "cpen"
    s["land"][0] = cid
    p = s["players"][pid]
    first = p["bays"][0]
    first["t"] = 5
    p["bays"] = [copy.deepcopy(first) for _ in range(4)]
    p["money"] = 0
    p["prestige"] = 2
    st, log = at_reveal(s, [(pid, "3.1", 1)])
    assert cid in st["contract_discard"]
    assert any("discarded, penalty 4 coins and -1 prestige" in line for line in log)
    assert st["players"][pid]["money"] == 0  # income 4 paid towards the penalty of 5
    assert st["players"][pid]["prestige"] == 1


def test_contract_on_closed_bay_but_no_delivery():
    """rules 5.8 / 7.17 / A4: a contract may lie on a closed bay; no delivery there."""
    s = fresh(2, "long")
    pid = s["hier"][0]
    p = s["players"][pid]
    p["bays"][1] = copy.deepcopy(p["bays"][0])
    s["land"][0] = "c01"
    st, _ = at_reveal(s, [(pid, "3.1", 1)])
    assert ENGINE.legal_moves(st, pid) == ["bay 3", "bay 4"]
    st = play(st, pid, "bay 3")
    assert st["players"][pid]["bays"][2]["id"] == "c01"
    d = st["drafts"][str(pid)] if st["drafts"] else None
    if d is not None:
        good = CONTRACTS["c01"]["goods"][0]
        d["spaces"][0] = {"g": [good if good != "any" else "barrel"]}
        assert "to bay3" not in ENGINE._targets(d, "a1")


def harbour_state(monkeypatch, got_goods: list[str] | None = None, time: int = 1, other=False):
    """A 2-player position at the individual phase; seat hier[0] has the test contract."""
    monkeypatch.setitem(CONTRACTS, "ctest", TEST_CONTRACT)
    s = fresh(2, "long")
    pid = s["hier"][0]
    p = s["players"][pid]
    p["bays"][0] = {"id": "ctest", "t": time, "got": list(got_goods or [])}
    p["spaces"][space("a1")] = {"g": ["barrel"]}
    p["spaces"][space("a2")] = {"g": ["crate", "crate"]}
    p["berths"][1] = {"id": "s03", "t": 2, "g": "container", "n": 2}
    if other:
        s["players"][1 - pid]["spaces"][0] = {"g": ["barrel"]}
    s["prices"].remove(EXAMPLE_PRICE)
    s["prices"].insert(1, EXAMPLE_PRICE)  # the automatic rotation brings it on top
    st, _ = at_reveal(s, [])
    assert st["phase"] == "individual" and pid in ENGINE.to_move(st)
    assert st["prices"][0] == EXAMPLE_PRICE
    return st, pid


def test_goods_movement_rules(monkeypatch):
    """rules 5.9 4.2 / 7.18: never ship->contract, ship->storage ok, storage->contract only what
    the contract needs, never back to a ship or out of a contract."""
    st, pid = harbour_state(monkeypatch)
    assert "from berth2" in ENGINE.legal_moves(st, pid)
    st = play(st, pid, "from berth2")
    targets = ENGINE.legal_moves(st, pid)
    assert "to bay1" not in targets and "to a3" not in targets  # a3 is covered
    assert "to a1" not in targets and "to b1" in targets
    st = play(st, pid, "to b1", "from b1")
    assert "to bay1" in ENGINE.legal_moves(st, pid)
    assert not any(m.startswith("to berth") for m in ENGINE.legal_moves(st, pid))
    st = play(st, pid, "to bay1")
    d = st["drafts"][str(pid)]
    assert d["bays"][0]["got"] == ["container"] and d["berths"][1]["n"] == 1
    assert "from bay1" not in ENGINE.legal_moves(st, pid)
    # a second container is not needed by the contract
    st = play(st, pid, "from berth2", "to b2", "from b2")
    assert "to bay1" not in ENGINE.legal_moves(st, pid)


def test_crates_stack_and_packing(monkeypatch):
    """rules 5.9 4.2 / 7.19: 2 crates per space, 1 other good; packing costs 1 coin."""
    st, pid = harbour_state(monkeypatch)
    money = st["drafts"][str(pid)]["money"]
    st = play(st, pid, "from a2")
    moves = ENGINE.legal_moves(st, pid)
    assert "pack" in moves and "to a1" not in moves
    st = play(st, pid, "pack")
    d = st["drafts"][str(pid)]
    assert d["spaces"][space("a2")] == {"g": ["container"]} and d["money"] == money - 1
    st = play(st, pid, "from a2", "unpack")
    d = st["drafts"][str(pid)]
    assert d["spaces"][space("a2")] == {"g": ["crate", "crate"]} and d["money"] == money - 2


def test_ship_crate_joins_a_single_crate_rules_5_9_4_2(monkeypatch):
    """rules 5.9 4.2 (issue 38 item 10): ships unload "to empty storage spaces", read as spaces
    with room for the good, since a space holds "up to 2 crates" that stack: a crate from a ship
    joins a single crate, even with no free space left. The reading is declared in /rules
    reconstructed, with its reason."""
    st, pid = harbour_state(monkeypatch)
    d = st["drafts"][str(pid)]
    d["berths"][1] = {"id": "s03", "t": 2, "g": "crate", "n": 2}
    for i, sp in enumerate(d["spaces"]):
        if not sp:
            d["spaces"][i] = {"g": ["barrel"]}  # no free space anywhere
    d["spaces"][space("b1")] = {"g": ["crate"]}
    assert "from berth2" in ENGINE.legal_moves(st, pid)
    st = play(st, pid, "from berth2")
    assert ENGINE.legal_moves(st, pid) == ["to b1", "back"]
    st = play(st, pid, "to b1")
    assert st["drafts"][str(pid)]["spaces"][space("b1")] == {"g": ["crate", "crate"]}
    topic = " ".join(str(t) for k, t in RULES_TOPICS.items() if k.startswith("reconstructed"))
    assert "'to empty storage spaces' (rules 5.9 4.2)" in topic
    assert "a crate unloaded from a ship may join a single crate" in topic.lower()


def test_contract_payment_complete_p9(monkeypatch):
    """rules 5.9 4.4 p.9 example: prices barrel 3, container 1, crate 4; complete contract with
    bonus 1 pays 3 + 1 + 4 + 1 = 9 coins."""
    st, pid = harbour_state(monkeypatch, got_goods=["barrel", "container", "crate"])
    money = st["drafts"][str(pid)]["money"]
    prestige = st["drafts"][str(pid)]["prestige"]
    st = play(st, pid, "done")
    st = finish_all(st)
    p = st["players"][pid]
    assert p["money"] == money + 9
    assert p["bays"][0] is None and "ctest" in st["contract_discard"]
    assert p["prestige"] >= prestige


def test_contract_payment_incomplete_p9(monkeypatch):
    """rules 5.9 4.4 p.9 / 7.22: the container missing: 3 + 4 = 7 coins, no bonus, -1 prestige."""
    st, pid = harbour_state(monkeypatch, got_goods=["barrel", "crate"])
    st["drafts"][str(pid)]["prestige"] = 5
    st["drafts"][str(pid)]["berths"][1] = None
    money = st["drafts"][str(pid)]["money"]
    st = play(st, pid, "done")
    st = finish_all(st)
    p = st["players"][pid]
    assert p["money"] == money + 7
    assert p["prestige"] == 4


def test_time_markers_and_prestige_high_water(monkeypatch):
    """rules 5.9 4.3 / 4.4 / 7.20 / 7.25: time markers come off every round; prestige keeps its
    highest value when ships leave."""
    st, pid = harbour_state(monkeypatch, time=3)
    st = play(st, pid, "done")
    st = finish_all(st)
    p = st["players"][pid]
    ship_prestige = SHIPS["s03"]["prestige"]
    assert p["prestige"] == ship_prestige
    assert p["berths"][1]["t"] == 1 and p["bays"][0]["t"] == 2
    p["berths"][1]["t"] = 1
    st2, _ = at_reveal(st, [])
    st2 = finish_all(st2)
    assert st2["players"][pid]["berths"][1] is None  # expired, leftover goods lost
    assert st2["players"][pid]["prestige"] == ship_prestige


def test_production_before_moving(monkeypatch):
    """rules 5.9 4.1: a production building makes one good onto an empty space (Refinery: a
    barrel), before any 4.2 move; money producers pay at once."""
    monkeypatch.setitem(CONTRACTS, "ctest", TEST_CONTRACT)
    s = fresh(2, "long")
    pid = s["hier"][0]
    s["players"][pid]["spaces"][space("b1")] = {"b": "refinery"}
    s["players"][pid]["spaces"][space("b2")] = {"b": "bank"}
    st, _ = at_reveal(s, [])
    moves = ENGINE.legal_moves(st, pid)
    assert "produce refinery" in moves and "produce bank" in moves
    money = st["drafts"][str(pid)]["money"]
    st = play(st, pid, "produce bank", "produce refinery", "to c1")
    d = st["drafts"][str(pid)]
    assert d["money"] == money + 2 and d["spaces"][space("c1")] == {"g": ["barrel"]}
    st = play(st, pid, "from c1", "to c2")
    assert not any(m.startswith("produce") for m in ENGINE.legal_moves(st, pid))


def test_any_good_on_a_space_can_be_moved_rules_5_9_4_2(monkeypatch):
    """rules 5.9 4.2 (p.8-9, issue 38 item 7): beyond its rules, goods move as the player
    wishes, so any good on a space can be picked up. A Warehouse holding a barrel and a
    passenger, no free space, a contract that needs the passenger: the passenger is delivered
    (it was stuck behind the barrel, and the engine ended the harbour work by itself)."""
    contract = dict(TEST_CONTRACT, goods=["passenger"], time=3)
    monkeypatch.setitem(CONTRACTS, "ctest", contract)
    s = fresh(2, "long")
    pid = s["hier"][0]
    p = s["players"][pid]
    p["bays"][0] = {"id": "ctest", "t": 3, "got": []}
    for i, sp in enumerate(p["spaces"]):
        if not sp:
            p["spaces"][i] = {"g": ["barrel"]}  # no free space anywhere
    p["spaces"][space("a1")] = {"b": "warehouse", "g": ["barrel", "passenger"]}
    st, _ = at_reveal(s, [])
    assert st["phase"] == "individual" and pid in ENGINE.to_move(st)
    assert ENGINE.legal_moves(st, pid) == ["from a1 passenger", "done"]
    assert "passenger" in ENGINE.describe(st, pid, "from a1 passenger")
    st = play(st, pid, "from a1 passenger")
    assert ENGINE.legal_moves(st, pid) == ["to bay1", "back"]
    assert "passenger" in ENGINE.describe(st, pid, "to bay1")
    st = play(st, pid, "to bay1")
    d = st["drafts"][str(pid)]
    assert d["bays"][0]["got"] == ["passenger"]
    assert d["spaces"][space("a1")] == {"b": "warehouse", "g": ["barrel"]}
    # with room to move either good, both are offered, in the order of the goods
    # (docs/ARCHITECTURE.md 2: order is part of the rules), whatever order the space holds them in
    for held in (["barrel", "passenger"], ["passenger", "barrel"]):
        d["spaces"][space("a1")]["g"] = list(held)
        d["spaces"][space("a2")] = {}
        moves = ENGINE.legal_moves(st, pid)
        assert [m for m in moves if m.startswith("from a1")] == [
            "from a1 barrel",
            "from a1 passenger",
        ]
    # plain `from a1`, as stored move logs have it, still takes the good laid there first
    assert ENGINE.apply(st, pid, "from a1").move == "from a1 passenger"
    st = play(st, pid, "from a1 passenger", "to a2")
    d = st["drafts"][str(pid)]
    assert d["spaces"][space("a2")] == {"g": ["passenger"]}


def test_individual_phase_is_hidden_until_all_done(monkeypatch):
    """rules 5.9 / 9.3: simultaneous harbour work; others see only who has finished."""
    st, pid = harbour_state(monkeypatch, other=True)
    other = 1 - pid
    st = play(st, pid, "from a1", "to b1")
    assert ENGINE.view(st, other)["harbours"][pid]["spaces"][0]["goods"] == ["barrel"]
    assert ENGINE.view(st, pid)["private"]["draft"]["spaces"][4]["goods"] == ["barrel"]
    st = play(st, pid, "done")
    assert ENGINE.view(st, None)["submitted"] == [pid]
    assert ENGINE.to_move(st) == [other]


def test_refill_long_slide_example():
    """rules 5.10 example: 3 players, only ship 2 bought: ship 3 discarded, ship 1 slides to 3,
    spaces 1 and 2 refilled."""
    s = fresh(3, "long")
    a, b, c = s["sea"]
    pid = s["hier"][0]
    st, _ = at_reveal(s, [(pid, "2.2", 1)])
    st = finish_all(st)
    assert st["sea"][2] == a and c in st["ship_discard"]
    assert st["sea"][0] and st["sea"][1] and st["sea"][0] != a and b not in st["sea"]


def test_refill_short_replaces_all():
    """rules 8.1: short game: all leftover ships and contracts are discarded and replaced."""
    s = fresh(2, "short")
    old = list(s["sea"]) + list(s["land"])
    st, _ = at_reveal(s, [])
    st = finish_all(st)
    assert not set(old) & set(st["sea"] + st["land"])


def test_events_and_progress_long():
    """rules 5.10 / 7.26: no event in round 1; the Progress card becomes next round's event."""
    s = fresh(2, "long")
    right = s["news_right"]
    st, log = at_reveal(s, [])
    assert not any(line.startswith("Event:") for line in log)
    assert st["news_left"] == right
    assert st["progress"] == s["progress"] + E.NEWS[right]["progress"]
    st2, log2 = at_reveal(st, [])
    assert any(line.startswith("Event:") for line in log2)
    assert right in st2["news_discard"]


@pytest.mark.parametrize(("players", "rounds"), [(2, 10), (3, 9), (4, 8)])
def test_short_game_length(players, rounds):
    """rules 8.1: the short game lasts exactly 10/9/8 rounds."""
    s = fresh(players, "short")
    while s["phase"] != "over":
        s, _ = at_reveal(s, [])
        s = finish_all(s)
        assert s["round"] <= rounds
    assert s["round"] == rounds


def test_final_score_975():
    """rules 6 example: 65 money x 15 prestige = 975; remaining contracts resolved as expired."""
    s = fresh(2, "short")
    pid = 0
    p = s["players"][pid]
    p["money"] = 65 - (4 if s["hier"][0] == pid else 3)  # plus this round's income
    p["prestige"] = 15
    p["bays"] = [None] * 4
    s["players"][1]["money"] = 0
    s["progress"] = E.PROGRESS_LAST - 2
    st, _ = at_reveal(s, [])
    st = finish_all(st)
    assert st["phase"] == "over" and ENGINE.to_move(st) == []
    result = {r.seat: r for r in ENGINE.result(st)}
    assert result[pid].score == 975 and result[pid].rank == 1
    assert result[pid].breakdown["money"] == 65 and result[pid].breakdown["prestige"] == 15


def test_final_contracts_resolved_and_tiebreak(monkeypatch):
    """rules 6: contracts resolved at the end (penalty if incomplete); ties by hierarchy."""
    monkeypatch.setitem(CONTRACTS, "ctest", TEST_CONTRACT)
    s = fresh(2, "short")
    a, b = s["hier"]
    for pid in (a, b):
        s["players"][pid].update(money=10, prestige=3, bays=[None] * 4)
    s["players"][b]["bays"][0] = {"id": "ctest", "t": 5, "got": []}
    s["players"][b]["prestige"] = 4
    s["progress"] = E.PROGRESS_LAST - 2
    st, _ = at_reveal(s, [])
    st = finish_all(st)
    income = {a: 4, b: 3}
    res = {r.seat: r for r in ENGINE.result(st)}
    assert res[b].breakdown["prestige"] == 3  # -1 for the unfinished contract
    assert res[a].score == (10 + income[a]) * 3
    assert res[b].score == (10 + income[b]) * 3
    st["players"][b]["money"] = st["players"][a]["money"]
    res = {r.seat: r for r in ENGINE.result(st)}
    assert res[a].rank == 1 and res[b].rank == 2  # equal score: Captain wins


def test_solo_neutral_bids_by_newspaper():
    """rules 8.2: the neutral places its next hidden card on the space its newspaper names."""
    s = fresh(1, "solo")
    assert len(s["bids"]) == 1 and s["bids"][0][1] == 1  # the Captain (neutral) starts
    draw = s["neutral_draws"][0]
    assert E.NEWS[draw[0]]["solo_space"] == draw[1] == s["bids"][0][0]
    view = ENGINE.view(s, 0)
    assert view["bids"][0]["value"] is None
    assert "hand" not in view["harbours"][1]
    assert view["private"]["hand"] == s["players"][0]["hand"]
    assert ENGINE.to_move(s) == [0]


def test_solo_neutral_actions():
    """rules 8.2: neutral discards won cards, becomes Captain from 1.5, upgrades whenever it bid
    on 1.3; the human pays the difference against it on 1.2."""
    s = fresh(1, "solo")
    s["bids"] = []
    s["players"][1]["hand"] = [1, 2, 3, 4, 5]
    s["hier"] = [0, 1]
    s["hier0"] = [0, 1]
    s["players"][0]["money"] = 30
    ship = s["sea"][0]
    st, _ = at_reveal(
        s,
        [(1, "2.1", 5), (1, "1.3", 1), (0, "1.3", 4), (1, "1.5", 4), (1, "1.2", 3), (0, "1.2", 1)],
    )
    assert st["step"] == "permit"
    assert st["drafts"]["0"]["pc"] == [2, 3]
    st = finish_all(st)
    assert ship in st["ship_discard"]
    assert st["hier"] == [1, 0]
    placed = [v for _, q, v in st["bids"] if q == 1]  # its first card of the next round
    assert sorted(st["players"][1]["hand"] + placed) == [2, 3, 4, 5, 5]
    assert st["players"][0]["hand"] == [2, 3, 4, 5, 5]


def test_solo_ten_rounds_and_rating():
    """rules 8.2: the solo game ends after round 10 with Captain Aha's rating (> 1250 wins)."""
    s = fresh(1, "solo")
    while s["phase"] != "over":
        s["bids"] = []
        s["turn"] = 10
        s["players"][1]["hand"] = [1, 2, 3, 4, 5]
        s, _ = at_reveal(s, [])
        s = finish_all(s)
    assert s["round"] == 10
    assert s["rating"]["title"]
    st = copy.deepcopy(s)
    st["players"][0].update(money=100, prestige=13)
    log: list[str] = []
    st["phase"] = "cleanup"
    ENGINE._end_game(st, log)
    assert st["rating"]["title"] == "Captain"


def test_secrets_and_views():
    """rules 9.3: hands and unrevealed bid values only in the owner's private view."""
    s = fresh(3, "long")
    seat = s["hier"][0]
    s = play(s, seat, "bid 2.1", "card 4")
    assert ENGINE.view(s, seat)["private"]["my_bids"] == [["2.1", 4]]
    other = ENGINE.view(s, s["hier"][1])
    assert other["bids"][0]["value"] is None and other["private"]["my_bids"] == []
    assert "hand" not in ENGINE.view(s, None)


def test_default_moves_are_safe():
    """rules 9.3: a timed-out bidder parks the lowest card."""
    s = fresh(2, "long")
    seat = s["hier"][0]
    assert ENGINE.default_move(s, seat) == "bid 1.0"
    s = play(s, seat, "bid 1.0")
    assert ENGINE.default_move(s, seat) == "card 1"


def test_ship_placement_order_is_chosen():
    """rules 9.2 G5: a player who wins two ships chooses which to berth first (`later`)."""
    s = fresh(2, "long")
    pid = s["hier"][0]
    zero = [sid for sid, sh in SHIPS.items() if sh["mooring"] == 0 and sh["goods"] != "any"]
    one = next(sid for sid, sh in SHIPS.items() if sh["mooring"] == 1 and sh["goods"] != "any")
    s["sea"][0] = zero[0]
    s["sea"][1] = one
    st, _ = at_reveal(s, [(pid, "2.1", 1), (pid, "2.2", 2)])
    assert st["step"] == "place"
    assert ENGINE.legal_moves(st, pid) == ["dock 1", "dock 2", "dock 3", "later"]
    st = play(st, pid, "later")
    assert st["drafts"][str(pid)]["queue"][0] == ["sea", one]
    assert ENGINE.legal_moves(st, pid) == ["dock 2", "later"]
    st = play(st, pid, "dock 2")
    # the last ship has 2 free berths left: still the player's choice
    assert ENGINE.legal_moves(st, pid) == ["dock 1", "dock 3"]
    st = play(st, pid, "dock 3")
    p = st["players"][pid]
    assert p["berths"][1]["id"] == one and p["berths"][2]["id"] == zero[0]
