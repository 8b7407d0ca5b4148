"""Player-facing rules text for /rules (each topic at most 1800 characters)."""

RULES_TOPICS: dict[str, str] = {
    "summary": (
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
    "moves": (
        "Auction: `bid 1.2` (space: 1.0 parking, 1.1-1.5 town, 2.1.. ships, 3.1.. contracts), "
        "then `card 5` (a value in your hand) or `back`.\n"
        "Starting goods (short/solo): `take barrel` three times.\n"
        "Permits (1.2): `buy permit`, `bollard 1` (quay 1-4, top to bottom), `clear a3`, `build "
        "lighthouse` then `at b2`, `done`.\n"
        "Upgrade (1.3): `upgrade` or `decline`. Prices (1.4): `keep` or `price p07`. Career "
        "(1.5): `swap 1` (ranks 1 and 2), `no swap`.\n"
        "Placing: `dock 2` (berth 1-3; wildcard ships: `dock 2 crate`), `bay 3`.\n"
        "Harbour: `produce refinery` then `to c1`; `from berth1` / `from a2` then `to b3`, `to "
        "bay1`, `pack`, `unpack` or `back`; `done` ends your turn (prestige, time markers and "
        "contract sales follow).\n"
        "Spaces are a1..c4: rows a-c from the top, columns 1-4 under bays 1-4."
    ),
    "scoring": (
        "Final score = money x prestige (e.g. 65 x 15 = 975). Prestige is a high-water mark of "
        "ships at berths plus built buildings, +-1 from contract bonuses and penalties and "
        "events. At the end every contract is resolved as if expired. Ties: the higher career "
        "rank wins. Solo ratings: under 500 Ship's Boy, 500 Steward, 750 Officer, 1000 Soul of "
        "the Ship, more than 1250 Captain (provisional bands except the top one)."
    ),
    "reconstructed": (
        "Card contents, bollard and cover costs, the progress track, events, building abilities "
        "(except the Refinery's barrel) and the lower solo bands are not in the transcript; they "
        "are provisional data designed to fit the rules (data/bremerhaven). Ambiguities follow "
        "the rules file's recommendations A1-A20."
    ),
}
