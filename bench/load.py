"""Load: the real bot under many busy tables at once, timed the way Discord times it (issue 24).

    python -m bench.load                      30 tables (10 with two seat fillers), 75 s of play
    python -m bench.load --tables 100 --seconds 60 --seed 2
    python -m bench.load --db postgresql://.../test --shards 2   two shard processes, one database
    python -m bench.load --pages 8            and 8 readers of the web pages (bench/pages.py)

Every interaction goes through SimCord (the real discord.py client against a simulated Discord)
into the bot that ``bot.create_bot`` builds, with the real renderer and the background loop
running. Three members sit at each table (tables with fillers seat two members and the two fillers,
the third member watches) and act at once, each with think times: autocomplete then ``/move``, or
the turn post's buttons, sometimes ``/board`` or ``/hand``.

The figure is what Discord enforces: the time from an interaction's dispatch to its first response
(a reply, a defer or autocomplete choices), per interaction kind; Discord drops an answer that comes
after 3 s. Also the event loop's lag (a sampler task), moves per second (every accepted move, the
fillers' too, read from the store) and CPU per move (this process, its threads and its child
processes).

Only the bot's public face is used, so the bench measures whatever the bot does inside (answering
first, worker processes, anything else). SimCord's public operations each wait until the bot is
idle, which serialises them; here interactions are dispatched the same way (SimCord's own payload
builders) without that wait, so many are in flight at once, and SimCord's clock follows the wall
clock so the bot's timers and loop run as they would in production.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import logging
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engines import GAME_IDS

ROOT = Path(__file__).resolve().parent.parent

KINDS = ("autocomplete", "move", "button", "board", "hand")
LATE = 3.0  # Discord's deadline for the first response, seconds
GIVE_UP = 15.0  # a member stops waiting for an answer after this long (the bench keeps timing it)
GAMES = GAME_IDS
"""The games the tables play, in turn (every registered game, ``engines.GAME_IDS``)."""


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


# SimCord's internals the bench relies on (pinned in requirements-dev.txt): checked up front, so an
# upgrade that moves them fails with this list rather than half-way through a run.
SIMCORD_INTERNALS = {
    "simcord.actors": (
        "_dispatch_actor_interaction",
        "_slash",
        "_autocomplete_result",
        "_component_click",
        "_check_actor_channel",
    ),
    "simcord.interactions": ("base_payload",),
    "simcord.http.router": ("dispatch",),
    "simcord._settlement": ("_run_due_virtual_callbacks",),
    "simcord.env": ("Env._move_clock", "Env._settlement_state", "Env._virtual_time"),
}


def check_simcord() -> None:
    import importlib

    import simcord

    missing = []
    for module_name, names in SIMCORD_INTERNALS.items():
        module = importlib.import_module(module_name)
        for name in names:
            owner = module
            for part in name.split("."):
                owner = getattr(owner, part, None)
            if owner is None:
                missing.append(f"{module_name}.{name}")
    if missing:
        raise SystemExit(
            f"bench.load was written against simcord 3.2.1 (this is {simcord.__version__}); "
            f"missing: {', '.join(missing)}"
        )


# ---- timing the first response -------------------------------------------------------------------


class Probe:
    """Times each interaction from its dispatch to the bot's first response, at the simulated
    Discord's door: the callback request is stamped when it arrives, before it is accepted or
    refused, so an answer after 3 s (which Discord refuses) is still timed."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self.sent: dict[int, tuple[str, float]] = {}  # interaction id -> (kind, dispatched at)
        self.first: dict[int, float] = {}  # interaction id -> first response at
        self.waiters: dict[int, asyncio.Future] = {}
        self.recording = False

    @contextlib.contextmanager
    def patched(self) -> Iterator[None]:
        """While open: interactions are dispatched without waiting for an idle bot, and every
        first response is stamped."""
        from simcord import actors
        from simcord.http import router

        original_dispatch = router.dispatch
        original_actor_dispatch = actors._dispatch_actor_interaction
        probe = self

        def dispatch(backend, method, path, *args, **kwargs):
            if (
                method == "POST"
                and path.startswith("/interactions/")
                and path.endswith("/callback")
            ):
                interaction_id = int(path.split("/")[2])
                probe.first.setdefault(interaction_id, time.perf_counter())
                try:
                    return original_dispatch(backend, method, path, *args, **kwargs)
                finally:
                    waiter = probe.waiters.pop(interaction_id, None)
                    if waiter is not None and not waiter.done():
                        waiter.set_result(None)
            return original_dispatch(backend, method, path, *args, **kwargs)

        async def dispatch_without_settling(
            actor, type, channel, data, *, extra=None, source_message_id=None
        ):
            # SimCord's ``_dispatch_actor_interaction`` without the wait for an idle bot.
            from simcord import interactions

            actors._check_actor_channel(actor, channel)
            guild = getattr(actor, "guild", None)
            record, payload = interactions.base_payload(
                actor._env.backend,
                type=type,
                channel_id=channel.id,
                guild_id=guild.id if guild is not None else None,
                user_id=actor.id,
                data=data,
            )
            if extra:
                payload.update(extra)
            if source_message_id is not None:
                record.source_message_id = source_message_id
            actor._env._notify_dispatch_observers(record)
            kind = getattr(actor, "_bench_kind", "other")
            probe.waiters[record.id] = asyncio.get_running_loop().create_future()
            if probe.recording:
                probe.sent[record.id] = (kind, time.perf_counter())
            actor._env.backend.emit("INTERACTION_CREATE", payload)
            return actors.InteractionResult(actor._env, record), record

        router.dispatch = dispatch
        actors._dispatch_actor_interaction = dispatch_without_settling
        try:
            yield
        finally:
            router.dispatch = original_dispatch
            actors._dispatch_actor_interaction = original_actor_dispatch

    async def answered(self, record: Any, timeout: float = GIVE_UP) -> bool:
        """Wait for the first response to ``record`` (True) or give up (False)."""
        if record.id in self.first:
            return True
        waiter = self.waiters.get(record.id)
        if waiter is None:
            return record.id in self.first
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(waiter), timeout)
        return record.id in self.first

    def samples(self) -> dict[str, list[float | None]]:
        """Seconds to the first response per kind; None: never answered."""
        out: dict[str, list[float | None]] = defaultdict(list)
        for interaction_id, (kind, at) in self.sent.items():
            first = self.first.get(interaction_id)
            out[kind].append(None if first is None else first - at)
        return dict(out)


