"""The search's optional engine settings (players/search.py, players/evaluate.py): playouts that
stop at the seat's next turn, a default move that does not win ties, progress towards the end."""

from __future__ import annotations

import copy
from types import SimpleNamespace

import pytest

from engines import GAMES
from engines.base import Heuristics, Standing
from engines.tahiti.engine import Tahiti
from players import halving, search
from players.evaluate import Evaluator, nearer_the_end
from players.search import Budget, _Node, _pick, choose_move


class Spy(Tahiti):
    """Tahiti recording, per search iteration, which seats the moves were applied for."""

    def __init__(self) -> None:
        super().__init__()
        self.iterations: list[list[int]] = []

    def resample_hidden(self, state, seat, rng):
        self.iterations.append([])
        return super().resample_hidden(state, seat, rng)

    def apply(self, state, seat, move):
        if self.iterations:
            self.iterations[-1].append(seat)
        return super().apply(state, seat, move)

    def advance(self, state, seat, move):  # a playout's moves
        if self.iterations:
            self.iterations[-1].append(seat)
        super().advance(state, seat, move)


def actions_position(engine: Tahiti, seed: int = 4):
    """The first position where a seat chooses its actions (docs/rules/tahiti.md 5.3)."""
    state = engine.setup(3, seed=seed)
    while state["phase"] != "actions":
        seat = engine.to_move(state)[0]
        state = engine.apply(state, seat, engine.default_move(state, seat)).state
    return state, state["current"]


def back_to_me(seats: list[int], me: int) -> bool:
    """Whether ``me`` moved again after a rival had moved."""
    rival = next((i for i, s in enumerate(seats) if s != me), None)
    return rival is not None and me in seats[rival:]


def tahiti_heuristics(engine: Tahiti) -> Heuristics:
    """Tahiti's heuristics over ``engine``, a copy a test may change."""
    return GAMES["tahiti"].heuristics.for_engine(engine)


def test_playouts_stop_when_the_seats_turn_comes_round_again():
    spy = Spy()
    heuristics = tahiti_heuristics(spy)
    state, me = actions_position(spy)
    tree = Budget(iterations=12, depth=60, method="tree")
    choose_move(spy, state, me, seed=1, budget=tree, heuristics=heuristics)
    assert len(spy.iterations) == 12
    assert not any(back_to_me(seats, me) for seats in spy.iterations)
    heuristics.playout_until_turn = False  # the same search with 60-move playouts reaches it
    spy.iterations.clear()
    choose_move(spy, state, me, seed=1, budget=tree, heuristics=heuristics)
    assert any(back_to_me(seats, me) for seats in spy.iterations)


def test_halving_playouts_stop_when_the_seats_turn_comes_round_again(monkeypatch):
    # players/halving.py: playouts end where the seat moves again after its rivals (their
    # answers are the move's consequences), or after the engine's playout_turns such returns.
    spy = Spy()
    heuristics = tahiti_heuristics(spy)
    state, me = actions_position(spy)
    real = halving.Playouts.value

    def one_playout(*args):
        spy.iterations.append([])
        return real(*args)

    monkeypatch.setattr(halving.Playouts, "value", one_playout)
    heuristics.playout_turns = 1
    choose_move(spy, state, me, seed=1, budget=Budget(iterations=12), heuristics=heuristics)
    playouts = [seats for seats in spy.iterations if seats]  # re-deals add empty entries
    assert len(playouts) >= 6
    assert not any(back_to_me(seats, me) for seats in playouts)
    assert any(me != seat for seats in playouts for seat in seats)
    heuristics.playout_turns = 4  # Tahiti's: a canoe's trip takes more than a turn
    spy.iterations.clear()
    choose_move(spy, state, me, seed=1, budget=Budget(iterations=12), heuristics=heuristics)
    assert any(back_to_me(seats, me) for seats in spy.iterations)


def test_a_filler_far_ahead_delivers_instead_of_ending_its_turn():
    # docs/rules/tahiti.md 5.7: at home with a loaded canoe. Far ahead, every move looks like a win;
    # ending the actions (the default move) must not win that tie, or the season never ends.
    engine = Tahiti()
    state, me = actions_position(engine)
    state = copy.deepcopy(state)
    state["charts"][me] = dict.fromkeys(state["charts"][me], 5)
    state["canoes"][me] = ["banana", "coconut", "spice", "taro"]
    assert state["at"][me] == "0,0"
    assert {choose_move(engine, state, me, seed=k) for k in range(2)} == {"deliver"}
    heuristics = tahiti_heuristics(engine)
    heuristics.policy_breaks_ties = False
    heuristics.default_breaks_ties = True
    # The change of its lead since the root (players/evaluate.py) tells the delivery apart even
    # when the default move breaks ties; on the winning chance alone, ending wins the tie.
    chosen = {choose_move(engine, state, me, seed=k, heuristics=heuristics) for k in range(2)}
    assert chosen == {"deliver"}
    plain = Budget(change_weight=0.0)
    chosen = {
        choose_move(engine, state, me, seed=k, budget=plain, heuristics=heuristics)
        for k in range(2)
    }
    assert chosen == {"end"}


class Finished:
    """An engine stub: a running game scored 10 to 0, or a finished one won by seat 0."""

    id = "finished"

    def __init__(self, over: bool) -> None:
        self.over = over

    def view(self, state, seat):
        return {"players": 2}

    def result(self, state):
        return [Standing(0, 10, 1), Standing(1, 0, 2)] if self.over else None


