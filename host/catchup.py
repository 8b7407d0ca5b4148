"""Catch-up (issue 27): what the others did since a member last moved, folded into one short
sentence ("Bo harvests a coconut twice and takes island T14; Cy fishes").

It reads only the public move log (the lines every step already posted in the channel), so it
can never tell more than the channel showed. Steps that only went back (``back``) and lines that
report a state rather than an action ("Player A has 4 actions.", "Round 2: Player B to play.")
are left out, and so are steps with no public line (never a bare "moved"); what is left is
grouped by player, and a verb repeated by the same player folds into one phrase that keeps its
objects ("paddles to 0,0 and to 1,0", "fishes twice"). Greek and Russian group the same way,
each phrase said from its template without its subject (issue 40 section 3). When the whole
sentence would be too long, each player's phrases lose their details (never their objects),
then the oldest players' parts give way to "…"; a cut falls after a whole clause, never in a
word.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import i18n
from host.store import MoveRow, Store, TableRow
from i18n import Msg, T, Tn, joined, say
from i18n.text import Joined, Phrase, Word

SUMMARY_LIMIT = 420
"""The catch-up sentence's budget: a turn post keeps room for the turn itself."""

EVENT_LIMIT = 140
"""An event line (bids revealed, a round scored) is cut to this many characters."""

HISTORY_LIMIT = 400
"""Stored moves read for one catch-up at most (a member away for days in a busy game)."""

_ACTOR = re.compile(r"^Player ([A-F]) (.+?)\.?$")
_NOISE = (
    re.compile(r"^has\b"),  # "has 4 actions", "has no action left": state, not action
    re.compile(r"^(picks another|puts the tile back|chooses again)"),
    re.compile(r"^is (now )?to (play|move)"),
    re.compile(r"\bis choosing\b"),  # a step on the way to a choice, which has its own line
)
_SHORT_CUT = re.compile(r" \(| from | for | with | across | to | at | on |, | - ")
_DETAILS = re.compile(r" ?\([^()]*\)")
"""A phrase's details in brackets: "(now 2)", "(1 in the canoe)"."""
_PLAYER = re.compile(r"\bPlayer ([A-F])\b")
"""A seat as engines write it (``Player A``), in their texts and their texts' parameters."""
_NOISE_EVENT = re.compile(r"(to play|to move)\.?$")
_BACK_MOVES = frozenset({"back"})
_TIMES = {1: "", 2: " twice"}


@dataclass(frozen=True)
class Entry:
    """One stored step: the seat that moved, its canonical move, and its public log lines."""

    seat: int
    move: str
    log: tuple[Any, ...]
    """The step's lines as stored: an engine's ``Msg`` (said in the reader's language) or text."""

    @classmethod
    def of(cls, row: MoveRow) -> Entry:
        return cls(row.seat, row.move, tuple(row.log))


def put_names(value: Any, names: Sequence[str], lang: str = i18n.ENGLISH) -> Any:
    """An engine's text with its seat references (``Player A``) made the seats' ``names``, in one
    pass: a ``Msg`` is made again from its parameters, each named (and still said in the
    reader's language), a plain text has its references replaced. Only the engine's own words
    are read: a name put in is never searched again, so a member named "Player C" stays who
    they are. A text the code says (a seat's letter, a glossary word) is left as it is; a
    ``Msg`` of a kind this cannot remake is said in ``lang`` first."""

    def name(match: re.Match[str]) -> str:
        index = ord(match.group(1)) - ord("A")
        return names[index] if index < len(names) else match.group(0)

    if type(value) is Msg:
        params = {k: put_names(v, names, lang) for k, v in value.params.items()}
        return Msg(value.msgid, plural=value.plural, count=value.count, **params)
    if type(value) is Joined:
        return Joined([put_names(i, names, lang) for i in value.items], value.last)
    if isinstance(value, Phrase | Word):
        return value
    if isinstance(value, Msg):
        return _PLAYER.sub(name, say(lang, value))
    if isinstance(value, str):
        return _PLAYER.sub(name, value)
    return value


def said_named(lang: str, line: Any, names: Sequence[str]) -> str:
    """An engine's line said in ``lang`` with the seats' ``names`` put in (:func:`put_names`)."""
    return say(lang, put_names(line, names, lang))


