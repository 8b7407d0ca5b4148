"""What a member sees of a table (docs/ARCHITECTURE.md 4): the public board, their own hand,
``/game status`` and ``/log``. A part of ``host.tables.TableService`` (see ``host.table_base``).
"""

from __future__ import annotations

from engines import ENGINES
from engines.base import Engine, Standing
from host import clocks, talk
from host.seating import seat_status
from host.store import TableRow
from host.table_base import TableBase, TableError, player_range
from host.talk import phase_words, private_text, standings_lines
from i18n import N_, T, say

STATUS_WORDS = {
    "lobby": N_("lobby"),
    "active": N_("active"),
    "finished": N_("finished"),
    "aborted": N_("aborted"),
}
"""A table's status as ``/game status`` says it (the stored code is English)."""

SEAT_MARKS = (N_("away"), N_("expelled"), N_("resigned"))
"""The marks of a seat's clock in ``/game status``."""


class Views(TableBase):
    """The views of a table for members and channels."""

    public_view = staticmethod(talk.public_view)
    seat_view = staticmethod(talk.seat_view)

    async def board_view(self, channel_id: int, lang: str | None = None) -> tuple[TableRow, dict]:
        """The public view of the game in this channel, to be drawn in ``lang`` (the channel's
        language when not given)."""
        table = await self.latest(channel_id)
        if table.state is None:
            raise TableError(T("The game in this channel has not started yet."))
        engine = self.engine(table.game)
        lang = lang or await self.channel_language(table.guild_id)
        view = self.public_view(table, engine, engine.decode(table.state))
        return table, view | {"lang": lang}

    async def hand(
        self, channel_id: int, user_id: int, lang: str | None = None
    ) -> tuple[TableRow, dict]:
        """The user's own view of the game in this channel, in ``lang`` (theirs when not given)."""
        table = await self.latest(channel_id)
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError(T("You are not a player in this game."))
        if table.state is None:
            raise TableError(T("The game in this channel has not started yet."))
        engine = self.engine(table.game)
        lang = lang or await self.member_language(user_id, table.guild_id)
        view = self.seat_view(table, engine, engine.decode(table.state), seat)
        return table, view | {"lang": lang}

    async def status(self, channel_id: int, lang: str | None = None) -> str:
        """``/game status``: the table in a few lines, said in ``lang`` (the channel's language
        when not given)."""
        table = await self.latest(channel_id)
        engine = self.engine(table.game)
        lang = lang or await self.channel_language(table.guild_id)
        lines: list[object] = [
            T(
                "**{game}** ({variant}), table #{table}: {status}",
                game=engine.title,
                variant=talk.variant_word(table.variant),
                table=table.id,
                status=T(STATUS_WORDS.get(table.status, table.status)),
            )
        ]
        players = talk.seated(table) if table.seats else T("none yet")
        lines.append(T("Players: {players}", players=players))
        if table.status == "lobby":
            low, high = player_range(engine, table.variant)
            wanted = table.seats_wanted or f"{low}-{high}"
            lines.append(
                T(
                    "Waiting for players ({seated}/{wanted}). Join with `/game join`.",
                    seated=len(table.seats),
                    wanted=wanted,
                )
            )
        elif table.state is not None:
            state = engine.decode(table.state)
            view = engine.view(state, None)
            lines.append(T("Moves played: {moves}", moves=table.move_count))
            if words := phase_words(engine, view, lang):
                lines.append(T("Now: {where}", where=words))
            waiting = engine.to_move(state)
            if waiting:
                lines.append(talk.to_move_line(table, waiting, lang))
            if table.status == "active" and clocks.PACES.get(table.pace) and table.clock:
                now = self.now()
                banks = []
                for seat in range(len(table.seats)):
                    left = say(
                        lang, clocks.format_duration(clocks.timed_remaining(table.clock, seat, now))
                    )
                    marks = [
                        say(lang, T(m))
                        for m, on in (
                            ("away", clocks.is_away(table.clock, seat, now)),
                            (seat_status(table, seat), seat_status(table, seat) != "playing"),
                        )
                        if on
                    ]
                    banks.append(
                        f"{talk.letter(seat, lang)} {left}"
                        + (f" ({', '.join(marks)})" if marks else "")
                    )
                pace = T(table.pace) if table.pace in clocks.PACES else table.pace
                lines.append(T("Clocks ({pace}): {banks}", pace=pace, banks=", ".join(banks)))
            if table.status == "active" and self.plans is not None:
                lines += await self.plans.status_lines(table)  # that, never what (issue 41)
            if table.result:
                lines += standings_lines(table, [Standing(**s) for s in table.result], lang)
        return "\n".join(say(lang, line) for line in lines)

    async def recent_log(
        self, channel_id: int, count: int = 10, lang: str | None = None
    ) -> list[str]:
        """``/log``: the last ``count`` moves, their stored lines said in ``lang`` (the channel's
        language when not given)."""
        table = await self.latest(channel_id)
        lang = lang or await self.channel_language(table.guild_id)
        count = max(1, min(count, 50))
        lines: list[str] = []
        for row in await self.store.moves(table.id, last=count):
            said = " ".join(talk.with_names(table, row.log, lang))
            if not said:
                mover = talk.who(table, row.seat, ping=False, lang=lang)
                said = say(lang, T("{player} moved.", player=mover))
            lines.append(f"{row.n}. {said}")
        return lines


def private_summary(view: dict, engine: Engine | None = None) -> str:
    """A seat's private section in sentences (``/hand``, DMs); the engine is found from the view
    when not given."""
    if engine is None:
        engine = ENGINES.get(str(view.get("game", "")))
    return private_text(engine, view) if engine is not None else talk.private_text(None, view)
