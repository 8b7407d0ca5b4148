"""The offline table (`bot.py local`) and the other command-line entry points (issue 2 part 6)."""

from __future__ import annotations

import io
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engines import ENGINES
from engines.base import Rng
from host.local import run_local
from tests.conformance import configurations
from tests.playouts import pick_move
from tests.sealed_bids import ENGINE as SEALED

ROOT = Path(__file__).resolve().parent.parent


def scripted_moves(engine, players: int, seed: int, variant: str | None = None) -> list[str]:
    """A complete game as `SEAT MOVE` lines (moves picked as ``tests.playouts`` says), found by
    playing the engine directly."""
    chooser, policy = random.Random(seed), Rng.from_seed(seed)
    state = engine.setup(players, seed=seed, variant=variant)
    lines = []
    while waiting := engine.to_move(state):
        seat = chooser.choice(waiting)
        move = pick_move(engine, state, seat, chooser, policy)
        lines.append(f"{seat + 1} {move}")
        state = engine.apply(state, seat, move).state
    return lines


async def test_piped_game_plays_to_the_end_with_standings(tmp_path):
    engines = {SEALED.id: SEALED}
    lines = ["moves 1", "9 bid 1", "1 fly", *scripted_moves(SEALED, 3, seed=5)]
    out = io.StringIO()
    code = await run_local(
        "sealed",
        3,
        seed=5,
        db=str(tmp_path / "l.db"),
        out_dir=str(tmp_path / "img"),
        lines=lines,
        out=out,
        engines=engines,
    )
    text = out.getvalue()
    assert code == 0
    assert "Seat 1 may (type the move or a few words):" in text
    assert "! You are not a player" in text  # seat 9 does not exist
    assert "! `fly` is not a legal move" in text
    assert "Final standings" in text


