"""The `/rules vasco <topic>` texts (docs/ARCHITECTURE.md 3). Every component a player names in a
move (character, project, merchant ship, landing, VdG tile, area) has a topic generated from
``data/vasco`` here, so the data and the text cannot drift apart. Each topic fits one Discord
screen (at most 1,800 characters); long lists are split by deck or in two parts.

Each topic is a ``Msg`` (issue 26): its English is the text as it always was, and it is said
again in the reader's language; the generated ones line by line, component names from the
glossary."""

from __future__ import annotations

from typing import Any

from engines.vasco.data import AREAS, load
from engines.vasco.words import (
    char_effect,
    char_setup,
    character,
    income,
    landing,
    listed,
    reals,
)
from i18n import Msg, T, joined

LIMIT = 1800


def _lines(lines: list[Any]) -> Msg:
    """Lines one under the other, each said in the reader's language."""
    out = lines[0]
    for line in lines[1:]:
        out = T("{above}\n{line}", above=out, line=line)
    return out


def _income(t: dict) -> Msg:
    return income(t["income_vp"], t["income_reals"]) or T("nothing")


def _source(d: dict, record: dict) -> Msg:
    return {
        "rulebook": T("rulebook"),
        "public": T("public reviews"),
        "provisional": T("provisional"),
    }[record["source"]]


def characters(d: dict) -> Msg:
    lines: list[Any] = [
        T(
            "Characters (a Characters action; move `take <name>`). Your disc stays on the "
            "character until the end of the round, so each is taken once a round."
        ),
    ]
    for cid, c in d["characters"].items():
        lines.append(
            T(
                "- {name} (`take {id}`): {effect}. At setup: {setup}. [{source}]",
                name=character(cid),
                id=cid,
                effect=char_effect(cid),
                setup=char_setup(cid),
                source=_source(d, c),
            )
        )
    lines.append(
        T(
            "- Money spaces (`take money 1`, `take money 2`): each holds the reals number of the "
            "last revealed VdG tile; the first to take one empties it. [public reviews]"
        )
    )
    order = d["setup_characters"]
    for n in (2, 3, 4):
        lines.append(
            T(
                "Setup, {players} players, in turn order: {names}. [provisional]",
                players=n,
                names=listed(character(c) for c in order[f"p{n}"]),
            )
        )
    return _lines(lines)


def projects(d: dict, deck: int) -> Msg:
    rounds = [str(i + 1) for i, k in enumerate(d["purchase"]["deck_by_round"]) if k == deck]
    lines: list[Any] = [
        T(
            "Projects, deck {deck} (dealt in round {rounds}: 6 top spaces and the Sao Gabriel "
            "space). Move `buy <space>` buys the tile on that space.",
            deck=deck,
            rounds=joined(rounds),
        ),
        T("Tile: crew needed (all different colours), navigation limit, income in Phase 3."),
    ]
    for p in d["project_list"]:
        if p["deck"] != deck:
            continue
        said = {"id": p["id"], "crew": p["crew"], "limit": p["nav_limit"], "income": _income(p)}
        if p["source"] == "rulebook":
            line = T(
                "- {id}: crew {crew}, limit {limit}, earns {income} (the rulebook's example tile)",
                **said,
            )
        else:
            line = T("- {id}: crew {crew}, limit {limit}, earns {income}", **said)
        lines.append(line)
    src = {p["source"] for p in d["project_list"] if p["deck"] == deck}
    lines.append(T("Values: provisional.") if "provisional" in src else T("Values: rulebook."))
    return _lines(lines)


def merchants(d: dict) -> Msg:
    lines: list[Any] = [
        T(
            "Merchant ships (from Girolamo Sernigi; a 4-player game gives one at setup). No crew. "
            "Taken from a face-down stack. Sernigi's ship may sail at once for free; one kept in "
            "port needs a captain for an Expedition (`send m3`) like any ship."
        ),
    ]
    for m in d["merchants"].values():
        lines.append(
            T(
                "- {id}: limit {limit}, earns {income}",
                id=m["id"],
                limit=m["nav_limit"],
                income=_income(m),
            )
        )
    lines.append(T("Values: provisional (the tiles' contents are not in the sources)."))
    return _lines(lines)


def _space(sp: dict) -> Msg:
    said = {"value": sp["value"], "vp": sp["vp"]}
    if sp["bonus"] == "reals":
        return T("{value}: {vp} VP + {reals}", reals=reals(sp["amount"]), **said)
    if sp["bonus"] == "sailor":
        return T("{value}: {vp} VP + a sailor from the bag", **said)
    if sp["bonus"] == "captain":
        return T("{value}: {vp} VP + a captain", **said)
    return T("{value}: {vp} VP", **said)


