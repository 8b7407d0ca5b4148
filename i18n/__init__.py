"""The languages Portolan speaks: English, Greek and Russian (docs/ARCHITECTURE.md 6b, issue 26).

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

from i18n.catalogs import (
    DATA_DIR,
    DOMAIN,
    DOMAINS,
    ENGLISH,
    GAME_DOMAINS,
    LANGUAGES,
    LOCALE_DIR,
    N_,
    NAMES,
    TRANSLATED,
    catalog,
    command_in,
    gettext,
    language,
    ngettext,
    number,
    pgettext,
    po_path,
    pot_path,
)
from i18n.text import Msg, T, Tn, dump, joined, load, say, word

__all__ = [
    "DATA_DIR",
    "DOMAIN",
    "DOMAINS",
    "ENGLISH",
    "GAME_DOMAINS",
    "LANGUAGES",
    "LOCALE_DIR",
    "NAMES",
    "N_",
    "TRANSLATED",
    "Msg",
    "T",
    "Tn",
    "catalog",
    "command_in",
    "dump",
    "gettext",
    "joined",
    "language",
    "load",
    "ngettext",
    "number",
    "pgettext",
    "po_path",
    "pot_path",
    "say",
    "word",
]