def since_last_move(entries: Sequence[Entry], seat: int) -> list[Entry]:
    """The entries after ``seat``'s last move (all of them if it never moved)."""
    for index in range(len(entries) - 1, -1, -1):
        if entries[index].seat == seat:
            return list(entries[index + 1 :])
    return list(entries)


def _times(n: int) -> str:
    return _TIMES.get(n, f" {n} times")


def _short(phrase: str) -> str:
    """A phrase without its details: "takes island T13 from stack A for 2,-1" -> "takes island
    T13" (the verb and its object, up to the first preposition or bracket after them)."""
    verb, _, rest = phrase.partition(" ")
    cut = _SHORT_CUT.search(" " + rest)
    return (verb + " " + rest[: max(0, cut.start() - 1)] if cut else phrase).strip()


def _fold_phrases(phrases: list[str], *, level: int) -> list[str]:
    """A player's phrases with repeats folded, their objects kept: identical phrases count
    ("harvests a coconut twice"), the same verb with different objects says the verb once
    ("paddles to 0,0, to 1,0 and to 2,0"). Level 0 keeps every phrase whole, 1 shortens them
    to verb and object."""
    by_verb: dict[str, dict[str, int]] = {}
    for phrase in phrases:
        if level >= 1:
            phrase = _short(phrase)
        counted = by_verb.setdefault(phrase.split(" ", 1)[0], {})
        counted[phrase] = counted.get(phrase, 0) + 1
    folded = []
    for verb, counted in by_verb.items():
        if len(counted) > 1:  # the details in brackets differ ("fishes (now 1)"): they go
            bare: dict[str, int] = {}
            for phrase, n in counted.items():
                phrase = _DETAILS.sub("", phrase).strip()
                bare[phrase] = bare.get(phrase, 0) + n
            counted = bare
        if len(counted) == 1:
            (phrase, n), *_ = counted.items()
            folded.append(phrase + _times(n))
            continue
        objects = [p.partition(" ")[2] + _times(n) for p, n in counted.items()]
        if all(objects):
            folded.append(f"{verb} {_join(objects)}")
        else:  # a verb alone among them ("fishes" and "fishes 2 fish"): each phrase whole
            folded += [p + _times(n) for p, n in counted.items()]
    return folded


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


@dataclass
class _Told:
    """The entries read once: who acted (in order of first appearance) with their lines, and
    the events (lines of no player)."""

    order: list[str]
    actions: dict[str, list[tuple[str, Any, str]]]
    """Per player: (the English phrase after the actor, the line as stored, the seat letter)."""
    events: list[Any]


def _read(entries: Iterable[Entry], names: Sequence[str]) -> _Told:
    """The entries' lines sorted by actor, the noise left out. A step with no public line (a
    secret choice, an action picked whose effect the next step tells) says nothing: the
    catch-up never says a bare "moved"."""
    told = _Told([], {}, [])

    def name(letter: str) -> str:
        index = ord(letter) - ord("A")
        return names[index] if 0 <= index < len(names) else f"seat {index + 1}"

    # The actor is read off the engine's English line; the rest of it stays the engine's own
    # words while it is folded, shortened and chosen, and is named once at the end.
    for entry in entries:
        if entry.move in _BACK_MOVES:
            continue
        for line in entry.log:
            text = str(line).strip()
            match = _ACTOR.match(text)
            if match:
                who, phrase = name(match.group(1)), match.group(2)
                if any(p.search(phrase) for p in _NOISE):
                    continue
                if who not in told.actions:
                    told.order.append(who)
                    told.actions[who] = []
                told.actions[who].append((phrase, line, match.group(1)))
            elif text and not _NOISE_EVENT.search(text):
                told.events.append(line)
    return told


def _kept_events(events: list[Any]) -> list[Any]:
    """Summaries ("Bids revealed: ...", "Round 2, red phase: ...") tell more than the
    incidental lines between them ("The fish fits nowhere..."): the last two, else the last."""
    summaries = [e for e in events if ":" in str(e)]
    return summaries[-2:] if summaries else events[-1:]


_CLAUSE_END = re.compile(r"(?:; |, | and | και | и | \(|\. )")


