"""Fair play, closed (issue 23): the second red team's host-side findings, each reproduced."""

from __future__ import annotations

import asyncio
import random

import pytest

from engines import ENGINES
from engines.base import Rng, Step
from host import talk
from host.life import PlayByPost
from host.store import SeatRow, TableRow
from host.tables import TableError, TableService
from tests.conformance import configurations
from tests.host.test_fair_play import CH, GAMES, started
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


def _table(game: str, players: int) -> TableRow:
    seats = tuple(SeatRow(s, 41 + s, f"P{s}") for s in range(players))
    return TableRow(
        id=1, guild_id=1, channel_id=CH, game=game, variant="", seats_wanted=None,
        status="active", opener_id=41, seed=0, state=None, version=1, move_count=0,
        result=None, lobby_message_id=None, created_at=0.0, updated_at=0.0, seats=seats,
    )  # fmt: skip


def _presentation(engine, table: TableRow, state, version: int) -> str:
    said = talk.compose(table, engine, state, version, [], private={}, before=None)
    payload = next(i.payload for i in said.items if i.kind == "channel")
    if "choices" in payload:
        return "buttons: " + ", ".join(payload["choices"]["moves"])
    return "my choices" if payload.get("private_choices") else "nothing"


def test_a_bremerhaven_bid_card_is_never_a_channel_button():
    """Issue 23 defect 1 (docs/rules/bremerhaven.md 9.3: bid values stay private until the reveal):
    the card step of the auction offered the mover's hand as channel buttons whenever a sample
    of re-deals happened to agree, and a post got buttons or "My choices" depending on the hidden
    hand. A pinned 2-player game (seed 0): at every card step, on every post version, the post
    offers "My choices" only. Move 449 is a position where the old sample leaked the hand
    (`card 4, card 5, card 6, back` on 9 versions in 60); the earlier card steps are ones it
    always showed as buttons, so the same decision looked different from one turn to the next."""
    engine = ENGINES["bremerhaven"]
    table = _table("bremerhaven", 2)
    chooser = random.Random(0)
    state = engine.setup(2, seed=0, variant="long")
    card_steps = 0
    for number in range(520):
        waiting = engine.to_move(state)
        seat = waiting[0]
        if len(waiting) == 1 and state["phase"] == "auction" and str(seat) in state["pending"]:
            card_steps += 1
            versions = range(60) if number == 449 else range(0, 60, 20)
            for version in versions:
                shown = _presentation(engine, table, state, version)
                assert shown == "my choices", f"move {number}, version {version}: {shown}"
        seat = chooser.choice(waiting)
        state = engine.apply(state, seat, chooser.choice(engine.legal_moves(state, seat))).state
    assert card_steps > 20


@pytest.mark.parametrize("game", GAMES)
def test_whether_a_post_has_buttons_never_depends_on_what_the_public_cannot_see(game):
    """Issue 23 defect 1, every game: a post's presentation (which buttons, or "My choices") is
    the same on the real state and on every public re-deal of it."""
    engine = ENGINES[game]
    players, variant = configurations(engine)[-1]
    table = _table(game, players)
    chooser = random.Random(game)
    rng = Rng.from_seed(23)
    state = engine.setup(players, seed=23, variant=variant)
    for number in range(300):
        waiting = engine.to_move(state)
        if not waiting:
            break
        if len(waiting) == 1 and number % 3 == 0:
            shown = _presentation(engine, table, state, number)
            for _ in range(3):
                other = engine.resample_hidden(state, None, rng)
                assert _presentation(engine, table, other, number) == shown, f"move {number}"
        seat = chooser.choice(waiting)
        state = engine.apply(state, seat, chooser.choice(engine.legal_moves(state, seat))).state
