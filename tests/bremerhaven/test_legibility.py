"""Images a phone can read (docs/ARCHITECTURE.md 6, issue 25 item 4): on the board, on every private
image and on the detail image, at least 90% of the characters are 7 px or taller when the image is
shown 360 px wide (a phone) and 8 px or taller shown 550 px wide (a desktop); no board is more
than 1.6 times taller than wide; over start, middle and end positions of every player count and
variant. And words, not codes (issue 25 items 2, 3): no internal id, no "Player A"."""

from __future__ import annotations

import random
import re

import pytest

from engines.bremerhaven import ENGINE
from render import bremerhaven as R
from render.common import (
    recording_text,
)
from tests.phone_images import assert_readable_at
from tests.test_image_words import code_tokens

NAMES = ["Anastasia Papadopoulou", "Bo", "Cyrille", "Dee"]
CONFIGS = [(1, "solo"), (2, "short"), (3, "long"), (4, "long"), (4, "short")]
# The harbour spaces a1-c4 are printed on each harbour and named in moves ("from a1").
HARBOUR_SPACES = {f"{row}{col}" for row in "abc" for col in "1234"}


def _positions(players: int, variant: str, seed: int) -> list[tuple[str, dict]]:
    """Start, after 150 moves (harbour actions under way), the last placing step seen, the
    end; members busy rather than passing."""
    rnd = random.Random(seed)
    s = ENGINE.setup(players, seed=seed, variant=variant)
    out = [("start", s)]
    placing = None
    for i in range(3000):
        seats = ENGINE.to_move(s)
        if not seats:
            break
        if i == 150:
            out.append(("middle", s))
        if s["step"] == "place" and placing is None and i > 20:
            placing = s
        seat = rnd.choice(seats)
        legal = ENGINE.legal_moves(s, seat)
        busy = [m for m in legal if m not in ("done", "back", "later", "decline")]
        s = ENGINE.apply(s, seat, rnd.choice(busy if busy and rnd.random() < 0.7 else legal)).state
    if placing is not None:
        out.append(("placing", placing))
    out.append(("end", s))
    return out


POSITIONS = [
    (f"{n}p-{variant}-{when}", state)
    for n, variant in CONFIGS
    for when, state in _positions(n, variant, seed=7 + n)
]


def _images(state: dict):
    """(what, (width, height), records) for the board and every seat's private image; drawn
    once per position for both tests."""
    key = id(state)
    if key not in _DRAWN:
        _DRAWN[key] = list(_draw(state))
    return _DRAWN[key]


_DRAWN: dict[int, list] = {}


def _draw(state: dict):
    names = {"names": NAMES[: state["n"]]}
    seats = [s for s in range(state["n"]) if not state["players"][s]["neutral"]]
    makers = [("board", R.board, None)]
    makers += [(f"private {s}", R.private, s) for s in seats]
    for what, draw, seat in makers:
        with recording_text() as records:
            image = draw(ENGINE.view(state, seat) | names)
        yield what, image.size, records


# The detail image is drawn for two large positions in the fast tier, for every position in
# the slow one (it is the slowest image: every token, tile and harbour in words).
FAST_DETAIL = ("4p-long-middle", "4p-short-placing")
DETAIL_POSITIONS = [
    pytest.param(n, s, id=n, marks=() if n in FAST_DETAIL else pytest.mark.slow)
    for n, s in POSITIONS
]


@pytest.mark.parametrize(("name", "state"), DETAIL_POSITIONS)
def test_detail_image_reads_on_a_phone_and_shows_words(name, state):
    """issue 25 items 2, 4: the detail image (``/board detail``) meets the same phone and
    desktop targets as the board, and shows no internal code."""
    with recording_text() as records:
        image = R.detail(ENGINE.view(state, None) | {"names": NAMES[: state["n"]]})
    assert_readable_at(image.width, records, (name, "detail"))
    assert code_tokens([r.text for r in records], HARBOUR_SPACES) == [], name


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
    patterns in tests/test_image_words.py: no "contract c05", no price card "p15", no ship
    "s01"); members appear by their names. Harbour spaces a1-c4 are coordinates."""
    for what, _size, records in _images(state):
        texts = [r.text for r in records]
        assert code_tokens(texts, HARBOUR_SPACES) == [], (name, what)
        if what == "board":
            joined = " ".join(texts)
            humans = [s for s in range(state["n"]) if not state["players"][s]["neutral"]]
            assert all(NAMES[s].split()[0] in joined for s in humans), (name, joined)


def test_no_names_means_colour_names_not_player_letters():
    """issue 25 item 3: without the host's names the seats are named by their colours."""
    state = ENGINE.setup(2, seed=1, variant="short")
    with recording_text() as records:
        R.board(ENGINE.view(state, None))
    joined = " ".join(r.text for r in records)
    assert not re.search(r"Player [A-F]\b", joined)
    assert "Orange" in joined and "Blue" in joined


def test_board_shows_ships_and_contracts_in_each_harbour():
    """issue 25 item 4: each player's row names the ships at their berths and draws the
    contracts in their bays; the full harbour grid is on the detail image."""
    state = dict(POSITIONS)["3p-long-middle"]
    view = ENGINE.view(state, None) | {"names": NAMES[:3]}
    with recording_text() as records:
        R.board(view)
    texts = [r.text for r in records]
    berthed = [b["ship"]["name"] for h in view["harbours"] for b in h["berths"] if b]
    bays = sum(1 for h in view["harbours"] for b in h["bays"] if b)
    assert berthed or bays
    for ship in berthed:
        assert any(t.startswith(ship[:6]) for t in texts), ship
    assert texts.count("contract") == bays
    assert not any(t.startswith("quay ") for t in texts)  # harbour grids are off the board
    with recording_text() as records:
        R.detail(view)
    assert sum(1 for r in records if r.text == "quay 1") == 3


def test_detail_image_is_sane():
    state = _positions(3, "long", seed=3)[-2][1]
    image = R.detail(ENGINE.view(state, None))
    assert image.width == R.WIDTH and image.height < 4000


@pytest.mark.slow
@pytest.mark.parametrize(("players", "variant"), [(3, "long"), (1, "solo")])
def test_a_whole_game_draws_no_internal_code_and_reads_on_a_phone(players, variant):
    """issue 25 items 2, 4: a whole game played by random members; every tenth position's board,
    detail and private images, and the last one's, without one internal code,
    each readable on a phone, every board at most 1.6 times taller than wide."""
    state = ENGINE.setup(players, seed=41, variant=variant)
    chooser = random.Random(41)
    names = {"names": NAMES[:players]}
    humans = [s for s in range(players) if not state["players"][s]["neutral"]]
    step = checked = 0
    while True:
        waiting = ENGINE.to_move(state)
        if step % 10 == 0 or not waiting:
            views = [(R.board, None), (R.detail, None), *((R.private, s) for s in humans)]
            for draw, seat in views:
                with recording_text() as records:
                    image = draw(ENGINE.view(state, seat) | names)
                found = code_tokens([r.text for r in records], HARBOUR_SPACES)
                assert_readable_at(image.width, records, (str(step), draw.__name__))
                assert draw is not R.board or image.height <= 1.6 * image.width, step
                assert found == [], (step, draw.__name__, seat, found[:3])
            checked += 1
        if not waiting:
            break
        seat = chooser.choice(waiting)
        state = ENGINE.apply(state, seat, chooser.choice(ENGINE.legal_moves(state, seat))).state
        step += 1
    assert state["phase"] == "over" and checked > 20
