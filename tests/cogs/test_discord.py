"""The Discord adapter on SimCord (issue 13): the real bot and discord.py against a simulated
Discord. Lobby, moves, buttons, DMs, errors, permissions, mentions and delivery failures."""

from __future__ import annotations

import discord
import pytest

from tests.cogs.sim import (
    accepted,
    dms,
    lobby_post,
    private,
    requests,
    said,
    stub_render,
    texts,
)


@pytest.fixture(autouse=True)
def _no_images(monkeypatch):
    # The picture proves nothing here (the renderers have their own tests); drawing it costs.
    monkeypatch.setattr("host.notify.render_png_async", stub_render)


async def test_commands_are_synced_and_game_commands_are_guild_only(world):
    names = world.ana.available_commands(world.channel)
    for name in ("game new", "game list", "move", "board", "hand", "tournament create"):
        assert name in names
    in_dm = world.ana.user.available_commands()
    assert "game new" not in in_dm and "tournament create" not in in_dm
    assert "rules" in in_dm  # harmless anywhere


async def test_lobby_buttons_join_and_start_and_survive_a_restart(world):
    opened = await world.ana.slash(world.channel, "game new", game="sealed")
    assert private(opened) and "table is open" in said(opened)
    lobby = lobby_post(world.channel)  # an ordinary channel post
    assert "new table is open" in lobby.content
    await world.restart()
    await world.bo.click(lobby, label="Join")
    assert "bo" in lobby_post(world.channel).content  # the lobby message, edited in place
    again = await world.bo.click(lobby, label="Join")
    assert private(again) and "already in" in said(again)
    await world.ana.click(lobby, label="Start")
    assert "begins" in world.channel.last_message.content  # an ordinary post of the outbox
    assert "has started" in lobby_post(world.channel).content  # the lobby, without buttons
    assert dms(world.ana) and dms(world.bo)  # each player's private view


async def test_errors_are_ephemeral_and_specific(world):
    no_game = await world.ana.slash(world.channel, "move", move="bid 1")
    assert no_game.ephemeral and "no game" in no_game.response.content
    await world.open_and_start()
    outsider = await world.cy.slash(world.channel, "move", move="bid 1")
    assert outsider.ephemeral and "not a player" in outsider.response.content
    bad = await world.ana.slash(world.channel, "move", move="fly away")
    assert bad.ephemeral and "not a legal move" in bad.response.content
    assert (await world.table()).move_count == 0


async def test_autocomplete_offers_only_the_callers_moves(world):
    await world.open_and_start()
    mine = await world.ana.autocomplete(world.channel, "move", "move", "bid")
    assert mine and all(c["value"].startswith("bid") for c in mine)
    assert await world.cy.autocomplete(world.channel, "move", "move", "") == []


async def test_secret_bid_goes_by_dm_not_to_the_channel(world):
    await world.open_and_start()
    hand = (await world.bot.tables.hand(world.channel.id, world.ana.id))[1]["private"]["hand"]
    done = await world.ana.slash(world.channel, "move", move=f"bid {hand[-1]}")
    assert accepted(done)
    assert f"bid {hand[-1]}" not in "\n".join(texts(world.channel))
    assert f"You bid {hand[-1]}" in dms(world.ana)[-1]
    assert not any(f"You bid {hand[-1]}" in d for d in dms(world.bo))
    shown = await world.ana.slash(world.channel, "hand")
    assert shown.ephemeral and "Your hand:" in said(shown)


