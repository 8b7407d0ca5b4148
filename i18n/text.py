"""Texts that can be said again in another language (docs/ARCHITECTURE.md 6b, issue 26 item 3).

An engine decides what happened once, at ``apply`` time, but the words are read later, by
readers of different languages: the channel in its server's language, each member's DM in
theirs, a catch-up days after. So the engines and the host build their words as ``Msg``:

    T("{player} takes {count} gold", player="Player A", count=2)

A ``Msg`` *is* its English text (a ``str``: English output, tests and code that only read it
are unchanged) and also remembers its message id and parameters, so ``say("el", msg)`` looks
the id up in the Greek catalog and fills it again, parameters said in Greek too (a parameter
may itself be a ``Msg``, a glossary ``word`` or a ``joined`` list). ``dump``/``load`` keep that
through JSON (the store's move log).

Rules for a writer:
- Never build a ``Msg`` by ``+``, ``%`` or an f-string around it: that makes a plain English
  ``str``. Nest it as a parameter of another ``T`` instead.
- Parameters are formatted by the template (``{score:g}`` works); only ``Msg`` parameters are
  translated, numbers and names stay as they are.
- Seats stay ``Player A`` in parameters: the host puts the members' names in after ``say``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Any, ClassVar, Self

from i18n.catalogs import ENGLISH, N_, catalog, command_in, language

LIST_WORDS = (N_("and"), N_("or"))
"""The words ``joined`` puts before a list's last item, translated in the catalogs."""


class Msg(str):
    """English text that remembers how it was made, to be said in another language."""

    msgid: str
    plural: str | None
    count: int | None  # type: ignore[assignment]  # the plural's count; hides str.count on purpose
    params: dict[str, Any]

    def __new__(
        cls, msgid: str, /, *, plural: str | None = None, count: int | None = None, **params: Any
    ) -> Msg:
        template = msgid if plural is None or count == 1 else plural
        values = {**params, "count": count} if plural is not None else params
        self = super().__new__(cls, template.format(**values) if values else template)
        self.msgid, self.plural, self.count, self.params = msgid, plural, count, params
        return self

    def said(self, lang: str | None) -> str:
        """This text in ``lang`` (English where the catalog has no translation)."""
        lang = language(lang)
        if lang == ENGLISH:
            return str(self)
        words = catalog(lang)
        params = {k: say(lang, v) if isinstance(v, Msg) else v for k, v in self.params.items()}
        if self.plural is not None:
            template = words.ngettext(self.msgid, self.plural, self.count or 0)
            return _commands_in(lang, template).format(count=self.count, **params)
        template = _commands_in(lang, words.gettext(self.msgid))
        return template.format(**params) if params else template

    def __reduce__(self) -> tuple:
        # Worker processes receive views and texts by pickle: keep the id and parameters (each
        # parameter pickled as what it is: a Word, a Phrase).
        return (_remade, (self.msgid, self.plural, self.count, self.params))


def _remade(msgid: str, plural: str | None, count: int | None, params: dict[str, Any]) -> Msg:
    return Msg(msgid, plural=plural, count=count, **params)


_PHRASES: dict[str, type[Phrase]] = {}


class Phrase(Msg):
    """A text that code, not a catalog, says in each language (a seat's letter in the reader's
    alphabet, a list of names), made from ``args``. A subclass names its ``kind`` and writes
    :meth:`text`; dump/load and pickle keep what it was made from, so it is said in its reader's
    language after the store or a worker process too."""

    kind: ClassVar[str] = ""
    args: tuple[Any, ...]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.kind:
            _PHRASES[cls.kind] = cls

    def __new__(cls, *args: Any) -> Self:
        self = str.__new__(cls, cls.text(ENGLISH, *args))
        self.msgid, self.plural, self.count, self.params = str(self), None, None, {}
        self.args = args
        return self

    @staticmethod
    def text(lang: str, *args: Any) -> str:
        raise NotImplementedError

    def said(self, lang: str | None) -> str:
        return self.text(language(lang), *self.args)

    def __reduce__(self) -> tuple:
        return (type(self), self.args)


_COMMAND_SPAN = re.compile(r"`(/[^`\n]+)`")


def _commands_in(lang: str, template: str) -> str:
    """A translated text's slash commands (``/tournament create`` in a code span) as a member of
    ``lang`` sees them in Discord: a Greek client lists ``/τουρνουά δημιουργία``. Done here, once,
    so that translators copy commands as written and no catalog spells them twice."""
    if "`/" not in template:
        return template
    return _COMMAND_SPAN.sub(lambda m: f"`{command_in(lang, m.group(1))}`", template)


def T(msgid: str, /, **params: Any) -> Msg:
    """A message to be said in its reader's language; ``msgid`` is its English text with
    ``{name}`` placeholders (extracted by ``python -m i18n.extract``)."""
    return Msg(msgid, **params)


def Tn(singular: str, plural: str, count: int, /, **params: Any) -> Msg:
    """A message whose form depends on ``count`` (CLDR plural rules: Russian one/few/many, Greek
    one/other); ``{count}`` is filled with the count."""
    return Msg(singular, plural=plural, count=count, **params)


