"""host/life.py and host/clocks.py: play-by-post life on a fake clock (issue 7); nothing sleeps."""

from __future__ import annotations

import pytest

from host import clocks
from host.life import ConsentNeeded, PlayByPost
from host.store import Store
from host.tables import TableError, TableService

CH = 700
ANA, BO, CY, DEE = 21, 22, 23, 24
H = clocks.HOUR


class FakeClock:
    def __init__(self) -> None:
        self.t = 1_800_000_000.0  # a fixed instant (UTC), so quiet-hour tests are exact

    def __call__(self) -> float:
        return self.t

    def advance(self, hours: float) -> None:
        self.t += hours * H


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def life(store, engines, clock):
    return PlayByPost(TableService(store, engines=engines, now=clock))


async def start(life: PlayByPost, users=(ANA, BO, CY), pace="normal", seed=4):
    t = life.tables
    await t.open(guild_id=1, channel_id=CH, game="sealed", user_id=users[0], name="Ana", pace=pace)
    for i, user in enumerate(users[1:]):
        await t.join(CH, user, ["Bo", "Cy", "Dee"][i])
    return await t.start(CH, users[0], seed=seed)


async def move(life: PlayByPost, user: int, index: int = 0):
    await life.tables.settle()  # seats on autopilot move in the background first
    moves = await life.tables.legal_moves(CH, user)
    return await life.tables.submit(CH, user, moves[index])


async def table(life):
    return await life.store.live_table(CH)


def texts(outcomes) -> str:
    return "\n".join(i.payload["text"] for o in outcomes for i in o.items)


# ---- clocks ------------------------------------------------------------------------------


async def test_banks_run_only_while_awaited_and_gain_the_bonus(life, clock):
    await start(life)
    clock.advance(10)
    await move(life, ANA)  # Ana's turn ends: 48h - 10h + 12h bonus
    t = await table(life)
    assert clocks.remaining(t.clock, 0, clock()) == pytest.approx(50 * H)
    # Bo and Cy are still awaited (simultaneous bids): both their banks run.
    assert clocks.remaining(t.clock, 1, clock()) == pytest.approx(38 * H)
    assert clocks.remaining(t.clock, 2, clock()) == pytest.approx(38 * H)
    clock.advance(5)
    assert clocks.remaining(t.clock, 0, clock()) == pytest.approx(50 * H)  # Ana is not awaited


async def test_bank_never_exceeds_the_cap(life, clock):
    await start(life, users=(ANA, BO))
    for _ in range(3):  # three quick turns: 48 h + 3 x 12 h would be 84 h
        await move(life, ANA)
        await move(life, BO)
    t = await life.store.latest_table(CH)
    assert clocks.remaining(t.clock, 0, clock()) == pytest.approx(clocks.PACES["normal"].cap)


async def test_clock_state_survives_a_restart(db_target, engines, clock):
    path = db_target
    store = await Store.open(path)
    life = PlayByPost(TableService(store, engines=engines, now=clock))
    await start(life)
    clock.advance(7)
    await store.close()
    store = await Store.open(path)
    try:
        t = await store.live_table(CH)
        assert clocks.remaining(t.clock, 0, clock()) == pytest.approx(41 * H)
    finally:
        await store.close()


async def test_untimed_games_never_expire(life, clock):
    await start(life, pace="untimed")
    clock.advance(24 * 365)
    assert await life.tick() == []
    with pytest.raises(TableError, match="untimed"):
        await life.expel(CH, BO, ANA)


async def test_unknown_pace_is_refused(life):
    with pytest.raises(TableError, match="Unknown pace"):
        await life.tables.open(
            guild_id=1, channel_id=CH, game="sealed", user_id=ANA, name="A", pace="glacial"
        )


# ---- reminders ---------------------------------------------------------------------------


async def test_one_reminder_per_level_even_across_restarts(db_target, engines, clock):
    path = db_target
    store = await Store.open(path)
    life = PlayByPost(TableService(store, engines=engines, now=clock))
    await start(life, users=(ANA, BO))
    clock.advance(11)
    assert await life.tick() == []  # normal pace: first reminder after 12 h
    clock.advance(2)
    first = await life.tick()
    assert len(first[0].items) == 2 and "your turn" in texts(first)
    assert await life.tick() == []
    await store.close()
    store = await Store.open(path)  # restart: nothing is repeated
    try:
        life = PlayByPost(TableService(store, engines=engines, now=clock))
        assert await life.tick() == []
        clock.advance(16)  # 29 h used of 48: under half left
        half = await life.tick()
        assert "Time left" in texts(half)
        assert await life.tick() == []
    finally:
        await store.close()


