"""Component data for Vasco da Gama, read once from ``data/vasco/*.toml`` (docs/ARCHITECTURE.md 3).

Every record carries ``source`` = rulebook | public | provisional. :func:`check_data` re-validates
the files against the counts and ranges of ``docs/rules/vasco-da-gama.md`` and returns the problems.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "vasco"
SOURCES = ("rulebook", "public", "provisional")
AREAS = ("purchase", "hire", "expedition", "characters")
CHARACTER_IDS = ("manuel", "dias", "alvares", "sernigi")
BONUSES = ("reals", "sailor", "captain", "none")


def _read(name: str) -> dict:
    with open(DATA_DIR / name, "rb") as handle:
        return tomllib.load(handle)


@lru_cache(maxsize=1)
def load() -> dict:
    """All data, merged and indexed. Cached: read once per process."""
    board = _read("board.toml")
    projects = _read("projects.toml")["project"]
    vdg = _read("vdg.toml")["vdg"]
    line_reals = {}
    for line in board["number_line"]:
        for n in range(line["first"], line["last"] + 1):
            line_reals[n] = line["reals"]
    return {
        "board": board,
        # merged for the engine; each table keeps its own provenance in the file
        "game": board["game"] | board["actions"] | board["marker"],
        "purchase": board["purchase"] | board["deck_schedule"],
        "hire": board["hire"] | board["hire_sections"],
        "colours": tuple(c["name"] for c in board["sailor_colour"]),
        "sailor_counts": {c["name"]: c["count"] for c in board["sailor_colour"]},
        "line_reals": line_reals,
        "capacity": {c["area"]: c for c in board["capacity"]},
        "characters": {c["id"]: c for c in board["character"]},
        "setup_characters": board["setup_characters"],
        "merchants": {m["id"]: m for m in board["merchant"]},
        "landings": board["landing"],
        "projects": {str(p["id"]): p for p in projects},
        "project_list": projects,
        "vdg": {t["id"]: t for t in vdg},
        "vdg_list": vdg,
    }


def check_data() -> list[str]:
    """Re-validate the data files; return a list of problems (empty when fine)."""
    problems: list[str] = []
    try:
        load.cache_clear()
        d = load()
    except (OSError, KeyError, tomllib.TOMLDecodeError) as exc:
        return [f"vasco data cannot be read: {exc}"]
    board = d["board"]

    def src(where: str, record: dict) -> None:
        if record.get("source") not in SOURCES:
            problems.append(f"{where}: source must be one of {SOURCES}")

    for key in (
        "game",
        "actions",
        "marker",
        "purchase",
        "deck_schedule",
        "hire",
        "hire_sections",
        "setup_characters",
    ):
        src(key, board[key])
    # rules 2.2: 35 tiles, deck 1-3, limit 4-11, crew 1-5
    projects = d["project_list"]
    if len(projects) != 35:
        problems.append(f"projects: {len(projects)} tiles, expected 35 (rules 2.1)")
    if len({p["id"] for p in projects}) != len(projects):
        problems.append("projects: duplicate ids")
    for p in projects:
        where = f"project {p.get('id')}"
        src(where, p)
        if p["deck"] not in (1, 2, 3):
            problems.append(f"{where}: deck must be 1-3")
        if not 4 <= p["nav_limit"] <= 11:
            problems.append(f"{where}: nav_limit must be 4-11 (rules 2.2)")
        if not 1 <= p["crew"] <= 5:
            problems.append(f"{where}: crew must be 1-5 (rules 2.2)")
        if p["income_reals"] < 0 or p["income_vp"] < 0:
            problems.append(f"{where}: negative income")
    example = d["projects"].get("11")
    if not example or (example["deck"], example["crew"], example["nav_limit"]) != (1, 5, 7):
        problems.append("project 11 must be the rulebook example (deck 1, crew 5, limit 7, 2 VP)")
    elif example["income_vp"] != 2:
        problems.append("project 11 must pay 2 VP (rules 2.2 example)")
    schedule = d["purchase"]["deck_by_round"]
    per_round = d["purchase"]["top_spaces"] + 1
    if len(schedule) != d["game"]["rounds"]:
        problems.append("purchase.deck_by_round must list one deck per round")
    for deck in (1, 2, 3):
        have = sum(1 for p in projects if p["deck"] == deck)
        need = schedule.count(deck) * per_round
        if have != need:
            problems.append(f"deck {deck}: {have} tiles but the schedule deals {need}")
    # rules 2.3: 9 VdG tiles, change -3..+3
    vdg = d["vdg_list"]
    if len(vdg) != 9:
        problems.append(f"vdg: {len(vdg)} tiles, expected 9 (rules 2.1)")
    if len(vdg) < d["game"]["rounds"] + 1:
        problems.append("vdg: too few tiles for setup plus one per round")
    for t in vdg:
        where = f"vdg {t.get('id')}"
        src(where, t)
        if not -3 <= t["change"] <= 3:
            problems.append(f"{where}: change must be -3..+3 (rules 2.3)")
        if not d["game"]["ffa_min"] <= t["start"] <= d["game"]["ffa_max"]:
            problems.append(f"{where}: start outside the number zone")
        if t["reals"] < 0:
            problems.append(f"{where}: negative reals")
    # rules 2.4: number zone lines; 6 pays 2, 15 pays 3, 21/22 pay 0
    for line in board["number_line"]:
        src(f"number_line {line.get('first')}", line)
    lr = d["line_reals"]
    if sorted(lr) != list(range(1, 23)):
        problems.append("number_line: numbers 1-22 must each be on exactly one line")
    if (lr.get(6), lr.get(15), lr.get(21), lr.get(22)) != (2, 3, 0, 0):
        problems.append("number_line: 6 pays 2, 15 pays 3, 21/22 pay 0 (rules 2.4)")
    # rules 5.4: sailor prices
    if d["hire"]["price_by_colours"] != [0, 1, 3, 6, 10]:
        problems.append("hire.price_by_colours must be 0/1/3/6/10 (rules 5.4)")
    if len(d["colours"]) != 4:
        problems.append("sailor_colour: expected 4 colours (rules 2.1)")
    for c in board["sailor_colour"]:
        src(f"sailor_colour {c.get('name')}", c)
    if sum(d["sailor_counts"].values()) != 32:
        problems.append("sailor_colour: 32 sailors in total (rules 2.1)")
    # capacities: every area, room for every disc
    for area in AREAS:
        cap = d["capacity"].get(area)
        if cap is None:
            problems.append(f"capacity: missing area {area}")
            continue
        src(f"capacity {area}", cap)
    for n in (2, 3, 4):
        total = sum(d["capacity"][a][f"p{n}"] for a in AREAS if a in d["capacity"])
        if total < 4 * n + 1:
            problems.append(f"capacity: {n} players need room for {4 * n + 1} discs")
        if 4 * n + 1 > 22:
            problems.append("more discs than numbers")
    # characters
    if set(d["characters"]) != set(CHARACTER_IDS):
        problems.append(f"character: expected exactly {CHARACTER_IDS}")
    for c in board["character"]:
        src(f"character {c.get('id')}", c)
    for n in (2, 3, 4):
        order = d["setup_characters"].get(f"p{n}", [])
        if len(order) != n or len(set(order)) != n or not set(order) <= set(CHARACTER_IDS):
            problems.append(f"setup_characters.p{n}: {n} distinct characters")
    if d["setup_characters"].get("setup_merchant") not in d["merchants"]:
        problems.append("setup_characters.setup_merchant must name a merchant ship")
    # merchants
    if len(d["merchants"]) != 6:
        problems.append("merchant: expected 6 merchant ships (rules 2.1)")
    for m in d["merchants"].values():
        src(f"merchant {m.get('id')}", m)
        if not 4 <= m["nav_limit"] <= 11:
            problems.append(f"merchant {m['id']}: nav_limit must be 4-11")
    # landings: 6, in the rulebook order, 1-6 spaces of differing value
    names = [land.get("name") for land in d["landings"]]
    expected = ["Natal", "Terra de Boa Gente", "Mozambique", "Mombasa", "Malindi", "Calicut"]
    if names != expected:
        problems.append(f"landing: expected {expected} in order (rules 5.5)")
    for land in d["landings"]:
        where = f"landing {land.get('key')}"
        src(where, land)
        values = [s["value"] for s in land["spaces"]]
        if not 1 <= len(values) <= 6:
            problems.append(f"{where}: 1-6 spaces (rules 2.4)")
        if len(set(values)) != len(values) or values != sorted(values):
            problems.append(f"{where}: space values must differ and ascend")
        if any(not 4 <= v <= 11 for v in values):
            problems.append(f"{where}: space values must be 4-11")
        for s in land["spaces"]:
            if s["bonus"] not in BONUSES or s["amount"] < 0 or s["vp"] < 0:
                problems.append(f"{where}: bad space {s}")
        if len(land["complete_at"]) != 3 or any(
            not 1 <= k <= len(values) for k in land["complete_at"]
        ):
            problems.append(f"{where}: complete_at needs 3 counts within the space count")
    return problems
