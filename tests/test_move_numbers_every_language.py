"""A number typed after a verb names the move's own number, in every language (issue 38 item 1).

A member with a Greek client playing Francis Drake typed ``δίσκος 2`` ("disc 2") while position 2
was taken, and the bot played ``place 12 guns`` because that move's Greek description says
"πάρε 2 Κανόνια" (take 2 guns). English ``place 2`` was refused: the rule that keeps a typed
number from matching a number a description merely says knew only the English verbs.

The property: over seeded random positions of all five games, in English, Greek and Russian,
every ``word number`` text a member submits (the path of ``/move``: ``host.choices.said_move``
for a member reading Greek or Russian, then the engine's own matcher) is either played as the one
move the text means, or refused naming the closest choices; never another move.
"""

from __future__ import annotations

import random
import re

import pytest

from engines import ENGINES
from engines.base import IllegalMove, Rng, normalize_move_text
from host.choices import Decision, said_move
from i18n import say

LANGS = ("en", "el", "ru")
POSITIONS = 6
"""Positions sampled per game (seeded walks)."""
TEXTS = 50
"""``word number`` texts checked per position and language, drawn by a seeded generator."""
TOKEN = re.compile(r"(?:[^\W_]|[.+\-,])+")
"""A typed word, as the matcher reads it (``engines.base._TOKEN``)."""
CODE = re.compile(r"`([^`]+)`")


def _tokens(text: str) -> list[str]:
    return TOKEN.findall(normalize_move_text(text))


def _own(move: str) -> str:
    """A ``verb number ...`` move's own number (``12`` of ``place 12 guns``), else ""."""
    parts = normalize_move_text(move).split(" ")
    return parts[1] if len(parts) > 1 and parts[1].isdigit() else ""


def _number_words(legal: list[str], forms: dict[str, list[str]]) -> dict[str, set[str]]:
    """Words that, followed by a number, name a numbered move's number: its verb, each form's
    first word, and a word standing just before the number (where a form first writes it) in
    the forms of two moves of the same verb (``θέση`` of "Δίσκος στη θέση 12" and of "Δίσκος
    στη θέση 3")."""
    out: dict[str, set[str]] = {}
    pattern: dict[tuple[str, str], list[str]] = {}
    for move in legal:
        number = _own(move)
        if not number:
            continue
        verb = normalize_move_text(move).split(" ")[0]
        out[move] = {verb} | {_tokens(f)[0] for f in forms[move] if _tokens(f)}
        for form in forms[move][1:]:
            words = _tokens(form)
            if number in words[1:]:
                pattern.setdefault((verb, words[words.index(number) - 1]), []).append(move)
    for (_, word), moves in pattern.items():
        if len(set(moves)) > 1:
            for move in moves:
                out[move].add(word)
    return {m: {w for w in words if not w.isdigit()} for m, words in out.items()}


