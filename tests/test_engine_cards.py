"""Scenarios that name cards: stats and text come from the card source; the scenario's fields win."""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from codex.cards import import_cards
from codex.cards.catalog import CardCatalog
from codex.cards.source import CatalogCards
from codex.engine import CardData, CardDict, ScenarioError, Verdict, load, rule
from codex.engine.carrying import lances

from conftest import SHARED_CARDS

FIX = Path(__file__).parent / "fixtures" / "cards"

INVENTED = CardDict([
    CardData("Test Troll", "minion", 2, {"earth": 1}, 3, 3, subtypes=("Troll",), text=""),
    CardData("Sky Wisp", "minion", 1, {"air": 1}, 1, 1, text="Airborne"),
    CardData("Split Knight", "minion", 4, {"fire": 2}, 2, 5, text="Lance"),
    CardData("Quiet Vale", "site", None, {"water": 1}, text="Units here are calm."),
    CardData("Tester", "avatar", None, {}, 1, 1, life=20, text="Tap → Play or draw a site."),
    CardData("Spark", "magic", 1, {"fire": 1}, text="Deal 1 damage to target minion."),
    CardData("Brass Sentry", "artifact", 2, {}, 2, 2, subtypes=("Automaton",), text=""),
    CardData("Brass Key", "artifact", 1, {}, subtypes=("Relic",), text=""),
])


def scenario(units: list[dict[str, Any]], action: dict[str, Any], **extra: Any) -> dict[str, Any]:
    sites = [{"square": s, "controller": "p1" if s > 10 else "p2", "affinity": "EEFFWWAA"} for s in range(1, 21)]
    doc = {"format": "arbiter.scenario/1", "turn": {"active": "p1", "number": 3},
           "players": [{"id": "p1", "mana": 9}, {"id": "p2"}], "sites": sites, "units": units, "action": action}
    doc.update(extra)
    return doc


def problems(doc: dict[str, Any], cards: Any = INVENTED) -> dict[str, str]:
    with pytest.raises(ScenarioError) as err:
        load(doc, cards)
    return {p.pointer: f"{p.problem} | {p.fix}" for p in err.value.problems}


def test_a_named_unit_takes_power_subtypes_and_text_from_its_card() -> None:
    state, _ = load(scenario([{"id": "t", "card": "test troll", "controller": "p1", "at": 13},
                              {"id": "k", "card": "Split Knight", "controller": "p1", "at": 14}],
                             {"do": "end_turn"}), INVENTED)
    troll, knight = state.unit("t"), state.unit("k")
    assert (troll.name, troll.attack, troll.defense) == ("Test Troll", 3, 3)
    assert (knight.attack, knight.defense, knight.split, lances(state, knight)) == (2, 5, True, 1)


def test_fields_given_in_the_scenario_override_the_card() -> None:
    state, _ = load(scenario([{"id": "w", "card": "Sky Wisp", "controller": "p1", "at": 13, "power": 4,
                               "name": "Big Wisp", "text": "Stealth"}], {"do": "end_turn"}), INVENTED)
    w = state.unit("w")
    assert (w.name, w.attack) == ("Big Wisp", 4)
    assert w.keywords.stealth and not w.keywords.airborne


def test_an_avatar_card_makes_an_avatar_and_a_site_card_a_site() -> None:
    doc = scenario([{"id": "a", "card": "Tester", "controller": "p1", "at": 18}], {"do": "end_turn"})
    doc["sites"][12] = {"square": 13, "card": "Quiet Vale", "controller": "p1"}
    state, _ = load(doc, INVENTED)
    assert state.unit("a").is_avatar
    vale = state.site_at(13)
    assert vale.name == "Quiet Vale" and vale.affinity.water == 1 and vale.text == "Units here are calm."