def landings(d: dict) -> Msg:
    lines: list[Any] = [
        T(
            "Landings (move `to <name>`, then `space <value>`). A ship may use a space whose "
            "value is at most its navigation limit, and takes the space's reward at once. "
            "'Complete at' = ships needed (2/3/4 players) for the landing to score in Phase 3."
        ),
    ]
    for land in d["landings"]:
        lines.append(
            T(
                "- {name} (`{key}`): {spaces}. Complete at {at}: {vp} VP per ship.",
                name=landing(land["key"]),
                key=land["key"],
                spaces=listed([_space(sp) for sp in land["spaces"]], "; "),
                at="/".join(str(k) for k in land["complete_at"]),
                vp=land["complete_vp"],
            )
        )
    lines.append(T("Names and order: rulebook. Values: provisional."))
    return _lines(lines)


def vdg(d: dict) -> Msg:
    lines: list[Any] = [
        T(
            "Vasco da Gama tiles (9, shuffled face down; one revealed at setup, one in each "
            "Phase 2). Change moves the marker this round; start places the marker next round; "
            "reals fills both money spaces next round."
        ),
    ]
    for t in d["vdg_list"]:
        lines.append(
            T(
                "- tile {id}: change {change:+d}, start {start}, reals {reals}",
                id=t["id"],
                change=t["change"],
                start=t["start"],
                reals=t["reals"],
            )
        )
    lines.append(T("Fields: rulebook. Values: provisional."))
    return _lines(lines)


def _area_key(key: str) -> Msg:
    # The word typed after `place` (English keeps the bare key; a translation adds the name).
    return {
        "purchase": T("purchase"),
        "hire": T("hire"),
        "expedition": T("expedition"),
        "characters": T("characters"),
    }[key]


def numbers(d: dict) -> Msg:
    lines: list[Any] = [T("Number Zone: declining an action pays the reals of the number's line.")]
    for line in d["board"]["number_line"]:
        lines.append(
            T(
                "- {first}-{last}: {reals} [{source}]",
                first=line["first"],
                last=line["last"],
                reals=reals(line["reals"]),
                source=_source(d, line),
            )
        )
    lines.append(T("Areas (`place <area>`), discs each area takes by player count:"))
    for key in AREAS:
        cap = d["capacity"][key]
        lines.append(
            T(
                "- {area}: {p2} / {p3} / {p4} [provisional]",
                area=_area_key(key),
                p2=cap["p2"],
                p3=cap["p3"],
                p4=cap["p4"],
            )
        )
    return _lines(lines)


MOVES = T(
    "Moves (type them, or pick from autocomplete; names as printed also work).\n"
    "Phase 1, your turn: `place hire` (or purchase, expedition, characters), then `number 7`; "
    "`back` picks another area.\n"
    "Phase 2, your number is called: `decline` takes the reals of its line, or act:\n"
    "- Purchase: `buy 3` (the tile on space 3, 1 real); `buy 2+5` (two tiles, 4 reals; "
    "`buy 5 2` also works); `buy sg` (the Sao Gabriel, price = its crew, launched at once).\n"
    "- Hire: `section 2`, then `take purple` once per sailor, `captain` to add one, `done`; "
    "or `captain only` (free).\n"
    "- Expedition: `send 12`, `to natal`, `space 6`; then `send` another ship or `done`.\n"
    "- Characters: `take manuel` (or `take Manuel I`), `take dias`, `take alvares`, "
    "`take sernigi`, `take money 1`. After Sernigi: `to natal` and `space 4`, or `keep`.\n"
    "Launching (free): `launch 12`, then `crew orange`, `crew missionary` ... one per crew "
    "member, all different colours; `back` cancels. Offered whenever you are to move, and at "
    "the start of each phase to everyone who can launch (answer `ready` when done).\n"
    "Landings: natal, terra, mozambique, mombasa, malindi, calicut.\n"
    "See also: /rules vasco characters, projects1-3, merchants, landings, vdg, numbers."
)

SUMMARY = T(
    "Vasco da Gama (Paolo Mori): 2-4 players, 5 rounds, most VP wins (tie: most reals).\n"
    "Phase 1: in turn, place one action disc at a time (4, or 5 with Manuel I) on an area, "
    "Purchase, Hire, Expedition or Characters, with a free number 1-22.\n"
    "Phase 2: a VdG tile is revealed; its change (-3..+3) moves the marker to the first free "
    "action number (FFA). Numbers are called low to high: act (paying FFA - number first if "
    "below the FFA) or decline and take the reals of the number's line.\n"
    "Purchase: 1 project for 1, 2 for 4, or the Sao Gabriel for its crew size (launched at "
    "once). Hire: sailors from one section (1/3/6/10 reals for 1/2/3/4 colours) and/or a "
    "captain (1 per sailor hired with it, free alone). Launch a project with a crew of "
    "all-different colours (a missionary is its own colour). Expedition: send launched ships, "
    "each with a captain, to a landing space of value at most the ship's limit; take its VP "
    "and bonus. Characters: Manuel I, Dias, Alvares, Sernigi, or a money space.\n"
    "Phase 3: ships at sea pay their income; complete landings score and sail on.\n"
    "Topics: moves, scoring, characters, projects1-3, merchants, landings, vdg, numbers, "
    "reconstructed, reconstructed2, reconstructed3."
)