def _positions(game: str, seed: int) -> list[tuple[dict, int]]:
    """``POSITIONS`` (state, seat) along one seeded random game, preferring decisions with
    numbered moves (``place 12``, ``card 3``, ``number 1``) where the game has them."""
    engine = ENGINES[game]
    rng = Rng.from_seed(seed)
    state = engine.setup(min(3, engine.max_players), seed=seed)
    numbered, other = [], []
    while engine.to_move(state) and len(numbered) < 4 * POSITIONS:
        seat = rng.choice(engine.to_move(state))
        legal = engine.legal_moves(state, seat)
        (numbered if any(_own(m) for m in legal) else other).append((state, seat))
        state = engine.apply(state, seat, rng.choice(legal)).state
    pool = numbered or other
    step = max(1, len(pool) // POSITIONS)
    return pool[::step][:POSITIONS]


def _texts(legal: list[str], forms: dict[str, list[str]]) -> list[tuple[str, str]]:
    """``(word, number)`` pairs a member might type: every form's first word and each numbered
    move's number words, whole and cut to four letters, with the moves' own numbers, the numbers
    the descriptions say, and one no move has."""
    words: set[str] = set().union(*_number_words(legal, forms).values())
    for move in legal:
        words |= {_tokens(f)[0] for f in forms[move] if _tokens(f)}
        words |= {w for f in forms[move][1:] for w in _tokens(f)[:3]}
    words = {w for w in words if re.fullmatch(r"[^\W\d_]+", w)}  # letters only
    words |= {w[:4] for w in words if len(w) > 4}
    numbers = {_own(m) for m in legal if _own(m)} | {"99"}
    numbers |= {t for m in legal for f in forms[m] for t in _tokens(f) if t.isdigit()}
    return [(w, n) for w in sorted(words) for n in sorted(numbers, key=int)]


def _meant(text: str, legal: list[str], levels: dict[str, list[list[str]]]):
    """(the moves ``text``, a ``word number``, means; the moves it comes near). ``levels``: each
    move's forms in the order they are searched (the move and its aliases; then its English
    description; then its description in the member's language).

    A move or alias typed exactly is that move. After a word that names some legal move's number
    in any of its forms: the moves it names whose number is exactly the one typed (near: those
    whose number starts with it). After any other word: the moves whose own words start with the
    words typed, in order (``harv ban``); else those with both words in their first forms that
    have them (an alias before a description, docs/ARCHITECTURE.md 2)."""
    word, number = text.split(" ")
    exact = [
        m for m in legal if normalize_move_text(text) in map(normalize_move_text, levels[m][0])
    ]
    if exact:
        return exact, exact
    forms = {m: [f for level in levels[m] for f in level] for m in legal}
    number_words = _number_words(legal, forms)
    named = [m for m in number_words if any(w.startswith(word) for w in number_words[m])]
    if named:
        return [m for m in named if _own(m) == number], [
            m for m in named if _own(m).startswith(number)
        ]
    in_order = [m for m in legal if _in_order(text, m)]
    if in_order:
        return in_order, in_order
    for depth in range(1, 4):
        found = []
        for move in legal:
            said = [f for level in levels[move][:depth] for f in level]
            tokens = {t for f in said for t in _tokens(f)}
            tokens |= {t for f in said for t in re.findall(r"[^\W_]+", normalize_move_text(f))}
            if all(any(t.startswith(x) for t in tokens) for x in (word, number)):
                found.append(move)
        if found:
            return found, found
    return [], []


def _in_order(text: str, move: str) -> bool:
    typed, words = normalize_move_text(text).split(" "), normalize_move_text(move).split(" ")
    return len(typed) == len(words) and all(
        w.startswith(t) for t, w in zip(typed, words, strict=True)
    )


def _submit(engine, state, seat: int, decision: Decision, text: str, lang: str) -> str:
    """What ``/move text`` plays (``TableService._submit``), or raises the refusal."""
    if lang != "en":
        text = said_move(engine, state, seat, decision, text, lang)
    return engine.match(state, seat, text)


def _check(game: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, list[str]]:
    """(texts checked, what went wrong) over the game's positions and the three languages."""
    engine = ENGINES[game]
    checked, wrong = 0, []
    sample = random.Random(38)
    for state, seat in _positions(game, seed=38):
        legal = engine.legal_moves(state, seat)
        aliases = {m: engine.aliases(state, seat, m) for m in legal}
        described = {m: engine.describe(state, seat, m) for m in legal}
        decision = Decision(legal=legal, aliases=aliases, descriptions=described)
        # The engine's matcher describes every move at each text: the same words, kept.
        monkeypatch.setattr(engine, "describe", lambda _st, _se, m, d=described: d[m])
        for lang in LANGS:
            levels = {
                m: [[m, *aliases[m]], [say("en", described[m])], [say(lang, described[m])]]
                for m in legal
            }
            forms = {m: [f for level in levels[m] for f in level] for m in legal}
            pairs = _texts(legal, forms)
            for word, number in sample.sample(pairs, min(TEXTS, len(pairs))):
                text = f"{word} {number}"
                meant, near = _meant(text, legal, levels)
                checked += 1
                try:
                    played = _submit(engine, state, seat, decision, text, lang)
                except IllegalMove as error:
                    said = say(lang, error.args[0])
                    named = set(CODE.findall(said))
                    if len(meant) == 1:
                        wrong.append(f"{lang} `{text}` refused, means {meant[0]}: {said[:120]}")
                    elif near and not named & set(near) and len(legal) > 12:
                        wrong.append(f"{lang} `{text}` refused without {near[:3]}: {said[:120]}")
                    continue
                if played not in meant or len(meant) != 1:
                    wrong.append(f"{lang} `{text}` played {played}; it means {meant[:4]}")
        monkeypatch.undo()
    return checked, wrong


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_a_number_after_a_verb_names_the_moves_own_number_in_every_language(game, monkeypatch):
    checked, wrong = _check(game, monkeypatch)
    assert checked > 100, checked
    assert not wrong, f"{len(wrong)} of {checked} texts:\n" + "\n".join(wrong[:15])


def _drake_decision(state: dict) -> tuple[int, Decision]:
    engine = ENGINES["drake"]
    seat = engine.to_move(state)[0]
    legal = engine.legal_moves(state, seat)
    return seat, Decision(
        legal=legal,
        aliases={m: engine.aliases(state, seat, m) for m in legal},
        descriptions={m: engine.describe(state, seat, m) for m in legal},
    )


def test_greek_disc_2_with_position_2_behind_never_plays_place_12():
    """The issue's case: ``δίσκος 2`` ("disc 2") where Location 2 is no longer open played
    ``place 12 guns`` (its description: "πάρε 2 Κανόνια", take 2 guns). It is refused, as
    ``place 2`` is; ``δίσκος 3`` with 3 open plays ``place 3``; ``δίσκος 1`` is Location 1 when
    it is open (not also 10 to 16), and when it is not, is refused naming 10 to 16."""
    engine = ENGINES["drake"]
    start = engine.setup(3, seed=7)
    seat, decision = _drake_decision(start)
    for lang, disc in (("el", "δίσκος"), ("ru", "диск")):
        assert _submit(engine, start, seat, decision, f"{disc} 1", lang) == "place 1 crew"
    state = start
    for _ in range(3):  # each player places on Supplies 2: Locations move forward only
        state = engine.apply(state, engine.to_move(state)[0], "place 2 supplies").state
    seat, decision = _drake_decision(state)
    assert "place 2 supplies" not in decision.legal and "place 12 guns" in decision.legal
    for lang, disc in (("el", "δίσκος"), ("ru", "диск"), ("el", "ΔΙΣΚ"), ("ru", "место")):
        with pytest.raises(IllegalMove):
            _submit(engine, state, seat, decision, f"{disc} 2", lang)
        assert _submit(engine, state, seat, decision, f"{disc} 3", lang) == "place 3 tavern"
        with pytest.raises(IllegalMove, match="place 12 guns"):
            _submit(engine, state, seat, decision, f"{disc} 1", lang)
    with pytest.raises(IllegalMove):
        _submit(engine, state, seat, decision, "place 2", "en")
    assert _submit(engine, state, seat, decision, "place 3", "en") == "place 3 tavern"
