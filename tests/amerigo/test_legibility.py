"""Images a phone can read (docs/ARCHITECTURE.md 6, issue 25 item 4): on the board, on every private
image and on the detail image, at least 90% of the characters are 7 px or taller when the image is
shown 360 px wide (a phone) and 8 px or taller shown 550 px wide (a desktop); no board is more
than 1.6 times taller than wide; over start, middle, built-up and end positions of every player
count. And words, not codes (issue 25 items 2, 3): no internal id, no "Player A"."""

from __future__ import annotations

import random
import re

import pytest

from render import amerigo as R
from render.common import (
    readable_share,
    recording_text,
)
from tests.amerigo.util import E, fresh, give_turn, play
from tests.phone_images import assert_readable_at
from tests.test_image_words import code_tokens

NAMES = ["Anastasia Papadopoulou", "Bo", "Cyrille", "Dee"]


def _advance(state: dict, steps: int, seed: int) -> dict:
    chooser = random.Random(seed)
    for _ in range(steps):
        seats = E.to_move(state)
        if not seats:
            break
        state = E.apply(state, seats[0], chooser.choice(E.legal_moves(state, seats[0]))).state
    return state


def _built(players: int) -> dict:
    """A middle position with posts, villages, landscapes, ships at sea and a Plan under way."""
    state = fresh(players, 3)
    g = E._geo(state)
    posts = [p for isl in g["islands"] for p in isl["posts"]][: 2 * players]
    for i, post in enumerate(posts):
        state["posts"][post] = i % players
    land = sorted(c for c in g["land"] if c not in state["posts"] and g["kind"][c] == "#")
    for i, cell in enumerate(land[:8]):
        owner = -1 if i % 2 else i % players
        state["cover"][cell] = len(state["placed"])
        state["placed"].append(["l1" if owner == -1 else "v1", owner, 0, [cell]])
    sea = sorted(g["sea"])
    for seat in range(players):
        state["p"][seat]["ships"] = [sea[seat * 7], "rim1"]
        state["p"][seat]["vp"] = 17 + 40 * seat
        state["p"][seat]["toks"] = [["ap-blue-black", False], ["gold5", True], ["e-islands", False]]
        state["p"][seat]["supply"] = {"l4t": 1, "v2": 2, "v3l": 1}
    state = give_turn(state, 0, {"red": 5, "white": 2, "blue": 1})
    return play(state, 0, "red")


def _positions():
    for players in (2, 3, 4):
        yield f"{players}p-start", fresh(players, 11)
        yield f"{players}p-middle", _advance(fresh(players, 12), 160, players)
        yield f"{players}p-built", _built(players)
        yield f"{players}p-end", _advance(fresh(players, 13), 100_000, players)


POSITIONS = list(_positions())


def allowed_cells(state: dict) -> set[str]:
    """The map's grid cells (``a1``-``t20``): coordinates read off the picture, not codes."""
    return {
        f"{'abcdefghijklmnopqrstuvwxyz'[c]}{r + 1}"
        for r, row in enumerate(state["grid"])
        for c in range(len(row))
    }


def _view(state: dict, seat: int | None) -> dict:
    return E.view(state, seat) | {"names": NAMES[: state["n"]]}


def _images(state: dict):
    """(what, (width, height), records) for the board and every seat's private image; drawn
    once per position for both tests."""
    key = id(state)
    if key not in _DRAWN:
        _DRAWN[key] = list(_draw(state))
    return _DRAWN[key]


_DRAWN: dict[int, list] = {}


def _draw(state: dict):
    makers = [("board", R.board, None)]
    makers += [(f"private {s}", R.private, s) for s in range(state["n"])]
    for what, draw, seat in makers:
        with recording_text() as records:
            image = draw(_view(state, seat))
        yield what, image.size, records


# The detail image is drawn for two large positions in the fast tier, for every position in
# the slow one (it is the slowest image: every token, tile and harbour in words).
FAST_DETAIL = ("4p-built", "4p-end")
DETAIL_POSITIONS = [
    pytest.param(n, s, id=n, marks=() if n in FAST_DETAIL else pytest.mark.slow)
    for n, s in POSITIONS
]


@pytest.mark.parametrize(("name", "state"), DETAIL_POSITIONS)
def test_detail_image_reads_on_a_phone_and_shows_words(name, state):
    """issue 25 items 2, 4: the detail image (``/board detail``) meets the same phone and
    desktop targets as the board, and shows no internal code."""
    with recording_text() as records:
        image = R.detail(_view(state, None))
    assert_readable_at(image.width, records, (name, "detail"))
    assert code_tokens([r.text for r in records], allowed_cells(state)) == [], name


@pytest.mark.parametrize(("name", "state"), POSITIONS, ids=[n for n, _ in POSITIONS])
def test_images_read_on_a_phone_and_a_desktop(name, state):
    """issue 25 item 4: >= 90% of characters 7 px or taller at 360 px and 8 px or taller at
    550 px; nothing below 6 px on a phone; the board at most 1.6 times taller than wide."""
    for what, (width, height), records in _images(state):
        assert_readable_at(width, records, (name, what))
        if what == "board":
            assert height <= 1.6 * width, (name, width, height)


