"""Play-by-post life around the moves (issue 7): reminders and timeouts, skip and expel, away,
undo with votes, seat changes, watching, per-user game lists, export and replay.

:class:`PlayByPost` works through a :class:`~host.tables.TableService`: it shares its locks, its
``play`` (apply + commit in one transaction) and its clock, so everything here is as durable and as
race-free as an ordinary move.

:class:`PlayByPost` is the one way in; its parts live in modules of their own, one concern each
(docs/ARCHITECTURE.md 4): ``host.seat_changes`` (skip, expel, resign, takeover, replace),
``host.undo`` (requests, votes, taking back), ``host.reminders`` (pings, timeout notices,
digests) and ``host.listings`` (``/mygames``, ``/catchup``, export, replay, who may be shown
what). What they share is ``host.life_base``; time away stays here.
"""

from __future__ import annotations

import json

from host import clocks, talk
from host.life_base import Audience
from host.listings import (
    NO_ACCESS,
    ORDINALS,
    GameAt,
    channel_link,
    game_line,
    message_url,
    placing,
    waited_for,
)
from host.reminders import Reminders
from host.seat_changes import MAX_SKIP_STEPS, ConsentNeeded, Seats
from host.store import StaleVersion, TableRow
from host.tables import Outcome, TableError, TableService
from host.undo import Undo
from i18n import Msg, T, Tn

__all__ = [
    "MAX_SKIP_STEPS",
    "NO_ACCESS",
    "ORDINALS",
    "Audience",
    "ConsentNeeded",
    "GameAt",
    "PlayByPost",
    "channel_link",
    "days_said",
    "game_line",
    "message_url",
    "placing",
    "waited_for",
]


class PlayByPost(Seats, Undo, Reminders):
    """Play-by-post life: its seat changes, undo, reminders and listings (the parts it is made
    of), and time away, over the table service."""

    def __init__(self, tables: TableService) -> None:
        self.tables = tables
        self.store = tables.store
        self.audience: Audience | None = None
        """Who may still be shown a server's game (see :data:`Audience`); None: everyone seated."""

    async def away(self, user_id: int, days: float) -> list[Outcome]:
        """Pause the user's clocks in every running game, within each game's allowance."""
        if not 0 < days <= clocks.AWAY_MAX_DAYS_PER_GAME:
            raise TableError(
                T("Choose between 1 and {most} days.", most=clocks.AWAY_MAX_DAYS_PER_GAME)
            )
        outcomes = []
        for table in await self.store.tables_of_user(user_id, ("active",)):
            async with self.tables.lock(table.channel_id):
                table = await self.store.existing_table(table.id)
                seat = table.seat_of(user_id)
                if table.status != "active" or not table.clock or seat is None:
                    continue  # ended, untimed, or the seat handed on since it was listed
                clock = json.loads(json.dumps(table.clock))
                now = self.tables.now()
                # Charge the time already used before the pause starts.
                entry = clock["seats"][seat]
                if entry["since"] is not None:
                    entry["bank"] -= clocks.used(entry, now)
                    entry["since"] = now
                limit = await self.away_limit(table)
                granted = clocks.go_away(clock, seat, now, days, limit)
                who = talk.lettered(seat, table.names[seat])
                rule = (
                    T(" (this tournament allows {days} a game)", days=days_said(limit))
                    if limit != clocks.AWAY_MAX_DAYS_PER_GAME
                    else ""
                )
                if granted <= 0:
                    text = T(
                        "{player} asked for time away but has used it all in this game{rule}.",
                        player=who,
                        rule=rule,
                    )
                else:
                    # Not `days`: that is what the next game of the loop is asked for.
                    text = T(
                        "{player} is away for {days}; their clock is paused{rule}.",
                        player=who,
                        days=days_said(granted),
                        rule=rule,
                    )
                item = await self._channel_item(
                    table, f"v{table.version + 1}:away:{seat}", text, []
                )
                try:
                    table = await self.store.update_table(
                        table.id, table.version, clock=clock, outbox=[item]
                    )
                except StaleVersion:
                    continue
                outcomes.append(Outcome(table=table, public_lines=[text], items=[item]))
        if not outcomes:
            raise TableError(T("You are not in any running game."))
        return outcomes

    async def away_limit(self, table: TableRow) -> float:
        """Days of ``/away`` one seat may take in this game: a tournament game's by its
        organiser's rule (so a vacation cannot stall a round), any other the general limit."""
        pairing = await self.store.tournament_of_table(table.id)
        if pairing is None:
            return clocks.AWAY_MAX_DAYS_PER_GAME
        days = await self.store.tournament_away_days(pairing[0])
        return float(clocks.TOURNAMENT_AWAY_DAYS if days is None else days)

    async def set_tournament_away(self, tournament_id: int, days: int) -> None:
        """The organiser's rule: at most ``days`` of ``/away`` per player in each game."""
        if not 0 <= days <= clocks.AWAY_MAX_DAYS_PER_GAME:
            raise TableError(T("Choose 0 to {most} days away.", most=clocks.AWAY_MAX_DAYS_PER_GAME))
        await self.store.set_tournament_away_days(tournament_id, days)


def days_said(days: float) -> Msg:
    """ "1 day", "2 days", "1.5 days" (a fraction reads as many)."""
    if float(days).is_integer():
        return Tn("{count} day", "{count} days", int(days))
    return T("{days:g} days", days=days)
