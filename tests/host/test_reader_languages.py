"""The host says everything in its reader's language (docs/ARCHITECTURE.md 6b; issue 26, the host's
part).

The channel (posts, their buttons, the board image, ``/game status``, ``/log``) speaks its
server's language; a member's DMs, private images, refusals and "My choices" speak theirs;
English stays exactly as it was. The engines' own texts become ``Msg`` on their branches: here a
test engine speaks in ``Msg`` made of the host's messages, so the Greek and Russian come from
``portolan.po``.
"""

from __future__ import annotations

import pytest

from engines.base import State
from host import catchup, tables
from host.tables import TableError, TableService
from i18n import Msg, T, say, word
from tests.sealed_bids import SealedBids

CH = 500
GUILD = 1
ANA, BO = 1001, 1002
COLOURS = ("blue", "black", "red", "brown", "green", "yellow")


def colour(card: int) -> str:
    return COLOURS[(card - 1) % len(COLOURS)]


class SpokenBids(SealedBids):
    """Sealed Bids whose texts are ``Msg``, as the real engines' are once translated."""

    id = "spoken"
    title = "Spoken Bids (test game)"

    def _apply(self, state: State, seat: int, move: str):
        log, private = super()._apply(state, seat, move)
        lines = [T("{player} moved.", player=f"Player {'ABCD'[seat]}"), *log[1:]]
        return lines, {s: [T("You hold nothing secret right now.")] for s in private}

    def describe(self, state: State, seat: int, move: str) -> Msg:
        # A colour from the Amerigo glossary: a word said in each language.
        return T("the {colour} phase", colour=word("amerigo", f"colour.{colour(int(move[4:]))}"))

    def choices_are_public(self, state: State, seat: int) -> bool:
        return True  # so the channel post carries buttons in the channel's language


SPOKEN = SpokenBids()


@pytest.fixture
def service(store):
    return TableService(store, engines={SPOKEN.id: SPOKEN})


async def greek_server_table(service: TableService):
    """A table in a Greek server: Ana reads English, Bo Russian."""
    await service.store.set_guild_settings(GUILD, {"language": "el"})
    await service.store.set_prefs(ANA, {"language": "en"})
    await service.store.set_prefs(BO, {"language": "ru"})
    await service.open(guild_id=GUILD, channel_id=CH, game="spoken", user_id=ANA, name="Ana")
    await service.join(CH, BO, "Bo")
    return await service.start(CH, ANA, seed=7)


def channel_posts(outcome):
    return [i.payload for i in outcome.items if i.kind == "channel" and "text" in i.payload]


def dms(outcome):
    return {i.target: i.payload for i in outcome.items if i.kind == "dm"}


async def test_a_greek_channel_posts_greek_and_each_member_reads_their_own(service):
    start = await greek_server_table(service)
    (post,) = channel_posts(start)
    assert "Το **Spoken Bids (test game)** (κανονική) ξεκινά. Παίκτες: Α Ana, Β Bo." in post["text"]
    assert "Σειρά: <@1001>, <@1002>" in post["text"]
    assert "How to play" not in post["text"] and "Πώς παίζεις" in post["text"]
    assert post["image"]["view"]["lang"] == "el"  # the board is drawn in Greek
    # The DMs: Bo's in Russian, Ana's exactly as in English.
    by_user = dms(start)
    assert by_user[BO]["text"].startswith("**Spoken Bids (test game)** в <#500>")
    assert by_user[BO]["image"]["view"]["lang"] == "ru"
    assert by_user[ANA]["text"].startswith("**Spoken Bids (test game)** in <#500>")
    assert by_user[ANA]["image"]["view"]["lang"] == "en"

    table = await service.live(CH)
    hand = SPOKEN.decode(table.state)["hands"][0]
    moved = await service.submit(CH, ANA, f"bid {hand[0]}")
    (edit,) = channel_posts(moved)
    assert edit["append"] == ["Ana: κίνηση."]  # the engine's Msg, said in Greek, then named
    labels = edit["choices"]["labels"]
    assert labels and all(label.startswith("φάση: ") for label in labels)


