"""Table talk (issue 14, docs/ARCHITECTURE.md 4): one post per turn, a ping only when a turn starts,
no board posted twice in a row, a DM only when private information changed."""

from __future__ import annotations

import pytest

from bench.talk import measure
from engines import ENGINES
from host.tables import TableService
from tests.conformance import configurations

CH = 1


def _cases(slow: bool) -> list:
    cases = []
    for game, engine in sorted(ENGINES.items()):
        counts = sorted({n for n, _ in configurations(engine)})
        for players in counts:
            fast = players == (3 if 3 in counts else counts[-1])
            if fast != slow:
                cases.append(pytest.param(game, players, id=f"{game}-{players}p"))
    return cases


def _assert_targets(counts) -> None:
    assert counts.turn_starts > 0
    assert counts.posts_per_turn <= 1.5, counts
    assert counts.images_per_turn <= 1.5, counts
    assert counts.stray_pings == 0, counts
    assert counts.repeated_images == 0, counts


@pytest.mark.parametrize(("game", "players"), _cases(slow=False))
async def test_a_game_posts_once_per_turn_and_pings_only_turn_starts(game, players):
    _assert_targets(await measure(game, players, seed=2, limit=400))


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), _cases(slow=True))
async def test_whole_games_of_every_player_count_meet_the_talk_targets(game, players):
    _assert_targets(await measure(game, players, seed=3))


async def _sealed(service: TableService, users=(1, 2)) -> None:
    await service.open(guild_id=1, channel_id=CH, game="sealed", user_id=users[0], name="Ana")
    for user in users[1:]:
        await service.join(CH, user, f"P{user}")
    await service.start(CH, users[0], seed=4)


async def test_the_phase_post_is_edited_then_a_new_post_pings_the_next_turn(service):
    await _sealed(service)
    opening = (await service.store.live_table(CH)).talk["post_key"]
    first = await service.submit(CH, 1, (await service.legal_moves(CH, 1))[0])
    edit = next(i for i in first.items if i.kind == "channel")
    assert edit.payload["edit_of"] == opening and edit.payload["mentions"] == []
    assert "image" not in edit.payload  # an edit keeps the post's board
    assert "Ana" in edit.payload["text"] and "Player A" not in edit.payload["text"]
    second = await service.submit(CH, 2, (await service.legal_moves(CH, 2))[0])
    post = next(i for i in second.items if i.kind == "channel")
    # A new round: a new post, pinging only Ana (Bo just moved, so his turn did not "start")
    assert "edit_of" not in post.payload and post.payload["mentions"] == [1]
    assert post.payload["image"]["kind"] == "board"


async def test_a_dm_only_when_private_information_changed(service):
    """Issue 15: Tahiti DMed the Favourite at the start and again at move 1."""
    await service.open(guild_id=1, channel_id=CH, game="tahiti", user_id=1, name="A")
    for user in (2, 3):
        await service.join(CH, user, f"P{user}")
    start = await service.start(CH, 1, seed=4)
    assert sorted(i.target for i in start.items if i.kind == "dm") == [1, 2, 3]
    table = start.table
    engine = service.engine("tahiti")
    seat = engine.to_move(engine.decode(table.state))[0]
    user = table.user_of(seat)
    moved = await service.submit(CH, user, (await service.legal_moves(CH, user))[0])
    assert [i for i in moved.items if i.kind == "dm"] == []


async def test_names_typed_by_members_cannot_ping_or_format(service):
    await service.open(guild_id=1, channel_id=CH, game="sealed", user_id=1, name="@everyone")
    await service.join(CH, 2, "**Bo**")
    start = await service.start(CH, 1, seed=4)
    text = next(i for i in start.items if i.kind == "channel").payload["text"]
    assert "@everyone" not in text and "@\u200beveryone" in text
    assert "**Bo**" not in text


async def test_an_undo_that_changed_nothing_private_sends_no_dm(service):
    """Issue 15: every undo DMed every player "Your view after the undo." though nothing private
    changed. A Tahiti move keeps every Favourite; undoing it tells nobody anything privately."""
    from host.life import PlayByPost

    life = PlayByPost(service)
    await service.open(guild_id=1, channel_id=CH, game="tahiti", user_id=1, name="A")
    await service.join(CH, 2, "B")
    start = await service.start(CH, 1, seed=4)
    engine = service.engine("tahiti")
    seat = engine.to_move(engine.decode(start.table.state))[0]
    user = start.table.user_of(seat)
    await service.submit(CH, user, (await service.legal_moves(CH, user))[0])
    undone = await life.undo(CH, user)
    assert "took back 1 move" in " ".join(undone.public_lines)
    assert [i for i in undone.items if i.kind == "dm"] == []
