"""Ongoing effects: what the state's facts mean right now.

Keywords a unit has at a location (Silence auras remove them; Waterbound/Landbound disable),
whether a site is water (Flooded, flood auras), damage reduction from nearby allies. Nothing
here changes the state: base facts stay as printed and these functions recompute their meaning
each time (the layer model of static abilities grows here). The range-of-motion lookahead calls
them with hypothetical locations, which is how it "considers all ongoing effects" while ignoring
triggers.
"""
from __future__ import annotations

from dataclasses import replace

from codex.engine.geometry import Location, Region, is_nearby
from codex.engine.keywords import Keywords
from codex.engine.state import Affinity, Aura, GameState, Site, Unit


def auras_at(state: GameState, loc: Location) -> list[Aura]:
    """Auras occupy the surface of sites and the void in their squares."""
    if loc.region not in (Region.SURFACE, Region.VOID):
        return []
    return [a for a in state.auras if loc.square in a.squares]


def site_is_water(state: GameState, site: Site) -> bool:
    if site.rubble:
        return False
    if site.affinity.water > 0 or site.flooded:
        return True
    return any("flood" in a.effects for a in state.auras if site.square in a.squares)


def site_affinity(state: GameState, site: Site) -> Affinity:
    if site.rubble:
        return Affinity()
    aff = site.affinity
    if site_is_water(state, site) and aff.water == 0:
        aff = replace(aff, water=1)
    return aff


def is_water_location(state: GameState, loc: Location) -> bool:
    site = state.site_at(loc.square)
    return site is not None and loc.region is not Region.VOID and site_is_water(state, site)


def is_land_location(state: GameState, loc: Location) -> bool:
    site = state.site_at(loc.square)
    return site is not None and loc.region is not Region.VOID and not site_is_water(state, site)


def keywords_at(state: GameState, unit: Unit, loc: Location | None = None) -> Keywords:
    """The unit's keywords if it were at `loc` (default: where it is)."""
    loc = loc or unit.location
    kw = unit.keywords
    for effect in state.lasting:          # lasting effects first: a Silence still takes them away
        if unit.id in effect.units:
            kw = kw.merge(effect.keywords)
    if unit.is_minion and any("silence" in a.effects for a in auras_at(state, loc)):
        kw = kw.silenced()
    if kw.waterbound and not is_water_location(state, loc):
        kw = replace(kw, disabled=True)
    if kw.landbound and not is_land_location(state, loc):
        kw = replace(kw, disabled=True)
    return kw


def airborne_now(state: GameState, unit: Unit) -> bool:
    """Airborne only works on the surface."""
    return unit.location.region is Region.SURFACE and keywords_at(state, unit).airborne


def damage_reduction(state: GameState, unit: Unit) -> list[tuple[str, int]]:
    """Damage reductions applying to `unit`: (source name, amount)."""
    out: list[tuple[str, int]] = []
    if unit.damage_reduction:
        out.append((unit.name, unit.damage_reduction))
    for other in state.units:
        if (other.id != unit.id and other.controller == unit.controller and other.reduces_nearby_allies
                and other.location.region is unit.location.region
                and is_nearby(other.location.square, unit.location.square)):
            out.append((other.name, other.reduces_nearby_allies))
    return out


def player_affinity(state: GameState, player_id: str) -> Affinity:
    """Affinity of a player: their controlled sites' affinity plus any extra given."""
    total = state.player(player_id).extra_affinity
    for s in state.sites:
        if s.controller == player_id:
            total = total + site_affinity(state, s)
    return total
