"""Reminders (docs/ARCHITECTURE.md 4): pings and timeout notices as a clock runs down, from the
background tick, and the daily digest of a member's games. A part of ``host.life.PlayByPost``
(see ``host.life_base``).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping

import i18n
from host import clocks, talk
from host.listings import GameAt, Listings, game_line
from host.store import OutboxItem, TableRow
from host.tables import Outcome
from i18n import T, Tn, say

log = logging.getLogger("portolan.life")


class Reminders(Listings):
    """Reminders, timeout notices and digests (a digest lists games as ``/mygames`` does)."""

    # ---- the background tick -------------------------------------------------------------

    async def tick(self) -> list[Outcome]:
        """Send due reminders and timeout notices. Run periodically; safe to repeat."""
        outcomes = []
        for table in await self.store.live_tables(timed_only=True):
            if not table.clock:
                continue
            outcome = await self.tick_table(table)
            if outcome is not None:
                outcomes.append(outcome)
        return outcomes

    async def tick_table(self, table: TableRow) -> Outcome | None:
        """The reminders and timeout notices due at one table, read afresh under its lock."""
        async with self.tables.lock(table.channel_id):
            fresh = await self.store.get_table(table.id)
            if fresh is None or fresh.status != "active" or not fresh.clock:
                return None
            return await self._remind(fresh)

    # ---- the daily digest ------------------------------------------------------------------

    async def digests(self, server_names: Mapping[int, str] | None = None) -> list[OutboxItem]:
        """Queue the daily digests due now (one DM a member a day, at their hour, outside their
        quiet hours) and return them for delivery. Run from the background tick; safe to repeat:
        a digest is named by its member and day. With several shard processes, the one serving
        shard 0 (where direct messages belong) makes them."""
        if self.store.shards is not None and not self.store.shards.owns(None):
            return []
        now = self.tables.now()
        items = []
        for user, prefs in await self.store.digest_members():
            due = clocks.digest_due(prefs, now)
            if due is None or clocks.in_quiet_hours(prefs, now):
                continue
            try:
                item = await self.digest_item(user, prefs, due, now, server_names or {})
                await self.store.record_digest(user, now, [item] if item else [])
            except Exception:
                log.exception("the digest of user %s failed; retrying next tick", user)
                continue
            if item is not None:
                items.append(item)
        return items

    async def digest_item(
        self, user: int, prefs: dict, due: float, now: float, server_names: Mapping[int, str]
    ) -> OutboxItem | None:
        """The digest DM: every game where the member is to move (not while away from it), most
        urgent first, and every game that ended since the last digest; None when there is
        nothing to tell."""
        games = [g for g in await self.games_of(user) if g.mine and not _away(g.table, user, now)]
        last = prefs.get("digest_sent") or due - clocks.DAY
        ended = [
            t
            for t in await self.store.finished_tables_of_user(user)
            if t.clock and (t.clock.get("ended_at") or 0) > last
        ]
        ended = await self.visible(user, ended) if ended else ended
        if not games and not ended:
            return None
        lang = await self.tables.member_language(user)
        news = [Tn("your move in {count} game", "your move in {count} games", len(games))]
        news = news if games else []
        news += [Tn("{count} game ended", "{count} games ended", len(ended))] if ended else []
        lines = [say(lang, T("**Your Portolan digest**: {news}.", news=i18n.joined(news)))]
        body = [
            f"• {game_line(g, user, server_names.get(g.table.guild_id or 0), lang)}" for g in games
        ]
        if ended:
            body.append(say(lang, T("Ended since your last digest:")))
            for table in ended:
                found = GameAt(
                    table,
                    self.tables.engine(table.game).title,
                    False,
                    [],
                    None,
                    None,
                    await self.post_url(table),
                )
                line = game_line(found, user, server_names.get(table.guild_id or 0), lang)
                body.append(f"• {line}")
        hour = int(prefs.get("digest_hour", clocks.DEFAULT_DIGEST_HOUR))
        footer_text = T(
            "-# Daily at {hour}:00 ({zone}); only a last warning pings you before a clock runs "
            "out. `/mygames` lists everything; `/prefs` changes this.",
            hour=hour,
            zone=prefs.get("tz", "UTC"),
        )
        footer = say(lang, footer_text)
        room = talk.POST_LIMIT - len(footer) - len(lines[0]) - 60
        for index, line in enumerate(body):
            room -= len(line) + 1
            if room < 0:
                more = T("… and {more} more: `/mygames` lists them all.", more=len(body) - index)
                lines.append(say(lang, more))
                break
            lines.append(line)
        text = "\n".join([*lines, footer])
        return OutboxItem(
            key=f"digest:{user}:{clocks.local_day(prefs, due)}",
            kind="dm",
            target=user,
            payload={"text": text, "digest": True},
            table_id=None,
        )

    async def _held_for_nothing(self, table: TableRow, seat: int) -> bool:
        """Whether ``seat``'s clock is held for a plan (host/plans.py) that its member no longer
        has at this table."""
        user = table.user_of(seat)
        if not clocks.is_held(table.clock, seat):
            return False
        return user is None or not await self.store.plan(table.id, user)

    async def _remind(self, table: TableRow) -> Outcome | None:
        engine, state = self._state(table)
        now = self.tables.now()
        settings = await self.store.get_guild_settings(table.guild_id) if table.guild_id else {}
        clock = json.loads(json.dumps(table.clock))
        items: list[OutboxItem] = []
        version = table.version + 1
        orphans = [
            seat for seat in engine.to_move(state) if await self._held_for_nothing(table, seat)
        ]
        if orphans:
            # A clock held for a plan that left without starting it (its seat handed on while
            # the plan ran, a run that kept failing): the turn runs as usual from now.
            log.warning(
                "table %s: clocks of seats %s held for no plan; started now", table.id, orphans
            )
            clock = clocks.release(clock, orphans, now)
        for seat in engine.to_move(state):
            level = clocks.due_reminder(clock, seat, now)
            user = table.user_of(seat)
            if level is None or user is None or user < 0:  # fillers are never reminded
                continue
            entry = clock["seats"][seat]
            prefs = await self.store.get_prefs(user)
            if prefs.get("remind_by") == "digest" and level not in ("low", "timeout"):
                continue  # the daily digest tells of this turn; only the last warning pings
            gap = float(prefs.get("min_hours", 4)) * clocks.HOUR
            if level != "timeout" and (
                clocks.in_quiet_hours(prefs, now)
                or (entry["last_reminder"] and now - entry["last_reminder"] < gap)
            ):
                continue  # asked not to be pinged now; the next tick tries again
            entry["reminded"].append(level)
            if level == "timeout":
                entry["timed_out_at"] = now
            entry["last_reminder"] = now
            left = clocks.remaining(clock, seat, now)
            # A DM speaks its member's language, a post in the channel the channel's.
            langs = (
                await self.tables.member_language(user, table.guild_id),
                await self.tables.channel_language(table.guild_id),
            )
            items.append(
                self._reminder_item(table, seat, user, level, left, prefs, settings, version, langs)
            )
        if not items and not orphans:
            return None
        table = await self.store.update_table(table.id, table.version, clock=clock, outbox=items)
        return Outcome(
            table=table, items=items, mentions=[i.target for i in items if i.kind == "dm"]
        )

    def _reminder_item(
        self,
        table: TableRow,
        seat: int,
        user: int,
        level: str,
        left: float | None,
        prefs: dict,
        settings: dict,
        version: int,
        langs: tuple[str, str] = (i18n.ENGLISH, i18n.ENGLISH),
    ) -> OutboxItem:
        """A reminder or timeout notice; ``langs``: the member's language and the channel's."""
        engine = self.tables.engine(table.game)
        pace = clocks.PACES[table.pace]
        assert pace is not None and table.clock is not None  # due only on a timed clock
        where = {"user": f"<@{user}>", "game": engine.title, "channel": f"<#{table.channel_id}>"}
        key = f"t{table.id}:turn{table.clock['seats'][seat]['since']}:remind:{seat}:{level}"
        digest = prefs.get("remind_by") == "digest"
        text: str
        if level == "timeout":
            text = T(
                "{user}, your time in **{game}** ({channel}) has run out. The other players may "
                "now `/game skip` you (your default move is played), and `/game expel` you after "
                "{grace} more.",
                grace=clocks.format_duration(pace.grace),
                **where,
            )
        elif digest and level == "low":
            text = T(
                "{user}, last warning: it is still your turn in **{game}** ({channel}). "
                "Time left in your bank: {left}.",
                left=clocks.format_duration(left or 0),
                **where,
            )
        else:
            text = T(
                "{user}, it is your turn in **{game}** ({channel}). "
                "Time left in your bank: {left}.",
                left=clocks.format_duration(left or 0),
                **where,
            )
        # The sender adds a jump link to the turn post (its message id is known by then).
        post = {"channel_id": table.channel_id, "post_key": talk.Memory.load(table.talk).post_key}
        if level != "timeout" and prefs.get("remind_by") in ("dm", "digest"):
            return OutboxItem(
                key=key,
                kind="dm",
                target=user,
                payload={"text": say(langs[0], text), "table_id": table.id, "lang": langs[0]}
                | post,
                table_id=table.id,
            )
        text = say(langs[1], text)
        channel = settings.get("reminder_channel") or table.channel_id
        # The timeout notice tells the table; a digest member is not pinged for it.
        mentions = [] if digest else [user]
        payload = {"text": text, "mentions": mentions, "table_id": table.id, "version": version}
        return OutboxItem(
            key=key, kind="channel", target=channel, payload=payload | post, table_id=table.id
        )


def _away(table: TableRow, user: int, now: float) -> bool:
    """Whether ``user`` is away from ``table`` (where they sit)."""
    seat = table.seat_of(user)
    return seat is not None and clocks.is_away(table.clock, seat, now)
