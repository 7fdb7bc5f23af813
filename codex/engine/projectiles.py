"""Projectiles: flight in a cardinal direction within one region, what they hit."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from codex.engine.ongoing import keywords_at
from codex.engine.errors import AmbiguousAction
from codex.engine.geometry import Direction, Location, next_square
from codex.engine.state import GameState, Unit


@dataclass(frozen=True)
class Flight:
    path: tuple[Location, ...]
    hits: tuple[str, ...]
    skipped_stealth: tuple[str, ...]
    stopped: str  # "hit", "range", "edge", "barred"
    barred_by: Any = None     # the card that kept it out of the next site (its quote), when "barred"


def fly(state: GameState, shooter: Unit, direction: Direction, steps: int | None, piercing: bool,
        choose: list[str], origin: Location | None = None) -> Flight:
    """Trace a projectile from the shooter's location (an oversized shooter picks one: ``origin``);
    `steps` None means to the region's edge. A projectile hits a unit at most once (an oversized
    unit too), never the shooter, and no ally of the shooter at its starting location."""
    start = origin or shooter.location
    loc = start
    path = [start]
    hits: list[str] = []
    stealthy: list[str] = []
    travelled = 0
    while True:
        candidates = []
        for u in state.units_at(loc):
            if u.id == shooter.id or (loc == start and u.controller == shooter.controller) or u.id in hits:
                continue
            if u.is_minion and keywords_at(state, u).stealth:
                stealthy.append(u.id)
                continue
            candidates.append(u)
        if candidates:
            chosen = [u for u in candidates if u.id in choose]
            if len(candidates) > 1 and len(chosen) != 1:
                raise AmbiguousAction(
                    f"several units could be hit at the {loc}; the shooter's controller chooses one",
                    "hit", [u.id for u in candidates], "/action/hit")
            hit = chosen[0] if chosen else candidates[0]
            hits.append(hit.id)
            if not piercing:
                return Flight(tuple(path), tuple(hits), tuple(stealthy), "hit")
        if steps is not None and travelled >= steps:
            return Flight(tuple(path), tuple(hits), tuple(stealthy), "range")
        nxt_sq = next_square(loc.square, direction)
        nxt = Location(nxt_sq, loc.region) if nxt_sq else None
        if nxt is None or not state.location_exists(nxt):
            return Flight(tuple(path), tuple(hits), tuple(stealthy), "edge")
        barred = _barred(state, nxt)
        if barred is not None:
            return Flight(tuple(path), tuple(hits), tuple(stealthy), "barred", barred)
        loc = nxt
        path.append(loc)
        travelled += 1


def _barred(state: GameState, loc: Location) -> Any:
    """A card's words keeping projectiles out of the site at ``loc`` (`statics.projectiles_barred`)."""
    if not state.statics or state.site_at(loc.square) is None:
        return None
    from codex.engine.effects.statics import projectiles_barred
    return projectiles_barred(state, loc.square)
