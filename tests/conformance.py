"""The conformance suite every engine must pass (docs/ARCHITECTURE.md section 7).

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

from engines.base import Engine, IllegalMove, Rng, Standing

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
    """Views are JSON-safe and never hold the seed or generator; secrets are checked by
    perturbation in :func:`check_hidden`."""
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


def _canon(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True)


def _without_rng(engine: Engine, state: Any) -> str:
    return _canon({k: v for k, v in engine.encode(state).items() if k != "rng"})


def _outcome(engine: Engine, state: Any, seat: int, text: str) -> str:
    try:
        engine.apply(state, seat, text)
    except IllegalMove as error:
        return f"refused: {error}"
    return "accepted"


def check_hidden(
    engine: Engine, state: Any, players: int, rng: Rng, samples: int = 2, probes: int = 6
) -> bool:
    """Secrets by perturbation (docs/ARCHITECTURE.md 2): every observer (the public and each seat)
    sees the same view, the same seats to move, the same legal moves with the same descriptions, and
    the same answers to probe moves, on ``state`` and on states that ``resample_hidden`` drew for
    that observer. Returns whether some resampled state differed beyond the generator."""
    pool = sorted({m for s in range(players) for m in engine.legal_moves(state, s)})
    differed = False
    for observer in [None, *range(players)]:
        probed = [pool[rng.randbelow(len(pool))] for _ in range(min(probes, len(pool)))]
        probed += ["xyzzy", "a"]
        expected = _observed(engine, state, observer, probed)
        for _ in range(samples):
            other = engine.resample_hidden(state, observer, rng)
            seen = _observed(engine, other, observer, probed)
            for key, value in expected.items():
                assert seen[key] == value, (
                    f"observer {observer} can tell a resampled state apart by its {key}"
                )
            differed = differed or _without_rng(engine, other) != _without_rng(engine, state)
    return differed


def _observed(engine: Engine, state: Any, observer: int | None, probed: list[str]) -> dict:
    legal = engine.legal_moves(state, observer) if observer is not None else []
    return {
        "view": _canon(engine.view(state, observer)),
        "to_move": engine.to_move(state),
        "legal moves": legal,
        "move descriptions": [engine.describe(state, observer, m) for m in legal],
        "answers to probe moves": (
            [_outcome(engine, state, observer, m) for m in probed] if observer is not None else []
        ),
    }


def check_public_choices(engine: Engine, state: Any, rng: Rng, samples: int = 3) -> None:
    """Issue 23: whether a seat's options may be shown in the channel is a rule the public can
    apply. ``choices_are_public`` answers the same on ``state`` and on every public re-deal of
    it, and where it says public, the legal moves and their descriptions (the buttons' labels,
    issue 25) are the same on every re-deal too."""
    for seat in engine.to_move(state):
        public = engine.choices_are_public(state, seat)
        legal = engine.legal_moves(state, seat)
        words = [engine.describe(state, seat, m) for m in legal] if public else []
        for _ in range(samples):
            other = engine.resample_hidden(state, None, rng)
            assert engine.choices_are_public(other, seat) == public, (
                f"whether seat {seat}'s options are public depends on hidden parts"
            )
            if public:
                assert engine.legal_moves(other, seat) == legal, (
                    f"seat {seat}'s options are called public but differ on a re-deal: "
                    f"{legal} / {engine.legal_moves(other, seat)}"
                )
                described = [engine.describe(other, seat, m) for m in legal]
                assert described == words, (
                    f"seat {seat}'s options are called public but their words differ on a "
                    f"re-deal: {words} / {described}"
                )


def check_reveals(engine: Engine, state: Any, seat: int, move: str, players: int, rng: Rng) -> None:
    """A move whose result an observer could see differ on a state resampled for that observer
    showed something hidden (or drew from a hidden order), so its Step must say ``reveals``."""
    step = engine.apply(state, seat, move)
    if step.reveals:
        return
    for observer in [seat, *[s for s in range(players) if s != seat], None]:
        after = _canon(engine.view(step.state, observer))
        for _ in range(2):
            other = engine.resample_hidden(state, observer, rng)
            try:
                other_step = engine.apply(other, seat, move)
            except IllegalMove:
                continue  # the mover's options are hidden from this observer
            assert _canon(engine.view(other_step.state, observer)) == after, (
                f"{move!r} by seat {seat} shows observer {observer} something hidden "
                "but its Step does not say reveals"
            )


def _has_key(obj: Any, key: str) -> bool:
    if isinstance(obj, dict):
        return key in obj or any(_has_key(v, key) for v in obj.values())
    if isinstance(obj, list):
        return any(_has_key(v, key) for v in obj)
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
    hidden_every: int = 11,
    public_every: int = 4,
    expect_hidden: bool = False,
) -> list[tuple[int, str]]:
    """Play one random game to the end, checking every contract rule on the way.

    Returns the move list. ``exhaustive`` applies every listed legal move at every step (slow).
    """
    chooser = random.Random(seed)
    state = engine.setup(players, seed=seed, variant=variant)
    assert engine.setup(players, seed=seed, variant=variant) == state, "setup is not deterministic"
    moves: list[tuple[int, str]] = []
    rendered = 0
    perturb = Rng.from_seed(seed)
    hidden_seen = False
    for step_number in range(MAX_STEPS):
        encoded = engine.encode(state)
        assert engine.decode(json.loads(json.dumps(encoded))) == state, "encode/decode round trip"
        waiting = engine.to_move(state)
        if step_number % 7 == 0 or not waiting:
            check_views(engine, state, seed, players)
        if step_number % hidden_every == 0 or not waiting:
            hidden_seen = check_hidden(engine, state, players, perturb) or hidden_seen
        if step_number % public_every == 0:
            check_public_choices(engine, state, perturb)
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
        if step_number % 7 == 0:
            check_storage_order(engine, state, seat, legal, default)
        before = snapshot(engine, state)
        trial = legal if exhaustive else chooser.sample(legal, min(2, len(legal)))
        for text in trial:
            engine.apply(state, seat, text)  # must not raise
        move = chooser.choice(legal)
        if step_number < 60 or step_number % 3 == 0:
            check_reveals(engine, state, seat, move, players, perturb)
        step = engine.apply(state, seat, move)
        assert snapshot(engine, state) == before, "apply mutated its input"
        assert all(isinstance(line, str) for line in step.log)
        assert all(0 <= s < players for s in step.private)
        moves.append((seat, move))
        state = step.state
    else:
        pytest.fail(f"no end after {MAX_STEPS} moves")
    check_result(engine, state, players)
    if expect_hidden:
        assert hidden_seen, "resample_hidden never drew anything new: the game has hidden parts"
    replayed = engine.setup(players, seed=seed, variant=variant)
    for seat, move in moves:
        replayed = engine.apply(replayed, seat, move).state
    assert snapshot(engine, replayed) == snapshot(engine, state), "replay differs"
    return moves


def check_storage_order(engine: Engine, state: Any, seat: int, legal: list, default: str) -> None:
    """A state reloaded from any database (keys in another order) offers the same choices in the
    same order, and the same default move (docs/ARCHITECTURE.md 2, "Order is part of the rules")."""
    reloaded = engine.decode(json.loads(json.dumps(engine.encode(state), sort_keys=True)))
    assert engine.legal_moves(reloaded, seat) == legal, "legal move order depends on key order"
    assert engine.default_move(reloaded, seat) == default, "the default move depends on key order"


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
    assert 500 <= image.width <= 1600, f"board is {image.width}px wide"
    for seat in range(players):
        private = renderer.private(engine.view(state, seat))
        assert private is None or isinstance(private, Image.Image)
