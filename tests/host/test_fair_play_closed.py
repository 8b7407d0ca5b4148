"""Fair play, closed (issue 23): the second red team's host-side findings, each reproduced."""

from __future__ import annotations

import asyncio
import random

import pytest

from engines import ENGINES
from engines.base import Step
from host.life import PlayByPost
from host.tables import TableError, TableService
from tests.host.test_fair_play import CH, started
from tests.sealed_bids import SealedBids


async def play_to_repeatable_quiet_decision(service: TableService, chooser: random.Random):
    """Play until the mover has a move that reveals nothing and is still theirs and legal right
    after it (a repeatable action in a multi-step turn): the case a second copy would repeat."""
    for _ in range(600):
        table = await service.store.live_table(CH)
        engine = service.engine(table.game)
        state = engine.decode(table.state)
        seat = engine.to_move(state)[0]
        for move in engine.legal_moves(state, seat):
            step = engine.apply(state, seat, move)
            if (
                not step.reveals
                and seat in engine.to_move(step.state)
                and move in engine.legal_moves(step.state, seat)
            ):
                return table.user_of(seat), move
        user = table.user_of(seat)
        await service.submit(CH, user, chooser.choice(await service.legal_moves(CH, user)))
    pytest.fail("no repeatable decision that reveals nothing in 600 moves")


@pytest.mark.parametrize("game", ["amerigo", "bremerhaven", "drake", "vasco"])
async def test_a_typed_move_sent_twice_right_after_an_undo_applies_once(store, engines, game):
    """Issue 23 defect 2 (Amerigo `launch rim1`, Bremerhaven `buy permit` paid twice, Drake
    `continue`, Vasco `decline`): the undo took the move count back, so both copies of the next
    typed move must still be judged against one point of the game."""
    life = PlayByPost(TableService(store, engines=engines))
    service = life.tables
    await started(service, game)
    user, move = await play_to_repeatable_quiet_decision(service, random.Random(game))
    await service.submit(CH, user, move)
    await life.undo(CH, user)
    before = (await store.live_table(CH)).move_count
    results = await asyncio.gather(
        service.submit(CH, user, move), service.submit(CH, user, move), return_exceptions=True
    )
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(refused) == 1 and isinstance(refused[0], TableError), results
    assert "out of date" in str(refused[0])
    assert (await store.live_table(CH)).move_count == before + 1


class ToldReveals(SealedBids):
    """Sealed Bids whose moves say ``reveals`` while ``told`` is set: a move stored with the flag
    that a replay today would not judge revealing (an engine corrected since, say)."""

    id = "told-reveals"
    told = True

    def apply(self, state, seat, move) -> Step:
        step = super().apply(state, seat, move)
        step.reveals = step.reveals or self.told
        return step


async def test_the_stored_reveals_flag_alone_refuses_an_undo(store):
    """Issue 23 guard: the undo is refused on the stored flag, not only on the replay's verdict
    (what was shown when the move was made cannot be unseen, whatever a replay says now)."""
    engine = ToldReveals()
    life = PlayByPost(TableService(store, engines={engine.id: engine, **ENGINES}))
    t = life.tables
    await t.open(guild_id=1, channel_id=CH, game=engine.id, user_id=31, name="Ana")
    await t.join(CH, 32, "Bo")
    await t.join(CH, 33, "Cy")
    await t.start(CH, 31, seed=4)
    await t.submit(CH, 31, (await t.legal_moves(CH, 31))[0])
    table = await store.live_table(CH)
    assert (await store.moves(table.id, last=1))[0].reveals
    engine.told = False  # a replay now finds nothing revealing: only the stored flag knows
    with pytest.raises(TableError, match="showed hidden information"):
        await life.undo(CH, 31)
    assert (await store.live_table(CH)).move_count == 1
