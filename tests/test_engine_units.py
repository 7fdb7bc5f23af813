"""Unit tests: geometry, keyword parsing, step legality per reason, scenario errors."""
from __future__ import annotations

import copy

import pytest

from codex.engine import Location, Reason, Region, ScenarioError, load, rule, step_reason
from codex.engine.geometry import adjacent_squares, is_corner, knight_move_squares, nearby_squares, next_square, Direction
from codex.engine.abilities import abilities_of, with_explicit
from codex.engine.keywords import parse_threshold
from codex.engine.reasons import explain


def test_adjacent_and_nearby_counts_match_the_codex() -> None:
    assert len(adjacent_squares(13)) == 5 and len(nearby_squares(13)) == 9
    assert adjacent_squares(20) == (15, 19, 20)       # bottom right: itself and two others
    assert len(nearby_squares(20)) == 4
    assert all(is_corner(s) for s in (1, 5, 16, 20)) and not is_corner(3)


def test_a_knights_move_is_two_squares_one_way_and_one_across() -> None:
    # 13 is the middle of the third row: eight knight's moves would leave the 5x4 realm for two of them
    assert knight_move_squares(13) == (2, 4, 6, 10, 16, 20)
    assert knight_move_squares(16) == (7, 13)          # a corner: only two stay inside the realm
    assert all(13 in knight_move_squares(s) for s in knight_move_squares(13))     # the relation is symmetric
    assert not set(knight_move_squares(13)) & set(nearby_squares(13))


def test_directions_stop_at_the_edge() -> None:
    assert next_square(3, Direction.NORTH) is None
    assert next_square(18, Direction.NORTH) == 13
    assert next_square(5, Direction.EAST) is None
    assert next_square(6, Direction.WEST) is None


@pytest.mark.parametrize("text,expect", [
    ("Airborne, Movement +2", {"airborne": True, "movement": 2}),
    ("Ranged 3", {"ranged": 3}),
    ("Ranged", {"ranged": 1}),
    ("Lance\nLethal", {"lance": True, "lethal": True}),
    ("Fire Spellcaster", {"spellcaster": True, "spellcaster_elements": frozenset({"fire"})}),
    ("Voidwalk, Submerge, Burrowing", {"voidwalk": True, "submerge": True, "burrowing": True}),
    # Keyword lines inside whole card texts are found through the card-text grammar.
    ("Stealth. Genesis → draw a card", {"stealth": True, "airborne": False}),
    ("Airborne. Genesis → Deal 2 damage to each enemy nearby.", {"airborne": True, "movement": 0}),
    ("Burrowing\nTap → Draw a spell.", {"burrowing": True}),
    ("Genesis → Deal 2 damage to each enemy nearby.", {"airborne": False, "stealth": False}),
])
def test_keyword_lines(text: str, expect: dict) -> None:
    kw = abilities_of(text).keywords
    for k, v in expect.items():
        assert getattr(kw, k) == v


def test_explicit_keywords_add_and_unknowns_are_kept() -> None:
    ab = with_explicit(abilities_of("Movement +1"), ["movement +1", "teleports"])
    assert ab.keywords.movement == 2 and ab.unknown == ("teleports",)


def test_threshold_parsing() -> None:
    assert parse_threshold("FFW") == {"air": 0, "earth": 0, "fire": 2, "water": 1}
    assert parse_threshold({"W": 2})["water"] == 2


def test_every_reason_has_an_explanation() -> None:
    assert all(explain(r) for r in Reason)


def _base() -> dict:
    return {"format": "arbiter.scenario/1", "turn": {"active": "p1", "number": 2},
            "players": [{"id": "p1"}, {"id": "p2"}],
            "sites": [{"square": s, "controller": "p1", "affinity": "W" if s == 13 else "E"} for s in (12, 13, 17, 18, 19)],
            "units": [{"id": "m", "controller": "p1", "at": 18, "power": 2}],
            "action": {"do": "range_of_motion", "unit": "m"}}


