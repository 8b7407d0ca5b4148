"""Texts for Discord: its limits, members' names as written, clickable command mentions, long
answers split into a page and a file, what an error says."""

from __future__ import annotations

import io
import re
from typing import Any, Literal

import discord

from i18n import T, Tn, say

MESSAGE_LIMIT = 2000


THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080
"""Game threads auto-archive after a week without messages (Discord's longest), not the channel's
default (often a day): a play-by-post turn may wait for days."""


def clip(text: str, limit: int = MESSAGE_LIMIT - 50) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def display_name(user: discord.abc.User) -> str:
    """A member's name as they wrote it (Discord's limit, 32 characters): images draw it so, and
    every post escapes it (``host.talk.safe_name``), never strips it (issue 40 section 2)."""
    name = getattr(user, "display_name", None) or getattr(user, "name", None) or str(user.id)
    return " ".join(name.split())[:32] or str(user.id)


def command_mention(bot: Any, name: str) -> str:
    """A clickable mention of a slash command (``</game status:id>``), from the ids the last
    sync returned; the plain ``/name`` when the id is unknown."""
    ids = getattr(bot, "command_ids", None) or {}
    root = name.split(" ", 1)[0]
    return f"</{name}:{ids[root]}>" if root in ids else f"`/{name}`"


_COMMAND_TEXT = re.compile(r"`/([a-z]+)((?: [a-z]+)?)`")


def clickable(bot: Any, text: str) -> str:
    """Commands written as code (`` `/game status` ``) made clickable mentions where the id is
    known; an unknown command (or a sub-word that is no subcommand) stays as it is."""
    ids = getattr(bot, "command_ids", None) or {}
    if not ids:
        return text
    groups = {"game", "tournament"}  # the command groups (cogs/game.py, cogs/tournament.py)

    def swap(match: re.Match[str]) -> str:
        root, sub = match.group(1), match.group(2)
        if root not in ids or (sub and root not in groups) or (root in groups and not sub):
            return match.group(0)
        return f"</{root}{sub}:{ids[root]}>"

    return _COMMAND_TEXT.sub(swap, text)


PAGE = 1800
"""Room for one page of a long answer (Discord allows 2,000 characters a message)."""


def first_page(text: str, limit: int = PAGE) -> tuple[str, int]:
    """The lines of ``text`` that fit one message, and how many lines did not (never a line cut
    in the middle unless a single line is longer than a page)."""
    lines = text.split("\n")
    kept, size = [], 0
    for line in lines:
        if size + len(line) + 1 > limit:
            break
        kept.append(line)
        size += len(line) + 1
    if not kept:
        return text[: limit - 1] + "…", len(lines) - 1
    return "\n".join(kept), len(lines) - len(kept)


def long_answer(text: str, filename: str, lang: str = "en") -> tuple[str, list[discord.File]]:
    """A text too long for one message: its first page, saying where the rest is, and the whole
    text as an attached file (nothing is silently cut); ``lang`` says the note."""
    page, rest = first_page(text)
    if not rest:
        return text, []
    note = Tn(
        "… {count} more line: the whole text is in the attached {file}.",
        "… {count} more lines: the whole text is in the attached {file}.",
        rest,
        file=filename,
    )
    description = say(lang, T("The whole text of this answer"))
    whole = discord.File(io.BytesIO(text.encode()), filename=filename, description=description)
    return page + "\n" + say(lang, note), [whole]


def error_text(error: Exception) -> str:
    """What an error says, its ``Msg`` kept (``str(error)`` would be the English text only)."""
    if error.args and isinstance(error.args[0], str):
        return error.args[0]
    return str(error)
