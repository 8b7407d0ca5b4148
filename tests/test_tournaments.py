"""host/tournaments.py: whole tournaments with games finished by scripted moves (issue 8).

The Podium test game lets each table's result be chosen exactly: every player claims a score and
the claims are the final scores.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest

from host import languages, pairing
from host.life import PlayByPost
from host.store import Store
from host.tables import TableError, TableService
from host.tournaments import TournamentService
from tests.podium import ENGINE as PODIUM
from tests.sealed_bids import ENGINE as SEALED

ENGINES = {PODIUM.id: PODIUM, SEALED.id: SEALED}
HALL = 700
ORGANISER = 99
_thread_ids = itertools.count(50_000)


async def default_move(engine, state, seat: int, seed: int) -> str:
    return engine.default_move(state, seat)


class Event:
    """A store, the table and tournament services, and a fake thread port; ``restart()`` builds
    them again on the same database file, as a new process would."""

    def __init__(self, path) -> None:
        self.path = path
        self.now = 1_000_000.0
        self.threads: list[tuple[int, str, int]] = []

    async def open(self) -> Event:
        self.store = await Store.open(self.path)
        self.tables = TableService(self.store, engines=ENGINES, now=lambda: self.now)
        # The results are scripted: a seat on autopilot plays the engine's default (lowest)
        # claim, not the seat filler's best one (which the filler's own tests measure).
        self.tables.autopilot_move = default_move
        self.life = PlayByPost(self.tables)
        self.service = TournamentService(self.tables, self.life, make_thread=self.make_thread)
        return self

    async def make_thread(self, parent: int, name: str) -> int:
        thread = next(_thread_ids)
        self.threads.append((parent, name, thread))
        return thread

    async def restart(self) -> None:
        await self.service.settle()
        await self.store.close()
        await self.open()

    async def create(self, players: list[int], **kw):
        kw.setdefault("game", "podium")
        kw.setdefault("pace", "untimed")
        await self.service.create(guild_id=1, channel_id=HALL, user_id=ORGANISER, name="Cup", **kw)
        for user in players:
            await self.service.join(HALL, user, f"P{user}")
        return await self.service.start(HALL, ORGANISER, is_admin=False)

    async def current(self):
        tournament = await self.store.channel_tournament(HALL)
        rows = await self.store.pairings(tournament.id)
        return tournament, [p for p in rows if p.round == tournament.round]

    async def play_round(self, claims) -> list:
        """Finish every open table of the current round; ``claims(players)`` gives each player's
        score. Returns the round's pairings as they were played."""
        _, rows = await self.current()
        for row in rows:
            if row.bye or row.result is not None:
                continue
            table = await self.store.get_table(row.table_id)
            scores = claims(list(row.players))
            for user in row.players:
                await self.tables.submit(table.channel_id, user, f"score {scores[user]}")
        await self.service.settle()
        return rows


@pytest.fixture
async def event(db_target):
    e = await Event(db_target).open()
    yield e
    await e.service.settle()
    await e.store.close()


def by_strength(strength: dict[int, int]):
    return lambda players: {u: strength[u] for u in players}


def expected_points(played: list) -> Counter:
    """Points recomputed from the scripted claims, independently of the service."""
    total: Counter = Counter()
    for players, claims in played:
        ranks = {u: 1 + sum(claims[o] > claims[u] for o in players) for u in players}
        for user, value in pairing.placement_points(ranks).items():
            total[user] += value
    return total


def repeats(tables, met) -> int:
    return sum(met[frozenset(p)] for t in tables for p in itertools.combinations(t, 2))


def fewest_repeats(players, sizes, met) -> int:
    return min(
        repeats([first, [p for p in players if p not in first]], met)
        for first in itertools.combinations(players, sizes[0])
    )


