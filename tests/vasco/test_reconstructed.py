"""Reconstructed rules R1-R13 (engine docstring; docs/rules/vasco-da-gama.md 3, 4.2, 4.4-4.6, 5.5,
5.6 and 9.6). Each test names the reconstructed rule and the rules section it comes from."""

from __future__ import annotations

import random

from engines.vasco.engine import ROUNDS, clamp_ffa, line_reals
from tests.vasco.helpers import D, E, empty_hands, play, to_phase2


def test_r1_setup_supplies_and_hire_sections():
    """R1, docs/rules/vasco-da-gama.md 3.4-3.6 [PUB]: 10 reals, 1 captain (6 more in Hire), one
    active Hire section per player with 5 sailors; inactive sections blocked and empty."""
    for players in (2, 3, 4):
        s = E.setup(players, seed=11)
        for p in s["p"]:
            assert p["reals"] == 10 and p["captains"] == 1 and p["pool"] == 6
        for k, section in enumerate(s["sections"]):
            assert s["active"][k] == (k < players)
            assert sum(section.values()) == (5 if k < players else 0)
        assert sum(s["bag"].values()) == 32 - 5 * players


def test_r2_setup_characters_in_turn_order():
    """R2, docs/rules/vasco-da-gama.md 3.9 [PUB, order NIS]: first player has Dias; then Sernigi,
    Alvares, Manuel I (4 players)."""
    s = E.setup(4, seed=5)
    order = [(s["first"] + i) % 4 for i in range(4)]
    assert E.to_move(s) == [order[0]]
    assert s["p"][order[1]]["port"] == [D["setup_characters"]["setup_merchant"]]
    assert s["p"][order[2]]["miss"] == 1
    assert s["left"][order[3]] == 5 and s["left"][order[0]] == 4
    assert all(v is None for v in s["characters"].values())
    s2 = E.setup(2, seed=5)
    second = (s2["first"] + 1) % 2
    assert s2["left"][second] == 5 and s2["left"][s2["first"]] == 4


def test_r3_setup_tile_sets_marker_and_money():
    """R3, docs/rules/vasco-da-gama.md 3.8 [NIS]: the tile revealed at setup gives round 1's marker
    (its starting number) and the money spaces (its reals number)."""
    s = E.setup(3, seed=9)
    tile = D["vdg"][s["vdg"]]
    assert s["marker"] == tile["start"]
    assert s["money"] == [tile["reals"], tile["reals"]]
    assert len(s["vdg_stack"]) == 8


def test_r4_phase1_sequential_one_disc_per_turn():
    """R4, docs/rules/vasco-da-gama.md 4.2 [PUB]: clockwise from the first player, one disc each
    turn, each number once per round, players with a 5th disc place it last."""
    s = E.setup(3, seed=2)
    first = s["first"]
    seen = []
    while s["phase"] == "place":
        seat = E.to_move(s)[0]
        seen.append(seat)
        moves = E.legal_moves(s, seat)
        s = play(s, seat, next(m for m in moves if m.startswith("place")))
        number = E.legal_moves(s, seat)[0]
        s = play(s, seat, number)
        assert str(int(number.split()[1])) in s["placed"]
    expected = [(first + i) % 3 for i in range(3)] * 4
    manuel = (first + 2) % 3
    assert seen == [*expected, manuel]


def test_r4_numbers_used_once_and_capacity():
    """R4, docs/rules/vasco-da-gama.md 4.2 / 2.5.5: a placed number is gone for the round; a full
    area is not offered; 21 and 22 are open to everyone [NIS 9.6.2]."""
    s = E.setup(2, seed=4)
    seat = E.to_move(s)[0]
    s = play(s, seat, "place hire")
    assert "number 21" in E.legal_moves(s, seat) and "number 22" in E.legal_moves(s, seat)
    s = play(s, seat, "number 7")
    other = E.to_move(s)[0]
    s = play(s, other, "place hire")
    assert "number 7" not in E.legal_moves(s, other)
    s = play(s, other, "back")
    s["placed"].update({"1": [0, "hire"], "2": [1, "hire"]})
    assert "place hire" not in E.legal_moves(s, other)  # 3 discs in hire: full with 2 players


