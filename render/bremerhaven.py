"""Bremerhaven images for a phone (design.md 6): ``board`` (public), ``private`` (one seat) and
``detail`` (``/board detail``).

Discord shows an image at most 550 px wide, so the board is 960 px wide and every label is drawn
at 14 px or more (8 px or more once scaled); most text is 15-18 px.

What moved where in the redesign (from the old 1400 px board):
- The board is one column: header (round, step, who is waiting), a legend (goods icons, seat
  tokens, symbols), the Progress track with deck sizes and discard counts, the Town board as two
  rows of big boxes (1.0-1.3 and 1.4, 1.5, the newspaper rack), the Sea and Land rows, then one
  full-width harbour per player, and the final standings when the game is over.
- Harbours: bollard spots show the coins printed on them (filled spots are black); each built
  Building shows its name and a short ability tag (full text in the detail image and
  ``/rules buildings``); contract slots are filled with the delivered good, also in wildcard
  slots (a wildcard slot still open shows "?"); the title names rank, coins, prestige and
  upgrades; the card a player is placing is named under their harbour.
- The 1.1 box names the Building on the pile and, once taken, the Building won and its winner
  separately (the next Building is never labelled as won).
- Moved to ``detail``: every Building's full ability text, the event and newspaper discards, the
  neutral player's draws, the bollard cost table, the discard piles by name.
- ``private``: hand and face-down cards drawn large, the current decision and its moves, the
  Price pile for its chooser, and the seat's working harbour with its recent actions.
Each seat has a colour and a letter (A-D); the solo neutral player is a grey "N".
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
    new_canvas,
    panel,
    seat_colour,
    seat_letter,
    seat_token,
    static_layer,
)

WIDTH = 960
DETAIL_WIDTH = 1000
M = 12  # outer margin
INNER = WIDTH - 2 * M
GOODS = ("barrel", "crate", "container", "passenger")
GOOD_STYLE = {
    "barrel": ((150, 90, 40), "B"),
    "crate": ((214, 170, 100), "Cr"),
    "container": ((60, 110, 170), "Co"),
    "passenger": ((140, 70, 160), "P"),
    "any": ((236, 236, 236), "?"),
}
NEUTRAL = (90, 90, 90)
COVER = (175, 175, 175)
LAND = (150, 120, 70)
CLOSED = (215, 215, 215)
WAITING = (255, 248, 200)
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
ABILITY_TAG = {
    "moor": "+1 mooring",
    "store": "storage",
    "exchange": "sets prices",
    "freepack": "free packing",
    "crane": "ship->contract",
    "shipyard": "bollards -2",
    "income": "+1 income",
    "insurance": "penalty -2",
    "customs": "+1 bonus",
    "none": "",
}


# ---------------------------------------------------------------- small pieces
def _text(draw, xy, text, size=16, bold=False, fill=INK, anchor="la") -> None:
    draw.text(xy, str(text), font=font(size, bold), fill=fill, anchor=anchor)


def _fit(draw, text: str, size: int, width: float, bold=False) -> str:
    """``text`` shortened at a word boundary (with "...") to fit ``width``."""
    fnt = font(size, bold)
    if draw.textlength(text, font=fnt) <= width:
        return text
    words = text.split()
    while words and draw.textlength(" ".join(words) + "...", font=fnt) > width:
        words.pop()
    return (" ".join(words) + "...") if words else ""


def _wrap(draw, xy, text: str, size: int, width: float, max_lines: int, bold=False) -> int:
    """Draw ``text`` wrapped at word boundaries; returns the height used."""
    fnt = font(size, bold)
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if draw.textlength(trial, font=fnt) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = _fit(draw, lines[-1] + " ...", size, width, bold)
    x, y = xy
    for i, ln in enumerate(lines):
        draw.text((x, y + i * (size + 4)), ln, font=fnt, fill=INK)
    return len(lines) * (size + 4)


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


def _letter(view: dict, pid: int) -> str:
    return "N" if view.get("variant") == "solo" and pid == 1 else seat_letter(pid)


def _token(draw, view: dict, xy, pid: int, r: float = 13) -> None:
    if view.get("variant") == "solo" and pid == 1:
        x, y = xy
        draw.ellipse((x - r, y - r, x + r, y + r), fill=NEUTRAL, outline=INK)
        centered_text(draw, (x, y), "N", font(max(14, int(r * 1.2)), True), WHITE)
    else:
        seat_token(draw, xy, pid, radius=max(12, r))


def good_icon(draw, xy, good: str, size: int = 26, faded: bool = False) -> None:
    colour, letter = GOOD_STYLE.get(good, GOOD_STYLE["any"])
    x, y = xy
    fill = (242, 242, 242) if faded else colour
    box = (x, y, x + size, y + size)
    if good == "barrel":
        draw.ellipse(box, fill=fill, outline=INK, width=2)
    elif good == "passenger":
        draw.rounded_rectangle(box, radius=size // 2 - 2, fill=fill, outline=INK, width=2)
    else:
        draw.rectangle(box, fill=fill, outline=INK, width=2)
    ink = MUTED if faded else contrast_ink(fill)
    centered_text(draw, (x + size / 2, y + size / 2), letter, font(14, True), ink)


def _bid_cards(draw, view: dict, x: float, y: float, w: float, space: str) -> None:
    """Cards on a bid space: seat colour and letter (value once revealed)."""
    bids = [b for b in view.get("bids", []) if b["space"] == space]
    cx = x
    for b in bids:
        if cx + 28 > x + w:
            _text(draw, (cx, y + 8), f"+{len(bids)}", 15, True)
            break
        colour = _colour(view, b["pid"])
        draw.rounded_rectangle((cx, y, cx + 26, y + 32), radius=4, fill=colour, outline=INK)
        shown = b.get("value")
        label = str(shown) if shown is not None else _letter(view, b["pid"])
        centered_text(draw, (cx + 13, y + 16), label, font(16, True), contrast_ink(colour))
        cx += 30


def _won_by(draw, view: dict, x: float, y: float, space: str) -> None:
    win = view.get("winners", {}).get(space)
    if win is not None:
        _token(draw, view, (x + 13, y + 13), win, 12)
        _text(draw, (x + 30, y + 4), "won", 15, True)


# ---------------------------------------------------------------- board sections
@static_layer
def _chrome(height: int) -> Image.Image:
    image = new_canvas(WIDTH, height, BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, 64), fill=SEA)
    # legend: goods, then symbols
    y = 70
    x = M
    for good in GOODS:
        good_icon(draw, (x, y), good, 26)
        _text(draw, (x + 31, y + 4), good, 15)
        x += 36 + draw.textlength(good, font=font(15)) + 12
    good_icon(draw, (x, y), "any", 26)
    _text(draw, (x + 31, y + 4), "any (wildcard)", 15)
    _text(draw, (M, y + 32), "★ prestige   $ coins   t rounds left   cards: letter = owner", 15)
    return image


def _header(draw, view: dict) -> None:
    step = STEP_TEXT.get(view.get("step", ""), view.get("step", ""))
    state = "game over" if view["phase"] == "over" else (step or view["phase"])
    _text(
        draw,
        (M, 6),
        f"Bremerhaven {view['variant']} · round {view['round']} · {state}",
        24,
        True,
        WHITE,
    )
    waiting = view.get("to_move", [])
    if waiting:
        text = "Waiting for " + ", ".join(_name(view, s) for s in waiting)
        choosing = view.get("choosing") or {}
        if choosing:
            text += " (choosing a card for " + ", ".join(choosing.values()) + ")"
        done = view.get("submitted", [])
        if done:
            text += " · done: " + ", ".join(_name(view, s) for s in done)
    else:
        text = "Final scores below"
        if view.get("rating"):
            text += f" · rating: {view['rating']['title']}"
    _text(draw, (M, 38), _fit(draw, text, 18, INNER, True), 18, True, HIGHLIGHT)


def _progress(draw, view: dict, y: int) -> int:
    last = view["progress_last"]
    x0 = 110
    cell = (WIDTH - M - x0) / (last + 1)
    _text(draw, (M, y + 6), "Progress", 16, True)
    for i in range(last + 1):
        x = x0 + i * cell
        here = i == view["progress"]
        fill = HIGHLIGHT if here else (WHITE if i < last else (250, 210, 200))
        draw.rectangle((x, y, x + cell - 3, y + 30), fill=fill, outline=MUTED)
        centered_text(draw, (x + cell / 2 - 1, y + 15), str(i), font(14, here), INK)
    y += 38
    decks = (
        f"Decks: ships {view['ships_left']} · contracts {view['contracts_left']} · "
        f"buildings {view['buildings_left']}"
    )
    if view.get("variant") != "short":
        decks += f" · newspapers {view.get('newspapers_left', 0)}"
    decks += (
        f"   Discards: ships {len(view.get('ship_discard', []))} · "
        f"contracts {len(view.get('contract_discard', []))}"
    )
    _text(draw, (M, y), _fit(draw, decks, 15, INNER), 15)
    return y + 26


def _town_box(draw, view: dict, sp: str, box) -> None:
    x0, y0, x1, y1 = box
    w = x1 - x0
    open_ = sp in view.get("spaces_open", []) or view["phase"] != "auction"
    draw.rounded_rectangle(box, radius=6, fill=WHITE if open_ else CLOSED, outline=MUTED, width=2)
    _text(draw, (x0 + 8, y0 + 6), f"{sp} {TOWN_LABELS[sp]}", 17, True)
    ty = y0 + 32
    if sp == "1.0":
        _text(draw, (x0 + 8, ty), "+1$ per card placed", 15)
    elif sp == "1.1":
        won = view.get("building_won")
        top = view.get("building_top")
        winner = view.get("winners", {}).get("1.1")
        if won:
            verb = "Taken" if winner is not None else "Removed"
            used = _wrap(draw, (x0 + 8, ty), f"{verb}: {won['name']}", 15, w - 16, 2)
            nxt = f"Next: {top['name']} {top['prestige']}★" if top else "Pile empty"
            _text(draw, (x0 + 8, ty + used + 2), _fit(draw, nxt, 15, w - 16), 15, fill=MUTED)
        elif top:
            _text(
                draw,
                (x0 + 8, ty),
                _fit(draw, f"{top['name']} {top['prestige']}★", 15, w - 16, True),
                15,
                True,
            )
            _wrap(draw, (x0 + 8, ty + 21), top["text"], 14, w - 16, 2)
        else:
            _text(draw, (x0 + 8, ty), "No Building left", 15, fill=MUTED)
    elif sp in ("1.2", "1.3"):
        what = "a permit" if sp == "1.2" else "an upgrade"
        _text(draw, (x0 + 8, ty), f"Top bid: {what} free", 15)
        _text(draw, (x0 + 8, ty + 21), "others pay the difference", 15)
    elif sp == "1.4":
        price = view["price"]
        for k, good in enumerate(GOODS):
            gx = x0 + 8 + k * ((w - 16) / 4)
            good_icon(draw, (gx, ty), good, 24)
            _text(draw, (gx + 27, ty + 2), str(price[good]), 17, True)
        _text(draw, (x0 + 8, ty + 30), "$ per good sold", 14, fill=MUTED)
    elif sp == "1.5":
        for r, pid in enumerate(view["hierarchy"]):
            cx = x0 + 22 + r * ((w - 20) / 4)
            _token(draw, view, (cx, ty + 14), pid, 13)
            _text(draw, (cx + 15, ty + 4), str(r + 1), 14, True, MUTED)
        income = "/".join(str(v) for v in (4, 3, 2, 1)[: len(view["hierarchy"])])
        _text(draw, (x0 + 8, ty + 32), f"then income {income}$", 14, fill=MUTED)
    if view.get("revealed") and sp != "1.0":
        _won_by(draw, view, x1 - 70, y0 + 4, sp)
    _bid_cards(draw, view, x0 + 8, y1 - 40, w - 16, sp)


def _rack(draw, view: dict, box) -> None:
    x0, y0, x1, _ = box
    draw.rounded_rectangle(box, radius=6, fill=PAPER, outline=MUTED, width=2)
    _text(draw, (x0 + 8, y0 + 6), "Newspaper rack", 17, True)
    w = x1 - x0 - 16
    if view["variant"] == "long":
        prog = view.get("progress_card")
        adv = f"Progress card: ship ahoy +{prog['progress']}" if prog else "Progress card: none"
        _text(draw, (x0 + 8, y0 + 32), adv, 15, True)
        event = view.get("event_card")
        text = "Event at round end: " + (event["text"] if event else "none this round.")
        _wrap(draw, (x0 + 8, y0 + 54), text, 15, w, 4)
    elif view["variant"] == "short":
        _text(draw, (x0 + 8, y0 + 32), "Special edition: +2 each round", 15, True)
        _text(draw, (x0 + 8, y0 + 54), "No events in the short game.", 15)
    else:
        _text(draw, (x0 + 8, y0 + 32), "Solo: +2 each round, no events", 15, True)
        draws = view.get("neutral_draws", [])
        spaces = ", ".join(d["space"] for d in draws) or "none yet"
        _wrap(draw, (x0 + 8, y0 + 54), f"Neutral's newspaper draws: {spaces}", 15, w, 3)


def _town(draw, view: dict, y: int) -> int:
    panel(draw, (M, y, WIDTH - M, y + 366), "Town board (1.x)", SEA)
    cw = (INNER - 16 - 3 * 8) / 4
    bh = 156
    boxes = {}
    for i, sp in enumerate(("1.0", "1.1", "1.2", "1.3")):
        x = M + 8 + i * (cw + 8)
        boxes[sp] = (x, y + 38, x + cw, y + 38 + bh)
    for i, sp in enumerate(("1.4", "1.5")):
        x = M + 8 + i * (cw + 8)
        boxes[sp] = (x, y + 46 + bh, x + cw, y + 46 + 2 * bh)
    for sp, box in boxes.items():
        _town_box(draw, view, sp, box)
    x = M + 8 + 2 * (cw + 8)
    _rack(draw, view, (x, y + 46 + bh, WIDTH - M - 8, y + 46 + 2 * bh))
    return y + 374


def _ship_card(draw, view, x, y, w, ship: dict, label: str) -> None:
    draw.rounded_rectangle(
        (x, y, x + w, y + 96), radius=6, fill=(225, 238, 248), outline=SEA, width=2
    )
    _text(draw, (x + 6, y + 4), _fit(draw, f"{label} {ship['name']}", 17, w - 50, True), 17, True)
    _text(draw, (x + w - 6, y + 4), f"{ship['prestige']}★", 17, True, anchor="ra")
    step = min(29, (w - 12) / max(1, ship["cargo"]))
    for k in range(ship["cargo"]):
        good_icon(draw, (x + 6 + k * step, y + 30), ship["goods"], 26)
    _text(draw, (x + 6, y + 66), f"moor {ship['mooring']} · t{ship['load']}", 16)


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


def _contract_slots(draw, x, y, goods: list[str], got: list[str], size=26, gap=29) -> None:
    """The contract's required goods; delivered ones drawn in colour (a wildcard slot shows the
    good delivered into it), missing ones pale."""
    filled = slot_fill(goods, got)
    for i, g in enumerate(goods):
        gx = x + i * gap
        if filled[i]:
            good_icon(draw, (gx, y), filled[i], size)
            if g == "any":  # a filled wildcard: a small star in the corner
                draw.ellipse(
                    (gx + size - 9, y - 3, gx + size + 3, y + 9), fill=HIGHLIGHT, outline=INK
                )
        else:
            good_icon(draw, (gx, y), g, size, faded=True)


def _terms(c: dict) -> str:
    bonus = "+1★" if c["bonus_prestige"] else (f"+{c['bonus_coins']}$" if c["bonus_coins"] else "")
    pen = (
        "-1★"
        if c["penalty_prestige"]
        else (f"-{c['penalty_coins']}$" if c["penalty_coins"] else "")
    )
    return " ".join(t for t in (bonus, pen) if t) or "no bonus/penalty"


def _contract_card(draw, x, y, w, c: dict, label: str) -> None:
    draw.rounded_rectangle(
        (x, y, x + w, y + 96), radius=6, fill=(245, 236, 214), outline=LAND, width=2
    )
    _text(draw, (x + 6, y + 4), f"{label} t{c['time']}", 17, True)
    _text(draw, (x + w - 6, y + 4), c["id"], 15, fill=MUTED, anchor="ra")
    _contract_slots(draw, x + 6, y + 30, c["goods"], [])
    _text(draw, (x + 6, y + 66), _terms(c), 16)


def _sea_land(draw, view: dict, y: int) -> int:
    for key, title, colour in (
        ("sea", "Sea board: ships (2.x)", SEA),
        ("land", "Land board: contracts (3.x)", LAND),
    ):
        cards = view[key]
        panel(draw, (M, y, WIDTH - M, y + 188), title, colour)
        w = (INNER - 16 - 3 * 8) / 4
        for i, card in enumerate(cards):
            x = M + 8 + i * (w + 8)
            space = f"{2 if key == 'sea' else 3}.{i + 1}"
            if card is None:
                draw.rounded_rectangle(
                    (x, y + 38, x + w, y + 134), radius=6, outline=MUTED, width=2
                )
                _text(draw, (x + 6, y + 42), space, 17, True, MUTED)
                note = (
                    "taken"
                    if view.get("revealed") and view.get("winners", {}).get(space) is not None
                    else "empty"
                )
                centered_text(draw, (x + w / 2, y + 90), note, font(16), MUTED)
            elif key == "sea":
                _ship_card(draw, view, x, y + 38, w, card, space)
            else:
                _contract_card(draw, x, y + 38, w, card, space)
            if view.get("revealed"):
                _won_by(draw, view, x + w - 70, y + 142, space)
            _bid_cards(draw, view, x, y + 142, w - (74 if view.get("revealed") else 0), space)
        y += 196
    return y


def _tag(view: dict, bid: str) -> str:
    b = view.get("buildings", {}).get(bid, {})
    ability = b.get("ability", "none")
    if ability == "produce":
        text = b.get("text", "")
        return text.replace("Production: ", "makes ").rstrip(".")
    return ABILITY_TAG.get(ability, ability)


HARBOUR_H = 376


def harbour_panel(draw, view: dict, h: dict, pid: int, box, suffix: str = "") -> None:
    x0, y0, x1, y1 = box
    hier = view.get("hierarchy", [])
    ranks = view.get("ranks", [])
    rank = ranks[hier.index(pid)] if pid in hier and hier.index(pid) < len(ranks) else ""
    title = (
        f"{_name(view, pid)} ({_letter(view, pid)}) · {rank} · {h['money']}$ · "
        f"prestige {h['prestige']} (harbour {h['harbour_prestige']}) · "
        f"upgrades {h.get('upgrades', 0)}{suffix}"
    )
    waiting = pid in view.get("to_move", [])
    panel(
        draw,
        box,
        _fit(draw, title, 18, x1 - x0 - 20, True),
        _colour(view, pid),
        fill=WAITING if waiting else PAPER,
    )
    # left: quays (bollard spots with their printed costs) and berths
    bx, by = x0 + 10, y0 + 46
    bw = 290
    costs = view.get("bollard_costs") or [[0, 0, 0]] * 4
    berth_h = 78
    for q in range(4):
        qy = by + q * (berth_h + 14)
        draw.rectangle((bx, qy - 3, bx + bw - 170, qy + 3), fill=(120, 100, 80))
        _text(draw, (bx + bw - 162, qy), f"quay {q + 1}", 14, True, (120, 100, 80), anchor="lm")
        draw.rectangle((bx + bw - 100, qy - 3, bx + bw, qy + 3), fill=(120, 100, 80))
        for k in range(3):
            cx = bx + bw - 80 + k * 28
            if k < h["quays"][q]:
                draw.ellipse((cx - 12, qy - 12, cx + 12, qy + 12), fill=INK, outline=INK)
            else:
                draw.ellipse((cx - 12, qy - 12, cx + 12, qy + 12), fill=WHITE, outline=INK, width=2)
                centered_text(draw, (cx, qy), str(costs[q][k]), font(14, True), INK)
        if q == 3:
            break
        top = qy + 8
        draw.rectangle((bx, top + 6, bx + bw, top + berth_h), fill=SEA_LIGHT)
        berth = h["berths"][q]
        _text(draw, (bx + 6, top + 8), f"berth {q + 1} · size {h['berth_sizes'][q]}", 15, True)
        if berth:
            ship = berth["ship"]
            label = f"{ship['name']} {ship['prestige']}★ t{berth['time']}"
            _text(
                draw,
                (bx + bw - 6, top + 8),
                _fit(draw, label, 15, 150, True),
                15,
                True,
                anchor="ra",
            )
            for k in range(berth["count"]):
                good_icon(draw, (bx + 6 + k * 29, top + 32), berth["good"], 26)
            if not berth["count"]:
                _text(draw, (bx + 6, top + 36), "unloaded", 15, fill=MUTED)
    # right: loading bays over the 3 x 4 spaces
    gx = x0 + bw + 26
    cw = (x1 - 10 - gx) / 4
    for k in range(4):
        x = gx + k * cw
        bay = h["bays"][k]
        is_open = h["bays_open"][k]
        bbox = (x, y0 + 40, x + cw - 6, y0 + 140)
        draw.rounded_rectangle(
            bbox,
            radius=5,
            fill=(245, 236, 214) if bay else (WHITE if is_open else CLOSED),
            outline=MUTED,
            width=2,
        )
        if bay:
            c = bay["contract"]
            _text(draw, (x + 5, y0 + 44), f"bay {k + 1} t{bay['time']}", 15, True)
            step = min(29, (cw - 16) / max(1, len(c["goods"])))
            _contract_slots(draw, x + 5, y0 + 70, c["goods"], bay["got"], 24, step)
            _text(draw, (x + 5, y0 + 100), _fit(draw, _terms(c), 15, cw - 16), 15)
            if not is_open:
                _text(draw, (x + 5, y0 + 118), "closed", 14, True, (170, 40, 40))
        else:
            _text(draw, (x + 5, y0 + 44), f"bay {k + 1}", 15, True, MUTED)
            if not is_open:
                _text(draw, (x + 5, y0 + 66), "closed", 15, fill=MUTED)
    sh = 58
    for i, sp in enumerate(h["spaces"]):
        r, c = divmod(i, 4)
        x = gx + c * cw
        y = y0 + 148 + r * (sh + 6)
        sbox = (x, y, x + cw - 6, y + sh)
        if sp["cover"] is not None:
            draw.rectangle(sbox, fill=COVER, outline=MUTED)
            _text(draw, (x + 5, y + 4), sp["name"], 14, fill=INK)
            _text(draw, (x + 5, y + 26), f"cover {sp['cover']}$", 16, True)
            continue
        fill = (222, 235, 210) if sp["building"] else (240, 240, 230)
        draw.rectangle(sbox, fill=fill, outline=MUTED)
        if sp["building"]:
            b = view.get("buildings", {}).get(sp["building"], {})
            label = f"{b.get('name', sp['building'])} {b.get('prestige', 0)}★"
            tag = _tag(view, sp["building"])
            if sp["goods"]:
                _text(draw, (x + 5, y + 3), _fit(draw, label, 14, cw - 16, True), 14, True)
            else:
                used = _wrap(draw, (x + 5, y + 2), label, 14, cw - 16, 2, True)
                if tag and used <= 18:
                    _text(draw, (x + 5, y + 30), _fit(draw, tag, 14, cw - 16), 14)
                elif tag:
                    _text(
                        draw,
                        (x + cw - 12, y + sh - 2),
                        _fit(draw, tag, 14, cw - 16),
                        14,
                        anchor="rd",
                    )
        else:
            _text(draw, (x + 5, y + 3), sp["name"], 14, fill=MUTED)
        for k, good in enumerate(sp["goods"]):
            good_icon(draw, (x + 5 + k * 29, y + 28), good, 26)
    foot = []
    if h["unbuilt"]:
        names = [view.get("buildings", {}).get(b, {}).get("name", b) for b in h["unbuilt"]]
        foot.append("Not built yet: " + ", ".join(names))
    for entry in view.get("placing", []):
        if entry["seat"] == pid and entry["cards"]:
            cards = [
                e["card"]["name"] if e["kind"] == "ship" else f"contract {e['card']['id']}"
                for e in entry["cards"]
            ]
            foot.append("Placing: " + ", ".join(cards))
    if foot:
        _text(
            draw, (x0 + 10, y1 - 26), _fit(draw, " · ".join(foot), 16, x1 - x0 - 20, True), 16, True
        )


def _neutral(draw, view: dict, y: int) -> int:
    h = view["harbours"][1]
    panel(draw, (M, y, WIDTH - M, y + 92), "Neutral player (N)", NEUTRAL)
    _text(
        draw, (M + 10, y + 40), f"Cards in hand: {h['cards_in_hand']} · reserve {h['reserve']}", 16
    )
    draws = view.get("neutral_draws", [])
    spaces = ", ".join(f"{d['space']}" for d in draws) or "none yet"
    _text(
        draw,
        (M + 10, y + 64),
        _fit(draw, f"Newspaper draws this round: {spaces}", 16, INNER - 20),
        16,
    )
    return y + 100


def _standings(draw, view: dict, y: int) -> int:
    rows = [(pid, h) for pid, h in enumerate(view["harbours"]) if not h["neutral"]]
    rows.sort(key=lambda r: (-(view["scores"][r[0]] or 0), view["hierarchy"].index(r[0])))
    height = 80 + 40 * len(rows)
    panel(draw, (M, y, WIDTH - M, y + height), "Final standings: money x prestige", SEA)
    cols = [M + 16, M + 90, M + 420, M + 560, M + 720]
    for x, head in zip(cols, ("Rank", "Player", "Money", "Prestige", "Score"), strict=True):
        _text(draw, (x, y + 40), head, 16, True, MUTED)
    for i, (pid, h) in enumerate(rows):
        ry = y + 70 + i * 40
        _text(draw, (cols[0], ry), f"{i + 1}.", 18, True)
        _token(draw, view, (cols[1] + 13, ry + 10), pid, 13)
        _text(draw, (cols[1] + 34, ry), _fit(draw, _name(view, pid), 18, 280), 18)
        _text(draw, (cols[2], ry), str(h["money"]), 18)
        _text(draw, (cols[3], ry), str(h["prestige"]), 18)
        _text(draw, (cols[4], ry), str(view["scores"][pid]), 18, True)
    return y + height + 8


def board(view: dict) -> Image.Image:
    humans = [i for i, h in enumerate(view["harbours"]) if not h["neutral"]]
    solo = view.get("variant") == "solo"
    over = view["phase"] == "over"
    height = 124 + 70 + 374 + 2 * 196 + len(humans) * (HARBOUR_H + 8) + (100 if solo else 0)
    height += (88 + 40 * len(humans)) if over else 0
    image = _chrome(height).copy()
    draw = ImageDraw.Draw(image)
    _header(draw, view)
    y = 128
    if over:
        y = _standings(draw, view, y)
    y = _progress(draw, view, y)
    y = _town(draw, view, y)
    y = _sea_land(draw, view, y)
    placing = {e["seat"]: e["harbour"] for e in view.get("placing", [])}
    for pid in humans:
        h = placing.get(pid, view["harbours"][pid])  # placements show as they are made
        harbour_panel(draw, view, h, pid, (M, y, WIDTH - M, y + HARBOUR_H))
        y += HARBOUR_H + 8
    if solo:
        y = _neutral(draw, view, y)
    return image.crop((0, 0, WIDTH, min(height, y + 4)))


# ---------------------------------------------------------------- private
def private(view: dict) -> Image.Image | None:
    priv = view.get("private") or {}
    seat = view.get("seat", 0)
    draft = priv.get("draft")
    pile = priv.get("price_pile")
    legal = priv.get("legal", [])
    top_h = 300 + (200 if pile else 0)
    height = top_h + 10 + ((HARBOUR_H + 170) if draft else 0)
    image = new_canvas(WIDTH, height, BACKGROUND)
    draw = ImageDraw.Draw(image)
    colour = seat_colour(seat)
    panel(
        draw,
        (M, 10, WIDTH - M, top_h),
        f"{_name(view, seat)} ({seat_letter(seat)}): your cards",
        colour,
    )
    _text(draw, (M + 12, 52), "Hand", 18, True)
    hand = priv.get("hand", [])
    if not hand:
        _text(draw, (M + 90, 56), "all cards placed", 18, fill=MUTED)
    for i, v in enumerate(hand):
        x = M + 90 + i * 66
        draw.rounded_rectangle((x, 46, x + 58, 120), radius=7, fill=colour, outline=INK, width=2)
        centered_text(draw, (x + 29, 83), str(v), font(34, True), contrast_ink(colour))
    _text(draw, (M + 12, 138), "Face down", 18, True)
    bids = priv.get("my_bids", [])
    if not bids:
        _text(draw, (M + 130, 138), "none yet", 18, fill=MUTED)
    for i, (space, value) in enumerate(bids):
        x = M + 130 + i * 92
        if x + 84 > WIDTH - M:
            break
        draw.rounded_rectangle((x, 130, x + 84, 168), radius=6, fill=WHITE, outline=INK, width=2)
        centered_text(draw, (x + 42, 149), f"{space}: {value}", font(18, True), INK)
    y = 182
    step = STEP_TEXT.get(view.get("step", ""), view.get("step", ""))
    now = f"Now: {step}" if legal else "Nothing to decide now"
    for entry in view.get("placing", []):
        if entry["seat"] == seat and entry["cards"] and legal:
            first = entry["cards"][0]
            what = (
                first["card"]["name"]
                if first["kind"] == "ship"
                else f"contract {first['card']['id']}"
            )
            now = f"Now: place {what}" + (
                f" ({len(entry['cards']) - 1} more after it)" if len(entry["cards"]) > 1 else ""
            )
    if priv.get("pending"):
        now = f"Now: choose a card for {priv['pending']}"
    _text(draw, (M + 12, y), now, 18, True)
    if legal:
        text = "Moves: " + ", ".join(legal)
        _wrap(draw, (M + 12, y + 28), text, 16, INNER - 24, 4)
    if pile:
        py = 300
        _text(
            draw,
            (M + 12, py - 6),
            "Price pile, top first (barrel / crate / container / passenger)",
            16,
            True,
        )
        cw = (INNER - 24) / 4
        for i, p in enumerate(pile):
            r, c = divmod(i, 4)
            x, yy = M + 12 + c * cw, py + 20 + r * 28
            label = f"{p['id']}: " + " / ".join(str(p[g]) for g in GOODS)
            _text(draw, (x, yy), label, 16, i == 0)
    if draft:
        y0 = top_h + 10
        harbour_panel(draw, view, draft, seat, (M, y0, WIDTH - M, y0 + HARBOUR_H), " · working")
        notes = priv.get("draft_notes", [])[-5:]
        ny = y0 + HARBOUR_H + 10
        _text(
            draw,
            (M + 4, ny),
            "Your actions this step:" if notes else "No actions yet this step.",
            16,
            True,
        )
        for i, n in enumerate(notes):
            _text(draw, (M + 4, ny + 26 + i * 26), _fit(draw, "· You " + n, 16, INNER - 8), 16)
    return image


# ---------------------------------------------------------------- detail
def detail(view: dict) -> Image.Image:
    """Everything the board leaves out: Building abilities, the newspapers, discards, costs."""
    lines: list[tuple[str, bool]] = [("Buildings on the table (ability in full)", True)]
    for bid, b in sorted(view.get("buildings", {}).items(), key=lambda kv: kv[1]["name"]):
        lines.append((f"{b['name']} ({bid}), {b['prestige']}★: {b['text']}", False))
    if view.get("building_won"):
        lines.append((f"Taken from 1.1 this round: {view['building_won']['name']}", False))
    lines.append(("Newspapers", True))
    if view.get("event_card"):
        lines.append((f"Event at the end of this round: {view['event_card']['text']}", False))
    if view.get("progress_card"):
        lines.append(
            (f"Progress card: +{view['progress_card']['progress']}; its event is hidden.", False)
        )
    for d in view.get("neutral_draws", []):
        lines.append((f"Neutral drew {d['card']} and bid on {d['space']}.", False))
    lines.append(
        (f"Newspaper discards: {', '.join(view.get('news_discard', [])) or 'none'}", False)
    )
    lines.append(("Bollard spot costs (coins printed on quay 1-4, spots 1-3)", True))
    for q, row in enumerate(view.get("bollard_costs", [])):
        lines.append((f"Quay {q + 1}: " + ", ".join(str(c) for c in row), False))
    lines.append(("Discard piles", True))
    lines.append((f"Ships: {', '.join(view.get('ship_discard', [])) or 'none'}", False))
    lines.append((f"Contracts: {', '.join(view.get('contract_discard', [])) or 'none'}", False))
    price = view["price"]
    lines.append(("Prices now: " + ", ".join(f"{g} {price[g]}" for g in GOODS), True))
    probe = ImageDraw.Draw(new_canvas(10, 10))
    wrapped: list[tuple[str, bool]] = []
    for text, bold in lines:
        words, line = text.split(), ""
        for w in words:
            trial = f"{line} {w}".strip()
            if probe.textlength(trial, font=font(16, bold)) <= DETAIL_WIDTH - 40 or not line:
                line = trial
            else:
                wrapped.append((line, bold))
                line = "   " + w
        wrapped.append((line, bold))
    height = 60 + 26 * len(wrapped) + 20
    image = new_canvas(DETAIL_WIDTH, height, BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, DETAIL_WIDTH, 48), fill=SEA)
    _text(draw, (20, 10), f"Bremerhaven details · round {view['round']}", 22, True, WHITE)
    for i, (text, bold) in enumerate(wrapped):
        _text(draw, (20, 60 + i * 26), text, 16, bold)
    return image
