"""What a member reads at a table (issue 38 items 3, 5 and 6): seats named once, from the
engine's references, so a name can never pass for another seat; every line in the reader's
language, the overflow line of a long post too; and no member's name can reorder the text
around it (an override left open, U+202E, in a post, a DM, a button or an image)."""

from __future__ import annotations

import pytest

from engines.base import State
from host import images
from host.catchup import Entry, fold
from host.tables import TableService
from i18n import Msg, T
from tests.sealed_bids import SealedBids

CH = 700
GUILD = 7
ANA, EVE = 2001, 2002
RLO = "\u202e"
"""RIGHT-TO-LEFT OVERRIDE: everything after it reads backwards until it is closed."""


class Spoken(SealedBids):
    """Sealed Bids whose lines refer to seats as engines do (``Player A`` in a ``Msg``), with
    ``lines`` more lines a step (to overflow a post) and public choices (buttons)."""

    id = "spoken38"
    title = "Spoken Bids (test game)"
    lines = 0

    def _apply(self, state: State, seat: int, move: str):
        log, private = super()._apply(state, seat, move)
        who = f"Player {'ABCD'[seat]}"
        filler = [f"{who} ponders the tide " + "~" * 60 for _ in range(self.lines)]
        return [T("{player} moved.", player=who), *filler, *log[1:]], {
            s: [T("{player} moved.", player=who)] for s in private
        }

    def describe(self, state: State, seat: int, move: str) -> Msg:
        return T("{player} moved.", player=f"Player {'ABCD'[seat]}")

    def choices_are_public(self, state: State, seat: int) -> bool:
        return True


SPOKEN = Spoken()


@pytest.fixture
def service(store):
    return TableService(store, engines={SPOKEN.id: SPOKEN})


async def _table(service: TableService, lang: str, second: str = "Eve"):
    await service.store.set_guild_settings(GUILD, {"language": lang})
    await service.open(guild_id=GUILD, channel_id=CH, game=SPOKEN.id, user_id=ANA, name="Ana")
    await service.join(CH, EVE, second)
    return await service.start(CH, ANA, seed=7)


def _posts(outcome) -> list[str]:
    return [i.payload["text"] for i in outcome.items if i.kind == "channel" and "text" in i.payload]


# Item 3 ------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "el", "ru"])
def test_a_name_like_a_seat_stays_its_own_member_in_the_catch_up_of_every_language(lang):
    """A member named "Player C" (seat B) who moves twice was said to be Cy (seat C): the names
    were put in, then the whole sentence was searched for seats again."""
    names = ["Ana", "Player C", "Cy"]
    moved = [Entry(1, "x", (T("{player} moved.", player="Player B"),)) for _ in range(2)]
    silent = Entry(1, "x", ())  # a step with no public line: says nothing
    rows = Entry(2, "x", (T("{player} moved.", player="Player C"),))
    text = fold([*moved, silent, rows], names, lang=lang)
    # Every language folds the member's steps into one phrase ("Player C moved twice"); the
    # silent step says nothing (issue 40 section 3: no bare "moved").
    assert text.count("Player C") == 1, text
    assert text.count("Cy") == 1, text


# Item 5 ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "said", "english"),
    [
        ("el", "γραμμ", "earlier lines"),
        ("ru", "строк", "earlier lines"),
        ("en", "earlier lines: see `/log`", "γραμμές"),
    ],
)
async def test_a_long_post_says_it_dropped_lines_in_the_channels_language(
    service, monkeypatch, lang, said, english
):
    """A Greek or Russian post too long for Discord began with an English line ("… (15 earlier
    lines: see /log)"), its command not the one the reader's client lists."""
    monkeypatch.setattr(SPOKEN, "lines", 30)
    await _table(service, lang)
    hand = SPOKEN.decode((await service.live(CH)).state)["hands"][0]
    moved = await service.submit(CH, ANA, f"bid {hand[0]}")
    (text,) = _posts(moved)
    first = text.splitlines()[0]
    command = {"el": "δες `/ιστορικό`", "ru": "см. `/журнал`", "en": "see `/log`"}[lang]
    assert first.startswith("… (") and said in first and first.endswith(f"{command})"), first
    assert english not in text


# Item 6 ------------------------------------------------------------------------------------

EMBEDDINGS = {"\u202a", "\u202b", "\u202d", "\u202e"}  # LRE RLE LRO RLO, closed by PDF
ISOLATES = {"\u2066", "\u2067", "\u2068"}  # LRI RLI FSI, closed by PDI


def closed(text: str) -> bool:
    """Whether every bidirectional embedding, override and isolate in ``text`` is closed on its
    own line (a paragraph), so none reaches past it into the bot's words."""
    for line in text.splitlines():
        opened: list[str] = []
        for c in line:
            if c in EMBEDDINGS or c in ISOLATES:
                opened.append(c)
            elif c == "\u202c":  # PDF
                if not opened or opened[-1] not in EMBEDDINGS:
                    return False
                opened.pop()
            elif c == "\u2069":  # PDI closes its isolate and whatever opened inside it
                while opened and opened[-1] not in ISOLATES:
                    opened.pop()
                if not opened:
                    return False
                opened.pop()
        if opened:
            return False
    return True


async def test_a_names_bidi_override_cannot_reverse_a_post_a_dm_a_button_or_an_image(
    service, monkeypatch
):
    """A name with U+202E was posted as it was: the unclosed override reversed the rest of the
    turn post's line, the standings line, the DM and the button after the name."""
    start = await _table(service, "en", second=f"Eve{RLO}live")
    said = [i.payload.get("text", "") for i in start.items]
    labels = [
        label for i in start.items for label in i.payload.get("choices", {}).get("labels", [])
    ]
    outcomes = [start]
    while not outcomes[-1].finished:
        table = await service.live(CH)
        user = table.user_of(SPOKEN.to_move(SPOKEN.decode(table.state))[0])
        outcomes.append(await service.submit(CH, user, (await service.legal_moves(CH, user))[0]))
    items = [i for o in outcomes for i in o.items]
    said = [i.payload.get("text", "") for i in items]
    labels = [label for i in items for label in (i.payload.get("choices") or {}).get("labels", [])]
    assert any("Evelive" in t for t in said) and any("Game over" in t for t in said)
    assert any("Evelive" in label for label in labels)
    assert all(closed(t) for t in [*said, *labels]), [t for t in said if not closed(t)]

    # Images: every renderer gets the names without the controls (Pillow draws them as boxes).
    drawn: list[list[str]] = []
    monkeypatch.setattr(
        images, "standings_image", lambda title, names, *a: drawn.append(names) or None
    )
    monkeypatch.setattr(images, "to_png", lambda image: b"png")
    draw = staticmethod(lambda view: drawn.append(view["names"]))
    board = type("Renderer", (), {"board": draw, "private": draw})
    monkeypatch.setitem(images.RENDERERS, SPOKEN.id, board)
    specs = [i.payload["image"] for i in items if "image" in i.payload]
    assert {s["kind"] for s in specs} >= {"board", "standings", "private"}
    for spec in specs:
        images.render_png(spec)
    assert drawn and all(names == ["Ana", "Evelive"] for names in drawn), drawn
