"""Slash commands named in texts read as a member's Discord shows them (issue 26 item 2): a Greek
client lists ``/τουρνουά δημιουργία``, so a Greek text that says ``/tournament create`` names a
command the member cannot find."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

import i18n
from i18n import T, say

SPAN = re.compile(r"`(/[^`\n]+)`")


def _messages_naming_commands() -> list[str]:
    with open(i18n.pot_path(i18n.DOMAIN), "rb") as handle:
        catalog = read_po(handle)
    return [
        m.id
        for m in catalog
        if m.id and isinstance(m.id, str) and not m.context and SPAN.search(m.id)
    ]


def test_a_refusal_names_the_command_in_the_readers_language():
    text = T("There is no tournament in this channel. Create one with `/tournament create`.")
    assert "`/τουρνουά δημιουργία`" in say("el", text)
    assert "`/турнир создать`" in say("ru", text)
    assert "`/tournament create`" in say("en", text)


def test_options_written_name_value_keep_their_value():
    assert i18n.command_in("el", "/rules topic:moves") == "/κανόνες θέμα:moves"


@pytest.mark.parametrize("lang", ["el", "ru"])
def test_no_text_names_an_english_command_that_the_reader_sees_translated(lang):
    messages = _messages_naming_commands()
    assert len(messages) > 10
    for msgid in messages:
        for span in SPAN.findall(say(lang, T(msgid))):
            head = span.removeprefix("/").split(" ")[0]
            assert i18n.pgettext(lang, "command name", head) is None, (msgid, span)
