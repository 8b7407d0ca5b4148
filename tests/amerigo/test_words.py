"""Amerigo in words: move descriptions, aliases, private text, log grammar and rules topics
(docs/ARCHITECTURE.md 2; docs/rules/amerigo.md sections named per test)."""

from __future__ import annotations

import random
import re

import pytest

from engines.amerigo import data as D
from engines.amerigo.engine import TOKENS
from engines.amerigo.topics import RULES_TOPICS
from engines.base import find_moves
from tests.amerigo.util import E, fresh, give_turn, play


def _positions(players: int, seed: int, every: int = 9, limit: int = 400):
    """States along a random game, one in ``every``."""
    chooser = random.Random(seed)
    state = fresh(players, seed)
    for i in range(limit):
        seats = E.to_move(state)
        if not seats:
            return
        if i % every == 0:
            yield state
        moves = E.legal_moves(state, seats[0])
        state = E.apply(state, seats[0], chooser.choice(moves)).state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_move_has_a_short_description_that_finds_it(players):
    """docs/rules/amerigo.md 4.2.5, 5.1-5.8: each legal move reads as a sentence of at most 90
    characters, not a bare repeat of the code, and two of its words find it again."""
    for state in _positions(players, 40 + players):
        seat = E.to_move(state)[0]
        legal = E.legal_moves(state, seat)
        descs = {m: E.describe(state, seat, m) for m in legal}
        aliases = {m: E.aliases(state, seat, m) for m in legal}
        for move, text in descs.items():
            assert text and len(text) <= 90, (move, text)
            assert text.lower() != move.lower(), move
            words = [w for w in text.replace(",", " ").split() if w.isalnum()]
            found = find_moves(" ".join(words[:2]), legal, descs, aliases)
            assert move in found, (move, text, found)


def test_raw_codes_are_explained():
    """Issue 15: `take l4t`, `token e-islands` and `buy cotton 3` say what they are."""
    state = give_turn(fresh(2, 0), 0, {"red": 6})
    state = play(state, 0, "red")
    text = E.describe(state, 0, "take l4t")
    assert "T landscape" in text and "4 AP" in text and "4/6 VP" in text
    state = give_turn(fresh(2, 0), 0, {"brown": 4})
    state["parea"][0] = "e-islands"
    state = play(state, 0, "brown", "advance 3")
    assert "completed island" in E.describe(state, 0, "token e-islands")


def test_aliases_are_accepted_and_stored_canonically():
    """docs/ARCHITECTURE.md 2: unordered parts in any order and printed names give the canonical
    move."""
    state = give_turn(fresh(2, 0), 0, {"yellow": 4})
    slot = next(s for s in state["prodarea"] if s)
    good, cost = slot
    state["p"][0]["gold"] = 5
    step = E.apply(state, 0, "buy production tokens")
    assert step.move == "yellow"
    step = E.apply(step.state, 0, f"buy {cost} {good}")
    assert step.move == f"buy {good} {cost}"
    state = give_turn(fresh(2, 0), 0, {"blue": 4})
    state = play(state, 0, "blue")
    assert E.apply(state, 0, "launch r3").move == "launch rim3"
    assert E.apply(state, 0, "frame 3").move == "launch rim3"


def test_cover_cells_in_any_order():
    """docs/rules/amerigo.md 5.5: a tile placement names a set of cells; any order is the same."""
    state = give_turn(fresh(2, 0), 0, {"green": 4})
    g = E._geo(state)
    post = next(p for isl in g["islands"] if isl["big"] for p in isl["posts"])
    state["posts"][post] = 0
    state["p"][0]["supply"] = {"v2": 1}
    state = play(state, 0, "green", "build v2")
    moves = [m for m in E.legal_moves(state, 0) if m.startswith("cover")]
    move = moves[0]
    cells = move.split()[1].split(",")
    assert E.apply(state, 0, "cover " + ",".join(reversed(cells))).move == move
    assert E.apply(state, 0, "cover " + " ".join(reversed(cells))).move == move


@pytest.mark.parametrize("players", [2, 4])
def test_private_text_is_plain_sentences(players):
    """docs/ARCHITECTURE.md 2: a seat's private section as sentences, never JSON."""
    for state in _positions(players, 7, every=15):
        for seat in range(players):
            lines = E.private_text(E.view(state, seat))
            assert lines
            for line in lines:
                assert not any(ch in line for ch in '{}[]"'), line
                assert line.endswith("."), line


def test_log_lines_name_seats_and_count_grammar():
    """docs/rules/amerigo.md 5.2: `Player A loads 1 cannon`, never `1 cannons`."""
    state = give_turn(fresh(2, 0), 0, {"black": 3})
    state = play(state, 0, "black")
    step = E.apply(state, 0, "load 1")
    assert step.log[0].startswith("Player ")
    assert "1 cannon " in step.log[0] and "1 cannons" not in step.log[0]


def test_rules_topics_generated_from_data_fit_one_screen():
    """Issue 15: every component chosen by id has a topic generated from data/amerigo; each
    topic fits one screen (1,800 characters); a `moves` topic explains the move texts."""
    assert all(len(text) <= 1800 for text in RULES_TOPICS.values())
    assert "moves" in RULES_TOPICS and "sail 1 f7" in RULES_TOPICS["moves"]
    every = "\n".join(RULES_TOPICS.values())
    for tid in TOKENS:
        assert f"`{tid}`" in every
    for sid in D.shapes():
        assert f"`{sid}`" in every
    assert "`e-islands`: final scoring: 2 VP per completed island" in every
    tiles = "\n".join(v for k, v in RULES_TOPICS.items() if k.startswith("tiles"))
    l4t = D.shapes()["l4t"]
    assert "`l4t` T landscape (4 spaces), shape ###/-#-" in tiles
    assert f"{l4t['small']} VP on a small island or {l4t['big']} on a big one" in tiles


def test_reconstructed_topic_lists_every_non_rulebook_record():
    """docs/rules/amerigo.md 2.4 MISSING DATA: each reconstruction is listed with its reason."""
    text = "\n".join(v for k, v in RULES_TOPICS.items() if k.startswith("reconstructed"))
    data = D.load()
    for key, rec in data["board"].items():
        if isinstance(rec, dict) and rec.get("source") != "rulebook":
            assert rec["note"] in text, key
    for rec in data["tokens"]["progress"] + data["tokens"]["production"]:
        if rec["source"] != "rulebook":
            assert rec["note"] in text, rec


def test_a_tile_named_by_its_letter_reads_as_english():
    """English has "an L", not "a L": the plan and build texts name a shape with "the", which
    fits every letter (el/ru say it in their own words, unaffected)."""
    state = give_turn(fresh(2, 0), 0, {"red": 6})
    state = play(state, 0, "red")
    texts = [E.describe(state, 0, "take l4l")]
    texts += E.apply(state, 0, "take l4l").log
    assert all("L landscape" in text for text in texts), texts
    assert not any(re.search(r"\ba L\b", text) for text in texts), texts
