"""What the bot says to a newcomer: ``/help`` (composed here; the cog only sends it)."""

from __future__ import annotations

import re
from collections.abc import Mapping

import i18n
from engines import GAMES
from engines.base import Engine
from i18n import N_, Msg, T, say

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
    None,  # how to play, with examples in the reader's language
    None,  # the secrets, game by game
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
"""The /help screen, a paragraph a line (None: a paragraph composed in :func:`help_text`)."""

EXAMPLES = {"harvest": N_("harv ban"), "permit": N_("permit")}
"""The words of moves that /help's "Play" paragraph shows, as a reader of each language types
them (a Tahiti harvest of bananas, a Bremerhaven building permit: the matcher finds them in the
moves' descriptions in that language)."""

BY_DM = T("your secrets come by DM when they change; `/hand` shows them.")
NOT_BY_DM = T("nothing comes by DM; `/hand` and **My choices** show what only you see.")


def secrets_by_dm(engine: Engine) -> bool:
    """Whether table talk DMs a seat of this game its secrets (``host.talk.secrets``: an engine
    with ``secret_keys`` empty has none to send)."""
    return engine.secret_keys != ()


def where_secrets_are(gid: str, engine: Engine) -> Msg:
    """The sentence of /help that says where a member's secrets are in one game: the game's own
    (``Game.secrets_help``, in its ``words.py``), else whether table talk DMs them."""
    game = GAMES.get(gid)
    if game is not None and game.secrets_help is not None:
        return game.secrets_help
    return BY_DM if secrets_by_dm(engine) else NOT_BY_DM


OPTION_VALUES: dict[tuple[str, str], tuple[str, str]] = {
    ("thread", "true"): ("", N_("true")),
    ("public", "true"): ("", N_("true")),
    ("detail", "true"): ("", N_("true")),
    ("remind_by", "digest"): ("choice", "one daily digest DM (and a last warning)"),
    ("topic", "moves"): ("", N_("Moves")),  # the topic's title, as /rules offers it
}
"""The ``option:value`` examples of /help, each value as a reader of another language picks it:
a choice by its name in their Discord (the command translator's), a /rules topic by its title,
a boolean in words."""


def _values_in(lang: str, text: str) -> str:
    """``text`` (commands already in ``lang``) with its ``option:value`` examples' values in
    ``lang``."""
    if lang == i18n.ENGLISH:
        return text
    for (option, value), (context, shown) in OPTION_VALUES.items():
        name = i18n.pgettext(lang, "option name", option) or option
        said = (i18n.pgettext(lang, context, shown) if context else None) or i18n.gettext(
            lang, shown
        )
        text = re.sub(
            rf"(?<=[` ]){re.escape(name)}:{re.escape(value)}(?=`)", f"{name}:{said}", text
        )
    return text


def help_text(engines: Mapping[str, Engine], lang: str = i18n.ENGLISH) -> str:
    """One screen, said in ``lang``: what the bot is, how to open, join and play, where each
    game keeps a member's secrets, where the rules are."""
    games = ", ".join(f"**{say(lang, e.title)}**" for e in engines.values())
    examples = {key: i18n.gettext(lang, words) for key, words in EXAMPLES.items()}
    secrets = [
        f"- **{say(lang, e.title)}**: {say(lang, where_secrets_are(gid, e))}"
        for gid, e in engines.items()
    ]
    closed = T("If your DMs are closed the bot says so and `/hand` still works.")
    composed = [
        T("Games: {games}.", games=games),
        T(
            "**Play**: type `/move` and pick from the list: it shows only your legal moves, in "
            "words, and you can type any words of a move to find it (`{harvest}`, `{permit}`). "
            "When there are few choices, buttons under the post do the same.",
            **examples,
        ),
        "\n".join(
            [
                say(lang, T("**Your secrets**, game by game:")),
                *secrets,
                *([say(lang, closed)] if any(secrets_by_dm(e) for e in engines.values()) else []),
            ]
        ),
    ]
    lines = []
    for line in PARAGRAPHS:
        text = composed.pop(0) if line is None else line
        lines.append(_values_in(lang, say(lang, text)))
    return "\n".join(lines)
