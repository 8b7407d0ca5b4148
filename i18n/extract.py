"""Update the message catalogs from the code: ``python -m i18n.extract [DOMAIN ...]``.

What ``pybabel extract`` + ``pybabel update`` do, per domain (``portolan``: the bot; one per
game: its engine and renderer), plus the slash commands' names, descriptions and choices, which
are not written as ``_()`` calls (discord.py hands them to the translator at sync time). Writes
``i18n/locale/<domain>.pot`` and merges it into each language's ``<domain>.po``: translations
already made are kept, new messages arrive empty (the completeness test then names them),
messages gone from the code are dropped. ``python -m i18n.extract tahiti`` updates one game's
catalogs only (and does not build the bot).

This is a maintainer's tool: it builds the bot (with a throwaway database) to read its command
tree, which nothing else in this package may do.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from i18n.catalogs import DOMAIN, DOMAINS, GAME_DOMAINS, LOCALE_DIR, TRANSLATED, po_path, pot_path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = (
    "bot.py",
    "app.py",
    "cogs",
    "discord_io",
    "host",
    "render",
    "engines",
    "i18n",
    "players",
    "web",
)
KEYWORDS = {
    "gettext": (2,),
    "ngettext": (2, 3),
    "N_": None,
    "_": None,
    "T": None,
    "Tn": (1, 2),
}
"""``gettext(lang, message)``: the message is the second argument; ``N_(message)`` and
``T(message, ...)`` the first; ``Tn(singular, plural, count)`` the first two."""


def domain_of(path: str) -> str:
    """Which catalog a source file's messages belong to: its game's, or the bot's."""
    parts = Path(path).with_suffix("").parts
    for game in GAME_DOMAINS:
        if parts[:2] in (("engines", game), ("render", game)):
            return game
    return DOMAIN


def code_messages(
    domain: str | None = None,
) -> list[tuple[str, str | tuple[str, str], list[tuple[str, int]]]]:
    """(context, message, locations) of every marked message in the project's code (of one
    domain's files when ``domain`` is given)."""
    found: dict[tuple[str, object], list[tuple[str, int]]] = {}
    for source in SOURCES:
        path = ROOT / source
        if path.is_file():
            method_map = [(path.name, "python")]
            base = path.parent
        else:
            method_map = [("**.py", "python")]
            base = path
        for filename, line, message, _comments, context in extract_from_dir(
            base, method_map=method_map, keywords=KEYWORDS
        ):
            if path.is_file() and filename != path.name:
                continue
            where = str((base / filename).relative_to(ROOT))
            if domain is not None and domain_of(where) != domain:
                continue
            found.setdefault((context or "", message), []).append((where, line))
    return [(context, message, places) for (context, message), places in found.items()]


async def command_messages() -> list[tuple[str, str]]:
    """(context, text) of every slash command string, read off the real command tree."""
    import app
    from discord_io.translator import command_strings

    with tempfile.TemporaryDirectory() as folder:
        client = await app.create_bot(str(Path(folder) / "extract.db"))
        try:
            return command_strings(client.tree)
        finally:
            await client.store.close()


def template(domain: str, commands: list[tuple[str, str]]) -> Catalog:
    pot = Catalog(domain=domain, project="Portolan", copyright_holder="Portolan", fuzzy=False)
    for context, message, places in code_messages(domain):
        pot.add(message, locations=places, context=context or None)
    for context, text in commands:
        pot.add(text, context=context)
    return pot


def update(domain: str, pot: Catalog) -> dict[str, int]:
    """Merge the template into each language's catalog; returns the untranslated count each."""
    missing = {}
    for lang in TRANSLATED:
        path = po_path(lang, domain)
        if path.is_file():
            with path.open("rb") as source:
                po = read_po(source, locale=lang, domain=domain)
        else:
            po = Catalog(
                locale=lang,
                domain=domain,
                project="Portolan",
                copyright_holder="Portolan",
                fuzzy=False,
            )
        po.update(pot, no_fuzzy_matching=True)
        po.obsolete.clear()
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as out:
            write_po(out, po, width=100, sort_output=False, omit_header=False)
        missing[lang] = sum(1 for m in po if m.id and not _translated(m.string))
    return missing


def _translated(string: object) -> bool:
    if isinstance(string, tuple | list):
        return all(string)
    return bool(string)


def main(argv: list[str]) -> int:
    domains = argv or list(DOMAINS)
    unknown = set(domains) - set(DOMAINS)
    if unknown:
        print(f"unknown domain(s): {', '.join(sorted(unknown))}; known: {', '.join(DOMAINS)}")
        return 2
    LOCALE_DIR.mkdir(parents=True, exist_ok=True)
    for domain in domains:
        commands = asyncio.run(command_messages()) if domain == DOMAIN else []
        pot = template(domain, commands)
        with pot_path(domain).open("wb") as out:
            write_po(out, pot, width=100, omit_header=False)
        missing = update(domain, pot)
        print(
            f"{domain}: {len(pot)} messages; untranslated: "
            + ", ".join(f"{k} {v}" for k, v in missing.items())
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
