"""Francis Drake images on a phone (docs/ARCHITECTURE.md 6, issue 25 items 2-4): on the board, every
private image and the detail image at least 90% of the characters are 7 px or taller once shown
360 px wide and 8 px at 550 px; no board is more than 1.6 times taller than wide; no internal code
is drawn. Start, provisioning, mission, resolution and end positions for every player count."""

from __future__ import annotations

import random

import pytest
from PIL import ImageDraw

from engines.drake import ENGINE
from render import drake
from tests.phone_images import (
    assert_board_shape,
    assert_no_codes,
    assert_phone_readable,
    measure,
    measure_once,
)

NAMES = ["Ana", "Bartholomew the Bold", "Cy", "Dee", "Evangelina"]


def _positions(players: int, seed: int) -> dict[str, dict]:
    chooser = random.Random(seed)
    s = ENGINE.setup(players, seed=seed)
    found = {"start": s}
    while ENGINE.to_move(s):
        if s["phase"] == "provision" and s["voyage"] == 2 and "voyage 2" not in found:
            found["voyage 2"] = s
        if s["phase"] == "missions" and "missions" not in found:
            found["missions"] = s
        if s["phase"] == "informer" and "informer" not in found:
            found["informer"] = s
        if any(p["look"] for p in s["p"]) and "informer looked" not in found:
            found["informer looked"] = s  # the private image shows what was seen, by name
        if s["phase"] == "resolve" and s["qi"] > players and "resolve" not in found:
            found["resolve"] = s
        seat = chooser.choice(ENGINE.to_move(s))
        legal = ENGINE.legal_moves(s, seat)
        busy = [m for m in legal if m not in ("sail", "decline", "return")] or legal
        s = ENGINE.apply(s, seat, chooser.choice(busy)).state
    found["end"] = s
    return found


def _view(state: dict, seat: int | None) -> dict:
    return ENGINE.view(state, seat) | {"names": NAMES[: state["n"]]}


CASES = [(n, label, state) for n in (3, 4, 5) for label, state in _positions(n, n).items()]
CASES.append((4, "informer looked", _positions(4, 9)["informer looked"]))  # seed 9 looks
IDS = [f"{n}p-{label}" for n, label, _ in CASES]


@pytest.mark.parametrize(("players", "label", "state"), CASES, ids=IDS)
def test_every_image_reads_on_a_phone(players: int, label: str, state: dict) -> None:
    """docs/ARCHITECTURE.md 6, issue 25 item 4: phone and desktop targets on the board, each private
    image and the detail image; the board at most 1.6 x as tall as wide."""
    image, records = measure_once(drake.board, _view, state, None)
    assert_phone_readable(image, records, ("board", label))
    assert_board_shape(image, ("board", label))
    image, records = measure_once(drake.detail, _view, state, None)
    assert_phone_readable(image, records, ("detail", label))
    for seat in range(players):
        image, records = measure_once(drake.private, _view, state, seat)
        if image is not None:
            assert_phone_readable(image, records, ("private", label, seat))


@pytest.mark.parametrize(("players", "label", "state"), CASES, ids=IDS)
def test_no_internal_code_is_drawn(players: int, label: str, state: dict) -> None:
    """Issue 25 items 2-3: components by their printed names, members by their names, numbers
    that say what they count; the patterns are in tests/phone_images.py."""
    for draw, seat in [(drake.board, None), (drake.detail, None)] + [
        (drake.private, s) for s in range(players)
    ]:
        _, records = measure_once(draw, _view, state, seat)
        assert_no_codes(records, (draw.__name__, label, seat))