async def test_quiet_hours_and_minimum_gap_are_respected(life, clock):
    await start(life, users=(ANA, BO))
    hour = (
        __import__("datetime").datetime.fromtimestamp(clock() + 13 * H, clocks.ZoneInfo("UTC")).hour
    )
    await life.store.set_prefs(ANA, {"quiet": [hour, (hour + 2) % 24], "tz": "UTC"})
    await life.store.set_prefs(BO, {"min_hours": 24})
    clock.advance(13)
    reminders = await life.tick()
    assert [i.payload["mentions"] for o in reminders for i in o.items] == [[BO]]  # Ana is asleep
    clock.advance(2)  # Ana's quiet hours are over
    later = await life.tick()
    assert [i.payload["mentions"] for o in later for i in o.items] == [[ANA]]
    clock.advance(16)  # Bo's "half" level is due, but he asked for at most one ping a day
    assert all(i.target != BO for o in await life.tick() for i in o.items if i.kind == "dm")


async def test_reminder_by_dm_when_preferred(life, clock):
    await life.store.set_prefs(ANA, {"remind_by": "dm"})
    await start(life, users=(ANA, BO))
    clock.advance(13)
    items = [i for o in await life.tick() for i in o.items]
    assert {(i.kind, i.target) for i in items} == {("dm", ANA), ("channel", CH)}


async def test_reminders_go_to_the_servers_reminder_channel(life, clock):
    await life.store.set_guild_settings(1, {"reminder_channel": 999})
    await start(life, users=(ANA, BO))
    clock.advance(13)
    assert {i.target for o in await life.tick() for i in o.items} == {999}


# ---- timeouts ----------------------------------------------------------------------------


async def test_a_stalled_game_is_reminded_skipped_expelled_and_finished(life, clock):
    await start(life, users=(ANA, BO))
    await move(life, ANA)
    with pytest.raises(TableError, match="still has time"):
        await life.skip(CH, ANA, BO)
    clock.advance(49)
    timeout = texts(await life.tick())
    assert "has run out" in timeout
    skipped = await life.skip(CH, ANA, BO)
    assert "skipped" in skipped.public_lines[0]
    assert (await table(life)).move_count == 2
    with pytest.raises(TableError, match="can be expelled in"):
        await life.expel(CH, ANA, BO)
    # Next round: Ana moves, Bo stalls again; after the grace he is expelled and the game
    # finishes on his default moves.
    await move(life, ANA)
    clock.advance(24 * 10)
    expelled = await life.expel(CH, ANA, BO)
    assert any("expelled" in line for line in expelled.public_lines)
    t = await life.store.latest_table(CH)
    while t.status == "active":
        await move(life, ANA)
        t = await life.store.latest_table(CH)
    assert t.status == "finished"


async def test_players_can_resign_and_a_newcomer_takes_over(life, clock):
    await start(life)
    resigned = await life.resign(CH, CY)
    assert any("plays default moves" in line for line in resigned.public_lines)
    await life.tables.settle()  # the pilot plays Cy's bid in the background
    assert [m.seat for m in await life.store.moves((await table(life)).id)] == [2]
    with pytest.raises(TableError, match="autopilot"):
        await life.tables.submit(CH, CY, "bid 1")
    with pytest.raises(TableError, match="already on autopilot"):
        await life.resign(CH, CY)
    with pytest.raises(TableError, match="already hold"):
        await life.takeover(CH, ANA, "Ana", None)
    taken = await life.takeover(CH, DEE, "Dee", None)
    dm = next(i for i in taken.items if i.kind == "dm")
    assert dm.target == DEE and dm.payload["image"]["view"]["seat"] == 2
    assert (await table(life)).seat_of(DEE) == 2


# ---- away --------------------------------------------------------------------------------


async def test_away_pauses_the_clock_within_an_allowance(life, clock):
    await start(life, users=(ANA, BO))
    clock.advance(4)
    outcomes = await life.away(ANA, 3)
    assert "away for 3 days" in texts(outcomes)
    clock.advance(3 * 24)
    t = await table(life)
    assert clocks.remaining(t.clock, 0, clock()) == pytest.approx(44 * H)
    assert await life.tick() == [] or "Ana" not in texts(await life.tick())
    again = await life.away(ANA, 7)
    assert "away for 4 days" in texts(again)  # 7 days a game in all
    with pytest.raises(TableError, match="between 1 and"):
        await life.away(ANA, 30)


# ---- undo --------------------------------------------------------------------------------


async def test_undo_at_once_when_nobody_moved_since(life):
    await start(life)
    before = (await table(life)).state
    await move(life, ANA)
    outcome = await life.undo(CH, ANA)
    assert "took back 1 move" in outcome.public_lines[0]
    after = await table(life)
    assert after.state == before and after.move_count == 0
    assert await life.store.moves(after.id) == []


async def test_undo_after_others_moved_needs_every_vote(life):
    await start(life, users=(ANA, BO, CY, DEE))
    await move(life, ANA)
    await move(life, BO)
    request = await life.undo(CH, ANA)
    assert sorted(request.mentions) == [BO, CY, DEE]
    with pytest.raises(TableError, match="already waiting"):
        await life.undo(CH, BO)
    await life.vote(CH, BO, True)
    await life.vote(CH, CY, True)
    assert (await table(life)).move_count == 2
    done = await life.vote(CH, DEE, True)
    assert "took back 2 move" in done.public_lines[0]
    assert (await table(life)).move_count == 0


