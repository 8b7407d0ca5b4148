"""Plan ahead (issue 41), measured: how much sooner a play-by-post game ends, and how many fewer
pings it sends, when members plan their obvious moves.

    python -m bench.plans                 Drake and Vasco, two seeds each, both ways
    python -m bench.plans --seeds 1 2     these seeds
    python -m bench.plans --games drake   one game

A whole game at the host level (:class:`TableService` over a SQLite store in a temporary folder,
:class:`Plans`, :class:`PlayByPost`'s reminders), in virtual time: nothing sleeps. Every member
checks in twice a day, at a random time of the morning (8:00-14:00) and of the evening
(16:00-23:00), and plays whatever decisions of theirs wait, picking their favourite legal move
(each member ranks the placements at random, once; other decisions are drawn at random from
the position, so both ways play the same moves, at different times). Reminders are ticked every
hour.

With planning, a member who has just made an obvious decision (a placement: Drake's ``place``,
Vasco's ``place`` and ``number``) plans the same decision for next time: one entry per such
decision of this check-in, in order, each the alternatives ``place a | place b | ...`` of the
moves they could choose from, favourite first (not the one they just took). When their decision
comes, the first alternative still legal plays at once; when none is, or the decision is another
kind, the plan is dropped (a DM) and their turn runs as usual.

Printed per game and seed, both ways: the game's length in days, the channel pings (mentions of
members in the game's posts), the DMs (reminders by DM, dropped plans) and the moves a plan
played. Pings are counted as the outbox would send them (an item is marked sent once counted).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import random
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench.measure import machine
from engines import ENGINES, GAMES
from engines.base import MAX_MOVE_LENGTH
from host import clocks
from host.life import PlayByPost
from host.plans import Plans
from host.store import Store
from host.tables import TableError, TableService

PLANNABLE = {gid: game.plan_decisions for gid, game in GAMES.items() if game.plan_decisions}
"""The decisions (first word of the move) a member plans ahead: the obvious ones (each game's
``Game.plan_decisions``; the games without any are not in this bench)."""

PLAYERS = {gid: GAMES[gid].plan_players for gid in PLANNABLE}
CH = 1000
START = 1_780_000_000.0 // clocks.DAY * clocks.DAY + 7 * clocks.HOUR  # a day's 7:00 (UTC)
MAX_DAYS = 120
ALTERNATIVES = 8


@dataclass
class Figures:
    game: str
    seed: int
    planning: bool
    days: float = 0.0
    moves: int = 0
    by_hand: int = 0
    pings: int = 0
    dms: int = 0
    finished: bool = False
    seconds: float = 0.0


def favour(seed: int, user: int, move: str) -> float:
    """The member's fixed, random liking of a move (lower is better)."""
    digest = hashlib.sha256(f"{seed}:{user}:{move}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


def plan_text(seed: int, user: int, legal: list[str], played: str) -> str | None:
    """``place a | place b | ...``: the moves of this decision, favourite first, bar the one
    played, as many as fit in one entry."""
    ranked = sorted((m for m in legal if m != played), key=lambda m: favour(seed, user, m))
    text = ""
    for move in ranked[:ALTERNATIVES]:
        longer = f"{text} | {move}" if text else move
        if len(longer) > MAX_MOVE_LENGTH:
            break
        text = longer
    return text or None


async def count_sent(store: Store, figures: Figures) -> None:
    """What the outbox would send now: count its pings and DMs, and mark it sent."""
    for item in await store.pending():
        if item.kind == "dm":
            figures.dms += 1
        elif item.kind == "channel":
            figures.pings += len(item.payload.get("mentions") or [])
        await store.mark_sent(item.key)


async def play(game: str, seed: int, planning: bool, max_days: float = MAX_DAYS) -> Figures:
    figures = Figures(game, seed, planning)
    began = time.perf_counter()
    now = [START]
    rng = random.Random(f"{game}:{seed}")
    users = [101 + i for i in range(PLAYERS[game])]
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "plans.db")
        service = TableService(store, now=lambda: now[0])
        plans = Plans(service)
        life = PlayByPost(service)
        try:
            await service.open(guild_id=1, channel_id=CH, game=game, user_id=users[0], name="U0")
            for i, user in enumerate(users[1:], 1):
                await service.join(CH, user, f"U{i}")
            await service.start(CH, users[0], seed=seed)
            engine = service.engine(game)
            await count_sent(store, figures)
            day = 0
            while day < max_days:
                visits = []
                for user in users:
                    visits.append((rng.uniform(8, 14), user))
                    visits.append((rng.uniform(16, 23), user))
                moments = sorted(visits) + [(h + 0.5, None) for h in range(24)]
                for hour, user in sorted(moments, key=lambda m: m[0]):
                    now[0] = START + day * clocks.DAY + (hour - 7) * clocks.HOUR
                    if user is None:
                        await life.tick()
                    else:
                        await check_in(service, plans, engine, user, seed, planning, figures)
                    await plans.settle()
                    await count_sent(store, figures)
                    table = await store.latest_table(CH)
                    if table.status == "finished":
                        figures.finished = True
                        figures.days = (now[0] - START) / clocks.DAY
                        figures.moves = table.move_count
                        figures.seconds = time.perf_counter() - began
                        return figures
                day += 1
            table = await store.latest_table(CH)
            figures.days, figures.moves = float(max_days), table.move_count
        finally:
            await service.stop_pilots()
            await store.close()
    figures.seconds = time.perf_counter() - began
    return figures


