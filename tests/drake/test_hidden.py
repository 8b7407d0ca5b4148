"""Francis Drake: fair play, hidden information by resampling (docs/rules/francis-drake.md 9.4).

Each test names the rules section whose secret it checks: face-down Mission Discs (4.3, 4.5),
face-down Troop and Spanish Frigate counters (4.2 A2-A3, 4.4, 7.10), Treasure Chests (9.4), the
generator (9.5), and that the engine's move order does not depend on storage order (design 2).
"""

from __future__ import annotations

import json
import random

from engines.base import Rng
from engines.drake import ENGINE
from tests.drake.helpers import BLUE, GREEN, RED, YELLOW, fresh, place_all, play, to_sailing
from tests.drake.test_sailing import ORDER, PLAN, informer_position


def _mid_missions() -> dict:
    """Sailing B under way: Green placed disc 3 at Panama, Red picked disc 2; Blue has a Ghost."""
    s = fresh(4, 3)
    s["p"][BLUE]["ghost"] = True
    s["titles"]["governor"] = GREEN
    s = to_sailing(s, ORDER)
    s, _, _ = play(s, GREEN, "troops 0,2,1,0")
    s, _, _ = play(s, GREEN, "disc 3")
    s, _, _ = play(s, GREEN, "to panama")
    s, _, _ = play(s, RED, "disc 2")
    return s


def _labels(state: dict, seat: int) -> dict:
    return {lab: d["at"] for lab, d in state["p"][seat]["m"].items() if d["st"] == "placed"}


def test_resample_redraws_face_down_discs_and_hands_4_3():
    """docs/rules/francis-drake.md 4.3, 9.4 (Issue 12): for another seat, which disc lies at Panama,
    which discs are still in hand, and which disc is picked are all drawn again; the owner's own
    are kept; the public stack (colour and Destination) never changes."""
    s = _mid_missions()
    rng = Rng.from_seed(11)
    at_panama, green_hands, red_sel = set(), set(), set()
    for _ in range(16):
        other = ENGINE.resample_hidden(s, BLUE, rng)
        at_panama.add(next(lab for lab, at in _labels(other, GREEN).items() if at == "panama"))
        green_hands.add(tuple(ENGINE._hand(other, GREEN)))
        red_sel.add(other["p"][RED]["sel"])
        assert other["dest"]["panama"]["stack"][0][0] == GREEN
        assert ENGINE.view(other, BLUE) == ENGINE.view(s, BLUE)
        assert other["p"][BLUE]["m"] == s["p"][BLUE]["m"]
    assert len(at_panama) > 1 and len(green_hands) > 1 and len(red_sel) > 1
    for _ in range(5):
        own = ENGINE.resample_hidden(s, GREEN, rng)
        assert own["p"][GREEN]["m"] == s["p"][GREEN]["m"]
        assert ENGINE.legal_moves(own, GREEN) == ENGINE.legal_moves(s, GREEN)


def test_resample_redraws_ghost_ship_position_4_5():
    """docs/rules/francis-drake.md 4.5, 7.13: a Ghost Ship decoy is a face-down disc like any
    other."""
    s = fresh(4, 3)
    s["p"][BLUE]["ghost"] = True
    s["titles"]["informer"] = YELLOW
    s = to_sailing(s, ORDER)
    plan = dict(PLAN)
    plan[BLUE] = [*PLAN[BLUE], ("ghost", "sanjuan")]
    s, _ = place_all(s, plan)
    rng = Rng.from_seed(2)
    where = {
        ENGINE.resample_hidden(s, GREEN, rng)["p"][BLUE]["m"]["ghost"]["at"] for _ in range(20)
    }
    assert len(where) > 2


def test_informer_look_is_kept_for_the_informer_4_4():
    """docs/rules/francis-drake.md 4.4 option 1: what the Informer saw at Cartagena stays fixed on
    states resampled for the Informer, and other seats' discs elsewhere are redrawn."""
    s = informer_position()
    s, _, _ = play(s, YELLOW, "look cartagena")
    rng = Rng.from_seed(3)
    elsewhere = set()
    for _ in range(12):
        other = ENGINE.resample_hidden(s, YELLOW, rng)
        assert other["dest"]["cartagena"]["stack"] == s["dest"]["cartagena"]["stack"]
        assert ENGINE.view(other, YELLOW) == ENGINE.view(s, YELLOW)
        elsewhere.add(tuple(sorted(_labels(other, BLUE).items())))
    assert len(elsewhere) > 1
    # For the public, the looked-at labels are hidden too, and Yellow's look follows the draw.
    other = next(
        o
        for o in (ENGINE.resample_hidden(s, None, rng) for _ in range(20))
        if o["dest"]["cartagena"]["stack"] != s["dest"]["cartagena"]["stack"]
    )
    assert other["p"][YELLOW]["look"]["cartagena"] == other["dest"]["cartagena"]["stack"]


def test_resample_redraws_counters_unknown_to_the_observer_4_2():
    """docs/rules/francis-drake.md 4.2 A3, 5.1: only the Governor (Green) knows the Troop counters;
    the public and other seats get them redrawn (same multiset 0,0,1,2); the Governor's knowledge
    follows the redraw."""
    s = _mid_missions()
    forts = ENGINE._kind_ids("fort")
    rng = Rng.from_seed(4)
    seen = set()
    for _ in range(16):
        other = ENGINE.resample_hidden(s, None, rng)
        values = tuple(other["dest"][d]["counter"] for d in forts)
        seen.add(values)
        assert sorted(values) == [0, 0, 1, 2]
        assert other["p"][GREEN]["known"] == dict(zip(forts, values, strict=True))
    assert len(seen) > 2
    for _ in range(5):
        own = ENGINE.resample_hidden(s, GREEN, rng)
        assert [own["dest"][d]["counter"] for d in forts] == [0, 2, 1, 0]


