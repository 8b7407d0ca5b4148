"""Francis Drake: moves, log and private lines in words (docs/rules/francis-drake.md 9.2 moves,
9.4 private information, 10 glossary names)."""

from __future__ import annotations

import random
import re

import pytest

from engines.base import find_moves
from engines.drake import ENGINE
from tests.drake.helpers import BLUE, GREEN, YELLOW, fresh, play, to_sailing
from tests.drake.test_sailing import ORDER, informer_position

CRYPTIC = re.compile(r"^(place|investor|troops|frigates|disc|to|swap|look|peek|move|trade)\b")


def _positions(players: int, seed: int, every: int = 3):
    """States along a random game (every ``every``-th step)."""
    chooser = random.Random(seed)
    s = ENGINE.setup(players, seed=seed)
    step = 0
    while ENGINE.to_move(s):
        if step % every == 0:
            yield s
        seat = chooser.choice(ENGINE.to_move(s))
        s = ENGINE.apply(s, seat, chooser.choice(ENGINE.legal_moves(s, seat))).state
        step += 1
    yield s


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3)])
def test_every_move_described_and_found_by_two_words(players, seed):
    """docs/rules/francis-drake.md 9.2: each legal move has a sentence (<= 90 chars) that is not the
    bare code when the code is cryptic, and two of its words find it."""
    for s in _positions(players, seed, every=4):
        for seat in ENGINE.to_move(s):
            legal = ENGINE.legal_moves(s, seat)
            descriptions = {m: ENGINE.describe(s, seat, m) for m in legal}
            aliases = {m: ENGINE.aliases(s, seat, m) for m in legal}
            for move, text in descriptions.items():
                assert text and len(text) <= 90, (move, text)
                if CRYPTIC.match(move):
                    assert text != move
                words = [w for w in re.findall(r"[A-Za-z0-9]+", text) if len(w) > 2][:2]
                assert move in find_moves(" ".join(words), legal, descriptions, aliases), (
                    move,
                    text,
                )


def test_describe_examples_issue_15():
    """docs/rules/francis-drake.md 4.2 A3, 4.3 (Issue 15): the Governor's `troops 0,0,1,2` and a
    destination move read as sentences; Puerto Cabello and Galleon I by their printed names."""
    s = fresh(4, 3)
    s["titles"]["governor"] = GREEN
    s = to_sailing(s, ORDER)
    assert ENGINE.describe(s, GREEN, "troops 0,0,1,2") == (
        "Troops +0 Cartagena, +0 Panama, +1 Havana, +2 Veracruz"
    )
    s, _, _ = play(s, GREEN, "troops 0,0,1,2")
    s, _, _ = play(s, GREEN, "disc 2")
    assert ENGINE.describe(s, GREEN, "to puertocabello") == (
        "Send disc 2 to Puerto Cabello (Town in zone 1, 1 Crew, 2 VP)"
    )
    assert ENGINE.describe(s, GREEN, "to panama") == (
        "Send disc 2 to Panama (Fort in zone 2, 1 Crew, 1 Gun, 4 VP)"  # Green placed +0 there
    )
    for typed in ("Puerto Cabello", "to Puerto Cabello", "TO puerto cabello"):
        assert ENGINE.apply(s, GREEN, typed).move == "to puertocabello"
    assert ENGINE.apply(s, GREEN, "to Galleon I").move == "to galleon1"
    assert ENGINE.apply(s, GREEN, "to galleon 1").move == "to galleon1"


def test_aliases_are_stored_canonically():
    """docs/rules/francis-drake.md 9.2: unordered parts in any order, printed names."""
    s = fresh(4, 1)
    seat = s["turn"]
    assert ENGINE.apply(s, seat, "investor 2 guns 1 crew").move == "investor 1c2g"
    assert ENGINE.apply(s, seat, "investor 1 crew 2 guns").move == "investor 1c2g"
    assert ENGINE.apply(s, seat, "dockside guns").move == "dockside gun"
    assert ENGINE.apply(s, seat, "place 5 trade goods").move == "place 5 goods"
    assert ENGINE.apply(s, seat, "tavern").move == "place 3 tavern"
    assert ENGINE.apply(s, seat, "Golden Hind").move == "place 11 hind"
    s = informer_position()
    s, _, _ = play(s, YELLOW, "look cartagena")
    assert ENGINE.apply(s, YELLOW, "swap 2 1").move == "swap 1 2"
    for move in ENGINE.legal_moves(s, YELLOW):
        for alias in ENGINE.aliases(s, YELLOW, move):
            assert ENGINE.apply(s, YELLOW, alias).move == move


