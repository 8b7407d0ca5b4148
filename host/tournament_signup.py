"""A tournament's sign-up and roster (docs/ARCHITECTURE.md 4): create, join, leave, start (seeds
and round 1), and dropping out once it runs. A part of ``host.tournaments.TournamentService``
(see ``host.tournament_base``)."""

from __future__ import annotations

import logging
import math

from host import clocks, pairing
from host.store import EntrantRow, TournamentBusy, TournamentRow
from host.tables import TableError, player_range, seat_status
from host.talk import variant_word
from host.tournament_base import FORMATS, MAX_ENTRANTS, MAX_ROUNDS, shown
from host.tournament_rounds import Rounds
from i18n import Msg, T

log = logging.getLogger("portolan.tournaments")


class SignUp(Rounds):
    """Who plays: creating a tournament, its roster, its start, and dropping out."""

    async def create(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        name: str,
        game: str,
        variant: str | None = None,
        format: str = "swiss",
        table_size: int | None = None,
        pace: str | None = None,
        rounds: int | None = None,
    ) -> TournamentRow:
        engine = self.tables.engine(game)
        variant = variant or engine.variants[0]
        if variant not in engine.variants:
            raise TableError(
                T(
                    "{game} has no variant `{variant}`. Choose one of: {choices}.",
                    game=engine.title,
                    variant=variant[:40],
                    choices=", ".join(engine.variants),
                )
            )
        if format not in FORMATS:
            raise TableError(
                T(
                    "Unknown format `{format}`. Choose one of: {choices}.",
                    format=format[:20],
                    choices=", ".join(FORMATS),
                )
            )
        low, high = player_range(engine, variant)
        low = max(low, 2)  # a tournament table has opponents
        if high < 2:
            raise TableError(
                T(
                    "{game} ({variant}) is not a game for opponents.",
                    game=engine.title,
                    variant=variant_word(variant),
                )
            )
        if format != "swiss":
            table_size = table_size or 2
            if table_size != 2:
                raise TableError(
                    T(
                        "Round robin and single elimination use two-player tables; "
                        "use Swiss for larger tables."
                    )
                )
        table_size = table_size or high
        if not low <= table_size <= high:
            raise TableError(
                T(
                    "{game} ({variant}) is for tables of {low} to {high} players.",
                    game=engine.title,
                    variant=variant_word(variant),
                    low=low,
                    high=high,
                )
            )
        pace = pace or clocks.DEFAULT_PACE
        if pace not in clocks.PACES:
            raise TableError(
                T(
                    "Unknown pace `{pace}`. Choose one of: {choices}.",
                    pace=pace[:20],
                    choices=", ".join(clocks.PACES),
                )
            )
        if rounds is not None and (format != "swiss" or not 1 <= rounds <= MAX_ROUNDS):
            raise TableError(
                T(
                    "Only a Swiss tournament takes a number of rounds (1 to {most}); the "
                    "other formats play until every pairing is done.",
                    most=MAX_ROUNDS,
                )
            )
        name = " ".join(name.split())[:60]
        if not name:
            raise TableError(T("Give the tournament a name."))
        try:
            tournament = await self.store.create_tournament(
                guild_id=guild_id,
                channel_id=channel_id,
                name=name,
                game=game,
                variant=variant,
                format=format,
                table_size=table_size,
                pace=pace,
                rounds=rounds,
                organiser_id=user_id,
            )
        except TournamentBusy:
            raise TableError(
                T(
                    "This channel already has a tournament in sign-up or running; "
                    "create the new one in another channel."
                )
            ) from None
        log.info("tournament %s created: %s %s", tournament.id, game, format)
        return tournament

    async def join(self, channel_id: int, user_id: int, name: str) -> TournamentRow:
        tournament = await self._live(channel_id)
        async with self._lock(tournament.id):
            tournament = await self.store.existing_tournament(tournament.id)
            if tournament.status != "signup":
                raise TableError(T("The tournament has started; sign-up is closed."))
            entrants = await self.store.entrants(tournament.id)
            if any(e.user_id == user_id for e in entrants):
                raise TableError(T("You are already signed up."))
            if len(entrants) >= MAX_ENTRANTS:
                raise TableError(T("The tournament is full ({most} players).", most=MAX_ENTRANTS))
            roster = [*(e.name for e in entrants), name]
            item = await self._roster_item(
                tournament, roster, edit=True, version=tournament.version + 1
            )
            tournament = await self.store.update_tournament(
                tournament.id, tournament.version, add_entrant=(user_id, name), outbox=[item]
            )
        await self._send([item])
        return tournament

    async def leave(self, channel_id: int, user_id: int) -> TournamentRow:
        tournament = await self._live(channel_id)
        async with self._lock(tournament.id):
            tournament = await self.store.existing_tournament(tournament.id)
            if tournament.status != "signup":
                raise TableError(
                    T("The tournament has started; use `/tournament drop` to stop playing.")
                )
            entrants = await self.store.entrants(tournament.id)
            if not any(e.user_id == user_id for e in entrants):
                raise TableError(T("You are not signed up for this tournament."))
            roster = [e.name for e in entrants if e.user_id != user_id]
            item = await self._roster_item(
                tournament, roster, edit=True, version=tournament.version + 1
            )
            tournament = await self.store.update_tournament(
                tournament.id, tournament.version, remove_entrant=user_id, outbox=[item]
            )
        await self._send([item])
        return tournament

    async def check_start(
        self, channel_id: int, user_id: int, *, is_admin: bool
    ) -> tuple[TournamentRow, list[EntrantRow]]:
        """Refuse a start that cannot happen (so the command can answer before the slow part)."""
        tournament = await self._live(channel_id)
        self._check_organiser(tournament, user_id, is_admin)
        if tournament.status != "signup":
            raise TableError(T("The tournament has already started."))
        entrants = await self.store.entrants(tournament.id)
        needed = self._smallest(tournament)
        if len(entrants) < needed:
            raise TableError(
                T(
                    "At least {needed} players must sign up; {signed} have so far.",
                    needed=needed,
                    signed=len(entrants),
                )
            )
        return tournament, entrants

    async def start(self, channel_id: int, user_id: int, *, is_admin: bool) -> TournamentRow:
        """Seed the entrants, pair round 1 and open its tables."""
        tournament, _ = await self.check_start(channel_id, user_id, is_admin=is_admin)
        async with self._lock(tournament.id):
            tournament, entrants = await self.check_start(channel_id, user_id, is_admin=is_admin)
            seeds = await self._seed_order(tournament, entrants)
            rounds = tournament.rounds or self._default_rounds(tournament, len(entrants))
            # The sign-up post says sign-up is closed (an edit: the start makes one new post,
            # the tables of round 1).
            closed = await self._roster_item(
                tournament,
                [e.name for e in entrants],
                edit=True,
                started=True,
                version=tournament.version + 1,
            )
            tournament = await self.store.update_tournament(
                tournament.id,
                tournament.version,
                status="running",
                rounds=rounds,
                reseed=seeds,
                outbox=[closed],
            )
            log.info("tournament %s started with %s players", tournament.id, len(entrants))
            await self._send([closed])
            await self._advance(tournament)
        return await self.store.existing_tournament(tournament.id)

    async def _seed_order(self, tournament: TournamentRow, entrants: list[EntrantRow]) -> list[int]:
        """Seeds: the best rating in this game first, then sign-up order."""
        shown = {}
        for entrant in entrants:
            rows = await self.store.ratings_of(entrant.user_id, tournament.game)
            shown[entrant.user_id] = rows[0].rating.shown if rows else 0.0
        ordered = sorted(entrants, key=lambda e: (-shown[e.user_id], e.number))
        return [e.user_id for e in ordered]

    @staticmethod
    def _default_rounds(tournament: TournamentRow, count: int) -> int:
        if tournament.format == "roundrobin":
            return pairing.round_robin_rounds(count)
        if tournament.format == "elimination":
            return pairing.elimination_rounds(count)
        if tournament.table_size == 2:
            return max(1, math.ceil(math.log2(count)))
        return 3

    # ---- dropping out --------------------------------------------------------------------

    async def drop(
        self, channel_id: int, user_id: int, target_id: int | None, *, is_admin: bool
    ) -> Msg:
        """A player drops out (or the organiser drops them): no more pairings; a running game of
        theirs goes on with their seat on autopilot, so their table still finishes."""
        tournament = await self._live(channel_id)
        target_id = user_id if target_id is None else target_id
        if target_id != user_id:
            self._check_organiser(tournament, user_id, is_admin)
        if tournament.status == "signup":
            raise TableError(T("The tournament has not started; use `/tournament leave`."))
        async with self._lock(tournament.id):
            tournament = await self.store.existing_tournament(tournament.id)
            entrant = next(
                (e for e in await self.store.entrants(tournament.id) if e.user_id == target_id),
                None,
            )
            if entrant is None:
                raise TableError(T("That member is not playing in this tournament."))
            if entrant.dropped_round is not None:
                raise TableError(T("{name} has already dropped out.", name=shown(entrant.name)))
            await self.store.update_tournament(
                tournament.id, tournament.version, drop_entrant=(target_id, tournament.round)
            )
            running = [
                p.table_id
                for p in await self.store.pairings(tournament.id)
                if p.round == tournament.round and p.table_id and p.result is None
                if target_id in p.players
            ]
        for table_id in running:
            table = await self.store.existing_table(table_id)
            seat = table.seat_of(target_id)
            playing = seat is not None and seat_status(table, seat) == "playing"
            if table.status == "active" and playing:
                outcome = await self.life.resign(table.channel_id, target_id)
                await self._send(outcome.items)
        log.info("tournament %s: %s dropped out", tournament.id, target_id)
        return T(
            "{name} dropped out of **{tournament}**.",
            name=shown(entrant.name),
            tournament=shown(tournament.name),
        )
