"""Player-facing rules text for ``/rules`` (docs/rules/amerigo.md, condensed).

Every topic about a component a player chooses by id (progress tokens, landscape and village
tiles, production tokens) and the ``reconstructed`` topic are generated from ``data/amerigo``, so
the text can never drift from the data the engine plays by. Each topic fits one screen (1,800
characters); a long one is split into ``name``, ``name-2``, ...

Every topic is a ``Msg`` (``i18n``), said in the reader's language where ``/rules`` shows it; the
Greek follows the rulebook transcript's own words (``data/amerigo/glossary.toml``).
"""

from __future__ import annotations

from engines.amerigo import data as D
from engines.amerigo.words import (
    NOTES,
    SOURCES,
    SUBJECTS,
    good_word,
    shape_name,
    token_text,
    tokens,
)
from i18n import T, Tn
from i18n.text import Msg

LIMIT = 1800
GOODS = ("cotton", "tobacco", "sugar", "coconuts", "coffee")


def _stack(lines: list) -> Msg:
    """Lines one under another, each said in the reader's language."""
    if len(lines) == 1:
        line = lines[0]
        return line if isinstance(line, Msg) else T("{line}", line=line)
    return T("{first}\n{rest}", first=lines[0], rest=_stack(lines[1:]))


def _split(name: str, title: Msg, lines: list) -> dict[str, Msg]:
    """``lines`` under ``title``, as one topic or several that each fit one screen."""
    head = T("{title}:", title=title)
    pages: list[list] = []
    page: list = []
    for line in lines:
        trial = "\n".join([head, *page, line])
        if page and len(trial) > LIMIT - 20:
            pages.append(page)
            page = []
        page.append(line)
    pages.append(page)
    out: dict[str, Msg] = {}
    for i, page in enumerate(pages):
        key = name if not i else f"{name}-{i + 1}"
        if len(pages) > 1:
            head = T("{title} (part {part} of {parts}):", title=title, part=i + 1, parts=len(pages))
        out[key] = _stack([head, *page])
    return out


def token_topics() -> dict[str, Msg]:
    lines = [T("`{id}`: {effect}.", id=tid, effect=token_text(tid)) for tid in tokens()]
    title = T(
        "Progress tokens (take one with `token <id>` for each VP space you reach on the progress "
        "track; permanent ones work every time, once ones are used up, final-scoring ones "
        "score at the end)"
    )
    return _split("tokens", title, lines)


def tile_topics() -> dict[str, Msg]:
    lines = []
    for sid in D.shape_order():
        s = D.shapes()[sid]
        rows = "/".join(r.replace(".", "-") for r in _rows(sid))
        supply = (
            T("{number} in the supply", number=s["count"])
            if s["kind"] == "landscape"
            else T("{number} per player", number=s["count"])
        )
        lines.append(
            T(
                "`{id}` {name}, shape {rows}: costs {cost} AP, scores {small} VP on a small "
                "island or {big} on a big one; {supply}.",
                id=sid,
                name=shape_name(sid),
                rows=rows,
                cost=D.tile_cost(sid),
                small=s["small"],
                big=s["big"],
                supply=supply,
            )
        )
    title = T(
        "Landscape (l) and village (v) tiles. `take <id>` in Plan (red), `build <id>` in Build "
        "(green); shapes are rows top to bottom, # covered, - gap; any rotation or mirror"
    )
    return _split("tiles", title, lines)


def _rows(sid: str) -> list[str]:
    kind = D.shapes()[sid]["kind"]
    return next(r["rows"] for r in D.load()["pieces"][kind] if r["id"] == sid)


def production_topic() -> dict[str, Msg]:
    recs = D.load()["tokens"]["production"]
    lines = []
    for n in (2, 3, 4):
        costs: dict[int, int] = {}
        for rec in recs:
            if rec["players"] <= n:
                for c in rec["costs"]:
                    costs[c] = costs.get(c, 0) + 1
        spaces = D.board()["production_area"]["spaces"][str(n)]
        per = _comma(
            [
                Tn("{count} cost-{cost}", "{count} cost-{cost}s", k, cost=c)
                for c, k in sorted(costs.items())
            ]
        )
        lines.append(
            T(
                "{players} players: per good {per} ({total} in all); {spaces} offered each round.",
                players=n,
                per=per,
                total=sum(costs.values()) * 5,
                spaces=spaces,
            )
        )
    title = T(
        "Production tokens (yellow, `buy <good> <cost>`, e.g. `buy cotton 3`; the cost is in AP). "
        "Goods: {goods}. You start with one printed token of each good; at the end each good "
        "scores goods x production tokens of that good.",
        goods=_comma([good_word(g) for g in GOODS]),
    )
    return _split_titled("production", title, lines)


