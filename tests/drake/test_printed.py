"""Francis Drake: rules as printed (Issue 16), each test naming its rules section."""

from __future__ import annotations

from engines.drake import ENGINE, check_data
from engines.drake.data import load
from tests.drake.helpers import BLUE, GREEN, RED, YELLOW, fresh, place_all, play, to_sailing
from tests.drake.test_sailing import ORDER

GALLEON_PLAN = {
    seat: [("1", "galleon1"), ("2", "sanjuan"), ("3", "santodomingo"), ("4", "santiago")]
    for seat in ORDER
}


def _to_next_act(s: dict) -> dict:
    """Answer `continue` to return questions until a player must act on a mission."""
    while s["cur"] and s["cur"]["stage"] == "return":
        s, _, _ = play(s, s["cur"]["seat"], "continue")
    return s


def _galleon_position(galleons: tuple[int, ...]) -> dict:
    s = to_sailing(fresh(4), ORDER, supplies=2, crew=0, guns=6, voyage=3)
    s["dest"]["galleon1"]["gc"] = "a"
    for seat in galleons:
        s["p"][seat]["ship"] = "galleon"
    s, _ = place_all(s, GALLEON_PLAN)
    return s


def test_frigate_disc_does_not_turn_a_galleon_counter_5_2():
    """docs/rules/francis-drake.md 5.2, 7.10 (Issue 16): the Spanish Frigate counter is turned face
    up "by the first player who attacks"; a Frigate's disc, which cannot attack a Galleon,
    leaves it face down. The first Galleon to come up turns it."""
    s = _galleon_position(galleons=(RED,))
    assert s["cur"] == {"seat": GREEN, "disc": None, "dest": None, "stage": "return"}
    assert "Player A disc 1 at Galleon I: not possible" in ENGINE.view(s, None)["recent"][-1]
    public = {d["id"]: d for d in ENGINE.view(s, None)["map"]}
    assert public["galleon1"]["counter_state"] == "hidden"
    step = ENGINE.apply(s, GREEN, "continue")
    assert step.reveals  # Red, a Galleon, comes up next and turns it
    assert step.state["cur"]["seat"] == RED and step.state["dest"]["galleon1"]["shown"]
    assert (
        step.log[0]
        == "The Spanish Frigate counter at Galleon I is +"
        + str(s["dest"]["galleon1"]["counter"])
        + "."
    )


def test_nobody_able_to_attack_leaves_the_counter_hidden_7_10():
    """docs/rules/francis-drake.md 7.10 (Issue 16): with no Galleon among the discs there, the
    counter stays face down (and secret) after every disc failed."""
    s = _to_next_act(_galleon_position(galleons=()))
    assert s["cur"]["dest"] != "galleon1"
    assert not s["dest"]["galleon1"]["shown"]
    public = {d["id"]: d for d in ENGINE.view(s, None)["map"]}
    assert public["galleon1"]["counter_value"] is None


def test_fort_counter_stays_down_for_a_player_short_of_crew_5_2():
    """docs/rules/francis-drake.md 5.2 (Forts): a player with fewer Crew than the printed Troops
    plus the lowest face-down counter cannot attack, so does not turn the Troop counter."""
    s = to_sailing(fresh(4), ORDER, supplies=2, crew=0, guns=6, voyage=3)
    plan = {
        seat: [("1", "panama"), ("2", "sanjuan"), ("3", "santodomingo"), ("4", "santiago")]
        for seat in ORDER
    }
    s["p"][YELLOW]["crew"] = 3
    s, _ = place_all(s, plan)
    assert not s["dest"]["panama"]["shown"]  # Green had no Crew: failed, counter still down
    s, log, _ = play(s, GREEN, "continue")
    assert not s["dest"]["panama"]["shown"]  # nor had Red
    assert "Player B disc 1 at Panama: not possible" in log[0]
    s, log, _ = play(s, RED, "continue")
    assert s["dest"]["panama"]["shown"] and s["cur"]["seat"] == YELLOW
    assert log[0].startswith("The Troop counter at Panama is +")