async def test_a_refused_vote_cancels_the_undo(life):
    await start(life)
    await move(life, ANA)
    await move(life, BO)
    await life.undo(CH, ANA)
    await life.vote(CH, CY, False)
    assert (await table(life)).undo is None and (await table(life)).move_count == 2
    with pytest.raises(TableError, match="no undo request"):
        await life.vote(CH, BO, True)


async def test_undo_that_would_reveal_hidden_information_is_refused(life):
    await start(life, users=(ANA, BO))
    await move(life, ANA)
    await move(life, BO)  # the last bid reveals both bids
    with pytest.raises(TableError, match="showed hidden information"):
        await life.undo(CH, BO)


# ---- seats, watching, listings, archive --------------------------------------------------


async def test_replacing_an_active_holder_needs_their_consent_or_an_outside_moderator(life, clock):
    """Issue 23 defect 3: a seated opener replaced an active, in-time opponent with a second
    account and read that seat's hand by DM. The holder's own consent, or a moderator who does
    not sit at the table, or the holder's time having run out, lets it happen; the holder is
    told in the post."""
    await start(life)
    for asker, admin in ((ANA, False), (ANA, True)):  # the opener, even with Manage Channels
        with pytest.raises(ConsentNeeded, match="must agree") as refused:
            await life.replace(CH, asker, BO, DEE, "Dee", is_admin=admin)
        assert (refused.value.seat, refused.value.holder, refused.value.new_id) == (1, BO, DEE)
    assert (await table(life)).seat_of(BO) == 1
    moderator = 99  # Manage Channels, no seat here
    outcome = await life.replace(CH, moderator, BO, DEE, "Dee", is_admin=True)
    post = next(i for i in outcome.items if i.kind == "channel")
    assert f"<@{BO}>" in post.payload["text"] and BO in post.payload["mentions"]
    assert (await table(life)).seat_of(DEE) == 1
    clock.advance(24 * 30)  # Cy's clock (normal pace) has run out long since
    await move(life, ANA)
    await move(life, DEE)
    assert (await life.replace(CH, ANA, CY, BO, "Bo", is_admin=False)).table.seat_of(BO) == 2


async def test_replace_gives_the_new_holder_the_private_view(life):
    await start(life)
    with pytest.raises(TableError, match="Only the player who opened"):
        await life.replace(CH, BO, CY, DEE, "Dee", is_admin=False)
    outcome = await life.replace(CH, CY, CY, DEE, "Dee", is_admin=False)  # Cy hands it over
    dm = next(i for i in outcome.items if i.kind == "dm")
    assert dm.target == DEE and "hand" in dm.payload["image"]["view"]["private"]
    with pytest.raises(TableError, match="not a player"):
        await life.tables.submit(CH, CY, "bid 1")
    await move(life, DEE)


async def test_watchers_get_a_copy_of_public_posts_only(life):
    await start(life, users=(ANA, BO))
    await life.watch(CH, DEE)
    first = await move(life, ANA)  # the bidding goes on: the phase's post is edited, no copy
    assert [i for i in first.items if i.target == DEE] == []
    outcome = await move(life, BO)  # the bids are revealed in a new post
    copies = [i for i in outcome.items if i.target == DEE]
    assert len(copies) == 1 and copies[0].kind == "dm"
    public = (await life.tables.board_view(CH))[1]
    assert copies[0].payload["image"]["view"] == public
    assert "private" not in public and "seat" not in public


async def test_my_games_lists_turns_and_waiting_time(life, clock):
    await start(life, users=(ANA, BO))
    clock.advance(5)
    lines = await life.my_games(ANA, {1: "Sea Dogs"})
    assert f"https://discord.com/channels/1/{CH}" in lines[0] and "**Sea Dogs**" in lines[0]
    assert "(server 1)" not in lines[0]
    assert len(lines) == 1 and "your move" in lines[0] and "5h" in lines[0]
    assert await life.my_games(DEE) == []


async def test_export_after_the_end_replays_to_the_same_result(life, engines):
    await start(life, users=(ANA, BO))
    with pytest.raises(TableError, match="once the game has ended"):
        await life.export(CH)
    while (await life.store.latest_table(CH)).status == "active":
        t = await table(life)
        engine = engines["sealed"]
        seat = engine.to_move(engine.decode(t.state))[0]
        await move(life, t.user_of(seat))
    record = await life.export(CH)
    engine = engines[record["game"]]
    state = engine.setup(len(record["players"]), seed=record["seed"], variant=record["variant"])
    for seat, text in record["moves"]:
        state = engine.apply(state, seat, text).state
    assert [s.score for s in engine.result(state)] == [r["score"] for r in record["result"]]
    _, view0 = await life.replay_view(CH, 0)
    assert view0["round"] == 1 and view0["scores"] == [0, 0]
    with pytest.raises(TableError, match="between 0 and"):
        await life.replay_view(CH, 999)


async def test_a_game_with_nobody_left_is_closed_without_a_result(life):
    await start(life, users=(ANA, BO))
    await life.resign(CH, ANA)
    outcome = await life.resign(CH, BO)
    assert "closed without a result" in outcome.public_lines[-1]
    assert (await life.store.get_table(outcome.table.id)).status == "aborted"
