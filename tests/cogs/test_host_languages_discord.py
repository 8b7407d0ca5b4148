"""The host's own texts in its readers' languages, on SimCord (issue 26 item 3, the host's part).

A Greek server: Ana's Discord client is Greek, Bo's Russian, Dee (a watcher) is Russian too. Every
text the host composes itself (``/help``, ``/mygames``, ``/catchup``, ``/game status``, ``/game
list``, ``/away``, the undo vote, resign and takeover, a seat filler's name, the final standings,
a watcher's DM and the daily digest) must read as Greek to Ana and the channel (at least 97% of
its words in Greek script by ``bench/scripts.py``'s measure) and as Russian to Bo and Dee. The
game is a test engine whose own lines are translated host messages, so what is measured here is
the host's part.
"""

from __future__ import annotations

import sys

import pytest

from engines.base import Standing, State, rank_standings
from i18n import T, command_in, glossary
from tests.cogs.sim import TEST_ENGINES, accepted, dms, said, stub_render, texts
from tests.languages import report, script_share
from tests.sealed_bids import SealedBids

H = 3600


class Spoken(SealedBids):
    """Sealed Bids whose own words are host messages (translated in ``portolan.po``)."""

    id = "spoken"
    title = "Portolan"  # a name: a title is not translated

    def _apply(self, state: State, seat: int, move: str):
        _log, private = super()._apply(state, seat, move)
        lines = [T("{player} moved.", player=f"Player {'ABCD'[seat]}")]
        return lines, {s: [T("You hold nothing secret right now.")] for s in private}

    def describe(self, state: State, seat: int, move: str):
        return T("{player} moved.", player=f"Player {'ABCD'[seat]}")

    def private_text(self, view: dict) -> list:
        return [T("You hold nothing secret right now.")]

    def result(self, state: State) -> list[Standing] | None:
        if state["round"] <= 3:
            return None
        # Stored in English, as the real engines' breakdown keys are (Drake's "treasure").
        return rank_standings(
            [(s, score, (), {"treasure": score}) for s, score in enumerate(state["scores"])]
        )


NAMES = (
    *("ana", "bo", "cy", "dee", "eve", "Harbour", "games", "fillers"),
    # The games' titles are names (/help lists every game the bot hosts, test games too).
    *(engine.title for engine in TEST_ENGINES.values()),
    "Portolan",
)


@pytest.fixture(autouse=True)
def _spoken(monkeypatch, simcord_bot):
    monkeypatch.setattr("host.notify.render_png_async", stub_render)
    monkeypatch.setattr(sys.modules["cogs.life"], "render_png_async", stub_render)
    monkeypatch.setitem(TEST_ENGINES, Spoken.id, Spoken())
    monkeypatch.setitem(simcord_bot.tables.engines, Spoken.id, Spoken())
    # The test game's words (its "treasure") are Drake's.
    drake = glossary.path("drake")
    monkeypatch.setattr(
        glossary,
        "path",
        lambda game, path=glossary.path: drake if game == Spoken.id else path(game),
    )
    yield
    glossary._load.cache_clear()


class Reader:
    """Every text one language's readers got, by what it was, for one assertion at the end."""

    def __init__(self, lang: str) -> None:
        self.lang, self.seen = lang, []

    def add(self, what: str, text: str) -> str:
        assert text, f"{what}: nothing was said"
        self.seen.append((what, text))
        return text

    def check(self) -> None:
        low = [
            f"{what}: {report([text], self.lang, NAMES)}\n{text}"
            for what, text in self.seen
            if script_share([text], self.lang, NAMES) < 0.97
        ]
        assert not low, "\n\n".join(low)


async def bid(world, member):
    move = (await world.bot.tables.legal_moves(world.channel.id, member.id))[0]
    return await member.slash(world.channel, "move", move=move)


@pytest.mark.simcord(settle_timeout=60)
async def test_the_hosts_own_texts_speak_greek_and_russian(world, locales):
    ana, bo, cy = world.ana, world.bo, world.cy
    dee, eve = world.add_member("dee"), world.add_member("eve")
    locales.update({ana.id: "el", bo.id: "ru", dee.id: "ru", eve.id: "el"})
    greek, russian = Reader("el"), Reader("ru")
    await cy.slash(world.channel, "settings", language="el")
    await ana.slash(world.channel, "prefs", remind_by="digest", digest_hour=3)

    greek.add("/help", said(await ana.slash(world.channel, "help")))
    russian.add("/help", said(await bo.slash(world.channel, "help")))

    # A game with a seat filler, in its own channel: its name, in the lobby and in the status.
    fillers = world.guild.create_text_channel("fillers")
    await ana.slash(fillers, "game new", game="spoken", bots=1, level="hard")
    lobby = [m.content for m in fillers.history() if m.components][-1]
    greek.add("lobby with a seat filler", lobby)
    greek.add("/game status, a filler", said(await ana.slash(fillers, "game status")))
    russian.add("/game status (Bo)", said(await bo.slash(fillers, "game status")))

    await world.open_and_start("spoken", [ana, bo, cy], pace="normal")
    dee_watch = await dee.slash(world.channel, "game watch")
    russian.add("/game watch", said(dee_watch))
    await world.env.advance_time(2 * H)
    greek.add("/game status", said(await ana.slash(world.channel, "game status")))
    greek.add("/game list", said(await ana.slash(world.channel, "game list")))
    greek.add("/mygames", said(await ana.slash(world.channel, "mygames")))
    russian.add("/mygames", said(await bo.slash(world.channel, "mygames")))

    await bid(world, ana)
    await bid(world, bo)
    russian.add("/catchup", said(await bo.slash(world.channel, "catchup")))
    greek.add("/catchup (Ana)", said(await ana.slash(world.channel, "catchup")))
    await ana.slash(world.channel, "undo")
    greek.add("the undo request", texts(world.channel)[-1])
    await bo.slash(world.channel, "game vote", allow=True)
    greek.add("an undo vote", texts(world.channel)[-1])
    await cy.slash(world.channel, "game vote", allow=False)
    greek.add("a refused undo", texts(world.channel)[-1])
    greek.add("/away", said(await ana.slash(world.channel, "away", days=1)))
    greek.add("the /away post", texts(world.channel)[-1])
    russian.add("/away", said(await bo.slash(world.channel, "away", days=2)))

    await bid(world, cy)  # the bids are revealed in a new post, copied to the watcher
    assert dms(dee), "the watcher got no DM"
    russian.add("the watcher's DM", dms(dee)[-1])

    await bo.slash(world.channel, "game resign")
    greek.add("the resignation", texts(world.channel)[-1])
    taken = await eve.slash(world.channel, "game takeover", seat="Β")  # Greek: seat B
    assert accepted(taken), said(taken)
    greek.add("the takeover", texts(world.channel)[-1])
    greek.add("the new holder's DM", dms(eve)[-1])

    while (await world.bot.store.latest_table(world.channel.id)).status == "active":
        await bid(world, await world.waiting())
    standings = next(t for t in reversed(texts(world.channel)) if "1." in t)
    greek.add("the final standings", standings)

    await world.env.advance_time(2 * H)  # past 3:00: the digest tells of the game that ended
    # The digest names /mygames as a Greek client lists it.
    mygames = command_in("el", "mygames")
    digests = [t for t in dms(ana) if "Portolan" in t and mygames in t]
    assert digests, dms(ana)
    greek.add("the digest", digests[-1])

    greek.check()
    russian.check()
