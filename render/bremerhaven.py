"""Bremerhaven images drawn for a phone (docs/ARCHITECTURE.md 6, issue 25): ``board`` (public,
posted after every turn), ``private`` (one seat, by DM) and ``detail`` (``/board detail``). Views
only.

Every image is 760 px wide and every text is drawn at 15 px or more, so shown 360 px wide (a
phone) a letter is 7.1 px or taller and shown 550 px wide (a desktop) 10.8 px or taller; the board
stays at most 1.6 times taller than wide (tests/bremerhaven/test_legibility.py measures both).

What a player needs at a glance is on the board, large, top to bottom:
- a header: round, step, whom the table waits for;
- a legend: the goods (each a colour *and* a shape: barrel round, crate square with a cross,
  container a striped box, passenger a figure, wildcard "?"), prestige ★, seats;
- the Progress track (the game ends on the last space) and the decks left;
- the Town board: 1.0-1.5 and the newspaper rack, with the bid cards on each space (seat colour
  and letter, the value once revealed) and who won it;
- the Sea (ships 2.1-2.4) and the Land (contracts 3.1-3.4) on offer;
- one row per player: rank, coins, prestige, the ships at their berths with the goods still to
  unload, the contracts in the loading bays (delivered goods in colour, missing ones pale), the
  Buildings and the goods stored in the harbour;
- when the game is over, the final standings (coins x prestige) instead of the Town board.

Moved off the board: each harbour as a 3 x 4 grid with bollards and covers goes to ``detail`` (every
player) and ``private`` (the seat's own, as it is being worked on), with every Building's ability,
the newspapers, the discards by name and the bollard costs. Seats have a colour and a letter
(A-D); the solo neutral player is a grey "N". Components are named by their names, members by their
display names (``view["names"]``); contracts, which have no printed name, by what they ask for.
"""

from __future__ import annotations

import re
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

from babel import Locale
from PIL import Image, ImageDraw

from i18n import N_, gettext, load, ngettext, say
from i18n import word as glossary_word
from render.common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    SEA,
    SEA_LIGHT,
    WHITE,
    centered_text,
    contrast_ink,
    font,
    new_canvas,
    panel,
    seat_colour,
    seat_letter,
    static_layer,
)

WIDTH = 760
M = 10  # outer margin
INNER = WIDTH - 2 * M
MIN = 15  # the smallest font drawn: 7.1 px at 360 px wide
GOODS = ("barrel", "crate", "container", "passenger")
GOOD_COLOUR = {
    "barrel": (150, 90, 40),
    "crate": (214, 170, 100),
    "container": (60, 110, 170),
    "passenger": (140, 70, 160),
    "any": (250, 250, 250),
}
NEUTRAL = (90, 90, 90)
COVER = (175, 175, 175)
LAND = (150, 120, 70)
CLOSED = (215, 215, 215)
WAITING = (255, 248, 200)
ALERT = (170, 0, 0)
SEAT_NAMES = (N_("Orange"), N_("Blue"), N_("Green"), N_("Purple"))
TOWN_LABELS = {
    "1.0": N_("Parking"),
    "1.1": N_("Building"),
    "1.2": N_("Permit"),
    "1.3": N_("Influence"),
    "1.4": N_("Prices"),
    "1.5": N_("Career"),
}
STEP_TEXT = {
    "auction": N_("auction"),
    "start": N_("starting goods"),
    "park": N_("1.0 Parking"),
    "building": N_("1.1 Building"),
    "permit": N_("1.2 Building permits"),
    "upgrade": N_("1.3 Increase influence"),
    "price": N_("1.4 Price card choice"),
    "career": N_("1.5 Career ladder"),
    "place": N_("placing ships and contracts"),
    "harbour": N_("harbour actions"),
}
ABILITY_TAG = {
    "moor": N_("berths +1 mooring"),
    "store": N_("stores goods"),
    "exchange": N_("sets prices"),
    "freepack": N_("free packing"),
    "crane": N_("ship to contract"),
    "shipyard": N_("bollards 2 coins less"),
    "income": N_("+1 income"),
    "insurance": N_("penalties 2 less"),
    "customs": N_("+1 coin per contract"),
    "none": "",
}
RANK_KEYS = {"Captain": "captain", "First Mate": "first_mate", "Sailor": "sailor", "Cook": "cook"}

# The language of the image being drawn (the reader's: view["lang"]); a context variable, so
# images drawn at the same time in other threads or tasks keep their own.
_LANG: ContextVar[str] = ContextVar("bremerhaven_lang", default="en")


def _(message: str, **params: Any) -> str:
    """A label in the reader's language (the catalog's ``bremerhaven`` domain)."""
    return gettext(_LANG.get(), message, **params) if message else ""


def _w(key: str) -> str:
    """A glossary word in the reader's language (``goods.barrel``, ``building.bank``)."""
    return say(_LANG.get(), glossary_word("bremerhaven", key))


def _say(text: Any) -> str:
    return say(_LANG.get(), text)


def _in_language(function):
    """An image entry point draws in ``view["lang"]``."""

    def drawn(view: dict, *args, **kwargs):
        token = _LANG.set(view.get("lang", "en") or "en")
        try:
            return function(view, *args, **kwargs)
        finally:
            _LANG.reset(token)

    drawn.__name__, drawn.__doc__ = function.__name__, function.__doc__
    drawn.__wrapped__ = function
    return drawn


def _good(g: str) -> str:
    return _w(f"goods.{g}")


def _building_name(b: dict | None, bid: str | None = None) -> str:
    """A Building's name from its card (``b["id"]``) or id, in the reader's language."""
    key = (b or {}).get("id") or bid
    if key:
        return _w(f"building.{key}")
    return (b or {}).get("name") or _("Building")


def _space(name: str) -> str:
    """A harbour space ("b3") with its row letter in the reader's alphabet."""
    from engines.bremerhaven.words import space

    return _say(space(name))


def _ship_name(ship: dict) -> str:
    return _w(f"ship.{ship['id']}") if ship.get("id") else str(ship.get("name", ""))


def _data_text(text: str) -> str:
    """A data sentence (Building ability, Newspaper event) in the reader's language."""
    return _(text)


# ---------------------------------------------------------------- words
@lru_cache(maxsize=1)
def _names_of() -> dict[str, dict]:
    """Ship names and newspaper texts for the discard piles (the view lists their ids)."""
    from engines.bremerhaven.data import CONTRACTS, NEWS, SHIPS

    return {"ships": SHIPS, "news": NEWS, "contracts": CONTRACTS}


def _coins(n: int) -> str:
    return ngettext(_LANG.get(), "{count} coin", "{count} coins", n)


