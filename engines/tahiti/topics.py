"""Player-facing rules topics for Tahiti (`/rules tahiti <topic>`).

Each topic fits one Discord screen (at most 1,800 characters). The component topics (goods,
islands, favourites, chart, reconstructed) are generated from ``data/tahiti`` so that the data
and the text cannot drift apart.
"""

from __future__ import annotations

from engines.tahiti import data as tdata
from i18n import N_, T, word
from i18n.text import Msg

MAX_TOPIC = 1800

SUMMARY = T(
    """\
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
)

TURN = T(
    """\
1) Exploration, while island tiles remain. Move Hommea one hex onto a placed tile: she must \
end at the edge of the board (a tile with an empty neighbour). If she already is at the edge \
she may stay. Then take the top tile of stack A or B (both tops are face up) and place it next \
to Hommea, touching at least two tiles, turned as you like (you choose where its two reefs \
face). The last tile removes Hommea: the late season begins.
2) Hommea's Gifts. 3 cubes are drawn from the bag (2 once she has left). Each cube must go on \
an empty Goods Space of its type on an island without an Exhaustion marker; you choose when \
several fit. A cube that fits nowhere goes back to the bag."""
)

ACTIONS = T(
    """\
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
)

END = T(
    """\
4) Exhaustion, late season only: if an island without marker has no cubes, you must choose \
one such island; a random marker goes on it (some show a fish: 3-cube fishing there). It \
never grows goods again.
End: when a turn ends with 4 or fewer unexhausted islands, the round is completed (the player \
before the first player plays last). Every canoe unloads where it is, then the game is \
scored (see `scoring`)."""
)

MOVES = T(
    """\
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
)


# The printed reef sides of a tile, in the short compass letters of the reader's language.
EDGES = {
    "e": T("e"),
    "ne": T("ne"),
    "nw": T("nw"),
    "w": T("w"),
    "sw": T("sw"),
    "se": T("se"),
}
SOURCES = {"public": T("public"), "provisional": T("provisional"), "rulebook": T("rulebook")}
COLOURS = {
    "yellow": T("yellow"),
    "brown": T("brown"),
    "pink": T("pink"),
    "green": T("green"),
    "white": T("white"),
}


def lines(items: list[Msg]) -> Msg:
    """Lines of a topic, one message each, said one by one in the reader's language."""
    text = items[-1]
    for line in reversed(items[:-1]):
        text = T("{line}\n{rest}", line=line, rest=text)
    return text


def _source_note(record: dict) -> Msg | str:
    source = record["source"]
    if source == "rulebook":
        return ""
    return T(" [{source}]", source=SOURCES.get(source, source))


def _good(g: str) -> Msg:
    return word("tahiti", f"goods.{g}")


def _pair(goods: list[str]) -> Msg:
    return T("{first}+{second}", first=_good(goods[0]), second=_good(goods[1]))


def goods_topic() -> Msg:
    data = tdata.raw()["goods"]
    found = [T("Goods: 16 cubes of each of 5 types (80 in all), in the bag.")]
    for g in data["goods"]:
        where = T("on island Goods Spaces") if g["on_islands"] else T("only by Fishing")
        found.append(
            T(
                "- {good} ({colour}, letter {letter}): {where}{note}",
                good=_good(g["id"]),
                colour=COLOURS.get(g["colour_name"], g["colour_name"]),
                letter=word("tahiti", f"letter.{g['id']}"),
                where=where,
                note=_source_note(g),
            )
        )
    removal = {r["players"]: r["per_type"] for r in data["removal"]}
    found.append(
        T(
            "Removed from the game at setup, of each type: 2 players {two}, 3 players {three}, "
            "4 players {four}.",
            two=removal[2],
            three=removal[3],
            four=removal[4],
        )
    )
    return lines(found)


def islands_topic() -> Msg:
    data = tdata.raw()["islands"]
    marks = {"monarch": T(", monarch (2/4p start)"), "other": T(", other butterfly (3p start)")}
    found = [
        T(
            "The 18 island tiles: two Goods Spaces each, reefs on two printed sides (before "
            "turning). All provisional (the tile art is missing)."
        )
    ]
    # Numbered, not by tile id (T01): a reader names an island by its goods (issue 26).
    for number, t in enumerate(data["tile"], start=1):
        found.append(
            T(
                "{number}. {goods}, reefs {edges}{mark}",
                number=number,
                goods=_pair(t["goods"]),
                edges=T(
                    "{first}+{second}",
                    first=EDGES[t["reefs"][0]],
                    second=EDGES[t["reefs"][1]],
                ),
                mark=marks.get(t["butterfly"], ""),
            )
        )
    return lines(found)


