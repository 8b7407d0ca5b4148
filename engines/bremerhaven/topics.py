"""Player-facing rules text for /rules (each topic at most 1800 characters, one phone screen).

Component topics are generated from ``data/bremerhaven`` so that the data and the text cannot
drift apart: every Building (chosen by id in `build` and `produce`), every Price card (chosen by
id in `price`), and the harbour's bollard spot and cover costs.
"""

from __future__ import annotations

from typing import Any

from engines.bremerhaven.data import BOARD, BUILDINGS, GOODS, PRICES
from engines.bremerhaven.words import building, data_text, good, joined_commas, solo_title
from i18n import Msg, T

LIMIT = 1800


def _mark(source: str) -> Any:
    """The source of a datum, said after it: nothing for the rulebook's own."""
    if source == "rulebook":
        return ""
    if source == "public":
        return T(" [public]")
    return T(" [provisional]")


def _lines(lines: list[Any]) -> Any:
    """Lines as one text, one message nested in the next (a translated topic stays whole)."""
    if len(lines) == 1:
        return lines[0]
    return T("{first}\n{rest}", first=lines[0], rest=_lines(lines[1:]))


def _split(title: str, lines: list[Any], limit: int = LIMIT) -> dict[str, Msg]:
    """Lines packed into topics of at most ``limit`` characters: ``title``, ``title 2``..."""
    pages: list[list[Any]] = [[]]
    for line in lines:
        if pages[-1] and len("\n".join([*pages[-1], line])) > limit - 40:
            pages.append([])
        pages[-1].append(line)
    out = {}
    for i, page in enumerate(pages):
        name = title if i == 0 else f"{title} {i + 1}"
        if i + 1 < len(pages):
            following = f"{title} {i + 2}"
            page = [*page, T("(continued in /rules {topic})", topic=following)]
        out[name] = _lines(page)
    return out


def _building_lines() -> list[Any]:
    lines: list[Any] = [
        T(
            "Buildings (rules 5.2): won on 1.1, built with a permit on an empty space; a built "
            "Building counts its prestige and its ability works. Type the id: `build bank`, "
            "`produce bank`. [provisional] = designed here (see /rules reconstructed)."
        )
    ]
    for bid, b in sorted(BUILDINGS.items(), key=lambda kv: kv[1]["name"]):
        lines.append(
            T(
                "`{id}` {building}, {prestige} prestige{mark}: {text}{mark2}",
                id=bid,
                building=building(bid),
                prestige=b["prestige"],
                mark=_mark(b["source"]),
                text=data_text(b["text"]),
                mark2=_mark(b.get("ability_source", b["source"])),
            )
        )
    return lines


def _price_lines() -> list[Any]:
    lines: list[Any] = [
        T(
            "Price cards (rules 5.5): the top card sets the selling price of every good. The 1.4 "
            "winner may put any card on top (`price p07`); with no bid the top card goes "
            "under.{mark}",
            mark=_mark(next(iter(PRICES.values()))["source"]),
        )
    ]
    for pid, p in sorted(PRICES.items()):
        prices = joined_commas([T("{good} {value}", good=good(g), value=p[g]) for g in GOODS])
        lines.append(T("`{id}`: {prices}", id=pid, prices=prices))
    return lines


def _harbour_lines() -> list[str]:
    spots = sorted(BOARD["bollard_spot"], key=lambda s: (s["quay"], s["spot"]))
    lines: list[Any] = [
        T(
            "Harbour (rules 2.3, 5.3): 3 berths between 4 quays (quay 1 at the top); a berth's "
            "mooring size is the smaller bollard count of its two quays. 4 loading bays on top, "
            "12 spaces a1..c4 below them (rows a-c, columns 1-4; bay 3 and 4 open once the space "
            "below is cleared)."
        ),
        T("Bollard spots, the cost printed on each (a permit places the next free spot):"),
    ]
    for q in range(1, 5):
        row = [s for s in spots if s["quay"] == q]
        costs = joined_commas(
            [
                T("printed (already there)") if s["printed"] else T("{cost} coins", cost=s["cost"])
                for s in row
            ]
        )
        lines.append(
            T("Quay {quay}: {costs}{mark}", quay=q, costs=costs, mark=_mark(row[-1]["source"]))
        )
    covers = sorted(
        (c for c in BOARD["cover"] if c["harbour"] == 1), key=lambda c: (c["space"][1], c["space"])
    )
    lines.append(
        T(
            "Cover cards (long game, columns 3-4), cost to clear with a permit: {covers}{mark}",
            covers=", ".join(f"{c['space']} {c['cost']}" for c in covers),
            mark=_mark(covers[0]["source"]),
        )
    )
    return lines


