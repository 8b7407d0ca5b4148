"""The SimCord fixtures of tests/cogs (``world``, ``simcord_bot``) for the pages' Discord tests
(tests/web/test_links_discord.py)."""

from tests.cogs.conftest import simcord_bot, world

__all__ = ["simcord_bot", "world"]
