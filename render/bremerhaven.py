"""Bremerhaven images: the Town, Sea and Land boards with bids, the progress track, the newspaper
rack and every harbour (``board``); a seat's hand, placed bids and working harbour (``private``)."""

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
    new_canvas,
    panel,
    seat_colour,
    seat_letter,
    seat_token,
)

WIDTH = 1400
GOOD_STYLE = {
    "barrel": ((150, 90, 40), "B"),
    "crate": ((214, 170, 100), "Cr"),
    "container": ((60, 110, 170), "Co"),
    "passenger": ((140, 70, 160), "P"),
    "any": ((230, 230, 230), "?"),
}
NEUTRAL = (90, 90, 90)
COVER = (170, 170, 170)
TOWN_LABELS = {
    "1.0": "Parking",
    "1.1": "Building",
    "1.2": "Permit",
    "1.3": "Influence",
    "1.4": "Prices",
    "1.5": "Career",
}
STEP_TEXT = {
    "auction": "Auction",
    "start": "Starting goods",
    "permit": "1.2 Building permits",
    "upgrade": "1.3 Increase influence",
    "price": "1.4 Price card choice",
    "career": "1.5 Career ladder",
    "place": "Placing ships and contracts",
    "harbour": "Individual actions",
}


def _name(view: dict, pid: int) -> str:
    if view.get("variant") == "solo" and pid == 1:
        return "Neutral"
    names = view.get("names")
    if names and pid < len(names):
        return str(names[pid])
    return f"Player {seat_letter(pid)}"


def _colour(view: dict, pid: int) -> tuple[int, int, int]:
    if view.get("variant") == "solo" and pid == 1:
        return NEUTRAL
    return seat_colour(pid)


def _token(draw: ImageDraw.ImageDraw, view: dict, xy, pid: int, r: float = 12) -> None:
    if view.get("variant") == "solo" and pid == 1:
        x, y = xy
        draw.ellipse((x - r, y - r, x + r, y + r), fill=NEUTRAL, outline=INK)
        centered_text(draw, (x, y), "N", font(int(r * 1.2), True), WHITE)
    else:
        seat_token(draw, xy, pid, radius=r)


