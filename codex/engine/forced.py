"""Movement caused by effects: forced movement (push, pull, drag, fly, teleport) and steps an
effect makes a unit take (Codex "Forced Movement", "Step", "Teleport", "Fly", "Movement on the
Storyline").

Forced movement does not need the unit to take a step of its own, so an Immobile or disabled
unit is moved like any other; a push, pull or drag moves one adjacent square per step without
crossing region boundaries (an effect's declared path may go from a site's surface to a void,
or between a site's surface and its subsurface, when its card says so); flying moves as if
Airborne (diagonal steps on the surface); a teleport goes directly to its destination. Whatever
way a unit moves, it enters the locations it reaches (triggers apply), and it cannot enter a
location an ongoing effect forbids: there it stops.

A ``step`` is the unit moving itself: its movement abilities apply, and an Immobile or disabled
unit does not move at all.

When an effect names only a destination, the unit takes a shortest path that would actually
reach it, ignoring triggered abilities (`shortest_paths`); the effect's controller chooses
among tied routes, and with no valid path the unit does not move.
"""
from __future__ import annotations

from collections import deque
from typing import Callable

from codex.engine.budget import spend
from codex.engine.events import Event, NotMoved, Stepped, Stopped, Teleported, offered
from codex.engine.geometry import Direction, Location, Region, is_diagonal, next_square, orthogonal_neighbours
from codex.engine.entering import entry_reason, ground_notes
from codex.engine.movement import candidate_steps, move_unit, step_reason
from codex.engine.ongoing import keywords_at
from codex.engine.oversized import area, normalise, parts, placements
from codex.engine.reasons import Found, Reason
from codex.engine.state import GameState, Unit
from codex.engine.storyline import Resolved, settle

#: How an effect moves a unit, and the words for it.
HOW = {"push": "pushed", "pull": "pulled", "drag": "dragged", "teleport": "teleported", "fly": "flown",
       "step": "made to take a step"}
#: At most this many tied shortest paths are compared (a realm of 20 squares has few).
MAX_TIED = 16

StepCheck = Callable[[GameState, Unit, Location, Location], Found]


def _part_reason(state: GameState, unit: Unit, frm: Location, to: Location, how: str, enter: bool) -> Found:
    """One location of a forced step: adjacency the way ``how`` moves, then entry."""
    if not state.location_exists(to):
        from codex.engine.entering import missing_location_rule
        return Reason.NO_SUCH_LOCATION, missing_location_rule(state, to)
    if how != "teleport":
        if frm.square == to.square:
            if Region.SURFACE not in (frm.region, to.region) or Region.VOID in (frm.region, to.region):
                return Reason.NOT_ADJACENT, "adjacent.regions"
        elif is_diagonal(frm.square, to.square):
            if how != "fly":
                return Reason.DIAGONAL_NEEDS_AIRBORNE, "airborne.diagonal"
            if frm.region is not Region.SURFACE:      # the start decides (Codex "Airborne")
                return Reason.AIRBORNE_ONLY_ON_SURFACE, "airborne.surface-only"
            if to.region not in (Region.SURFACE, Region.VOID):
                return Reason.NOT_ADJACENT, "adjacent.regions"
        elif to.square not in orthogonal_neighbours(frm.square):
            return Reason.NOT_ADJACENT, "step.forced"
        elif frm.region is not to.region and {frm.region, to.region} != {Region.SURFACE, Region.VOID}:
            return Reason.NOT_ADJACENT, "step.forced"
    found = entry_reason(state, unit, to, frm, how) if enter else None
    if found is None and state.statics:
        from codex.engine.borders import ban_rule, traverse_ban
        ban = traverse_ban(state, unit, frm, to, how)
        if ban is not None:
            return Reason.CANNOT_TRAVERSE, ban_rule(ban)
    from codex.engine.move_bans import may_ban
    if found is None and may_ban(state):
        from codex.engine.move_bans import ban_rule as move_rule, move_ban
        cant = move_ban(state, unit, frm, to, how)
        if cant is not None:
            return Reason.CANNOT_MOVE, move_rule(cant, how)
    return found


