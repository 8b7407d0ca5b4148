"""The pages' HTML, built only from the records of :mod:`web.public` (and, for a tournament,
its public standings and pairings): phone first, readable at 360 px and on a desktop, in the
reader's language, with no script.

Every text that comes from a member or from the posts passes :func:`html.escape` or
:mod:`web.markup`; the only addresses written are the pages' own and Discord's channel link."""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from urllib.parse import urlencode

import i18n
from i18n import N_, T, say
from web import markup
from web.public import GameFacts, ListedGame, LogLine, TournamentFacts

STYLESHEET = "/static/portolan.css"

# The pages' own words (said in the reader's language where they are written).
FOOTER = N_("Portolan: read-only page, updated with every move.")
TO_MOVE = N_("to move")
TO_DISCORD = N_("Open the channel on Discord")
REPLAY = N_("Replay")
RECORD = N_("Record (JSON)")
MOVES = N_("Moves")
NO_MOVES = N_("No moves yet.")
MOVE = N_("Move")
SHOW = N_("Show")
ROUND = N_("Round {round}")
GAME_PAGE = N_("game page")
NO_GAMES = N_("No running games.")
LANGUAGE_NAMES = {"en": "English", "el": "Ελληνικά", "ru": "Русский"}
"""Each language by its own name, in the footer of every page."""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _href(path: str, **query: object) -> str:
    """A link to one of the pages (never to an address a member wrote)."""
    kept = {k: v for k, v in query.items() if v is not None}
    return _e(path + ("?" + urlencode(kept) if kept else ""))


def layout(lang: str, title: str, body: str, *, path: str, query: dict | None = None) -> str:
    """A whole page: head (no script, one stylesheet), body, and the language links."""
    query = dict(query or {})
    languages = " · ".join(
        f'<a href="{_href(path, **(query | {"lang": code}))}" hreflang="{code}" lang="{code}">'
        f"{_e(name)}</a>"
        for code, name in LANGUAGE_NAMES.items()
    )
    return (
        "<!doctype html>\n"
        f'<html lang="{_e(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="referrer" content="no-referrer">'
        '<meta name="robots" content="noindex, nofollow">'
        f'<link rel="icon" href="data:,"><link rel="stylesheet" href="{STYLESHEET}">'
        f"<title>{_e(title)} · Portolan</title></head>\n"
        f"<body><main>{body}</main>\n"
        f'<footer><nav aria-label="languages">{languages}</nav>'
        f"<p>{_e(say(lang, T(FOOTER)))}</p>"
        "</footer></body></html>\n"
    )


@dataclass(frozen=True)
class Links:
    """A game's own addresses (its token is in them) and the language asked for, if any."""

    base: str
    lang: str | None = None

    def page(self) -> str:
        return _href(self.base, lang=self.lang)

    def replay(self, move: int) -> str:
        return _href(f"{self.base}/replay", move=move, lang=self.lang)

    def board(self, version: int, lang: str) -> str:
        return _href(f"{self.base}/board.png", v=version, lang=lang)

    def replay_board(self, move: int, lang: str) -> str:
        return _href(f"{self.base}/replay.png", move=move, lang=lang)

    def record(self) -> str:
        return _href(f"{self.base}/record.json")


