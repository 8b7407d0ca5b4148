"""One member decision's choices, computed once and matched in memory (autocomplete).

Describing every legal move in words costs (tens of milliseconds at a big decision), and
autocomplete is asked at every keystroke with no way to defer. So when a decision starts, its
legal moves, their aliases and their descriptions are computed once, in a worker process
(:func:`describe_decision`); each keystroke is then only :meth:`Decision.match`, the same search
as ``Engine.candidates``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import i18n
from engines.base import find_moves
from i18n import say
from i18n.glossary import fold


@dataclass(frozen=True)
class Decision:
    legal: list[str]
    aliases: dict[str, list[str]]
    descriptions: dict[str, str]

    def match(self, typed: str, lang: str = i18n.ENGLISH) -> list[str]:
        """The legal moves ``typed`` could name, best first: ``Engine.candidates`` on the cached
        parts (moves and aliases first; only if that finds nothing, descriptions too), then
        the descriptions as a reader of ``lang`` reads them (a member types in their language;
        the canonical English texts stay accepted)."""
        if not typed.strip():
            return list(self.legal)
        found = find_moves(typed, self.legal, aliases=self.aliases)
        if found:
            return found
        found = find_moves(typed, self.legal, self.descriptions, self.aliases)
        if found or i18n.language(lang) == i18n.ENGLISH:
            return found
        return said_matches(typed, {m: say(lang, self.descriptions[m]) for m in self.legal})


def describe_decision(game: Any, encoded: dict, seat: int) -> Decision:
    """A decision's choices from an encoded state (run in a worker: ``host.workers``)."""
    from host.workers import engine_of

    engine = engine_of(game)
    state = engine.decode(encoded)
    legal = engine.legal_moves(state, seat)
    return Decision(
        legal=legal,
        aliases={m: engine.aliases(state, seat, m) for m in legal},
        descriptions={m: engine.describe(state, seat, m) for m in legal},
    )


_WORD = re.compile(r"\w+|[^\w\s]+")


def said_matches(typed: str, said: dict[str, str]) -> list[str]:
    """The moves whose description, as said in a reader's language, ``typed`` names: each typed
    word the start of some word of the description, accents, case and final sigma ignored
    (``i18n.glossary.fold``: "συγκομ κοκο" finds "Συγκομιδή: καρύδα")."""
    typed_words = _WORD.findall(fold(typed))
    if not typed_words:
        return []
    found = []
    for move, text in said.items():
        words = _WORD.findall(fold(text))
        if all(any(w.startswith(t) for w in words) for t in typed_words):
            found.append(move)
    return found
