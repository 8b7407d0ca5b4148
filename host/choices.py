"""One member decision's choices, computed once and matched in memory (autocomplete).

Describing every legal move in words costs (tens of milliseconds at a big decision), and
autocomplete is asked at every keystroke with no way to defer. So when a decision starts, its
legal moves, their aliases and their descriptions are computed once, in a worker process
(:func:`describe_decision`); each keystroke is then only :meth:`Decision.match`, the same search
as ``Engine.candidates``.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

import i18n
from engines.base import IllegalMove, check_move_text, choose, find_moves, normalize_move_text
from i18n import say


@dataclass(frozen=True)
class Decision:
    legal: list[str]
    aliases: dict[str, list[str]]
    descriptions: dict[str, str]
    said: dict[str, tuple[dict[str, str], dict[str, list[str]]]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def match(
        self, typed: str, lang: str = i18n.ENGLISH, *, whole_numbers: bool = False
    ) -> list[str]:
        """The legal moves ``typed`` could name, best first: ``Engine.candidates`` on the cached
        parts (moves and aliases first; only if that finds nothing, descriptions too), then
        the descriptions as a reader of ``lang`` reads them (a member types in their language;
        the canonical English texts stay accepted). ``whole_numbers`` as ``find_moves``."""
        if not typed.strip():
            return list(self.legal)
        found = find_moves(typed, self.legal, aliases=self.aliases, whole_numbers=whole_numbers)
        if found:
            return found
        found = find_moves(
            typed, self.legal, self.descriptions, self.aliases, whole_numbers=whole_numbers
        )
        if found or i18n.language(lang) == i18n.ENGLISH:
            return found
        said, forms = self._said(i18n.language(lang))
        return find_moves(typed, self.legal, said, forms, whole_numbers=whole_numbers)

    def _said(self, lang: str) -> tuple[dict[str, str], dict[str, list[str]]]:
        """The descriptions as a reader of ``lang`` reads them, and each move's other forms with
        its English description among them (its words name numbers as well): said once per
        language, not at every keystroke."""
        if lang not in self.said:
            said = {m: say(lang, self.descriptions[m]) for m in self.legal}
            forms = {m: [*self.aliases.get(m, []), self.descriptions[m]] for m in self.legal}
            self.said[lang] = (said, forms)
        return self.said[lang]

    def pick(self, typed: str, lang: str = i18n.ENGLISH) -> str:
        """The canonical move a member submits by typing ``typed`` in ``lang``, as
        ``Engine.match`` judges English: the one move it names (a number typed after a verb is
        the move's whole own number, in any language); several, or only moves near it (``δίσκος
        1`` where only ``place 12`` is open), are an :class:`IllegalMove` naming them, to be
        asked, never guessed. Text that names nothing is returned as typed, for the engine to
        judge (the canonical English texts, or its refusal saying what is legal)."""
        found = self.match(typed, lang, whole_numbers=True)
        if len(found) == 1:
            return found[0]
        check_move_text(typed, self.legal)
        near = found or self.match(typed, lang)
        if not near:
            return typed
        return choose(typed, near, self.legal, ask=True)

    def closest(
        self, typed: str, lang: str = i18n.ENGLISH, among: list[str] | None = None
    ) -> list[str]:
        """The legal moves (of ``among``, else all), closest first to ``typed`` by how alike the
        texts are: each move's best likeness over its forms (the move, its aliases, its
        description in English and as a reader of ``lang`` reads it), as a whole and word by
        word (``difflib``), so a typo or a half-remembered word finds the moves it resembles.
        Equal likeness keeps the legal order. For a refusal that names a few moves: ask, never
        guess."""
        wanted = normalize_move_text(typed)
        words = wanted.split()
        lang = i18n.language(lang)
        said = self._said(lang)[0] if lang != i18n.ENGLISH else {}

        def likeness(move: str) -> float:
            forms = {move, *self.aliases.get(move, []), self.descriptions.get(move, move)}
            if move in said:
                forms.add(said[move])
            best = 0.0
            for form in forms:
                text = normalize_move_text(form)
                whole = difflib.SequenceMatcher(None, wanted, text, autojunk=False).ratio()
                own = text.split()
                each = [
                    max(difflib.SequenceMatcher(None, w, o).ratio() for o in own)
                    for w in words
                    if own
                ]
                by_word = sum(each) / len(each) if each else 0.0
                best = max(best, (whole + 2 * by_word) / 3)
            return best

        moves = self.legal if among is None else [m for m in self.legal if m in among]
        order = {m: i for i, m in enumerate(moves)}
        return sorted(moves, key=lambda m: (-likeness(m), order[m]))


def said_move(engine: Any, state: Any, seat: int, decision: Decision, typed: str, lang: str) -> str:
    """What a member of ``lang`` submits by typing ``typed`` (``TableService._said_move``): the
    move :meth:`Decision.pick` finds, else what the engine's own matcher accepts (an engine's
    own forms, such as Amerigo's cover cells in any order), else ``pick``'s refusal naming the
    moves the text could mean. The engine judges the result again when it is applied."""
    try:
        return decision.pick(typed, lang)
    except IllegalMove:
        try:
            return engine.match(state, seat, typed)
        except IllegalMove:
            pass
        raise


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