# ---- the members ---------------------------------------------------------------------------------


@dataclass
class Seat:
    member: Any
    channel: Any
    plays: bool  # holds a seat (False: watches the table)


class Driver:
    """Acts for the members: each call dispatches one interaction and waits for its first
    response (or gives up), never for the bot to be idle."""

    def __init__(self, env: Any, probe: Probe) -> None:
        self.env = env
        self.probe = probe

    async def autocomplete(self, seat: Seat, typed: str) -> list[dict]:
        from simcord import actors

        seat.member._bench_kind = "autocomplete"
        _, record = await actors._autocomplete_result(
            seat.member, seat.channel, "move", "move", typed, {}
        )
        if not await self.probe.answered(record):
            return []
        return record.autocomplete_choices or []

    async def slash(self, seat: Seat, kind: str, name: str, **options: Any) -> Any:
        from simcord import actors

        seat.member._bench_kind = kind
        result, record = await actors._slash(seat.member, seat.channel, name, options)
        await self.probe.answered(record)
        return result, record

    async def click(self, seat: Seat, message: Any, custom_id: str) -> Any:
        from simcord import actors

        seat.member._bench_kind = "button"
        result, record = await actors._component_click(
            seat.member, message, label=None, custom_id=custom_id
        )
        await self.probe.answered(record)
        return result, record


