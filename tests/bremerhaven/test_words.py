"""Say it like a person (docs/ARCHITECTURE.md 2; docs/rules/bremerhaven.md 9.2 moves, 9.3 table
talk): every legal move has a short description a player can search by, aliases name the same move,
log and private lines are sentences."""

from __future__ import annotations

import random
import re

from engines.base import find_moves
from engines.bremerhaven import ENGINE
from engines.bremerhaven.topics import RULES_TOPICS
from tests.bremerhaven.helpers import at_reveal, fresh, play


def positions(limit: int = 160):
    """A sample of positions from every variant: auction, general steps, harbour work."""
    out = []
    for players, variant, seed in ((1, "solo", 2), (2, "short", 3), (3, "long", 4), (4, "long", 5)):
        rnd = random.Random(seed)
        s = ENGINE.setup(players, seed=seed, variant=variant)
        for _ in range(limit):
            seats = ENGINE.to_move(s)
            if not seats:
                break
            out.append(s)
            seat = rnd.choice(seats)
            legal = ENGINE.legal_moves(s, seat)
            s = ENGINE.apply(s, seat, rnd.choice(legal)).state
    return out


POSITIONS = positions()
WORD = re.compile(r"[A-Za-z0-9.]+")


def test_every_move_has_a_searchable_description():
    """docs/ARCHITECTURE.md 2: descriptions are short, not a bare repeat of a cryptic code, and two
    of their words find the move."""
    for s in POSITIONS[::3]:
        for seat in ENGINE.to_move(s):
            legal = ENGINE.legal_moves(s, seat)
            descs = {m: ENGINE.describe(s, seat, m) for m in legal}
            for move, text in descs.items():
                assert text and len(text) <= 90, (move, text)
                assert text.lower() != move.lower(), (move, text)
                words = [w for w in WORD.findall(text) if len(w) > 1 or w.isdigit()]
                for pair in (words[:2], words[-2:]):
                    found = find_moves(" ".join(pair), legal, descs)
                    assert move in found, (move, text, pair, found)


def test_bid_descriptions_use_the_board_words():
    """rules 4.2 (issue 15): `permit`, `parking`, `ship`, `card` find the matching bid."""
    s = fresh(3, "long")
    seat = ENGINE.to_move(s)[0]
    assert ENGINE.match(s, seat, "permit") == "bid 1.2"
    assert ENGINE.match(s, seat, "parking") == "bid 1.0"
    assert ENGINE.match(s, seat, "ship 2.1") == "bid 2.1"
    name = ENGINE.describe(s, seat, "bid 2.2").split()[3]
    assert ENGINE.match(s, seat, f"bid {name}") == "bid 2.2"
    s2 = play(s, seat, "bid 1.2")
    assert ENGINE.match(s2, seat, "card 3") == "card 3"
    assert "card" in ENGINE.describe(s2, seat, "card 3")


def test_aliases_are_accepted_and_stored_canonically():
    """docs/ARCHITECTURE.md 2: equivalent texts (swap 2 1, printed names, spaced numbers) give the
    canonical move in the log."""
    s = fresh(3, "long")
    seat = ENGINE.to_move(s)[0]
    assert ENGINE.apply(s, seat, "bid influence").move == "bid 1.3"
    hier = s["hier"]
    st, _ = at_reveal(s, [(hier[0], "1.5", 3)])
    assert ENGINE.legal_moves(st, hier[0])[:2] == ["no swap", "swap 1"]
    assert ENGINE.apply(st, hier[0], "swap 3 2").move == "swap 2"
    assert ENGINE.apply(st, hier[0], "swap 1 2").move == "swap 1"
    for s in POSITIONS[::5]:
        for seat in ENGINE.to_move(s):
            for move in ENGINE.legal_moves(s, seat):
                for alias in ENGINE.aliases(s, seat, move):
                    assert ENGINE.apply(s, seat, alias).move == move, (alias, move)


def test_private_text_is_plain_sentences():
    """rules 9.3 (issue 15): a DM never shows JSON."""
    seen = 0
    for s in POSITIONS[::4]:
        for seat in range(s["n"]):
            lines = ENGINE.private_text(ENGINE.view(s, seat))
            assert lines
            for line in lines:
                assert not set(line) & set('{}[]"'), line
                assert line.endswith("."), line
            seen += len(lines)
    assert seen > 100


def test_log_lines_say_what_happened_public_part_only():
    """rules 4.1 / 9.3 (issue 15): every move logs a sentence; a face-down card says where,
    never its value; seats are Player A, B..."""
    for s in POSITIONS[::2]:
        for seat in ENGINE.to_move(s):
            for move in ENGINE.legal_moves(s, seat)[:4]:
                step = ENGINE.apply(s, seat, move)
                assert step.log, (s["step"], move)
                if move.startswith("card "):
                    text = step.log[0]
                    assert "face down" in text and f" {move[5:]} " not in text + " "
    s = fresh(2, "long")
    seat = ENGINE.to_move(s)[0]
    step = ENGINE.apply(play(s, seat, "bid 1.1"), seat, "card 2")
    assert step.log[0] == f"Player {'AB'[seat]} places a card face down on 1.1."


def test_rules_topics_fit_one_screen_and_cover_the_components():
    """docs/ARCHITECTURE.md 3 / rules 5.2: every component a player chooses by id has a topic made
    from the data; each topic fits one screen."""
    from engines.bremerhaven.data import BUILDINGS

    for name, text in RULES_TOPICS.items():
        assert len(text) <= 1800, name
    joined = "\n".join(RULES_TOPICS.values())
    for bid, b in BUILDINGS.items():
        assert b["name"] in joined and bid in joined
        assert b["text"] in joined
    assert "moves" in RULES_TOPICS and "bid 1.2" in RULES_TOPICS["moves"]
