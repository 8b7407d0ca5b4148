"""The catalogs and the languages: which languages Portolan speaks, how a language code is
read, where each domain's catalog lives, and gettext over them (see :mod:`i18n` for the rest of
the package's way in)."""

from __future__ import annotations

import gettext as _gettext
import io
import tomllib
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

DOMAIN = "portolan"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DATA_DIR = Path(__file__).resolve().parents[1] / "data"
ENGLISH = "en"
LANGUAGES: tuple[str, ...] = ("en", "el", "ru")
"""Languages the bot speaks, English (the source) first."""
TRANSLATED: tuple[str, ...] = LANGUAGES[1:]
NAMES: dict[str, str] = {"en": "English", "el": "Ελληνικά", "ru": "Русский"}
"""Each language by its own name, as a member looks for it in a list."""


def language(code: str | None, default: str = ENGLISH) -> str:
    """The language of a Discord locale (``el``, ``ru``, ``en-US``, ``en-GB`` ...) or of a
    setting; ``default`` for anything the bot does not speak."""
    if not code:
        return default
    base = str(code).replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else default


def _games() -> tuple[str, ...]:
    """The games this package knows, in their order: every folder of ``data/`` with a glossary
    (``data/<id>/glossary.toml``), ordered by its ``[meta] order``, the place the game takes in
    every list of games (``engines.GAMES`` too). The engines import this package, so it learns
    the games from their data, never from the registry."""
    found = []
    for file in DATA_DIR.glob("*/glossary.toml"):
        with file.open("rb") as source:
            meta = tomllib.load(source).get("meta", {})
        found.append((meta["order"], file.parent.name))
    return tuple(game for _, game in sorted(found))


GAME_DOMAINS: tuple[str, ...] = _games()
DOMAINS: tuple[str, ...] = (DOMAIN, *GAME_DOMAINS)
"""One catalog per room that its own translator keeps: the bot's (``portolan``: host, cogs,
shared rendering) and one per game (its engine and its renderer), so a game's words are
translated in one file. A reader's catalog is all of them together."""


def po_path(lang: str, domain: str = DOMAIN) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def pot_path(domain: str = DOMAIN) -> Path:
    return LOCALE_DIR / f"{domain}.pot"


@cache
def catalog(lang: str) -> _gettext.NullTranslations:
    """The compiled catalogs of a language, every domain's (English: the identity)."""
    if lang == ENGLISH:
        return _gettext.NullTranslations()
    chain: _gettext.NullTranslations | None = None
    for domain in DOMAINS:
        path = po_path(lang, domain)
        if not path.is_file():
            continue
        with path.open("rb") as source:
            messages = read_po(source, locale=lang, domain=domain)
        compiled = io.BytesIO()
        write_mo(compiled, messages, use_fuzzy=False)
        compiled.seek(0)
        translations = _gettext.GNUTranslations(compiled)
        if chain is None:
            chain = translations
        else:
            chain.add_fallback(translations)
    return chain or _gettext.NullTranslations()


def gettext(lang: str, message: str, /, **params: object) -> str:
    """``message`` in ``lang``, with ``{name}`` placeholders filled from ``params``."""
    text = catalog(language(lang)).gettext(message)
    return text.format(**params) if params else text


def ngettext(lang: str, singular: str, plural: str, count: int, /, **params: object) -> str:
    """The form of a message for ``count`` (CLDR plural rules of ``lang``); ``{count}`` and the
    other placeholders are filled, the count written the way ``lang`` writes numbers."""
    lang = language(lang)
    text = catalog(lang).ngettext(singular, plural, count)
    return text.format(count=number(lang, count), **params)


def pgettext(lang: str, context: str, message: str) -> str | None:
    """``message`` in ``lang`` under a context (command names and descriptions), or None when the
    catalog has no translation for it."""
    lang = language(lang)
    if lang == ENGLISH:
        return None
    translated = catalog(lang).pgettext(context, message)
    return translated if translated != message else None


def command_in(lang: str | None, command: str) -> str:
    """A slash command as a member of ``lang`` sees it in Discord (``/board detail`` is
    ``/ταμπλό λεπτομέρειες`` in a Greek client): its names, and the names of options written
    ``option:value``, in that language (values stay: they are typed as they are)."""
    words = []
    for w in command.removeprefix("/").split(" "):
        option, colon, value = w.partition(":")
        if colon and option:
            words.append((pgettext(lang or ENGLISH, "option name", option) or option) + ":" + value)
            continue
        words.append(
            pgettext(lang or ENGLISH, "command name", w)
            or pgettext(lang or ENGLISH, "option name", w)
            or w
        )
    return "/" + " ".join(words)


def number(lang: str, value: float, places: int | None = None) -> str:
    """A number as ``lang`` writes it (``1,234.5``; ``1.234,5``; ``1 234,5``); with ``places``,
    exactly that many decimals (``0.50``, ``0,50``), as a table of ratings lines them up."""
    if places is None:
        return format_decimal(value, locale=language(lang))
    pattern = "#,##0" + ("." + "0" * places if places > 0 else "")
    return format_decimal(value, format=pattern, locale=language(lang))


def N_(message: str) -> str:
    """Marks a message for extraction where it is defined; it is translated where it is shown."""
    return message
