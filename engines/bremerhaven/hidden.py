"""Bremerhaven's hidden information (docs/rules/bremerhaven.md 9.3, 9.4): which moves reveal,
which choices may be shown to all, and a state drawn again for what a seat cannot know."""

from __future__ import annotations

from engines.base import Rng, State, clone_state, reseed
from engines.bremerhaven.data import CONTRACTS, NEWS, SHIPS
from engines.bremerhaven.play import Play


class HiddenInformation(Play):
    def _reveals(
        self, before: State, after: State, seat: int, move: str, private: dict[int, list[str]]
    ) -> bool:
        """rules 9.3 / 9.4: a move reveals when it (or what it set off) drew from a hidden order
        (decks, the newspaper pile, the generator), turned up a card, revealed the bids, showed
        the price pile to its chooser or made the simultaneous drafts public. Private lines here
        only repeat the mover's own choice, so they do not count."""

        def marks(s: State) -> tuple:
            return (
                s["rng"],
                len(s["ships"]),
                len(s["contracts"]),
                len(s["buildings"]),
                s["buildings"][:1],
                len(s["news"]),
                s["news_right"],
                s["news_left"],
                s["revealed"],
                s.get("shown", 0),
            )

        return marks(before) != marks(after)

    def choices_are_public(self, state: State, seat: int) -> bool:
        """Whether the seat's options may be shown to everyone (engines/base.py). rules 9.3:
        a bid card comes from the hand, which the unrevealed bids keep secret, so the card step
        of the auction is private (the space, chosen first, is public); a seat's permit and
        harbour work is a draft the others see only when the step resolves. Every other
        decision (a space, keep or a price, a swap, starting goods, an upgrade, placing) is
        drawn from public facts. Decided by the kind of decision alone (phase, step, and whether
        the seat has chosen its space), so the same decision always looks the same."""
        if state["phase"] == "auction":
            return str(seat) not in state["pending"]
        return state["step"] not in ("permit", "harbour")

    def resample_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        """rules 9.3: every part ``seat`` cannot know, drawn again: the order of the Ship and
        Contract decks (within each back-number pile), the Buildings under the top one, the
        unseen part of the Price pile, the Newspaper pile (the face-up Progress card is swapped
        for one with the same advance: its event side is unknown), other seats' hands and bid
        values before the reveal, the neutral's shuffled cards, other
        seats' private drafts in a simultaneous step, and the generator."""
        new = clone_state(state)
        reseed(new, rng)
        for key, cards in (("ships", SHIPS), ("contracts", CONTRACTS)):
            deck = new[key]
            piles: dict[int, list[int]] = {}
            for i, cid in enumerate(deck):
                piles.setdefault(cards[cid]["stage"], []).append(i)
            for stage in sorted(piles):
                spots = piles[stage]
                drawn = rng.redeal(deck[i] for i in spots)
                for i, cid in zip(spots, drawn, strict=True):
                    deck[i] = cid
        new["buildings"][1:] = rng.redeal(new["buildings"][1:])
        if seat is None or seat not in new.get("price_known", []):
            prices = new["prices"]
            end = len(prices) - new.get("price_tail", 0)
            prices[1:end] = rng.redeal(prices[1:end])
        self._resample_news(new, rng)
        if not new["revealed"]:
            for pid, p in enumerate(new["players"]):
                if pid == seat:
                    continue
                spots = [i for i, b in enumerate(new["bids"]) if b[1] == pid]
                pool = rng.redeal(list(p["hand"]) + [new["bids"][i][2] for i in spots])
                for i in spots:
                    new["bids"][i][2] = pool.pop()
                p["hand"] = pool if p["neutral"] else sorted(pool)
        if new["step"] != "place":  # placements are public as they are made
            for key in sorted(new["drafts"]):
                if int(key) != seat:
                    self._redraw_draft(new, int(key), rng)
        return new

    def _resample_news(self, new: State, rng: Rng) -> None:
        right = new["news_right"]
        pool = rng.redeal(list(new["news"]) + ([right] if right else []))
        if right:
            same = [c for c in pool if NEWS[c]["progress"] == NEWS[right]["progress"]]
            new["news_right"] = same[0]
            pool.remove(same[0])
        new["news"] = pool

    def _redraw_draft(self, new: State, pid: int, rng: Rng) -> None:
        """Another seat's draft: replayed from the start of the step by random legal moves,
        finished if that seat has submitted, unfinished otherwise (in the starting-goods step the
        number of goods taken is public, so the replay takes as many)."""
        key = str(pid)
        base = (new.get("draft_base") or {}).get(key)
        if base is None:
            return
        picks = new["drafts"][key].get("picks", 0)
        new["drafts"][key] = clone_state(base)
        if pid in new.get("draft_base_done", []):
            return
        waiting, done = list(new["waiting"]), list(new["done"])
        finished = pid in done
        new["waiting"] = sorted({*waiting, pid})
        new["done"] = [s for s in done if s != pid]
        wander = picks if new["step"] == "start" else rng.randbelow(6)
        for count in range(60):
            if pid not in new["waiting"]:
                break
            moves = self._draft_moves(new, pid)
            free = [m for m in moves if not self._would_finish(new, pid, m)]
            if count < wander and free:
                move = rng.choice(free)
            elif not finished:
                break
            else:
                ends = [m for m in moves if m not in ("back", "later")]
                move = rng.choice(ends or moves)
            self._draft_move(new, pid, move, move.split(), [], {})
        new["waiting"], new["done"] = waiting, done

    def _would_finish(self, state: State, pid: int, move: str) -> bool:
        step = state["step"]
        d = state["drafts"][str(pid)]
        if step == "start":
            return d["picks"] >= 2
        if step in ("upgrade",):
            return True
        if step == "place":
            trial = clone_state(d)
            probe = {"drafts": {str(pid): trial}, "ship_discard": [], "contract_discard": []}
            item = trial["queue"].pop(0)
            if move == "later":
                trial["queue"].append(item)
            elif move != "done":
                self._do_place(probe, trial, item, move)
            self._place_auto(probe, pid)
            return not trial["queue"]
        return move == "done"
