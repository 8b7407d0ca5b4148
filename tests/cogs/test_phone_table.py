"""The table as a phone reads it (issue 25): edited turn posts keep their board, superseded
posts lose their buttons, images carry alt text, DMs link to the turn post."""

from __future__ import annotations

import random

import pytest

from tests.cogs.sim import accepted, dms, said, stub_render


async def _play(world, game: str, moves: int, *, seed: str = "phone") -> list[set[int]]:
    """Start a 3-player game and play up to ``moves`` random moves with ``/move``; after each
    move, note which posts carry an image and which carry buttons."""
    members = [world.ana, world.bo, world.cy]
    await members[0].slash(world.channel, "game new", game=game, players=3)
    for member in members[1:]:
        await member.slash(world.channel, "game join")
    started = await members[0].slash(world.channel, "game start")
    assert accepted(started), said(started)
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
    # Issue 25 item 7: every image has alt text that says what it shows.
    for message in now.values():
        for attachment in message.attachments:
            assert attachment.description and "board" in attachment.description, message.id


def _with_buttons(world) -> list[int]:
    return [m.id for m in world.channel.history() if m.components]


@pytest.mark.parametrize("game", ["amerigo", "bremerhaven"])
async def test_superseded_posts_lose_their_buttons(world, monkeypatch, game):
    """Issue 25 item 6: once a new turn post is made, the earlier ones keep no buttons (they
    could only answer "no longer available"); only the newest post may carry any."""
    monkeypatch.setattr("host.notify.render_png_async", stub_render)
    await _play(world, game, 60)
    posts = [m.id for m in world.channel.history()]
    offered = _with_buttons(world)
    assert offered in ([], [posts[-1]]), (len(offered), "posts still carry buttons")
    stripped = [
        r
        for r in world.env.http_requests
        if r.method == "PATCH" and (r.json or {}).get("components") == []
    ]
    assert stripped, "no post ever had its buttons taken away: the test proves nothing"


async def test_an_undo_takes_the_buttons_off_the_undone_post_and_the_vote(world, monkeypatch):
    """Issue 25 item 6: after an undo the superseded turn post and the answered vote keep no
    buttons, also when the vote is answered after a restart (the edits are in the outbox)."""
    monkeypatch.setattr("host.notify.render_png_async", stub_render)
    members = [world.ana, world.bo, world.cy]
    await world.ana.slash(world.channel, "game new", game="sealed")
    for member in members[1:]:
        await member.slash(world.channel, "game join")
    await world.ana.slash(world.channel, "game start")
    for member in (world.ana, world.bo):
        options = await world.bot.tables.legal_moves(world.channel.id, member.id)
        assert accepted(await member.slash(world.channel, "move", move=options[0]))
    assert _with_buttons(world), "the turn post offers no buttons: the test proves nothing"
    asked = await world.ana.slash(world.channel, "undo")
    assert not said(asked).startswith("⚠️"), said(asked)
    vote = world.channel.last_message
    labels = [c.label for row in vote.components for c in row.children]
    assert "Allow undo" in labels, labels
    await world.restart()
    for voter in (world.bo, world.cy):
        pressed = await voter.click(vote, label="Allow undo")
        assert accepted(pressed), said(pressed)
    assert "took back" in world.channel.last_message.content
    newest = world.channel.last_message.id
    assert set(_with_buttons(world)) <= {newest}, "the undone post or the vote kept its buttons"


async def test_a_128_entrant_tournament_is_reachable_in_full(world):
    """Issue 25 item 8: standings of 11,183 characters showed 22 lines and a status of 43 tables
    showed 14. Now the first page says how much more there is, and the whole text is attached."""
    made = await world.ana.slash(
        world.channel, "tournament create", name="Big Cup", game="sealed", format="swiss"
    )
    assert accepted(made), said(made)
    service = world.bot.tournaments
    for n in range(128):
        await service.join(world.channel.id, 10_000 + n, f"entrant number {n:03d}")
    await service.start(world.channel.id, world.ana.id, is_admin=True)
    await world.env.settle()
    for command, name in (
        ("tournament status", "status.txt"),
        ("tournament standings", "standings.txt"),
    ):
        answer = await world.bo.slash(world.channel, command)
        # A private answer is the interaction's; a public one an ordinary post in the channel.
        if f"attached {name}" in said(answer):
            shown = answer.response
        else:
            shown = next(m for m in reversed(list(world.channel.history())) if name in m.content)
        text = shown.content
        assert len(text) <= 2000 and f"attached {name}" in text, text[-200:]
        files = {a.filename: a for a in shown.attachments}
        whole = (await files[name].read()).decode()
        assert all(f"entrant number {n:03d}" in whole for n in range(128)), name
        if name == "status.txt":
            assert whole.count("\nTable ") == 32  # 128 entrants at tables of 4
        assert all(a.description for a in shown.attachments)


async def test_a_dm_links_to_the_turn_post(world, monkeypatch):
    """Issue 25 item 5: Tahiti deals each player's secret favourite goods by DM at the start;
    the DM carries a jump link to the turn post it belongs to. DMs go out beside the channel
    (per-target queues), so a DM waits for the post it links to."""
    monkeypatch.setattr("host.notify.render_png_async", stub_render)
    await _play(world, "tahiti", 0)
    post = next(m for m in world.channel.history() if "To move" in m.content)
    link = f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/{post.id}"
    for member in (world.ana, world.bo, world.cy):
        [dm] = dms(member)
        assert link in dm, dm
        assert "favourite" in dm.lower()


async def test_commands_in_answers_are_clickable_mentions(world):
    """Issue 25 item 7: a command written in an answer is a mention (``</game new:id>``) made
    from the ids the sync returned, kept in the database for the next start."""
    assert world.bot.command_ids.get("game"), world.bot.command_ids
    answered = await world.ana.slash(world.channel, "board")
    assert f"</game new:{world.bot.command_ids['game']}>" in said(answered), said(answered)
    await world.restart()  # no new sync: the ids come from the database
    again = await world.ana.slash(world.channel, "board")
    assert f"</game new:{world.bot.command_ids['game']}>" in said(again)
