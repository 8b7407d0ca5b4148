"""The Vasco da Gama renderer (design.md 6): board and private images from views only."""

from __future__ import annotations

import random

from render import vasco as renderer
from tests.vasco.helpers import E


def test_board_and_private_render_through_a_game():
    """design.md 6: a board 1200-1600 px wide at every phase; a private panel per seat."""
    s = E.setup(4, seed=21)
    chooser = random.Random(21)
    phases = set()
    step = 0
    while E.to_move(s):
        if step % 60 == 0:
            view = E.view(s, None) | {"names": ["Ana", "Bo", "Cy", "Di"]}
            image = renderer.board(view)
            assert 1200 <= image.width <= 1600
            phases.add(s["phase"])
            seat = E.to_move(s)[0]
            assert renderer.private(E.view(s, seat)) is not None
        seat = E.to_move(s)[0]
        s = E.apply(s, seat, chooser.choice(E.legal_moves(s, seat))).state
        step += 1
    assert renderer.board(E.view(s, None)).width == 1400
    assert renderer.private(E.view(s, None)) is None
    assert phases == {"place", "act"}
