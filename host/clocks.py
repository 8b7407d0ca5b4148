"""Turn clocks for play-by-post: paces, per-seat time banks, away periods, reminders.

A table's clock is a JSON-safe dict stored with the table and updated in the same transaction as
each move. Each seat has a time bank (seconds) that runs only while that seat is awaited;
simultaneous phases run every waiting seat's bank. Finishing a turn adds the pace's bonus, up to
its cap. Time spent away (``/away``) does not count. Everything here is pure: the caller passes
``now``.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from i18n import Msg, T

HOUR = 3600.0
DAY = 24 * HOUR


@dataclass(frozen=True)
class Pace:
    name: str
    initial: float  # the bank each seat starts with
    bonus: float  # added when a seat finishes its turn
    cap: float  # the bank never grows past this
    grace: float  # after the bank runs out, how long before the seat may be expelled
    remind_after: float  # first reminder once a turn has waited this long
    description: str


PACES: dict[str, Pace | None] = {
    "fast": Pace(
        "fast",
        4 * HOUR,
        1 * HOUR,
        8 * HOUR,
        4 * HOUR,
        1 * HOUR,
        "4 h bank, +1 h a turn (cap 8 h); for a game in an evening",
    ),
    "normal": Pace(
        "normal",
        2 * DAY,
        12 * HOUR,
        3 * DAY,
        1 * DAY,
        12 * HOUR,
        "2 days bank, +12 h a turn (cap 3 days); a move or two a day",
    ),
    "slow": Pace(
        "slow",
        5 * DAY,
        1 * DAY,
        7 * DAY,
        2 * DAY,
        1 * DAY,
        "5 days bank, +1 day a turn (cap 7 days); for busy weeks",
    ),
    "untimed": None,
}
DEFAULT_PACE = "normal"

AWAY_MAX_DAYS_PER_GAME = 7
"""Total away time one seat may take in one game, so a game cannot be paused forever."""

# Reminder levels, by the share of the turn's starting bank still left.
REMINDER_LEVELS: tuple[tuple[str, float], ...] = (("half", 0.5), ("low", 0.15))


def pace(name: str) -> Pace | None:
    if name not in PACES:
        raise ValueError(f"Unknown pace `{name[:20]}`. Choose one of: {', '.join(PACES)}.")
    return PACES[name]


def new_clock(
    pace_name: str, seats: int, waiting: list[int], now: float, deadline: dict | None = None
) -> dict:
    """A game's clock at its start; ``deadline``: its daily deadline hour, if any (see
    :func:`deadline_of`)."""
    chosen = pace(pace_name)
    bank = chosen.initial if chosen else 0.0
    clock: dict[str, Any] = {
        "pace": pace_name,
        "deadline": deadline,
        "seats": [
            {
                "bank": bank,
                "since": None,
                "turn_bank": bank,
                "away": None,
                "away_used": 0.0,
                "status": "playing",
                "timed_out_at": None,
                "reminded": [],
                "last_reminder": None,
            }
            for _ in range(seats)
        ],
    }
    for seat in waiting:
        _start(clock["seats"][seat], now)
    return clock


def _start(entry: dict, now: float) -> None:
    entry["since"] = now
    entry["started"] = now
    entry["turn_bank"] = entry["bank"]
    entry["reminded"] = []
    entry["timed_out_at"] = None
    entry.pop("held", None)


def _away_overlap(entry: dict, start: float, end: float) -> float:
    if not entry.get("away"):
        return 0.0
    away_start, away_end = entry["away"]
    return max(0.0, min(end, away_end) - max(start, away_start))


def used(entry: dict, now: float) -> float:
    """Seconds of the bank used in the current wait (away time excluded)."""
    if entry["since"] is None:
        return 0.0
    elapsed = max(0.0, now - entry["since"])
    return max(0.0, elapsed - _away_overlap(entry, entry["since"], now))


def remaining(clock: dict | None, seat: int, now: float) -> float | None:
    """Seconds left on a seat's clock now; None for untimed games. With a daily deadline hour,
    a bank that would run out at night runs out at that hour instead (:func:`night_deadline`)."""
    if not clock or PACES.get(clock["pace"]) is None:
        return None
    return timed_remaining(clock, seat, now)


def timed_remaining(clock: dict, seat: int, now: float) -> float:
    """:func:`remaining` on a timed game's clock (its pace in :data:`PACES`)."""
    entry = clock["seats"][seat]
    left = entry["bank"] - used(entry, now)
    day = clock.get("deadline")
    if not day or entry["since"] is None:
        return left
    ends = now + left
    if is_away(clock, seat, now):
        ends += entry["away"][1] - now  # the bank is paused until the away period ends
    start = entry.get("started", entry["since"])
    moved = night_deadline(ends, int(day["hour"]), zone_of(day.get("tz")), start)
    return left + (moved - ends)


