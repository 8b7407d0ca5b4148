"""Table talk: what the channel and the DMs show after a step (docs/ARCHITECTURE.md 4, issue 14).

:mod:`host.tables` commits moves; this module only composes. Its rules:

- **One post per turn.** While the same player keeps deciding (a multi-step turn), or while the
  others in a simultaneous phase are still submitting, the turn's post is edited (log lines
  appended, choice buttons replaced) instead of a new post. A new post starts when someone who
  was not awaited is awaited (a turn starts), when a round or phase changes, and when the game
  ends. Steps of seats on autopilot fold into the next post; the post that then pings a member
  says each turn since in one line, within ``PING_POST_LIMIT`` (issue 40), never opening clipped.
- **Pings** only when a member's turn starts; edits never ping.
- **Images**: a new post carries the board unless it would show the same board as the last image
  posted; edits keep the post's image.
- **DMs** only when a seat's private information changed or the engine told it something.

Its memory of the current turn post (``TableRow.talk``) is stored with each move, so after a restart
the turn goes on in the same post, or in a fresh one if that post is gone.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import i18n
from engines.base import Engine, Standing
from host import catchup
from host.store import OutboxItem, TableRow
from i18n import N_, Msg, T, Tn, glossary, say
from i18n.text import Phrase
from render.common import without_bidi_controls

MAX_BUTTON_CHOICES = 5
"""A decision with at most this many options is also offered as buttons."""

POST_LIMIT = 1900
"""Room for a post's text within Discord's 2,000 characters."""

PING_POST_LIMIT = 1200
"""A post that pings a member after fillers' (or autopilot) turns stays within this (issue 40
section 4): about 20 lines on a phone, the ping in sight; each such turn is one line."""

SEAT_LETTERS = "ABCDEF"


SEAT_LETTERS_IN = {"en": SEAT_LETTERS, "el": "ΑΒΓΔΕΖ", "ru": "АБВГДЕ"}
"""Seat letters in the reader's alphabet, as the images draw them (``render.common``)."""


def letter(seat: int, lang: str | None = None) -> str:
    """A seat's letter in ``lang``'s alphabet (A B C, Α Β Γ, А Б В)."""
    letters = SEAT_LETTERS_IN.get(i18n.language(lang), SEAT_LETTERS)
    return letters[seat] if 0 <= seat < len(letters) else str(seat + 1)


def seat_of_letter(text: str) -> int | None:
    """The seat a typed letter names, in any of the alphabets ("b", "Β", "б"); None if none."""
    typed = text.strip()[:1].upper()
    for letters in SEAT_LETTERS_IN.values():
        if typed and typed in letters:
            return letters.index(typed)
    return None


class Letter(Phrase):
    """A seat's letter as a text parameter, written in its reader's alphabet when said."""

    kind = "seat letter"

    @staticmethod
    def text(lang: str, seat: int) -> str:
        return letter(seat, lang)


FILLER_NAMES = {
    "easy": N_("Bot {number} (easy)"),
    "normal": N_("Bot {number} (normal)"),
    "hard": N_("Bot {number} (hard)"),
}
"""A seat filler's name by its level; stored in English ("Bot 1 (hard)") at lobby time."""
_FILLER = re.compile(r"Bot (\d+) \((easy|normal|hard)\)")


def shown_name(name: str, lang: str | None = None) -> str:
    """A seat's name as a reader of ``lang`` reads it: a seat filler's stored English name
    ("Bot 1 (hard)") said in their language, a member's name as it is (made safe)."""
    if (found := _FILLER.fullmatch(name)) and i18n.language(lang) != i18n.ENGLISH:
        number, level = found.groups()
        return safe_name(say(lang, T(FILLER_NAMES[level], number=int(number))))
    return safe_name(name)


