"""Slash commands in Greek and Russian: discord.py's ``Translator`` fed from the gettext catalogs
(issue 26 item 2).

discord.py hands every command, group, option and choice name and description to the translator
when it builds the payload it syncs; each kind is a message context of its own in the catalogs
(a command called ``board`` and an option called ``board`` may translate differently).
"""

from __future__ import annotations

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

import i18n

CONTEXTS: dict[Where, str] = {
    Where.command_name: "command name",
    Where.group_name: "command name",
    Where.command_description: "command description",
    Where.group_description: "command description",
    Where.parameter_name: "option name",
    Where.parameter_description: "option description",
    Where.choice_name: "choice",
}
"""The catalog context of each place a command string appears."""

LOCALES: dict[Locale, str] = {Locale.greek: "el", Locale.russian: "ru"}


class CommandTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = LOCALES.get(locale)
        where = CONTEXTS.get(context.location)
        if lang is None or where is None:
            return None
        return i18n.pgettext(lang, where, string.message)


def command_strings(tree: app_commands.CommandTree) -> list[tuple[str, str]]:
    """Every (context, English text) a synced command tree holds, in tree order, once each."""
    found: dict[tuple[str, str], None] = {}

    def add(where: Where, text: str) -> None:
        if text and text != "…":
            found[(CONTEXTS[where], text)] = None

    def walk(command: app_commands.Command | app_commands.Group) -> None:
        if isinstance(command, app_commands.Group):
            add(Where.group_name, command.name)
            add(Where.group_description, command.description)
            for child in command.commands:
                walk(child)
            return
        add(Where.command_name, command.name)
        add(Where.command_description, command.description)
        for parameter in command.parameters:
            add(Where.parameter_name, parameter.display_name)
            add(Where.parameter_description, parameter.description)
            for choice in parameter.choices:
                add(Where.choice_name, choice.name)

    for command in tree.get_commands():
        if isinstance(command, app_commands.Command | app_commands.Group):
            walk(command)
    return list(found)