def _seats_table(facts: GameFacts) -> str:
    lang = facts.lang
    scores = any(s.score is not None for s in facts.seats)
    times = any(s.clock is not None for s in facts.seats)
    head = [_e(say(lang, T("Player")))]
    if scores:
        head.append(_e(say(lang, T("Score"))))
    if times:
        head.append(_e(say(lang, T("Time left"))))
    rows = []
    for seat in facts.seats:
        name = f'<span class="letter">{_e(seat.letter)}</span> <bdi>{_e(seat.name)}</bdi>'
        if seat.to_move:
            name += f' <span class="turn">{_e(say(lang, T(TO_MOVE)))}</span>'
        if seat.marks:
            name += f' <span class="mark">({_e(", ".join(seat.marks))})</span>'
        cells = [f'<th scope="row">{name}</th>']
        if scores:
            cells.append(f'<td class="num">{_e(seat.score or "")}</td>')
        if times:
            cells.append(f'<td class="num">{_e(seat.clock or "")}</td>')
        row_class = ' class="now"' if seat.to_move else ""
        rows.append(f"<tr{row_class}>{''.join(cells)}</tr>")
    header = "".join(f'<th scope="col">{h}</th>' for h in head)
    return (
        f'<table class="seats"><thead><tr>{header}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def _log_list(entries: Sequence[LogLine], links: Links, current: int | None = None) -> str:
    items = []
    for entry in entries:
        mark = ' aria-current="step" class="current"' if entry.n == current else ""
        items.append(
            f'<li value="{entry.n}"{mark}><a href="{links.replay(entry.n)}">{entry.n}.</a> '
            f"{markup.block(entry.text)}</li>"
        )
    return f'<ol class="log">{"".join(items)}</ol>'


def game_page(facts: GameFacts, links: Links) -> str:
    """A game's page: where it stands, its board at full size, the players, the log."""
    lang = facts.lang
    parts = [f"<h1>{markup.inline(facts.heading)}</h1>"]
    summary = []
    if facts.started:
        summary.append(say(lang, T("Moves played: {moves}", moves=facts.move_count)))
    if facts.phase:
        summary.append(say(lang, T("Now: {where}", where=facts.phase)))
    if summary:
        parts.append(f'<p class="summary">{_e(" · ".join(summary))}</p>')
    if facts.to_move:
        parts.append(f'<p class="to-move">{markup.inline(facts.to_move)}</p>')
    if facts.standings:
        parts.append(f'<p class="standings">{markup.block(chr(10).join(facts.standings))}</p>')
    actions = [
        f'<a href="{_e(facts.channel_url)}" rel="noreferrer">{_e(say(lang, T(TO_DISCORD)))}</a>'
    ]
    if facts.started:
        actions.append(f'<a href="{links.replay(facts.move_count)}">{_e(say(lang, T(REPLAY)))}</a>')
    if facts.finished:
        actions.append(f'<a href="{links.record()}">{_e(say(lang, T(RECORD)))}</a>')
    parts.append(f'<nav class="actions">{" ".join(actions)}</nav>')
    if facts.started:
        parts.append(
            f'<figure class="board"><a href="{links.board(facts.version, lang)}">'
            f'<img src="{links.board(facts.version, lang)}" alt="{_e(facts.alt)}"></a></figure>'
        )
    parts.append(_seats_table(facts))
    parts.append(f"<h2>{_e(say(lang, T(MOVES)))}</h2>")
    if facts.log:
        parts.append(_log_list(facts.log, links))
    else:
        parts.append(f"<p>{_e(say(lang, T(NO_MOVES)))}</p>")
    return layout(lang, facts.title, "\n".join(parts), path=links.base)


def replay_page(facts: GameFacts, links: Links, move: int) -> str:
    """The board after move ``move``, that move's log line, and every move to step through:
    first, previous, next and last links and a slider (a form: no script needed)."""
    lang = facts.lang
    last = facts.move_count
    lines = {entry.n: entry.text for entry in facts.log}
    heading = say(lang, T("Replay: move {number} of {last}", number=move, last=last))
    parts = [
        f'<p class="back"><a href="{links.page()}">{markup.inline(facts.heading)}</a></p>',
        f"<h1>{_e(heading)}</h1>",
    ]
    if move == 0:
        said = _e(say(lang, T("The board before the first move.")))
    else:
        said = f"<b>{move}.</b> " + markup.block(lines.get(move, ""))
    parts.append(f'<p class="move-line">{said}</p>')
    steps = [
        (0, "«", T("First")),
        (max(0, move - 1), "‹", T("Previous")),
        (min(last, move + 1), "›", T("Next")),
        (last, "»", T("Last")),
    ]
    nav = []
    for target, arrow, word in steps:
        step = arrow in "‹›"
        label = f"{arrow} {_e(say(lang, word))}" if step else arrow
        title = _e(say(lang, word))
        kind = "step" if step else "end"
        if target == move:
            nav.append(f'<span class="off {kind}" title="{title}">{label}</span>')
        else:
            nav.append(
                f'<a class="{kind}" href="{links.replay(target)}" title="{title}" '
                f'aria-label="{title}">{label}</a>'
            )
    parts.append(f'<nav class="steps">{"".join(nav)}</nav>')
    hidden = f'<input type="hidden" name="lang" value="{_e(links.lang)}">' if links.lang else ""
    parts.append(
        f'<form class="slider" method="get" action="{_e(links.base)}/replay">'
        f'<label for="move">{_e(say(lang, T(MOVE)))}</label>'
        f'<input type="range" id="move" name="move" min="0" max="{last}" value="{move}">'
        f'{hidden}<button type="submit">{_e(say(lang, T(SHOW)))}</button></form>'
    )
    alt = say(lang, T("The board after move {number}", number=move))
    parts.append(
        f'<figure class="board"><img src="{links.replay_board(move, lang)}" alt="{_e(alt)}">'
        "</figure>"
    )
    parts.append(f"<h2>{_e(say(lang, T(MOVES)))}</h2>")
    parts.append(_log_list(facts.log, links, current=move))
    title = f"{facts.title} · {heading}"
    path = links.base + "/replay"
    return layout(lang, title, "\n".join(parts), path=path, query={"move": move})


def tournament_page(facts: TournamentFacts, path: str, lang_asked: str | None) -> str:
    """A tournament's page: settings, standings with their tie-breaks, every round's tables."""
    lang = facts.lang
    parts = [
        f"<h1><bdi>{_e(facts.title)}</bdi></h1>",
        f'<p class="summary">{markup.inline(facts.heading)}</p>',
    ]
    parts.append(
        f'<nav class="actions"><a href="{_e(facts.channel_url)}" rel="noreferrer">'
        f"{_e(say(lang, T(TO_DISCORD)))}</a></nav>"
    )
    standings_title = say(lang, T("Standings, {label}", label=facts.label))
    parts.append(f"<h2>{_e(standings_title)}</h2>")
    if facts.standings:
        items = "".join(f"<li>{markup.inline(line)}</li>" for line in facts.standings)
        parts.append(f'<ul class="standings">{items}</ul>')
    for number, tables in reversed(facts.rounds):
        parts.append(f"<h2>{_e(say(lang, T(ROUND, round=number)))}</h2>")
        rows = []
        for table in tables:
            if table.bye:
                text = markup.inline(say(lang, T("Bye: {players}", players=table.players)))
                rows.append(f"<li>{text}</li>")
                continue
            line = markup.inline(
                say(lang, T("Table {table}: {players}", table=table.board, players=table.players))
            )
            state = _e(say(lang, T("done") if table.done else T("playing")))
            link = (
                f' <a href="{_href(table.href, lang=lang_asked)}">{_e(say(lang, T(GAME_PAGE)))}</a>'
                if table.href
                else ""
            )
            rows.append(f"<li>{line} ({state}){link}</li>")
        parts.append(f'<ul class="tables">{"".join(rows)}</ul>')
    return layout(lang, facts.title, "\n".join(parts), path=path)


def server_page(lang: str, games: Iterable[ListedGame], path: str, lang_asked: str | None) -> str:
    """A server's running games (only when the server chose to list them, ``/settings``)."""
    title = say(lang, T("Running games"))
    items = "".join(
        f'<li><a href="{_href(g.href, lang=lang_asked)}">{_e(g.title)}</a> {markup.inline(g.line)}'
        "</li>"
        for g in games
    )
    body = f"<h1>{_e(title)}</h1>" + (
        f'<ul class="games">{items}</ul>' if items else f"<p>{_e(say(lang, T(NO_GAMES)))}</p>"
    )
    return layout(lang, title, body, path=path)


def not_found_page(lang: str = i18n.ENGLISH) -> str:
    """The one answer for an unknown address, a wrong token and a page not (yet) public."""
    text = say(lang, T("There is no page here. Links to the pages come from the bot's posts."))
    return layout(lang, say(lang, T("Not found")), f"<h1>404</h1><p>{_e(text)}</p>", path="/")


def home_page(lang: str = i18n.ENGLISH) -> str:
    text = say(
        lang,
        T(
            "Portolan's pages show each game and tournament at full size, with replays. "
            "Their links come from the bot's posts (`/game status`)."
        ),
    )
    return layout(lang, "Portolan", f"<h1>Portolan</h1><p>{markup.inline(text)}</p>", path="/")


def too_many_page(lang: str = i18n.ENGLISH) -> str:
    text = say(lang, T("Too many new pictures asked for at once; try again in a few seconds."))
    return layout(lang, say(lang, T("Please wait")), f"<p>{_e(text)}</p>", path="/")