def forced_reason(state: GameState, unit: Unit, frm: Location, to: Location, how: str) -> Found:
    """Whether forced movement (``how``) can take the unit from ``frm`` to ``to`` (anchors, for an
    oversized unit: every part moves the same way, entering only what it did not occupy)."""
    if frm == to:
        return Reason.SAME_LOCATION, "move.same"
    if not unit.oversized:
        return _part_reason(state, unit, frm, to, how, True)
    pairs = parts(state, frm, to, unit.size)
    if pairs is None:
        return Reason.AREA_OFF_REALM, "oversized-units.move"
    before = {pf for pf, _ in pairs}
    for pf, pt in pairs:
        found = _part_reason(state, unit, pf, pt, how, pt not in before)
        if found:
            return found
    return None


def own_step_reason(state: GameState, unit: Unit, frm: Location, to: Location) -> Found:
    """A step the unit takes itself (an effect made it): it must be able to take steps."""
    if keywords_at(state, unit, frm).disabled:
        return Reason.DISABLED, "disabled.forced"
    reason, rule = step_reason(state, unit, frm, to)
    return (reason, rule) if reason is not None else None


def step_check(how: str) -> StepCheck:
    if how == "step":
        return own_step_reason
    return lambda state, unit, frm, to: forced_reason(state, unit, frm, to, how)


def straight(state: GameState, unit: Unit, direction: Direction, steps: int) -> list[Location]:
    """The path of a push (pull, drag) ``steps`` steps in a cardinal direction, within the unit's
    region: it ends early at the edge of the region."""
    path: list[Location] = []
    cur = unit.location
    for _ in range(steps):
        nxt = next_square(cur.square, direction)
        if nxt is None:
            break
        loc = Location(nxt, cur.region)
        if unit.oversized:
            if area(state, loc, unit.size) is None:
                break
        elif not state.location_exists(loc):
            break
        path.append(loc)
        cur = loc
    return path


def shortest_paths(state: GameState, unit: Unit, to: Location, how: str) -> list[tuple[Location, ...]]:
    """Every shortest path (up to `MAX_TIED`) by which ``how`` would take the unit to ``to``,
    considering ongoing effects and ignoring triggered abilities, through locations where it can
    exist (a path through the void or underground it would not survive does not reach anything);
    [] when none exists. For an oversized unit, ``to`` is the anchor it must end at."""
    check = step_check(how)
    start = unit.location
    dist: dict[Location, int] = {start: 0}
    preds: dict[Location, list[Location]] = {start: []}
    queue: deque[Location] = deque([start])
    while queue:
        loc = queue.popleft()
        spend(1, "searching for a shortest path")
        if loc == to:
            break
        for nxt in candidate_steps(loc):
            if unit.oversized and nxt != normalise(state, nxt):
                continue
            if nxt in dist and dist[nxt] < dist[loc] + 1:
                continue
            if check(state, unit, loc, nxt) is not None or (nxt != to and not _survives(state, unit, nxt)):
                continue
            if nxt not in dist:
                dist[nxt] = dist[loc] + 1
                preds[nxt] = []
                queue.append(nxt)
            preds[nxt].append(loc)
    if to not in dist or to == start:
        return []
    out: list[tuple[Location, ...]] = []

    def back(loc: Location, tail: tuple[Location, ...]) -> None:
        if len(out) >= MAX_TIED:
            return
        if loc == start:
            out.append(tail)
            return
        for p in sorted(preds[loc]):
            back(p, (loc,) + tail)

    back(to, ())
    return out


def _can_exist(state: GameState, unit: Unit, loc: Location) -> bool:
    """Could the minion exist at ``loc`` (the void needs Voidwalk, below needs Burrowing or Submerge)?"""
    if not unit.is_minion:
        return True
    kw = keywords_at(state, unit, loc)
    need = {Region.VOID: kw.voidwalk, Region.UNDERGROUND: kw.burrowing, Region.UNDERWATER: kw.submerge}
    return need.get(loc.region, True)


def _survives(state: GameState, unit: Unit, loc: Location) -> bool:
    """Could the unit exist at ``loc`` (a path through where it would die does not reach anywhere)?"""
    if unit.oversized:
        return all(_can_exist(state, unit, x) for x in area(state, loc, unit.size) or ())
    return _can_exist(state, unit, loc)


