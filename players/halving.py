"""Sequential halving over paired playouts: how a seat filler spends its budget (issue 28).

The tree search (``players/search.py`` ``_iterate``) gave each of up to 24 root moves one or two
playouts at 40 iterations, and a playout's reward varies more from one re-deal and one set of dice
to the next than from one move to another. More iterations then bought almost nothing: hard (160)
beat two normal fillers (40) in 2 of 8 games.

Here every candidate move is played out on the *same* samples: a sample is one re-deal of what the
seat cannot see plus one playout seed, shared by all candidates of a round, so what the sample
alone decides (the cards drawn, the rivals' luck) cancels out of the comparison
(``python -m players.bench --spread 6`` prints by how much, per game). Sequential halving (Karnin,
Koren and Somekh, 2013) splits a fixed budget over ``ceil(log2 K)`` rounds and keeps the better
half after each: it is made for choosing one move well with a fixed budget, and each round's
samples go to fewer, better candidates.

A playout plays the move, then the engine's playout policy for everyone (the seat's own next steps
of a compound action too), until the seat's turn has come round again ``playout_turns`` times, or
``horizon`` moves; the positions where its turn came round are scored (``players/evaluate.py``).
Everything is drawn from re-deals: the decision depends only on what the seat may see and on the
seed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engines import heuristics_for
from engines.base import Engine, Heuristics, Rng, State, clone_state
from players.evaluate import Baseline, Evaluator

Policy = Callable[[Engine, State, int, Rng], str]


@dataclass
class Tally:
    """The rewards a candidate has collected, over the same samples as every rival still in."""

    total: float = 0.0
    count: int = 0

    def add(self, reward: float) -> None:
        self.total += reward
        self.count += 1

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else -math.inf


def playout(
    engine: Engine,
    state: State,
    me: int,
    rng: Rng,
    horizon: int,
    policy,
    *,
    turns: int = 1,
    owned: bool = False,
    heuristics: Heuristics | None = None,
    in_place: bool = True,
) -> list[State]:
    """Plays the playout policy from ``state`` until ``me`` has come to move again after its
    rivals ``turns`` times (a turn's consequences are the rivals' answers to it; beyond them a
    playout adds more noise than knowledge), or for ``horizon`` moves. Returns the states where
    ``me``'s turn came round, or the last one reached: a playout is scored at each, so that what
    comes sooner counts for more (delivering now beats delivering next turn).

    Never in the middle of a secret phase, though, where the game's heuristics say so
    (``playout_settled(state)``): there every move looks alike until the reveal. Bremerhaven's
    bids, sequential and face down, were all scored the same at the seat's next turn, and the
    filler always bid its lowest card on the first space.

    The moves are played on one copy of ``state`` (``BaseEngine.advance``), which stays as it
    was, or on ``state`` itself if the caller says it is ``owned`` (a fresh state it will not
    use again); with ``in_place`` False, every move goes through ``apply`` (the tests compare the
    two ways)."""
    settled = (heuristics or heuristics_for(engine)).playout_settled
    if in_place and not owned:
        state = clone_state(state)
    marks: list[State] = []
    rivals_moved = False
    for played in range(2 * horizon):
        waiting = engine.to_move(state)
        if not waiting:
            break
        calm = settled(state)
        if rivals_moved and me in waiting and calm:
            rivals_moved = False
            if len(marks) + 1 >= turns:
                return [*marks, state]
            marks.append(clone_state(state) if in_place else state)  # play goes on from it
        if played >= horizon and calm:
            break
        actor = waiting[0] if len(waiting) == 1 else rng.choice(waiting)
        rivals_moved = rivals_moved or actor != me
        move = policy(engine, state, actor, rng)
        if in_place:
            engine.advance(state, actor, move)
        else:
            state = engine.apply(state, actor, move).state
    marks.append(state)
    return marks


@dataclass(frozen=True)
class Playouts:
    """What every playout of one decision shares: whose decision, how a playout goes on and how
    its end is scored."""

    engine: Engine
    seat: int
    evaluator: Evaluator
    policy: Policy
    horizon: int
    change_weight: float
    reach: int = 1
    """How far playouts look: ``reach`` times the engine's ``playout_turns`` of the seat's turns,
    and ``reach`` times ``horizon`` moves at most."""
    turns: int = field(init=False)

    def __post_init__(self) -> None:
        turns = self.reach * self.evaluator.heuristics.playout_turns
        object.__setattr__(self, "turns", turns)

    def reward(self, state: State, base: Baseline | None) -> float:
        """The seat's reward at ``state`` (no playout)."""
        rewards = self.evaluator.rewards(state, base, self.change_weight)
        return rewards[self.seat] if self.seat < len(rewards) else 0.5

    def value(self, det: State, move: str, seed: int, base: Baseline | None) -> float:
        """``move`` played on the re-deal ``det``, then a playout from ``seed``: the mean reward
        where the seat's turn came round."""
        state = self.engine.apply(det, self.seat, move).state
        marks = playout(
            self.engine,
            state,
            self.seat,
            Rng(seed),
            self.reach * self.horizon,
            self.policy,
            turns=self.turns,
            owned=True,  # apply's fresh copy, seen by nobody else
            heuristics=self.evaluator.heuristics,
        )
        return sum(self.reward(mark, base) for mark in marks) / len(marks)


