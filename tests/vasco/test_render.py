"""The Vasco da Gama renderer (docs/ARCHITECTURE.md 6): board, private and detail images from views
only."""

from __future__ import annotations

import random

from render import vasco as renderer
from tests.vasco.helpers import E


def test_board_and_private_render_through_a_game():
    """docs/ARCHITECTURE.md 6, issue 25: a phone-sized board (720 px) at every phase; a private
    image per seat; the detail sheet (720 px, a phone scrolls it) for /board detail."""
    s = E.setup(4, seed=21)
    chooser = random.Random(21)
    phases = set()
    step = 0
    while E.to_move(s):
        if step % 60 == 0:
            view = E.view(s, None) | {"names": ["Ana", "Bo", "Cy", "Di"]}
            assert renderer.board(view).width == 720
            assert renderer.detail(view).width == 720
            phases.add(s["phase"])
            seat = E.to_move(s)[0]
            assert renderer.private(E.view(s, seat)) is not None
        seat = chooser.choice(E.to_move(s))
        s = E.apply(s, seat, chooser.choice(E.legal_moves(s, seat))).state
        step += 1
    assert renderer.board(E.view(s, None)).width == 720
    assert renderer.private(E.view(s, None)) is None
    assert {"place", "act"} <= phases


def test_standings_headers_do_not_overlap():
    """Issue 14 (rules 4.6 scoring): the final standings image gives each breakdown key an
    equal column; every Vasco header fits its column."""
    from PIL import Image, ImageDraw

    from render.common import font

    s = E.setup(3, seed=2)
    chooser = random.Random(2)
    while E.to_move(s):
        seat = chooser.choice(E.to_move(s))
        s = E.apply(s, seat, chooser.choice(E.legal_moves(s, seat))).state
    keys = list(E.result(s)[0].breakdown)
    column = 600 // len(keys)
    draw = ImageDraw.Draw(Image.new("RGB", (10, 10)))
    assert all(draw.textlength(k[:14], font=font(16, True)) < column - 8 for k in keys)
    assert sum(E.result(s)[0].breakdown[k] for k in keys if k != "reals (tie)") == (
        E.result(s)[0].score
    )
