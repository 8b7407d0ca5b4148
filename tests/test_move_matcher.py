"""The one move matcher (engines/base.py find_moves; docs/ARCHITECTURE.md 2, "harmless
variations")."""

from __future__ import annotations

import pytest

from engines.base import IllegalMove, find_moves, match_move

LEGAL = ["place 3 supplies", "place 5 goods", "sail"]
DESCRIPTIONS = {
    "place 3 supplies": "Place a disc at Supplies 3: take 7 food",
    "place 5 goods": "Place a disc at Goods 5: 2 goods for 4 gold",
    "sail": "Sail: stop placing discs",
}


def test_a_move_is_found_by_words_of_its_description_numbers_included():
    assert find_moves("food 7", LEGAL, DESCRIPTIONS) == ["place 3 supplies"]
    assert find_moves("4 gold", LEGAL, DESCRIPTIONS) == ["place 5 goods"]


def test_after_a_moves_first_word_a_number_is_that_moves_own():
    # `place 7` names position 7, which is not open: it must not find the move whose
    # description happens to say "7 food", nor "place 4" the one that pays "4 gold".
    assert find_moves("place 7", LEGAL, DESCRIPTIONS) == []
    assert find_moves("place 4 goods", LEGAL, DESCRIPTIONS) == []
    assert find_moves("place 5", LEGAL, DESCRIPTIONS) == ["place 5 goods"]
    assert find_moves("place food", LEGAL, DESCRIPTIONS) == ["place 3 supplies"]


# A member types the start of the words they read, in their own script (issue 26 item 3).
HARVEST = ["harvest banana", "harvest coconut", "fish"]


def test_greek_prefixes_find_a_move_whatever_the_case_accents_and_final_sigma():
    described = {
        "harvest banana": "Συγκομιδή: μπανάνες",
        "harvest coconut": "Συγκομιδή: καρύδες",
        "fish": "Ψάρεμα εδώ: τράβηξε 3 κύβους",
    }
    assert find_moves("συγκ καρ", HARVEST, described) == ["harvest coconut"]
    assert find_moves("ΣΥΓΚΟΜΙΔΗ ΚΑΡΥΔΕΣ", HARVEST, described) == ["harvest coconut"]
    assert find_moves("ψαρεμα", HARVEST, described) == ["fish"]
    assert find_moves("συγκομιδή", HARVEST, described) == HARVEST[:2]
    # Final sigma typed where the word read has it (κύβους), or typed half-way (κυβους -> σ).
    assert find_moves("τραβηξε κυβους", HARVEST, described) == ["fish"]
    assert find_moves("ΤΡΆΒΗΞΕ ΚΎΒΟΥΣ", HARVEST, described) == ["fish"]
    assert find_moves("ψαρ κυβ", HARVEST, described) == ["fish"]


def test_cyrillic_prefixes_find_a_move_whatever_the_case_and_breve():
    described = {
        "harvest banana": "Собрать банан",
        "harvest coconut": "Собрать кокос",
        "fish": "Ловить рыбу здесь",
    }
    assert find_moves("соб кок", HARVEST, described) == ["harvest coconut"]
    assert find_moves("СОБРАТЬ БАН", HARVEST, described) == ["harvest banana"]
    assert find_moves("рыбу", HARVEST, described) == ["fish"]
    aliases = {"fish": ["пойти рыбачить"]}
    assert find_moves("ПОИТИ РЫБАЧИТЬ", HARVEST, described, aliases) == ["fish"]


# Issue 38 item 1: the rule above in every language. Location 2 is behind the player; the Greek
# description of ``place 12 guns`` says "take 2 guns".
PLACES = ["place 3 tavern", "place 12 guns", "place 13 admiral"]
PLACES_EL = {
    "place 3 tavern": "Δίσκος στη θέση 3 (Ταβέρνα): ρίξε ζάρι +1 για Πλήρωμα",
    "place 12 guns": "Δίσκος στη θέση 12 (Κανόνια): πάρε 2 Κανόνια",
    "place 13 admiral": "Δίσκος στη θέση 13 (Ναύαρχος): +1 ΠΝ ανά Χρυσό",
}


def test_a_number_after_a_greek_verb_is_the_moves_own_never_a_described_one():
    assert find_moves("δίσκος 2", PLACES, PLACES_EL) == []
    assert find_moves("θέση 2", PLACES, PLACES_EL) == []
    assert find_moves("δίσκος 3", PLACES, PLACES_EL) == ["place 3 tavern"]
    assert find_moves("ΔΙΣΚ 12", PLACES, PLACES_EL) == ["place 12 guns"]
    # A number alone, or after a word that names no move's number, is searched as before.
    assert find_moves("πάρε 2", PLACES, PLACES_EL) == ["place 12 guns"]


def test_an_exact_number_before_a_longer_one_and_a_whole_number_when_submitted():
    legal = ["place 1 crew", *PLACES]
    assert find_moves("δίσκος 1", legal, {**PLACES_EL, "place 1 crew": "Δίσκος στη θέση 1"}) == [
        "place 1 crew"
    ]
    # Autocomplete offers 12 and 13 for "1"; a submitted "1" is the whole number.
    assert find_moves("δίσκος 1", PLACES, PLACES_EL) == ["place 12 guns", "place 13 admiral"]
    assert find_moves("δίσκος 1", PLACES, PLACES_EL, whole_numbers=True) == []
    with pytest.raises(IllegalMove, match="ambiguous"):
        match_move("δίσκος 1", PLACES[:2], PLACES_EL)
