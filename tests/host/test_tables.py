"""host/tables.py: lobbies, turns, secrets, restarts and races (docs/ARCHITECTURE.md 4; issue 2 part
4)."""

from __future__ import annotations

import asyncio

import pytest

from host.notify import Deliverer
from host.store import Store
from host.tables import TableError, TableService
from tests.host.conftest import FakeTransport

CH = 500
ANA, BO, CY = 1001, 1002, 1003


async def lobby(service: TableService, users=(ANA, BO), game="sealed", **kw):
    await service.open(guild_id=1, channel_id=CH, game=game, user_id=users[0], name="Ana", **kw)
    for i, user in enumerate(users[1:]):
        await service.join(CH, user, f"P{i + 2}")


async def started(service, players=(ANA, BO), seed=42):
    await lobby(service, players)
    return await service.start(CH, players[0], seed=seed)


async def test_unknown_game_and_bad_counts(service):
    with pytest.raises(TableError, match="Unknown game"):
        await service.open(guild_id=1, channel_id=CH, game="chess", user_id=ANA, name="Ana")
    with pytest.raises(TableError, match="2 to 4 players"):
        await service.open(
            guild_id=1, channel_id=CH, game="sealed", user_id=ANA, name="A", players=9
        )
    with pytest.raises(TableError, match="no variant"):
        await service.open(
            guild_id=1, channel_id=CH, game="sealed", user_id=ANA, name="A", variant="turbo"
        )


async def test_one_game_per_channel(service):
    await lobby(service)
    with pytest.raises(TableError, match="already has a game"):
        await service.open(guild_id=1, channel_id=CH, game="sealed", user_id=CY, name="Cy")


async def test_join_full_twice_and_running(service):
    await lobby(service, (ANA, BO), players=2)
    with pytest.raises(TableError, match="full"):
        await service.join(CH, CY, "Cy")
    with pytest.raises(TableError, match="already in"):
        await service.join(CH, BO, "Bo")
    await service.start(CH, ANA, seed=1)
    with pytest.raises(TableError, match="already started"):
        await service.join(CH, CY, "Cy")


async def test_start_needs_enough_players_and_a_player(service):
    await service.open(guild_id=1, channel_id=CH, game="sealed", user_id=ANA, name="Ana")
    with pytest.raises(TableError, match="at least 2"):
        await service.start(CH, ANA)
    await service.join(CH, BO, "Bo")
    with pytest.raises(TableError, match="Only a player"):
        await service.start(CH, CY)


async def test_leave_renumbers_and_last_leaver_closes(service):
    await lobby(service, (ANA, BO, CY))
    table = await service.leave(CH, BO)
    assert [(s.seat, s.user_id) for s in table.seats] == [(0, ANA), (1, CY)]
    await service.leave(CH, ANA)
    table = await service.leave(CH, CY)
    assert table.status == "aborted"
    with pytest.raises(TableError, match="no game"):
        await service.live(CH)


async def test_moves_outside_a_game(service):
    with pytest.raises(TableError, match="no game"):
        await service.submit(CH, ANA, "bid 1")
    await lobby(service)
    with pytest.raises(TableError, match="not started"):
        await service.submit(CH, ANA, "bid 1")


async def test_non_player_illegal_and_out_of_turn(service):
    await started(service)
    with pytest.raises(TableError, match="not a player"):
        await service.submit(CH, CY, "bid 1")
    with pytest.raises(TableError, match="not a legal move"):
        await service.submit(CH, ANA, "bid 99")
    move = (await service.legal_moves(CH, ANA))[0]
    await service.submit(CH, ANA, move)
    with pytest.raises(TableError, match="not your turn"):
        await service.submit(CH, ANA, (await service.legal_moves(CH, BO))[0])
    assert (await service.store.live_table(CH)).move_count == 1


async def test_start_dms_every_player_their_private_view(service):
    outcome = await started(service)
    dms = [i for i in outcome.items if i.kind == "dm"]
    assert sorted(i.target for i in dms) == [ANA, BO]
    for item in dms:
        seat = outcome.table.seat_of(item.target)
        assert item.payload["image"]["view"]["seat"] == seat
    channel = next(i for i in outcome.items if i.kind == "channel")
    assert "private" not in channel.payload["image"]["view"]
    assert sorted(channel.payload["mentions"]) == [ANA, BO]


