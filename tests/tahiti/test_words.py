"""Say it like a person (issue 15): describe, aliases, private_text, log lines, rules topics.

docs/rules/tahiti.md 9.2 (the moves), 9.4 (what each seat may see), 3.9 (the Favourite tile).
"""

from __future__ import annotations

import random
import re

import pytest

from engines.base import find_moves, normalize_move_text
from engines.tahiti import ENGINE
from engines.tahiti import data as tdata
from i18n import say
from tests.tahiti.helpers import acting, fresh, play


def _positions(players: int, seed: int, steps: int = 160, every: int = 3) -> list[dict]:
    chooser = random.Random(seed)
    state = fresh(players, seed=seed)
    found = []
    for number in range(steps):
        waiting = ENGINE.to_move(state)
        if not waiting:
            break
        if number % every == 0:
            found.append(state)
        seat = waiting[0]
        state = ENGINE.apply(state, seat, chooser.choice(ENGINE.legal_moves(state, seat))).state
    return found


POSITIONS = [s for n in (2, 3, 4) for s in _positions(n, seed=40 + n)]


def test_every_legal_move_has_a_short_description_that_finds_it() -> None:
    """docs/rules/tahiti.md 9.2: each move in words (<= 90 chars), found by two of its words."""
    checked = 0
    for state in POSITIONS:
        seat = ENGINE.to_move(state)[0]
        legal = ENGINE.legal_moves(state, seat)
        descriptions = {m: ENGINE.describe(state, seat, m) for m in legal}
        aliases = {m: ENGINE.aliases(state, seat, m) for m in legal}
        for move, text in descriptions.items():
            assert text and len(text) <= 90, (move, text)
            assert normalize_move_text(text) != normalize_move_text(move)
            words = re.findall(r"[A-Za-z]{3,}|-?\d+,-?\d+", text)
            pair = " ".join(words[-2:])
            assert move in find_moves(pair, legal, descriptions, aliases), (move, text, pair)
            checked += 1
    assert checked > 300


def test_aliases_never_name_two_moves() -> None:
    """An alias names exactly one legal move and is never another move's canonical text."""
    for state in POSITIONS:
        seat = ENGINE.to_move(state)[0]
        legal = ENGINE.legal_moves(state, seat)
        owner: dict[str, str] = {normalize_move_text(m): m for m in legal}
        for move in legal:
            for alias in ENGINE.aliases(state, seat, move):
                norm = normalize_move_text(alias)
                assert owner.setdefault(norm, move) == move, (alias, move, owner[norm])


def test_reefs_in_any_order_are_stored_canonically() -> None:
    """docs/rules/tahiti.md 5.1(b) (issue 15): `reefs ne,e` names the same placement as `reefs
    e,ne`."""
    state = fresh(4, seed=3)
    seat = state["current"]
    state, _ = play(state, seat, ENGINE.legal_moves(state, seat)[0])
    state, _ = play(state, seat, ENGINE.legal_moves(state, seat)[0])
    assert state["phase"] == "rotate"
    legal = ENGINE.legal_moves(state, seat)
    canonical = next(m for m in legal if m.startswith("reefs "))
    a, b = canonical.split()[1].split(",")
    names = {"e": "east", "ne": "north-east", "nw": "north-west", "w": "west"}
    names |= {"sw": "south-west", "se": "south-east"}
    for typed in (f"reefs {b},{a}", f"reefs {b} {a}", f"Reefs {names[b]},{names[a]}"):
        step = ENGINE.apply(state, seat, typed)
        assert step.move == canonical
        assert step.state == ENGINE.apply(state, seat, canonical).state


def test_home_finds_the_move_to_the_home_island() -> None:
    """docs/rules/tahiti.md 5.4, 5.7 (issue 15): `home` and `move home` mean `move 0,0`."""
    state = acting(at="1,0")
    legal = ENGINE.legal_moves(state, 0)
    assert "move 0,0" in legal
    for typed in ("home", "move home", "paddle home", "Home Island"):
        assert ENGINE.apply(state, 0, typed).move == "move 0,0"
    assert "Home Island" in ENGINE.describe(state, 0, "move 0,0")


def test_place_accepts_the_stack_after_the_position() -> None:
    """docs/rules/tahiti.md 5.1(b): `place 2,-1 a` is `place a 2,-1`."""
    state = fresh(4, seed=3)
    seat = state["current"]
    state, _ = play(state, seat, ENGINE.legal_moves(state, seat)[0])
    canonical = ENGINE.legal_moves(state, seat)[0]
    _, stack, at = canonical.split()
    assert ENGINE.apply(state, seat, f"place {at} {stack}").move == canonical


def test_describe_examples() -> None:
    """docs/rules/tahiti.md 5.4 (a double reef draws 2, only with cargo), 5.6, 5.7."""
    state = acting(at="1,0", canoe=["banana", "coconut"])
    state["board"]["1,0"]["cubes"] = [False, True]
    state["board"]["1,0"]["reefs"] = [3]
    assert ENGINE.describe(state, 0, "move 0,0") == (
        "Paddle to the Home Island 0,0: 2 reefs, draw 2 cubes, lose matches"
    )
    assert ENGINE.describe(state, 0, "fish").startswith("Fish here: draw 2 cubes")
    empty = acting(at="1,0")
    empty["board"]["1,0"]["reefs"] = [3]
    assert "empty canoe so no draw" in ENGINE.describe(empty, 0, "move 0,0")
    home = acting(at="0,0", canoe=["taro", "taro"])
    assert ENGINE.describe(home, 0, "deliver") == "Deliver 2 taro to your Harvest Chart at home"


