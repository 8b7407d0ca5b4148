"""Player-facing rules topics for Tahiti (`/rules tahiti <topic>`).

Each topic fits one Discord screen (at most 1,800 characters). The component topics (goods,
islands, favourites, chart, reconstructed) are generated from ``data/tahiti`` so that the data
and the text cannot drift apart.
"""

from __future__ import annotations

from engines.tahiti import data as tdata

MAX_TOPIC = 1800

SUMMARY = """\
Tahiti (2-4 players, about 45 min). Paddle your canoe around a growing archipelago, collect \
goods and bring them home to your Harvest Chart. Most points wins.
A turn has 4 phases: 1) Exploration (while island tiles remain), 2) Hommea's Gifts, \
3) Actions, 4) Exhaustion (only after the last tile is placed).
Two secrets matter: your Favourite goods tile (DMed to you; `/hand` shows it again), and the \
tiles below the two face-up stack tops.
The season ends when only 4 islands are left unexhausted: the round is finished so everyone \
plays the same number of turns. The board image shows that clock and the first player.
Topics: `turn` (Exploration and Gifts), `actions`, `end`, `scoring`, `moves` (how to type \
moves), `goods`, `islands`, `favourites`, `chart`, `reconstructed`, `reconstructed-rules`."""

TURN = """\
1) Exploration, while island tiles remain. Move Hommea one hex onto a placed tile: she must \
end at the edge of the board (a tile with an empty neighbour). If she already is at the edge \
she may stay. Then take the top tile of stack A or B (both tops are face up) and place it next \
to Hommea, touching at least two tiles, turned as you like (you choose where its two reefs \
face). The last tile removes Hommea: the late season begins.
2) Hommea's Gifts. 3 cubes are drawn from the bag (2 once she has left). Each cube must go on \
an empty Goods Space of its type on an island without an Exhaustion marker; you choose when \
several fit. A cube that fits nowhere goes back to the bag."""

ACTIONS = """\
3) Actions: one per visible Rower. Your canoe shows 4 Rowers with 0-2 cubes aboard, then 3, \
2, 1 with 3, 4, 5 cubes. Cubes can change this during the turn: you stop as soon as your \
actions taken reach your visible Rowers. In any order and as often as you like:
- Move to an adjacent tile. Each reef crossed (0, 1 or 2 on the shared edge) draws a cube; \
each drawn cube matching a cube in your canoe costs you that cube. Empty canoe: no draw.
- Harvest a cube from the island you are on.
- Fish (not at the Home Island): draw 2 cubes (3 on an island with a fish marker); keep one \
fish if one comes up. While you keep fishing the other cubes stay aside, improving your odds.
- Deliver at the Home Island: everything in the canoe goes to your Harvest Chart (at most 9 \
of a type; the rest leaves the game).
Loading: at most 5 cubes, always all one colour or all different colours; you cannot throw \
cubes away."""

END = """\
4) Exhaustion, late season only: if an island without marker has no cubes, you must choose \
one such island; a random marker goes on it (some show a fish: 3-cube fishing there). It \
never grows goods again.
End: when a turn ends with 4 or fewer unexhausted islands, the round is completed (the player \
before the first player plays last). Every canoe unloads where it is, then the game is \
scored (see `scoring`)."""

MOVES = """\
Moves are short texts; autocomplete lists them with a sentence each, and words of that \
sentence find them too (`home`, `paddle 1,0`, `banana`). Coordinates are axial q,r (the Home \
Island is 0,0); they are written on the board image.
Exploration: `stay` (Hommea stays) or `hommea 1,-1`; then `place a 2,-1` (stack a or b, then \
the position; `place 2,-1 a` works too), then `reefs e,ne` (the two edges the reefs face: e, \
ne, nw, w, sw, se; any order, `reefs ne,e` or `reefs east,north-east`) or `back`.
Gifts: `gift banana 1,-1` (asked only when a cube fits several spaces).
Actions: `move 0,1` (or `paddle 0,1`; `move home` for 0,0), `harvest spice`, `fish` (then \
`keep` or `release` when a fish comes up), `deliver` (at 0,0), `end` (stop early).
Exhaustion: `exhaust 1,1` (or `deplete 1,1`; asked only when several islands qualify).
Prefixes work when they name one move: `harv ban`, `del`, `e`."""


def _source_note(record: dict) -> str:
    return "" if record["source"] == "rulebook" else f" [{record['source']}]"


def goods_topic() -> str:
    data = tdata.raw()["goods"]
    lines = ["Goods: 16 cubes of each of 5 types (80 in all), in the bag."]
    for g in data["goods"]:
        where = "on island Goods Spaces" if g["on_islands"] else "only by Fishing"
        lines.append(
            f"- {g['id']} ({g['colour_name']}, letter {g['letter']}): {where}{_source_note(g)}"
        )
    removal = {r["players"]: r["per_type"] for r in data["removal"]}
    lines.append(
        "Removed from the game at setup, of each type: "
        + ", ".join(f"{n} players {removal[n]}" for n in sorted(removal))
        + "."
    )
    return "\n".join(lines)


