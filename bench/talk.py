"""How much a channel hears: posts, board images and stray pings per turn start (issue 14).

    python -m bench.talk                 whole 3-player games of every game
    python -m bench.talk --players 2 4   other player counts

A *turn start* is a member who was not to move before a move and is to move after it. Games are
played by uniformly random members through the table service on a real SQLite file, so every
count is what table talk queued in the outbox.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
from dataclasses import dataclass
from pathlib import Path

from engines import ENGINES
from host.store import Store
from host.tables import TableService
from host.talk import digest
from tests.conformance import configurations

CH = 1


@dataclass
class Counts:
    game: str
    players: int
    moves: int = 0
    turn_starts: int = 0
    posts: int = 0
    images: int = 0
    stray_pings: int = 0
    repeated_images: int = 0
    last_round: object = None

    @property
    def posts_per_turn(self) -> float:
        return self.posts / max(1, self.turn_starts)

    @property
    def images_per_turn(self) -> float:
        return self.images / max(1, self.turn_starts)


async def measure(
    game: str, players: int, *, seed: int = 1, limit: int = 5000, path: Path | None = None
) -> Counts:
    """Play one whole game (or ``limit`` moves) and count what the channel was sent."""
    engine = ENGINES[game]
    variant = next(v for n, v in configurations(engine) if n == players)
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(path or Path(folder) / "talk.db")
        try:
            service = TableService(store)
            users = list(range(101, 101 + players))
            await service.open(
                guild_id=1, channel_id=CH, game=game, user_id=users[0], name="U0", variant=variant
            )
            for user in users[1:]:
                await service.join(CH, user, f"U{user}")
            outcome = await service.start(CH, users[0], seed=seed)
            counts = Counts(game, players)
            last_image: list[str | None] = [None]
            waiting: set[int] = set()
            _count(counts, outcome, waiting, engine, last_image)
            chooser = random.Random(seed)
            while outcome.table.status == "active" and counts.moves < limit:
                state = engine.decode(outcome.table.state)
                waiting = {outcome.table.user_of(s) for s in engine.to_move(state)}
                user = chooser.choice(sorted(waiting))
                move = chooser.choice(await service.legal_moves(CH, user))
                outcome = await service.submit(CH, user, move)
                counts.moves += 1
                _count(counts, outcome, waiting, engine, last_image)
            return counts
        finally:
            await store.close()


def _count(counts: Counts, outcome, before: set[int], engine, last_image: list) -> None:
    after: set[int] = set()
    if outcome.table.status == "active":
        state = engine.decode(outcome.table.state)
        after = {outcome.table.user_of(s) for s in engine.to_move(state)}
    counts.turn_starts += len(after - before)
    if counts.players == 1 and outcome.table.state is not None:
        # Alone at the table, the player is always to move: each new round is their new turn.
        round_now = engine.view(engine.decode(outcome.table.state), None).get("round")
        counts.turn_starts += round_now != counts.last_round and counts.moves > 0
        counts.last_round = round_now
    for item in outcome.items:
        if item.kind != "channel":
            continue
        if "edit_of" not in item.payload:
            counts.posts += 1
        counts.stray_pings += sum(1 for u in item.payload.get("mentions", []) if u in before)
        image = item.payload.get("image")
        if image:
            counts.images += 1
            key = digest(image)
            counts.repeated_images += key == last_image[0]
            last_image[0] = key


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[3])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("game        players  moves  turn starts  posts/turn  images/turn  stray pings  repeats")
    for game in ENGINES:
        for players in args.players:
            if players not in [n for n, _ in configurations(ENGINES[game])]:
                continue
            c = asyncio.run(measure(game, players, seed=args.seed))
            print(
                f"{game:<12}{players:>7}{c.moves:>7}{c.turn_starts:>13}{c.posts_per_turn:>12.2f}"
                f"{c.images_per_turn:>13.2f}{c.stray_pings:>13}{c.repeated_images:>9}"
            )


if __name__ == "__main__":
    main()
