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
from codex.engine.geometry import (Direction, Location, Region, diagonal_neighbours, is_diagonal, orthogonal_neighbours,
                                   relative_directions, step_directions)
from codex.engine.oversized import area, normalise, parts
from codex.engine.keywords import Keywords
from codex.engine.ongoing import is_land_location, is_water_location, keywords_at
from codex.engine.reasons import Found, Reason
from codex.engine.state import GameState, Unit
from codex.engine.storyline import Resolved, mark_for_death, settle

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
    starts on the surface, and a Silence aura there removes the movement keywords. A unit that
    "can only move itself" some way may take no other step; an oversized unit's step moves every
    part of it the same way (`frm` and `to` are then the anchors of its area).
    """
    kw = kw if kw is not None else keywords_at(state, unit, frm)
    if kw.immobile:
        return Reason.IMMOBILE, "immobile"
    if frm == to:
        return Reason.SAME_LOCATION, "movement.moved"
    if kw.only_directions:
        allowed: set[Direction] = set()
        for name in kw.only_directions:
            allowed |= relative_directions(unit.controller == state.first_player).get(name, frozenset())
        dirs = step_directions(frm.square, to.square)
        if not dirs or not dirs <= allowed or len(dirs) > 1:
            return Reason.WRONG_DIRECTION, "forward" if "forward" in kw.only_directions else "may-and-can"
    if unit.oversized:
        return _oversized_step_reason(state, unit, frm, to, kw)
    return _step_reason(state, unit, frm, to, kw)


def _oversized_step_reason(state: GameState, unit: Unit, frm: Location, to: Location,
                           kw: Keywords) -> tuple[Reason | None, str]:
    """Every part moves the same way; if any part cannot, the unit cannot move that way. Only
    locations it did not occupy before are entered."""
    pairs = parts(state, normalise(state, frm), normalise(state, to), unit.size)
    if pairs is None:
        return Reason.AREA_OFF_REALM, "oversized-units.move"
    before = {pf for pf, _ in pairs}
    for pf, pt in pairs:
        reason, rule = _step_reason(state, unit, pf, pt, kw, enter=pt not in before)
        if reason is not None:
            return reason, rule
    return None, "oversized-units.move"


def _step_reason(state: GameState, unit: Unit, frm: Location, to: Location, kw: Keywords,
                 enter: bool = True) -> tuple[Reason | None, str]:
    """One location to an adjacent one: existence, entry restrictions (when it enters), regions."""
    if enter:
        bad = entry_reason(state, unit, to)
        if bad:
            return bad
    elif not state.location_exists(to):
        return Reason.NO_SUCH_LOCATION, "location"
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
    """Every location the unit could reach with Move and Attack, with a shortest path to each
    (for an oversized unit: every anchor its area could reach).

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
    cost: dict[Location, int] = {start: 0}          # steps spent (Moves Freely steps are free)
    queue: deque[Location] = deque([start])
    while queue:
        loc = queue.popleft()
        spend(1, "searching the range of motion")
        path, spent = paths[loc], cost[loc]
        kw = keywords_at(state, unit, loc)
        exhausted = spent >= allowance(state, unit, loc)
        if exhausted and not kw.free_moves:
            continue
        for nxt in candidate_steps(loc):
            if unit.oversized and nxt != normalise(state, nxt):
                continue
            free = bool(kw.free_moves) and free_step(state, loc, nxt, kw)
            if exhausted and not free:
                continue
            new = spent + (0 if free else 1)
            if nxt in cost and cost[nxt] <= new:
                continue
            reason, _ = step_reason(state, unit, loc, nxt, kw)
            if reason is None:
                paths[nxt], cost[nxt] = path + (nxt,), new
                if free:
                    queue.appendleft(nxt)
                else:
                    queue.append(nxt)
    return paths


def free_step(state: GameState, frm: Location, to: Location, kw: Keywords) -> bool:
    """Does this step spend no step of basic movement (Codex "Moves Freely")? Its start and its end
    must both satisfy the unit's Moves Freely condition."""
    conds = kw.free_moves
    if "any" in conds:
        return True
    if "water" in conds and is_water_location(state, frm) and is_water_location(state, to):
        return True
    if "land" in conds and all(x.region is Region.SURFACE and is_land_location(state, x) for x in (frm, to)):
        return True
    return ("sideways" in conds and frm.region is to.region
            and step_directions(frm.square, to.square) in ({Direction.EAST}, {Direction.WEST}))


def reachable_locations(state: GameState, unit: Unit) -> dict[Location, tuple[Location, ...]]:
    """Every location the unit could occupy after Move and Attack, with a shortest path (of
    anchors, for an oversized unit) that ends occupying it."""
    rom = range_of_motion(state, unit)
    if not unit.oversized:
        return rom
    out: dict[Location, tuple[Location, ...]] = {}
    for anchor, path in sorted(rom.items(), key=lambda kv: len(kv[1])):
        for loc in area(state, anchor, unit.size) or ():
            if loc not in out:
                out[loc] = path
    return out


