"""A tournament table's result (docs/ARCHITECTURE.md 4): the table service tells the tournament
that a game ended (``TableService.end_listeners``); the result is recorded on its pairing and the
next round paired once the round is complete. A part of ``host.tournaments.TournamentService``
(see ``host.tournament_base``)."""

from __future__ import annotations

import asyncio
import logging

from host import pairing
from host.store import StaleVersion
from host.tournament_rounds import Rounds

log = logging.getLogger("portolan.tournaments")


class Results(Rounds):
    """Recording the results of a tournament's tables."""

    def _on_table_end(self, table) -> None:
        """Called by the table service right after a game ended; the work runs as a task so the
        move that ended the game is answered at once."""
        task = asyncio.get_running_loop().create_task(self.table_ended(table.id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def table_ended(self, table_id: int) -> None:
        where = await self.store.tournament_of_table(table_id)
        if where is None:
            return
        tournament_id, _, _ = where
        try:
            async with self._lock(tournament_id):
                await self._record(table_id)
                tournament = await self.store.existing_tournament(tournament_id)
                if tournament.status == "running":
                    await self._advance(tournament)
        except StaleVersion:
            log.warning("tournament %s changed meanwhile; resume() will catch up", tournament_id)
        except Exception:
            log.exception("tournament %s: recording table %s failed", tournament_id, table_id)

    async def _record(self, table_id: int) -> None:
        table = await self.store.get_table(table_id)
        where = await self.store.tournament_of_table(table_id)
        if table is None or where is None or table.status not in ("finished", "aborted"):
            return
        tournament_id, round_no, board = where
        row = next(
            p
            for p in await self.store.pairings(tournament_id)
            if p.round == round_no and p.board == board
        )
        if row.result is not None:
            return
        entrants = {e.user_id: e for e in await self.store.entrants(tournament_id)}
        players = list(row.players)
        if table.status == "finished" and table.result:
            ranks = {players[s["seat"]]: s["rank"] for s in table.result}
            scores = {players[s["seat"]]: s["score"] for s in table.result}
            points = pairing.placement_points(ranks)
            winners = [u for u in players if ranks[u] == min(ranks.values())]
            status = "finished"
        else:
            ranks, scores, status = {}, {}, "aborted"
            points = {u: 0.0 for u in players}
            winners = players
        # A shared first place or an aborted table: the better seed goes through.
        advances = min(winners, key=lambda u: entrants[u].number if u in entrants else 1 << 30)
        result = {
            "status": status,
            "table_id": table_id,
            "ranks": {str(u): r for u, r in ranks.items()},
            "scores": {str(u): s for u, s in scores.items()},
            "points": {str(u): p for u, p in points.items()},
            "advances": advances,
        }
        if await self.store.set_pairing_result(tournament_id, round_no, board, result):
            log.info("tournament %s round %s table %s: %s", tournament_id, round_no, board, status)
