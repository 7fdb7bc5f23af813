"""Repeated optional costs and additional targets (`codex/engine/effects/repeat.py`): what the check
accepts and names, and what a scenario that says too much or too little gets. The rulings themselves
are in tests/scenarios/exec23_repeats.json (invented card text)."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from codex.engine import rule
from codex.engine.errors import ScenarioError
from codex.engine.executable import card_problems

SUITE = Path(__file__).parent / "scenarios" / "exec23_repeats.json"
ARC = ("Deal 1 damage to target minion nearby. Any number of times, you may pay (1) to additionally target a new "
       "minion adjacent to the previous one.")


def _card(name: str, kind: str, text: str) -> dict:
    return {"name": name, "guardian": {"type": kind, "rulesText": text}, "sets": [{"name": "Alpha"}]}


def _case(name: str) -> dict:
    cases = json.loads(SUITE.read_text())["cases"]
    return copy.deepcopy(next(c["scenario"] for c in cases if c["name"] == name))


def test_a_repeated_paid_additional_target_is_executed() -> None:
    assert card_problems(_card("Arc Shock", "Magic", ARC)) == []
    assert card_problems(_card("Twin Arc", "Magic", ARC.replace("Any number of times", "Twice"))) == []
    assert card_problems(_card("Tithe Well", "Magic", "Any number of times, you may pay 1 life to gain 2 life.")) == []


def test_what_a_repetition_does_not_read_is_named() -> None:
    sacrifice = card_problems(_card("Grim Tithe", "Magic", "Draw a spell. Any number of times, you may sacrifice an "
                                                           "ally to draw a spell."))
    assert "repeating a cost other than paying mana or life" in sacrifice
    several = card_problems(_card("Fork", "Magic", "Deal 1 damage to up to two target minions. Any number of times, "
                                                   "you may pay (1) to additionally target a new minion."))
    assert "an additional target after a number of targets left to the player" in several
    alone = card_problems(_card("Loose Arc", "Magic", "Any number of times, you may pay (1) to additionally target "
                                                      "a new minion."))
    assert any("no sentence before it that targets" in p for p in alone)


def test_a_limit_opening_an_ability_in_the_realm_is_still_its_usage_limit() -> None:
    # "Once on your turn, ..." is how often a card's ability may be used, not a repetition
    assert card_problems(_card("Tinker", "Minion", "Once on your turn, you may pay (1) to draw a spell.")) == []
    assert card_problems(_card("Spendthrift", "Minion", "Any number of times, you may pay (1) to draw a spell.")) \
        == ["a limit other than once a turn"]


def test_a_count_that_disagrees_with_the_declared_targets_is_a_bad_scenario() -> None:
    scenario = _case("two repetitions: each pays (1), each new target adjacent to the one before")
    scenario["choices"] = {"Arc Shock.0.times": 1}
    with pytest.raises(ScenarioError, match="Arc Shock.0.times"):
        rule(scenario)
    scenario["choices"] = {"Arc Shock.0.additional": ["b"]}
    with pytest.raises(ScenarioError, match="the cast declares the additional targets"):
        rule(scenario)


def test_a_times_that_is_not_a_whole_number_is_a_bad_scenario() -> None:
    scenario = _case("a repeated effect other than a target: the scenario says how many times")
    scenario["choices"] = {"Tithe Well.0.times": "two"}
    with pytest.raises(ScenarioError, match="not a number of times"):
        rule(scenario)


def test_an_ability_left_without_its_additional_targets_asks_for_them() -> None:
    scenario = _case("an ability's additional targets are answered by the choice <key>.additional")
    del scenario["choices"]["Storm Caller.0.additional"]
    ruling = rule(scenario).to_dict()
    assert ruling["verdict"] == "ambiguous"
    assert ruling["state_after"]["outcome"]["answer"] == {"choice": "Storm Caller.0.additional", "options": ["b"]}
    scenario["choices"]["Storm Caller.0.times"] = 0
    ruling = rule(scenario).to_dict()
    assert ruling["verdict"] == "resolved" and ruling["state_after"]["players"][0]["mana"] == 2


def test_each_repetition_is_a_step_of_the_ruling() -> None:
    ruling = rule(_case("two repetitions: each pays (1), each new target adjacent to the one before")).to_dict()
    repeats = [s for s in ruling["steps"] if s["kind"] == "repeat"]
    assert len(repeats) == 3          # the choice, then one step for each repetition
    assert "Marsh Imp" in repeats[1]["event"] and "Bog Imp" in repeats[1]["event"]
    assert "Reed Imp" in repeats[2]["event"] and "Marsh Imp" in repeats[2]["event"]
