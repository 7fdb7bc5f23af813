"""Steps, declared paths, and range of motion.

Legality (`step_reason`, `range_of_motion`, `declared_path_problem`) never changes state;
`resolve_path` takes a declared path step by step, skipping steps that are illegal at the
moment they are about to happen, as Move and Attack requires, and returns the events.
"""
from __future__ import annotations

from collections import deque
from dataclasses import replace

from codex.engine.budget import spend
from codex.engine.entering import entry_reason, ground_notes
from codex.engine.events import Event, StepSkipped, Stepped
from codex.engine.geometry import (ROWS, Direction, Location, Region, diagonal_neighbours, is_diagonal,
                                   orthogonal_neighbours, relative_directions, row_col, square_at, step_directions)
from codex.engine.keywords import Keywords
from codex.engine.ongoing import disabled_by, is_land_location, is_water_location, keywords_at
from codex.engine.reasons import Found, Reason
from codex.engine.oversized import area, normalise, parts
from codex.engine.state import GameState, Unit
from codex.engine.storyline import Resolved, settle

_SUBSURFACE_NEED = {Region.UNDERGROUND: ("burrowing", Reason.UNDERGROUND_NEEDS_BURROWING, "burrowing"),
                    Region.UNDERWATER: ("submerge", Reason.UNDERWATER_NEEDS_SUBMERGE, "submerge")}


def step_reason(state: GameState, unit: Unit, frm: Location, to: Location,
                kw: Keywords | None = None) -> tuple[Reason | None, str]:
    """(None, rule id that allows the step) or (reason, rule id that forbids it).

    Abilities are read at the step's starting location: Airborne works only when the step
    starts on the surface, and a Silence aura there removes the movement keywords. A unit that
    "can only move itself" some way may take no other step; an oversized unit's step moves every
    part of it the same way (`frm` and `to` are then the anchors of its area).
    """
    kw = kw if kw is not None else keywords_at(state, unit, frm)
    if kw.disabled:
        return Reason.DISABLED, disabled_by(state, unit, frm) or "disabled"
    if kw.immobile:
        return Reason.IMMOBILE, "immobile"
    if kw.burrowed_safely:
        return Reason.BURROWED_SAFELY, "burrowed-safely"
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
    """One location to another: entry restrictions (when it enters), adjacency, regions, then the
    border it traverses, if an ongoing effect forbids that (`borders.traverse_ban`)."""
    found = _location_reason(state, unit, frm, to, kw, enter)
    if found[0] is None and state.statics:
        from codex.engine.borders import ban_rule, traverse_ban
        ban = traverse_ban(state, unit, frm, to)
        if ban is not None:
            return Reason.CANNOT_TRAVERSE, ban_rule(ban)
    from codex.engine.move_bans import may_ban
    if found[0] is None and may_ban(state):
        from codex.engine.move_bans import ban_rule as move_rule, move_ban
        cant = move_ban(state, unit, frm, to)
        if cant is not None:
            return Reason.CANNOT_MOVE, move_rule(cant)
    return found


def _location_reason(state: GameState, unit: Unit, frm: Location, to: Location, kw: Keywords,
                     enter: bool = True) -> tuple[Reason | None, str]:
    """One location to another: entry restrictions (when it enters), adjacency, regions."""
    if enter:
        bad = entry_reason(state, unit, to, frm)
        if bad:
            return bad
    elif not state.location_exists(to):
        return Reason.NO_SUCH_LOCATION, "location"
    link = linked_rule(state, kw, frm.square, to.square, unit)
    if frm.square == to.square:
        pair = {frm.region, to.region}
        for region, (flag, reason, rule) in _SUBSURFACE_NEED.items():
            if pair == {Region.SURFACE, region}:
                return (None, rule) if getattr(kw, flag) else (reason, rule)
        return Reason.NOT_ADJACENT, "adjacent.regions"
    if link is None and is_diagonal(frm.square, to.square):
        return _diagonal_reason(frm, to, kw)
    if link is None and to.square not in orthogonal_neighbours(frm.square):
        return Reason.NOT_ADJACENT, "adjacent"
    if Region.VOID in (frm.region, to.region):
        return (None, link or "voidwalk") if kw.voidwalk else (Reason.VOID_NEEDS_VOIDWALK, "voidwalk")
    if frm.region is not to.region:
        return Reason.NOT_ADJACENT, "adjacent.regions"
    if frm.region is Region.SURFACE:
        return None, link or "movement.path"
    flag, reason, rule = _SUBSURFACE_NEED[frm.region]
    return (None, link or rule) if getattr(kw, flag) else (reason, rule)


