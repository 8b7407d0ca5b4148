"""What a page may know (issue 42: "nothing secret, by construction").

This is the one module of the pages that reads a game's state, and it takes from it only what
the channel shows everyone: the public view (``engine.view(state, None)``), who is to move and
the standings. Everything else comes from the public log (the lines each move posted in the
channel) and the table's public facts (names, clocks). :mod:`web.pages` receives the frozen
records built here and nothing else, so no page can show a hand, a bid, a counter, a deck order,
a plan, a member id, the seed or the generator's state; tests/web/test_secrets.py holds every
page to re-deals of the hidden parts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import i18n
from engines.base import Engine, Standing
from host import clocks, pairing, talk
from host.store import EntrantRow, MoveRow, PairingRow, TableRow, TournamentRow
from host.tables import STATUS_WORDS, player_range, seat_status
from host.tournaments import FORMAT_NAMES, shown, standings_text
from i18n import Msg, T, Tn, say
from players.evaluate import find_score_reader
from render.common import without_bidi_controls


@dataclass(frozen=True)
class SeatLine:
    """One seat as a page shows it: letter, name as written, running score, time left."""

    letter: str
    name: str
    score: str | None
    clock: str | None
    marks: tuple[str, ...]
    to_move: bool


@dataclass(frozen=True)
class LogLine:
    """One move of the public log: its number and its lines as the channel said them
    (markdown)."""

    n: int
    text: str


@dataclass(frozen=True)
class GameFacts:
    """Everything a game's page shows."""

    lang: str
    title: str
    heading: str
    status: str
    started: bool
    finished: bool
    move_count: int
    version: int
    phase: str
    seats: tuple[SeatLine, ...]
    to_move: str
    standings: tuple[str, ...]
    log: tuple[LogLine, ...]
    channel_url: str
    alt: str


@dataclass(frozen=True)
class TableLink:
    """One table (or bye) of a tournament round: who plays, whether it is done, its page."""

    board: int
    bye: bool
    players: str
    done: bool
    href: str | None


@dataclass(frozen=True)
class TournamentFacts:
    lang: str
    title: str
    heading: str
    label: str
    rounds: tuple[tuple[int, tuple[TableLink, ...]], ...]
    standings: tuple[str, ...]
    channel_url: str


@dataclass(frozen=True)
class ListedGame:
    title: str
    line: str
    href: str


def channel_url(table: TableRow) -> str:
    """The table's channel (or thread) on Discord."""
    return f"https://discord.com/channels/{table.guild_id or '@me'}/{table.channel_id}"


_FILLER = re.compile(r"Bot (\d+) \((easy|normal|hard)\)")


def name_as_written(name: str, lang: str) -> str:
    """A seat's name as its member wrote it (plain text: the page escapes it), a seat filler's
    said in ``lang``; without bidirectional controls, which could reorder the page's text."""
    if found := _FILLER.fullmatch(name):
        number, level = found.groups()
        name = say(lang, T(talk.FILLER_NAMES[level], number=int(number)))
    return " ".join(without_bidi_controls(name).split())


def log_lines(table: TableRow, moves: list[MoveRow], lang: str) -> tuple[LogLine, ...]:
    """The public log as ``/log`` says it: each move's stored public lines with the members'
    names, or "{player} moved." for a move that posted none."""
    out = []
    for row in moves:
        said = " ".join(talk.with_names(table, row.log, lang))
        if not said:
            mover = talk.who(table, row.seat, ping=False, lang=lang)
            said = say(lang, T("{player} moved.", player=mover))
        out.append(LogLine(row.n, said))
    return tuple(out)


def public_board(table: TableRow, engine: Engine, state: Any, lang: str) -> dict:
    """The view the board image is drawn from: the public one, as the channel's image."""
    return talk.public_view(table, engine, state) | {"lang": lang}


def _scores(view: dict, players: int) -> list[str] | None:
    reader = find_score_reader(view, players)
    scores = reader(view) if reader else None
    if not scores or len(scores) != players:
        return None
    return [str(int(s)) if float(s).is_integer() else f"{s:.1f}" for s in scores]


def _clock(table: TableRow, seat: int, now: float, lang: str) -> tuple[str | None, list[str]]:
    if table.status != "active" or not clocks.PACES.get(table.pace) or not table.clock:
        return None, []
    left = clocks.remaining(table.clock, seat, now)
    marks = []
    if clocks.is_away(table.clock, seat, now):
        marks.append(say(lang, T("away")))
    if (status := seat_status(table, seat)) != "playing":
        marks.append(say(lang, T(status)))
    return (say(lang, clocks.format_duration(left)) if left is not None else None), marks


