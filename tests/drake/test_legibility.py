"""Francis Drake images at Discord's inline width (design.md 6, Issue 14): on the board and on
every private image at least 90% of the characters are 8 px or taller once shown 550 px wide,
and nothing is below 6 px; start, middle and end positions for every player count."""

from __future__ import annotations

import random

import pytest
from PIL import ImageDraw

from engines.drake import ENGINE
from render import drake
from render.common import readable_share, recording_text


def _positions(players: int, seed: int) -> dict[str, dict]:
    chooser = random.Random(seed)
    s = ENGINE.setup(players, seed=seed)
    found = {"start": s}
    while ENGINE.to_move(s):
        if s["phase"] == "missions" and "missions" not in found:
            found["missions"] = s
        if s["phase"] == "resolve" and s["qi"] > players and "resolve" not in found:
            found["resolve"] = s
        seat = chooser.choice(ENGINE.to_move(s))
        legal = ENGINE.legal_moves(s, seat)
        busy = [m for m in legal if m not in ("sail", "decline", "return")] or legal
        s = ENGINE.apply(s, seat, chooser.choice(busy)).state
    found["end"] = s
    return found


def _measure(render, view):
    with recording_text() as records:
        image = render(view)
    if image is None:
        return None
    return image, *readable_share(records, image.width)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_board_and_private_images_are_readable_on_a_phone(players):
    for label, state in _positions(players, seed=players).items():
        image, share, smallest = _measure(drake.board, ENGINE.view(state, None))
        assert 500 <= image.width <= 1600
        assert share >= 0.9 and smallest >= 6, (label, share, smallest)
        for seat in range(players):
            measured = _measure(drake.private, ENGINE.view(state, seat))
            if measured is None:
                continue
            _, share, smallest = measured
            assert share >= 0.9 and smallest >= 6, (label, seat, share, smallest)


def test_detail_image_renders():
    """`/board detail` holds the full Ship Log table, the recent log, supply and Tavern."""
    found = _positions(4, seed=2)
    state = found.get("resolve", found["end"])
    image = drake.detail(ENGINE.view(state, None))
    assert 500 <= image.width <= 1600 and image.height < 2000


def test_outbound_docks_follow_the_sailing_order_and_empty_on_return(monkeypatch):
    """rules/francis-drake.md 4.2 A4, 4.7 (Issue 14): after the Governor's swap the Outbound
    Docks show the Sailing Order, and a ship that went home leaves its dock."""
    from tests.drake.helpers import BLUE, GREEN, RED, YELLOW, fresh, to_sailing

    s = fresh(4, 3)
    s["titles"]["governor"] = YELLOW
    s = to_sailing(s, [GREEN, RED, BLUE, YELLOW])
    s = ENGINE.apply(s, YELLOW, "troops 0,0,1,2").state
    view = ENGINE.view(s, None)
    assert view["sailing_order"] == [GREEN, RED, YELLOW, BLUE]
    view["player_info"][RED]["returned"] = True
    drawn = []
    monkeypatch.setattr(
        drake, "seat_token", lambda draw, centre, seat, radius=14: drawn.append((centre, seat))
    )
    drake._sailing_strip(ImageDraw.Draw(drake.new_canvas(720, 40)), view, 0)
    out = [seat for (x, _), seat in sorted(drawn)]
    assert out == [GREEN, YELLOW, BLUE]