def _diagonal_reason(frm: Location, to: Location, kw: Keywords) -> tuple[Reason | None, str]:
    """A diagonal step: Airborne's, and only from the surface (Codex "Airborne": "If the unit starts
    its step on the surface of a site, it can step diagonally"; the start decides, so an Airborne
    Voidwalker may swoop from a surface to a diagonal void: found by blind ruling round 17). A step
    from a surface reaches another square's surface or void, never its subsurface."""
    if Region.VOID in (frm.region, to.region) and not kw.voidwalk:
        # the void is closed to it whichever way it steps: the reason a judge gives first
        return Reason.VOID_NEEDS_VOIDWALK, "voidwalk"
    if not kw.airborne:
        return Reason.DIAGONAL_NEEDS_AIRBORNE, "airborne.diagonal"
    if frm.region is not Region.SURFACE:
        return Reason.AIRBORNE_ONLY_ON_SURFACE, "airborne.surface-only"
    if to.region not in (Region.SURFACE, Region.VOID):
        return Reason.NOT_ADJACENT, "adjacent.regions"
    return None, "airborne.diagonal"


def linked_squares(state: GameState, kw: Keywords, square: int, unit: Unit | None = None) -> list[int]:
    """Squares a step may reach from ``square`` as if they were adjacent: the other site of an
    effect linking two sites (Codex "As If Adjacent": the scenario's, or a card's effect this turn,
    for every unit or for ``unit``'s controller's), or the square at the other end of the column for
    a unit that moves as if the top and bottom edges were connected ("As If Connected")."""
    out: list[int] = []
    pairs = list(state.as_if_adjacent) + [p for e in state.lasting if e.links and (
        e.links_for is None or (unit is not None and unit.controller == e.links_for)) for p in e.links]
    for a, b in pairs:
        if square in (a, b) and state.site_at(a) is not None and state.site_at(b) is not None:
            out.append(b if square == a else a)
    if any(s.kind == "link" for s in state.statics):   # a card's own words say which places (voids too)
        from codex.engine.effects.statics import static_links
        out += [b if square == a else a for a, b, _ in static_links(state, unit) if square in (a, b)]
    if kw.leaps_sites:
        out += leap_squares(state, square)
    if kw.moves_as_if_connected:
        row, col = row_col(square)
        if row in (0, ROWS - 1):
            other = square_at(ROWS - 1 - row, col)
            if other is not None and other != square:
                out.append(other)
    return out


def leap_squares(state: GameState, square: int) -> list[int]:
    """"Leap entirely over adjacent sites in one step": the square beyond each adjacent site, in
    a straight line (the site leapt over is not entered)."""
    from codex.engine.geometry import Direction, next_square
    out = []
    for d in Direction:
        mid = next_square(square, d)
        far = next_square(mid, d) if mid is not None else None
        if mid is not None and far is not None and state.site_at(mid) is not None:
            out.append(far)
    return out


