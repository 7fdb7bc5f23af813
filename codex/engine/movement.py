"""Steps, declared paths, and range of motion.

Legality (`step_reason`, `range_of_motion`) never changes state; `resolve_path` applies a
declared path step by step, skipping steps that are illegal at the moment they are about
to happen, as Move and Attack requires.
"""
from __future__ import annotations

from collections import deque
from dataclasses import replace

from codex.engine.effects import keywords_at
from codex.engine.exceptions import IllegalAction
from codex.engine.geometry import Location, Region, is_diagonal, orthogonal_neighbours, diagonal_neighbours
from codex.engine.keywords import Keywords
from codex.engine.reasons import Reason, explain
from codex.engine.ruling import Log
from codex.engine.state import GameState, Unit

_SUBSURFACE_NEED = {Region.UNDERGROUND: ("burrowing", Reason.UNDERGROUND_NEEDS_BURROWING, "burrowing"),
                    Region.UNDERWATER: ("submerge", Reason.UNDERWATER_NEEDS_SUBMERGE, "submerge")}


def entry_reason(state: GameState, unit: Unit, to: Location) -> tuple[Reason, str] | None:
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


def can_use_move_and_attack(state: GameState, unit: Unit) -> Reason | None:
    """Whether the unit's Move and Attack ability exists for it at all (not disabled)."""
    if keywords_at(state, unit).disabled:
        return Reason.DISABLED
    return None


def candidate_steps(loc: Location) -> list[Location]:
    """Every location a single step could conceivably reach from `loc` (legality aside)."""
    out = [Location(loc.square, r) for r in Region if r is not loc.region and r is not Region.VOID]
    for sq in orthogonal_neighbours(loc.square) + diagonal_neighbours(loc.square):
        out.extend(Location(sq, r) for r in Region)
    return out


def range_of_motion(state: GameState, unit: Unit) -> dict[Location, tuple[Location, ...]]:
    """Every location the unit could reach with Move and Attack, with a path to each.

    Lookahead: ongoing effects are considered (abilities are re-read at every location, so a
    Silence aura or an entry restriction counts) and triggered abilities are ignored (a
    location where a trigger would kill the unit is still reachable).
    """
    if can_use_move_and_attack(state, unit):
        return {}
    start = unit.location
    paths: dict[Location, tuple[Location, ...]] = {start: ()}
    queue: deque[tuple[Location, int, tuple[Location, ...]]] = deque([(start, 0, ())])
    seen = {(start, 0)}
    while queue:
        loc, taken, path = queue.popleft()
        if taken >= allowance(state, unit, loc):
            continue
        kw = keywords_at(state, unit, loc)
        for nxt in candidate_steps(loc):
            if (nxt, taken + 1) in seen:
                continue
            reason, _ = step_reason(state, unit, loc, nxt, kw)
            if reason is None:
                seen.add((nxt, taken + 1))
                new_path = path + (nxt,)
                paths.setdefault(nxt, new_path)
                queue.append((nxt, taken + 1, new_path))
    return paths


def check_declared_path(start: Location, path: list[Location], pointer: str) -> None:
    """The only restriction on declaring movement: no specific step repeated."""
    seen = set()
    prev = start
    for i, loc in enumerate(path):
        step = (prev, loc)
        if step in seen:
            raise IllegalAction(Reason.REPEATED_STEP,
                                f"the declared path repeats the step from the {prev} to the {loc}",
                                "movement.no-repeat", f"{pointer}/{i}")
        seen.add(step)
        prev = loc


def survives_at(state: GameState, unit: Unit) -> tuple[str, str] | None:
    """(fate, rule id) when a minion cannot exist where it is; None when it can."""
    if not unit.is_minion:
        return None
    kw = keywords_at(state, unit)
    region = unit.location.region
    if region is Region.VOID and not kw.voidwalk:
        return "banished", "void.banished"
    if region is Region.UNDERGROUND and not kw.burrowing:
        return "died", "underground.dies"
    if region is Region.UNDERWATER and not kw.submerge:
        return "died", "underwater.dies"
    return None


def check_survival(state: GameState, log: Log) -> GameState:
    """Remove every minion in a region it cannot survive in, each as its own step."""
    for unit in list(state.units):
        fate = survives_at(state, unit)
        if fate:
            what, rule = fate
            state = state.remove_unit(unit.id, what)  # type: ignore[arg-type]
            log.add(what, f"{unit.name} is {what} in the {unit.location.region.value} at square "
                    f"{unit.location.square}.", [rule], unit=unit.id, at=unit.location.to_json())
    return state


def resolve_path(state: GameState, unit_id: str, path: list[Location], log: Log,
                 purpose: str = "Move and Attack") -> tuple[GameState, list[Location]]:
    """Take the declared steps one at a time; returns the new state and the locations entered."""
    unit = state.unit(unit_id)
    assert unit is not None
    taken: list[Location] = []
    declared_from = unit.location
    start_allowance = allowance(state, unit)
    for i, to in enumerate(path):
        unit = state.unit(unit_id)
        if unit is None:
            break
        frm = declared_from
        declared_from = to
        cur = unit.location
        if cur != frm:
            log.add("skip_step", f"Declared step {i + 1} ({frm} to {to}) is not taken: "
                    f"{unit.name} is at the {cur}.", ["movement.step-by-step"],
                    unit=unit.id, reason=Reason.NOT_AT_STEP_START.value, index=i)
            continue
        if len(taken) >= allowance(state, unit, cur):
            kw = keywords_at(state, unit, cur)
            rules = ["move-and-attack", "movement.step-by-step"] + (["movement-x"] if kw.movement else [])
            log.add("skip_step", f"Declared step {i + 1} ({frm} to {to}) is not taken: {unit.name} "
                    f"has already taken {len(taken)} of its {allowance(state, unit, cur)} step(s).",
                    rules, unit=unit.id, reason=Reason.NO_STEPS_LEFT.value, index=i)
            continue
        reason, rule = step_reason(state, unit, cur, to)
        if reason is not None:
            log.add("skip_step", f"Declared step {i + 1} ({frm} to {to}) is not taken: "
                    f"{explain(reason)}.", [rule, "movement.step-by-step"],
                    unit=unit.id, reason=reason.value, index=i)
            continue
        kw = keywords_at(state, unit, cur)
        rules = [rule] + (["movement-x"] if len(taken) >= 1 and kw.movement else [])
        if len(taken) >= 1 and allowance(state, unit, cur) != start_allowance:
            rules.append("movement.seemingly-illegal")
        state = state.with_unit(replace(unit, location=to))
        taken.append(to)
        log.add("step", f"{unit.name} steps from the {cur} to the {to} ({purpose}, step {len(taken)}).",
                rules, unit=unit.id, **{"from": cur.to_json(), "to": to.to_json()})
        site = state.site_at(to.square)
        if site is not None and site.kills_on_entry and unit.is_minion and to.region is Region.SURFACE:
            state = state.remove_unit(unit.id, "died")
            log.add("died", f"{unit.name} dies on entering {site.name} (its triggered ability).",
                    ["range-of-motion.bottomless-pit"], unit=unit.id, at=to.to_json())
            break
        before = len(state.units)
        state = check_survival(state, log)
        if len(state.units) != before and state.unit(unit_id) is None:
            break
    return state, taken
