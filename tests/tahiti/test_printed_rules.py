"""Rules as printed (issue 16): public information at the real table is in the public view, and
the provenance marks of data/tahiti are exact."""

from __future__ import annotations

from engines.tahiti import ENGINE
from engines.tahiti import data as tdata
from tests.tahiti.helpers import acting, fresh, islands, play


def test_end_clock_is_public() -> None:
    """docs/rules/tahiti.md 4, 6.2.1: the unexhausted islands left (the end clock) and the trigger
    value are in the public view, and the clock goes down with each Exhaustion marker."""
    state = fresh(4, seed=1)
    view = ENGINE.view(state, None)
    assert view["islands_left"] == 4 and view["end_at"] == 4
    state = acting(late=True)
    for h in islands(state).values():
        h["cubes"] = [False, False]
    before = ENGINE.view(state, None)["islands_left"]
    state, _ = play(state, 0, "end")
    state, _ = play(state, 0, ENGINE.legal_moves(state, 0)[0])
    assert ENGINE.view(state, None)["islands_left"] == before - 1


def test_first_player_is_public() -> None:
    """docs/rules/tahiti.md 3.11: everyone remembers who went first (equal turns, 7.17)."""
    for players in (2, 3, 4):
        state = fresh(players, seed=9)
        assert ENGINE.view(state, None)["first_player"] == state["first"]


def test_marker_mix_left_is_public() -> None:
    """docs/rules/tahiti.md 9.4: the fish/blank mix of the face-down pool is deducible, so shown."""
    state = fresh(3, seed=2)
    view = ENGINE.view(state, None)
    assert view["fish_markers_left"] == state["markers"].count("fish") == 6


def test_goods_colours_are_public_reference_not_rulebook() -> None:
    """docs/rules/tahiti.md 2.2: only white (fish) is in the source; banana yellow, coconut brown,
    spice pink and taro green come from public reference, and fish only from Fishing is public
    reference too (9.7 A20)."""
    goods = {g["id"]: g for g in tdata.raw()["goods"]["goods"]}
    for g in ("banana", "coconut", "spice", "taro", "fish"):
        assert goods[g]["source"] == "public", g
        assert goods[g]["reason"]
    assert goods["fish"]["colour_name"] == "white"


def test_harvest_chart_values_are_at_best_public() -> None:
    """docs/rules/tahiti.md 2.5 M7, M8: the row values are public reference (a review), the variety
    values provisional except column 3."""
    chart = tdata.raw()["chart"]
    assert chart["harvest"]["source"] == "public"
    assert chart["variety"]["source"] == "provisional"
    assert chart["favourite_bonus"]["source"] == "rulebook"  # docs/rules/tahiti.md 6.2


def test_every_reconstruction_is_listed_with_its_reason() -> None:
    """docs/ARCHITECTURE.md 3: the `reconstructed` topic lists every non-rulebook record with its
    reason."""
    text = ENGINE.rules_topics["reconstructed"]
    for name, data in tdata.raw().items():
        for _, rec in tdata._records(data):
            if rec.get("source") in ("public", "provisional"):
                assert rec["reason"] in text, (name, rec)
    assert "First player" in ENGINE.rules_topics["reconstructed-rules"]
    assert tdata.check_data() == []
