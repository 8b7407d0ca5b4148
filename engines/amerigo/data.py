"""Amerigo component data: loading, tile geometry, island layouts and the data check.

Everything printed on the components lives in ``data/amerigo/*.toml`` with its provenance. This
module reads it once, derives what the engine needs (tile orientations, islands, the frame) and
checks it (``check_data``).
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

from engines.base import Rng

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "amerigo"
SOURCES = ("rulebook", "public", "provisional")
SEA_CHARS = ".a"
LAND_CHARS = "#Pctskf"


@lru_cache(maxsize=1)
def load() -> dict[str, Any]:
    """All data files, parsed once."""
    return {
        name: tomllib.loads((DATA_DIR / f"{name}.toml").read_text(encoding="utf-8"))
        for name in ("board", "islands", "pieces", "tokens")
    }


def board() -> dict[str, Any]:
    return load()["board"]


# ---------------------------------------------------------------------------------------------
# Shapes (landscape and village tiles) and island tiles: rotation and mirroring (rules 9.7 A5).


def _cells_of(rows: list[str]) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"]


def _normal(cells: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def orientations(cells: list[tuple[int, int]]) -> list[tuple[tuple[int, int], ...]]:
    """The distinct rotations and reflections of a polyomino, each normalised and sorted."""
    seen: list[tuple[tuple[int, int], ...]] = []
    current = list(cells)
    for mirror in (False, True):
        shape = [(r, -c) for r, c in current] if mirror else list(current)
        for _ in range(4):
            shape = [(c, -r) for r, c in shape]
            norm = _normal(shape)
            if norm not in seen:
                seen.append(norm)
    return seen


@lru_cache(maxsize=1)
def shapes() -> dict[str, dict[str, Any]]:
    """Landscape and village shapes by id: size, VP values, kind, count and orientations."""
    out: dict[str, dict[str, Any]] = {}
    pieces = load()["pieces"]
    for kind in ("landscape", "village"):
        for rec in pieces[kind]:
            cells = _cells_of(rec["rows"])
            out[rec["id"]] = {
                "id": rec["id"],
                "kind": kind,
                "size": len(cells),
                "small": rec["small"],
                "big": rec["big"],
                "count": rec["count"],
                "orients": orientations(cells),
            }
    return out


def shape_order(kind: str | None = None) -> list[str]:
    """Shape ids in data order (landscapes, then villages), optionally of one kind."""
    return [sid for sid, s in shapes().items() if kind is None or s["kind"] == kind]


def tile_cost(shape_id: str) -> int:
    """Plan and Build cost: a village costs 1, a landscape its size (rules 5.3, 5.5)."""
    shape = shapes()[shape_id]
    return 1 if shape["kind"] == "village" else shape["size"]


def transform_tile(rows: list[str], orient: int) -> list[str]:
    """Rotate an island tile ``orient % 4`` quarter turns, mirrored when ``orient >= 4``."""
    grid = [list(r) for r in rows]
    if orient >= 4:
        grid = [list(reversed(r)) for r in grid]
    for _ in range(orient % 4):
        grid = [list(row) for row in zip(*grid[::-1], strict=True)]
    return ["".join(r) for r in grid]


@lru_cache(maxsize=1)
def island_tiles() -> dict[str, list[str]]:
    return {t["id"]: t["rows"] for t in load()["islands"]["tile"]}


# ---------------------------------------------------------------------------------------------
# Layout of the island area (rules 3.1, 9.5).


def layout_dims(players: int) -> tuple[int, int]:
    lay = board()["layout_grid"]
    return lay["rows"][str(players)], lay["cols"][str(players)]


def compose(layout: list[list[Any]], trows: int, tcols: int) -> list[str]:
    """The cell grid (list of row strings) of tiles ``[[tile_id, orient], ...]`` row by row."""
    size = board()["tile_grid"]["size"]
    tiles = island_tiles()
    grid = [""] * (trows * size)
    for index, (tile_id, orient) in enumerate(layout):
        tr, _ = divmod(index, tcols)
        rows = transform_tile(tiles[tile_id], orient)
        for r in range(size):
            grid[tr * size + r] += rows[r]
    return grid


def layout_problems(grid: list[str], players: int) -> list[str]:
    """Why a grid breaks the setup rules of 3.1 (empty list when it is fine)."""
    problems: list[str] = []
    h, w = len(grid), len(grid[0])
    size = board()["tile_grid"]["size"]
    # docs/rules/amerigo.md 3.1.2.1: no water area completely enclosed by land.
    sea = {(r, c) for r in range(h) for c in range(w) if grid[r][c] in SEA_CHARS}
    start = [(r, c) for (r, c) in sea if r in (0, h - 1) or c in (0, w - 1)]
    seen = set(start)
    stack = list(start)
    while stack:
        r, c = stack.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in sea and nb not in seen:
                seen.add(nb)
                stack.append(nb)
    if len(seen) != len(sea):
        problems.append(f"{len(sea) - len(seen)} sea spaces are enclosed by land")
    # docs/rules/amerigo.md 3.1.2.2: land on neighbouring tiles meets orthogonally, never only
    # diagonally.
    for r in range(h - 1):
        for c in range(w - 1):
            if r // size == (r + 1) // size and c // size == (c + 1) // size:
                continue
            a, b = grid[r][c] in LAND_CHARS, grid[r + 1][c + 1] in LAND_CHARS
            d, e = grid[r][c + 1] in LAND_CHARS, grid[r + 1][c] in LAND_CHARS
            if (a and b and not d and not e) or (d and e and not a and not b):
                problems.append(f"land meets only diagonally near row {r + 1}, column {c + 1}")
    # docs/rules/amerigo.md 3.1 / 5.1: an anchor serves exactly one trading-post space; a tile edge
    # can bring an anchor next to a second post space on the neighbouring tile.
    for r in range(h):
        for c in range(w):
            if grid[r][c] != "a":
                continue
            near = [
                (rr, cc)
                for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= rr < h and 0 <= cc < w and grid[rr][cc] == "P"
            ]
            if len(near) != 1:
                problems.append(f"anchor {cell_name(r, c)} touches {len(near)} trading-post spaces")
    geo = geometry(tuple(grid), players)
    big = sum(1 for isl in geo["islands"] if isl["big"])
    least = board()["layout_check"]["min_big"][str(players)]
    most = board()["chests"]["count"]
    if not least <= big <= most:
        problems.append(f"{big} big islands (want {least} to {most})")
    for isl in geo["islands"]:
        if not any(p in geo["post_anchor"] for p in isl["posts"]):
            problems.append("an island has no trading-post space with an anchor")
    return problems


def generate_layout(rng: Rng, players: int) -> tuple[list[list[Any]], list[str], int]:
    """Random tiles, positions and orientations until the setup rules hold (rules 3.1, 9.5).

    Returns the layout, the grid and the number of tries it took.
    """
    trows, tcols = layout_dims(players)
    count = board()["layout"]["tiles"][str(players)]
    ids = sorted(island_tiles())
    for tries in range(1, 5001):
        chosen = rng.sample(ids, count)
        layout = [[tile_id, rng.randbelow(8)] for tile_id in chosen]
        grid = compose(layout, trows, tcols)
        if not layout_problems(grid, players):
            return layout, grid, tries
    raise RuntimeError("no island layout satisfies the setup rules")  # pragma: no cover


# ---------------------------------------------------------------------------------------------
# Geometry of a grid: cell names, islands, anchors, the frame (rules 3.1, 5.1, 9.7 A24).

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def cell_name(r: int, c: int) -> str:
    return f"{LETTERS[c]}{r + 1}"


def parse_cell(name: str) -> tuple[int, int]:
    return int(name[1:]) - 1, LETTERS.index(name[0])


@lru_cache(maxsize=64)
def geometry(grid: tuple[str, ...], players: int) -> dict[str, Any]:
    """Derived, immutable facts about a grid, cached by grid."""
    h, w = len(grid), len(grid[0])
    size = board()["tile_grid"]["size"]
    trows, tcols = h // size, w // size
    land = {cell_name(r, c) for r in range(h) for c in range(w) if grid[r][c] in LAND_CHARS}
    sea = {cell_name(r, c) for r in range(h) for c in range(w) if grid[r][c] in SEA_CHARS}
    kind = {cell_name(r, c): grid[r][c] for r in range(h) for c in range(w)}
    nbrs: dict[str, list[str]] = {}
    for r in range(h):
        for c in range(w):
            out = []
            for rr, cc in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):
                if 0 <= rr < h and 0 <= cc < w:
                    out.append(cell_name(rr, cc))
            nbrs[cell_name(r, c)] = out
    # Islands: orthogonally connected non-sea cells, across tiles (rules 3.1.5).
    island_of: dict[str, int] = {}
    islands: list[dict[str, Any]] = []
    for r in range(h):
        for c in range(w):
            name = cell_name(r, c)
            if name not in land or name in island_of:
                continue
            index = len(islands)
            cells = [name]
            island_of[name] = index
            stack = [name]
            while stack:
                cur = stack.pop()
                for nb in nbrs[cur]:
                    if nb in land and nb not in island_of:
                        island_of[nb] = index
                        cells.append(nb)
                        stack.append(nb)
            cells.sort(key=lambda n: parse_cell(n))
            islands.append(
                {
                    "id": index,
                    "cells": cells,
                    "land": len(cells),
                    "big": len(cells) >= board()["big_island"]["min_land"],
                    "posts": [x for x in cells if kind[x] == "P"],
                }
            )
    # Anchors: a sea space next to exactly one trading-post space (rules 5.1).
    anchor_post: dict[str, str] = {}
    post_anchor: dict[str, list[str]] = {}
    for name, ch in kind.items():
        if ch == "a":
            ps = [nb for nb in nbrs[name] if kind[nb] == "P"]
            if len(ps) == 1:
                anchor_post[name] = ps[0]
                post_anchor.setdefault(ps[0], []).append(name)
    # The frame: one sea space beside each outer tile edge, clockwise from the top left
    # (rules 2.1, 5.1, 9.7 A1/A24).
    rims: list[dict[str, Any]] = []
    for tc in range(tcols):
        rims.append(
            {"side": "top", "tile": (0, tc), "cells": [(0, tc * size + i) for i in range(size)]}
        )
    for tr in range(trows):
        rims.append(
            {
                "side": "right",
                "tile": (tr, tcols - 1),
                "cells": [(tr * size + i, w - 1) for i in range(size)],
            }
        )
    for tc in reversed(range(tcols)):
        rims.append(
            {
                "side": "bottom",
                "tile": (trows - 1, tc),
                "cells": [(h - 1, tc * size + i) for i in range(size)],
            }
        )
    for tr in reversed(range(trows)):
        rims.append(
            {"side": "left", "tile": (tr, 0), "cells": [(tr * size + i, 0) for i in range(size)]}
        )
    sea_moves: dict[str, list[str]] = {}
    for name in sea:
        sea_moves[name] = [nb for nb in nbrs[name] if nb in sea]
    rim_names = [f"rim{i + 1}" for i in range(len(rims))]
    for i, rim in enumerate(rims):
        name = rim_names[i]
        edge = [cell_name(r, c) for r, c in rim["cells"] if cell_name(r, c) in sea]
        rim["name"] = name
        rim["edge"] = edge
        sea_moves[name] = [rim_names[i - 1], rim_names[(i + 1) % len(rims)], *edge]
        for cell in edge:
            sea_moves[cell].append(name)
    return {
        "h": h,
        "w": w,
        "trows": trows,
        "tcols": tcols,
        "kind": kind,
        "land": land,
        "sea": sea,
        "nbrs": nbrs,
        "island_of": island_of,
        "islands": islands,
        "anchor_post": anchor_post,
        "post_anchor": post_anchor,
        "rims": rims,
        "rim_names": rim_names,
        "moves": sea_moves,
    }


# ---------------------------------------------------------------------------------------------
# The data check (``python bot.py check-data``).


def _records(data: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Every record of the data files: board tables, island tiles, pieces, tokens."""
    out = [(f"board.{k}", v) for k, v in data["board"].items()]
    out += [(f"islands.{t['id']}", t) for t in data["islands"]["tile"]]
    for kind in ("landscape", "village"):
        out += [(f"pieces.{r['id']}", r) for r in data["pieces"][kind]]
    out += [(f"tokens.{r['id']}", r) for r in data["tokens"]["progress"]]
    out += [(f"tokens.production[{i}]", r) for i, r in enumerate(data["tokens"]["production"])]
    return out


