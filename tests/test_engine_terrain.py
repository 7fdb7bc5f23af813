"""Terrain, entering and disabling at the level of the engine's functions (the scenario suite
tests them through rulings), and a guard that every rule id the engine's code cites exists."""
from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

import pytest

from codex.engine import areas, load
from codex.engine.events import Entering, Stepped, Summoned, Teleported
from codex.engine.geometry import Location, Region
from codex.engine.movement import free_step, linked_squares, range_of_motion
from codex.engine.ongoing import disabled_by, keywords_at
from codex.engine.reasons import IMPLIED_RULES
from codex.engine.rules import RULES
from codex.engine.storyline import settle
from codex.engine.terrain import destroy_site, flood, place_atop, reground

ENGINE = Path(__file__).resolve().parent.parent / "codex" / "engine"


def _state(sites: list[dict], units: list[dict], **extra: object):
    doc = {"format": "arbiter.scenario/1", "turn": {"active": "p1"}, "players": [{"id": "p1"}, {"id": "p2"}],
           "sites": sites, "units": units, "action": {"do": "end_turn"}, **extra}
    return load(doc)[0]


def _sites(water: tuple[int, ...] = (), voids: tuple[int, ...] = ()) -> list[dict]:
    return [{"square": s, "controller": "p1" if s > 10 else "p2", "affinity": "W" if s in water else "E"}
            for s in range(1, 21) if s not in voids]