SCORING = T(
    "VP come from: landing spaces (taken when a ship arrives), ship income in Phase 3 (printed "
    "VP; printed reals are money), landing completion in Phase 3 (per ship on a complete "
    "landing), and Dias (2 VP). After round 5 most VP wins; ties go to most reals, then are "
    "shared. Leftover reals, projects and crew score nothing."
)

RECONSTRUCTED = T(
    "The transcript covers only Phase 2, Purchase, launching, Hire and the start of the "
    "Expedition. Reconstructed rules, with the reason ([PUB] public reviews, [NIS] our choice):\n"
    "R1 Setup: 10 reals, 1 captain (6 more in the Hire area), 4 discs; one Hire section per "
    "player with 5 sailors drawn from the bag [PUB]. 32 sailors, 8 per colour: the total is "
    "public, the even split is assumed [NIS].\n"
    "R2 First player: random, since 'who most recently travelled farthest' cannot be checked "
    "online [NIS]. Starting characters in turn order [PUB]; the text shows only the 4-player "
    "order (Dias, Sernigi with merchant m1, Alvares with 1 missionary, Manuel I with a 5th "
    "disc in round 1); we chose 3 players: Dias, Alvares, Manuel I; 2 players: Dias, Manuel I "
    "(later seats get the stronger gift to offset the first pick) [NIS].\n"
    "R3 One VdG tile is revealed at setup: its start places the round-1 marker, its reals fill "
    "the money spaces [NIS].\n"
    "R4 Phase 1 is sequential, one disc per turn; each area takes players + 1 discs; 21 and 22 "
    "are open to everyone [PUB/NIS].\n"
    "R5 The marker stays within 1-20; lines 1-5 pay 1, 6-10 pay 2, 11-15 pay 3, 16-20 pay 4 "
    "(the only even split fitting the rulebook's 6 -> 2 and 15 -> 3) [NIS].\n"
    "R6 An action that would do nothing is not offered; decline instead [NIS].\n"
    "R7 Each ship sent takes a captain from your supply; it never returns: it is lost with a "
    "discarded ship and with a ship that sails home [NIS]. A sailor bonus is drawn from the "
    "bag; a captain bonus comes from your captains in the Hire area [NIS].\n"
    "Continued in /rules vasco reconstructed2."
)

RECONSTRUCTED2 = T(
    "R8 Characters (timing [NIS]): Manuel I gives a 5th disc next round (not offered in round "
    "5); Dias 2 VP now and first player next round; Alvares 2 missionaries (reviews say 1 or "
    "2: one was weaker than a money space); Sernigi a merchant ship that may sail at once for "
    "free or stay in port. If nobody takes Dias, the first player passes clockwise [NIS].\n"
    "R9 Phase 3 [SRC income, PUB/NIS the rest]: ships pay income; then from Calicut back to "
    "Natal, a landing holding its 'complete at' ships scores its VP per ship; its ships, "
    "highest limit first, move to the lowest free space of the next landing within their "
    "limit, or are discarded; Calicut's ships sail home. In round 5 nothing moves or is "
    "discarded after the scoring (the game is over).\n"
    "R10 End of round: unbought projects leave; 7 new ones from deck 1, 1, 2, 2, 3 by round; "
    "sections refill to 5 from the bag; the marker goes to the revealed tile's start [NIS].\n"
    "R11 Most VP wins, then most reals, then shared [NIS].\n"
    "Continued in /rules vasco reconstructed3."
)

RECONSTRUCTED3 = T(
    "R12 Launching 'at any time during the game' [SRC] is kept as close as turns allow: at "
    "every step where you are to move (in Phase 1, on your called number, inside a Hire or an "
    "Expedition), and at the start of each phase (before Phase 1, before the VdG tile of "
    "Phase 2, before Phase 3) everyone who can launch is asked at once and answers `launch "
    "...` or `ready`. Not during another player's turn (the table takes moves only from "
    "players to move): a launched ship is used only by your own Expedition or at Phase 3, "
    "and you are asked before each [NIS].\n"
    "R13 A missionary is a fifth crew colour, at most one per crew [SRC]: a crew is 'sailors "
    "and/or missionaries of different colours', sailors come in 4 colours, and a deck-1 ship "
    "needs '5 crew members (5 different colours)', so the fifth is the missionary; a second "
    "missionary would repeat its colour. Reals are unlimited [NIS].\n"
    "All tile, landing, merchant and VdG numbers are provisional data (/rules vasco data)."
)


def build() -> dict[str, Msg]:
    d = load()
    topics = {
        "summary": SUMMARY,
        "moves": MOVES,
        "scoring": SCORING,
        "characters": characters(d),
        "projects1": projects(d, 1),
        "projects2": projects(d, 2),
        "projects3": projects(d, 3),
        "merchants": merchants(d),
        "landings": landings(d),
        "vdg": vdg(d),
        "numbers": numbers(d),
        "reconstructed": RECONSTRUCTED,
        "reconstructed2": RECONSTRUCTED2,
        "reconstructed3": RECONSTRUCTED3,
    }
    return topics
