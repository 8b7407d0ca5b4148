"""Playing: ``/move`` (with autocomplete), ``/board``, ``/hand``, ``/log``, ``/rules``."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from discord_io.buttons import PLAY_BUTTONS, ChoicesButton, MoveButton
from discord_io.choices import GAME_CHOICES
from discord_io.client import channel_id_of
from discord_io.first_response import timed_autocomplete
from discord_io.replies import (
    acknowledge,
    announce,
    channel_language,
    png_file,
    post_public,
    reader_language,
    reply,
    reply_error,
    said_to,
)
from discord_io.texts import clip, long_answer
from engines import ENGINES
from engines.base import MAX_MOVE_LENGTH
from host.catalog import provenance
from host.images import render_png_async
from host.tables import MoveRefused, TableError, private_summary
from i18n import N_, T, say

if TYPE_CHECKING:
    from discord_io.client import PortolanClient


TOPIC_TITLES = {
    "summary": N_("Summary"),
    "moves": N_("Moves"),
    "scoring": N_("Scoring"),
    "tiles": N_("Tiles"),
    "data": N_("Where the components come from"),
    "reconstructed": N_("Reconstructed rules and data"),
    "reconstructed-rules": N_("Reconstructed rules"),
    "locations": N_("Locations"),
    "turn": N_("Turn"),
    "actions": N_("Actions"),
    "end": N_("End"),
    "islands": N_("Islands"),
}
SOURCES = {
    "rulebook": N_("printed in the rulebook"),
    "public": N_("from public descriptions of the game"),
    "provisional": N_("made here to fit every count and example the rules give"),
}
"""Where a component's data comes from, as the "data" topic says it."""
ANY_GAME_TOPICS = [(N_("Summary"), "summary"), (N_("Moves"), "moves"), (N_("Data"), "data")]
"""The topics offered before a game is chosen."""


def topic_title(key: str, text: str, lang: str = "en") -> str:
    """A topic's title in words: a usual name, else its text's opening phrase when that is a
    short name ("San Juan", "Price cards"), else its key in words (``text`` is said already)."""
    if key in TOPIC_TITLES:
        return i18n.gettext(lang, TOPIC_TITLES[key])
    head = re.split(r"[(:.\n`]", text, maxsplit=1)[0].strip(" -*")
    if 2 <= len(head) <= 30 and head[0].isupper():
        return head
    return key.replace("-", " ").replace("_", " ").capitalize()


def rules_topics(game: str, lang: str = "en") -> dict[str, tuple[str, str]]:
    """The game's rules topics in ``lang``, each once: key -> (title in words, text). A long
    topic that the engine split into parts (``tokens``, ``tokens-2``; ``reconstructed 2``) is one
    topic whose parts follow each other."""
    engine = ENGINES[game]
    raw: dict[str, str] = {key: say(lang, text) for key, text in engine.rules_topics.items()}
    counter, _ = provenance(game)
    parts = "; ".join(
        f"{n} {i18n.gettext(lang, SOURCES[s]) if s in SOURCES else s}"
        for s, n in counter.items()
        if n
    )
    raw["data"] = say(
        lang,
        T(
            "Where the components of {game} come from: {parts}. "
            "A group that owns the printed game can correct any of them.",
            game=engine.title,
            parts=parts or T("no records"),
        ),
    )
    topics: dict[str, tuple[str, str]] = {}
    for key, text in raw.items():
        base = re.sub(r"[- ]?\d+$", "", key)
        if base != key and base in topics:  # a later part of a topic split in parts
            title, before = topics[base]
            topics[base] = (title, before + "\n" + _later_part(before, text))
            continue
        topics[key] = (topic_title(key, text, lang), text)
    return {key: (title, _references(key, text, topics)) for key, (title, text) in topics.items()}


def _references(key: str, text: str, topics: dict[str, tuple[str, str]]) -> str:
    """A topic's text with its references to other topics (`` `tiles` ``, ``/rules tiles``,
    ``/rules vasco landings``) by their titles, as the reader finds them in /rules (issue 40
    section 5). The moves topic's code spans are moves ("`tavern`"), and a key written after its
    own title ("San Juan (`sanjuan`)") is what one types: both stay."""
    titled = {k: title for k, (title, _) in topics.items() if k != key}

    def span(m: re.Match[str]) -> str:
        name = m.group(1)
        title = titled.get(name)
        if title is None or key == "moves" or text[: m.start()].endswith(f"{title} ("):
            return m.group(0)
        return f"*{title}*"

    def command(m: re.Match[str]) -> str:
        title = titled.get(m.group(1))
        return f"*{title}*" if title is not None else m.group(0)

    text = re.sub(r"`([a-z][a-z0-9-]*)`", span, text)
    return re.sub(r"`?/rules (?:[a-z]+ )?([a-z][a-z0-9-]*)`?", command, text)


