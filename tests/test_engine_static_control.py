"""Control from static abilities (the control layer), static bans on control, and statics whose
condition the board cannot test (invented card text; the suite cases are in
tests/scenarios/exec21_control_statics.json)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from codex.engine import load, rule
from codex.engine.effects.context import Obj
from codex.engine.effects.static_control import apply, control_ban

CASES = {c["name"]: c for c in json.loads(
    (Path(__file__).parent / "scenarios" / "exec21_control_statics.json").read_text("utf-8"))["cases"]}


def _scenario(name: str) -> dict[str, Any]:
    return json.loads(json.dumps(CASES[name]["scenario"]))


def test_static_control_keeps_the_base_controller_and_gives_it_back() -> None:
    state, _ = load(_scenario("a static ability gives its controller control of a unit"))
    layered, events = apply(state)
    wolf = layered.unit("wolf")
    assert wolf is not None and wolf.controller == "p1" and wolf.base_controller == "p2"
    assert [e.kind for e in events] == ["control"] and events[0].from_card is not None
    # the source leaves the realm: the next pass gives control back and forgets the base
    gone = layered.remove_unit("regent", "died")
    back, events = apply(gone)
    wolf = back.unit("wolf")
    assert wolf is not None and wolf.controller == "p2" and wolf.base_controller is None
    assert [e.kind for e in events] == ["control"] and events[0].from_card is None
    again, none = apply(back)         # nothing left to change: no step, same state
    assert none == [] and again is back


def test_a_ban_is_read_as_said_to_each_player() -> None:
    state, _ = load(_scenario("a static control ban foils a control-taking spell"))
    assert control_ban(state, "p1", Obj("unit", "ogre")) is not None       # owned by another player
    assert control_ban(state, "p2", Obj("unit", "ogre")) is None           # its owner may
    assert control_ban(state, "p1", Obj("unit", "av1")) is None            # p1's own card
    quote = control_ban(state, "p1", Obj("site", 8))                       # "cards": sites too
    assert quote is not None and quote.card == "Lawgiver"


def test_the_refused_spell_says_why_and_changes_nothing() -> None:
    ruling = rule(_scenario("a static control ban foils a control-taking spell")).to_dict()
    refused = [s for s in ruling["steps"] if s["kind"] == "control_refused"]
    assert len(refused) == 1 and "Lawgiver" in refused[0]["event"]
    ogre = next(u for u in ruling["state_after"]["units"] if u["id"] == "ogre")
    assert ogre["controller"] == "p2"


def test_an_untestable_condition_names_the_zone_to_give() -> None:
    ruling = rule(_scenario("a static whose condition names a zone the scenario does not give is named")).to_dict()
    named = [s for s in ruling["steps"] if s["kind"] == "not_executed"]
    assert len(named) == 1
    assert "p1's cemetery" in named[0]["event"] and "could not be tested" in named[0]["event"]
    assert any(c["source"] == "card" for c in named[0]["citations"])


def test_the_same_condition_with_the_zone_given_applies() -> None:
    ruling = rule(_scenario("a static whose condition the scenario lets the engine test applies")).to_dict()
    knight = next(u for u in ruling["state_after"]["units"] if u["id"] == "gk")
    assert knight["attack"] == 4
    assert not [s for s in ruling["steps"] if s["kind"] == "not_executed"]