def test_private_text_is_sentences() -> None:
    """docs/rules/tahiti.md 3.9 (issue 15): no JSON in the DM, e.g. `Your Favourite goods: taro and
    banana.`"""
    for players in (2, 3, 4):
        state = fresh(players, seed=8)
        for seat in range(players):
            lines = ENGINE.private_text(ENGINE.view(state, seat))
            goods = tdata.components()["favourites"][state["fav"][seat]]
            assert lines[0] == f"Your Favourite goods: {goods[0]} and {goods[1]}."
            for line in lines:
                assert not set('{["') & set(line)
                assert line.endswith(".")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_log_lines_use_player_letters_and_count_grammar(players: int) -> None:
    """Log lines say `Player A` and `1 reef` / `2 reefs`, never `reef(s)`."""
    chooser = random.Random(5)
    state = fresh(players, seed=60 + players)
    while ENGINE.to_move(state):
        seat = ENGINE.to_move(state)[0]
        legal = ENGINE.legal_moves(state, seat)
        busy = [m for m in legal if m != "end"] or legal
        step = ENGINE.apply(state, seat, chooser.choice(busy))
        for line in step.log:
            assert "(s)" not in line, line
            assert not re.search(r"\b1 (reefs|cubes|actions|islands)\b", line), line
            assert not re.search(r"\b([02-9]|\d\d) (reef|cube|action|island)\b", line), line
            assert not re.search(r"\bseat \d", line), line
        state = step.state
    assert any(line.startswith("Player A") for line in step.log)


def test_rules_topics_fit_one_screen_and_come_from_data() -> None:
    """Issue 15: every topic <= 1,800 characters; component topics generated from data/tahiti."""
    topics = ENGINE.rules_topics
    for name, text in topics.items():
        assert 0 < len(text) <= 1800, name
    comp = tdata.components()
    # Islands and Favourite tiles by their goods, never by tile id (T01, F4a: issue 26).
    for number, tile in enumerate(comp["tiles"].values(), start=1):
        assert f"{number}. {'+'.join(tile['goods'])}, reefs" in topics["islands"]
    assert not re.search(r"\b[TF]\d+[a-z]?\b", topics["islands"] + topics["favourites"])
    for good in comp["goods"]:
        assert good in topics["goods"]
    for goods in comp["favourites"].values():
        assert "+".join(goods) in topics["favourites"]
    assert ", ".join(map(str, comp["variety"])) in topics["chart"]
    for example in ("reefs e,ne", "reefs ne,e", "move home", "harvest spice", "gift banana"):
        assert example in topics["moves"]


@pytest.mark.parametrize("name", ["summary", "moves", "scoring", "reconstructed"])
def test_named_topics_exist(name: str) -> None:
    assert name in ENGINE.rules_topics


def _placing(stack: str) -> tuple[dict, int, str]:
    """A position where the seat to move places a tile from ``stack``, and that move."""
    state = fresh(4, seed=3)
    seat = state["current"]
    state, _ = play(state, seat, ENGINE.legal_moves(state, seat)[0])
    canonical = next(m for m in ENGINE.legal_moves(state, seat) if m.split()[1] == stack)
    return state, seat, canonical


@pytest.mark.parametrize(("stack", "typed"), [("a", "place Α"), ("a", "PLACE а"), ("b", "β")])
def test_a_stack_is_typed_by_the_letter_its_reader_sees(stack: str, typed: str) -> None:
    """Issue 26: a Greek member reads stack Α, a Russian one А (Β, Б) and types that letter."""
    state, seat, canonical = _placing(stack)
    at = canonical.split()[2]
    assert ENGINE.apply(state, seat, f"{typed} {at}").move == canonical


GREEK_COMPASS = {"e": "Α", "ne": "ΒΑ", "nw": "ΒΔ", "w": "Δ", "sw": "ΝΔ", "se": "ΝΑ"}
RUSSIAN_COMPASS = {"e": "В", "ne": "СВ", "nw": "СЗ", "w": "З", "sw": "ЮЗ", "se": "ЮВ"}


def test_reef_edges_are_typed_by_the_compass_letters_their_reader_sees() -> None:
    """Issue 26: the log says reefs Α,ΒΑ (Greek) or В,СВ (Russian); typed so, they name the move."""
    state, seat, canonical = _placing("a")
    state, _ = play(state, seat, canonical)
    reefs = next(m for m in ENGINE.legal_moves(state, seat) if m.startswith("reefs "))
    first, second = reefs.split()[1].split(",")
    for compass in (GREEK_COMPASS, RUSSIAN_COMPASS):
        for typed in (
            f"reefs {compass[first]},{compass[second]}",
            f"{compass[second]},{compass[first]}".lower(),
        ):
            assert ENGINE.apply(state, seat, typed).move == reefs, typed


@pytest.mark.parametrize(("lang", "letter"), [("el", "Α"), ("ru", "А"), ("en", "A")])
def test_an_island_is_named_by_its_goods_and_its_stack_in_the_readers_letters(
    lang: str, letter: str
) -> None:
    """Issue 26: no tile id (T03) where a member reads a placement; the stack's letter is in the
    reader's alphabet (like the seats' letters)."""
    state, seat, canonical = _placing("a")
    said = [ENGINE.describe(state, seat, canonical)]
    state, lines = play(state, seat, canonical)
    state, more = play(state, seat, ENGINE.legal_moves(state, seat)[0])
    said = [say(lang, text) for text in said + lines + more]
    placing = [text for text in said if f" {letter} " in text]
    assert len(placing) == 3, said
    assert not any(re.search(r"\bT\d+\b", text) for text in said), said
    # The island's goods name it instead: "(καρύδα/μπαχάρι)", "(coconut+spice)".
    assert all(re.search(r"\(\w+[/+]\w+\)", text) for text in placing), placing
