"""Francis Drake: the ``/rules`` topics, generated from ``data/drake`` so data and text agree.

Every component a player names in a move (a Location, a Destination, an Investor or Dockside
option, a Commodity) has a topic built from the data files; each topic fits one Discord screen
(at most 1,800 characters; long ones are split into numbered parts).

Every topic is a ``Msg`` (issue 26): English as before, said in Greek (the transcript's words)
or Russian where it is shown. A topic is built line by line, each line one message.
"""

from __future__ import annotations

from engines.drake.data import COMMODITIES, load
from i18n import Msg, T, Tn, joined, word

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


def effect(kind: str) -> Msg:
    """docs/rules/francis-drake.md 2.4, 5.1: what each Location gives (the numbers come from the
    tiles)."""
    return {
        "crew": T("take the Crew printed in your circle"),
        "guns": T("take the Guns printed in your circle"),
        "supplies": T("take the barrels printed in your circle (barrels set your range)"),
        "trade_goods": T("take the Trade Goods printed in your circle (1 per trade)"),
        "tavern": T(
            "roll a die (1st visitor +1), Crew from the Tavern table; 1-2: Ghost Ship disc"
        ),
        "shipyard": T("your Frigate becomes a Galleon; 1st visitor also takes 1 Gun"),
        "pinnace": T("a Pinnace (no Guns needed at Forts this voyage); 1st visitor also 1 Crew"),
        "drake": T("2 turns, 2 discs: then 2 Crew, 2 Guns and 1 more Crew or Gun"),
        "queen": T("Frigate becomes a Galleon, 1 Gun and 1 Trade Good"),
        "admiral": T("place the 3 Spanish Frigate counters; +1 VP per Gold left on the map"),
        "governor": T("place the 4 Troop counters, move up 1 Outbound Dock; +1 VP per Silver left"),
        "informer": T("1 Trade Good; after placement look at discs or peek at a counter"),
        "golden_hind": T("the Golden Hind disc: an extra mission resolved before all others"),
    }[kind]


def _loc(kind: str) -> Msg:
    return word("drake", f"location.{kind}")


def _dest(dest: dict) -> Msg:
    return word("drake", f"destination.{dest['id']}")


def _good(good: str) -> Msg:
    return word("drake", f"commodity.{good}")


def _treasure(metal: str) -> Msg:
    return word("drake", f"treasure.{metal}")


def _source(source: str) -> Msg:
    """A data record's source, as the records spell it."""
    if source == "rulebook":
        return T("rulebook")
    if source == "provisional":
        return T("provisional")
    return T("{source}", source=source)


def _note(record: str, english: str) -> Msg | str:
    """A record's note (map.toml), translated in the glossary; the record's own English note
    when the glossary has none or an older one."""
    try:
        note = word("drake", f"note.{record}")
    except KeyError:
        return english
    return note if note == english else english


def _lines(lines: list) -> Msg:
    """Lines one under another, each said in the reader's language."""
    text = lines[0]
    for line in lines[1:]:
        text = T("{a}\n{b}", a=text, b=line)
    return text if isinstance(text, Msg) else T("{a}", a=text)


def _seq(items: list, sep: str = ", ") -> Msg:
    """Items one after another (``a, b, c`` or ``a; b; c``)."""
    text = items[0]
    for item in items[1:]:
        text = T("{a}; {b}", a=text, b=item) if sep == "; " else T("{a}, {b}", a=text, b=item)
    return text if isinstance(text, Msg) else T("{a}", a=text)


KINDS = {"town": "Town", "fort": "Fort", "galleon": "Galleon", "port": "Trade Port"}


def _split(name: str, lines: list[Msg]) -> dict[str, Msg]:
    """``{name: text}``, or ``{name: part 1, "name 2": part 2, ...}`` when it is too long (the
    parts are cut by the English length; Greek and Russian keep the same parts)."""
    parts: list[list[Msg]] = []
    current: list[Msg] = []
    for line in lines:
        length = sum(len(x) + 1 for x in current) + len(line)
        if length > LIMIT and current:
            parts.append(current)
            current = [line]
        else:
            current.append(line)
    parts.append(current)
    return {(name if i == 0 else f"{name} {i + 1}"): _lines(p) for i, p in enumerate(parts)}


