"""A test-only turn-based game for the catch-up tests: players take turns in seat order; a turn is
up to two actions (``fish`` or ``row``) or a ``pass``, and every action is logged the way real
engines log ("Player B fishes."). The game ends after ``ROUNDS`` rounds; most fish wins."""

from __future__ import annotations

from engines.base import BaseEngine, Rng, Standing, State, rank_standings

ROUNDS = 4


class Relay(BaseEngine):
    id = "relay"
    title = "Relay (test game)"
    min_players = 2
    max_players = 4
    variants = ("standard",)

    def setup(self, players: int, *, seed: int, variant: str | None = None) -> State:
        variant = self.check_setup(players, variant)
        return {
            "rng": Rng.from_seed(seed).state,
            "variant": variant,
            "players": players,
            "turn": 0,
            "actions": 0,
            "fish": [0] * players,
        }

    def _over(self, state: State) -> bool:
        return state["turn"] >= ROUNDS * state["players"]

    def to_move(self, state: State) -> list[int]:
        return [] if self._over(state) else [state["turn"] % state["players"]]

    def legal_moves(self, state: State, seat: int) -> list[str]:
        return ["fish", "row", "pass"] if seat in self.to_move(state) else []

    def default_move(self, state: State, seat: int) -> str:
        return "pass"

    def _apply(self, state: State, seat: int, move: str):
        who = f"Player {'ABCD'[seat]}"
        if move == "pass":
            log = [f"{who} passes."]
        elif move == "fish":
            state["fish"][seat] += 1
            log = [f"{who} fishes (now {state['fish'][seat]})."]
        else:
            log = [f"{who} rows."]
        state["actions"] += 1
        if move == "pass" or state["actions"] == 2:
            state["turn"] += 1
            state["actions"] = 0
            if not self._over(state):
                log.append(
                    f"Round {state['turn'] // state['players'] + 1}: Player "
                    f"{'ABCD'[state['turn'] % state['players']]} to play."
                )
        return log, {}

    def view(self, state: State, seat: int | None) -> dict:
        public = {"game": self.id, "turn": state["turn"], "fish": list(state["fish"])}
        return public if seat is None else public | {"seat": seat, "private": {}}

    def result(self, state: State) -> list[Standing] | None:
        if not self._over(state):
            return None
        return rank_standings([(s, f, (), {"fish": f}) for s, f in enumerate(state["fish"])])


ENGINE = Relay()
