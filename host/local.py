"""The offline table: a whole game in a terminal, on the same host, engines, renderers and SQLite
as the Discord bot. Seats are numbered from 1; each input line is ``SEAT MOVE`` or a command.

Private messages are printed too, marked with their seat: the offline table is for testing and
hot-seat play, where everyone shares one screen.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TextIO

from engines.base import Engine
from host.notify import Deliverer
from host.store import OutboxItem, Store, StoreError
from host.tables import Outcome, TableError, TableService, private_summary, split_version
from players import DEFAULT_LEVEL, LEVELS, TurnMemory, choose_move_async, filler_name

LOCAL_CHANNEL = 0
HELP = (
    "Type `SEAT MOVE` (e.g. `{example}`): a move as `moves SEAT` lists it, or a few of its "
    "words. Also: `board` (the board image), `moves SEAT` (that seat's choices), `view SEAT` "
    "(what only that seat knows), `help`, `quit`."
)
"""The offline table's own commands (it has no slash commands, buttons or DMs)."""


async def help_text(service: TableService) -> str:
    """The help line, its example a move that is legal now (a seat to move and its first choice)."""
    example = "1 done"
    table = await service.store.live_table(LOCAL_CHANNEL)
    if table is not None and table.state is not None:
        engine = service.engine(table.game)
        state = engine.decode(table.state)
        if waiting := engine.to_move(state):
            example = f"{waiting[0] + 1} {engine.legal_moves(state, waiting[0])[0]}"
    return HELP.format(example=example)


def user_id(seat: int) -> int:
    return seat + 1


class TerminalTransport:
    """Prints posts and writes each board image into a folder."""

    def __init__(self, out: TextIO, image_dir: Path | None) -> None:
        self.out = out
        self.image_dir = image_dir
        self.images = 0

    def _say(self, text: str) -> None:
        # Discord mentions mean nothing in a terminal: show seat numbers instead.
        for seat in range(8):
            text = text.replace(f"<@{user_id(seat)}>", f"seat {seat + 1}")
        print(text, file=self.out, flush=True)

    def _save(self, png: bytes | None, name: str) -> None:
        if png and self.image_dir is not None:
            self.images += 1
            path = self.image_dir / f"{self.images:04d}-{name}.png"
            path.write_bytes(png)
            print(f"[image: {path}]", file=self.out, flush=True)

    async def send_channel(self, item: OutboxItem, png: bytes | None) -> None:
        if item.payload.get("buttons_off"):
            return  # a terminal has no buttons to take away
        if item.payload.get("edit_of"):
            # A terminal cannot edit what it printed: print only what the edit adds.
            footer = item.payload["text"].rsplit("\n", 1)[-1]
            added = item.payload.get("append", [])
            self._say("\n".join([*added, *([footer] if footer.startswith("To move") else [])]))
        else:
            # The channel's "how to play" speaks of slash commands and buttons: the terminal
            # prints its own help instead (``help_text``).
            lines = item.payload["text"].split("\n")
            self._say("\n".join(x for x in lines if not x.startswith("How to play:")))
        self._save(png, (item.payload.get("image") or {}).get("kind", "board"))

    async def send_dm(self, item: OutboxItem, png: bytes | None) -> bool:
        self._say(f"[private to seat {item.target}] " + item.payload["text"].split("\n", 1)[-1])
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
) -> int:
    """Play a game from ``lines`` (stdin by default). Returns a process exit code.

    ``bots`` seat fillers take the last seats; when every seat is one, the game plays itself.
    They play ``level``'s fixed budget, not its seconds, so a seed replays the same game.
    Bad arguments and files that are not this table's are refused with one line (exit code 2)
    before anything is written anywhere."""
    out = out or sys.stdout
    if not 0 <= bots <= players:
        print(f"--bots must be between 0 and --players ({players}).", file=out)
        return 2
    if level not in LEVELS:
        print(f"--level must be one of: {', '.join(LEVELS)}.", file=out)
        return 2
    if seed is not None and not 0 <= seed < 2**63:  # a signed 64-bit SQLite integer
        print("Cannot start: --seed must be a whole number from 0 to 2^63 - 1.", file=out)
        return 2
    image_dir = Path(out_dir) if out_dir else None
    if image_dir is not None:
        if image_dir.exists() and not image_dir.is_dir():
            print(f"Cannot start: --out {image_dir} is a file, not a folder.", file=out)
            return 2
        try:
            image_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            print(f"Cannot start: cannot create --out {image_dir}: {error.strerror}.", file=out)
            return 2
    temp = None
    if db is None:
        temp = tempfile.TemporaryDirectory(prefix="portolan-")
        db = str(Path(temp.name) / "local.db")
    try:
        store = await Store.open(db)
    except StoreError as error:
        print(f"Cannot open the database: {error}", file=out)
        if temp is not None:
            temp.cleanup()
        return 2
    try:
        service = TableService(store, engines=engines)
        deliverer = Deliverer(store, TerminalTransport(out, image_dir))

        async def deliver(outcome: Outcome) -> None:
            await deliverer.deliver(outcome.items)

        # Seats on autopilot move in the background as on Discord; with no deadline to meet,
        # the terminal waits for them after each line (``service.settle``).
        service.on_pilot = deliver
        try:
            table = await store.live_table(LOCAL_CHANNEL)
            if table is not None and table.status == "active":
                service.engine(table.game).decode(table.state)  # damaged state: refuse now
        except (ValueError, KeyError, TypeError, TableError) as error:
            print(f"Cannot resume: the game in {db} is damaged ({error}).", file=out)
            return 2
        if table is not None and (table.game != game or table.status != "active"):
            print(
                f"{db} already holds an unfinished local {table.game} table; "
                "use another --db to start a new game.",
                file=out,
            )
            return 2
        if table is None:
            try:
                await service.open(
                    guild_id=None,
                    channel_id=LOCAL_CHANNEL,
                    game=game,
                    user_id=user_id(0),
                    name=_seat_name(0, players, bots, level),
                    variant=variant,
                    players=players,
                )
                for seat in range(1, players):
                    await service.join(
                        LOCAL_CHANNEL, user_id(seat), _seat_name(seat, players, bots, level)
                    )
                outcome = await service.start(LOCAL_CHANNEL, user_id(0), seed=seed)
            except TableError as error:
                print(f"Cannot start: {error}", file=out)
                return 2
            await deliverer.deliver(outcome.items)
            await service.settle()
        else:
            print(f"Resuming table #{table.id} after move {table.move_count}.", file=out)
            await deliverer.flush(table.id)
        fillers = set(range(players - bots, players))
        over = await _play_fillers(service, deliverer, fillers, level)
        if not over and len(fillers) < players:
            print(await help_text(service), file=out, flush=True)
        source = sys.stdin if lines is None else lines
        for raw in () if over or len(fillers) >= players else source:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line in ("quit", "exit"):
                break
            if not await _handle(service, deliverer, line, out):
                break
            if await _play_fillers(service, deliverer, fillers, level):
                break
        table = await store.latest_table(LOCAL_CHANNEL)
        if table is not None and table.status == "finished":
            return 0
        print("The game is not finished; run again with the same --db to resume.", file=out)
        return 0 if table is not None else 1
    finally:
        await store.close()
        if temp is not None:
            temp.cleanup()


