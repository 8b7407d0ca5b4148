"""Francis Drake's words for people that live outside the rules (docs/ARCHITECTURE.md 6b): what
``/help`` says of the game's secrets. The phrases of moves and log lines are still made in
``engine.py`` (issue 39 item 3 moves them here)."""

from __future__ import annotations

from i18n import T

SECRETS_HELP = T(
    "your Treasure Chest, the counters you know and what you saw as Informer come by DM "
    "when they change; `/hand` shows them."
)
"""Where a member's secrets are: the chest, the counters seen, the Informer's look."""