def _investor_line() -> Msg:
    options = load()["tables"]["investor"]["options"]
    inv = {
        "1c2g": T("1 Crew + 2 Guns"),
        "2c1g": T("2 Crew + 1 Gun"),
        "galleon": T("Frigate to Galleon"),
    }
    listed = _seq([T("`investor {option}` {what}", option=o, what=inv[o]) for o in options])
    return T("Investor (17, once a game, pay 4 VP): {options}.", options=listed)


def _dockside_line() -> Msg:
    dock = ", ".join(f"`dockside {o}`" for o in load()["tables"]["dockside"]["options"])
    return T("Dockside (18, everyone): take 1 of {options}; sail on your next turn.", options=dock)


def _locations() -> dict[str, Msg]:
    lines = [T("Plymouth Street Locations (place with `place <position> <name>`):")]
    for kind in KIND_NAMES:
        lines.append(T("- {name}: {effect}.", name=_loc(kind), effect=effect(kind)))
    lines.append(T("- {line}", line=_investor_line()))
    lines.append(T("- {line}", line=_dockside_line()))
    return _split("locations", lines)


def _tiles() -> dict[str, Msg]:
    data = load()
    lines = [T("Location Tile circles (items per circle, first visitor first), by player count:")]
    for players in (3, 4, 5):
        tiles = sorted(data["sets"][players])
        parts = []
        for tile_id in tiles:
            tile = data["tiles"][tile_id]
            if tile["kind"] in ("crew", "guns", "supplies", "trade_goods"):
                suffix = tile_id.rsplit("-", 1)[-1] if tile_id.count("-") == 2 else ""
                values = "/".join(map(str, tile["values"]))
                if suffix:
                    parts.append(
                        T(
                            "{name} {suffix} {values}",
                            name=_loc(tile["kind"]),
                            suffix=suffix.upper(),
                            values=values,
                        )
                    )
                else:
                    parts.append(T("{name} {values}", name=_loc(tile["kind"]), values=values))
        lines.append(T("{players} players: {tiles}.", players=players, tiles=_seq(parts, "; ")))
    order = _seq([_loc(k) for k in data["printed_order"]])
    lines.append(
        T("Voyage 1 street (positions 1-16): {order}. 17 Investor, 18 Dockside.", order=order)
    )
    return _split("tiles", lines)


def _tavern() -> dict[str, Msg]:
    tavern = load()["tables"]["tavern"]
    rows = [
        Tn("{total}: {count} Crew", "{total}: {count} Crew", crew, total=total)
        for total, crew in sorted(tavern["crew"].items())
    ]
    ghost = joined([str(g) for g in tavern["ghost_ship"]], "or")
    text = T(
        "Tavern table (roll a die; the 1st visitor adds +1, rules 9.6.2): {ghost}: the Ghost "
        "Ship disc, no Crew; {rows}. Source: {source}.",
        ghost=ghost,
        rows=_seq(rows, "; "),
        source=_source(tavern["source"]),
    )
    return {"tavern": text}


def _destination_line(dest: dict) -> Msg:
    """A Destination in one line (without the list's bullet)."""
    kind = dest["kind"]
    name = T("{name} (`{id}`)", name=_dest(dest), id=dest["id"])
    zone = dest["zone"]
    if kind == "port":
        goods = _seq([_good(g) for g in dest["commodities"]])
        return T(
            "{name}: Trade Port, zone {zone}, {goods}; 1 Trade Good per trade.",
            name=name,
            zone=zone,
            goods=goods,
        )
    metal = dest.get("treasure")
    if kind == "galleon":
        if metal:
            return T(
                "{name}: Spanish Galleon, zone {zone}: Galleon counter Guns + Frigate counter "
                "(0-2), VP on the counter, {treasure}; needs your own Galleon.",
                name=name,
                zone=zone,
                treasure=_treasure(metal),
            )
        return T(
            "{name}: Spanish Galleon, zone {zone}: Galleon counter Guns + Frigate counter "
            "(0-2), VP on the counter; needs your own Galleon.",
            name=name,
            zone=zone,
        )
    if kind == "fort":
        troops = Tn("{count} Troop", "{count} Troops", dest["troops"])
        guns = Tn("{count} Gun", "{count} Guns", dest["guns"])
        if metal:
            return T(
                "{name}: Fort, zone {zone}, {troops} + counter (0-2) in Crew, {guns} (none "
                "with a Pinnace), {vp} VP, {treasure}.",
                name=name,
                zone=zone,
                troops=troops,
                guns=guns,
                vp=dest["vp"],
                treasure=_treasure(metal),
            )
        return T(
            "{name}: Fort, zone {zone}, {troops} + counter (0-2) in Crew, {guns} (none with a "
            "Pinnace), {vp} VP.",
            name=name,
            zone=zone,
            troops=troops,
            guns=guns,
            vp=dest["vp"],
        )
    if metal:
        return T(
            "{name}: Town, zone {zone}, 1 Crew, {vp} VP, {treasure}.",
            name=name,
            zone=zone,
            vp=dest["vp"],
            treasure=_treasure(metal),
        )
    return T("{name}: Town, zone {zone}, 1 Crew, {vp} VP.", name=name, zone=zone, vp=dest["vp"])


