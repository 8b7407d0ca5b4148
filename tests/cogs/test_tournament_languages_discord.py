"""A tournament on a Greek server with a Russian-speaking member, on SimCord (issue 26 items 3, 6
and 7): every tournament post in the channel and the threads is Greek, the standings image draws
Greek words, the Russian member's own answers (/rating, /stats, confirmations) are Russian.

SimCord sends every interaction as ``en-US``: the member's locale is patched as in
``test_languages_discord``."""

from __future__ import annotations

import re
import sys

import pytest

from host.images import tournament_standings_png
from render.common import recording_text
from tests.cogs import test_languages_discord as languages_test
from tests.cogs.sim import said, stub_render, texts
from tests.languages import report, script_share

greek_server = languages_test.greek_server
TITLE = "Κύπελλο Άνοιξης"
DECIMAL_COMMA = re.compile(r"\d,\d")
DECIMAL_POINT = re.compile(r"\d\.\d")


@pytest.fixture(autouse=True)
def _no_board_images(monkeypatch):
    monkeypatch.setattr("host.notify.render_png_async", stub_render)


@pytest.fixture
def drawn_words(monkeypatch):
    """The words drawn on every standings image the bot posts (drawn here, not in a worker)."""
    words: list[str] = []

    async def draw(title, subtitle, rows, lang="en"):
        with recording_text() as drawn:
            png = tournament_standings_png(title, subtitle, rows, lang)
        words.extend(r.text for r in drawn)
        return png

    # The bot's cog module, which discord.py's load_extension put in sys.modules afresh (the
    # ``cogs`` package's attribute may still be an earlier import of it).
    monkeypatch.setattr(sys.modules["cogs.tournament"], "tournament_standings_png_async", draw)
    return words


def greek(posts, names, engine):
    """The share of Greek words in ``posts``, the game's English title and members aside."""
    cleaned = [p.replace(engine.title, "") for p in posts]
    return script_share(cleaned, "el", names), report(cleaned, "el", names)


async def play_round(world, members):
    tournament = await world.bot.store.channel_tournament(world.channel.id)
    for row in await world.bot.store.pairings(tournament.id):
        if row.round != tournament.round or row.bye or row.result:
            continue
        table = await world.bot.store.get_table(row.table_id)
        thread = next(t for t in world.channel.threads if t.id == table.channel_id)
        for user_id in row.players:
            if (await world.bot.store.live_table(thread.id)) is not None:
                await members[user_id].slash(thread, "move", move=f"score {user_id % 10}")
    await world.bot.tournaments.settle()
    await world.env.settle()


async def test_a_tournament_speaks_greek_in_the_channel_and_russian_to_its_russian_member(
    world, locales, drawn_words
):
    locales[world.bo.id] = "ru"
    di, eve = world.add_member("di"), world.add_member("eve")
    members = {m.id: m for m in (world.ana, world.bo, world.cy, di, eve)}
    names = [m.user.name for m in members.values()] + [TITLE]
    engine = world.bot.tables.engine("podium")
    await greek_server(world)
    await world.ana.slash(
        world.channel, "tournament create", name=TITLE, game="podium", size=2, rounds=2
    )
    joined = {}
    for member in members.values():
        joined[member.id] = await member.slash(world.channel, "tournament join")
    assert said(joined[world.bo.id]) == "Вы записаны."
    # The sign-up post names the command to type as a Greek member's Discord shows it.
    assert "`/τουρνουά συμμετοχή`" in texts(world.channel)[0]
    await world.ana.slash(world.channel, "tournament start")
    threads = list(world.channel.threads)
    assert len(threads) == 2
    status = await world.bo.slash(world.channel, "tournament status")
    await di.slash(world.channel, "tournament drop")
    await play_round(world, members)
    await play_round(world, members)
    tournament = await world.bot.store.channel_tournament(world.channel.id)
    assert tournament.status == "finished"
    await world.cy.slash(world.channel, "tournament standings")
    await world.cy.slash(world.channel, "leaderboard", game="podium")
    rating = await world.bo.slash(world.channel, "rating", game="podium")
    stats = await world.bo.slash(world.channel, "stats")

    posts = texts(world.channel)
    for needed in ("γγραφ", "γύρου 1", "τελείωσε", "κατάταξη", "Αποσύρθηκε"):
        assert any(needed in p for p in posts), needed
    for post in posts:
        share, why = greek([post], names, engine)
        assert share >= 0.97, (post, why)
    intros = [t for thread in world.channel.threads for t in texts(thread) if TITLE in t]
    assert intros and all(greek([t], names, engine)[0] >= 0.97 for t in intros), intros
    assert not DECIMAL_POINT.search(" ".join(drawn_words) + "\n".join(posts))
    share, why = greek(drawn_words, names, engine)
    assert drawn_words and share >= 0.97, why
    assert DECIMAL_COMMA.search(" ".join(drawn_words))  # "6,00", not "6.00"

    # The Russian member's own answers: Russian, numbers with a decimal comma.
    # μ and σ are the rating's notation (mean, deviation) in every language, not Greek words.
    notation = [*names, "μ", "σ"]
    for answer in (status, rating, stats):
        assert answer.ephemeral
        text = said(answer).replace(engine.title, "")
        assert script_share([text], "ru", notation) >= 0.97, report([text], "ru", notation)
    assert DECIMAL_COMMA.search(said(rating)) and DECIMAL_COMMA.search(said(stats))
    assert not DECIMAL_POINT.search(said(rating) + said(stats))