async def test_a_russian_members_refusal_and_choices_are_russian(service):
    await greek_server_table(service)
    with pytest.raises(TableError) as refused:
        await service.submit(CH, BO, "bid 99")
    text = refused.value.args[0]
    assert text.startswith(
        "`bid 99` — сейчас недопустимый ход. Ближайшие допустимые ходы:\n• фаза: "
    )
    # The same refusal to Ana stays English (the closest moves in words: issue 40 section 5).
    with pytest.raises(
        TableError, match=r"^`bid 99` is not a legal move now\. The closest legal moves:\n• the "
    ):
        await service.submit(CH, ANA, "bid 99")

    choices = await service.move_choices(CH, BO)
    assert choices and all(name.startswith("фаза: ") for name, _ in choices)
    assert next(n for n, _ in await service.move_choices(CH, ANA)).startswith("the ")


async def test_a_member_types_a_move_in_their_language(service):
    await greek_server_table(service)
    table = await service.live(CH)
    hand = SPOKEN.decode(table.state)["hands"][1]
    unique = [c for c in hand if [colour(h) for h in hand].count(colour(c)) == 1]
    card = unique[0]
    russian = say("ru", word("amerigo", f"colour.{colour(card)}"))
    # Case- and accent-insensitive, the start of the word is enough; Cyrillic "ё" as "е".
    typed = russian[:4].upper().replace("Ё", "Е")
    found = await service.move_choices(CH, BO, typed)
    assert [value.split(" #")[0] for _, value in found] == [f"bid {card}"]
    await service.submit(CH, BO, typed)
    rows = await service.store.moves(table.id)
    assert rows[-1].move == f"bid {card}"
    # The canonical English text stays accepted from a Russian reader.
    await service.submit(CH, ANA, f"bid {SPOKEN.decode(table.state)['hands'][0][0]}")


async def test_the_move_log_keeps_its_msgs_to_be_said_later(service):
    await greek_server_table(service)
    table = await service.live(CH)
    await service.submit(CH, ANA, f"bid {SPOKEN.decode(table.state)['hands'][0][0]}")
    (row,) = await service.store.moves(table.id)
    line = row.log[0]
    assert isinstance(line, Msg)
    assert (line.msgid, line.params) == ("{player} moved.", {"player": "Player A"})
    assert say("ru", line) == "Player A: ход сделан."
    # /log and /game status, read later, in their reader's language.
    assert await service.recent_log(CH, lang="ru") == ["1. Ana: ход сделан."]
    assert await service.recent_log(CH, lang="en") == ["1. Ana moved."]
    status = await service.status(CH)  # the channel's: Greek
    assert "Κινήσεις που παίχτηκαν: 1" in status and "Σειρά: <@1002>" in status
    english = await service.status(CH, "en")
    assert "Moves played: 1" in english and "To move: <@1002>" in english


async def test_plain_log_lines_of_old_rows_still_load(service):
    await greek_server_table(service)
    table = await service.live(CH)
    await service.store.commit_move(
        table.id,
        table.version,
        seat=0,
        user_id=ANA,
        move="bid 1",
        log=["Seat 1 has bid."],  # stored as before issue 26: a plain JSON string
        state=table.state,
        finished_result=None,
        outbox=[],
    )
    (row,) = await service.store.moves(table.id)
    assert row.log == ["Seat 1 has bid."] and not isinstance(row.log[0], Msg)


async def test_a_language_change_takes_effect_once_the_cogs_say_so(service, monkeypatch):
    store = service.store
    assert await service.channel_language(GUILD) == "en"
    assert await service.member_language(BO, GUILD) == "en"
    await store.set_guild_settings(GUILD, {"language": "el"})
    await store.set_prefs(BO, {"language": "ru"})
    # Remembered: a post made in the background reads no setting ...
    assert await service.channel_language(GUILD) == "en"
    assert await service.member_language(BO, GUILD) == "en"
    # ... until the cogs say it changed.
    service.forget_language(GUILD)
    assert await service.channel_language(GUILD) == "el"
    assert await service.member_language(ANA, GUILD) == "el"  # no choice: the channel's
    service.forget_language(user_id=BO)
    assert await service.member_language(BO, GUILD) == "ru"
    # A change made elsewhere (another process) takes effect within LANGUAGE_TTL.
    await store.set_guild_settings(GUILD, {"language": "ru"})
    now = tables.time.monotonic()
    monkeypatch.setattr(tables.time, "monotonic", lambda: now + tables.LANGUAGE_TTL + 1)
    assert await service.channel_language(GUILD) == "ru"