def test_r5_ffa_clamped_and_lines():
    """R5, docs/rules/vasco-da-gama.md 9.6.1 and 9.6.3 [NIS]: FFA stays within 1-20; lines of five
    pay 1, 2, 3, 4."""
    assert clamp_ffa(20 + 3) == 20 and clamp_ffa(2 - 3) == 1
    assert [line_reals(n) for n in (1, 5, 6, 10, 11, 15, 16, 20)] == [1, 1, 2, 2, 3, 3, 4, 4]
    s = to_phase2(2, [(9, 0, "purchase"), (16, 1, "hire")], marker=19, change=3)
    assert s["ffa"] == 20


def test_r6_action_without_effect_not_offered():
    """R6, docs/rules/vasco-da-gama.md 9.2 [NIS]: an Expedition with no ship to send only allows a
    decline; Manuel I is not offered in the last round."""
    s = to_phase2(2, [(12, 0, "expedition"), (14, 1, "characters")], marker=11, change=0)
    assert E.legal_moves(s, 0) == ["decline"]
    s = play(s, 0, "decline")
    assert "take manuel" in E.legal_moves(s, 1)
    s["round"] = ROUNDS
    assert "take manuel" not in E.legal_moves(s, 1)


def test_r7_expedition_reward_and_captain():
    """R7, docs/rules/vasco-da-gama.md 5.5 [PUB]: the ship takes the space's VP and bonus at once
    and a captain goes on board."""

    def edit(state):
        state["p"][0]["port"] = ["14"]  # limit 7

    s = to_phase2(2, [(12, 0, "expedition"), (14, 1, "hire")], marker=11, change=0, edit=edit)
    s = play(s, 0, "send 14", "to natal", "space 7", "done")
    p = s["p"][0]
    space = D["landings"][0]["spaces"][3]
    assert space["value"] == 7 and space["bonus"] == "reals"
    assert p["vp"] == space["vp"] and p["reals"] == 10 + space["amount"]
    assert p["captains"] == 0 and p["vp_src"]["landings"] == space["vp"]
    s2 = to_phase2(2, [(12, 0, "expedition"), (14, 1, "hire")], marker=11, change=0, edit=edit)
    s2["p"][0]["port"] = ["10"]  # limit 7
    sailors = sum(s2["p"][0]["sailors"].values())
    s2 = play(s2, 0, "send 10", "to natal", "space 6", "done")
    assert sum(s2["p"][0]["sailors"].values()) == sailors + 1


def chars_state(edit=None):
    return to_phase2(
        2, [(12, 0, "characters"), (14, 1, "characters")], marker=11, change=0, edit=edit
    )


def test_r8_manuel_gives_fifth_disc_next_round():
    """R8, docs/rules/vasco-da-gama.md 5.6 [SRC: 5 actions with Manuel I; timing NIS 9.6.7]."""
    s = chars_state()
    s = play(play(s, 0, "take manuel"), 1, "decline")
    assert s["round"] == 2 and s["left"] == [5, 4]


def test_r8_dias_two_vp_and_first_player_next_round():
    """R8, docs/rules/vasco-da-gama.md 5.6 [PUB]: 2 VP now and first player next round."""
    s = chars_state()
    s = play(s, 0, "decline")
    s = play(s, 1, "take dias")
    assert s["p"][1]["vp"] == 2 and s["first"] == 1 and E.to_move(s) == [1]


def test_r8_first_player_passes_clockwise_without_dias():
    """R8 [NIS]: if nobody takes Dias, the first player passes clockwise."""
    s = chars_state()
    first = s["first"]
    s = play(play(s, 0, "decline"), 1, "decline")
    assert s["first"] == (first + 1) % 2


def test_r8_alvares_two_missionaries():
    """R8, docs/rules/vasco-da-gama.md 5.6 [PUB]: Alvares gives missionaries (2 here)."""
    s = chars_state()
    supply = s["missionaries"]
    s = play(s, 0, "take alvares")
    assert s["p"][0]["miss"] == 2 and s["missionaries"] == supply - 2