def linked_rule(state: GameState, kw: Keywords, frm: int, to: int, unit: Unit | None = None) -> str | None:
    """The rule that makes ``frm`` → ``to`` a step although the squares are not adjacent."""
    if frm == to or to in orthogonal_neighbours(frm) or to not in linked_squares(state, kw, frm, unit):
        return None
    if kw.leaps_sites and to in leap_squares(state, frm):
        return "leap"
    if kw.moves_as_if_connected and row_col(frm)[1] == row_col(to)[1] and {row_col(frm)[0], row_col(to)[0]} == {
            0, ROWS - 1}:
        return "as-if-connected"
    return "as-if-adjacent"


#: The verbs of moving between a site's levels (Codex "Burrowing", "Unburrow", "Submerge", "Surface").
_LEVEL_VERBS = {(Region.SURFACE, Region.UNDERGROUND): "burrow", (Region.UNDERGROUND, Region.SURFACE): "unburrow",
                (Region.SURFACE, Region.UNDERWATER): "submerge.verb",
                (Region.UNDERWATER, Region.SURFACE): "surface.verb"}


def level_rules(frm: Location, to: Location) -> tuple[str, ...]:
    """A step between a site's levels burrows, unburrows, submerges or surfaces; it enters the
    location, not the site."""
    verb = _LEVEL_VERBS.get((frm.region, to.region)) if frm.square == to.square else None
    return (verb, "enter.levels") if verb else ()


def allowance(state: GameState, unit: Unit, loc: Location | None = None) -> int:
    """Steps Move and Attack (or Defend) allows: one, plus Movement +X, read where the unit is."""
    return 1 + keywords_at(state, unit, loc).movement


def free_step(state: GameState, kw: Keywords, frm: Location, to: Location, mover: str | None = None) -> bool:
    """Does this step cost nothing under the unit's Moves Freely (only in basic movement: Move and
    Attack and Defend)? Its start and end must both satisfy the condition ("between land sites not
    occupied by other units": land, and no unit but the mover (and what it carries) on either site)."""
    if mover is not None and state.statics:
        from codex.engine.effects.statics import free_away
        if free_away(state, mover, frm, to) is not None:      # "Airborne minions atop X move freely away"
            return True
    for cond in kw.moves_freely:
        if cond == "unoccupied land" and is_land_location(state, frm) and is_land_location(state, to) \
                and not _others_on(state, frm.square, mover) and not _others_on(state, to.square, mover):
            return True
        if cond == "anywhere":
            return True
        if cond == "water" and is_water_location(state, frm) and is_water_location(state, to):
            return True
        if cond == "land" and is_land_location(state, frm) and is_land_location(state, to):
            return True
        if cond == "sideways" and frm.square != to.square and row_col(frm.square)[0] == row_col(to.square)[0]:
            return True
    return False


def _others_on(state: GameState, square: int, mover: str | None) -> bool:
    """Whether a unit other than the mover (or one it carries) occupies the site on ``square``."""
    return any(u.id != mover and u.carried_by != mover and any(loc.square == square for loc in state.locations_of(u))
               for u in state.units)


def candidate_steps(loc: Location) -> list[Location]:
    """Every location a single step could conceivably reach from `loc` (legality aside)."""
    out = [Location(loc.square, r) for r in Region if r is not loc.region and r is not Region.VOID]
    for sq in orthogonal_neighbours(loc.square) + diagonal_neighbours(loc.square):
        out.extend(Location(sq, r) for r in Region)
    return out


