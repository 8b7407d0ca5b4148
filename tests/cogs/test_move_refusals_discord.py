"""A `/move` text that names no one legal move, on SimCord (issue 38 item 1, issue 40 section 5).

"When in doubt, ask, never guess": an ambiguous text is answered privately with buttons for the
moves it could mean, in the member's words; a button plays exactly its move, through the same
checks as `/move`, and once the game has moved on it is refused. A text that names nothing
(``xyzzy plugh``) is refused in at most 600 characters, in every language: the reason, the 3 to
5 closest legal moves in words (with their buttons), and where to find them all.
"""

from __future__ import annotations

import pytest

import i18n
from tests.cogs.sim import private, said, stub_render

LOCALES = {"en": "en-US", "el": "el", "ru": "ru"}
MY_CHOICES = {"en": "My choices", "el": "Οι επιλογές μου", "ru": "Мои варианты"}
LIMIT = 600


@pytest.fixture(autouse=True)
def _no_images(monkeypatch):
    monkeypatch.setattr("host.notify.render_png_async", stub_render)


def buttons(result):
    """The buttons under an interaction's private answer (a deferred command's first answer is
    its response; a button's, a followup)."""
    message = (result.followups or [result.response])[-1].message
    return message, [c for row in message.components for c in row.children]


async def start(world, game):
    players = [world.ana, world.bo, world.cy]
    await world.open_and_start(game=game, players=players[: max(2, world_min(world, game))])
    table = await world.table()
    assert table is not None and table.status == "active", game
    return table


def world_min(world, game):
    return world.bot.tables.engine(game).min_players


async def test_an_ambiguous_greek_move_offers_private_buttons_that_play_exactly_one(world, locales):
    """``λιμάνι`` ("dockside") names three Drake moves: none is played; the Greek member is
    asked with a button for each, in Greek; the one pressed is played, and only it; another
    button of the same answer, pressed after the game moved on, is refused as out of date."""
    for member in (world.ana, world.bo, world.cy):
        locales[member.id] = "el"
    table = await start(world, "drake")
    member = await world.waiting()
    seat = table.seat_of(member.id)

    asked = await member.slash(world.channel, "move", move="λιμάνι")
    assert private(asked), said(asked)
    text = said(asked)
    assert text.startswith("⚠️ Το `λιμάνι` δεν ορίζει μία νόμιμη κίνηση. Μήπως εννοείς:"), text
    assert (await world.table()).version == table.version  # nothing was played
    message, pressed = buttons(asked)
    moves = [b for b in pressed if b.custom_id.startswith(f"pm:{table.id}:{table.version}:")]
    labels = [b.label for b in moves]
    assert len(moves) == 3 and all(label.startswith("Λιμάνι: πάρε 1 ") for label in labels)
    assert all(f"• {label}" in text for label in labels)
    assert MY_CHOICES["el"] in [b.label for b in pressed]

    gun = next(b for b in moves if "Κανόνι" in b.label)
    played = await member.click(message, custom_id=gun.custom_id)
    assert not any("⚠️" in answer.content for answer in played.followups), said(played)
    after = await world.table()
    assert after.move_count == table.move_count + 1
    (row,) = await world.bot.store.moves(table.id, last=1)
    assert (row.seat, row.move) == (seat, "dockside gun")

    crew = next(b for b in moves if "Πλήρωμα" in b.label)
    stale = await member.click(message, custom_id=crew.custom_id)
    (answer,) = stale.followups
    assert answer.ephemeral and "Αυτή η επιλογή έχει παλιώσει" in answer.content, said(stale)
    assert (await world.table()).version == after.version


@pytest.mark.parametrize("game", ["tahiti", "amerigo", "bremerhaven", "drake", "vasco"])
async def test_a_move_that_names_nothing_is_refused_briefly_in_every_language(
    world, locales, game, record_property
):
    """``/move move:"xyzzy plugh"``: at most 600 characters in English, Greek and Russian,
    private, with the 3-5 closest legal moves in words (each a button) and a pointer to the
    list of `/move` and "My choices"; the game is unchanged."""
    table = await start(world, game)
    member = await world.waiting()
    legal = await world.bot.tables.legal_moves(world.channel.id, member.id)
    longest = 0
    for lang, locale in LOCALES.items():
        locales[member.id] = locale
        refused = await member.slash(world.channel, "move", move="xyzzy plugh")
        text = said(refused)
        longest = max(longest, len(text))
        assert private(refused), text
        assert len(text) <= LIMIT, (lang, len(text), text)
        listed = [line for line in text.split("\n") if line.startswith("• ")]
        assert min(3, len(legal)) <= len(listed) <= 5, text
        command = i18n.command_in(lang, "/move").removeprefix("/")  # /κίνηση, /ход
        assert command in text and MY_CHOICES[lang] in text, text
        assert "xyzzy plugh" in text.split("\n")[0], text
        _message, pressed = buttons(refused)
        moves = [b for b in pressed if b.custom_id.startswith(f"pm:{table.id}:{table.version}:")]
        assert [f"• {b.label}" for b in moves] == listed or len(moves) == len(listed), text
        assert MY_CHOICES[lang] in [b.label for b in pressed]
        now = await world.table()
        assert (now.version, now.move_count, now.state) == (
            table.version,
            table.move_count,
            table.state,
        )
    record_property("longest_refusal", longest)
    print(f"\n{game}: longest refusal {longest} characters")