def test_informer_peek_fixes_that_counter_only_4_4():
    """docs/rules/francis-drake.md 4.4 option 2 (Example 7): after the peek at Panama the Informer
    knows that counter; the other Forts are still redrawn for the Informer."""
    s = fresh(4, 3)
    s["titles"]["informer"] = YELLOW
    s = to_sailing(s, ORDER)  # nobody holds the Governor: counters placed at random
    plan = dict(PLAN)
    s, _ = place_all(s, plan)
    s, _, _ = play(s, YELLOW, "peek panama")
    rng = Rng.from_seed(6)
    others = set()
    for _ in range(16):
        other = ENGINE.resample_hidden(s, YELLOW, rng)
        assert other["dest"]["panama"]["counter"] == s["dest"]["panama"]["counter"]
        others.add(tuple(other["dest"][d]["counter"] for d in ("cartagena", "havana", "veracruz")))
    assert len(others) > 1


def test_resample_redraws_earlier_chests_keeps_this_voyage_9_4():
    """docs/rules/francis-drake.md 9.4: chests are hidden. Earlier voyages' takes of other seats are
    redrawn (the totals stay); this voyage's takes, shown by face-down discs, stay."""
    s = fresh(3, 1)
    s["p"][1]["chest"] = {"gold": 2, "silver": 1, "jewel": 0}
    s["p"][2]["chest"] = {"gold": 0, "silver": 0, "jewel": 1}
    s["p"][2]["loot"] = {"gold": 0, "silver": 0, "jewel": 1}
    rng = Rng.from_seed(8)
    drawn = set()
    for _ in range(20):
        other = ENGINE.resample_hidden(s, 0, rng)
        chests = [other["p"][i]["chest"] for i in (1, 2)]
        assert sum(c["gold"] for c in chests) == 2 and sum(c["silver"] for c in chests) == 1
        assert chests[1]["jewel"] == 1 and chests[0]["jewel"] == 0
        assert other["p"][0]["chest"] == s["p"][0]["chest"]
        drawn.add(json.dumps(chests, sort_keys=True))
    assert len(drawn) > 2


def test_resample_reseeds_the_generator_9_5():
    """docs/rules/francis-drake.md 9.5: future Tavern rolls and shuffles are hidden order."""
    s = fresh(4, 1)
    rng = Rng.from_seed(1)
    assert len({ENGINE.resample_hidden(s, 0, rng)["rng"] for _ in range(4)}) == 4


def test_reveals_only_when_something_hidden_is_shown():
    """docs/rules/francis-drake.md 4.3-4.6: picking and placing a disc, or arranging counters, only
    records a choice; the Informer's look and peek (Issue 12), the reveal, a counter turned up
    and a Tavern roll all reveal."""
    s = fresh(4, 3)
    s["titles"]["governor"] = GREEN
    s["titles"]["admiral"] = RED
    s["titles"]["informer"] = YELLOW
    s = to_sailing(s, ORDER)
    step = ENGINE.apply(s, GREEN, "troops 0,2,1,0")
    assert not step.reveals
    step = ENGINE.apply(step.state, RED, "frigates 2,1,0")
    assert not step.reveals
    s = step.state
    step = ENGINE.apply(s, GREEN, "disc 3")
    assert not step.reveals and step.private == {}
    step = ENGINE.apply(step.state, GREEN, "to panama")
    assert not step.reveals and list(step.private) == [GREEN]
    rest = [("1", "grangranada"), ("2", "sanjuan"), ("4", "santodomingo")]
    s, _ = place_all(step.state, {**PLAN, GREEN: rest})
    assert ENGINE.apply(s, YELLOW, "peek panama").reveals
    assert ENGINE.apply(s, YELLOW, "look cartagena").reveals
    assert ENGINE.apply(s, YELLOW, "pass").reveals  # all discs turned over
    tavern = fresh(4, 1)
    seat = tavern["turn"]
    pos = next(i + 1 for i, loc in enumerate(tavern["street"]) if loc["kind"] == "tavern")
    assert ENGINE.apply(tavern, seat, f"place {pos} tavern").reveals
    assert not ENGINE.apply(tavern, seat, "place 1 crew").reveals


def test_legal_move_order_survives_a_sorted_json_round_trip():
    """docs/ARCHITECTURE.md 2 (order is part of the rules): a state reloaded with sorted keys offers
    the same legal moves in the same order and the same default move, all game long."""
    for players, variant, seed in ((3, "standard", 5), (5, "learning", 9)):
        s = ENGINE.setup(players, seed=seed, variant=variant)
        chooser = random.Random(seed)
        while ENGINE.to_move(s):
            reloaded = json.loads(json.dumps(s, sort_keys=True))
            for seat in range(players):
                assert ENGINE.legal_moves(reloaded, seat) == ENGINE.legal_moves(s, seat)
            seat = ENGINE.to_move(s)[0]
            assert ENGINE.default_move(reloaded, seat) == ENGINE.default_move(s, seat)
            assert ENGINE.view(reloaded, seat) == ENGINE.view(s, seat)
            s = ENGINE.apply(s, seat, chooser.choice(ENGINE.legal_moves(s, seat))).state
