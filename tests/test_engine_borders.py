"""Borders (codex/engine/borders.py): the geometry of a step traversing one, and the scenario's
walls atop borders refused with a clear problem when they are not on one."""
from __future__ import annotations

from typing import Any

import pytest

from codex.engine import ScenarioError, rule
from codex.engine.borders import border_between, crossing
from codex.engine.geometry import Location, Region
from codex.engine.state import GameState, Unit


def _scenario(aura: dict[str, Any]) -> dict[str, Any]:
    sites = [{"square": sq, "controller": "p2" if sq <= 10 else "p1", "affinity": "E"} for sq in range(1, 21)]
    return {"format": "arbiter.scenario/1", "turn": {"active": "p1", "number": 3},
            "players": [{"id": "p1"}, {"id": "p2"}], "sites": sites,
            "units": [{"id": "m", "controller": "p1", "at": 13, "power": 2}],
            "auras": [aura], "action": {"do": "move_and_attack", "unit": "m", "path": [8]}}


def test_only_squares_side_by_side_share_a_border() -> None:
    assert border_between(13, 8) == (8, 13)
    assert border_between(8, 9) == (8, 9)
    assert border_between(13, 7) is None       # a corner, no border
    assert border_between(5, 6) is None        # the end of one row and the start of the next


def _unit(at: Location, keywords: tuple[str, ...] = ()) -> tuple[GameState, Unit]:
    doc = _scenario({"at": 1, "text": ""})
    doc["units"][0]["at"] = [at.square, at.region.value]
    doc["units"][0]["keywords"] = list(keywords)
    from codex.engine import load
    state, _ = load(doc)
    unit = state.unit("m")
    assert unit is not None
    return state, unit


def test_a_step_between_two_sites_traverses_on_the_ground() -> None:
    state, unit = _unit(Location(13, Region.SURFACE))
    found = crossing(state, unit, Location(13, Region.SURFACE), Location(8, Region.SURFACE))
    assert found is not None and found.border == (8, 13) and found.on_ground


def test_airborne_flown_teleported_and_level_moves() -> None:
    state, unit = _unit(Location(13, Region.SURFACE), ("Airborne",))
    here, there = Location(13, Region.SURFACE), Location(8, Region.SURFACE)
    airborne = crossing(state, unit, here, there)
    assert airborne is not None and not airborne.on_ground          # traverses, not on the ground
    state, unit = _unit(here)
    flown = crossing(state, unit, here, there, "fly")
    assert flown is not None and not flown.on_ground
    assert crossing(state, unit, here, there, "teleport") is None   # "Teleportation does not cross borders"
    assert crossing(state, unit, here, Location(13, Region.UNDERGROUND)) is None


@pytest.mark.parametrize("aura,pointer", [
    ({"border": [13, 7], "text": "x"}, "/auras/0/border"),
    ({"border": [13, 8], "at": 1, "text": "x"}, "/auras/0/border"),
    ({"text": "x"}, "/auras/0/at"),
])
def test_a_wall_not_atop_a_border_is_a_clear_problem(aura: dict[str, Any], pointer: str) -> None:
    with pytest.raises(ScenarioError) as err:
        rule(_scenario(aura))
    assert [p.pointer for p in err.value.problems] == [pointer]
    assert err.value.problems[0].fix


def test_a_wall_shows_its_border_in_the_state_after() -> None:
    ruling = rule(_scenario({"id": "w", "name": "Low Wall", "border": [8, 13], "controller": "p1",
                             "text": "Minions can't traverse Low Wall."})).to_dict()
    wall = next(a for a in ruling["state_after"]["auras"] if a["id"] == "w")
    assert wall["border"] == [8, 13] and wall["squares"] == []
    unit = next(u for u in ruling["state_after"]["units"] if u["id"] == "m")
    assert unit["at"] == [13, "surface"]        # the wall held it back
