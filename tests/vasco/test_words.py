"""Say it like a person (docs/ARCHITECTURE.md 2, docs/rules/vasco-da-gama.md 9.2 moves):
descriptions, aliases, private text, log grammar and rules topics generated from data/vasco."""

from __future__ import annotations

import random
import re

from engines.base import find_moves
from engines.vasco.engine import RULES_TOPICS
from tests.vasco.helpers import D, E, play, to_phase2


def _positions(players: int, seed: int, every: int = 9):
    s = E.setup(players, seed=seed)
    chooser = random.Random(seed)
    step = 0
    while E.to_move(s):
        if step % every == 0:
            yield s
        seat = chooser.choice(E.to_move(s))
        s = E.apply(s, seat, chooser.choice(E.legal_moves(s, seat))).state
        step += 1
    yield s


def test_every_legal_move_has_a_findable_sentence():
    """rules 9.2 (every decision point): each legal move reads as a sentence of at most 90
    characters, not a bare repeat of the code; two words of it, or the whole sentence, find the
    move; no two moves share a sentence."""
    for players in (2, 3, 4):
        for s in _positions(players, seed=players * 13):
            for seat in E.to_move(s):
                legal = E.legal_moves(s, seat)
                descriptions = {m: E.describe(s, seat, m) for m in legal}
                aliases = {m: E.aliases(s, seat, m) for m in legal}
                assert len(set(descriptions.values())) == len(legal), descriptions
                for move, text in descriptions.items():
                    assert text and len(text) <= 90, text
                    assert text.casefold() != move.casefold(), move
                    two = " ".join(text.split()[:2])
                    assert move in find_moves(two, legal, descriptions, aliases), (two, move)
                    assert move in find_moves(text, legal, descriptions, aliases), text


def test_examples_of_descriptions():
    """rules 4.3.6 / 5.2 / 5.6: the numbers in a description are the rules' numbers."""
    s = to_phase2(2, [(5, 0, "purchase"), (14, 1, "hire")], marker=11, change=-3)
    # FFA 8, number 5: 3 reals to act (rules 4.3 worked example)
    offer = s["offer"]
    assert E.describe(s, 0, "decline") == "Decline number 5 and take 1 real"
    assert E.describe(s, 0, "buy 1").startswith(f"Buy project {offer[0]} (crew ")
    assert E.describe(s, 0, "buy 1").endswith("for 1 (+3 to act)")
    assert E.describe(s, 0, "buy 1+2").startswith(f"Buy projects {offer[0]} and {offer[1]}")
    s = to_phase2(2, [(12, 0, "characters"), (14, 1, "hire")], marker=11, change=0)
    assert E.describe(s, 0, "take manuel") == "Take Manuel I: a 5th action disc next round"


def test_aliases_are_accepted_and_stored_canonically():
    """rules 5.2 (two projects, any order), 5.6 (names as printed), 5.5 (landing names)."""
    s = to_phase2(2, [(12, 0, "purchase"), (14, 1, "hire")], marker=11, change=0)
    for text in ("buy 5+2", "buy 2 5", "buy 5 2", "buy 2,5", "Buy 2+5"):
        assert E.apply(s, 0, text).move == "buy 2+5"
    assert E.apply(s, 0, "buy Sao Gabriel").move == "buy sg"
    assert E.apply(s, 0, "buy São Gabriel").move == "buy sg"
    assert "buy 5+2" not in E.legal_moves(s, 0)  # the canonical text stays one
    s = to_phase2(2, [(12, 0, "characters"), (14, 1, "hire")], marker=11, change=0)
    assert E.apply(s, 0, "take Manuel I").move == "take manuel"
    assert E.apply(s, 0, "take Bartolomeu Dias").move == "take dias"
    assert E.apply(s, 0, "take money space 2").move == "take money 2"

    def edit(state):
        state["p"][0]["port"] = ["14"]
        state["p"][0]["captains"] = 1

    s = to_phase2(2, [(12, 0, "expedition"), (14, 1, "hire")], marker=11, change=0, edit=edit)
    s = play(s, 0, "send ship 14")
    assert E.apply(s, 0, "to Terra de Boa Gente").move == "to terra"
    s = E.setup(2, seed=1)
    seat = E.to_move(s)[0]
    s = play(s, seat, "place Hire")
    assert E.apply(s, seat, "7").move == "number 7"


