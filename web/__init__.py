"""The web window (issue 42, docs/ARCHITECTURE.md 5): read-only pages of games and tournaments,
served with aiohttp beside the bot or as a process of its own (``python bot.py web``).

- :mod:`web.server`: the application, its routes and headers, how it starts and stops;
- :mod:`web.public`: what a page may know, gathered from the public view and the public log
  only (the one module that reads a game's state);
- :mod:`web.pages`: the HTML, built from that alone;
- :mod:`web.markup`: the posts' markdown as safe HTML;
- :mod:`web.replay`: boards drawn in the worker processes, and their cache, bounded in bytes;
- :mod:`web.limits`: a per-address limit on drawings not in the cache;
- :mod:`web.tokens`: which game, tournament or server a page's token opens;
- :mod:`web.ops`: ``/healthz`` and ``/metrics``.
"""
