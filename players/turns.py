"""What a filler remembers between its decisions: the views it had earlier in the same turn.

A turn of these games is often several steps, and some steps can be taken back (`back`). The
search scores a position, not the way it was reached, so `launch` then `back` looks as good as
anything else and a filler could shuttle between them for ever. Given the views of its earlier
decisions this turn, the search refuses a move that returns to one of them.
"""

from __future__ import annotations

from engines.base import Engine, State


class TurnMemory:
    """The views one seat had at its decisions since any other seat last moved."""

    def __init__(self) -> None:
        self._seat: int | None = None
        self._views: list[dict] = []

    def decide(self, engine: Engine, state: State, seat: int) -> list[dict]:
        """Note that ``seat`` decides at ``state``; return its views at its earlier decisions of
        this turn (for ``choose_move(earlier=...)``)."""
        if seat != self._seat:
            self.forget()
            self._seat = seat
        earlier = list(self._views)
        self._views.append(engine.view(state, seat))
        return earlier

    def moved(self, seat: int) -> None:
        """Any seat's move: another seat's move ends the remembered turn."""
        if seat != self._seat:
            self.forget()

    def forget(self) -> None:
        self._seat, self._views = None, []