async def test_simultaneous_bids_stay_secret_until_reveal(service):
    await started(service)
    ana_move = (await service.legal_moves(CH, ANA))[-1]
    outcome = await service.submit(CH, ANA, ana_move)
    channel = next(i for i in outcome.items if i.kind == "channel")
    # Ana's bid value is in her DM only; the channel post and public view show only that she bid.
    assert ana_move.split()[1] not in channel.payload["text"].replace("Seat 1", "")
    assert (await service.board_view(CH))[1]["submitted"] == [True, False]
    # The phase goes on: the phase's post is edited, which never pings (Bo was already awaited).
    assert channel.payload["edit_of"].endswith(":channel") and channel.payload["mentions"] == []
    dm = next(i for i in outcome.items if i.kind == "dm")
    assert dm.target == ANA and ana_move.split()[1] in dm.payload["text"]
    moves = await service.legal_moves(CH, BO)
    outcome = await service.submit(CH, BO, moves[0])
    assert "revealed" in next(i for i in outcome.items if i.kind == "channel").payload["text"]


async def play_to_end(service):
    outcome = None
    while True:
        table = await service.store.live_table(CH)
        if table is None:
            return outcome
        engine = service.engine(table.game)
        waiting = engine.to_move(engine.decode(table.state))
        user = table.user_of(waiting[0])
        outcome = await service.submit(CH, user, (await service.legal_moves(CH, user))[0])


async def test_full_game_finishes_with_standings(service):
    await started(service)
    outcome = await play_to_end(service)
    assert outcome.finished and outcome.standings
    table = await service.latest(CH)
    assert table.status == "finished" and len(table.result) == 2
    text = next(i for i in outcome.items if i.kind == "channel").payload["text"]
    assert "Final standings" in text
    status = await service.status(CH)
    assert "finished" in status and "Final standings" in status
    assert len(await service.recent_log(CH, 50)) == table.move_count


async def test_restart_between_moves_loses_nothing(db_target, engines):
    path = db_target
    store = await Store.open(path)
    service = TableService(store, engines=engines)
    await started(service)
    first = (await service.legal_moves(CH, ANA))[0]
    await service.submit(CH, ANA, first)
    before = await service.store.live_table(CH)
    await store.close()

    store = await Store.open(path)  # the bot restarts
    try:
        service = TableService(store, engines=engines)
        after = await service.store.live_table(CH)
        assert after.state == before.state and after.version == before.version
        await service.submit(CH, BO, (await service.legal_moves(CH, BO))[0])
        assert (await store.live_table(CH)).move_count == 2
    finally:
        await store.close()


async def test_double_click_is_accepted_once(service):
    """Two identical submissions at once: one is accepted, the other is told why."""
    await started(service)
    move = (await service.legal_moves(CH, ANA))[0]
    results = await asyncio.gather(
        service.submit(CH, ANA, move), service.submit(CH, ANA, move), return_exceptions=True
    )
    accepted = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, TableError)]
    assert len(accepted) == 1 and len(refused) == 1
    assert "out of date" in str(refused[0]) or "not your turn" in str(refused[0])
    assert (await service.store.live_table(CH)).move_count == 1


async def test_two_processes_never_both_apply(db_target, engines):
    """Two services on separate connections (as two processes would be) race for one decision."""
    path = db_target
    store_a, store_b = await Store.open(path), await Store.open(path)
    try:
        a, b = TableService(store_a, engines=engines), TableService(store_b, engines=engines)
        await started(a)
        move = (await a.legal_moves(CH, ANA))[0]
        results = await asyncio.gather(
            a.submit(CH, ANA, move), b.submit(CH, ANA, move), return_exceptions=True
        )
        assert sum(not isinstance(r, Exception) for r in results) == 1
        assert (await store_a.live_table(CH)).move_count == 1
        assert len(await store_a.moves((await store_a.live_table(CH)).id)) == 1
    finally:
        await store_a.close()
        await store_b.close()


async def test_stale_button_is_refused(service):
    outcome = await started(service)
    version = outcome.table.version
    await service.submit(CH, ANA, (await service.legal_moves(CH, ANA))[0])
    with pytest.raises(TableError, match="out of date"):
        await service.submit(
            CH, BO, (await service.legal_moves(CH, BO))[0], expected_version=version
        )


