"""Vasco da Gama renderer: a view in, a Pillow image out (design.md 6).

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
SAILOR_SHORT = {"purple": "P", "turquoise": "T", "orange": "O", "grey": "G", "missionary": "M"}
AREA_TITLES = {
    "purchase": "Purchase",
    "hire": "Hire",
    "expedition": "Expedition",
    "characters": "Characters",
}
AREA_RGB = {
    "purchase": (181, 120, 60),
    "hire": (90, 120, 170),
    "expedition": (40, 110, 150),
    "characters": (150, 80, 110),
}
CHARACTERS = {c: rec for c, rec in load()["characters"].items()}
CHAR_EFFECTS = {  # the data's short effects, cut to fit a board line
    "manuel": "5th disc next round",
    "dias": "2 VP, first next round",
    "alvares": "2 missionaries",
    "sernigi": "a free merchant ship",
}
VP_SOURCES = {
    "landings": "landings",
    "income": "ship income",
    "completion": "completed landings",
    "dias": "Bartolomeu Dias",
}
PHASE_NAMES = {
    "place": "Phase 1: place discs",
    "act": "Phase 2: actions",
    "nav": "Phase 3: navigation",
    "over": "Game over",
}


def _tile_name(tid: object, launched: bool = False) -> str:
    """A tile by its name: ``Project 16`` (``Ship 16`` once launched), ``Merchant ship 3``."""
    text = str(tid)
    if text.startswith("m") and text[1:].isdigit():
        return f"Merchant ship {text[1:]}"
    return f"{'Ship' if launched else 'Project'} {text}"


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _reals(n: int) -> str:
    return _count(n, "real")


def _words(text: str, names: list[str]) -> str:
    """An engine line in the reader's words: members' names for seats, tiles by name, the first
    free action spelled out, a cost that says what it counts."""
    text = named(text, names)
    text = re.sub(r"\b(?:merchant )?ship m(\d+)\b", r"merchant ship \1", text)
    text = re.sub(r"\bm(\d+)\b", r"merchant ship \1", text)
    text = re.sub(r"\bFFA\b", "first free action", text)
    text = re.sub(r"#(\d+)", r"project \1", text)
    return re.sub(r"\bcost (\d+)\)", lambda m: f"{_reals(int(m.group(1)))} to act)", text)


def _income(t: dict) -> str:
    parts = []
    if t["vp"]:
        parts.append(f"+{t['vp']} VP")
    if t["reals"]:
        parts.append(f"+{_reals(t['reals'])}")
    return " ".join(parts) or "no income"


def _short_income(t: dict) -> str:
    """Income for a narrow card: ``+1 VP +2 r`` (the legend says r is reals)."""
    parts = []
    if t["vp"]:
        parts.append(f"+{t['vp']} VP")
    if t["reals"]:
        parts.append(f"+{t['reals']} r")
    return " ".join(parts) or "no income"


def _title(d: ImageDraw.ImageDraw, y: float, text: str, colour, right: str = "") -> float:
    d.rounded_rectangle((M, y, W - M, y + 24), radius=7, fill=colour)
    d.text((M + 10, y + 12), text, font=font(16, True), fill=contrast_ink(colour), anchor="lm")
    if right:
        d.text(
            (W - M - 10, y + 12), right, font=font(SMALL), fill=contrast_ink(colour), anchor="rm"
        )
    return y + 28


def _sailors(
    d: ImageDraw.ImageDraw, xy: tuple[float, float], counts: dict, size: int = 22
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
            SAILOR_SHORT[colour],
            font(SMALL, True),
            contrast_ink(rgb),
        )
        d.text((x + size + 2, y + size / 2), str(n), font=font(15, True), fill=INK, anchor="lm")
        x += size + 2 + d.textlength(str(n), font=font(15, True)) + 8
    return x


# ---------------------------------------------------------------------- board parts


def _decision(d: ImageDraw.ImageDraw, view: dict, names: list[str], y: float) -> float:
    """What the table is deciding now, large."""
    if view["over"]:
        order = sorted(
            range(view["players"]), key=lambda s: (-view["p"][s]["vp"], -view["p"][s]["reals"])
        )
        for i, seat in enumerate(order):
            p = view["p"][seat]
            x = M + 6 + (i % 2) * 350
            row = y + (i // 2) * 30
            seat_token(d, (x + 13, row + 12), seat, radius=13)
            who = fit_words(d, names[seat], font(18, True), 170)
            text = f"{i + 1}. {who}: {p['vp']} VP, {_reals(p['reals'])}"
            d.text((x + 32, row + 12), text, font=font(18, True), fill=INK, anchor="lm")
        return y + 30 * ((len(order) + 1) // 2) + 6
    t = view["vdg"]
    if view["ffa"] is None:
        head = f"Marker {view['marker']}"
        note = "the hidden Vasco da Gama tile moves it -3 to +3 in Phase 2"
    else:
        head = f"First free action {view['ffa']}"
        note = (
            f"tile {t['change']:+d} from {view['marker']}; next round: marker {t['start']},"
            f" money spaces {_reals(t['reals'])}"
        )
    d.text((M + 6, y), head, font=font(22, True), fill=RED)
    x = M + 18 + d.textlength(head, font=font(22, True))
    rows = wrap_words(d, note, font(15), W - M - 6 - x)
    if len(rows) > 2:
        rows = wrap_words(d, note, font(15), W - 2 * M - 12)
        y += 30
        x = M + 6
    for k, row in enumerate(rows[:2]):
        d.text((x, y + (1 if len(rows) == 2 else 6) + k * 17), row, font=font(15), fill=INK)
    y += 32 if len(rows) <= 2 else 40
    for line in wrap_words(d, _words(view["awaiting"], names), font(18, True), W - 2 * M - 12)[:2]:
        d.text((M + 6, y), line, font=font(18, True), fill=RED)
        y += 24
    return y + 6


def _zone(d: ImageDraw.ImageDraw, view: dict, y: float) -> float:
    y = _title(d, y, "Number Zone", (110, 110, 110), "declining pays the row's reals (r)")
    placed = {n: (s, a) for n, s, a in view["placed"]}
    target = view["ffa"] if view["ffa"] is not None else view["marker"]
    label = 34
    cell = (W - 2 * M - label) / 5
    for lo, hi in ((1, 5), (6, 10), (11, 15), (16, 20), (21, 22)):
        d.text(
            (M + 2, y + 16),
            f"{view['lines'][str(lo)]} r",
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
                seat, area = placed[n]
                seat_token(d, (x + 37, y + 15), seat, radius=12)
                d.text((x + 51, y + 15), AREA_TITLES[area], font=font(SMALL), fill=INK, anchor="lm")
        y += 32
    counts = {a: 0 for a in AREA_TITLES}
    for _n, _s, a in view["placed"]:
        counts[a] += 1
    x = M + 4
    for area, title in AREA_TITLES.items():
        d.rounded_rectangle((x, y + 3, x + 16, y + 19), radius=4, fill=AREA_RGB[area])
        text = f"{title} {counts[area]} of {view['capacity'][area]}"
        d.text((x + 21, y + 11), text, font=font(SMALL), fill=INK, anchor="lm")
        x += 34 + d.textlength(text, font=font(SMALL))
    return y + 24


def _card(d: ImageDraw.ImageDraw, box: tuple, t: dict | None, head: str, price: str = "") -> None:
    """A project tile: its name, crew (or price), navigation limit and income."""
    x0, y0, x1, y1 = box
    if t is None:
        d.rounded_rectangle(box, radius=8, outline=MUTED, fill=BACKGROUND)
        centered_text(d, ((x0 + x1) / 2, (y0 + y1) / 2), "sold", font(15), MUTED)
        return
    d.rounded_rectangle(box, radius=8, outline=INK, fill=WHITE, width=2)
    head_font = font(15, True)
    if d.textlength(head, font=head_font) > x1 - x0 - 10:
        head_font = font(SMALL, True)
    d.text((x0 + 5, y0 + 3), fit_words(d, head, head_font, x1 - x0 - 8), font=head_font, fill=INK)
    second = price or (f"crew {t['crew']}" if t.get("crew") else "no crew")
    d.text((x0 + 6, y0 + 22), second, font=font(SMALL), fill=INK)
    d.text((x0 + 6, y0 + 39), f"limit {t['limit']}", font=font(SMALL), fill=INK)
    d.text((x0 + 5, y0 + 56), _short_income(t), font=font(SMALL), fill=GREEN)


def _purchase(d: ImageDraw.ImageDraw, view: dict, y: float) -> float:
    y = _title(d, y, "Purchase", AREA_RGB["purchase"], "1 project 1 real, 2 for 4 reals")
    width = 94  # six offer cards; the Sao Gabriel card takes the rest
    for i, t in enumerate(view["offer"]):
        x = M + i * width
        _card(d, (x, y, x + width - 4, y + 76), t, _tile_name(t["id"]) if t else "")
    x = M + 6 * width
    sg = view["sg"]
    price = f"price {_reals(sg['crew'])}" if sg else ""
    _card(d, (x, y, W - M, y + 76), sg, "São Gabriel", price)
    return y + 80


def _hire(d: ImageDraw.ImageDraw, view: dict, y: float) -> float:
    y = _title(
        d, y, "Hire", AREA_RGB["hire"], "colours: 1, 3, 6, 10 reals; captain 1 real a sailor"
    )
    width = (W - 2 * M + 4) / 4
    for k, section in enumerate(view["sections"]):
        x = M + k * width
        box = (x, y, x + width - 4, y + 50)
        if not view["active"][k]:
            d.rounded_rectangle(box, radius=8, fill=(215, 215, 215), outline=MUTED)
            centered_text(d, (x + width / 2, y + 25), f"Section {k + 1}: closed", font(15), MUTED)
            continue
        d.rounded_rectangle(box, radius=8, fill=WHITE, outline=AREA_RGB["hire"], width=2)
        total = sum(section.values())
        d.text(
            (x + 6, y + 2), f"Section {k + 1}: {total} sailors", font=font(SMALL, True), fill=INK
        )
        if total:
            _sailors(d, (x + 6, y + 23), section, size=22)
        else:
            d.text((x + 6, y + 26), "empty", font=font(15), fill=MUTED)
    return y + 54


def _space_text(sp: dict) -> tuple[str, str]:
    bonus = {"reals": f"+{sp.get('amount', 0)} r", "sailor": "+sailor", "captain": "+captain"}
    return f"{sp['value']}: {sp['vp']} VP", bonus.get(sp["bonus"], "")


def _navigation(d: ImageDraw.ImageDraw, view: dict, y: float) -> float:
    y = _title(d, y, "Navigation", SEA, "a space takes a ship of that limit or more")
    name_w = 162
    cell = (W - 2 * M - name_w) / 5
    for land in view["landings"]:
        d.rounded_rectangle((M, y, W - M, y + 40), radius=6, fill=SEA_LIGHT, outline=SEA)
        name_font = font(15, True)
        if d.textlength(land["name"], font=name_font) > name_w - 8:
            name_font = font(SMALL, True)
        d.text((M + 5, y + 11), land["name"], font=name_font, fill=INK, anchor="lm")
        done = f"{land['complete_at']} ships: +{land['complete_vp']} VP"
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
                    f"space {sp['value']}",
                    font=font(SMALL),
                    fill=INK,
                    anchor="lm",
                )
                d.text(
                    (x + 31, y + 28),
                    f"limit {ship['limit']}",
                    font=font(SMALL, True),
                    fill=INK,
                    anchor="lm",
                )
            else:
                top, bonus = _space_text(sp)
                d.text((x + 5, y + 11), top, font=font(SMALL, True), fill=INK, anchor="lm")
                if bonus:
                    d.text((x + 5, y + 28), bonus, font=font(SMALL), fill=GREEN, anchor="lm")
        y += 41
    return y + 1


def _characters(d: ImageDraw.ImageDraw, view: dict, y: float) -> float:
    money = ", ".join(_reals(a) if a else "taken" for a in view["money"])
    y = _title(d, y, "Characters", AREA_RGB["characters"], f"money spaces: {money}")
    half = (W - 2 * M) / 2
    for i, c in enumerate(CHAR_EFFECTS):
        x = M + (i % 2) * half
        row = y + (i // 2) * 28
        d.rounded_rectangle(
            (x + 2, row, x + half - 4, row + 25), radius=5, fill=WHITE, outline=MUTED
        )
        title = CHARACTERS[c]["name"]
        d.text((x + 8, row + 13), title, font=font(15, True), fill=INK, anchor="lm")
        tx = x + 14 + d.textlength(title, font=font(15, True))
        taker = view["characters"][c]
        room = x + half - tx - (34 if taker is not None else 10)
        d.text(
            (tx, row + 13),
            fit_words(d, CHAR_EFFECTS[c], font(SMALL), room),
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


def _players(d: ImageDraw.ImageDraw, view: dict, names: list[str], y: float) -> float:
    right = f"{view['missionaries']} missionaries, {view['merchants_left']} merchant ships left"
    y = _title(d, y, "Players", (60, 60, 60), right)
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
        line = f"{p['vp']} VP · {_reals(p['reals'])} · {_count(p['captains'], 'captain')}"
        if p["pool"]:
            line += f" (+{p['pool']} in Hire)"
        d.text((M + 204, y + 14), line, font=font(16, True), fill=INK, anchor="lm")
        x = _sailors(d, (M + 34, y + 26), dict(p["sailors"], missionary=p["missionaries"]), size=19)
        ships = [
            _count(len(p["projects"]), "project"),
            f"{len(p['port'])} in port",
            f"{at_sea[seat]} at sea",
        ]
        if view["phase"] == "place":
            ships.append(_count(p["discs_left"], "disc") + " left")
        if p["home"] or p["lost"]:
            ships.append(f"{p['home']} home, {p['lost']} lost")
        text = ("first player · " if view["first"] == seat else "") + " · ".join(ships)
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


def _legend(d: ImageDraw.ImageDraw, view: dict, y: float) -> float:
    x = M + 4
    for colour in SAILOR_RGB:
        rgb = SAILOR_RGB[colour]
        d.rounded_rectangle((x, y, x + 19, y + 19), radius=4, fill=rgb, outline=INK)
        centered_text(
            d, (x + 9.5, y + 9.5), SAILOR_SHORT[colour], font(SMALL, True), contrast_ink(rgb)
        )
        d.text((x + 23, y + 10), colour, font=font(SMALL), fill=INK, anchor="lm")
        x += 34 + d.textlength(colour, font=font(SMALL))
    d.text((x + 2, y + 10), "r: reals", font=font(SMALL), fill=INK, anchor="lm")
    if not view["over"]:
        mark = "first free action" if view["ffa"] is not None else "marker"
        d.text((W - M - 4, y + 10), f"red frame: {mark}", font=font(SMALL), fill=RED, anchor="rm")
    return y + 24


@static_layer
def _paper(height: int) -> Image.Image:
    return Image.new("RGB", (W, height), BACKGROUND)


def board(view: dict) -> Image.Image:
    """The public board, 720 px wide: the decision, the Number Zone, Purchase, Hire,
    Navigation, Characters and the players."""
    img = _paper(1400).copy()
    d = ImageDraw.Draw(img)
    names = seat_names(view)
    status = "Final scores" if view["over"] else f"Round {view['round']} of {view['rounds']}"
    d.text((M + 4, 6), "Vasco da Gama", font=font(22, True), fill=INK)
    if not view["over"]:
        phase = PHASE_NAMES[view["phase"]]
        if view.get("window"):
            phase = "launch window, then " + phase.split(":")[0]
        status += f" · {phase}"
    d.text((W - M - 4, 10), status, font=font(16, True), fill=INK, anchor="ra")
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
    names = seat_names(view)
    p = view["p"][seat]
    img = Image.new("RGB", (W, 2400), BACKGROUND)
    d = ImageDraw.Draw(img)
    seat_token(d, (M + 20, 26), seat, radius=18)
    who = fit_words(d, names[seat], font(22, True), W - 260)
    d.text((M + 46, 26), f"{who}: your position", font=font(22, True), fill=INK, anchor="lm")
    y = 54.0
    line = f"{p['vp']} VP · {_reals(p['reals'])} · {_count(p['captains'], 'captain')}"
    if p["pool"]:
        line += f" (+{p['pool']} in Hire)"
    d.text((M + 6, y), line, font=font(19, True), fill=INK)
    y += 32
    crew = dict(p["sailors"], missionary=p["missionaries"])
    d.text((M + 6, y + 14), "Crew:", font=font(18, True), fill=INK, anchor="lm")
    if any(crew.values()):
        _sailors(d, (M + 70, y + 2), crew, size=26)
    else:
        d.text((M + 70, y + 14), "none", font=font(18), fill=MUTED, anchor="lm")
    y += 38
    width = (W - 2 * M + 4) / 5
    for label, key, launched in (
        ("Projects to launch", "projects", False),
        ("Ships in port", "port", True),
    ):
        tiles = p[key]
        d.text((M + 6, y), f"{label}: {len(tiles)}", font=font(18, True), fill=INK)
        y += 28
        for i, t in enumerate(tiles):
            row, col = divmod(i, 5)
            x = M + col * width
            _card(
                d,
                (x, y + row * 86, x + width - 4, y + row * 86 + 80),
                t,
                _tile_name(t["id"], launched),
            )
        y += 86 * ((len(tiles) + 4) // 5) + 4
    at_sea = [
        f"{_tile_name(sp['ship']['id'], True)} at {land['name']}, space {sp['value']}"
        f" ({_income(sp['ship'])})"
        for land in view["landings"]
        for sp in land["spaces"]
        if sp["ship"] and sp["ship"]["seat"] == seat
    ]
    for text in ["At sea: " + "; ".join(at_sea)] if at_sea else []:
        for row in wrap_words(d, text, font(17), W - 2 * M - 12):
            d.text((M + 6, y), row, font=font(17), fill=INK)
            y += 24
    mine = [str(n) for n, s, _ in view["placed"] if s == seat]
    if mine:
        d.text((M + 6, y), "Your numbers this round: " + ", ".join(mine), font=font(17), fill=INK)
        y += 24
    y += 8
    moves = view["private"].get("moves", [])
    described = view["private"].get("described") or []
    y = _title(d, y, "Your choices now" if moves else "Nothing to decide now", seat_colour(seat))
    status = _words(view["awaiting"], names)
    for row in wrap_words(d, status, font(17, True), W - 2 * M - 12):
        d.text((M + 6, y), row, font=font(17, True), fill=RED if moves else INK)
        y += 24
    shown = [_words(text, names) for text in described[:10]]
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
            f"and {len(described) - len(shown)} more in My choices",
            font=font(16),
            fill=MUTED,
        )
        y += 26
    return img.crop((0, 0, W, int(y) + 10))


# ---------------------------------------------------------------------- detail


def _space_words(sp: dict) -> str:
    bonus = {"sailor": " and a sailor", "captain": " and a captain"}.get(sp["bonus"], "")
    if sp["bonus"] == "reals":
        bonus = f" and {_reals(sp.get('amount', 0))}"
    return f"{sp['value']}: {sp['vp']} VP{bonus}"


def _tile_words(t: dict, launched: bool) -> str:
    crew = f"crew {t['crew']}, " if t.get("crew") else ""
    return f"{_tile_name(t['id'], launched)} ({crew}limit {t['limit']}, {_income(t)})"


def detail(view: dict) -> Image.Image:
    """Everything the board leaves out, as a sheet of words (``/board detail``)."""
    names = seat_names(view)
    blocks = []
    for seat in range(view["players"]):
        p = view["p"][seat]
        src = ", ".join(f"{VP_SOURCES.get(k, k)} {v}" for k, v in p["vp_src"].items() if v)
        lines = [
            f"{p['vp']} VP ({src or 'none yet'}) · {_reals(p['reals'])} · "
            f"{_count(p['captains'], 'captain')}, {p['pool']} in the Hire area · "
            f"{p['home']} ships home, {p['lost']} lost",
            "Crew: "
            + (
                ", ".join(
                    f"{n} {c}"
                    for c, n in dict(p["sailors"], missionary=p["missionaries"]).items()
                    if n
                )
                or "none"
            ),
            "Projects: " + ("; ".join(_tile_words(t, False) for t in p["projects"]) or "none"),
            "In port: " + ("; ".join(_tile_words(t, True) for t in p["port"]) or "none"),
        ]
        blocks.append(SheetBlock(names[seat], lines, seat=seat))
    lands = []
    for land in view["landings"]:
        spaces = []
        for sp in land["spaces"]:
            ship = sp["ship"]
            if ship:
                spaces.append(
                    f"{sp['value']}: {names[ship['seat']]}'s {_tile_name(ship['id'], True)}"
                )
            else:
                spaces.append(_space_words(sp))
        lands.append(
            f"{land['name']} (complete with {_count(land['complete_at'], 'ship')},"
            f" +{land['complete_vp']} VP each): " + "; ".join(spaces)
        )
    blocks.append(SheetBlock("Navigation", lands))
    decks = ", ".join(f"deck {k}: {_count(n, 'project')}" for k, n in sorted(view["decks"].items()))
    bag = ", ".join(f"{n} {c}" for c, n in view["bag"].items())
    supply = [
        f"Projects left: {decks}",
        f"Sailors in the bag: {bag}",
        f"Vasco da Gama tiles left: {view['vdg_left']}",
    ]
    blocks.append(SheetBlock("Supply", supply))
    log = [_words(line, names) for line in view["log"][-10:]]
    blocks.append(SheetBlock("Recent", log or ["Nothing yet."]))
    status = (
        "Game over"
        if view["over"]
        else f"Round {view['round']} of {view['rounds']}, {PHASE_NAMES[view['phase']]}"
    )
    return text_sheet(f"Vasco da Gama · {status} · detail", blocks)