@dataclass
class Memory:
    """What table talk remembers between steps (stored as ``TableRow.talk``)."""

    post_key: str | None = None
    """The outbox key of the current turn post (its edits name it in ``edit_of``)."""
    lines: list[str] = field(default_factory=list)
    """The turn post's log lines so far."""
    marker: str = ""
    """The round when the post was opened: a new round opens a new post."""
    image: str | None = None
    """A digest of the last board image posted, so the same board is never posted twice in a row."""
    carry: list[str] = field(default_factory=list)
    """Lines of autopilot steps waiting for the next post."""
    buttons: bool = False
    """Whether the turn post carries buttons (taken away when a new post supersedes it)."""
    carry_steps: int = 0
    """How many moves' lines ``carry`` holds (the next post that pings tells them turn by turn)."""
    carry_notes: list[str] = field(default_factory=list)
    """Lines of ``carry`` that no move logged (the game's opening lines)."""
    quiet: list[int] = field(default_factory=list)
    """Seats awaited whose turn started with no ping because their plan was to play it (issue
    41): pinged as soon as a decision of theirs waits with no plan to play it."""

    @classmethod
    def load(cls, data: dict | None) -> Memory:
        if not data:
            return cls()
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**known)

    def dump(self) -> dict:
        return {
            "post_key": self.post_key,
            "lines": self.lines,
            "marker": self.marker,
            "image": self.image,
            "carry": self.carry,
            "buttons": self.buttons,
            "carry_steps": self.carry_steps,
            "carry_notes": self.carry_notes,
            "quiet": self.quiet,
        }

    def after_undo(self) -> dict:
        """What an undo keeps: only the post whose buttons the next post takes away."""
        return {"post_key": self.post_key, "buttons": self.buttons}


@dataclass
class Talk:
    """What one step makes table talk say: outbox items, who is pinged, and the new memory."""

    items: list[OutboxItem]
    memory: Memory
    mentions: list[int]
    lines: list[str]


class SeatName(Phrase):
    """A seat's holder by name as a text parameter: a seat filler's said in the reader's
    language, a member's as it is."""

    kind = "seat name"

    @staticmethod
    def text(lang: str, name: str) -> str:
        return shown_name(name, lang)


class Lettered(Phrase):
    """A seat's letter and its holder's name ("A Ana", "Α Ana"); just the name if it is
    "Player A". Said in the reader's alphabet, a seat filler's name in their language."""

    kind = "lettered seat"

    @staticmethod
    def text(lang: str, seat: int, name: str) -> str:
        shown = safe_name(name)
        if shown == f"Player {letter(seat)}":
            return shown
        return f"{letter(seat, lang)} {shown_name(name, lang)}"


def lettered(seat: int, name: str) -> Lettered:
    """A seat's letter and its holder's name ("A Ana"); just the name if it is "Player A"."""
    return Lettered(seat, name)


class Listed(Phrase):
    """Texts listed with commas, each said in the reader's language ("A ana, B Bot 1 (hard)")."""

    kind = "listed"

    def __new__(cls, items: Any) -> Listed:
        return super().__new__(cls, tuple(items))

    @staticmethod
    def text(lang: str, items: tuple[Any, ...]) -> str:
        return ", ".join(say(lang, i) for i in items)


def seated(table: TableRow) -> Listed:
    """Every seat's letter and holder ("A Ana, B Bo"), said in the reader's alphabet."""
    return Listed(lettered(s.seat, s.name) for s in table.seats)


VARIANT_WORDS = {
    "standard": N_("standard"),
    "learning": N_("learning"),
    "long": N_("long"),
    "short": N_("short"),
    "solo": N_("solo"),
    "random-start": N_("random start"),
}
"""The engines' variants as a reader reads them (the canonical names stay what one types)."""


def variant_word(variant: str) -> Msg | str:
    """A variant's name, said in the reader's language where it is known."""
    return T(VARIANT_WORDS[variant]) if variant in VARIANT_WORDS else variant


def seat_names(table: TableRow, lang: str | None = None) -> list[str]:
    """The members' display names by seat, made unable to ping or format (a seat filler's said
    in ``lang``)."""
    return [shown_name(name, lang) for name in table.names]