@pytest.mark.parametrize("frm,to,keywords,reason", [
    ((18, "surface"), (13, "surface"), [], None),
    ((18, "surface"), (12, "surface"), [], Reason.DIAGONAL_NEEDS_AIRBORNE),
    ((18, "surface"), (12, "surface"), ["airborne"], None),
    ((18, "surface"), (8, "void"), [], Reason.NOT_ADJACENT),
    ((19, "surface"), (14, "void"), [], Reason.VOID_NEEDS_VOIDWALK),
    ((19, "surface"), (14, "void"), ["voidwalk"], None),
    ((18, "surface"), (18, "underground"), [], Reason.UNDERGROUND_NEEDS_BURROWING),
    ((13, "surface"), (13, "underwater"), [], Reason.UNDERWATER_NEEDS_SUBMERGE),
    ((13, "surface"), (13, "underground"), ["burrowing"], Reason.NO_SUCH_LOCATION),
    ((18, "surface"), (13, "surface"), ["immobile"], Reason.IMMOBILE),
    ((18, "surface"), (18, "surface"), [], Reason.SAME_LOCATION),
])
def test_step_reasons(frm, to, keywords, reason) -> None:
    doc = _base()
    doc["units"][0]["at"] = list(frm)
    doc["units"][0]["keywords"] = keywords
    state, _ = load(doc)
    got, rule_id = step_reason(state, state.unit("m"), Location(frm[0], Region(frm[1])), Location(to[0], Region(to[1])))
    assert got == reason
    assert rule_id


@pytest.mark.parametrize("mutate,pointer", [
    (lambda d: d["units"].append(dict(d["units"][0])), "/units/1/id"),
    (lambda d: d["units"][0].update(at=[18, "underwater"]), "/units/0/at"),
    (lambda d: d["units"][0].update(at=[3, "surface"]), "/units/0/at"),
    (lambda d: d["units"][0].update(kind="avatar", at=[18, "underground"]), "/units/0/at"),
    (lambda d: d["units"][0].update(power="two"), "/units/0/power"),
    (lambda d: d["units"][0].update(controller="p9"), "/units/0/controller"),
    (lambda d: d.update(action={"do": "move_and_attack", "unit": "ghost"}), "/action/unit"),
    (lambda d: d.update(action={"do": "warp"}), "/action/do"),
    (lambda d: d["turn"].update(active="p3"), "/turn/active"),
    (lambda d: d.update(format="other"), "/format"),
    (lambda d: d["sites"].append({"square": 18}), "/sites/5/square"),
    (lambda d: d.update(action={"do": "attack", "unit": "m"}), "/action/target"),
    (lambda d: d.update(action={"do": "move_and_attack", "unit": "m", "path": [30]}), "/action/path/0"),
    (lambda d: d.update(action={"do": "move_and_attack", "unit": "m", "attack": {"unit": "m", "q": 1}}),
     "/action/attack/q"),
    (lambda d: d.update(action={"do": "sequence", "actions": [{"do": "end_turn", "extra": 1}]}),
     "/action/actions/0/extra"),
    (lambda d: d.update(action={"do": "cast", "caster": "m", "spell": {"name": "X", "type": "minion"}}),
     "/action/location"),
    (lambda d: d["units"][0].update(power=10 ** 50), "/units/0/power"),
    (lambda d: d["units"][0].update(text="x" * 5000), "/units/0/text"),
])
def test_bad_scenarios_name_the_field(mutate, pointer) -> None:
    doc = copy.deepcopy(_base())
    mutate(doc)
    with pytest.raises(ScenarioError) as err:
        rule(doc)
    pointers = [p.pointer for p in err.value.problems]
    assert pointer in pointers, pointers
    assert all(p.problem for p in err.value.problems)


def test_not_an_object_is_a_scenario_error() -> None:
    with pytest.raises(ScenarioError):
        rule([])  # type: ignore[arg-type]


def test_illegal_action_is_a_ruling_not_an_exception() -> None:
    doc = _base()
    doc["units"][0]["tapped"] = True
    doc["action"] = {"do": "move_and_attack", "unit": "m", "path": [13]}
    r = rule(doc)
    assert r.verdict == "illegal" and r.reason == "tapped"
    assert r.steps[-1].kind == "illegal" and r.steps[-1].citations


def test_state_transitions_do_not_mutate() -> None:
    state, _ = load(_base())
    moved = state.with_unit(state.unit("m").__class__(**{**state.unit("m").__dict__, "tapped": True}))
    assert not state.unit("m").tapped and moved.unit("m").tapped