def _buttons(rows: list[dict] | None) -> list[str]:
    """The custom ids of the enabled buttons in a message's raw component rows."""
    from simcord.components import walk_components

    return [
        c["custom_id"]
        for c in walk_components(rows or [])
        if c.get("type") == 2 and c.get("custom_id") and not c.get("disabled")
    ]


def turn_post(env: Any, channel: Any) -> tuple[Any, list[str]] | None:
    """The latest public post in ``channel`` with move buttons (``pm:``) or "My choices"
    (``pc:``), as a member scrolling up would find it."""
    from simcord.results import ResponseMessage

    messages = env.backend.messages.get(channel.id, {})
    for message_id in sorted(messages, reverse=True)[:8]:
        stored = messages[message_id]
        if stored.is_ephemeral:
            continue
        ids = [c for c in _buttons(stored.components) if c.startswith(("pm:", "pc:"))]
        if ids:
            return ResponseMessage(env, stored), ids
    return None


async def _reply_message(env: Any, result: Any, wait: float = 5.0) -> Any:
    """The message an interaction finally answered with (after a defer, its followup)."""
    deadline = time.perf_counter() + wait
    while time.perf_counter() < deadline:
        for message in [result.response, *result.followups]:
            if message is not None and message.components:
                return message
        await asyncio.sleep(0.05)
    return None


def _said(result: Any) -> str:
    parts = [result.response] if result.response is not None else []
    parts += [f for f in result.followups if f not in parts]
    return "\n".join(p.content or "" for p in parts)


async def play(
    driver: Driver,
    seat: Seat,
    rng: random.Random,
    until: float,
    pending: list,
    think: tuple[float, float],
) -> None:
    """One member: think, look at the table, move when it is their turn."""
    env = driver.env
    await asyncio.sleep(rng.uniform(0, think[1]))  # members do not all arrive at once
    while time.perf_counter() < until:
        roll = rng.random()
        if roll < 0.08:
            await driver.slash(seat, "board", "board")
        elif roll < 0.14 and seat.plays:
            await driver.slash(seat, "hand", "hand")
        elif seat.plays:
            choices = await driver.autocomplete(seat, "")
            if choices:
                await asyncio.sleep(rng.uniform(*think))
                post = turn_post(env, seat.channel)
                if post is not None and rng.random() < 0.5:
                    message, ids = post
                    custom_id = rng.choice(ids)
                    result, _ = await driver.click(seat, message, custom_id)
                    if custom_id.startswith("pc:"):
                        # "My choices": the answer (only this member sees it) carries the buttons.
                        private = await _reply_message(env, result)
                        rows = private.components if private is not None else []
                        ids = [c for c in _buttons(rows) if c.startswith("pm:")]
                        if ids:
                            await asyncio.sleep(rng.uniform(0.5, 2.0))
                            result, _ = await driver.click(seat, private, rng.choice(ids))
                            pending.append(result)
                    else:
                        pending.append(result)
                else:
                    pick = rng.choice(choices)
                    typed = pick["name"][: rng.randint(1, 4)]
                    narrowed = await driver.autocomplete(seat, typed)
                    values = [c["value"] for c in narrowed] or [pick["value"]]
                    await asyncio.sleep(rng.uniform(0.3, 1.5))
                    result, _ = await driver.slash(seat, "move", "move", move=rng.choice(values))
                    pending.append(result)
                continue
        await asyncio.sleep(rng.uniform(*think))


# ---- the world -----------------------------------------------------------------------------------


async def _sample_lag(until: float, period: float, lags: list[float]) -> None:
    """How late the event loop wakes a task that asked to sleep ``period``."""
    while time.perf_counter() < until:
        start = time.perf_counter()
        await asyncio.sleep(period)
        lags.append(time.perf_counter() - start - period)