def range_of_motion(state: GameState, unit: Unit) -> dict[Location, tuple[Location, ...]]:
    """Every location the unit could reach with Move and Attack, with a shortest path to each.

    A breadth-first search over locations by steps paid for (a 0-1 search: a Moves Freely step
    costs nothing): reaching a location for fewer steps leaves at least as many to go on with (the
    allowance is read where the unit stands, not from how it got there), so a location is expanded
    again only when reached for less, and the cost is bounded by the board (at most 80 locations),
    whatever Movement +X says.

    Lookahead: ongoing effects are considered (abilities are re-read at every location, so a
    Silence aura or an entry restriction counts) and triggered abilities are ignored (a location
    where a trigger would kill the unit is still reachable).
    """
    if keywords_at(state, unit).disabled:
        return {}
    start = unit.location
    paths: dict[Location, tuple[Location, ...]] = {start: ()}
    cost: dict[Location, int] = {start: 0}          # steps paid for (free steps cost nothing)
    queue: deque[Location] = deque([start])
    while queue:
        loc = queue.popleft()
        spend(1, "searching the range of motion")
        kw = keywords_at(state, unit, loc)
        can_pay = cost[loc] < 1 + kw.movement
        linked = [Location(sq, r) for sq in linked_squares(state, kw, loc.square, unit) for r in Region]
        for nxt in candidate_steps(loc) + linked:
            if unit.oversized and nxt != normalise(state, nxt):
                continue
            free = (bool(kw.moves_freely) or bool(state.statics)) and free_step(state, kw, loc, nxt, unit.id)
            if not (free or can_pay):
                continue
            c = cost[loc] + (0 if free else 1)
            if nxt in cost and cost[nxt] <= c:
                continue
            reason, _ = step_reason(state, unit, loc, nxt, kw)
            if reason is None:
                cost[nxt] = c
                paths[nxt] = paths[loc] + (nxt,)
                if free:
                    queue.appendleft(nxt)
                else:
                    queue.append(nxt)
    return paths


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


def unreachable_rules(state: GameState, unit: Unit, target: Location) -> tuple[str, ...]:
    """Why ``target`` is outside the unit's range of motion, as the rules that decide it: a keyword
    it lacks for the last step (Voidwalk, Burrowing, Submerge, Airborne), an entry restriction,
    being Immobile, or simply too few steps (Move and Attack's one step, Movement +X)."""
    kw = keywords_at(state, unit)
    if kw.disabled:
        return ("range-of-motion.disabled",)
    if kw.immobile:
        return ("immobile",)
    if kw.burrowed_safely:
        return ("burrowed-safely",)
    rom = range_of_motion(state, unit)
    found: list[str] = []
    if unit.oversized:
        return ("oversized-units.move",)
    for loc in rom:
        spend(1, "explaining the range of motion")
        if target not in candidate_steps(loc):
            continue
        reason, rule = step_reason(state, unit, loc, target)
        found.append("move-and-attack" if reason is None else rule)
    if not found:
        found = ["move-and-attack"]
    if "move-and-attack" in found and kw.movement:
        found.append("movement-x")
    return tuple(dict.fromkeys(found))


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


def _conferred_step(unit: Unit, frm: Location, to: Location) -> bool:
    """Was this step possible only with a movement ability the unit's carrier confers?"""
    own = unit.keywords
    needs = {Region.VOID: own.voidwalk, Region.UNDERGROUND: own.burrowing, Region.UNDERWATER: own.submerge}
    return any(not needs.get(loc.region, True) for loc in (frm, to)) or (is_diagonal(frm.square, to.square)
                                                                         and not own.airborne)


def move_unit(state: GameState, unit_id: str, to: Location) -> Resolved:
    """Move the unit (its anchor, for an oversized one) with everything it carries (Codex
    "Carrying Artifacts", "Carrying Units"). The caller tells the move itself and settles: what
    entering does is a trigger of the events (`storyline.triggers_for`)."""
    from codex.engine.carrying import relocate
    unit = state.unit(unit_id)
    if unit is not None and unit.keywords.burrowed_safely:   # "while at this location": not once moved away
        state = state.with_unit(replace(unit, keywords=replace(unit.keywords, burrowed_safely=False)))
    return relocate(state, unit_id, to)


