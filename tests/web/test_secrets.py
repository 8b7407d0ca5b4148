"""Nothing secret, by construction (issue 42): a game's page, its replay page and the view its
board is drawn from are the same, byte for byte, for every re-deal of the hidden parts
(``engine.resample_hidden(state, None, rng)``, as tests/conformance.py holds views to them), at a
mid-game position of each game where something is hidden: Tahiti's hidden favourites, Bremerhaven's
bids placed face down, Francis Drake's discs and counters, Amerigo's and Vasco da Gama's draw
piles."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from engines import ENGINES
from engines.base import Rng
from host.store import MoveRow, SeatRow, TableRow
from tests.conformance import _without_rng
from tests.web.world import HOSTILE
from web import pages, public, replay

NOW = 1_900_000_000.0

POSITIONS = {
    # game: (players, seed, at least this many moves, what must be hidden then)
    "tahiti": (3, 1, 8, "seat"),
    "amerigo": (3, 1, 12, "draws"),
    "bremerhaven": (3, 1, 30, "bids"),
    "drake": (3, 1, 11, "seat"),
    "vasco": (3, 1, 12, "draws"),
}


def hidden_from_the_public(engine, state, players: int, kind: str) -> bool:
    """Whether a re-deal for the public changes what some seat may see (its secrets), or for a
    game whose only hidden part is its draw piles, the piles themselves."""
    other = engine.resample_hidden(state, None, Rng.from_seed(99))
    if kind == "draws":
        return _without_rng(engine, other) != _without_rng(engine, state)
    seats = [s for s in range(players) if engine.view(state, s) != engine.view(other, s)]
    if kind == "bids":
        return bool(seats) and any(engine.view(state, None).get("submitted") or [])
    return bool(seats)


def position(game: str) -> tuple[TableRow, list[MoveRow], object]:
    """A table mid-game with hidden parts, and its public log, by random legal moves."""
    engine = ENGINES[game]
    players, seed, least, kind = POSITIONS[game]
    state = engine.setup(players, seed=seed)
    rng = random.Random(seed)
    moves: list[MoveRow] = []
    while len(moves) < least or not hidden_from_the_public(engine, state, players, kind):
        seat = engine.to_move(state)[0]
        step = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
        moves.append(MoveRow(len(moves) + 1, seat, 900 + seat, step.move, step.log, NOW))
        state = step.state
        assert len(moves) < 400, "no position with hidden parts found"
    names = [*HOSTILE, "Dana"][:players]
    table = TableRow(
        id=77,
        guild_id=1234,
        channel_id=5678,
        game=game,
        variant=engine.variants[0],
        seats_wanted=players,
        status="active",
        opener_id=900,
        seed=seed,
        state=engine.encode(state),
        version=len(moves) + 2,
        move_count=len(moves),
        result=None,
        lobby_message_id=None,
        created_at=NOW,
        updated_at=NOW,
        seats=tuple(SeatRow(s, 900 + s, n) for s, n in enumerate(names)),
    )
    return table, moves, state


def shown(table: TableRow, moves: list[MoveRow], lang: str) -> tuple[str, str, str]:
    """Everything the pages show of a table: the game page, a replay page, the board's view."""
    engine = ENGINES[table.game]
    facts = public.game_facts(table, engine, moves, lang, NOW)
    links = pages.Links("/g/token")
    view = replay.public_view_of(engine, table.state, list(table.names), lang)
    return (
        pages.game_page(facts, links),
        pages.replay_page(facts, links, table.move_count // 2),
        json.dumps(view, sort_keys=True),
    )


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_pages_are_the_same_for_every_redeal_of_the_hidden_parts(game):
    table, moves, state = position(game)
    engine = ENGINES[game]
    for lang in ("en", "el"):
        seen = shown(table, moves, lang)
        for sample in range(3):
            other = engine.resample_hidden(state, None, Rng.from_seed(1000 + sample))
            redealt = dataclasses.replace(table, state=engine.encode(other))
            assert shown(redealt, moves, lang) == seen, (game, lang, sample)
