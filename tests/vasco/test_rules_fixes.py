"""Rules as printed: fixes from the audits (issues 12, 15, 16), each naming its rules section
(docs/rules/vasco-da-gama.md) and failing on the engine before the fix."""

from __future__ import annotations

import tomllib

from engines.vasco.data import DATA_DIR
from engines.vasco.engine import ROUNDS, RULES_TOPICS
from tests.vasco.helpers import E, play, ready_all, to_phase2


def _board() -> dict:
    with open(DATA_DIR / "board.toml", "rb") as handle:
        return tomllib.load(handle)


def test_launch_window_at_each_phase_start_for_every_seat_that_can_launch():
    """rules 5.3 [SRC] "at any moment of the game" (R12): at the start of Phase 2 (before the
    tile) every seat that can launch is to move, including one whose turn it is not; a seat
    that cannot launch is not asked."""
    s = E.setup(3, seed=8)
    for p in s["p"]:
        p["projects"], p["miss"] = [], 0
        p["sailors"] = {c: 0 for c in p["sailors"]}
    s["p"][0]["projects"] = ["8"]  # crew 1
    s["p"][0]["sailors"]["grey"] = 1
    s["p"][2]["projects"] = ["3"]  # crew 1
    s["p"][2]["sailors"]["orange"] = 1
    s["placed"] = {"3": [0, "hire"], "4": [1, "hire"]}
    s["left"] = [0, 0, 1]
    s["turn"] = 2
    s = play(s, 2, "place purchase", "number 9")
    assert s["window"] == {"phase": "act", "waiting": [0, 2]}
    assert E.to_move(s) == [0, 2] and s["ffa"] is None
    assert E.legal_moves(s, 0) == ["launch 8", "ready"]
    assert E.legal_moves(s, 1) == []
    s = play(s, 2, "launch 3", "crew orange")  # seat 2 has nothing more: it is done
    assert E.to_move(s) == [0] and "3" in s["p"][2]["port"]
    s = play(s, 0, "ready")
    assert s["window"] is None and s["ffa"] is not None and s["call"] == 3


def test_launch_window_before_phase3_and_phase1():
    """rules 5.3 [SRC] (R12): the window also opens before Phase 3 and before Phase 1, so a
    player can crew a ship before the Hire sections refill (sailors go back to the bag)."""

    def edit(state):
        state["p"][1]["projects"] = ["8"]
        state["p"][1]["sailors"]["grey"] = 1

    s = to_phase2(2, [(12, 0, "purchase"), (14, 1, "purchase")], marker=11, change=0, edit=edit)
    s = play(s, 0, "decline")
    assert E.to_move(s) == [1] and s["call"] == 14
    s = play(s, 1, "decline")
    assert s["window"] == {"phase": "nav", "waiting": [1]} and s["round"] == 1
    bag = s["bag"]["grey"]
    s = play(s, 1, "launch 8", "crew grey")
    assert s["round"] == 2 and s["bag"]["grey"] <= bag + 1


def test_expedition_merchant_without_captain_not_offered():
    """rules 5.5 [SRC, transcript p.7] "only ships that are launched and have a captain aboard
    can be sent": the 4-player setup merchant is not sendable without a captain."""
    s = E.setup(4, seed=5)
    holder = (s["first"] + 1) % 4
    assert s["p"][holder]["port"] == ["m1"]
    s["p"][holder]["captains"] = 0
    s["placed"] = {"12": [holder, "expedition"]}
    s["left"] = [0] * 4
    s["window"] = None
    s["phase"] = "act"
    s["ffa"] = 10
    s["call"] = 12
    assert "send m1" not in E.legal_moves(s, holder)


