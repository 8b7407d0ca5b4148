"""Runs the conformance suite over every registered engine and the test-only engines."""

from __future__ import annotations

import os

import pytest

from engines import ENGINES
from engines.base import BaseEngine
from tests.conformance import check_playout, configurations, seeds
from tests.sealed_bids import ENGINE as SEALED

SEEDS_PER_CONFIG = int(os.environ.get("PORTOLAN_CONFORMANCE_SEEDS", "3"))
ALL_ENGINES = {**ENGINES, SEALED.id: SEALED}

# The first seed of every configuration runs in the fast tier; the others in the slow tier (CI).
CASES = [
    pytest.param(
        game_id,
        players,
        variant,
        seed,
        id=f"{game_id}-{variant}-{players}p-{i}",
        marks=[pytest.mark.slow] if i else [],
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
    check_playout(
        ALL_ENGINES[game_id], players=players, seed=seeds(1)[0], variant=variant, exhaustive=True
    )


@pytest.mark.parametrize("game_id", sorted(ENGINES))
def test_views_render(game_id: str) -> None:
    from render import RENDERERS

    assert game_id in RENDERERS, f"{game_id} has no renderer"
    engine = ENGINES[game_id]
    players, variant = configurations(engine)[-1]
    check_playout(
        engine, players=players, seed=seeds(2)[1], variant=variant, renderer=RENDERERS[game_id]
    )


def test_setup_rejects_bad_counts_and_variants() -> None:
    from engines.base import IllegalMove

    for engine in ALL_ENGINES.values():
        with pytest.raises(IllegalMove):
            engine.setup(engine.max_players + 1, seed=1)
        with pytest.raises(IllegalMove):
            engine.setup(engine.min_players, seed=1, variant="no-such-variant")
