"""Seat fillers: a game-agnostic player that uses only the engine contract (docs/ARCHITECTURE.md 1,
2).

``choose_move`` decides synchronously (the host runs it in a worker process, ``host.workers``);
``choose_move_async`` runs it in a thread (the offline table). ``players.levels`` holds the levels
members choose (easy, normal, hard).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from engines.base import Engine, State
from players.levels import DEFAULT_LEVEL, LEVELS, Level, filler_user_id, level_name, level_of
from players.search import DEFAULT_BUDGET, Budget, choose_move
from players.turns import TurnMemory

FILLER_NAME = "Bot"


def filler_name(index: int, level: str = DEFAULT_LEVEL) -> str:
    """The seat name of the ``index``-th filler (from 1) with its level: "Bot 1 (hard)"."""
    return f"{FILLER_NAME} {index} ({level})"


async def choose_move_async(
    engine: Engine,
    state: State,
    seat: int,
    *,
    seed: int,
    budget: Budget = DEFAULT_BUDGET,
    earlier: Sequence[dict] = (),
) -> str:
    """:func:`choose_move` in a worker thread, so the event loop keeps serving others."""
    return await asyncio.to_thread(
        choose_move, engine, state, seat, seed=seed, budget=budget, earlier=earlier
    )


__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_LEVEL",
    "LEVELS",
    "Budget",
    "Level",
    "TurnMemory",
    "choose_move",
    "choose_move_async",
    "filler_name",
    "filler_user_id",
    "level_name",
    "level_of",
]