def safe_name(name: str, limit: int = 40) -> str:
    """A member-typed text (a display name, a tournament's name) that cannot form a mention, a
    masked link (``[Official rules](https://...)``), a heading or other markdown in a post, nor
    reorder the text around it: its bidirectional controls go (an override left open, U+202E,
    would reverse the rest of the line), and a name written right to left is isolated
    (U+2068 ... U+2069), so it reads as one word among the post's. Every name a post, a DM or a
    button shows passes here. Markdown characters, a backtick included, are escaped (never
    replaced), so Discord shows the name as written. Cut before escaping, so a cut never leaves
    a lone backslash that escapes what follows."""
    cleaned = " ".join(without_bidi_controls(name).split())[:limit]
    cleaned = cleaned.replace("@", "@\u200b")
    cleaned = re.sub(r"([*_~|><#`\[\]()\\])", r"\\\1", cleaned)
    cleaned = "\\" + cleaned if cleaned.startswith("-") else cleaned
    if any(unicodedata.bidirectional(c) in ("R", "AL") for c in cleaned):
        return f"\u2068{cleaned}\u2069"
    return cleaned


def with_names(table: TableRow, lines: list[Any], lang: str = i18n.ENGLISH) -> list[str]:
    """Log lines said in ``lang`` (an engine's ``Msg`` is translated; a plain line stays as it
    is), the seats they refer to (``Player A``, as engines write them) by the members' names,
    put in once from the engine's references (``catchup.put_names``)."""
    names = seat_names(table, lang)
    return [catchup.said_named(lang, line, names) for line in lines]


def who(table: TableRow, seat: int, *, ping: bool = True, lang: str | None = None) -> str:
    """How a post names a seat: a mention (it pings only if the send allows it) or the name
    (a seat filler's in ``lang``)."""
    user = table.user_of(seat)
    if user is not None and user > 0 and ping:
        return f"<@{user}>"
    names = table.names
    return shown_name(names[seat], lang) if seat < len(names) else letter(seat, lang)


def marker(view: dict) -> str:
    """The round a view shows: a new round opens a new post. (Engines' ``phase`` keys also name
    the sub-steps of one turn, so they do not count; a phase that awaits new seats opens a new
    post anyway.)"""
    return json.dumps(view.get("round"), sort_keys=True, default=str)


def digest(view: dict) -> str:
    return hashlib.sha256(json.dumps(view, sort_keys=True).encode()).hexdigest()[:16]


def fit_post(lines: list[str], limit: int = POST_LIMIT, lang: str = i18n.ENGLISH) -> str:
    """Join a post's lines; when too long, drop the earliest ones, so that what matters most (who
    moves next, the final standings) is never cut off. The line that says so is in ``lang``,
    the post's language, like the rest of the post."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        if size + len(line) + 1 > limit - 60 and kept:
            dropped = len(lines) - len(kept)
            return "\n".join([say(lang, _earlier_lines(dropped)), *kept])
        kept.insert(0, line[:limit])
        size += len(line) + 1
    return "\n".join(kept)


def _earlier_lines(count: int) -> Msg:
    return Tn(
        "… ({count} earlier line: see `/log`)", "… ({count} earlier lines: see `/log`)", count
    )


def public_choices(engine: Engine, state: Any, seat: int) -> list[str] | None:
    """The seat's choices if they may be shown as buttons in the channel: few enough, and of a
    kind of decision whose options the public may know (``Engine.choices_are_public``, a rule
    on what the public sees, held to re-deals by the conformance suite). Never a sample: a
    hand of bid cards or the discs still in hand are exactly the legal moves, and whether a
    post shows buttons must not depend on them either (issue 23)."""
    if not engine.choices_are_public(state, seat):
        return None
    choices = engine.legal_moves(state, seat)
    return choices if 0 < len(choices) <= MAX_BUTTON_CHOICES else None


BUTTON_LABEL = 80
"""Discord's limit for a button's label."""


def fit_label(text: str, limit: int = BUTTON_LABEL) -> str:
    """A text cut at a word boundary to ``limit`` characters, with "…" when cut."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + "…"


def button_labels(
    engine: Engine,
    state: Any,
    seat: int,
    choices: list[str] | None,
    view: dict | None = None,
    lang: str = i18n.ENGLISH,
) -> list[str] | None:
    """The public choices in words, for buttons in the channel. Public choices' descriptions
    tell nothing hidden: the conformance suite holds them equal on every public re-deal, so
    which words a post shows is a rule, never a sample (issue 23)."""
    if not choices:
        return None
    labels = [engine.describe(state, seat, m) for m in choices]
    names = (view or {}).get("names") or []
    return [fit_label(label) for label in named(names, labels, lang)]


