"""Seat fillers and autopilot seats as background work per table (issue 24 item 2): the member's
move commits and returns; the pilot plays the seats that play by themselves afterwards, one move
at a time and in order, each committed and handed on like anyone's; after a restart it picks up
from the stored state."""

from __future__ import annotations

import asyncio

from host.store import Store
from host.tables import TableService, is_filler

CH = 88
ANA = 601


async def drake_with_two_fillers(service: TableService):
    await service.open(
        guild_id=1, channel_id=CH, game="drake", user_id=ANA, name="Ana", players=3, bots=2
    )
    return await service.start(CH, ANA, seed=11)


def scripted(service: TableService, gate: asyncio.Event | None = None) -> list[tuple[int, int]]:
    """Fillers play the default move (after ``gate`` opens); returns the decisions' (seat,
    move count) as they are asked for."""
    asked: list[tuple[int, int]] = []

    async def decide(engine, state, seat, seed):
        asked.append((seat, seed))
        if gate is not None:
            await gate.wait()
        return engine.default_move(state, seat)

    service.autopilot_move = decide
    return asked


async def test_the_members_move_returns_before_the_fillers_think(service):
    gate = asyncio.Event()
    scripted(service, gate)
    told = []

    async def deliver(outcome):
        told.append(outcome)

    service.on_pilot = deliver
    await drake_with_two_fillers(service)
    gate.set()
    await service.settle()
    gate.clear()
    table = await service.store.live_table(CH)
    move = (await service.legal_moves(CH, ANA))[0]
    outcome = await asyncio.wait_for(service.submit(CH, ANA, move), timeout=10)
    # Answered with the fillers still thinking: only Ana's move is committed and told.
    assert outcome.table.move_count == table.move_count + 1
    assert (await service.store.live_table(CH)).move_count == outcome.table.move_count
    gate.set()
    await service.settle(table.id)
    after = await service.store.live_table(CH)
    moves = await service.store.moves(table.id)
    followers = moves[outcome.table.move_count :]
    assert followers and all(is_filler(after, m.seat) for m in followers)
    # Each filler move was committed and handed on in order, one outcome per move.
    assert [o.table.move_count for o in told[-len(followers) :]] == [m.n for m in followers]
    engine = service.engine("drake")
    assert [after.user_of(s) for s in engine.to_move(engine.decode(after.state))] == [ANA]


async def test_a_filler_left_to_move_by_a_crash_moves_after_the_restart(db_target):
    first = TableService(await Store.open(db_target))
    scripted(first)
    await drake_with_two_fillers(first)
    await first.settle()
    first.kick = lambda table: None  # the process dies before its pilot starts
    move = (await first.legal_moves(CH, ANA))[0]
    outcome = await first.submit(CH, ANA, move)
    await first.store.close()

    second = TableService(await Store.open(db_target))
    asked = scripted(second)
    try:
        assert (await second.store.live_table(CH)).move_count == outcome.table.move_count
        assert await second.kick_due() == 1  # what the bot's tick does after a restart
        await second.settle()
        table = await second.store.live_table(CH)
        assert asked and table.move_count > outcome.table.move_count
        engine = second.engine("drake")
        assert [table.user_of(s) for s in engine.to_move(engine.decode(table.state))] == [ANA]
        assert await second.kick_due() == 0
    finally:
        await second.store.close()


async def test_a_decision_overtaken_by_a_members_move_is_made_again_not_applied(service):
    """Sealed bids: the filler bids at the same time as the members. A member's bid while the
    filler thinks changes the game: the filler's stale decision is dropped and made again, so
    one decision is applied once."""
    gate = asyncio.Event()
    asked = scripted(service, gate)
    await service.open(
        guild_id=1, channel_id=CH, game="sealed", user_id=ANA, name="Ana", players=3, bots=1
    )
    await service.join(CH, ANA + 1, "Bo")
    await service.start(CH, ANA, seed=3)
    while not asked:
        await asyncio.sleep(0)  # the pilot is deciding
    bid = (await service.legal_moves(CH, ANA))[0]
    await service.submit(CH, ANA, bid)
    gate.set()
    await service.settle()
    table = await service.store.live_table(CH)
    moves = await service.store.moves(table.id)
    filler_seat = 1  # the filler sat down when the lobby opened, before Bo joined
    assert is_filler(table, filler_seat)
    assert [m.seat for m in moves].count(filler_seat) == 1
    assert len(asked) == 2  # decided again after Ana's bid changed the game
    assert len(service._pilots) == 0  # nothing left running


async def test_one_pilot_per_table(service):
    gate = asyncio.Event()
    scripted(service, gate)
    outcome = await drake_with_two_fillers(service)
    first = service._pilots.get(outcome.table.id)
    service.kick(outcome.table)
    service.kick(await service.store.live_table(CH))
    assert service._pilots.get(outcome.table.id) is first
    gate.set()
    await service.settle()
    assert outcome.table.id not in service._pilots


async def test_the_next_filler_thinks_while_the_last_move_is_posted(service):
    """A filler's move is posted (its board drawn, sent) while the next seat that plays by
    itself decides, rather than before: two fillers in a row no longer add the first one's post
    to the second one's wait. Posts go out one at a time, in the order of the moves, and
    ``settle`` waits for them."""
    asked = scripted(service)
    release = asyncio.Event()
    posting: list[int] = []
    posted: list[int] = []

    async def deliver(outcome):
        posting.append(outcome.table.move_count)
        await release.wait()
        posted.append(outcome.table.move_count)

    outcome = await drake_with_two_fillers(service)
    await service.settle()  # to Ana's turn, the fillers' posts told at once
    service.on_pilot = deliver
    table = await service.store.live_table(CH)
    asked.clear()
    await service.submit(CH, ANA, (await service.legal_moves(CH, ANA))[0])
    for _ in range(1000):
        if len(asked) >= 2:
            break
        await asyncio.sleep(0.01)
    # The second filler decided while the first one's post was still being sent.
    assert len(asked) >= 2 and posting and not posted
    assert len(posting) == 1  # the next post waits for this one
    release.set()
    await service.settle(outcome.table.id)
    assert posted == posting == sorted(posting)
    # Every filler move after Ana's was posted (hers is told by whoever took it).
    assert posted == list(
        range(table.move_count + 2, (await service.store.live_table(CH)).move_count + 1)
    )