async def test_a_new_discord_locale_is_remembered_once(service, monkeypatch):
    store = service.store
    writes = []
    set_prefs = store.set_prefs

    async def counted(user_id, data):
        writes.append((user_id, data.get("locale")))
        await set_prefs(user_id, data)

    monkeypatch.setattr(store, "set_prefs", counted)
    await service.saw_locale(ANA, "ru")
    await service.saw_locale(ANA, "ru")
    await TableService(store).saw_locale(ANA, "ru")  # another process: already stored
    assert writes == [(ANA, "ru")]
    assert await service.member_language(ANA, GUILD) == "ru"  # DMs in the background follow it
    await service.saw_locale(ANA, "el")
    assert writes == [(ANA, "ru"), (ANA, "el")]
    assert await service.member_language(ANA, GUILD) == "el"


def test_catch_up_in_the_readers_language():
    entries = [
        catchup.Entry(1, "bid 3", (T("{player} moved.", player="Player B"),)),
        catchup.Entry(0, "bid 4", (T("{player} moved.", player="Player A"),)),
        catchup.Entry(1, "bid 5", (T("{player} moved.", player="Player B"),)),
    ]
    names = ["Ana", "Bo"]
    greek = catchup.summary_line([0], entries, names, lang="el")
    assert greek == "*Ana, από την τελευταία σου κίνηση:* Bo: κίνηση."
    assert catchup.summary_line([0], entries, names) == "*Since Ana's last move:* Bo moved."
    russian = catchup.summary_line([0, 1], entries, names, lang="ru")
    assert russian.startswith("*Сводка для: Ana и Bo:* ")


async def test_reminders_speak_the_members_or_the_channels_language(store):
    """A reminder by DM in its member's language (Bo: Russian), a reminder posted in the channel
    in the channel's (Greek); the clock's units too."""
    from host.life import PlayByPost

    now = [1_800_000_000.0]
    service = TableService(store, engines={SPOKEN.id: SPOKEN}, now=lambda: now[0])
    life = PlayByPost(service)
    await store.set_guild_settings(GUILD, {"language": "el"})
    await store.set_prefs(BO, {"language": "ru", "remind_by": "dm"})
    await service.open(
        guild_id=GUILD, channel_id=CH, game="spoken", user_id=ANA, name="Ana", pace="normal"
    )
    await service.join(CH, BO, "Bo")
    await service.start(CH, ANA, seed=7)
    now[0] += 13 * 3600  # normal pace: the first reminder after 12 h
    items = {i.kind: i.payload["text"] for o in await life.tick() for i in o.items}
    assert items["dm"].startswith("<@1002>, ваш ход в **Spoken Bids (test game)** (<#500>).")
    assert "Осталось времени в запасе: 1 д 11 ч." in items["dm"]
    assert items["channel"].startswith("<@1001>, είναι η σειρά σου στο **Spoken Bids")
    assert "Χρόνος που σου απομένει: 1η 11ώ." in items["channel"]


async def test_the_final_standings_in_the_channels_language(service):
    await greek_server_table(service)
    for _ in range(3):  # three rounds of bids
        for user in (ANA, BO):
            table = await service.live(CH)
            seat = table.seat_of(user)
            last = await service.submit(
                CH, user, SPOKEN.legal_moves(SPOKEN.decode(table.state), seat)[0]
            )
    posts = channel_posts(last)
    assert any("**Τέλος παιχνιδιού.** Τελική κατάταξη:" in p["text"] for p in posts)
    (standings,) = [p for p in posts if p.get("image", {}).get("kind") == "standings"]
    assert standings["text"].startswith("**Spoken Bids (test game)**: τελική κατάταξη (τραπέζι #")
    assert standings["image"]["lang"] == "el"
