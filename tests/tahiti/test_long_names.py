"""Tahiti draws a member's name whole where its place has room (issue 40): names are fitted by
width where they are drawn (``render.common.fit_name``), never cut at 16 characters first."""

from __future__ import annotations

from engines.tahiti.engine import Tahiti
from render import tahiti as render
from render.common import recording_text

LONG = "Bartholomew Q. Longname-Smythe"  # 30 characters


def _drawn(draw) -> list[str]:
    engine = Tahiti()
    state = engine.setup(2, seed=1)
    names = [LONG, "Ana"]
    with recording_text() as records:
        draw(engine, state, names)
    return [r.text for r in records]


def test_a_30_character_name_is_drawn_whole_where_there_is_room():
    assert len(LONG) == 30
    board = _drawn(lambda e, s, n: render.board(e.view(s, None) | {"names": n}))
    detail = _drawn(lambda e, s, n: render.detail(e.view(s, None) | {"names": n}))
    private = _drawn(lambda e, s, n: render.private(e.view(s, 0) | {"names": n}))
    assert LONG in detail, detail  # the Harvest Chart's heading
    assert any(LONG in text for text in private), private  # "...: your board"
    assert any(LONG in text for text in board), board  # "... to play"


def test_a_name_too_long_for_its_place_is_cut_by_width_with_an_ellipsis():
    """The player row leaves a name less room than 30 characters: it keeps what fits."""
    board = _drawn(lambda e, s, n: render.board(e.view(s, None) | {"names": n}))
    cut = [t for t in board if t.endswith("…") and LONG.startswith(t[:-1].rstrip())]
    assert cut, board
    assert all(len(t) >= 12 for t in cut), cut
