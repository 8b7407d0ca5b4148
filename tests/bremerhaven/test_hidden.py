"""Fair play (docs/rules/bremerhaven.md 9.3 hidden information, 9.4 randomness): what each observer
cannot know is drawn again by ``resample_hidden``; what it knows stays; moves that show something
hidden say ``reveals``; legal moves do not depend on storage order."""

from __future__ import annotations

import json

from engines.base import Rng
from engines.bremerhaven import ENGINE
from engines.bremerhaven.data import NEWS, PRICES, SHIPS
from tests.bremerhaven.helpers import at_reveal, fresh, play


def _samples(state, seat, n=8, seed=5):
    rng = Rng.from_seed(seed)
    return [ENGINE.resample_hidden(state, seat, rng) for _ in range(n)]


def _mid_auction(players=3, variant="long"):
    s = fresh(players, variant)
    for _ in range(players + 1):
        seat = ENGINE.to_move(s)[0]
        s = play(s, seat, "bid 1.3", ENGINE.legal_moves(play(s, seat, "bid 1.3"), seat)[-2])
    return s


def test_decks_are_reshuffled_within_their_piles():
    """rules 9.4 / 3.1: Ship and Contract decks keep their back-number piles; order is hidden."""
    s = fresh(3, "long")
    samples = _samples(s, None)
    assert any(o["ships"] != s["ships"] for o in samples)
    assert any(o["contracts"] != s["contracts"] for o in samples)
    for o in samples:
        assert sorted(o["ships"]) == sorted(s["ships"])
        assert [SHIPS[c]["stage"] for c in o["ships"]] == [SHIPS[c]["stage"] for c in s["ships"]]
        assert o["sea"] == s["sea"] and o["land"] == s["land"]


def test_building_pile_keeps_its_face_up_top():
    """rules 5.2: the top Building is face up; the ones under it are hidden."""
    s = fresh(3, "long")
    samples = _samples(s, 0)
    assert all(o["buildings"][0] == s["buildings"][0] for o in samples)
    assert any(o["buildings"] != s["buildings"] for o in samples)


def test_price_pile_hidden_part_and_known_part():
    """rules 5.5 / 9.3: only the top Price card is seen, plus cards rotated to the bottom; the
    1.4 chooser has seen the whole pile."""
    s = fresh(3, "long")
    s["price_tail"] = 3
    samples = _samples(s, 1)
    assert all(o["prices"][0] == s["prices"][0] for o in samples)
    assert all(o["prices"][-3:] == s["prices"][-3:] for o in samples)
    assert any(o["prices"] != s["prices"] for o in samples)
    s["price_known"] = [1]
    assert all(o["prices"] == s["prices"] for o in _samples(s, 1))
    assert any(o["prices"] != s["prices"] for o in _samples(s, 2))


def test_progress_card_event_is_hidden():
    """rules 5.10 5.2 / 9.3 (issue 12): the face-up Progress card shows only its advance; its
    event side (next round's event) is unknown, so no view names the card."""
    s = fresh(4, "long")
    view = ENGINE.view(s, None)
    assert view["progress_card"] == {"progress": NEWS[s["news_right"]]["progress"]}
    text = json.dumps(ENGINE.view(s, 0))
    assert s["news_right"] not in text
    samples = _samples(s, 0, n=12)
    assert any(o["news_right"] != s["news_right"] for o in samples)
    for o in samples:
        assert NEWS[o["news_right"]]["progress"] == NEWS[s["news_right"]]["progress"]
        assert sorted(o["news"] + [o["news_right"]]) == sorted(s["news"] + [s["news_right"]])


def test_other_bids_and_hands_redealt_own_kept():
    """rules 4.1 / 9.3: bid values stay hidden until the reveal; only the owner knows them."""
    s = _mid_auction()
    me = s["hier"][0]
    samples = _samples(s, me, n=12)
    mine = [b for b in s["bids"] if b[1] == me]
    for o in samples:
        assert [b for b in o["bids"] if b[1] == me] == mine
        assert o["players"][me]["hand"] == s["players"][me]["hand"]
        assert [b[:2] for b in o["bids"]] == [b[:2] for b in s["bids"]]
        for pid, p in enumerate(o["players"]):
            values = sorted(p["hand"] + [b[2] for b in o["bids"] if b[1] == pid])
            orig = s["players"][pid]["hand"] + [b[2] for b in s["bids"] if b[1] == pid]
            assert values == sorted(orig)
    assert any(o["bids"] != s["bids"] for o in samples)


