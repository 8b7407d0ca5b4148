"""The table as a phone reads it (issue 25): edited turn posts keep their board, superseded
posts lose their buttons, images carry alt text, DMs link to the turn post."""

from __future__ import annotations

import random

import pytest

from tests.cogs.sim import accepted, said, stub_render


async def _play(world, game: str, moves: int, *, seed: str = "phone") -> list[set[int]]:
    """Start a 3-player game and play up to ``moves`` random moves with ``/move``; after each
    move, note which posts carry an image and which carry buttons."""
    members = [world.ana, world.bo, world.cy]
    await members[0].slash(world.channel, "game new", game=game, players=3)
    for member in members[1:]:
        await member.slash(world.channel, "game join")
    started = await members[0].slash(world.channel, "game start")
    assert "To move" in said(started), said(started)
    chooser = random.Random(seed)
    with_image: set[int] = set()
    for _ in range(moves):
        if await world.table() is None:
            break
        member = await world.waiting()
        options = await world.bot.tables.legal_moves(world.channel.id, member.id)
        done = await member.slash(world.channel, "move", move=chooser.choice(options)[:100])
        assert accepted(done), said(done)
        with_image |= {m.id for m in world.channel.history() if m.attachments}
    return [with_image]


def _edited(world) -> set[int]:
    """Ids of the channel's messages the bot edited (PATCH), from its HTTP requests."""
    ids = set()
    for request in world.env.http_requests:
        if request.method == "PATCH" and f"/channels/{world.channel.id}/messages/" in request.path:
            ids.add(int(request.path.rstrip("/").rsplit("/", 1)[1]))
    return ids


@pytest.mark.parametrize("game", ["amerigo", "tahiti"])
async def test_edited_turn_posts_keep_their_board(world, monkeypatch, game):
    """Issue 25 item 1: an edit without a new image (the same player deciding on) leaves the
    post's board in place; 0 of 396 edited posts kept it before."""
    monkeypatch.setattr("host.notify.render_png_async", stub_render)
    [with_image] = await _play(world, game, 60)
    edited = _edited(world) & with_image
    assert len(edited) >= 3, "the game made too few edits of posts with a board to prove this"
    now = {m.id: m for m in world.channel.history()}
    lost = [i for i in edited if not now[i].attachments]
    assert lost == [], f"{len(lost)} of {len(edited)} edited posts lost their board"