def resolve_path(state: GameState, unit_id: str, path: list[Location],
                 purpose: str = "Move and Attack") -> tuple[GameState, list[Event], list[Location]]:
    """Take the declared steps one at a time; returns the new state, the events, and the
    locations entered. After every step the story comes to rest (a minion stepping into the
    void without Voidwalk is banished there and then; a site that kills minions entering it
    triggers). A unit disabled where it stands (a Waterbound minion that stepped onto land)
    takes no further steps of its own."""
    events: list[Event] = []
    taken: list[Location] = []
    unit = state.unit(unit_id)
    if unit is None:
        return state, events, taken
    if unit.oversized:
        path = [normalise(state, loc) for loc in path]
    declared_from = unit.location
    start_allowance = allowance(state, unit)
    used = 0   # steps paid for: a Moves Freely step is free
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
        cause = disabled_by(state, unit, cur)
        if cause is not None:
            events.append(StepSkipped(unit.id, unit.name, i, frm, to, Reason.DISABLED,
                                      f"{unit.name} is disabled at the {cur} and cannot take steps itself",
                                      rules=(cause, "disabled", "movement.step-by-step")))
            continue
        kw = keywords_at(state, unit, cur)
        left = 1 + kw.movement
        free = (bool(kw.moves_freely) or bool(state.statics)) and free_step(state, kw, cur, to, unit.id)
        if used >= left and not free:
            rules = ("move-and-attack", "movement.step-by-step") + (("movement-x",) if kw.movement else ()) + (
                ("moves-freely", "moves-freely.combine") if kw.moves_freely else ())
            events.append(StepSkipped(unit.id, unit.name, i, frm, to, Reason.NO_STEPS_LEFT,
                                      f"{unit.name} has already taken {used} of its {left} step(s)",
                                      rules=rules))
            continue
        reason, rule = step_reason(state, unit, cur, to)
        if reason is not None:
            extra: tuple[str, ...] = ()
            if reason is Reason.WRONG_DIRECTION:
                extra = ("may-and-can", "the-silver-rule", "forward.control", "top.realm", "bottom.realm")
            elif unit.oversized:
                extra = ("oversized-units.move",)
            if reason is Reason.CANNOT_TRAVERSE:
                extra += ("traverse.means", "passive-ability")
            if reason is Reason.CANNOT_MOVE:
                from codex.engine.move_bans import refusal_rules
                extra += refusal_rules(state, unit, cur, to)
            from codex.engine.entering import blocking_quote
            events.append(StepSkipped(unit.id, unit.name, i, frm, to, reason,
                                      rules=(rule, "movement.step-by-step") + extra,
                                      from_card=blocking_quote(state, unit, reason, frm, to)))
            continue
        rules = (rule,) + level_rules(cur, to) + (("moves-freely", "basic-movement") if free else ()) + (
            ("movement-x",) if used and not free and kw.movement else ()) + (
            ("movement.seemingly-illegal",) if taken and left != start_allowance else ()) + (
            ("carrying-units.own-move",) if unit.carried_by is not None else ()) + (
            ("carrying-units.first-step",) if unit.carried_by is not None and _conferred_step(unit, cur, to)
            else ()) + (("oversized-units.enter", "path.oversized") if unit.oversized else ()) + (
            ("forward",) if kw.only_directions else ())
        used += 0 if free else 1
        before = state
        taken.append(to)
        quote = None
        if rule == "as-if-adjacent" and state.statics:       # a card's words made the squares adjacent
            from codex.engine.effects.statics import link_quote
            quote = link_quote(state, unit, cur.square, to.square)
        if rule == "leap" and state.statics:                  # the card's words let it leap
            from codex.engine.effects.statics import keyword_sources
            quote = next(iter(keyword_sources(state, unit, "leaps_sites")), None)
        stepped: list[Event] = [Stepped(unit.id, unit.name, cur, to, purpose, len(taken), rules=rules,
                                        from_card=quote)]
        state, carried = move_unit(state, unit.id, to)
        stepped += carried + ground_notes(before, state, unit.id)
        state, rest = settle(state, stepped)
        events += stepped + rest
        if state.unit(unit_id) is None:
            break
    return state, events, taken
