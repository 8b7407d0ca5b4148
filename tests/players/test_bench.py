"""The strength bench's schedule (players/bench.py): the filler's seat rotates, and a later run
with ``--first`` adds games rather than replaying the same seeds."""

from __future__ import annotations

from engines import ENGINES, GAMES
from engines.base import Rng
from players.bench import (
    Cell,
    Played,
    budget_of,
    cell_kinds,
    greedy_move,
    record,
    schedule,
    wilson,
)
from players.evaluate import Evaluator
from players.search import Budget
from players.turns import TurnMemory


def test_the_fillers_seat_rotates_and_first_continues_the_seeds():
    planned = schedule(["vasco"], 3, 1, ["random"], first=4)
    assert [g.seed for g in planned] == [1004, 1005, 1006, 2004]
    assert [g.kinds.index("filler") for g in planned[:3]] == [1, 2, 0]
    assert planned[-1].kinds == ("filler", "filler", "filler")
    earlier = schedule(["vasco"], 4, 4, ["random"])
    assert [g.seed for g in earlier] == [1000, 1001, 1002, 1003, 2000, 2001, 2002, 2003]


def test_mirror_wins_are_counted_by_seat_and_by_turn_order():
    cell = Cell()
    game = schedule(["vasco"], 0, 1, [])[0]
    record(cell, game, Played(moves=9, ranks={0: 2, 1: 1, 2: 3}, times=[], order=[2, 1, 0]))
    assert cell.seat_wins == [0, 1, 0]
    assert cell.order_wins == [0, 1, 0]  # seat 2 moved first, the winner (seat 1) second


def test_ladder_cells_seat_one_subject_level_against_two_of_another():
    planned = schedule(["vasco"], 3, 0, ["hard-vs-normal", "normal-vs-easy", "greedy"])
    assert [g.kinds for g in planned[:3]] == [
        ("hard", "normal", "normal"),
        ("normal", "hard", "normal"),
        ("normal", "normal", "hard"),
    ]
    assert planned[3].kinds == ("normal", "easy", "easy")
    assert planned[6].kinds == ("normal", "greedy", "greedy")


def test_a_cell_counts_the_subjects_wins_and_collapses():
    cell = Cell()
    game = schedule(["vasco"], 1, 0, ["hard-vs-normal"])[0]  # the hard subject sits in seat 0
    won = Played(moves=200, ranks={0: 1, 1: 2, 2: 3}, times=[], scores={0: 30, 1: 20, 2: 12})
    collapsed = Played(moves=300, ranks={0: 3, 1: 1, 2: 2}, times=[], scores={0: 5, 1: 30, 2: 11})
    record(cell, game, won)
    record(cell, game, collapsed)
    assert (cell.games, cell.wins, cell.collapses) == (2, 1, 1)  # 5 < 30 / 3
    assert cell.lengths == [200, 300]


def test_a_ladder_cell_counts_the_collapse_of_a_normal_seat_the_subject_beat():
    """Issue 28: "a filler at normal or hard scores at least a third of the winner's score in 90%
    of games". Hard (seat 0) winning while a normal seat ends under a third of it is a collapse
    of that cell's fillers, though not of its subject; an easy seat's low score is not one."""
    crushed = Played(300, {0: 1, 1: 2, 2: 3}, [], scores={0: 747, 1: 504, 2: 138})
    cell = Cell()
    record(cell, schedule(["bremerhaven"], 1, 0, ["hard-vs-normal"])[0], crushed)
    assert (cell.wins, cell.collapses, cell.level_collapses) == (1, 0, 1)
    easy = Cell()
    record(easy, schedule(["bremerhaven"], 1, 0, ["normal-vs-easy"])[0], crushed)
    assert (easy.collapses, easy.level_collapses) == (0, 0)


def test_the_interval_is_wilsons_at_90_percent():
    low, high = wilson(14, 20)
    assert (round(low, 3), round(high, 3)) == (0.516, 0.836)  # p 0.7, n 20, z 1.645, by hand
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == 1.0 and wilson(10, 10)[0] > 0.75


def test_the_greedy_player_takes_the_move_its_evaluation_likes_best():
    """One ply on a re-deal of the seat's own information: a Vasco position where one legal
    move scores better for the mover than every other is always chosen."""
    engine = ENGINES["vasco"]
    state = engine.setup(3, seed=5)
    rng = Rng.from_seed(3)
    for _ in range(60):
        seat = engine.to_move(state)[0]
        legal = engine.legal_moves(state, seat)
        move = greedy_move(engine, state, seat, Rng.from_seed(9))
        assert move in legal
        draw = engine.resample_hidden(state, seat, Rng(Rng.from_seed(9).next64()))
        evaluator = Evaluator(engine, 3, draw)
        values = {m: evaluator.rewards(engine.apply(draw, seat, m).state)[seat] for m in legal}
        if len(legal) > 1:
            assert values[move] >= max(values.values()) - 1e-9
        state = engine.apply(state, seat, rng.choice(legal)).state