async def _follow_wall_clock(env: Any, stop: asyncio.Event, step: float = 0.02) -> None:
    """Keep SimCord's virtual clock on the wall clock, a step ahead, running the bot's timers
    (its background loop among them) as they fall due."""
    from simcord._settlement import _run_due_virtual_callbacks

    loop = asyncio.get_running_loop()
    start_real, start_virtual = time.perf_counter(), env._virtual_time
    while not stop.is_set():
        target = start_virtual + (time.perf_counter() - start_real) + 2 * step
        if target > env._virtual_time:
            env._move_clock(target)
        _run_due_virtual_callbacks(env._settlement_state(), loop.time() + step)
        await asyncio.sleep(step)


def _cpu_seconds() -> float:
    """CPU of this process (all threads) and of its live descendants (worker processes)."""
    total = time.process_time()
    me = os.getpid()
    tick = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as file:
                fields = file.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
        times[int(entry)] = (int(fields[11]) + int(fields[12])) / tick
    for pid, cpu in times.items():
        parent = parents.get(pid)
        seen = 0
        while parent and parent != me and seen < 50:
            parent, seen = parents.get(parent), seen + 1
        if parent == me:
            total += cpu
    return total


COUNT_MOVES = "SELECT COALESCE(SUM(move_count), 0) FROM tables WHERE channel_id IN ({})"


def _moves_in_sqlite(target: str, channels: list[int]) -> int:
    con = sqlite3.connect(target)
    try:
        query = COUNT_MOVES.format(", ".join("?" for _ in channels))
        return int(con.execute(query, channels).fetchone()[0])
    finally:
        con.close()


async def _count_moves(target: str, channels: list[int]) -> int:
    """Every accepted move so far at these channels' tables, fillers' included (the store's
    move counters)."""
    if target.startswith("postgresql://"):
        import asyncpg

        conn = await asyncpg.connect(target)
        try:
            query = COUNT_MOVES.format(", ".join(f"${i + 1}" for i in range(len(channels))))
            return int(await conn.fetchval(query, *channels))
        finally:
            await conn.close()
    return await asyncio.to_thread(_moves_in_sqlite, target, channels)


FILLER_MOVES = (
    "SELECT m.table_id, m.n, m.user_id, m.created_at, t.game FROM moves m JOIN tables t"
    " ON t.id = m.table_id WHERE t.channel_id IN ({}) ORDER BY m.table_id, m.n"
)


async def _filler_waits(target: str, channels: list[int], since: float) -> list[tuple[str, float]]:
    """(game, seconds) from each seat filler's turn starting (the commit of the move before) to
    its own move's commit, for filler moves made since ``since`` (wall clock), from the store's
    move log (seat fillers sit under negative user ids)."""
    if target.startswith("postgresql://"):
        import asyncpg

        conn = await asyncpg.connect(target)
        try:
            query = FILLER_MOVES.format(", ".join(f"${i + 1}" for i in range(len(channels))))
            rows = [tuple(r) for r in await conn.fetch(query, *channels)]
        finally:
            await conn.close()
    else:

        def read() -> list[tuple]:
            con = sqlite3.connect(target)
            try:
                query = FILLER_MOVES.format(", ".join("?" for _ in channels))
                return con.execute(query, channels).fetchall()
            finally:
                con.close()

        rows = await asyncio.to_thread(read)
    waits = []
    for before, after in itertools.pairwise(rows):
        if after[0] == before[0] and after[2] < 0 and after[3] >= since:
            waits.append((after[4], after[3] - before[3]))
    return waits