def _income_label(values: tuple[int, ...]) -> str:
    """The income by rank (docs/rules/bremerhaven.md 5.6), each number with the plural form of
    its own (CLDR) category, neighbours of one category sharing their word: "income 4/3/2
    coins, 1 coin", "доход 4/3/2 монеты, 1 монета"."""
    lang = _LANG.get()
    rule = Locale.parse(lang).plural_form
    groups: list[list[int]] = []
    for value in values:
        if groups and rule(groups[-1][-1]) == rule(value):
            groups[-1].append(value)
        else:
            groups.append([value])
    amounts = ", ".join(
        ngettext(lang, "{amounts} coin", "{amounts} coins", g[-1], amounts="/".join(map(str, g)))
        for g in groups
    )
    return gettext(lang, "income {amounts}", amounts=amounts)


def _plural(n: int, good: str) -> str:
    """``n`` goods of one kind, counted in the reader's language."""
    from engines.bremerhaven.words import goods_count

    return _say(goods_count(n, good))


def goods_words(goods: list[str]) -> str:
    """``["crate", "crate", "any"]`` -> ``2 crates, 1 any good``."""
    counts: dict[str, int] = {}
    for g in goods:
        counts[g] = counts.get(g, 0) + 1
    parts = []
    for g, n in counts.items():
        if g == "any":
            parts.append(ngettext(_LANG.get(), "{count} any good", "{count} any goods", n))
        else:
            parts.append(_plural(n, g))
    return ", ".join(parts)


def _terms(c: dict) -> str:
    bonus = (
        _("+1 prestige")
        if c["bonus_prestige"]
        else (f"+{_coins(c['bonus_coins'])}" if c["bonus_coins"] else "")
    )
    pen = (
        _("-1 prestige")
        if c["penalty_prestige"]
        else (f"-{_coins(c['penalty_coins'])}" if c["penalty_coins"] else "")
    )
    if bonus and pen:
        return _("on time {bonus}, late {penalty}", bonus=bonus, penalty=pen)
    if bonus:
        return _("on time {bonus}", bonus=bonus)
    if pen:
        return _("late {penalty}", penalty=pen)
    return _("no bonus or penalty")


def contract_words(c: dict) -> str:
    """A contract has no printed name: it is named by what it asks for."""
    return _("contract for {goods}", goods=goods_words(c["goods"]))


def plain_words(text: str) -> str:
    """An engine note with card ids put in words: ``closed expired contract c11: ...`` ->
    ``closed expired contract for 2 crates: ...``; a ship id becomes the ship's name."""
    data = _names_of()

    def contract(m: re.Match) -> str:
        c = data["contracts"].get(m.group(1))
        return contract_words(c) if c else _("contract")

    text = re.sub(r"\bcontract (c\d+)(?: \([^)]*\))?", contract, text)
    text = re.sub(r"\b(c\d\d)\b", contract, text)
    return re.sub(
        r"\b(s\d\d)\b",
        lambda m: (
            _ship_name(data["ships"][m.group(1)]) if m.group(1) in data["ships"] else _("ship")
        ),
        text,
    )


def _name(view: dict, pid: int) -> str:
    if view.get("variant") == "solo" and pid == 1:
        return _("Neutral")
    names = view.get("names")
    if names and pid < len(names) and names[pid]:
        return str(names[pid])
    return _(SEAT_NAMES[pid % len(SEAT_NAMES)])


def _colour(view: dict, pid: int) -> tuple[int, int, int]:
    if view.get("variant") == "solo" and pid == 1:
        return NEUTRAL
    return seat_colour(pid)


def _letter(view: dict, pid: int) -> str:
    letter = "N" if view.get("variant") == "solo" and pid == 1 else seat_letter(pid)
    # In the reader's alphabet (A Β Γ Δ, А Б В Г): the seat letters are words on the image.
    return _w(f"seat.{letter.lower()}") if letter in "ABCDN" else letter


# ---------------------------------------------------------------- small pieces
def _text(draw, xy, text, size=MIN, bold=False, fill=INK, anchor="la") -> None:
    draw.text(xy, str(text), font=font(max(MIN, size), bold), fill=fill, anchor=anchor)


def _fit(draw, text: str, size: int, width: float, bold=False) -> str:
    """``text`` shortened at a word boundary (with "...") to fit ``width``."""
    fnt = font(max(MIN, size), bold)
    if draw.textlength(text, font=fnt) <= width:
        return text
    words = text.split()
    while words and draw.textlength(" ".join(words) + "...", font=fnt) > width:
        words.pop()
    return (" ".join(words) + "...") if words else ""


def _lines(draw, text: str, size: int, width: float, bold=False) -> list[str]:
    fnt = font(max(MIN, size), bold)
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if draw.textlength(trial, font=fnt) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    return [*lines, line] if line else lines


def _wrap(draw, xy, text: str, size: int, width: float, max_lines: int, bold=False, fill=INK):
    """Draw ``text`` wrapped at word boundaries; returns the height used."""
    lines = _lines(draw, text, size, width, bold)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = _fit(draw, lines[-1] + " ...", size, width, bold)
    x, y = xy
    for i, ln in enumerate(lines):
        _text(draw, (x, y + i * (size + 5)), ln, size, bold, fill)
    return len(lines) * (size + 5)


def _token(draw, view: dict, xy, pid: int, r: float = 13) -> None:
    """A disc in the seat colour with the seat letter (grey "N" for the neutral player)."""
    x, y = xy
    colour = _colour(view, pid)
    r = max(r, 12)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=INK, width=2)
    centered_text(
        draw, (x, y), _letter(view, pid), font(max(MIN, int(r * 1.25)), True), contrast_ink(colour)
    )


def good_icon(draw, xy, good: str, size: int = 24, faded: bool = False) -> None:
    """A good as a colour and a shape (no letters, so it reads at any size): a barrel is round
    with hoops, a crate square with a cross, a container a box with ribs, a passenger a figure,
    a wildcard a "?" on white."""
    x, y = xy
    s = size
    colour = GOOD_COLOUR.get(good, GOOD_COLOUR["any"])
    fill = (240, 240, 240) if faded else colour
    line = MUTED if faded else INK
    detail = MUTED if faded else contrast_ink(colour)
    if good == "barrel":
        draw.ellipse((x + s * 0.1, y, x + s * 0.9, y + s), fill=fill, outline=line, width=2)
        for k in (0.33, 0.67):
            draw.line((x + s * 0.16, y + s * k, x + s * 0.84, y + s * k), fill=detail, width=2)
    elif good == "crate":
        draw.rectangle((x, y, x + s, y + s), fill=fill, outline=line, width=2)
        draw.line((x + 3, y + 3, x + s - 3, y + s - 3), fill=detail, width=2)
        draw.line((x + 3, y + s - 3, x + s - 3, y + 3), fill=detail, width=2)
    elif good == "container":
        draw.rectangle((x, y + s * 0.15, x + s, y + s * 0.85), fill=fill, outline=line, width=2)
        for k in (0.3, 0.5, 0.7):
            draw.line((x + s * k, y + s * 0.25, x + s * k, y + s * 0.75), fill=detail, width=2)
    elif good == "passenger":
        draw.ellipse((x + s * 0.3, y, x + s * 0.7, y + s * 0.4), fill=fill, outline=line, width=2)
        draw.pieslice((x + s * 0.1, y + s * 0.42, x + s * 0.9, y + s * 1.5), 180, 360, fill=fill)
        draw.arc(
            (x + s * 0.1, y + s * 0.42, x + s * 0.9, y + s * 1.5), 180, 360, fill=line, width=2
        )
        draw.line((x + s * 0.1, y + s * 0.96, x + s * 0.9, y + s * 0.96), fill=line, width=2)
    else:
        draw.rectangle((x, y, x + s, y + s), fill=WHITE, outline=line, width=2)
        centered_text(
            draw, (x + s / 2, y + s / 2 + 1), "?", font(max(MIN, int(s * 0.8)), True), line
        )