async def test_swiss_seven_players_at_three_and_four_player_tables(event):
    players = list(range(1, 8))
    strength = {1: 9, 2: 8, 3: 8, 4: 5, 5: 3, 6: 2, 7: 1}  # 2 and 3 tie when they meet
    await event.create(players, format="swiss", table_size=4, rounds=3)
    met: Counter = Counter()
    played = []
    for round_no in (1, 2, 3):
        tournament, rows = await event.current()
        assert tournament.round == round_no and tournament.status == "running"
        tables = [list(r.players) for r in rows if not r.bye]
        assert sorted(map(len, tables)) == [3, 4] and not [r for r in rows if r.bye]
        assert sorted(u for t in tables for u in t) == players
        # Repeats cannot always be avoided with 7 players at 4 + 3; never more than necessary.
        assert repeats(tables, met) == fewest_repeats(players, [4, 3], met)
        for table in tables:
            started = await event.store.get_table(
                next(r.table_id for r in rows if list(r.players) == table)
            )
            assert started.status == "active" and [s.user_id for s in started.seats] == table
        await event.play_round(by_strength(strength))
        played += [(t, strength) for t in tables]
        met += pairing.meetings(tables)
    tournament, lines = await event.service.standings(HALL)
    assert tournament.status == "finished" and tournament.round == 3
    assert len(event.threads) == 6 and {parent for parent, _, _ in event.threads} == {HALL}
    points = expected_points(played)
    assert {line.user_id: line.points for line in lines} == dict(points)
    keys = [(-line.points, -line.opponents_points, -line.score_ratio, line.seed) for line in lines]
    assert keys == sorted(keys)
    assert lines[0].user_id == 1 and lines[0].wins == 3
    # Every game fed the ratings: seven players, three rated games each, the winner on top.
    board = await event.store.leaderboard("podium")
    assert {row.user_id: row.games for row in board} == dict.fromkeys(players, 3)
    assert board[0].user_id == 1 and board[-1].user_id == 7


async def test_round_robin_of_four_with_a_draw_and_a_score_ratio_tie_break(event):
    results = {  # (winner's claim, loser's claim) per pair; 3 and 4 draw
        frozenset((1, 2)): {1: 2, 2: 5},
        frozenset((1, 3)): {1: 9, 3: 1},
        frozenset((1, 4)): {1: 9, 4: 1},
        frozenset((2, 3)): {2: 5, 3: 4},
        frozenset((2, 4)): {2: 4, 4: 5},
        frozenset((3, 4)): {3: 5, 4: 5},
    }
    await event.create([1, 2, 3, 4], format="roundrobin")
    meetings: Counter = Counter()
    for round_no in (1, 2, 3):
        tournament, rows = await event.current()
        assert tournament.round == round_no and not [r for r in rows if r.bye]
        meetings.update(frozenset(r.players) for r in rows)
        await event.play_round(lambda players: results[frozenset(players)])
    assert set(meetings) == set(results) and set(meetings.values()) == {1}
    tournament, lines = await event.service.standings(HALL)
    assert tournament.status == "finished"
    assert [(line.user_id, line.points) for line in lines] == [(2, 12), (1, 12), (4, 9), (3, 3)]
    # 1 and 2 met the same opponents, so the score ratio decides: 1 lost 2-5 to 2.
    assert lines[0].opponents_points == lines[1].opponents_points
    assert lines[0].score_ratio > lines[1].score_ratio


async def test_single_elimination_bracket_of_eight(event):
    await event.create(list(range(1, 9)), format="elimination")
    tournament, rows = await event.current()
    assert tournament.rounds == 3
    assert [r.players for r in rows] == [(1, 8), (4, 5), (2, 7), (3, 6)]
    first = {
        frozenset((1, 8)): {1: 9, 8: 1},
        frozenset((4, 5)): {4: 1, 5: 9},  # an upset
        frozenset((2, 7)): {2: 4, 7: 4},  # a draw: the better seed goes through
        frozenset((3, 6)): {3: 6, 6: 2},
    }
    await event.play_round(lambda players: first[frozenset(players)])
    _, rows = await event.current()
    assert [r.players for r in rows] == [(1, 5), (2, 3)]
    await event.play_round(lambda players: {1: 7, 5: 3, 2: 1, 3: 8})
    _, rows = await event.current()
    assert [set(r.players) for r in rows] == [{1, 3}]
    await event.play_round(lambda players: {1: 9, 3: 2})
    tournament, lines = await event.service.standings(HALL)
    assert tournament.status == "finished"
    assert [line.user_id for line in lines[:2]] == [1, 3]
    assert {line.user_id for line in lines[2:4]} == {2, 5}
    assert all(line.reached == 1 for line in lines[4:])
    ratings = {row.user_id: row.games for row in await event.store.leaderboard("podium")}
    assert ratings == {1: 3, 3: 3, 2: 2, 5: 2, 4: 1, 6: 1, 7: 1, 8: 1}
    record = await event.service.export(HALL)
    assert [len(r["pairings"]) for r in record["rounds"]] == [4, 2, 1]
    assert record["standings"][0]["user_id"] == 1
    json.dumps(record)


