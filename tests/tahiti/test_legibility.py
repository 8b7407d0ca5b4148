"""Tahiti images on a phone (docs/ARCHITECTURE.md 6, issue 25 items 2-4): on the board, each private
image and the detail image at least 90% of the characters are 7 px or taller once shown 360 px wide
and 8 px at 550 px; no board is more than 1.6 times taller than wide; no internal code is drawn;
plus the issue-14 fixes (clock, first player, undealt Favourite, Hommea beside the goods, fish
cubes unlike empty spaces, a full standings header)."""

from __future__ import annotations

import random

import pytest
from PIL import ImageDraw

from engines.tahiti import ENGINE
from render import tahiti as render
from tests.phone_images import (
    assert_board_shape,
    assert_no_codes,
    assert_phone_readable,
    measure,
    measure_once,
)
from tests.tahiti.helpers import acting, bag, fresh, play

NAMES = ["Ana", "Bartholomew the Bold", "Cy", "Dee"]


def _play(players: int, seed: int, stop) -> dict:
    chooser = random.Random(seed)
    state = fresh(players, seed=seed)
    while ENGINE.to_move(state) and not stop(state):
        seat = ENGINE.to_move(state)[0]
        legal = ENGINE.legal_moves(state, seat)
        busy = [m for m in legal if m != "end"] or legal
        state = ENGINE.apply(state, seat, chooser.choice(busy)).state
    return state


def _positions(players: int) -> dict[str, dict]:
    seed = 300 + players
    return {
        "start": fresh(players, seed=seed),
        "rotate": _play(players, seed, lambda s: s["phase"] == "rotate"),
        "middle": _play(players, seed, lambda s: s["turn"] >= 2 * players),
        "late": _play(players, seed, lambda s: s["era"] == "late"),
        "end": _play(players, seed, lambda s: False),
    }


CASES = [(n, name, state) for n in (2, 3, 4) for name, state in _positions(n).items()]
IDS = [f"{c[0]}p-{c[1]}" for c in CASES]


def _view(state: dict, seat: int | None) -> dict:
    return ENGINE.view(state, seat) | {"names": NAMES[: state["players"]]}


def _measure(function, view):
    return measure(function, view)


@pytest.mark.parametrize(("players", "name", "state"), CASES, ids=IDS)
def test_every_image_reads_on_a_phone(players: int, name: str, state) -> None:
    """docs/ARCHITECTURE.md 6, issue 25 item 4: phone and desktop targets on the board, each private
    image and the detail image; the board at most 1.6 x as tall as wide."""
    image, records = measure_once(render.board, _view, state, None)
    assert_phone_readable(image, records, ("board", name))
    assert_board_shape(image, ("board", name))
    image, records = measure_once(render.detail, _view, state, None)
    assert_phone_readable(image, records, ("detail", name))
    for seat in range(players):
        image, records = measure_once(render.private, _view, state, seat)
        assert_phone_readable(image, records, ("private", name, seat))


@pytest.mark.parametrize(("players", "name", "state"), CASES, ids=IDS)
def test_no_internal_code_is_drawn(players: int, name: str, state) -> None:
    """Issue 25 items 2-3: no tile ids, no "Player A" (the detail's events name members); the
    patterns are in tests/phone_images.py."""
    for function, seat in [(render.board, None), (render.detail, None)] + [
        (render.private, s) for s in range(players)
    ]:
        _, records = measure_once(function, _view, state, seat)
        assert_no_codes(records, (function.__name__, name, seat))


def test_detail_events_name_the_members() -> None:
    """Issue 25 item 3: the detail image's events say the member's name, not "Player A"."""
    state = _play(3, 7, lambda s: s["turn"] >= 6)
    view = _view(state, None)
    assert any("Player" in e for e in view["events"])  # the engine's words name seats
    texts = " ".join(_texts(render.detail, view))
    assert "Player A" not in texts and "Ana" in texts


def _texts(function, view) -> list[str]:
    return [r.text for r in _measure(function, view)[1]]