async def run_world(
    args: argparse.Namespace,
    target: str,
    tables: int,
    first_table: int,
    shard: tuple[int, int] | None = None,
) -> dict:
    """Open ``tables`` tables on one bot, play them for ``args.seconds``, return raw samples."""
    import simcord

    from app import create_bot

    shard_kwargs = {"shard_count": 1}
    if shard is not None:
        shard_kwargs = {"shard_ids": [shard[0]], "shard_count": shard[1]}
    # Each simulated Discord starts empty: sync the commands even if the shared store says a
    # shard process already did.
    bot = await create_bot(target, sync="force", **shard_kwargs)
    if args.tick and hasattr(bot, "outbox_loop"):
        bot.outbox_loop.change_interval(seconds=args.tick)
    env = simcord.Env(bot, check_errors=False, settle_timeout=120.0)
    if shard is not None:
        # Two shard processes are two simulated Discords: keep their ids apart.
        env.backend.clock.advance(3600.0 * shard[0])
    await env.start()
    probe = Probe(env)
    rng = random.Random(args.seed * 1000 + first_table)
    guild = env.create_guild("Harbour", **({"shard_id": shard[0]} if shard else {}))
    seats: list[Seat] = []
    setup_start = time.perf_counter()
    for index in range(first_table, first_table + tables):
        game = GAMES[index % len(GAMES)]
        fillers = 2 if index % 3 == 2 else 0
        channel = guild.create_text_channel(f"table-{index}")
        members = [guild.add_member(env.create_user(f"p{index}-{k}")) for k in range(3)]
        seated = 3 if not fillers else min(3, _max_players(game) - fillers)
        await members[0].slash(channel, "game new", game=game, bots=fillers, pace="untimed")
        for member in members[1:seated]:
            await member.slash(channel, "game join")
        started = await members[0].slash(channel, "game start")
        if not started.acknowledged:
            raise RuntimeError(f"table {index} ({game}) did not start")
        seats += [Seat(m, channel, k < seated) for k, m in enumerate(members)]
    setup_seconds = time.perf_counter() - setup_start

    stop = asyncio.Event()
    clock = asyncio.create_task(_follow_wall_clock(env, stop))
    loop_task = getattr(bot, "outbox_loop", None)
    ticks_before = getattr(loop_task, "current_loop", 0)
    channels = sorted({seat.channel.id for seat in seats})
    moves_before = await _count_moves(target, channels)
    cpu_before = _cpu_seconds()
    lags: list[float] = []
    pending: list = []
    driver = Driver(env, probe)
    web = None
    if getattr(args, "pages", 0):  # the web pages, served from the bot's process (bench/pages.py)
        from bench import pages as web_pages

        web = await web_pages.serve(bot)
        paths = []
        for channel in channels:
            table = await bot.store.latest_table(channel)
            token = await bot.store.page_token("game", table.id)
            paths.append((f"/g/{token}", table.id))

    with probe.patched():
        probe.recording = True
        start, wall_start = time.perf_counter(), time.time()
        until = start + args.seconds
        sampler = asyncio.create_task(_sample_lag(until, 0.05, lags))
        members = [
            asyncio.create_task(
                play(driver, seat, random.Random(rng.random()), until, pending, args.think)
            )
            for seat in seats
        ]
        if web is not None:
            reading = web_pages.readers(
                web.url, paths, until - time.perf_counter(), args.pages, rng.randrange(10**6)
            )
            members.append(asyncio.create_task(reading))
        done = await asyncio.gather(*members, sampler)
        played = time.perf_counter() - start
        probe.recording = False
        cpu_after = _cpu_seconds()
        moves_after = await _count_moves(target, channels)
        # Answers still owed (first responses, and the members' moves' final words): give them
        # a while; first responses are timed when they come.
        drain_until = time.perf_counter() + args.drain
        while time.perf_counter() < drain_until and (
            any(i not in probe.first for i in probe.sent) or not all(map(_said, pending))
        ):
            await asyncio.sleep(0.1)
        # Moves answered during the drain were stored after ``moves_after`` was read: the count
        # that the confirmed human moves are checked against is read once the answers are in.
        moves_settled = await _count_moves(target, channels)
    stop.set()
    await clock
    ticks = getattr(loop_task, "current_loop", 0) - ticks_before
    filler_waits = await _filler_waits(target, channels, wall_start)
    # A refused click is answered below the post it was on (the post first, then the warning):
    # the warning anywhere in the answer marks a refusal.
    accepted = sum(1 for r in pending if (t := _said(r)) and "⚠️" not in t and "went wrong" not in t)
    errors = [f"{type(e).__name__}: {e}"[:200] for e in env.errors]
    pages_summary = None
    if web is not None:
        pages_summary = web_pages.summary(done[len(seats)], web.site.cache)
        await web.stop()
    with contextlib.suppress(Exception):
        await env.shutdown()
    with contextlib.suppress(Exception):
        await bot.store.close()
    return {
        "tables": tables,
        "filler_tables": sum(1 for i in range(first_table, first_table + tables) if i % 3 == 2),
        "setup_seconds": setup_seconds,
        "played_seconds": played,
        "samples": probe.samples(),
        "lags": lags,
        "moves": moves_after - moves_before,
        "moves_settled": moves_settled - moves_before,
        "human_moves_sent": len(pending),
        "human_moves_accepted": accepted,
        "cpu_seconds": cpu_after - cpu_before,
        "background_ticks": ticks,
        "filler_waits": filler_waits,
        "bot_errors": len(errors),
        "bot_error_examples": sorted(set(errors))[:5],
        "pages": pages_summary,
    }