async def test_elimination_with_byes_and_a_walkover_after_a_drop(event):
    await event.create([1, 2, 3, 4, 5, 6], format="elimination")
    _, rows = await event.current()
    assert [(r.bye, r.players) for r in rows] == [
        (True, (1,)),
        (False, (4, 5)),
        (True, (2,)),
        (False, (3, 6)),
    ]
    # 1 drops out during round 1 (they have a bye): their next opponent walks over.
    await event.service.drop(HALL, 1, None, is_admin=False)
    await event.play_round(lambda players: {4: 5, 5: 3, 3: 1, 6: 2})
    _, rows = await event.current()
    assert [(r.bye, r.players) for r in rows] == [(True, (4,)), (False, (2, 6))]
    await event.play_round(lambda players: {2: 5, 6: 1})
    _, rows = await event.current()
    assert [r.players for r in rows] == [(4, 2)]
    await event.play_round(lambda players: {4: 1, 2: 5})
    tournament, lines = await event.service.standings(HALL)
    assert tournament.status == "finished" and lines[0].user_id == 2
    assert next(line for line in lines if line.user_id == 1).dropped


async def test_swiss_bye_drop_and_abort_do_not_stall_the_event(event):
    await event.create([1, 2, 3, 4, 5], format="swiss", table_size=2, rounds=3)
    tournament, rows = await event.current()
    byes = [r.players for r in rows if r.bye]
    assert byes == [(5,)]  # the lowest seed sits out, with 3 points
    # Player 1 drops in the middle of a game: their seat goes on autopilot, the game finishes.
    table_of_1 = next(r for r in rows if 1 in r.players)
    table = await event.store.get_table(table_of_1.table_id)
    await event.service.drop(HALL, 1, None, is_admin=False)
    opponent = next(u for u in table_of_1.players if u != 1)
    await event.tables.submit(table.channel_id, opponent, "score 9")
    # The organiser aborts the other table: nobody there scores, the round still completes.
    other = next(r for r in rows if not r.bye and 1 not in r.players)
    other_table = await event.store.get_table(other.table_id)
    await event.tables.abort(other_table.channel_id, ORGANISER)
    await event.service.settle()
    tournament, rows = await event.current()
    assert tournament.round == 2
    assert all(1 not in r.players for r in rows)
    _, lines = await event.service.standings(HALL)
    points = {line.user_id: line.points for line in lines}
    assert points[5] == pairing.BYE_POINTS and points[opponent] == 6
    assert all(points[u] == 0 for u in other.players)
    # The aborted game moved no rating; the finished one did.
    rated = {row.user_id for row in await event.store.leaderboard("podium")}
    assert rated == {1, opponent}
    # The bye goes to someone who has not had one.
    assert [r.players for r in rows if r.bye] != [(5,)]


async def test_timeouts_expel_the_late_seat_and_the_round_goes_on(event):
    await event.create([1, 2], format="swiss", table_size=2, rounds=1, pace="fast")
    _, rows = await event.current()
    table = await event.store.get_table(rows[0].table_id)
    await event.tables.submit(table.channel_id, 1, "score 3")
    await event.service.tick()
    assert (await event.store.get_table(table.id)).status == "active"  # still has time
    event.now += 9 * 3600  # past the 4 h bank and the 4 h grace
    await event.service.tick()
    await event.service.settle()
    assert (await event.store.get_table(table.id)).status == "finished"
    tournament, lines = await event.service.standings(HALL)
    assert tournament.status == "finished" and lines[0].user_id == 1


async def test_a_restart_between_a_final_move_and_the_next_round_loses_nothing(event):
    await event.create([1, 2, 3, 4], format="swiss", table_size=2, rounds=2)
    _, rows = await event.current()
    # A process without the tournament listener finishes a table (as if it died right after).
    await event.store.close()
    store = await Store.open(event.path)
    bare = TableService(store, engines=ENGINES)
    for row in rows:
        table = await store.get_table(row.table_id)
        for user in row.players:
            await bare.submit(table.channel_id, user, f"score {user}")
    await store.close()
    await event.open()
    await event.service.resume()
    tournament, rows2 = await event.current()
    assert tournament.round == 2 and all(r.table_id for r in rows2)
    await event.restart()
    await event.play_round(lambda players: {u: u for u in players})
    tournament, lines = await event.service.standings(HALL)
    assert tournament.status == "finished" and lines[0].user_id == 4


