"""A tiny test-only game with a simultaneous secret phase, used to prove the conformance suite and
the host on the kind of phase Bremerhaven and Francis Drake need.

Every player holds a secret hand of three cards (1-9). Each of three rounds, all players bid one
card at once; bids stay hidden until everyone has bid. The highest bid that nobody else matched
scores its value. Highest total wins.
"""

from __future__ import annotations

from engines.base import BaseEngine, Rng, Standing, State, clone_state, rank_standings, reseed

ROUNDS = 3


class SealedBids(BaseEngine):
    id = "sealed"
    title = "Sealed Bids (test game)"
    min_players = 2
    max_players = 4
    variants = ("standard",)

    def setup(self, players: int, *, seed: int, variant: str | None = None) -> State:
        variant = self.check_setup(players, variant)
        rng = Rng.from_seed(seed)
        deck = list(range(1, 10)) * 2
        rng.shuffle(deck)
        hands = [sorted(deck[i * 3 : i * 3 + 3]) for i in range(players)]
        return {
            "rng": rng.state,
            "variant": variant,
            "players": players,
            "round": 1,
            "hands": hands,
            "bids": [None] * players,
            "scores": [0] * players,
            "history": [],
        }

    def to_move(self, state: State) -> list[int]:
        if state["round"] > ROUNDS:
            return []
        return [s for s, bid in enumerate(state["bids"]) if bid is None]

    def legal_moves(self, state: State, seat: int) -> list[str]:
        if seat not in self.to_move(state):
            return []
        return [f"bid {card}" for card in sorted(set(state["hands"][seat]))]

    def default_move(self, state: State, seat: int) -> str:
        return self.legal_moves(state, seat)[0]

    def _apply(self, state: State, seat: int, move: str):
        card = int(move.split()[1])
        state["hands"][seat].remove(card)
        state["bids"][seat] = card
        log = [f"Seat {seat + 1} has bid."]
        private = {seat: [f"You bid {card}."]}
        if all(b is not None for b in state["bids"]):
            bids = state["bids"]
            unique = [b for b in bids if bids.count(b) == 1]
            winner = None
            if unique:
                winner = bids.index(max(unique))
                state["scores"][winner] += bids[winner]
            state["history"].append({"bids": list(bids), "winner": winner})
            log.append(
                "Bids revealed: "
                + ", ".join(f"seat {s + 1}: {b}" for s, b in enumerate(bids))
                + (f". Seat {winner + 1} scores {bids[winner]}." if winner is not None else ".")
            )
            state["bids"] = [None] * state["players"]
            state["round"] += 1
        return log, private

    def view(self, state: State, seat: int | None) -> dict:
        public = {
            "game": self.id,
            "round": min(state["round"], ROUNDS),
            "over": state["round"] > ROUNDS,
            "scores": list(state["scores"]),
            "submitted": [b is not None for b in state["bids"]],
            "history": [dict(h) for h in state["history"]],
            "hand_sizes": [len(h) for h in state["hands"]],
        }
        if seat is None:
            return public
        return public | {
            "seat": seat,
            "private": {"hand": list(state["hands"][seat]), "my_bid": state["bids"][seat]},
        }

    def resample_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        """Every hand and unrevealed bid the observer cannot see is dealt again from the cards it
        cannot account for (two of each 1-9, less its own and every revealed bid)."""
        new = clone_state(state)
        reseed(new, rng)
        pool = list(range(1, 10)) * 2
        seen = [b for h in state["history"] for b in h["bids"]]
        if seat is not None:
            seen += state["hands"][seat] + ([state["bids"][seat]] if state["bids"][seat] else [])
        for card in seen:
            pool.remove(card)
        rng.shuffle(pool)
        for other in range(state["players"]):
            if other == seat:
                continue
            size = len(state["hands"][other])
            new["hands"][other] = sorted(pool[:size])
            del pool[:size]
            if state["bids"][other] is not None:
                new["bids"][other] = pool.pop()
        return new

    def private_text(self, view: dict) -> list[str]:
        private = view["private"]
        lines = ["Your hand: " + (", ".join(map(str, private["hand"])) or "empty") + "."]
        if private["my_bid"] is not None:
            lines.append(f"Your bid this round: {private['my_bid']}.")
        return lines

    def _reveals(self, before: State, after: State, seat: int, move: str, private: dict) -> bool:
        return after["round"] != before["round"]  # the last bid shows everyone's

    def result(self, state: State) -> list[Standing] | None:
        if state["round"] <= ROUNDS:
            return None
        return rank_standings(
            [(s, score, (), {"bids won": score}) for s, score in enumerate(state["scores"])]
        )


ENGINE = SealedBids()
