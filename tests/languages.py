"""How much of what a member reads is in their language's script (issue 26, "Done when": at least
97% of the words the table prints and draws are Greek, resp. Cyrillic, member names and digits
aside). One measure for every game's language tests and for ``bench.languages``."""

from __future__ import annotations

from collections.abc import Iterable

# The measure itself lives in bench (``bench.languages`` prints it for whole games).
from bench.scripts import SCRIPTS, WORD, script_count, script_of

__all__ = ["SCRIPTS", "WORD", "report", "script_count", "script_of", "script_share"]


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
