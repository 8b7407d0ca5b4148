"""Slash commands in Greek and Russian (issue 26 item 2): the synced payload gives every command,
option and choice an ``el`` and a ``ru`` name, and every command and option a description, within
Discord's limits."""

from __future__ import annotations

import re

from tests.cogs.sim import requests

NAME = re.compile(r"^[-_\w]{1,32}$")
LANGS = ("el", "ru")


def _walk(options, path, problems, names):
    for option in options or []:
        where = f"{path} {option['name']}"
        _check(option, where, path, problems, names)
        for choice in option.get("choices") or []:
            localised = choice.get("name_localizations") or {}
            for lang in LANGS:
                if not localised.get(lang) or len(localised[lang]) > 100:
                    problems.append(f"{where} choice {choice['name']}: {lang}")
        _walk(option.get("options"), where, problems, names)


def _check(item, where, parent, problems, names):
    names_here = item.get("name_localizations") or {}
    descriptions = item.get("description_localizations") or {}
    for lang in LANGS:
        name = names_here.get(lang)
        if not name or not NAME.match(name) or name != name.lower():
            problems.append(f"{where}: {lang} name {name!r}")
        if not descriptions.get(lang) or len(descriptions[lang]) > 100:
            problems.append(f"{where}: {lang} description {descriptions.get(lang)!r}")
        names.setdefault((parent, lang), []).append(name)


async def test_every_command_option_and_choice_has_greek_and_russian(world):
    synced = requests(world.env, "PUT", "/commands")[-1].json
    assert len(synced) >= 10
    problems: list[str] = []
    siblings: dict = {}
    for command in synced:
        _check(command, command["name"], "", problems, siblings)
        _walk(command.get("options"), command["name"], problems, siblings)
    assert not problems, f"{len(problems)} missing or invalid, e.g. {problems[:8]}"
    clashes = {k: v for k, v in siblings.items() if len(v) != len(set(v))}
    assert not clashes, f"two siblings share a translated name: {clashes}"


async def test_a_greek_member_sees_greek_commands(world):
    synced = requests(world.env, "PUT", "/commands")[-1].json
    game = next(c for c in synced if c["name"] == "game")
    assert game["name_localizations"]["el"] == "παιχνίδι"
    assert game["name_localizations"]["ru"] == "игра"
    new = next(o for o in game["options"] if o["name"] == "new")
    pace = next(o for o in new["options"] if o["name"] == "pace")
    fast = next(c for c in pace["choices"] if c["value"] == "fast")
    assert fast["name_localizations"] == {"el": "γρήγορος", "ru": "быстрый"}


async def test_the_language_options_name_each_language_in_its_own_words(world):
    """issue 26 item 1: /settings language (the channel's) and /prefs language (the member's,
    with "automatic" to clear it); a Greek member finds "Ελληνικά", a Russian one "Русский"."""
    synced = requests(world.env, "PUT", "/commands")[-1].json
    options = {
        command["name"]: next(o for o in command["options"] if o["name"] == "language")
        for command in synced
        if command["name"] in ("settings", "prefs")
    }
    assert [c["value"] for c in options["settings"]["choices"]] == ["en", "el", "ru"]
    assert [c["value"] for c in options["prefs"]["choices"]] == ["en", "el", "ru", "auto"]
    by_value = {c["value"]: c for c in options["settings"]["choices"]}
    assert by_value["el"]["name_localizations"]["el"] == "Ελληνικά"
    assert by_value["ru"]["name_localizations"]["ru"] == "Русский"
    assert options["settings"]["name_localizations"] == {"el": "γλώσσα", "ru": "язык"}
