"""A member's games, listed (docs/ARCHITECTURE.md 4): ``/mygames``, ``/catchup``, watching,
export and replay, and which games a member may still be shown. A part of
``host.life.PlayByPost`` (see ``host.life_base``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass

import i18n
from host import catchup, clocks, talk
from host.life_base import LifeBase
from host.store import TableRow
from host.tables import TableError
from i18n import N_, Msg, T, Tn, say

NO_ACCESS = N_(
    "You no longer have access to that game: you are not in its server any more, or cannot see "
    "its channel. Your seat follows the game's rules for an absent player."
)


class Listings(LifeBase):
    """Lists of a member's games, and the records of finished ones."""

    async def visible(self, user_id: int, tables: list[TableRow]) -> list[TableRow]:
        """The tables among ``tables`` that ``user_id`` may still be shown (``audience``)."""
        if self.audience is None or not tables:
            return tables
        shown = await self.audience(user_id, tables)
        return [t for t in tables if t.id in shown]

    async def watch(self, channel_id: int, user_id: int, on: bool = True) -> TableRow:
        table = await self.tables.live(channel_id)
        await self.store.set_watching(table.id, user_id, on)
        return table

    async def games_of(
        self, user_id: int, statuses: tuple[str, ...] = ("active",), *, links: bool = True
    ) -> list[GameAt]:
        """The user's games, most urgent first: those where the user is to move (least time
        left first), then the others (least time left first), then lobbies. ``links``: look up
        the jump link to each turn post (autocomplete does without). Only the games the user
        may still be shown (``audience``): not those of a server they were removed from."""
        now = self.tables.now()
        found = []
        tables = await self.visible(user_id, await self.store.tables_of_user(user_id, statuses))
        for table in tables:
            if table.game not in self.tables.engines:
                continue  # a game disabled on this bot: nothing to show of it
            engine = self.tables.engine(table.game)
            waiting = engine.to_move(engine.decode(table.state)) if table.state else []
            seat = table.seat_of(user_id)
            mine = table.status == "active" and seat in waiting
            left = None
            if table.status == "active" and table.clock:
                lefts = [
                    x
                    for s in ([seat] if mine and seat is not None else waiting)
                    if (x := clocks.remaining(table.clock, s, now)) is not None
                ]
                left = min(lefts) if lefts else None
            found.append(
                GameAt(
                    table=table,
                    title=engine.title,
                    mine=mine,
                    waiting=waiting,
                    waited=waited_for(table, waiting, now),
                    left=left,
                    post_url=await self.post_url(table) if links else None,
                )
            )
        return sorted(found, key=GameAt.urgency)

    async def hidden_from(self, user_id: int) -> set[int]:
        """The running tables where ``user_id`` holds a seat but may no longer be shown the game
        (``audience``: removed from its server, or no longer seeing its channel)."""
        if self.audience is None:
            return set()
        seated = await self.store.tables_of_user(user_id, ("active",))
        return {t.id for t in seated} - {t.id for t in await self.visible(user_id, seated)}

    async def post_url(self, table: TableRow) -> str | None:
        """A jump link to the table's turn post (its final standings once it ended); None when
        that post is not known to be sent."""
        key: str | None
        if table.status == "finished":
            key = f"t{table.id}:v{table.version}:standings"
        else:
            key = talk.Memory.load(table.talk).post_key
        message = await self.store.message_id(key) if key else None
        if message is None:
            return None
        return message_url(table, message)

    async def catch_up(
        self,
        user_id: int,
        table_id: int | None = None,
        channel_id: int | None = None,
        server_names: Mapping[int, str] | None = None,
        lang: str = i18n.ENGLISH,
    ) -> tuple[GameAt, str, dict]:
        """``/catchup``: where one of the user's running games stands, what the others did since
        the user's last move, and the public board; said in ``lang``. The game: ``table_id``
        when given, else the one in ``channel_id`` if the user sits there, else the most
        urgent."""
        games = await self.games_of(user_id)
        chosen = None
        if table_id is not None:
            chosen = next((g for g in games if g.table.id == table_id), None)
            if chosen is None and table_id in await self.hidden_from(user_id):
                raise TableError(T(NO_ACCESS))  # seated, but no longer shown that server's game
        if not games:
            raise TableError(T("You are not in any running game."))
        if table_id is not None and chosen is None:
            raise TableError(
                T("You do not sit at that game (or it has ended). Pick one from the list.")
            )
        if chosen is None and channel_id is not None:
            chosen = next((g for g in games if g.table.channel_id == channel_id), None)
        chosen = chosen or games[0]
        table = chosen.table
        engine, state = self._state(table)
        seat = table.seat_of(user_id)
        assert seat is not None  # games_of lists the tables where the user sits
        rows = await self.store.moves_since_seats(table.id, [seat], catchup.HISTORY_LIMIT)
        entries = [catchup.Entry.of(r) for r in rows]
        names = [talk.shown_name(n, lang) for n in table.names]
        missed = catchup.fold(catchup.since_last_move(entries, seat), names, lang=lang)
        moved = any(e.seat == seat for e in entries)
        server = (server_names or {}).get(table.guild_id or 0)
        move = say(lang, T("move {number}", number=table.move_count))
        lines = [f"{game_line(chosen, user_id, server, lang)} · {move}"]
        if missed:
            lead = T("Since your last move") if moved else T("So far")
            lines.append(say(lang, T("{lead}: {missed}.", lead=lead, missed=missed)))
        elif moved:
            lines.append(say(lang, T("Nothing has happened since your last move.")))
        else:
            lines.append(say(lang, T("No moves yet.")))
        if len(games) > 1:
            more = Tn(
                "-# You sit at {count} running game: pick another with the `game` option.",
                "-# You sit at {count} running games: pick another with the `game` option.",
                len(games),
            )
            lines.append(say(lang, more))
        return chosen, "\n".join(lines), self.tables.public_view(table, engine, state)

    async def my_games(
        self,
        user_id: int,
        server_names: Mapping[int, str] | None = None,
        lang: str = i18n.ENGLISH,
    ) -> list[str]:
        """One line per lobby and running game of the user, most urgent first (your move, then
        least time left), each with a jump link to its turn post and the name of its server
        (``server_names``: what the Discord layer knows of them); said in ``lang``."""
        names = server_names or {}
        lines = []
        for game in await self.games_of(user_id, ("lobby", "active")):
            table = game.table
            server = names.get(table.guild_id or 0)
            if table.status == "lobby":
                lobby = T(
                    "**{game}** in {where}: lobby, {joined} joined",
                    game=game.title,
                    where=channel_link(table, server),
                    joined=len(table.seats),
                )
                lines.append(say(lang, lobby))
                continue
            lines.append(game_line(game, user_id, server, lang))
        return lines

    async def export(self, channel_id: int) -> dict:
        """The replayable record of a finished game: seed, variant, seats and moves."""
        table = await self.tables.latest(channel_id)
        if table.status != "finished":
            raise TableError(T("The record (with its seed) is available once the game has ended."))
        return {
            "game": table.game,
            "variant": table.variant,
            "seed": table.seed,
            "players": table.names,
            "moves": [[m.seat, m.move] for m in await self.store.moves(table.id)],
            "result": table.result,
        }

    async def replay_view(self, channel_id: int, move: int) -> tuple[TableRow, dict]:
        """The public board as it stood after move ``move`` (0 = the start)."""
        table = await self.replay_target(channel_id, move)
        return table, await self.board_after(table, move)

    async def replay_target(self, channel_id: int, move: int) -> TableRow:
        """The channel's table, once ``move`` is known to be a move it can be replayed to (a
        command checks this before it defers, and replays after)."""
        table = await self.tables.latest(channel_id)
        if table.seed is None:
            raise TableError(T("The game has not started yet."))
        if not 0 <= move <= table.move_count:
            raise TableError(T("Choose a move between 0 and {last}.", last=table.move_count))
        return table

    async def board_after(self, table: TableRow, move: int) -> dict:
        """The public view after the first ``move`` moves, replayed off the event loop (a long
        game takes a second, and other tables go on meanwhile)."""
        engine = self.tables.engine(table.game)
        moves = (await self.store.moves(table.id))[:move]

        def replay() -> dict:
            state = engine.setup(len(table.seats), seed=table.game_seed, variant=table.variant)
            for row in moves:
                state = engine.apply(state, row.seat, row.move).state
            return self.tables.public_view(table, engine, state)

        return await asyncio.to_thread(replay)