def test_board_shows_the_end_clock_and_first_player() -> None:
    """docs/rules/tahiti.md 4, 3.11 (issue 14): unexhausted islands left and the first player."""
    state = acting(late=True)
    view = ENGINE.view(state, None)
    texts = _texts(render.board, view)
    assert any(f"Islands left {view['islands_left']} (ends at 4)" in t for t in texts)
    assert "First" in texts


def test_end_board_draws_the_undealt_favourite_and_full_headers() -> None:
    """docs/rules/tahiti.md 3.9, 9.4 (issue 14): the undealt 2-player tile is drawn at the end; the
    standings headers are whole words (no `favourite bonu`)."""
    state = acting(players=2, late=True, seat=1)
    state["bag"] = bag()
    state["end_triggered"] = True
    state, _ = play(state, 1, "end")
    texts = _texts(render.board, ENGINE.view(state, None))
    assert "Undealt Favourite tile:" in texts
    for header in ("Total", "Goods", "Favourite bonus", "Variety", "Favourite"):
        assert header in texts


def test_hommea_does_not_cover_a_goods_space(monkeypatch) -> None:
    """Issue 14: Hommea's badge sits on the coordinate line, clear of both Goods Spaces."""
    boxes: dict[str, list] = {"cube": [], "hommea": []}
    original_cube, original_hommea = render._cube, render._hommea

    def cube(lang, draw, centre, size, goods, filled=True):
        boxes["cube"].append((centre, size))
        return original_cube(lang, draw, centre, size, goods, filled)

    def hommea(lang, draw, centre, radius):
        boxes["hommea"].append((centre, radius))
        return original_hommea(lang, draw, centre, radius)

    monkeypatch.setattr(render, "_cube", cube)
    monkeypatch.setattr(render, "_hommea", hommea)
    state = fresh(4, seed=3)
    state, _ = play(state, state["current"], "hommea 1,0")
    render.board(ENGINE.view(state, None))
    ((hx, hy), radius) = boxes["hommea"][0]
    for (cx, cy), size in boxes["cube"]:
        apart_x = abs(hx - cx) >= radius + size / 2
        apart_y = abs(hy - cy) >= radius + size / 2
        assert apart_x or apart_y


def test_fish_cube_does_not_look_like_an_empty_space() -> None:
    """Issue 14: a fish cube has a dark blue border and letter; an empty space is pale."""
    from PIL import Image

    image = Image.new("RGB", (100, 50), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    render._cube("en", draw, (25, 25), 40, "fish", True)
    render._cube("en", draw, (75, 25), 40, "fish", False)
    # The cube: a solid dark border and a white face; the space: a broken border, a sand face.
    fish_border = [image.getpixel((x, 26 - 20 + 1)) for x in range(10, 40)]
    empty_border = [image.getpixel((x, 26 - 20 + 1)) for x in range(60, 90)]
    dark = [sum(p) < 400 for p in fish_border]
    assert all(dark)
    assert sum(sum(p) < 400 for p in empty_border) < 0.8 * len(empty_border)
    assert image.getpixel((14, 14)) == (255, 255, 255)
    assert image.getpixel((64, 14)) != (255, 255, 255)


def test_detail_image_has_every_chart_and_the_events() -> None:
    """Moved to /board detail: every full Harvest Chart and the last events."""
    state = _play(3, 7, lambda s: s["turn"] >= 6)
    view = ENGINE.view(state, None)
    texts = _texts(render.detail, view)
    assert texts.count("set") == 3
    assert render._event_words(view["events"][-1], render._names(view)) in " ".join(texts)


@pytest.mark.slow
def test_a_whole_game_draws_no_internal_code() -> None:
    """Issue 25 item 2: a whole 3-player game (random games are long: every 12th position),
    its board, detail and private images, without one internal code."""
    from tests.phone_images import walk_for_codes

    assert walk_for_codes(ENGINE, render, 3, seed=41, names=NAMES, every=12) > 30
