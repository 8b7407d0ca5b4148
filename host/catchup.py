"""Catch-up (issue 27): what the others did since a member last moved, folded into one short
sentence ("Bo harvests a coconut twice and takes island T14; Cy fishes").

It reads only the public move log (the lines every step already posted in the channel), so it
can never tell more than the channel showed. Steps that only went back (``back``) and lines that
report a state rather than an action ("Player A has 4 actions.", "Round 2: Player B to play.")
are left out, and so are steps with no public line (never a bare "moved"); what is left is
grouped by player, and a verb repeated by the same player folds into one phrase that keeps its
objects and places ("paddles to 0,0, 1,0 and 2,0", "fishes twice"), in every language from the
lines' templates, each phrase said without its subject (issue 40 section 3). A player's part
says what matters first: what they scored, took or built, what changed for the reader, then
their moves and passes (the weights of ``host.catchup_forms``). When the whole sentence would
be too long, each line is said in its short form (its object and place kept, its details
dropped: ``host.catchup_forms``), then the oldest players' parts give way to "…"; a cut falls
after a whole clause, never in a word.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import i18n
from host.catchup_forms import CONCERNS_READER, FORMS, OTHER
from host.store import MoveRow, Store, TableRow
from i18n import Msg, T, Tn, joined, say
from i18n.text import Joined, Phrase, Word, dump

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


def _fold_phrases(phrases: list[str]) -> list[str]:
    """Plain English phrases (lines stored as text, before the engines spoke in messages) with
    repeats folded, their objects kept: identical phrases count ("harvests a coconut twice"),
    the same verb with different objects says the verb once ("paddles to 0,0, to 1,0 and to
    2,0")."""
    by_verb: dict[str, dict[str, int]] = {}
    for phrase in phrases:
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
    found = list(_CLAUSE_END.finditer(room))
    # A bracket may hold a clause's place ("παραιτείται (Παναμάς)"): in the last part, cut
    # there only when no whole clause of that part ends sooner.
    part = max((m.end() for m in found if m.group() == "; "), default=0)
    inner = [m for m in found if m.start() >= part]
    ends = (
        [m.start() for m in inner if m.group() != " ("]
        or [m.start() for m in inner]
        or [m.start() for m in found]
    )
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


def _marked(value: Any, letter: str) -> tuple[Any, int]:
    """``value`` with the acting seat (``Player A`` as a line's ``player``, in nested lines too:
    "{where}: {got}." holds "{player} places a disc at ...") made :data:`_SUBJECT`, and how many
    times it was found."""
    if type(value) is not Msg:
        return value, 0
    params, found = {}, 0
    for key, param in value.params.items():
        if key == "player" and param == f"Player {letter}":
            params[key], n = _SUBJECT, 1
        else:
            params[key], n = _marked(param, letter)
        found += n
    return Msg(value.msgid, plural=value.plural, count=value.count, **params), found


def _fields(template: str) -> list[str]:
    return [field for _, field, _, _ in string.Formatter().parse(template) if field]


def _shortened(value: Any) -> Any:
    """A line in its short form (``host.catchup_forms``), nested lines too. The parameters its
    short template does not say are dropped: two lines that differ only there are the same."""
    if type(value) is not Msg:
        return value
    params = {key: _shortened(param) for key, param in value.params.items()}
    form = FORMS.get(value.msgid)
    if form is None or form.short is None:
        return Msg(value.msgid, plural=value.plural, count=value.count, **params)
    fields = _fields(form.short)
    if len(fields) == 1 and form.short == "{" + fields[0] + "}":
        return params[fields[0]]  # the wrapper gives way to the line it wraps
    return Msg(form.short, **{key: params[key] for key in fields})


def _weight(line: Any, reader: str | None) -> int:
    """How much a line matters to the reader (``host.catchup_forms``): the heaviest of its own
    and its nested lines' weights; first of all when it names the reader's seat (not as the one
    who acts)."""
    if type(line) is not Msg:
        return OTHER
    seat = re.compile(rf"\bPlayer {reader}\b") if reader else None
    if seat and any(k != "player" and seat.search(str(v)) for k, v in line.params.items()):
        return CONCERNS_READER
    weights = []
    stack = [line]
    while stack:
        msg = stack.pop()
        if msg.msgid in FORMS:
            weights.append(FORMS[msg.msgid].weight)
        stack += [v for v in msg.params.values() if type(v) is Msg]
    return max(weights, default=OTHER)


def _key(params: dict[str, Any]) -> str:
    """Parameters compared by what they say (a nested line, a word, a list)."""
    return json.dumps({k: dump(v) for k, v in params.items()}, sort_keys=True, default=str)


def _counted(value: Any, n: int) -> Any:
    """A value said ``n`` times: "2,0 twice", "2,0 δύο φορές"."""
    if n == 1:
        return value
    if n == 2:
        return T("{action} twice", action=value)
    return Tn("{action} {count} time", "{action} {count} times", n, action=value)


@dataclass
class _Said:
    """One thing a player did, before it is said: a line (or lines folded into one), how often,
    and its weight."""

    line: Any
    times: int
    weight: int


def _folded(lines: list[_Said], *, short: bool) -> list[_Said]:
    """A player's lines of one message id, folded: identical ones counted ("fishes twice"); ones
    that differ only in details their short form drops said once in it; ones that differ in a
    single parameter (the place, the object) say it as a list ("places the island at 1,0 and
    2,0"); others each on their own."""
    variants: dict[str, _Said] = {}
    for said in lines:
        key = _key(said.line.params)
        if key in variants:
            variants[key].times += said.times
            variants[key].weight = max(variants[key].weight, said.weight)
        else:
            variants[key] = _Said(said.line, said.times, said.weight)
    found = list(variants.values())
    if len(found) == 1:
        return found
    weight = max(v.weight for v in found)
    times = sum(v.times for v in found)
    if not short:
        shorts = {_key(_shortened(v.line).params) for v in found}
        first = _shortened(found[0].line)
        if len(shorts) == 1 and type(first) is Msg and first.msgid != found[0].line.msgid:
            return [_Said(first, times, weight)]
    line = found[0].line
    differ = [k for k in line.params if len({_key({k: v.line.params[k]}) for v in found}) > 1]
    if len(differ) == 1:
        items = [_counted(v.line.params[differ[0]], v.times) for v in found]
        params = {**line.params, differ[0]: joined(items)}
        return [_Said(Msg(line.msgid, plural=line.plural, count=line.count, **params), 1, weight)]
    return found


def _times_in(lang: str, phrase: str, n: int) -> str:
    return phrase if n == 1 else say(lang, _counted(phrase, n))


def _player_part(
    who: str,
    actions: list[tuple[str, Any, str]],
    names: Sequence[str],
    lang: str,
    *,
    short: bool,
    reader: str | None,
) -> list[str]:
    """One player's part in ``lang``: what matters most first (``host.catchup_forms`` weights),
    the phrases of lines whose template starts with its subject joined after the name ("Ana
    τοποθετεί ..., χτίζει ... και ανακαλύπτει ..."), a line whose template does not said whole
    beside them ("Ana: Χομέα → 1,-1"). ``short``: each line in its short form."""
    by_id: dict[tuple[str, str | None, int | None], list[_Said]] = {}
    plain: list[str] = []
    order: list[Any] = []
    for phrase, line, letter in actions:
        if type(line) is not Msg:
            if not plain:
                order.append("plain")
            plain.append(phrase)
            continue
        weight = _weight(line, reader)
        marked, _found = _marked(line, letter)
        if short:
            marked = _shortened(marked)
        if type(marked) is not Msg:  # a lone parameter that is text, not a line
            if not plain:
                order.append("plain")
            plain.append(phrase)
            continue
        group = (marked.msgid, marked.plural, marked.count)
        if group not in by_id:
            order.append(group)
            by_id[group] = []
        by_id[group].append(_Said(marked, 1, weight))
    told: list[tuple[int, bool, str]] = []
    for slot in order:
        if slot == "plain":
            told += [(OTHER, True, phrase) for phrase in _fold_phrases(plain)]
            continue
        for said in _folded(by_id[slot], short=short):
            text = say(lang, put_names(said.line, names, lang)).strip().rstrip(".")
            if text.startswith(_SUBJECT + " ") and _SUBJECT not in text[1:]:
                told.append((said.weight, True, _times_in(lang, text[2:], said.times)))
            else:
                whole = text.replace(_SUBJECT, who)
                told.append((said.weight, False, _times_in(lang, whole, said.times)))
    told.sort(key=lambda item: -item[0])
    bare = [text for _w, is_bare, text in told if is_bare]
    parts: list[str] = []
    for _w, is_bare, text in told:
        if not is_bare:
            parts.append(text)
        elif bare:  # the phrases said after the name stand where the weightiest of them is
            parts.append(f"{who} {say(lang, joined(bare))}")
            bare = []
    return parts


def _said_players(
    told: _Told, names: Sequence[str], lang: str, *, short: bool, reader: str | None
) -> list[str]:
    """Each player's part (:func:`_player_part`), in order of their first line."""
    players: list[str] = []
    for who in told.order:
        players += _player_part(who, told.actions[who], names, lang, short=short, reader=reader)
    return players


def _fit(parts: list[str], limit: int) -> str:
    """``parts`` joined within ``limit``: the earliest give way to "…", the last one left is
    cut after a whole clause (:func:`_clip`)."""
    text = "; ".join(parts)
    while len(parts) > 1 and len(text) > limit:
        parts = parts[1:]
        text = "…; " + "; ".join(parts)
    return text if len(text) <= limit else _clip(text, limit)


def _letter(seat: int | None) -> str | None:
    return chr(ord("A") + seat) if seat is not None and 0 <= seat < 6 else None


def fold(
    entries: Sequence[Entry],
    names: Sequence[str],
    limit: int = SUMMARY_LIMIT,
    lang: str = i18n.ENGLISH,
    *,
    reader: int | None = None,
) -> str:
    """The entries in one sentence of at most ``limit`` characters ("" when nothing happened).

    ``names`` are the seats' display names, already safe to post (see ``host.talk``); they are
    put in once, line by line, from the engines' seat references (:func:`put_names`), never by
    searching the sentence. Each line is said in ``lang`` from its template, grouped by player
    and folded; what ``reader`` (a seat) scored, took or built, or what concerns them, comes
    first in each part. Too long, the lines take their short forms (details go, objects and
    places stay), then the earliest players give way; a part is cut only after a whole
    clause."""
    told = _read(entries, names)
    events = [_event_text(e, names, lang) for e in _kept_events(told.events)]
    for short in (False, True):
        players = _said_players(told, names, lang, short=short, reader=_letter(reader))
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
    text = fold(told, names, lang=lang, reader=seats[0] if len(seats) == 1 else None)
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
        merged = len(turns) - room + 1  # the earliest turns become one line, the rest stay
        turns = [[e for turn in turns[:merged] for e in turn], *turns[merged:]]
    share = max(TURN_LINE_FLOOR, limit // len(turns) - 1)
    reader = seats[0] if len(seats) == 1 else None
    lines = [fold(turn, names, share, lang, reader=reader) for turn in turns]
    # What the short turns leave over goes to the turns that were cut.
    spare = limit - sum(len(line) + 1 for line in lines)
    cut = [i for i, line in enumerate(lines) if len(line) >= share - 2]
    if spare > 0 and cut:
        more = share + spare // len(cut)
        for i in cut:
            lines[i] = fold(turns[i], names, more, lang, reader=reader)
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
