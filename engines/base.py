"""The engine contract (docs/ARCHITECTURE.md section 2) and the pieces every engine shares.

An engine is a pure, deterministic rules object. Its state is a JSON-safe ``dict`` that the engine
owns; ``apply`` never mutates its input. Randomness comes only from :class:`Rng`, whose whole
state is one integer kept inside the game state under ``state["rng"]``, so that ``setup(seed)``
plus the move list replays a game exactly. Views never contain ``rng`` or the seed.

A seat's view is the public view plus two keys: ``seat`` and ``private`` (what only that seat may
know). The conformance suite checks exactly that shape, so nothing seat-specific can leak outside.

Most engines subclass :class:`BaseEngine`, which supplies the parts that are the same everywhere:
matching what a player typed against the legal moves (case, spaces, unambiguous prefixes), the
out-of-turn and illegal-move answers, copying the state before a move, and the JSON round trip.
"""

from __future__ import annotations

import functools
import json
import marshal
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, Protocol, runtime_checkable

from i18n import T
from i18n.glossary import fold

State = dict[str, Any]

MAX_MOVE_LENGTH = 200
"""Longest move text accepted from a player; longer input is refused before any parsing."""


class IllegalMove(ValueError):
    """A move that is not legal now. The message is shown to the player; the state is unchanged."""


class UnclearMove(IllegalMove):
    """A move text that names no one legal move (issue 38 item 1, issue 40 section 5).

    ``args[0]`` is the whole message (it lists the legal moves, for a caller that shows only it);
    a host that answers briefly and asks instead of guessing uses the parts: ``candidates``, the
    legal moves the text could mean (empty: it names none), and ``reason``, why it is refused
    when that is not simply "names no legal move" (too long, a position that is not open), or
    None."""

    def __init__(self, message: Any, *, candidates: Iterable[str] = (), reason: Any = None) -> None:
        super().__init__(message)
        self.candidates = list(candidates)
        self.reason = reason


@dataclass
class Step:
    """What one accepted move produced.

    ``log`` lines are public. ``private`` maps a seat to lines only that seat may read (its drawn
    cards, its secret tile, a peek). A seat listed in ``private`` also gets a fresh private view.
    ``move`` is the canonical text of what was typed (empty if an engine does not fill it).
    """

    state: State
    log: list[str] = field(default_factory=list)
    private: dict[int, list[str]] = field(default_factory=dict)
    move: str = ""
    """The canonical text of the move that was applied (what the move log stores)."""
    reveals: bool = False
    """The move showed something hidden to anyone (the mover included) or drew from a hidden
    order (a shuffled deck, the generator). Such a move can never be undone (docs/ARCHITECTURE.md
    2)."""


@dataclass
class Standing:
    """One seat's final result. Seats with equal scores (after tie-breaks) share a rank."""

    seat: int
    score: float
    rank: int
    breakdown: dict[str, float] = field(default_factory=dict)


@runtime_checkable
class Engine(Protocol):
    # Attributes read-only (properties): a game declares them as class attributes, some of
    # narrower types (a ``Word`` title, a ``dict[str, Msg]`` of rules topics).
    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...
    @property
    def variants(self) -> tuple[str, ...]: ...

    def setup(self, players: int, *, seed: int, variant: str | None = None) -> State: ...
    def to_move(self, state: State) -> list[int]: ...
    def legal_moves(self, state: State, seat: int) -> list[str]: ...
    def apply(self, state: State, seat: int, move: str) -> Step: ...
    def view(self, state: State, seat: int | None) -> dict: ...
    def default_move(self, state: State, seat: int) -> str: ...
    def result(self, state: State) -> list[Standing] | None: ...
    def encode(self, state: State) -> dict: ...
    def decode(self, data: dict) -> State: ...
    def describe(self, state: State, seat: int, move: str) -> str: ...
    def resample_hidden(self, state: State, seat: int | None, rng: Rng) -> State: ...
    def choices_are_public(self, state: State, seat: int) -> bool: ...

    # What the host and the seat fillers ask beyond the rules, with defaults in BaseEngine
    # (docs/ARCHITECTURE.md 2): declared here, never probed.
    @property
    def phase_names(self) -> Mapping[str, Any]: ...
    @property
    def secret_keys(self) -> tuple[str, ...] | None: ...
    @property
    def rules_topics(self) -> Mapping[str, Any]: ...
    @property
    def default_pace(self) -> str | None: ...
    @property
    def plannable(self) -> bool: ...

    def player_range(self, variant: str) -> tuple[int, int]: ...
    def match(self, state: State, seat: int, text: str) -> str: ...
    def candidates(
        self, state: State, seat: int, text: str, *, whole_numbers: bool = False
    ) -> list[str]: ...
    def phase_name(self, view: dict) -> Any: ...
    def private_text(self, view: dict) -> list[Any]: ...
    def advance(self, state: State, seat: int, move: str) -> None: ...