async def test_autocomplete_filters_by_prefix_and_hides_from_others(service):
    await started(service)
    moves = await service.legal_moves(CH, ANA)
    assert moves and all(m.startswith("bid") for m in moves)
    one = moves[0].split()[1]
    assert await service.legal_moves(CH, ANA, f"bid {one}") == [moves[0]]
    assert await service.legal_moves(CH, CY) == []  # not a player
    assert await service.legal_moves(CH + 1, ANA) == []  # another channel


async def test_abort_needs_opener_or_admin(service):
    await started(service)
    with pytest.raises(TableError, match="Only the player who opened"):
        await service.abort(CH, BO)
    table = await service.abort(CH, BO, is_admin=True)
    assert table.status == "aborted"


async def test_outbox_delivers_once_and_survives_a_failed_send(service):
    outcome = await started(service)
    broken = FakeTransport(fail_channel=True)
    await Deliverer(service.store, broken).deliver(outcome.items)
    assert [i.kind for i in await service.store.pending()] == ["channel"]  # DMs went, post did not
    working = FakeTransport()
    assert await Deliverer(service.store, working).flush() == 1
    assert await Deliverer(service.store, working).flush() == 0
    assert len(working.channel) == 1


async def test_closed_dms_are_announced_without_the_secret(service):
    outcome = await started(service)
    transport = FakeTransport(closed_dms={BO})
    await Deliverer(service.store, transport).deliver(outcome.items)
    notices = [p for key, p, _ in transport.channel if key.endswith(":closed")]
    assert len(notices) == 1 and "/hand" in notices[0]["text"]
    hand = (await service.hand(CH, BO))[1]["private"]["hand"]
    assert not any(str(card) in notices[0]["text"].replace(str(BO), "") for card in hand)


async def test_the_move_log_stores_the_canonical_text(service):
    """What a player typed (case, spaces) is logged as the engine's canonical move."""
    await started(service)
    move = (await service.legal_moves(CH, ANA))[0]
    outcome = await service.submit(CH, ANA, "  " + move.upper().replace(" ", "   ") + " ")
    assert [m.move for m in await service.store.moves(outcome.table.id)] == [move]


async def test_choice_buttons_never_show_a_secret_hand(service):
    """Buttons are posted in the channel: the last bidder's options are their secret hand, so
    none are offered (docs/ARCHITECTURE.md 2: secrets stay out of public posts)."""
    await started(service)
    outcome = await service.submit(CH, ANA, (await service.legal_moves(CH, ANA))[0])
    channel = next(i for i in outcome.items if i.kind == "channel")
    assert (await service.board_view(CH))[1]["submitted"] == [True, False]
    assert "choices" not in channel.payload
    assert channel.payload["private_choices"] == {"user_id": BO}


async def test_choice_buttons_are_offered_when_nothing_is_secret(store):
    from tests.podium import ENGINE as PODIUM

    engine = PODIUM.__class__()
    engine.legal_moves = lambda state, seat: (
        ["score 1", "score 2"] if seat in engine.to_move(state) else []
    )
    service = TableService(store, engines={"podium": engine})
    await service.open(guild_id=1, channel_id=CH, game="podium", user_id=ANA, name="Ana")
    await service.join(CH, BO, "Bo")
    await service.start(CH, ANA, seed=1)
    outcome = await service.submit(CH, ANA, "score 1")
    channel = next(i for i in outcome.items if i.kind == "channel")
    choices = channel.payload["choices"]
    assert choices["user_id"] == BO and choices["moves"] == ["score 1", "score 2"]
    # The buttons read as the engine describes the moves (issue 25: words, not codes).
    assert choices["labels"] == [engine.describe(None, 1, m) for m in choices["moves"]]


def test_long_posts_drop_the_earliest_lines_not_the_standings():
    from host.talk import POST_LIMIT, fit_post

    lines = [f"event {i}: " + "x" * 60 for i in range(80)] + ["Final standings", "To move: A"]
    text = fit_post(lines)
    assert len(text) <= POST_LIMIT
    assert text.endswith("Final standings\nTo move: A")
    assert text.startswith("… (") and "earlier lines" in text
    assert fit_post(["a", "b"]) == "a\nb"