class FinishedHeuristics(Heuristics):
    """Finished's projection (10 to 0) near the end of the game."""

    def evaluate(self, state, seat):
        return 10.0 if seat == 0 else 0.0

    def progress(self, state):
        return 0.9


def evaluator_of(engine, players: int, heuristics: type[Heuristics]) -> Evaluator:
    return Evaluator(engine, players, {}, heuristics(engine))


def test_a_won_game_is_worth_more_than_any_lead_in_a_running_one():
    running = evaluator_of(Finished(False), 2, FinishedHeuristics).rewards({})
    won = evaluator_of(Finished(True), 2, FinishedHeuristics).rewards({})
    assert won[0] > running[0] > 0.5 > running[1] > won[1]


def test_a_lead_counts_for_more_nearer_the_end():
    assert nearer_the_end([0.8, 0.2], 0.0) == [0.8, 0.2]
    later = nearer_the_end([0.8, 0.2], 0.5)
    assert later[0] > 0.8 and later[1] < 0.2


def test_equal_visits_go_to_the_better_scoring_move():
    root = _Node()
    for move, total in (("a", 1.0), ("b", 3.0), ("c", 2.0)):
        child = root.children[(0, move)] = _Node()
        child.visits, child.total = 4, total
    assert _pick(root, 0, ["a", "b", "c"], None) == "b"


def test_a_lead_saturated_by_the_winning_chance_still_tells_gains_apart_from_the_root():
    # A seat 25 points behind: its winning chance is about 0 whatever it does now; the share of
    # the reward that measures the change of its lead since the root still counts each point.
    class Scores(Finished):
        def result(self, state):
            return None

    class ScoresHeuristics(Heuristics):
        def evaluate(self, state, seat):
            return state["scores"][seat]

    evaluator = evaluator_of(Scores(False), 3, ScoresHeuristics)
    root = {"scores": [10.0, 35.0, 30.0]}
    gained = {"scores": [15.0, 35.0, 30.0]}
    assert evaluator.rewards(gained)[0] - evaluator.rewards(root)[0] < 0.001
    base = evaluator.baseline(root)
    assert evaluator.rewards(gained, base)[0] - evaluator.rewards(root, base)[0] > 0.1
    assert evaluator.rewards(root, base, 0.0) == evaluator.rewards(root)


class Many:
    """One seat, 30 moves, a playout policy that always suggests `m7`; the game ends after one
    move, scored by the move's number."""

    def to_move(self, state):
        return [] if state["done"] is not None else [0]

    def legal_moves(self, state, seat):
        return [f"m{i}" for i in range(30)]

    def apply(self, state, seat, move):
        return SimpleNamespace(state={"done": int(move[1:])})

    def advance(self, state, seat, move):
        state["done"] = int(move[1:])

    def result(self, state):
        return None

    def view(self, state, seat):
        return {"players": 2}

    def resample_hidden(self, state, seat, rng):
        return dict(state)

    def default_move(self, state, seat):
        return "m0"


class ManyHeuristics(Heuristics):
    def evaluate(self, state, seat):
        return 0.0 if state["done"] is None else float(state["done"] == 7)

    def rollout_move(self, state, seat, rng):
        return "m7"


def _root_after(engine, budget: Budget) -> _Node:
    seen = []

    def spy(root, seat, legal, fallback):
        seen.append(root)
        return _pick(root, seat, legal, fallback)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search, "_pick", spy)
        choose_move(
            engine, {"done": None}, 0, seed=1, budget=budget, heuristics=ManyHeuristics(engine)
        )
    return seen[0]


def test_the_playout_policy_s_move_is_tried_first_and_the_children_widen_slowly():
    first = _root_after(Many(), Budget(iterations=1, method="tree"))
    assert list(first.children) == [(0, "m7")]
    root = _root_after(Many(), Budget(iterations=40, method="tree"))
    assert len(root.children) <= search._room(root) < 30
    assert max(root.children.values(), key=lambda c: c.visits) is root.children[(0, "m7")]
    # Without guidance every move is tried once before any is tried twice.
    plain = _root_after(Many(), Budget(iterations=40, guided=False, method="tree"))
    assert len(plain.children) == 30


class GradedHeuristics(Heuristics):
    """Many's 30 moves, where the move's number is seat 0's score (its rival keeps 10); the
    policy suggests `m3`."""

    def evaluate(self, state, seat):
        if seat:
            return 10.0
        return 0.0 if state["done"] is None else float(state["done"])

    def rollout_move(self, state, seat, rng):
        return "m3"


def test_a_narrow_level_plays_out_the_best_moves_by_one_ply_and_the_policys(monkeypatch):
    # players/halving.py screen: with more legal moves than its width, a level plays out half its
    # width of the best moves right after the move, then the playout policy's suggestion.
    played = set()
    real = halving.Playouts.value

    def seen(self, det, move, *args):
        played.add(move)
        return real(self, det, move, *args)

    monkeypatch.setattr(halving.Playouts, "value", seen)
    engine = Many()
    graded = GradedHeuristics(engine)
    chosen = choose_move(
        engine, {"done": None}, 0, seed=1, budget=Budget(width=4), heuristics=graded
    )
    assert chosen == "m29"
    assert played == {"m29", "m28", "m3", "m27", "m0"}  # m0: the default move, the tie-breaker
    played.clear()
    choose_move(engine, {"done": None}, 0, seed=1, budget=Budget(iterations=60), heuristics=graded)
    assert len(played) == 30  # no width: every legal move