@dataclass(frozen=True)
class GameAt:
    """Where one of a member's games stands, for ``/mygames``, ``/catchup`` and the digest."""

    table: TableRow
    title: str
    mine: bool
    """The member is to move."""
    waiting: list[int]
    waited: float | None
    """Seconds the game has waited on the seats it awaits (None: not known)."""
    left: float | None
    """Time left on the clock: the member's when it is their move, else the least of those
    awaited (None: untimed)."""
    post_url: str | None

    def urgency(self) -> tuple:
        lobby = self.table.status == "lobby"
        left = self.left if self.left is not None else float("inf")
        return (lobby, not self.mine, left, -(self.waited or 0.0), self.table.id)


def waited_for(table: TableRow, waiting: list[int], now: float) -> float | None:
    """How long the game has waited on the seats it awaits: since the earliest of their waits
    began (each step of a multi-step turn counts as the game's latest news)."""
    if not table.clock or not waiting:
        return None
    since = [
        entry["since"]
        for s in waiting
        if s < len(table.clock["seats"]) and (entry := table.clock["seats"][s])["since"] is not None
    ]
    return max(0.0, now - min(since)) if since else None


def message_url(table: TableRow, message_id: int) -> str:
    return f"https://discord.com/channels/{table.guild_id or '@me'}/{table.channel_id}/{message_id}"