def _solo_ratings() -> Any:
    """The solo ratings by their lowest score: "0+ Ship's Boy [provisional], ..."."""
    bands = []
    for b in sorted(BOARD["solo_band"], key=lambda b: b["min"]):
        title = solo_title(b["title"])
        bands.append(T("{min}+ {title}{mark}", min=b["min"], title=title, mark=_mark(b["source"])))
    return joined_commas(bands)


RECONSTRUCTED = [
    T("Reconstructed rules and data (the transcript lacks the pictures and card faces):"),
    T(
        "1. Every Ship, Contract, Price card and Newspaper card: the card faces are not in the "
        "transcript; designed to its ranges (load 1-5, cargo 1-5, mooring 0-3, prestige 1-5, "
        "delivery 1-5, up to 4 goods, penalty up to 5, bonus up to 4) and its examples."
    ),
    T(
        "2. Buildings: only the names Lighthouse, Refinery and Commodity Exchange and the "
        "Refinery's barrel are in the text. The other 17 names, every prestige value (the "
        "Refinery's 1 too) and every other ability are designed here."
    ),
    T("3. Bollard spot costs and cover costs: printed on the board and cards, which are missing."),
    T(
        "4. Harbour grid (3 rows x 4 columns, 4 shared quays of 3 spots): inferred from 12 spaces, "
        "48 bollards for 4 players and the covers on columns 3-4 (rules 2.3, A5)."
    ),
    T(
        "5. Progress track (0-20) and start spaces: the Town board is missing; set so a short game "
        "lasts exactly 10/9/8 rounds and a 4-player long game 8-12."
    ),
    T(
        "6. Prestige track top (40), the solo rating bands below 1251, the solo symbols (which "
        "space each newspaper names) and every event: their numbers and faces are missing."
    ),
    T(
        "7. Commodity Exchange effect (missing): its owner picks the top Price card when no other "
        "player bid on 1.4."
    ),
    T(
        "8. Ambiguities follow the rules file's recommendations 9.5 A1-A20 (e.g. A1 winners fixed "
        "at the reveal, A3 one upgrade a round, A4 contracts on closed bays, A17 no paying without "
        "the money)."
    ),
    T(
        "Table choices made for play by post (the book leaves them open or they only affect the "
        "order of handling):"
    ),
    T(
        "9. Starting goods go to the first empty spaces (all spaces are alike in short and solo, "
        "and goods move freely in 4.2)."
    ),
    T(
        "10. Won Ships and Contracts are placed one at a time in space order; `later` changes the "
        "order; a card with no legal place is discarded at once (a contract with its penalty). "
        "Placements are public as they are made, as at the table."
    ),
    T(
        "11. Permits: the first permit costs the difference, each further one the highest bid "
        "(A2); buying the first at the highest bid is not offered, as it is never better."
    ),
    T("12. Packing takes 2 crates from one space; unpacking leaves both crates on that space."),
    T(
        "13. The neutral player's newspaper symbols never name Parking (a provisional symbol "
        "set); a symbol naming a space that is void this round is redrawn (A18)."
    ),
    T(
        "14. Permits, upgrades, starting goods and the individual phase are worked privately and "
        "shown when every player has finished that step (rules 9.3)."
    ),
    T("Readings of unclear rules text:"),
    T(
        "15. A crate unloaded from a ship may join a single crate on a space. The text sends "
        "goods from ships 'to empty storage spaces' (rules 5.9 4.2), but the same rules let a "
        "space hold 'up to 2 crates (crates are smaller and stack)' and advise stacking crates "
        "to make room, which no move could do if 'empty' barred a crate from a crate; so "
        "'empty' reads 'with room for that good', for every move in 4.2. A produced good still "
        "needs an empty space (4.1: 'with no empty space you cannot produce')."
    ),
]