def _cited_ids(tree: ast.AST) -> set[str]:
    """Rule ids written in the code: the strings of every ``rules=`` argument and every
    ``(Reason.X, "rule id")`` pair a legality check returns."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "rules":
            out |= {e.value for n in ast.walk(node.value) if isinstance(n, (ast.Tuple, ast.List))
                    for e in n.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}
        if (isinstance(node, ast.Tuple) and len(node.elts) == 2 and isinstance(node.elts[0], ast.Attribute)
                and isinstance(node.elts[0].value, ast.Name) and node.elts[0].value.id == "Reason"
                and isinstance(node.elts[1], ast.Constant) and isinstance(node.elts[1].value, str)):
            out.add(node.elts[1].value)
    return out


def test_every_rule_id_written_in_the_engine_is_registered() -> None:
    cited: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        if "contracts" in path.relative_to(ENGINE).parts:
            continue  # another game's engine, with its own rules (tests/test_contracts_engine.py)
        cited |= _cited_ids(ast.parse(path.read_text("utf-8")))
    cited |= {r for rules in IMPLIED_RULES.values() for r in rules}
    assert cited, "the scan found nothing: it is broken"
    missing = sorted(r for r in cited if r not in RULES)
    assert not missing, missing


def test_disabled_by_names_the_cause_wherever_the_unit_would_be() -> None:
    state = _state(_sites(water=(13,)), [{"id": "s", "controller": "p1", "at": 13, "power": 2, "text": "Waterbound"},
                                         {"id": "w", "controller": "p1", "at": 13, "power": 2, "text": "Landbound"},
                                         {"id": "d", "controller": "p1", "at": 18, "power": 2, "keywords": ["disabled"]},
                                         {"id": "a", "controller": "p1", "kind": "avatar", "at": 17, "power": 1,
                                          "keywords": ["disabled"]}])
    ship, worm, dis, avatar = (state.unit(i) for i in "swda")
    assert ship and worm and dis and avatar
    assert disabled_by(state, ship) is None and disabled_by(state, ship, Location(18, Region.SURFACE)) == "waterbound"
    assert disabled_by(state, worm) == "landbound" and disabled_by(state, worm, Location(18, Region.SURFACE)) is None
    assert disabled_by(state, dis) == "disabled"
    assert disabled_by(state, avatar) is None and not keywords_at(state, avatar).disabled
    stranded = keywords_at(state, ship, Location(18, Region.SURFACE))
    assert stranded.disabled and stranded.waterbound and not stranded.airborne


def test_a_disabled_unit_has_no_range_of_motion_and_a_waterbound_one_stops_on_land() -> None:
    state = _state(_sites(water=(12, 13)), [{"id": "s", "controller": "p1", "at": 13, "power": 2,
                                             "text": "Waterbound, Movement +2"}])
    ship = state.unit("s")
    assert ship is not None
    reach = range_of_motion(state, ship)
    assert Location(8, Region.SURFACE) in reach            # one step onto land...
    assert Location(3, Region.SURFACE) not in reach        # ...and no step of its own from there
    assert Location(11, Region.SURFACE) in reach           # via the water at 12
    assert range_of_motion(state, replace(ship, keywords=replace(ship.keywords, disabled=True))) == {}


def test_every_way_in_is_an_entering_event() -> None:
    a, b = Location(13, Region.SURFACE), Location(13, Region.UNDERGROUND)
    assert issubclass(Stepped, Entering) and issubclass(Summoned, Entering) and issubclass(Teleported, Entering)
    assert Summoned("m", "M", a, "p1").entry().site_entered
    assert not Stepped("m", "M", b, a, "Move and Attack", 1).entry().site_entered
    assert Teleported("m", "M", a, "teleport", Location(12, Region.SURFACE)).entry().site_entered


def test_reground_moves_subsurface_units_with_their_site_and_settle_kills_who_cannot_stay() -> None:
    state = _state(_sites(), [{"id": "mole", "controller": "p1", "at": [13, "underground"], "power": 1,
                               "text": "Burrowing"},
                              {"id": "hound", "controller": "p1", "at": [13, "underground"], "power": 1,
                               "text": "Burrowing, Submerge"}])
    flooded, events = flood(state, 13, this_turn=True)
    assert [e.kind for e in events] == ["flood"]
    moved, told = reground(flooded)
    assert {u.id: u.location.region for u in moved.units} == {"mole": Region.UNDERWATER, "hound": Region.UNDERWATER}
    assert [e.kind for e in told] == ["subsurface"]
    after, _ = settle(flooded)
    assert after.unit("mole") is None and after.unit("hound") is not None


def test_destroying_a_site_leaves_rubble_and_a_site_arriving_puts_void_units_atop() -> None:
    state = _state(_sites(voids=(9,)), [{"id": "g", "controller": "p1", "at": 9, "power": 1, "text": "Voidwalk"}])
    rubble, _ = destroy_site(state, 8)
    site = rubble.site_at(8)
    assert site is not None and site.rubble and site.controller is None
    with_site = state.with_site(replace(site, square=9, rubble=False, name="New"))
    atop, events = place_atop(with_site, 9)
    ghost = atop.unit("g")
    assert ghost is not None and ghost.location == Location(9, Region.SURFACE)
    assert [e.kind for e in events] == ["atop"]


@pytest.mark.parametrize("square,water,expect", [
    (12, True, [11, 12, 13]), (14, True, []), (14, False, [14, 15]), (11, False, []),
])
def test_bodies_of_water_and_spans_of_land(square: int, water: bool, expect: list[int]) -> None:
    state = _state(_sites(water=(11, 12, 13, 20), voids=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 17, 18, 19)), [])
    assert areas.body(state, square, water) == expect


def test_links_and_free_steps() -> None:
    state = _state(_sites(water=(12, 13)), [{"id": "p", "controller": "p1", "at": 12, "power": 1,
                                             "keywords": ["moves freely between water locations",
                                                          "moves as if connected"]}],
                   as_if_adjacent=[[16, 5]])
    unit = state.unit("p")
    assert unit is not None
    kw = keywords_at(state, unit)
    assert free_step(state, kw, Location(12, Region.SURFACE), Location(13, Region.SURFACE))
    assert not free_step(state, kw, Location(13, Region.SURFACE), Location(8, Region.SURFACE))
    assert linked_squares(state, kw, 16) == [5, 1] and linked_squares(state, kw, 3) == [18]
    assert linked_squares(state, replace(kw, moves_as_if_connected=False), 8) == []
