"""The engine contract (design.md section 2) and the pieces every engine shares.

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

import json
import re
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

State = dict[str, Any]

MAX_MOVE_LENGTH = 200
"""Longest move text accepted from a player; longer input is refused before any parsing."""


class IllegalMove(ValueError):
    """A move that is not legal now. The message is shown to the player; the state is unchanged."""


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


@dataclass
class Standing:
    """One seat's final result. Seats with equal scores (after tie-breaks) share a rank."""

    seat: int
    score: float
    rank: int
    breakdown: dict[str, float] = field(default_factory=dict)


@runtime_checkable
class Engine(Protocol):
    id: str
    title: str
    min_players: int
    max_players: int
    variants: tuple[str, ...]

    def setup(self, players: int, *, seed: int, variant: str | None = None) -> State: ...
    def to_move(self, state: State) -> list[int]: ...
    def legal_moves(self, state: State, seat: int) -> list[str]: ...
    def apply(self, state: State, seat: int, move: str) -> Step: ...
    def view(self, state: State, seat: int | None) -> dict: ...
    def default_move(self, state: State, seat: int) -> str: ...
    def result(self, state: State) -> list[Standing] | None: ...
    def encode(self, state: State) -> dict: ...
    def decode(self, data: dict) -> State: ...


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

    def sample(self, items: list[Any], k: int) -> list[Any]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]


def clone_state(state: State) -> State:
    """A deep copy of a JSON-safe state. States are JSON by contract, and the C JSON codec copies
    them several times faster than ``copy.deepcopy``."""
    return json.loads(json.dumps(state))


def normalize_move_text(text: str) -> str:
    """The comparison form of a move: case-folded, single spaces, no spaces around commas."""
    text = " ".join(text.split()).casefold()
    return re.sub(r"\s*,\s*", ",", text)


def describe_options(options: list[str], limit: int = 12) -> str:
    """A short human list of legal moves for an error message."""
    if not options:
        return "nothing (you have no move to make now)"
    shown = ", ".join(f"`{o}`" for o in options[:limit])
    more = len(options) - limit
    return shown + (f" and {more} more (use autocomplete)" if more > 0 else "")


def match_move(text: str, legal: list[str]) -> str:
    """Return the legal move that ``text`` names, or raise :class:`IllegalMove`.

    Accepts case and spacing differences and an unambiguous prefix of words, e.g. ``harv ban`` for
    ``harvest banana``.
    """
    if not isinstance(text, str) or not text.strip():
        raise IllegalMove(f"Empty move. Legal now: {describe_options(legal)}.")
    if len(text) > MAX_MOVE_LENGTH:
        raise IllegalMove(f"That move text is too long (over {MAX_MOVE_LENGTH} characters).")
    wanted = normalize_move_text(text)
    normalized = {normalize_move_text(m): m for m in legal}
    if wanted in normalized:
        return normalized[wanted]
    wanted_words = wanted.split(" ")
    candidates = [
        original
        for norm, original in normalized.items()
        if _words_prefix_match(wanted_words, norm.split(" "))
    ]
    if len(candidates) == 1:
        return candidates[0]
    shown = _printable(text)
    if len(candidates) > 1:
        raise IllegalMove(f"`{shown}` is ambiguous: it could be {describe_options(candidates)}.")
    raise IllegalMove(f"`{shown}` is not a legal move now. Legal now: {describe_options(legal)}.")


def _words_prefix_match(wanted: list[str], candidate: list[str]) -> bool:
    if len(wanted) != len(candidate):
        return False
    return all(c.startswith(w) for w, c in zip(wanted, candidate, strict=True))


def _printable(text: str, limit: int = 60) -> str:
    """Player text made safe to echo: no control characters or backticks, and mentions broken with
    a zero-width space so an error message can never ping anyone."""
    cleaned = "".join(ch if ch.isprintable() and ch != "`" else "?" for ch in text)
    cleaned = cleaned.replace("@", "@\u200b")
    return cleaned if len(cleaned) <= limit else cleaned[: limit - 1] + "…"


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

    def check_setup(self, players: int, variant: str | None) -> str:
        """Validate the player count and variant; return the variant to use."""
        variant = variant or self.variants[0]
        if variant not in self.variants:
            raise IllegalMove(
                f"{self.title} has no variant `{_printable(str(variant))}`; "
                f"choose one of {', '.join(self.variants)}."
            )
        low, high = self.player_range(variant)
        if not low <= players <= high:
            raise IllegalMove(f"{self.title} ({variant}) is for {low} to {high} players.")
        return variant

    def player_range(self, variant: str) -> tuple[int, int]:
        """Player counts allowed for a variant (override when a variant changes them)."""
        return self.min_players, self.max_players

    def apply(self, state: State, seat: int, move: str) -> Step:
        waiting = self.to_move(state)
        if not waiting:
            raise IllegalMove("The game is over; no more moves.")
        if seat not in waiting:
            raise IllegalMove("It is not your turn.")
        canonical = match_move(move, self.legal_moves(state, seat))
        new_state = clone_state(state)
        log, private = self._apply(new_state, seat, canonical)
        return Step(state=new_state, log=log, private=private, move=canonical)

    def _apply(self, state: State, seat: int, move: str) -> tuple[list[str], dict[int, list[str]]]:
        raise NotImplementedError

    def default_move(self, state: State, seat: int) -> str:
        """The first legal move; games override this with a safer choice (end, pass, lowest bid)."""
        moves = self.legal_moves(state, seat)
        if not moves:
            raise IllegalMove("That seat has no move to make now.")
        return moves[0]

    def encode(self, state: State) -> dict:
        # A JSON round trip proves the state is JSON-safe and detaches it from the caller's objects.
        return clone_state(state)

    def decode(self, data: dict) -> State:
        return clone_state(data)

    def secrets(self, state: State) -> dict[int, dict[str, Any]]:
        """Per seat, the facts only that seat may know, as ``{key: value}`` pairs found in its view.

        The conformance suite checks that no other seat's view, and no public view, holds the same
        ``key: value`` pair. Games with no hidden per-seat information return ``{}``.
        """
        return {}