RULES_TOPICS: dict[str, Msg] = {
    "summary": T(
        "Bremerhaven: build the most prestigious harbour. Final score = money x prestige.\n"
        "Each round: 1) Auction: in rank order (Captain first) everyone places one of 5 Influence"
        " cards face down at a time on a space: 1.0 Parking (1 coin per card), 1.1 the top "
        "Building, 1.2 Building permits, 1.3 Increase influence, 1.4 Price cards, 1.5 Career "
        "ladder, 2.x a Ship, 3.x a Contract. Highest total wins; ties go to the higher rank at "
        "the round start. 2) General actions, left to right: permits (winner free, other bidders "
        "pay the difference; extras cost the highest bid; each adds a bollard, clears a cover or "
        "builds a building), upgrades (take your lowest reserve card; the winner free, others pay"
        " the difference), prices (winner picks any price card), career (winner swaps two "
        "adjacent ranks; then income 4/3/2/1), ships go to berths whose quays both have enough "
        "bollards, contracts to free bays. 3) Individual actions, all at once: produce, unload "
        "ships to storage, deliver stored goods to contracts, pack 2 crates <-> 1 container (1 "
        "coin); prestige rises to your harbour's value; every ship and contract loses a time "
        "marker; expired contracts sell their goods at the current prices plus bonus, or pay the "
        "penalty if incomplete. 4) Clean-up: the event, the ship token advances; the game ends at"
        " the last space. Long game: 8-12+ rounds, covers on columns 3-4, events. Short: 10/9/8 "
        "rounds, no covers, a starting building and 3 starting goods. Solo: 10 rounds against a "
        "neutral player."
    ),
    "moves": T(
        "Every move can be typed as shown, or by words of its description (`permit`, `parking`,"
        " `ship anna`).\n"
        "Auction: `bid 1.2` picks a space (1.0 parking, 1.1 building, 1.2 permit, 1.3 "
        "influence, 1.4 prices, 1.5 career, 2.1.. ships, 3.1.. contracts; `bid anna` names a "
        "ship), then `card 5` puts that card face down there, or `back`.\n"
        "Starting goods (short/solo): `take barrel`, three times.\n"
        "Permits (1.2): `buy permit` (its price is in the description), `bollard 1` (quay 1-4, "
        "top to bottom), `clear a3`, `build lighthouse` then `at b2`, `done`.\n"
        "Upgrade (1.3): `upgrade` (pays the difference) or `decline`.\n"
        "Prices (1.4): `keep` or `price p07` (see /rules prices).\n"
        "Career (1.5): `swap 1` swaps ranks 1 and 2 (also `swap 2 1`), `no swap`.\n"
        "Placing won cards: `dock 2` (berth 1-3; wildcard ships `dock 2 crate`), `bay 3`, "
        "`later` (place another card first).\n"
        "Harbour: `produce refinery` then `to c1`; `from berth1` or `from a2` then `to b3`, "
        "`to bay1` (deliver), `pack`, `unpack` or `back`; `done` ends your turn (prestige, "
        "time markers and contract sales follow).\n"
        "Spaces are a1..c4: rows a-c from the top, columns 1-4 under bays 1-4."
    ),
    "scoring": T(
        "Final score = money x prestige (e.g. 65 x 15 = 975). Prestige is a high-water mark of "
        "ships at berths plus built buildings, +-1 from contract bonuses and penalties and "
        "events. At the end every contract is resolved as if expired. Ties: the higher career "
        "rank wins. Solo ratings: {ratings}.",
        ratings=_solo_ratings(),
    ),
    **_split("buildings", _building_lines()),
    **_split("prices", _price_lines()),
    **_split("harbour", _harbour_lines()),
    **_split("reconstructed", RECONSTRUCTED),
}
