"""The languages Portolan speaks: English, Greek and Russian (design.md 6b, issue 26).

Messages live in gettext catalogs kept with Babel (``i18n/locale/<lang>/LC_MESSAGES/portolan.po``,
updated by ``python -m i18n.extract``); plural rules come from CLDR through Babel (Russian
one/few/many, Greek one/other). English is the source language: a message id is its English
text, so an English reader needs no catalog and a message missing from a catalog falls back to
English instead of failing.

Every room of the house may import this package (it imports nothing of the project): the host
and the cogs choose the reader's language, render draws labels in it.

Which language a reader gets: the channel speaks its server's language (``/settings language``,
else the server's preferred locale when it is Greek or Russian); ephemeral replies, DMs and
private images speak the member's (``/prefs language``, else the interaction's locale).
"""

from __future__ import annotations

import gettext as _gettext
import io
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

DOMAIN = "portolan"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
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


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def catalog(lang: str) -> _gettext.NullTranslations:
    """The compiled catalog of a language (English: the identity)."""
    path = po_path(lang)
    if lang == ENGLISH or not path.is_file():
        return _gettext.NullTranslations()
    with path.open("rb") as source:
        messages = read_po(source, locale=lang, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, messages, use_fuzzy=False)
    compiled.seek(0)
    return _gettext.GNUTranslations(compiled)


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


def number(lang: str, value: float) -> str:
    """A number as ``lang`` writes it (``1,234.5``; ``1.234,5``; ``1 234,5``)."""
    return format_decimal(value, locale=language(lang))


def N_(message: str) -> str:
    """Marks a message for extraction where it is defined; it is translated where it is shown."""
    return message


__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "NAMES",
    "N_",
    "TRANSLATED",
    "catalog",
    "gettext",
    "language",
    "ngettext",
    "number",
    "pgettext",
]
