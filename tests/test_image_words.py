"""What counts as an internal code on an image a member sees (issue 25 item 2), for the image
tests of Amerigo and Bremerhaven (tests/<game>/test_legibility.py import it).

Every text a renderer draws is recorded (``render.common.recording_text``) and each is searched
for the patterns below. Coordinates a player reads off the picture (a grid cell such as ``k15`` on
the Amerigo map, a harbour space ``a1``-``c4`` in Bremerhaven) are fine and passed as ``allowed``.
"""

from __future__ import annotations

import re

CODE_PATTERNS: dict[str, re.Pattern[str]] = {
    # "Player A", "Player C": a seat where the member's name belongs
    "seat instead of a name": re.compile(r"\bPlayer [A-F]\b"),
    # "ap-brown-yellow", "e-islands", "order-top", "red-green"
    "hyphenated id": re.compile(r"(?<![\w-])[a-z0-9]+(?:-[a-z0-9]+)+(?![\w-])"),
    # "two_landscapes", "end_posts", "bonus_coins"
    "snake_case": re.compile(r"\b[a-z0-9]+(?:_[a-z0-9]+)+\b"),
    # "c05", "p15", "l3i", "v1", "s01", "n17", "t05" (a letter or two, digits, maybe a letter)
    "short letter+digit id": re.compile(r"(?<![\w.])[a-z]{1,2}\d{1,3}[a-z]?(?![\w.])"),
    # "ships8", "pirates2", "gold5", "landscape2", "rim13"
    "word+digit id": re.compile(r"(?<![\w.])[a-z]{3,}\d+(?![\w.])"),
    # "1 move(s)", "token(s)"
    "(s) plural": re.compile(r"\w\(s\)"),
    # ids that are one lowercase word, none of them English
    "id word": re.compile(r"\b(?:halfloss|pirategold|coldstore|townhall|grangranada|hommea)\b"),
}


def code_tokens(texts: list[str], allowed: set[str] = frozenset()) -> list[tuple[str, str, str]]:
    """``(pattern name, token, text)`` for every code-like token in ``texts`` not in ``allowed``."""
    found = []
    for text in texts:
        for name, pattern in CODE_PATTERNS.items():
            for match in pattern.finditer(text):
                if match.group(0) not in allowed:
                    found.append((name, match.group(0), text))
    return found


def test_patterns_catch_the_codes_issue_25_lists():
    """issue 25: the codes seen on images and in DMs are caught; words and coordinates are not."""
    codes = [
        "ap-brown-yellow",
        "Tiles ready to build: l3i, l6r, 3 x v1",
        "contract c05",
        "p15 (barrel 3, ...)",
        "halfloss",
        "pirategold",
        "ships8",
        "You are Player C",
        "took back 1 move(s)",
        "end_posts",
    ]
    for text in codes:
        assert code_tokens([text]), text
    words = [
        "Amerigo · round 2 of 5 · green phase",
        "Sail ship 2 to k15, 3 AP left",
        "A1 = ship 1 of A",
        "1.1 Building · 2.3 · 3.4",
        "St. Mary's Church, 3★",
        "+2 AP for Move ships or Load cannons",
    ]
    assert code_tokens(words, allowed={"k15"}) == []
