"""Shared checks for images read on a phone (docs/ARCHITECTURE.md 6, issue 25 items 2-4), used by
the Francis Drake, Vasco da Gama and Tahiti legibility tests.

- ``measure(draw, view)`` draws an image while recording every text drawn on it.
- ``assert_phone_readable`` holds the targets: at least 90% of the characters 7 px or taller
  when the image is shown 360 px wide (a phone) and 8 px or taller at 550 px (a desktop).
- ``assert_board_shape``: no board more than 1.6 times taller than wide.
- ``code_tokens`` finds internal codes in drawn texts. The patterns are listed here, each with
  the kind of code it catches (issue 25 item 2).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from PIL import Image

from render.common import TextRecord, readable_share, recording_text

PHONE, DESKTOP = 360, 550
MAX_RATIO = 1.6

# Internal codes a member must never read on an image. Coordinates read off the picture (a hex
# "-1,2") and numeric ranges ("2-4 Crew") are words here, not codes.
CODE_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("a seat placeholder (Player X)", re.compile(r"\bPlayer [A-F]\b")),
    ("a hyphenated id (ap-red-green)", re.compile(r"\b[a-z]+\d*(?:-[a-z0-9]+)+\b")),
    ("a snake_case id (trade_goods)", re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")),
    ("a letters+digits id (m6, d1, P2, A1, rim13)", re.compile(r"\b[A-Za-z]+\d+[a-z]*\b")),
    ("a digit+letter code (1C, 2G)", re.compile(r"\b\d+[A-Z]\b")),
    ("a hash id (#16)", re.compile(r"#\d+")),
    ("a plural placeholder ((s))", re.compile(r"\(s\)")),
    ("an unexplained counter (+?)", re.compile(r"\+\?")),
    ("an abbreviation (FFA, lim, TG, capt.)", re.compile(r"\b(?:FFA|lim|TG|d[1-3]:)\b|\bcapt\.")),
]
# English compounds the hyphen pattern would otherwise take for ids.
WORDS = {"north-east", "north-west", "south-east", "south-west", "set-aside"}


def code_tokens(texts: list[str]) -> list[tuple[str, str, str]]:
    """``(text, token, kind)`` for every code-like token in ``texts``."""
    found = []
    for text in texts:
        for kind, pattern in CODE_PATTERNS:
            for match in pattern.finditer(text):
                if match.group(0) not in WORDS:
                    found.append((text, match.group(0), kind))
    return found


def measure(draw: Callable[[dict], Image.Image | None], view: dict):
    """``(image, records)``: the image and every text drawn on it."""
    with recording_text() as records:
        image = draw(view)
    return image, records


def assert_readable_at(width: int, records: list[TextRecord], label: object, floor: float = 6.0):
    """The phone and desktop targets for an image ``width`` px wide, and nothing drawn below
    ``floor`` px on a phone."""
    phone, smallest = readable_share(records, width, 7.0, PHONE)
    desktop, _ = readable_share(records, width, 8.0, DESKTOP)
    assert phone >= 0.9, f"{label}: {phone:.0%} of characters 7 px or taller at {PHONE} px"
    assert desktop >= 0.9, f"{label}: {desktop:.0%} of characters 8 px or taller at {DESKTOP} px"
    assert smallest >= floor, f"{label}: text {smallest:.1f} px tall at {PHONE} px"


def assert_phone_readable(image: Any, records: list[TextRecord], label: object) -> None:
    assert_readable_at(image.width, records, label)


def assert_board_shape(image: Any, label: object) -> None:
    ratio = image.height / image.width
    assert ratio <= MAX_RATIO, f"{label}: {image.width}x{image.height} is {ratio:.2f} x as tall"


def assert_no_codes(records: list[TextRecord], label: object) -> None:
    found = code_tokens([r.text for r in records])
    assert not found, f"{label}: codes drawn: {found[:5]}"


def walk_for_codes(engine, renderer, players: int, seed: int, names: list[str], every: int = 3):
    """Play a whole game with random legal moves and check every ``every``-th position's board,
    detail and private images (and the last position's) for internal codes."""
    import random

    state = engine.setup(players, seed=seed)
    chooser = random.Random(seed)
    step = 0
    while True:
        waiting = engine.to_move(state)
        if step % every == 0 or not waiting:
            views = [(renderer.board, None), (renderer.detail, None)]
            views += [(renderer.private, s) for s in range(players)]
            for draw, seat in views:
                view = engine.view(state, seat) | {"names": names[:players]}
                _, records = measure(draw, view)
                assert_no_codes(records, (draw.__name__, step, seat))
        if not waiting:
            return step
        seat = chooser.choice(waiting)
        state = engine.apply(state, seat, chooser.choice(engine.legal_moves(state, seat))).state
        step += 1


_DRAWN: dict[tuple, tuple] = {}


def measure_once(draw: Callable[[dict], Image.Image | None], view_of, state: dict, seat):
    """``measure`` for one position's image, drawn once per test session and kept as its size
    and its texts (the readability and the no-code tests share the drawing)."""
    from types import SimpleNamespace

    key = (draw.__module__, draw.__name__, id(state), seat)
    if key not in _DRAWN:
        image, records = measure(draw, view_of(state, seat))
        size = None if image is None else SimpleNamespace(width=image.width, height=image.height)
        _DRAWN[key] = (size, records)
    return _DRAWN[key]
