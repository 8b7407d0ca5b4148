"""What the store hands out and refuses: rows as frozen dataclasses, its errors, and the shards
of one process."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from host import ratings as rating_model


class TournamentBusy(RuntimeError):
    """The channel already has a tournament in sign-up or running."""


class StoreError(RuntimeError):
    """The database cannot be used (missing folder, read-only file, newer schema)."""


class StaleVersion(RuntimeError):
    """The table changed since it was read; the caller should reload and try again."""


class ChannelBusy(RuntimeError):
    """The channel already has a lobby or a running game."""


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: int
    name: str


@dataclass(frozen=True)
class TableRow:
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    variant: str
    seats_wanted: int | None
    status: str
    opener_id: int
    seed: int | None
    state: dict | None
    version: int
    move_count: int
    result: list | None
    lobby_message_id: int | None
    created_at: float
    updated_at: float
    seats: tuple[SeatRow, ...]
    pace: str = "untimed"
    clock: dict | None = None
    undo: dict | None = None
    rated: bool = True
    talk: dict | None = None
    """Table talk's memory of the current turn post (see ``host.talk``)."""

    @property
    def game_state(self) -> dict:
        """The stored state of a game that has started (only a lobby has none)."""
        if self.state is None:
            raise ValueError(f"table {self.id} has not started: it has no state")
        return self.state

    @property
    def game_seed(self) -> int:
        """The seed a started game was set up with (only a lobby has none)."""
        if self.seed is None:
            raise ValueError(f"table {self.id} has not started: it has no seed")
        return self.seed

    def seat_of(self, user_id: int) -> int | None:
        for row in self.seats:
            if row.user_id == user_id:
                return row.seat
        return None

    def user_of(self, seat: int) -> int | None:
        for row in self.seats:
            if row.seat == seat:
                return row.user_id
        return None

    @property
    def names(self) -> list[str]:
        return [row.name for row in sorted(self.seats, key=lambda r: r.seat)]


@dataclass(frozen=True)
class MoveRow:
    n: int
    seat: int
    user_id: int
    move: str
    log: list[str]
    created_at: float
    reveals: bool = False
    clock_before: dict | None = None


@dataclass(frozen=True)
class RatingRow:
    game: str
    user_id: int
    name: str
    rating: rating_model.Rating
    games: int


@dataclass(frozen=True)
class StatsRow:
    """One user's finished games of one game (aborted games are never recorded)."""

    game: str
    games: int
    wins: int
    average_place: float


@dataclass(frozen=True)
class TournamentRow:
    id: int
    guild_id: int | None
    channel_id: int
    name: str
    game: str
    variant: str
    format: str
    table_size: int
    pace: str
    rounds: int | None
    round: int
    status: str
    organiser_id: int
    version: int


@dataclass(frozen=True)
class EntrantRow:
    user_id: int
    name: str
    number: int  # sign-up order, the last tie-breaker
    dropped_round: int | None


@dataclass(frozen=True)
class PairingRow:
    """One table (or one bye) of a tournament round; ``players`` in seat order."""

    round: int
    board: int
    bye: bool
    players: tuple[int, ...]
    table_id: int | None
    result: dict | None


@dataclass(frozen=True)
class OutboxItem:
    """One notification to deliver at least once; ``key`` makes a repeated delivery detectable."""

    key: str
    kind: str  # "channel" or "dm"
    target: int  # channel id or user id
    payload: dict[str, Any]
    table_id: int | None = None
    id: int | None = None
    guild_id: int | None = None  # the server it belongs to (from its table when not given)
    attempts: int = 0  # sends begun so far (this one included, once claimed)
    resumed: bool = False  # claimed from a sender whose lease ran out: it may have posted
    created_at: float | None = None


@dataclass(frozen=True)
class Shards:
    """The gateway shards one process runs. Discord puts a server on shard
    ``(guild_id >> 22) % count``; direct messages and rows without a server belong to shard 0."""

    ids: frozenset[int]
    count: int

    def __post_init__(self) -> None:
        if self.count < 1 or not self.ids or not all(0 <= i < self.count for i in self.ids):
            raise ValueError(f"shard ids {sorted(self.ids)} do not fit a shard count {self.count}")

    @classmethod
    def of(cls, ids: Iterable[int], count: int) -> Shards:
        return cls(frozenset(ids), count)

    def shard_of(self, guild_id: int | None) -> int:
        return 0 if guild_id is None else (guild_id >> 22) % self.count

    def owns(self, guild_id: int | None) -> bool:
        return self.shard_of(guild_id) in self.ids

    def where(self, column: str) -> tuple[str, tuple]:
        """A portable SQL condition (and its parameters) true for rows on these shards. Integer
        division by 2**22 is the shift (ids are positive) on both backends."""
        marks = ", ".join("?" for _ in self.ids)
        ids = tuple(sorted(self.ids))
        condition = f"(({column} / 4194304) % ? IN ({marks}))"
        if 0 in self.ids:
            condition = f"({column} IS NULL OR {condition})"
        return condition, (self.count, *ids)
