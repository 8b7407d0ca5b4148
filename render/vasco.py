"""Vasco da Gama renderer: a view in, a Pillow image out (design.md 6).

The board shows the Number Zone with the first-free-action marker, the VdG tile, the four action
areas with their discs and numbers, the projects on offer, the Hire sections, the characters and
money spaces, the Navigation area with every ship, and one panel per player.
"""

from __future__ import annotations

from functools import lru_cache

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
)

WIDTH = 1400
HEIGHT = 1330
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


@lru_cache(maxsize=4)
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
    if revealed:
        return "revealed this round"
    return "revealed at setup" if view["round"] == 1 else "revealed last round"


def _vdg(d: ImageDraw.ImageDraw, view: dict) -> None:
    t = view["vdg"]
    revealed = view["vdg_revealed_this_round"]
    d.text(
        (492, 112),
        _vdg_label(view, revealed),
        font=font(14),
        fill=INK,
    )
    d.rounded_rectangle((500, 135, 680, 250), radius=8, fill=WHITE, outline=INK, width=2)
    d.text((512, 145), f"change {t['change']:+d}", font=font(18, True), fill=INK)
    d.text((512, 178), f"start {t['start']}", font=font(16), fill=INK)
    d.text((512, 208), f"reals {t['reals']}", font=font(16), fill=INK)
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
            d.text((x + 6, y + 10), f"<= {sp['value']}", font=font(15, True), fill=INK)
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
    d.text((x0 + 12, y0 + 190), "ships in port:", font=font(13, True), fill=INK)
    text = "; ".join(_tile_text(t) for t in p["port"]) or "none"
    _wrapped(d, (x0 + 12, y0 + 208), text, x1 - x0 - 24, 2)


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
    if len(out) > lines:
        out = [*out[: lines - 1], out[lines - 1] + " ..."]
    for i, row in enumerate(out):
        d.text((x, y + i * 17), row, font=fnt, fill=INK)


def board(view: dict) -> Image.Image:
    img = _background(view["players"]).copy()
    d = ImageDraw.Draw(img)
    names = _names(view)
    status = "Game over" if view["over"] else f"Round {view['round']}/{view['rounds']}"
    phase = {"place": "Phase 1: place discs", "act": "Phase 2: actions", "over": ""}
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
        _player_panel(d, view, seat, (x, 860, x + width - 8, 1110), names[seat])
    d.text((14, 1120), "Log", font=font(16, True), fill=INK)
    for i, line in enumerate(view["log"][-8:]):
        d.text((14, 1142 + i * 22), _named(line, names)[:170], font=font(14), fill=INK)
    return img


def private(view: dict) -> Image.Image | None:
    seat = view.get("seat")
    if seat is None:
        return None
    names = _names(view)
    img = Image.new("RGB", (WIDTH, 520), BACKGROUND)
    d = ImageDraw.Draw(img)
    _player_panel(d, view, seat, (10, 10, 700, 260), names[seat])
    panel(d, (710, 10, 1390, 510), "Your legal moves now", seat_colour(seat))
    moves = view["private"].get("moves", [])
    if not moves:
        d.text((724, 56), "Nothing to do now: wait for your turn.", font=font(16), fill=INK)
    for i, move in enumerate(moves[:36]):
        col, row = divmod(i, 18)
        d.text((724 + col * 330, 52 + row * 25), move, font=font(16), fill=INK)
    d.text((14, 280), _named(view["awaiting"], names), font=font(16, True), fill=INK)
    return img
