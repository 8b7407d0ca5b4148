"""Tahiti component data: loading ``data/tahiti/*.toml`` once, and validating it (check_data).

Every value the rules file lacks (docs/rules/tahiti.md 2.5, M1 to M8) lives in these files, marked
``source = "provisional"``, so that a group owning the physical game can correct them without
touching the engine.
"""

from __future__ import annotations

import itertools
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "tahiti"
SOURCES = ("rulebook", "public", "provisional")
DIRECTIONS = ("e", "ne", "nw", "w", "sw", "se")
# Axial neighbour offsets, same order as DIRECTIONS (and render/common.AXIAL_DIRECTIONS).
OFFSETS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
FILES = ("goods", "home", "layouts", "islands", "markers", "favourites", "chart")


def _read(name: str) -> dict[str, Any]:
    with open(DATA_DIR / f"{name}.toml", "rb") as handle:
        return tomllib.load(handle)


@lru_cache(maxsize=1)
def raw() -> dict[str, dict[str, Any]]:
    return {name: _read(name) for name in FILES}


def parse_coord(text: str) -> tuple[int, int]:
    q, r = text.split(",")
    return int(q), int(r)


@lru_cache(maxsize=1)
def components() -> dict[str, Any]:
    """The data in the shapes the engine uses (built once)."""
    data = raw()
    goods = [g["id"] for g in data["goods"]["goods"]]
    return {
        "goods": goods,
        "crops": [g["id"] for g in data["goods"]["goods"] if g["on_islands"]],
        "cubes": {g["id"]: g["cubes"] for g in data["goods"]["goods"]},
        "removal": {r["players"]: r["per_type"] for r in data["goods"]["removal"]},
        "home_sides": {
            s["id"]: [DIRECTIONS.index(d) for d in s["reefs"]] for s in data["home"]["side"]
        },
        "layouts": {n: layout for layout in data["layouts"]["layout"] for n in layout["players"]},
        "tiles": {
            t["id"]: {
                "goods": list(t["goods"]),
                "reefs": [DIRECTIONS.index(d) for d in t["reefs"]],
                "butterfly": t["butterfly"],
            }
            for t in data["islands"]["tile"]
        },
        "markers": [m["kind"] for m in data["markers"]["marker"] for _ in range(m["count"])],
        "favourites": {t["id"]: list(t["goods"]) for t in data["favourites"]["tile"]},
        "favourite_sets": {
            s: [t["id"] for t in data["favourites"]["tile"] if t["set"] == s] for s in ("4", "2-3")
        },
        "row_values": list(data["chart"]["harvest"]["row_values"]),
        "variety": list(data["chart"]["variety"]["values"]),
        "bonus": (
            data["chart"]["favourite_bonus"]["first"],
            data["chart"]["favourite_bonus"]["second"],
        ),
        "draws": dict(data["chart"]["draws"]),
    }


