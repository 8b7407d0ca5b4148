"""Tahiti's words for people that live outside the rules (docs/ARCHITECTURE.md 6b): what ``/help``
says of the game's secrets. The phrases of moves and log lines are still made in ``engine.py``
(issue 39 item 3 moves them here)."""

from __future__ import annotations

from i18n import T

SECRETS_HELP = T("your favourite goods come by DM when they are dealt; `/hand` shows them.")
"""Where a member's secrets are (docs/rules/tahiti.md: the secret favourite goods)."""
