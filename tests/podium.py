"""A test-only game whose result is scripted: every player secretly claims a score from 0 to 9
at once, and the claims are the final scores. Tournament tests use it to decide exactly who wins,
who ties and by how much."""

from __future__ import annotations

from engines.base import BaseEngine, Rng, Standing, State, rank_standings

CLAIMS = tuple(f"score {n}" for n in range(10))


class Podium(BaseEngine):
    id = "podium"
    title = "Podium (test game)"
    min_players = 2
    max_players = 4
    variants = ("standard",)

    def setup(self, players: int, *, seed: int, variant: str | None = None) -> State:
        variant = self.check_setup(players, variant)
        return {"rng": Rng.from_seed(seed).state, "variant": variant, "claims": [None] * players}

    def to_move(self, state: State) -> list[int]:
        return [s for s, claim in enumerate(state["claims"]) if claim is None]

    def legal_moves(self, state: State, seat: int) -> list[str]:
        return list(CLAIMS) if seat in self.to_move(state) else []

    def choices_are_public(self, state: State, seat: int) -> bool:
        """Everyone may claim any of the same ten scores: the options hide nothing (what was
        claimed is the secret)."""
        return True

    def _apply(self, state: State, seat: int, move: str):
        state["claims"][seat] = int(move.split()[1])
        return [f"Seat {seat + 1} has claimed."], {seat: [f"You claimed {move}."]}

    def view(self, state: State, seat: int | None) -> dict:
        done = not self.to_move(state)
        public = {
            "game": self.id,
            "submitted": [c is not None for c in state["claims"]],
            "scores": list(state["claims"]) if done else None,
        }
        if seat is None:
            return public
        return public | {"seat": seat, "private": {"claim": state["claims"][seat]}}

    def result(self, state: State) -> list[Standing] | None:
        if self.to_move(state):
            return None
        return rank_standings([(s, c, (), {"claimed": c}) for s, c in enumerate(state["claims"])])


ENGINE = Podium()
