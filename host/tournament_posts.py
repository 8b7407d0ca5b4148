"""What a tournament's channel is told (docs/ARCHITECTURE.md 4): the sign-up post that each
sign-up edits, the settings, the status, the notice of a round's tables and the final standings.
A part of ``host.tournaments.TournamentService`` (see ``host.tournament_base``)."""

from __future__ import annotations

import logging
from typing import Any

from host import clocks
from host.life import days_said
from host.store import EntrantRow, OutboxItem, PairingRow, TournamentRow
from host.talk import page_line
from host.tournament_base import FORMAT_NAMES, POST_LIMIT, shown
from host.tournament_standings import Standings, standings_text
from i18n import ENGLISH, Msg, T, Tn, say
from render.common import command_in

log = logging.getLogger("portolan.tournaments")


class Posts(Standings):
    """The posts a tournament makes in its channel, and its status."""

    def _settings_line(self, tournament: TournamentRow, organiser: str | None = None) -> Msg:
        """The settings; the organiser by ``organiser`` (a name, in the sign-up post, which
        names nobody by a mention) or by their mention."""
        engine = self.tables.engine(tournament.game)
        return Tn(
            "**{tournament}**: {game} (`{variant}`), {format}, tables of {count}, "
            "pace {pace}; organiser {organiser}.",
            "**{tournament}**: {game} (`{variant}`), {format}, tables of {count}, "
            "pace {pace}; organiser {organiser}.",
            tournament.table_size,
            tournament=shown(tournament.name),
            game=engine.title,
            variant=tournament.variant,
            format=T(FORMAT_NAMES[tournament.format]),
            # The pace names are in the catalog (cogs.life.PACE_WORDS names them).
            pace=T(tournament.pace),
            organiser=organiser or f"<@{tournament.organiser_id}>",
        )

    async def _roster_item(
        self,
        tournament: TournamentRow,
        names: list[str],
        *,
        edit: bool,
        started: bool = False,
        version: int | None = None,
    ) -> OutboxItem:
        """The channel's one sign-up post (key ``tour<id>:roster``): the settings, the count and
        the names that fit one post. Each sign-up, withdrawal and the start edit it (``edit_of``;
        the edit's key names the tournament version it shows, so a restart edits the post again
        rather than posting anew)."""
        lang = await self.tables.channel_language(tournament.guild_id)
        away = await self.store.tournament_away_days(tournament.id)
        organiser = await self.store.get_meta(f"tournament:{tournament.id}:organiser_name")
        settings = say(lang, self._settings_line(tournament, organiser and shown(organiser)))
        days = days_said(clocks.TOURNAMENT_AWAY_DAYS if away is None else away)

        def compose(listed: str) -> str:
            if started:
                closed = T(
                    "Sign-up is closed ({signed}): {names}. The tournament has started; "
                    "the tables of round 1 follow.",
                    signed=len(names),
                    names=listed,
                )
                return "\n".join([settings, say(lang, closed)])
            signup = T(
                "Sign-up is open ({signed}): {names}. Join with `{command}`.",
                signed=len(names),
                names=listed,
                command=command_in(lang, "tournament join"),
            )
            text = T(
                "A tournament is open for sign-up (#{tournament}).\n{status}\n"
                "Time away (`/away`): at most {days} per player in each game.",
                tournament=tournament.id,
                status="\n".join([settings, say(lang, signup)]),
                days=days,
            )
            return say(lang, text)

        shown_names = [shown(n) for n in names]
        text = compose(", ".join(shown_names) or say(lang, T("nobody yet")))
        kept = len(shown_names)
        while len(text) > POST_LIMIT and kept > 0:
            kept -= 1
            more = Tn(
                "{names} and {count} more (`{command}` lists everyone)",
                "{names} and {count} more (`{command}` lists everyone)",
                len(shown_names) - kept,
                names=", ".join(shown_names[:kept]),
                command=command_in(lang, "tournament status"),
            )
            text = compose(say(lang, more))
        key = f"tour{tournament.id}:roster"
        payload: dict[str, Any] = {"text": text, "mentions": []}
        if edit:
            payload["edit_of"] = key
            key = f"{key}:v{tournament.version if version is None else version}"
        return OutboxItem(key=key, kind="channel", target=tournament.channel_id, payload=payload)

    async def announce(self, tournament_id: int, organiser: str | None = None) -> None:
        """Post the tournament's sign-up post (the roster that sign-ups then edit); it names the
        ``organiser`` by name (kept for its edits), never by a mention."""
        if organiser:
            await self.store.set_meta(f"tournament:{tournament_id}:organiser_name", organiser)
        tournament = await self.store.existing_tournament(tournament_id)
        names = [e.name for e in await self.store.entrants(tournament.id)]
        item = await self._roster_item(tournament, names, edit=False)
        await self.store.queue([item])
        await self._send([item])

    async def status(self, channel_id: int, lang: str = ENGLISH) -> str:
        """The tournament's settings, and its sign-up or its current round's tables, in
        ``lang`` (the reader's: the channel's for a post, the member's for a private answer)."""
        tournament = await self.find(channel_id)
        entrants = await self.store.entrants(tournament.id)
        lines: list[Msg] = [self._settings_line(tournament)]
        if tournament.status == "signup":
            signed = ", ".join(shown(e.name) for e in entrants) or T("nobody yet")
            lines.append(
                T(
                    "Sign-up is open ({signed}): {names}. Join with `{command}`.",
                    signed=len(entrants),
                    names=signed,
                    command=command_in(lang, "tournament join"),
                )
            )
            return "\n".join(say(lang, line) for line in lines)
        if tournament.status == "running":
            lines.append(
                T(
                    "Round {round} of {rounds}: running.",
                    round=tournament.round,
                    rounds=tournament.rounds,
                )
            )
        else:
            lines.append(
                Tn(
                    "Finished after {count} round.",
                    "Finished after {count} rounds.",
                    tournament.round,
                )
            )
        names = {e.user_id: shown(e.name) for e in entrants}
        for row in await self.store.pairings(tournament.id):
            if row.round != tournament.round:
                continue
            table = await self.store.get_table(row.table_id) if row.table_id else None
            thread = table.channel_id if table else None
            lines.append(_table_line(row, names, status=True, thread=thread))
        dropped = [shown(e.name) for e in entrants if e.dropped_round is not None]
        if dropped:
            lines.append(T("Dropped out: {names}", names=", ".join(dropped)))
        return "\n".join(say(lang, line) for line in lines)

    def _round_notice(
        self,
        tournament: TournamentRow,
        round_no: int,
        new: list[PairingRow],
        entrants: list[EntrantRow],
        lang: str = ENGLISH,
        page: str | None = None,
    ) -> list[OutboxItem]:
        """The channel's notice of a new round's tables, in ``lang`` (the channel's): every
        table with its players, over as many posts as they need (issue 40: 26 tables of a
        128-player field were cut after table 19). A post is cut only between lines; the first
        keeps the key ``tour<id>:r<round>:paired``, the next ones add ``:2``, ``:3``."""
        names = {e.user_id: shown(e.name) for e in entrants}
        head = say(
            lang,
            T(
                "**{tournament}**: round {round} of {rounds} is paired.",
                tournament=shown(tournament.name),
                round=round_no,
                rounds=tournament.rounds,
            ),
        )
        lines = [(say(lang, _table_line(row, names)), row.players) for row in new]
        tail = say(lang, T("Each table plays in its own thread here."))
        if page:  # the tournament's web page (issue 42): every round, table and standing
            tail += "\n" + say(lang, page_line(page))
        room = POST_LIMIT - len(head) - len(tail) - 2
        parts = split_lines([text for text, _ in lines], room)
        items = []
        start = 0
        for number_, part in enumerate(parts, start=1):
            players = [u for _, who in lines[start : start + len(part)] for u in who]
            start += len(part)
            first = (
                head
                if number_ == 1
                else say(
                    lang,
                    T(
                        "**{tournament}**: round {round}, continued ({part} of {parts}).",
                        tournament=shown(tournament.name),
                        round=round_no,
                        part=number_,
                        parts=len(parts),
                    ),
                )
            )
            last = [tail] if number_ == len(parts) else []
            key = f"tour{tournament.id}:r{round_no}:paired"
            items.append(
                OutboxItem(
                    key=key if number_ == 1 else f"{key}:{number_}",
                    kind="channel",
                    target=tournament.channel_id,
                    payload={"text": "\n".join([first, *part, *last]), "mentions": players},
                )
            )
        return items

    async def _finish(
        self, tournament: TournamentRow, entrants: list[EntrantRow], rows: list[PairingRow]
    ) -> None:
        lines = self._lines(tournament, entrants, rows)
        lang = await self.tables.channel_language(tournament.guild_id)
        head = T("**{tournament}** is over. Final standings:", tournament=shown(tournament.name))
        table = standings_text(lines, tournament.format, lang)[:20]
        # The first twenty that fit one post; the rest are a command away.
        kept = split_lines(table, POST_LIMIT - len(say(lang, head)) - 200)[0] if table else []
        tail = []
        if len(kept) < len(lines):
            more = Tn(
                "… {count} more: `{command}` shows everyone.",
                "… {count} more: `{command}` shows everyone.",
                len(lines) - len(kept),
                command=command_in(lang, "tournament standings"),
            )
            tail = [say(lang, more)]
        if page := await self.store.page_link("tournament", tournament.id):
            tail.append(say(lang, page_line(page)))
        text = "\n".join([say(lang, head), *kept, *tail])
        item = OutboxItem(
            key=f"tour{tournament.id}:finished",
            kind="channel",
            target=tournament.channel_id,
            payload={"text": text, "mentions": [lines[0].user_id] if lines else []},
        )
        await self.store.update_tournament(
            tournament.id, tournament.version, status="finished", outbox=[item]
        )
        log.info("tournament %s finished", tournament.id)
        await self._send([item])


