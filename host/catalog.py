"""Component data: validation and provenance (docs/ARCHITECTURE.md section 3).

Every record in ``data/<game>/*.toml`` carries ``source = "rulebook" | "public" | "provisional"``.
This module counts them per game and runs each engine's own ``check_data()``. A game's
``glossary.toml`` is not component data: its words say where they come from in their own terms
(``transcript`` or ``translated``), checked by ``tests/i18n/test_glossary.py``.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

from engines import ENGINES, GAMES

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
SOURCES = ("rulebook", "public", "provisional")
GLOSSARY = "glossary.toml"


def _sources(node: Any, counter: Counter, problems: list[str], where: str) -> None:
    if isinstance(node, dict):
        if "source" in node:
            source = node["source"]
            if source in SOURCES:
                counter[source] += 1
            else:
                problems.append(f"{where}: unknown source {source!r}")
        for key, value in node.items():
            _sources(value, counter, problems, f"{where}.{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            _sources(value, counter, problems, f"{where}[{index}]")


def provenance(game: str) -> tuple[Counter, list[str]]:
    """Counts of records per source in a game's data files, and any problems found."""
    counter: Counter = Counter()
    problems: list[str] = []
    folder = DATA_DIR / game
    if not folder.is_dir():
        return counter, [f"{game}: no data folder {folder}"]
    for path in sorted(folder.glob("*.toml")):
        if path.name == GLOSSARY:
            continue
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            problems.append(f"{path.name}: {error}")
            continue
        _sources(data, counter, problems, path.name)
    return counter, problems


def check_game(game: str) -> list[str]:
    """All problems with a game's data: provenance fields plus the engine's own checks."""
    _, problems = provenance(game)
    problems.extend(GAMES[game].check_data())
    return problems


def provenance_line(game: str) -> str:
    counter, _ = provenance(game)
    total = sum(counter.values())
    if not total:
        return "no data records"
    parts = ", ".join(f"{counter[s]} {s}" for s in SOURCES if counter[s])
    return f"{total} records: {parts}"


def check_all() -> tuple[bool, list[str]]:
    """Validate every registered game's data; returns (ok, report lines)."""
    lines: list[str] = []
    ok = True
    for game, engine in ENGINES.items():
        problems = check_game(game)
        lines.append(f"{engine.title} ({game}): {provenance_line(game)}")
        for problem in problems:
            lines.append(f"  PROBLEM: {problem}")
        ok = ok and not problems
    return ok, lines