def _icons(draw, x, y, goods: list[str], size=24, faded=False, gap=3) -> float:
    for k, g in enumerate(goods):
        good_icon(draw, (x + k * (size + gap), y), g, size, faded)
    return x + len(goods) * (size + gap)


def slot_fill(goods: list[str], got: list[str]) -> list[str | None]:
    """Which delivered good sits in each required slot: fixed types first, then wildcards take
    what is left (rules 5.8: each wildcard may be a different type). ``None`` = still open."""
    left = list(got or [])
    filled: list[str | None] = []
    for g in goods:
        if g != "any" and g in left:
            left.remove(g)
            filled.append(g)
        else:
            filled.append(None)
    for i, g in enumerate(goods):
        if g == "any" and left:
            filled[i] = left.pop(0)
    return filled


def _slots(draw, x, y, goods: list[str], got: list[str], size=24) -> float:
    """The contract's required goods: delivered ones in colour (a wildcard slot shows the good
    delivered into it), missing ones pale."""
    filled = slot_fill(goods, got)
    for i, g in enumerate(goods):
        gx = x + i * (size + 3)
        good_icon(draw, (gx, y), filled[i] or g, size, faded=not filled[i])
    return x + len(goods) * (size + 3)


def _bid_cards(draw, view: dict, x: float, y: float, w: float, space: str, h: int = 30) -> None:
    """Influence cards on a bid space in the owner's colour with the owner's letter, and the
    value beside the letter once revealed (``A:5``), so colour is never the only cue."""
    bids = [b for b in view.get("bids", []) if b["space"] == space]
    fnt = font(16, True)
    cx = x
    for i, b in enumerate(bids):
        shown = b.get("value")
        letter = _letter(view, b["pid"])
        label = letter if shown is None else f"{letter}:{shown}"
        cw = max(24, draw.textlength(label, font=fnt) + 8)
        if cx + cw > x + w:
            _text(draw, (cx, y + h / 2 - 9), f"+{len(bids) - i}", MIN, True)
            break
        colour = _colour(view, b["pid"])
        draw.rounded_rectangle((cx, y, cx + cw, y + h), radius=4, fill=colour, outline=INK)
        centered_text(draw, (cx + cw / 2, y + h / 2), label, fnt, contrast_ink(colour))
        cx += cw + 3


def _won_by(draw, view: dict, x1: float, y: float, space: str) -> None:
    """The winner's token at the top right of a space, once bids are revealed."""
    if not view.get("revealed"):
        return
    win = view.get("winners", {}).get(space)
    if win is not None:
        _token(draw, view, (x1 - 16, y + 15), win, 12)
        draw.ellipse((x1 - 31, y, x1 - 1, y + 30), outline=HIGHLIGHT, width=3)


# ---------------------------------------------------------------- board sections
def _legend_layer() -> Image.Image:
    return _legend_in(_LANG.get())


@static_layer
def _legend_in(lang: str) -> Image.Image:
    """The legend strip: goods by colour and shape, prestige and coins, what the cards show."""
    image = new_canvas(WIDTH, 58, BACKGROUND)
    draw = ImageDraw.Draw(image)
    x = M
    for good in (*GOODS, "any"):
        good_icon(draw, (x, 4), good, 22)
        label = (
            gettext(lang, "any good")
            if good == "any"
            else say(lang, glossary_word("bremerhaven", f"goods.{good}"))
        )
        _text(draw, (x + 27, 6), label, MIN)
        x += 27 + draw.textlength(label, font=font(MIN)) + 14
    text = gettext(
        lang, "★ prestige · rd rounds left · bid card A:5 = A bid 5 (shown after the auction)"
    )
    _text(draw, (M, 33), _fit(draw, text, MIN, INNER), MIN)
    return image


def _header(draw, view: dict) -> int:
    draw.rectangle((0, 0, WIDTH, 70), fill=SEA)
    step = _(STEP_TEXT.get(view.get("step") or "", ""))
    state = _("game over") if view["phase"] == "over" else step or str(view["phase"])
    variant = {"short": N_("short game"), "long": N_("long game"), "solo": N_("solo")}.get(
        view.get("variant", ""), ""
    )
    variant = _(variant)
    room = draw.textlength(variant, font=font(17, True)) + 12
    title = _("Bremerhaven · round {round} · {state}", round=view["round"], state=state)
    _text(draw, (M, 6), _fit(draw, title, 24, INNER - max(120, room), True), 24, True, WHITE)
    _text(draw, (WIDTH - M, 10), variant, 17, True, WHITE, anchor="ra")
    waiting = view.get("to_move", [])
    if waiting:
        text = _("Waiting for {players}", players=", ".join(_name(view, s) for s in waiting))
        choosing = view.get("choosing") or {}
        if choosing:
            text += " " + _("(choosing a card for {spaces})", spaces=", ".join(choosing.values()))
    else:
        text = _("Game over: final scores below")
        if view.get("rating"):
            from engines.bremerhaven.words import solo_title

            title = _say(solo_title(view["rating"]["title"]))
            text += " · " + _("rating: {title}", title=title)
    _text(draw, (M, 40), _fit(draw, text, 19, INNER, True), 19, True, HIGHLIGHT)
    return 70


def _progress(draw, view: dict, y: int) -> int:
    last = view["progress_last"]
    label = _("Progress")
    x0 = M + max(84, draw.textlength(label, font=font(16, True)) + 4)
    cell = (WIDTH - M - x0) / (last + 1)
    _text(draw, (M, y + 6), label, 16, True)
    for i in range(last + 1):
        x = x0 + i * cell
        here = i == view["progress"]
        fill = HIGHLIGHT if here else (WHITE if i < last else (250, 210, 200))
        draw.rectangle((x, y, x + cell - 2, y + 27), fill=fill, outline=INK if here else MUTED)
        if here or i % 5 == 0 or i == last:
            centered_text(draw, (x + cell / 2 - 1, y + 14), str(i), font(MIN, here), INK)
    y += 32
    decks = _(
        "Game ends on space {last}. Decks left: ships {ships} · contracts {contracts} · "
        "buildings {buildings}",
        last=last,
        ships=view["ships_left"],
        contracts=view["contracts_left"],
        buildings=view["buildings_left"],
    )
    if view.get("variant") == "long":
        decks += " · " + _("newspapers {count}", count=view.get("newspapers_left", 0))
    _text(draw, (M, y), _fit(draw, decks, MIN, INNER), MIN)
    return y + 22


