"""Amerigo's flow of play: the cube tower (docs/rules/amerigo.md 9.6), phases (4.2), the round's
end with the pirates' attack and the next round's preparation (4.3, 6.2), and the final scoring
(6.3). A mixin of the engine (``shared.py``)."""

from __future__ import annotations

from engines.amerigo import words as W
from engines.amerigo.position import (
    COLOURS,
    GOLD_MAX,
    GOODS,
    PROGRESS_VP,
    ROUNDS,
    SCORE,
    SPECIAL_VP,
    TOKENS,
    add_gold,
    board,
    geometry,
    player_order,
    tokens_with,
    track_vp,
)
from engines.amerigo.shared import AmerigoRules
from engines.base import Rng, State


class TurnFlow(AmerigoRules):
    def _drop(self, state: State, rng: Rng, cubes: dict[str, int]) -> dict[str, int]:
        """docs/rules/amerigo.md 9.6: the tower keeps R cubes, newly dropped ones first."""
        t = board()["tower"]
        new = [c for c in COLOURS for _ in range(cubes.get(c, 0))]
        old = [c for c in COLOURS for _ in range(state["tower"][c])]
        keep = t["base"] + sum(rng.randint(-1, 1) for _ in range(t["spread"]))
        keep = max(t["min_keep"], min(t["max_keep"], keep, len(new) + len(old)))
        rng.shuffle(new)
        rng.shuffle(old)
        kept = new[:keep] + old[: max(0, keep - len(new))]
        out = new[keep:] + old[max(0, keep - len(new)) :]
        state["tower"] = {c: kept.count(c) for c in COLOURS}
        return {c: out.count(c) for c in COLOURS}

    def _start_phase(self, state: State, rng: Rng, log: list[str]) -> None:
        """docs/rules/amerigo.md 4.2: drop the phase colour, skip if nothing falls, set AP."""
        while not state["over"]:
            colour = COLOURS[state["phase"]]
            n = state["storage"][colour]
            state["storage"][colour] = 0
            released = self._drop(state, rng, {colour: n}) if n else dict.fromkeys(COLOURS, 0)
            total = sum(released.values())
            state["drops"].append(total)
            if total == 0:
                # docs/rules/amerigo.md 4.2.2 / 7.1: empty storage or no cubes out: phase skipped.
                log.append(W.phase_skipped(state["round"], colour, n))
                self._end_phase(state, rng, log)
                continue
            state["space"] = released
            ap = max(released.values())  # docs/rules/amerigo.md 4.2.3
            log.append(W.phase_opened(state["round"], colour, n, released, ap))
            state["turn"] = {
                "order": player_order(state),  # docs/rules/amerigo.md 9.7 A8: frozen for the phase
                "i": 0,
                "ap": ap,
                "cubes": total,
                "act": None,
            }
            return

    def _end_phase(self, state: State, rng: Rng, log: list[str]) -> None:
        # docs/rules/amerigo.md 4.2.7: cubes on the action space go back to their storage spaces.
        for c, v in state["space"].items():
            state["storage"][c] += v
        state["space"] = dict.fromkeys(COLOURS, 0)
        state["turn"] = None
        state["phase"] += 1
        if state["phase"] == len(COLOURS):
            self._end_round(state, log)
            state["phase"] = 0
            if state["round"] == ROUNDS:
                self._final(state, log)
                return
            self._prepare_round(state, rng, log)
            state["round"] += 1

    def _next_turn(self, state: State, rng: Rng, log: list[str]) -> None:
        turn = state["turn"]
        turn["act"] = None
        turn["i"] += 1
        if turn["i"] >= len(turn["order"]):
            self._end_phase(state, rng, log)
            self._start_phase(state, rng, log)

    def _end_round(self, state: State, log: list[str]) -> None:
        """docs/rules/amerigo.md 4.3.1 / 6.2: the pirates attack."""
        strength = sum(v for v, up in state["pirates"] if up)
        ps = state["p"]
        for seat, p in enumerate(ps):
            # docs/rules/amerigo.md 5.9 P4 / 9.7 A16: +2 per P4 token held by any other player.
            extra = sum(2 * len(tokens_with(o, "pirates2")) for i, o in enumerate(ps) if i != seat)
            need = strength + extra
            if p["can"] >= need:
                p["can"] -= need  # docs/rules/amerigo.md 6.2.5: leftover cannons are kept
                guard = bool(tokens_with(p, "pirategold"))
                if guard:
                    # docs/rules/amerigo.md 5.9 P6 / 7.18: +2 gold even at strength 0.
                    add_gold(p, SCORE["pirate_gold"])
                log.append(W.pirates_beaten(seat, need, p["can"], guard))
            else:
                # docs/rules/amerigo.md 6.2.3 / 7.17: all cannons spent, lose the full strength.
                p["can"] = 0
                loss = need // 2 if tokens_with(p, "halfloss") else need  # P5, 9.7 A4 (down)
                p["vp"] = max(0, p["vp"] - loss)  # docs/rules/amerigo.md 6.1 / 9.7 A17
                log.append(W.pirates_won(seat, need, loss))
            for _ in tokens_with(p, "income"):
                # designed token "income" (provisional): +1 gold at every round end.
                add_gold(p, TOKENS["income"]["amount"])

    def _prepare_round(self, state: State, rng: Rng, log: list[str]) -> None:
        """docs/rules/amerigo.md 4.3.2: prepare the next round."""
        for slot in state["pirates"]:  # 4.3.2.1 reveal one more pirate marker
            if not slot[1]:
                slot[1] = True
                log.append(W.pirate_revealed(slot[0]))
                break
        # 4.3.2.2 / 7.21: discard the right half, slide left to right, 4 new on the left.
        area = state["parea"]
        half = len(area) // 2
        area[half:] = area[:half]
        area[:half] = [state["pdeck"].pop() if state["pdeck"] else None for _ in range(half)]
        # 4.3.2.3: all production tokens to the box, fill the spaces anew.
        count = len(state["prodarea"])
        state["prodarea"] = [
            state["proddeck"].pop() if state["proddeck"] else None for _ in range(count)
        ]
        if state["time"]:  # 4.3.2.4: remove the top time marker
            state["time"].pop(0)

    def _final_parts(self, state: State, seat: int) -> dict[str, int]:
        """docs/rules/amerigo.md 6.3: the final scoring of ``seat``'s holdings as they stand,
        without changing the state (``_final`` applies it; ``evaluate`` projects with it)."""
        p = state["p"][seat]
        # 6.3.1 gold: chests and unused 1x gold tokens first, overflow to VP, then 1 VP/gold.
        gain = p["chests"] * board()["big_island"]["chest_gold"]
        for tid, used in p["toks"]:
            if TOKENS[tid]["effect"] == "gold" and not used:
                gain += TOKENS[tid]["amount"]
        total = p["gold"] + gain
        gold = min(GOLD_MAX, total)  # what stays on the track; the overflow is VP (5.8)
        # 6.3.2 commodities: goods x production tokens of each type (each token counts 1).
        goods_vp = sum(p["goods"][g] * p["prod"][g] for g in GOODS)
        # 6.3.3 progress: tokens marked E plus the progress track.
        end_vp = 0
        for tid, _ in p["toks"]:
            eff = TOKENS[tid]["effect"]
            if eff == "end_gold":
                end_vp += gold  # 5.9 P10: the gold track scores a second time
            elif eff == "end_posts":
                end_vp += 12 - p["posts"]
            elif eff == "end_islands":
                geo = geometry(state)
                end_vp += 2 * sum(
                    1
                    for i in state["completed"]
                    if any(state["posts"].get(c) == seat for c in geo["islands"][i]["posts"])
                )
            elif eff == "end_cannons":
                end_vp += p["can"] // 2
        return {
            "gain": gain,
            "gold": total,  # the overflow (total - track) plus the track
            "commodities": goods_vp,
            "progress": end_vp + track_vp(PROGRESS_VP, p["prog"]),
            # 6.3.4 special actions: highest VP reached on the special-action track.
            "special": track_vp(SPECIAL_VP, p["opos"]),
        }

    def _final(self, state: State, log: list[str]) -> None:
        """docs/rules/amerigo.md 6.3: final scoring in the rules' order."""
        state["over"] = True
        breakdown = []
        for seat, p in enumerate(state["p"]):
            before = p["vp"]
            parts = self._final_parts(state, seat)
            # 6.3.1: the chests and unused 1x gold tokens are converted (and so used up).
            p["chests"] = 0
            for tok in p["toks"]:
                if TOKENS[tok[0]]["effect"] == "gold":
                    tok[1] = True
            add_gold(p, parts["gain"])
            p["vp"] += p["gold"]
            gold_vp = p["vp"] - before
            goods_vp, prog_vp = parts["commodities"], parts["progress"]
            special_vp = parts["special"]
            p["vp"] += goods_vp + prog_vp + special_vp
            row = {
                "game": before,
                "gold": gold_vp,
                "commodities": goods_vp,
                "progress": prog_vp,
                "special": special_vp,
                "total": p["vp"],
            }
            breakdown.append(row)
            log.append(W.final_scored(seat, row))
        state["final"] = breakdown
