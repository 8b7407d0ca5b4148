"""The offline table: a whole game in a terminal, on the same host, engines, renderers and SQLite
as the Discord bot. Seats are numbered from 1; each input line is ``SEAT MOVE`` or a command.

Private messages are printed too, marked with their seat: the offline table is for testing and
hot-seat play, where everyone shares one screen.

``--lang el|ru|en`` makes the table speak and draw one language (issue 26): it is the local
server's ``language`` setting and every seat's ``language`` preference, so the host says posts and
private messages in it as it would on Discord; the table's own words and the images it draws
itself are said here. English move texts stay accepted in every language.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections.abc import Awaitable, Callable, Iterable, Mapping
from pathlib import Path
from typing import Protocol, TextIO

import i18n
from engines.base import Engine
from host import languages
from host.notify import Deliverer
from host.store import OutboxItem, Store, StoreError
from host.tables import Outcome, TableError, TableService, private_summary, split_version
from i18n import T, say
from players import DEFAULT_LEVEL, LEVELS, TurnMemory, choose_move_async, filler_name

LOCAL_CHANNEL = 0


class Pages(Protocol):
    """The web pages beside the offline table (``web.offline.OfflinePages``; bot.py hands them
    in, so the host does not import the web room)."""

    error: BaseException | None

    def start(self, db: str, table_id: int) -> str | None:
        """Serve the pages over the table's file; the game page's address, else None."""

    def stop(self) -> None: ...


LOCAL_GUILD = 0
"""The offline table's server: no Discord server has id 0 (snowflakes are positive), so nothing
links to it; its settings hold the table's language."""
HELP = T(
    "Type `SEAT MOVE` (e.g. `{example}`): a move as `moves SEAT` lists it, or a few of its "
    "words. Also: `board` (the board image), `moves SEAT` (that seat's choices), `view SEAT` "
    "(what only that seat knows), `help`, `quit`.",
    example="1 done",
)
"""The offline table's own commands (it has no slash commands, buttons or DMs)."""


async def help_text(service: TableService) -> i18n.Msg:
    """The help line, its example a move that is legal now (a seat to move and its first choice)."""
    example = "1 done"
    table = await service.store.live_table(LOCAL_CHANNEL)
    if table is not None and table.state is not None:
        engine = service.engine(table.game)
        state = engine.decode(table.state)
        if waiting := engine.to_move(state):
            example = f"{waiting[0] + 1} {engine.legal_moves(state, waiting[0])[0]}"
    return T(HELP.msgid, example=example)


def user_id(seat: int) -> int:
    return seat + 1