def _town_box(draw, view: dict, sp: str, box) -> None:
    x0, y0, x1, y1 = box
    w = x1 - x0
    open_ = sp in view.get("spaces_open", []) or view["phase"] != "auction"
    draw.rounded_rectangle(box, radius=6, fill=WHITE if open_ else CLOSED, outline=MUTED, width=2)
    left = ""
    if sp == "1.1" and view.get("building_top") is not None:
        left = _("{count} left", count=view.get("buildings_left", 0))
        _text(draw, (x1 - 40, y0 + 6), left, MIN, fill=MUTED, anchor="ra")
    # room for the label: the winner's token (top right) once revealed, the pile count on 1.1
    won = view.get("revealed") and view.get("winners", {}).get(sp) is not None
    room = w - (48 if won else 12) - (draw.textlength(left, font=font(MIN)) + 34 if left else 0)
    _text(
        draw, (x0 + 6, y0 + 5), _fit(draw, f"{sp} {_(TOWN_LABELS[sp])}", 17, room, True), 17, True
    )
    _won_by(draw, view, x1 - 2, y0 + 2, sp)
    ty = y0 + 28
    if sp == "1.0":
        _wrap(draw, (x0 + 6, ty), _("1 coin per card placed here"), MIN, w - 12, 2)
    elif sp == "1.1":
        won = view.get("building_won")
        top = view.get("building_top")
        winner = view.get("winners", {}).get("1.1")
        if won:
            if winner is not None:
                gone = _("Taken: {building}", building=_building_name(won))
            else:
                gone = _("Removed: {building}", building=_building_name(won))
            _text(draw, (x0 + 6, ty), _fit(draw, gone, MIN, w - 12), MIN)
            card = f"{_building_name(top)} {top['prestige']}★" if top else ""
            nxt = _("Next: {building}", building=card) if top else _("Pile empty")
            _text(draw, (x0 + 6, ty + 20), _fit(draw, nxt, MIN, w - 12), MIN, fill=MUTED)
        elif top:
            label = f"{_building_name(top)} {top['prestige']}★"
            used = _wrap(draw, (x0 + 6, ty), label, MIN, w - 12, 2, True)
            if used <= 20:
                tag = _ability(view, top["id"]) if top.get("id") else ""
                _text(draw, (x0 + 6, ty + 20), _fit(draw, tag, MIN, w - 12), MIN)
        else:
            _text(draw, (x0 + 6, ty), _("No Building left"), MIN, fill=MUTED)
    elif sp in ("1.2", "1.3"):
        if sp == "1.2":
            text = _("highest bid: permit free, others pay")
        else:
            text = _("highest bid: upgrade free, others pay")
        _wrap(draw, (x0 + 6, ty), text, MIN, w - 12, 2)
    elif sp == "1.4":
        price = view["price"]
        step = (w - 12) / 4
        for k, good in enumerate(GOODS):
            gx = x0 + 6 + k * step
            good_icon(draw, (gx, ty), good, 20)
            _text(draw, (gx + 22, ty), str(price[good]), 17, True)
        _text(
            draw,
            (x0 + 6, ty + 23),
            _fit(draw, _("coins per good sold"), MIN, w - 12),
            MIN,
            fill=MUTED,
        )
    elif sp == "1.5":
        hier = view["hierarchy"]
        step = min(44, (w - 12) / max(1, len(hier)))
        for r, pid in enumerate(hier):
            _token(draw, view, (x0 + 18 + r * step, ty + 10), pid, 12)
        label = _income_label((4, 3, 2, 1)[: len(hier)])
        # a second line where no bid card lies: the cards take the space's last 36 px
        lines = 1 if any(b["space"] == sp for b in view.get("bids", [])) else 2
        _wrap(draw, (x0 + 6, ty + 23), label, MIN, w - 12, lines, fill=MUTED)
    _bid_cards(draw, view, x0 + 6, y1 - 36, w - 12, sp)


def _rack(draw, view: dict, box) -> None:
    x0, y0, x1, _y1 = box
    draw.rounded_rectangle(box, radius=6, fill=PAPER, outline=MUTED, width=2)
    w = x1 - x0 - 12
    _text(draw, (x0 + 6, y0 + 5), _fit(draw, _("Newspaper"), 17, w, True), 17, True)
    if view["variant"] == "long":
        prog = view.get("progress_card")
        adv = _("progress +{advance}", advance=prog["progress"]) if prog else _("no progress card")
        _text(draw, (x0 + 6, y0 + 28), _fit(draw, adv, MIN, w, True), MIN, True)
        event = view.get("event_card")
        if event:
            text = _("Event: {text}", text=_data_text(event["text"]))
        else:
            text = _("Event: none this round.")
        _wrap(draw, (x0 + 6, y0 + 48), text, MIN, w, 3)
    elif view["variant"] == "short":
        used = _wrap(draw, (x0 + 6, y0 + 28), _("progress +2 each round"), MIN, w, 2, True)
        _wrap(draw, (x0 + 6, y0 + 28 + used), _("no events in a short game"), MIN, w, 2, fill=MUTED)
    else:
        used = _wrap(draw, (x0 + 6, y0 + 28), _("progress +2 each round"), MIN, w, 2, True)
        draws = view.get("neutral_draws", [])
        spaces = ", ".join(d["space"] for d in draws) or _("none yet")
        _wrap(
            draw, (x0 + 6, y0 + 28 + used), _("Neutral bid on: {spaces}", spaces=spaces), MIN, w, 2
        )


TOWN_H = 36 + 2 * 106 + 12


def _town(draw, view: dict, y: int) -> int:
    panel(draw, (M, y, WIDTH - M, y + TOWN_H), _("Town board: spaces 1.0 to 1.5"), SEA)
    cw = (INNER - 12 - 3 * 6) / 4
    bh = 106
    top = y + 36
    boxes = {}
    # 1.1 is two columns wide: it names the Building taken and the next one in full
    for sp, col, span, row in (
        ("1.0", 0, 1, 0),
        ("1.1", 1, 2, 0),
        ("1.2", 3, 1, 0),
        ("1.3", 0, 1, 1),
        ("1.4", 1, 1, 1),
        ("1.5", 2, 1, 1),
    ):
        x = M + 6 + col * (cw + 6)
        yy = top + row * (bh + 6)
        boxes[sp] = (x, yy, x + span * cw + (span - 1) * 6, yy + bh)
    for sp, box in boxes.items():
        _town_box(draw, view, sp, box)
    x = M + 6 + 3 * (cw + 6)
    _rack(draw, view, (x, top + bh + 6, WIDTH - M - 6, top + 2 * bh + 6))
    return y + TOWN_H + 6