def _max_players(game: str) -> int:
    from engines import ENGINES

    return ENGINES[game].max_players


# ---- report --------------------------------------------------------------------------------------


def summarise(parts: list[dict]) -> dict:
    samples: dict[str, list] = defaultdict(list)
    for part in parts:
        for kind, values in part["samples"].items():
            samples[kind] += values
    lags = [lag for part in parts for lag in part["lags"]]
    played = max(part["played_seconds"] for part in parts)
    moves = sum(part["moves"] for part in parts)
    cpu = sum(part["cpu_seconds"] for part in parts)
    kinds = {}
    for kind in [*KINDS, *sorted(set(samples) - set(KINDS))]:
        values = samples.get(kind, [])
        if not values:
            continue
        answered = [v for v in values if v is not None]
        kinds[kind] = {
            "n": len(values),
            "p50_s": statistics.median(answered) if answered else None,
            "p95_s": percentile(answered, 0.95) if answered else None,
            "max_s": max(answered) if answered else None,
            "over_3s": sum(1 for v in answered if v > LATE),
            "never": sum(1 for v in values if v is None),
        }
    by_game: dict[str, list[float]] = defaultdict(list)
    for part in parts:
        for game, wait in part["filler_waits"]:
            by_game[game].append(wait)
    waits = [w for values in by_game.values() for w in values]
    everything = [v for values in samples.values() for v in values]
    answered = [v for v in everything if v is not None]
    return {
        "kinds": kinds,
        "all": {
            "n": len(everything),
            "p50_s": statistics.median(answered) if answered else None,
            "p95_s": percentile(answered, 0.95) if answered else None,
            "max_s": max(answered) if answered else None,
            "over_3s": sum(1 for v in answered if v > LATE),
            "never": sum(1 for v in everything if v is None),
        },
        "filler_moves": len(waits),
        "filler_wait_p50_s": statistics.median(waits) if waits else None,
        "filler_wait_p95_s": percentile(waits, 0.95) if waits else None,
        "filler_wait_max_s": max(waits) if waits else None,
        "filler_waits_by_game": {
            game: {
                "n": len(values),
                "p50_s": statistics.median(values),
                "p95_s": percentile(values, 0.95),
                "max_s": max(values),
            }
            for game, values in sorted(by_game.items())
        },
        "loop_lag_p99_s": percentile(lags, 0.99),
        "loop_lag_max_s": max(lags) if lags else None,
        "moves": moves,
        "moves_per_s": moves / played,
        "moves_settled": sum(p["moves_settled"] for p in parts),
        "cpu_ms_per_move": 1000 * cpu / moves if moves else None,
        "human_moves_sent": sum(p["human_moves_sent"] for p in parts),
        "human_moves_accepted": sum(p["human_moves_accepted"] for p in parts),
        "played_seconds": played,
        "setup_seconds": max(p["setup_seconds"] for p in parts),
        "background_ticks": min(p["background_ticks"] for p in parts),
        "bot_errors": sum(p["bot_errors"] for p in parts),
        "bot_error_examples": sorted({e for p in parts for e in p["bot_error_examples"]})[:5],
        "pages": next((p["pages"] for p in parts if p.get("pages")), None),
    }


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def print_report(report: dict) -> None:
    s = report["summary"]
    print(f"machine: {report['machine']}; load before: {report['load_before']}")
    print(
        f"{report['tables']} tables ({report['filler_tables']} with two seat fillers), "
        f"{report['backend']}, {report['processes']} process(es), seed {report['seed']}, "
        f"{s['played_seconds']:.0f} s of play after {s['setup_seconds']:.0f} s of setup"
    )
    print(f"{'kind':<13}{'n':>6}{'p50 s':>8}{'p95 s':>8}{'max s':>8}{'>3 s':>7}{'never':>7}")
    rows = [*s["kinds"].items(), ("all", s["all"])]
    for kind, row in rows:
        print(
            f"{kind:<13}{row['n']:>6}{_fmt(row['p50_s']):>8}{_fmt(row['p95_s']):>8}"
            f"{_fmt(row['max_s']):>8}{row['over_3s']:>7}{row['never']:>7}"
        )
    print(f"event-loop lag: p99 {_fmt(s['loop_lag_p99_s'])} s, max {_fmt(s['loop_lag_max_s'])} s")
    cpu = s["cpu_ms_per_move"]
    print(
        f"moves: {s['moves']} ({s['moves_per_s']:.2f}/s, fillers' included; "
        f"{s['human_moves_accepted']} of {s['human_moves_sent']} human moves confirmed); "
        f"CPU per move {'-' if cpu is None else f'{cpu:.0f} ms'}"
    )
    if s["filler_moves"]:
        print(
            f"seat fillers: {s['filler_moves']} moves, each after its turn started: p50 "
            f"{_fmt(s['filler_wait_p50_s'])} s, p95 {_fmt(s['filler_wait_p95_s'])} s, "
            f"max {_fmt(s['filler_wait_max_s'])} s"
        )
        for game, row in s["filler_waits_by_game"].items():
            print(
                f"  {game:<12}{row['n']:>5} moves: p50 {_fmt(row['p50_s'])} s, "
                f"p95 {_fmt(row['p95_s'])} s, max {_fmt(row['max_s'])} s"
            )
    print(f"background loop: {s['background_ticks']} tick(s) during play")
    if s.get("pages"):
        from bench.pages import print_summary

        print_summary(s["pages"])
    if s["bot_errors"]:
        print(f"bot errors: {s['bot_errors']}, e.g. {s['bot_error_examples']}")
    print(f"load after: {report['load_after']}; the bot's warnings and errors: {report['log']}")


