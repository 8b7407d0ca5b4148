"""Vasco da Gama renderer: a view in, a Pillow image out (design.md 6).

Three images. ``board(view)`` is the public post, 900 px wide so that Discord's 550 px inline
display keeps every character 8 px or taller (all text is 14 px or more); ``private(view)`` is one
seat's DM, also 900 px; ``detail(view)`` is the old full 1400 px board, posted by ``/board detail``.

What moved where in the phone redesign (issue 14):
- Top: the decision of the moment, large. Phase 1 shows only the marker and says the next VdG
  tile is hidden (the spent tile's change is no longer shown); Phase 2 shows the FFA, this round's
  change, and "Next round: marker starts at N, money spaces N r" (the tile's start and reals are
  marked as next round's). Then who is to move and what they decide.
- The Number Zone keeps its five rows (reals per row at the left); a placed number's cell takes
  its area's colour, the seat's colour-and-letter token and a short area name; a legend under the
  zone gives each area's colour and its discs/capacity. The old separate "Action areas" panel is
  gone (it repeated the zone).
- Purchase: seven tiles (six spaces and the Sao Gabriel with its price), each with id, crew,
  limit and income. Hire: one box per section, a coloured square per sailor colour present
  (letter and count; no disc for a colour that is absent); blocked sections greyed.
- Navigation: one row per landing; a free space reads "needs 8" (a ship needs limit 8 or more)
  with its reward; a ship at sea shows its seat token, id, limit and income.
- Characters and the two money spaces in one row; missionaries and merchant ships left in its
  title bar.
- Players: a table with fixed columns (VP, reals, captains ready + in Hire, crew squares, counts
  of projects, ships in port and at sea, discs left in Phase 1, ships home/lost). The seat to move
  is highlighted. The full tile lists of every player moved to ``private`` (your own, as tiles, in
  rows of six, never cut) and to ``detail``.
- A sailor-colour legend and the last four log lines close the board.
- Private: your reals, VP, captains, crew squares, projects and ships as tiles, ships at sea, your
  numbers, and your moves now, each with its description (up to 12; a longer list shows the
  move texts in three columns and says how many more autocomplete has).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

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
    panel,
    seat_colour,
    seat_letter,
    seat_token,
    static_layer,
)

WIDTH = 1400
HEIGHT = 1380
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
CHAR_NAMES = {
    "manuel": "Manuel I",
    "dias": "B. Dias",
    "alvares": "F. Alvares",
    "sernigi": "G. Sernigi",
}
CHAR_EFFECTS = {
    "manuel": "5th disc next round",
    "dias": "2 VP, first player",
    "alvares": "2 missionaries",
    "sernigi": "merchant ship",
}


def _names(view: dict) -> list[str]:
    names = view.get("names")
    if names:
        return [str(n) for n in names]
    return [f"Player {seat_letter(s)}" for s in range(view["players"])]


def _named(text: str, names: list[str]) -> str:
    for s, n in enumerate(names):
        text = text.replace(f"Player {seat_letter(s)}", n)
    return text


@static_layer
def _background(players: int) -> Image.Image:
    """Static layer: panels and titles that never change during a game."""
    img = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    d = ImageDraw.Draw(img)
    panel(d, (10, 70, 470, 330), "Number Zone", (110, 110, 110))
    panel(d, (480, 70, 700, 330), "VdG tile", (170, 130, 40))
    panel(d, (10, 340, 700, 560), "Action areas (disc + number)", (110, 110, 110))
    panel(d, (10, 570, 700, 720), "Purchase: projects on offer", AREA_RGB["purchase"])
    panel(d, (10, 730, 700, 850), "Hire: sections", AREA_RGB["hire"])
    panel(d, (710, 70, 1390, 700), "Navigation area", SEA)
    panel(d, (710, 710, 1390, 850), "Characters", AREA_RGB["characters"])
    return img


def _tile_text(t: dict) -> str:
    income = []
    if t["reals"]:
        income.append(f"+{t['reals']}r")
    if t["vp"]:
        income.append(f"+{t['vp']}VP")
    crew = f" C{t['crew']}" if t.get("crew") else ""
    return f"#{t['id']} L{t['limit']}{crew} {' '.join(income) or '-'}"


def _tile(d: ImageDraw.ImageDraw, box: tuple, t: dict | None, label: str = "") -> None:
    x0, y0, x1, y1 = box
    if t is None:
        d.rounded_rectangle(box, radius=6, outline=MUTED, fill=BACKGROUND)
        centered_text(d, ((x0 + x1) / 2, (y0 + y1) / 2), label or "sold", font(14), MUTED)
        return
    d.rounded_rectangle(box, radius=6, outline=INK, fill=WHITE, width=2)
    d.text((x0 + 6, y0 + 4), f"{label}#{t['id']}", font=font(15, True), fill=INK)
    d.text((x0 + 6, y0 + 24), f"limit {t['limit']}", font=font(14), fill=INK)
    d.text((x0 + 6, y0 + 42), f"crew {t['crew']}", font=font(14), fill=INK)
    income = []
    if t["reals"]:
        income.append(f"+{t['reals']}r")
    if t["vp"]:
        income.append(f"+{t['vp']}VP")
    d.text((x0 + 6, y0 + 60), " ".join(income) or "no income", font=font(13), fill=INK)


def _number_zone(d: ImageDraw.ImageDraw, view: dict) -> None:
    placed = {n: (s, a) for n, s, a in view["placed"]}
    marker = view["ffa"] if view["ffa"] is not None else view["marker"]
    lines = [(1, 5), (6, 10), (11, 15), (16, 20), (21, 22)]
    for row, (lo, hi) in enumerate(lines):
        y = 108 + row * 44
        reals = view["lines"][str(lo)]
        d.text((22, y + 20), f"{reals}r", font=font(16, True), fill=INK, anchor="lm")
        for i, n in enumerate(range(lo, hi + 1)):
            x = 62 + i * 80
            box = (x, y, x + 74, y + 40)
            fill = WHITE
            if n == view["call"]:
                fill = HIGHLIGHT
            d.rounded_rectangle(box, radius=6, fill=fill, outline=MUTED, width=2)
            if n == marker:
                d.rounded_rectangle(box, radius=6, outline=(200, 30, 30), width=4)
            d.text((x + 6, y + 20), str(n), font=font(18, True), fill=INK, anchor="lm")
            if n in placed:
                seat, area = placed[n]
                seat_token(d, (x + 46, y + 14), seat, radius=11)
                d.text((x + 46, y + 34), area[:4], font=font(11), fill=INK, anchor="mm")


def _vdg_label(view: dict, revealed: bool) -> str:
    return "revealed this round" if revealed else "Phase 2 reveals one"


def _vdg(d: ImageDraw.ImageDraw, view: dict) -> None:
    t = view["vdg"]
    revealed = view["vdg_revealed_this_round"]
    d.text((492, 112), _vdg_label(view, revealed), font=font(14), fill=INK)
    d.rounded_rectangle((500, 135, 680, 250), radius=8, fill=WHITE, outline=INK, width=2)
    if revealed:
        d.text((512, 145), f"change {t['change']:+d}", font=font(18, True), fill=INK)
        d.text((512, 178), f"next round: start {t['start']}", font=font(14), fill=INK)
        d.text((512, 208), f"next round: reals {t['reals']}", font=font(14), fill=INK)
    else:
        # issue 14: the last tile's change is spent; only the coming tile matters (hidden)
        d.text((512, 145), "next tile hidden", font=font(16, True), fill=INK)
        d.text((512, 178), "change -3 to +3", font=font(14), fill=INK)
        d.text((512, 208), f"money spaces {t['reals']}", font=font(14), fill=INK)
    marker = f"Marker: {view['marker']}"
    ffa = f"FFA: {view['ffa']}" if view["ffa"] is not None else "FFA: not yet"
    d.text((492, 262), marker, font=font(16, True), fill=INK)
    d.text((492, 286), ffa, font=font(16, True), fill=(200, 30, 30))
    d.text((600, 262), f"stack {view['vdg_left']}", font=font(14), fill=MUTED)
    d.text((492, 310), "red frame on the zone", font=font(12), fill=MUTED)


def _areas(d: ImageDraw.ImageDraw, view: dict) -> None:
    by_area: dict[str, list] = {a: [] for a in AREA_TITLES}
    for n, s, a in view["placed"]:
        by_area[a].append((n, s))
    for i, area in enumerate(AREA_TITLES):
        x = 22 + i * 170
        cap = view["capacity"][area]
        d.rounded_rectangle((x, 378, x + 160, 550), radius=8, fill=WHITE, outline=AREA_RGB[area])
        d.text((x + 8, 384), f"{AREA_TITLES[area]} ({cap})", font=font(15, True), fill=INK)
        for k in range(cap):
            cy = 420 + k * 26
            if k < len(by_area[area]):
                n, s = by_area[area][k]
                seat_token(d, (x + 20, cy), s, radius=11)
                colour = (200, 30, 30) if n == view["call"] else INK
                d.text((x + 38, cy), f"no. {n}", font=font(15, True), fill=colour, anchor="lm")
            else:
                d.ellipse((x + 9, cy - 11, x + 31, cy + 11), outline=MUTED)


def _purchase(d: ImageDraw.ImageDraw, view: dict) -> None:
    for i, t in enumerate(view["offer"]):
        x = 20 + i * 96
        d.text((x + 45, 612), f"space {i + 1}", font=font(13), fill=INK, anchor="mm")
        _tile(d, (x, 622, x + 90, 710), t)
    d.text((628, 612), "Sao Gabriel", font=font(13, True), fill=INK, anchor="mm")
    _tile(d, (594, 622, 690, 710), view["sg"])
    decks = ", ".join(f"deck {k}: {n}" for k, n in sorted(view["decks"].items()))
    d.text((300, 584), decks, font=font(12), fill=WHITE)


def _hire(d: ImageDraw.ImageDraw, view: dict) -> None:
    for k, section in enumerate(view["sections"]):
        x = 20 + k * 170
        box = (x, 766, x + 160, 842)
        if not view["active"][k]:
            d.rounded_rectangle(box, radius=6, fill=(210, 210, 210), outline=MUTED)
            centered_text(d, (x + 80, 804), f"section {k + 1}: blocked", font(14), MUTED)
            continue
        d.rounded_rectangle(box, radius=6, fill=WHITE, outline=AREA_RGB["hire"], width=2)
        d.text((x + 8, 770), f"section {k + 1}", font=font(14, True), fill=INK)
        _sailor_row(d, (x + 8, 796), section)
    bag = " ".join(f"{SAILOR_SHORT[c]}{n}" for c, n in view["bag"].items())
    d.text((400, 744), f"bag: {bag}", font=font(13), fill=WHITE, anchor="lm")


def _sailor_row(d: ImageDraw.ImageDraw, xy: tuple, counts: dict) -> None:
    x, y = xy
    for colour, n in counts.items():
        if not n:
            continue  # issue 14: no disc for a colour that is not there
        rgb = SAILOR_RGB[colour]
        d.ellipse((x, y, x + 30, y + 30), fill=rgb, outline=INK)
        centered_text(
            d, (x + 15, y + 15), f"{SAILOR_SHORT[colour]}{n}", font(12, True), contrast_ink(rgb)
        )
        x += 36


def _navigation(d: ImageDraw.ImageDraw, view: dict) -> None:
    for li, land in enumerate(view["landings"]):
        y = 108 + li * 98
        d.rounded_rectangle((720, y, 1380, y + 92), radius=8, fill=SEA_LIGHT, outline=SEA)
        d.text((730, y + 6), land["name"], font=font(15, True), fill=INK)
        d.text(
            (730, y + 30),
            f"complete: {land['complete_at']} ships",
            font=font(13),
            fill=INK,
        )
        d.text((730, y + 50), f"+{land['complete_vp']} VP each", font=font(13), fill=INK)
        for si, sp in enumerate(land["spaces"]):
            x = 910 + si * 94
            box = (x, y + 6, x + 90, y + 86)
            d.rounded_rectangle(box, radius=6, fill=PAPER, outline=INK)
            bonus = {"reals": f"+{sp['amount']}r", "sailor": "+sailor", "captain": "+capt"}
            reward = f"{sp['vp']}VP {bonus.get(sp['bonus'], '')}".strip()
            d.text((x + 6, y + 10), f"needs {sp['value']}", font=font(15, True), fill=INK)
            d.text((x + 6, y + 30), reward, font=font(13), fill=INK)
            ship = sp["ship"]
            if ship:
                seat_token(d, (x + 18, y + 64), ship["seat"], radius=13)
                d.text(
                    (x + 36, y + 64), f"#{ship['id']}", font=font(13, True), fill=INK, anchor="lm"
                )


def _characters(d: ImageDraw.ImageDraw, view: dict) -> None:
    for i, (char, title) in enumerate(CHAR_NAMES.items()):
        x = 720 + i * 132
        d.rounded_rectangle((x, 746, x + 126, 840), radius=6, fill=WHITE, outline=INK)
        d.text((x + 6, 750), title, font=font(14, True), fill=INK)
        d.text((x + 6, 770), CHAR_EFFECTS[char], font=font(11), fill=INK)
        taker = view["characters"][char]
        if taker is None:
            d.text((x + 6, 800), "available", font=font(13), fill=MUTED)
        else:
            seat_token(d, (x + 22, 812), taker, radius=13)
            d.text((x + 42, 812), "taken", font=font(13), fill=INK, anchor="lm")
    x = 1250
    for k, amount in enumerate(view["money"]):
        d.rounded_rectangle(
            (x, 746 + k * 34, x + 132, 776 + k * 34), radius=6, fill=WHITE, outline=INK
        )
        text = f"money {k + 1}: {amount}r" if amount else f"money {k + 1}: taken"
        d.text((x + 6, 761 + k * 34), text, font=font(13), fill=INK, anchor="lm")
    d.text((x, 818), f"missionaries {view['missionaries']}", font=font(12), fill=INK)
    d.text((x, 834), f"merchants {view['merchants_left']}", font=font(12), fill=INK)


def _player_panel(d: ImageDraw.ImageDraw, view: dict, seat: int, box: tuple, name: str) -> None:
    p = view["p"][seat]
    x0, y0, x1, _y1 = box
    waiting = seat in view["to_move"]
    d.rounded_rectangle(
        box, radius=10, fill=PAPER, outline=HIGHLIGHT if waiting else seat_colour(seat), width=5
    )
    seat_token(d, (x0 + 22, y0 + 22), seat, radius=15)
    first = " (first)" if view["first"] == seat else ""
    title = f"{name[:16]}{first}" + ("  <- to move" if waiting else "")
    d.text((x0 + 44, y0 + 22), title, font=font(17, True), fill=INK, anchor="lm")
    d.text(
        (x0 + 12, y0 + 48),
        f"{p['vp']} VP   {p['reals']} reals   discs left {p['discs_left']}",
        font=font(15, True),
        fill=INK,
    )
    d.text(
        (x0 + 12, y0 + 70),
        f"captains {p['captains']} (+{p['pool']} in Hire)   home {p['home']}  lost {p['lost']}",
        font=font(14),
        fill=INK,
    )
    crew = dict(p["sailors"], missionary=p["missionaries"])
    _sailor_row(d, (x0 + 12, y0 + 92), crew)
    d.text((x0 + 12, y0 + 132), "projects:", font=font(13, True), fill=INK)
    text = "; ".join(_tile_text(t) for t in p["projects"]) or "none"
    _wrapped(d, (x0 + 12, y0 + 150), text, x1 - x0 - 24, 2)
    d.text((x0 + 12, y0 + 222), "ships in port:", font=font(13, True), fill=INK)
    text = "; ".join(_tile_text(t) for t in p["port"]) or "none"
    _wrapped(d, (x0 + 12, y0 + 240), text, x1 - x0 - 24, 2)


def _wrapped(d: ImageDraw.ImageDraw, xy: tuple, text: str, width: int, lines: int) -> None:
    fnt = font(13)
    x, y = xy
    words = text.split(" ")
    line = ""
    out: list[str] = []
    for word in words:
        trial = f"{line} {word}".strip()
        if d.textlength(trial, font=fnt) > width and line:
            out.append(line)
            line = word
        else:
            line = trial
    out.append(line)
    for i, row in enumerate(out):
        d.text((x, y + i * 17), row, font=fnt, fill=INK)


def detail(view: dict) -> Image.Image:
    """Everything, 1400 px wide (``/board detail``): every tile of every player in full."""
    img = _background(view["players"]).copy()
    d = ImageDraw.Draw(img)
    names = _names(view)
    status = "Game over" if view["over"] else f"Round {view['round']}/{view['rounds']}"
    phase = PHASE_NAMES
    d.text((14, 8), f"Vasco da Gama - {status}", font=font(24, True), fill=INK)
    d.text((14, 40), phase[view["phase"]], font=font(17), fill=INK)
    awaiting = _named(view["awaiting"], names)
    d.text((WIDTH - 14, 24), awaiting, font=font(18, True), fill=(200, 30, 30), anchor="rm")
    _number_zone(d, view)
    _vdg(d, view)
    _areas(d, view)
    _purchase(d, view)
    _hire(d, view)
    _navigation(d, view)
    _characters(d, view)
    width = (WIDTH - 20) // 4
    for seat in range(view["players"]):
        x = 10 + seat * width
        _player_panel(d, view, seat, (x, 860, x + width - 8, 1150), names[seat])
    d.text((14, 1160), "Log", font=font(16, True), fill=INK)
    for i, line in enumerate(view["log"][-8:]):
        d.text((14, 1182 + i * 22), _named(line, names), font=font(14), fill=INK)
    return img


# ---------------------------------------------------------------------------------------------
# The phone-sized board and private images (900 px wide; text >= 14 px, so >= 8 px at 550).
# ---------------------------------------------------------------------------------------------

W = 900
RED = (190, 30, 30)
PHASE_NAMES = {
    "place": "Phase 1: place discs",
    "act": "Phase 2: actions",
    "nav": "Phase 3: navigation",
    "over": "Game over",
}
CHAR_SHORT = {
    "manuel": "5th disc next round",
    "dias": "2 VP, first next round",
    "alvares": "2 missionaries",
    "sernigi": "merchant ship",
}
AREA_SHORT = {"purchase": "Purch.", "hire": "Hire", "expedition": "Exped.", "characters": "Char."}
BONUS_SHORT = {"reals": "r", "sailor": "sailor", "captain": "captain", "none": ""}


def _f(size: int, bold: bool = False):
    return font(size, bold)


def _wrap(d: ImageDraw.ImageDraw, text: str, fnt, width: float) -> list[str]:
    """Whole words per line; nothing is ever cut."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}".strip()
        if line and d.textlength(trial, font=fnt) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def _fit(d: ImageDraw.ImageDraw, text: str, fnt, width: float) -> str:
    """A name that fits ``width``: whole, else its whole words that fit, else shortened with an
    ellipsis (never a bare cut)."""
    if d.textlength(text, font=fnt) <= width:
        return text
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        if d.textlength(" ".join(words), font=fnt) <= width:
            return " ".join(words)
    while text and d.textlength(text + "…", font=fnt) > width:
        text = text[:-1]
    return text + "…"


