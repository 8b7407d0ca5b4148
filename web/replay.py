"""Boards for the pages, drawn in the worker processes (docs/ARCHITECTURE.md 4, "Answer first")
by the same renderer as the channel's images, and kept in a cache bounded in bytes.

A replay replays the game from its seed and its moves in the worker too: neither a replay nor a
drawing runs on the event loop. What the worker returns is the PNG of the public view after the
first ``move`` moves; the seed goes in, never out."""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from typing import Any

from host import workers
from host.store import MoveRow, TableRow
from host.talk import named_view

CACHE_BYTES = 64 * 1024 * 1024
"""The most the drawn boards may hold in memory (about 600 boards of 100 KB)."""


def board_png(game: Any, view: dict) -> bytes | None:
    """A public view's board as PNG bytes (in a worker)."""
    from host.images import render_png

    return render_png({"kind": "board", "game": game, "view": view})


def state_png(game: Any, encoded: dict, names: list[str], lang: str) -> bytes | None:
    """A game's public board now, from its stored state, as PNG bytes (in a worker: decoding a
    state and drawing it stay off the event loop)."""
    return board_png(game, public_view_of(workers.engine_of(game), encoded, names, lang))


def public_view_of(engine: Any, encoded: dict, names: list[str], lang: str) -> dict:
    """What a game's board is drawn from: the channel's public view (``host.talk.named_view``)
    in the page's language."""
    return named_view(engine, engine.decode(encoded), None, names) | {"lang": lang}


def replay_png(
    game: Any,
    variant: str,
    seed: int,
    moves: list[tuple[int, str]],
    names: list[str],
    lang: str,
) -> bytes | None:
    """The public board after ``moves`` (from the game's setup with ``seed``), as PNG bytes:
    the same replay as ``/game replay`` (``host.life.PlayByPost.board_after``), in a worker."""
    engine = workers.engine_of(game)
    state = replayed(engine, variant, seed, len(names), moves)
    return board_png(game, named_view(engine, state, None, names) | {"lang": lang})


REPLAYS_KEPT = 16
"""States a worker keeps from its last replays: a reader stepping through a replay (next, next,
...) costs one move each, not the whole game again (a late move of a long Bremerhaven game is
hundreds of moves from its setup)."""

_replays: OrderedDict[tuple, tuple[tuple[tuple[int, str], ...], Any]] = OrderedDict()


def replayed(
    engine: Any, variant: str, seed: int, players: int, moves: list[tuple[int, str]]
) -> Any:
    """The state after ``moves`` from the setup with ``seed``, continued from the longest kept
    replay of the same game whose moves begin ``moves`` (in this worker's memory; states are
    never changed in place, so a kept one is safe to continue)."""
    wanted = tuple((int(seat), str(move)) for seat, move in moves)
    origin = (engine.id, variant, seed, players)
    start, state = 0, None
    for key, (done, kept) in _replays.items():
        if key[0] == origin and start < len(done) <= len(wanted) and wanted[: len(done)] == done:
            start, state = len(done), kept
    if state is None:
        state = engine.setup(players, seed=seed, variant=variant)
    for seat, move in wanted[start:]:
        state = engine.apply(state, seat, move).state
    key = (origin, len(wanted), moves_digest(list(wanted)))
    _replays[key] = (wanted, state)
    _replays.move_to_end(key)
    while len(_replays) > REPLAYS_KEPT:
        _replays.popitem(last=False)
    return state


def record(table: TableRow, moves: list[MoveRow]) -> dict:
    """A finished game's record: what ``/game export`` gives (``host.life.PlayByPost.export``),
    seed included, so it is served only once the game is over."""
    return {
        "game": table.game,
        "variant": table.variant,
        "seed": table.seed,
        "players": table.names,
        "moves": [[m.seat, m.move] for m in moves],
        "result": table.result,
    }


def moves_digest(moves: list[tuple[int, str]]) -> str:
    """Which moves a replay replays (an undo replaces the later ones, so a move number alone
    does not name a board)."""
    return hashlib.sha256(json.dumps(moves).encode()).hexdigest()[:20]


class TooMany(Exception):
    """A drawing not in the cache was refused (the asker's limit, :mod:`web.limits`)."""


class RenderCache:
    """Drawn boards by key, least recently used first out, never more than ``max_bytes`` in
    all. Asked for one key at once, one drawing serves every asker."""

    def __init__(self, max_bytes: int = CACHE_BYTES) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self.hits = 0
        self.misses = 0
        self._items: OrderedDict[Hashable, bytes] = OrderedDict()
        self._drawing: dict[Hashable, asyncio.Future[bytes | None]] = {}

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Hashable) -> bytes | None:
        found = self._items.get(key)
        if found is not None:
            self._items.move_to_end(key)
        return found

    def put(self, key: Hashable, data: bytes) -> None:
        if len(data) > self.max_bytes:
            return
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= len(old)
        self._items[key] = data
        self.bytes += len(data)
        while self.bytes > self.max_bytes:
            _, dropped = self._items.popitem(last=False)
            self.bytes -= len(dropped)

    async def fetch(
        self,
        key: Hashable,
        draw: Callable[[], Awaitable[bytes | None]],
        admit: Callable[[], bool] = lambda: True,
    ) -> bytes | None:
        """The cached drawing for ``key``, else ``draw()`` once (others asking meanwhile wait
        for it), if ``admit()`` lets this asker start a new drawing (else :class:`TooMany`)."""
        found = self.get(key)
        if found is not None:
            self.hits += 1
            return found
        waiting = self._drawing.get(key)
        if waiting is not None:
            return await asyncio.shield(waiting)
        if not admit():
            raise TooMany
        self.misses += 1
        future: asyncio.Future[bytes | None] = asyncio.get_running_loop().create_future()
        self._drawing[key] = future
        try:
            data = await draw()
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            self._drawing.pop(key, None)
        if data is not None:
            self.put(key, data)
        future.set_result(data)
        return data