class TerminalTransport:
    """Prints posts and writes each board image into a folder."""

    def __init__(self, out: TextIO, image_dir: Path | None, lang: str = i18n.ENGLISH) -> None:
        self.out = out
        self.image_dir = image_dir
        self.images = 0
        self.lang = lang
        self.saved: list[Path] = []
        """Every image written, in order (``bench.languages`` reads the words drawn on them)."""

    def _say(self, text: str) -> None:
        # Discord mentions mean nothing in a terminal: show seat numbers instead.
        text = say(self.lang, text)
        for seat in range(8):
            seat_word = say(self.lang, T("seat {number}", number=seat + 1))
            text = text.replace(f"<@{user_id(seat)}>", seat_word)
        print(text, file=self.out, flush=True)

    def _save(self, png: bytes | None, name: str) -> None:
        if png and self.image_dir is not None:
            self.images += 1
            path = self.image_dir / f"{self.images:04d}-{name}.png"
            path.write_bytes(png)
            self.saved.append(path)
            print(say(self.lang, T("[image: {path}]", path=str(path))), file=self.out, flush=True)

    async def post(self, item: OutboxItem, render: Callable[[], Awaitable[bytes | None]]) -> None:
        """A channel post, its board drawn in the table's language (the deliverer draws it when
        asked, from the image spec of the item)."""
        image = item.payload.get("image")
        if isinstance(image, dict) and isinstance(image.get("view"), dict):
            image["view"].setdefault("lang", self.lang)
        await self.send_channel(item, await render())

    async def send_channel(self, item: OutboxItem, png: bytes | None) -> None:
        if item.payload.get("buttons_off"):
            return  # a terminal has no buttons to take away
        if item.payload.get("edit_of"):
            # A terminal cannot edit what it printed: print only what the edit adds, and the
            # footer ("To move: ...") when the post ends with one rather than a log line.
            footer = say(self.lang, item.payload["text"]).rsplit("\n", 1)[-1]
            added = [say(self.lang, line) for line in item.payload.get("append", [])]
            self._say("\n".join([*added, *([footer] if footer not in added else [])]))
        else:
            # The channel's "how to play" speaks of slash commands and buttons: the terminal
            # prints its own help instead (``help_text``). It names `/move` and `/hand` in
            # every language.
            lines = say(self.lang, item.payload["text"]).split("\n")
            self._say("\n".join(x for x in lines if not ("`/move`" in x and "`/hand`" in x)))
        self._save(png, (item.payload.get("image") or {}).get("kind", "board"))

    async def send_dm(self, item: OutboxItem, png: bytes | None) -> bool:
        text = say(self.lang, item.payload["text"]).split("\n", 1)[-1]
        self._say(T("[private to seat {seat}] {text}", seat=item.target, text=text))
        self._save(png, f"seat{item.target}")
        return True


