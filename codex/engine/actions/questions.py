"""Questions about a moment of play: can this unit defend, intercept, attack? Which is stronger?
A question changes nothing; its answer is a verdict (yes/no...) with the rules that decide it."""
from __future__ import annotations

from codex.engine import document as D
from codex.engine.actions.base import Outcome, Resolution, handles, places, target_of
from codex.engine.activation import activation_reason, tap_rules
from codex.engine.combat import (UnitTarget, attack_reason, defend_reason, describe_target, forbidding_quote,
                                 intercept_reason)
from codex.engine.entering import teleport
from codex.engine.events import Activated, Note
from codex.engine.geometry import Location, Region
from codex.engine.movement import (declared_path_problem, linked_rule, path_to, range_of_motion, resolve_path,
                                   unreachable_rules)
from codex.engine.ongoing import airborne_now, keywords_at
from codex.engine.reasons import Reason, explain, found_rules
from codex.engine.ruling import Verdict


def _locs(locs: list[Location]) -> str:
    return " → ".join(str(loc.square) + ("" if loc.region is Region.SURFACE else f" ({loc.region.value})")
                      for loc in locs)


@handles(D.CanDefend, Verdict.YES, Verdict.NO)
def can_defend(res: Resolution, a: D.CanDefend, ptr: str) -> Outcome:
    unit = res.unit(a.unit, ptr + "/unit")
    attacker = res.unit(a.attacker, ptr + "/attacker")
    target = target_of(a.target)
    if isinstance(target, UnitTarget):
        at = res.unit(target.unit, ptr + "/target").location
    else:
        at = Location(target.square, Region.SURFACE)
    found = defend_reason(res.state, unit, attacker, at)
    if found:
        why: tuple[str, ...] = ()
        if found[0] is Reason.OUT_OF_RANGE_OF_MOTION:
            why = unreachable_rules(res.state, unit, at)
        elif found[0] is Reason.DISABLED:
            why = ("range-of-motion.disabled", "at-rest.disabled-before-defend")
        res.emit(Note("answer", f"{unit.name} cannot defend against {attacker.name} at the {at}: {explain(found[0])}.",
                      {"unit": unit.id, "reason": found[0].value},
                      rules=found_rules(found) + (() if found[1] == "defend.when" else ("defend.when",)) + why))
        return res.done(Verdict.NO, f"No: {unit.name} cannot defend, because {explain(found[0])}.",
                        reason=found[0].value)
    path = list(path_to(res.state, unit, at) or ())
    rules = ["defend", "defend.when"] + list(tap_rules(res.state, unit))
    if airborne_now(res.state, attacker):
        rules.append("airborne.defended")
    if isinstance(target, UnitTarget) and (t := res.state.unit(target.unit)) and airborne_now(res.state, t):
        rules.append("airborne.defend-airborne-target")
    if path:
        rules.append("defend.movement")
    if any(linked_rule(res.state, keywords_at(res.state, unit, a), a.square, b.square, unit) == "as-if-adjacent"
           for a, b in zip([unit.location] + path, path)):
        rules.append("range-of-motion.as-if-adjacent")
    res.emit(Note("answer", f"{unit.name} is untapped and the attack's location ({at}) is within its range of motion"
                  + (f" via {_locs([unit.location] + path)}." if path else " (it is already there)."),
                  {"unit": unit.id, "path": path}, rules=tuple(rules)))
    answer = [loc.to_json() for loc in path]
    return res.done(Verdict.YES, f"Yes: {unit.name} can defend.", answer=answer, highlight=answer)


@handles(D.CanIntercept, Verdict.YES, Verdict.NO, Verdict.ILLEGAL)
def can_intercept(res: Resolution, a: D.CanIntercept, ptr: str) -> Outcome:
    unit = res.unit(a.unit, ptr + "/unit")
    mover = res.unit(a.mover, ptr + "/mover")
    path = places(res.state, a.path)
    if path:
        if a.by == "move_and_attack":
            bad = declared_path_problem(mover.location, path)
            if bad:
                raise res.illegal(bad[1], f"{mover.name}'s declared path repeats a step", f"{ptr}/path/{bad[0]}")
            res.emit(Activated(mover.id, mover.name, "Move and Attack", mover.location, tuple(path),
                               rules=("move-and-attack",)))
            state, events, _ = resolve_path(res.state, mover.id, path)
            res.apply((state, events))
        else:
            res.apply(teleport(res.state, mover.id, path[-1], a.by, ("intercept.only-move-and-attack",)))
        mover = res.state.unit(mover.id) or mover
        unit = res.state.unit(unit.id) or unit
    found = intercept_reason(res.state, unit, mover, used_move_and_attack=(a.by == "move_and_attack"),
                             attacked=a.attacked)
    if found:
        rules: tuple[str, ...] = found_rules(found)
        if found[0] is Reason.NOT_AT_FINAL_LOCATION and any(loc == unit.location for loc in path[:-1]):
            rules += ("intercept.movement-x",)
        res.emit(Note("answer", f"{unit.name} cannot intercept {mover.name}: {explain(found[0])}.",
                      {"unit": unit.id, "reason": found[0].value}, rules=rules))
        return res.done(Verdict.NO, f"No: {unit.name} cannot intercept, because {explain(found[0])}.",
                        reason=found[0].value)
    rules = ("intercept", "intercept.no-move") + (() if path else ("intercept.without-moving",)) + (
        ("airborne.intercept",) if airborne_now(res.state, mover) else ()) + tap_rules(res.state, unit)
    res.emit(Note("answer", f"{mover.name} finished Move and Attack at the {mover.location} without attacking, and "
                  f"the untapped {unit.name} is there: it may intercept.", {"unit": unit.id}, rules=rules))
    return res.done(Verdict.YES, f"Yes: {unit.name} can intercept {mover.name}.")