def test_a_mirror_counts_a_collapse_of_any_seat():
    # A game of three fillers has no single subject: any seat under a third of the winner is one.
    cell = Cell()
    game = schedule(["vasco"], 0, 1, [])[0]
    played = Played(moves=9, ranks={0: 2, 1: 1, 2: 3}, times=[], scores={0: 40, 1: 56, 2: 0})
    record(cell, game, played)
    assert (cell.wins, cell.collapses) == (0, 1)


def test_the_plain_opponent_is_the_search_without_priors_widening_or_change_of_lead():
    budget = Budget(iterations=40)
    plain = budget_of("plain", budget)
    assert (plain.iterations, plain.guided, plain.change_weight) == (40, False, 0.0)
    unguided = budget_of("unguided", budget)
    assert (unguided.guided, unguided.change_weight) == (False, budget.change_weight)
    assert budget_of("filler", budget).guided and budget.change_weight > 0
    assert cell_kinds("plain") == ("filler", "plain")


def test_the_greedy_player_does_not_step_back_to_where_it_was_this_turn():
    """Three greedy Drake players: each refuses a move that returns it to a view it had at an
    earlier decision of its turn (`disc 3`, then `back`, whenever every destination scored
    below the disc: a bench game shuttled so for 20,000 moves)."""
    engine = ENGINES["drake"]
    state = engine.setup(3, seed=1002)
    rng = Rng.from_seed(1004)
    memory = TurnMemory()
    for _ in range(120):
        seat = engine.to_move(state)[0]
        earlier = memory.decide(engine, state, seat)
        state = engine.apply(state, seat, greedy_move(engine, state, seat, rng, earlier)).state
        assert engine.view(state, seat) not in earlier
        memory.moved(seat)


def test_the_greedy_player_plays_the_default_when_every_move_scores_alike():
    """Bremerhaven: moving goods between equal spaces ties with ending the harbour work; a
    greedy player drawing among the ties moved goods for hundreds of moves."""
    engine = ENGINES["bremerhaven"]
    state = engine.setup(3, seed=1000)
    rng = Rng.from_seed(3)
    ties = 0
    for _ in range(150):
        waiting = engine.to_move(state)
        if not waiting:
            break
        seat = waiting[0]
        legal = engine.legal_moves(state, seat)
        if len(legal) > 1:
            draw = engine.resample_hidden(state, seat, Rng(Rng.from_seed(9).next64()))
            evaluator = Evaluator(engine, 3, draw)
            values = {m: evaluator.rewards(engine.apply(draw, seat, m).state)[seat] for m in legal}
            if max(values.values()) - min(values.values()) <= 1e-9:
                ties += 1
                move = greedy_move(engine, state, seat, Rng.from_seed(9))
                assert move == engine.default_move(draw, seat)
        state = engine.apply(state, seat, rng.choice(legal)).state
    assert ties >= 3


def test_greedy_tahiti_players_paddle_and_deliver_rather_than_end_every_turn():
    """docs/rules/tahiti.md 5.3: a paddle changes nothing one ply sees, so every action ties with
    ending the turn. With the default (`end`) breaking such ties, three greedy players ended
    every turn and scored 0 (12 of 12 bench games); the engine's tie-breaker, the playout
    policy, is what the filler plays there too."""
    engine = ENGINES["tahiti"]
    state = engine.setup(3, seed=1000)
    rng = Rng.from_seed(1)
    for _ in range(600):
        waiting = engine.to_move(state)
        if not waiting:
            break
        state = engine.apply(state, waiting[0], greedy_move(engine, state, waiting[0], rng)).state
    standings = engine.result(state)
    assert standings is not None, "three greedy players did not finish in 600 moves"
    assert all(standing.score > 0 for standing in standings), standings


def test_the_policy_player_plays_the_engines_playout_policy(monkeypatch):
    """The ``policy`` cell's opponents play what every playout assumes of the rivals."""
    from players import bench

    heuristics = GAMES["vasco"].heuristics
    asked = []
    original = type(heuristics).rollout_move

    def counted(self, state, seat, rng):
        asked.append(seat)
        return original(self, state, seat, rng)

    monkeypatch.setattr(type(heuristics), "rollout_move", counted)
    assert cell_kinds("policy") == ("filler", "policy")
    played = bench.play(bench.Game("vasco", "policy", ("policy",) * 3, 1000), Budget())
    assert played.ranks is not None
    assert len(asked) == played.moves