def _records(data: dict[str, Any], where: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every table and array-of-tables record, nested ones included."""
    found = []
    for key, value in data.items():
        path = f"{where}.{key}" if where else key
        if isinstance(value, list):
            for rec in value:
                if isinstance(rec, dict):
                    found.append((path, rec))
                    found.extend(_records(rec, path))
        elif isinstance(value, dict):
            found.append((path, value))
            found.extend(_records(value, path))
    return found


def check_data() -> list[str]:
    """Re-validate every data file; return the problems found (empty when fine)."""
    problems: list[str] = []
    try:
        data = {name: _read(name) for name in FILES}
    except (OSError, tomllib.TOMLDecodeError) as exc:
        return [f"cannot read Tahiti data: {exc}"]
    try:
        _check(data, problems)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        problems.append(f"malformed Tahiti data: {exc!r}")
    return problems


def _check(data: dict[str, dict[str, Any]], problems: list[str]) -> None:
    for where, rec in _records(data):
        if where in FILES:
            continue  # the file itself, not a record
        if rec.get("source") not in SOURCES:
            problems.append(f"{where}: record without a valid source ({rec.get('source')!r})")
        elif rec["source"] != "rulebook" and not rec.get("reason"):
            # The `reconstructed` rules topic lists every reconstruction with its reason.
            problems.append(f"{where}: a {rec['source']} record needs a reason")

    goods = [g["id"] for g in data["goods"].get("goods", [])]
    crops = [g["id"] for g in data["goods"].get("goods", []) if g.get("on_islands")]
    # docs/rules/tahiti.md 2.1: 80 cubes, 5 types of 16.
    if len(goods) != 5 or len(set(goods)) != 5:
        problems.append(f"goods: expected 5 distinct types, found {goods}")
    if any(g.get("cubes") != 16 for g in data["goods"].get("goods", [])):
        problems.append("goods: every type must have 16 cubes")
    if any(not g.get("colour_name") for g in data["goods"].get("goods", [])):
        problems.append("goods: every type needs a colour_name (rules topic `goods`)")
    if "fish" not in goods:
        problems.append("goods: fish is missing")
    removal = {r["players"]: r["per_type"] for r in data["goods"].get("removal", [])}
    if removal != {2: 4, 3: 2, 4: 0}:  # docs/rules/tahiti.md 3.10
        problems.append(f"goods.removal: expected 2p 4, 3p 2, 4p 0, found {removal}")

    tiles = {t["id"]: t for t in data["islands"].get("tile", [])}
    if len(tiles) != 18 or len(data["islands"].get("tile", [])) != 18:
        problems.append(f"islands: expected 18 distinct tiles, found {len(tiles)}")
    for tid, tile in tiles.items():
        tgoods = tile.get("goods", [])
        # docs/rules/tahiti.md 2.4: two Goods Spaces of two different types; reefs on two sides.
        if len(tgoods) != 2 or len(set(tgoods)) != 2 or any(g not in goods for g in tgoods):
            problems.append(f"islands.{tid}: needs two different known goods, has {tgoods}")
        reefs = tile.get("reefs", [])
        if len(reefs) != 2 or len(set(reefs)) != 2 or any(d not in DIRECTIONS for d in reefs):
            problems.append(f"islands.{tid}: needs reefs on two different sides, has {reefs}")
        if tile.get("butterfly") not in ("monarch", "other", "none"):
            problems.append(f"islands.{tid}: unknown butterfly {tile.get('butterfly')!r}")

    sides = {s["id"]: s for s in data["home"].get("side", [])}
    if len(sides) != 2:  # docs/rules/tahiti.md 2.1: the Home Island is double-sided
        problems.append(f"home: expected 2 sides, found {len(sides)}")
    layouts = data["layouts"].get("layout", [])
    covered = sorted(n for layout in layouts for n in layout.get("players", []))
    if covered != [2, 3, 4]:
        problems.append(f"layouts: player counts covered {covered}, expected [2, 3, 4]")
    for layout in layouts:
        lid = layout.get("id")
        side = sides.get(layout.get("home_side"))
        if side is None:
            problems.append(f"layouts.{lid}: unknown home side {layout.get('home_side')!r}")
            continue
        reefs = {DIRECTIONS.index(d) for d in side["reefs"] if d in DIRECTIONS}
        gaps = set(range(6)) - reefs
        try:
            sea = {parse_coord(c) for c in layout.get("sea", [])}
            starts = [(parse_coord(s["at"]), s) for s in layout.get("start", [])]
        except (ValueError, KeyError):
            problems.append(f"layouts.{lid}: bad coordinates")
            continue
        # docs/rules/tahiti.md 3.2: Sea tiles go into the gaps between the Home Island's reefs.
        if sea != {OFFSETS[d] for d in gaps}:
            problems.append(f"layouts.{lid}: Sea tiles are not exactly on the home reef gaps")
        if len(sea) > 3:
            problems.append(f"layouts.{lid}: only 3 Sea tiles exist")
        # docs/rules/tahiti.md 7.1: Hommea starts on a hex that is not at the edge.
        if {c for c, _ in starts} | sea != set(OFFSETS):
            problems.append(f"layouts.{lid}: the Home Island must be surrounded at start")
        remaining = 18 - len(starts)
        odd = 3 in layout.get("players", [])
        # docs/rules/tahiti.md 3.6: equal stacks, or differing by one with 3 players.
        if remaining % 2 != (1 if odd else 0):
            problems.append(f"layouts.{lid}: {remaining} tiles left cannot split as required")
        start_goods: set[str] = set()
        for coord, start in starts:
            tile = tiles.get(start.get("tile"))
            if tile is None:
                problems.append(f"layouts.{lid}: unknown start tile {start.get('tile')!r}")
                continue
            if tile.get("butterfly") != layout.get("butterfly"):
                problems.append(f"layouts.{lid}: {start['tile']} lacks the right butterfly")
            rot = start.get("rotation")
            if not isinstance(rot, int) or not 0 <= rot <= 5:
                problems.append(f"layouts.{lid}: bad rotation for {start['tile']}")
                continue
            start_goods.update(tile.get("goods", []))
            if (-coord[0], -coord[1]) not in OFFSETS:
                continue  # reported above: not next to the Home Island
            towards_home = OFFSETS.index((-coord[0], -coord[1]))
            turned = {
                (DIRECTIONS.index(d) + rot) % 6 for d in tile.get("reefs", []) if d in DIRECTIONS
            }
            if towards_home in turned:
                problems.append(f"layouts.{lid}: {start['tile']} turns a reef to the Home Island")
        # Good game: every crop is reachable on the first turn.
        if set(crops) - start_goods:
            problems.append(f"layouts.{lid}: first islands lack {sorted(set(crops) - start_goods)}")
        marked = [
            t for t, tile in tiles.items() if tile.get("butterfly") == layout.get("butterfly")
        ]
        if sorted(marked) != sorted(s["tile"] for _, s in starts):
            problems.append(f"layouts.{lid}: butterfly tiles and start tiles differ")

    markers = data["markers"].get("marker", [])
    if sum(m.get("count", 0) for m in markers) != 18:  # docs/rules/tahiti.md 2.1
        problems.append("markers: expected 18 Exhaustion markers")
    if {m.get("kind") for m in markers} != {"fish", "blank"}:
        problems.append("markers: kinds must be fish and blank")
    if sum(m.get("count", 0) for m in markers if m.get("kind") == "fish") < 1:
        problems.append("markers: at least one marker must show a fish (rules/tahiti.md 5.9)")

    favs = data["favourites"].get("tile", [])
    sets = {s: [t for t in favs if t.get("set") == s] for s in ("4", "2-3")}
    # docs/rules/tahiti.md 2.1: 7 Favourite tiles, 4 for 4 players and 3 for 2 or 3 players.
    if len(favs) != 7 or len(sets["4"]) != 4 or len(sets["2-3"]) != 3:
        problems.append("favourites: expected 7 tiles, 4 in set '4' and 3 in set '2-3'")
    for tile in favs:
        fg = tile.get("goods", [])
        if len(fg) != 2 or len(set(fg)) != 2 or any(g not in goods for g in fg):
            problems.append(f"favourites.{tile.get('id')}: needs two different goods")

    chart = data["chart"]
    rows = chart.get("harvest", {}).get("row_values", [])
    if len(rows) != 10 or rows[0] != 0 or any(b < a for a, b in itertools.pairwise(rows)):
        problems.append("chart.harvest: row_values needs 10 non-decreasing values from 0")
    variety = chart.get("variety", {}).get("values", [])
    if len(variety) != 9 or any(b < a for a, b in itertools.pairwise(variety)):
        problems.append("chart.variety: needs 9 non-decreasing values")
    elif variety[2] != 5:  # docs/rules/tahiti.md 6.2 scoring example
        problems.append("chart.variety: column 3 must be worth 5 (scoring example)")
    draws = chart.get("draws", {})
    expected = {
        "gifts_with_hommea": 3,
        "gifts_late": 2,
        "fishing": 2,
        "fishing_fish_marker": 3,
        "canoe_capacity": 5,
        "cargo_only_spaces": 2,
        "rower_spaces": 3,
        "chart_cap": 9,
        "end_islands": 4,
    }
    for key, value in expected.items():
        if draws.get(key) != value:
            problems.append(
                f"chart.draws.{key}: expected {value} (rules file), has {draws.get(key)}"
            )