def test_round5_phase3_scores_but_discards_nothing():
    """rules 4.4 / 4.6: after the final round's scoring the game is over, so ships on a
    complete landing are neither moved on nor discarded."""

    def edit(state):
        state["round"] = ROUNDS
        state["landings"][0][0] = [0, "1"]  # limit 4: could not sail on
        state["landings"][0][3] = [1, "14"]

    s = to_phase2(2, [(12, 0, "purchase"), (14, 1, "hire")], marker=11, change=0, edit=edit)
    s = ready_all(play(play(s, 0, "decline"), 1, "decline"))
    assert s["phase"] == "over"
    assert s["p"][0]["lost"] == 0 and s["landings"][0][0] == [0, "1"]
    assert s["p"][0]["vp_src"]["completion"] > 0


def test_ships_at_sea_show_limit_and_income_publicly():
    """rules 2.2 [SRC]: a ship's navigation limit and Phase-3 income are printed on the tile,
    which every player sees once it is at sea."""
    s = E.setup(2, seed=3)
    s["landings"][0][0] = [0, "11"]
    ship = E.view(s, None)["landings"][0]["spaces"][0]["ship"]
    assert ship == {"seat": 0, "id": "11", "limit": 7, "reals": 0, "vp": 2}


def test_provenance_marks_are_exact():
    """rules 0 / 2.1 / 3.6 / 5.6 / 9.6.3: the 1-20 marker limit is our choice, the Hire
    sections and their 5 sailors come from public reviews (not the rulebook), Manuel I's timing
    is reconstructed, and 8 sailors per colour is assumed."""
    board = _board()
    assert "ffa_min" not in board["game"] and board["marker"]["source"] == "provisional"
    assert board["hire"]["source"] == "rulebook" and "sections" not in board["hire"]
    assert board["hire_sections"]["source"] == "public"
    chars = {c["id"]: c for c in board["character"]}
    assert chars["manuel"]["source"] == "provisional"
    assert all(c["source"] == "provisional" for c in board["sailor_colour"])
    assert board["purchase"]["source"] == "rulebook"
    assert board["deck_schedule"]["source"] == "provisional"


def test_reconstructed_topic_declares_every_reconstruction():
    """Issue 16: the reconstructed topic declares each reconstruction with its reason."""
    text = "\n".join(RULES_TOPICS[k] for k in RULES_TOPICS if k.startswith("reconstructed"))
    for needle in (
        "First player: random",
        "3 players: Dias, Alvares, Manuel I; 2 players: Dias, Manuel I",
        "lost with a discarded ship and with a ship that sails home",
        "If nobody takes Dias, the first player passes clockwise",
        "lowest free space of the next landing",
        "sailor bonus is drawn from the bag",
        "captain bonus comes from your captains in the Hire area",
        "8 per colour",
        "In round 5 nothing moves or is discarded",
        "Launching 'at any time during the game' [SRC] is kept",
        "before the VdG tile of Phase 2",
    ):
        assert needle in text, needle


def test_launch_offered_at_every_step_the_seat_is_to_move():
    """rules 5.3 [SRC] "at any moment" (R12): also while choosing a number in Phase 1 and in
    the middle of a Hire, and the step resumes after the launch."""

    def edit(state):
        state["p"][0]["projects"] = ["8"]  # crew 1
        state["p"][0]["sailors"]["grey"] = 1

    s = to_phase2(2, [(12, 0, "hire"), (14, 1, "hire")], marker=11, change=0, edit=edit)
    s = play(s, 0, "section 1")
    assert "launch 8" in E.legal_moves(s, 0)
    s = play(s, 0, "launch 8", "crew grey")
    assert s["act"]["kind"] == "hire" and "8" in s["p"][0]["port"]
    s = E.setup(2, seed=4)
    seat = E.to_move(s)[0]
    s["p"][seat]["projects"] = ["8"]
    s["p"][seat]["sailors"]["grey"] = 1
    s = play(s, seat, "place hire")
    assert E.legal_moves(s, seat)[-1] == "launch 8"
    s = play(s, seat, "launch 8", "crew grey")
    assert s["sel"] == "hire" and "number 7" in E.legal_moves(s, seat)
