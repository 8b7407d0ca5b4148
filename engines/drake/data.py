"""Component data for Francis Drake, read once from ``data/drake/*.toml``.

Every record carries ``source = "rulebook" | "public" | "provisional"`` (docs/ARCHITECTURE.md
section 3). :func:`check_data` re-validates the files against the counts of
docs/rules/francis-drake.md 2 and 5.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "drake"
SOURCES = ("rulebook", "public", "provisional")
KINDS = ("town", "fort", "galleon", "port")
COMMODITIES = ("sugar", "coffee", "tobacco", "indigo")
TREASURES = ("gold", "silver", "jewel")
LOCATION_KINDS = (
    "crew",
    "guns",
    "supplies",
    "trade_goods",
    "tavern",
    "shipyard",
    "pinnace",
    "drake",
    "queen",
    "admiral",
    "governor",
    "informer",
    "golden_hind",
)
# docs/rules/francis-drake.md 2.4: the 16 tiles of a set.
TILE_COUNTS = {k: 2 if k in ("crew", "guns", "supplies") else 1 for k in LOCATION_KINDS}
# docs/rules/francis-drake.md 2.4: capacities.
CAPACITY = {"crew": 3, "guns": 3, "supplies": 3, "trade_goods": 2, "tavern": 2}
CAPACITY |= {"shipyard": 2, "pinnace": 2}


def _load(name: str) -> dict:
    with open(DATA_DIR / name, "rb") as handle:
        return tomllib.load(handle)


@lru_cache(maxsize=1)
def load() -> dict:
    """All data, shaped for the engine (cached: loaded once per process)."""
    game_map = _load("map.toml")
    locations = _load("locations.toml")
    tables = _load("tables.toml")
    dests = {d["id"]: d for d in game_map["destination"]}
    tiles = {t["id"]: t for t in locations["tile"]}
    sets = {n: [t["id"] for t in locations["tile"] if t["set"] == n] for n in (3, 4, 5)}
    return {
        "dests": dests,
        "dest_order": [d["id"] for d in game_map["destination"]],
        "galleon_counters": {g["id"]: g for g in game_map["galleon_counter"]},
        "tiles": tiles,
        "sets": sets,
        "printed_order": list(locations["printed_order"]["order"]),
        "tables": tables,
    }


def _sources(records: list[dict], label: str) -> list[str]:
    return [
        f"{label} {r.get('id', '?')}: source {r.get('source')!r} is not one of {SOURCES}"
        for r in records
        if r.get("source") not in SOURCES
    ]


def check_data() -> list[str]:
    """Problems found in the data files (empty when fine)."""
    problems: list[str] = []
    try:
        game_map = _load("map.toml")
        locations = _load("locations.toml")
        tables = _load("tables.toml")
    except (OSError, tomllib.TOMLDecodeError) as exc:
        return [f"cannot read data/drake: {exc}"]
    dests = game_map.get("destination", [])
    problems += _sources(dests, "destination")
    problems += _sources(game_map.get("galleon_counter", []), "galleon counter")
    problems += _sources(locations.get("tile", []), "tile")
    problems += _sources([locations.get("printed_order", {})], "printed_order")
    problems += _sources([dict(v, id=k) for k, v in tables.items()], "table")
    # docs/rules/francis-drake.md 2.3: exactly 4 Forts, 3 Galleons, 3 Trade Ports.
    kinds = [d.get("kind") for d in dests]
    for kind, want in (("fort", 4), ("galleon", 3), ("port", 3)):
        if kinds.count(kind) != want:
            problems.append(f"map has {kinds.count(kind)} {kind}s, the rules say {want}")
    ids = [d.get("id") for d in dests]
    if len(set(ids)) != len(ids):
        problems.append("duplicate destination ids")
    ports = {d.get("name") for d in dests if d.get("kind") == "port"}
    if ports != {"San Juan", "Santo Domingo", "Santiago de Cuba"}:
        problems.append(f"trade ports are {sorted(ports)}, the rules name three others")
    for d in dests:
        if d.get("kind") not in KINDS:
            problems.append(f"destination {d.get('id')}: unknown kind {d.get('kind')!r}")
        if d.get("zone") not in (1, 2, 3, 4):
            problems.append(f"destination {d.get('id')}: zone must be 1-4")
        if d.get("circles") not in (2, 3):
            problems.append(f"destination {d.get('id')}: circles must be 2 or 3")
        if not (0 <= d.get("x", -1) <= 1 and 0 <= d.get("y", -1) <= 1):
            problems.append(f"destination {d.get('id')}: x, y must be in 0..1")
        if d.get("kind") == "port":
            goods = d.get("commodities", [])
            if not goods or any(g not in COMMODITIES for g in goods):
                problems.append(f"port {d.get('id')}: bad commodities {goods}")
            if d.get("circles") != len(goods):
                problems.append(f"port {d.get('id')}: one trade circle per depicted commodity")
        elif d.get("kind") in ("town", "fort"):
            if d.get("treasure") not in ("", "gold", "silver"):
                problems.append(f"destination {d.get('id')}: bad treasure {d.get('treasure')!r}")
            if not isinstance(d.get("vp"), int) or d["vp"] < 1:
                problems.append(f"destination {d.get('id')}: needs a positive VP")
            if d.get("kind") == "town" and (d.get("troops") != 1 or d.get("guns") != 0):
                problems.append(f"town {d.get('id')}: a Town has 1 Troop and no Guns (2.3)")
            if d.get("kind") == "fort" and (d.get("troops", 0) < 1 or d.get("guns", 0) < 1):
                problems.append(f"fort {d.get('id')}: needs printed Troops and Guns")
        elif d.get("treasure") != "jewel":
            problems.append(f"galleon {d.get('id')}: must show a Jewel (2.3)")
    # docs/rules/francis-drake.md 2.3: Gold and Silver on 2 Towns + 2 Forts each.
    for metal in ("gold", "silver"):
        for kind in ("town", "fort"):
            n = sum(1 for d in dests if d.get("kind") == kind and d.get("treasure") == metal)
            if n != 2:
                problems.append(f"{n} {kind}s show {metal}, the rules say 2")
    by_name = {d.get("name"): d for d in dests}
    vera = by_name.get("Veracruz", {})
    if not (vera.get("kind") == "fort" and vera.get("guns") == 1 and vera.get("vp") == 5):
        problems.append("Veracruz must be a 5 VP Fort with 1 Gun (Ex. 9)")
    counters = tables.get("troop_counters", {}).get("values", [0, 0, 1, 2])
    if vera.get("treasure") != "gold" or 4 - vera.get("troops", 0) not in counters:
        # Ex. 9 gives only the total (4 Crew with the counter), not the printed split.
        problems.append("Veracruz must hold Gold and reach 4 Troops with one Troop counter (Ex. 9)")
    if by_name.get("Panama", {}).get("troops") != 1 or by_name["Panama"].get("kind") != "fort":
        problems.append("Panama must be a Fort with 1 printed Troop (Ex. 7)")
    if by_name.get("Portobelo", {}).get("kind") != "town":
        problems.append("Portobelo must be a Town (Ex. 7)")
    for name in ("Panama", "Portobelo", "Cartagena", "Santo Domingo"):
        if by_name.get(name, {}).get("zone", 9) > 2:
            problems.append(f"{name} must lie in zones 1-2 (Ex. 4, 5, 6, 7)")
    # Ex. 11 names no port: some port must offer both Sugar and Tobacco.
    if not any({"sugar", "tobacco"} <= set(d.get("commodities", [])) for d in dests):
        problems.append("a Trade Port must offer Sugar and Tobacco (Ex. 11)")
    galleon_counters = game_map.get("galleon_counter", [])
    if len(galleon_counters) != 3:
        problems.append("there must be 3 Spanish Galleon counters")
    frigates = tables.get("frigate_counters", {}).get("values", [0, 1, 2])
    # Ex. 10 gives only the total: 4 Guns (Galleon + Frigate counter) for 8 VP.
    if not any(
        4 - c.get("front_guns", 0) in frigates and c.get("front_vp") == 8 for c in galleon_counters
    ):
        problems.append("a Galleon counter must reach 4 Guns with a Frigate counter, 8 VP (Ex. 10)")
    for record in [*dests, *galleon_counters]:
        if record.get("source") != "rulebook" and not record.get("note"):
            problems.append(f"{record.get('id')}: a reconstructed record needs a note (why)")
    # docs/rules/francis-drake.md 2.4, 3 step 9: three sets of 16 tiles.
    tiles = locations.get("tile", [])
    order = locations.get("printed_order", {}).get("order", [])
    if len(order) != 16 or order[:1] != ["crew"]:
        problems.append("printed_order must list 16 locations starting with crew")
    if sorted(order) != sorted(k for k, n in TILE_COUNTS.items() for _ in range(n)):
        problems.append("printed_order must use each location type as often as a set has it")
    for n in (3, 4, 5):
        group = [t for t in tiles if t.get("set") == n]
        if len(group) != 16:
            problems.append(f"set {n} has {len(group)} tiles, not 16")
        for kind, want in TILE_COUNTS.items():
            got = [t for t in group if t.get("kind") == kind]
            if len(got) != want:
                problems.append(f"set {n} has {len(got)} {kind} tiles, not {want}")
            for t in got:
                vals = t.get("values", [])
                if len(vals) != CAPACITY.get(kind, 1):
                    problems.append(f"tile {t.get('id')}: {len(vals)} circles, want capacity")
                if any(not isinstance(v, int) or v < 0 or v > 3 for v in vals):
                    problems.append(f"tile {t.get('id')}: values must be 0-3")
            if want == 2 and len(got) == 2:
                a, b = sorted(got, key=lambda t: t["id"])
                if sum(a["values"]) < sum(b["values"]):
                    problems.append(f"set {n} {kind}: tile a must be the better one")
    tavern = tables.get("tavern", {})
    if sorted(int(k) for k in tavern.get("crew", {})) != [3, 4, 5, 6, 7]:
        problems.append("the Tavern table must give Crew for modified results 3-7")
    if tavern.get("ghost_ship") != [1, 2]:
        problems.append("Tavern results 1 and 2 give the Ghost Ship")
    if tables.get("troop_counters", {}).get("values") != [0, 0, 1, 2]:
        problems.append("Troop counters are 0, 0, 1, 2 (2.1)")
    if tables.get("frigate_counters", {}).get("values") != [0, 1, 2]:
        problems.append("Spanish Frigate counters are 0, 1, 2 (2.1)")
    supply = tables.get("supply", {})
    jewels = kinds.count("galleon")
    if supply.get("gold") != 12 or supply.get("silver") != 12 or supply.get("jewel") != 3 * jewels:
        problems.append(
            "treasure supply must fill 3 voyages exactly (12 Gold, 12 Silver, 9 Jewels)"
        )
    return problems