_CODE = re.compile(r"`([^`\n]+)`")


def refusal_in_words(
    table: TableRow, engine: Engine, state: Any, seat: int, text: Any, lang: str = i18n.ENGLISH
) -> str:
    """An engine's refusal (``IllegalMove.args[0]``, a ``Msg`` or a plain text) said in ``lang``,
    with the legal moves it lists (as codes, `` `hommea 1,0` ``) in words, and seats by their
    members' names."""
    legal = set(engine.legal_moves(state, seat)) if engine.to_move(state) else set()

    def words(match: re.Match[str]) -> str:
        code = match.group(1)
        if code not in legal:
            return match.group(0)
        return f"“{say(lang, engine.describe(state, seat, code))}”"

    return with_names(table, [_CODE.sub(words, say(lang, text))], lang)[0]


def standings_lines(
    table: TableRow, standings: list[Standing], lang: str = i18n.ENGLISH
) -> list[str]:
    lines = [say(lang, T("**Game over.** Final standings:"))]
    for s in sorted(standings, key=lambda s: (s.rank, s.seat)):
        seated = s.seat < len(table.names)
        name = shown_name(table.names[s.seat], lang) if seated else letter(s.seat, lang)
        parts = ", ".join(
            f"{glossary.score_label(table.game, k, lang)} {_fmt(v)}" for k, v in s.breakdown.items()
        )
        lines.append(
            f"{s.rank}. {letter(s.seat, lang)} {name}: {_fmt(s.score)}"
            + (f" ({parts})" if parts else "")
        )
    return lines


def standing_dict(s: Standing) -> dict:
    return {"seat": s.seat, "score": s.score, "rank": s.rank, "breakdown": dict(s.breakdown)}


