"""Words, not codes (issue 25 items 2, 3): a whole 3-player game of every game through the host
layer, and no internal code in any text a member reads: posts, edits, DMs, buttons, "My choices"
and autocomplete names, refusals with their legal options, ``/game status`` and ``/hand``.

Coordinates a player reads off the picture (a hex ``-1,2``, a grid cell ``a1``) are words here."""

from __future__ import annotations

import re

import pytest

from engines import ENGINES
from tests.host.walk import walk

CODES = {
    "seat letter instead of a name": re.compile(r"\bPlayer [A-F]\b|\bYou are [A-F]\b"),
    "hyphenated id": re.compile(r"\b[a-z]+-[a-z]+(?:-[a-z]+)*\b"),
    "snake_case": re.compile(r"\b[a-z]+_[a-z_]+\b"),
    "plural in brackets": re.compile(r"\w\(s\)"),
    "short letter+digit id": re.compile(
        r"\b(?:[a-z]0\d+|[a-z]{2,5}\d+[a-z]?|[a-z]\d+[a-z]+)\b|#[a-z]+\d+\b"
    ),
    "internal phase": re.compile(r"Phase: [a-z0-9]"),
    "a component by its id": re.compile(r"\b(?:ship|contract|token|tile|price) [a-z]+\d+\b"),
    "an abbreviation": re.compile(r"\bFFA\b|\bVdG\b"),
    "an unexplained counter or zone": re.compile(r"\d\+\?|\b(?:Town|Fort|Galleon) z\d"),
}
"""What an internal code looks like. A grid cell (one letter and a number, ``a1``, ``p15``) is
what a player reads off the board, so a short id is one with a leading zero (``c05``, ``p01``),
two or more letters (``rim13``, ``ships8``), a letter after the number (``l3i``) or a ``#``."""

ALLOWED = re.compile(
    r"https?://\S+|<[@#][!&]?\d+>|</[a-z ]+:\d+>|`/[a-z ]+`|"  # links, mentions, commands
    r"\b(?:(?:north|south)-(?:east|west)|set-aside|next-lower|well-known|face-down|face-up|"
    r"first-player|one-off|re-deal)\b"  # English words with a hyphen
)


def codes_in(text: str) -> list[str]:
    text = ALLOWED.sub(" ", text)
    return [f"{kind}: {m.group(0)!r}" for kind, rx in CODES.items() for m in rx.finditer(text)]


def test_the_patterns_catch_codes_and_spare_words():
    for code in (
        "Player C",
        "1+? Crew",
        "VdG tile change -1",
        "Fort z2",
        "ap-red-green",
        "harbour_prestige",
        "move(s)",
        "c05",
        "p01",
        "l3i",
        "rim13",
        "#m5",
        "ship m6",
        "FFA 12",
    ):
        assert codes_in(f"see {code} here"), code
    for words in ("Cell a1, p15 and hex -1,2", "a face-down card", "Round 3: 2 gold", "</move:12>"):
        assert not codes_in(words), words


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(ENGINES))
async def test_no_internal_code_in_any_text_a_member_reads(game, tmp_path):
    record = await walk(game, tmp_path / "walk.db", seed=3, every=5)
    found: dict[str, set[str]] = {}
    for where, text in record.texts:
        for hit in codes_in(text):
            found.setdefault(hit, set()).add(where.split(" ")[0])
    report = "\n".join(f"{hit} (in {', '.join(sorted(w))})" for hit, w in sorted(found.items()))
    print(f"{game}: {len(found)} distinct codes over {len(record.texts)} texts\n{report}")
    assert not found, report


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_rules_topics_have_titles_in_words_each_once_and_every_part(game):
    """Issue 25 item 3: `/rules` lists topics by titles in words, each once, and a topic split
    in parts (``tokens``, ``tokens-2``) is one topic holding every part."""
    from cogs.play import _references, rules_text, rules_topics

    engine = ENGINES[game]
    topics = rules_topics(game)
    titles = [title for title, _ in topics.values()]
    assert len(titles) == len(set(titles)), titles
    for title in titles:
        assert not codes_in(title) and title[0].isupper(), title
    joined = "\n".join(text for _, text in topics.values())
    for text in engine.rules_topics.values():
        last = text.split("\n")[-1]
        # No part lost (its references to other topics are shown by their titles: issue 40).
        assert any(_references(key, last, topics) in joined for key in topics), last
    shown = rules_text(game, "data")
    assert "records" not in shown and "`provisional`" not in shown, shown