def _ship_card(draw, x, y, w, ship: dict, space: str) -> None:
    draw.rounded_rectangle(
        (x, y, x + w, y + CARD_H), radius=6, fill=(225, 238, 248), outline=SEA, width=2
    )
    stars = f"{ship['prestige']}★"
    room = w - 14 - draw.textlength(stars, font=font(17, True))
    label = f"{space} {_ship_name(ship)}"
    _text(draw, (x + 5, y + 3), _fit(draw, label, 17, room, True), 17, True)
    _text(draw, (x + w - 5, y + 3), stars, 17, True, anchor="ra")
    n = ship["cargo"]
    size = min(20, int((w - 10) / max(1, n)) - 3)
    _icons(draw, x + 5, y + 26, [ship["goods"]] * n, size)
    terms = _("moor {mooring} · {load} rd", mooring=ship["mooring"], load=ship["load"])
    _text(draw, (x + 5, y + 50), _fit(draw, terms, MIN, w - 10), MIN)


def _contract_card(draw, x, y, w, c: dict, space: str) -> None:
    draw.rounded_rectangle(
        (x, y, x + w, y + CARD_H), radius=6, fill=(245, 236, 214), outline=LAND, width=2
    )
    _text(draw, (x + 5, y + 3), space, 17, True)
    _text(draw, (x + w - 5, y + 4), _("{count} rd", count=c["time"]), MIN, True, anchor="ra")
    _slots(draw, x + 5, y + 24, c["goods"], [], 18)
    _terms_lines(draw, x + 5, y + 44, c, w - 10)


def _terms_lines(draw, x, y, c: dict, width: float) -> None:
    """A contract's bonus (on time) and penalty (late), one line each."""
    bonus = (
        "+1★"
        if c["bonus_prestige"]
        else (f"+{_coins(c['bonus_coins'])}" if c["bonus_coins"] else "")
    )
    pen = (
        "-1★"
        if c["penalty_prestige"]
        else (f"-{_coins(c['penalty_coins'])}" if c["penalty_coins"] else "")
    )
    lines = [
        t
        for t in (
            bonus and _("on time {bonus}", bonus=bonus),
            pen and _("late {penalty}", penalty=pen),
        )
        if t
    ]
    for i, line in enumerate(lines or [_("no bonus or penalty")]):
        _text(draw, (x, y + i * 17), _fit(draw, line, MIN, width), MIN)


CARD_H = 108
SEA_H = 34 + 2 * (CARD_H + 6) + 4


def _sea_land(draw, view: dict, y: int) -> int:
    """The four ships and four contracts on offer, each with the bid cards on it."""
    panel(draw, (M, y, WIDTH - M, y + SEA_H), _("Ships (2.x) and contracts (3.x) on offer"), SEA)
    w = (INNER - 12 - 3 * 6) / 4
    for row, key in enumerate(("sea", "land")):
        top = y + 36 + row * (CARD_H + 6)
        for i, card in enumerate(view[key]):
            x = M + 6 + i * (w + 6)
            space = f"{2 if key == 'sea' else 3}.{i + 1}"
            if card is None:
                draw.rounded_rectangle(
                    (x, top, x + w, top + CARD_H), radius=6, outline=MUTED, width=2
                )
                _text(draw, (x + 5, top + 3), space, 17, True, MUTED)
                taken = view.get("revealed") and view.get("winners", {}).get(space) is not None
                _text(draw, (x + 5, top + 30), _("taken") if taken else _("empty"), 16, fill=MUTED)
            elif key == "sea":
                _ship_card(draw, x, top, w, card, space)
            else:
                _contract_card(draw, x, top, w, card, space)
            _bid_cards(draw, view, x + 5, top + CARD_H - 29, w - 44, space, 26)
            _won_by(draw, view, x + w - 3, top + CARD_H - 32, space)
    return y + SEA_H + 6


def _ability(view: dict, bid: str) -> str:
    b = view.get("buildings", {}).get(bid, {})
    ability = b.get("ability", "none")
    if ability == "produce":
        from engines.bremerhaven.data import BUILDINGS

        b = BUILDINGS.get(bid, b)
        makes = b.get("makes", "")
        if makes == "money":
            return _("makes {coins}", coins=_coins(b.get("amount", 1)))
        return _("makes {good}", good=_plural(b.get("amount", 1), makes))
    return _(ABILITY_TAG.get(ability, ability))


def _built(view: dict, h: dict) -> list[str]:
    return [sp["building"] for sp in h["spaces"] if sp.get("building")]


def _rank(view: dict, pid: int) -> str:
    hier = view.get("hierarchy", [])
    ranks = view.get("ranks", [])
    if pid in hier and hier.index(pid) < len(ranks):
        rank = ranks[hier.index(pid)]
        return _w(f"rank.{RANK_KEYS[rank]}") if rank in RANK_KEYS else rank
    return ""


PLAYER_H = 114