async def _handle(service: TableService, deliverer: Deliverer, line: str, out: TextIO) -> bool:
    """Run one input line; False when the game is over."""
    word, _, rest = line.partition(" ")
    try:
        if word == "help":
            print(await help_text(service), file=out)
        elif word == "board":
            table, view = await service.board_view(LOCAL_CHANNEL)
            await deliverer.transport.send_channel(
                OutboxItem(key="board", kind="channel", target=LOCAL_CHANNEL, payload={"text": ""}),
                _png(table.game, "board", view),
            )
        elif word in ("moves", "view"):
            seat = int(rest) - 1
            if word == "moves":
                choices = await service.move_choices(LOCAL_CHANNEL, user_id(seat))
                if not choices:
                    print(f"Seat {seat + 1} may: nothing now (not their turn).", file=out)
                else:
                    rows = [f"  {name}: `{split_version(value)[0]}`" for name, value in choices]
                    print(f"Seat {seat + 1} may (type the move or a few words):", file=out)
                    print("\n".join(rows), file=out)
            else:
                _, view = await service.hand(LOCAL_CHANNEL, user_id(seat))
                print(private_summary(view), file=out)
        elif word.isdigit():
            outcome = await service.submit(LOCAL_CHANNEL, user_id(int(word) - 1), rest)
            await deliverer.deliver(outcome.items)
            await service.settle()
            if outcome.finished:
                return False
        else:
            print(f"Unknown command `{word}`. {await help_text(service)}", file=out)
    except (TableError, ValueError) as error:
        print(f"! {error}", file=out, flush=True)
    return True


def _seat_name(seat: int, players: int, bots: int, level: str = DEFAULT_LEVEL) -> str:
    first_bot = players - bots
    # Named by the seat number the player types, never "Player A".
    return filler_name(seat - first_bot + 1, level) if seat >= first_bot else f"Seat {seat + 1}"


async def _play_fillers(
    service: TableService, deliverer: Deliverer, fillers: set[int], level: str = DEFAULT_LEVEL
) -> bool:
    """Play the filler seats while they are awaited; True when the game is over."""
    budget = LEVELS[level].budget(timed=False)
    memory = TurnMemory()
    while fillers:
        table = await service.latest(LOCAL_CHANNEL)
        if table.status != "active":
            return table.status == "finished"
        engine = service.engine(table.game)
        state = engine.decode(table.state)
        due = [s for s in engine.to_move(state) if s in fillers]
        if not due:
            return False
        seed = (table.seed or table.id) * 1_000_003 + table.move_count
        earlier = memory.decide(engine, state, due[0])
        move = await choose_move_async(
            engine, state, due[0], seed=seed, budget=budget, earlier=earlier
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