async def test_closed_dms_403_are_announced_in_the_channel(world):
    world.env.inject_error(
        "POST",
        f"/channels/{world.bo.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    await world.open_and_start()
    notices = [t for t in texts(world.channel) if "could not send you a direct message" in t]
    assert len(notices) == 1 and world.bo.mention in notices[0]
    row = await world.bot.store.outbox_row(f"t{(await world.table()).id}:v1:dm:1")
    assert row is None or row["dead_at"] is not None  # a dead letter, never retried


async def test_full_game_with_restarts_and_buttons(world):
    await world.open_and_start()
    moves = 0
    while (table := await world.table()) is not None:
        member = await world.waiting()
        if moves % 2:
            move = (await world.bot.tables.legal_moves(world.channel.id, member.id))[0]
            done = await member.slash(world.channel, "move", move=move)
        else:
            post = world.channel.last_message
            buttons = [c for row in post.components for c in row.children]
            mine = [b for b in buttons if b.custom_id.startswith(f"pm:{table.id}:")]
            if not mine:
                move = (await world.bot.tables.legal_moves(world.channel.id, member.id))[0]
                done = await member.slash(world.channel, "move", move=move)
            else:
                done = await member.click(post, custom_id=mine[0].custom_id)
        assert accepted(done), said(done)
        moves += 1
        if moves % 3 == 0:
            await world.restart()
    status = await world.ana.slash(world.channel, "game status")
    assert "Final standings" in status.response.content
    assert await world.bot.store.pending() == []  # every post and DM went out


async def test_move_buttons_survive_a_restart_and_a_stale_press_is_refused(world):
    # A real game whose first decision is small enough for buttons.
    for game in ("vasco", "drake", "amerigo", "tahiti", "bremerhaven"):
        if game in world.bot.tables.engines:
            await world.open_and_start(game=game)
            post = world.channel.last_message
            if any(c.custom_id.startswith("pm:") for row in post.components for c in row.children):
                break
            await world.ana.slash(world.channel, "game abort")
    else:
        pytest.skip("no game offers buttons at its start")
    table = await world.table()
    member = await world.waiting()
    custom = f"pm:{table.id}:{table.version}:0"
    await world.restart()  # the buttons of a post made before a restart still work
    first = await member.click(post, custom_id=custom)
    assert accepted(first)
    post = await world.channel.history()[-1].channel.fetch_message(post.id)
    still = any(c.custom_id == custom for row in post.components for c in row.children)
    if still:  # the old post kept its buttons: a second press is refused, not applied
        second = await member.click(post, custom_id=custom)
        assert second.ephemeral and "out of date" in said(second)
    assert (await world.table()).move_count == 1


async def test_abort_uses_channel_permissions(world):
    # Bo may manage this one channel (an overwrite), not the server: that is enough here.
    guild = world.guild
    special = guild.create_text_channel(
        "bo-manages", overwrites={world.bo: discord.PermissionOverwrite(manage_channels=True)}
    )
    await world.ana.slash(special, "game new", game="sealed")
    refused = await world.cy.slash(world.channel, "game abort")
    assert refused.ephemeral  # no game in #games
    done = await world.bo.slash(special, "game abort")
    assert "aborted" in done.response.content
    assert await world.bot.store.live_table(special.id) is None


async def test_game_list_shows_only_this_server(world):
    other = world.env.create_guild("Elsewhere")
    far = other.create_text_channel("far")
    stranger = other.add_member(world.env.create_user("stranger"))
    await stranger.slash(far, "game new", game="sealed")
    await world.ana.slash(world.channel, "game new", game="sealed")
    listed = await world.ana.slash(world.channel, "game list")
    assert world.channel.mention in listed.response.content
    assert far.mention not in listed.response.content


async def test_a_failing_button_is_answered_like_a_failing_command(world, monkeypatch):
    opened = await world.ana.slash(world.channel, "game new", game="sealed")

    async def broken(*args, **kwargs):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(world.bot.tables, "join", broken)
    del opened
    pressed = await world.bo.click(lobby_post(world.channel), label="Join")
    assert private(pressed) and "something went wrong" in said(pressed)
    assert "kaboom" not in said(pressed)
    assert "unchanged" not in said(pressed)
    assert [type(e) for e in world.env.errors] in ([], [RuntimeError])  # the one we caused


async def test_a_failed_upload_after_a_move_says_it_was_saved_and_posts_once(world):
    await world.open_and_start()
    first = (await world.bot.tables.legal_moves(world.channel.id, world.ana.id))[0]
    await world.ana.slash(world.channel, "move", move=first)  # edits the turn post
    move = (await world.bot.tables.legal_moves(world.channel.id, world.bo.id))[0]
    # The new post's upload fails (posts are ordinary channel posts, after the answer).
    world.env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=500)
    done = await world.bo.slash(world.channel, "move", move=move)
    answer = said(done)
    assert "saved" in answer and "unchanged" not in answer
    assert (await world.table()).move_count == 2
    await world.bot.tick()  # the background flush posts it
    await world.bot.tick()
    posts = [t for t in texts(world.channel) if "revealed" in t]
    assert len(posts) == 1
    assert await world.bot.store.pending() == []


async def test_a_deleted_channel_404_ends_as_a_dead_letter_and_tells_the_opener(world):
    await world.open_and_start()
    table = await world.table()
    # The lobby and the start are ordinary channel posts too: count the tries after this.
    before = len(requests(world.env, "POST", f"/channels/{world.channel.id}/messages"))
    world.env.backend.delete_channel(world.channel.id)
    await world.env.settle()
    await world.bot.life.resign(world.channel.id, world.bo.id)  # queues a channel post
    await world.bot.tick()
    await world.bot.tick()
    pending = await world.bot.store.pending()
    assert not [p for p in pending if p.kind == "channel"]
    assert any("cannot post the updates" in d for d in dms(world.ana))
    posts_tried = requests(world.env, "POST", f"/channels/{world.channel.id}/messages")
    assert len(posts_tried) - before <= 1  # dead after one try, not retried every minute
    del table