def _player_row(draw, view: dict, h: dict, pid: int, box) -> None:
    """One player at a glance: rank, coins, prestige; ships at the berths with their goods still
    to unload; contracts in the bays with their slots; Buildings and stored goods."""
    x0, y0, x1, y1 = box
    waiting = pid in view.get("to_move", [])
    colour = _colour(view, pid)
    draw.rounded_rectangle(
        box,
        radius=8,
        fill=WAITING if waiting else PAPER,
        outline=ALERT if waiting else colour,
        width=3,
    )
    draw.rectangle((x0 + 3, y0 + 3, x0 + 9, y1 - 3), fill=colour)
    _token(draw, view, (x0 + 30, y0 + 20), pid, 15)
    name = _name(view, pid)
    _text(draw, (x0 + 52, y0 + 8), _fit(draw, name, 19, 230, True), 19, True)
    stats = f"{_rank(view, pid)} · {_coins(h['money'])} · {h['prestige']}★"
    if waiting:
        stats = _("◀ to move") + " · " + stats
    _text(draw, (x1 - 10, y0 + 9), stats, 18, True, anchor="ra")
    # ships at the berths, then contracts in the bays, left to right
    x, y = x0 + 16, y0 + 33
    items = 0
    for berth in h["berths"]:
        if not berth:
            continue
        ship = berth["ship"]
        label = _fit(draw, _ship_name(ship), MIN, 120, True)
        left = _("{count} rd", count=berth["time"])
        width = max(draw.textlength(label, font=font(MIN, True)) + 10, berth["count"] * 23 + 10, 70)
        width = max(width, draw.textlength(left, font=font(MIN)) + 10)
        if not berth["count"]:  # a longer word than "unloaded" widens the box
            width = max(width, draw.textlength(_("unloaded"), font=font(MIN)) + 8)
        if x + width > x1 - 10:
            break
        draw.rounded_rectangle(
            (x, y, x + width, y + 54), radius=5, fill=SEA_LIGHT, outline=SEA, width=2
        )
        _text(draw, (x + 5, y + 2), label, MIN, True)
        if berth["count"]:
            _icons(draw, x + 5, y + 20, [berth["good"]] * berth["count"], 20)
            _text(draw, (x + width - 5, y + 36), left, MIN, anchor="ra")
        else:
            _text(draw, (x + 5, y + 30), _("unloaded"), MIN, fill=MUTED)
        x += width + 6
        items += 1
    for bay in h["bays"]:
        if not bay:
            continue
        c = bay["contract"]
        width = max(
            len(c["goods"]) * 23 + 10, 86, draw.textlength(_("contract"), font=font(MIN, True)) + 10
        )
        if x + width > x1 - 10:
            break
        draw.rounded_rectangle(
            (x, y, x + width, y + 54), radius=5, fill=(245, 236, 214), outline=LAND, width=2
        )
        _text(draw, (x + 5, y + 2), _("contract"), MIN, True, LAND)
        _slots(draw, x + 5, y + 20, c["goods"], bay["got"], 20)
        _text(draw, (x + width - 5, y + 36), _("{count} rd", count=bay["time"]), MIN, anchor="ra")
        x += width + 6
        items += 1
    if not items:
        _text(draw, (x0 + 16, y0 + 56), _("no ships or contracts in the harbour"), MIN, fill=MUTED)
    # Buildings and stored goods
    stored = [g for sp in h["spaces"] for g in sp["goods"]]
    bits = [_building_name(view.get("buildings", {}).get(b), b) for b in _built(view, h)]
    line = _("Buildings: {names}", names=", ".join(bits) if bits else _("none"))
    stored_room = max(60, draw.textlength(_("stored"), font=font(MIN)) + 12)
    room = x1 - x0 - 32 - (min(len(stored), 8) * 21 + stored_room + 10 if stored else 0)
    _text(draw, (x0 + 16, y1 - 24), _fit(draw, line, MIN, room), MIN)
    if stored:
        shown = stored[:8]
        label = _("stored")
        room = max(52, draw.textlength(label, font=font(MIN)) + 4)
        sx = x1 - 10 - len(shown) * 21 - 8 - room
        _text(draw, (sx, y1 - 24), label, MIN, fill=MUTED)
        _icons(draw, sx + room, y1 - 22, shown, 18)


def _neutral(draw, view: dict, y: int) -> int:
    h = view["harbours"][1]
    box = (M, y, WIDTH - M, y + 74)
    draw.rounded_rectangle(box, radius=8, fill=PAPER, outline=NEUTRAL, width=3)
    _token(draw, view, (M + 26, y + 22), 1, 15)
    _text(draw, (M + 48, y + 10), _("Neutral player"), 19, True)
    text = _(
        "Cards in hand: {hand} · reserve {reserve}", hand=h["cards_in_hand"], reserve=h["reserve"]
    )
    _text(draw, (M + 16, y + 44), text, MIN)
    return y + 80


def _standings(draw, view: dict, y: int) -> int:
    rows = [(pid, h) for pid, h in enumerate(view["harbours"]) if not h["neutral"]]
    rows.sort(key=lambda r: (-(view["scores"][r[0]] or 0), view["hierarchy"].index(r[0])))
    height = 70 + 40 * len(rows)
    panel(draw, (M, y, WIDTH - M, y + height), _("Final standings: coins × prestige"), SEA)
    cols = [M + 12, M + 64, M + 420, M + 530, M + 640]
    heads = (_("Rank"), _("Player"), _("Coins"), _("Prestige"), _("Score"))
    for k, (x, head) in enumerate(zip(cols, heads, strict=True)):
        room = (cols[k + 1] if k + 1 < len(cols) else WIDTH - M) - x - 6
        _text(draw, (x, y + 38), _fit(draw, head, 16, room, True), 16, True, MUTED)
    for i, (pid, h) in enumerate(rows):
        ry = y + 64 + i * 40
        _text(draw, (cols[0], ry), f"{i + 1}.", 19, True)
        _token(draw, view, (cols[1] + 13, ry + 11), pid, 13)
        _text(draw, (cols[1] + 34, ry), _fit(draw, _name(view, pid), 19, 300), 19)
        _text(draw, (cols[2], ry), str(h["money"]), 19)
        _text(draw, (cols[3], ry), str(h["prestige"]), 19)
        _text(draw, (cols[4], ry), str(view["scores"][pid]), 19, True)
    return y + height + 6


@_in_language
def board(view: dict) -> Image.Image:
    humans = [i for i, h in enumerate(view["harbours"]) if not h["neutral"]]
    solo = view.get("variant") == "solo"
    over = view["phase"] == "over"
    legend = _legend_layer()
    height = 70 + legend.height + 64 + (70 + 40 * len(humans) if over else TOWN_H + 6)
    height += SEA_H + 6 + len(humans) * (PLAYER_H + 6) + (80 if solo else 0) + 8
    image = new_canvas(WIDTH, height, BACKGROUND)
    image.paste(legend, (0, 70))
    draw = ImageDraw.Draw(image)
    y = _header(draw, view) + legend.height
    y = _progress(draw, view, y)
    y = _standings(draw, view, y) if over else _town(draw, view, y)
    y = _sea_land(draw, view, y)
    placing = {e["seat"]: e["harbour"] for e in view.get("placing", [])}
    for pid in humans:
        h = placing.get(pid, view["harbours"][pid])  # placements show as they are made
        _player_row(draw, view, h, pid, (M, y, WIDTH - M, y + PLAYER_H))
        y += PLAYER_H + 6
    if solo:
        y = _neutral(draw, view, y)
    return image.crop((0, 0, WIDTH, min(height, y + 4)))


# ---------------------------------------------------------------- a whole harbour
BAY_H = 96
HARBOUR_H = 50 + 3 * 74 + 22 + BAY_H + 8 + 3 * 67 + 34


