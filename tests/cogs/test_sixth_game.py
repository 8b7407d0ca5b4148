"""A sixth game added the way the five are (docs/ARCHITECTURE.md 9, "How to add a game"): one
description (``engines.base.Game``) registered with ``engines.register``, as the registry registers
every ``engines/<id>/`` package, and nothing else edited. Ferry is the relay of ``tests/relay.py``
made complete: rules topics, words for /help, heuristics for the seat fillers and a renderer (this
module's ``board`` and ``private``). The registry's followers pick it up (the renderers, /rules,
/help, the fillers), and SimCord plays it to the end with its board drawn by its own renderer."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from engines import GAMES, heuristics_for, register, unregister
from engines.base import Game, Heuristics, Rng, State
from i18n import T
from players import Budget, choose_move
from render import RENDERERS
from tests.cogs.sim import TEST_ENGINES, accepted, said
from tests.relay import Relay

BOARD_SIZE = (321, 123)
"""Ferry's board, drawn by no other renderer: a posted image of this size is Ferry's."""


class Ferry(Relay):
    id = "ferry"
    title = "Ferry (test game)"
    rules_topics = {  # noqa: RUF012 (read-only)
        "summary": T("Ferry: fish or row, twice a turn; most fish after four rounds wins.")
    }


class FerryHeuristics(Heuristics):
    """Fish: the fish are the score."""

    def evaluate(self, state: State, seat: int) -> float:
        return float(state["fish"][seat])

    def rollout_move(self, state: State, seat: int, rng: Rng) -> str:
        return "fish"


def board(view: dict) -> Image.Image:
    image = Image.new("RGB", BOARD_SIZE, "white")
    draw = ImageDraw.Draw(image)
    for seat, fish in enumerate(view["fish"]):
        draw.rectangle((10, 10 + 25 * seat, 10 + 20 * fish, 30 + 25 * seat), fill="navy")
    return image


def private(view: dict) -> Image.Image:
    return board(view)


ENGINE = Ferry()
GAME = Game(
    engine=ENGINE,
    heuristics=FerryHeuristics(ENGINE),
    check_data=lambda: [],
    order=6,
    secrets_help=T("nothing is hidden on a ferry; `/hand` says so."),
    renderer=__name__,
)


@pytest.fixture
def ferry(monkeypatch):
    """Ferry registered for one test; its boards drawn in this process (the worker processes
    know only the games of their own registry)."""
    from host.images import render_png

    async def drawn_here(spec):
        return render_png(spec)

    register(GAME)
    monkeypatch.setitem(TEST_ENGINES, GAME.id, ENGINE)  # the games SimCord's bot offers
    monkeypatch.setattr("host.notify.render_png_async", drawn_here)
    monkeypatch.setattr("host.images.render_png_async", drawn_here)
    yield GAME
    unregister(GAME.id)
    RENDERERS.pop(GAME.id, None)


def test_the_registry_and_its_followers_take_a_sixth_game(ferry):
    assert list(GAMES)[-1] == "ferry"  # after the five, by its order
    assert RENDERERS["ferry"].board is board
    assert heuristics_for(ENGINE) is GAME.heuristics
    state = ENGINE.setup(2, seed=1)
    # Its heuristics decide: every playout fishes, so the filler fishes (rowing scores nothing).
    assert choose_move(ENGINE, state, 0, seed=1, budget=Budget(iterations=8)) == "fish"


async def test_a_sixth_game_plays_to_the_end_on_simcord(ferry, world):
    ana, bo = world.ana, world.bo
    assert accepted(await world.open_and_start("ferry", [ana, bo]))
    rules = await ana.slash(world.channel, "rules", game="ferry", topic="summary")
    assert "most fish after four rounds wins" in said(rules)
    assert "nothing is hidden on a ferry" in said(await ana.slash(world.channel, "help"))
    moves = 0
    while await world.table() is not None:
        member = await world.waiting()
        done = await member.slash(world.channel, "move", move="fish" if moves % 3 else "pass")
        assert accepted(done), said(done)
        moves += 1
        assert moves < 40, "the game did not end"
    ended = await world.bot.store.latest_table(world.channel.id)
    assert ended.status != "active" and moves > 8
    boards = [
        Image.open(io.BytesIO(await attachment.read())).size
        for message in world.channel.history()
        for attachment in message.attachments
    ]
    assert BOARD_SIZE in boards  # drawn by Ferry's own renderer, found through the registry
