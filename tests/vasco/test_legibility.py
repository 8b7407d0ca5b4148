"""Images a phone can read (design.md 6): at Discord's 550 px inline width at least 90% of the
characters on the board and on each private image are 8 px or taller, and none below 6 px."""

from __future__ import annotations

import random

import pytest

from render import vasco as renderer
from render.common import readable_share, recording_text
from tests.vasco.helpers import E


def _position(players: int, seed: int, steps: int) -> dict:
    s = E.setup(players, seed=seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if not E.to_move(s):
            break
        seat = chooser.choice(E.to_move(s))
        s = E.apply(s, seat, chooser.choice(E.legal_moves(s, seat))).state
    return s


def _measure(draw, view) -> tuple[float, float]:
    with recording_text() as records:
        image = draw(view)
    return readable_share(records, image.width)


POSITIONS = [
    pytest.param(players, steps, id=f"{players}p-{label}")
    for players in (2, 3, 4)
    for label, steps in (("start", 0), ("middle", 90 * players), ("end", 100_000))
]


@pytest.mark.parametrize(("players", "steps"), POSITIONS)
def test_board_and_private_images_are_readable(players: int, steps: int):
    """design.md 6: >= 90% of characters >= 8 px at 550 px, nothing < 6 px."""
    s = _position(players, seed=100 + players, steps=steps)
    names = {"names": [f"Sailor{i}" for i in range(players)]}
    share, smallest = _measure(renderer.board, E.view(s, None) | names)
    assert share >= 0.9 and smallest >= 6, (share, smallest)
    for seat in range(players):
        share, smallest = _measure(renderer.private, E.view(s, seat) | names)
        assert share >= 0.9 and smallest >= 6, (seat, share, smallest)


def test_detail_renders_every_player():
    """design.md 6: the detail image keeps everything that does not fit on the board."""
    s = _position(4, seed=7, steps=200)
    image = renderer.detail(E.view(s, None))
    assert image.width == 1400 and image.height > 1000