def game_line(game: GameAt, user_id: int, server: str | None, lang: str = i18n.ENGLISH) -> str:
    """One game in a list, said in ``lang``: where, whose move, how long it has waited, time
    left, a jump link."""
    table = game.table
    title = f"**{say(lang, game.title)}**"
    label = (
        T("{game} on **{server}**", game=title, server=talk.safe_name(server)) if server else title
    )
    parts: list[str]
    if table.status == "finished":
        parts = [placing(table, user_id, label)]
    elif game.mine:
        parts = [T("{game}: **your move**", game=label)]
    else:
        names = [talk.who(table, s, ping=False, lang=lang) for s in game.waiting]
        who = ", ".join(names) if names else T("nobody")
        parts = [T("{game}: waiting for {players}", game=label, players=who)]
    if game.waited is not None and table.status == "active":
        parts.append(T("waited {time}", time=clocks.format_elapsed(game.waited)))
    if game.left is not None and table.status == "active":
        parts.append(
            T("{time} left", time=clocks.format_duration(game.left))
            if game.left > 0
            else T("**out of time**")
        )
    if game.post_url:
        parts.append(
            T("[turn post]({url})", url=game.post_url)
            if table.status == "active"
            else T("[result]({url})", url=game.post_url)
        )
    else:
        parts.append(channel_link(table, server))
    return " · ".join(say(lang, part) for part in parts)


def placing(table: TableRow, user: int, label: str) -> Msg:
    """ "Tahiti: **ended**, you placed 2nd of 3" for a finished game's result (the place left
    out when not known). The ordinal is the catalog's: "2nd", "2η", "2-е"."""
    seat = table.seat_of(user)
    results = table.result or []
    mine = next((r for r in results if r.get("seat") == seat), None)
    if mine is None:
        return T("{game}: **ended**", game=label)
    rank = int(mine["rank"])
    suffix = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return T(
        "{game}: **ended**, you placed {place} of {players}",
        game=label,
        place=T(ORDINALS[suffix], rank=rank),
        players=len(results),
    )


ORDINALS = {
    "st": N_("{rank}st"),
    "nd": N_("{rank}nd"),
    "rd": N_("{rank}rd"),
    "th": N_("{rank}th"),
}
"""An English place by its suffix; each language writes its own ("2η", "2-е")."""


def channel_link(table: TableRow, server: str | None) -> Msg | str:
    """A clickable link to the table's channel, with its server's name when known (a channel
    mention alone shows as "#unknown" to someone reading it from another server)."""
    if table.guild_id is None:
        return f"<#{table.channel_id}>"
    url = f"https://discord.com/channels/{table.guild_id}/{table.channel_id}"
    label = talk.safe_name(server) if server else T("a server")
    return T("[this channel]({url}) on **{server}**", url=url, server=label)