def _map() -> dict[str, Msg]:
    data = load()
    lines = [T("Destinations (send a disc with `to <name>`). Supplies 1-4 reach zones 1-4:")]
    for zone in (1, 2, 3, 4):
        for dest_id in data["dest_order"]:
            dest = data["dests"][dest_id]
            if dest["zone"] == zone:
                lines.append(T("- {line}", line=_destination_line(dest)))
    return _split("map", lines)


def _counters() -> dict[str, Msg]:
    data = load()
    tables = data["tables"]
    gcs = _seq(
        [
            T(
                "{id}: {guns} Guns, {vp} VP",
                id=g["id"].upper(),
                guns=g["front_guns"],
                vp=g["front_vp"],
            )
            for g in data["galleon_counters"].values()
        ],
        "; ",
    )
    troops = ", ".join(map(str, tables["troop_counters"]["values"]))
    frigates = ", ".join(map(str, tables["frigate_counters"]["values"]))
    text = T(
        "Spanish Galleon counters (shuffled face up each voyage, front side): {galleons}. "
        "Spanish Frigate counters {frigates}: the Admiral places one face down by each Galleon "
        "(`frigates 0,1,2` = Galleon I, II, III), random without an Admiral. Troop counters "
        "{troops}: the Governor places one face down on each Fort (`troops 0,0,1,2` = "
        "Cartagena, Panama, Havana, Veracruz). A counter is turned face up when the first "
        "player able to attack there comes up; then it is public.",
        galleons=gcs,
        frigates=frigates,
        troops=troops,
    )
    return {"counters": text}


def _supply() -> dict[str, Msg]:
    supply = load()["tables"]["supply"]
    goods = _seq([T("{amount} {good}", amount=supply[c], good=_good(c)) for c in COMMODITIES])
    text = T(
        "General supply (limited, rules 9.6.12): {crew} Crew, {guns} Guns, {barrels} barrels, "
        "{trade_goods} Trade Goods; Commodities {goods}; {gold} Gold, {silver} Silver, "
        "{jewels} Jewels. You take what is left. The board shows what remains.",
        crew=supply["crew"],
        guns=supply["guns"],
        barrels=supply["supplies"],
        trade_goods=supply["trade_goods"],
        goods=goods,
        gold=supply["gold"],
        silver=supply["silver"],
        jewels=supply["jewel"],
    )
    return {"supply": text}


def _scoring() -> dict[str, Msg]:
    s = load()["tables"]["scoring"]
    types = s["conquest_types"]
    sets = s["commodity_sets"]
    hero = s["hero_bonus"]
    treasure = s["treasure"]
    text = T(
        "Start {start} VP. Attack: the Destination's VP at once. Hero bonus: the 1st and 2nd "
        "players to return early (before their disc 4) get {hero1} and {hero2} VP if they made a "
        "successful attack this voyage; a returner without one still takes that place and gets "
        "0 (no passing down). Each voyage: Types of Conquest {t1}/{t2}/{t3} VP for 1/2/3 types "
        "(Town, Fort, Galleon); Admiral +1 per Gold left on the map, Governor +1 per Silver "
        "left. Game end: sets of 4/3/2 different Commodities {s4}/{s3}/{s2} VP, single {s1} VP; "
        "Silver {silver}, Gold {gold}, Jewel {jewel} VP. Investor -{investor} VP. Ties: lower "
        "Homebound Dock after voyage 3 wins.",
        start=s["start_vp"],
        hero1=hero[0],
        hero2=hero[1],
        t1=types[1],
        t2=types[2],
        t3=types[3],
        s4=sets[4],
        s3=sets[3],
        s2=sets[2],
        s1=sets[1],
        silver=treasure["silver"],
        gold=treasure["gold"],
        jewel=treasure["jewel"],
        investor=s["investor_cost"],
    )
    return {"scoring": text}


