"""Steps, declared paths, and range of motion.

Legality (`step_reason`, `range_of_motion`, `declared_path_problem`) never changes state;
`resolve_path` takes a declared path step by step, skipping steps that are illegal at the
moment they are about to happen, as Move and Attack requires, and returns the events.
"""
from __future__ import annotations

from collections import deque
from dataclasses import replace

from codex.engine.budget import spend
from codex.engine.events import Event, StepSkipped, Stepped
from codex.engine.geometry import Location, Region, diagonal_neighbours, is_diagonal, orthogonal_neighbours
from codex.engine.keywords import Keywords
from codex.engine.ongoing import keywords_at
from codex.engine.reasons import Found, Reason
from codex.engine.state import GameState, Unit
from codex.engine.storyline import mark_for_death, settle

_SUBSURFACE_NEED = {Region.UNDERGROUND: ("burrowing", Reason.UNDERGROUND_NEEDS_BURROWING, "burrowing"),
                    Region.UNDERWATER: ("submerge", Reason.UNDERWATER_NEEDS_SUBMERGE, "submerge")}


def entry_reason(state: GameState, unit: Unit, to: Location) -> Found:
    """Why `unit` may not enter `to` at all (ongoing effects only; triggers are ignored)."""
    if not state.location_exists(to):
        return Reason.NO_SUCH_LOCATION, "location"
    if unit.is_avatar and to.region is not Region.SURFACE:
        rule = {Region.VOID: "voidwalk.avatar", Region.UNDERGROUND: "underground.avatar",
                Region.UNDERWATER: "underwater.avatar"}[to.region]
        return Reason.AVATAR_SURFACE_ONLY, rule
    site = state.site_at(to.square)
    if (site is not None and site.max_entry_power is not None and unit.is_minion
            and to.region is Region.SURFACE and unit.power > site.max_entry_power):
        return Reason.CANNOT_ENTER, "range-of-motion.gnome-hollows"
    return None


def step_reason(state: GameState, unit: Unit, frm: Location, to: Location,
                kw: Keywords | None = None) -> tuple[Reason | None, str]:
    """(None, rule id that allows the step) or (reason, rule id that forbids it).

    Abilities are read at the step's starting location: Airborne works only when the step
    starts on the surface, and a Silence aura there removes the movement keywords.
    """
    kw = kw if kw is not None else keywords_at(state, unit, frm)
    if kw.immobile:
        return Reason.IMMOBILE, "immobile"
    if frm == to:
        return Reason.SAME_LOCATION, "movement.moved"
    bad = entry_reason(state, unit, to)
    if bad:
        return bad
    if frm.square == to.square:
        pair = {frm.region, to.region}
        for region, (flag, reason, rule) in _SUBSURFACE_NEED.items():
            if pair == {Region.SURFACE, region}:
                return (None, rule) if getattr(kw, flag) else (reason, rule)
        return Reason.NOT_ADJACENT, "adjacent.regions"
    if is_diagonal(frm.square, to.square):
        if frm.region is not Region.SURFACE or to.region is not Region.SURFACE:
            return ((Reason.AIRBORNE_ONLY_ON_SURFACE, "airborne.surface-only") if kw.airborne
                    else (Reason.DIAGONAL_NEEDS_AIRBORNE, "airborne.diagonal"))
        return (None, "airborne.diagonal") if kw.airborne else (Reason.DIAGONAL_NEEDS_AIRBORNE, "airborne.diagonal")
    if to.square not in orthogonal_neighbours(frm.square):
        return Reason.NOT_ADJACENT, "adjacent"
    if Region.VOID in (frm.region, to.region):
        return (None, "voidwalk") if kw.voidwalk else (Reason.VOID_NEEDS_VOIDWALK, "voidwalk")
    if frm.region is not to.region:
        return Reason.NOT_ADJACENT, "adjacent.regions"
    if frm.region is Region.SURFACE:
        return None, "movement.path"
    flag, reason, rule = _SUBSURFACE_NEED[frm.region]
    return (None, rule) if getattr(kw, flag) else (reason, rule)


def allowance(state: GameState, unit: Unit, loc: Location | None = None) -> int:
    """Steps Move and Attack (or Defend) allows: one, plus Movement +X, read where the unit is."""
    return 1 + keywords_at(state, unit, loc).movement


def candidate_steps(loc: Location) -> list[Location]:
    """Every location a single step could conceivably reach from `loc` (legality aside)."""
    out = [Location(loc.square, r) for r in Region if r is not loc.region and r is not Region.VOID]
    for sq in orthogonal_neighbours(loc.square) + diagonal_neighbours(loc.square):
        out.extend(Location(sq, r) for r in Region)
    return out