def _later_part(first: str, text: str) -> str:
    """A later part of a topic, without a heading line it repeats from the first part."""
    head, _, rest = text.partition("\n")
    return rest if rest and first.startswith(re.sub(r" \(part \d+ of \d+\):?$", "", head)) else text


def rules_text(game: str, topic: str | None, lang: str = "en") -> str:
    """``/rules``: one topic under its title, and the other topics' titles, in ``lang`` (a
    topic may be asked for by its key, its English title or its title in ``lang``)."""
    engine = ENGINES[game]
    topics = rules_topics(game, lang)
    english = topics if lang == "en" else rules_topics(game)
    wanted = (topic or ("summary" if "summary" in topics else next(iter(topics)))).lower()
    key = next(
        (
            k
            for k, (title, _) in topics.items()
            if wanted in (k.lower(), title.lower(), english[k][0].lower())
        ),
        None,
    )
    titles = ", ".join(title for _, (title, _) in topics.items())
    if key is None:
        missing = T(
            "No topic “{topic}” for {game}. Topics: {titles}.",
            topic=wanted[:30],
            game=engine.title,
            titles=titles,
        )
        return say(lang, missing)
    title, text = topics[key]
    others = ", ".join(t for k, (t, _) in topics.items() if k != key)
    framed = T(
        "**{game}: {title}**\n{text}\n\n_Other topics: {others}_",
        game=engine.title,
        title=title,
        text=text,
        others=others,
    )
    return say(lang, framed)


async def asked_view(interaction: discord.Interaction, refused: MoveRefused) -> discord.ui.View:
    """The private buttons under a refused ``/move``: the moves it names, in the member's words,
    each playing exactly that move as the "My choices" buttons do (refused once the game has
    moved on), and "My choices" itself for every move (issue 38 item 1: asked, never guessed)."""
    view = discord.ui.View(timeout=None)
    for index, label in zip(refused.indices, refused.labels, strict=True):
        view.add_item(MoveButton(refused.table_id, refused.version, index, label))
    mine = await said_to(interaction, ChoicesButton.LABEL)
    view.add_item(ChoicesButton(refused.table_id, refused.version, mine))
    return view