async def run_local(
    game: str,
    players: int,
    *,
    variant: str | None = None,
    seed: int | None = None,
    db: str | None = None,
    out_dir: str | None = "out",
    lines: Iterable[str] | None = None,
    out: TextIO | None = None,
    engines: Mapping[str, Engine] | None = None,
    bots: int = 0,
    level: str = DEFAULT_LEVEL,
    lang: str = i18n.ENGLISH,
    transport: TerminalTransport | None = None,
    pages: Pages | None = None,
) -> int:
    """Play a game from ``lines`` (stdin by default). Returns a process exit code.

    ``bots`` seat fillers take the last seats; when every seat is one, the game plays itself.
    They play ``level``'s fixed budget, not its seconds, so a seed replays the same game.
    Everything is said and drawn in ``lang``; a caller may pass its own ``transport`` (to read
    what was printed and drawn). ``pages`` serve the game's page in a browser beside the
    terminal (its address is printed). Bad arguments and files that are not this table's are refused
    with one line (exit code 2) before anything is written anywhere."""
    out = out or sys.stdout
    lang = i18n.language(lang)

    def tell(text: str) -> None:
        print(say(lang, text), file=out, flush=True)

    if not 0 <= bots <= players:
        tell(T("--bots must be between 0 and --players ({players}).", players=players))
        return 2
    if level not in LEVELS:
        tell(T("--level must be one of: {levels}.", levels=", ".join(LEVELS)))
        return 2
    if seed is not None and not 0 <= seed < 2**63:  # a signed 64-bit SQLite integer
        tell(T("Cannot start: --seed must be a whole number from 0 to 2^63 - 1."))
        return 2
    image_dir = Path(out_dir) if out_dir else None
    if image_dir is not None:
        if image_dir.exists() and not image_dir.is_dir():
            tell(T("Cannot start: --out {folder} is a file, not a folder.", folder=str(image_dir)))
            return 2
        try:
            image_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            tell(
                T(
                    "Cannot start: cannot create --out {folder}: {reason}.",
                    folder=str(image_dir),
                    reason=error.strerror,
                )
            )
            return 2
    temp = None
    if db is None:
        temp = tempfile.TemporaryDirectory(prefix="portolan-")
        db = str(Path(temp.name) / "local.db")
    try:
        store = await Store.open(db)
    except StoreError as error:
        tell(T("Cannot open the database: {error}", error=str(error)))
        if temp is not None:
            temp.cleanup()
        return 2
    try:
        service = TableService(store, engines=engines)
        if transport is None:
            transport = TerminalTransport(out, image_dir, lang)
        deliverer = Deliverer(store, transport)

        async def deliver(outcome: Outcome) -> None:
            await deliverer.deliver(outcome.items)

        # Seats on autopilot move in the background as on Discord; with no deadline to meet,
        # the terminal waits for them after each line (``service.settle``).
        service.on_pilot = deliver
        try:
            table = await store.live_table(LOCAL_CHANNEL)
            if table is not None and table.status == "active":
                service.engine(table.game).decode(table.game_state)  # damaged state: refuse now
        except (ValueError, KeyError, TypeError, TableError) as error:
            tell(
                T(
                    "Cannot resume: the game in {db} is damaged ({error}).",
                    db=db,
                    error=str(error),
                )
            )
            return 2
        if table is not None and (table.game != game or table.status != "active"):
            tell(
                T(
                    "{db} already holds an unfinished local {game} table; "
                    "use another --db to start a new game.",
                    db=db,
                    game=table.game,
                )
            )
            return 2
        await _speak(store, lang, players)
        if table is None:
            try:
                await service.open(
                    guild_id=LOCAL_GUILD,
                    channel_id=LOCAL_CHANNEL,
                    game=game,
                    user_id=user_id(0),
                    name=_seat_name(0, players, bots, level, lang),
                    variant=variant,
                    players=players,
                )
                for seat in range(1, players):
                    await service.join(
                        LOCAL_CHANNEL,
                        user_id(seat),
                        _seat_name(seat, players, bots, level, lang),
                    )
                outcome = await service.start(LOCAL_CHANNEL, user_id(0), seed=seed)
            except TableError as error:
                tell(T("Cannot start: {error}", error=_error_text(error)))
                return 2
            await deliverer.deliver(outcome.items)
            await service.settle()
        else:
            tell(
                T(
                    "Resuming table #{table} after move {moves}.",
                    table=table.id,
                    moves=table.move_count,
                )
            )
            await deliverer.flush(table.id)
        if pages is not None:
            await _open_pages(pages, db, store, tell)
        fillers = set(range(players - bots, players))
        over = await _play_fillers(service, deliverer, fillers, level)
        if not over and len(fillers) < players:
            tell(await help_text(service))
        source = sys.stdin if lines is None else lines
        for raw in () if over or len(fillers) >= players else source:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line in ("quit", "exit"):
                break
            if not await _handle(service, deliverer, line, out, lang):
                break
            if await _play_fillers(service, deliverer, fillers, level):
                break
        table = await store.latest_table(LOCAL_CHANNEL)
        if table is not None and table.status == "finished":
            return 0
        tell(T("The game is not finished; run again with the same --db to resume."))
        return 0 if table is not None else 1
    finally:
        if pages is not None:
            await asyncio.to_thread(pages.stop)
        await store.close()
        if temp is not None:
            temp.cleanup()


async def _open_pages(pages: Pages, db: str, store: Store, tell: Callable[[str], None]) -> None:
    table = await store.latest_table(LOCAL_CHANNEL)
    if table is None:
        return
    url = await asyncio.to_thread(pages.start, db, table.id)
    if url is None:
        why = str(pages.error)
        tell(T("The web page could not start ({error}); playing without it.", error=why))
    else:
        tell(T("The game's page, at full size: {url}", url=url))


async def _speak(store: Store, lang: str, players: int) -> None:
    """The table's language where the host looks for it: the local server's setting (the
    channel's posts) and each seat's preference (their private messages)."""
    settings = await store.get_guild_settings(LOCAL_GUILD)
    if settings.get(languages.SETTING) != lang:
        await store.set_guild_settings(LOCAL_GUILD, {**settings, languages.SETTING: lang})
    for seat in range(players):
        prefs = await store.get_prefs(user_id(seat))
        if prefs.get(languages.SETTING) != lang:
            await store.set_prefs(user_id(seat), {**prefs, languages.SETTING: lang})