def test_private_text_is_plain_sentences():
    """docs/ARCHITECTURE.md 2: a seat's private section as sentences: no JSON, braces, brackets,
    quotes."""
    for players in (2, 4):
        for s in _positions(players, seed=5 + players, every=23):
            for seat in range(players):
                lines = E.private_text(E.view(s, seat))
                assert lines and lines[0].startswith("You have ")  # issue 25: no seat letter
                for line in lines:
                    assert not re.search(r"[{}\[\]\"]", line), line
                    assert line.endswith("."), line
            assert E.private_text(E.view(s, None)) == []


def test_log_lines_name_seats_and_count_correctly():
    """docs/ARCHITECTURE.md 2: seats are "Player A"...; "1 real", "2 reals"; no cut or JSON text."""
    for players in (2, 3, 4):
        s = E.setup(players, seed=31 + players)
        chooser = random.Random(players)
        lines = []
        while E.to_move(s):
            seat = chooser.choice(E.to_move(s))
            step = E.apply(s, seat, chooser.choice(E.legal_moves(s, seat)))
            lines += step.log
            s = step.state
        text = "\n".join(lines)
        assert "Player A" in text
        assert not re.search(r"\b1 (reals|captains|sailors|spaces)\b", text)
        assert not re.search(r"[{}\[\]\"']", text)
        assert not re.search(r"\bplayer [0-9]\b|\bseat [0-9]\b", text, re.I)


def test_rules_topics_fit_a_screen_and_come_from_data():
    """Issue 15: every component chosen by id has a topic generated from data/vasco."""
    assert all(len(text) <= 1800 for text in RULES_TOPICS.values())
    assert {"summary", "moves", "reconstructed", "characters", "landings"} <= set(RULES_TOPICS)
    everything = "\n".join(RULES_TOPICS.values())
    for cid, c in D["characters"].items():
        assert f"`take {cid}`" in RULES_TOPICS["characters"] and c["effect"] in everything
    for deck in (1, 2, 3):
        for p in D["project_list"]:
            if p["deck"] == deck:
                assert (
                    f"- {p['id']}: crew {p['crew']}, limit {p['nav_limit']}"
                    in (RULES_TOPICS[f"projects{deck}"])
                )
    for mid in D["merchants"]:
        assert f"- {mid}: limit" in RULES_TOPICS["merchants"]
    for land in D["landings"]:
        assert f"{land['name']} (`{land['key']}`)" in RULES_TOPICS["landings"]
    for t in D["vdg_list"]:
        assert f"tile {t['id']}: change {t['change']:+d}" in RULES_TOPICS["vdg"]
    assert "`buy 2+5`" in RULES_TOPICS["moves"] and "`launch 12`" in RULES_TOPICS["moves"]


def test_window_and_step_words():
    """R12 / rules 5.3: `ready` is also `done` or `pass`; `back` is also `cancel`."""
    s = E.setup(2, seed=8)
    s["placed"] = {"3": [0, "hire"]}
    s["left"] = [0, 1]
    s["turn"] = 1
    s["p"][0]["projects"] = ["8"]
    s["p"][0]["sailors"]["grey"] = 1
    s = play(s, 1, "place purchase", "number 9")
    assert E.apply(s, 0, "pass").move == "ready"
    assert E.apply(s, 0, "done").move == "ready"
    s = play(s, 0, "launch 8")
    assert E.apply(s, 0, "cancel").move == "back"