def teleport_anchors(state: GameState, unit: Unit, to: Location) -> list[Location]:
    """Where an oversized unit teleported to ``to`` may end: every position whose area includes
    ``to`` and whose every location is legal for it (Codex "Teleporting Oversized Units")."""
    out = []
    for anchor in placements(state, to, unit.size):
        locs = area(state, anchor, unit.size) or ()
        if all(state.location_exists(x) and not entry_reason(state, unit, x) and _can_exist(state, unit, x)
               for x in locs):
            out.append(anchor)
    return out


def resolve_moves(state: GameState, unit_id: str, path: list[Location], how: str, by: str) -> Resolved:
    """Move the unit along ``path`` one step at a time, the story coming to rest after each step
    (what it enters triggers); it stops where it cannot go on, and "stops" once it has moved."""
    events: list[Event] = []
    check = step_check(how)
    moved = False
    for i, to in enumerate(path):
        spend(1, "moving by an effect")
        unit = state.unit(unit_id)
        if unit is None:
            break
        cur = unit.location
        found = check(state, unit, cur, to)
        if found is not None:
            from codex.engine.move_bans import refusal_rules
            rules = (found[1],) + (("storyline.movement",) if len(path) > 1 else ()) + (
                ("can-vs-cant",) if found[0] in (Reason.CANNOT_ENTER, Reason.CANNOT_TRAVERSE, Reason.CANNOT_MOVE)
                else ()) + (refusal_rules(state, unit, cur, to, how)[1:] if found[0] is Reason.CANNOT_MOVE else ()) + (
                ("traverse.means",) if found[0] is Reason.CANNOT_TRAVERSE else ())
            from codex.engine.entering import blocking_quote
            events.append(NotMoved(unit.id, unit.name, to, found[0], "any further" if moved else "",
                                   rules=rules + (("step.immobile",) if found[0] is Reason.IMMOBILE else ()),
                                   from_card=blocking_quote(state, unit, found[0], cur, to, how)))
            break
        kw = keywords_at(state, unit, cur)
        if how == "step":
            ev: Event = Stepped(unit.id, unit.name, cur, to, f"{by}: a step of its own", i + 1,
                                rules=("step.own", "forced-movement.own-step", "phrases.drag-pull") + (
                                    ("storyline.movement",) if len(path) > 1 else ()))
        else:
            rules = ("forced-movement",) + {"teleport": ("teleport", "teleport.direct", "forced-movement.not-own-step", "enter.any-movement"), "fly": ("fly", "fly.enters", "phrases.fly"),
                                            "drag": ("forced-movement.push", "step.forced", "phrases.drag-pull"),
                                            "pull": ("forced-movement.push", "step.forced", "phrases.drag-pull"),
                                            }.get(how, ("forced-movement.push", "step.forced")) + (
                ("immobile.forced",) if kw.immobile else ()) + (("disabled.forced",) if kw.disabled else ()) + (
                ("storyline.movement",) if len(path) > 1 else ()) + (
                ("carrying-artifacts.forced",) if state.carried_artifacts(unit.id) else ()) + (
                ("oversized-units.teleport",) if unit.oversized and how == "teleport" else ()) + (
                "move.ways", "enter.forced", "phrases.leave-enter") + (("below",) if cur.region.is_subsurface else ()) + (
                ("atop",) if cur.region.is_subsurface and to.region is Region.SURFACE else ()) + (
                ("surface.verb",) if cur.region is Region.UNDERWATER and to.region is Region.SURFACE else ()) + (
                ("subsurface",) if to.region.is_subsurface and cur.square == to.square else ()) + (
                ("path",) if len(path) > 1 else ()) + (
                ("under",) if to.region.is_subsurface and not cur.region.is_subsurface else ())
            ev = Teleported(unit.id, unit.name, to, f"{HOW[how]} by {by}", cur, how, rules=rules)
        before = state
        state, more = move_unit(state, unit.id, to)
        more += ground_notes(before, state, unit.id)
        state, rest = settle(state, [ev] + more)
        events += offered([ev] + more) + rest      # heard once: an outer storyline must not hear the step again
        moved = True
    unit = state.unit(unit_id)
    if moved and unit is not None:
        stopped = Stopped(unit.id, unit.name, unit.location, rules=("stops",) + (
            ("at-rest.moved",) if how != "step" else ()))
        state, rest = settle(state, [stopped])      # "Whenever an enemy stops here" hears it
        events += offered([stopped]) + rest
    return state, events
