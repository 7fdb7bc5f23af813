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
    """Water if it provides water affinity, is Flooded, or a flood covers it. Rubble has no
    affinity of its own, but "in all other ways, Rubble is treated the same as any other site",
    so flooded Rubble is a water site too."""
    if site.affinity.water > 0 or site.flooded:
        return True
    return any("flood" in a.effects for a in state.auras if site.square in a.squares)


def site_affinity(state: GameState, site: Site) -> Affinity:
    aff = Affinity() if site.rubble else site.affinity
    if site_is_water(state, site) and aff.water == 0:
        aff = replace(aff, water=1)
    return aff


def is_water_location(state: GameState, loc: Location) -> bool:
    site = state.site_at(loc.square)
    return site is not None and loc.region is not Region.VOID and site_is_water(state, site)


def is_land_location(state: GameState, loc: Location) -> bool:
    site = state.site_at(loc.square)
    return site is not None and loc.region is not Region.VOID and not site_is_water(state, site)


def silenced_at(state: GameState, unit: Unit, loc: Location) -> bool:
    """A minion in a Silence aura loses its special abilities (Avatars cannot be silenced)."""
    return unit.is_minion and any("silence" in a.effects for a in auras_at(state, loc))


def own_keywords(state: GameState, unit: Unit) -> Keywords:
    """The unit's keywords with those that lasting effects give it (before silencing and disabling,
    which still take them away)."""
    kw = unit.keywords
    for effect in state.lasting:
        if unit.id in effect.units:
            kw = kw.merge(effect.keywords)
    return kw


def disabled_by(state: GameState, unit: Unit, loc: Location | None = None) -> str | None:
    """Why the unit is disabled at ``loc`` (default: where it is), as the id of the rule that
    disables it, or None. One rule for every cause: an effect that disables it (the scenario's
    ``disabled``), Waterbound off water, Landbound off land. Only minions can be disabled
    (Avatars "cannot be ... disabled"). Disabling is not an ability, so silence does not remove it;
    Waterbound and Landbound are abilities, so a silenced minion is not disabled by them."""
    if not unit.is_minion:
        return None
    loc = loc or unit.location
    kw = own_keywords(state, unit)
    if kw.disabled:
        return "disabled"
    if silenced_at(state, unit, loc):
        return None
    if kw.waterbound and not is_water_location(state, loc):
        return "waterbound"
    if kw.landbound and not is_land_location(state, loc):
        return "landbound"
    return None


def keywords_at(state: GameState, unit: Unit, loc: Location | None = None, conferred: bool = True) -> Keywords:
    """The unit's keywords if it were at `loc` (default: where it is), with the movement abilities
    its carrier confers unless ``conferred`` is False.

    Disabling and silencing effects share a layer (Codex "Apply Ongoing Effects In Order"): a
    silenced minion has no keywords; a disabled one has no abilities at all (only Waterbound and
    Landbound persist), whatever disabled it."""
    loc = loc or unit.location
    kw = own_keywords(state, unit)
    if silenced_at(state, unit, loc):
        kw = kw.silenced()
    if disabled_by(state, unit, loc) is not None:
        return kw.disabled_now()
    if kw.disabled:
        kw = replace(kw, disabled=False)
    if conferred and unit.carried_by is not None:
        kw = with_conferred(state, unit, loc, kw)
    return kw


def with_conferred(state: GameState, unit: Unit, loc: Location, kw: Keywords) -> Keywords:
    """A carried unit has its carrier's movement abilities while it is carried, so only where
    the carrier is (Codex "Carrying Units": "which are lost as soon as they're no longer carried")."""
    carrier = state.unit(unit.carried_by) if unit.carried_by else None
    if carrier is None or not state.occupies(carrier, loc):
        return kw
    return kw.merge(keywords_at(state, carrier, conferred=False).movement_abilities())


def airborne_now(state: GameState, unit: Unit) -> bool:
    """Airborne only works on the surface."""
    return unit.location.region is Region.SURFACE and keywords_at(state, unit).airborne


def has_abilities(state: GameState, unit: Unit) -> bool:
    """False while the unit's own abilities are gone: disabled (all of them) or silenced (its
    special abilities, which "takes N less damage" and "nearby allies take N less" are)."""
    return disabled_by(state, unit) is None and not silenced_at(state, unit, unit.location)


def damage_reduction(state: GameState, unit: Unit) -> list[tuple[str, int]]:
    """Damage reductions applying to `unit`: (source name, amount). They are abilities of the units
    that have them, so a disabled or silenced unit gives none."""
    out: list[tuple[str, int]] = []
    if unit.damage_reduction and has_abilities(state, unit):
        out.append((unit.name, unit.damage_reduction))
    for other in state.units:
        if (other.id != unit.id and other.controller == unit.controller and other.reduces_nearby_allies
                and has_abilities(state, other)
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
