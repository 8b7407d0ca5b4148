"""How much of a text is written in a language's script (issue 26, "Done when": at least 97% of
the words the table prints and draws are Greek, resp. Cyrillic, member names and digits aside).

The one measure behind ``tests/languages.py`` (the games' language tests) and
``bench.languages`` (the whole-game figures)."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable

WORD = re.compile(r"[^\W\d_]+")
SCRIPTS = {"el": "GREEK", "ru": "CYRILLIC", "en": "LATIN"}
MARKUP = re.compile(r"<[@#/:a-z!&]*[^>]*>|https?://\S+|\bPlayer [A-F]\b|`[^`\n]+`")
"""Mentions, custom emoji, links, the ``Player A`` seats the host replaces by names, and code
spans (a canonical move or command to type, ``place 5 goods``, which stays as it is in every
language): Discord markup, names and codes, not words."""


def script_of(word: str) -> str:
    """The script of a word's first letter (``GREEK``, ``CYRILLIC``, ``LATIN`` ...)."""
    name = unicodedata.name(word[0], "")
    return name.split()[0] if name else ""


def script_count(
    texts: Iterable[str], lang: str, names: Iterable[str] = ()
) -> tuple[int, int, Counter[str]]:
    """``(in_script, total, foreign)``: words of ``texts`` written in ``lang``'s script, all words
    counted, and the others by how often they occur. Words of member ``names`` (and of the
    ``Player A`` placeholders the host replaces by names) do not count."""
    skip = {w.casefold() for name in names for w in WORD.findall(name)}
    wanted = SCRIPTS[lang]
    inside, total, foreign = 0, 0, Counter()
    for text in texts:
        for word in WORD.findall(MARKUP.sub(" ", str(text))):
            if word.casefold() in skip:
                continue
            total += 1
            if script_of(word) == wanted:
                inside += 1
            else:
                foreign[word] += 1
    return inside, total, foreign


__all__ = ["SCRIPTS", "WORD", "script_count", "script_of"]
