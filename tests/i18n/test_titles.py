"""A game's name is said in its reader's language (issue 26 item 3): the header of a Greek post
reads "Ταϊτή", a Russian DM "Таити"; English is as it was."""

from __future__ import annotations

import pytest

from engines import ENGINES
from i18n import T, say
from tests.languages import script_share

ENGLISH = {
    "tahiti": "Tahiti",
    "amerigo": "Amerigo",
    "bremerhaven": "Bremerhaven",
    "drake": "Francis Drake",
    "vasco": "Vasco da Gama",
}


@pytest.mark.parametrize("game", sorted(ENGLISH))
def test_titles_are_said_in_the_readers_script(game):
    title = ENGINES[game].title
    assert title == ENGLISH[game] and say("en", title) == ENGLISH[game]
    for lang in ("el", "ru"):
        header = say(lang, T("**{game}** in {channel}", game=title, channel="<#1>"))
        assert script_share([header], lang) == 1.0, header