async def check_in(
    service: TableService,
    plans: Plans,
    engine,
    user: int,
    seed: int,
    planning: bool,
    figures: Figures,
) -> None:
    """The member plays every decision of theirs waiting now; with ``planning``, then plans the
    obvious ones for next time."""
    decided: list[tuple[list[str], str]] = []
    for _ in range(200):
        await plans.settle()
        table = await service.store.latest_table(CH)
        if table.status != "active":
            break
        state = engine.decode(table.state)
        seat = table.seat_of(user)
        if seat not in engine.to_move(state):
            break
        legal = engine.legal_moves(state, seat)
        # A placement: their favourite; anything else: at random (a fixed favourite may loop).
        placing = [m for m in legal if m.split()[0] in PLANNABLE[engine.id]]
        # Drawn from the position, not from a stream: both ways play the same game, if at
        # different times (a plan plays the favourite still legal, as the member would).
        chance = random.Random(f"{seed}:{user}:{table.move_count}")
        move = (
            min(placing, key=lambda m: favour(seed, user, m)) if placing else chance.choice(legal)
        )
        try:
            await service.submit(CH, user, move)
        except TableError:
            break  # a plan or the pilot moved first: look again next time
        figures.by_hand += 1
        decided.append((legal, move))
    if not planning or not decided:
        return
    table = await service.store.latest_table(CH)
    if table.status != "active":
        return
    for legal, move in decided:
        if move.split()[0] not in PLANNABLE[engine.id]:
            continue
        text = plan_text(seed, user, legal, move)
        if text is not None:
            try:
                await plans.add(CH, user, text)
            except TableError:
                break  # the plan is full, or the seat went to autopilot


def line(f: Figures) -> str:
    way = "planning" if f.planning else "no plans"
    end = "" if f.finished else f" (unfinished after {f.days:.0f} days)"
    return (
        f"{f.game:6} seed {f.seed:<3} {way:9} {f.days:6.1f} days  {f.moves:4} moves  "
        f"({f.moves - f.by_hand:3} not by hand)  {f.pings:4} pings  {f.dms:3} DMs  "
        f"({f.seconds:.1f} s){end}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(PLANNABLE), choices=list(PLANNABLE))
    parser.add_argument("--seeds", nargs="+", type=int, default=[1, 2])
    args = parser.parse_args(argv)
    print("machine:", ", ".join(f"{k} {v}" for k, v in machine().items()))
    print(
        f"{', '.join(f'{g} {n} players' for g, n in PLAYERS.items())}; members check in twice a "
        f"day; a plan entry has at most {ALTERNATIVES} alternatives"
    )
    for game in args.games:
        if game not in ENGINES:
            print(f"{game}: not on this bot", file=sys.stderr)
            continue
        both = {True: [], False: []}
        for seed in args.seeds:
            for planning in (False, True):
                figures = asyncio.run(play(game, seed, planning))
                both[planning].append(figures)
                print(line(figures), flush=True)
        for planning in (False, True):
            runs = both[planning]
            days = sum(f.days for f in runs) / len(runs)
            pings = sum(f.pings for f in runs) / len(runs)
            dms = sum(f.dms for f in runs) / len(runs)
            way = "planning" if planning else "no plans"
            print(f"{game:6} mean     {way:9} {days:6.1f} days  {pings:6.1f} pings  {dms:5.1f} DMs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