def _table_line(
    row: PairingRow, names: dict[int, str], *, status: bool = False, thread: int | None = None
) -> Msg:
    """One table (or bye) of a round: who plays it; in a ``status``, also whether it is done
    and where (``thread``: its channel, when it has one)."""
    who = ", ".join(names.get(u, str(u)) for u in row.players)
    if row.bye:
        return (
            T("Bye: {players}", players=who) if who else T("Table {table}: empty", table=row.board)
        )
    if not status:
        return T("Table {table}: {players}", table=row.board, players=who)
    state = T("done") if row.result else T("playing")
    if thread is None:
        return T("Table {table}: {players} ({state})", table=row.board, players=who, state=state)
    return T(
        "Table {table} in {thread}: {players} ({state})",
        table=row.board,
        thread=f"<#{thread}>",
        players=who,
        state=state,
    )


def split_lines(lines: list[str], limit: int = POST_LIMIT) -> list[list[str]]:
    """``lines`` grouped into posts of at most ``limit`` characters (joined by newlines), never
    cutting a line; a single line longer than a post is shortened at a space, so never inside a
    mention (``<#123>``) or a word."""
    parts: list[list[str]] = [[]]
    size = 0
    for line in lines:
        if len(line) > limit:
            line = line[: line.rfind(" ", 0, limit - 1)].rstrip(",;:") + "…"
        if parts[-1] and size + 1 + len(line) > limit:
            parts.append([])
            size = 0
        size += len(line) + (1 if parts[-1] else 0)
        parts[-1].append(line)
    return parts