def test_general_supply_and_tavern_table_are_public_2_1():
    """docs/rules/francis-drake.md 2.1, 9.6.12 (Issue 16): what is left in the limited general
    supply (e.g. 3 Indigo) and the Tavern table are in the public view."""
    s = fresh(4, 1)
    public = ENGINE.view(s, None)
    assert public["supply"]["indigo"] == 3 - 1  # one Indigo sits on Santo Domingo
    assert public["supply"]["guns"] == 28 - 1  # the last dock's voyage-1 Gun (3 step 8)
    assert public["tavern_table"]["ghost_ship"] == [1, 2]
    assert public["tavern_table"]["crew"] == load()["tables"]["tavern"]["crew"]


def test_provenance_is_exact_2_3():
    """docs/rules/francis-drake.md 2.3, Examples 9-11 (Issue 16): Veracruz's printed Troops,
    circles and position are inferred, so it is provisional; Example 9 gives only the total of
    4 Crew; Example 11 names no port; every reconstructed record says why."""
    data = load()
    vera = data["dests"]["veracruz"]
    assert vera["source"] == "provisional" and "Ex. 9" in vera["note"]
    assert check_data() == []
    topics = ENGINE.rules_topics
    text = " ".join(v for k, v in topics.items() if k.startswith("reconstructed"))
    for dest in data["dests"].values():
        assert dest["name"] in text and dest["note"] in text
    assert "9.6.5" in text and "9.6.11" in text


def test_check_data_accepts_any_printed_split_of_veracruz_4(monkeypatch):
    """docs/rules/francis-drake.md Example 9: 4 Crew in total; a printed 3 with a +1 counter is as
    good as 2 + 2, while a printed 5 cannot be reached. Example 11 names no port."""
    from engines.drake import data

    real = data._load

    def variant(troops):
        def fake(name):
            loaded = real(name)
            if name == "map.toml":
                for d in loaded["destination"]:
                    if d["id"] == "veracruz":
                        d["troops"] = troops
                    if d["id"] == "sanjuan":
                        d["commodities"] = ["coffee", "indigo"]
                        d["circles"] = 2
                    if d["id"] == "santiago":
                        d["commodities"] = ["sugar", "tobacco"]
            return loaded

        return fake

    monkeypatch.setattr(data, "_load", variant(3))
    assert data.check_data() == []
    monkeypatch.setattr(data, "_load", variant(5))
    assert any("Veracruz" in p for p in data.check_data())


def test_hero_bonus_text_matches_the_engine_4_7():
    """docs/rules/francis-drake.md 4.7, 9.6.5 (Issue 16): the help says what the engine does: a
    1st early returner without a success takes the place and scores 0; the 2nd gets 1 VP."""
    assert "no passing down" in ENGINE.rules_topics["scoring"]
    assert "gets 0" in ENGINE.rules_topics["scoring"]
    s = to_sailing(fresh(4), ORDER, voyage=3, crew=6)
    plan = {
        GREEN: [("1", "sanjuan"), ("2", "santodomingo"), ("3", "santiago"), ("4", "panama")],
        RED: [("1", "grangranada"), ("2", "santodomingo"), ("3", "santiago"), ("4", "panama")],
        YELLOW: [("1", "portobelo"), ("2", "santodomingo"), ("3", "santiago"), ("4", "panama")],
        BLUE: [("1", "maracaibo"), ("2", "santodomingo"), ("3", "santiago"), ("4", "panama")],
    }
    s, _ = place_all(s, plan)
    s, _, _ = play(s, GREEN, "decline")  # Green at San Juan: no attack this voyage
    before = s["p"][GREEN]["score"]
    s, log, _ = play(s, GREEN, "return")  # 1st early returner, no attack: 0 VP
    assert s["p"][GREEN]["score"] == before and "hero bonus 0 VP" in log[-1]
    s, _, _ = play(s, RED, "attack")
    before = s["p"][RED]["score"]
    s, log, _ = play(s, RED, "return")
    assert s["p"][RED]["score"] == before + 1
    assert "hero bonus 1 VP" in log[-1]
