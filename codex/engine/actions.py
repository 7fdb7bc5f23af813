"""Actions and questions: each handler checks legality, resolves, and logs every event.

Handlers take (state, action, log, pointer) and return an Outcome; they raise IllegalAction
(with the state reached so far) when the rules forbid what the scenario asks.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable

from codex.engine import casting as C
from codex.engine.abilities import activation_reason
from codex.engine.combat import (DamageContext, SiteTarget, Target, UnitTarget, attack_reason, deal_damage,
                                 defend_reason, describe_target, fight, intercept_reason, lose_life, resolve_deaths,
                                 strike_site, break_lances, lose_stealth, strike_power)
from codex.engine.effects import airborne_now, keywords_at
from codex.engine.exceptions import IllegalAction, ScenarioError, Problem
from codex.engine.geometry import Direction, Location, Region
from codex.engine.keywords import parse_threshold, unit_keywords
from codex.engine.movement import (check_declared_path, check_survival, range_of_motion, resolve_path)
from codex.engine.phases import end_phase, start_phase
from codex.engine.projectiles import fly
from codex.engine.reasons import Reason, explain
from codex.engine.ruling import Log
from codex.engine.sites import site_placement_reason
from codex.engine.state import Affinity, Aura, GameState, Site, Unit


@dataclass
class Outcome:
    verdict: str
    summary: str
    state: GameState
    reason: str | None = None
    answer: Any = None
    extra: dict[str, Any] = field(default_factory=dict)


def illegal(found: tuple[Reason, str], who: str, state: GameState, pointer: str = "") -> IllegalAction:
    reason, rule = found
    exc = IllegalAction(reason, f"{who}: {explain(reason)}", rule, pointer)
    exc.state = state  # type: ignore[attr-defined]
    return exc


def _unit(state: GameState, uid: str, pointer: str) -> Unit:
    u = state.unit(uid)
    if u is None:
        raise illegal((Reason.UNIT_GONE, "die"), uid, state, pointer)
    return u


def _loc(state: GameState, value: Any) -> Location:
    if isinstance(value, int):
        return Location(value, Region.SURFACE if state.site_at(value) else Region.VOID)
    return Location(int(value[0]), Region(value[1]))


def _target(value: Any) -> Target | None:
    if value is None:
        return None
    if isinstance(value, str):
        return UnitTarget(value)
    if "unit" in value:
        return UnitTarget(value["unit"])
    return SiteTarget(value["site"])


def _locs(locs: list[Location]) -> str:
    return " → ".join(str(loc.square) + ("" if loc.region is Region.SURFACE else f" ({loc.region.value})") for loc in locs)


# ------------------------------------------------------------------ Move and Attack

def do_move_and_attack(state: GameState, a: dict, log: Log, ptr: str) -> Outcome:
    unit = _unit(state, a["unit"], ptr + "/unit")
    found = activation_reason(state, unit)
    if found:
        raise illegal(found, f"{unit.name} cannot use Move and Attack", state, ptr + "/unit")
    path = [_loc(state, x) for x in a.get("path", [])]
    try:
        check_declared_path(unit.location, path, ptr + "/path")
    except IllegalAction as e:
        e.state = state  # type: ignore[attr-defined]
        raise
    target = _target(a.get("attack", a.get("target")))
    start = unit.location
    state = state.with_unit(replace(unit, tapped=True))
    log.add("activate", f"{unit.name} taps to use Move and Attack" +
            (f", declaring the path {_locs([start] + path)}." if path else ", declaring no movement."),
            ["move-and-attack"] + (["movement.no-repeat"] if len(path) > 1 else []),
            unit=unit.id, declared=[loc.to_json() for loc in path], start=start.to_json())
    state, taken = resolve_path(state, unit.id, path, log)
    mover = state.unit(unit.id)
    moved = f"moved to the {mover.location}" if mover and taken else "did not move"
    if not taken and mover:
        log.add("no_move", f"{unit.name} takes zero steps, so it has not moved.", ["movement.moved"], unit=unit.id)
    if mover is None:
        return Outcome("resolved", f"{unit.name} left the realm while moving.", state,
                       extra={"moved": bool(taken)})
    if a.get("check_only"):
        if target:
            found = attack_reason(state, mover, target)
            if found:
                raise illegal(found, f"{mover.name} cannot attack {describe_target(state, target)}", state, ptr + "/attack")
        return Outcome("legal", f"{unit.name} can use Move and Attack as declared and {moved}.", state)
    if target is None:
        return _no_attack(state, mover, a, log, ptr, moved)
    return _attack(state, mover, target, a, log, ptr, moved)


def _no_attack(state: GameState, mover: Unit, a: dict, log: Log, ptr: str, moved: str) -> Outcome:
    log.add("no_attack", f"{mover.name} {moved} and does not attack; the intercept window opens at the {mover.location}.",
            ["intercept", "intercept.no-move"], unit=mover.id, at=mover.location.to_json())
    could = [u.id for u in state.units if u.controller != mover.controller
             and intercept_reason(state, u, mover) is None]
    interceptors = a.get("interceptors", []) or []
    if not interceptors:
        note = f" {', '.join(state.unit(i).name for i in could)} could intercept." if could else " No enemy can intercept."
        return Outcome("resolved", f"{mover.name} {moved} and did not attack.{note}", state,
                       extra={"could_intercept": could})
    joined = []
    for i, iid in enumerate(interceptors):
        iu = _unit(state, iid, f"{ptr}/interceptors/{i}")
        found = intercept_reason(state, iu, mover)
        if found:
            raise illegal(found, f"{iu.name} cannot intercept {mover.name}", state, f"{ptr}/interceptors/{i}")
        state = state.with_unit(replace(iu, tapped=True))
        rules = ["intercept"] + (["airborne.intercept"] if airborne_now(state, mover) else [])
        if not mover_moved(moved):
            rules.append("intercept.without-moving")
        log.add("intercept", f"{iu.name} taps to intercept {mover.name} at the {mover.location}.", rules,
                unit=iu.id, mover=mover.id)
        joined.append(iid)
    if len(joined) > 1:
        log.add("note", "The interceptors fight the enemy together.", ["intercept.together"])
    state = fight(state, joined, [mover.id], log, a.get("assign"))
    return Outcome(_result_verdict(state), f"{mover.name} {moved}, did not attack, and was intercepted: "
                   + _fight_summary(state, [mover.id] + joined), state, extra={"could_intercept": could})


def mover_moved(moved: str) -> bool:
    return not moved.startswith("did not")


def _attack(state: GameState, mover: Unit, target: Target, a: dict, log: Log, ptr: str, moved: str) -> Outcome:
    found = attack_reason(state, mover, target)
    if found:
        log.add("no_attack", f"{mover.name} cannot attack {describe_target(state, target)}: {explain(found[0])}; "
                "no attack happened.", [found[1], "attack.illegal"], unit=mover.id, reason=found[0].value)
        raise illegal(found, f"{mover.name} cannot attack {describe_target(state, target)}", state, ptr + "/attack")
    attack_at = mover.location
    rules = ["attack.target"] + (["airborne.attack"] if isinstance(target, UnitTarget) and airborne_now(state, state.unit(target.unit)) else [])
    log.add("attack", f"{mover.name} {moved} and attacks {describe_target(state, target)}.", rules,
            unit=mover.id, target=_target_json(target), at=attack_at.to_json())
    defenders: list[str] = []
    for i, d in enumerate(a.get("defenders", []) or []):
        did = d if isinstance(d, str) else d["unit"]
        dptr = f"{ptr}/defenders/{i}"
        du = _unit(state, did, dptr)
        found = defend_reason(state, du, mover, attack_at)
        if found:
            raise illegal(found, f"{du.name} cannot defend", state, dptr)
        declared = d.get("path") if isinstance(d, dict) else None
        if declared is not None:
            dpath = [_loc(state, x) for x in declared]
            if (dpath[-1] if dpath else du.location) != attack_at:
                raise illegal((Reason.DEFENDER_PATH_INVALID, "defend.path"), f"{du.name}'s declared path", state, dptr + "/path")
            check_declared_path(du.location, dpath, dptr + "/path")
        else:
            dpath = list(range_of_motion(state, du)[attack_at])
        state = state.with_unit(replace(du, tapped=True))
        rules = ["defend", "defend.when"]
        if dpath:
            rules.append("defend.movement")
        if airborne_now(state, mover):
            rules.append("airborne.defended")
        log.add("defend", f"{du.name} taps to defend" + (f", moving {_locs([du.location] + dpath)}." if dpath else " where it is."),
                rules, unit=du.id, path=[loc.to_json() for loc in dpath])
        state, _ = resolve_path(state, du.id, dpath, log, "Defend")
        du2 = state.unit(du.id)
        if du2 is None or du2.location != attack_at:
            continue
        defenders.append(du.id)
        join_rules = ["attack.defender-legal"] + (["defend.stealth"] if keywords_at(state, du2).stealth else [])
        log.add("join", f"{du2.name} joins the fight as a defender.", join_rules, unit=du.id)
    side_b = list(defenders)
    if defenders:
        if isinstance(target, SiteTarget):
            log.add("target_removed", f"{describe_target(state, target)} is removed from the attack.",
                    ["defend.site-target"], square=target.square)
        else:
            stays = a.get("target_stays", True)
            t = state.unit(target.unit)
            if t is not None and stays:
                side_b.insert(0, t.id)
            log.add("target_stays" if stays else "target_removed",
                    f"The defending player {'keeps' if stays else 'removes'} {describe_target(state, target)} "
                    f"{'in' if stays else 'from'} the fight.", ["defend.unit-target"], unit=target.unit)
    elif isinstance(target, UnitTarget):
        side_b = [target.unit]
    if side_b:
        state = fight(state, [mover.id], side_b, log, a.get("assign"))
        summary = f"{mover.name} {moved} and attacked {describe_target(state, target)}: " + _fight_summary(state, [mover.id] + side_b)
    else:
        site = state.site_at(target.square)  # type: ignore[union-attr]
        before = state.player(site.controller).life
        state = strike_site(state, mover, site, log)
        after = state.player(site.controller).life
        summary = (f"{mover.name} {moved} and struck the undefended {site.name}: {site.controller} loses "
                   f"{before - after} life ({after} left).")
    return Outcome(_result_verdict(state), summary, state, extra={"defenders": defenders})


def _target_json(t: Target) -> dict:
    return {"unit": t.unit} if isinstance(t, UnitTarget) else {"site": t.square}


def _result_verdict(state: GameState) -> str:
    return "game_over" if state.over else "resolved"


def _fight_summary(state: GameState, ids: list[str]) -> str:
    gone = {r.id: r for r in state.removed}
    parts = []
    for uid in dict.fromkeys(ids):
        if uid in gone:
            parts.append(f"{gone[uid].name} {gone[uid].fate}")
        else:
            u = state.unit(uid)
            if u is not None:
                parts.append(f"{u.name} survives" + (f" with {u.damage} damage" if u.damage else "")
                             if u.is_minion else f"{u.name}'s player has {state.player(u.controller).life} life")
    text = "; ".join(parts) + "."
    if state.winner:
        text += f" {state.winner} wins."
    elif state.draw:
        text += " The game is a draw."
    return text


def do_attack(state: GameState, a: dict, log: Log, ptr: str) -> Outcome:
    return do_move_and_attack(state, {**a, "path": [], "attack": a["target"]}, log, ptr)


# ------------------------------------------------------------------ questions

def do_range_of_motion(state: GameState, a: dict, log: Log, ptr: str) -> Outcome:
    unit = _unit(state, a["unit"], ptr + "/unit")
    rom = range_of_motion(state, unit)
    locs = sorted(rom)
    kw = keywords_at(state, unit)
    if not rom:
        log.add("range", f"{unit.name} cannot use Move and Attack, so it has no range of motion.",
                ["range-of-motion.disabled"], unit=unit.id)
    else:
        rules = ["range-of-motion", "range-of-motion.lookahead"]
        if kw.movement:
            rules.append("movement-x")
        if kw.immobile:
            rules.append("immobile")
        log.add("range", f"{unit.name} can reach {len(locs)} location(s): "
                + ", ".join(str(loc) for loc in locs) + ".", rules, unit=unit.id,
                locations=[loc.to_json() for loc in locs])
        _explain_exclusions(state, unit, rom, log)
    answer = [loc.to_json() for loc in locs]
    return Outcome("answered", f"{unit.name}'s range of motion is {len(locs)} location(s).", state, answer=answer,
                   extra={"highlight": answer})


def _explain_exclusions(state: GameState, unit: Unit, rom: dict, log: Log) -> None:
    """Note passive restrictions and triggered deaths met by the lookahead (Gnome Hollows/Bottomless Pit)."""
    for site in state.sites:
        loc = Location(site.square, Region.SURFACE)
        if site.max_entry_power is not None and loc not in rom and unit.is_minion and unit.power > site.max_entry_power:
            log.add("excluded", f"{site.name} is not in the range of motion: only minions with power "
                    f"{site.max_entry_power} or less may enter it (a passive effect).",
                    ["range-of-motion.gnome-hollows"] + (["split-power.average"] if unit.split else []), square=site.square)
        if site.kills_on_entry and loc in rom:
            log.add("included", f"{site.name} stays in the range of motion although its triggered ability "
                    "would kill the unit there: triggers are ignored.", ["range-of-motion.bottomless-pit"], square=site.square)


def do_can_defend(state: GameState, a: dict, log: Log, ptr: str) -> Outcome:
    unit = _unit(state, a["unit"], ptr + "/unit")
    attacker = _unit(state, a["attacker"], ptr + "/attacker")
    target = _target(a["target"])
    at = C_target_location(state, target)
    found = defend_reason(state, unit, attacker, at)
    rules = ["defend", "defend.when"]
    if found:
        log.add("answer", f"{unit.name} cannot defend against {attacker.name} at the {at}: {explain(found[0])}.",
                [found[1]] + ([] if found[1] == "defend.when" else ["defend.when"]), unit=unit.id, reason=found[0].value)
        return Outcome("no", f"No: {unit.name} cannot defend, because {explain(found[0])}.", state, reason=found[0].value)
    path = range_of_motion(state, unit)[at]
    if airborne_now(state, attacker):
        rules.append("airborne.defended")
    if isinstance(target, UnitTarget) and airborne_now(state, state.unit(target.unit)):
        rules.append("airborne.defend-airborne-target")
    if path:
        rules.append("defend.movement")
    log.add("answer", f"{unit.name} is untapped and the attack's location ({at}) is within its range of motion"
            + (f" via {_locs([unit.location] + list(path))}." if path else " (it is already there)."),
            rules, unit=unit.id, path=[loc.to_json() for loc in path])
    return Outcome("yes", f"Yes: {unit.name} can defend.", state, answer=[loc.to_json() for loc in path],
                   extra={"highlight": [loc.to_json() for loc in path]})


def C_target_location(state: GameState, target: Target | None) -> Location:
    from codex.engine.combat import target_location
    loc = target_location(state, target) if target else None
    if loc is None:
        raise ScenarioError([Problem("/action/target", "the target is not in the realm", "name a unit or a site square")])
    return loc


def do_can_intercept(state: GameState, a: dict, log: Log, ptr: str) -> Outcome:
    unit = _unit(state, a["unit"], ptr + "/unit")
    mover = _unit(state, a["mover"], ptr + "/mover")
    path = [_loc(state, x) for x in a.get("path", [])]
    by = a.get("by", "move_and_attack")
    if path:
        if by == "move_and_attack":
            check_declared_path(mover.location, path, ptr + "/path")
            log.add("activate", f"{mover.name} uses Move and Attack along {_locs([mover.location] + path)}.",
                    ["move-and-attack"], unit=mover.id)
            state, _ = resolve_path(state, mover.id, path, log)
        else:
            final = path[-1]
            state = state.with_unit(replace(mover, location=final))
            log.add("teleport", f"{mover.name} moves to the {final} by {by.replace('_', ' ')}, not by Move and Attack.",
                    ["intercept.only-move-and-attack"], unit=mover.id, to=final.to_json())
        mover = state.unit(mover.id) or mover
        unit = state.unit(unit.id) or unit
    found = intercept_reason(state, unit, mover, used_move_and_attack=(by == "move_and_attack"),
                             attacked=a.get("attacked", False))
    if found:
        rules = [found[1]]
        if found[0] is Reason.NOT_AT_FINAL_LOCATION and path:
            passed = any(loc == unit.location for loc in path[:-1])
            started = a and state.unit(unit.id) and path and unit.location == _first(state, a)
            if passed:
                rules.append("intercept.movement-x")
            elif started:
                rules.append("intercept.final-location")
        log.add("answer", f"{unit.name} cannot intercept {mover.name}: {explain(found[0])}.", rules,
                unit=unit.id, reason=found[0].value)
        return Outcome("no", f"No: {unit.name} cannot intercept, because {explain(found[0])}.", state,
                       reason=found[0].value)
    rules = ["intercept", "intercept.no-move"]
    if not path:
        rules.append("intercept.without-moving")
    if airborne_now(state, mover):
        rules.append("airborne.intercept")
    log.add("answer", f"{mover.name} finished Move and Attack at the {mover.location} without attacking, and the untapped "
            f"{unit.name} is there: it may intercept.", rules, unit=unit.id)
    return Outcome("yes", f"Yes: {unit.name} can intercept {mover.name}.", state)


def _first(state: GameState, a: dict) -> Location | None:
    return None


def do_can_attack(state: GameState, a: dict, log: Log, ptr: str) -> Outcome:
    unit = _unit(state, a["unit"], ptr + "/unit")
    target = _target(a["target"])
    found = activation_reason(state, unit) or attack_reason(state, unit, target)
    if found:
        log.add("answer", f"{unit.name} cannot attack {describe_target(state, target)}: {explain(found[0])}.",
                [found[1]], unit=unit.id, reason=found[0].value)
        return Outcome("no", f"No: {unit.name} cannot attack {describe_target(state, target)}, because {explain(found[0])}.",
                       state, reason=found[0].value)
    rules = ["attack.target"]
    if keywords_at(state, unit).immobile:
        rules.append("immobile.attack")
    if isinstance(target, UnitTarget) and airborne_now(state, state.unit(target.unit)):
        rules.append("airborne.attack")
    log.add("answer", f"{describe_target(state, target)} is a legal attack target for {unit.name}.", rules, unit=unit.id)
    return Outcome("yes", f"Yes: {unit.name} can attack {describe_target(state, target)}.", state)


def do_can_move(state: GameState, a: dict, log: Log, ptr: str) -> Outcome:
    unit = _unit(state, a["unit"], ptr + "/unit")
    path = [_loc(state, x) for x in a["path"]]
    found = activation_reason(state, unit)
    if found:
        log.add("answer", f"{unit.name} cannot use Move and Attack: {explain(found[0])}.", [found[1]],
                unit=unit.id, reason=found[0].value)
        return Outcome("no", f"No: {unit.name} cannot move, because {explain(found[0])}.", state, reason=found[0].value)
    check_declared_path(unit.location, path, ptr + "/path")
    sub = Log()
    after, taken = resolve_path(state.with_unit(replace(unit, tapped=True)), unit.id, path, sub)
    log.steps.extend(sub.steps)
    skipped = [s for s in sub.steps if s.kind == "skip_step"]
    end = after.unit(unit.id)
    if skipped or len(taken) != len(path) or end is None:
        reason = skipped[0].data.get("reason") if skipped else None
        return Outcome("no", f"No: {unit.name} cannot follow the whole path" +
                       (f" ({explain(Reason(reason))})." if reason else "."), after, reason=reason)
    return Outcome("yes", f"Yes: {unit.name} can follow the path to the {end.location}.", after)


# ------------------------------------------------------------------ projectiles

def do_shoot(state: GameState, a: dict, log: Log, ptr: str) -> Outcome:
    unit = _unit(state, a["unit"], ptr + "/unit")
    kw = keywords_at(state, unit)
    damage = a.get("projectile_damage")
    ranged = damage is None
    if ranged:
        if kw.ranged is None:
            raise illegal((Reason.NO_RANGED, "ranged"), unit.name, state, ptr + "/unit")
        found = activation_reason(state, unit)
        if found:
            raise illegal(found, f"{unit.name} cannot shoot", state, ptr + "/unit")
        steps = a.get("range", kw.ranged + kw.range_bonus + a.get("range_bonus", 0))
        state = state.with_unit(replace(unit, tapped=True))
        unit = state.unit(unit.id)
        log.add("activate", f"{unit.name} taps to shoot a projectile {a['direction']} that stops after {steps} step(s).",
                ["ranged"] + (["ranged.x"] if kw.ranged > 1 else []), unit=unit.id)
    else:
        steps = a.get("range")
    piercing = a.get("piercing", False)
    flight = fly(state, unit, Direction(a["direction"]), steps, piercing, a.get("hit", []) or [])
    rules = ["projectile", "projectile.first-unit"] + (["projectile.piercing"] if piercing else [])
    if set(a.get("hit", []) or []) & set(flight.hits):
        rules.append("projectile.choose")
    end = {"hit": "it hits a unit", "range": "it reaches its range", "edge": "it reaches the edge of its region"}[flight.stopped]
    log.add("projectile", f"The projectile flies {_locs(list(flight.path))} and stops because {end}.", rules,
            unit=unit.id, path=[loc.to_json() for loc in flight.path], hits=list(flight.hits))
    for sid in dict.fromkeys(flight.skipped_stealth):
        log.add("not_hit", f"{state.unit(sid).name} has Stealth and cannot be hit.", ["projectile.stealth"], unit=sid)
    if not flight.hits:
        return Outcome("resolved", f"{unit.name}'s projectile hits nothing.", state, extra={"projectile": [l.to_json() for l in flight.path]})
    ctx = DamageContext()
    for hid in flight.hits:
        h = state.unit(hid)
        if ranged:
            power, prules = strike_power(state, unit)
            log.add("strike", f"The projectile hits {h.name}; {unit.name} strikes it for {power}.",
                    prules + ["ranged.strike"], unit=unit.id, target=hid, power=power)
        else:
            power = damage
            log.add("hit", f"The projectile hits {h.name} for {power} damage.", ["projectile"], target=hid)
        state = deal_damage(state, hid, power, unit, log, ctx, "strike" if ranged else "damage")
    if ranged:
        state = break_lances(state, unit.id, log)
        state = lose_stealth(state, unit.id, log)
    state = resolve_deaths(state, log, ctx)
    names = ", ".join(state.unit(h).name if state.unit(h) else next(r.name for r in state.removed if r.id == h) for h in flight.hits)
    return Outcome(_result_verdict(state), f"{unit.name}'s projectile hits {names}: " + _fight_summary(state, list(flight.hits)),
                   state, extra={"projectile": [l.to_json() for l in flight.path]})


# ------------------------------------------------------------------ casting and sites

def _spell(a: dict) -> C.Spell:
    s = a["spell"]
    power = s.get("power", 0)
    att, dfn = (power, power) if isinstance(power, int) else (power[0], power[1])
    kw = unit_keywords(s.get("text"), s.get("keywords", []))
    return C.Spell(s["name"], s["type"], s.get("cost", 0), Affinity.of(parse_threshold(s.get("threshold"))),
                   s.get("text", ""), att, dfn, kw, s.get("carriable", True), tuple(s.get("keywords", [])))


def do_cast(state: GameState, a: dict, log: Log, ptr: str) -> Outcome:
    caster = _unit(state, a["caster"], ptr + "/caster")
    spell = _spell(a)
    pid = caster.controller
    found = C.caster_reason(state, caster, spell)
    if found:
        raise illegal(found, f"{caster.name} cannot cast {spell.name}", state, ptr + "/caster")
    log.add("caster", f"{caster.name} is a Spellcaster controlled by {pid}.",
            ["casting.spellcaster", "spellcaster"] + (["spellcaster.element"] if keywords_at(state, caster).spellcaster_elements else []),
            unit=caster.id)
    found = C.cost_reason(state, pid, spell)
    if found:
        raise illegal(found, f"{spell.name}", state, ptr + "/spell")
    need = spell.threshold.as_dict()
    log.add("cost", f"{pid} has {state.player(pid).mana} mana for the cost of {spell.cost}, and enough affinity for the "
            f"threshold {{{', '.join(f'{k}: {v}' for k, v in need.items() if v) or 'none'}}}.",
            ["casting.cost", "threshold", "threshold.not-spent"], cost=spell.cost)
    sid = a["spell"].get("id", spell.name)
    if spell.type == "minion":
        if "location" not in a:
            raise ScenarioError([Problem(ptr + "/location", "a minion spell needs a summoning location", "add \"location\"")])
        loc = _loc(state, a["location"])
        minion = Unit(sid, spell.name, pid, pid, "minion", loc, spell.attack, spell.defense, keywords=spell.keywords,
                      artifacts=("Lance",) if spell.keywords.lance else (), text=spell.text, summoned_this_turn=True)
        found = C.summoning_location_reason(state, pid, spell, loc, minion)
        if found:
            raise illegal(found, f"{spell.name} cannot be summoned to the {loc}", state, ptr + "/location")
        state = _pay(state, pid, spell.cost)
        state = state.add_unit(minion)
        rules = ["casting.minion-location", "casting-minions.enter"]
        rules += {Region.UNDERGROUND: ["burrowing.summon", "casting.minion-burrowing"], Region.UNDERWATER: ["submerge.summon"],
                  Region.VOID: ["voidwalk.summon"]}.get(loc.region, [])
        log.add("summon", f"{spell.name} is summoned to the {loc}.", rules, unit=sid, at=loc.to_json())
        if spell.keywords.lance:
            log.add("lance", f"{spell.name} enters the realm carrying a Lance.", ["lance.enters"], unit=sid)
        sick = "" if spell.keywords.charge else " It has summoning sickness this turn."
        log.add("sickness", f"{spell.name} entered the realm this turn." + (" It has Charge, so no summoning sickness." if not sick else sick),
                ["summoning-sickness.enter"] + (["charge"] if not sick else ["summoning-sickness"]), unit=sid)
        state = check_survival(state, log)
        where = f"summoned to the {loc}"
    elif spell.type == "artifact":
        carrier = a.get("carrier")
        if carrier:
            cu = _unit(state, carrier, ptr + "/carrier")
            if cu.controller != pid or not spell.carriable:
                raise illegal((Reason.BAD_SUMMONING_LOCATION, "casting.artifact"), spell.name, state, ptr + "/carrier")
            state = _pay(state, pid, spell.cost)
            state = state.with_unit(replace(cu, artifacts=cu.artifacts + (spell.name,)))
            log.add("conjure", f"{spell.name} is conjured into the hands of {cu.name}.", ["casting.artifact"], unit=cu.id)
            where = f"carried by {cu.name}"
        else:
            loc = _loc(state, a.get("location", caster.location.square))
            site = state.site_at(loc.square)
            if site is None or site.controller != pid or loc.region is not Region.SURFACE:
                raise illegal((Reason.NOT_YOUR_SITE, "casting.artifact-location"), spell.name, state, ptr + "/location")
            state = _pay(state, pid, spell.cost)
            log.add("conjure", f"{spell.name} is conjured on the surface of {site.name}.", ["casting.artifact-location"])
            where = f"conjured at {site.name}"
    elif spell.type == "aura":
        sq = a.get("location")
        squares = C.aura_squares(sq if isinstance(sq, int) else (sq[0] if sq else 0)) if sq else None
        if not squares:
            raise illegal((Reason.BAD_AURA_AREA, "casting.aura"), spell.name, state, ptr + "/location")
        state = _pay(state, pid, spell.cost)
        state = state.evolve(auras=state.auras + (Aura(sid, spell.name, pid, squares),))
        log.add("conjure", f"{spell.name} is conjured on squares {', '.join(map(str, squares))}.", ["casting.aura"], squares=list(squares))
        where = f"conjured on squares {', '.join(map(str, squares))}"
    else:
        for i, tid in enumerate(a.get("targets", []) or []):
            t = _unit(state, tid, f"{ptr}/targets/{i}")
            found = C.magic_target_reason(state, caster, t)
            if found:
                raise illegal(found, f"{spell.name} cannot target {t.name}", state, f"{ptr}/targets/{i}")
        state = _pay(state, pid, spell.cost)
        log.add("cast_magic", f"{spell.name} is cast" + (f" targeting {', '.join(a.get('targets', []))}" if a.get("targets") else "")
                + ". (Its card-text effect is not resolved by this version of the engine.)", ["casting.magic"])
        where = "cast"
    log.add("pay", f"{pid} pays {spell.cost} mana ({state.player(pid).mana} left).", ["casting.cost"], player=pid)
    return Outcome(_result_verdict(state), f"{caster.name} casts {spell.name} legally: {where}.", state)


def _pay(state: GameState, pid: str, cost: int) -> GameState:
    p = state.player(pid)
    return state.with_player(replace(p, mana=p.mana - cost))


def do_play_site(state: GameState, a: dict, log: Log, ptr: str) -> Outcome:
    pid = state.turn.active
    avatar = state.avatar_of(pid)
    if avatar is None:
        raise illegal((Reason.AVATAR_ONLY, "site.play"), f"{pid} has no Avatar", state, ptr)
    found = activation_reason(state, avatar)
    if found:
        raise illegal(found, f"{avatar.name} cannot play a site", state, ptr)
    sq = a["square"]
    found = site_placement_reason(state, pid, sq)
    if found:
        raise illegal(found, f"a site on square {sq}", state, ptr + "/square")
    spec = a.get("site", {})
    old = state.site_at(sq)
    site = Site(sq, spec.get("name", f"Site {sq}"), pid, pid, Affinity.of(parse_threshold(spec.get("affinity"))),
                flooded=spec.get("flooded", False))
    state = state.with_unit(replace(avatar, tapped=True))
    in_void = avatar.location.region is Region.VOID and avatar.location.square == sq
    rules = ["mandatory.avatar-void"] if in_void else ["site.play"]
    if old is not None:
        rules.append("rubble.replace")
    state = state.with_site(site)
    if in_void:
        state = state.with_unit(replace(state.unit(avatar.id), location=Location(sq, Region.SURFACE)))
    log.add("play_site", f"{avatar.name} taps to play {site.name} on square {sq}" + (", replacing rubble" if old else "") + ".",
            rules, square=sq)
    p = state.player(pid)
    state = state.with_player(replace(p, mana=p.mana + 1))
    log.add("mana", f"{site.name} enters the realm on {pid}'s turn and provides 1 mana ({p.mana + 1}).", ["mana"], player=pid)
    return Outcome("resolved", f"{pid} plays {site.name} on square {sq}.", state)


# ------------------------------------------------------------------ damage, life, comparisons, phases

def do_damage(state: GameState, a: dict, log: Log, ptr: str) -> Outcome:
    target = _target(a["target"])
    source = state.unit(a["source"]) if a.get("source") else None
    amount = a["amount"]
    if isinstance(target, SiteTarget):
        site = state.site_at(target.square)
        if site is None or not site.controller:
            raise illegal((Reason.NO_SITE_THERE, "damage.site"), f"square {target.square}", state, ptr + "/target")
        state = lose_life(state, site.controller, amount, log, f"{site.name} takes {amount} damage",
                          ["damage.site", "death-blow.life-loss"])
        return Outcome("resolved", f"{site.name} takes {amount} damage; {site.controller} has "
                       f"{state.player(site.controller).life} life.", state)
    t = _unit(state, target.unit, ptr + "/target")
    ctx = DamageContext()
    state = deal_damage(state, t.id, amount, source, log, ctx, "damage")
    state = resolve_deaths(state, log, ctx)
    return Outcome(_result_verdict(state), f"{amount} damage to {t.name}: " + _fight_summary(state, [t.id]), state)


def do_lose_life(state: GameState, a: dict, log: Log, ptr: str) -> Outcome:
    pid = a["player"]
    state = lose_life(state, pid, a["amount"], log, f"{pid} loses {a['amount']} life", ["death-blow.life-loss"])
    return Outcome("resolved", f"{pid} has {state.player(pid).life} life" +
                   (" and is at death's door." if state.player(pid).at_deaths_door else "."), state)


def do_compare(state: GameState, a: dict, log: Log, ptr: str) -> Outcome:
    u = _unit(state, a["unit"], ptr + "/unit")
    o = _unit(state, a["other"], ptr + "/other")
    verdict = "stronger" if u.power > o.power else "weaker" if u.power < o.power else "equal"
    rules = ["power"] + (["split-power.average"] if u.split or o.split else [])
    log.add("compare", f"{u.name} has power {u.power}" + (f" (average of {u.attack}/{u.defense}, rounded down)" if u.split else "")
            + f"; {o.name} has power {o.power}" + (f" (average of {o.attack}/{o.defense}, rounded down)" if o.split else "") + ".",
            rules, unit=u.id, other=o.id)
    return Outcome(verdict, f"{u.name} is {verdict if verdict != 'equal' else 'as strong as'}"
                   f"{' than' if verdict != 'equal' else ''} {o.name} ({u.power} vs {o.power}).", state, answer=verdict)


def do_end_turn(state: GameState, a: dict, log: Log, ptr: str) -> Outcome:
    pid = state.turn.active
    state = end_phase(state, log)
    return Outcome("resolved", f"{pid}'s turn ends; it is now {state.turn.active}'s turn {state.turn.number}.", state)


def do_start_turn(state: GameState, a: dict, log: Log, ptr: str) -> Outcome:
    state = start_phase(state, log)
    pid = state.turn.active
    return Outcome("resolved", f"{pid}'s start phase: cards untap and {pid} has {state.player(pid).mana} mana.", state)


def do_sequence(state: GameState, a: dict, log: Log, ptr: str) -> Outcome:
    out = None
    summaries = []
    for i, sub in enumerate(a["actions"]):
        log.add("action", f"Action {i + 1}: {sub['do']}.", [], index=i)
        out = run(state, sub, log, f"{ptr}/actions/{i}")
        state = out.state
        summaries.append(out.summary)
        if out.verdict in ("no", "game_over"):
            break
    assert out is not None
    return Outcome(out.verdict, " ".join(summaries), state, out.reason, out.answer, out.extra)


HANDLERS: dict[str, Callable[[GameState, dict, Log, str], Outcome]] = {
    "move_and_attack": do_move_and_attack, "attack": do_attack, "range_of_motion": do_range_of_motion,
    "can_defend": do_can_defend, "can_intercept": do_can_intercept, "can_attack": do_can_attack,
    "can_move": do_can_move, "shoot": do_shoot, "cast": do_cast, "play_site": do_play_site,
    "damage": do_damage, "lose_life": do_lose_life, "compare": do_compare, "end_turn": do_end_turn,
    "start_turn": do_start_turn, "sequence": do_sequence,
}


def run(state: GameState, action: dict, log: Log, ptr: str = "/action") -> Outcome:
    """Dispatch one action; IllegalAction propagates with the state reached so far."""
    try:
        return HANDLERS[action["do"]](state, action, log, ptr)
    except IllegalAction as e:
        if not hasattr(e, "state"):
            e.state = state  # type: ignore[attr-defined]
        raise