def _split_titled(name: str, title: Msg, lines: list) -> dict[str, Msg]:
    """A topic whose title is a sentence of its own (no colon after it); it fits one screen."""
    return {name: _stack([title, *lines])}


def _comma(items: list) -> Msg:
    if len(items) == 1:
        return items[0]
    return T("{first}, {rest}", first=items[0], rest=_comma(items[1:]))


def _note(text: str) -> Msg | str:
    """A data note, said in the reader's language when the catalogs know it (words.py)."""
    return T(text) if text in NOTES else text


def _source(source: str) -> Msg | str:
    return T(SOURCES[source]) if source in SOURCES else source


def reconstructed_topics() -> dict[str, Msg]:
    """Every record that is not from the rulebook, with its reason, from the data notes."""
    data = D.load()
    lines: list = []
    seen: set[str] = set()
    for key, rec in data["board"].items():
        if isinstance(rec, dict) and rec.get("source") in ("public", "provisional"):
            what = T(SUBJECTS[key]) if key in SUBJECTS else key.replace("_", " ")
            lines.append(
                T(
                    "{what} ({source}): {note}",
                    what=what,
                    source=_source(rec["source"]),
                    note=_note(rec["note"]),
                )
            )
    for rec in data["tokens"]["progress"]:
        if rec["source"] != "rulebook" and rec["note"] not in seen:
            seen.add(rec["note"])
            same = [t["id"] for t in data["tokens"]["progress"] if t.get("note") == rec["note"]]
            lines.append(
                T(
                    "{what} ({source}): {note}",
                    what=", ".join(same),
                    source=_source(rec["source"]),
                    note=_note(rec["note"]),
                )
            )
    for rec in data["tokens"]["production"]:
        lines.append(
            T(
                "production tokens ({source}): {note}",
                source=_source(rec["source"]),
                note=_note(rec["note"]),
            )
        )
    lines.append(T("island tiles (provisional): {note}", note=_note(data["islands"]["note"])))
    lines.append(
        T(
            "landscape and village tiles (provisional): {note}",
            note=_note(data["pieces"]["note"]),
        )
    )
    lines += [
        T(
            "cube tower (provisional): a seeded model keeps about 5 cubes per drop, newly dropped "
            "ones first, so earlier cubes come out later; the cubes inside per colour are shown, "
            "as they can be counted (7 per colour)."
        ),
        T(
            "gold (engine choice): gold is spent automatically, 1 per AP missing, when a step "
            "needs it, instead of being declared up front (rules A14); chests and once-gold "
            "tokens are cashed at any of your decisions."
        ),
        T(
            "tiles (engine choice): landscape and village tiles are chosen open by shape, not "
            "face down, since Plan prices them by size; tiles may be rotated and mirrored (A5)."
        ),
        T(
            "interpretations (rules 9.7): a ship may pass but not stop on a space with another "
            "ship (5.1); a ship already on an anchor may post (A6); special action counts as the "
            "disc colour (A7); order frozen per phase (A8); big islands count every land space "
            "(A10); completion by a post scores as by a tile (A11); track-end 2 gold once per "
            "action (A13); half loss rounds down (A4); VP never below 0 (A17); unbuilt tiles "
            "score 0 (A18); the planning token is not used (A20)."
        ),
        T(
            "first blue action (rules 5.1): your two ships go on two different frame spaces: the "
            "rules say 'on two spaces of his choice on the frame', and the example places the "
            "second ship 'somewhere else'. Afterwards ships may share a frame space."
        ),
        T(
            "+8 AP per ship token (ships8, rules 5.9): a once token, turned face down after use: "
            "the owner 'may use this token' when moving ships, where the permanent AP tokens say "
            "'each time'."
        ),
    ]
    title = T("Reconstructed rules and components (the rulebook transcript lacks them)")
    return _split("reconstructed", title, lines)