class PlayCog(commands.Cog):
    def __init__(self, bot: PortolanClient) -> None:
        self.bot = bot

    @app_commands.command(name="move", description="Make your move in this channel's game")
    @app_commands.describe(move="Your move; start typing to see the legal ones")
    async def move(
        self, interaction: discord.Interaction, move: app_commands.Range[str, 1, MAX_MOVE_LENGTH]
    ) -> None:
        # Answered before the lock, the commit and any picture: the seat fillers that follow
        # move in the background (``TableService.kick``), never inside this interaction.
        await acknowledge(interaction)
        try:
            outcome = await self.bot.tables.submit(
                channel_id_of(interaction),
                interaction.user.id,
                move,
                lang=await reader_language(self.bot, interaction),
            )
        except MoveRefused as refused:
            await reply_error(interaction, refused, view=await asked_view(interaction, refused))
            return
        except TableError as error:
            await reply_error(interaction, error)
            return
        await announce(self.bot, interaction, outcome)

    @move.autocomplete("move")
    @timed_autocomplete
    async def move_autocomplete(self, interaction: discord.Interaction, current: str):
        # Names are the moves in words; values are the canonical move marked with the version it
        # was offered at, so a choice picked after the game moved on is refused, not misapplied.
        # The member's language from memory: autocomplete asks at every keystroke.
        lang = await self.bot.tables.member_language(
            interaction.user.id, interaction.guild_id, locale=str(interaction.locale)
        )
        choices = await self.bot.tables.move_choices(
            interaction.channel_id or 0, interaction.user.id, current, lang=lang
        )
        return [
            app_commands.Choice(name=name[:100], value=value[:100]) for name, value in choices[:25]
        ]

    @app_commands.command(name="board", description="Show the latest board of this channel's game")
    @app_commands.describe(
        public="Post it for everyone (default: only you see it)",
        detail="The denser image with everything that does not fit the board",
    )
    async def board(
        self, interaction: discord.Interaction, public: bool = False, detail: bool = False
    ) -> None:
        await acknowledge(interaction)  # privately even when public: it may be refused
        try:
            lang = await (channel_language if public else reader_language)(self.bot, interaction)
            table, view = await self.bot.tables.board_view(channel_id_of(interaction), lang)
        except TableError as error:
            await reply_error(interaction, error)
            return
        kind = "detail" if detail else "board"
        spec = {"kind": kind, "game": table.game, "view": view}
        png = await render_png_async(spec)
        engine = self.bot.tables.engine(table.game)
        if detail:
            text = T(
                "{game}, after move {moves} in detail", game=engine.title, moves=table.move_count
            )
        else:
            text = T("{game}, after move {moves}", game=engine.title, moves=table.move_count)
        if public:
            await post_public(interaction, text, png=png, filename=f"{kind}.png", spec=spec)
            return
        kwargs: dict[str, Any] = (
            {"file": file} if (file := png_file(png, f"{kind}.png", spec)) else {}
        )
        await interaction.followup.send(await said_to(interaction, text), ephemeral=True, **kwargs)

    @app_commands.command(name="hand", description="Your private information (only you see it)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        try:
            table, view = await self.bot.tables.hand(
                channel_id_of(interaction),
                interaction.user.id,
                await reader_language(self.bot, interaction),
            )
        except TableError as error:
            await reply_error(interaction, error)
            return
        spec = {"kind": "private", "game": table.game, "view": view}
        png = await render_png_async(spec)
        kwargs: dict[str, Any] = (
            {"file": file} if (file := png_file(png, "private.png", spec)) else {}
        )
        summary = private_summary(view, self.bot.tables.engine(table.game))
        await interaction.followup.send(clip(summary), ephemeral=True, **kwargs)

    @app_commands.command(name="log", description="The last moves of this channel's game")
    @app_commands.describe(count="How many moves (1-50, default 10)")
    async def log(
        self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 50] = 10
    ) -> None:
        await acknowledge(interaction)
        try:
            lines = await self.bot.tables.recent_log(channel_id_of(interaction), count)
        except TableError as error:
            await reply_error(interaction, error)
            return
        text = "\n".join(lines) or T("No moves yet.")
        # Keep the newest lines when the log is longer than a message.
        while len(text) > 1900:
            lines = lines[1:]
            text = "\n".join(lines)
        await reply(
            interaction, text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(
        name="rules", description="Rules summary, move syntax and data provenance"
    )
    @app_commands.describe(
        game="Which game (default: this channel's)", topic="summary, moves, data, ..."
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(
        self, interaction: discord.Interaction, game: str | None = None, topic: str | None = None
    ) -> None:
        await acknowledge(interaction)
        game = game or await self._channel_game(interaction.channel_id)
        if game is None:
            await reply_error(
                interaction,
                TableError(
                    T(
                        "No game in this channel: name one, e.g. `/rules game:tahiti`. "
                        "Games: {games}.",
                        games=", ".join(ENGINES),
                    )
                ),
            )
            return
        if game not in ENGINES:
            await reply_error(interaction, TableError(T("Unknown game `{game}`.", game=game[:40])))
            return
        lang = await reader_language(self.bot, interaction)
        page, files = long_answer(rules_text(game, topic, lang), "rules.txt", lang)
        attached: dict[str, Any] = {"files": files} if files else {}
        await reply(interaction, page, ephemeral=True, **attached)

    async def _channel_game(self, channel_id: int | None) -> str | None:
        """The game of this channel's latest table, if any (so `/rules` needs no game there)."""
        if channel_id is None:
            return None
        table = await self.bot.store.latest_table(channel_id)
        return table.game if table is not None and table.game in ENGINES else None

    @rules.autocomplete("topic")
    @timed_autocomplete
    async def topic_autocomplete(self, interaction: discord.Interaction, current: str):
        game = getattr(interaction.namespace, "game", None)
        game = game or await self._channel_game(interaction.channel_id)
        engine = ENGINES.get(game) if game else None
        lang = await reader_language(self.bot, interaction)
        topics = (
            [(title, key) for key, (title, _) in rules_topics(engine.id, lang).items()]
            if engine
            else [(i18n.gettext(lang, title), key) for title, key in ANY_GAME_TOPICS]
        )
        typed = current.lower()
        return [
            app_commands.Choice(name=title, value=key)
            for title, key in topics
            if typed in title.lower() or typed in key
        ][:25]


async def setup(bot: PortolanClient) -> None:
    await bot.add_cog(PlayCog(bot))
    bot.add_dynamic_items(*PLAY_BUTTONS)
