"""One member decision's choices, computed once and matched in memory (autocomplete).

Describing every legal move in words costs (tens of milliseconds at a big decision), and
autocomplete is asked at every keystroke with no way to defer. So when a decision starts, its
legal moves, their aliases and their descriptions are computed once, in a worker process
(:func:`describe_decision`); each keystroke is then only :meth:`Decision.match`, the same search
as ``Engine.candidates``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import i18n
from engines.base import find_moves
from i18n import say


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
        said = {m: say(lang, self.descriptions[m]) for m in self.legal}
        return find_moves(typed, self.legal, said, self.aliases)


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