def path_to(state: GameState, unit: Unit, loc: Location) -> tuple[Location, ...] | None:
    """A shortest Move and Attack path after which the unit occupies ``loc``, or None when ``loc``
    is outside its range of motion."""
    if not unit.oversized:
        return range_of_motion(state, unit).get(loc)
    return reachable_locations(state, unit).get(loc)


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


def _conferred_step(state: GameState, unit: Unit, frm: Location, to: Location) -> bool:
    """Was this step possible only with a movement ability the unit's carrier confers?"""
    own = unit.keywords
    needs = {Region.VOID: own.voidwalk, Region.UNDERGROUND: own.burrowing, Region.UNDERWATER: own.submerge}
    return any(not needs.get(loc.region, True) for loc in (frm, to)) or (is_diagonal(frm.square, to.square)
                                                                         and not own.airborne)


def entry_effects(state: GameState, unit_id: str, before: tuple[Location, ...]) -> Resolved:
    """The triggered abilities of what the unit just entered: only locations (and sites) it did
    not occupy before count (Codex "Enter"); today, a site that kills minions entering it."""
    unit = state.unit(unit_id)
    if unit is None or not unit.is_minion:
        return state, []
    events: list[Event] = []
    for loc in state.locations_of(unit):
        site = state.site_at(loc.square)
        if (site is None or not site.kills_on_entry or loc.region is not Region.SURFACE
                or any(b.square == loc.square for b in before)):
            continue
        state, marked = mark_for_death(state, unit.id, f"it entered {site.name} (its triggered ability)",
                                       ("range-of-motion.bottomless-pit", "triggered-ability"))
        events += marked
    return state, events


def move_unit(state: GameState, unit_id: str, to: Location, how: str = "") -> Resolved:
    """Move the unit (its anchor, for an oversized one) with everything it carries, then what
    entering does to each unit that moved. The caller tells the move itself and settles."""
    from codex.engine.carrying import relocate
    unit = state.unit(unit_id)
    if unit is None:
        return state, []
    before = {unit_id: state.locations_of(unit)}
    if unit_id in state.carriers:
        for cu in state.carried_units(unit_id):
            before[cu.id] = state.locations_of(cu)
    state, events = relocate(state, unit_id, to, how)
    for uid, locs in before.items():
        now = state.unit(uid)
        if now is not None and state.locations_of(now) != locs:
            state, entered = entry_effects(state, uid, locs)
            events += entered
    return state, events


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
    if unit.oversized:
        path = [normalise(state, loc) for loc in path]
    declared_from = unit.location
    start_allowance = allowance(state, unit)
    spent = 0                                    # steps spent (Moves Freely steps are free)
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
        kw = keywords_at(state, unit, cur)
        free = bool(kw.free_moves) and free_step(state, cur, to, kw)
        if spent >= left and not free:
            rules = ("move-and-attack", "movement.step-by-step") + (("movement-x",) if kw.movement else ())
            events.append(StepSkipped(unit.id, unit.name, i, frm, to, Reason.NO_STEPS_LEFT,
                                      f"{unit.name} has already taken {spent} of its {left} step(s)",
                                      rules=rules + (("moves-freely",) if kw.free_moves else ())))
            continue
        reason, rule = step_reason(state, unit, cur, to)
        if reason is not None:
            extra: tuple[str, ...] = ()
            if reason is Reason.WRONG_DIRECTION:
                extra = ("may-and-can", "the-silver-rule", "forward.control", "top", "bottom")
            elif unit.oversized:
                extra = ("oversized-units.move",)
            events.append(StepSkipped(unit.id, unit.name, i, frm, to, reason,
                                      rules=(rule, "movement.step-by-step") + extra))
            continue
        rules = (rule,) + (("moves-freely", "basic-movement") if free else ()) + (
            ("movement-x",) if taken and kw.movement else ()) + (
            ("movement.seemingly-illegal",) if taken and left != start_allowance else ()) + (
            ("carrying-units.own-move",) if unit.carried_by is not None else ()) + (
            ("carrying-units.first-step",) if unit.carried_by is not None and _conferred_step(state, unit, cur, to)
            else ()) + (
            ("oversized-units.enter", "path.oversized") if unit.oversized else ()) + (("forward",) if kw.only_directions else ())
        taken.append(to)
        spent += 0 if free else 1
        stepped: list[Event] = [Stepped(unit.id, unit.name, cur, to, purpose, len(taken), rules=rules)]
        state, moved = move_unit(state, unit.id, to)
        stepped += moved
        state, rest = settle(state, stepped)
        events += stepped + rest
        if state.unit(unit_id) is None:
            break
    return state, events, taken
