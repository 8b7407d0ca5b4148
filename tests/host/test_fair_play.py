"""Fair play at the host (issue 12): no move applied twice, no secret on a button, no undo that
peeks or refills the clock, nothing announced before it is committed. Each test scripts one of the
attacks the issue reports, on every real game where the attack applies."""

from __future__ import annotations

import asyncio
import random

import pytest

from engines import ENGINES
from engines.base import Rng
from host import clocks
from host.life import PlayByPost
from host.notify import Deliverer
from host.store import OutboxItem
from host.tables import TableError, TableService
from tests.conformance import configurations
from tests.host.conftest import FakeTransport

CH = 900
USERS = [31, 32, 33, 34, 35]
GAMES = sorted(ENGINES)


async def started(service: TableService, game: str, seed: int = 11) -> None:
    engine = ENGINES[game]
    players, variant = configurations(engine)[0]
    users = USERS[:players]
    await service.open(
        guild_id=1, channel_id=CH, game=game, user_id=users[0], name="U0", variant=variant
    )
    for i, user in enumerate(users[1:], 1):
        await service.join(CH, user, f"U{i}")
    await service.start(CH, users[0], seed=seed)


async def waiting_user(service: TableService) -> int:
    table = await service.store.live_table(CH)
    engine = service.engine(table.game)
    return table.user_of(engine.to_move(engine.decode(table.state))[0])


async def find_repeatable_decision(service: TableService, chooser: random.Random) -> tuple:
    """Play until some user's move would still be legal after they made it (a multi-step turn, or
    a repeatable action): the case where a second copy would be applied twice."""
    for _ in range(400):
        table = await service.store.live_table(CH)
        engine = service.engine(table.game)
        state = engine.decode(table.state)
        seat = engine.to_move(state)[0]
        for move in engine.legal_moves(state, seat):
            after = engine.apply(state, seat, move).state
            if seat in engine.to_move(after) and move in engine.legal_moves(after, seat):
                return table.user_of(seat), move
        user = table.user_of(seat)
        await service.submit(CH, user, chooser.choice(await service.legal_moves(CH, user)))
    pytest.skip("no repeatable decision found")


@pytest.mark.parametrize("game", GAMES)
async def test_the_same_typed_move_sent_twice_at_once_applies_once(service, game):
    """Issue 12: "the same /move sent twice at once is applied twice whenever it is still legal
    after the first"."""
    await started(service, game)
    user, move = await find_repeatable_decision(service, random.Random(game))
    before = (await service.store.live_table(CH)).move_count
    results = await asyncio.gather(
        service.submit(CH, user, move), service.submit(CH, user, move), return_exceptions=True
    )
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(refused) == 1 and isinstance(refused[0], TableError), results
    assert "out of date" in str(refused[0])
    assert (await service.store.live_table(CH)).move_count == before + 1


@pytest.mark.parametrize("game", GAMES)
async def test_an_autocomplete_choice_is_refused_once_the_game_moved_on(service, game):
    await started(service, game)
    user = await waiting_user(service)
    name, value = (await service.move_choices(CH, user))[0]
    assert name and value.endswith(f"#v{(await service.store.live_table(CH)).version}")
    await service.submit(CH, user, value)
    with pytest.raises(TableError, match="out of date"):
        await service.submit(CH, user, value)


@pytest.mark.parametrize("game", GAMES)
async def test_channel_buttons_never_differ_on_a_re_deal_of_the_hidden_parts(service, game):
    """Issue 12 (Francis Drake showed `disc 1, disc 2, disc 4` after disc 3 went face down): a
    post's buttons are the same on every state the public cannot tell apart from the real one."""
    await started(service, game)
    chooser = random.Random(game)
    for _ in range(120):
        table = await service.store.live_table(CH)
        if table is None:
            break
        engine = service.engine(table.game)
        state = engine.decode(table.state)
        seat = engine.to_move(state)[0]
        user = table.user_of(seat)
        outcome = await service.submit(
            CH, user, chooser.choice(await service.legal_moves(CH, user))
        )
        if outcome.table.status != "active":
            break
        after = engine.decode(outcome.table.state)
        for item in outcome.items:
            choices = item.payload.get("choices") if item.kind == "channel" else None
            if not choices:
                continue
            mover = outcome.table.seat_of(choices["user_id"])
            rng = Rng.from_seed(outcome.table.version)
            for _ in range(6):
                other = engine.resample_hidden(after, None, rng)
                assert engine.legal_moves(other, mover) == choices["moves"]


async def test_move_then_undo_never_refills_the_clock(store, engines):
    """Issue 12: a 6-minute bank reached the 8-hour cap in 12 move-then-undo cycles."""
    now = [1_800_000_000.0]
    life = PlayByPost(TableService(store, engines=engines, now=lambda: now[0]))
    t = life.tables
    await t.open(guild_id=1, channel_id=CH, game="sealed", user_id=31, name="A", pace="fast")
    await t.join(CH, 32, "B")
    await t.start(CH, 31, seed=5)
    start = (await store.live_table(CH)).clock
    for _ in range(12):
        now[0] += 60
        await t.submit(CH, 31, (await t.legal_moves(CH, 31))[0])
        await life.undo(CH, 31)
        assert (await store.live_table(CH)).clock == start
    assert clocks.remaining(start, 0, now[0]) < clocks.remaining(start, 0, start_time(start))


def start_time(clock: dict) -> float:
    return min(s["since"] for s in clock["seats"] if s["since"] is not None)


async def test_a_read_for_delivery_never_sees_an_open_transaction_and_a_rollback_is_silent(store):
    """Issue 12: a post was sent before its move committed, and a rolled-back final move was
    announced. Force the interleaving: a delivery runs in the middle of a transaction. Reads see
    committed data only (issue 24: they do not wait for the writer), so it finds nothing."""
    inside, release = asyncio.Event(), asyncio.Event()
    item = OutboxItem("t1:v9:channel", "channel", 5, {"text": "Final standings", "mentions": []})

    async def work(db):
        await store._queue(db, None, [item])
        inside.set()
        await release.wait()
        raise RuntimeError("the move is rolled back")

    writer = asyncio.create_task(store._transaction(work))
    await inside.wait()
    transport = FakeTransport()
    assert await asyncio.wait_for(Deliverer(store, transport).flush(), 5) == 0
    assert not writer.done() and transport.channel == []
    release.set()
    with pytest.raises(RuntimeError):
        await writer
    assert await Deliverer(store, transport).flush() == 0
    assert transport.channel == [] and await store.pending() == []


@pytest.mark.parametrize("game", GAMES)
async def test_a_move_that_revealed_anything_cannot_be_undone(store, engines, game):
    """Issue 12 (Drake's Informer peeked, undid, peeked elsewhere; Vasco's last placer saw the
    next tile): a move whose Step says ``reveals`` is stored so, and undo refuses it, at once and
    by vote alike."""
    life = PlayByPost(TableService(store, engines=engines))
    service = life.tables
    await started(service, game)
    chooser = random.Random(game)
    for _ in range(600):
        table = await store.live_table(CH)
        engine = service.engine(table.game)
        state = engine.decode(table.state)
        seat = engine.to_move(state)[0]
        move = chooser.choice(engine.legal_moves(state, seat))
        revealing = engine.apply(state, seat, move).reveals
        outcome = await service.submit(CH, table.user_of(seat), move)
        if revealing and outcome.table.status == "active":
            assert (await store.moves(outcome.table.id, last=1))[0].reveals
            with pytest.raises(TableError, match="showed hidden information"):
                await life.undo(CH, table.user_of(seat))
            return
    pytest.fail("no revealing move in 600 moves")
