"""Francis Drake: the ``/rules`` topics, generated from ``data/drake`` so data and text agree.

Every component a player names in a move (a Location, a Destination, an Investor or Dockside
option, a Commodity) has a topic built from the data files; each topic fits one Discord screen
(at most 1,800 characters; long ones are split into numbered parts).
"""

from __future__ import annotations

from engines.drake.data import COMMODITIES, load

LIMIT = 1400  # with the title and the list of other topics, one Discord message
KIND_NAMES = {  # Locations by kind, as printed (the engine and the help share them)
    "crew": "Crew",
    "guns": "Guns",
    "supplies": "Supplies",
    "trade_goods": "Trade Goods",
    "tavern": "Tavern",
    "shipyard": "Shipyard",
    "pinnace": "Pinnace",
    "drake": "Drake",
    "queen": "Queen",
    "admiral": "Admiral",
    "governor": "Governor",
    "informer": "Informer",
    "golden_hind": "Golden Hind",
}
# rules/francis-drake.md 2.4, 5.1: what each Location gives (the numbers come from the tiles).
EFFECTS = {
    "crew": "take the Crew printed in your circle",
    "guns": "take the Guns printed in your circle",
    "supplies": "take the barrels printed in your circle (barrels set your range)",
    "trade_goods": "take the Trade Goods printed in your circle (1 per trade)",
    "tavern": "roll a die (1st visitor +1), Crew from the Tavern table; 1-2: Ghost Ship disc",
    "shipyard": "your Frigate becomes a Galleon; 1st visitor also takes 1 Gun",
    "pinnace": "a Pinnace (no Guns needed at Forts this voyage); 1st visitor also 1 Crew",
    "drake": "2 turns, 2 discs: then 2 Crew, 2 Guns and 1 more Crew or Gun",
    "queen": "Frigate becomes a Galleon, 1 Gun and 1 Trade Good",
    "admiral": "place the 3 Spanish Frigate counters; +1 VP per Gold left on the map",
    "governor": "place the 4 Troop counters, move up 1 Outbound Dock; +1 VP per Silver left",
    "informer": "1 Trade Good; after placement look at discs or peek at a counter",
    "golden_hind": "the Golden Hind disc: an extra mission resolved before all others",
}
KINDS = {"town": "Town", "fort": "Fort", "galleon": "Galleon", "port": "Trade Port"}


def _split(name: str, lines: list[str], head: str = "") -> dict[str, str]:
    """``{name: text}``, or ``{name: part 1, "name 2": part 2, ...}`` when it is too long."""
    parts: list[str] = []
    current = head
    for line in lines:
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > LIMIT and current:
            parts.append(current)
            current = line
        else:
            current = candidate
    parts.append(current)
    return {(name if i == 0 else f"{name} {i + 1}"): text for i, text in enumerate(parts)}


def _locations() -> dict[str, str]:
    data = load()
    tables = data["tables"]
    lines = ["Plymouth Street Locations (place with `place <position> <name>`):"]
    for kind, name in KIND_NAMES.items():
        lines.append(f"- {name}: {EFFECTS[kind]}.")
    inv = {"1c2g": "1 Crew + 2 Guns", "2c1g": "2 Crew + 1 Gun", "galleon": "Frigate to Galleon"}
    options = ", ".join(f"`investor {o}` {inv[o]}" for o in tables["investor"]["options"])
    lines.append(f"- Investor (17, once a game, pay 4 VP): {options}.")
    dock = ", ".join(f"`dockside {o}`" for o in tables["dockside"]["options"])
    lines.append(f"- Dockside (18, everyone): take 1 of {dock}; sail on your next turn.")
    return _split("locations", lines)


def _tiles() -> dict[str, str]:
    data = load()
    lines = ["Location Tile circles (items per circle, first visitor first), by player count:"]
    for players in (3, 4, 5):
        tiles = sorted(data["sets"][players])
        parts = []
        for tile_id in tiles:
            tile = data["tiles"][tile_id]
            if tile["kind"] in ("crew", "guns", "supplies", "trade_goods"):
                suffix = tile_id.rsplit("-", 1)[-1] if tile_id.count("-") == 2 else ""
                label = KIND_NAMES[tile["kind"]] + (f" {suffix.upper()}" if suffix else "")
                parts.append(f"{label} {'/'.join(map(str, tile['values']))}")
        lines.append(f"{players} players: " + "; ".join(parts) + ".")
    order = ", ".join(KIND_NAMES[k] for k in data["printed_order"])
    lines.append(f"Voyage 1 street (positions 1-16): {order}. 17 Investor, 18 Dockside.")
    return _split("tiles", lines)


