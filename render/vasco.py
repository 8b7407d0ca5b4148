"""Vasco da Gama renderer: a view in, a Pillow image out (docs/ARCHITECTURE.md 6).

Phone first (issue 25): every image is 720 px wide and no text is under 14 px, so a phone that
shows it 360 px wide still draws every character 7 px tall (desktop, 550 px: 10.7 px), and the
board is at most 1.6 times taller than wide.

- ``board(view)``: the decision of the moment (marker or first free action, who decides what);
  the Number Zone (each placed number with its seat's token and its area's printed name); the
  Purchase offer (each project's crew, navigation limit and income); the Hire sections (a square
  per sailor colour with its letter and count); the Navigation area (one line per landing: a free
  space says what it needs and gives, a ship says whose it is); the Characters and money spaces;
  the players (VP, reals, captains, crew, ships).
- ``private(view)``: one seat's position (crew, projects and ships as cards, ships at sea, its
  numbers) and its choices now, in words.
- ``detail(view)`` (``/board detail``): a sheet in words: every player's tiles and VP sources,
  the decks, the bag, every landing's rewards, the recent log.

Words, not codes: a project is "Project 16" (its number in ``/rules vasco projects``), a launched
one "Ship 16", a merchant ship "Merchant ship 3"; the first free action is written out; sailor
colours are a colour and a letter, explained in the legend; members are named.
"""

from __future__ import annotations

import re

from PIL import Image, ImageDraw

from engines.vasco.data import load
from i18n import N_, gettext, ngettext, say, word
from render.common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    SEA,
    SEA_LIGHT,
    WHITE,
    SheetBlock,
    centered_text,
    contrast_ink,
    fit_words,
    font,
    named,
    seat_colour,
    seat_names,
    seat_token,
    smallest_font,
    static_layer,
    text_sheet,
    wrap_words,
)

W = 720
M = 8
SMALL = smallest_font(W)  # the smallest size drawn: 14 px, 7.0 px at 360 px wide
RED = (190, 30, 30)
GREEN = (20, 100, 40)
SAILOR_RGB = {
    "purple": (128, 60, 160),
    "turquoise": (64, 200, 190),
    "orange": (240, 140, 20),
    "grey": (150, 150, 150),
    "missionary": (255, 255, 255),
}
AREAS = ("purchase", "hire", "expedition", "characters")
AREA_RGB = {
    "purchase": (181, 120, 60),
    "hire": (90, 120, 170),
    "expedition": (40, 110, 150),
    "characters": (150, 80, 110),
}
CHARACTERS = {c: rec for c, rec in load()["characters"].items()}
CHAR_EFFECTS = {  # the data's short effects, cut to fit a board line
    "manuel": N_("5th disc next round"),
    "dias": N_("2 VP, first next round"),
    "alvares": N_("2 missionaries"),
    "sernigi": N_("a free merchant ship"),
}
VP_SOURCES = {
    "landings": N_("landings"),
    "income": N_("ship income"),
    "completion": N_("completed landings"),
}
PHASE_NAMES = {
    "place": N_("Phase 1: place discs"),
    "act": N_("Phase 2: actions"),
    "nav": N_("Phase 3: navigation"),
    "over": N_("Game over"),
}


def _lang(view: dict) -> str:
    return view.get("lang", "en")


def _term(lang: str, key: str) -> str:
    """A glossary word of this game in ``lang`` (``landing.natal``, ``area.hire`` ...)."""
    return say(lang, word("vasco", key))


def _colour(lang: str, colour: str) -> str:
    key = "component.missionary" if colour == "missionary" else f"sailor.{colour}"
    return _term(lang, key)


def _of_colour(lang: str, n: int, colour: str) -> str:
    """``4 purple`` (Russian ``фиолетовый ×4``: no case to agree with the number)."""
    return gettext(lang, "{n} {colour}", n=n, colour=_colour(lang, colour))


def _letter(lang: str, colour: str) -> str:
    """A sailor colour's letter on its square: the first letter of its name in ``lang`` (P, T,
    O, G, M; Μ, Τ, Π, Γ, Ι; Ф, Б, О, С, М), explained in the legend."""
    return _colour(lang, colour)[0].upper()


def _tile_name(tid: object, launched: bool = False, lang: str = "en") -> str:
    """A tile by its name: ``Project 16`` (``Ship 16`` once launched), ``Merchant ship 3``."""
    text = str(tid)
    if text.startswith("m") and text[1:].isdigit():
        return gettext(lang, "Merchant ship {n}", n=text[1:])
    if launched:
        return gettext(lang, "Ship {id}", id=text)
    return gettext(lang, "Project {id}", id=text)


def _reals(n: int, lang: str = "en") -> str:
    return ngettext(lang, "{count} real", "{count} reals", n)


def _captains(n: int, lang: str = "en") -> str:
    return ngettext(lang, "{count} captain", "{count} captains", n)


