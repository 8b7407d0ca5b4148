"""Images a phone can read (design.md 6): at Discord's 550 px inline width at least 90% of the
characters on the board and on every private image are 8 px or taller, and nothing is below
6 px, over start, middle and end positions for every player count."""

from __future__ import annotations

import random

import pytest

from render import amerigo as R
from render.common import readable_share, recording_text
from tests.amerigo.util import E, fresh, give_turn, play


def _advance(state: dict, steps: int, seed: int) -> dict:
    chooser = random.Random(seed)
    for _ in range(steps):
        seats = E.to_move(state)
        if not seats:
            break
        state = E.apply(state, seats[0], chooser.choice(E.legal_moves(state, seats[0]))).state
    return state


def _built(players: int) -> dict:
    """A middle position with posts, villages, landscapes, ships at sea and a Plan under way."""
    state = fresh(players, 3)
    g = E._geo(state)
    posts = [p for isl in g["islands"] for p in isl["posts"]][: 2 * players]
    for i, post in enumerate(posts):
        state["posts"][post] = i % players
    land = sorted(c for c in g["land"] if c not in state["posts"] and g["kind"][c] == "#")
    for i, cell in enumerate(land[:8]):
        owner = -1 if i % 2 else i % players
        state["cover"][cell] = len(state["placed"])
        state["placed"].append(["l1" if owner == -1 else "v1", owner, 0, [cell]])
    sea = sorted(g["sea"])
    for seat in range(players):
        state["p"][seat]["ships"] = [sea[seat * 7], "rim1"]
        state["p"][seat]["vp"] = 17 + 40 * seat
        state["p"][seat]["toks"] = [["ap-blue-black", False], ["gold5", True], ["e-islands", False]]
        state["p"][seat]["supply"] = {"l4t": 1, "v2": 2, "v3l": 1}
    state = give_turn(state, 0, {"red": 5, "white": 2, "blue": 1})
    return play(state, 0, "red")


def _positions():
    for players in (2, 3, 4):
        yield f"{players}p-start", fresh(players, 11)
        yield f"{players}p-middle", _advance(fresh(players, 12), 160, players)
        yield f"{players}p-built", _built(players)
    for players in (2, 4):
        yield f"{players}p-end", _advance(fresh(players, 13), 100_000, players)


POSITIONS = list(_positions())


def _measure(draw, view) -> tuple[float, float, int]:
    with recording_text() as records:
        image = draw(view)
    share, smallest = readable_share(records, image.width)
    return share, smallest, image.width


@pytest.mark.parametrize(("name", "state"), POSITIONS, ids=[n for n, _ in POSITIONS])
def test_board_and_private_images_are_readable_at_discord_width(name, state):
    """design.md 6 (issue 14): >= 90% of characters 8 px or taller at 550 px, none below 6 px."""
    share, smallest, width = _measure(R.board, E.view(state, None))
    assert 500 <= width <= 1600
    assert share >= 0.9 and smallest >= 6, (name, "board", share, smallest)
    for seat in range(state["n"]):
        share, smallest, _ = _measure(R.private, E.view(state, seat))
        assert share >= 0.9 and smallest >= 6, (name, seat, share, smallest)


def test_detail_page_renders_everything_left_out():
    """design.md 6: detail holds the VP track, tokens with their effects and the supply."""
    state = _built(4)
    with recording_text() as records:
        image = R.detail(E.view(state, None))
    text = " ".join(r.text for r in records)
    assert image.width <= 1600
    assert "e-islands: final scoring: 2 VP per completed island" in text
    assert "+50" in text  # a disc past 50 VP shows its lap
    _share, smallest = readable_share(records, image.width)
    assert smallest >= 6


def test_game_over_header_follows_the_tie_break():
    """rules/amerigo.md 6.3 (issue 14): with equal VP, the player further ahead in player
    order is listed first in the game-over header and standings."""
    state = _advance(fresh(2, 13), 100_000, 2)
    for p in state["p"]:
        p["vp"] = 30
    state["p"][0]["opos"], state["p"][1]["opos"] = 0, 14  # B ahead in player order
    view = E.view(state, None)
    first = view["order"][0]
    assert first == 1
    with recording_text() as records:
        R.board(view)
    header = next(r.text for r in records if r.text.startswith("Game over"))
    assert header.startswith(f"Game over: 1. {'AB'[first]} 30")


def test_board_legend_names_every_commodity_letter():
    """Issue 14: the commodity letters on the map have a legend."""
    with recording_text() as records:
        R.board(E.view(fresh(2, 1), None))
    texts = {r.text for r in records}
    assert {"cotton", "tobacco", "sugar", "coconuts", "coffee"} <= texts
