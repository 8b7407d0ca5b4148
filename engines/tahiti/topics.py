"""Player-facing rules topics for Tahiti (`/rules tahiti <topic>`)."""

from __future__ import annotations

SUMMARY = """\
Tahiti (2-4 players, about 45 min). Paddle your canoe around a growing archipelago, collect \
goods and bring them home to your Harvest Chart.
Each turn: 1) Exploration, while island tiles remain: move Hommea one hex (she must end at \
the edge of the board) and place the top tile of stack A or B next to her, touching at least \
two tiles, turned as you like. 2) Hommea's Gifts: 3 cubes are drawn (2 once she has left); \
each one goes on a matching empty Goods Space of an unexhausted island (you choose if \
several fit) or back to the bag. 3) Actions: one per uncovered Rower (4 with 0-2 cubes \
aboard, then 3, 2, 1): move to an adjacent tile (each reef crossed draws a cube; a cube \
matching your cargo is lost), harvest a cube from your island, fish (not at home: draw 2, or \
3 on a fish-marked island; keep one fish; rejected cubes stay aside while you keep fishing) \
or deliver everything at the Home Island (max 9 per goods type). The canoe is always all one \
colour or all different colours, at most 5 cubes. 4) Exhaustion, after the last tile: put a \
random marker on an island with no cubes; it never produces again. When only 4 unexhausted \
islands remain, the round is finished, canoes unload and the game is scored: each goods row, \
+5/+3 for most/second most of each of your two secret favourite goods, and the variety bonus \
of your rightmost complete set column."""

MOVES = """\
Coordinates are axial q,r (the Home Island is 0,0); they are written on the board image.
Exploration: `stay` (leave Hommea) or `hommea 1,-1`; then `place a 2,-1` (stack a or b, \
position), then `reefs e,ne` (the two edges the tile's reefs will face: e, ne, nw, w, sw, \
se) or `back`.
Gifts: `gift banana 1,-1` (asked only when a cube fits several spaces).
Actions: `move 0,1`, `harvest spice`, `fish` (then `keep` or `release` when a fish comes \
up), `deliver` (at 0,0), `end` (stop early).
Exhaustion: `exhaust 1,1` (asked only when several empty islands are candidates).
Prefixes work when unambiguous: `harv ban`, `del`, `e`."""

SCORING = """\
Goods: each row scores the value of the first empty space after its cubes (provisional: 1 \
per cube, 0-9). Favourite bonus, per good on your secret tile: 5 if you have the most (ties \
share), 3 for the next-lower amount (ties share); at least 1 cube needed. Variety: the value \
above your rightmost completed column (every row has at least k cubes): provisional \
1,3,5,7,9,11,13,15,17 (column 3 = 5 is from the rulebook). Ties share the victory."""

RECONSTRUCTED = """\
Provisional data (designed here, the rulebook transcript lacks it): Home Island sides (2/4 \
side: 2 Sea tiles and 4 first islands; 3 side: 3 Sea tiles and 3 first islands), starting \
layouts, the 18 island tiles (goods pairs, reef sides, butterflies), 6 fish / 12 blank \
Exhaustion markers, the Favourite tile pairs, the variety values except column 3. The \
harvest rows (1 point per cube) come from public reference. Every ambiguity follows \
rules/tahiti.md 9.7 A1-A23."""

TOPICS = {
    "summary": SUMMARY,
    "moves": MOVES,
    "scoring": SCORING,
    "reconstructed": RECONSTRUCTED,
}