def _error_text(error: Exception) -> str:
    """An error's text with its ``Msg`` kept, to be said in the table's language."""
    return error.args[0] if error.args and isinstance(error.args[0], str) else str(error)


async def _handle(
    service: TableService,
    deliverer: Deliverer,
    line: str,
    out: TextIO,
    lang: str = i18n.ENGLISH,
) -> bool:
    """Run one input line; False when the game is over."""

    def tell(text: str) -> None:
        print(say(lang, text), file=out, flush=True)

    word, _, rest = line.partition(" ")
    try:
        if word == "help":
            tell(await help_text(service))
        elif word == "board":
            table, view = await service.board_view(LOCAL_CHANNEL)
            view = {**view, "lang": lang}
            await deliverer.transport.send_channel(
                OutboxItem(key="board", kind="channel", target=LOCAL_CHANNEL, payload={"text": ""}),
                _png(table.game, "board", view),
            )
        elif word in ("moves", "view"):
            seat = int(rest) - 1
            if word == "moves":
                choices = await service.move_choices(LOCAL_CHANNEL, user_id(seat))
                if not choices:
                    tell(T("Seat {seat} may: nothing now (not their turn).", seat=seat + 1))
                else:
                    rows = [
                        f"  {say(lang, name)}: `{split_version(value)[0]}`"
                        for name, value in choices
                    ]
                    tell(T("Seat {seat} may (type the move or a few words):", seat=seat + 1))
                    print("\n".join(rows), file=out)
            else:
                _, view = await service.hand(LOCAL_CHANNEL, user_id(seat))
                tell(private_summary({**view, "lang": lang}))
        elif word.isdigit():
            outcome = await service.submit(LOCAL_CHANNEL, user_id(int(word) - 1), rest)
            await deliverer.deliver(outcome.items)
            await service.settle()
            if outcome.finished:
                return False
        else:
            tell(T("Unknown command `{word}`. {help}", word=word, help=await help_text(service)))
    except (TableError, ValueError) as error:
        print(f"! {say(lang, _error_text(error))}", file=out, flush=True)
    return True


def _seat_name(
    seat: int, players: int, bots: int, level: str = DEFAULT_LEVEL, lang: str = i18n.ENGLISH
) -> str:
    first_bot = players - bots
    # Named by the seat number the player types, never "Player A"; the name is stored, so it
    # is said once, in the table's language.
    if seat >= first_bot:
        return say(lang, filler_name(seat - first_bot + 1, level))
    return say(lang, T("Seat {number}", number=seat + 1))


async def _play_fillers(
    service: TableService, deliverer: Deliverer, fillers: set[int], level: str = DEFAULT_LEVEL
) -> bool:
    """Play the filler seats while they are awaited; True when the game is over."""
    memory = TurnMemory()
    while fillers:
        table = await service.latest(LOCAL_CHANNEL)
        if table.status != "active":
            return table.status == "finished"
        engine = service.engine(table.game)
        state = engine.decode(table.game_state)
        due = [s for s in engine.to_move(state) if s in fillers]
        if not due:
            return False
        seed = (table.seed or table.id) * 1_000_003 + table.move_count
        earlier = memory.decide(engine, state, due[0])
        move = await choose_move_async(
            engine,
            state,
            due[0],
            seed=seed,
            budget=LEVELS[level].budget(timed=False, engine=engine),
            earlier=earlier,
        )
        outcome = await service.submit(LOCAL_CHANNEL, user_id(due[0]), move)
        await deliverer.deliver(outcome.items)
        await service.settle()
        if outcome.finished:
            return True
    return False


def _png(game: str, kind: str, view: dict) -> bytes | None:
    from host.images import render_png

    return render_png({"kind": kind, "game": game, "view": view})