def islands_topic() -> str:
    data = tdata.raw()["islands"]
    marks = {"monarch": ", monarch (2/4p start)", "other": ", other butterfly (3p start)"}
    lines = [
        "The 18 island tiles: two Goods Spaces each, reefs on two printed sides (before "
        "turning). All provisional (the tile art is missing)."
    ]
    for t in data["tile"]:
        lines.append(
            f"- {t['id']}: {'+'.join(t['goods'])}, reefs {'+'.join(t['reefs'])}"
            f"{marks.get(t['butterfly'], '')}"
        )
    return "\n".join(lines)


def favourites_topic() -> str:
    data = tdata.raw()["favourites"]
    sets = {"4": "4 players", "2-3": "2 or 3 players (2p: one stays undealt)"}
    lines = ["Favourite goods tiles: one dealt secretly to each player."]
    for key, label in sets.items():
        tiles = [t for t in data["tile"] if t["set"] == key]
        pairs = "; ".join(f"{t['id']} {'+'.join(t['goods'])}{_source_note(t)}" for t in tiles)
        lines.append(f"Set for {label}: {pairs}.")
    bonus = tdata.raw()["chart"]["favourite_bonus"]
    lines.append(
        f"At the end, for each of your two goods: {bonus['first']} points for the most "
        f"(ties share), {bonus['second']} for the next-lower amount; at least 1 cube needed."
    )
    return "\n".join(lines)


def chart_topic() -> str:
    chart = tdata.raw()["chart"]
    rows, variety = chart["harvest"], chart["variety"]
    return "\n".join(
        [
            "Harvest Chart: one row per goods type, 9 spaces each.",
            f"A row with k cubes scores: {', '.join(map(str, rows['row_values']))} "
            f"(k = 0 to 9){_source_note(rows)}.",
            f"Variety bonus above set columns 1-9: {', '.join(map(str, variety['values']))}"
            f"{_source_note(variety)}; only the rightmost completed column scores.",
        ]
    )


SCORING = """\
At the end every canoe unloads onto its Harvest Chart (at most 9 per type), wherever it is.
Goods: each row scores the value printed in the first empty space after its cubes (see \
`chart`). Favourite bonus: for each good on your secret tile, 5 if you have the most of it \
(ties share), 3 for the next-lower amount (ties share); you need at least 1 cube. Variety: \
a column is complete when every row has at least that many cubes; the value above your \
rightmost complete column scores. Most points wins; ties share the victory."""


def reconstructed_topic() -> str:
    """Every data record the rulebook transcript does not give, with its reason."""
    raw = tdata.raw()
    lines = ["Component data not in the rulebook transcript (source: reason):"]
    for name in tdata.FILES:
        seen: list[tuple[str, str]] = []
        for _, rec in tdata._records(raw[name]):
            if rec.get("source", "rulebook") != "rulebook" and "reason" in rec:
                entry = (rec["source"], rec["reason"])
                if entry not in seen:
                    seen.append(entry)
        for source, reason in seen:
            lines.append(f"- {name} ({source}): {reason}.")
    return "\n".join(lines)


RECONSTRUCTED_RULES = """\
Rules the transcript does not settle (rules/tahiti.md 9.7), as played here:
- First player: drawn at random (the rule is "whoever most recently paddled a canoe").
- No placement next to two tiles possible: Hommea's options keep one open; else one neighbour \
is enough (A8).
- Favourite bonus needs at least 1 cube (A12); a tie for the win is shared (A13).
- A short bag: draw what remains (A18). Marker pool empty: a blank marker is used.
- Mixed canoe: one cube per colour; a reef loses one cube per matching drawn cube (A1, A2).
- Rowers always count from the cube total (A3); you may end actions early (A4).
- Keeping a fish is optional; set-aside cubes stay out for the whole fishing run (A5).
- Deliver needs cubes aboard, a move must change tile (A14); canoes may share a tile (A15).
- End check after every late-season turn (A16); a full row scores 9 (A17).
- Random-start variant: all 18 tiles shuffled, the first ones dealt to the usual start \
positions with a random turn (rules 8).
- The undealt 2-player Favourite tile is shown at the end."""


def build() -> dict[str, str]:
    topics = {
        "summary": SUMMARY,
        "turn": TURN,
        "actions": ACTIONS,
        "end": END,
        "scoring": SCORING,
        "moves": MOVES,
        "goods": goods_topic(),
        "islands": islands_topic(),
        "favourites": favourites_topic(),
        "chart": chart_topic(),
        "reconstructed": reconstructed_topic(),
        "reconstructed-rules": RECONSTRUCTED_RULES,
    }
    for name, text in topics.items():
        if len(text) > MAX_TOPIC:
            raise ValueError(f"Tahiti rules topic {name} is {len(text)} characters")
    return topics


TOPICS = build()