def _tavern() -> dict[str, str]:
    tavern = load()["tables"]["tavern"]
    rows = [f"{total}: {crew} Crew" for total, crew in sorted(tavern["crew"].items())]
    ghost = " or ".join(str(g) for g in tavern["ghost_ship"])
    text = (
        "Tavern table (roll a die; the 1st visitor adds +1, rules 9.6.2): "
        + f"{ghost}: the Ghost Ship disc, no Crew; "
        + "; ".join(rows)
        + f". Source: {tavern['source']}."
    )
    return {"tavern": text}


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _destination_line(dest: dict, counters: dict) -> str:
    kind = dest["kind"]
    name = f"{dest['name']} (`{dest['id']}`)"
    if kind == "port":
        goods = ", ".join(g.title() for g in dest["commodities"])
        return f"- {name}: Trade Port, zone {dest['zone']}, {goods}; 1 Trade Good per trade."
    treasure = f", {dest['treasure'].title()}" if dest.get("treasure") else ""
    if kind == "galleon":
        return (
            f"- {name}: Spanish Galleon, zone {dest['zone']}: Galleon counter Guns + Frigate "
            f"counter (0-2), VP on the counter{treasure}; needs your own Galleon."
        )
    if kind == "fort":
        return (
            f"- {name}: Fort, zone {dest['zone']}, {_n(dest['troops'], 'Troop')} + counter "
            f"(0-2) in Crew, {_n(dest['guns'], 'Gun')} (none with a Pinnace), {dest['vp']} VP"
            f"{treasure}."
        )
    return f"- {name}: Town, zone {dest['zone']}, 1 Crew, {dest['vp']} VP{treasure}."


def _map() -> dict[str, str]:
    data = load()
    lines = ["Destinations (send a disc with `to <name>`). Supplies 1-4 reach zones 1-4:"]
    for zone in (1, 2, 3, 4):
        for dest_id in data["dest_order"]:
            dest = data["dests"][dest_id]
            if dest["zone"] == zone:
                lines.append(_destination_line(dest, data["galleon_counters"]))
    return _split("map", lines)


def _counters() -> dict[str, str]:
    data = load()
    tables = data["tables"]
    gcs = "; ".join(
        f"{g['id'].upper()}: {g['front_guns']} Guns, {g['front_vp']} VP"
        for g in data["galleon_counters"].values()
    )
    troops = ", ".join(map(str, tables["troop_counters"]["values"]))
    frigates = ", ".join(map(str, tables["frigate_counters"]["values"]))
    text = (
        f"Spanish Galleon counters (shuffled face up each voyage, front side): {gcs}. "
        f"Spanish Frigate counters {frigates}: the Admiral places one face down by each Galleon "
        f"(`frigates 0,1,2` = Galleon I, II, III), random without an Admiral. Troop counters "
        f"{troops}: the Governor places one face down on each Fort (`troops 0,0,1,2` = "
        "Cartagena, Panama, Havana, Veracruz). A counter is turned face up when the first "
        "player able to attack there comes up; then it is public."
    )
    return {"counters": text}


def _supply() -> dict[str, str]:
    supply = load()["tables"]["supply"]
    goods = ", ".join(f"{supply[c]} {c.title()}" for c in COMMODITIES)
    text = (
        f"General supply (limited, rules 9.6.12): {supply['crew']} Crew, {supply['guns']} Guns, "
        f"{supply['supplies']} barrels, {supply['trade_goods']} Trade Goods; Commodities "
        f"{goods}; {supply['gold']} Gold, {supply['silver']} Silver, {supply['jewel']} Jewels. "
        "You take what is left. The board shows what remains."
    )
    return {"supply": text}


def _scoring() -> dict[str, str]:
    s = load()["tables"]["scoring"]
    types = s["conquest_types"]
    sets = s["commodity_sets"]
    hero = s["hero_bonus"]
    treasure = s["treasure"]
    text = (
        f"Start {s['start_vp']} VP. Attack: the Destination's VP at once. Hero bonus: the 1st "
        f"and 2nd players to return early (before their disc 4) get {hero[0]} and {hero[1]} VP "
        "if they made a successful attack this voyage; a returner without one still takes "
        "that place and gets 0 (no passing down). Each voyage: Types of Conquest "
        f"{types[1]}/{types[2]}/{types[3]} VP for 1/2/3 types (Town, Fort, Galleon); Admiral "
        "+1 per Gold left on the map, Governor +1 per Silver left. Game end: sets of 4/3/2 "
        f"different Commodities {sets[4]}/{sets[3]}/{sets[2]} VP, single {sets[1]} VP; Silver "
        f"{treasure['silver']}, Gold {treasure['gold']}, Jewel {treasure['jewel']} VP. Investor "
        f"-{s['investor_cost']} VP. Ties: lower Homebound Dock after voyage 3 wins."
    )
    return {"scoring": text}