def good_icon(draw: ImageDraw.ImageDraw, xy, good: str, size: int = 22, faded=False) -> None:
    colour, letter = GOOD_STYLE.get(good, GOOD_STYLE["any"])
    x, y = xy
    fill = colour if not faded else (235, 235, 235)
    if good == "barrel":
        draw.ellipse((x, y, x + size, y + size), fill=fill, outline=INK)
    elif good == "passenger":
        draw.rounded_rectangle(
            (x, y, x + size, y + size), radius=size // 2 - 2, fill=fill, outline=INK
        )
    else:
        draw.rectangle((x, y, x + size, y + size), fill=fill, outline=INK)
    ink = contrast_ink(fill) if not faded else MUTED
    centered_text(draw, (x + size / 2, y + size / 2), letter, font(max(9, size // 2), True), ink)


@lru_cache(maxsize=8)
def _background(height: int) -> Image.Image:
    image = new_canvas(WIDTH, height, BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, 52), fill=SEA)
    x = WIDTH - 470
    draw.text((x, 8), "Goods:", font=font(14, True), fill=WHITE)
    for i, good in enumerate(("barrel", "crate", "container", "passenger")):
        good_icon(draw, (x + 60 + i * 100, 6), good, 18)
        draw.text((x + 82 + i * 100, 8), good, font=font(13), fill=WHITE)
    return image


def _bid_cards(draw, view: dict, x: float, y: float, w: float, space: str, won_dy=62) -> None:
    bids = [b for b in view.get("bids", []) if b["space"] == space]
    cx, cy = x, y
    for b in bids:
        if cx + 24 > x + w:
            cx, cy = x, cy + 30
        colour = _colour(view, b["pid"])
        draw.rounded_rectangle((cx, cy, cx + 22, cy + 28), radius=3, fill=colour, outline=INK)
        label = str(b["value"]) if b.get("value") is not None else seat_letter(b["pid"])
        if view.get("variant") == "solo" and b["pid"] == 1 and b.get("value") is None:
            label = "N"
        centered_text(draw, (cx + 11, cy + 14), label, font(13, True), contrast_ink(colour))
        cx += 25
    win = view.get("winners", {}).get(space)
    if win is not None:
        draw.text((x, y + won_dy), "won: " + _name(view, win), font=font(12, True), fill=INK)


def _town(draw, view: dict, y: int) -> int:
    panel(draw, (10, y, WIDTH - 10, y + 200), "Town board", SEA)
    spaces = ["1.0", "1.1", "1.2", "1.3", "1.4", "1.5"]
    cell = 168
    for i, sp in enumerate(spaces):
        x = 20 + i * (cell + 6)
        top = y + 38
        draw.rounded_rectangle((x, top, x + cell, top + 156), radius=6, fill=WHITE, outline=MUTED)
        draw.text((x + 6, top + 4), f"{sp} {TOWN_LABELS[sp]}", font=font(14, True), fill=INK)
        detail = ""
        if sp == "1.1":
            b = view.get("building_top")
            detail = f"{b['name']} ({b['prestige']}*)" if b else "(none left)"
        elif sp == "1.4":
            p = view["price"]
            for k, good in enumerate(("barrel", "crate", "container", "passenger")):
                gx = x + 6 + k * 40
                good_icon(draw, (gx, top + 24), good, 18)
                draw.text((gx + 21, top + 26), str(p[good]), font=font(14, True), fill=INK)
        elif sp == "1.5":
            for r, pid in enumerate(view["hierarchy"]):
                _token(draw, view, (x + 14 + r * 40, top + 34), pid, 11)
                draw.text((x + 27 + r * 40, top + 27), str(r + 1), font=font(11), fill=MUTED)
        elif sp == "1.0":
            detail = "1 coin per card"
        elif sp == "1.2" or sp == "1.3":
            detail = "multi-user"
        if detail:
            draw.text((x + 6, top + 26), detail, font=font(13), fill=INK)
        _bid_cards(draw, view, x + 6, top + 56, cell - 12, sp)
    # newspaper rack
    x = 20 + 6 * (cell + 6)
    top = y + 38
    draw.rounded_rectangle((x, top, WIDTH - 20, top + 156), radius=6, fill=PAPER, outline=MUTED)
    draw.text((x + 6, top + 4), "Newspaper rack", font=font(14, True), fill=INK)
    prog = view.get("progress_card")
    if view["variant"] == "long":
        adv = f"Ship ahoy! +{prog['progress']}" if prog else "-"
    else:
        adv = "Special edition: +2"
    draw.text((x + 6, top + 26), adv, font=font(13, True), fill=INK)
    event = view.get("event_card")
    text = event["text"] if event else "No event this round."
    _wrap(draw, (x + 6, top + 46), "Event: " + text, font(12), WIDTH - 30 - x, 5)
    return y + 206


def _wrap(draw, xy, text: str, fnt, width: float, max_lines: int) -> None:
    words = text.split()
    lines, line = [], ""
    for w in words:
        trial = f"{line} {w}".strip()
        if draw.textlength(trial, font=fnt) <= width:
            line = trial
        else:
            lines.append(line)
            line = w
    lines.append(line)
    x, y = xy
    for i, ln in enumerate(lines[:max_lines]):
        draw.text((x, y + i * (fnt.size + 3)), ln, font=fnt, fill=INK)


def _ship_card(draw, x, y, w, h, ship: dict, extra: str = "") -> None:
    draw.rounded_rectangle((x, y, x + w, y + h), radius=5, fill=(225, 238, 248), outline=SEA)
    draw.text((x + 5, y + 3), ship["name"][:16], font=font(13, True), fill=INK)
    draw.text(
        (x + 5, y + 21),
        f"load {ship['load']}  moor {ship['mooring']}  {ship['prestige']}*",
        font=font(12),
        fill=INK,
    )
    for k in range(ship["cargo"]):
        good_icon(draw, (x + 5 + k * 21, y + 39), ship["goods"], 18)
    if extra:
        draw.text((x + 5, y + 60), extra, font=font(12), fill=INK)


def _contract_card(draw, x, y, w, h, c: dict, got: list[str] | None = None, extra="") -> None:
    draw.rounded_rectangle((x, y, x + w, y + h), radius=5, fill=(245, 236, 214), outline=MUTED)
    terms = []
    if c["bonus_coins"]:
        terms.append(f"+{c['bonus_coins']}$")
    if c["bonus_prestige"]:
        terms.append("+1*")
    if c["penalty_coins"]:
        terms.append(f"-{c['penalty_coins']}$")
    if c["penalty_prestige"]:
        terms.append("-1*")
    draw.text((x + 5, y + 3), f"{c['id']}  time {c['time']}", font=font(12, True), fill=INK)
    draw.text((x + 5, y + 19), " ".join(terms) or "no terms", font=font(12), fill=INK)
    remaining = list(got or [])
    for k, good in enumerate(c["goods"]):
        delivered = False
        if good in remaining:
            remaining.remove(good)
            delivered = True
        elif good == "any" and remaining and k >= len(c["goods"]) - 0:
            delivered = True
        good_icon(draw, (x + 5 + k * 23, y + 37), good, 19, faded=False)
        if delivered:
            draw.line((x + 5 + k * 23, y + 58, x + 24 + k * 23, y + 58), fill=INK, width=3)
    # wildcards filled by leftover deliveries
    if got and remaining:
        draw.text(
            (x + 5 + len(c["goods"]) * 23, y + 40),
            "+" + ",".join(GOOD_STYLE[g][1] for g in remaining),
            font=font(11, True),
            fill=INK,
        )
    if extra:
        draw.text((x + 5, y + 62), extra, font=font(12), fill=INK)


def _sea_land(draw, view: dict, y: int) -> int:
    half = (WIDTH - 30) // 2
    for b, (key, title) in enumerate(
        (("sea", "Sea board: ships"), ("land", "Land board: contracts"))
    ):
        x0 = 10 + b * (half + 10)
        panel(draw, (x0, y, x0 + half, y + 196), title, SEA if key == "sea" else (150, 120, 70))
        cards = view[key]
        w = (half - 20) // 4 - 6
        for i, card in enumerate(cards):
            x = x0 + 10 + i * (w + 6)
            space = f"{2 if key == 'sea' else 3}.{i + 1}"
            draw.text((x, y + 36), space, font=font(13, True), fill=INK)
            if card is None:
                draw.rounded_rectangle((x, y + 54, x + w, y + 124), radius=5, outline=MUTED)
                centered_text(draw, (x + w / 2, y + 89), "empty", font(12), MUTED)
            elif key == "sea":
                _ship_card(draw, x, y + 54, w, 70, card)
            else:
                _contract_card(draw, x, y + 54, w, 70, card)
            _bid_cards(draw, view, x, y + 146, w, space, won_dy=-18)
    return y + 202


def harbour_panel(draw, view: dict, h: dict, pid: int, box, title_extra: str = "") -> None:
    x0, y0, x1, y1 = box
    rank = view["hierarchy"].index(pid) if pid in view["hierarchy"] else 0
    ranks = view.get("ranks", [])
    title = (
        f"{'> ' if pid in view.get('to_move', []) else ''}{_name(view, pid)} ({seat_letter(pid)})"
        f" · {ranks[rank] if rank < len(ranks) else ''} · {h['money']} coins"
        f" · prestige {h['prestige']} (harbour {h['harbour_prestige']}){title_extra}"
    )
    waiting = pid in view.get("to_move", [])
    panel(draw, box, title, _colour(view, pid), fill=(255, 250, 205) if waiting else PAPER)
    # berths and quays
    bx, by = x0 + 8, y0 + 40
    bh = 86
    for q in range(4):
        qy = by + q * bh
        draw.rectangle((bx, qy - 3, bx + 196, qy + 3), fill=(120, 100, 80))
        for k in range(3):
            filled = k < h["quays"][q]
            draw.ellipse(
                (bx + 150 + k * 15, qy - 6, bx + 162 + k * 15, qy + 6),
                fill=INK if filled else WHITE,
                outline=INK,
            )
        draw.text((bx + 2, qy + 5), f"quay {q + 1}", font=font(10), fill=MUTED)
        if q == 3:
            break
        berth = h["berths"][q]
        top = qy + 8
        draw.rectangle((bx, top + 10, bx + 196, top + bh - 12), fill=SEA_LIGHT)
        label = f"berth {q + 1} (size {h['berth_sizes'][q]})"
        draw.text((bx + 60, top + 11), label, font=font(11), fill=INK)
        if berth:
            ship = berth["ship"]
            draw.text(
                (bx + 4, top + 26),
                f"{ship['name'][:14]} {ship['prestige']}* t{berth['time']}",
                font=font(12, True),
                fill=INK,
            )
            for k in range(berth["count"]):
                good_icon(draw, (bx + 4 + k * 21, top + 45), berth["good"], 18)
    # bays
    gx = x0 + 214
    cw = (x1 - gx - 10) // 4
    for k in range(4):
        x = gx + k * cw
        bay = h["bays"][k]
        box_ = (x, y0 + 38, x + cw - 6, y0 + 122)
        colour = WHITE if h["bays_open"][k] else (215, 215, 215)
        draw.rounded_rectangle(box_, radius=5, fill=colour, outline=MUTED)
        if bay:
            state = "open" if h["bays_open"][k] else "closed"
            _contract_card(
                draw,
                x + 2,
                y0 + 40,
                cw - 10,
                80,
                bay["contract"],
                bay["got"],
                f"bay {k + 1} · t{bay['time']} · {state}",
            )
        else:
            centered_text(
                draw,
                (x + cw / 2 - 3, y0 + 80),
                f"bay {k + 1}" + ("" if h["bays_open"][k] else " (closed)"),
                font(12),
                MUTED,
            )
    # storage grid
    sh = 58
    for i, sp in enumerate(h["spaces"]):
        r, c = divmod(i, 4)
        x = gx + c * cw
        y = y0 + 128 + r * (sh + 4)
        box_ = (x, y, x + cw - 6, y + sh)
        if sp["cover"] is not None:
            draw.rectangle(box_, fill=COVER, outline=MUTED)
            centered_text(
                draw,
                (x + cw / 2 - 3, y + sh / 2),
                f"{sp['name']} cover {sp['cover']}$",
                font(12, True),
                INK,
            )
            continue
        fill = (240, 240, 230) if not sp["building"] else (222, 235, 210)
        draw.rectangle(box_, fill=fill, outline=MUTED)
        draw.text((x + 3, y + 2), sp["name"], font=font(10), fill=MUTED)
        if sp["building"]:
            b = view.get("buildings", {}).get(sp["building"], {})
            _wrap(draw, (x + 20, y + 1), b.get("name", sp["building"]), font(11, True), cw - 30, 2)
            draw.text(
                (x + cw - 12, y + sh - 4),
                f"{b.get('prestige', 0)}*",
                font=font(12, True),
                fill=INK,
                anchor="rb",
            )
        for k, good in enumerate(sp["goods"]):
            good_icon(draw, (x + 4 + k * 24, y + 32), good, 20)
    if h["unbuilt"]:
        names = [view.get("buildings", {}).get(b, {}).get("name", b) for b in h["unbuilt"]]
        draw.text((gx, y1 - 22), "Unbuilt: " + ", ".join(names), font=font(12, True), fill=INK)


def _header(draw, view: dict) -> None:
    phase = view["phase"]
    step = STEP_TEXT.get(view.get("step", ""), view.get("step", ""))
    title = f"Bremerhaven ({view['variant']}) · round {view['round']} · "
    if phase == "over":
        title += "game over"
    else:
        title += step or phase
    draw.text((14, 8), title, font=font(22, True), fill=WHITE)
    waiting = view.get("to_move", [])
    if waiting:
        text = "Waiting for: " + ", ".join(_name(view, s) for s in waiting)
        done = view.get("submitted", [])
        if done:
            text += "   (done: " + ", ".join(_name(view, s) for s in done) + ")"
    else:
        text = "Final scores: " + ", ".join(
            f"{_name(view, i)} {s}" for i, s in enumerate(view.get("scores", [])) if s is not None
        )
        if view.get("rating"):
            text += f"  · {view['rating']['title']}"
    draw.text((14, 34), text, font=font(14, True), fill=HIGHLIGHT)


def _progress(draw, view: dict, y: int) -> int:
    last = view["progress_last"]
    cell = (WIDTH - 180) / (last + 1)
    draw.text((14, y + 8), "Progress", font=font(15, True), fill=INK)
    for i in range(last + 1):
        x = 110 + i * cell
        fill = HIGHLIGHT if i == view["progress"] else WHITE
        draw.rectangle((x, y, x + cell - 3, y + 30), fill=fill, outline=MUTED)
        centered_text(draw, (x + cell / 2, y + 15), str(i), font(12, i == view["progress"]), INK)
    return y + 38


def board(view: dict) -> Image.Image:
    count = len(view["harbours"])
    humans = [i for i in range(count) if not view["harbours"][i]["neutral"]]
    rows = (len(humans) + 1) // 2
    hh = 340
    height = 52 + 44 + 206 + 202 + rows * (hh + 8) + 10
    image = _background(height).copy()
    draw = ImageDraw.Draw(image)
    _header(draw, view)
    y = _progress(draw, view, 60)
    y = _town(draw, view, y)
    y = _sea_land(draw, view, y)
    half = (WIDTH - 30) // 2
    for k, pid in enumerate(humans):
        r, c = divmod(k, 2)
        x0 = 10 + c * (half + 10)
        y0 = y + r * (hh + 8)
        harbour_panel(draw, view, view["harbours"][pid], pid, (x0, y0, x0 + half, y0 + hh))
    if len(humans) == 1 and view.get("variant") == "solo":
        x0 = 10 + half + 10
        panel(draw, (x0, y, x0 + half, y + hh), "Neutral player", NEUTRAL)
        lines = [
            f"Cards in hand: {view['harbours'][1]['cards_in_hand']}",
            "Its newspaper draws this round:",
        ]
        lines += [f"  {d['card']} -> {d['space']}" for d in view.get("neutral_draws", [])]
        for i, ln in enumerate(lines[:12]):
            draw.text((x0 + 12, y + 40 + i * 22), ln, font=font(15), fill=INK)
    return image


def private(view: dict) -> Image.Image | None:
    priv = view.get("private") or {}
    seat = view.get("seat", 0)
    draft = priv.get("draft")
    pile = priv.get("price_pile")
    top_h = 330 if pile else 240
    height = top_h + 10 + (360 if draft else 0)
    image = new_canvas(WIDTH, height, BACKGROUND)
    draw = ImageDraw.Draw(image)
    colour = seat_colour(seat)
    panel(draw, (10, 10, WIDTH - 10, top_h), f"{_name(view, seat)}: your hand and bids", colour)
    draw.text((24, 48), "Hand:", font=font(18, True), fill=INK)
    if not priv.get("hand"):
        draw.text((100, 52), "(all cards placed)", font=font(16), fill=MUTED)
    for i, v in enumerate(priv.get("hand", [])):
        x = 100 + i * 52
        draw.rounded_rectangle((x, 44, x + 44, 104), radius=6, fill=colour, outline=INK)
        centered_text(draw, (x + 22, 74), str(v), font(26, True), contrast_ink(colour))
    draw.text((24, 118), "Placed:", font=font(18, True), fill=INK)
    for i, (space, value) in enumerate(priv.get("my_bids", [])):
        x = 110 + i * 90
        draw.rounded_rectangle((x, 114, x + 80, 150), radius=6, fill=WHITE, outline=INK)
        centered_text(draw, (x + 40, 132), f"{space}: {value}", font(16, True), INK)
    if priv.get("pending"):
        draw.text((24, 160), f"Choosing a card for {priv['pending']}", font=font(16), fill=INK)
    if pile:
        draw.text(
            (24, 160),
            "Price pile, top first (barrel crate container passenger):",
            font=font(14, True),
            fill=INK,
        )
        goods = ("barrel", "crate", "container", "passenger")
        for i, p in enumerate(pile):
            text = f"{p['id']}: " + " ".join(str(p[g]) for g in goods)
            x, y = 24 + (i % 6) * 225, 184 + (i // 6) * 24
            draw.text((x, y), text, font=font(14, i == 0), fill=INK)
    legal = priv.get("legal", [])
    if legal:
        _wrap(draw, (24, top_h - 50), "Legal now: " + ", ".join(legal), font(13), WIDTH - 60, 2)
    if draft:
        y0 = top_h + 10
        harbour_panel(draw, view, draft, seat, (10, y0, WIDTH // 2 + 200, y0 + 350), " · draft")
        notes = priv.get("draft_notes", [])[-14:]
        x = WIDTH // 2 + 212
        draw.text((x, y0 + 4), "Your actions this step:", font=font(14, True), fill=INK)
        for i, n in enumerate(notes):
            draw.text((x, y0 + 26 + i * 22), "· " + n[:48], font=font(13), fill=INK)
    return image
