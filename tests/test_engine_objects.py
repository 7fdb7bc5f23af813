"""Artifacts, carried units, oversized units, forced movement and the card text that drives them:
the loader's checks, the AST shapes read as abilities, and invariants of the pure functions."""
from __future__ import annotations

import random
from typing import Any

import pytest

from codex.engine import ScenarioError, TooComplex, load, rule
from codex.engine.abilities import abilities_of
from codex.engine.budget import budget
from codex.engine.forced import MAX_TIED, shortest_paths
from codex.engine.geometry import Location, Region
from codex.engine.keywords import ANY_NUMBER, CarryRule, Compulsion
from codex.engine.movement import move_unit, range_of_motion

WAR_HORSE = "Charge, May carry an ally."


def board(units: list[dict[str, Any]], action: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    sites = [{"square": s, "controller": "p2" if s <= 10 else "p1", "affinity": "E"} for s in range(1, 21)]
    doc = {"format": "arbiter.scenario/1", "turn": {"active": "p1", "number": 3},
           "players": [{"id": "p1", "mana": 5}, {"id": "p2"}], "sites": sites, "units": units,
           "action": action or {"do": "end_turn"}}
    doc.update(extra)
    return doc


def problems(doc: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(ScenarioError) as e:
        load(doc)
    return {p.pointer: p.problem for p in e.value.problems}


# ----------------------------------------------------------------------------- card text

@pytest.mark.parametrize("text,rule_", [
    ("May carry an ally.", CarryRule(1, False, False)),
    ("Charge, May carry an ally.", CarryRule(1, False, False)),
    ("May carry an allied minion.", CarryRule(1, True, False)),
    ("May carry a weaker allied minion.", CarryRule(1, True, True)),
    ("May carry any number of allied minions.", CarryRule(ANY_NUMBER, True, False)),
])
def test_carrying_abilities_are_read_from_the_ast(text: str, rule_: CarryRule) -> None:
    ab = abilities_of(text, "Carrier")
    assert ab.keywords.carries == (rule_,)
    assert all(a.executed for a in ab.abilities)


@pytest.mark.parametrize("text", ["May carry a minion.", "May carry an enemy.", "Carry an ally.",
                                  "May be carried by any tapped Beast."])
def test_other_carrying_sentences_are_not_guessed(text: str) -> None:
    ab = abilities_of(text, "Carrier")
    assert not ab.keywords.carries and not ab.keywords.carried_by_kinds
    assert not any(a.executed for a in ab.abilities)


def test_being_carried_by_a_subtype_is_read_as_a_permission() -> None:
    ab = abilities_of("May be carried by any Beast.", "Rider")
    assert ab.keywords.carried_by_kinds == ("beast",) and not ab.keywords.carries
    assert all(a.executed for a in ab.abilities)


def test_size_direction_compulsion_and_free_steps_are_read() -> None:
    assert abilities_of("Occupies four locations.", "Giant").size == (2, 2)
    assert abilities_of("Occupies three locations.", "Odd").size is None
    assert abilities_of("Can only move themselves forward.", "P").keywords.only_directions == {"forward"}
    green = abilities_of("Whenever an enemy minion can attack The Iron Warden, it must.", "The Iron Warden")
    assert green.keywords.compels == (Compulsion("enemy", False, True),)
    mask = abilities_of("Whenever a nearby minion can attack, it must.", "Mask of Mayhem")
    assert mask.keywords.compels == (Compulsion("any", True, False),)
    assert abilities_of("Moves freely between water locations.", "S").keywords.moves_freely == {"water"}
    assert abilities_of("Moves freely sideways.", "D").keywords.moves_freely == {"sideways"}


def test_silence_removes_what_the_text_gives_but_not_the_size() -> None:
    doc = board([{"id": "g", "controller": "p1", "at": 7, "power": 8, "text": "Occupies four locations.\nMay carry an ally."}],
                {"do": "range_of_motion", "unit": "g"}, auras=[{"at": 7, "effects": ["silence"]}])
    after = rule(doc).state_after["units"][0]
    assert len(after["occupies"]) == 4 and "May carry an ally" not in after["keywords"]


# ----------------------------------------------------------------------------- the loader

def test_an_artifact_list_of_names_becomes_carried_artifacts() -> None:
    state, _ = load(board([{"id": "k", "controller": "p1", "at": 13, "power": 2, "artifacts": ["Ruby Core", "Ruby Core"]}]))
    assert [(a.id, a.bearer) for a in state.artifacts] == [("k-ruby-core", "k"), ("k-ruby-core-2", "k")]


@pytest.mark.parametrize("units,artifacts,pointer", [
    ([{"id": "t", "controller": "p1", "at": 13, "power": 3, "carried_by": "nobody"}], [], "/units/0/carried_by"),
    ([{"id": "h", "controller": "p1", "at": 13, "power": 2}, {"id": "t", "controller": "p1", "at": 13, "power": 3,
                                                             "carried_by": "h"}], [], "/units/1/carried_by"),
    ([{"id": "h", "controller": "p1", "at": 13, "power": 2, "text": WAR_HORSE},
      {"id": "t", "controller": "p1", "at": 14, "power": 3, "carried_by": "h"}], [], "/units/1/carried_by"),
    ([{"id": "h", "controller": "p1", "at": 13, "power": 2},
      {"id": "t", "controller": "p2", "at": 13, "power": 3, "held": "disabled"}], [], "/units/1/held"),
    ([{"id": "h", "controller": "p1", "at": 13, "power": 2},
      {"id": "t", "controller": "p2", "at": 14, "power": 3, "carried_by": "h", "held": "carried"}], [],
     "/units/1/carried_by"),
    ([{"id": "g", "controller": "p1", "at": 5, "power": 8, "text": "Occupies four locations."}], [], "/units/0/at"),
    ([], [{"id": "r", "name": "Ruby Core"}], "/artifacts/0/at"),
    ([], [{"id": "r", "name": "Ruby Core", "carried_by": "ghost"}], "/artifacts/0/carried_by"),
    ([{"id": "m", "controller": "p1", "at": 13, "power": 2}],
     [{"id": "r", "name": "Throne", "carried_by": "m", "monument": True}], "/artifacts/0/carried_by"),
    ([{"id": "m", "controller": "p1", "at": 13, "power": 2}],
     [{"id": "r", "name": "Ruby Core", "carried_by": "m", "at": 14}], "/artifacts/0/at"),
])
def test_bad_carrying_and_areas_are_scenario_errors(units: list[dict[str, Any]], artifacts: list[dict[str, Any]],
                                                    pointer: str) -> None:
    found = problems(board(units, artifacts=artifacts))
    assert pointer in found, found


@pytest.mark.parametrize("action,pointer", [
    ({"do": "move", "unit": "m", "how": "push"}, "/action"),
    ({"do": "move", "unit": "m", "how": "push", "to": 8, "direction": "north"}, "/action"),
    ({"do": "pick_up", "unit": "m", "artifacts": ["nothing"]}, "/action/artifacts/0"),
    ({"do": "destroy", "target": {"artifact": "nothing"}}, "/action/target/artifact"),
    ({"do": "pick_up", "unit": "m", "units": ["nobody"]}, "/action/units/0"),
])
def test_bad_effect_actions_are_scenario_errors(action: dict[str, Any], pointer: str) -> None:
    found = problems(board([{"id": "m", "controller": "p1", "at": 13, "power": 2}], action))
    assert pointer in found, found


# ----------------------------------------------------------------------------- invariants

def test_carried_things_stay_with_their_bearer_whatever_it_does() -> None:
    """Random walks of a carrier (steps, pushes, teleports): after each, every carried artifact is
    at a location its bearer occupies and the carried unit shares a location with it, or was
    dropped and says so."""
    rng = random.Random(7)
    for _ in range(30):
        anchor = rng.choice([1, 2, 3, 6, 7, 8, 11, 12, 13])
        doc = board([{"id": "g", "controller": "p1", "at": anchor, "power": 8,
                      "text": "Occupies four locations.\nMay carry an ally."},
                     {"id": "s", "controller": "p1", "at": anchor + 6, "power": 1, "carried_by": "g"}],
                    artifacts=[{"id": "r", "name": "Ruby Core", "carried_by": "g", "at": anchor + 1}])
        state, _ = load(doc)
        with budget(None):
            for _ in range(4):
                g = state.unit("g")
                assert g is not None
                to = rng.choice([loc for loc in range_of_motion(state, g) if loc != g.location] or [g.location])
                state, _ = move_unit(state, "g", to)
                g = state.unit("g")
                art = state.artifact("r")
                s = state.unit("s")
                assert g is not None and art is not None and s is not None
                assert state.occupies(g, state.artifact_location(art))
                assert s.carried_by != "g" or state.shared_location(g, s) is not None


def test_tied_shortest_paths_are_bounded() -> None:
    state, _ = load(board([{"id": "m", "controller": "p2", "at": 1, "power": 1, "text": "Airborne"}]))
    m = state.unit("m")
    assert m is not None
    with budget(None):
        paths = shortest_paths(state, m, Location(20, Region.SURFACE), "drag")
    assert 1 <= len(paths) <= MAX_TIED and all(len(p) == 7 for p in paths)


def test_a_tiny_budget_stops_a_destination_search() -> None:
    doc = board([{"id": "m", "controller": "p2", "at": 1, "power": 1}], {"do": "move", "unit": "m", "how": "drag", "to": 20})
    with pytest.raises(TooComplex):
        rule(doc, work_limit=20)


def test_a_misnamed_field_or_action_tag_gets_a_fix_that_names_the_rename() -> None:
    """A person writing a scenario by hand who types "square" for "at", or "type" for "do",
    is told which rename fixes it, not only that one field is missing and another unknown."""
    doc = board([{"id": "a", "controller": "p1", "square": 13, "power": 2}],
                {"type": "attack", "unit": "a", "target": "b"})
    with pytest.raises(ScenarioError) as e:
        load(doc)
    fixes = {p.pointer: p.fix for p in e.value.problems}
    assert fixes["/units/0/square"] == 'rename "square" to "at"'
    assert fixes["/units/0/at"] == 'add "at", or rename "square" to it'
    assert fixes["/action/do"] == 'rename "type" to "do" (it names the action "attack")'


def test_an_unknown_field_with_nothing_missing_keeps_the_plain_fix() -> None:
    doc = board([{"id": "a", "controller": "p1", "at": 13, "power": 2, "colour": "red"}])
    with pytest.raises(ScenarioError) as e:
        load(doc)
    assert [p.fix for p in e.value.problems] == ["remove or rename the unknown field"]
