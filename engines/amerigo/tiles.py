"""Amerigo's tile actions: plan (red, docs/rules/amerigo.md 5.3) takes landscape and village
tiles into the supply, build (green, 5.5) places them on the islands. A mixin of the engine
(``shared.py``)."""

from __future__ import annotations

from engines.amerigo import data as D
from engines.amerigo import words as W
from engines.amerigo.position import LETTER_GOOD, geometry, tokens_with
from engines.amerigo.shared import Act, AmerigoRules
from engines.base import Rng, State


class TileActions(AmerigoRules):
    # --- red: plan (5.3)

    def _moves_red(self, state: State, seat: int, act: Act) -> list[str]:
        p = state["p"][seat]
        budget = act["ap"] + p["gold"]
        limit = 2 if tokens_with(p, "two_landscapes") else 1  # rules 5.3, 5.9 P11
        moves = []
        # Data order (data/amerigo/pieces.toml), never the state's dict order (docs/ARCHITECTURE.md
        # 2).
        if act["lands"] < limit:
            for sid in D.shape_order("landscape"):
                if state["lands"].get(sid) and D.tile_cost(sid) <= budget:
                    moves.append(f"take {sid}")
        if budget >= 1:
            moves += [f"take {sid}" for sid in D.shape_order("village") if p["vill"].get(sid)]
        moves.append("done")
        if not act["did"]:
            moves.append("back")
        return moves

    def _apply_red(
        self, state: State, rng: Rng, seat: int, act: Act, words: list[str], log: list[str]
    ) -> None:
        p = state["p"][seat]
        if self._leave_or_finish(state, rng, seat, act, words[0], log):
            return
        act["did"] = True
        sid = words[1]
        gold = self._pay(p, act, D.tile_cost(sid))
        if D.shapes()[sid]["kind"] == "landscape":
            state["lands"][sid] -= 1
            act["lands"] += 1  # docs/rules/amerigo.md 5.3 / 7.10: one landscape per phase
        else:
            p["vill"][sid] -= 1
        p["supply"][sid] = p["supply"].get(sid, 0) + 1
        log.append(W.tile_planned(seat, sid, gold))

    # --- green: build (5.5)

    def _network(self, state: State, seat: int) -> set[str]:
        """docs/rules/amerigo.md 5.5.2: own posts plus chains of own villages and any landscapes."""
        geo = geometry(state)
        start = [c for c, s in state["posts"].items() if s == seat]
        placed = state["placed"]
        seen = set(start)
        stack = list(start)
        while stack:
            cur = stack.pop()
            for nb in geo["nbrs"][cur]:
                if nb in seen or nb not in state["cover"]:
                    continue
                owner = placed[state["cover"][nb]][1]
                if owner == -1 or owner == seat:
                    seen.add(nb)
                    stack.append(nb)
        return seen

    def _placements(
        self, state: State, seat: int, sid: str, first_only: bool = False
    ) -> list[list[str]]:
        """Legal placements of shape ``sid`` (sorted cell lists), docs/rules/amerigo.md 5.5.1-4."""
        geo = geometry(state)
        net = self._network(state, seat)
        if not net:
            return []
        cover, posts = state["cover"], state["posts"]
        free = {c for c in geo["land"] if c not in cover and c not in posts}
        frontier = {nb for c in net for nb in geo["nbrs"][c] if nb in free}
        found: set[tuple[str, ...]] = set()
        for f in sorted(frontier):
            fr, fc = D.parse_cell(f)
            for orient in D.shapes()[sid]["orients"]:
                for dr, dc in orient:
                    cells = []
                    for r, c in orient:
                        rr, cc = fr + r - dr, fc + c - dc
                        if not (0 <= rr < geo["h"] and 0 <= cc < geo["w"]):
                            break
                        name = D.cell_name(rr, cc)
                        if name not in free:
                            break
                        cells.append(name)
                    else:
                        found.add(tuple(sorted(cells, key=D.parse_cell)))
                        if first_only:
                            return [list(x) for x in found]
        return sorted([list(x) for x in found], key=lambda cs: [D.parse_cell(c) for c in cs])

    def _moves_green(self, state: State, seat: int, act: Act) -> list[str]:
        p = state["p"][seat]
        if act["tile"] is None:
            budget = act["ap"] + p["gold"]
            moves = [
                f"build {sid}"
                for sid in D.shape_order()
                if p["supply"].get(sid)
                and D.tile_cost(sid) <= budget
                and self._placements(state, seat, sid, True)
            ]
            moves.append("done")
            if not act["did"]:
                moves.append("back")
            return moves
        # Keep the list short (design: small decisions): pick a row, then a first cell, when
        # there are many placements; every listed cover is a legal placement.
        places = self._placements(state, seat, act["tile"])
        if act.get("row") is not None:
            places = [pl for pl in places if D.parse_cell(pl[0])[0] == act["row"]]
        if act["at"] is not None:
            places = [pl for pl in places if pl[0] == act["at"]]
        elif len(places) > 20:
            firsts = sorted({pl[0] for pl in places}, key=D.parse_cell)
            if len(firsts) <= 24 or act.get("row") is not None:
                return [f"at {c}" for c in firsts] + ["back"]
            rows = sorted({D.parse_cell(pl[0])[0] for pl in places})
            return [f"row {r + 1}" for r in rows] + ["back"]
        return [f"cover {','.join(pl)}" for pl in places] + ["back"]

    def _apply_green(
        self, state: State, rng: Rng, seat: int, act: Act, words: list[str], log: list[str]
    ) -> None:
        p = state["p"][seat]
        geo = geometry(state)
        verb = words[0]
        if verb == "back":
            if act["at"] is not None:
                act["at"] = None
            elif act.get("row") is not None:
                act["row"] = None
            elif act["tile"] is not None:
                act["tile"] = None
            else:
                state["turn"]["act"] = None
            return
        if self._leave_or_finish(state, rng, seat, act, verb, log):
            return
        if verb == "build":
            act["tile"] = words[1]
            return
        if verb == "at":
            act["at"] = words[1]
            return
        if verb == "row":
            act["row"] = int(words[1]) - 1
            return
        # cover: place the tile (docs/rules/amerigo.md 5.5)
        sid = act["tile"]
        cells = words[1].split(",")
        shape = D.shapes()[sid]
        act["did"] = True
        gold = self._pay(p, act, D.tile_cost(sid))
        p["supply"][sid] -= 1
        if not p["supply"][sid]:
            del p["supply"][sid]
        owner = seat if shape["kind"] == "village" else -1
        index = len(state["placed"])
        state["placed"].append([sid, owner, seat, cells])
        got = []
        for c in cells:
            state["cover"][c] = index
            good = LETTER_GOOD.get(geo["kind"][c])
            if good:
                p["goods"][good] += 1  # docs/rules/amerigo.md 5.5.3 / 7.12
                got.append(good)
        island = geo["island_of"][cells[0]]
        big = geo["islands"][island]["big"]
        vp = shape["big"] if big else shape["small"]  # docs/rules/amerigo.md 5.5 scoring
        p["vp"] += vp
        log.append(W.tile_built(seat, sid, cells, vp, got, gold))
        act["tile"] = None
        act["at"] = None
        act["row"] = None
        self._check_complete(state, seat, island, log)