MOVES = (
    "Moves (type them, or two words of the description; case and order of parts do not "
    "matter). Provisioning: `place 5 goods` (position and name; also `place 5 trade goods`, or "
    "`tavern` when there is one Tavern), `drake crew` / `drake gun` (your forced 2nd disc at "
    "Drake), `investor 1c2g` (= `investor 2 guns 1 crew`), `investor 2c1g`, `investor galleon`, "
    "`dockside crew` / `dockside gun` / `dockside supply`, `sail`. Admiral: `frigates 0,1,2` = "
    "Spanish Frigate counters +0, +1, +2 on Galleon I, II, III. Governor: `troops 0,0,1,2` = "
    "Troop counters on Cartagena, Panama, Havana, Veracruz. Missions: `disc 2` (or `disc hind`, "
    "`disc ghost`) then `to puertocabello` (= `Puerto Cabello`, `to Galleon I` = `to galleon1`) "
    "or `back`. Informer: `look cartagena` then `swap 1 2` (= `swap 2 1`) or `done`; `peek "
    "panama` then `move portobelo` or `stay`; or `pass`. Resolution: `attack`, `trade sugar` "
    "(= `sugar`), `decline`; then `continue` or `return`."
)

SUMMARY = (
    "Francis Drake, 3 voyages. PROVISIONING: in Homebound Dock order, each turn either place a "
    "Player Disc on a Location of Plymouth Street and take its goods, or sail to the lowest "
    "free Outbound Dock. You only move forward along the street (past your own last disc). "
    "See `locations`, `tiles`, `tavern`. SAILING: Supplies set your range (zones 1-4). In "
    "Sailing Order place your Mission Discs 1-4 (+ Golden Hind, Ghost Ship) face down, one per "
    "Destination (`map`). The Informer may look and swap, or peek and move. Discs are turned "
    "over and resolved: Golden Hind, then every disc 1 in Sailing Order, then 2s, 3s, 4s. "
    "Towns cost 1 Crew, Forts Crew + Guns, Galleons Guns (you need a Galleon), ports 1 Trade "
    "Good for a Commodity. At most 2 successful attacks per Destination; the first takes the "
    "treasure into its secret chest. After any mission you may return home (`scoring` for "
    "the hero bonus)."
)


READINGS = (
    "9.6.1 3 barrels reach zones 1-3 (the text's 'zones 1, 2 and 4' is a typo; Ex. 4 agrees).",
    "9.6.2 Tavern Ghost Ship read on the modified roll (the table gives Crew 'for each result').",
    "9.6.3 Voyages 2-3 shuffle the tiles purely at random (Reset says 'random order').",
    "9.6.4 Circles fill first circle first (the '1st/2nd player' wording).",
    "9.6.5 Hero bonus by early-return position, no passing down (the 2/1/0/0 table).",
    "9.6.6-7 'Early' = before your disc 4 resolves; you are asked after each of your missions.",
    "9.6.8 0 Supplies: no discs; home right after the Golden Hind step, no bonus.",
    "9.6.9 Discs with no Destination left in range stay unplaced.",
    "9.6.10 The Informer's swap may include the Golden Hind or Ghost Ship; the move keeps the "
    "disc's number and goes in range, where you have no disc.",
    "9.6.11 + 7.10 A counter turns up when the first player able to attack there (at the "
    "lowest value still face down) comes up: 'the first player who attacks'.",
    "9.6.12 Supplies are limited: you take what is left (the board shows the supply).",
    "9.6.13 A Galleon gained when already a Galleon changes nothing else.",
    "9.6.14 Drake needs 2 Player Discs; the 2nd disc is forced on your next turn.",
    "9.6.18 The Investor has no capacity limit. 9.6.19 Final ties: lower Homebound Dock.",
    "9.6.20 Placement and resolution use the Sailing Order after the Governor's swap.",
    "9.4 Taking a treasure is announced (as at the table); chest totals are never shown.",
    "A mission that cannot be carried out fails at once (declining is the only choice).",
    "A player sent home because no disc of theirs is left on the map is not an early returner.",
)