def game_facts(
    table: TableRow, engine: Engine, moves: list[MoveRow], lang: str, now: float
) -> GameFacts:
    """A game's page, from its public view and public log only."""
    lang = i18n.language(lang)
    title = say(lang, engine.title)
    heading = say(
        lang,
        T(
            "**{game}** ({variant}), table #{table}: {status}",
            game=engine.title,
            variant=talk.variant_word(table.variant),
            table=table.id,
            status=T(STATUS_WORDS.get(table.status, table.status)),
        ),
    )
    names = table.names
    seats: list[SeatLine] = []
    phase = to_move = ""
    standings: tuple[str, ...] = ()
    alt = say(lang, T("The {game} board", game=engine.title))
    if table.state is not None:
        state = engine.decode(table.state)
        view = engine.view(state, None)
        waiting = engine.to_move(state)
        phase = talk.phase_words(engine, view, lang)
        scores = _scores(view, len(names))
        for seat, name in enumerate(names):
            left, marks = _clock(table, seat, now, lang)
            seats.append(
                SeatLine(
                    letter=talk.letter(seat, lang),
                    name=name_as_written(name, lang),
                    score=scores[seat] if scores else None,
                    clock=left,
                    marks=tuple(marks),
                    to_move=seat in waiting,
                )
            )
        if waiting:
            to_move = talk.to_move_line(table, waiting, lang, ping=False)
        if table.result:
            done = [Standing(**s) for s in table.result]
            standings = tuple(talk.standings_lines(table, done, lang))
        alt = talk.alt_text(
            {"kind": "board", "game": table.game, "view": public_board(table, engine, state, lang)}
        )
    else:
        low, high = player_range(engine, table.variant)
        seats = [
            SeatLine(talk.letter(s, lang), name_as_written(n, lang), None, None, (), False)
            for s, n in enumerate(names)
        ]
        to_move = say(
            lang,
            T(
                "Waiting for players ({seated}/{wanted}). Join with `/game join`.",
                seated=len(names),
                wanted=table.seats_wanted or f"{low}-{high}",
            ),
        )
    return GameFacts(
        lang=lang,
        title=title,
        heading=heading,
        status=table.status,
        started=table.state is not None,
        finished=table.status == "finished",
        move_count=table.move_count,
        version=table.version,
        phase=phase,
        seats=tuple(seats),
        to_move=to_move,
        standings=standings,
        log=log_lines(table, moves, lang),
        channel_url=channel_url(table),
        alt=alt,
    )


def tournament_facts(
    tournament: TournamentRow,
    engine: Engine,
    entrants: list[EntrantRow],
    rows: list[PairingRow],
    table_pages: dict[int, str],
    organiser: str | None,
    lang: str,
) -> TournamentFacts:
    """A tournament's page: its settings, standings with the tie-break that decided each tie
    (``host.tournaments.standings_text``) and every round's tables with their pages
    (``table_pages``: a table's id to its page's path). Names only, never a member id."""
    lang = i18n.language(lang)
    names = {e.user_id: shown(e.name) for e in entrants}
    heading = Tn(
        "**{tournament}**: {game} (`{variant}`), {format}, tables of {count}, "
        "pace {pace}; organiser {organiser}.",
        "**{tournament}**: {game} (`{variant}`), {format}, tables of {count}, "
        "pace {pace}; organiser {organiser}.",
        tournament.table_size,
        tournament=shown(tournament.name),
        game=engine.title,
        variant=tournament.variant,
        format=T(FORMAT_NAMES[tournament.format]),
        pace=T(tournament.pace),
        organiser=shown(organiser) if organiser else "—",
    )
    lines = pairing.standings(
        [(e.user_id, e.name, e.number, e.dropped_round is not None) for e in entrants],
        [(p.round, p.bye, p.players, p.result) for p in rows],
        elimination=tournament.format == "elimination",
    )
    rounds: dict[int, list[TableLink]] = {}
    for row in sorted(rows, key=lambda r: (r.round, r.board)):
        rounds.setdefault(row.round, []).append(
            TableLink(
                board=row.board,
                bye=bool(row.bye),
                players=", ".join(names.get(u, "?") for u in row.players),
                done=row.result is not None,
                href=table_pages.get(row.table_id) if row.table_id else None,
            )
        )
    return TournamentFacts(
        lang=lang,
        title=" ".join(without_bidi_controls(tournament.name).split()),
        heading=say(lang, heading),
        label=say(lang, standings_label(tournament, rows)),
        rounds=tuple((r, tuple(tables)) for r, tables in sorted(rounds.items())),
        standings=tuple(standings_text(lines, tournament.format, lang)) if rows else (),
        channel_url=f"https://discord.com/channels/{tournament.guild_id or '@me'}/"
        f"{tournament.channel_id}",
    )


def standings_label(tournament: TournamentRow, rows: list[PairingRow]) -> Msg:
    """What the standings are, as ``/tournament standings`` says it
    (``host.tournaments.TournamentService.standings_label``): final, after a round, or live."""
    if tournament.status == "finished":
        return T("final, after round {round}", round=tournament.round)
    if tournament.status == "signup" or not tournament.round:
        return T("before round 1")
    current = [p for p in rows if p.round == tournament.round and not p.bye]
    done = sum(1 for p in current if p.result is not None)
    if done == len(current):
        return T(
            "after round {round} of {rounds}", round=tournament.round, rounds=tournament.rounds
        )
    return Tn(
        "live, round {round} of {rounds}: {done} of {count} table finished",
        "live, round {round} of {rounds}: {done} of {count} tables finished",
        len(current),
        round=tournament.round,
        rounds=tournament.rounds,
        done=done,
    )


def listed_game(table: TableRow, engine: Engine, href: str, lang: str) -> ListedGame:
    """One running game in a server's list: its game, table, move count and who is to move."""
    parts = [say(lang, T("move {number}", number=table.move_count))]
    if table.state is not None:
        waiting = engine.to_move(engine.decode(table.state))
        if waiting:
            parts.append(talk.to_move_line(table, waiting, lang, ping=False))
    title = say(lang, T("{game}, table #{table}", game=engine.title, table=table.id))
    return ListedGame(title=title, line=" · ".join(parts), href=href)
