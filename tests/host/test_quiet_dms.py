"""Quiet DMs (issue 25 item 5; docs/ARCHITECTURE.md 4 "a DM only when that seat's private
information changed"): whole 3-player games of every game through the host layer, DMs counted per
move."""

from __future__ import annotations

import pytest

from engines import ENGINES
from host.talk import gained
from tests.host.walk import walk

MAX_DMS_PER_MOVE = 0.4
NOISE = ("is empty", "nothing to decide", "no private information")


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(ENGINES))
async def test_at_most_0_4_dms_per_move_and_none_saying_nothing(game, tmp_path):
    record = await walk(game, tmp_path / "walk.db", seed=5, every=10**9)
    rate = len(record.dms) / record.moves
    print(f"{game}: {len(record.dms)} DMs over {record.moves} moves = {rate:.3f} per move")
    assert rate <= MAX_DMS_PER_MOVE
    for item in record.dms:
        text = item.payload["text"]
        assert not any(n in text for n in NOISE), text
        # Each DM names the turn post it belongs to; the sender makes it a jump link.
        assert item.payload["post_key"], item.key


async def test_drake_treasure_is_news_and_an_empty_chest_is_not(tmp_path):
    """A whole (short) Drake game: DMs come only with treasure or a counter learnt."""
    record = await walk("drake", tmp_path / "walk.db", seed=2, every=10**9)
    for item in record.dms:
        text = item.payload["text"]
        assert "Treasure Chest" in text or "counter" in text or "saw" in text, text
        assert "is empty" not in text


def test_what_counts_as_gained():
    assert gained(None, {"favourite": ["taro", "banana"]})  # dealt at the start
    assert not gained(None, {"chest": {"gold": 0, "silver": 0}})  # an empty chest is no news
    assert gained({"chest": {"gold": 0}}, {"chest": {"gold": 2}})
    assert not gained({"hand": ["1", "2", "3"]}, {"hand": ["1", "3"]})  # a card played
    assert gained({"hand": ["1", "3"]}, {"hand": ["1", "3", "3"]})  # a second copy drawn
    assert not gained({"look": {"a": ["x"]}}, {"look": {"a": ["x"]}})
