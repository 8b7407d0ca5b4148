"""How much of what a member reads is in their language's script (issue 26, "Done when": at least
97% of the words the table prints and draws are Greek, resp. Cyrillic, member names and digits
aside). One measure for every game's language tests and for ``bench.languages``."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable

WORD = re.compile(r"[^\W\d_]+")
SCRIPTS = {"el": "GREEK", "ru": "CYRILLIC", "en": "LATIN"}


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
        # Mentions, custom emoji and links are Discord markup, not words.
        text = re.sub(r"<[@#/:a-z!&]*[^>]*>|https?://\S+|\bPlayer [A-F]\b", " ", str(text))
        for word in WORD.findall(text):
            if word.casefold() in skip:
                continue
            total += 1
            if script_of(word) == wanted:
                inside += 1
            else:
                foreign[word] += 1
    return inside, total, foreign


def script_share(texts: Iterable[str], lang: str, names: Iterable[str] = ()) -> float:
    """The share of words in ``lang``'s script (1.0 for no words)."""
    inside, total, _ = script_count(texts, lang, names)
    return inside / total if total else 1.0


def report(texts: Iterable[str], lang: str, names: Iterable[str] = (), top: int = 15) -> str:
    """One line for a failing assertion: the share and the most frequent foreign words."""
    inside, total, foreign = script_count(texts, lang, names)
    share = inside / total if total else 1.0
    common = ", ".join(f"{w} x{n}" for w, n in foreign.most_common(top))
    return f"{lang}: {share:.1%} of {total} words in script; most frequent others: {common}"