# ---- daily deadline hours (issue 27) -------------------------------------------------------

NIGHT_ENDS = 8
"""Local hour when the night ends: a bank that would run out between the deadline hour and this
hour runs out at the deadline hour instead."""

DEADLINE_HOURS = range(12, 24)
"""A deadline hour is an afternoon or evening hour (the night runs from it to 8:00)."""

MIN_TURN = HOUR
"""A deadline hour never leaves a turn less than this: a turn that starts too close to (or
after) the evening's deadline hour runs to the next evening's instead."""


def deadline_of(clock: dict | None) -> dict | None:
    """A clock's daily deadline (``{"hour": 20, "tz": "Europe/Athens"}``), if it has one; a
    lobby keeps it in a clock with no seats until the game starts."""
    return (clock or {}).get("deadline") or None


def lobby_clock(pace_name: str, hour: int, tz: str) -> dict:
    """What a lobby stores until its game starts: only the chosen deadline hour."""
    return {"pace": pace_name, "seats": [], "deadline": {"hour": hour, "tz": tz}}


def night_deadline(ends: float, hour: int, zone: ZoneInfo, start: float) -> float:
    """When a bank that runs out at ``ends`` runs out under a daily deadline ``hour``: unchanged
    by day; at night (from ``hour`` to :data:`NIGHT_ENDS`, local) at that evening's ``hour``,
    or the next evening's if that would leave the turn (begun at ``start``) under
    :data:`MIN_TURN`."""
    local = datetime.fromtimestamp(ends, zone)
    if NIGHT_ENDS <= local.hour < hour:
        return ends
    evening = local.date() if local.hour >= hour else local.date() - timedelta(days=1)
    moment = datetime.combine(evening, time(hour), zone).timestamp()
    if moment < start + MIN_TURN:
        moment = datetime.combine(evening + timedelta(days=1), time(hour), zone).timestamp()
    return moment


def advance(
    clock: dict,
    before: list[int],
    after: list[int],
    mover: int | None,
    now: float,
    planned: set[int] | frozenset[int] = frozenset(),
) -> dict:
    """The clock after a move by ``mover``: charge every seat that was waiting, add the bonus to a
    mover whose turn ended, and start the clocks of the seats now awaited.

    ``planned``: awaited seats whose plan plays their decision at once (issue 41). Their clock is
    held, not started: the decision was answered before it came, so no time is charged and no
    reminder or timeout is due for it. A planned move that ends its seat's turn earns the bonus
    like any move (the pace rewards a finished turn, and a plan is its member's own decision).
    A plan dropped instead starts the held clock then (:func:`release`)."""
    clock = copy.deepcopy(clock)
    chosen = PACES.get(clock["pace"])
    held = {seat for seat in before if clock["seats"][seat].pop("held", None)}
    for seat in before:
        entry = clock["seats"][seat]
        entry["bank"] -= used(entry, now)
        entry["since"] = None
    if chosen and mover is not None and mover not in after:
        entry = clock["seats"][mover]
        entry["bank"] = min(chosen.cap, max(entry["bank"], 0.0) + chosen.bonus)
    if not after and before:
        clock["ended_at"] = now  # the game is over (a digest tells of games ended since)
    for seat in after:
        entry = clock["seats"][seat]
        if seat in planned:
            entry["held"] = True  # since stays None: nothing runs (see above)
        elif seat in before and seat not in held:
            # Still awaited (a multi-step turn, or a simultaneous phase): the wait goes on.
            entry["since"] = now
        else:
            _start(entry, now)  # a turn starts, or a planned one goes on with no plan left
    return clock


def is_held(clock: dict | None, seat: int) -> bool:
    """Whether a seat's clock is held because its plan plays its decision (:func:`advance`)."""
    return bool(clock and clock["seats"][seat].get("held"))


def release(clock: dict, seats: list[int], now: float) -> dict:
    """The clock with the held clocks of ``seats`` started now: their plan will not play (it was
    dropped, cleared or undone), so their turn runs as usual from here."""
    clock = copy.deepcopy(clock)
    for seat in seats:
        if clock["seats"][seat].get("held"):
            _start(clock["seats"][seat], now)
    return clock


TOURNAMENT_AWAY_DAYS = 2
"""Away time per seat and game in a tournament whose organiser set no rule: a round must end."""


