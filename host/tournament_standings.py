"""Tournament standings (docs/ARCHITECTURE.md 4): each entrant's place, points and tie-breaks
(``host.pairing`` computes them), what they are ("after round 3"), their texts and the export.
A part of ``host.tournaments.TournamentService`` (see ``host.tournament_base``)."""

from __future__ import annotations

import itertools

from host import pairing
from host.store import EntrantRow, PairingRow, TournamentRow
from host.tournament_base import TournamentBase, shown
from i18n import ENGLISH, Msg, T, Tn, number, say


class Standings(TournamentBase):
    """Reading a tournament's standings and its whole history."""

    def _lines(
        self, tournament: TournamentRow, entrants: list[EntrantRow], rows: list[PairingRow]
    ) -> list[pairing.Line]:
        return pairing.standings(
            [(e.user_id, e.name, e.number, e.dropped_round is not None) for e in entrants],
            [(p.round, p.bye, p.players, p.result) for p in rows],
            elimination=tournament.format == "elimination",
        )

    async def standings(self, channel_id: int) -> tuple[TournamentRow, list[pairing.Line]]:
        tournament = await self.find(channel_id)
        entrants = await self.store.entrants(tournament.id)
        rows = await self.store.pairings(tournament.id)
        return tournament, self._lines(tournament, entrants, rows)

    async def standings_label(self, tournament: TournamentRow) -> Msg:
        """What the standings are: "final, after round 3", "after round 1 of 7", "live, round 2
        of 7: 5 of 26 tables finished" (a running round's finished tables already count),
        "before round 1"."""
        if tournament.status == "finished":
            return T("final, after round {round}", round=tournament.round)
        if tournament.status == "signup" or not tournament.round:
            return T("before round 1")
        current = [
            p
            for p in await self.store.pairings(tournament.id)
            if p.round == tournament.round and not p.bye
        ]
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

    async def export(self, channel_id: int) -> dict:
        """The full history: settings, entrants, every round's tables and byes with results,
        and the standings."""
        tournament, lines = await self.standings(channel_id)
        entrants = await self.store.entrants(tournament.id)
        rounds: dict[int, list[dict]] = {}
        for row in await self.store.pairings(tournament.id):
            rounds.setdefault(row.round, []).append(
                {
                    "table": row.board,
                    "bye": row.bye,
                    "players": list(row.players),
                    "table_id": row.table_id,
                    "result": row.result,
                }
            )
        return {
            "tournament": {
                "id": tournament.id,
                "name": tournament.name,
                "game": tournament.game,
                "variant": tournament.variant,
                "format": tournament.format,
                "table_size": tournament.table_size,
                "pace": tournament.pace,
                "rounds": tournament.rounds,
                "status": tournament.status,
                "organiser": tournament.organiser_id,
            },
            "entrants": [
                {
                    "user_id": e.user_id,
                    "name": e.name,
                    "seed": e.number,
                    "dropped_round": e.dropped_round,
                }
                for e in entrants
            ],
            "rounds": [{"round": r, "pairings": rounds[r]} for r in sorted(rounds)],
            "standings": [
                {
                    "place": line.place,
                    "user_id": line.user_id,
                    "name": line.name,
                    "points": line.points,
                    "opponents_points": round(line.opponents_points, 3),
                    "score_ratio": round(line.score_ratio, 3),
                    "games": line.games,
                    "wins": line.wins,
                    "byes": line.byes,
                }
                for line in lines
            ],
        }


ALT_LIMIT = 1000
"""Discord allows 1,024 characters of an attachment's description (its alt text)."""


def standings_alt(lines: list[pairing.Line], label: str, lang: str = ENGLISH) -> str:
    """The standings image's alt text, in ``lang``: what the standings are (``label``, said
    already: "live, round 2 of 7"), then place, name and points, as many as Discord allows."""
    head = say(lang, T("Tournament standings, {label}.", label=label))
    rows = "; ".join(f"{x.place}. {x.name} {_points(lang, x.points)}" for x in lines)
    return f"{head} {rows}"[:ALT_LIMIT]


def tie_breaks(lines: list[pairing.Line], format: str) -> dict[int, Msg]:
    """For each entrant level on points with the one placed below (and, in single elimination,
    out in the same round), what put them ahead: opponents' points, then score ratio (the
    tie-breaks of the rules), then the tournament's seed (rating, then sign-up order)."""
    reasons: dict[int, Msg] = {}
    for above, below in itertools.pairwise(lines):
        if above.points != below.points:
            continue
        if format == "elimination" and above.reached != below.reached:
            continue
        name = shown(below.name)
        if above.opponents_points != below.opponents_points:
            reasons[above.user_id] = T(
                "level on points with {name}: ahead on opponents' points", name=name
            )
        elif above.score_ratio != below.score_ratio:
            reasons[above.user_id] = T(
                "level on points and opponents' points with {name}: ahead on score ratio",
                name=name,
            )
        else:
            reasons[above.user_id] = T(
                "level with {name} on every tie-break: ahead on seed (rating, then sign-up order)",
                name=name,
            )
    return reasons


def standings_text(lines: list[pairing.Line], format: str, lang: str = ENGLISH) -> list[str]:
    """One line per entrant, in ``lang``: place, name, points and the tie-breakers, and for an
    entrant level on points with the next one, the tie-break that decided (issue 40)."""
    out = []
    reasons = tie_breaks(lines, format)
    for line in lines:
        name = T("{name} (dropped)", name=shown(line.name)) if line.dropped else shown(line.name)
        numbers = {
            "place": line.place,
            "name": name,
            "points": _points(lang, line.points),
            "opponents": number(lang, line.opponents_points, 2),
            "ratio": number(lang, line.score_ratio, 2),
            "wins": line.wins,
            "games": line.games,
        }
        if format == "elimination":
            text = Tn(
                "{place}. {name}: {points} pts (opp {opponents}, ratio {ratio}; "
                "{wins}/{games} won, {count} bye, reached round {reached})",
                "{place}. {name}: {points} pts (opp {opponents}, ratio {ratio}; "
                "{wins}/{games} won, {count} byes, reached round {reached})",
                line.byes,
                reached=line.reached,
                **numbers,
            )
        else:
            text = Tn(
                "{place}. {name}: {points} pts (opp {opponents}, ratio {ratio}; "
                "{wins}/{games} won, {count} bye)",
                "{place}. {name}: {points} pts (opp {opponents}, ratio {ratio}; "
                "{wins}/{games} won, {count} byes)",
                line.byes,
                **numbers,
            )
        said = say(lang, text)
        if line.user_id in reasons:
            said += " — " + say(lang, reasons[line.user_id])
        out.append(said)
    return out


def _points(lang: str, value: float) -> str:
    """Tournament points: whole, or with their one decimal (``1.5``, ``1,5``)."""
    return number(lang, value, 0 if float(value).is_integer() else 1)