class Rng:
    """A small seeded generator (SplitMix64) whose entire state is one integer.

    Python's ``random.Random`` state is 625 numbers; ours fits in the game state, survives the JSON
    round trip, and produces the same sequence on every machine and Python version.
    """

    _MASK = (1 << 64) - 1

    def __init__(self, state: int) -> None:
        self.state = state & self._MASK

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        # Mix the seed once so that nearby seeds start far apart.
        rng = cls(seed ^ 0x5DEECE66D)
        rng.next64()
        return rng

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & self._MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self._MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self._MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``."""
        return low + self.randbelow(high - low + 1)

    def choice(self, items: list[Any]) -> Any:
        return items[self.randbelow(len(items))]

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def redeal(self, items: Iterable[Any]) -> list[Any]:
        """The items in a random order that depends on which items they are, not on the order
        they came in. A re-deal of hidden things (``resample_hidden``) must not echo the real
        order: a seat filler's decision made on it would then depend on what its seat cannot
        see (issue 18: the same decision on the real state and on any re-deal of it)."""
        dealt = sorted(items, key=_canonical)
        self.shuffle(dealt)
        return dealt

    def sample(self, items: list[Any], k: int) -> list[Any]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]


_CANONICAL = json.JSONEncoder(sort_keys=True).encode
"""``json.dumps(value, sort_keys=True)`` without building an encoder per call: a re-deal sorts
every hidden item by it, and the seat fillers re-deal at every decision."""


def _canonical(value: Any) -> str:
    return _CANONICAL(value)


def clone_state(state: State) -> State:
    """A deep copy of a JSON-safe state, made by ``marshal``: the seat fillers' search copies a
    state at every move it tries, and marshal copies these states 2-4 times faster than a JSON
    round trip (itself several times faster than ``copy.deepcopy``).

    On JSON data both give the same copy. What marshal refuses, such as a ``Msg`` (a ``str``
    subclass that remembers its translation), is copied by the JSON round trip, which writes it
    as plain text. Marshal would keep a tuple or an integer key where JSON writes a list or a
    string key; states hold neither (the conformance suite checks ``decode(encode(state)) ==
    state`` after every move), and :meth:`BaseEngine.encode` keeps the JSON round trip that
    proves it."""
    try:
        # Version 2 writes every object out in full, as JSON does; later versions write a list
        # met twice once and the copy would share it (a mutation of one place changing the other).
        return marshal.loads(marshal.dumps(state, 2))
    except ValueError:
        return json_clone(state)


def json_clone(data: Any) -> Any:
    """A deep copy through JSON: proves the data is JSON-safe and writes it as JSON would
    (tuples as lists, keys as strings, ``Msg`` texts as plain strings)."""
    return json.loads(json.dumps(data))


def normalize_move_text(text: str) -> str:
    """The comparison form of a move: as a reader matches text in any of the languages
    (``i18n.glossary.fold``: case-folded, accents dropped, Greek final sigma as ``σ``, single
    spaces), with compatibility forms unified and no spaces around commas."""
    return _normalized(str.__str__(text))


@functools.lru_cache(maxsize=1 << 15)
def _normalized(text: str) -> str:
    """:func:`normalize_move_text`, kept: the matcher compares every form of every legal move
    (descriptions, aliases) at each keystroke, and the same few thousand texts recur."""
    return re.sub(r"\s*,\s*", ",", fold(unicodedata.normalize("NFKD", text)))


_TOKEN = re.compile(r"(?:[^\W_]|[.+\-,])+")
"""A typed or searched word: letters of any script and digits, with the signs moves use inside
a word (``2,-1``, ``1.2``, ``+3``)."""
_LETTERS_AND_DIGITS = re.compile(r"[^\W_]+")


def describe_options(options: list[str], limit: int = 12) -> str:
    """A short human list of legal moves for an error message (a ``Msg`` where it has words:
    the moves themselves are canonical codes, the same in every language)."""
    if not options:
        return T("nothing (you have no move to make now)")
    shown = ", ".join(f"`{o}`" for o in options[:limit])
    more = len(options) - limit
    if more > 0:
        return T("{moves} and {more} more (use autocomplete)", moves=shown, more=more)
    return shown


def _words(text: str) -> list[str]:
    """The searchable words of a move or description: letters and digits runs, plus the move's
    own space-separated parts (so ``2,-1`` is found as typed)."""
    norm = normalize_move_text(text)
    return [*_tokens(norm), *_LETTERS_AND_DIGITS.findall(norm)]


@functools.lru_cache(maxsize=1 << 15)
def _tokens(normalized: str) -> tuple[str, ...]:
    """The typed-word tokens (``_TOKEN``) of a normalized text, kept as ``_normalized`` is."""
    return tuple(_TOKEN.findall(normalized))


def find_moves(
    text: str,
    legal: list[str],
    descriptions: dict[str, str] | None = None,
    aliases: dict[str, list[str]] | None = None,
    *,
    whole_numbers: bool = False,
) -> list[str]:
    """The legal moves that ``text`` names, best first: the one matcher behind ``/move``,
    autocomplete and buttons (docs/ARCHITECTURE.md 2, "harmless variations").

    Tiers, the first that finds anything wins: (1) the move or one of its aliases exactly (case,
    accents and spacing ignored); (2) each typed word a prefix of the move's word at the same place
    (``harv ban``); (3) each typed word a prefix of some word of the move or its description, in
    any order (``permit 1.2``, ``ban harvest``).

    In every tier and every language, a number typed after a word that leads a ``verb number``
    move in one of its forms, or stands just before that number there (``place 7``,
    ``δίσκος 7``, ``θέση 7``, ``карта 7``), names the move's own number: never a number its
    description merely says ("take 7 food"). A move whose number is exactly the one typed is
    preferred (``place 1`` is not ``place 12``); otherwise the typed number is a prefix of the
    move's, as one types in autocomplete, unless ``whole_numbers`` (a move being submitted: the
    number typed is the whole number, and a taken position finds nothing rather than another).
    """
    wanted = normalize_move_text(text)
    if not wanted:
        return list(legal)
    aliases = aliases or {}
    for move in legal:
        forms = [move, *aliases.get(move, [])]
        if any(normalize_move_text(f) == wanted for f in forms):
            return [move]
    descriptions = descriptions or {}
    typed = _TOKEN.findall(wanted)
    named = _numbered(typed, legal, descriptions, aliases, whole_numbers)
    wanted_words = wanted.split(" ")
    in_order = [
        m
        for m in legal
        if (named is None or m in named)
        and _words_prefix_match(wanted_words, normalize_move_text(m))
    ]
    if in_order:
        return in_order
    found = []
    for move in legal:
        if named is not None and move not in named:
            continue
        words = set(_words(move))
        for alias in aliases.get(move, []):
            words.update(_words(alias))
        words.update(_words(descriptions.get(move, "")))
        if typed and all(any(w.startswith(t) for w in words) for t in typed):
            found.append(move)
    return found


def _numbered(
    typed: list[str],
    legal: list[str],
    descriptions: dict[str, str],
    aliases: dict[str, list[str]],
    whole_numbers: bool,
) -> set[str] | None:
    """The moves a ``word number`` in ``typed`` may name, or None when the text has no such pair.

    The first typed number that follows a word naming some legal move's number (see
    :func:`_number_words`) decides: the moves that word names whose own number is exactly the one
    typed, else (not ``whole_numbers``) those whose number starts with it."""
    numbered = [m for m in legal if _verb_number(m)[1]]
    if not numbered or not any(t.isdigit() for t in typed[1:]):
        return None
    words = _number_words(numbered, descriptions, aliases)
    for i in range(1, len(typed)):
        word, number = typed[i - 1], typed[i]
        if not number.isdigit() or word.isdigit():
            continue
        heads = [m for m in numbered if any(w.startswith(word) for w in words[m])]
        if not heads:
            continue
        exact = {m for m in heads if _verb_number(m)[1] == number}
        if exact or whole_numbers:
            return exact
        return {m for m in heads if _verb_number(m)[1].startswith(number)}
    return None


def _number_words(
    numbered: list[str], descriptions: dict[str, str], aliases: dict[str, list[str]]
) -> dict[str, set[str]]:
    """For each ``verb number`` move, the words that, followed by a number, name its own number
    (the ``12`` of ``place 12 guns``): the first word of the move and of each other form of it
    (aliases, its description in any language: ``place``, ``δίσκος``, ``диск``); the word just
    before the number in the move itself; and the word just before the first place another form
    writes the number when it does so for two moves of the same verb (``θέση`` of "Δίσκος στη
    θέση 12" and "Δίσκος στη θέση 3"): a pattern, not a number a description happens to say after
    some word ("Buy project 4" for ``buy 4``)."""
    out: dict[str, set[str]] = {}
    before: dict[tuple[str, str], set[str]] = {}  # (verb, word before the number): moves
    for move in numbered:
        verb, number = _verb_number(move)
        out[move] = {verb}
        for form in [*aliases.get(move, []), descriptions.get(move, "")]:
            words = _tokens(normalize_move_text(form))
            if words and not words[0].isdigit():
                out[move].add(words[0])
            if number in words[1:]:
                word = words[words.index(number) - 1]
                if not word.isdigit():
                    before.setdefault((verb, word), set()).add(move)
    for (_verb, word), moves in before.items():
        if len(moves) > 1:
            for move in moves:
                out[move].add(word)
    return out


def match_move(
    text: str,
    legal: list[str],
    descriptions: dict[str, str] | None = None,
    aliases: dict[str, list[str]] | None = None,
) -> str:
    """Return the legal move that ``text`` names, or raise :class:`IllegalMove` that says what
    is legal, or which moves an ambiguous text could mean."""
    check_move_text(text, legal)
    found = find_moves(text, legal, descriptions, aliases, whole_numbers=True)
    near = found or find_moves(text, legal, descriptions, aliases)
    return choose(text, near, legal, ask=not found)


def check_move_text(text: Any, legal: list[str]) -> None:
    """Refuse text that names no move whatever the position: empty, too long, invisible."""
    if not isinstance(text, str) or not text.strip():
        raise UnclearMove(
            T("Empty move. Legal now: {options}.", options=describe_options(legal)),
            reason=T("Empty move."),
        )
    if len(text) > MAX_MOVE_LENGTH:
        too_long = T("That move text is too long (over {limit} characters).", limit=MAX_MOVE_LENGTH)
        raise UnclearMove(too_long, reason=too_long)
    if any(unicodedata.category(ch) in ("Cc", "Cf") for ch in text):
        # Invisible characters (direction overrides, zero-width joiners) could make a move read as
        # something else in the log; nobody types them by accident.
        invisible = T("That move text contains invisible control characters; type it plainly.")
        raise UnclearMove(invisible, reason=invisible)


def choose(text: str, candidates: list[str], legal: list[str], *, ask: bool = False) -> str:
    """The one candidate, or an :class:`UnclearMove` naming the candidates or the legal moves.
    ``ask``: the candidates are only near the text (its number a prefix of theirs), so even one
    is named, not played."""
    if len(candidates) == 1 and not ask:
        return candidates[0]
    shown = printable(text)
    if candidates:
        raise UnclearMove(
            T(
                "`{text}` is ambiguous: it could be {options}.",
                text=shown,
                options=describe_options(candidates),
            ),
            candidates=candidates,
        )
    raise UnclearMove(
        T(
            "`{text}` is not a legal move now. Legal now: {options}.",
            text=shown,
            options=describe_options(legal),
        )
    )


def _verb_number(move: str) -> tuple[str, str]:
    """A ``verb number ...`` move's first two words, or ("", "") for a move of another shape."""
    parts = normalize_move_text(move).split(" ")
    return (parts[0], parts[1]) if len(parts) > 1 and parts[1].isdigit() else ("", "")


def _words_prefix_match(wanted: list[str], candidate_text: str) -> bool:
    candidate = candidate_text.split(" ")
    if len(wanted) != len(candidate):
        return False
    return all(c.startswith(w) for w, c in zip(wanted, candidate, strict=True))


def printable(text: str, limit: int = 60) -> str:
    """Player text made safe to echo: no control characters or backticks, and mentions broken with
    a zero-width space so an error message can never ping anyone."""
    cleaned = "".join(ch if ch.isprintable() and ch != "`" else "?" for ch in text)
    cleaned = cleaned.replace("@", "@\u200b")
    return cleaned if len(cleaned) <= limit else cleaned[: limit - 1] + "…"


def reseed(state: State, rng: Rng) -> None:
    """Give ``state`` a fresh generator drawn from ``rng``: the future order of every draw the game
    has not made yet is hidden information, so a resampled state draws it again."""
    if "rng" in state:
        state["rng"] = rng.next64()


def plain_lines(private: Any, label: str = "") -> list[str]:
    """A generic, readable rendering of a private section: one sentence per fact, no JSON."""
    lines: list[str] = []
    if isinstance(private, dict):
        for key, value in private.items():
            name = str(key).replace("_", " ")
            name = f"{label} {name}".strip()
            if isinstance(value, (dict, list)) and any(
                isinstance(v, (dict, list))
                for v in (value.values() if isinstance(value, dict) else value)
            ):
                lines.extend(plain_lines(value, name))
            else:
                lines.append(f"{name.capitalize()}: {_plain_value(value)}.")
    elif isinstance(private, list):
        for index, value in enumerate(private, 1):
            lines.extend(plain_lines(value, f"{label} {index}".strip()))
    else:
        lines.append(f"{label.capitalize()}: {_plain_value(private)}." if label else str(private))
    return lines


def _plain_value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, dict):
        if not value:
            return "none"
        return ", ".join(f"{str(k).replace('_', ' ')} {_plain_value(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_plain_value(v) for v in value) if value else "none"
    return str(value).replace("_", " ")


def rank_standings(scores: list[tuple[int, float, tuple, dict[str, float]]]) -> list[Standing]:
    """Build standings from ``(seat, score, tiebreak, breakdown)``; higher score and tiebreak win.

    Seats equal on both score and tie-break share a rank (competition ranking: 1, 1, 3).
    """
    ordered = sorted(scores, key=lambda s: (s[1], s[2]), reverse=True)
    standings: list[Standing] = []
    for index, (seat, score, tiebreak, breakdown) in enumerate(ordered):
        if index and (score, tiebreak) == (ordered[index - 1][1], ordered[index - 1][2]):
            rank = standings[-1].rank
        else:
            rank = index + 1
        standings.append(Standing(seat=seat, score=score, rank=rank, breakdown=breakdown))
    return standings


class BaseEngine:
    """Shared plumbing; a game implements ``setup``, ``to_move``, ``legal_moves``, ``_apply``,
    ``view`` and ``result``.

    ``_apply(state, seat, move)`` receives a deep copy of the state and the canonical move text, and
    returns ``(log, private)``. It may still raise :class:`IllegalMove` (the copy is discarded).
    """

    id: str = ""
    title: str = ""
    min_players: int = 1
    max_players: int = 1
    variants: tuple[str, ...] = ("standard",)
    phase_names: ClassVar[Mapping[str, Any]] = {}
    """A view's ``phase`` in words, for ``/game status`` (a phase not listed is not shown)."""
    secret_keys: tuple[str, ...] | None = None
    """Keys of a seat's private view that hold secrets it receives (a card drawn, treasure won,
    a counter seen): table talk sends a DM when one of them gains something. None: every private
    key but the decision at hand (its options, the work in progress)."""
    rules_topics: ClassVar[Mapping[str, Any]] = MappingProxyType({})
    """The ``/rules`` pages by topic (``engines/<id>/topics.py``), each a text or a ``Msg``."""
    default_pace: str | None = None
    """The clock pace a new table of this game starts with (``host/clocks.py``); None: the host's
    default."""
    plannable: bool = False
    """Whether a member may plan a decision that several seats make at once (secretly); one seat's
    decision is always plannable (``host/plans.py``)."""

    def check_setup(self, players: int, variant: str | None) -> str:
        """Validate the player count and variant; return the variant to use."""
        variant = variant or self.variants[0]
        if variant not in self.variants:
            raise IllegalMove(
                f"{self.title} has no variant `{printable(str(variant))}`; "
                f"choose one of {', '.join(self.variants)}."
            )
        low, high = self.player_range(variant)
        if not low <= players <= high:
            raise IllegalMove(f"{self.title} ({variant}) is for {low} to {high} players.")
        return variant

    def player_range(self, variant: str) -> tuple[int, int]:
        """Player counts allowed for a variant (override when a variant changes them)."""
        return self.min_players, self.max_players

    # What every game implements (the contract, ``Engine``), declared for the shared methods below.
    def setup(self, players: int, *, seed: int, variant: str | None = None) -> State:
        raise NotImplementedError

    def to_move(self, state: State) -> list[int]:
        raise NotImplementedError

    def legal_moves(self, state: State, seat: int) -> list[str]:
        raise NotImplementedError

    def view(self, state: State, seat: int | None) -> dict:
        raise NotImplementedError

    def result(self, state: State) -> list[Standing] | None:
        raise NotImplementedError

    def apply(self, state: State, seat: int, move: str) -> Step:
        waiting = self.to_move(state)
        if not waiting:
            raise IllegalMove(T("The game is over; no more moves."))
        if seat not in waiting:
            raise IllegalMove(T("It is not your turn."))
        canonical = self.match(state, seat, move)
        new_state = clone_state(state)
        log, private = self._apply(new_state, seat, canonical)
        reveals = self._reveals(state, new_state, seat, canonical, private)
        return Step(state=new_state, log=log, private=private, move=canonical, reveals=reveals)

    def advance(self, state: State, seat: int, move: str) -> None:
        """Plays ``move``, a text ``legal_moves`` returned for ``seat``, on ``state`` itself: no
        copy, no checks, no reveals. Only for a seat filler's playouts, which throw each state
        away after one look: there ``apply``'s copy of the state at every move was a fifth of a
        Tahiti decision's time, and its checks repeated what the playout policy had just
        computed. Everything else goes through ``apply``, which never mutates its input."""
        self._apply(state, seat, move)

    def match(self, state: State, seat: int, text: str) -> str:
        """The canonical legal move that ``text`` names for ``seat`` (see :func:`find_moves`)."""
        legal = self.legal_moves(state, seat)
        if isinstance(text, str) and text in legal:
            return text
        check_move_text(text, legal)
        aliases = {m: self.aliases(state, seat, m) for m in legal}
        described: dict[str, str] = {}

        def search(whole_numbers: bool) -> list[str]:  # as ``candidates``, describing once
            found = find_moves(text, legal, aliases=aliases, whole_numbers=whole_numbers)
            if found:
                return found
            if not described:
                described.update({m: self.describe(state, seat, m) for m in legal})
            return find_moves(text, legal, described, aliases, whole_numbers=whole_numbers)

        found = search(True)
        # ``place 1`` where only ``place 12`` is open: a guess, so asked, never played.
        return choose(text, found or search(False), legal, ask=not found)

    def candidates(
        self, state: State, seat: int, text: str, *, whole_numbers: bool = False
    ) -> list[str]:
        """The legal moves ``text`` could name, best first: by the moves and their aliases, and
        only if that finds nothing by their descriptions too (describing every move costs). The
        one search behind ``/move`` and autocomplete; ``whole_numbers`` as :func:`find_moves`."""
        legal = self.legal_moves(state, seat)
        aliases = {m: self.aliases(state, seat, m) for m in legal}
        found = find_moves(text, legal, aliases=aliases, whole_numbers=whole_numbers)
        if found:
            return found
        descriptions = {m: self.describe(state, seat, m) for m in legal}
        return find_moves(text, legal, descriptions, aliases, whole_numbers=whole_numbers)

    def _reveals(
        self, before: State, after: State, seat: int, move: str, private: dict[int, list[str]]
    ) -> bool:
        """Whether the move showed anything hidden or drew from a hidden order. The default is
        conservative: the generator moved, or someone was told something privately. Engines whose
        private lines only repeat what the mover chose override this (the conformance suite checks
        it by perturbation)."""
        return before.get("rng") != after.get("rng") or any(private.values())

    def describe(self, state: State, seat: int, move: str) -> str:
        """A legal move in words, for people (autocomplete names, buttons' long form)."""
        return move

    def aliases(self, state: State, seat: int, move: str) -> list[str]:
        """Other texts that name exactly this move: unordered parts in another order, names as
        printed on the board. The canonical text stays the one in ``legal_moves``."""
        return []

    def resample_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        """A state that ``seat`` (``None``: the public) cannot tell apart from ``state``, with
        every hidden part drawn again from ``rng``. The default suits a game whose only hidden
        part is the generator itself (future draws)."""
        new_state = clone_state(state)
        reseed(new_state, rng)
        return new_state

    def choices_are_public(self, state: State, seat: int) -> bool:
        """Whether the seat's current options may be shown to everyone (as buttons under the
        channel post). A rule on the kind of decision, never on hidden parts: the answer is the
        same on every state the public cannot tell apart from ``state``, and where it says yes,
        so are the legal moves (the conformance suite checks both over re-deals). The options of
        a decision drawn from a hand, or from a draft others cannot see, are private: a button
        would show them. The default is the safe one: private (offered by "My choices")."""
        return False

    def phase_name(self, view: dict) -> Any:
        """The phase a view shows, in words for ``/game status`` (a text or a ``Msg``), or None
        for a phase not named: by default its ``phase`` looked up in :attr:`phase_names`."""
        return self.phase_names.get(str(view.get("phase")))

    def private_text(self, view: dict) -> list[str]:
        """A seat's private section as sentences for a DM or ``/hand`` (never JSON)."""
        return plain_lines(view.get("private") or {})

    def _apply(self, state: State, seat: int, move: str) -> tuple[list[str], dict[int, list[str]]]:
        raise NotImplementedError

    def default_move(self, state: State, seat: int) -> str:
        """The first legal move; games override this with a safer choice (end, pass, lowest bid)."""
        moves = self.legal_moves(state, seat)
        if not moves:
            raise IllegalMove(T("That seat has no move to make now."))
        return moves[0]

    def encode(self, state: State) -> dict:
        # A JSON round trip proves the state is JSON-safe and detaches it from the caller's objects.
        return json_clone(state)

    def decode(self, data: dict) -> State:
        return json_clone(data)

    def secrets(self, state: State) -> dict[int, dict[str, Any]]:
        """Per seat, the facts only that seat may know, as ``{key: value}`` pairs found in its view.

        The conformance suite checks that no other seat's view, and no public view, holds the same
        ``key: value`` pair. Games with no hidden per-seat information return ``{}``.
        """
        return {}


class Heuristics:
    """What the seat fillers may ask of a game beyond its rules (players/README.md "Hooks"): a
    projected score, a playout policy, how far playouts look. The fillers are handed it (as
    OpenSpiel hands an ``Evaluator`` to ``MCTSBot``); the engine never knows it. A game's
    ``engines/<id>/heuristics.py`` subclasses it; these defaults are what the fillers do for a
    game that says nothing: read the running scores off the public view, play uniformly at
    random, stop at the seat's next turn, let the default move break ties.

    ``evaluate(state, seat)``, ``progress(state)`` and ``rollout_move(state, seat, rng)`` are
    methods of a game that has them, None here (the fillers then do without)."""

    evaluate: Callable[[State, int], float] | None = None
    """The seat's projected final score at ``state``."""
    progress: Callable[[State], float] | None = None
    """The share of the game already over (0 to 1): a lead counts for more nearer the end."""
    rollout_move: Callable[[State, int, Rng], str] | None = None
    """A cheap, sensible legal move for playouts and the tree search's hints."""
    playout_turns: int = 1
    """How many of the seat's turns a playout of sequential halving sees (players/halving.py)."""
    playout_until_turn: bool = False
    """Whether the tree search's playouts stop when the seat's turn comes round again."""
    policy_breaks_ties: bool = False
    """Whether the playout policy wins the search's ties (players/search.py ``tie_breaker``)."""
    default_breaks_ties: bool = True
    """Whether the default move wins them (when the policy does not)."""
    level_tuning: ClassVar[Mapping[str, Mapping[str, int]]] = MappingProxyType({})
    """Per level name, what the game changes of it (players/levels.py ``Level.in_game``)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def playout_settled(self, state: State) -> bool:
        """Whether a playout may stop at ``state`` (not in the middle of a secret phase, where
        every move looks alike until the reveal)."""
        return True

    def for_engine(self, engine: Engine) -> Heuristics:
        """The same heuristics over another instance of the game's engine (a test's subclass)."""
        return self if engine is self.engine else type(self)(engine)


@dataclass(frozen=True)
class Game:
    """One game, registered once (docs/ARCHITECTURE.md 9): ``engines/<id>/__init__.py`` exposes
    ``GAME = Game(...)``, and every list of games (the engines, the renderers, the catalogs, the
    benches, /help) is derived from the registry of these (``engines.GAMES``)."""

    engine: Engine
    heuristics: Heuristics
    check_data: Callable[[], list[str]]
    """The component data's self-check (``python bot.py check-data``): the problems found."""
    order: int
    """Where the game comes in every list of games (``/game new``, /help, the benches): for the
    games of ``engines/``, its place among the games with data (``i18n.GAME_DOMAINS``, from
    ``data/<id>/glossary.toml`` ``[meta] order``), which the catalogs follow too."""
    secrets_help: Any = None
    """Where a member's secrets are in this game, a ``Msg`` for ``/help``; None: said from the
    engine's ``secret_keys`` (host/guide.py)."""
    example_moves: int = 100
    """Random moves from the start to the position ``bench/examples.py`` draws."""
    example_players: int = 3
    """Its player count there."""
    plan_decisions: frozenset[str] = frozenset()
    """The decisions (a move's first word) ``bench/plans.py`` has a member plan ahead: the
    obvious ones; empty: the game is not in that bench."""
    plan_players: int = 4
    """The player count of ``bench/plans.py``'s games."""
    renderer: str = ""
    """The module that draws its views (``render.RENDERERS``; the render package imports it,
    never the engine); empty: ``render.<id>`` (``render/<id>.py``)."""

    def __post_init__(self) -> None:
        if not self.renderer:
            object.__setattr__(self, "renderer", f"render.{self.engine.id}")

    @property
    def id(self) -> str:
        return self.engine.id

    @property
    def domain(self) -> str:
        """Its catalog domain (``i18n/locale/<id>.pot``): its engine's and renderer's words."""
        return self.engine.id