def go_away(
    clock: dict, seat: int, now: float, days: float, limit: float = AWAY_MAX_DAYS_PER_GAME
) -> float:
    """Pause a seat's clock from now for up to ``days``, within ``limit`` days in the whole game
    (a tournament's rule, else :data:`AWAY_MAX_DAYS_PER_GAME`); returns the days granted."""
    entry = clock["seats"][seat]
    if entry.get("away") and entry["away"][1] > now:
        # A new /away replaces the rest of the old one; refund what was not used.
        entry["away_used"] -= (entry["away"][1] - now) / DAY
    left = max(0.0, limit - entry["away_used"])
    granted = min(days, left)
    if granted <= 0:
        return 0.0
    entry["away"] = [now, now + granted * DAY]
    entry["away_used"] += granted
    return granted


def is_away(clock: dict | None, seat: int, now: float) -> bool:
    if not clock:
        return False
    away = clock["seats"][seat].get("away")
    return bool(away and away[0] <= now < away[1])


def due_reminder(clock: dict, seat: int, now: float) -> str | None:
    """The reminder level that is due for a waiting seat, if any and not yet sent."""
    chosen = PACES.get(clock["pace"])
    entry = clock["seats"][seat]
    if chosen is None or entry["since"] is None or entry["status"] != "playing":
        return None
    if is_away(clock, seat, now):
        return None
    waited = used(entry, now)
    left = timed_remaining(clock, seat, now)
    due = None
    if waited >= chosen.remind_after:
        due = "waiting"
    for level, share in REMINDER_LEVELS:
        if left <= share * entry["turn_bank"]:
            due = level
    if left <= 0:
        due = "timeout"
    if due is None or due in entry["reminded"]:
        return None
    return due


def zone_of(name: str | None) -> ZoneInfo:
    """A time zone by name; UTC when unknown (a stored name may predate a tzdata change)."""
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def in_quiet_hours(prefs: dict, now: float) -> bool:
    """Whether ``now`` is in the user's quiet hours (``quiet`` = [start_hour, end_hour], local)."""
    quiet = prefs.get("quiet")
    if not quiet:
        return False
    zone = zone_of(prefs.get("tz"))
    hour = datetime.fromtimestamp(now, zone).hour
    start, end = quiet
    return start <= hour < end if start < end else hour >= start or hour < end


def format_duration(seconds: float) -> Msg:
    """A time bank in short units ("2d 4h", "3h 05m", "40m"), said in the reader's language."""
    if seconds <= 0:
        return T("out of time")
    delta = timedelta(seconds=int(seconds))
    days, rest = delta.days, delta.seconds
    hours, minutes = rest // 3600, (rest % 3600) // 60
    if days:
        return T("{days}d {hours}h", days=days, hours=hours)
    if hours:
        return T("{hours}h {minutes:02d}m", hours=hours, minutes=minutes)
    return T("{minutes}m", minutes=minutes)


def format_elapsed(seconds: float) -> Msg:
    """How long something has waited ("just now", "5m", "3h 10m", "2d 4h"): unlike
    :func:`format_duration`, nothing here is ever "out of time"."""
    if seconds < 60:
        return T("just now")
    return format_duration(seconds)


# ---- the daily digest (issue 27) -----------------------------------------------------------

DEFAULT_DIGEST_HOUR = 8
"""When a member's digest comes (local time) unless they chose another hour."""


def last_hour_at(hour: int, zone: ZoneInfo, now: float) -> float:
    """The latest moment, at or before ``now``, when the local clock in ``zone`` showed
    ``hour``:00."""
    local = datetime.fromtimestamp(now, zone)
    moment = local.replace(hour=hour, minute=0, second=0, microsecond=0)
    if moment.timestamp() > now:
        moment = (moment - timedelta(days=1)).replace(hour=hour)
    return moment.timestamp()


def digest_due(prefs: dict, now: float) -> float | None:
    """The moment the member's current digest fell due, if it is not sent yet (None: not due,
    or the member gets no digest). A digest held back (quiet hours) stays due until it goes."""
    if prefs.get("remind_by") != "digest":
        return None
    hour = int(prefs.get("digest_hour", DEFAULT_DIGEST_HOUR))
    due = last_hour_at(hour, zone_of(prefs.get("tz")), now)
    sent = prefs.get("digest_sent")
    return due if sent is None or sent < due else None


def local_day(prefs: dict, moment: float) -> str:
    """The member's local date of a moment (a digest's name for its day)."""
    return datetime.fromtimestamp(moment, zone_of(prefs.get("tz"))).date().isoformat()
