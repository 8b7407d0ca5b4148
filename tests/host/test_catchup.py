"""Catch-up folding (issue 27 item 1): what the others did since a member's last move, in one
short sentence made only of the public move log."""

from __future__ import annotations

from host.catchup import SUMMARY_LIMIT, Entry, fold, since_last_move, summary_line, turn_lines

NAMES = ["Ana", "Bo", "Cy"]


def step(seat: int, *lines: str, move: str = "x") -> Entry:
    return Entry(seat, move, tuple(lines))


def test_folds_repeats_by_player_in_order():
    entries = [
        step(0, "Player A harvests a coconut (1 in the canoe)."),
        step(1, "Player B harvests a coconut (1 in the canoe)."),
        step(1, "Player B harvests a coconut (1 in the canoe)."),
        step(1, "Player B takes island T14 from stack B for 2,0."),
        step(2, "Player C fishes."),
    ]
    text = fold(since_last_move(entries, 0), NAMES)
    assert text == (
        "Bo harvests a coconut (1 in the canoe) twice and takes island T14 from stack B for 2,0;"
        " Cy fishes"
    )


def test_the_same_verb_with_different_objects_keeps_the_verb_and_every_object():
    # Issue 40 section 3: "places twice" says nothing when the places matter.
    entries = [step(1, f"Player B paddles to {i},0.") for i in (0, 1, 2, 2)]
    assert fold(entries, NAMES) == "Bo paddles to 0,0, to 1,0 and to 2,0 twice"


def test_going_back_and_state_reports_are_left_out():
    entries = [
        step(1, "Player B picks another space.", move="back"),
        step(1, "Player B has 4 actions.", "Round 2: Player C to play."),
        step(1, "Player B places a card face down on 2.1."),
    ]
    assert fold(entries, NAMES) == "Bo places a card face down on 2.1"


def test_a_step_without_public_lines_says_nothing():
    # A secret submission logs nothing: the catch-up must not guess at it, nor say a bare
    # "moved" (issue 40 section 3); the step that shows its effect says it.
    assert fold([step(2), step(2)], NAMES) == ""
    assert fold([step(2), step(2, "Player C fishes.")], NAMES) == "Cy fishes"


def test_events_are_kept_and_seat_names_replace_player_letters():
    entries = [step(0, "Player A bids.", "Bids revealed. Winners: 1.1 Player B (3).")]
    assert fold(entries, NAMES) == "Ana bids; Bids revealed. Winners: 1.1 Bo (3)"


def test_a_long_absence_stays_within_the_budget_and_keeps_the_latest_players():
    entries = []
    for turn in range(40):
        for seat in (1, 2):
            entries.append(step(seat, f"Player {'ABC'[seat]} sails ship {turn} to e{turn}."))
            entries.append(step(seat, f"Player {'ABC'[seat]} buys cargo {turn} for {turn} gold."))
    entries.append(step(0, "Player A takes the last tile (round " + "x" * 500 + ")."))
    text = fold(entries, NAMES)
    assert len(text) <= SUMMARY_LIMIT
    assert "Ana takes the last tile" in text  # the most recent player survives the cut


def test_summary_line_names_whose_catch_up_it_is_and_skips_what_the_post_shows():
    entries = [step(0, "Player A fishes."), step(1, "Player B fishes."), step(2, "Player C rows.")]
    # Cy's row is this post's own line: the catch-up does not say it a second time.
    assert summary_line([0], entries, NAMES, skip=1) == "*Since Ana's last move:* Bo fishes."
    assert summary_line([0], entries, NAMES) == "*Since Ana's last move:* Bo fishes; Cy rows."
    # A silent step of Cy's (a secret choice) just before the posted one is part of it, not news.
    silent = [*entries[:2], step(2), entries[2]]
    assert summary_line([0], silent, NAMES, skip=1) == "*Since Ana's last move:* Bo fishes."
    # Only the step being posted happened since: the post's own lines already say it.
    assert summary_line([1], entries, NAMES, skip=1) == ""
    assert summary_line([], entries, NAMES) == ""


def test_summary_events_win_over_incidental_lines():
    entries = [
        step(0, "Player A bids.", "Bids revealed: 1.1 Player B (3).", "The fish fits nowhere."),
        step(1, "Player B rows.", "The taro fits nowhere."),
    ]
    assert fold(entries, NAMES) == "Ana bids; Bo rows; Bids revealed: 1.1 Bo (3)"
    assert fold([step(1, "Player B rows.", "The taro fits nowhere.")], NAMES) == (
        "Bo rows; The taro fits nowhere"
    )


def test_greek_and_russian_group_each_players_lines_from_their_templates():
    from i18n import T

    def took(stack, at):
        return T(
            "{player} takes the island ({first}/{second}) from stack {stack} for {at}.",
            player="Player B",
            first="T14",
            second="T2",
            stack=stack,
            at=at,
        )

    entries = [step(1, took("A", "1,0")), step(1, took("A", "1,0")), step(1, took("B", "2,0"))]
    assert fold(entries, NAMES, lang="el") == (
        "Bo παίρνει το νησί (T14/T2) από τη στοίβα A για το 1,0 δύο φορές"
        " και παίρνει το νησί (T14/T2) από τη στοίβα B για το 2,0"
    )
    text = fold(entries, NAMES, lang="ru")
    assert text.startswith("Bo ") and text.count("Bo") == 1 and "дважды" in text, text


def test_the_budget_cuts_whole_clauses_never_words():
    winners = ", ".join(f"{i}.1 Player {'ABC'[i % 3]} ({i})" for i in range(40))
    text = fold([step(0, f"Bids revealed. Winners: {winners}.")], NAMES)
    assert text.endswith(", …") and "Player" not in text and len(text) <= SUMMARY_LIMIT


def test_turn_lines_with_room_for_one_line_tell_each_turn_once():
    """A pinging post with little room left (issue 40 section 4): every turn folds into one line,
    none told again after it (it was told twice when the room was one line)."""
    entries = [
        step(0, "Player A fishes."),
        step(1, "Player B paddles to 1,0."),
        step(2, "Player C harvests a coconut."),
    ]
    lines = turn_lines([0], entries, NAMES, unshown=3, limit=200)
    assert len(lines) == 1
    assert all(lines[0].count(name) == 1 for name in NAMES)