def test_a_spell_named_by_card_is_cast_with_its_cost_and_threshold() -> None:
    doc = scenario([{"id": "av", "card": "Tester", "controller": "p1", "at": 18}],
                   {"do": "cast", "caster": "av", "spell": {"card": "Test Troll"}, "location": 17})
    r = rule(doc, cards=INVENTED)
    assert r.verdict is Verdict.RESOLVED
    assert r.state_after["players"][0]["mana"] == 7
    summoned = [u for u in r.state_after["units"] if u["name"] == "Test Troll"]
    assert summoned and summoned[0]["power"] == "3"


def test_an_unknown_card_suggests_close_names() -> None:
    found = problems(scenario([{"id": "t", "card": "Test Trol", "controller": "p1", "at": 13}], {"do": "end_turn"}))
    assert "unknown card 'Test Trol'" in found["/units/0/card"] and "'Test Troll'" in found["/units/0/card"]


def test_naming_a_card_without_a_catalog_says_how_to_import_one() -> None:
    found = problems(scenario([{"id": "t", "card": "Test Troll", "controller": "p1", "at": 13}], {"do": "end_turn"}),
                     cards=None)
    assert "arbiter cards import" in found["/units/0/card"]


@pytest.mark.parametrize("where,doc_change,pointer", [
    ("unit", lambda d: d["units"].append({"id": "x", "card": "Quiet Vale", "controller": "p1", "at": 13}),
     "/units/0/card"),
    ("site", lambda d: d["sites"].__setitem__(12, {"square": 13, "card": "Test Troll"}), "/sites/12/card"),
    ("spell", lambda d: d.update(action={"do": "cast", "caster": "av", "spell": {"card": "Quiet Vale"}}),
     "/action/spell/card"),
])
def test_a_card_of_the_wrong_type_is_a_clear_problem(where: str, doc_change: Any, pointer: str) -> None:
    doc = scenario([], {"do": "end_turn"})
    if where == "spell":
        doc["units"].append({"id": "av", "card": "Tester", "controller": "p1", "at": 18})
    doc_change(doc)
    assert "not a" in problems(doc)[pointer]


def test_an_automaton_is_an_artifact_minion() -> None:
    """Codex "Automaton": "Automatons are artifacts that are minions": cast, it is summoned as a
    minion; it may be named among the units, and among the artifacts it is a clear problem."""
    assert CardData("Brass Sentry", "artifact", subtypes=("Automaton",)).types == ("artifact", "minion")
    assert CardData("Brass Key", "artifact", subtypes=("Relic",)).types == ("artifact",)
    doc = scenario([{"id": "av", "card": "Tester", "controller": "p1", "at": 18}],
                   {"do": "cast", "caster": "av", "spell": {"card": "Brass Sentry"}, "location": 17})
    r = rule(doc, cards=INVENTED)
    assert [u["power"] for u in r.state_after["units"] if u["name"] == "Brass Sentry"] == ["2"]
    assert not r.state_after["artifacts"]
    doc = scenario([{"id": "av", "card": "Tester", "controller": "p1", "at": 18}],
                   {"do": "cast", "caster": "av", "spell": {"card": "Brass Key"}, "location": 17})
    assert [a["name"] for a in rule(doc, cards=INVENTED).state_after["artifacts"]] == ["Brass Key"]
    state, _ = load(scenario([{"id": "s", "card": "Brass Sentry", "controller": "p1", "at": 13}], {"do": "end_turn"}),
                    INVENTED)
    assert state.unit("s") is not None and state.unit("s").attack == 2
    doc = scenario([], {"do": "end_turn"}, artifacts=[{"id": "s", "card": "Brass Sentry", "at": 13}])
    assert "give it under \"units\"" in problems(doc)["/artifacts/0/card"]


