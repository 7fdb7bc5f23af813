"""Triggered abilities that set one another off without end: a clear "too complex", never a crash.

A trigger that hears the damage it deals itself ("whenever an enemy takes damage, deal 1 damage to
it") resolves inside the one before it; the engine stops at `storyline.MAX_NESTING` such levels
with `TooComplex` (what the service answers 422), not Python's recursion limit.
"""
from __future__ import annotations

import pytest

from codex.engine import rule
from codex.engine.errors import TooComplex


def _scenario(text: str) -> dict:
    return {
        "format": "arbiter.scenario/1", "turn": {"active": "p1", "number": 5, "phase": "main"},
        "players": [{"id": "p1"}, {"id": "p2"}],
        "sites": [{"square": 8, "controller": "p2", "name": "Fenward"},
                  {"square": 13, "controller": "p1", "name": "Oxbow"}],
        "units": [{"id": "a", "name": "Tinder Hound", "controller": "p1", "at": 13, "power": 2},
                  {"id": "w", "name": "Cinder Drummer", "controller": "p1", "at": 13, "power": 1, "text": text},
                  {"id": "b", "name": "Bog Ox", "controller": "p2", "at": 8, "power": 30}],
        "action": {"do": "move_and_attack", "unit": "a", "path": [8], "attack": "b"},
    }


@pytest.mark.parametrize("text", ["Whenever an enemy takes damage, deal 1 damage to it.",
                                  "Whenever an ally deals damage to an enemy, deal 1 damage to that unit."])
def test_a_trigger_hearing_its_own_damage_is_too_complex_not_a_crash(text: str) -> None:
    with pytest.raises(TooComplex) as err:
        rule(_scenario(text))
    assert "setting one another off" in str(err.value)


def test_a_trigger_that_does_not_hear_itself_resolves() -> None:
    ruling = rule(_scenario("Whenever an ally deals damage to an enemy, you gain 1 life.")).to_dict()
    assert ruling["verdict"] == "resolved"
