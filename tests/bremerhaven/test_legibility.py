"""Images a phone can read (design.md 6): at Discord's 550 px inline width at least 90% of the
characters on the board and on every private image are 8 px or taller, and none below 6 px; over
start, middle and end positions of every player count and variant."""

from __future__ import annotations

import random

import pytest

from engines.bremerhaven import ENGINE
from render import bremerhaven as R
from render.common import readable_share, recording_text


def _positions(players: int, variant: str, seed: int) -> list[dict]:
    rnd = random.Random(seed)
    s = ENGINE.setup(players, seed=seed, variant=variant)
    out = [s]
    for i in range(3000):
        seats = ENGINE.to_move(s)
        if not seats:
            break
        if i == 150:
            out.append(s)
        seat = rnd.choice(seats)
        legal = ENGINE.legal_moves(s, seat)
        busy = [m for m in legal if m not in ("done", "back", "later", "decline")]
        s = ENGINE.apply(s, seat, rnd.choice(busy if busy and rnd.random() < 0.7 else legal)).state
    out.append(s)
    return out


def _measure(draw_image) -> tuple[float, float, int]:
    with recording_text() as records:
        image = draw_image()
    share, smallest = readable_share(records, image.width)
    return share, smallest, image.width


@pytest.mark.parametrize(
    ("players", "variant"), [(1, "solo"), (2, "short"), (3, "short"), (2, "long"), (4, "long")]
)
def test_board_and_private_images_readable_at_550(players, variant):
    for state in _positions(players, variant, seed=7 + players):
        views = [ENGINE.view(state, None)] + [ENGINE.view(state, s) for s in range(players)]
        checks = [lambda v=views[0]: R.board(v)] + [lambda v=v: R.private(v) for v in views[1:]]
        for draw_image in checks:
            share, smallest, width = _measure(draw_image)
            assert 500 <= width <= 1600
            assert share >= 0.9, (state["phase"], state["step"], share)
            assert smallest >= 6, (state["phase"], state["step"], smallest)


def test_detail_image_is_sane():
    state = _positions(3, "long", seed=3)[-2]
    image = R.detail(ENGINE.view(state, None))
    assert 500 <= image.width <= 1600 and image.height < 4000