async def test_a_tournament_name_cannot_ping(world):
    role = world.guild.create_role("Crew")
    name = f"{role.mention} @everyone <@{world.cy.id}> Cup"
    await world.ana.slash(world.channel, "tournament create", name=name, game="sealed")
    await world.bo.slash(world.channel, "tournament join")
    sent = requests(world.env, "POST", f"/channels/{world.channel.id}/messages")
    sent += requests(world.env, "POST", "/webhooks/")
    assert sent
    for request in sent:
        allowed = (request.json or {}).get("allowed_mentions")
        assert allowed is not None and allowed.get("parse") == [], request
    joined = world.channel.last_message
    assert not joined.mention_everyone and not joined.role_mentions and not joined.mentions


async def test_rules_topics_and_data_provenance(world):
    from engines import ENGINES

    for game in ENGINES:
        shown = await world.ana.slash(world.channel, "rules", game=game, topic="data")
        assert "come from" in said(shown) and "printed in the rulebook" in said(shown)
    unknown = await world.ana.slash(world.channel, "rules", game="tahiti", topic="chess")
    assert unknown.ephemeral and "No topic" in said(unknown)


# ---- delivery on SimCord: edits, pings, a crash between send and mark --------------------


def _item(key: str, channel, **payload):
    from host.store import OutboxItem

    return OutboxItem(key=key, kind="channel", target=channel.id, payload=payload)


async def test_a_post_pings_exactly_its_users_and_an_edit_pings_nobody(world):
    store = world.bot.store
    text = f"{world.ana.mention} and {world.bo.mention}, @everyone: your turn"
    await store.queue([_item("p1", world.channel, text=text, mentions=[world.ana.id])])
    await world.bot.deliverer.flush()
    (posted,) = requests(world.env, "POST", f"/channels/{world.channel.id}/messages")
    allowed = posted.json["allowed_mentions"]
    assert allowed["parse"] == [] and allowed["users"] == [world.ana.id]
    message_id = await store.message_id("p1")
    assert message_id == world.channel.last_message.id
    await store.queue([_item("p2", world.channel, text=text + " (edited)", edit_of="p1")])
    await world.bot.deliverer.flush()
    (edited,) = requests(world.env, "PATCH", f"/messages/{message_id}")
    assert edited.json["allowed_mentions"] == {"parse": []} or not any(
        edited.json["allowed_mentions"].get(k) for k in ("users", "roles", "parse")
    )
    assert world.channel.last_message.content.endswith("(edited)")
    assert len(texts(world.channel)) == 1  # edited in place, not posted again


async def test_an_edit_replaces_the_attachment_and_buttons(world, monkeypatch):
    async def board(spec):
        return b"\x89PNG board" if spec else None

    monkeypatch.setattr("host.notify.render_png_async", board)
    store = world.bot.store
    choices = {"user_id": world.ana.id, "moves": ["pass", "build"]}
    await store.queue(
        [
            _item(
                "b1",
                world.channel,
                text="turn",
                image={"k": 1},
                choices=choices,
                table_id=1,
                version=1,
            )
        ]
    )
    await world.bot.deliverer.flush()
    post = world.channel.last_message
    assert len(post.attachments) == 1 and post.components
    await store.queue([_item("b2", world.channel, text="turn, decided", edit_of="b1")])
    await world.bot.deliverer.flush()
    post = world.channel.last_message
    # Issue 25 item 1: an edit without a new image keeps the post's board; buttons follow the edit.
    assert post.content == "turn, decided" and len(post.attachments) == 1 and not post.components


async def test_an_edit_of_a_deleted_or_unknown_post_posts_afresh(world):
    store = world.bot.store
    await store.queue([_item("d1", world.channel, text="first")])
    await world.bot.deliverer.flush()
    world.env.backend.delete_message(world.channel.id, await store.message_id("d1"))
    await world.env.settle()
    await store.queue([_item("d2", world.channel, text="second", edit_of="d1")])
    await store.queue([_item("d3", world.channel, text="third", edit_of="never-sent")])
    await world.bot.deliverer.flush()
    assert texts(world.channel) == ["second", "third"]


async def test_a_crash_between_send_and_mark_does_not_post_twice(world):
    store = world.bot.store
    same = "Seat 1 has bid."  # the same text as an earlier post: that one must not be taken
    await store.queue([_item("c0", world.channel, text=same)])
    await world.bot.deliverer.flush()
    await store.queue([_item("c1", world.channel, text=same)])
    claimed = await store.claim_item("c1")
    await world.bot.transport.post(claimed, stub_render_none)  # sent; then the process died
    await world.restart()
    world.bot.deliverer.now = lambda: 10**10  # the dead sender's lease has run out
    await world.bot.deliverer.flush()
    assert texts(world.channel) == [same, same]
    assert await world.bot.store.message_id("c1") == world.channel.last_message.id


async def stub_render_none() -> None:
    return None
