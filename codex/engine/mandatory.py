"""Mandatory actions (Codex "Mandatory Actions"): attacks a card makes compulsory.

A card may say that minions which can attack must ("Whenever an enemy minion can attack The
Green Knight, it must"; "Whenever a nearby minion can attack, it must"). Whether a minion *can*
attack depends on its range of motion: it can use Move and Attack now (untapped, no summoning
sickness, not disabled) and some location of its range of motion has a legal target for it
(the card itself, or anything). The active player must take such an attack in the main phase
before doing anything else; with several, one of their choice first; one that cannot be taken
does not stop the turn. The question is asked again before every action, so an attack that
becomes possible mid-phase (a War Horse carrying a Troll into range) must be made at once.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from codex.engine.activation import activation_reason
from codex.engine.budget import spend
from codex.engine.combat import SiteTarget, Target, UnitTarget, attack_reason
from codex.engine.geometry import Location, Region, is_nearby
from codex.engine.keywords import Compulsion
from codex.engine.movement import reachable_locations
from codex.engine.ongoing import keywords_at
from codex.engine.state import GameState, Unit


@dataclass(frozen=True)
class Source:
    """A card imposing mandatory attacks: its name, its controller, where it is, and how."""

    name: str
    controller: str | None
    unit: str | None                  # the unit itself, when the card is a unit
    locations: tuple[Location, ...]
    compulsion: Compulsion


@dataclass(frozen=True)
class MandatoryAttack:
    """``unit`` must attack; ``targets`` are what it must attack (empty: anything it can)."""

    unit: str
    name: str
    targets: tuple[str, ...]
    sources: tuple[str, ...]
    target_names: tuple[str, ...] = ()
    nearby: bool = False               # compelled by a card it is nearby


def _sources(state: GameState) -> list[Source]:
    out: list[Source] = []
    for u in state.units:
        if u.keywords.compels:
            for c in keywords_at(state, u).compels:
                out.append(Source(u.name, u.controller, u.id, state.locations_of(u), c))
    for a in state.artifacts:
        for c in a.abilities.keywords.compels:
            out.append(Source(a.name, state.artifact_controller(a), None, (state.artifact_location(a),), c))
    return out


def _applies(state: GameState, src: Source, unit: Unit) -> bool:
    c = src.compulsion
    if c.itself:             # "a card that must attack a unit whenever it can": the card itself
        return unit.id == src.unit
    if not unit.is_minion or unit.id == src.unit:
        return False
    if c.side == "enemy" and (src.controller is None or unit.controller == src.controller):
        return False
    if c.nearby and not any(loc.region is s.region and is_nearby(loc.square, s.square)
                            for loc in state.locations_of(unit) for s in src.locations):
        return False
    return True


def _legal_somewhere(state: GameState, unit: Unit, target: Target, reach: dict[Location, tuple[Location, ...]],
                     where: tuple[Location, ...]) -> bool:
    """Could the unit attack ``target`` after moving within its range of motion?"""
    for loc in where:
        path = reach.get(loc)
        if path is None:
            continue
        spend(1, "checking mandatory attacks")
        anchor = path[-1] if path else unit.location
        there = state.with_unit(replace(unit, location=anchor))
        moved = there.unit(unit.id)
        if moved is not None and attack_reason(there, moved, target) is None:
            return True
    return False


def _any_target(state: GameState, unit: Unit, reach: dict[Location, tuple[Location, ...]],
                units_only: bool = False) -> bool:
    for other in state.units:
        if other.controller != unit.controller and _legal_somewhere(
                state, unit, UnitTarget(other.id), reach, state.locations_of(other)):
            return True
    if units_only:
        return False
    for site in state.sites:
        if site.controller not in (None, unit.controller) and _legal_somewhere(
                state, unit, SiteTarget(site.square), reach, (Location(site.square, Region.SURFACE),)):
            return True
    return False


def mandatory_attacks(state: GameState) -> list[MandatoryAttack]:
    """The attacks the active player must make now, in their main phase."""
    if state.over or state.turn.phase != "main" or state.storyline:
        return []
    sources = _sources(state)
    if not sources:
        return []
    out: list[MandatoryAttack] = []
    for unit in state.units:
        if unit.controller != state.turn.active:
            continue
        mine = [s for s in sources if _applies(state, s, unit)]
        if not mine or activation_reason(state, unit) is not None:
            continue
        reach = reachable_locations(state, unit)
        targets: list[str] = []
        target_names: list[str] = []
        anything = False
        names: list[str] = []
        for s in mine:
            if s.compulsion.at_source and s.unit is not None:
                gk = state.unit(s.unit)
                if gk is not None and _legal_somewhere(state, unit, UnitTarget(gk.id), reach, state.locations_of(gk)):
                    targets.append(gk.id)
                    target_names.append(gk.name)
                    names.append(s.name)
            elif not s.compulsion.at_source and _any_target(state, unit, reach, s.compulsion.units_only):
                anything = True
                names.append(s.name)
        if targets or anything:
            out.append(MandatoryAttack(unit.id, unit.name, tuple(targets), tuple(dict.fromkeys(names)),
                                       tuple(target_names), any(s.compulsion.nearby for s in mine)))
    return out
