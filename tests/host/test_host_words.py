"""The host's own words read at read time in the reader's language (issue 26): a seat filler's
stored English name, seat letters, the standings breakdown keys stored with a result, and a
finished game's place in a member's game list. English stays as it was."""

from __future__ import annotations

from host import talk
from host.life import GameAt, game_line
from host.store import SeatRow, TableRow
from i18n import T, glossary, say


def test_a_seat_fillers_stored_name_is_said_in_the_readers_language():
    # Stored at lobby time in English: old rows are read the same way. (Brackets are escaped:
    # a name is made safe for Markdown, as the English one always was.)
    assert talk.shown_name("Bot 2 (easy)", "el") == "Ρομπότ 2 \\(εύκολο\\)"
    assert talk.shown_name("Bot 1 (hard)", "ru") == "Бот 1 \\(сильный\\)"
    assert talk.shown_name("Bot 1 (hard)", "en") == "Bot 1 \\(hard\\)"
    assert talk.shown_name("Bot (the cat)", "el") == "Bot \\(the cat\\)"  # a member's name


def test_a_refusal_names_a_seat_filler_in_its_readers_language():
    waiting = talk.Listed([talk.SeatName("ana"), talk.SeatName("Bot 1 (hard)")])
    refusal = T("It is not your turn. Waiting for: {names}.", names=waiting)
    assert refusal == "It is not your turn. Waiting for: ana, Bot 1 \\(hard\\)."
    assert "ana, Бот 1 \\(сильный\\)." in say("ru", refusal)


def test_seat_letters_are_written_and_read_in_every_alphabet():
    assert [talk.letter(1, lang) for lang in ("en", "el", "ru")] == ["B", "Β", "Б"]
    assert talk.lettered(1, "Bot 1 (normal)").said("el") == "Β Ρομπότ 1 \\(κανονικό\\)"
    assert str(talk.lettered(1, "Bot 1 (normal)")) == "B Bot 1 \\(normal\\)"
    assert [talk.seat_of_letter(t) for t in ("b", "Β", "б", "Z", "")] == [1, 1, 1, None, None]


def test_standings_keys_come_from_the_games_glossary():
    assert glossary.score_label("drake", "voyage VP", "el") == "ΠΝ ταξιδιών"
    assert glossary.score_label("tahiti", "variety", "en") == "variety"
    assert glossary.score_label("drake", "bids won", "ru") == "bids won"  # not in the glossary
    assert glossary.score_label("sealed", "bids won", "ru") == "bids won"  # no glossary


def _finished(rank: int) -> TableRow:
    seats = (SeatRow(0, 11, "ana"), SeatRow(1, 12, "bo"), SeatRow(2, -1, "Bot 1 (normal)"))
    result = [
        {"seat": s, "score": 0, "rank": rank if s == 0 else 1, "breakdown": {}} for s in (0, 1, 2)
    ]
    return TableRow(
        id=1,
        guild_id=None,
        channel_id=5,
        game="tahiti",
        variant="standard",
        seats_wanted=None,
        status="finished",
        opener_id=11,
        seed=1,
        state=None,
        version=9,
        move_count=9,
        result=result,
        lobby_message_id=None,
        created_at=0.0,
        updated_at=0.0,
        seats=seats,
    )


def test_a_finished_games_place_in_each_language():
    game = GameAt(_finished(2), "Tahiti", False, [], None, None, "https://x/y")
    assert (
        game_line(game, 11, None)
        == "**Tahiti**: **ended**, you placed 2nd of 3 · [result](https://x/y)"
    )
    assert game_line(game, 11, None, "el").startswith("**Tahiti**: **τελείωσε**, ήρθες 2ος από 3")
    assert "ваше место: 2-е из 3" in game_line(game, 11, None, "ru")


def test_seat_letters_and_names_keep_their_reader_through_the_store_and_a_worker():
    """A text with a seat's letter or a filler's name is said in its reader's alphabet after the
    store's JSON (outbox payloads, move logs) and after pickling to a worker, as it is at once."""
    import pickle

    from i18n import dump, load

    text = T(
        "{name} took over seat {seat}.",
        name=talk.Listed([talk.SeatName("Bot 1 (hard)"), talk.lettered(2, "Ana")]),
        seat=talk.Letter(1),
    )
    at_once = say("el", text)
    assert "Β." in at_once and "Γ Ana" in at_once and "Bot" not in at_once, at_once
    assert say("el", load(dump(text))) == at_once
    assert say("el", pickle.loads(pickle.dumps(text))) == at_once