def test_place_names_its_position_only():
    """docs/rules/francis-drake.md 4.1 (forward only): `place 2 supplies` after passing position 2
    is refused, not matched to another Supplies Location."""
    s = fresh(4, 1)
    seat = s["turn"]
    s, _, _ = play(s, seat, "place 5 goods")
    while s["turn"] != seat:
        s, _, _ = play(s, s["turn"], "sail")
    with pytest.raises(Exception, match="Location 2 is not open"):
        ENGINE.apply(s, seat, "place 2 supplies")


def test_private_text_is_sentences_and_one_dm_per_disc():
    """docs/rules/francis-drake.md 9.4 (Issue 15): the private section as sentences, no JSON; a
    disc placement sends one private line, the pick none."""
    s = fresh(4, 3)
    s["p"][BLUE]["ghost"] = True
    s["p"][GREEN]["chest"] = {"gold": 1, "silver": 0, "jewel": 2}
    s = to_sailing(s, ORDER)
    step = ENGINE.apply(s, GREEN, "disc 3")
    assert step.private == {}
    step = ENGINE.apply(step.state, GREEN, "to panama")
    assert step.private == {GREEN: ["You placed disc 3 face down at Panama."]}
    lines = ENGINE.private_text(ENGINE.view(step.state, GREEN))
    assert lines[0] == "Your Treasure Chest: 1 Gold and 2 Jewels."
    assert "Face down on the map: disc 3 at Panama." in lines
    for players, seed in ((3, 4), (5, 6)):
        for st in _positions(players, seed, every=5):
            for seat in range(players):
                text = " ".join(ENGINE.private_text(ENGINE.view(st, seat)))
                assert not any(ch in text for ch in '{["'), text


def test_log_grammar_and_player_names():
    """docs/rules/francis-drake.md 5.1 Dockside (Issue 15: "takes 1 guns"): counts agree; seats are
    `Player A`...; a secret placement's log names only the Destination."""
    s = fresh(4, 1)
    seat = s["turn"]
    _, log, _ = play(s, seat, "dockside gun")
    assert log[0].endswith("at Dockside takes 1 Gun.")
    assert log[0].startswith("Player ")
    s = to_sailing(fresh(4, 3), ORDER)
    s, _, _ = play(s, GREEN, "disc 3")
    _, log, _ = play(s, GREEN, "to panama")
    assert log == ["Player A places a Mission Disc face down at Panama."]


def test_rules_topics_fit_one_screen_and_come_from_data():
    """docs/rules/francis-drake.md 2.5 (Issue 15): the Tavern table and every chosen component have
    a topic built from data/drake; each fits 1,800 characters; `moves` has examples."""
    from engines.drake.data import load

    topics = ENGINE.rules_topics
    assert all(len(text) <= 1800 for text in topics.values())
    data = load()
    for total, crew in data["tables"]["tavern"]["crew"].items():
        assert f"{total}: {crew} Crew" in topics["tavern"]
    for dest in data["dests"].values():  # `to cartagena` -> topic `cartagena`
        assert f"`{dest['id']}`" in topics[dest["id"]] and dest["note"] in topics[dest["id"]]
    for short in ("crew", "guns", "supplies", "goods", "tavern", "hind", "investor", "dockside"):
        assert short in topics  # `place 5 goods` -> topic `goods`
    assert "commodities" in topics and "Indigo (3 in the game)" in topics["commodities"]
    assert "7: 3 Crew" in topics["tavern"]
    for kind in ("Tavern", "Shipyard", "Pinnace", "Golden Hind", "Investor", "Dockside"):
        assert f"- {kind}" in topics["locations"]
    assert "`to puertocabello`" in topics["moves"] and "`swap 1 2`" in topics["moves"]
    assert "no passing down" in topics["scoring"]