@handles(D.CanAttack, Verdict.YES, Verdict.NO)
def can_attack(res: Resolution, a: D.CanAttack, ptr: str) -> Outcome:
    unit = res.unit(a.unit, ptr + "/unit")
    target = target_of(a.target)
    found = activation_reason(res.state, unit) or attack_reason(res.state, unit, target)
    name = describe_target(res.state, target)
    if found:
        quote = forbidding_quote(res.state, unit, target) if found[0] is Reason.FORBIDDEN else None
        res.emit(Note("answer", f"{unit.name} cannot attack {name}: {explain(found[0])}"
                      + (f" ({quote.card})." if quote else "."),
                      {"unit": unit.id, "reason": found[0].value}, rules=found_rules(found), from_card=quote))
        return res.done(Verdict.NO, f"No: {unit.name} cannot attack {name}, because {explain(found[0])}.",
                        reason=found[0].value)
    rules = ("attack.target",) + (("immobile.attack",) if keywords_at(res.state, unit).immobile else ()) + tap_rules(
        res.state, unit) + (("oversized-units.occupy",) if unit.oversized or (isinstance(target, UnitTarget) and (
            (t0 := res.state.unit(target.unit)) is not None and t0.oversized)) else ())
    if isinstance(target, UnitTarget) and (t := res.state.unit(target.unit)) and airborne_now(res.state, t):
        rules += ("airborne.attack",)
    res.emit(Note("answer", f"{name} is a legal attack target for {unit.name}.", {"unit": unit.id}, rules=rules))
    return res.done(Verdict.YES, f"Yes: {unit.name} can attack {name}.")


@handles(D.Compare, Verdict.STRONGER, Verdict.WEAKER, Verdict.EQUAL)
def compare(res: Resolution, a: D.Compare, ptr: str) -> Outcome:
    """Stronger or weaker: power now, with what ongoing effects add (split power averaged)."""
    from codex.engine.ongoing import power_of
    u = res.unit(a.unit, ptr + "/unit")
    o = res.unit(a.other, ptr + "/other")
    ua, ud = power_of(res.state, u)
    oa, od = power_of(res.state, o)
    up, op = (ua + ud) // 2, (oa + od) // 2
    verdict = Verdict.STRONGER if up > op else Verdict.WEAKER if up < op else Verdict.EQUAL
    changed = (ua, ud) != (u.attack, u.defense) or (oa, od) != (o.attack, o.defense)
    rules = ("power",) + (("split-power.average",) if u.split or o.split else ()) + (
        ("ongoing-effect",) if changed else ())

    def told(x: D.Id, unit_power: int, split: bool, attack: int, defense: int) -> str:
        return f"{x} has power {unit_power}" + (f" (average of {attack}/{defense}, rounded down)" if split else "")

    from codex.engine.effects.statics import power_changes, uncounted_notes
    for unit in (u, o):
        res.emit(*uncounted_notes(res.state, unit, "power is compared"))
    for unit, now in ((u, (ua, ud)), (o, (oa, od))):
        if now != (unit.attack, unit.defense):
            for quote in power_changes(res.state, unit):
                res.emit(Note("power", f"{quote.card} changes {unit.name}'s power now.", {"unit": unit.id},
                              rules=("ongoing-effect",), from_card=quote))
    res.emit(Note("compare", told(u.name, up, ua != ud, ua, ud) + "; " + told(o.name, op, oa != od, oa, od) + ".",
                  {"unit": u.id, "other": o.id}, rules=rules))
    word = {Verdict.STRONGER: "stronger than", Verdict.WEAKER: "weaker than", Verdict.EQUAL: "as strong as"}[verdict]
    return res.done(verdict, f"{u.name} is {word} {o.name} ({up} vs {op}).", answer=verdict.value)