class Word(Msg):
    """A game's component or action by its glossary key (``data/<game>/glossary.toml``)."""

    game: str
    key: str

    def __new__(cls, game: str, key: str) -> Word:
        from i18n import glossary

        self = str.__new__(cls, glossary.term(game, key, ENGLISH))
        self.msgid, self.plural, self.count, self.params = str(self), None, None, {}
        self.game, self.key = game, key
        return self

    def said(self, lang: str | None) -> str:
        from i18n import glossary

        return glossary.term(self.game, self.key, language(lang))

    def __reduce__(self) -> tuple:
        return (word, (self.game, self.key))


@cache
def word(game: str, key: str) -> Word:
    """A glossary word (``word("tahiti", "goods.banana")`` is "banana", "μπανάνα", "банан"
    where it is said). An unknown key raises ``KeyError``. Made once per key: engines name
    components in every move description, and a Word never changes."""
    return Word(game, key)


class Joined(Msg):
    """Items joined as a sentence lists them: "a, b and c", "α, β και γ", "а, б и в"."""

    items: tuple[Any, ...]
    last: str

    def __new__(cls, items: Iterable[Any], last: str = "and") -> Joined:
        items = tuple(items)
        self = str.__new__(cls, _join([str(i) for i in items], last))
        self.msgid, self.plural, self.count, self.params = str(self), None, None, {}
        self.items, self.last = items, last
        return self

    def said(self, lang: str | None) -> str:
        lang = language(lang)
        words = [say(lang, i) for i in self.items]
        if lang == ENGLISH:
            return _join(words, self.last)
        # The catalog holds the joining word: "and" is "και" in Greek, "и" in Russian.
        return _join(words, catalog(lang).gettext(self.last))

    def __reduce__(self) -> tuple:
        return (Joined, (self.items, self.last))


def joined(items: Iterable[Any], last: str = "and") -> Joined:
    """``items`` as a list in a sentence, each said in the reader's language; ``last`` is the
    word before the last item ("and" or "or")."""
    return Joined(items, last)


def _join(words: list[str], last: str) -> str:
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def say(lang: str | None, value: Any) -> str:
    """``value`` as a reader of ``lang`` reads it: a ``Msg`` translated, anything else as text."""
    if isinstance(value, Msg):
        return value.said(lang)
    return str(value)


def dump(value: Any) -> Any:
    """A JSON-ready form of a text (a plain string stays a string)."""
    if isinstance(value, Phrase):
        return {"phrase": value.kind, "args": _dumped(value.args), "en": str(value)}
    if isinstance(value, Word):
        return {"word": [value.game, value.key]}
    if isinstance(value, Joined):
        return {"join": [dump(i) for i in value.items], "last": value.last}
    if isinstance(value, Msg):
        data: dict[str, Any] = {
            "id": value.msgid,
            "p": {k: dump(v) for k, v in value.params.items()},
        }
        if value.plural is not None:
            data["pl"], data["n"] = value.plural, value.count
        return data
    return value


def load(data: Any) -> Any:
    """The text ``dump`` wrote (a string, number or old plain log line comes back as it was)."""
    if not isinstance(data, dict):
        return data
    if "word" in data:
        return Word(*data["word"])
    if "join" in data:
        return Joined([load(i) for i in data["join"]], data.get("last", "and"))
    if "phrase" in data:
        phrase = _PHRASES.get(data["phrase"])
        # A kind this process does not know (its module not imported) reads as its English.
        return phrase(*_loaded(data["args"])) if phrase else data["en"]
    params = {k: load(v) for k, v in data.get("p", {}).items()}
    return Msg(data["id"], plural=data.get("pl"), count=data.get("n"), **params)


def _dumped(args: Any) -> Any:
    if isinstance(args, list | tuple):
        return [_dumped(a) for a in args]
    return dump(args)


def _loaded(args: Any) -> Any:
    if isinstance(args, list):
        return [_loaded(a) for a in args]
    return load(args)


TREE_MARK = "$text"
"""The key that marks a text inside a JSON tree (``dump_tree``), never a key of a view."""


def dump_tree(value: Any) -> Any:
    """A JSON-ready copy of a tree of dicts and lists (a view, an outbox payload) whose texts
    keep their ids and parameters: a view drawn later, in a worker, still speaks Greek."""
    if isinstance(value, Msg):
        return {TREE_MARK: dump(value)}
    if isinstance(value, dict):
        return {k: dump_tree(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [dump_tree(v) for v in value]
    return value


def load_tree(value: Any) -> Any:
    """The tree ``dump_tree`` wrote, its texts made ``Msg`` again."""
    if isinstance(value, dict):
        if len(value) == 1 and TREE_MARK in value:
            return load(value[TREE_MARK])
        return {k: load_tree(v) for k, v in value.items()}
    if isinstance(value, list):
        return [load_tree(v) for v in value]
    return value


__all__ = [
    "Msg",
    "Phrase",
    "T",
    "Tn",
    "Word",
    "dump",
    "dump_tree",
    "joined",
    "load",
    "load_tree",
    "say",
    "word",
]