def _vp(n: int, lang: str = "en") -> str:
    return gettext(lang, "{vp} VP", vp=n)


def _words(text: str, names: list[str]) -> str:
    """An engine line in the reader's words: members' names for seats, tiles by name, the first
    free action spelled out, a cost that says what it counts."""
    text = named(text, names)
    text = re.sub(r"\b(?:merchant )?ship m(\d+)\b", r"merchant ship \1", text)
    text = re.sub(r"\bm(\d+)\b", r"merchant ship \1", text)
    text = re.sub(r"\bFFA\b", "first free action", text)
    text = re.sub(r"#(\d+)", r"project \1", text)
    return re.sub(r"\bcost (\d+)\)", lambda m: f"{_reals(int(m.group(1)))} to act)", text)


def _narrow(d: ImageDraw.ImageDraw, text: str, width: float, size: int = SMALL):
    """``(text, font)`` for a narrow box: bold, else regular (Greek and Russian words run longer
    than the English the boxes were drawn for), else cut after whole words."""
    for bold in (True, False):
        if d.textlength(text, font=font(size, bold)) <= width:
            return text, font(size, bold)
    return fit_words(d, text, font(size), width), font(size)


def _said(lang: str, text: object, names: list[str]) -> str:
    """An engine text (a ``Msg``: the awaited decision, a choice, a log line) in ``lang``, with
    the members' names. The engine's Greek and Russian already say things in full; its English
    keeps a few short forms that ``_words`` spells out."""
    if lang == "en":
        return _words(str(text), names)
    return named(say(lang, text), names)


def _income(t: dict, lang: str = "en") -> str:
    parts = []
    if t["vp"]:
        parts.append(gettext(lang, "+{vp} VP", vp=t["vp"]))
    if t["reals"]:
        parts.append("+" + _reals(t["reals"], lang))
    return " ".join(parts) or gettext(lang, "no income")


def _short_income(t: dict, lang: str = "en") -> str:
    """Income for a narrow card: ``+1 VP +2 r`` (the legend says r is reals)."""
    parts = []
    if t["vp"]:
        parts.append(gettext(lang, "+{vp} VP", vp=t["vp"]))
    if t["reals"]:
        parts.append(gettext(lang, "+{n} r", n=t["reals"]))
    return " ".join(parts) or gettext(lang, "no income")


def _title(d: ImageDraw.ImageDraw, y: float, text: str, colour, right: str = "") -> float:
    d.rounded_rectangle((M, y, W - M, y + 24), radius=7, fill=colour)
    d.text((M + 10, y + 12), text, font=font(16, True), fill=contrast_ink(colour), anchor="lm")
    if right:
        # the right-hand note gives way to the title (Greek and Russian titles run longer)
        room = W - 2 * M - 30 - d.textlength(text, font=font(16, True))
        d.text(
            (W - M - 10, y + 12),
            fit_words(d, right, font(SMALL), room),
            font=font(SMALL),
            fill=contrast_ink(colour),
            anchor="rm",
        )
    return y + 28


def _sailors(
    d: ImageDraw.ImageDraw, xy: tuple[float, float], counts: dict, size: int = 22, lang: str = "en"
) -> float:
    """A square per colour held, with its letter, and the count beside it (only colours held)."""
    x, y = xy
    for colour, n in counts.items():
        if not n:
            continue
        rgb = SAILOR_RGB[colour]
        d.rounded_rectangle((x, y, x + size, y + size), radius=4, fill=rgb, outline=INK)
        centered_text(
            d,
            (x + size / 2, y + size / 2),
            _letter(lang, colour),
            font(SMALL, True),
            contrast_ink(rgb),
        )
        d.text((x + size + 2, y + size / 2), str(n), font=font(15, True), fill=INK, anchor="lm")
        x += size + 2 + d.textlength(str(n), font=font(15, True)) + 8
    return x


# ---------------------------------------------------------------------- board parts