def _fmt(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def private_text(engine: Engine | None, view: dict, lang: str | None = None) -> str:
    """A seat's private section in sentences (``/hand``, DMs): never JSON. Said in ``lang``,
    else in the view's own language (``view["lang"]``)."""
    lang = lang or view.get("lang") or i18n.ENGLISH
    if not view.get("private"):
        return say(lang, T("You have no private information in this game right now."))
    if engine is None:
        from engines.base import plain_lines

        return "\n".join(say(lang, line) for line in plain_lines(view["private"]))
    lines = engine.private_text(view) or [T("You hold nothing secret right now.")]
    return "\n".join(named(view.get("names") or [], lines, lang))


def named(names: list[str], lines: list[Any], lang: str = i18n.ENGLISH) -> list[str]:
    """An engine's lines said in ``lang``, the seats they refer to (``Player A``) by their names
    in ``names`` (made safe), put in once (``catchup.put_names``)."""
    shown = [safe_name(name) for name in names]
    return [catchup.said_named(lang, line, shown) for line in lines]


def named_view(engine: Engine, state: Any, seat: int | None, names: Any) -> dict:
    """What ``seat`` may know (None: the public), with the players' names the images draw: what
    every board and private image is drawn from, in the channel and on the web pages."""
    return engine.view(state, seat) | {"names": names}


def public_view(table: TableRow, engine: Engine, state: Any) -> dict:
    return named_view(engine, state, None, table.names)


def seat_view(table: TableRow, engine: Engine, state: Any, seat: int) -> dict:
    return named_view(engine, state, seat, table.names)


def compose(
    table: TableRow,
    engine: Engine,
    state: Any,
    version: int,
    lines: list[Any],
    *,
    lang: str = i18n.ENGLISH,
    langs: Mapping[int, str] | None = None,
    private: dict[int, list[str]],
    before: list[int] | None,
    previous: Any = None,
    autopilot: set[int] | frozenset[int] = frozenset(),
    watchers: list[int] | None = None,
    standings: list[Standing] | None = None,
    history: list[catchup.Entry] | None = None,
    mover: int | None = None,
    planned: set[int] | frozenset[int] = frozenset(),
    by_plan: bool = False,
    page: str | None = None,
) -> Talk:
    """What the channel and the DMs show after a step to ``state``.

    ``before`` is who was awaited before the step (None: the game just began, or was reset by an
    undo); ``previous`` the state before it (to tell whose private information changed);
    ``autopilot`` the seats that play by themselves (their steps fold into the next post);
    ``history`` the stored steps since the last move of each member whose turn starts, this step
    included (``host.catchup``): the post that pings them says what they missed; ``mover`` the
    seat that made the step (what it did itself is not sent back to it by DM).

    ``planned`` are the seats whose plan plays their decision now (issue 41): their turn starts
    with no ping (``Memory.quiet``), and a quiet seat is pinged once a decision of theirs waits
    with no plan to play it, unless it just moved itself (``by_plan``: the step was planned).

    ``page`` is the game's web page (issue 42), linked from the final standings post.

    ``lang`` is the channel's language: the post, its buttons and its board image speak it;
    ``langs`` each member's (by user id, English when missing): their DMs and private images,
    and a watcher's copy of the post."""
    memory = Memory.load(table.talk)
    waiting = engine.to_move(state)
    view = public_view(table, engine, state) | {"lang": lang}
    spoken = lines  # as the engine said them, to be said again in a watcher's language
    lines = with_names(table, lines, lang)
    if standings is not None:
        lines = [*lines, *standings_lines(table, standings, lang)]
    items: list[OutboxItem] = []
    mentions: list[int] = []
    # Quiet seats still awaited whose plan no longer plays now: their ping is due.
    was_quiet = [s for s in memory.quiet if s in waiting]
    due = [s for s in was_quiet if s not in planned and (s != mover or by_plan)]
    memory.quiet = [s for s in was_quiet if s in planned]
    if waiting and standings is None and all(s in autopilot for s in waiting):
        # Nobody here will act: keep the lines for the post that follows the autopilot steps.
        memory.carry = [*memory.carry, *lines]
        if mover is None:
            memory.carry_notes = [*memory.carry_notes, *lines]
        else:
            memory.carry_steps += 1
    else:
        carried = memory.carry  # said in the channel's language already
        notes, steps = memory.carry_notes, memory.carry_steps
        lines = [*carried, *lines]
        memory.carry, memory.carry_notes, memory.carry_steps = [], [], 0
        told: list[str] | None = None  # the turns since, one line each, if this post tells them
        continues = (
            memory.post_key is not None
            and before is not None
            and standings is None
            and bool(waiting)
            and set(waiting) <= set(before)
            and marker(view) == memory.marker
        )
        if not continues:
            newly = [s for s in waiting if before is None or s not in before]
            memory.quiet += [s for s in newly if s in planned and (table.user_of(s) or 0) > 0]
        footer = _footer(table, waiting, lang, memory.quiet)
        payload: dict[str, Any] = {"table_id": table.id, "version": version, "mentions": []}
        if continues:
            memory.lines = [*memory.lines, *lines]
            payload |= {
                "text": fit_post([*memory.lines, *footer], lang=lang),
                "edit_of": memory.post_key,
            }
            payload["append"] = lines
            if due:  # an edit never pings: a short post does, linking to the turn post
                items.append(ping_item(table, due, f"v{version}", memory.post_key, lang))
                mentions = [u for s in due if (u := table.user_of(s)) is not None and u > 0]
        else:
            mentions = [
                u
                for s in [*newly, *due]
                if s not in memory.quiet and (u := table.user_of(s)) is not None and u > 0
            ]
            pinged = [s for s in newly if (table.user_of(s) or 0) > 0 and s not in memory.quiet]
            if history and pinged and steps and mover is not None:
                # After fillers' turns: one line a turn, not every step's lines (issue 40).
                told = _turns_told(table, pinged, history, steps + 1, notes, waiting, lang)
                lines = [*notes, *told]
            elif history:
                names = [shown_name(n, lang) for n in table.names]
                # One step since is this step, whose own lines the post already shows.
                if since := catchup.summary_line(pinged, history, names, skip=1, lang=lang):
                    lines = [*lines, since]
            memory.lines = lines
            memory.marker = marker(view)
            payload |= {"text": fit_post([*lines, *footer], lang=lang), "mentions": mentions}
            image = digest(view)
            if image != memory.image:
                payload["image"] = {"kind": "board", "game": table.game, "view": view}
                memory.image = image
        if len(waiting) == 1:
            choices = public_choices(engine, state, waiting[0])
            user = table.user_of(waiting[0])
            labels = button_labels(engine, state, waiting[0], choices, view, lang)
            if choices is not None and labels is not None:
                payload["choices"] = {"user_id": user, "moves": choices, "labels": labels}
            elif engine.legal_moves(state, waiting[0]):
                payload["private_choices"] = {"user_id": user}
        key = f"t{table.id}:v{version}:channel"
        items.append(OutboxItem(key, "channel", table.channel_id, payload, table.id))
        if not continues:
            if memory.post_key is not None and memory.buttons:
                items.append(buttons_off(table, memory.post_key, f"v{version}"))
            memory.post_key = key
            posts = {lang: payload["text"]}  # the post in each watcher language, said once
            for watcher in watchers or []:
                if table.seat_of(watcher) is not None:
                    continue
                own = (langs or {}).get(watcher, lang)
                if own not in posts and told is not None and history:  # told comes with a history
                    told_own = _turns_told(table, pinged, history, steps + 1, notes, waiting, own)
                    posts[own] = fit_post(
                        [*notes, *told_own, *_footer(table, waiting, own, memory.quiet)], lang=own
                    )
                if own not in posts:
                    said = [*carried, *with_names(table, spoken, own)]
                    if standings is not None:
                        said += standings_lines(table, standings, own)
                    posts[own] = fit_post(
                        [*said, *_footer(table, waiting, own, memory.quiet)], lang=own
                    )
                items.append(
                    _watcher_copy(table, engine, version, payload, posts[own], watcher, key, own)
                )
        memory.buttons = "choices" in payload or "private_choices" in payload
    post_key = memory.post_key  # the DMs link to the turn post
    if standings is not None:
        items.append(_standings_item(table, engine, version, standings, lang, page))
        memory = Memory(image=memory.image)
    items += _private_items(
        table, engine, state, previous, version, private, mover, post_key, langs or {}
    )
    return Talk(items=items, memory=memory, mentions=mentions, lines=lines)


def _turns_told(
    table: TableRow,
    pinged: list[int],
    history: list[catchup.Entry],
    unshown: int,
    notes: list[str],
    waiting: list[int],
    lang: str,
) -> list[str]:
    """The turns since the pinged members' last moves, one line each, within what
    :data:`PING_POST_LIMIT` leaves beside ``notes`` and the footer."""
    names = [shown_name(n, lang) for n in table.names]
    room = PING_POST_LIMIT - sum(len(line) + 1 for line in [*notes, *_footer(table, waiting, lang)])
    return catchup.turn_lines(
        pinged, history, names, unshown=unshown, limit=max(room, 200), lang=lang
    )


def buttons_off(table: TableRow, post_key: str, tag: str) -> OutboxItem:
    """An edit that takes the buttons off a superseded post (``post_key``), queued after the
    post that supersedes it, so it survives a restart like any other notification."""
    payload = {"edit_of": post_key, "buttons_off": True, "table_id": table.id}
    key = f"t{table.id}:{tag}:buttons-off"
    return OutboxItem(key, "channel", table.channel_id, payload, table.id)


def _footer(
    table: TableRow, waiting: list[int], lang: str = i18n.ENGLISH, quiet: list[int] | None = None
) -> list[str]:
    if not waiting:
        return []
    return [to_move_line(table, waiting, lang, quiet=quiet)]


def to_move_line(
    table: TableRow,
    waiting: list[int],
    lang: str = i18n.ENGLISH,
    *,
    ping: bool = True,
    quiet: list[int] | None = None,
) -> str:
    """Who is to move: "To move: <@1>, <@2>" (mentions joined by commas in every language); a
    ``quiet`` seat (its plan plays its decision) by name."""
    players = ", ".join(
        who(table, s, ping=ping and s not in (quiet or ()), lang=lang) for s in waiting
    )
    return say(lang, T("To move: {players}", players=players))


def ping_item(
    table: TableRow, seats: list[int], tag: str, post_key: str | None, lang: str = i18n.ENGLISH
) -> OutboxItem:
    """A short post that pings ``seats`` whose decision waits after a turn that started without
    their ping (their plan was to play it, issue 41); it links to the turn post, as a reminder
    does."""
    users = [u for s in seats if (u := table.user_of(s)) is not None and u > 0]
    payload = {
        "text": to_move_line(table, seats, lang),
        "mentions": users,
        "table_id": table.id,
        "channel_id": table.channel_id,
        "post_key": post_key,
    }
    key = f"t{table.id}:{tag}:ping"
    return OutboxItem(key, "channel", table.channel_id, payload, table.id)


def _watcher_copy(
    table: TableRow,
    engine: Engine,
    version: int,
    payload: dict,
    text: str,
    watcher: int,
    post_key: str | None,
    lang: str,
) -> OutboxItem:
    """A watcher's DM: the channel's post (``text``, said in the watcher's language ``lang``),
    with its board drawn in that language too."""
    head = say(lang, in_channel(engine, table))
    copy = {
        "text": f"{head}\n{text}",
        "channel_id": table.channel_id,
        "table_id": table.id,
        "watcher": True,
        "post_key": post_key,
        "lang": lang,
    }
    if "image" in payload:
        image = payload["image"]
        copy["image"] = image | {"view": image["view"] | {"lang": lang}}
    return OutboxItem(f"t{table.id}:v{version}:watch:{watcher}", "dm", watcher, copy, table.id)


def in_channel(engine: Engine, table: TableRow) -> i18n.Msg:
    """The first line of a DM about a table: "**Tahiti** in #channel"."""
    return T("**{game}** in {channel}", game=engine.title, channel=f"<#{table.channel_id}>")


def _standings_item(
    table: TableRow,
    engine: Engine,
    version: int,
    standings: list[Standing],
    lang: str = i18n.ENGLISH,
    page: str | None = None,
) -> OutboxItem:
    text = T("**{game}**: final standings (table #{table}).", game=engine.title, table=table.id)
    payload = {
        "text": say(lang, text) + (f"\n{say(lang, page_line(page))}" if page else ""),
        "mentions": [],
        "image": {
            "kind": "standings",
            "lang": lang,
            "game": table.game,
            "title": engine.title,
            "names": table.names,
            "standings": [standing_dict(s) for s in standings],
        },
        "table_id": table.id,
    }
    key = f"t{table.id}:v{version}:standings"
    return OutboxItem(key, "channel", table.channel_id, payload, table.id)


def page_line(url: str) -> Msg:
    """A link to a web page (issue 42), shown without an embed (``<url>``)."""
    return T("Web page: <{url}>", url=url)


DECISION_KEYS = frozenset(
    {"moves", "choices", "legal", "described", "pending", "draft", "draft_notes", "price_pile"}
)
"""Private view keys that describe the decision at hand (the options, the work in progress)
rather than secrets the seat holds: "My choices" and ``/hand`` show them, so a change in them
alone is no reason for a DM."""


def secrets(engine: Engine, view: dict | None) -> dict:
    """The part of a seat's private view that holds secrets it receives (``Engine.secret_keys``;
    by default everything but the decision at hand)."""
    private = (view or {}).get("private") or {}
    keys = engine.secret_keys
    if keys is None:
        return {k: v for k, v in private.items() if k not in DECISION_KEYS}
    return {k: v for k, v in private.items() if k in keys}


def gained(was: Any, now: Any) -> bool:
    """Whether ``now`` holds something ``was`` did not: a new card, a larger count, a new value.
    Losing something (a card played, a bid revealed) is the seat's own doing or shown publicly."""
    if isinstance(now, dict):
        old = was if isinstance(was, dict) else {}
        return any(gained(old.get(k), v) for k, v in now.items())
    if isinstance(now, list):
        left = list(was) if isinstance(was, list) else []
        for item in now:
            if item in left:
                left.remove(item)
            else:
                return True
        return False
    if isinstance(now, bool) or not isinstance(now, int | float):
        return now != was and now not in (None, "", 0)
    return now > (was if isinstance(was, int | float) else 0)


def _private_items(
    table: TableRow,
    engine: Engine,
    state: Any,
    previous: Any,
    version: int,
    private: dict[int, list[str]],
    mover: int | None = None,
    post_key: str | None = None,
    langs: Mapping[int, str] | None = None,
) -> list[OutboxItem]:
    """A DM to each seat that gained a secret (a card drawn, treasure won: see :func:`gained`)
    or that the engine told something, except the mover's own doings echoed back (it chose
    them). Never to say that something is empty or that there is nothing to decide."""
    items = []
    for seat in range(len(table.seats)):
        user = table.user_of(seat)
        if user is None or user < 0:  # seat fillers read no DMs
            continue
        lang = (langs or {}).get(user, i18n.ENGLISH)
        told = with_names(table, private.get(seat, []), lang)
        now = seat_view(table, engine, state, seat) | {"lang": lang}
        was = engine.view(previous, seat) if previous is not None else None
        if not (told and seat != mover) and not gained(secrets(engine, was), secrets(engine, now)):
            continue
        text = "\n".join([say(lang, in_channel(engine, table)), *told])
        if secrets(engine, now):
            text += "\n" + private_text(engine, now, lang)
        payload = {
            "text": text,
            "image": {"kind": "private", "game": table.game, "view": now},
            "channel_id": table.channel_id,
            "table_id": table.id,
            "post_key": post_key,
            "lang": lang,
        }
        items.append(OutboxItem(f"t{table.id}:v{version}:dm:{user}", "dm", user, payload, table.id))
    return items


def phase_words(engine: Engine, view: dict, lang: str | None = None) -> str:
    """Where the game is, in words: the round and the engine's name for its phase (an internal
    phase code is never shown), said in ``lang`` (else the view's language)."""
    lang = lang or view.get("lang") or i18n.ENGLISH
    parts = []
    if isinstance(view.get("round"), int):
        parts.append(say(lang, T("round {round}", round=view["round"])))
    if (name := engine.phase_name(view)) is not None:
        parts.append(say(lang, name))
    return ", ".join(parts)


ALT_LIMIT = 1000
"""Discord allows 1,024 characters of alt text (an attachment's description)."""


_ESCAPED = re.compile(r"\\([*_~|><#`\[\]()\\-])")
"""A character :func:`safe_name` escaped for a post."""


def plain_name(name: str, lang: str | None = None) -> str:
    """A seat's name as plain text (alt text is not markdown: an escape would be read out as a
    backslash): a seat filler's said in ``lang``, a name made safe for a post unescaped, without
    bidirectional controls (issue 40 section 5)."""
    name = _ESCAPED.sub(r"\1", str(name))
    if (found := _FILLER.fullmatch(name)) and i18n.language(lang) != i18n.ENGLISH:
        number, level = found.groups()
        name = say(lang, T(FILLER_NAMES[level], number=int(number)))
    return " ".join(without_bidi_controls(name).split())[:40]


def alt_text(spec: dict | None) -> str:
    """An image's alt text: what it shows, in words (for screen readers and slow links)."""
    from engines import ENGINES

    spec = spec or {}
    engine = ENGINES.get(spec.get("game") or "")
    kind = spec.get("kind")
    view = spec.get("view") or {}
    lang = view.get("lang") or spec.get("lang") or i18n.ENGLISH
    title = engine.title if engine else spec.get("title") or say(lang, T("Game"))
    names = [plain_name(n, lang) for n in view.get("names") or spec.get("names") or []]
    if kind == "standings":
        ranked = sorted(spec.get("standings") or [], key=lambda s: (s["rank"], s["seat"]))
        rows = [
            f"{s['rank']}. {names[s['seat']] if s['seat'] < len(names) else s['seat'] + 1} "
            f"{_fmt(s['score'])}"
            for s in ranked
        ]
        head = say(lang, T("{game}: final standings.", game=title))
        return f"{head} " + "; ".join(rows)[:ALT_LIMIT]
    where = phase_words(engine, view, lang) if engine else ""
    if kind == "private":
        text = say(lang, T("Your own {game} sheet: what only you can see", game=title))
        return text + (f", {where}" if where else "")
    players = ", ".join(names)
    text = say(lang, T("The {game} board", game=title)) + (f", {where}" if where else "")
    if players:
        text += ". " + say(lang, T("Players: {players}", players=players))
    return (text + ".")[:ALT_LIMIT]
