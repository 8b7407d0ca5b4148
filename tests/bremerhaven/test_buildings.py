"""Building abilities (docs/rules/bremerhaven.md 5.2, 2.4: provisional data) and game length."""

from __future__ import annotations

from engines.bremerhaven import ENGINE
from engines.bremerhaven import engine as E
from engines.bremerhaven.data import BUILDINGS, CONTRACTS, SHIPS
from tests.bremerhaven.helpers import at_reveal, finish_all, fresh, play, space


def test_lighthouse_adds_mooring():
    """rules 5.7 with the Lighthouse (provisional ability): berths count one bollard more."""
    s = fresh(2, "long")
    p = s["players"][0]
    assert [E.berth_size(p, i) for i in range(3)] == [0, 1, 0]
    p["spaces"][space("a1")] = {"b": "lighthouse"}
    assert [E.berth_size(p, i) for i in range(3)] == [1, 2, 1]
    assert E.harbour_prestige(p) == BUILDINGS["lighthouse"]["prestige"]


def test_storage_building_holds_goods():
    """rules 5.9 4.2: specific Buildings hold goods (Warehouse: 2 goods or 4 crates)."""
    p = E.new_player("short")
    p["spaces"][0] = {"b": "warehouse"}
    p["spaces"][1] = {"b": "church"}
    assert E.can_hold(p, 0, "barrel") and not E.can_hold(p, 1, "barrel")
    p["spaces"][0]["g"] = ["barrel", "crate"]
    assert E.can_hold(p, 0, "crate") and not E.can_hold(p, 0, "passenger")
    p["spaces"][2] = {"g": ["barrel"]}
    assert not E.can_hold(p, 2, "barrel")


def test_shipyard_and_insurance_and_customs(monkeypatch):
    """Provisional abilities: Shipyard bollards 2 cheaper; Insurance penalties 2 lower; Customs
    +1 coin per completed contract."""
    p = E.new_player("long")
    assert E.bollard_cost(p, 0) == E.SPOT_COST[0][0]
    p["spaces"][0] = {"b": "shipyard"}
    assert E.bollard_cost(p, 0) == max(0, E.SPOT_COST[0][0] - 2)
    card = {
        "id": "cx",
        "goods": ["barrel"],
        "bonus_coins": 2,
        "bonus_prestige": 0,
        "penalty_coins": 3,
        "penalty_prestige": 0,
    }
    monkeypatch.setitem(CONTRACTS, "cx", card)
    price = {"barrel": 3, "crate": 1, "container": 1, "passenger": 1}
    p["spaces"][1] = {"b": "insurance"}
    p["money"] = 10
    E.resolve_contract(p, {"id": "cx", "t": 0, "got": []}, price)
    assert p["money"] == 9  # penalty 3 - 2
    p["spaces"][2] = {"b": "customs"}
    E.resolve_contract(p, {"id": "cx", "t": 0, "got": ["barrel"]}, price)
    assert p["money"] == 9 + 3 + 2 + 1


def test_town_hall_income():
    """Provisional ability: the Town Hall adds 1 coin to the 1.5 income."""
    s = fresh(2, "long")
    cap = s["hier"][0]
    s["players"][cap]["spaces"][space("a1")] = {"b": "townhall"}
    money = s["players"][cap]["money"]
    st, log = at_reveal(s, [])
    assert any(f"{E.pname(cap, st)} +5" in line for line in log)
    assert st["players"][cap]["money"] >= money + 5 - 2  # events may take up to 2 later


def test_crane_ship_to_contract(monkeypatch):
    """Provisional ability: the Harbour Crane lets goods go straight from a ship to a contract
    (rules 5.9 4.2 forbids it otherwise)."""
    s = fresh(2, "long")
    pid = s["hier"][0]
    p = s["players"][pid]
    need = next(g for g in CONTRACTS[p["bays"][0]["id"]]["goods"] if g != "any")
    p["bays"][0]["t"] = 5
    p["berths"][1] = {"id": "s03", "t": 2, "g": need, "n": 1}
    st, _ = at_reveal(s, [])
    st = play(st, pid, "from berth2")
    assert "to bay1" not in ENGINE.legal_moves(st, pid)
    s["players"][pid]["spaces"][space("c1")] = {"b": "crane"}
    st, _ = at_reveal(s, [])
    st = play(st, pid, "from berth2")
    assert "to bay1" in ENGINE.legal_moves(st, pid)


def test_free_packing_station():
    """Provisional ability: packing and unpacking cost nothing with the Packing Station."""
    s = fresh(2, "long")
    pid = s["hier"][0]
    p = s["players"][pid]
    p["spaces"][space("a1")] = {"g": ["crate", "crate"]}
    p["spaces"][space("b1")] = {"b": "packing"}
    st, _ = at_reveal(s, [])
    money = st["drafts"][str(pid)]["money"]
    st = play(st, pid, "from a1", "pack")
    assert st["drafts"][str(pid)]["money"] == money
    assert st["drafts"][str(pid)]["spaces"][space("a1")] == {"g": ["container"]}


def test_empty_building_pile_voids_space():
    """rules 9.5 A13: with no Building left, 1.1 cannot be bid on."""
    s = fresh(2, "long")
    s["buildings"] = []
    seat = s["hier"][0]
    assert "bid 1.1" not in ENGINE.legal_moves(s, seat)
    assert "bid 1.2" in ENGINE.legal_moves(s, seat)


def test_long_four_player_game_length():
    """rules 1 (p.4): a 4-player long game lasts 8 to 12 rounds."""
    for seed in range(6):
        s = fresh(4, "long", seed=seed)
        while s["phase"] != "over":
            s, _ = at_reveal(s, [])
            s = finish_all(s)
        assert 8 <= s["round"] <= 12, s["round"]


def test_ship_data_ranges():
    """rules 2.2: ships 1-5 loading time, 1-5 cargo, 0-3 mooring, 1-5 prestige."""
    assert len(SHIPS) == 48
    assert {s["mooring"] for s in SHIPS.values()} == {0, 1, 2, 3}
    names = {b["name"] for b in BUILDINGS.values()}
    assert {"Lighthouse", "Refinery", "Commodity Exchange"} <= names