def favourites_topic() -> Msg:
    data = tdata.raw()["favourites"]
    sets = {"4": T("4 players"), "2-3": T("2 or 3 players (2p: one stays undealt)")}
    found = [T("Favourite goods tiles: one dealt secretly to each player.")]
    for key, label in sets.items():
        tiles = [t for t in data["tile"] if t["set"] == key]
        pairs: Msg | None = None
        for t in reversed(tiles):
            pair = T("{goods}{note}", goods=_pair(t["goods"]), note=_source_note(t))
            pairs = pair if pairs is None else T("{first}; {rest}", first=pair, rest=pairs)
        found.append(T("Set for {players}: {tiles}.", players=label, tiles=pairs))
    bonus = tdata.raw()["chart"]["favourite_bonus"]
    found.append(
        T(
            "At the end, for each of your two goods: {first} points for the most (ties share), "
            "{second} for the next-lower amount; at least 1 cube needed.",
            first=bonus["first"],
            second=bonus["second"],
        )
    )
    return lines(found)


def chart_topic() -> Msg:
    chart = tdata.raw()["chart"]
    rows, variety = chart["harvest"], chart["variety"]
    return lines(
        [
            T("Harvest Chart: one row per goods type, 9 spaces each."),
            T(
                "A row with k cubes scores: {values} (k = 0 to 9){note}.",
                values=", ".join(map(str, rows["row_values"])),
                note=_source_note(rows),
            ),
            T(
                "Variety bonus above set columns 1-9: {values}{note}; only the rightmost "
                "completed column scores.",
                values=", ".join(map(str, variety["values"])),
                note=_source_note(variety),
            ),
        ]
    )


# The reasons written in data/tahiti/*.toml, marked here for the catalogs (a reason changed in the
# data and not here is said in English, and tests/tahiti/test_languages.py finds it).
REASONS = (
    N_("named in the rulebook; the colour (yellow) is from public reference"),
    N_("named in the rulebook; the colour (brown) is from public reference"),
    N_("named in the rulebook; the colour (pink) is from public reference"),
    N_("the rulebook names only 4 types; taro and its colour (green) are from public reference"),
    N_(
        "white is in the rulebook; fish only from Fishing, never on islands, is public "
        "reference (A20)"
    ),
    N_("the reef sides are missing (M1); 2 or 3 Sea gaps per side is public reference"),
    N_("the setup diagrams are missing (M2); home surrounded, first reefs turned away from home"),
    N_("the tile art is missing (M3); each crop pair on 3 tiles, every crop on the first islands"),
    N_("18 markers is in the rulebook, the fish/blank split is not (M5); 6 fish from rules 9.6"),
    N_("the tiles' goods pairs are missing (M6); the pairs follow the placeholder of rules 9.6"),
    N_("the printed row values are missing (M7); a review says one point for every item gathered"),
    N_("only column 3 = 5 is in the scoring example (M8); the others rise by 2 per column"),
)
FILE_NAMES = {
    "goods": T("goods"),
    "home": T("home"),
    "layouts": T("layouts"),
    "islands": T("islands"),
    "markers": T("markers"),
    "favourites": T("favourites"),
    "chart": T("chart"),
}


def reconstructed_topic() -> Msg:
    """Every data record the rulebook transcript does not give, with its reason."""
    raw = tdata.raw()
    found = [T("Component data not in the rulebook transcript (source: reason):")]
    for name in tdata.FILES:
        seen: list[tuple[str, str]] = []
        for _, rec in tdata._records(raw[name]):
            if rec.get("source", "rulebook") != "rulebook" and "reason" in rec:
                entry = (rec["source"], rec["reason"])
                if entry not in seen:
                    seen.append(entry)
        for source, reason in seen:
            found.append(
                T(
                    "- {file} ({source}): {reason}.",
                    file=FILE_NAMES.get(name, name),
                    source=SOURCES.get(source, source),
                    # A message id read from the data: translated when REASONS lists it.
                    reason=Msg(reason),
                )
            )
    return lines(found)


SCORING = T(
    """\
At the end every canoe unloads onto its Harvest Chart (at most 9 per type), wherever it is.
Goods: each row scores the value printed in the first empty space after its cubes (see \
`chart`). Favourite bonus: for each good on your secret tile, 5 if you have the most of it \
(ties share), 3 for the next-lower amount (ties share); you need at least 1 cube. Variety: \
a column is complete when every row has at least that many cubes; the value above your \
rightmost complete column scores. Most points wins; ties share the victory."""
)


RECONSTRUCTED_RULES = T(
    """\
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
)


def build() -> dict[str, Msg]:
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
