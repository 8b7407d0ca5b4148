"""Each game's glossary (issue 26 items 4 and 6, docs/ARCHITECTURE.md 6b): every component and
action name a player reads has English, Greek and Russian; the Greek is Greek and the Russian
Cyrillic; every component the data files name has an entry; a word marked "transcript" is really in
the rulebook transcript; and the bundled fonts draw every letter the glossaries use."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import tomllib
import unicodedata
from pathlib import Path

import pytest
from PIL import ImageFont

from i18n import glossary as G

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"
FONTS = [DATA / "fonts" / "DejaVuSans.ttf", DATA / "fonts" / "DejaVuSans-Bold.ttf"]
TRANSCRIPTS_VARIABLE = "PORTOLAN_TRANSCRIPTS"
"""Names the folder of the rulebook transcripts the rules were written from (docs/ARCHITECTURE.md 3;
the transcripts are not in the repository). Without it the transcript test is skipped."""

WORD = re.compile(r"[^\W\d_]+")
SCRIPT = {"el": "GREEK", "ru": "CYRILLIC"}


def _data(game: str, name: str) -> dict:
    with (DATA / game / f"{name}.toml").open("rb") as source:
        return tomllib.load(source)


def _entries():
    for game in G.GAMES:
        for key, entry in G.glossary(game).items():
            yield game, key, entry


def _alien_words(text: str, script: str, allowed: set[str]) -> list[str]:
    """Words of ``text`` with a letter outside ``script`` that are not allowed Latin names."""
    return [
        word
        for word in WORD.findall(text)
        if word not in allowed
        and any(not unicodedata.name(ch, "").startswith(script) for ch in word)
    ]


def test_every_game_has_a_glossary_with_complete_entries() -> None:
    """issue 26 item 4: en, el and ru for every entry, a known source, nothing else."""
    assert set(G.GAMES) == {p.parent.name for p in DATA.glob(f"*/{G.FILE_NAME}")}
    for game, key, entry in _entries():
        for lang in ("en", "el", "ru"):
            value = entry.get(lang, "")
            assert isinstance(value, str) and value.strip() == value != "", (game, key, lang)
        assert entry["source"] in G.SOURCES, (game, key)
        assert set(entry) <= G.FIELDS, (game, key, set(entry) - G.FIELDS)
    for game in G.GAMES:
        assert len(G.glossary(game)) >= 40, game


def test_greek_is_greek_and_russian_is_cyrillic() -> None:
    """docs/ARCHITECTURE.md 6b: Greek words in Greek script, Russian in Cyrillic; digits,
    punctuation and the Latin proper names a glossary lists in [meta] latin (as its transcript
    prints them)."""
    for game, key, entry in _entries():
        allowed = set(G.meta(game).get("latin", []))
        for lang, script in SCRIPT.items():
            assert not _alien_words(entry[lang], script, allowed), (game, key, lang, entry[lang])
        # An "English" Greek or Russian: a translated word equal to the English is a forgotten one.
        if not set(WORD.findall(entry["en"])) <= allowed:
            assert entry["el"] != entry["en"] and entry["ru"] != entry["en"], (game, key)


def _component_keys() -> dict[str, set[str]]:
    """Every component and kind the data files (and the engines' fixed names) use, as keys."""
    keys: dict[str, set[str]] = {game: set() for game in G.GAMES}

    # Tahiti: goods, the tiles of the board (home.toml, islands.toml, layouts' sea), marker faces.
    t = keys["tahiti"]
    t |= {f"goods.{g['id']}" for g in _data("tahiti", "goods")["goods"]}
    for tile in _data("tahiti", "favourites")["tile"] + _data("tahiti", "islands")["tile"]:
        t |= {f"goods.{g}" for g in tile["goods"]}
    t |= {"tile.home", "tile.island", "tile.sea"}
    t |= {f"marker.{m['kind']}" for m in _data("tahiti", "markers")["marker"]}
    t |= {"component.favourite_tile", "component.exhaustion_marker", "component.hommea"}

    # Amerigo: commodities, action colours (both as actions and as colours), token kinds, pieces.
    a, board = keys["amerigo"], _data("amerigo", "board")
    a |= {f"goods.{g}" for g in board["commodities"]["names"]}
    a |= {f"action.{c}" for c in board["colours"]["order"]}
    a |= {f"colour.{c}" for c in board["colours"]["order"]}
    a |= {f"token_kind.{tok['kind']}" for tok in _data("amerigo", "tokens")["progress"]}
    pieces = _data("amerigo", "pieces")
    a |= {f"piece.{kind}" for kind in pieces if kind in ("landscape", "village")}
    a |= {"component.trading_post", "component.ship", "component.treasure_chest"}

    # Bremerhaven: buildings, the goods of ships, contracts and newspapers, solo titles, Town board.
    b = keys["bremerhaven"]
    b |= {f"building.{x['id']}" for x in _data("bremerhaven", "buildings")["building"]}
    for ship in _data("bremerhaven", "ships")["ship"]:
        b.add(f"goods.{ship['goods']}")
    for contract in _data("bremerhaven", "contracts")["contract"]:
        b |= {f"goods.{g}" for g in contract["goods"]}
    papers = _data("bremerhaven", "newspapers")["newspaper"]
    b |= {f"goods.{n['good']}" for n in papers if n["good"]}
    for band in _data("bremerhaven", "board")["solo_band"]:
        b.add("solo." + re.sub(r"\W+", "_", band["title"].lower().replace("'", "")).strip("_"))
    from engines.bremerhaven.engine import RANKS, TOWN

    b |= {f"town.{space}" for space in TOWN}
    b |= {"rank." + r.lower().replace(" ", "_") for r in RANKS}
    b |= {f"phase.{p}" for p in ("auction", "general", "individual", "cleanup")}
    b |= {"component.ship_card", "component.contract_card", "component.building_card"}

    # Francis Drake: Location kinds (and Dockside, Location 18), destinations and kinds, supply.
    d = keys["drake"]
    d |= {f"location.{x['kind']}" for x in _data("drake", "locations")["tile"]}
    d.add("location.dockside")
    for dest in _data("drake", "map")["destination"]:
        d |= {f"destination.{dest['id']}", f"destination_kind.{dest['kind']}"}
    d |= {f"supply.{k}" for k in _data("drake", "tables")["supply"] if k != "source"}

    # Vasco da Gama: landings, action areas, characters, sailor colours, landing bonuses, tiles.
    v, vboard = keys["vasco"], _data("vasco", "board")
    v |= {f"landing.{x['key']}" for x in vboard["landing"]}
    v |= {f"area.{x['area']}" for x in vboard["capacity"]}
    v |= {f"character.{x['id']}" for x in vboard["character"]}
    v |= {f"sailor.{x['name']}" for x in vboard["sailor_colour"]}
    v |= {f"bonus.{s['bonus']}" for x in vboard["landing"] for s in x["spaces"]}
    v |= {"tile.project", "tile.ship", "tile.vdg", "tile.merchant", "tile.sao_gabriel"}
    return keys


def test_every_component_the_data_names_has_a_glossary_key() -> None:
    """issue 26 item 4: a renderer or a text module finds every component by its id."""
    for game, wanted in _component_keys().items():
        missing = sorted(wanted - set(G.glossary(game)))
        assert not missing, (game, missing)


def test_english_is_the_printed_name_the_game_already_shows() -> None:
    """docs/ARCHITECTURE.md 6: components are named by their printed names; the glossary's English
    is the name the data and engines print today, so a translation replaces exactly that word."""
    from engines.amerigo.words import ACTION_NAMES
    from engines.drake.topics import KIND_NAMES

    printed = {
        "bremerhaven": {
            f"building.{x['id']}": x["name"] for x in _data("bremerhaven", "buildings")["building"]
        },
        "drake": {f"location.{k}": name for k, name in KIND_NAMES.items()}
        | {f"destination.{x['id']}": x["name"] for x in _data("drake", "map")["destination"]},
        "vasco": {f"landing.{x['key']}": x["name"] for x in _data("vasco", "board")["landing"]}
        | {f"character.{x['id']}": x["name"] for x in _data("vasco", "board")["character"]},
        "amerigo": {f"action.{c}": n for c, n in ACTION_NAMES.items() if c != "white"},
    }
    for game, names in printed.items():
        for key, name in names.items():
            assert G.term(game, key, "en") == name, (game, key)


def _setup(engine, variant: str):
    """The smallest table the variant allows (Bremerhaven's solo is 1 player, long 2-4)."""
    from engines.base import IllegalMove

    for players in range(engine.min_players, engine.max_players + 1):
        try:
            return engine.setup(players, seed=7, variant=variant)
        except IllegalMove:
            continue
    raise AssertionError(f"{engine.id} {variant}: no player count")


GENERIC_VERBS = frozenset({"back", "done", "at", "from", "to", "no", "later", "keep"})
"""Move words that are the bot's, not the game's (go back, finish, where to): they belong in the
message catalogs. Every other first word of a move names a game action."""


@pytest.mark.parametrize("game", G.GAMES)
def test_every_score_category_and_move_verb_has_a_glossary_key(game: str) -> None:
    """docs/ARCHITECTURE.md 2: the breakdown keys a standings image shows are ``score.<key>``
    entries and the first word of every legal move is an ``action.<verb>`` (or, in Francis Drake,
    the ``location.<verb>`` it visits). Random playouts (about 0.1 s each) find what the engine
    uses today, in every variant (Bremerhaven's solo adds its title band)."""
    from engines import ENGINES

    engine, names = ENGINES[game], set(G.glossary(game))
    scores: set[str] = set()
    verbs: set[str] = set()
    for variant in engine.variants:
        rng = random.Random(7)
        state = _setup(engine, variant)
        for _ in range(20_000):
            seats = engine.to_move(state)
            if not seats:
                break
            moves = engine.legal_moves(state, seats[0])
            verbs |= {move.split()[0] for move in moves}
            state = engine.apply(state, seats[0], rng.choice(moves)).state
        standings = engine.result(state)
        assert standings, (game, variant, "the playout did not finish")
        scores |= {f"score.{key}" for row in standings for key in row.breakdown}
    assert scores <= names, sorted(scores - names)
    unnamed = {
        verb
        for verb in verbs - GENERIC_VERBS
        if f"action.{verb}" not in names and f"location.{verb}" not in names
    }
    assert not unnamed, sorted(unnamed)


def _transcript(game: str) -> str:
    folder = os.environ.get(TRANSCRIPTS_VARIABLE, "").strip()
    if not folder:
        pytest.skip(f"{TRANSCRIPTS_VARIABLE} is not set (the rulebook transcripts' folder)")
    file = Path(folder) / str(G.meta(game)["transcript"])
    if not file.is_file():
        pytest.skip(f"no rulebook transcript {file.name} in {TRANSCRIPTS_VARIABLE}={folder}")
    return G.fold(file.read_text(encoding="utf-8"))


def _occurs(phrase: str, text: str) -> bool:
    """Whole words, accent-, case- and final-sigma-insensitive."""
    return re.search(rf"(?<!\w){re.escape(G.fold(phrase))}(?!\w)", text) is not None


@pytest.mark.parametrize("game", G.GAMES)
def test_transcript_words_are_in_the_transcript(game: str) -> None:
    """issue 26 item 4 ("Greek from the transcripts"): an entry marked "transcript" is quoted
    from the game's rulebook transcript, as whole words. When the transcript prints it only in
    another case, ``quote`` is the printed form and each word of the entry begins like a word of
    the quote (καπνός / καπνό), so a quote cannot vouch for an unrelated word."""
    text = _transcript(game)
    lang = str(G.meta(game)["transcript_lang"])
    quoted = 0
    for key, entry in G.glossary(game).items():
        if entry["source"] != "transcript":
            continue
        quoted += 1
        printed = entry.get("quote", entry[lang])
        assert _occurs(printed, text), (game, key, printed)
        if "quote" in entry:
            stems = WORD.findall(G.fold(printed))
            for word in WORD.findall(G.fold(entry[lang])):
                n = min(3, len(word))
                assert any(s[:n] == word[:n] for s in stems), (game, key, word, printed)
    assert quoted >= 30, game


def test_fold_matches_the_transcripts_spelling() -> None:
    """The transcripts are OCR text: capitals without accents, «й» printed as «и»."""
    assert G.fold("Φάση Εξάντλησης") == G.fold("ΦΑΣΗ ΕΞΑΝΤΛΗΣΗΣ") == "φαση εξαντλησησ"
    assert G.fold("действие") == G.fold("деиствие") and G.fold("Жёлтый") == "желтыи"
    assert G.fold("Κανό\n  του") == "κανο του"


def test_term_falls_back_to_english_and_refuses_unknown_keys() -> None:
    assert G.term("tahiti", "goods.banana", "el") == "μπανάνα"
    assert G.term("tahiti", "goods.banana", "ru-RU") == "банан"
    assert G.term("tahiti", "goods.banana", "fr") == "banana"
    assert G.term("bremerhaven", "town.1.2", "el") == "Άδεια κατασκευής"
    assert G.term("drake", "score.voyage VP", "en") == "voyage VP"
    with pytest.raises(KeyError):
        G.term("tahiti", "goods.gold", "el")
    with pytest.raises(KeyError):
        G.term("monopoly", "goods.banana", "el")
    assert G.term("tahiti", "goods.gold", "el", default="gold") == "gold"
    assert G.keys_for("tahiti", "ΜΠΑΝΑΝΑ") == ["goods.banana"]
    assert G.keys_for("vasco", "натал") == ["landing.natal"]


def test_glossary_is_read_once_and_read_only() -> None:
    assert G.glossary("amerigo") is G.glossary("amerigo")
    with pytest.raises(TypeError):
        G.glossary("amerigo")["goods.cotton"]["el"] = "x"  # type: ignore[index]


def test_i18n_imports_nothing_of_the_project() -> None:
    """docs/ARCHITECTURE.md import rules: every room may import i18n, so i18n imports none of
    them."""
    code = (
        "import sys, i18n.glossary as g; g.glossary('tahiti'); "
        "print(sorted({m.split('.')[0] for m in sys.modules} & "
        "{'engines', 'host', 'cogs', 'render', 'players', 'bot'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def _drawn(lang: str) -> set[str]:
    """Every character beyond ASCII that a glossary's ``lang`` words put on an image."""
    return {ch for _, _, entry in _entries() for ch in entry[lang] if ord(ch) > 127}


@pytest.mark.parametrize("bold", [False, True], ids=["regular", "bold"])
def test_bundled_fonts_draw_every_greek_and_cyrillic_letter(bold: bool) -> None:
    """issue 26 item 6: the fonts cover Greek and Cyrillic. A letter the font lacks is drawn as
    the .notdef box (the glyph an unassigned code point gets): each letter must differ from it."""
    font = ImageFont.truetype(str(FONTS[bold]), 24)

    def glyph(ch: str) -> tuple:
        mask = font.getmask(ch)
        return mask.size, bytes(mask)

    notdef = glyph("\U0010fffd")
    letters = _drawn("el") | _drawn("ru")
    assert len(letters) > 80  # both alphabets, both cases, accented Greek
    for ch in sorted(letters):
        assert font.getmask(ch).getbbox() is not None, ch
        assert glyph(ch) != notdef, (ch, unicodedata.name(ch, "?"))