def harbour_panel(draw, view: dict, h: dict, pid: int, box, suffix: str = "") -> None:
    """A harbour as printed: quays with their bollard spots (the coins printed on the free ones),
    berths with their ships, the four loading bays, and the 3 x 4 spaces (a1-c4) with covers,
    Buildings and stored goods."""
    x0, y0, x1, y1 = box
    title = f"{_name(view, pid)} ({_letter(view, pid)}) · {_coins(h['money'])} · {h['prestige']}★"
    title += " · " + _("upgrades {count}", count=h.get("upgrades", 0)) + suffix
    waiting = pid in view.get("to_move", [])
    panel(
        draw,
        box,
        _fit(draw, title, 18, x1 - x0 - 20, True),
        _colour(view, pid),
        fill=WAITING if waiting else PAPER,
    )
    # quays and berths: a quay line with its three bollard spots, then the berth under it
    costs = view.get("bollard_costs") or [[0, 0, 0]] * 4
    bx, by = x0 + 10, y0 + 50
    bw = x1 - x0 - 20
    berth_h = 50
    pitch = berth_h + 24
    quay = (120, 100, 80)
    for q in range(4):
        qy = by + q * pitch
        label = _("quay {number}", number=q + 1)
        _text(draw, (bx, qy), label, MIN, True, quay, anchor="lm")
        start = bx + max(64, draw.textlength(label, font=font(MIN, True)) + 6)
        draw.rectangle((start, qy - 3, bx + bw - 100, qy + 3), fill=quay)
        for k in range(3):
            cx = bx + bw - 84 + k * 30
            if k < h["quays"][q]:
                draw.ellipse((cx - 13, qy - 13, cx + 13, qy + 13), fill=INK, outline=INK)
            else:
                draw.ellipse((cx - 13, qy - 13, cx + 13, qy + 13), fill=WHITE, outline=INK, width=2)
                centered_text(draw, (cx, qy), str(costs[q][k]), font(MIN, True), INK)
        if q == 3:
            break
        top = qy + 11
        draw.rectangle((bx, top, bx + bw - 100, top + berth_h), fill=SEA_LIGHT)
        berth = h["berths"][q]
        label = _("berth {number}, size {size}", number=q + 1, size=h["berth_sizes"][q])
        _text(draw, (bx + 6, top + 3), label, MIN, True)
        # the ship's name after the berth's label (further right where the label runs longer)
        sx = bx + max(170, draw.textlength(label, font=font(MIN, True)) + 16)
        if berth:
            ship = berth["ship"]
            label = _(
                "{ship} {prestige}★ · {count} rd left",
                ship=_ship_name(ship),
                prestige=ship["prestige"],
                count=berth["time"],
            )
            _text(draw, (sx, top + 3), _fit(draw, label, MIN, bw - 110 - sx + bx, True), MIN, True)
            if berth["count"]:
                _icons(draw, sx, top + 23, [berth["good"]] * berth["count"], 22)
            else:
                _text(draw, (sx, top + 25), _("unloaded"), MIN, fill=MUTED)
        else:
            _text(draw, (bx + 6, top + 25), _("empty"), MIN, fill=MUTED)
    # the four loading bays, then the 3 x 4 spaces
    gy = by + 3 * pitch + 22
    cw = (x1 - x0 - 20) / 4
    for k in range(4):
        x = x0 + 10 + k * cw
        bay = h["bays"][k]
        is_open = h["bays_open"][k]
        bbox = (x, gy, x + cw - 6, gy + BAY_H)
        fill = (245, 236, 214) if bay else (WHITE if is_open else CLOSED)
        draw.rounded_rectangle(bbox, radius=5, fill=fill, outline=MUTED, width=2)
        if bay:
            c = bay["contract"]
            label = _("bay {number} · {count} rd left", number=k + 1, count=bay["time"])
            _text(draw, (x + 5, gy + 3), _fit(draw, label, MIN, cw - 16, True), MIN, True)
            _slots(draw, x + 5, gy + 25, c["goods"], bay["got"], 22)
            _wrap(draw, (x + 5, gy + 52), _terms(c), MIN, cw - 16, 2)
        else:
            _text(draw, (x + 5, gy + 3), _("bay {number}", number=k + 1), MIN, True, MUTED)
            _text(draw, (x + 5, gy + 26), _("open") if is_open else _("closed"), MIN, fill=MUTED)
    sh = 62
    sy = gy + BAY_H + 8
    for i, sp in enumerate(h["spaces"]):
        r, c = divmod(i, 4)
        x = x0 + 10 + c * cw
        y = sy + r * (sh + 5)
        sbox = (x, y, x + cw - 6, y + sh)
        if sp["cover"] is not None:
            draw.rectangle(sbox, fill=COVER, outline=MUTED)
            _text(draw, (x + 5, y + 3), _space(sp["name"]), MIN, fill=INK)
            label = _("cover {coins}", coins=_coins(sp["cover"]))
            _wrap(draw, (x + 5, y + 24), label, MIN, cw - 16, 2, True)
            continue
        fill = (222, 235, 210) if sp["building"] else (240, 240, 230)
        draw.rectangle(sbox, fill=fill, outline=MUTED)
        if sp["building"]:
            b = view.get("buildings", {}).get(sp["building"], {})
            label = (
                f"{_space(sp['name'])} {_building_name(b, sp['building'])} {b.get('prestige', 0)}★"
            )
            _text(draw, (x + 5, y + 3), _fit(draw, label, MIN, cw - 16, True), MIN, True)
            if not sp["goods"]:
                _text(
                    draw,
                    (x + 5, y + 24),
                    _fit(draw, _ability(view, sp["building"]), MIN, cw - 16),
                    MIN,
                )
        else:
            _text(draw, (x + 5, y + 3), _space(sp["name"]), MIN, fill=MUTED)
        _icons(draw, x + 5, y + 26, sp["goods"], 24)
    foot = []
    if h["unbuilt"]:
        names = [_building_name(view.get("buildings", {}).get(b), b) for b in h["unbuilt"]]
        foot.append(_("Not built yet: {buildings}", buildings=", ".join(names)))
    for entry in view.get("placing", []):
        if entry["seat"] == pid and entry["cards"]:
            cards = [
                _ship_name(e["card"]) if e["kind"] == "ship" else contract_words(e["card"])
                for e in entry["cards"]
            ]
            foot.append(_("Placing: {cards}", cards=", ".join(cards)))
    if foot:
        _text(
            draw, (x0 + 10, y1 - 26), _fit(draw, " · ".join(foot), 16, x1 - x0 - 20, True), 16, True
        )


# ---------------------------------------------------------------- private
def _now(view: dict, seat: int) -> str:
    priv = view.get("private") or {}
    legal = priv.get("legal", [])
    if priv.get("pending"):
        return _("Choose a card to bid on {space}", space=priv["pending"])
    if not legal:
        return _("Nothing to decide now")
    for entry in view.get("placing", []):
        if entry["seat"] == seat and entry["cards"]:
            first = entry["cards"][0]
            what = (
                _ship_name(first["card"])
                if first["kind"] == "ship"
                else contract_words(first["card"])
            )
            more = len(entry["cards"]) - 1
            if more:
                return _("Place {what} ({more} more after it)", what=what, more=more)
            return _("Place {what}", what=what)
    if view.get("step") == "start":
        return _("Now: choose your starting goods")
    if view.get("step") == "auction":
        return _("Now: bid, an influence card face down on a space")
    step = STEP_TEXT.get(view.get("step") or "", N_("your move"))
    return _("Now: {step}", step=_(step))


