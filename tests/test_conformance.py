"""Runs the conformance suite over every registered engine and the test-only engines."""

from __future__ import annotations

import os

import pytest

from engines import ENGINES
from engines.base import BaseEngine
from tests.conformance import (
    MAX_STEPS,
    _render_all,
    check_playout,
    configurations,
    seeds,
    snapshot,
)
from tests.sealed_bids import ENGINE as SEALED

SEEDS_PER_CONFIG = int(os.environ.get("PORTOLAN_CONFORMANCE_SEEDS", "3"))
FAST_MOST_PLAYERS = 3
"""The fast tier's busiest playout; 4- and 5-player tables are played in the slow tier."""
ALL_ENGINES = {**ENGINES, SEALED.id: SEALED}


def fast_configurations(engine) -> set[tuple[int, str]]:
    """The configurations whose first seed runs in the fast tier: every variant once, at the
    most players up to ``FAST_MOST_PLAYERS`` for the first variant, the fewest for the second, and
    so on, so each engine's busy tables and its smallest one are played on every run. Every
    configuration, with every seed, runs in the slow tier (CI): a whole checked playout of a
    4-player Tahiti or Bremerhaven game takes 5 to 10 s (three times a 3-player long
    Bremerhaven's), and the fast tier has 3 minutes for everything."""
    chosen = set()
    for index, variant in enumerate(engine.variants):
        counts = [n for n, v in configurations(engine) if v == variant]
        busy = [n for n in counts if n <= FAST_MOST_PLAYERS] or counts[:1]
        chosen.add((busy[-1] if index % 2 == 0 else counts[0], variant))
    return chosen


CASES = [
    pytest.param(
        game_id,
        players,
        variant,
        seed,
        id=f"{game_id}-{variant}-{players}p-{i}",
        marks=[]
        if i == 0 and (players, variant) in fast_configurations(engine)
        else [pytest.mark.slow],
    )
    for game_id, engine in ALL_ENGINES.items()
    for players, variant in configurations(engine)
    for i, seed in enumerate(seeds(SEEDS_PER_CONFIG))
]


@pytest.mark.parametrize(("game_id", "players", "variant", "seed"), CASES)
def test_random_playout(game_id: str, players: int, variant: str, seed: int) -> None:
    engine = ALL_ENGINES[game_id]
    check_playout(
        engine, players=players, seed=seed, variant=variant, expect_hidden=_resamples(engine)
    )


def _resamples(engine) -> bool:
    """Whether the engine redraws hidden parts beyond the generator (every hosted game must)."""
    return type(engine).resample_hidden is not BaseEngine.resample_hidden


@pytest.mark.parametrize(
    ("game_id", "players", "variant"),
    [
        pytest.param(g, *configurations(e)[-1][::1], id=f"{g}-exhaustive")
        for g, e in ALL_ENGINES.items()
    ],
)
def test_every_listed_move_applies(game_id: str, players: int, variant: str) -> None:
    """At every step of a random game, every move ``legal_moves`` lists applies, and none
    changes the state it was applied to (docs/ARCHITECTURE.md 7). The other contract checks along
    the way are the playouts' (``test_random_playout``); repeating them on every step of this game
    made it four times slower and proved nothing more."""
    import random

    engine = ALL_ENGINES[game_id]
    seed = seeds(1)[0]
    chooser = random.Random(seed)
    state = engine.setup(players, seed=seed, variant=variant)
    for _ in range(MAX_STEPS):
        waiting = engine.to_move(state)
        if not waiting:
            break
        seat = chooser.choice(waiting)
        legal = engine.legal_moves(state, seat)
        before = snapshot(engine, state)
        for text in legal:
            engine.apply(state, seat, text)  # must not raise
        assert snapshot(engine, state) == before, "apply mutated its input"
        state = engine.apply(state, seat, chooser.choice(legal)).state
    else:
        pytest.fail(f"no end after {MAX_STEPS} moves")


@pytest.mark.parametrize("game_id", sorted(ENGINES))
def test_views_render(game_id: str) -> None:
    """Every view renders (docs/ARCHITECTURE.md 7): the board and each seat's private image at the
    start, after 25 moves and at the end of a random game. The game itself is not checked here: the
    same seed and configuration is a checked playout of the slow tier (``test_random_playout``,
    its second seed)."""
    import random

    from render import RENDERERS

    assert game_id in RENDERERS, f"{game_id} has no renderer"
    engine = ENGINES[game_id]
    players, variant = configurations(engine)[-1]
    seed = seeds(2)[1]
    chooser = random.Random(seed)
    state = engine.setup(players, seed=seed, variant=variant)
    rendered = 0
    for step_number in range(MAX_STEPS):
        waiting = engine.to_move(state)
        if step_number in (0, 25) or not waiting:
            _render_all(engine, RENDERERS[game_id], state, players)
            rendered += 1
        if not waiting:
            break
        seat = chooser.choice(waiting)
        state = engine.apply(state, seat, chooser.choice(engine.legal_moves(state, seat))).state
    assert rendered == 3, "the game ended before 25 moves or never ended"


def test_setup_rejects_bad_counts_and_variants() -> None:
    from engines.base import IllegalMove

    for engine in ALL_ENGINES.values():
        with pytest.raises(IllegalMove):
            engine.setup(engine.max_players + 1, seed=1)
        with pytest.raises(IllegalMove):
            engine.setup(engine.min_players, seed=1, variant="no-such-variant")
