"""Texts said again in another language (issue 26 item 3, docs/ARCHITECTURE.md 6b): a ``Msg`` is its
English text, keeps its id and parameters through JSON and pickle, and is said in a reader's
language with its parameters said in that language too."""

from __future__ import annotations

import json
import pickle

import pytest

import i18n
from i18n import text as text_module
from i18n.text import Msg, T, Tn, dump, joined, load, say, word


class _Words:
    """A catalog made for the test: Greek for a few ids, Russian plural forms."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def gettext(self, message: str) -> str:
        table = {
            "{player} takes {good}": "{player} παίρνει: {good}",
            "Paddle to {where}": "Κουπί προς {where}",
            "and": "και",
        }
        return table.get(message, message) if self.lang == "el" else message

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        if self.lang == "ru":
            forms = ["{count} жемчужина", "{count} жемчужины", "{count} жемчужин"]
            one, few = count % 10 == 1 and count % 100 != 11, 2 <= count % 10 <= 4
            return forms[0 if one else 1 if few and not 12 <= count % 100 <= 14 else 2]
        return singular if count == 1 else plural


@pytest.fixture
def words(monkeypatch):
    monkeypatch.setattr(text_module, "catalog", _Words)


def test_a_message_is_its_english_text():
    msg = T("{player} takes {good}", player="Player A", good="banana")
    assert msg == "Player A takes banana"
    assert isinstance(msg, str) and json.dumps([msg]) == '["Player A takes banana"]'
    assert Tn("{count} pearl", "{count} pearls", 1) == "1 pearl"
    assert Tn("{count} pearl", "{count} pearls", 3) == "3 pearls"


def test_a_message_is_said_in_the_readers_language_with_its_parameters(words):
    inner = T("Paddle to {where}", where="Moorea")
    outer = T("{player} takes {good}", player="Player A", good=inner)
    assert say("el", outer) == "Player A παίρνει: Κουπί προς Moorea"
    assert say("en-US", outer) == "Player A takes Paddle to Moorea"
    # An id the catalog lacks falls back to English, with its parameters still translated.
    assert say("el", T("{x} unknown", x=inner)) == "Κουπί προς Moorea unknown"
    assert say("el", "plain line") == "plain line"


@pytest.mark.parametrize(
    ("count", "wanted"),
    [
        (1, "1 жемчужина"),
        (3, "3 жемчужины"),
        (5, "5 жемчужин"),
        (21, "21 жемчужина"),
        (12, "12 жемчужин"),
    ],
)
def test_plural_forms_follow_the_readers_rules(words, count, wanted):
    assert say("ru", Tn("{count} pearl", "{count} pearls", count)) == wanted


def test_lists_join_in_the_readers_language(words):
    items = joined(["a", T("Paddle to {where}", where="b"), "c"])
    assert items == "a, Paddle to b and c"
    assert say("el", items) == "a, Κουπί προς b και c"
    assert joined(["x"]) == "x" and joined([]) == ""


def test_the_real_catalogs_join_lists():
    assert say("el", joined(["α", "β", "γ"])) == "α, β και γ"
    assert say("ru", joined(["а", "б"], "or")) == "а или б"


def test_glossary_words_are_said_in_the_readers_language():
    banana = word("tahiti", "goods.banana")
    assert banana == i18n.glossary.term("tahiti", "goods.banana", "en")
    assert say("el", banana) == i18n.glossary.term("tahiti", "goods.banana", "el")
    with pytest.raises(KeyError):
        word("tahiti", "goods.no-such-good")


@pytest.mark.parametrize("through", ["json", "pickle"])
def test_a_message_keeps_its_id_and_parameters_through_the_store_and_workers(words, through):
    msg = T(
        "{player} takes {good}",
        player="Player A",
        good=joined([word("tahiti", "goods.banana"), Tn("{count} pearl", "{count} pearls", 2)]),
    )
    if through == "json":
        back = load(json.loads(json.dumps(dump(msg))))
    else:
        back = pickle.loads(pickle.dumps(msg))
    assert isinstance(back, Msg) and back == msg
    assert say("el", back) == say("el", msg)
    assert say("el", back).startswith("Player A παίρνει: ")
    # Old log lines, stored as plain strings, come back as they were.
    assert load("Player B passes") == "Player B passes"


def test_a_view_keeps_its_texts_through_the_outbox(words):
    """A board's view waits in the outbox (JSON) before a worker draws it: its texts must still
    be said in the reader's language there (a Vasco board drew 'place an action disc' in Greek)."""
    from i18n.text import dump_tree, load_tree

    view = {"awaiting": T("Paddle to {where}", where="b"), "rows": [[1, T("and")]], "n": 2}
    back = load_tree(json.loads(json.dumps(dump_tree(view))))
    assert back == view and isinstance(back["awaiting"], Msg)
    assert say("el", back["awaiting"]) == "Κουπί προς b"
    assert say("el", back["rows"][0][1]) == "και"
