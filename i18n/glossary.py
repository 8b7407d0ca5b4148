"""Each game's own words in English, Greek and Russian (docs/ARCHITECTURE.md 6b, issue 26 item 4).

A game's glossary is ``data/<game>/glossary.toml``: one table per component or action a player
reads, keyed by the id the engine and the data use (``[goods.banana]``, ``[building.lighthouse]``,
``[town."1.2"]``), each with ``en``, ``el``, ``ru`` and ``source`` (``"transcript"`` when the
word is quoted from the game's rulebook transcript, ``"translated"`` otherwise). A translator
corrects a word there; no code changes. This module reads each file once and answers
``term("tahiti", "goods.banana", "el") == "μπανάνα"``.

It imports nothing of the project but ``i18n`` (render, the host and the cogs may all use it).
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from i18n.catalogs import DATA_DIR, ENGLISH, GAME_DOMAINS, LANGUAGES, language

FILE_NAME = "glossary.toml"
GAMES: tuple[str, ...] = GAME_DOMAINS
"""The games with a glossary, in order (each a folder of ``data/``; ``i18n._games``)."""
SOURCES: tuple[str, ...] = ("transcript", "translated")
FIELDS: frozenset[str] = frozenset({*LANGUAGES, "source", "quote", "note"})
"""What an entry may hold: the three languages, its source, the transcript's printed form when
that is not the nominative (``quote``) and a note for the translator."""

_MISSING = object()


def path(game: str) -> Path:
    return DATA_DIR / game / FILE_NAME


@cache
def _load(game: str) -> tuple[Mapping[str, str | list[str]], Mapping[str, Mapping[str, str]]]:
    """The file's ``[meta]`` table and its entries, flattened to ``"category.id"`` keys."""
    file = path(game)
    if not file.is_file():
        raise KeyError(f"no glossary for game {game!r} ({file})")
    with file.open("rb") as source:
        raw = tomllib.load(source)
    meta = MappingProxyType(raw.pop("meta", {}))
    entries: dict[str, Mapping[str, str]] = {}
    for category, table in raw.items():
        for ident, entry in table.items():
            entries[f"{category}.{ident}"] = MappingProxyType(dict(entry))
    return meta, MappingProxyType(entries)


def glossary(game: str) -> Mapping[str, Mapping[str, str]]:
    """Every entry of a game's glossary by ``"category.id"`` (read-only; read from disk once)."""
    return _load(game)[1]


def meta(game: str) -> Mapping[str, str | list[str]]:
    """The glossary's ``[meta]`` table: its transcript file and language, and the Latin words its
    Greek and Russian may use (proper names the transcript keeps in Latin script)."""
    return _load(game)[0]


def term(game: str, key: str, lang: str | None, default: object = _MISSING) -> str:
    """A component's or action's name in ``lang`` (a Discord locale or setting; English for a
    language the bot does not speak or a word not yet translated). An unknown key raises
    ``KeyError`` unless ``default`` is given, so a missing glossary entry is found, not printed."""
    entry = glossary(game).get(key)
    if entry is None:
        if default is _MISSING:
            raise KeyError(f"{game} glossary has no {key!r}")
        return str(default)
    return entry.get(language(lang)) or entry[ENGLISH]


def score_label(game: str, key: Any, lang: str | None) -> str:
    """A standings breakdown key (stored in English with the result: Drake's "treasure") in
    ``lang``, from the game's glossary (``score.<key>``); a key it does not name stays as it is."""
    if language(lang) == ENGLISH:
        return str(key)
    try:
        return term(game, f"score.{key}", lang, default=key)
    except KeyError:  # a game without a glossary
        return str(key)


def fold(text: str) -> str:
    """Text as a reader matches it: no accents or breves (``й`` and ``ё`` as ``и`` and ``е``, as
    OCR transcripts print them), case-folded, Greek final sigma as ``σ``, spaces collapsed."""
    stripped = "".join(
        ch for ch in unicodedata.normalize("NFD", text) if not unicodedata.combining(ch)
    )
    return re.sub(r"\s+", " ", stripped.casefold().replace("ς", "σ")).strip()


def keys_for(game: str, text: str) -> list[str]:
    """The glossary keys whose name in any language is ``text`` (accent-, case- and final-sigma
    insensitive), in file order: a member may type a component's name in their language."""
    wanted = fold(text)
    return [
        key
        for key, entry in glossary(game).items()
        if any(fold(entry.get(lang, "")) == wanted for lang in LANGUAGES)
    ]


__all__ = ["GAMES", "SOURCES", "fold", "glossary", "keys_for", "meta", "path", "term"]
