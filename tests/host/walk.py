"""Whole 3-player games through the host layer, recording every text a member reads (issue 25).

No Discord: a :class:`~host.tables.TableService` on a temporary SQLite store plays random legal
moves; after each move it records the outbox items (posts, edits, DMs), the mover's choices in
words (buttons, "My choices", autocomplete), a refusal of a wrong move with its legal options,
``/hand`` and ``/game status``."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from host.store import OutboxItem, Store
from host.tables import TableError, TableService, private_summary

NAMES = ("Ana", "Bo", "Cy")
CHANNEL = 77


@dataclass
class Record:
    game: str
    moves: int = 0
    items: list[OutboxItem] = field(default_factory=list)
    texts: list[tuple[str, str]] = field(default_factory=list)
    """(where, text) for every text a member reads."""

    @property
    def dms(self) -> list[OutboxItem]:
        return [i for i in self.items if i.kind == "dm" and not i.payload.get("watcher")]

    def said(self, where: str, text: str) -> None:
        if text:
            self.texts.append((where, text))


async def walk(game: str, db: Path, *, seed: int = 1, every: int = 7) -> Record:
    """Play a whole 3-player game of ``game`` with random moves; texts other than the posts
    (choices, refusals, status, hand) are sampled every ``every`` moves."""
    store = await Store.open(str(db))
    record = Record(game)
    try:
        service = TableService(store)
        await service.open(guild_id=1, channel_id=CHANNEL, game=game, user_id=1, name=NAMES[0])
        for user in (2, 3):
            await service.join(CHANNEL, user, NAMES[user - 1])
        outcome = await service.start(CHANNEL, 1, seed=seed)
        _keep(record, outcome.items)
        chooser = random.Random(seed)
        while True:
            table = await service.latest(CHANNEL)
            if table.status != "active":
                break
            engine = service.engine(table.game)
            seat = engine.to_move(engine.decode(table.state))[0]
            user = table.user_of(seat)
            choices = await service.move_choices(CHANNEL, user)
            if record.moves % every == 0:
                await _sample(service, record, user, choices)
            _, value = chooser.choice(choices)
            outcome = await service.submit(CHANNEL, user, value)
            _keep(record, outcome.items)
            record.moves += 1
            assert record.moves < 3000, "the game did not end"
    finally:
        await store.close()
    return record


def _keep(record: Record, items: list[OutboxItem]) -> None:
    for item in items:
        record.items.append(item)
        for key in ("text",):
            record.said(f"{item.kind} {item.key}", item.payload.get(key) or "")
        choices = item.payload.get("choices") or {}
        for label in choices.get("labels") or choices.get("moves") or []:
            record.said(f"button {item.key}", label)


async def _sample(service: TableService, record: Record, user: int, choices) -> None:
    for name, _ in choices:
        record.said("choice", name)
    record.said("status", await service.status(CHANNEL))
    _, view = await service.hand(CHANNEL, user)
    engine = service.engine(record.game)
    record.said("hand", private_summary(view, engine))
    for wrong in ("xyzzy", "qqq 99 zzz"):
        try:
            await service.submit(CHANNEL, user, wrong)
        except TableError as error:
            record.said("refusal", str(error))
