"""How a catch-up tells each kind of engine log line (issue 40 section 3): its short form, said
when the catch-up is over its budget, and its weight, which orders a player's part (what they
scored, took or built before their moves and passes).

A short form is a template of its own, made from the line's parameters, so it keeps the line's
object and its place ("{player} places the island at {at}.": which island, where) and drops only
the details (the stack it came from, the reefs, the cubes in the canoe), and it is said in each
language from its own translated template, cases and all: a shortened line is never cut text.
A short form that is a lone parameter ("{text}") stands for that nested line. Keys are the
engines' message ids (docs/ARCHITECTURE.md 6b); a key no engine says any more is caught by
tests/host/test_catchup_forms.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from i18n import N_

SCORED = 4
"""Points won or lost."""
GAINED = 3
"""Something taken, built, bought or hired."""
OTHER = 2
"""A line this table does not name."""
MOVED = 1
"""A piece moved or placed to act later."""
PASSED = 0
"""Nothing done, or a choice declined."""
CONCERNS_READER = 5
"""A line that names the reader (their rank swapped, their place taken): it comes first."""


@dataclass(frozen=True)
class Form:
    weight: int = OTHER
    short: str | None = None
    """The line's short template (its parameters, fewer of them), or None: said whole."""


FORMS: dict[str, Form] = {
    # Tahiti
    "{player} moves Hommea to {at}.": Form(MOVED),
    "{player} takes the island ({first}/{second}) from stack {stack} for {at}.": Form(
        GAINED, N_("{player} takes the island for {at}.")
    ),
    "{player} places the island ({first}/{second}) from stack {stack} at {at}, reefs {edges}.": (
        Form(GAINED, N_("{player} places the island at {at}."))
    ),
    "{player} paddles to {at}.": Form(MOVED),
    "{player} paddles to {at} across {reefs} with an empty canoe (no draw).": Form(
        MOVED, "{player} paddles to {at}."
    ),
    "{player} paddles to {at} across a reef: drew {drawn}{loss}": Form(
        MOVED, "{player} paddles to {at}."
    ),
    "{player} paddles to {at} across a double reef: drew {drawn}{loss}": Form(
        MOVED, "{player} paddles to {at}."
    ),
    "{player} leaves Hommea on {at}.": Form(MOVED),
    "{player} harvests a {good} ({cubes} in the canoe).": Form(
        GAINED, N_("{player} harvests {good}.")
    ),
    "{player} fishes: drew {drawn}.": Form(GAINED, N_("{player} fishes.")),
    "{player} fishes ({count} cube set aside): drew {drawn}.": Form(GAINED, N_("{player} fishes.")),
    "{player} keeps a fish.": Form(GAINED),
    "{player} delivers {cargo}.": Form(SCORED),
    "{player} exhausts the island at {at} (a fish marker).": Form(
        OTHER, N_("{player} exhausts the island at {at}.")
    ),
    "{player} exhausts the island at {at} (a blank marker).": Form(
        OTHER, N_("{player} exhausts the island at {at}.")
    ),
    "{player} lets the fish go.": Form(PASSED),
    "{player} ends their actions.": Form(PASSED),
    # Amerigo
    "{player} takes {gold} gold": Form(GAINED),
    "{text} (+{vp} VP).": Form(SCORED),
    "{text}, {notes}": Form(OTHER, "{text}"),
    "{text} ({gold} gold)": Form(OTHER, "{text}"),
    "{player} places ship {ship} on frame space {space}.": Form(MOVED),
    "{player} sails ship {ship} to {place}.": Form(MOVED),
    "{player} moves the order disc {spaces} (to space {total})": Form(MOVED),
    "{player} builds a trading post at {cell} and discovers the island: +3 VP.": Form(SCORED),
    "{player} builds a trading post at {cell}.": Form(GAINED),
    "{player} builds the {tile} on {cells}: +{vp} VP": Form(SCORED),
    "{player} completes the island: +3 VP.": Form(SCORED),
    "{player}: {posts} -> {table} x time marker {time} = {vp} VP.": Form(SCORED),
    "{player} loses to pirates of strength {strength}: -{loss} VP.": Form(SCORED),
    "{player} loads {cannons} (now {total})": Form(GAINED, N_("{player} loads {cannons}")),
    "{player} advances {spaces} on progress (now {total})": Form(
        GAINED, N_("{player} advances {spaces} on progress")
    ),
    "{player} plans the {tile}.": Form(GAINED),
    "{player} plans the {tile} ({gold} gold).": Form(GAINED, "{player} plans the {tile}."),
    "{player} buys a {good} production token ({cost} AP).": Form(
        GAINED, N_("{player} buys a {good} production token.")
    ),
    "{player} buys a {good} production token ({cost} AP), {gold} gold.": Form(
        GAINED, N_("{player} buys a {good} production token.")
    ),
    "{player} takes the progress token “{token}”.": Form(GAINED),
    "{player} beats pirates of strength {strength} ({cannons} left).": Form(
        OTHER, N_("{player} beats pirates of strength {strength}.")
    ),
    # Bremerhaven
    "{player} places a card face down on {space}.": Form(MOVED),
    "{player} parks {cards}: +{coins}.": Form(GAINED),
    "{player} takes the {building} (not built yet).": Form(
        GAINED, N_("{player} takes the {building}.")
    ),
    "{player} upgrades an Influence card for free.": Form(GAINED),
    "{player} swaps ranks {first} and {second}: {order}.": Form(
        OTHER, N_("{player} swaps ranks {first} and {second}.")
    ),
    "{player} makes no swap on the Career ladder.": Form(PASSED),
    "{player} will place that card later.": Form(PASSED),
    "{player} is using building permits (shown when everyone is done).": Form(PASSED),
    "{player} is working their harbour (shown when everyone is done).": Form(PASSED),
    # Francis Drake
    "{player} places a disc at {pos} {location}": Form(MOVED),
    "{where}: {got}.": Form(GAINED),
    "{where}: rolls {roll} (total {total}): {got}.": Form(GAINED, "{where}: {got}."),
    "{where}: a Pinnace and {got}.": Form(GAINED),
    "{where}: a Pinnace.": Form(GAINED),
    "{where}: a Galleon and {got}.": Form(GAINED),
    "{where}: a Galleon.": Form(GAINED),
    "{where}: the Golden Hind disc.": Form(GAINED),
    "{where}: the Informer and {got}.": Form(GAINED),
    "{player} at Dockside takes {got}.": Form(GAINED),
    "{player} completes Drake: {got}.": Form(GAINED),
    "{player} trades 1 Trade Good at {place} for 1 {good}.": Form(GAINED),
    "{player} pays 4 VP to the Investor: {got}.": Form(SCORED),
    "{player} sails to Outbound Dock {dock}.": Form(MOVED),
    "{player} returns to Homebound Dock {dock}.": Form(MOVED),
    "{player} returns to Homebound Dock {dock}, early: hero bonus {bonus} VP.": Form(SCORED),
    "{player} places a Mission Disc face down at {place}.": Form(MOVED),
    "{player} attacks {place} ({disc}): success, {vp} VP, takes the {treasure}.": Form(
        SCORED, N_("{player} attacks {place}: {vp} VP, takes the {treasure}.")
    ),
    "{player} attacks {place} ({disc}): success, {vp} VP.": Form(
        SCORED, N_("{player} attacks {place}: {vp} VP.")
    ),
    "{player}: {count} type of conquest, {vp} VP.": Form(SCORED),
    "{player} declines at {place} ({disc}).": Form(PASSED, N_("{player} declines at {place}.")),
    "{player} {disc} at {place}: not possible, the disc goes back.": Form(PASSED),
    # Vasco da Gama
    "{player} places a disc with number {number} on {area}.": Form(
        MOVED, N_("{player} places a disc on {area}.")
    ),
    "{player} takes {character}.": Form(GAINED),
    "{player} receives a merchant ship ({tile}).": Form(
        GAINED, N_("{player} receives a merchant ship.")
    ),
    "{player} sends a ship ({tile}) to {landing} (space {value}): {reward}.": Form(
        SCORED, N_("{player} sends a ship to {landing}: {reward}.")
    ),
    "{player} buys project {id} for {reals}.": Form(GAINED, N_("{player} buys project {id}.")),
    "{player} buys projects {ids} for {reals}.": Form(GAINED, N_("{player} buys projects {ids}.")),
    "{player} buys the Sao Gabriel for {reals}.": Form(GAINED),
    "{player} hires a captain (free).": Form(GAINED),
    "{player} hires {sailors} from section {section} for {reals}.": Form(
        GAINED, N_("{player} hires {sailors}.")
    ),
    "{player} hires {sailors} and a captain from section {section} for {reals}.": Form(
        GAINED, N_("{player} hires {sailors} and a captain.")
    ),
    "{player} launches a ship ({tile}) with {crew}.": Form(GAINED, N_("{player} launches a ship.")),
    "{player} takes {reals} from money space {space}.": Form(GAINED),
    "{player} declines number {number} and takes {reals}.": Form(PASSED),
    "{player} keeps the merchant ship in port.": Form(PASSED),
}
"""Each engine log line's catch-up form, by message id (a line not named is said whole, with
:data:`OTHER` weight)."""
