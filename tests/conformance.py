"""The conformance suite every engine must pass (design.md section 7).

The checks are plain functions over one engine, so that a game package can be checked before it
is registered (``check_playout(MyEngine(), players=3, seed=1)``); ``test_conformance.py`` runs them
over every engine in ``engines.ENGINES`` and the test-only engines.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from engines.base import Engine, IllegalMove, Standing

MAX_STEPS = 20_000
GARBAGE = [
    "",
    "   ",
    "xyzzy",
    "\x00\x01",
    "a" * 5000,
    "'; DROP TABLE moves; --",
    "🦜 🦜",
    "move 999,999",
]
# Seeds are large and distinctive so that a leak of the seed into a view is visible as text.
SEED_BASE = 7_316_004_221


def seeds(count: int) -> list[int]:
    return [SEED_BASE + 7919 * i for i in range(count)]


def configurations(engine: Engine) -> list[tuple[int, str]]:
    """Every (players, variant) pair the engine supports."""
    pairs = []
    for variant in engine.variants:
        low, high = _player_range(engine, variant)
        pairs.extend((n, variant) for n in range(low, high + 1))
    return pairs


def _player_range(engine: Engine, variant: str) -> tuple[int, int]:
    ranged = getattr(engine, "player_range", None)
    return ranged(variant) if ranged else (engine.min_players, engine.max_players)


def snapshot(engine: Engine, state: Any) -> str:
    return json.dumps(engine.encode(state), sort_keys=True)


def check_views(engine: Engine, state: Any, seed: int, players: int) -> None:
    """Views are JSON-safe, never hold the seed or generator, and keep each seat's secrets."""
    public = engine.view(state, None)
    public_text = json.dumps(public, sort_keys=True)
    assert "private" not in public, "the public view has a private section"
    views = {None: public}
    for seat in range(players):
        view = engine.view(state, seat)
        views[seat] = view
        text = json.dumps(view, sort_keys=True)
        stripped = {k: v for k, v in view.items() if k not in ("seat", "private")}
        assert json.dumps(stripped, sort_keys=True) == public_text, (
            "everything outside a seat view's 'private' section must equal the public view"
        )
        assert str(seed) not in text
    assert str(seed) not in public_text
    for view in views.values():
        assert not _has_key(view, "rng"), "a view exposes the random generator"
        assert not _has_key(view, "seed"), "a view exposes the seed"
    secrets = engine.secrets(state) if hasattr(engine, "secrets") else {}
    for owner, facts in secrets.items():
        for viewer, view in views.items():
            if viewer == owner:
                continue
            own = secrets.get(viewer, {}) if viewer is not None else {}
            for key, value in facts.items():
                if own.get(key) == value:
                    continue  # the viewer's own secret happens to be equal
                assert not _has_pair(view, key, value), (
                    f"seat {viewer}'s view shows seat {owner}'s secret {key!r}"
                )


def _has_key(obj: Any, key: str) -> bool:
    if isinstance(obj, dict):
        return key in obj or any(_has_key(v, key) for v in obj.values())
    if isinstance(obj, list):
        return any(_has_key(v, key) for v in obj)
    return False


def _has_pair(obj: Any, key: str, value: Any) -> bool:
    if isinstance(obj, dict):
        if key in obj and obj[key] == value:
            return True
        return any(_has_pair(v, key, value) for v in obj.values())
    if isinstance(obj, list):
        return any(_has_pair(v, key, value) for v in obj)
    return False


def check_rejects(engine: Engine, state: Any, waiting: list[int], players: int) -> None:
    """Garbage, out-of-turn and not-listed moves raise IllegalMove and change nothing."""
    before = snapshot(engine, state)
    seat = waiting[0]
    for text in GARBAGE:
        with pytest.raises(IllegalMove):
            engine.apply(state, seat, text)
    legal = engine.legal_moves(state, seat)
    for text in legal[:3]:
        with pytest.raises(IllegalMove):
            engine.apply(state, seat, text + " 12345")
    idle = [s for s in range(players) if s not in waiting]
    for other in idle[:2]:
        assert engine.legal_moves(state, other) == []
        for text in legal[:3]:
            with pytest.raises(IllegalMove):
                engine.apply(state, other, text)
    assert snapshot(engine, state) == before, "a refused move changed the state"


