"""What the bot says to a newcomer: ``/help`` (composed here; the cog only sends it)."""

from __future__ import annotations

from collections.abc import Mapping

import i18n
from engines.base import Engine
from i18n import T, say

PARAGRAPHS = (
    T(
        "**Portolan** hosts nautical board games as play-by-post games: everyone moves when "
        "they have a minute, and the bot keeps the rules, the board and the secrets."
    ),
    None,  # the games
    "",
    T(
        "**Start a game**: `/game new game:<game>` opens a lobby in this channel (add "
        "`thread:true` for a thread of its own); friends press **Join** or use `/game join`; "
        "anyone seated presses **Start**."
    ),
    T(
        "**Play**: type `/move` and pick from the list: it shows only your legal moves, in "
        "words, and you can type any words of a move to find it (`harv ban`, `permit`). When "
        "there are few choices, buttons under the post do the same."
    ),
    T(
        "**Your secrets**: hands, tiles and bids come by DM; `/hand` shows them here, only to "
        "you. If your DMs are closed the bot says so and `/hand` still works."
    ),
    T(
        "**Look around**: `/board` (the latest board, only to you unless `public:true`), "
        "`/board detail:true` (a denser image), `/log`, `/game status`, `/mygames` (every "
        "game you are in, your moves first), `/catchup` (what happened since your last move)."
    ),
    T(
        "**Rules**: `/rules` shows the rules of this channel's game; `/rules topic:moves` "
        "explains the move texts; other topics are listed under each answer."
    ),
    T(
        "**Life**: `/undo` (at once if nobody moved since, else by vote), `/away`, "
        "`/prefs` (reminders, quiet hours, `remind_by:digest` for one DM a day listing your "
        "turns), `/game resign`, `/game watch`."
    ),
)
"""The /help screen, a paragraph a line (None: the list of games)."""


def help_text(engines: Mapping[str, Engine], lang: str = i18n.ENGLISH) -> str:
    """One screen, said in ``lang``: what the bot is, how to open, join and play, where the
    rules are."""
    games = ", ".join(f"**{e.title}** (`{gid}`)" for gid, e in engines.items())
    lines = [
        say(lang, T("Games: {games}.", games=games)) if line is None else say(lang, line)
        for line in PARAGRAPHS
    ]
    return "\n".join(lines)
