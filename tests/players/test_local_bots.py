"""`bot.py local GAME --players N --bots B`: fillers take the last seats (issue 18 part 2)."""

from __future__ import annotations

import io

from host.local import run_local
from tests.sealed_bids import ENGINE as SEALED


async def test_a_table_of_fillers_plays_itself_to_the_end(tmp_path):
    out = io.StringIO()
    code = await run_local(
        "sealed",
        3,
        seed=3,
        db=str(tmp_path / "l.db"),
        out_dir=None,
        lines=[],
        out=out,
        engines={SEALED.id: SEALED},
        bots=3,
    )
    text = out.getvalue()
    assert code == 0
    assert "Final standings" in text
    assert "Bot 1" in text and "Bot 3" in text


async def test_two_fillers_answer_a_human_in_the_first_seat(tmp_path):
    state = SEALED.setup(3, seed=6)
    hand = state["hands"][0]
    lines = [f"1 bid {card}" for card in hand]
    out = io.StringIO()
    code = await run_local(
        "sealed",
        3,
        seed=6,
        db=str(tmp_path / "l.db"),
        out_dir=None,
        lines=lines,
        out=out,
        engines={SEALED.id: SEALED},
        bots=2,
    )
    text = out.getvalue()
    assert code == 0
    assert "Final standings" in text
    assert "Seat 1" in text and "Bot 2" in text and "Player A" not in text
    assert "! " not in text  # no move was refused


async def test_more_bots_than_seats_is_refused(tmp_path):
    out = io.StringIO()
    code = await run_local(
        "sealed",
        2,
        db=str(tmp_path / "l.db"),
        out_dir=None,
        lines=[],
        out=out,
        engines={SEALED.id: SEALED},
        bots=3,
    )
    assert code == 2