async def test_bad_requests_are_refused_and_change_nothing(event):
    create = event.service.create
    base = {"guild_id": 1, "channel_id": HALL, "user_id": ORGANISER, "name": "Cup"}
    with pytest.raises(TableError, match="tables of 2 to 4"):
        await create(**base, game="podium", table_size=5)
    with pytest.raises(TableError, match="two-player tables"):
        await create(**base, game="podium", format="roundrobin", table_size=3)
    with pytest.raises(TableError, match="Only a Swiss"):
        await create(**base, game="podium", format="elimination", rounds=2)
    with pytest.raises(TableError, match="Unknown game"):
        await create(**base, game="chess")
    assert await event.store.channel_tournament(HALL) is None
    await create(**base, game="podium", table_size=4)
    with pytest.raises(TableError, match="already has a tournament"):
        await create(**base, game="podium")
    await event.service.join(HALL, 1, "P1")
    with pytest.raises(TableError, match="already signed up"):
        await event.service.join(HALL, 1, "P1")
    with pytest.raises(TableError, match="Only the organiser"):
        await event.service.start(HALL, 1, is_admin=False)
    with pytest.raises(TableError, match="At least 3 players"):
        await event.service.start(HALL, ORGANISER, is_admin=False)
    with pytest.raises(TableError, match="has not started"):
        await event.service.drop(HALL, 1, None, is_admin=False)
    tournament = await event.store.channel_tournament(HALL)
    assert tournament.status == "signup" and tournament.round == 0
    assert [e.user_id for e in await event.store.entrants(tournament.id)] == [1]


async def test_a_failed_thread_creation_is_retried_on_the_next_tick(event):
    working = event.make_thread
    failures = []

    async def flaky(parent: int, name: str) -> int:
        if not failures:
            failures.append(name)
            raise ConnectionError("Discord is down")
        return await working(parent, name)

    event.service.make_thread = flaky
    await event.create([1, 2, 3, 4], format="swiss", table_size=2, rounds=1)
    tournament, rows = await event.current()
    assert tournament.round == 1 and failures and not any(r.table_id for r in rows)
    await event.service.tick()
    _, rows = await event.current()
    assert all(r.table_id for r in rows)
    for row in rows:
        assert (await event.store.get_table(row.table_id)).status == "active"
    assert len(event.threads) == 2


async def test_one_broken_table_does_not_stop_the_other_tournaments(event, caplog):
    await event.create([1, 2], format="swiss", table_size=2, rounds=1, pace="fast")
    _, rows = await event.current()
    broken = await event.store.get_table(rows[0].table_id)
    other_hall = HALL + 1
    service = event.service
    await service.create(
        guild_id=1,
        channel_id=other_hall,
        user_id=ORGANISER,
        name="Plate",
        game="podium",
        format="swiss",
        table_size=2,
        rounds=1,
        pace="fast",
    )
    for user in (3, 4):
        await service.join(other_hall, user, f"P{user}")
    await service.start(other_hall, ORGANISER, is_admin=False)
    plate = await event.store.channel_tournament(other_hall)
    healthy = (await event.store.pairings(plate.id))[0].table_id
    await event.tables.submit((await event.store.get_table(healthy)).channel_id, 3, "score 3")
    await event.store._transaction(
        lambda db: db.execute("UPDATE tables SET state = '{broken' WHERE id = ?", (broken.id,))
    )
    event.now += 9 * 3600  # past every bank and grace: the seats still to move are expelled
    await service.tick()
    await service.settle()
    assert (await event.store.get_table(healthy)).status == "finished"
    assert (await event.store.channel_tournament(other_hall)).status == "finished"
    assert f"table {broken.id}: expelling late seats failed" in caplog.text


async def test_a_greek_servers_tournament_posts_in_greek_expulsion_included(event):
    """issue 26 item 3: the round notice, the threads' names, the expel post and the final
    standings are said in the server's language when they are queued (nobody's interaction
    is there to say them later)."""
    await event.store.set_guild_settings(1, {languages.SETTING: "el"})
    await event.create([1, 2], format="swiss", table_size=2, rounds=1, pace="fast")
    assert event.threads[0][1] == "Cup: γύρος 1, τραπέζι 1"
    _, rows = await event.current()
    table = await event.store.get_table(rows[0].table_id)
    await event.tables.submit(table.channel_id, 1, "score 3")
    event.now += 9 * 3600  # past the 4 h bank and the 4 h grace
    await event.service.tick()
    await event.service.settle()
    posts = [item.payload.get("text") or "" for item in await event.store.pending()]
    assert any("ορίστηκαν τα τραπέζια του γύρου 1 από 1" in p for p in posts), posts
    assert any("<@1>, <@2>, το παιχνίδι σας ξεκινά εδώ." in p for p in posts), posts
    assert any("αποβλήθηκε λόγω χρόνου (κανόνας του τουρνουά)" in p for p in posts), posts
    assert any(p.startswith("Το τουρνουά **Cup** τελείωσε.") for p in posts), posts
