"""Two processes move on the same tables of one PostgreSQL database while one of them is killed
with SIGKILL at random moments (issue 17; tests/test_reliability.py does the same for SQLite):
no acknowledged move is lost, no outbox item is delivered by two live processes, and every
table's state equals the replay of its move log."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from host.store import Store
from host.tables import TableService
from tests.sealed_bids import ENGINE as SEALED

ROOT = Path(__file__).resolve().parent.parent
TABLES = 24
KILLS = 5


def spawn(url: str, log: Path, seed: int, channels: list[int]) -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.shard_crash_child",
            url,
            str(log),
            str(seed),
            ",".join(map(str, channels)),
        ],
        cwd=ROOT,
    )


async def wait_ready(log: Path, child: subprocess.Popen) -> None:
    for _ in range(1200):  # up to a minute: the machine may be busy
        if log.exists() and "READY" in log.read_text():
            return
        assert child.poll() is None, "the child died on start"
        await asyncio.sleep(0.05)
    raise AssertionError("the child did not start")


def parse(log: Path) -> list[list[str]]:
    return [line.split() for line in log.read_text().splitlines() if line.strip()]


# A crash test (six processes, five of them killed): the slow tier, like its SQLite sibling
# (tests/test_reliability.py), which CI runs.
@pytest.mark.slow
async def test_two_processes_one_killed_at_random_lose_and_double_nothing(
    postgres_target, tmp_path
):
    chooser = random.Random(17)
    store = await Store.open(postgres_target)
    service = TableService(store, engines={"sealed": SEALED})
    channels = list(range(1, TABLES + 1))
    for channel in channels:
        await service.open(guild_id=1, channel_id=channel, game="sealed", user_id=1, name="A")
        await service.join(channel, 2, "B")
        await service.join(channel, 3, "C")
        await service.start(channel, 1, seed=channel)

    steady_log = tmp_path / "steady.log"
    steady = spawn(postgres_target, steady_log, 1, channels)
    victims: list[tuple[Path, bool]] = []  # (log, killed)
    try:
        await wait_ready(steady_log, steady)
        for kill in range(KILLS):
            log = tmp_path / f"victim{kill}.log"
            victim = spawn(postgres_target, log, 100 + kill, channels)
            await wait_ready(log, victim)
            await asyncio.sleep(chooser.uniform(0.2, 1.2))
            os.kill(victim.pid, signal.SIGKILL)
            victim.wait()
            victims.append((log, True))
        await asyncio.sleep(1.0)  # the survivor takes over the leases the victims held
    finally:
        ended = time.time()
        steady.send_signal(signal.SIGKILL)
        steady.wait()

    logs = [(steady_log, False), *victims]  # the survivor is only killed once all is over
    acked: list[tuple[int, int]] = []
    sends: dict[str, list[tuple[float, int]]] = {}  # key -> (when, log index)
    marked: set[tuple[str, int]] = set()
    for index, (log, _) in enumerate(logs):
        for parts in parse(log):
            if parts[0] == "ACK":
                acked.append((int(parts[1]), int(parts[2])))
            elif parts[0] == "SEND":
                sends.setdefault(parts[1], []).append((float(parts[2]), index))
            elif parts[0] == "MARKED":
                marked.add((parts[1], index))
    # key -> its sends in time order: (log index, whether that process marked it)
    senders = {
        key: [(i, (key, i) in marked) for _, i in sorted(times)] for key, times in sends.items()
    }
    assert len(acked) > 20, "too few moves to prove anything"
    assert len({i for tries in senders.values() for i, _ in tries}) >= 2, "one sender only"

    try:
        # No acknowledged move is lost.
        for table_id, n in acked:
            table = await store.get_table(table_id)
            assert table.move_count >= n, (table_id, n)
        # Every state is its move log replayed, and the log has no gaps or repeats.
        for channel in channels:
            table = await store.latest_table(channel)
            moves = await store.moves(table.id)
            assert [m.n for m in moves] == list(range(1, table.move_count + 1))
            state = SEALED.setup(len(table.seats), seed=table.seed, variant=table.variant)
            for m in moves:
                state = SEALED.apply(state, m.seat, m.move).state
            assert SEALED.encode(state) == table.state, channel
        # An item is sent a second time only when the process that sent it first was killed
        # before it could mark it sent (at least once, never by two live processes).
        for key, tries in senders.items():
            for earlier, was_marked in tries[:-1]:
                assert logs[earlier][1] and not was_marked, (key, tries)
            assert sum(was_marked for _, was_marked in tries) <= 1, (key, tries)
        # Every item marked sent was sent; one marked without its MARKED line was marked by a
        # process killed right after the commit.
        rows = await store._db.fetchall("SELECT key FROM outbox WHERE sent_at IS NOT NULL")
        for (key,) in rows:
            assert key in senders, key
            if not any(m for _, m in senders[key]):
                last = senders[key][-1][0]
                # The survivor is killed too, once all is over: a send it began in its last
                # seconds may be marked without its line (seen under load in CI).
                at_the_end = last == 0 and max(t for t, j in sends[key] if j == 0) > ended - 5
                assert logs[last][1] or at_the_end, (key, senders[key])
        time.sleep(0.6)  # every lease has run out: the rest is delivered once
        rest = [i for i in await store.pending() if await store.claim_item(i.key) is not None]
        assert not {item.key for item in rest} & {
            k for k, s in senders.items() if any(m for _, m in s)
        }
    finally:
        await store.close()