def test_r8_sernigi_merchant_ship_sails_free():
    """R8, docs/rules/vasco-da-gama.md 5.6 [PUB]: Sernigi's merchant ship sails at once without crew
    or captain, or stays in port."""
    s = chars_state()
    s["p"][0]["captains"] = 0
    s = play(s, 0, "take sernigi")
    ship = s["act"]["ship"]
    assert ship.startswith("m") and E.legal_moves(s, 0)[-1] == "keep"
    s = play(s, 0, "to natal", "space 4")
    assert s["landings"][0][0] == [0, ship] and s["p"][0]["captains"] == 0
    assert E.to_move(s) == [1]
    s2 = play(chars_state(), 0, "take sernigi", "keep")
    assert s2["p"][0]["port"][0].startswith("m")


def test_r8_money_space():
    """R8, docs/rules/vasco-da-gama.md 5.6 [PUB]: a money space pays the VdG reals number once."""
    s = chars_state()
    amount = s["money"][0]
    s = play(s, 0, "take money 1")
    assert s["p"][0]["reals"] == 10 + amount
    assert "take money 1" not in E.legal_moves(s, 1) and "take money 2" in E.legal_moves(s, 1)


def phase3_state(ships):
    """A state in Phase 2 whose last call triggers Phase 3; ``ships`` = {(landing, space):
    (seat, tile)}."""

    def edit(state):
        for (li, si), (seat, tid) in ships.items():
            state["landings"][li][si] = [seat, tid]

    return to_phase2(2, [(12, 0, "purchase"), (14, 1, "hire")], marker=11, change=0, edit=edit)


def test_r9_income_in_phase3():
    """R9, docs/rules/vasco-da-gama.md 4.4 [SRC]: ships in the Navigation area pay their income;
    the rulebook's tile (deck 1, 5 crew, limit 7) scores 2 VP."""
    s = phase3_state({(2, 0): (0, "11")})  # one ship at Mozambique: not complete
    s = play(play(s, 0, "decline"), 1, "decline")
    assert s["p"][0]["vp"] == 2 and s["p"][0]["vp_src"]["income"] == 2
    assert s["landings"][2][0] == [0, "11"]  # ships stay at incomplete landings


def test_r9_complete_landing_scores_and_advances():
    """R9, docs/rules/vasco-da-gama.md 4.4 [PUB/NIS]: a complete landing scores its VP per ship and
    its ships move to the lowest free reachable space of the next landing; a ship that cannot
    is discarded."""
    s = phase3_state({(0, 0): (0, "1"), (0, 3): (1, "14")})  # limits 4 and 7
    s = play(play(s, 0, "decline"), 1, "decline")
    assert s["landings"][0] == [None] * 5
    assert s["landings"][1][0] == [1, "14"]
    assert s["p"][0]["lost"] == 1
    natal = D["landings"][0]["complete_vp"]
    assert s["p"][0]["vp_src"]["completion"] == natal
    assert s["p"][1]["vp_src"]["completion"] == natal


def test_r9_calicut_ships_sail_home():
    """R9 [NIS]: a complete Calicut scores and its ships leave the board."""
    s = phase3_state({(5, 2): (1, "32")})
    s = play(play(s, 0, "decline"), 1, "decline")
    assert s["landings"][5] == [None] * 3
    calicut = D["landings"][5]["complete_vp"]
    assert s["p"][1]["home"] == 1 and s["p"][1]["vp_src"]["completion"] == calicut


def test_r10_end_of_round():
    """R10, docs/rules/vasco-da-gama.md 4.5 [SRC + NIS]: unbought projects leave, 7 new are dealt
    from the round's deck, sections refill to 5, the marker takes the tile's starting number."""
    s = to_phase2(2, [(12, 0, "purchase"), (14, 1, "hire")], marker=11, change=0)
    tile = D["vdg"][s["vdg"]]
    old = [*s["offer"], s["sg"]]
    s = play(s, 0, "buy 1")
    s = play(s, 1, "section 1", f"take {next(c for c, n in s['sections'][0].items() if n)}")
    s = play(s, 1, "done")
    assert s["round"] == 2
    new = [*s["offer"], s["sg"]]
    assert not set(new) & set(old)
    assert all(D["projects"][t]["deck"] == 1 for t in new)
    assert all(sum(sec.values()) == 5 for sec in s["sections"][:2])
    assert s["marker"] == tile["start"] and s["money"] == [tile["reals"]] * 2


def test_r10_deck_schedule():
    """R10 [NIS]: deck 1 in rounds 1-2, deck 2 in rounds 3-4, deck 3 in round 5."""
    assert D["purchase"]["deck_by_round"] == [1, 1, 2, 2, 3]