@_in_language
def private(view: dict) -> Image.Image | None:
    priv = view.get("private") or {}
    seat = view.get("seat", 0)
    draft = priv.get("draft")
    pile = priv.get("price_pile")
    probe = ImageDraw.Draw(new_canvas(4, 4))
    pile_h = 40 + 30 * len(pile) if pile else 0
    notes = priv.get("draft_notes", [])[-5:] if draft else []
    top_h = 250
    height = (
        10 + top_h + 8 + pile_h + ((HARBOUR_H + 10 + 30 + 26 * len(notes)) if draft else 0) + 10
    )
    image = new_canvas(WIDTH, height, BACKGROUND)
    draw = ImageDraw.Draw(image)
    colour = seat_colour(seat)
    panel(
        draw,
        (M, 10, WIDTH - M, 10 + top_h),
        _("{player}: your cards", player=_name(view, seat)),
        colour,
    )
    _text(draw, (M + 12, 50), _fit(draw, _("In hand"), 18, 94, True), 18, True)
    hand = priv.get("hand", [])
    if not hand:
        _text(draw, (M + 110, 52), _("all cards placed"), 18, fill=MUTED)
    for i, v in enumerate(hand):
        x = M + 110 + i * 70
        draw.rounded_rectangle((x, 44, x + 60, 120), radius=7, fill=colour, outline=INK, width=2)
        centered_text(draw, (x + 30, 82), str(v), font(34, True), contrast_ink(colour))
    _text(draw, (M + 12, 136), _fit(draw, _("Bids"), 18, 94, True), 18, True)
    bids = priv.get("my_bids", [])
    if not bids:
        _text(draw, (M + 110, 136), _("none yet"), 18, fill=MUTED)
    x = M + 110
    row = 0
    for space, value in bids:
        label = f"{space}: {value}"
        w = draw.textlength(label, font=font(18, True)) + 20
        if x + w > WIDTH - M - 10:
            row += 1
            x = M + 110
            if row > 1:
                break
        yy = 128 + row * 42
        draw.rounded_rectangle((x, yy, x + w, yy + 36), radius=6, fill=WHITE, outline=INK, width=2)
        centered_text(draw, (x + w / 2, yy + 18), label, font(18, True), INK)
        x += w + 8
    _text(draw, (M + 12, 216), _fit(probe, _now(view, seat), 20, INNER - 24, True), 20, True, ALERT)
    y = 10 + top_h + 8
    if pile:
        label = _("Price cards, top first (coins per good sold):")
        _text(draw, (M + 4, y + 4), _fit(draw, label, 17, INNER - 8, True), 17, True)
        for i, p in enumerate(pile):
            yy = y + 34 + i * 30
            _text(draw, (M + 8, yy), f"{i + 1}.", 17, i == 0)
            for k, g in enumerate(GOODS):
                gx = M + 50 + k * 110
                good_icon(draw, (gx, yy), g, 22)
                _text(draw, (gx + 28, yy), str(p[g]), 17, i == 0)
        y += pile_h
    if draft:
        suffix = " · " + _("working copy")
        harbour_panel(draw, view, draft, seat, (M, y, WIDTH - M, y + HARBOUR_H), suffix)
        ny = y + HARBOUR_H + 10
        _text(
            draw,
            (M + 4, ny),
            _("Your actions this step:") if notes else _("No actions yet this step."),
            17,
            True,
        )
        for i, n in enumerate(notes):
            # A note is a message the engine kept (dumped in its state); an old one is English.
            note = _say(load(n)) if isinstance(n, dict) else plain_words(str(n))
            _text(
                draw,
                (M + 4, ny + 28 + i * 26),
                _fit(draw, "· " + _("You {note}", note=note), MIN, INNER - 8),
                MIN,
            )
    return image


# ---------------------------------------------------------------- detail
def _detail_lines(view: dict) -> list[tuple[str, bool]]:
    data = _names_of()
    lines: list[tuple[str, bool]] = [(_("Buildings on the table"), True)]
    for b in sorted(view.get("buildings", {}).values(), key=lambda b: b["name"]):
        text = _data_text(b["text"])
        lines.append((f"{_building_name(b)}, {b['prestige']}★: {text}", False))
    if view.get("building_won"):
        won = _building_name(view["building_won"])
        lines.append((_("Taken from 1.1 this round: {building}", building=won), False))
    lines.append((_("Newspapers"), True))
    if view.get("event_card"):
        text = _data_text(view["event_card"]["text"])
        lines.append((_("Event at the end of this round: {text}", text=text), False))
    if view.get("progress_card"):
        advance = view["progress_card"]["progress"]
        lines.append(
            (_("Ship ahoy: progress +{advance}; its event is hidden.", advance=advance), False)
        )
    for d in view.get("neutral_draws", []):
        lines.append(
            (_("The neutral player drew a newspaper and bid on {space}.", space=d["space"]), False)
        )
    news = [
        _data_text(data["news"][n]["text"])
        for n in view.get("news_discard", [])
        if n in data["news"]
    ]
    lines.append((_("Events already read: {events}", events=" · ".join(news) or _("none")), False))
    lines.append((_("Bollard spots (coins printed on spots 1, 2, 3)"), True))
    for q, row in enumerate(view.get("bollard_costs", [])):
        costs = ", ".join(str(c) for c in row)
        lines.append((_("Quay {number}: {costs}", number=q + 1, costs=costs), False))
    lines.append((_("Discard piles (face up)"), True))
    ships = [
        _ship_name(data["ships"][s]) for s in view.get("ship_discard", []) if s in data["ships"]
    ]
    lines.append((_("Ships: {ships}", ships=", ".join(ships) or _("none")), False))
    contracts = [
        goods_words(data["contracts"][c]["goods"])
        for c in view.get("contract_discard", [])
        if c in data["contracts"]
    ]
    lines.append((_("Contracts: {contracts}", contracts=" · ".join(contracts) or _("none")), False))
    price = view["price"]
    prices = ", ".join(f"{_good(g)} {_coins(price[g])}" for g in GOODS)
    lines.append((_("Prices now: {prices}", prices=prices), True))
    return lines


@_in_language
def detail(view: dict) -> Image.Image:
    """Everything the board leaves out: each harbour in full, Building abilities, the newspapers,
    the discards by name, the bollard costs."""
    probe = ImageDraw.Draw(new_canvas(10, 10))
    wrapped: list[tuple[str, bool]] = []
    for text, bold in _detail_lines(view):
        for k, line in enumerate(_lines(probe, text, 16, INNER - 10, bold)):
            wrapped.append(("   " + line if k else line, bold))
    humans = [i for i, h in enumerate(view["harbours"]) if not h["neutral"]]
    height = 56 + len(humans) * (HARBOUR_H + 8) + 26 * len(wrapped) + 20
    image = new_canvas(WIDTH, height, BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, 48), fill=SEA)
    title = _("Bremerhaven details · round {round}", round=view["round"])
    _text(draw, (M + 4, 10), _fit(draw, title, 22, INNER - 8, True), 22, True, WHITE)
    y = 56
    placing = {e["seat"]: e["harbour"] for e in view.get("placing", [])}
    for pid in humans:
        h = placing.get(pid, view["harbours"][pid])
        harbour_panel(draw, view, h, pid, (M, y, WIDTH - M, y + HARBOUR_H))
        y += HARBOUR_H + 8
    for i, (text, bold) in enumerate(wrapped):
        _text(draw, (M + 4, y + i * 26), text, 16, bold)
    return image