def range_of_motion(state: GameState, unit: Unit) -> dict[Location, tuple[Location, ...]]:
    """Every location the unit could reach with Move and Attack, with a shortest path to each.

    A breadth-first search over locations with a visited set: reaching a location in fewer steps
    leaves at least as many steps to go on with (the allowance is read where the unit stands, not
    from how it got there), so each location is expanded once and the cost is bounded by the
    board (at most 80 locations), whatever Movement +X says.

    Lookahead: ongoing effects are considered (abilities are re-read at every location, so a
    Silence aura or an entry restriction counts) and triggered abilities are ignored (a location
    where a trigger would kill the unit is still reachable).
    """
    if keywords_at(state, unit).disabled:
        return {}
    start = unit.location
    paths: dict[Location, tuple[Location, ...]] = {start: ()}
    queue: deque[Location] = deque([start])
    while queue:
        loc = queue.popleft()
        spend(1, "searching the range of motion")
        path = paths[loc]
        if len(path) >= allowance(state, unit, loc):
            continue
        kw = keywords_at(state, unit, loc)
        for nxt in candidate_steps(loc):
            if nxt in paths:
                continue
            reason, _ = step_reason(state, unit, loc, nxt, kw)
            if reason is None:
                paths[nxt] = path + (nxt,)
                queue.append(nxt)
    return paths


def declared_path_problem(start: Location, path: list[Location]) -> tuple[int, Found] | None:
    """The only restriction on declaring movement: no specific step repeated.
    Returns (index of the offending step, (reason, rule)) or None."""
    seen = set()
    prev = start
    for i, loc in enumerate(path):
        step = (prev, loc)
        if step in seen:
            return i, (Reason.REPEATED_STEP, "movement.no-repeat")
        seen.add(step)
        prev = loc
    return None


def resolve_path(state: GameState, unit_id: str, path: list[Location],
                 purpose: str = "Move and Attack") -> tuple[GameState, list[Event], list[Location]]:
    """Take the declared steps one at a time; returns the new state, the events, and the
    locations entered. After every step the story comes to rest (a minion stepping into the
    void without Voidwalk is banished there and then)."""
    events: list[Event] = []
    taken: list[Location] = []
    unit = state.unit(unit_id)
    if unit is None:
        return state, events, taken
    declared_from = unit.location
    start_allowance = allowance(state, unit)
    for i, to in enumerate(path):
        spend(1, "taking declared steps")
        unit = state.unit(unit_id)
        if unit is None:
            break
        frm, declared_from = declared_from, to
        cur = unit.location
        if cur != frm:
            events.append(StepSkipped(unit.id, unit.name, i, frm, to, Reason.NOT_AT_STEP_START,
                                      f"{unit.name} is at the {cur}", rules=("movement.step-by-step",)))
            continue
        left = allowance(state, unit, cur)
        if len(taken) >= left:
            kw = keywords_at(state, unit, cur)
            rules = ("move-and-attack", "movement.step-by-step") + (("movement-x",) if kw.movement else ())
            events.append(StepSkipped(unit.id, unit.name, i, frm, to, Reason.NO_STEPS_LEFT,
                                      f"{unit.name} has already taken {len(taken)} of its {left} step(s)",
                                      rules=rules))
            continue
        reason, rule = step_reason(state, unit, cur, to)
        if reason is not None:
            events.append(StepSkipped(unit.id, unit.name, i, frm, to, reason,
                                      rules=(rule, "movement.step-by-step")))
            continue
        kw = keywords_at(state, unit, cur)
        rules = (rule,) + (("movement-x",) if taken and kw.movement else ()) + (
            ("movement.seemingly-illegal",) if taken and left != start_allowance else ())
        state = state.with_unit(replace(unit, location=to))
        taken.append(to)
        stepped: list[Event] = [Stepped(unit.id, unit.name, cur, to, purpose, len(taken), rules=rules)]
        site = state.site_at(to.square)
        if site is not None and site.kills_on_entry and unit.is_minion and to.region is Region.SURFACE:
            state, marked = mark_for_death(state, unit.id, f"it entered {site.name} (its triggered ability)",
                                           ("range-of-motion.bottomless-pit",))
            stepped += marked
        state, rest = settle(state, stepped)
        events += stepped + rest
        if state.unit(unit_id) is None:
            break
    return state, events, taken
