"""An effect moves a unit: pushed, pulled, dragged, flown, teleported, or made to take steps."""
from __future__ import annotations

from typing import Any

from codex.engine import document as D
from codex.engine.actions.base import Outcome, Resolution, handles, place, places
from codex.engine.actions.effects import effect_source, target_check
from codex.engine.budget import spend
from codex.engine.errors import AmbiguousAction
from codex.engine.events import CardQuote, Event, Note, NotMoved
from codex.engine.forced import HOW, resolve_moves, shortest_paths, straight, teleport_anchors
from codex.engine.geometry import Location
from codex.engine.oversized import normalise
from codex.engine.reasons import Reason
from codex.engine.ruling import Verdict
from codex.engine.state import GameState, Unit
from codex.engine.unmodifiable import cant_ability


def _outcome(state: GameState, unit_id: str) -> tuple[Any, ...]:
    """What a route leads to, to compare tied routes: where everyone is, what left the realm."""
    return (tuple((u.id, u.location, u.damage, u.marked) for u in state.units),
            tuple((r.id, r.fate) for r in state.removed), state.winner, state.draw)


def _choose_route(res: Resolution, unit: Unit, routes: list[tuple[Location, ...]], how: str, by: str,
                  ptr: str) -> list[Location]:
    """Tied shortest routes: the effect's controller chooses. When every route ends the same way
    the choice changes nothing and the first is taken; otherwise the scenario must choose."""
    if len(routes) == 1:
        return list(routes[0])
    ends = set()
    for route in routes:
        spend(1, "comparing tied routes")
        after, _ = resolve_moves(res.state, unit.id, list(route), how, by)
        ends.add(_outcome(after, unit.id))
    if len(ends) > 1:
        options = [[loc.to_json() for loc in r] for r in routes]
        raise AmbiguousAction(f"{len(routes)} shortest paths take {unit.name} there and they end differently; the "
                              "effect's controller chooses one", "path", options, ptr + "/path")
    res.emit(Note("note", f"{len(routes)} shortest paths tie; the effect's controller chooses, and every one of them "
                  "ends the same way, so the first is taken.", {"routes": [list(r) for r in routes]},
                  rules=("storyline.tied-paths",)))
    return list(routes[0])


def _route(res: Resolution, unit: Unit, a: D.Move, by: str, ptr: str) -> list[Location] | None:
    """The path the unit is moved along, or None when it does not move at all."""
    if a.path:
        path = places(res.state, a.path)
        return [normalise(res.state, x) for x in path] if unit.oversized else path
    if a.direction is not None:
        path = straight(res.state, unit, a.direction, a.steps)
        if len(path) < a.steps:
            res.emit(Note("note", f"{unit.name} can be {HOW[a.how]} only {len(path)} of {a.steps} step(s) "
                          f"{a.direction.value}: the {unit.location.region.value} ends there.", {"unit": unit.id},
                          rules=("step.forced", "region")))
        return path
    assert a.to is not None
    to = place(res.state, a.to)
    if a.how == "teleport":
        if unit.oversized:
            return [_anchor(res, unit, a, to, ptr)]
        return [to]
    target = normalise(res.state, to) if unit.oversized else to
    if target == unit.location:
        return []
    routes = shortest_paths(res.state, unit, target, a.how)
    if not routes:
        res.emit(NotMoved(unit.id, unit.name, to, Reason.NO_PATH, "at all",
                          rules=("storyline.no-path", "storyline.shortest-path")))
        return None
    res.emit(Note("note", f"The effect names only {unit.name}'s destination: it takes a shortest path that reaches "
                  f"it ({len(routes[0])} step(s)), ignoring triggered abilities.", {"unit": unit.id},
                  rules=("storyline.shortest-path",)))
    return _choose_route(res, unit, routes, a.how, by, ptr)


def _anchor(res: Resolution, unit: Unit, a: D.Move, to: Location, ptr: str) -> Location:
    """Where a teleported oversized unit ends: the declared position, or the only legal one."""
    legal = teleport_anchors(res.state, unit, to)
    if a.anchor is not None:
        anchor = normalise(res.state, place(res.state, a.anchor))
        if anchor not in legal:
            raise res.illegal((Reason.NOT_COVERED, "oversized-units.teleport-choice"),
                              f"{unit.name} at the {anchor}", ptr + "/anchor")
        return anchor
    if len(legal) == 1:
        return legal[0]
    if not legal:
        raise res.illegal((Reason.CANNOT_ENTER, "oversized-units.teleport"), f"{unit.name} at the {to}", ptr + "/to")
    raise AmbiguousAction(f"{unit.name} can occupy the {to} from {len(legal)} positions; the controller of the "
                          "teleport chooses", "anchor", [x.to_json() for x in legal], ptr + "/anchor")


@handles(D.Move, Verdict.RESOLVED, Verdict.GAME_OVER, Verdict.ILLEGAL, Verdict.AMBIGUOUS)
def move(res: Resolution, a: D.Move, ptr: str) -> Outcome:
    """Move a unit by an effect, along the path it declares, in a direction, or to a destination."""
    unit = res.unit(a.unit, ptr + "/unit")
    src = effect_source(res, a, ptr)
    if target_check(res, src, unit, a.targeted, None, ptr + "/unit"):
        return res.done(Verdict.RESOLVED, f"{unit.name}'s Ward breaks instead of it being targeted.")
    cant = cant_ability(unit.abilities, "move")
    if cant is not None:
        # "Can't be moved by force": every movement an effect causes is forced (Codex "Forced
        # Movement"); an effect's own moves check it in `effects.motion` (found by blind real-card
        # round 7, where a scenario's push moved such a unit)
        res.emit(Note("not_moved", f"{unit.name} can't be moved: it stays where it is.", {"unit": unit.id},
                      rules=("forced-movement.not-own-step", "the-silver-rule", "can-vs-cant"),
                      from_card=CardQuote(unit.name, cant.text)))
        return res.done(Verdict.RESOLVED, f"{unit.name} does not move: it can't be moved.")
    path = _route(res, unit, a, src.name, ptr)
    if path is None:
        return res.done(Verdict.RESOLVED, f"{unit.name} does not move: no path reaches the destination.",
                        reason=Reason.NO_PATH.value)
    if a.how == "teleport" and path and path[-1] == unit.location:
        res.emit(Note("note", f"{unit.name} would teleport to where it already is: that is not movement, and it "
                      "neither leaves nor enters the location.", {"unit": unit.id}, rules=("teleport.same",)))
        return res.done(Verdict.RESOLVED, f"{unit.name} does not move.")
    start = unit.location
    state, events = resolve_moves(res.state, unit.id, path, a.how, src.name)
    res.apply((state, events))
    after = res.state.unit(unit.id)
    return res.done(res.result_verdict(), _summary(unit, after, start, events, a.how), path=[x.to_json() for x in path])


def _summary(unit: Unit, after: Unit | None, start: Location, events: list[Event], how: str) -> str:
    if after is None:
        return f"{unit.name} is {HOW[how]} and leaves the realm."
    if after.location == start:
        return f"{unit.name} does not move."
    return f"{unit.name} is {HOW[how]} to the {after.location}."