def _para(d, xy, text, fnt, width, fill=INK, gap=4) -> float:
    """Draw wrapped text; return the height used."""
    x, y = xy
    step = fnt.size + gap
    rows = _wrap(d, text, fnt, width)
    for i, row in enumerate(rows):
        d.text((x, y + i * step), row, font=fnt, fill=fill)
    return len(rows) * step


def _title(d, y: float, text: str, colour, right: str = "") -> float:
    d.rounded_rectangle((8, y, W - 8, y + 30), radius=8, fill=colour)
    d.text((18, y + 15), text, font=_f(18, True), fill=contrast_ink(colour), anchor="lm")
    if right:
        d.text((W - 18, y + 15), right, font=_f(16), fill=contrast_ink(colour), anchor="rm")
    return y + 38


def _income(t: dict) -> str:
    parts = []
    if t["vp"]:
        parts.append(f"+{t['vp']} VP")
    if t["reals"]:
        parts.append(f"+{t['reals']} r")
    return " ".join(parts) or "no income"


def _crew_squares(d, xy, counts: dict, size: int = 34) -> float:
    """Only colours actually held; each square says its letter and count (no empty discs)."""
    x, y = xy
    for colour, n in counts.items():
        if not n:
            continue
        rgb = SAILOR_RGB[colour]
        d.rounded_rectangle((x, y, x + size + 10, y + size), radius=5, fill=rgb, outline=INK)
        centered_text(
            d,
            (x + (size + 10) / 2, y + size / 2),
            f"{SAILOR_SHORT[colour]}{n}",
            _f(16, True),
            contrast_ink(rgb),
        )
        x += size + 14
    return x


