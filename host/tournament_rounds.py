"""A tournament's rounds (docs/ARCHITECTURE.md 4): pairing the next round when one is complete
(Swiss, round robin, single elimination: ``host.pairing``), and a thread with a started game for
each table. A part of ``host.tournaments.TournamentService`` (see ``host.tournament_base``)."""

from __future__ import annotations

import logging
from collections import Counter

from host import pairing
from host.store import EntrantRow, OutboxItem, PairingRow, SeatRow, TournamentRow
from host.tables import player_range
from host.tournament_posts import Posts
from i18n import T, say

log = logging.getLogger("portolan.tournaments")


class Rounds(Posts):
    """Pairing rounds and opening their tables."""

    def _smallest(self, tournament: TournamentRow) -> int:
        """The smallest table the pairing may form (one fewer than the chosen size, at least
        the game's minimum and two)."""
        engine = self.tables.engine(tournament.game)
        low, _ = player_range(engine, tournament.variant)
        return max(2, low, tournament.table_size - 1)

    async def _advance(self, tournament: TournamentRow) -> None:
        """Pair and open rounds while the current one is complete (a round of only byes is
        complete at once); finish the tournament when no round is left. Caller holds the lock."""
        while True:
            rows = await self.store.pairings(tournament.id)
            current = [p for p in rows if p.round == tournament.round]
            if tournament.round and any(p.result is None for p in current):
                await self._open_tables(tournament, current)
                return
            entrants = await self.store.entrants(tournament.id)
            next_round = tournament.round + 1
            assert tournament.rounds is not None  # set when it started
            new = (
                None
                if next_round > tournament.rounds
                else self._pair(tournament, entrants, rows, next_round)
            )
            if not new:
                await self._finish(tournament, entrants, rows)
                return
            lang = await self.tables.channel_language(tournament.guild_id)
            page = await self.store.page_link("tournament", tournament.id)
            items = self._round_notice(tournament, next_round, new, entrants, lang, page)
            tournament = await self.store.update_tournament(
                tournament.id,
                tournament.version,
                round=next_round,
                new_pairings=new,
                outbox=items,
            )
            log.info("tournament %s round %s paired", tournament.id, next_round)
            await self._send(items)

    def _pair(
        self,
        tournament: TournamentRow,
        entrants: list[EntrantRow],
        rows: list[PairingRow],
        round_no: int,
    ) -> list[PairingRow] | None:
        """The pairings of ``round_no``, or None when the tournament is decided."""
        active = [e.user_id for e in entrants if e.dropped_round is None]
        if tournament.format == "elimination":
            return self._pair_elimination(entrants, rows, round_no)
        if len(active) < 2:
            return None
        if tournament.format == "roundrobin":
            everyone = [e.user_id for e in entrants]
            tables, byes = pairing.round_robin_round(everyone, round_no)
            # Against a player who dropped out, the other player has a bye (a walkover).
            byes += [u for t in tables if any(p not in active for p in t) for u in t]
            tables = [t for t in tables if all(p in active for p in t)]
            byes = [u for u in byes if u in active]
        else:
            lines = self._lines(tournament, entrants, rows)
            order = [line.user_id for line in lines if line.user_id in active]
            tables, byes = pairing.swiss_round(
                order,
                tournament.table_size,
                self._smallest(tournament),
                pairing.meetings(p.players for p in rows if not p.bye),
                {line.user_id: line.points for line in lines},
                Counter(u for p in rows if p.bye for u in p.players),
            )
        new = [
            PairingRow(round_no, i, False, tuple(t), None, None) for i, t in enumerate(tables, 1)
        ]
        start = len(new) + 1
        new += [
            PairingRow(round_no, start + i, True, (u,), None, _bye_result(u))
            for i, u in enumerate(byes)
        ]
        return new

    def _pair_elimination(
        self, entrants: list[EntrantRow], rows: list[PairingRow], round_no: int
    ) -> list[PairingRow] | None:
        dropped = {e.user_id for e in entrants if e.dropped_round is not None}
        if round_no == 1:
            slots = pairing.bracket_slots([e.user_id for e in entrants])
        else:
            previous = [p for p in rows if p.round == round_no - 1]
            slots = [p.result.get("advances") if p.result else None for p in previous]
        if len(slots) < 2:
            return None  # the final has been played
        slots = [None if u in dropped else u for u in slots]
        new = []
        for board, (a, b) in enumerate(zip(slots[::2], slots[1::2], strict=True), start=1):
            players = tuple(u for u in (a, b) if u is not None)
            if len(players) == 2:
                new.append(PairingRow(round_no, board, False, players, None, None))
            else:
                # An empty slot (bye) or a walkover: the other player advances without playing.
                new.append(PairingRow(round_no, board, True, players, None, _bye_result(*players)))
        return new

    async def _open_tables(self, tournament: TournamentRow, current: list[PairingRow]) -> None:
        """Give every table of the round a thread and a started game (those a crash or a failed
        thread creation left without one are done now)."""
        names = {e.user_id: e.name for e in await self.store.entrants(tournament.id)}
        engine = self.tables.engine(tournament.game)
        # The threads are the channel's: they speak its server's language.
        lang = await self.tables.channel_language(tournament.guild_id)
        for row in current:
            if row.bye:
                continue
            if row.table_id is None:
                title = say(
                    lang,
                    T(
                        "{tournament}: round {round}, table {table}",
                        tournament=tournament.name,
                        round=row.round,
                        table=row.board,
                    ),
                )
                try:
                    thread_id = await self.make_thread(tournament.channel_id, title[:90])
                except Exception:
                    log.exception("tournament %s: cannot create a thread", tournament.id)
                    return  # tick() tries again
                table = await self.store.create_table(
                    guild_id=tournament.guild_id,
                    channel_id=thread_id,
                    game=tournament.game,
                    variant=tournament.variant,
                    seats_wanted=len(row.players),
                    opener_id=tournament.organiser_id,
                    opener_name="organiser",
                    pace=tournament.pace,
                    seats=[SeatRow(i, u, names.get(u, str(u))) for i, u in enumerate(row.players)],
                    pairing=(tournament.id, row.round, row.board),
                )
            else:
                table = await self.store.existing_table(row.table_id)
            if table.status != "lobby":
                continue
            intro_text = T(
                "**{tournament}** ({game}): round {round}, table {table}. "
                "{players}, your game starts here.",
                tournament=tournament.name,
                game=engine.title,
                round=row.round,
                table=row.board,
                players=", ".join(f"<@{u}>" for u in row.players),
            )
            intro = OutboxItem(
                key=f"tour{tournament.id}:r{row.round}:t{row.board}:intro",
                kind="channel",
                target=table.channel_id,
                payload={
                    "text": say(lang, intro_text),
                    "mentions": list(row.players),
                    "table_id": table.id,
                },
                table_id=table.id,
            )
            await self.store.queue([intro])
            outcome = await self.tables.start(table.channel_id, row.players[0])
            await self._send([intro, *outcome.items])


def _bye_result(*players: int) -> dict:
    return {
        "status": "bye",
        "points": {str(u): pairing.BYE_POINTS for u in players},
        "advances": players[0] if players else None,
    }
