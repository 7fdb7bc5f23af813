"""Floods "until you do so again" (terrain.flood_again): the ability's earlier floods end as it
floods again, and a site flooded for good by something else is not taken over (so the ability's
next flood does not dry it)."""
from __future__ import annotations

from codex.engine import load
from codex.engine.state import GameState
from codex.engine.terrain import flood_again


def _state(**site8: object) -> GameState:
    sites = [{"square": sq, "controller": "p1", "affinity": "E"} for sq in range(1, 21)]
    sites[7].update(site8)
    doc = {"format": "arbiter.scenario/1", "turn": {"active": "p1", "number": 3},
           "players": [{"id": "p1"}, {"id": "p2"}], "sites": sites,
           "units": [{"id": "m", "controller": "p1", "at": 13, "power": 1}],
           "action": {"do": "range_of_motion", "unit": "m"}}
    state, _ = load(doc)
    return state


def _flooded(state: GameState, square: int) -> bool:
    site = state.site_at(square)
    return site is not None and site.flooded


def test_flooding_again_dries_the_earlier_site_only() -> None:
    state, _ = flood_again(_state(), 8, "t.0")
    state, events = flood_again(state, 9, "t.0")
    assert _flooded(state, 9) and not _flooded(state, 8)
    assert [e.kind for e in events][0] == "flood_ends"
    state, _ = flood_again(state, 10, "other.0")        # another ability's flood leaves this one alone
    assert _flooded(state, 9) and _flooded(state, 10)


def test_a_lasting_flood_is_not_taken_over() -> None:
    state, _ = flood_again(_state(flooded=True), 8, "t.0")
    site = state.site_at(8)
    assert site is not None and site.flood_again is None
    state, _ = flood_again(state, 9, "t.0")
    assert _flooded(state, 8) and _flooded(state, 9)


def test_flooding_the_same_site_again_keeps_it() -> None:
    state, _ = flood_again(_state(), 8, "t.0")
    state, events = flood_again(state, 8, "t.0")
    assert _flooded(state, 8) and "flood_ends" not in [e.kind for e in events]