def test_solo_neutral_cards_hidden_from_the_player():
    """rules 8.2: the neutral's cards are shuffled face down; even the player cannot see them,
    and its next space comes from the hidden newspaper pile."""
    s = fresh(1, "solo")
    samples = _samples(s, 0, n=12)
    assert any(o["players"][1]["hand"] != s["players"][1]["hand"] for o in samples)
    assert any(o["bids"][0][2] != s["bids"][0][2] for o in samples)
    assert any(o["news"] != s["news"] for o in samples)
    assert all(o["players"][0] == s["players"][0] for o in samples)


def test_solo_bid_reveals_the_neutral_next_space():
    """rules 8.2 (issue 12, undo peek): the player's bid makes the neutral draw a newspaper, so
    the Step says reveals; a plain space choice does not."""
    s = fresh(1, "solo")
    step = ENGINE.apply(s, 0, "bid 1.0")
    assert not step.reveals
    step = ENGINE.apply(step.state, 0, ENGINE.legal_moves(step.state, 0)[0])
    assert step.reveals and len(step.state["neutral_draws"]) == 2


def test_other_drafts_redrawn_during_individual_phase():
    """rules 5.9 / 9.3: the individual phase is worked on private drafts until everyone is done."""
    s = fresh(2, "short")
    st, _ = at_reveal(s, [])
    while st["step"] != "harbour":
        seat = ENGINE.to_move(st)[0]
        st = play(st, seat, ENGINE.default_move(st, seat))
    a, b = 0, 1
    moves = ENGINE.legal_moves(st, a)
    first = next(m for m in moves if m != "done")
    st = play(st, a, first)
    while ENGINE.legal_moves(st, a) and ENGINE.legal_moves(st, a)[0].startswith("to "):
        st = play(st, a, ENGINE.legal_moves(st, a)[0])
    samples = _samples(st, b, n=16)
    assert any(o["drafts"]["0"] != st["drafts"]["0"] for o in samples)
    assert all(o["drafts"]["1"] == st["drafts"]["1"] for o in samples)
    assert all(ENGINE.view(o, b) == ENGINE.view(st, b) for o in samples)
    assert all(o["players"] == st["players"] for o in samples)


def test_private_line_only_repeats_a_choice():
    """rules 4.1: placing a card face down records a choice; it reveals nothing."""
    s = fresh(3, "long")
    seat = s["hier"][0]
    step = ENGINE.apply(s, seat, "bid 2.1")
    assert not step.reveals
    step = ENGINE.apply(step.state, seat, "card 3")
    assert step.private[seat] and not step.reveals


def test_legal_moves_survive_a_sorted_json_round_trip():
    """docs/ARCHITECTURE.md 2 (order is part of the rules): a reloaded state offers the same
    moves."""
    for players, variant in ((1, "solo"), (2, "short"), (3, "long"), (4, "long")):
        s = ENGINE.setup(players, seed=3, variant=variant)
        for i in range(400):
            seats = ENGINE.to_move(s)
            if not seats:
                break
            re = json.loads(json.dumps(s, sort_keys=True))
            assert ENGINE.to_move(re) == seats
            for seat in seats:
                assert ENGINE.legal_moves(re, seat) == ENGINE.legal_moves(s, seat)
                assert ENGINE.default_move(re, seat) == ENGINE.default_move(s, seat)
            seat = seats[i % len(seats)]
            legal = ENGINE.legal_moves(s, seat)
            s = ENGINE.apply(s, seat, legal[(i * 7) % len(legal)]).state


def test_setup_price_flip_stays_public_rules_3_10():
    """rules 3.10 (p.3, issue 38 item 8): at setup the first Price card goes under the pile in
    view of all (it sets the starting ranks), so the public view shows it at the bottom and no
    resampled state deals it again; only the cards between stay hidden. Solo has no flip (8.2)."""
    for players, variant in ((2, "long"), (4, "long"), (3, "short")):
        s = ENGINE.setup(players, seed=7, variant=variant)
        flipped = s["prices"][-1]
        assert ENGINE.view(s, None)["price_bottom"] == [dict(PRICES[flipped])]
        for observer in (None, 0):
            samples = _samples(s, observer, n=12)
            assert all(o["prices"][-1] == flipped for o in samples)
            assert all(o["prices"][0] == s["prices"][0] for o in samples)
            assert any(o["prices"] != s["prices"] for o in samples)
            assert all(ENGINE.view(o, observer) == ENGINE.view(s, observer) for o in samples)
    solo = ENGINE.setup(1, seed=7, variant="solo")
    assert ENGINE.view(solo, None)["price_bottom"] == []