def screen(
    playouts: Playouts,
    first: State,
    legal: Sequence[str],
    width: int | None,
    rng: Rng,
    keep: str | None = None,
) -> list[str]:
    """The candidates worth playing out when there are more than ``width`` legal moves: half of
    them the best by the position right after the move (one ply on the first re-deal, no
    playout), the rest what the playout policy suggests there, then the next best by one ply; the
    tie-breaker ``keep`` too. In legal order. A budget of 10 playouts spread over 24 moves is
    one noisy playout each; a level with few playouts looks at few moves (easy: 2), as a beginner
    does, and plays them out well."""
    if width is None or len(legal) <= width:
        return list(legal)
    engine, seat = playouts.engine, playouts.seat
    base = playouts.evaluator.baseline(first)
    order = list(legal)
    rng.shuffle(order)  # moves that score alike: in a random order, not the engine's
    value = {move: playouts.reward(engine.apply(first, seat, move).state, base) for move in order}
    ranked = sorted(order, key=lambda move: -value[move])
    chosen = ranked[: math.ceil(width / 2)]
    for _ in range(width):
        if len(chosen) >= width:
            break
        suggested = playouts.policy(engine, first, seat, Rng(rng.next64()))
        if suggested in value and suggested not in chosen:
            chosen.append(suggested)
    chosen += [move for move in ranked if move not in chosen][: width - len(chosen)]
    if keep in value and keep not in chosen:
        chosen.append(keep)
    return [move for move in legal if move in chosen]


def halve(
    playouts: Playouts,
    first: State,
    draw: Callable[[], State],
    candidates: Sequence[str],
    rng: Rng,
    *,
    budget: int | None,
    deadline: float | None = None,
    floor: int = 1,
    keep: str | None = None,
) -> tuple[list[str], dict[str, Tally]]:
    """The candidates still in after sequential halving (the best mean among them is the choice),
    and every candidate's tally.

    ``first`` is the first re-deal; ``draw()`` makes the next. ``budget`` is the number of
    playouts (every candidate gets at least one per round, so a decision wider than the budget
    costs one playout per move); with None, the budget is what fits before ``deadline`` at the
    rate of the first round, and at least ``floor`` playouts. ``keep`` (the engine's tie-breaker)
    is never halved away, so that it can still win a near tie at the end.
    """
    alive = list(candidates)
    tallies = {move: Tally() for move in alive}
    rounds = max(1, math.ceil(math.log2(len(alive))))
    spent, started = 0, time.perf_counter()
    pending: list[State] = [first]

    def out_of_time() -> bool:
        # Never before one whole sample: every candidate needs a mean, and the rate needs one.
        return deadline is not None and spent >= max(1, floor) and time.perf_counter() >= deadline

    def sample_all(samples: int) -> None:
        nonlocal spent
        for _ in range(samples):
            if out_of_time():
                return
            det = pending.pop() if pending else draw()
            base = playouts.evaluator.baseline(det)
            seed = rng.next64()
            rewards: list[float] = []
            for move in alive:
                # Time is up (and the floor done) in the middle of a sample: it is dropped, as
                # every sample must cover every candidate still in for the means to stay
                # paired. Finishing it overran a timed decision by up to a sample: in Tahiti 12
                # playouts of about 10 ms of CPU each (40 cost 0.38 s idle), more on a busy core.
                if rewards and out_of_time():
                    return
                rewards.append(playouts.value(det, move, seed, base))
            for move, reward in zip(alive, rewards, strict=True):
                tallies[move].add(reward)
            spent += len(rewards)

    planned = budget
    if planned is None:
        # A time budget: one sample of every candidate tells the rate, and so the budget.
        sample_all(1)
        rate = (time.perf_counter() - started) / spent
        room = 0 if deadline is None else int((deadline - time.perf_counter()) / rate)
        planned = max(floor, spent + max(0, room))
    for done in range(rounds):
        if out_of_time():
            break
        left = rounds - done
        samples = max(1, (planned - spent) // left // len(alive))
        if budget is None and left == 1:  # a time budget's floor is a promise: round up
            samples = max(1, math.ceil((planned - spent) / len(alive)))
        sample_all(samples)
        if done == rounds - 1:
            break
        ranked = sorted(alive, key=lambda m: -tallies[m].mean)  # stable: legal order breaks ties
        survivors = ranked[: math.ceil(len(alive) / 2)]
        if keep in alive and keep not in survivors:
            survivors.append(keep)
        alive = [m for m in alive if m in survivors]
    return alive, tallies