@pytest.mark.parametrize(("name", "state"), POSITIONS, ids=[n for n, _ in POSITIONS])
def test_images_show_words_not_codes(name, state):
    """issue 25 items 2, 3: every text drawn on every image is free of internal codes (the
    patterns in tests/test_image_words.py); members appear by their names. Grid coordinates
    read off the map (``k15``) are fine."""
    allowed = allowed_cells(state)
    for what, _size, records in _images(state):
        texts = [r.text for r in records]
        assert code_tokens(texts, allowed) == [], (name, what)
        if what == "board":
            joined = " ".join(texts)
            assert all(n.split()[0] in joined for n in NAMES[: state["n"]]), (name, joined)


def test_private_choices_name_tiles_and_tokens():
    """issue 25 item 2: "Plan l3i, straight landscape" and "Take ap-black (...)" are drawn in
    words, the tile by its shape and the token by what it does."""
    state = _built(4)
    with recording_text() as records:
        R.private(_view(state, 0))
    texts = [r.text for r in records]
    joined = " ".join(texts)
    assert "Plan the straight landscape (3 spaces)" in joined
    assert "Tiles ready to build: T landscape (4 spaces), village (2 spaces) ×2" in joined
    assert "+1 AP whenever you choose Move ships or Load cannons" in joined
    assert R.plain_words("Take ap-black (permanent: +2 AP)") == "Take the token (permanent: +2 AP)"
    assert R.plain_words("Use token ships8: +8 AP") == "Use the token '+8 AP per ship, once': +8 AP"


def test_no_names_means_colour_names_not_player_letters():
    """issue 25 item 3: without the host's names the seats are named by their colours."""
    with recording_text() as records:
        R.board(E.view(fresh(2, 1), None))
    joined = " ".join(r.text for r in records)
    assert not re.search(r"Player [A-F]\b", joined)
    assert "Orange" in joined and "Blue" in joined


def test_detail_page_renders_everything_left_out():
    """docs/ARCHITECTURE.md 6: detail holds the VP track, tokens with their effects, tiles and
    offers."""
    state = _built(4)
    with recording_text() as records:
        image = R.detail(_view(state, None))
    text = " ".join(r.text for r in records)
    assert "final scoring: 2 VP per completed island where you have a post" in text
    assert "+50" in text  # a disc past 50 VP shows its lap
    assert "Progress tokens on offer:" in text and "Landscape tiles in the supply:" in text
    share, _ = readable_share(records, image.width)
    assert share >= 0.9


def test_game_over_header_follows_the_tie_break():
    """docs/rules/amerigo.md 6.3 (issue 14): with equal VP, the player further ahead in player
    order is listed first in the game-over header and standings."""
    state = _advance(fresh(2, 13), 100_000, 2)
    for p in state["p"]:
        p["vp"] = 30
    state["p"][0]["opos"], state["p"][1]["opos"] = 0, 14  # B ahead in player order
    view = _view(state, None)
    first = view["order"][0]
    assert first == 1
    with recording_text() as records:
        R.board(view)
    header = next(r.text for r in records if r.text.startswith("1. "))
    assert header.startswith(f"1. {NAMES[first]} 30 VP · 2. {NAMES[1 - first]} 30 VP")


def test_board_legend_names_every_commodity_letter():
    """Issue 14: the commodity letters on the map have a legend."""
    with recording_text() as records:
        R.board(E.view(fresh(2, 1), None))
    texts = {r.text for r in records}
    assert {"cotton", "tobacco", "sugar", "coconuts", "coffee"} <= texts


@pytest.mark.slow
def test_a_whole_game_draws_no_internal_code_and_reads_on_a_phone():
    """issue 25 items 2, 4: a whole 3-player game played by random members; every fifth position's
    board, detail and private images, and the last one's, without one internal code,
    each readable on a phone, every board at most 1.6 times taller than wide."""
    state = fresh(3, 41)
    chooser = random.Random(41)
    step = checked = 0
    while True:
        waiting = E.to_move(state)
        if step % 5 == 0 or not waiting:
            for draw, seat in [
                (R.board, None),
                (R.detail, None),
                *((R.private, s) for s in range(3)),
            ]:
                with recording_text() as records:
                    image = draw(_view(state, seat))
                found = code_tokens([r.text for r in records], allowed_cells(state))
                assert_readable_at(image.width, records, (str(step), draw.__name__))
                assert draw is not R.board or image.height <= 1.6 * image.width, step
                assert found == [], (step, draw.__name__, seat, found[:3])
            checked += 1
        if not waiting:
            break
        seat = chooser.choice(waiting)
        state = E.apply(state, seat, chooser.choice(E.legal_moves(state, seat))).state
        step += 1
    assert state["over"] and checked > 30
