"""The message catalogs (issue 26 item 5, docs/ARCHITECTURE.md 6b): every message has its Greek and
Russian translation, with the same placeholders, and plural rules are CLDR's."""

from __future__ import annotations

import re
import string

import pytest
from babel.messages.pofile import read_po

import i18n
from i18n import DOMAIN, DOMAINS, TRANSLATED, po_path, pot_path

EVERY_CATALOG = [(lang, domain) for lang in TRANSLATED for domain in DOMAINS]


def _template(domain=DOMAIN):
    with pot_path(domain).open("rb") as source:
        return read_po(source)


def _catalog(lang, domain=DOMAIN):
    with po_path(lang, domain).open("rb") as source:
        return read_po(source, locale=lang)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _forms(message) -> list[str]:
    return list(message.id) if isinstance(message.id, tuple) else [message.id]


def _strings(message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple) else [message.string]


@pytest.mark.parametrize(("lang", "domain"), EVERY_CATALOG)
def test_every_message_is_translated_with_the_same_placeholders(lang, domain):
    po = _catalog(lang, domain)
    missing, mismatched = [], []
    for wanted in _template(domain):
        if not wanted.id:
            continue
        found = po.get(wanted.id, context=wanted.context)
        if found is None or not all(_strings(found)):
            missing.append((wanted.context, wanted.id))
            continue
        english = set().union(*(_fields(f) for f in _forms(wanted)))
        for text in _strings(found):
            if _fields(text) != english:
                mismatched.append((wanted.id, text))
    assert not missing, f"{lang} {domain}: {len(missing)} untranslated, e.g. {missing[:5]}"
    assert not mismatched, f"{lang}: placeholders differ: {mismatched[:5]}"


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize(("lang", "forms"), [("el", 2), ("ru", 3)])
def test_plural_rules_are_cldrs(lang, forms, domain):
    po = _catalog(lang, domain)
    assert po.num_plurals == forms
    for message in po:
        if isinstance(message.id, tuple):
            assert len(_strings(message)) == forms, message.id


async def test_the_template_holds_every_command_string(tmp_path):
    """A command string added or changed in the code but not extracted (``python -m
    i18n.extract``) would reach Discord untranslated."""
    from bot import create_bot
    from discord_io.translator import command_strings

    bot = await create_bot(tmp_path / "bot.db")
    try:
        wanted = set(command_strings(bot.tree))
    finally:
        await bot.store.close()
    template = {(m.context, m.id) for m in _template() if m.id}
    assert wanted - template == set()


def test_languages_come_from_discord_locales_and_settings():
    assert i18n.language("el") == "el"
    assert i18n.language("ru") == "ru"
    assert i18n.language("en-US") == "en"
    assert i18n.language("de") == "en"
    assert i18n.language(None, default="el") == "el"


def test_numbers_are_written_the_readers_way():
    assert i18n.number("en", 1234.5) == "1,234.5"
    assert i18n.number("el", 1234.5) == "1.234,5"
    assert re.fullmatch(r"1\s234,5", i18n.number("ru", 1234.5))


def test_english_is_the_source_and_needs_no_catalog():
    assert i18n.gettext("en", "Seats") == "Seats"
    assert i18n.pgettext("en", "command name", "game") is None
    assert i18n.pgettext("el", "command name", "game") == "παιχνίδι"
    assert i18n.pgettext("ru", "command name", "game") == "игра"