def test_members_are_named_on_every_image() -> None:
    """Issue 25 item 3: the board names the member to move, the private image its owner and
    the detail sheet every member (never "Player A")."""
    state = _positions(4, 4)["missions"]
    texts = " ".join(r.text for r in measure(drake.board, _view(state, None))[1])
    waiting = ENGINE.to_move(state)[0]
    assert NAMES[waiting] in texts
    texts = " ".join(r.text for r in measure(drake.detail, _view(state, None))[1])
    assert all(name in texts for name in NAMES[:4])
    texts = " ".join(r.text for r in measure(drake.private, _view(state, 2))[1])
    assert NAMES[2] in texts


def test_a_hidden_counter_reads_as_a_range_until_shown() -> None:
    """docs/rules/francis-drake.md 2.3 (issue 25: no "1+? Crew"): a Fort needs its printed Troops
    plus a hidden counter of 0 to 2, so "2-4 Crew"; once shown, the sum."""
    fort = {"kind": "fort", "printed_troops": 2, "printed_guns": 1, "counter_state": "hidden"}
    assert drake._needs(fort) == "2-4 Crew, 1 Gun"
    assert drake._needs(fort | {"counter_state": "shown", "counter_value": 1}) == "3 Crew, 1 Gun"
    galleon = {"kind": "galleon", "printed_guns": 4, "counter_state": "none"}
    assert drake._needs(galleon) == "4-6 Guns"


def test_detail_image_renders():
    """`/board detail` holds every Ship Log in full, every Destination, the supply, the Tavern
    table and the recent log, one column a phone scrolls."""
    found = _positions(4, seed=2)
    state = found.get("resolve", found["end"])
    image, records = measure(drake.detail, _view(state, None))
    texts = [r.text for r in records]
    assert image.width == 720
    assert all(any(d["name"] in t for t in texts) for d in ENGINE.view(state, None)["map"])
    assert any(t.startswith("Supply left:") for t in texts)


def test_outbound_docks_follow_the_sailing_order_and_empty_on_return(monkeypatch):
    """docs/rules/francis-drake.md 4.2 A4, 4.7 (Issue 14): after the Governor's swap the Outbound
    Docks show the Sailing Order, and a ship that went home leaves its dock."""
    from tests.drake.helpers import BLUE, GREEN, RED, YELLOW, fresh, to_sailing

    s = fresh(4, 3)
    s["titles"]["governor"] = YELLOW
    s = to_sailing(s, [GREEN, RED, BLUE, YELLOW])
    s = ENGINE.apply(s, YELLOW, "troops 0,0,1,2").state
    view = ENGINE.view(s, None)
    assert view["sailing_order"] == [GREEN, RED, YELLOW, BLUE]
    view["player_info"][RED]["returned"] = True
    drawn = []
    monkeypatch.setattr(
        drake, "seat_token", lambda draw, centre, seat, radius=14: drawn.append((centre, seat))
    )
    drake._sailing_strip(ImageDraw.Draw(drake.new_canvas(720, 40)), view, 0)
    out = [seat for (x, _), seat in sorted(drawn)]
    assert out == [GREEN, YELLOW, BLUE]


@pytest.mark.slow
def test_a_whole_game_draws_no_internal_code() -> None:
    """Issue 25 item 2: a whole 3-player game, every third position's board, detail and private
    images, without one internal code."""
    from tests.phone_images import walk_for_codes

    assert walk_for_codes(ENGINE, drake, 3, seed=41, names=NAMES) > 30


def test_a_known_counter_says_what_the_destination_then_needs() -> None:
    """docs/rules/francis-drake.md 2.3, 9.4: the Governor's private image gives each Troop counter
    with the Crew its Fort then needs (printed Troops plus the counter)."""
    view = {"map": [{"name": "Panama", "kind": "fort", "printed_troops": 1, "printed_guns": 1}]}
    assert drake._counter_words(view, "Panama", 2) == "Panama: +2 Troops, so 3 Crew and 1 Gun"
    view = {"map": [{"name": "Galleon I", "kind": "galleon", "printed_guns": 4}]}
    assert drake._counter_words(view, "Galleon I", 1) == "Galleon I: +1 Gun, so 5 Guns"