def _clip(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters, cut after its last whole clause (a list's item, a
    sentence), never inside a word: "Discs revealed. San Juan: Ana 1; Santo Domingo: Bo 2; …"."""
    text = text.rstrip(".")
    if len(text) <= limit:
        return text
    room = text[: max(0, limit - 2)]
    ends = [m.start() for m in _CLAUSE_END.finditer(room)]
    if ends:
        cut = room[: ends[-1]]
        sep = text[ends[-1] : ends[-1] + 2]
        return cut + (sep if sep in ("; ", ", ") else " ") + "…"
    space = room.rfind(" ")
    return (room[:space] if space > 0 else room) + " …"


def _event_text(event: Any, names: Sequence[str], lang: str) -> str:
    return _clip(said_named(lang, event, names).strip(), EVENT_LIMIT)


_SUBJECT = "\ue000"
"""Stands for the actor while a line is said, to find where the template puts its subject."""


def _without_subject(line: Any, letter: str, names: Sequence[str], lang: str) -> str | None:
    """An engine's line said in ``lang`` without its subject, when the template (in ``lang``)
    starts with the acting player ("Ana τοποθετεί ..." -> "τοποθετεί ..."): the phrase keeps the
    template's grammar, cases and all. None when it does not (the line is then said whole)."""
    if type(line) is not Msg or line.params.get("player") != f"Player {letter}":
        return None
    params = {**line.params, "player": _SUBJECT}
    remade = Msg(line.msgid, plural=line.plural, count=line.count, **params)
    said = said_named(lang, remade, names).strip().rstrip(".")
    if said.startswith(_SUBJECT + " ") and _SUBJECT not in said[1:]:
        return said[2:]
    return None


def _times_in(lang: str, phrase: str, n: int) -> str:
    if n == 1:
        return phrase
    if n == 2:
        return say(lang, T("{action} twice", action=phrase))
    return say(lang, Tn("{action} {count} time", "{action} {count} times", n, action=phrase))


def _said_players(told: _Told, names: Sequence[str], lang: str) -> list[str]:
    """Each player's part in ``lang``: the phrases of their lines, each the template's own
    words without the subject, identical ones counted ("δύο φορές"), joined after their name
    ("Ana τοποθετεί ..., χτίζει ... και ανακαλύπτει ..."); a line whose template does not start
    with its actor is said whole after it."""
    players = []
    for who in told.order:
        counted: dict[str, int] = {}
        whole: dict[str, int] = {}
        for _phrase, line, letter in told.actions[who]:
            bare = _without_subject(line, letter, names, lang)
            if bare is None:
                said = said_named(lang, line, names).strip().rstrip(".")
                whole[said] = whole.get(said, 0) + 1
            else:
                counted[bare] = counted.get(bare, 0) + 1
        if counted:
            items = [_times_in(lang, p, n) for p, n in counted.items()]
            players.append(f"{who} {say(lang, joined(items))}")
        players += [_times_in(lang, said, n) for said, n in whole.items()]
    return players


def _fit(parts: list[str], limit: int) -> str:
    """``parts`` joined within ``limit``: the earliest give way to "…", the last one left is
    cut after a whole clause (:func:`_clip`)."""
    text = "; ".join(parts)
    while len(parts) > 1 and len(text) > limit:
        parts = parts[1:]
        text = "…; " + "; ".join(parts)
    return text if len(text) <= limit else _clip(text, limit)


def fold(
    entries: Sequence[Entry],
    names: Sequence[str],
    limit: int = SUMMARY_LIMIT,
    lang: str = i18n.ENGLISH,
) -> str:
    """The entries in one sentence of at most ``limit`` characters ("" when nothing happened).

    ``names`` are the seats' display names, already safe to post (see ``host.talk``); they are
    put in once, line by line, from the engines' seat references (:func:`put_names`), never by
    searching the sentence. Too long, the phrases shrink (details go, objects stay), then the
    events go, then the earliest players; a part is cut only after a whole clause. In another
    language each line is said from its template, grouped and counted the same way."""
    told = _read(entries, names)
    events = [_event_text(e, names, lang) for e in _kept_events(told.events)]
    if i18n.language(lang) != i18n.ENGLISH:
        players = _said_players(told, names, lang)
        text = "; ".join([*players, *events])
        return text if len(text) <= limit else _fit(players or events, limit)
    for level in (0, 1):
        players = []
        for who in told.order:
            phrases = [phrase for phrase, _line, _letter in told.actions[who]]
            done = [put_names(p, names) for p in _fold_phrases(phrases, level=level)]
            players.append(f"{who} {_join(done)}")
        text = "; ".join([*players, *events])
        if len(text) <= limit:
            return text
    return _fit(players or events, limit)


def summary_line(
    seats: Sequence[int],
    entries: Sequence[Entry],
    names: Sequence[str],
    *,
    skip: int = 0,
    lang: str = i18n.ENGLISH,
) -> str:
    """The catch-up line of a turn post for the seats whose turn starts ("" when there is
    nothing to tell): what happened since the earliest of their last moves. ``skip``: the last
    entries, whose lines the post itself shows (a line said twice in one post is noise)."""
    if not seats:
        return ""
    told = max((since_last_move(entries, seat) for seat in seats), key=len)
    if skip:
        shown, told = told[len(told) - skip :], told[: len(told) - skip]
        # The same player's silent steps just before (choosing a number, then a space) belong to
        # the step the post shows: without this the line would end "...; Bo moved."
        movers = {entry.seat for entry in shown}
        while told and told[-1].seat in movers and not told[-1].log:
            told = told[:-1]
    if not told:
        return ""
    text = fold(told, names, lang=lang)
    if not text:
        return ""
    who = [names[s] if s < len(names) else f"seat {s + 1}" for s in seats]
    if len(who) > 1:
        lead = T("Catch-up for {players}", players=joined(who))
    elif any(e.seat == seats[0] for e in entries):
        lead = T("Since {player}'s last move", player=who[0])
    else:
        lead = T("So far")
    return f"*{say(lang, lead)}:* {text}."


TURN_LINE_FLOOR = 100
"""A turn's line is never cut below this; past that many turns the earliest share one line."""


def turns_of(entries: Sequence[Entry]) -> list[list[Entry]]:
    """The entries split into turns: each run of steps by one seat."""
    turns: list[list[Entry]] = []
    for entry in entries:
        if turns and turns[-1][-1].seat == entry.seat:
            turns[-1].append(entry)
        else:
            turns.append([entry])
    return turns


def turn_lines(
    seats: Sequence[int],
    entries: Sequence[Entry],
    names: Sequence[str],
    *,
    unshown: int,
    limit: int,
    lang: str = i18n.ENGLISH,
) -> list[str]:
    """One line per turn (issue 40 section 4): what each seat did in its turn since the earliest
    of ``seats``' last moves, folded as a catch-up is ("Bot 1 sails 4 times and builds a trading
    post at c14"), the lines together within ``limit`` characters (newlines counted).

    ``unshown``: the last entries whose lines no post showed yet (the member's own last step
    and the fillers' after it), told even where they began before that last move. A turn's line
    shrinks before any is dropped; past ``limit // TURN_LINE_FLOOR`` turns the earliest share
    one line. No line starts cut ("…"): the whole story stays in ``/log``."""
    if not entries:
        return []
    told = max((since_last_move(entries, seat) for seat in seats), key=len, default=[])
    count = min(len(entries), max(len(told), unshown))
    turns = turns_of(entries[len(entries) - count :])
    room = max(1, limit // (TURN_LINE_FLOOR + 1))
    if len(turns) > room:
        turns = [[e for turn in turns[: len(turns) - room + 1] for e in turn], *turns[1 - room :]]
    share = max(TURN_LINE_FLOOR, limit // len(turns) - 1)
    lines = [fold(turn, names, share, lang) for turn in turns]
    # What the short turns leave over goes to the turns that were cut.
    spare = limit - sum(len(line) + 1 for line in lines)
    cut = [i for i, line in enumerate(lines) if len(line) >= share - 2]
    if spare > 0 and cut:
        more = share + spare // len(cut)
        for i in cut:
            lines[i] = fold(turns[i], names, more, lang)
    kept = []
    for turn, line in zip(turns, lines, strict=True):
        if not line:
            continue
        if line.startswith("…"):  # the earliest of a turn's steps gave way: say whose turn
            seat = turn[-1].seat
            who = names[seat] if seat < len(names) else f"seat {seat + 1}"
            line = f"{who}: {line}"
        kept.append(line.rstrip(".") + ".")
    return kept


async def turn_histories(
    store: Store, table: TableRow, seats: Iterable[int], current: Entry
) -> list[Entry]:
    """The stored steps a catch-up needs for ``seats`` (whose turn is about to start), from the
    earliest of their last moves, with the step being committed (``current``) at the end."""
    wanted = list(seats)
    if not wanted:
        return []
    rows = await store.moves_since_seats(table.id, wanted, HISTORY_LIMIT)
    return [*(Entry.of(r) for r in rows), current]