MOVES = T(
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

SUMMARY = T(
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
    T("9.6.1 3 barrels reach zones 1-3 (the text's 'zones 1, 2 and 4' is a typo; Ex. 4 agrees)."),
    T(
        "9.6.2 Tavern Ghost Ship read on the modified roll: the text says the 1st visitor 'adds 1 "
        "to his roll', the table gives Crew 'for each result', and 'on a roll of 1 or 2' names "
        "that same roll; so a natural 1 (2 with the +1) gives the Ghost Ship, a natural 2 (3) "
        "gives Crew."
    ),
    T("9.6.3 Voyages 2-3 shuffle the tiles purely at random (Reset says 'random order')."),
    T("9.6.4 Circles fill first circle first (the '1st/2nd player' wording)."),
    T("9.6.5 Hero bonus by early-return position, no passing down (the 2/1/0/0 table)."),
    T("9.6.6-7 'Early' = before your disc 4 resolves; you are asked after each of your missions."),
    T(
        "9.6.8 0 Supplies: 'you cannot travel at all', so no discs; after the Golden Hind, 'all "
        "players sail at once' to their disc 1 and a ship with none has nowhere to go: it goes "
        "home then, first among such players in Sailing Order (a return is due once no mission "
        "is left), not early, no bonus."
    ),
    T("9.6.9 Discs with no Destination left in range stay unplaced."),
    T(
        "9.6.10 The Informer's swap may include the Golden Hind or Ghost Ship; the move keeps the "
        "disc's number and goes in range, where you have no disc."
    ),
    T(
        "9.6.11 + 7.10 'The first player who attacks' turns a counter: it turns up when the "
        "first player able to attack there (at the lowest value still face down) comes up, so "
        "they know the cost. A player who already knows the value (Governor, Admiral, an "
        "Informer who peeked) decides first, attack or decline, and it turns only if they "
        "attack."
    ),
    T("9.6.12 Supplies are limited: you take what is left (the board shows the supply)."),
    T("9.6.13 A Galleon gained when already a Galleon changes nothing else."),
    T("9.6.14 Drake needs 2 Player Discs; the 2nd disc is forced on your next turn."),
    T("9.6.18 The Investor has no capacity limit. 9.6.19 Final ties: lower Homebound Dock."),
    T("9.6.20 Placement and resolution use the Sailing Order after the Governor's swap."),
    T("9.4 Taking a treasure is announced (as at the table); chest totals are never shown."),
    T(
        "A mission that cannot be carried out fails at once (declining is the only choice); a "
        "player who knows a face-down counter there is asked all the same, so the table does "
        "not learn its value."
    ),
    T("A player sent home because no disc of theirs is left on the map is not an early returner."),
)


def _reconstructed() -> dict[str, Msg]:
    """Every reconstruction in data/drake and every rules reading, each with its reason."""
    data = load()
    lines = [
        T(
            "Reconstructed (the transcript has no images, rules 2.5). Each record in data/drake "
            "says `rulebook` or `provisional`; what comes from the rules, and why the rest was "
            "chosen:"
        )
    ]
    for dest_id, dest in data["dests"].items():
        lines.append(
            T(
                "- {name} ({source}): {note}",
                name=_dest({"id": dest_id}),
                source=_source(dest["source"]),
                note=_note(dest_id, dest.get("note", "")),
            )
        )
    for counter_id, counter in data["galleon_counters"].items():
        lines.append(
            T(
                "- Galleon counter {id} ({source}): {note}",
                id=counter["id"].upper(),
                source=_source(counter["source"]),
                note=_note(f"galleon_counter_{counter_id}", counter.get("note", "")),
            )
        )
    tiles = [t for t in data["tiles"].values() if t["source"] != "rulebook"]
    lines.append(
        T(
            "- {tiles} Location Tiles (provisional): Crew, Guns, Supplies and Trade Goods circle "
            "values are missing (2.5 item 1); the better tile of a pair has more items, "
            "capacities follow 2.4. The other tiles' effects are rulebook (2.4).",
            tiles=len(tiles),
        )
    )
    tavern = data["tables"]["tavern"]
    lines.append(
        T(
            "- Tavern table ({source}): Crew per result is missing (2.5 item 3); results 1-2 give "
            "the Ghost Ship (rulebook). See `tavern`.",
            source=_source(tavern["source"]),
        )
    )
    lines.append(
        T(
            "- Voyage-1 street order (provisional): only position 1 = Crew is stated (2.5 item "
            "2). See `tiles`."
        )
    )
    lines.append(T("Rules readings [not in source]:"))
    lines += [T("- {reading}", reading=r) for r in READINGS]
    return _split("reconstructed", lines)


SHORT = {"trade_goods": "goods", "golden_hind": "hind"}


def _component_topics() -> dict[str, Msg]:
    """One topic per component a move names by id: each Destination (`to cartagena`), each
    Location (`place 5 goods`), the Investor and Dockside, and the Commodities (`trade sugar`)."""
    data = load()
    topics: dict[str, Msg] = {}
    for dest_id in data["dest_order"]:
        dest = data["dests"][dest_id]
        topics[dest_id] = T(
            "{line} Circles: {circles} (at most 2 successful attacks; a port trades once per "
            "circle). Source: {source}. {note}",
            line=_destination_line(dest),
            circles=dest["circles"],
            source=_source(dest["source"]),
            note=_note(dest_id, dest.get("note", "")),
        )
    for kind in KIND_NAMES:
        values = []
        for players in (3, 4, 5):
            tiles = sorted(t for t in data["sets"][players] if data["tiles"][t]["kind"] == kind)
            printed = joined(["/".join(map(str, data["tiles"][t]["values"])) for t in tiles])
            values.append(T("{players} players {circles}", players=players, circles=printed))
        where = ", ".join(str(i + 1) for i, k in enumerate(data["printed_order"]) if k == kind)
        if kind in ("crew", "guns", "supplies", "trade_goods"):
            circles = T(
                "Items per circle, first visitor first: {values}.", values=_seq(values, "; ")
            )
        elif kind in ("tavern", "shipyard", "pinnace"):
            circles = T("2 circles: the 1st visitor gets the bonus (+1), the 2nd none.")
        else:
            circles = T("1 circle: one player per voyage.")
        if kind == "tavern":
            text = T(
                "{name} (`place <position> {short}`): {effect}. {circles} Voyage-1 position "
                "{where}. {tavern}",
                name=_loc(kind),
                short=SHORT.get(kind, kind),
                effect=effect(kind),
                circles=circles,
                where=where,
                tavern=_tavern()["tavern"],
            )
        else:
            text = T(
                "{name} (`place <position> {short}`): {effect}. {circles} Voyage-1 position "
                "{where}.",
                name=_loc(kind),
                short=SHORT.get(kind, kind),
                effect=effect(kind),
                circles=circles,
                where=where,
            )
        topics[SHORT.get(kind, kind)] = text
    topics.update(investor=_investor_line(), dockside=_dockside_line())
    supply = data["tables"]["supply"]
    lines = []
    for good in COMMODITIES:
        ports = _seq([_dest(d) for d in data["dests"].values() if good in d.get("commodities", [])])
        lines.append(
            T(
                "{good} ({amount} in the game): at {ports}",
                good=_good(good),
                amount=supply[good],
                ports=ports,
            )
        )
    sets = data["tables"]["scoring"]["commodity_sets"]
    topics["commodities"] = T(
        "Commodities (`trade <name>` at a port, 1 Trade Good each): {goods}. Game end: sets of "
        "4/3/2 different {s4}/{s3}/{s2} VP, single {s1} VP (Ex. 14).",
        goods=_seq(lines, "; "),
        s4=sets[4],
        s3=sets[3],
        s2=sets[2],
        s1=sets[1],
    )
    return topics


def rules_topics() -> dict[str, Msg]:
    topics = {"summary": SUMMARY, "moves": MOVES}
    for part in (_scoring, _locations, _tiles, _tavern, _map, _counters, _supply, _reconstructed):
        topics.update(part())
    topics.update(_component_topics())
    return topics
