"""Bremerhaven component data, loaded once from ``data/bremerhaven/*.toml`` (docs/ARCHITECTURE.md
3)."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "bremerhaven"
SOURCES = ("rulebook", "public", "provisional")
GOODS = ("barrel", "crate", "container", "passenger")
FILES = ("ships", "contracts", "buildings", "prices", "newspapers", "board")


@lru_cache(maxsize=1)
def raw() -> dict[str, dict]:
    out = {}
    for name in FILES:
        with open(DATA_DIR / f"{name}.toml", "rb") as handle:
            out[name] = tomllib.load(handle)
    return out


def _index(records: list[dict]) -> dict[str, dict]:
    return {r["id"]: r for r in records}


_RAW = raw()
SHIPS: dict[str, dict] = _index(_RAW["ships"]["ship"])
CONTRACTS: dict[str, dict] = _index(_RAW["contracts"]["contract"])
BUILDINGS: dict[str, dict] = _index(_RAW["buildings"]["building"])
PRICES: dict[str, dict] = _index(_RAW["prices"]["price"])
NEWS: dict[str, dict] = _index(_RAW["newspapers"]["newspaper"])
BOARD: dict = _RAW["board"]
COVER_COST: dict[str, int] = {c["space"]: c["cost"] for c in BOARD["cover"] if c["harbour"] == 1}
SPOT_COST: list[list[int]] = [[0, 0, 0] for _ in range(4)]
for _spot in BOARD["bollard_spot"]:
    SPOT_COST[_spot["quay"] - 1][_spot["spot"] - 1] = _spot["cost"]
SOLO_BANDS: list[dict] = sorted(BOARD["solo_band"], key=lambda b: b["min"])


def check_data() -> list[str]:
    """Re-validate the data files; return a list of problems (empty when fine)."""
    problems: list[str] = []
    data = raw()

    def records():
        for name, content in data.items():
            for key, value in content.items():
                if isinstance(value, list):
                    for i, rec in enumerate(value):
                        yield f"{name}.{key}[{i}]", rec
                elif isinstance(value, dict):
                    yield f"{name}.{key}", value

    for where, rec in records():
        if rec.get("source") not in SOURCES:
            problems.append(f"{where}: missing or invalid source")

    def expect(cond: bool, msg: str) -> None:
        if not cond:
            problems.append(msg)

    ships = data["ships"].get("ship", [])
    expect(len(ships) == 48, f"ships: {len(ships)} cards, expected 48")
    for s in ships:
        sid = s.get("id")
        expect(1 <= s["load"] <= 5, f"ship {sid}: loading time out of 1-5")
        expect(1 <= s["cargo"] <= 5, f"ship {sid}: cargo out of 1-5")
        expect(s["goods"] in (*GOODS, "any"), f"ship {sid}: bad goods type")
        expect(0 <= s["mooring"] <= 3, f"ship {sid}: mooring out of 0-3")
        expect(1 <= s["prestige"] <= 5, f"ship {sid}: prestige out of 1-5")
        expect(1 <= s["stage"] <= 4, f"ship {sid}: stage out of 1-4")
        expect(set(s["players"]) <= {2, 3, 4}, f"ship {sid}: bad player icons")
        expect(set(s["long_only"]) <= set(s["players"]), f"ship {sid}: arrow on a missing icon")
    contracts = data["contracts"].get("contract", [])
    expect(len(contracts) == 56, f"contracts: {len(contracts)} cards, expected 56")
    for c in contracts:
        cid = c.get("id")
        expect(1 <= c["time"] <= 5, f"contract {cid}: delivery time out of 1-5")
        expect(1 <= len(c["goods"]) <= 4, f"contract {cid}: 1-4 goods required")
        expect(all(g in (*GOODS, "any") for g in c["goods"]), f"contract {cid}: bad goods")
        expect(0 <= c["penalty_coins"] <= 5, f"contract {cid}: penalty out of 0-5")
        expect(0 <= c["bonus_coins"] <= 4, f"contract {cid}: bonus out of 0-4")
        expect(c["penalty_prestige"] in (0, 1) and c["bonus_prestige"] in (0, 1), f"{cid}: +-1")
        expect(not (c["penalty_coins"] and c["penalty_prestige"]), f"contract {cid}: 2 penalties")
        expect(not (c["bonus_coins"] and c["bonus_prestige"]), f"contract {cid}: 2 bonuses")
        expect(set(c["long_only"]) <= set(c["players"]), f"contract {cid}: arrow on no icon")
    for count, need_s, need_c in ((2, 20, 22), (3, 27, 30), (4, 32, 36)):
        short_s = [s for s in ships if count in s["players"] and count not in s["long_only"]]
        short_c = [c for c in contracts if count in c["players"] and count not in c["long_only"]]
        expect(len(short_s) >= need_s, f"ships: too few for a short {count}-player game")
        expect(len(short_c) >= need_c, f"contracts: too few for a short {count}-player game")
    buildings = data["buildings"].get("building", [])
    expect(len(buildings) == 20, f"buildings: {len(buildings)} cards, expected 20")
    abilities = {"none", "produce", "store", "moor", "exchange", "freepack", "crane"}
    abilities |= {"shipyard", "income", "insurance", "customs"}
    names = {b["name"] for b in buildings}
    for need in ("Lighthouse", "Refinery", "Commodity Exchange"):
        expect(need in names, f"buildings: {need} is missing")
    for b in buildings:
        expect(0 <= b["prestige"] <= 3, f"building {b['id']}: prestige out of 0-3")
        expect(b["ability"] in abilities, f"building {b['id']}: unknown ability")
        if b["ability"] == "produce":
            expect(b.get("makes") in (*GOODS, "money"), f"building {b['id']}: bad product")
            expect(b.get("amount", 0) >= 1, f"building {b['id']}: bad amount")
        if b["ability"] == "store":
            expect(b.get("capacity", 0) >= 2, f"building {b['id']}: bad capacity")
    refinery = [b for b in buildings if b["name"] == "Refinery"]
    expect(bool(refinery) and refinery[0].get("makes") == "barrel", "Refinery must make a barrel")
    prices = data["prices"].get("price", [])
    expect(len(prices) == 24, f"prices: {len(prices)} cards, expected 24")
    expect(
        any((p["barrel"], p["container"], p["crate"]) == (3, 1, 4) for p in prices),
        "prices: the p.9 example card (barrel 3, container 1, crate 4) is missing",
    )
    for p in prices:
        expect(all(1 <= p[g] <= 9 for g in GOODS), f"price {p['id']}: price out of range")
    news = data["newspapers"].get("newspaper", [])
    expect(len(news) == 18, f"newspapers: {len(news)} cards, expected 18")
    solo_spaces = {"1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "2.1", "2.2", "3.1", "3.2"}
    events = {"coins", "per_ship", "per_building", "per_bay", "prestige", "lose_good"}
    events |= {"ship_loss", "none"}
    for n in news:
        expect(n["progress"] >= 1, f"newspaper {n['id']}: progress must be positive")
        expect(n["solo_space"] in solo_spaces, f"newspaper {n['id']}: solo space unknown (A18)")
        expect(n["event"] in events, f"newspaper {n['id']}: unknown event")
    board = data["board"]
    prog = board["progress"]
    for count, rounds in ((2, 10), (3, 9), (4, 8)):
        distance = prog["last"] - prog[f"start_{count}"]
        expect(distance == rounds * prog["short_advance"], f"progress: short {count}p != {rounds}")
    amounts = sorted(n["progress"] for n in news)
    distance4 = prog["last"] - prog["start_4"]
    expect(sum(amounts[-7:]) < distance4, "progress: a 4-player long game could end before 8")
    expect(sum(amounts[:12]) >= distance4, "progress: a 4-player long game could exceed 12")
    covers = board.get("cover", [])
    expect(len(covers) == 24, f"covers: {len(covers)}, expected 24")
    for h in (1, 2, 3, 4):
        spaces = sorted(c["space"] for c in covers if c["harbour"] == h)
        expect(spaces == ["a3", "a4", "b3", "b4", "c3", "c4"], f"covers: harbour {h} layout")
    spots = board.get("bollard_spot", [])
    expect(len(spots) == 12, "bollard spots: expected 12 (4 quays x 3)")
    printed = sorted((s["quay"], s["spot"]) for s in spots if s["printed"])
    expect(printed == [(2, 1), (3, 1)], "bollard spots: pre-printed spots are quay 2 and 3, spot 1")
    expect(board["influence"]["values"] == [1, 2, 3, 4, 5, 5, 6, 6, 7, 7, 8, 9], "influence")
    expect(board["income"]["start"] == [4, 6, 8, 12], "income: starting income")
    expect(board["income"]["round"] == [4, 3, 2, 1], "income: round income")
    bands = board.get("solo_band", [])
    expect(len(bands) == 5, "solo bands: expected 5")
    expect(max(b["min"] for b in bands) == 1251, "solo bands: top band is more than 1250")
    expect(len(board.get("short_card", [])) == 2, "short cards: expected 2")
    return problems
