"""The one move matcher (engines/base.py find_moves; design.md 2, "harmless variations")."""

from __future__ import annotations

from engines.base import find_moves

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