def _loadavg() -> str:
    with contextlib.suppress(OSError):
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    return "?"


def _child(args: argparse.Namespace) -> int:
    shard, count = (int(x) for x in args.child.split("/"))
    share = [i for i in range(args.tables) if i % count == shard]
    result = asyncio.run(
        run_world(args, args.db, len(share), first_table=shard * 100_000, shard=(shard, count))
    )
    print("RESULT " + json.dumps(result), flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    from bench.measure import machine

    parser = argparse.ArgumentParser(
        prog="python -m bench.load", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=75.0, help="seconds of play (after setup)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", help="postgresql:// URL (default: a fresh SQLite file)")
    parser.add_argument("--shards", type=int, default=2, help="shard processes with --db")
    parser.add_argument(
        "--think",
        type=float,
        nargs=2,
        default=(2.0, 6.0),
        metavar=("MIN", "MAX"),
        help="a member's think time between actions, seconds (uniform)",
    )
    parser.add_argument(
        "--drain",
        type=float,
        default=20.0,
        help="seconds to wait after play for answers still owed",
    )
    parser.add_argument(
        "--tick", type=float, default=0, help="the background loop's period (default: the bot's)"
    )
    parser.add_argument(
        "--pages", type=int, default=0, help="readers of the web pages beside the tables"
    )
    parser.add_argument("--json", default="bench-load.json")
    parser.add_argument("--log", default="bench-load.log", help="where the bot's log goes")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    args.think = tuple(args.think)
    # The bot's own log (a late answer is logged with its traceback) goes to a file, not over
    # the figures.
    logging.basicConfig(
        filename=args.log, level=logging.WARNING, format="%(asctime)s %(levelname)s %(message)s"
    )
    check_simcord()
    if args.child:
        return _child(args)
    report: dict = {
        "machine": machine(),
        "load_before": _loadavg(),
        "tables": args.tables,
        "seed": args.seed,
        "seconds": args.seconds,
    }
    if args.db:
        report.update(backend="postgresql", processes=args.shards)
        parts = _run_shards(args)
    else:
        report.update(backend="sqlite", processes=1)
        with tempfile.TemporaryDirectory() as folder:
            parts = [asyncio.run(run_world(args, str(Path(folder) / "load.db"), args.tables, 0))]
    report["filler_tables"] = sum(p["filler_tables"] for p in parts)
    report["summary"] = summarise(parts)
    report["load_after"] = _loadavg()
    report["log"] = args.log
    print_report(report)
    Path(args.json).write_text(json.dumps(report, indent=2))
    print(f"figures written to {args.json}")
    return 0


def _run_shards(args: argparse.Namespace) -> list[dict]:
    """Each shard process runs its own simulated Discord (its share of the tables, in a guild on
    its shard) on one PostgreSQL database, as the shard processes of one bot would. The store
    lives in a fresh schema, dropped afterwards."""
    import secrets

    import asyncpg

    from host.db import with_schema
    from host.store import Store

    schema = "bench_load_" + secrets.token_hex(4)

    async def create() -> None:
        conn = await asyncpg.connect(args.db)
        await conn.execute(f"CREATE SCHEMA {schema}")
        await conn.close()
        store = await Store.open(with_schema(args.db, schema))  # the tables, made once
        await store.close()

    async def drop() -> None:
        conn = await asyncpg.connect(args.db)
        await conn.execute(f"DROP SCHEMA {schema} CASCADE")
        await conn.close()

    asyncio.run(create())
    target = with_schema(args.db, schema)
    try:
        children = [
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "bench.load",
                    "--child",
                    f"{k}/{args.shards}",
                    "--tables",
                    str(args.tables),
                    "--seconds",
                    str(args.seconds),
                    "--seed",
                    str(args.seed),
                    "--db",
                    target,
                    "--drain",
                    str(args.drain),
                    "--think",
                    *map(str, args.think),
                    "--tick",
                    str(args.tick),
                    "--log",
                    f"{args.log}.{k}",
                ],
                cwd=ROOT,
                stdout=subprocess.PIPE,
                text=True,
            )
            for k in range(args.shards)
        ]
        parts = []
        for child in children:
            out, _ = child.communicate()
            lines = [line for line in out.splitlines() if line.startswith("RESULT ")]
            if child.returncode or not lines:
                raise SystemExit(f"a shard process failed (exit {child.returncode})")
            parts.append(json.loads(lines[-1][len("RESULT ") :]))
        return parts
    finally:
        asyncio.run(drop())


if __name__ == "__main__":
    sys.exit(main())