def test_an_artifact_carried_by_name_is_its_catalog_card() -> None:
    """A unit's ``artifacts`` names read the card as a ``card`` would: its text is the
    artifact's (a granted ability applies), its cost and subtypes are the card's; an invented
    name stays a bare artifact; an artifact that cannot be carried is a problem."""
    cards = CardDict([c for n in INVENTED._names if (c := INVENTED.card(n)) is not None] + [
        CardData("Bright Band", "artifact", 1, {}, subtypes=("Ring",), text="Bearer has Airborne."),
        CardData("Stone Marker", "artifact", 2, {}, subtypes=("Monument",), text="")])
    doc = scenario([{"id": "t", "card": "Test Troll", "controller": "p1", "at": 13,
                     "artifacts": ["bright band", "Old Coin"]}], {"do": "end_turn"})
    state, _ = load(doc, cards)
    band, coin = sorted(state.artifacts, key=lambda a: a.id)
    assert (band.name, band.cost, band.subtypes, band.text) == ("Bright Band", 1, ("Ring",),
                                                                "Bearer has Airborne.")
    assert (coin.name, coin.text, coin.bearer) == ("Old Coin", "", "t")
    # the band's granted Airborne moves its bearer as when the band is listed with "card"
    reach = {}
    for how in ("bare", "by name", "by card"):
        unit = {"id": "t", "card": "Test Troll", "controller": "p1", "at": 13}
        extra: dict[str, Any] = {}
        if how == "by name":
            unit["artifacts"] = ["Bright Band"]
        elif how == "by card":
            extra["artifacts"] = [{"id": "b", "card": "Bright Band", "carried_by": "t"}]
        r = rule(scenario([unit], {"do": "range_of_motion", "unit": "t"}, **extra), cards=cards)
        reach[how] = sorted(map(str, r.state_after["outcome"]["answer"]))
    assert reach["by name"] == reach["by card"] != reach["bare"]
    doc["units"][0]["artifacts"] = ["Stone Marker", "Brass Sentry"]
    found = problems(doc, cards)
    assert "Monument: it cannot be carried" in found["/units/0/artifacts/0"]
    assert "give it under \"units\"" in found["/units/0/artifacts/1"]


def test_a_unit_without_power_or_card_is_a_problem() -> None:
    assert "/units/0/power" in problems(scenario([{"id": "t", "controller": "p1", "at": 13}], {"do": "end_turn"}))


def test_the_imported_catalog_is_a_card_source(tmp_path: Path) -> None:
    import_cards(FIX / "invented.json", tmp_path / "cards.db")
    cards = CatalogCards(CardCatalog.open(tmp_path / "cards.db"))
    owl = cards.card("glimmer owl")
    assert owl is not None and owl.type == "minion" and owl.threshold["air"] == 1 and "Airborne" in owl.text
    assert cards.suggest("Glimer Owl")[0] == "Glimmer Owl"
    state, _ = load(scenario([{"id": "o", "card": "Glimmer Owl", "controller": "p1", "at": 13}], {"do": "end_turn"}),
                    cards)
    assert state.unit("o").keywords.airborne and state.unit("o").keywords.movement == 1


@pytest.fixture(scope="module")
def snapshot_cards(tmp_path_factory: pytest.TempPathFactory) -> CatalogCards:
    if not SHARED_CARDS.exists():
        pytest.skip(f"the card snapshot {SHARED_CARDS} is not here")
    db = tmp_path_factory.mktemp("cards") / "cards.db"
    import_cards(SHARED_CARDS, db)
    return CatalogCards(CardCatalog.open(db))


def test_real_cards_resolve_from_the_snapshot(snapshot_cards: CatalogCards) -> None:
    doc = scenario([{"id": "t", "card": "Bosk Troll", "controller": "p1", "at": 13},
                    {"id": "d", "card": "Sorcerer", "controller": "p2", "at": 3}], {"do": "end_turn"})
    state, _ = load(copy.deepcopy(doc), snapshot_cards)
    assert (state.unit("t").attack, state.unit("t").defense) == (3, 3)
    assert state.unit("d").is_avatar