def test_r11_game_end_and_tiebreak():
    """R11, docs/rules/vasco-da-gama.md 4.6 [PUB/NIS]: after round 5 most VP wins; ties go to the
    most reals, then are shared."""
    s = to_phase2(3, [(12, 0, "purchase"), (13, 1, "hire"), (14, 2, "hire")], change=0)
    s["round"] = ROUNDS
    for seat, (vp, reals) in enumerate([(10, 5), (10, 7), (10, 7)]):
        s["p"][seat]["vp"] = vp
        s["p"][seat]["reals"] = reals
    assert E.result(s) is None
    s = play(s, 0, "decline")
    s = play(s, 1, "decline")
    s = play(s, 2, "decline")
    assert E.to_move(s) == []
    result = {r.seat: r.rank for r in E.result(s)}
    # seat 0 ends with 5 + 3 reals, seats 1 and 2 with 7 + 3 each
    assert result == {1: 1, 2: 1, 0: 3}


def test_default_moves_are_safe():
    """docs/rules/vasco-da-gama.md 9.3 [NIS]: a timed-out Phase 2 number declines; in Phase 1 the
    highest free number is taken."""
    s = to_phase2(2, [(12, 0, "purchase"), (14, 1, "hire")], marker=11, change=0)
    assert E.default_move(s, 0) == "decline"
    s = E.setup(2, seed=1)
    seat = E.to_move(s)[0]
    s = play(s, seat, E.default_move(s, seat))
    assert E.default_move(s, seat) == "number 22"


def test_full_games_end_for_all_player_counts():
    """docs/rules/vasco-da-gama.md 4.1 / R11: a game lasts exactly 5 rounds and ends."""
    for players in (2, 3, 4):
        s = E.setup(players, seed=players)
        empty_hands(s)
        chooser = random.Random(players)
        rounds = set()
        while E.to_move(s):
            rounds.add(s["round"])
            seat = E.to_move(s)[0]
            s = play(s, seat, chooser.choice(E.legal_moves(s, seat)))
        assert rounds == {1, 2, 3, 4, 5}
        assert len(E.result(s)) == players


def test_r12_launch_offered_inside_an_expedition():
    """R12, docs/rules/vasco-da-gama.md 5.3 / 9.6.6: launching is offered whenever the player is to
    move, including between the ships of an Expedition, and returns to the same step."""

    def edit(state):
        state["p"][0]["port"] = ["4"]
        state["p"][0]["projects"] = ["8"]  # 1 crew
        state["p"][0]["sailors"]["grey"] = 1
        state["p"][0]["captains"] = 2

    s = to_phase2(2, [(12, 0, "expedition"), (14, 1, "hire")], marker=11, change=0, edit=edit)
    s = play(s, 0, "send 4", "to natal", "space 5")
    assert "launch 8" in E.legal_moves(s, 0)
    s = play(s, 0, "launch 8", "crew grey")
    assert s["act"]["kind"] == "exp" and "send 8" in E.legal_moves(s, 0)
    s = play(s, 0, "send 8", "to natal", "space 6", "done")
    assert s["landings"][0][2] == [0, "8"]


def test_merchant_ship_in_port_needs_a_captain_to_be_sent():
    """docs/rules/vasco-da-gama.md 5.5 [SRC, transcript p.7]: "only ships that are launched and have
    a captain aboard can be sent" -- a merchant ship kept in port (Sernigi, or the 4-player
    setup gift) is no exception: without a captain it is not offered; with one it takes it."""

    def no_captain(state):
        state["p"][0]["port"] = ["m2"]
        state["p"][0]["captains"] = 0

    s = to_phase2(2, [(12, 0, "expedition"), (14, 1, "hire")], marker=11, change=0, edit=no_captain)
    assert "send m2" not in E.legal_moves(s, 0)

    def one_captain(state):
        state["p"][0]["port"] = ["m2"]
        state["p"][0]["captains"] = 1

    s = to_phase2(
        2, [(12, 0, "expedition"), (14, 1, "hire")], marker=11, change=0, edit=one_captain
    )
    s = play(s, 0, "send m2", "to natal", "space 7", "done")
    assert s["landings"][0][3] == [0, "m2"] and s["p"][0]["captains"] == 0