SUMMARY = T(
    "Amerigo: 5 rounds of 7 phases (blue, black, red, brown, green, yellow, white). Each "
    "phase the cubes of that colour are dropped into the cube tower; the cubes that fall "
    "out decide which actions may be chosen (their colours) and the action points (AP = the "
    "largest count of one colour). In player order (furthest on the special-action track "
    "first, top of a stack first) each player either does one available action with that "
    "many AP, or takes gold = cubes / 3 rounded up. Gold above 12 becomes VP; each gold "
    "spent buys 1 extra AP.\n"
    "Blue: sail both ships (each gets the AP), place trading posts from anchors; first post "
    "on an island +3 VP. Black: load cannons (max 12). Red: take village tiles (1 AP) and "
    "one landscape tile (AP = size). Brown: advance on the progress track, take a progress "
    "token at each VP space. Green: build tiles from your supply next to your posts, scoring "
    "the small- or big-island value and covered commodities. Completing an island: +3 VP, "
    "the chest of a big island, and every player with posts there scores the post table "
    "times the top time marker. Yellow: buy production tokens. White: move your order disc, "
    "or do the action of the colour under it.\n"
    "Track ends (cannons, progress, order) with AP left over pay 2 gold. After each round "
    "pirates attack: pay their strength in cannons or lose that many VP. Final scoring: "
    "gold (chests 3 each), commodities x production, progress tokens and track, special "
    "track. Ties: further ahead in player order. Topics: moves, scoring, tokens, tiles, "
    "production, reconstructed."
)

MOVES = T(
    "Start of your turn: `blue` (or `move ships`), `black` (`load cannons`), `red` (`plan`), "
    "`brown` (`progress`), `green` (`build`), `yellow` (`buy production tokens`), `order` "
    "(white: move your disc), `special` (white: the action under your disc), or `gold`.\n"
    "Black: `load 3` loads 3 cannons. Brown: `advance 2`, then `token ap-blue` for each VP "
    "space reached. White: `move 4` (or `move top` with order-top). `load 0` / `advance 0` / "
    "`move 0` at a track end pays 2 gold.\n"
    "Blue: the first time, `launch rim3` (or `launch r3`, `frame 3`) for each ship; then "
    "`sail 1 f7` moves ship 1 one space to f7 (`sail 2 rim4` onto frame space r4), `post 1` "
    "builds a trading post from ship 1's anchor, `use ships8`, `done`. A ship may pass a "
    "space holding another ship but not stop there.\n"
    "Red: `take v3l`, `take l2` (see /rules tiles), `done`. Green: `build v2`, then "
    "`cover c4,d4` (cells in any order: `cover d4 c4`; with many choices first `row 3` or "
    "`at c4`), repeat, `done`. Yellow: `buy cotton 3` (or `buy 3 cotton`), `done`.\n"
    "`back` returns one step while nothing is done yet. `chest` cashes a treasure chest for 3 "
    "gold and `cash gold5` a once-gold token, at any of your decisions. Gold is spent "
    "automatically when a step needs more AP than the phase gives. Cells are column letter + "
    "row number (f7); frame spaces r1, r2, ... run clockwise from the top left."
)


def scoring() -> Msg:
    b = D.board()
    table = b["trading_post_table"]["values"]
    posts = _comma(
        [
            Tn("{count} post {value}", "{count} posts {value}", n, value=table[n])
            for n in range(1, 5)
        ]
    )
    times = ", ".join(str(t) for t in [*b["time_markers"]["stack"], b["time_markers"]["printed"]])
    return T(
        "During the game: first trading post on an island {discovery} VP; each tile built scores "
        "its small- or big-island value (big = {big}+ land spaces, marked by a chest); "
        "completing an island {completion} VP plus its chest ({chest} gold, cash any time), and "
        "every player with posts there scores the post table ({posts}) times the top time "
        "marker (rounds 1 to 5: {times}). Gold above 12 becomes 1 VP each.\n"
        "Pirates after every round: their strength is the sum of face-up markers; pay that many "
        "cannons, or drop to 0 cannons and lose the whole strength in VP (never below 0).\n"
        "Final scoring, in order: chests and unused gold tokens to gold (overflow VP), then 1 VP "
        "per gold; each commodity type: goods x production tokens (each token counts 1, the "
        "printed one included); progress tokens marked final scoring and the highest VP reached "
        "on the progress track; the highest VP reached on the special-action track. Ties: the "
        "player further ahead in player order wins.",
        discovery=b["scoring"]["discovery"],
        big=b["big_island"]["min_land"],
        completion=b["scoring"]["completion"],
        chest=b["big_island"]["chest_gold"],
        posts=posts,
        times=times,
    )


def build_topics() -> dict[str, Msg]:
    topics: dict[str, Msg] = {"summary": SUMMARY, "moves": MOVES, "scoring": scoring()}
    topics.update(token_topics())
    topics.update(tile_topics())
    topics.update(production_topic())
    topics.update(reconstructed_topics())
    return topics


RULES_TOPICS: dict[str, Msg] = build_topics()
