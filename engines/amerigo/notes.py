"""The provenance notes of ``data/amerigo`` as messages, so the ``reconstructed`` rules topic is
said in Greek and Russian too (issue 26 item 3).

The data files keep the English notes (a group that owns the game corrects them there); this
module marks the same texts for the catalogs. ``tests/amerigo/test_languages.py`` fails when a
note in the data is not here word for word, so a corrected note is never read half translated:
until it is added here (and translated), it is said in English.
"""

from __future__ import annotations

from i18n import N_

SUBJECTS: dict[str, str] = {
    "commodities": N_("commodities"),
    "cubes": N_("cubes"),
    "layout_grid": N_("layout grid"),
    "tile_grid": N_("tile grid"),
    "frame_pieces": N_("frame pieces"),
    "frame_geometry": N_("frame geometry"),
    "chests": N_("chests"),
    "layout_check": N_("layout check"),
    "time_markers": N_("time markers"),
    "trading_post_table": N_("trading post table"),
    "pirates": N_("pirates"),
    "special_track": N_("special track"),
    "progress_track": N_("progress track"),
    "progress_area": N_("progress area"),
    "production_area": N_("production area"),
    "tower": N_("tower"),
}
"""The board records' keys in words (``layout_grid`` is "layout grid")."""

SOURCES: dict[str, str] = {
    "public": N_("public"),
    "provisional": N_("provisional"),
}

NOTES: frozenset[str] = frozenset(
    {
        N_(
            "The five goods are in the rulebook; 8 spaces per good and the cell letters are from "
            "public descriptions."
        ),
        N_(
            "The rulebook gives 49 cubes in 7 colours; 7 of each colour is from public "
            "descriptions."
        ),
        N_(
            "The 3x3, 3x4 and 4x4 tile grids are from public descriptions; the rulebook's "
            "diagrams are missing."
        ),
        N_(
            "Island tiles of 5x5 spaces are designed here: the printed tiles are missing from "
            "the rulebook."
        ),
        N_(
            "8 frame pieces for 4 players (the rulebook says 4, which cannot surround 16 tiles, "
            "rules A1)."
        ),
        N_(
            "Which frame space touches which sea spaces is designed: the frame diagrams are "
            "missing (rules A24)."
        ),
        N_(
            "5 treasure chests is from public descriptions (page 1, the component list, is "
            "missing)."
        ),
        N_(
            "A layout must have at least 2 (2 players) or 3 big islands: designed, the "
            "rulebook's layouts are missing."
        ),
        N_(
            "Time markers 5, 4, 3, 2 over a printed 1: only 'round 2 = 4' is in the rulebook "
            "(rules A3)."
        ),
        N_(
            "Only 1 post = 1 and 2 posts = 3 are in the rulebook; 3 or more posts use "
            "triangular numbers (rules A2)."
        ),
        N_(
            "Pirate values 0, 1, 2, 3, 4, 6 are designed to fit the rulebook's examples (a 0, "
            "a 6, then 10)."
        ),
        N_(
            "The order track's 15 spaces, colours and VP are designed: the storage board is "
            "missing."
        ),
        N_(
            "The progress track's 18 spaces and VP spaces are designed; its last value 15 VP is "
            "public."
        ),
        N_("8 spaces, 4 per half, inferred from the refill of 4 (rules 2.4 item 13)."),
        N_(
            "6, 8 or 10 production spaces by player count are inferred from 30, 40, 50 tokens "
            "over 5 rounds."
        ),
        N_(
            "The cube tower is a seeded model: a physical tower keeps about 5 cubes (public play "
            "reports)."
        ),
        N_(
            "P1/P2 (+2 AP for one action, +1 for either of two) are in the rulebook; the colours "
            "on the nine AP tokens are designed."
        ),
        N_("Designed: a +1 AP token for white or black fills the 24 tokens (page 12 is missing)."),
        N_("Designed: a second once-gold token of 3 gold (the rulebook shows one of 5)."),
        N_(
            "Designed for P8, gold 'continuously': +1 gold at each round end (its trigger is "
            "missing)."
        ),
        N_(
            "Designed end token: 1 VP per own trading post (the rulebook's end tokens are missing)."
        ),
        N_("Designed for P9 ('7 VP from one token'): 2 VP per completed island with an own post."),
        N_("Designed end token: 1 VP per 2 cannons left (the rulebook's end tokens are missing)."),
        N_("Two landscapes in one Plan (P11) is from public descriptions."),
        N_("Disc on top of the first player (P12) is from public descriptions."),
        N_("Red and green cubes interchangeable (P13) is from public descriptions."),
        N_(
            "3 cost-2, 4 cost-3 and 3 cost-4 tokens per good is public; which carry no player "
            "mark is designed."
        ),
        N_(
            "Which tokens carry the 3-player mark is designed (10 marked tokens is an inference "
            "from 30/40)."
        ),
        N_(
            "Which tokens carry the 4-player mark is designed (10 marked tokens is an inference "
            "from 40/50)."
        ),
        N_(
            "The 16 island tiles are designed: the printed tiles are missing. Every layout "
            "obeys the setup rules of 3.1 (checked when it is drawn)."
        ),
        N_(
            "Landscape and village shapes and VP values are designed to fit the rulebook "
            "examples (a 2-space village scores 2 on a big island; 2 + 4 + 3 spaces score 10); "
            "the counts 37 and 16 are public."
        ),
    }
)
"""Every note of ``data/amerigo`` that the ``reconstructed`` topic quotes."""
