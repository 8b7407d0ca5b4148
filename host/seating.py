"""Who holds a seat and how it plays: a member, a seat filler, or a member's seat on autopilot.

Read from a table's row alone (its seats and its clock), so every part of the host asks the same
way: the table service, the pilot, the decision cache, play-by-post life, tournaments.
"""

from __future__ import annotations

from host.store import TableRow

FILLER_USER_IDS = range(-1, -7, -1)
"""Seat fillers sit under negative user ids: no Discord user ever has one, so they are never
pinged, DMed or reminded (``is_filler``). These are the normal level's; other levels sit further
down (``players.filler_user_id``)."""


def is_filler(table: TableRow, seat: int) -> bool:
    """Whether a seat filler (not a member) holds the seat."""
    user = table.user_of(seat)
    return user is not None and user < 0


def plays_itself(table: TableRow, seat: int) -> bool:
    """A filler's seat, or a member's seat on autopilot (resigned, expelled)."""
    return is_filler(table, seat) or seat_status(table, seat) != "playing"


def seat_status(table: TableRow, seat: int) -> str:
    """playing, expelled or resigned (untimed tables without a clock are always playing)."""
    if not table.clock or seat >= len(table.clock["seats"]):  # a lobby's clock has no seats
        return "playing"
    return table.clock["seats"][seat]["status"]