async def test_unfinished_game_resumes_from_the_database(tmp_path):
    engines = {SEALED.id: SEALED}
    moves = scripted_moves(SEALED, 2, seed=8)
    db = str(tmp_path / "l.db")
    out = io.StringIO()
    await run_local(
        "sealed", 2, seed=8, db=db, out_dir=None, lines=moves[:3], out=out, engines=engines
    )
    assert "not finished" in out.getvalue()
    out = io.StringIO()
    code = await run_local(
        "sealed", 2, seed=8, db=db, out_dir=None, lines=moves[3:], out=out, engines=engines
    )
    assert code == 0 and "Resuming" in out.getvalue() and "Final standings" in out.getvalue()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game_id", "players", "variant"),
    [
        pytest.param(g, n, v, id=f"{g}-{v}-{n}p")
        for g, engine in sorted(ENGINES.items())
        for n, v in configurations(engine)
    ],
)
def test_bot_py_local_plays_every_configuration(tmp_path, game_id, players, variant):
    """Every player count and variant plays to the end through `bot.py local`; the first one of
    each game also writes a board image per move (rendering every move of every configuration
    would cost minutes of CI time and prove nothing more)."""
    engine = ENGINES[game_id]
    with_images = (players, variant) == configurations(engine)[0]
    moves = scripted_moves(engine, players, seed=3, variant=variant)
    result = subprocess.run(
        [
            sys.executable,
            "bot.py",
            "local",
            game_id,
            "--players",
            str(players),
            "--variant",
            variant,
            "--seed",
            "3",
            "--out",
            str(tmp_path),
            *([] if with_images else ["--no-images"]),
        ],
        input="\n".join(moves) + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert "Final standings" in result.stdout
    boards = list(tmp_path.glob("*-board.png"))
    if with_images:
        # The opening board, then one per new post (table talk: a turn's steps edit its post).
        assert 1 <= len(boards) <= len(moves) + 1
        assert len(list(tmp_path.glob("*-standings.png"))) == 1
    else:
        assert boards == []


def test_check_data_passes_and_reports_provenance():
    result = subprocess.run(
        [sys.executable, "bot.py", "check-data"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    for game_id in ENGINES:
        assert f"({game_id}): " in result.stdout
    assert "PROBLEM" not in result.stdout


def test_no_token_explains_and_opens_the_offline_table(tmp_path):
    # Any free port: make run serves the game's page beside the terminal and says where.
    env = {"PATH": "/usr/bin:/bin", "PORTOLAN_GAMES": ",".join(ENGINES) or "none"}
    env["PORTOLAN_WEB"] = "127.0.0.1:0"
    if not ENGINES:
        pytest.skip("no game registered")
    result = subprocess.run(
        [sys.executable, str(ROOT / "bot.py")],
        input="quit\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
    )
    assert "DISCORD_TOKEN" in result.stdout
    assert "offline table" in result.stdout
    assert "The game's page, at full size: http://127.0.0.1:" in result.stdout


# ---- bad paths and foreign files: one clear line, nothing changed (issue 13) -------------


async def _local(tmp_path, **kw):
    out = io.StringIO()
    options = {"db": str(tmp_path / "l.db"), "out_dir": str(tmp_path / "img"), "lines": []}
    options |= kw
    code = await run_local("sealed", 2, out=out, engines={SEALED.id: SEALED}, **options)
    return code, out.getvalue().strip()


def _snapshot(path: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(path.parent.glob(path.name + "*"))}


async def test_a_missing_folder_or_a_folder_is_refused(tmp_path):
    code, text = await _local(tmp_path, db=str(tmp_path / "nowhere" / "l.db"))
    assert code == 2 and text.count("\n") == 0 and "does not exist" in text
    code, text = await _local(tmp_path, db=str(tmp_path))
    assert code == 2 and "is a folder" in text


async def test_a_file_that_is_not_a_database_is_refused_and_unchanged(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my shopping list\n" * 50)
    before = _snapshot(notes)
    code, text = await _local(tmp_path, db=str(notes))
    assert code == 2 and "is not a SQLite database" in text and "\n" not in text
    assert _snapshot(notes) == before


async def test_another_programs_sqlite_file_is_refused_and_unchanged(tmp_path):
    import sqlite3

    other = tmp_path / "other.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        db.execute("INSERT INTO notes (body) VALUES ('keep me')")
    before = _snapshot(other)
    code, text = await _local(tmp_path, db=str(other))
    assert code == 2 and "another program's SQLite database" in text
    assert _snapshot(other) == before  # not switched to WAL, no tables created


async def test_a_newer_schema_is_refused_and_unchanged(tmp_path):
    import sqlite3

    newer = tmp_path / "newer.db"
    with sqlite3.connect(newer) as db:
        db.execute("CREATE TABLE tables (id INTEGER PRIMARY KEY)")
        db.execute("PRAGMA user_version = 999")
    before = _snapshot(newer)
    code, text = await _local(tmp_path, db=str(newer))
    assert code == 2 and "newer than this program" in text
    assert _snapshot(newer) == before


async def test_out_naming_a_file_and_a_huge_seed_are_refused_before_any_database(tmp_path):
    target = tmp_path / "picture.png"
    target.write_bytes(b"not a folder")
    code, text = await _local(tmp_path, out_dir=str(target))
    assert code == 2 and "is a file, not a folder" in text
    code, text = await _local(tmp_path, seed=2**64)
    assert code == 2 and "--seed" in text
    assert not (tmp_path / "l.db").exists()  # no lobby left behind to brick the file
    code, text = await _local(tmp_path, seed=2**63 - 1, lines=scripted_moves(SEALED, 2, 2**63 - 1))
    assert code == 0, text


async def test_a_damaged_game_is_refused_with_one_line(tmp_path):
    import sqlite3

    db = tmp_path / "l.db"
    code, _ = await _local(tmp_path, seed=3, lines=scripted_moves(SEALED, 2, seed=3)[:1])
    assert code == 0
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE tables SET state = '{\"broken' WHERE status = 'active'")
    code, text = await _local(tmp_path, seed=3)
    assert code == 2 and "damaged" in text and "\n" not in text


@pytest.mark.parametrize("game", sorted(ENGINES))
async def test_the_offline_table_speaks_of_its_own_commands(game, tmp_path):
    """Issue 25 item 7: no `/move`, buttons or `/hand` (it has none of them); the help's example
    is a legal move at the start (it is played here); `moves` lists the choices in words."""
    first = io.StringIO()
    await run_local(game, 3, seed=4, db=str(tmp_path / "a.db"), out_dir=None, lines=[], out=first)
    text = first.getvalue()
    for foreign in ("/move", "/hand", "button", "Player A"):
        assert foreign not in text, foreign
    example = text.split("(e.g. `", 1)[1].split("`", 1)[0]
    out = io.StringIO()
    lines = [f"moves {example.split()[0]}", example]
    await run_local(game, 3, seed=4, db=str(tmp_path / "b.db"), out_dir=None, lines=lines, out=out)
    said = out.getvalue()
    assert "! " not in said, said  # the example was accepted
    listed = said.split("may (type the move or a few words):\n", 1)[1].split("\n")[0]
    name, code = listed.strip().rsplit(": `", 1)
    assert name.lower() != code.rstrip("`").lower(), listed  # a description, not the code


async def test_the_offline_table_speaks_greek_and_accepts_english_moves(tmp_path, monkeypatch):
    """issue 26 item 1 (`--lang el`): the table's own words are Greek, its language is where the
    host looks for it (the local server's setting, each seat's preference), the board it draws
    is asked for in Greek, and the English move texts piped in are accepted."""
    import host.local
    from host import languages
    from host.store import Store

    drawn = []
    monkeypatch.setattr(host.local, "_png", lambda game, kind, view: drawn.append(view) or None)
    posted = []

    async def render(spec):
        posted.append(spec)

    monkeypatch.setattr("host.notify.render_png_async", render)
    engines = {SEALED.id: SEALED}
    lines = ["moves 1", "foo", "board", "9 bid 1", *scripted_moves(SEALED, 3, seed=5)]
    out = io.StringIO()
    db = str(tmp_path / "l.db")
    code = await run_local(
        "sealed", 3, seed=5, db=db, out_dir=None, lines=lines, out=out, engines=engines, lang="el"
    )
    text = out.getvalue()
    assert code == 0
    assert "Η θέση 1 μπορεί" in text and "Seat 1 may" not in text
    assert "Άγνωστη εντολή `foo`. Γράψε `ΘΕΣΗ ΚΙΝΗΣΗ`" in text
    assert [line for line in text.splitlines() if line.startswith("! ")] == [
        "! Δεν είσαι παίκτης σε αυτό το παιχνίδι."  # seat 9: the only refusal, in Greek too
    ]
    assert "δεν τελείωσε" not in text  # every English move was taken, to the end
    assert drawn and drawn[0]["lang"] == "el"  # `board`
    boards = [spec for spec in posted if spec and spec["kind"] == "board"]
    assert boards and all(spec["view"]["lang"] == "el" for spec in boards)  # every post's board
    store = await Store.open(db)
    try:
        assert (await store.get_guild_settings(0))[languages.SETTING] == "el"
        for user in (1, 2, 3):  # the seats' user ids
            assert (await store.get_prefs(user))[languages.SETTING] == "el"
        table = await store.latest_table(0)
        assert [s.name for s in table.seats] == ["Θέση 1", "Θέση 2", "Θέση 3"]
    finally:
        await store.close()


def test_bot_py_local_help_offers_the_languages():
    result = subprocess.run(
        [sys.executable, "bot.py", "local", "--help"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert result.returncode == 0
    assert "--lang {en,el,ru}" in result.stdout and "Greek" in result.stdout


# ---- the game's page beside the terminal (issue 42: make run serves the pages and says where) --


async def test_the_offline_table_serves_its_game_page_and_says_where(tmp_path):
    import re
    import threading
    import urllib.request

    from web.offline import OfflinePages

    out = io.StringIO()
    seen: dict[str, object] = {}

    def lines():
        # Read while the terminal waits for its next line: the pages answer from their thread.
        url = re.search(r"http://\S+", out.getvalue())
        seen["url"] = url and url.group(0)
        if url:
            with urllib.request.urlopen(url.group(0), timeout=10) as answer:
                seen["status"], seen["page"] = answer.status, answer.read().decode()
        yield "quit"

    game = next(iter(ENGINES))
    before = {t.name for t in threading.enumerate()}
    code = await run_local(
        game,
        2,
        seed=3,
        db=str(tmp_path / "l.db"),
        out_dir=None,
        lines=lines(),
        out=out,
        pages=OfflinePages("127.0.0.1", 0),
    )
    assert code == 0
    assert "The game's page, at full size: http://127.0.0.1:" in out.getvalue()
    assert seen["status"] == 200 and ENGINES[game].title in str(seen["page"])
    assert "portolan-pages" not in {t.name for t in threading.enumerate()} - before


async def test_a_taken_port_leaves_the_offline_table_playing_without_its_page(tmp_path):
    import socket

    from web.offline import OfflinePages

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = io.StringIO()
        code = await run_local(
            next(iter(ENGINES)),
            2,
            seed=3,
            db=str(tmp_path / "l.db"),
            out_dir=None,
            lines=["quit"],
            out=out,
            pages=OfflinePages("127.0.0.1", port),
        )
    assert code == 0
    assert "The web page could not start" in out.getvalue()
    assert "playing without it" in out.getvalue()