def _card(d, box, t: dict | None, head: str) -> None:
    """A project/ship tile: id, crew, limit, income, in 15-18 px type."""
    x0, y0, x1, y1 = box
    if t is None:
        d.rounded_rectangle(box, radius=8, outline=MUTED, fill=BACKGROUND)
        centered_text(d, ((x0 + x1) / 2, (y0 + y1) / 2), f"{head} sold", _f(15), MUTED)
        return
    d.rounded_rectangle(box, radius=8, outline=INK, fill=WHITE, width=2)
    d.text((x0 + 8, y0 + 5), f"{head}#{t['id']}", font=_f(18, True), fill=INK)
    crew = f"crew {t['crew']}  " if t.get("crew") else ""
    d.text((x0 + 8, y0 + 30), f"{crew}lim {t['limit']}", font=_f(15), fill=INK)
    d.text((x0 + 8, y0 + 52), _income(t), font=_f(15, True), fill=(20, 100, 40))


def _decision(d, view: dict, names: list[str], y: float) -> float:
    """What the table is deciding now, large."""
    box_top = y
    d.rounded_rectangle((8, y, W - 8, y + 112), radius=10, fill=PAPER, outline=RED, width=3)
    t = view["vdg"]
    if view["over"]:
        d.text((24, y + 10), "Final scores", font=_f(24, True), fill=INK)
        order = sorted(
            range(view["players"]), key=lambda s: (-view["p"][s]["vp"], -view["p"][s]["reals"])
        )
        for i, seat in enumerate(order):
            p = view["p"][seat]
            x = 24 + (i % 2) * 430
            row = y + 46 + (i // 2) * 32
            seat_token(d, (x + 14, row + 12), seat, radius=13)
            text = f"{_fit(d, names[seat], _f(18, True), 230)}: {p['vp']} VP, {p['reals']} r"
            d.text((x + 34, row + 12), text, font=_f(18, True), fill=INK, anchor="lm")
        return box_top + 122
    if view["ffa"] is None:
        d.text((24, y + 10), f"Marker {view['marker']}", font=_f(30, True), fill=RED)
        d.text(
            (260, y + 14),
            "The next VdG tile (hidden) moves it -3 to +3",
            font=_f(17),
            fill=INK,
        )
        d.text(
            (260, y + 40),
            "in Phase 2: that is the first free action number.",
            font=_f(17),
            fill=INK,
        )
    else:
        d.text((24, y + 10), f"FFA {view['ffa']}", font=_f(30, True), fill=RED)
        d.text(
            (260, y + 14),
            f"This round's tile: change {t['change']:+d} (marker {view['marker']} "
            f"-> {view['ffa']})",
            font=_f(17, True),
            fill=INK,
        )
        d.text(
            (260, y + 40),
            f"Next round: marker starts at {t['start']}, money spaces {t['reals']} r",
            font=_f(17),
            fill=INK,
        )
    awaiting = _named(view["awaiting"], names)
    _para(d, (24, y + 70), awaiting, _f(17, True), W - 48, fill=RED)
    return box_top + 122


def _zone(d, view: dict, y: float) -> float:
    y = _title(d, y, "Number Zone: declining pays the row's reals", (110, 110, 110))
    placed = {n: (s, a) for n, s, a in view["placed"]}
    target = view["ffa"] if view["ffa"] is not None else view["marker"]
    rows = [(1, 5), (6, 10), (11, 15), (16, 20), (21, 22)]
    cell = 152
    for lo, hi in rows:
        reals = view["lines"][str(lo)]
        d.text((16, y + 21), f"{reals} r", font=_f(18, True), fill=INK, anchor="lm")
        for i, n in enumerate(range(lo, hi + 1)):
            x = 80 + i * (cell + 2)
            box = (x, y, x + cell - 4, y + 42)
            fill = HIGHLIGHT if n == view["call"] else WHITE
            if n in placed:
                fill = (
                    fill
                    if n == view["call"]
                    else tuple((c + 2 * 255) // 3 for c in AREA_RGB[placed[n][1]])
                )
            d.rounded_rectangle(box, radius=6, fill=fill, outline=MUTED, width=2)
            if n == target and not view["over"]:
                d.rounded_rectangle(box, radius=6, outline=RED, width=4)
            d.text((x + 8, y + 21), str(n), font=_f(19, True), fill=INK, anchor="lm")
            if n in placed:
                seat, area = placed[n]
                seat_token(d, (x + 56, y + 21), seat, radius=13)
                d.text((x + 74, y + 21), AREA_SHORT[area], font=_f(15), fill=INK, anchor="lm")
        y += 46
    frame = "" if view["over"] else "red frame: "
    d.text(
        (80 + 2 * (cell + 2), y - 25),
        frame + ("FFA" if view["ffa"] is not None else "marker") if frame else "",
        font=_f(15),
        fill=RED,
        anchor="lm",
    )
    counts = {a: 0 for a in AREA_TITLES}
    for _n, _s, a in view["placed"]:
        counts[a] += 1
    x = 16
    for area, title in AREA_TITLES.items():
        d.rounded_rectangle((x, y + 4, x + 18, y + 22), radius=4, fill=AREA_RGB[area])
        label = f"{title} {counts[area]}/{view['capacity'][area]}"
        d.text((x + 24, y + 13), label, font=_f(16), fill=INK, anchor="lm")
        x += 30 + d.textlength(label, font=_f(16)) + 16
    return y + 34


def _purchase_row(d, view: dict, y: float) -> float:
    decks = " ".join(f"d{k}:{n}" for k, n in sorted(view["decks"].items()))
    y = _title(d, y, "Purchase: 1 for 1 r, 2 for 4 r", AREA_RGB["purchase"], f"decks {decks}")
    width = (W - 16) // 7
    for i, t in enumerate(view["offer"]):
        x = 8 + i * width
        _card(d, (x, y, x + width - 6, y + 78), t, f"{i + 1}: ")
    x = 8 + 6 * width
    _card(d, (x, y, x + width - 6, y + 78), view["sg"], "SG ")
    if view["sg"]:
        d.text((x + 8, y + 82), f"price {view['sg']['crew']} r", font=_f(15, True), fill=INK)
    return y + 106


def _hire_row(d, view: dict, y: float) -> float:
    y = _title(d, y, "Hire: 1/3/6/10 r for 1-4 colours", AREA_RGB["hire"], "captain: 1 r/sailor")
    width = (W - 16) // 4
    for k, section in enumerate(view["sections"]):
        x = 8 + k * width
        box = (x, y, x + width - 6, y + 76)
        if not view["active"][k]:
            d.rounded_rectangle(box, radius=8, fill=(215, 215, 215), outline=MUTED)
            centered_text(d, (x + width / 2, y + 38), f"{k + 1}: blocked", _f(16), MUTED)
            continue
        d.rounded_rectangle(box, radius=8, fill=WHITE, outline=AREA_RGB["hire"], width=2)
        total = sum(section.values())
        d.text((x + 8, y + 4), f"Section {k + 1} ({total})", font=_f(16, True), fill=INK)
        if total:
            _crew_squares(d, (x + 8, y + 32), section, size=30)
        else:
            d.text((x + 8, y + 36), "empty", font=_f(16), fill=MUTED)
    bag = "  ".join(f"{SAILOR_SHORT[c]}{n}" for c, n in view["bag"].items())
    d.text((16, y + 84), f"Bag: {bag}", font=_f(16), fill=INK)
    return y + 110


def _nav_rows(d, view: dict, y: float) -> float:
    y = _title(d, y, "Navigation: a space needs ship limit >= its number", SEA)
    for land in view["landings"]:
        d.rounded_rectangle((8, y, W - 8, y + 62), radius=8, fill=SEA_LIGHT, outline=SEA)
        d.text((16, y + 6), land["name"], font=_f(16, True), fill=INK)
        d.text(
            (16, y + 32),
            f"full at {land['complete_at']}: +{land['complete_vp']} VP",
            font=_f(15),
            fill=INK,
        )
        for si, sp in enumerate(land["spaces"]):
            x = 196 + si * 139
            box = (x, y + 5, x + 133, y + 57)
            d.rounded_rectangle(box, radius=6, fill=PAPER, outline=INK)
            ship = sp["ship"]
            if ship:
                seat_token(d, (x + 18, y + 31), ship["seat"], radius=14)
                d.text(
                    (x + 36, y + 8),
                    f"#{ship['id']} lim {ship['limit']}",
                    font=_f(15, True),
                    fill=INK,
                )
                d.text((x + 36, y + 30), _income(ship), font=_f(15), fill=(20, 100, 40))
                continue
            d.text((x + 6, y + 8), f"needs {sp['value']}", font=_f(15, True), fill=INK)
            bonus = BONUS_SHORT[sp["bonus"]]
            if sp["bonus"] == "reals":
                bonus = f"+{sp['amount']} r"
            elif bonus:
                bonus = f"+{bonus}"
            d.text((x + 6, y + 30), f"{sp['vp']} VP {bonus}".strip(), font=_f(15), fill=INK)
        y += 66
    return y + 4


def _chars_row(d, view: dict, y: float) -> float:
    y = _title(
        d,
        y,
        "Characters",
        AREA_RGB["characters"],
        f"missionaries {view['missionaries']}, merchants {view['merchants_left']}",
    )
    width = (W - 16) // 6
    for i, char in enumerate(CHAR_NAMES):
        x = 8 + i * width
        d.rounded_rectangle((x, y, x + width - 6, y + 82), radius=8, fill=WHITE, outline=INK)
        d.text((x + 8, y + 4), CHAR_NAMES[char], font=_f(16, True), fill=INK)
        _para(d, (x + 8, y + 26), CHAR_SHORT[char], _f(14), width - 20, gap=2)
        taker = view["characters"][char]
        if taker is not None:
            seat_token(d, (x + width - 26, y + 16), taker, radius=13)
    for k, amount in enumerate(view["money"]):
        x = 8 + (4 + k) * width
        d.rounded_rectangle((x, y, x + width - 6, y + 82), radius=8, fill=WHITE, outline=INK)
        d.text((x + 8, y + 4), f"Money {k + 1}", font=_f(16, True), fill=INK)
        text = f"{amount} reals" if amount else "taken"
        d.text((x + 8, y + 34), text, font=_f(18, True), fill=INK if amount else MUTED)
    return y + 90


PLAYER_COLUMNS = (
    ("VP", 212),
    ("reals", 258),
    ("capt.", 318),
    ("crew", 380),
    ("proj.", 592),
    ("port", 648),
    ("sea", 700),
    ("discs", 745),
    ("home/lost", 808),
)


def _players(d, view: dict, names: list[str], y: float) -> float:
    y = _title(d, y, "Players", (60, 60, 60), "capt. = ready + in Hire area")
    for label, x in PLAYER_COLUMNS:
        d.text((x, y + 10), label, font=_f(15, True), fill=MUTED, anchor="lm")
    y += 24
    at_sea = [0] * view["players"]
    for land in view["landings"]:
        for sp in land["spaces"]:
            if sp["ship"]:
                at_sea[sp["ship"]["seat"]] += 1
    for seat in range(view["players"]):
        p = view["p"][seat]
        moving = seat in view["to_move"]
        fill = (255, 244, 190) if moving else (PAPER if seat % 2 == 0 else BACKGROUND)
        d.rounded_rectangle((8, y, W - 8, y + 44), radius=6, fill=fill, outline=seat_colour(seat))
        seat_token(d, (30, y + 22), seat, radius=15)
        first = " 1st" if view["first"] == seat else ""
        room = 150 - d.textlength(first, font=_f(16, True))
        name = _fit(d, names[seat], _f(16, True), room) + first
        d.text((52, y + 22), name, font=_f(16, True), fill=INK, anchor="lm")
        cells = {
            "VP": str(p["vp"]),
            "reals": str(p["reals"]),
            "capt.": f"{p['captains']}+{p['pool']}",
            "proj.": str(len(p["projects"])),
            "port": str(len(p["port"])),
            "sea": str(at_sea[seat]),
            "home/lost": f"{p['home']}/{p['lost']}",
            "discs": str(p["discs_left"]) if view["phase"] == "place" else "-",
        }
        for label, x in PLAYER_COLUMNS:
            if label == "crew":
                crew = dict(p["sailors"], missionary=p["missionaries"])
                if any(crew.values()):
                    _crew_squares(d, (x, y + 9), crew, size=26)
                else:
                    d.text((x, y + 22), "none", font=_f(15), fill=MUTED, anchor="lm")
                continue
            d.text((x, y + 22), cells[label], font=_f(18, True), fill=INK, anchor="lm")
        y += 48
    return y + 4


def _legend(d, y: float) -> float:
    x = 16
    for colour in SAILOR_RGB:
        rgb = SAILOR_RGB[colour]
        d.rounded_rectangle((x, y, x + 26, y + 24), radius=4, fill=rgb, outline=INK)
        centered_text(d, (x + 13, y + 12), SAILOR_SHORT[colour], _f(15, True), contrast_ink(rgb))
        d.text((x + 32, y + 12), colour, font=_f(15), fill=INK, anchor="lm")
        x += 40 + d.textlength(colour, font=_f(15)) + 16
    return y + 32


def _log(d, view: dict, names: list[str], y: float) -> float:
    for line in view["log"][-4:]:
        y += _para(d, (16, y), _named(line, names), _f(15), W - 32, gap=3)
    return y + 8


def board(view: dict) -> Image.Image:
    """The public board, 900 px wide: the decision of the moment first, then the Number Zone,
    Purchase, Hire, Navigation, Characters, the players and the last log lines."""
    img = Image.new("RGB", (W, 2400), BACKGROUND)
    d = ImageDraw.Draw(img)
    names = _names(view)
    status = "Game over" if view["over"] else f"Round {view['round']} of {view['rounds']}"
    d.text((12, 8), "Vasco da Gama", font=_f(24, True), fill=INK)
    d.text((W - 12, 8), status, font=_f(22, True), fill=INK, anchor="ra")
    if not view["over"]:
        phase = PHASE_NAMES[view["phase"]]
        if view.get("window"):
            phase = "Launch window, then " + phase.split(":")[0]
        d.text((W - 12, 38), phase, font=_f(17), fill=INK, anchor="ra")
    y = 66.0
    y = _decision(d, view, names, y)
    y = _zone(d, view, y)
    y = _purchase_row(d, view, y)
    y = _hire_row(d, view, y)
    y = _nav_rows(d, view, y)
    y = _chars_row(d, view, y)
    y = _players(d, view, names, y)
    y = _legend(d, y)
    y = _log(d, view, names, y)
    return img.crop((0, 0, W, int(y) + 6))


def private(view: dict) -> Image.Image | None:
    """One seat's own position, 900 px wide: holdings as tiles, and the moves open now."""
    seat = view.get("seat")
    if seat is None:
        return None
    names = _names(view)
    p = view["p"][seat]
    img = Image.new("RGB", (W, 2000), BACKGROUND)
    d = ImageDraw.Draw(img)
    seat_token(d, (30, 30), seat, radius=20)
    who = _fit(d, names[seat], _f(24, True), W - 260)
    d.text((60, 30), f"{who}: your position", font=_f(24, True), fill=INK, anchor="lm")
    y = 66.0
    d.text(
        (16, y),
        f"{p['vp']} VP   {p['reals']} real{'' if p['reals'] == 1 else 's'}   "
        f"{p['captains']} captain{'' if p['captains'] == 1 else 's'} (+{p['pool']} in Hire)",
        font=_f(20, True),
        fill=INK,
    )
    y += 34
    crew = dict(p["sailors"], missionary=p["missionaries"])
    d.text((16, y + 17), "Crew:", font=_f(18, True), fill=INK, anchor="lm")
    if any(crew.values()):
        _crew_squares(d, (90, y), crew)
    else:
        d.text((90, y + 17), "none", font=_f(18), fill=MUTED, anchor="lm")
    y += 46
    for label, key in (("Projects to launch", "projects"), ("Ships in port", "port")):
        tiles = p[key]
        d.text((16, y), f"{label}: {len(tiles)}", font=_f(18, True), fill=INK)
        y += 28
        width = (W - 16) // 6
        for i, t in enumerate(tiles):
            row, col = divmod(i, 6)
            x = 8 + col * width
            _card(d, (x, y + row * 86, x + width - 6, y + row * 86 + 78), t, "")
        y += 86 * ((len(tiles) + 5) // 6) + 6
    at_sea = [
        f"#{sp['ship']['id']} at {land['name']} {sp['value']} ({_income(sp['ship'])})"
        for land in view["landings"]
        for sp in land["spaces"]
        if sp["ship"] and sp["ship"]["seat"] == seat
    ]
    if at_sea:
        y += _para(d, (16, y), "At sea: " + "; ".join(at_sea), _f(17), W - 32)
    mine = [str(n) for n, s, _ in view["placed"] if s == seat]
    if mine:
        y += _para(d, (16, y), "Your numbers this round: " + ", ".join(mine), _f(17), W - 32)
    y += 8
    moves = view["private"].get("moves", [])
    colour = seat_colour(seat)
    y = _title(d, y, "Your moves now" if moves else "Nothing to do now", colour)
    if moves:
        y += _para(d, (16, y), _named(view["awaiting"], names), _f(17, True), W - 32, RED)
        described = view["private"].get("described") or moves
        if len(moves) <= 12:
            for move, text in zip(moves, described, strict=False):
                d.text((16, y + 4), move, font=_f(18, True), fill=INK)
                y += 28
                y += _para(d, (40, y), text, _f(16), W - 56, fill=(60, 60, 60), gap=3) + 4
            shown = moves
        else:
            shown = moves[:30]
            for i, move in enumerate(shown):
                col, row = divmod(i, 10)
                d.text((16 + col * 290, y + 4 + row * 28), move, font=_f(18), fill=INK)
            y += 28 * min(10, len(shown)) + 10
        if len(moves) > len(shown):
            more = f"and {len(moves) - len(shown)} more: use autocomplete"
            d.text((16, y), more, font=_f(16), fill=MUTED)
            y += 26
    else:
        y += _para(d, (16, y), _named(view["awaiting"], names), _f(17), W - 32)
    return img.crop((0, 0, W, int(y) + 10))