def _decision(d: ImageDraw.ImageDraw, view: dict, names: list[str], y: float) -> float:
    """What the table is deciding now, large."""
    lang = _lang(view)
    if view["over"]:
        order = sorted(
            range(view["players"]), key=lambda s: (-view["p"][s]["vp"], -view["p"][s]["reals"])
        )
        for i, seat in enumerate(order):
            p = view["p"][seat]
            x = M + 6 + (i % 2) * 350
            row = y + (i // 2) * 30
            seat_token(d, (x + 13, row + 12), seat, radius=13)
            said = {"rank": i + 1, "vp": p["vp"], "reals": _reals(p["reals"], lang)}
            rest = gettext(lang, "{rank}. {who}: {vp} VP, {reals}", who="", **said)
            room = min(170, 316 - d.textlength(rest, font=font(18, True)))
            who = fit_words(d, names[seat], font(18, True), room)
            text = gettext(lang, "{rank}. {who}: {vp} VP, {reals}", who=who, **said)
            d.text((x + 32, row + 12), text, font=font(18, True), fill=INK, anchor="lm")
        return y + 30 * ((len(order) + 1) // 2) + 6
    t = view["vdg"]
    if view["ffa"] is None:
        head = gettext(lang, "Marker {n}", n=view["marker"])
        note = gettext(lang, "the hidden Vasco da Gama tile moves it -3 to +3 in Phase 2")
    else:
        head = gettext(lang, "First free action {n}", n=view["ffa"])
        note = gettext(
            lang,
            "tile {change:+d} from {marker}; next round: marker {start}, money spaces {reals}",
            change=t["change"],
            marker=view["marker"],
            start=t["start"],
            reals=_reals(t["reals"], lang),
        )
    # A longer (Greek, Russian) head and note: the note tries the smallest size, then the head
    # a smaller one, before the note leaves the head's side for a row of its own.
    for head_size, note_size in ((22, 15), (22, SMALL), (18, SMALL)):
        head_font, note_font = font(head_size, True), font(note_size)
        x = M + 18 + d.textlength(head, font=head_font)
        rows = wrap_words(d, note, note_font, W - M - 6 - x)
        if len(rows) <= 2:
            break
    else:
        head_font = font(22, True)
    d.text((M + 6, y + (22 - head_font.size) / 2), head, font=head_font, fill=RED)
    if len(rows) > 2:
        note_font = font(15)
        rows = wrap_words(d, note, note_font, W - 2 * M - 12)
        y += 30
        x = M + 6
    for k, row in enumerate(rows[:2]):
        d.text((x, y + (1 if len(rows) == 2 else 6) + k * 17), row, font=note_font, fill=INK)
    y += 32 if len(rows) <= 2 else 40
    awaiting = _said(lang, view["awaiting"], names)
    for line in wrap_words(d, awaiting, font(18, True), W - 2 * M - 12)[:2]:
        d.text((M + 6, y), line, font=font(18, True), fill=RED)
        y += 24
    return y + 6


def _zone(d: ImageDraw.ImageDraw, view: dict, y: float) -> float:
    lang = _lang(view)
    y = _title(
        d,
        y,
        _term(lang, "area.number_zone"),
        (110, 110, 110),
        gettext(lang, "declining pays the row's reals (r)"),
    )
    placed = {n: (s, a) for n, s, a in view["placed"]}
    target = view["ffa"] if view["ffa"] is not None else view["marker"]
    label = 34
    cell = (W - 2 * M - label) / 5
    for lo, hi in ((1, 5), (6, 10), (11, 15), (16, 20), (21, 22)):
        d.text(
            (M + 2, y + 16),
            gettext(lang, "{n} r", n=view["lines"][str(lo)]),
            font=font(15, True),
            fill=INK,
            anchor="lm",
        )
        for i, n in enumerate(range(lo, hi + 1)):
            x = M + label + i * cell
            box = (x, y, x + cell - 4, y + 29)
            fill = HIGHLIGHT if n == view["call"] else WHITE
            if n in placed and n != view["call"]:
                fill = tuple((c + 2 * 255) // 3 for c in AREA_RGB[placed[n][1]])
            d.rounded_rectangle(box, radius=6, fill=fill, outline=MUTED, width=2)
            if n == target and not view["over"]:
                d.rounded_rectangle(box, radius=6, outline=RED, width=4)
            d.text((x + 4, y + 15), str(n), font=font(16, True), fill=INK, anchor="lm")
            if n in placed:
                seat, key = placed[n]
                seat_token(d, (x + 37, y + 15), seat, radius=12)
                title = fit_words(d, _term(lang, f"area.{key}"), font(SMALL), cell - 57)
                d.text((x + 51, y + 15), title, font=font(SMALL), fill=INK, anchor="lm")
        y += 32
    if _frame_mark(view) and not _mark_in_legend(d, view):
        # beside the last row (21, 22): three cells' width is free there
        mark = fit_words(d, _frame_mark(view), font(SMALL), 3 * cell - 8)
        d.text((M + label + 2 * cell + 6, y - 17), mark, font=font(SMALL), fill=RED, anchor="lm")
    counts = {a: 0 for a in AREAS}
    for _n, _s, a in view["placed"]:
        counts[a] += 1
    x = M + 4
    for key in AREAS:
        d.rounded_rectangle((x, y + 3, x + 16, y + 19), radius=4, fill=AREA_RGB[key])
        text = gettext(
            lang,
            "{area} {n} of {capacity}",
            area=_term(lang, f"area.{key}"),
            n=counts[key],
            capacity=view["capacity"][key],
        )
        d.text((x + 21, y + 11), text, font=font(SMALL), fill=INK, anchor="lm")
        x += 34 + d.textlength(text, font=font(SMALL))
    return y + 24


def _card(
    d: ImageDraw.ImageDraw,
    box: tuple,
    t: dict | None,
    head: str,
    price: str = "",
    lang: str = "en",
) -> None:
    """A project tile: its name, crew (or price), navigation limit and income."""
    x0, y0, x1, y1 = box
    if t is None:
        d.rounded_rectangle(box, radius=8, outline=MUTED, fill=BACKGROUND)
        centered_text(d, ((x0 + x1) / 2, (y0 + y1) / 2), gettext(lang, "sold"), font(15), MUTED)
        return
    d.rounded_rectangle(box, radius=8, outline=INK, fill=WHITE, width=2)
    head_font = font(15, True)
    if d.textlength(head, font=head_font) > x1 - x0 - 10:
        head, head_font = _narrow(d, head, x1 - x0 - 8)
    d.text((x0 + 5, y0 + 3), head, font=head_font, fill=INK)
    if price:
        second = price
    elif t.get("crew"):
        second = gettext(lang, "crew {n}", n=t["crew"])
    else:
        second = gettext(lang, "no crew")
    d.text((x0 + 6, y0 + 22), second, font=font(SMALL), fill=INK)
    limit = gettext(lang, "limit {n}", n=t["limit"])
    d.text((x0 + 6, y0 + 39), limit, font=font(SMALL), fill=INK)
    d.text((x0 + 5, y0 + 56), _short_income(t, lang), font=font(SMALL), fill=GREEN)


def _purchase(d: ImageDraw.ImageDraw, view: dict, y: float) -> float:
    lang = _lang(view)
    y = _title(
        d,
        y,
        _term(lang, "area.purchase"),
        AREA_RGB["purchase"],
        gettext(lang, "1 project 1 real, 2 for 4 reals"),
    )
    width = 94  # six offer cards; the Sao Gabriel card takes the rest
    for i, t in enumerate(view["offer"]):
        x = M + i * width
        head = _tile_name(t["id"], lang=lang) if t else ""
        _card(d, (x, y, x + width - 4, y + 76), t, head, lang=lang)
    x = M + 6 * width
    sg = view["sg"]
    price = gettext(lang, "price {reals}", reals=_reals(sg["crew"], lang)) if sg else ""
    _card(d, (x, y, W - M, y + 76), sg, gettext(lang, "São Gabriel"), price, lang)
    return y + 80


def _hire(d: ImageDraw.ImageDraw, view: dict, y: float) -> float:
    lang = _lang(view)
    y = _title(
        d,
        y,
        _term(lang, "area.hire"),
        AREA_RGB["hire"],
        gettext(lang, "colours: 1, 3, 6, 10 reals; captain 1 real a sailor"),
    )
    width = (W - 2 * M + 4) / 4
    for k, section in enumerate(view["sections"]):
        x = M + k * width
        box = (x, y, x + width - 4, y + 50)
        if not view["active"][k]:
            d.rounded_rectangle(box, radius=8, fill=(215, 215, 215), outline=MUTED)
            closed = gettext(lang, "Section {n}: closed", n=k + 1)
            centered_text(d, (x + width / 2, y + 25), closed, font(15), MUTED)
            continue
        d.rounded_rectangle(box, radius=8, fill=WHITE, outline=AREA_RGB["hire"], width=2)
        total = sum(section.values())
        head = ngettext(
            lang, "Section {n}: {count} sailor", "Section {n}: {count} sailors", total, n=k + 1
        )
        head, head_font = _narrow(d, head, width - 14)
        d.text((x + 6, y + 2), head, font=head_font, fill=INK)
        if total:
            _sailors(d, (x + 6, y + 23), section, size=22, lang=lang)
        else:
            d.text((x + 6, y + 26), gettext(lang, "empty"), font=font(15), fill=MUTED)
    return y + 54


def _space_text(sp: dict, lang: str = "en") -> tuple[str, str]:
    bonus = {
        "reals": gettext(lang, "+{n} r", n=sp.get("amount", 0)),
        "sailor": gettext(lang, "+sailor"),
        "captain": gettext(lang, "+captain"),
    }
    top = gettext(lang, "{value}: {vp} VP", value=sp["value"], vp=sp["vp"])
    return top, bonus.get(sp["bonus"], "")


def _navigation(d: ImageDraw.ImageDraw, view: dict, y: float) -> float:
    lang = _lang(view)
    y = _title(
        d,
        y,
        gettext(lang, "Navigation"),
        SEA,
        gettext(lang, "a space takes a ship of that limit or more"),
    )
    titles = {land["key"]: _term(lang, f"landing.{land['key']}") for land in view["landings"]}
    # the landings' column is as wide as its longest name needs (Greek names run longer)
    widest = max(d.textlength(t, font=font(SMALL, True)) for t in titles.values())
    name_w = max(162, int(widest) + 12)
    cell = (W - 2 * M - name_w) / 5
    for land in view["landings"]:
        d.rounded_rectangle((M, y, W - M, y + 40), radius=6, fill=SEA_LIGHT, outline=SEA)
        name_font = font(15, True)
        title = titles[land["key"]]
        if d.textlength(title, font=name_font) > name_w - 8:
            name_font = font(SMALL, True)
        d.text((M + 5, y + 11), title, font=name_font, fill=INK, anchor="lm")
        done = ngettext(
            lang,
            "{count} ship: +{vp} VP",
            "{count} ships: +{vp} VP",
            land["complete_at"],
            vp=land["complete_vp"],
        )
        done = fit_words(d, done, font(SMALL), name_w - 8)
        d.text((M + 5, y + 29), done, font=font(SMALL), fill=INK, anchor="lm")
        for si, sp in enumerate(land["spaces"]):
            x = M + name_w + si * cell
            box = (x, y + 3, x + cell - 3, y + 37)
            ship = sp["ship"]
            d.rounded_rectangle(box, radius=5, fill=WHITE if ship else PAPER, outline=INK)
            if ship:
                seat_token(d, (x + 15, y + 20), ship["seat"], radius=12)
                d.text(
                    (x + 31, y + 11),
                    fit_words(d, gettext(lang, "space {n}", n=sp["value"]), font(SMALL), cell - 36),
                    font=font(SMALL),
                    fill=INK,
                    anchor="lm",
                )
                limit, limit_font = _narrow(
                    d, gettext(lang, "limit {n}", n=ship["limit"]), cell - 36
                )
                d.text((x + 31, y + 28), limit, font=limit_font, fill=INK, anchor="lm")
            else:
                top, bonus = _space_text(sp, lang)
                d.text((x + 5, y + 11), top, font=font(SMALL, True), fill=INK, anchor="lm")
                if bonus:
                    bonus = fit_words(d, bonus, font(SMALL), cell - 10)
                    d.text((x + 5, y + 28), bonus, font=font(SMALL), fill=GREEN, anchor="lm")
        y += 41
    return y + 1


def _characters(d: ImageDraw.ImageDraw, view: dict, y: float) -> float:
    lang = _lang(view)
    money = ", ".join(_reals(a, lang) if a else gettext(lang, "taken") for a in view["money"])
    y = _title(
        d,
        y,
        _term(lang, "area.characters"),
        AREA_RGB["characters"],
        gettext(lang, "money spaces: {money}", money=money),
    )
    half = (W - 2 * M) / 2
    for i, c in enumerate(CHAR_EFFECTS):
        x = M + (i % 2) * half
        row = y + (i // 2) * 28
        d.rounded_rectangle(
            (x + 2, row, x + half - 4, row + 25), radius=5, fill=WHITE, outline=MUTED
        )
        title = _term(lang, f"character.{c}")
        effect = gettext(lang, CHAR_EFFECTS[c])
        taker = view["characters"][c]
        room = (
            half - 14 - (34 if taker is not None else 10) - d.textlength(effect, font=font(SMALL))
        )
        # a long name (Greek, Russian) is drawn a size smaller before its effect is cut
        name_font = font(15, True)
        if d.textlength(title, font=name_font) > room:
            name_font = font(SMALL, True)
        d.text((x + 8, row + 13), title, font=name_font, fill=INK, anchor="lm")
        tx = x + 14 + d.textlength(title, font=name_font)
        room = x + half - tx - (34 if taker is not None else 10)
        d.text(
            (tx, row + 13),
            fit_words(d, effect, font(SMALL), room),
            font=font(SMALL),
            fill=INK,
            anchor="lm",
        )
        if taker is not None:
            seat_token(d, (x + half - 18, row + 13), taker, radius=12)
    return y + 58


def _at_sea(view: dict) -> list[int]:
    count = [0] * view["players"]
    for land in view["landings"]:
        for sp in land["spaces"]:
            if sp["ship"]:
                count[sp["ship"]["seat"]] += 1
    return count


def _standing(p: dict, lang: str) -> str:
    """``3 VP · 5 reals · 2 captains (+4 in Hire)``."""
    line = gettext(
        lang,
        "{vp} VP · {reals} · {captains}",
        vp=p["vp"],
        reals=_reals(p["reals"], lang),
        captains=_captains(p["captains"], lang),
    )
    if p["pool"]:
        line = gettext(lang, "{line} (+{n} in Hire)", line=line, n=p["pool"])
    return line


def _players(d: ImageDraw.ImageDraw, view: dict, names: list[str], y: float) -> float:
    lang = _lang(view)
    right = gettext(
        lang,
        "{missionaries}, {merchants}",
        missionaries=ngettext(
            lang, "{count} missionary", "{count} missionaries", view["missionaries"]
        ),
        merchants=ngettext(
            lang,
            "{count} merchant ship left",
            "{count} merchant ships left",
            view["merchants_left"],
        ),
    )
    y = _title(d, y, gettext(lang, "Players"), (60, 60, 60), right)
    at_sea = _at_sea(view)
    for seat in range(view["players"]):
        p = view["p"][seat]
        moving = seat in view["to_move"]
        fill = (255, 244, 190) if moving else (PAPER if seat % 2 == 0 else BACKGROUND)
        d.rounded_rectangle(
            (M, y, W - M, y + 48), radius=6, fill=fill, outline=seat_colour(seat), width=2
        )
        seat_token(d, (M + 17, y + 14), seat, radius=12)
        name = fit_words(d, names[seat], font(16, True), 160)
        d.text((M + 34, y + 14), name, font=font(16, True), fill=INK, anchor="lm")
        line = fit_words(d, _standing(p, lang), font(16, True), W - 2 * M - 210)
        d.text((M + 204, y + 14), line, font=font(16, True), fill=INK, anchor="lm")
        crew = dict(p["sailors"], missionary=p["missionaries"])
        x = _sailors(d, (M + 34, y + 26), crew, size=19, lang=lang)
        ships = [
            ngettext(lang, "{count} project", "{count} projects", len(p["projects"])),
            gettext(lang, "{n} in port", n=len(p["port"])),
            gettext(lang, "{n} at sea", n=at_sea[seat]),
        ]
        if view["phase"] == "place":
            ships.append(ngettext(lang, "{count} disc left", "{count} discs left", p["discs_left"]))
        if p["home"] or p["lost"]:
            ships.append(gettext(lang, "{home} home, {lost} lost", home=p["home"], lost=p["lost"]))
        if view["first"] == seat:
            ships.insert(0, gettext(lang, "first player"))
        text = " · ".join(ships)
        x = max(x + 4, M + 34)
        d.text(
            (x, y + 36),
            fit_words(d, text, font(SMALL), W - M - 8 - x),
            font=font(SMALL),
            fill=INK,
            anchor="lm",
        )
        y += 49
    return y + 2


def _frame_mark(view: dict) -> str:
    """What the red frame in the Number Zone shows (empty when the game is over)."""
    if view["over"]:
        return ""
    if view["ffa"] is not None:
        return gettext(_lang(view), "red frame: first free action")
    return gettext(_lang(view), "red frame: marker")


def _mark_in_legend(d: ImageDraw.ImageDraw, view: dict) -> bool:
    """Whether the red frame's note fits at the end of the legend's row. Greek and Russian
    colour names run longer: their note goes beside the Number Zone's last, short row instead
    of taking a row of its own (a board stays at most 1.6 times as tall as wide)."""
    lang = _lang(view)
    small = font(SMALL)
    x = M + 4 + sum(34 + d.textlength(_colour(lang, c), font=small) for c in SAILOR_RGB)
    x += 12 + d.textlength(gettext(lang, "r: reals"), font=small)
    return x + d.textlength(_frame_mark(view), font=small) <= W - M - 4


def _legend(d: ImageDraw.ImageDraw, view: dict, y: float) -> float:
    lang = _lang(view)
    x = M + 4
    for colour in SAILOR_RGB:
        rgb = SAILOR_RGB[colour]
        d.rounded_rectangle((x, y, x + 19, y + 19), radius=4, fill=rgb, outline=INK)
        centered_text(
            d, (x + 9.5, y + 9.5), _letter(lang, colour), font(SMALL, True), contrast_ink(rgb)
        )
        name = _colour(lang, colour)
        d.text((x + 23, y + 10), name, font=font(SMALL), fill=INK, anchor="lm")
        x += 34 + d.textlength(name, font=font(SMALL))
    d.text((x + 2, y + 10), gettext(lang, "r: reals"), font=font(SMALL), fill=INK, anchor="lm")
    if _frame_mark(view) and _mark_in_legend(d, view):
        d.text((W - M - 4, y + 10), _frame_mark(view), font=font(SMALL), fill=RED, anchor="rm")
    return y + 24


@static_layer
def _paper(height: int) -> Image.Image:
    return Image.new("RGB", (W, height), BACKGROUND)


def board(view: dict) -> Image.Image:
    """The public board, 720 px wide: the decision, the Number Zone, Purchase, Hire,
    Navigation, Characters and the players."""
    lang = _lang(view)
    img = _paper(1400).copy()
    d = ImageDraw.Draw(img)
    names = seat_names(view)
    title = gettext(lang, "Vasco da Gama")
    if view["over"]:
        status = gettext(lang, "Final scores")
    else:
        status = gettext(
            lang, "Round {round} of {rounds}", round=view["round"], rounds=view["rounds"]
        )
    d.text((M + 4, 6), title, font=font(22, True), fill=INK)
    if not view["over"]:
        phase = gettext(lang, PHASE_NAMES[view["phase"]])
        if view.get("window"):
            phase = gettext(lang, "launch window, then {phase}", phase=phase.split(":")[0])
        status = gettext(lang, "{status} · {phase}", status=status, phase=phase)
    room = W - 2 * M - 24 - d.textlength(title, font=font(22, True))
    status_font = font(16, True)
    if d.textlength(status, font=status_font) > room:
        status_font = font(SMALL, True)
    status = fit_words(d, status, status_font, room)
    d.text((W - M - 4, 10), status, font=status_font, fill=INK, anchor="ra")
    y = 38.0
    y = _decision(d, view, names, y)
    y = _zone(d, view, y)
    y = _purchase(d, view, y)
    y = _hire(d, view, y)
    y = _navigation(d, view, y)
    y = _characters(d, view, y)
    y = _players(d, view, names, y)
    y = _legend(d, view, y)
    return img.crop((0, 0, W, int(y) + 4))


# ---------------------------------------------------------------------- private


def private(view: dict) -> Image.Image | None:
    """One seat's own position, 720 px wide: crew, projects and ships as cards, ships at sea,
    its numbers this round, and its choices now in words."""
    seat = view.get("seat")
    if seat is None:
        return None
    lang = _lang(view)
    names = seat_names(view)
    p = view["p"][seat]
    img = Image.new("RGB", (W, 2400), BACKGROUND)
    d = ImageDraw.Draw(img)
    seat_token(d, (M + 20, 26), seat, radius=18)
    who = fit_words(d, names[seat], font(22, True), W - 260)
    heading = gettext(lang, "{who}: your position", who=who)
    d.text((M + 46, 26), heading, font=font(22, True), fill=INK, anchor="lm")
    y = 54.0
    d.text((M + 6, y), _standing(p, lang), font=font(19, True), fill=INK)
    y += 32
    crew = dict(p["sailors"], missionary=p["missionaries"])
    label = gettext(lang, "Crew:")
    d.text((M + 6, y + 14), label, font=font(18, True), fill=INK, anchor="lm")
    x = M + 16 + max(54, d.textlength(label, font=font(18, True)))
    if any(crew.values()):
        _sailors(d, (x, y + 2), crew, size=26, lang=lang)
    else:
        d.text((x, y + 14), gettext(lang, "none"), font=font(18), fill=MUTED, anchor="lm")
    y += 38
    width = (W - 2 * M + 4) / 5
    for label, key, launched in (
        (N_("Projects to launch: {n}"), "projects", False),
        (N_("Ships in port: {n}"), "port", True),
    ):
        tiles = p[key]
        d.text((M + 6, y), gettext(lang, label, n=len(tiles)), font=font(18, True), fill=INK)
        y += 28
        for i, t in enumerate(tiles):
            row, col = divmod(i, 5)
            x = M + col * width
            _card(
                d,
                (x, y + row * 86, x + width - 4, y + row * 86 + 80),
                t,
                _tile_name(t["id"], launched, lang),
                lang=lang,
            )
        y += 86 * ((len(tiles) + 4) // 5) + 4
    at_sea = [
        gettext(
            lang,
            "{ship} at {landing}, space {value} ({income})",
            ship=_tile_name(sp["ship"]["id"], True, lang),
            landing=_term(lang, f"landing.{land['key']}"),
            value=sp["value"],
            income=_income(sp["ship"], lang),
        )
        for land in view["landings"]
        for sp in land["spaces"]
        if sp["ship"] and sp["ship"]["seat"] == seat
    ]
    if at_sea:
        text = gettext(lang, "At sea: {ships}", ships="; ".join(at_sea))
        for row in wrap_words(d, text, font(17), W - 2 * M - 12):
            d.text((M + 6, y), row, font=font(17), fill=INK)
            y += 24
    mine = [str(n) for n, s, _ in view["placed"] if s == seat]
    if mine:
        text = gettext(lang, "Your numbers this round: {numbers}", numbers=", ".join(mine))
        d.text((M + 6, y), text, font=font(17), fill=INK)
        y += 24
    y += 8
    moves = view["private"].get("moves", [])
    described = view["private"].get("described") or []
    title = gettext(lang, N_("Your choices now") if moves else N_("Nothing to decide now"))
    y = _title(d, y, title, seat_colour(seat))
    status = _said(lang, view["awaiting"], names)
    for row in wrap_words(d, status, font(17, True), W - 2 * M - 12):
        d.text((M + 6, y), row, font=font(17, True), fill=RED if moves else INK)
        y += 24
    shown = [_said(lang, text, names) for text in described[:10]]
    for text in shown:
        rows = wrap_words(d, text, font(16), W - 2 * M - 30)
        d.text((M + 8, y), "•", font=font(16), fill=INK)
        for row in rows:
            d.text((M + 24, y), row, font=font(16), fill=INK)
            y += 22
        y += 2
    if len(described) > len(shown):
        d.text(
            (M + 6, y + 2),
            gettext(lang, "and {n} more in My choices", n=len(described) - len(shown)),
            font=font(16),
            fill=MUTED,
        )
        y += 26
    return img.crop((0, 0, W, int(y) + 10))


# ---------------------------------------------------------------------- detail


def _space_words(sp: dict, lang: str = "en") -> str:
    said = {"value": sp["value"], "vp": sp["vp"]}
    if sp["bonus"] == "reals":
        return gettext(
            lang, "{value}: {vp} VP and {reals}", reals=_reals(sp.get("amount", 0), lang), **said
        )
    if sp["bonus"] == "sailor":
        return gettext(lang, "{value}: {vp} VP and a sailor", **said)
    if sp["bonus"] == "captain":
        return gettext(lang, "{value}: {vp} VP and a captain", **said)
    return gettext(lang, "{value}: {vp} VP", **said)


def _tile_words(t: dict, launched: bool, lang: str = "en") -> str:
    said = {
        "tile": _tile_name(t["id"], launched, lang),
        "limit": t["limit"],
        "income": _income(t, lang),
    }
    if t.get("crew"):
        return gettext(
            lang, "{tile} (crew {crew}, limit {limit}, {income})", crew=t["crew"], **said
        )
    return gettext(lang, "{tile} (limit {limit}, {income})", **said)


def detail(view: dict) -> Image.Image:
    """Everything the board leaves out, as a sheet of words (``/board detail``)."""
    lang = _lang(view)
    names = seat_names(view)
    none = gettext(lang, "none")
    blocks = []
    for seat in range(view["players"]):
        p = view["p"][seat]
        sources = [
            gettext(lang, "{source} {n}", source=_vp_source(lang, k), n=v)
            for k, v in p["vp_src"].items()
            if v
        ]
        crew = dict(p["sailors"], missionary=p["missionaries"])
        lines = [
            gettext(
                lang,
                "{vp} VP ({sources}) · {reals} · {captains}, {pool} in the Hire area · "
                "{home}, {lost} lost",
                vp=p["vp"],
                sources=", ".join(sources) or gettext(lang, "none yet"),
                reals=_reals(p["reals"], lang),
                captains=_captains(p["captains"], lang),
                pool=p["pool"],
                home=ngettext(lang, "{count} ship home", "{count} ships home", p["home"]),
                lost=p["lost"],
            ),
            gettext(
                lang,
                "Crew: {crew}",
                crew=", ".join(_of_colour(lang, n, c) for c, n in crew.items() if n) or none,
            ),
            gettext(
                lang,
                "Projects: {tiles}",
                tiles="; ".join(_tile_words(t, False, lang) for t in p["projects"]) or none,
            ),
            gettext(
                lang,
                "In port: {tiles}",
                tiles="; ".join(_tile_words(t, True, lang) for t in p["port"]) or none,
            ),
        ]
        blocks.append(SheetBlock(names[seat], lines, seat=seat))
    lands = []
    for land in view["landings"]:
        spaces = []
        for sp in land["spaces"]:
            ship = sp["ship"]
            if ship:
                spaces.append(
                    gettext(
                        lang,
                        "{value}: {who}'s {ship}",
                        value=sp["value"],
                        who=names[ship["seat"]],
                        ship=_tile_name(ship["id"], True, lang),
                    )
                )
            else:
                spaces.append(_space_words(sp, lang))
        lands.append(
            ngettext(
                lang,
                "{landing} (complete with {count} ship, +{vp} VP each): {spaces}",
                "{landing} (complete with {count} ships, +{vp} VP each): {spaces}",
                land["complete_at"],
                landing=_term(lang, f"landing.{land['key']}"),
                vp=land["complete_vp"],
                spaces="; ".join(spaces),
            )
        )
    blocks.append(SheetBlock(gettext(lang, "Navigation"), lands))
    decks = ", ".join(
        ngettext(lang, "deck {k}: {count} project", "deck {k}: {count} projects", n, k=k)
        for k, n in sorted(view["decks"].items())
    )
    bag = ", ".join(_of_colour(lang, n, c) for c, n in view["bag"].items())
    supply = [
        gettext(lang, "Projects left: {decks}", decks=decks),
        gettext(lang, "Sailors in the bag: {bag}", bag=bag),
        gettext(lang, "Vasco da Gama tiles left: {n}", n=view["vdg_left"]),
    ]
    blocks.append(SheetBlock(gettext(lang, "Supply"), supply))
    log = [_said(lang, line, names) for line in view["log"][-10:]]
    blocks.append(SheetBlock(gettext(lang, "Recent"), log or [gettext(lang, "Nothing yet.")]))
    if view["over"]:
        status = gettext(lang, "Game over")
    else:
        status = gettext(
            lang,
            "Round {round} of {rounds}, {phase}",
            round=view["round"],
            rounds=view["rounds"],
            phase=gettext(lang, PHASE_NAMES[view["phase"]]),
        )
    return text_sheet(gettext(lang, "Vasco da Gama · {status} · detail", status=status), blocks)


def _vp_source(lang: str, key: str) -> str:
    """A VP source's name (the breakdown keys of the view; Dias by his glossary name)."""
    if key == "dias":
        return _term(lang, "character.dias")
    if key in VP_SOURCES:
        return gettext(lang, VP_SOURCES[key])
    return key