def _reconstructed() -> dict[str, str]:
    """Every reconstruction in data/drake and every rules reading, each with its reason."""
    data = load()
    lines = [
        "Reconstructed (the transcript has no images, rules 2.5). Each record in data/drake "
        "says `rulebook` or `provisional`; what comes from the rules, and why the rest was "
        "chosen:"
    ]
    for dest in data["dests"].values():
        lines.append(f"- {dest['name']} ({dest['source']}): {dest.get('note', '')}")
    for counter in data["galleon_counters"].values():
        lines.append(
            f"- Galleon counter {counter['id'].upper()} ({counter['source']}): "
            f"{counter.get('note', '')}"
        )
    tiles = [t for t in data["tiles"].values() if t["source"] != "rulebook"]
    lines.append(
        f"- {len(tiles)} Location Tiles (provisional): Crew, Guns, Supplies and Trade Goods "
        "circle values are missing (2.5 item 1); the better tile of a pair has more items, "
        "capacities follow 2.4. The other tiles' effects are rulebook (2.4)."
    )
    tavern = data["tables"]["tavern"]
    lines.append(
        f"- Tavern table ({tavern['source']}): Crew per result is missing (2.5 item 3); "
        "results 1-2 give the Ghost Ship (rulebook). See `tavern`."
    )
    lines.append(
        "- Voyage-1 street order (provisional): only position 1 = Crew is stated (2.5 item 2). "
        "See `tiles`."
    )
    lines.append("Rules readings [not in source]:")
    lines += [f"- {r}" for r in READINGS]
    return _split("reconstructed", lines)


SHORT = {"trade_goods": "goods", "golden_hind": "hind"}


def _component_topics() -> dict[str, str]:
    """One topic per component a move names by id: each Destination (`to cartagena`), each
    Location (`place 5 goods`), the Investor and Dockside, and the Commodities (`trade sugar`)."""
    data = load()
    topics: dict[str, str] = {}
    for dest_id in data["dest_order"]:
        dest = data["dests"][dest_id]
        line = _destination_line(dest, data["galleon_counters"]).removeprefix("- ")
        topics[dest_id] = (
            f"{line} Circles: {dest['circles']} (at most 2 successful attacks; a port trades "
            f"once per circle). Source: {dest['source']}. {dest.get('note', '')}"
        )
    for kind, name in KIND_NAMES.items():
        values = []
        for players in (3, 4, 5):
            tiles = sorted(t for t in data["sets"][players] if data["tiles"][t]["kind"] == kind)
            circles = " and ".join("/".join(map(str, data["tiles"][t]["values"])) for t in tiles)
            values.append(f"{players} players {circles}")
        where = [str(i + 1) for i, k in enumerate(data["printed_order"]) if k == kind]
        if kind in ("crew", "guns", "supplies", "trade_goods"):
            circles = f"Items per circle, first visitor first: {'; '.join(values)}."
        elif kind in ("tavern", "shipyard", "pinnace"):
            circles = "2 circles: the 1st visitor gets the bonus (+1), the 2nd none."
        else:
            circles = "1 circle: one player per voyage."
        text = (
            f"{name} (`place <position> {SHORT.get(kind, kind)}`): {EFFECTS[kind]}. {circles} "
            f"Voyage-1 position {', '.join(where)}."
        )
        if kind == "tavern":
            text += " " + _tavern()["tavern"]
        topics[SHORT.get(kind, kind)] = text
    topics.update(
        investor=_locations()["locations"].split("\n")[-2].removeprefix("- "),
        dockside=_locations()["locations"].split("\n")[-1].removeprefix("- "),
    )
    supply = data["tables"]["supply"]
    lines = []
    for good in COMMODITIES:
        ports = [d["name"] for d in data["dests"].values() if good in d.get("commodities", [])]
        lines.append(f"{good.title()} ({supply[good]} in the game): at {', '.join(ports)}")
    sets = data["tables"]["scoring"]["commodity_sets"]
    topics["commodities"] = (
        "Commodities (`trade <name>` at a port, 1 Trade Good each): "
        + "; ".join(lines)
        + f". Game end: sets of 4/3/2 different {sets[4]}/{sets[3]}/{sets[2]} VP, single "
        f"{sets[1]} VP (Ex. 14)."
    )
    return topics


def rules_topics() -> dict[str, str]:
    topics = {"summary": SUMMARY, "moves": MOVES}
    for part in (_scoring, _locations, _tiles, _tavern, _map, _counters, _supply, _reconstructed):
        topics.update(part())
    topics.update(_component_topics())
    return topics