def check_data(layout_seeds: int = 12) -> list[str]:
    """Re-validate the data files; returns a list of problems (empty when fine)."""
    problems: list[str] = []
    data = load()
    for where, record in _records(data):
        if record.get("source") not in SOURCES:
            problems.append(f"{where}: source is {record.get('source')!r}, not one of {SOURCES}")
        grouped = where.startswith(("islands.", "pieces."))  # one file-level note each
        if record.get("source") != "rulebook" and not grouped and not record.get("note"):
            problems.append(f"{where}: a {record.get('source')} record needs a `note` (reason)")
    for name in ("islands", "pieces"):
        if not data[name].get("note"):
            problems.append(f"{name}: the file needs a `note` giving its provenance reason")
    b = data["board"]
    colours = b["colours"]["order"]
    if len(colours) != 7 or b["cubes"]["per_colour"] * 7 != 49:
        problems.append("board.colours: 7 colours of 7 cubes (49) expected (rules 2.1)")
    letters = b["commodities"]["letters"]
    # Island tiles (rules 2.1, 3.1).
    tiles = data["islands"]["tile"]
    if len(tiles) != 16:
        problems.append(f"islands: {len(tiles)} tiles, 16 expected (rules 2.1)")
    size = b["tile_grid"]["size"]
    counts = dict.fromkeys(letters, 0)
    for tile in tiles:
        rows = tile["rows"]
        tid = tile["id"]
        if len(rows) != size or any(len(r) != size for r in rows):
            problems.append(f"islands.{tid}: not {size}x{size}")
            continue
        for ch in "".join(rows):
            if ch not in SEA_CHARS + LAND_CHARS:
                problems.append(f"islands.{tid}: unknown cell {ch!r}")
            if ch in counts:
                counts[ch] += 1
        edges = [rows[0], "".join(r[-1] for r in rows), rows[-1], "".join(r[0] for r in rows)]
        for edge in edges:
            land = [ch in LAND_CHARS for ch in edge]
            if any(land) and land != [False] + [True] * (size - 2) + [False]:
                problems.append(f"islands.{tid}: edge {edge!r} breaks the designed edge rule")
        geo = geometry(tuple(rows), 2)
        for cell, ch in geo["kind"].items():
            if ch == "a" and cell not in geo["anchor_post"]:
                problems.append(f"islands.{tid}: anchor {cell} is not next to exactly one post")
            if ch == "P" and cell not in geo["post_anchor"]:
                problems.append(f"islands.{tid}: trading-post space {cell} has no anchor")
    for letter, n in counts.items():
        if n != b["commodities"]["per_type"]:
            problems.append(f"islands: {n} commodity spaces of '{letter}', 8 expected (rules 2.1)")
    # Pieces (rules 2.1, 2.2, 5.5 worked examples).
    sh = shapes()
    lands = [s for s in sh.values() if s["kind"] == "landscape"]
    vills = [s for s in sh.values() if s["kind"] == "village"]
    if sum(s["count"] for s in lands) != 37:
        problems.append("pieces: 37 landscape tiles expected (rules 2.1)")
    if sum(s["count"] for s in vills) != 16:
        problems.append("pieces: 16 village tiles per player expected (rules 2.2)")
    if not all(1 <= s["size"] <= 6 for s in lands):
        problems.append("pieces: landscape sizes must be 1 to 6 (rules 2.1)")
    v2 = [s for s in vills if s["size"] == 2]
    if not v2 or any(s["big"] != 2 for s in v2):
        problems.append("pieces: a 2-space village must score 2 VP on a big island (rules 5.5)")
    l2 = [s for s in lands if s["size"] == 2]
    v4 = [s for s in vills if s["size"] == 4]
    v3 = [s for s in vills if s["size"] == 3]
    if not any(a["big"] + b_["big"] + c["big"] == 10 for a in l2 for b_ in v4 for c in v3):
        problems.append("pieces: no 2-landscape + 4-village + 3-village scoring 10 (rules 5.5)")
    # Tokens.
    toks = data["tokens"]
    if len(toks["progress"]) != 24:
        problems.append("tokens: 24 progress tokens expected (rules 2.1)")
    known = {
        "ap2",
        "ap1",
        "ships8",
        "pirates2",
        "halfloss",
        "pirategold",
        "gold",
        "income",
        "two_landscapes",
        "order_top",
        "red_green",
        "end_posts",
        "end_islands",
        "end_gold",
        "end_cannons",
    }
    for tok in toks["progress"]:
        if tok["effect"] not in known:
            problems.append(f"tokens.{tok['id']}: unknown effect {tok['effect']}")
        if tok["kind"] not in ("permanent", "once", "end"):
            problems.append(f"tokens.{tok['id']}: unknown kind {tok['kind']}")
        for colour in tok.get("colours", []):
            if colour not in colours:
                problems.append(f"tokens.{tok['id']}: unknown colour {colour}")
    per_players = {2: 0, 3: 0, 4: 0}
    for rec in toks["production"]:
        for n in per_players:
            if rec["players"] <= n:
                per_players[n] += len(rec["costs"]) * len(letters)
        if not all(2 <= c <= 4 for c in rec["costs"]):
            problems.append("tokens.production: costs must be 2 to 4 (rules 5.6)")
    if per_players != {2: 30, 3: 40, 4: 50}:
        problems.append(f"tokens.production: counts {per_players}, want 30/40/50 (rules 3.3)")
    for n in (2, 3, 4):
        if b["production_area"]["spaces"][str(n)] * 5 != per_players[n]:
            problems.append(f"board.production_area: {n} players do not use all tokens in 5 rounds")
    # Tracks and tables.
    if b["trading_post_table"]["values"][1:3] != [1, 3]:
        problems.append("board.trading_post_table: 1 post -> 1 and 2 posts -> 3 (rules 5.5)")
    if b["time_markers"]["stack"][1] != 4:
        problems.append("board.time_markers: round 2 must use marker 4 (rules 5.5)")
    if b["tracks"]["cannon_max"] != 12 or b["tracks"]["gold_max"] != 12:
        problems.append("board.tracks: cannon and gold tracks end at 12 (rules 2.2)")
    if len(b["pirates"]["values"]) != 6 or b["pirates"]["used"] != 5:
        problems.append("board.pirates: 6 markers, 5 used (rules 3.3)")
    if b["special_track"]["colours"][0] != "white":
        problems.append("board.special_track: the first space is white (rules 5.7)")
    if any(c not in colours for c in b["special_track"]["colours"]):
        problems.append("board.special_track: unknown colour")
    if b["progress_area"]["spaces"] + 4 * b["progress_area"]["refill"] != 24:
        problems.append("board.progress_area: 8 + 4 x 4 refills must use all 24 tokens")
    # Island layouts for every player count and several seeds (rules 3.1).
    frame = b["frame"]
    for players in (2, 3, 4):
        trows, tcols = layout_dims(players)
        if trows * tcols != b["layout"]["tiles"][str(players)]:
            problems.append(f"board.layout: {players} players grid does not hold its tiles")
        spaces = b["frame_pieces"]["corners"] * frame["corner_spaces"]
        pieces = b["frame_pieces"]
        spaces += (pieces["pieces"][str(players)] - pieces["corners"]) * frame["small_spaces"]
        if spaces != 2 * (trows + tcols):
            problems.append(f"board.frame: {players} players frame does not fit the tiles")
        for seed in range(layout_seeds):
            rng = Rng.from_seed(1000 * players + seed)
            try:
                _, grid, _ = generate_layout(rng, players)
            except RuntimeError as exc:
                problems.append(f"layout {players}p seed {seed}: {exc}")
                continue
            for p in layout_problems(grid, players):
                problems.append(f"layout {players}p seed {seed}: {p}")
    return problems
