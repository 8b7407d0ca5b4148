"""The Vasco da Gama renderer (design.md 6): board, private and detail images from views only."""

from __future__ import annotations

import random

from render import vasco as renderer
from tests.vasco.helpers import E


def test_board_and_private_render_through_a_game():
    """design.md 6: a phone-sized board (900 px) at every phase; a private image per seat; the
    full detail image (1400 px) for /board detail."""
    s = E.setup(4, seed=21)
    chooser = random.Random(21)
    phases = set()
    step = 0
    while E.to_move(s):
        if step % 60 == 0:
            view = E.view(s, None) | {"names": ["Ana", "Bo", "Cy", "Di"]}
            assert 500 <= renderer.board(view).width <= 1600
            assert renderer.detail(view).width == 1400
            phases.add(s["phase"])
            seat = E.to_move(s)[0]
            assert renderer.private(E.view(s, seat)) is not None
        seat = chooser.choice(E.to_move(s))
        s = E.apply(s, seat, chooser.choice(E.legal_moves(s, seat))).state
        step += 1
    assert renderer.board(E.view(s, None)).width == 900
    assert renderer.private(E.view(s, None)) is None
    assert {"place", "act"} <= phases
