"""Issue 40 section 5, host side: a Drake DM says the chest once, counts take their plural forms,
and alt texts are plain text in the reader's language."""

from __future__ import annotations

import pytest

import i18n
from engines.drake import ENGINE as DRAKE
from host import talk
from host.store import SeatRow, TableRow
from i18n import Tn
from tests.drake.helpers import BLUE, fresh, place_all, play, to_sailing
from tests.drake.test_sailing import ORDER, PLAN


def _table(game: str, players: int) -> TableRow:
    seats = tuple(SeatRow(s, 41 + s, f"P{s}") for s in range(players))
    return TableRow(
        id=1, guild_id=1, channel_id=5, game=game, variant="", seats_wanted=None,
        status="active", opener_id=41, seed=0, state=None, version=1, move_count=0,
        result=None, lobby_message_id=None, created_at=0.0, updated_at=0.0, seats=seats,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("lang", "chest"),
    [("en", "Treasure Chest"), ("el", "Σεντούκι"), ("ru", "сундук")],
)
def test_a_drake_treasure_dm_says_the_chest_once(lang, chest):
    """Taking a treasure DMs the taker their chest once (it said "Your Treasure Chest now holds
    1 Silver." and then "Your Treasure Chest: 1 Silver.")."""
    s = fresh(4)
    s["p"][BLUE]["hind"] = True
    s = to_sailing(s, ORDER, voyage=3)
    plan = dict(PLAN)
    plan[BLUE] = [("hind", "panama"), *PLAN[BLUE]]
    before, _ = place_all(s, plan)
    after, log, private = play(before, BLUE, "attack")
    table = _table("drake", 4)
    said = talk.compose(
        table,
        DRAKE,
        after,
        2,
        log,
        private=private,
        before=[BLUE],
        previous=before,
        mover=BLUE,
        langs={41 + BLUE: lang},
    )
    dms = [i.payload["text"] for i in said.items if i.kind == "dm" and i.target == 41 + BLUE]
    assert len(dms) == 1, dms
    assert dms[0].count(chest) == 1, dms[0]


def test_counts_take_their_plural_forms():
    """ "The 1 set-aside fishing cube go back", "(1 games)": every count is a plural message."""
    from engines.tahiti.engine import Tahiti

    state = Tahiti().setup(2, seed=1)
    state["set_aside"] = ["fish"]
    log: list = []
    Tahiti()._end_fishing(state, log)
    assert str(log[0]) == "The 1 set-aside fishing cube goes back to the bag."
    assert i18n.say("ru", log[0]).startswith("1 отложенный кубик")
    game = Tn(
        "{place}. {name}: {rating} ({count} game)",
        "{place}. {name}: {rating} ({count} games)",
        1,
        place=1,
        name="Ana",
        rating="25.0",
    )
    assert str(game) == "1. Ana: 25.0 (1 game)"
    assert i18n.say("ru", game).endswith("(1 партия)")


@pytest.mark.parametrize("lang", ["el", "ru"])
def test_alt_text_is_plain_and_in_the_readers_language(lang):
    """Alt text is plain text (no markdown escapes: "Bot 1 \\(normal\\)"), in the reader's
    language, the game's title included."""
    view = {"lang": lang, "names": [talk.safe_name("Bot 1 (normal)"), talk.safe_name("a_b (c)")]}
    text = talk.alt_text({"kind": "board", "game": "drake", "view": view})
    assert "\\" not in text and "a_b (c)" in text
    assert "Francis Drake" not in text and "Bot 1" not in text and "board" not in text
    assert i18n.say(lang, DRAKE.title) in text
    assert "Game" not in talk.alt_text({"kind": "board", "view": {"lang": lang}})


def test_a_name_with_backticks_is_escaped_in_posts_and_as_written_in_alt_text():
    """A backtick in a name is escaped for a post (Discord shows it as written), never turned
    into another character, and alt text shows the name as written (issue 40)."""
    name = "`code` O`Brien"
    assert talk.safe_name(name) == r"\`code\` O\`Brien"
    assert talk.plain_name(talk.safe_name(name)) == name
    view = {"lang": "en", "names": [talk.safe_name(name), "Ana"]}
    assert name in talk.alt_text({"kind": "board", "game": "drake", "view": view})


def test_help_says_where_each_games_secrets_are_as_table_talk_sends_them():
    """/help promised every game's secrets by DM; Bremerhaven sends none (its hand is under
    "My choices" and in /hand). Each game's sentence says DM exactly when table talk DMs."""
    from engines import ENGINES
    from host.guide import help_text, secrets_by_dm, where_secrets_are

    for gid, engine in ENGINES.items():
        said = str(where_secrets_are(gid, engine))
        assert ("come by DM" in said) == secrets_by_dm(engine), gid
    assert not secrets_by_dm(ENGINES["bremerhaven"])
    text = help_text(ENGINES)
    line = next(x for x in text.splitlines() if x.startswith("- **Bremerhaven**"))
    assert "My choices" in line and "/hand" in line and "not sent by DM" in line
    assert "hands, tiles and bids come by DM" not in text