def check_playout(
    engine: Engine,
    *,
    players: int,
    seed: int,
    variant: str | None = None,
    exhaustive: bool = False,
    renderer: Any = None,
) -> list[tuple[int, str]]:
    """Play one random game to the end, checking every contract rule on the way.

    Returns the move list. ``exhaustive`` applies every listed legal move at every step (slow).
    """
    chooser = random.Random(seed)
    state = engine.setup(players, seed=seed, variant=variant)
    assert engine.setup(players, seed=seed, variant=variant) == state, "setup is not deterministic"
    moves: list[tuple[int, str]] = []
    rendered = 0
    for step_number in range(MAX_STEPS):
        encoded = engine.encode(state)
        assert engine.decode(json.loads(json.dumps(encoded))) == state, "encode/decode round trip"
        waiting = engine.to_move(state)
        if step_number % 7 == 0 or not waiting:
            check_views(engine, state, seed, players)
        if renderer is not None and (step_number in (0, 25) or not waiting):
            _render_all(engine, renderer, state, players)
            rendered += 1
        if not waiting:
            break
        assert engine.result(state) is None, "result() before the game is over"
        assert len(set(waiting)) == len(waiting) and all(0 <= s < players for s in waiting)
        if step_number % 5 == 0:
            check_rejects(engine, state, waiting, players)
        seat = chooser.choice(waiting)
        legal = engine.legal_moves(state, seat)
        assert legal, f"seat {seat} is to move but has no legal move"
        assert len(set(legal)) == len(legal), "legal_moves lists a move twice"
        default = engine.default_move(state, seat)
        assert default in legal, f"default move {default!r} is not legal"
        before = snapshot(engine, state)
        trial = legal if exhaustive else chooser.sample(legal, min(2, len(legal)))
        for text in trial:
            engine.apply(state, seat, text)  # must not raise
        move = chooser.choice(legal)
        step = engine.apply(state, seat, move)
        assert snapshot(engine, state) == before, "apply mutated its input"
        assert all(isinstance(line, str) for line in step.log)
        assert all(0 <= s < players for s in step.private)
        moves.append((seat, move))
        state = step.state
    else:
        pytest.fail(f"no end after {MAX_STEPS} moves")
    check_result(engine, state, players)
    replayed = engine.setup(players, seed=seed, variant=variant)
    for seat, move in moves:
        replayed = engine.apply(replayed, seat, move).state
    assert snapshot(engine, replayed) == snapshot(engine, state), "replay differs"
    return moves


def check_result(engine: Engine, state: Any, players: int) -> None:
    standings = engine.result(state)
    assert standings is not None, "the game is over but result() is None"
    assert sorted(s.seat for s in standings) == list(range(players)), "every seat is ranked once"
    assert all(isinstance(s, Standing) for s in standings)
    ordered = sorted(standings, key=lambda s: s.rank)
    assert ordered[0].rank == 1
    for a, b in itertools.pairwise(ordered):
        assert a.rank <= b.rank
        assert a.score >= b.score or a.rank < b.rank
    json.dumps([s.breakdown for s in standings])


def _render_all(engine: Engine, renderer: Any, state: Any, players: int) -> None:
    from PIL import Image

    image = renderer.board(engine.view(state, None))
    assert isinstance(image, Image.Image)
    assert 1200 <= image.width <= 1600, f"board is {image.width}px wide"
    for seat in range(players):
        private = renderer.private(engine.view(state, seat))
        assert private is None or isinstance(private, Image.Image)
