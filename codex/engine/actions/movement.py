"""Move and Attack (and Attack, its form without movement): steps, the attack, Defend, Intercept,
the fight or the struck site."""
from __future__ import annotations

from dataclasses import replace

from codex.engine import document as D
from codex.engine.actions.base import Outcome, Resolution, handles, places, target_json, target_of
from codex.engine.activation import activation_reason, tap_rules
from codex.engine.combat import (SiteTarget, Target, UnitTarget, attack_location, attack_reason, defend_reason,
                                 describe_target, fight, forbidding_quote, intercept_reason, must_defend, strike_site)
from codex.engine.events import (Activated, AttackEnded, AttackRefused, Attacked, Defended, Event, Intercepted, JoinedFight,
                                 NoAttack, Note, SiteDamaged, SiteStruck, StayedPut, Stopped, Tapped, TargetKept, TargetRemoved, path_text)
from codex.engine.geometry import Location, Region
from codex.engine.movement import (declared_path_problem, linked_rule, path_to, range_of_motion, reachable_locations,
                                   resolve_path, unreachable_rules)
from codex.engine.oversized import area, normalise
from codex.engine.ongoing import airborne_now, disabled_by, keywords_at
from codex.engine.reasons import Reason, explain, found_rules
from codex.engine.ruling import Verdict
from codex.engine.state import AttackMade, Attacking, GameState, Unit


def fight_summary(state: GameState, ids: list[str]) -> str:
    """How each unit of a fight ended, and the game if it ended."""
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


@handles(D.MoveAndAttack, Verdict.RESOLVED, Verdict.GAME_OVER, Verdict.ILLEGAL, Verdict.LEGAL, Verdict.AMBIGUOUS)
def move_and_attack(res: Resolution, a: D.MoveAndAttack, ptr: str) -> Outcome:
    """Tap, take the declared steps one at a time, then attack (or open the intercept window)."""
    unit = res.unit(a.unit, ptr + "/unit")
    found = activation_reason(res.state, unit)
    if found:
        raise res.illegal(found, f"{unit.name} cannot use Move and Attack", ptr + "/unit")
    path = places(res.state, a.path)
    bad = declared_path_problem(unit.location, path)
    if bad:
        index, why = bad
        raise res.illegal(why, f"{unit.name}'s declared path repeats a step", f"{ptr}/path/{index}")
    declared = a.attacked
    target = target_of(declared) if declared is not None else None
    start = unit.location
    res.state = res.state.with_unit(replace(unit, tapped=True))
    res.emit(Tapped(unit.id, unit.name),
             Activated(unit.id, unit.name, "Move and Attack", start, tuple(path),
                       rules=("move-and-attack",) + (("movement.no-repeat",) if len(path) > 1 else ())
                       + tap_rules(res.state, unit)))
    state, events, taken = resolve_path(res.state, unit.id, path)
    res.apply((state, events))
    if res.state.over:      # a step's trigger dealt a death blow: the game ends there (found by blind round 27)
        return res.done(Verdict.GAME_OVER, f"The game ended while {unit.name} moved.", moved=bool(taken))
    mover = res.state.unit(unit.id)
    if mover is None:
        return res.done(Verdict.RESOLVED, f"{unit.name} left the realm while moving.", moved=bool(taken))
    moved = bool(taken)
    if not moved:
        res.emit(StayedPut(unit.id, unit.name, rules=("movement.moved",)))
    elif not a.check_only:
        # its movement is over: it stops where it is, and what listens for that hears it before the
        # attack is declared or the intercept window opens (Codex "Stops")
        res.settle([Stopped(mover.id, mover.name, mover.location, rules=("stops",))])
        if res.state.over:
            return res.done(Verdict.GAME_OVER, f"The game ended as {unit.name} stopped.", moved=True)
        mover = res.state.unit(unit.id)
        if mover is None:
            return res.done(Verdict.RESOLVED, f"{unit.name} left the realm as it stopped.", moved=True)
    how = f"moved to the {mover.location}" if moved else "did not move"
    if a.check_only:
        if target is not None:
            found = attack_reason(res.state, mover, target)
            if found:
                raise res.illegal(found, f"{mover.name} cannot attack {describe_target(res.state, target)}",
                                  ptr + "/attack")
        return res.done(Verdict.LEGAL, f"{unit.name} can use Move and Attack as declared and {how}.")
    if target is None:
        return _no_attack(res, mover, a.interceptors, a.assign, ptr, moved, how)
    return _attack(res, mover, target, a.defenders, a.target_stays, a.assign, ptr, how, a.casts, moved=moved)


@handles(D.Attack, Verdict.RESOLVED, Verdict.GAME_OVER, Verdict.ILLEGAL)
def attack(res: Resolution, a: D.Attack, ptr: str) -> Outcome:
    """Move and Attack without moving."""
    record = D.MoveAndAttack(do="move_and_attack", unit=a.unit, attack=a.target, defenders=a.defenders,
                             target_stays=a.target_stays, assign=a.assign, casts=a.casts)
    return move_and_attack(res, record, ptr)


def _no_attack(res: Resolution, mover: Unit, interceptors: tuple[str, ...], assign: dict[str, dict[str, int]],
               ptr: str, moved: bool, how: str) -> Outcome:
    res.emit(NoAttack(mover.id, mover.name, mover.location, how, rules=("intercept", "intercept.no-move")))
    state = res.state
    could = [u.id for u in state.units if u.controller != mover.controller and intercept_reason(state, u, mover) is None]
    if not interceptors:
        note = (f" {', '.join(u.name for u in (state.unit(i) for i in could) if u)} could intercept." if could
                else " No enemy can intercept.")
        return res.done(Verdict.RESOLVED, f"{mover.name} {how} and did not attack.{note}", could_intercept=could)
    joined = []
    for i, iid in enumerate(interceptors):
        iu = res.unit(iid, f"{ptr}/interceptors/{i}")
        found = intercept_reason(res.state, iu, mover)
        if found:
            raise res.illegal(found, f"{iu.name} cannot intercept {mover.name}", f"{ptr}/interceptors/{i}")
        res.state = res.state.with_unit(replace(iu, tapped=True))
        rules = ["intercept"] + (["airborne.intercept"] if airborne_now(res.state, mover) else []) + list(
            tap_rules(res.state, iu))
        if not moved:
            rules.append("intercept.without-moving")
        res.settle([Tapped(iu.id, iu.name), Intercepted(iu.id, iu.name, mover.id, mover.name, mover.location,
                                                        rules=tuple(rules))])
        joined.append(iid)
    if len(joined) > 1:
        res.emit(Note("note", "The interceptors fight the enemy together.", rules=("intercept.together",)))
    res.apply(fight(res.state, joined, [mover.id], assign))
    return res.done(res.result_verdict(), f"{mover.name} {how}, did not attack, and was intercepted: "
                    + fight_summary(res.state, [mover.id] + joined), could_intercept=could)


def _defender_path(res: Resolution, du: Unit, spec: str | D.DefenderDoc, attack_at: Location,
                   dptr: str) -> list[Location]:
    """The defender's path to the attack: as declared (checked), else a shortest legal one."""
    declared = spec.path if isinstance(spec, D.DefenderDoc) else None
    if declared is None:
        return list(path_to(res.state, du, attack_at) or ())
    dpath = places(res.state, declared)
    end = dpath[-1] if dpath else du.location
    if not (end == attack_at or (du.oversized and attack_at in (area(res.state, normalise(res.state, end), du.size)
                                                                 or ()))):
        raise res.illegal((Reason.DEFENDER_PATH_INVALID, "defend.path"), f"{du.name}'s declared path", dptr + "/path")
    bad = declared_path_problem(du.location, dpath)
    if bad:
        raise res.illegal(bad[1], f"{du.name}'s declared path repeats a step", f"{dptr}/path/{bad[0]}")
    return dpath


def _attack(res: Resolution, mover: Unit, target: Target, defenders: tuple[str | D.DefenderDoc, ...],
            target_stays: bool, assign: dict[str, dict[str, int]], ptr: str, how: str,
            casts: tuple[D.Cast, ...] = (), moved: bool = True) -> Outcome:
    found = attack_reason(res.state, mover, target)
    if found:
        quote = forbidding_quote(res.state, mover, target) if found[0] is Reason.FORBIDDEN else None
        res.emit(AttackRefused(mover.id, mover.name, describe_target(res.state, target), found[0],
                               rules=found_rules(found) + ("attack.illegal",), from_card=quote))
        refused = res.illegal(found, f"{mover.name} cannot attack {describe_target(res.state, target)}", ptr + "/attack")
        # an attack refused where the unit stands was one act, never taken: its tap is undone (found by
        # blind round 35); after steps, the steps stand and so does the tap that paid for them
        refused.one_act = not moved
        raise refused
    attack_at = attack_location(res.state, mover, target)
    attacked = res.state.unit(target.unit) if isinstance(target, UnitTarget) else None
    rules = ("attack.target", "attack.made") + (("airborne.attack",) if attacked and airborne_now(res.state, attacked) else ()) + (
        ("defender",) if attacked else ()) + (("oversized-units.attack",) if mover.oversized else ()) + (
        ("immobile.attack",) if keywords_at(res.state, mover).immobile else ())
    res.state = res.state.evolve(attacking=Attacking(mover.id, target.unit if isinstance(target, UnitTarget) else None,
                                                     target.square if isinstance(target, SiteTarget) else None,
                                                     at=attack_at))
    res.state = res.state.evolve(attacks_this_turn=res.state.attacks_this_turn + (AttackMade(
        mover.id, mover.name, mover.controller, target.unit if isinstance(target, UnitTarget) else None,
        target.square if isinstance(target, SiteTarget) else None),))
    res.settle([Attacked(mover.id, mover.name, target_json(target), describe_target(res.state, target), attack_at,
                         how, rules=rules)])
    joined: list[str] = []
    named = {spec if isinstance(spec, str) else spec.unit for spec in defenders}
    for unit, quote in must_defend(res.state, mover, attack_at, named):
        res.emit(Note("must_defend", f"{unit.name} must defend if able, and it can: it defends.", {"unit": unit.id},
                      rules=("defend", "the-silver-rule"), from_card=quote))
        defenders = tuple(defenders) + (unit.id,)
    for i, spec in enumerate(defenders):
        dptr = f"{ptr}/defenders/{i}"
        du = res.unit(spec if isinstance(spec, str) else spec.unit, dptr)
        found = defend_reason(res.state, du, mover, attack_at)
        if found:
            if found[0] is Reason.OUT_OF_RANGE_OF_MOTION:
                res.emit(Note("note", f"The attack's location is not within {du.name}'s range of motion.",
                              {"unit": du.id}, rules=("defend.when",) + unreachable_rules(res.state, du, attack_at)))
            if found[0] is Reason.CANNOT_MOVE:
                from codex.engine.move_bans import BAN_RULES, move_ban
                ban = move_ban(res.state, du, du.location, attack_at, purpose="defend", anywhere=True)
                res.emit(Note("note", f"{du.name} can't move, and a Defend moves it to the attack's location.",
                              {"unit": du.id}, rules=("defend", found[1]) + BAN_RULES,
                              from_card=ban.quote if ban is not None else None))
            raise res.illegal(found, f"{du.name} cannot defend", dptr)
        dpath = _defender_path(res, du, spec, attack_at, dptr)
        res.state = res.state.with_unit(replace(du, tapped=True))
        drules = ["defend", "defend.when"] + (["defend.movement"] if dpath else []) + (
            ["airborne.defended"] if airborne_now(res.state, mover) else []) + list(tap_rules(res.state, du))
        res.settle([Tapped(du.id, du.name), Defended(du.id, du.name, du.location, tuple(dpath), rules=tuple(drules))])
        state, events, _ = resolve_path(res.state, du.id, dpath, "Defend")
        res.apply((state, events))
        du2 = res.state.unit(du.id)
        if du2 is not None and dpath and du2.location != du.location:
            # it moved to the attack and has no more movement: it stops there, and what listens for
            # that hears it before it joins the fight (Codex "Stops", "Defend": "moving to the
            # attack's location")
            res.settle([Stopped(du2.id, du2.name, du2.location, rules=("stops", "defend"))])
            du2 = res.state.unit(du.id)
        if du2 is None or not res.state.occupies(du2, attack_at):
            continue
        joined.append(du.id)
        if res.state.attacking is not None:
            res.state = res.state.evolve(attacking=replace(res.state.attacking, defenders=tuple(joined)))
        res.emit(JoinedFight(du.id, du2.name, rules=("attack.defender-legal",) + (
            ("defend.stealth", "the-silver-rule.defend") if keywords_at(res.state, du2).stealth else ())))
    _casts_during(res, casts, ptr)
    if _attacker_gone(res, mover, attack_at, isinstance(target, SiteTarget)):   # killed or moved: no strike
        _attack_went(res, target, struck=False)
        _attack_over(res)
        return res.done(res.result_verdict(), f"{mover.name} {how} and attacked "
                        f"{describe_target(res.state, target)}, but is no longer there to fight: the attack ends "
                        "with no strike.", defenders=joined)
    gone = isinstance(target, UnitTarget) and not _still_attackable(res, target, attacked, attack_at)
    if gone and not joined:          # the attacked unit evaded and no one defends: no fight
        _attack_went(res, target, struck=False)
        _attack_over(res)
        return res.done(res.result_verdict(), f"{mover.name} {how} and attacked {attacked.name if attacked else 'a unit'}, "
                        f"which is no longer at the attack's location: no fight happens.", defenders=joined)
    side_b = list(joined) if gone else _defending_side(res, target, joined, target_stays)
    if side_b:
        name = describe_target(res.state, target)
        res.apply(fight(res.state, [mover.id], side_b, assign, defending=tuple(side_b)))
        _attack_went(res, target, struck=isinstance(target, UnitTarget) and target.unit in side_b)
        _attack_over(res)
        summary = f"{mover.name} {how} and attacked {name}: " + fight_summary(res.state, [mover.id] + side_b)
        return res.done(res.result_verdict(), summary, defenders=joined)
    assert isinstance(target, SiteTarget)
    site = res.state.site_at(target.square)
    assert site is not None and site.controller is not None
    if res.state.statics:
        from codex.engine.effects.replacements import would_succeed
        replaced = would_succeed(res.state, mover, site.square)
        if replaced is not None:       # "If X would successfully attack an enemy site, ... instead"
            res.apply(replaced)
            _attack_went(res, target, struck=False)
            _attack_over(res)
            return res.done(res.result_verdict(), f"{mover.name} {how} and attacked the undefended {site.name}; "
                            f"a replacement effect happened instead of the successful attack, and the site was "
                            f"not struck.", defenders=joined)
    before = res.state.player(site.controller).life
    res.state, strike = strike_site(res.state, mover, site)
    res.settle(strike)      # its life loss is heard (a trigger on losing life because of an attack)
    struck = next((e for e in reversed(res.events) if isinstance(e, SiteStruck)), None)
    if struck is not None and struck.damage > 0:      # striking it damages it (Codex "Attack")
        res.settle([SiteDamaged(site.square, site.name, struck.damage, mover.id, mover.name, rules=("attack.site",))])
    _attack_went(res, target, struck=True)
    _attack_over(res)
    after = res.state.player(site.controller).life
    return res.done(res.result_verdict(), f"{mover.name} {how} and struck the undefended {site.name}: "
                    f"{site.controller} loses {before - after} life ({after} left).", defenders=joined)


def _attacker_gone(res: Resolution, mover: Unit, attack_at: Location, at_site: bool) -> bool:
    """Whether the attacker has left the realm, or (attacking a site) the attack's location, since it
    declared the attack (an "attacks" trigger dealt it lethal damage or moved it): the fight and its
    strikes are events whose source is gone, so they do not happen (Codex "Storyline": such an event
    "is ignored"; the attack's legality is checked again once the defend window closes). An attacker
    of a unit that moved away is `_still_attackable`'s (its target leaves the attack). Says so."""
    now = res.state.unit(mover.id)
    if now is not None and (res.state.occupies(now, attack_at) or not at_site):
        return False
    why = "is no longer in the realm" if now is None else "is no longer at the attack's location"
    res.emit(Note("attacker_gone", f"{mover.name} {why} once the defend window closes: its attack ends and "
                  "nothing strikes.", {"unit": mover.id}, rules=("attack.legal-again", "storyline.source-gone")))
    return True


def _still_attackable(res: Resolution, target: UnitTarget, attacked: Unit | None, attack_at: Location) -> bool:
    """The attack's target checked again once the defend window closes (Codex "Attack"): an attacked
    unit that has left the attack's location (an "attacked" trigger teleported it away, "to evade
    the attack") or left the realm is no longer a legal target and leaves the attack."""
    now = res.state.unit(target.unit)
    attacker = res.state.unit(res.state.attacking.attacker) if res.state.attacking is not None else None
    here = attacker is not None and res.state.occupies(attacker, attack_at)
    if now is not None and res.state.occupies(now, attack_at) and here:
        return True
    name = attacked.name if attacked is not None else target.unit
    why = ("is no longer in the realm" if now is None else
           "is no longer at the attack's location" if not res.state.occupies(now, attack_at) else
           "is no longer at the attacker's location (the attacker has left it)")
    res.emit(Note("target_gone", f"The attack's target is checked again: {name} {why}, so it is no longer a legal "
                  f"target and leaves the attack.", {"unit": target.unit}, rules=("attack.legal-again", "attack.target")))
    return False


def _casts_during(res: Resolution, casts: tuple[D.Cast, ...], ptr: str) -> None:
    """Spells cast once the defenders have joined, before the fight ("May be cast when an ally
    defends ..."): each follows the casting rules, its own text allowing the moment."""
    from codex.engine.actions.casting import cast
    for i, record in enumerate(casts):
        res.emit(Note("action", f"During the attack: cast {record.spell.card or record.spell.name}.", {}))
        cast(res, record, f"{ptr}/casts/{i}")


def _attack_went(res: Resolution, target: Target, struck: bool) -> None:
    """How the attack just fought went, kept in its `AttackMade` and told to the triggers that
    listen for it (`AttackEnded`): whether what was attacked stayed in it and met the attacker, and
    whether the attacked unit died in it."""
    made = res.state.attacks_this_turn
    if not made or made[-1].struck is not None:
        return
    killed = isinstance(target, UnitTarget) and res.state.unit(target.unit) is None and any(
        card.id == target.unit for card, _ in res.state.died_this_turn)
    res.state = res.state.evolve(attacks_this_turn=made[:-1] + (replace(made[-1], struck=struck, killed=killed),))
    # what listens for an attack going well ("whenever a site is successfully attacked") hears it now
    res.settle([AttackEnded(made[-1].attacker, made[-1].name, target_json(target), struck, killed)])


def _attack_over(res: Resolution) -> None:
    """The attack is over: what waited for it ("afterwards") happens now."""
    res.state = res.state.evolve(attacking=None)
    if res.state.afterwards:
        from codex.engine.effects.board import run_afterwards
        res.apply(run_afterwards(res.state))


def _defending_side(res: Resolution, target: Target, joined: list[str], stays: bool) -> list[str]:
    """Who the attacker fights: the defenders, with the attacked unit unless its player removes it."""
    if not joined:
        return [target.unit] if isinstance(target, UnitTarget) else []
    name = describe_target(res.state, target)
    if isinstance(target, SiteTarget):
        res.emit(TargetRemoved(name, by_choice=False, rules=("defend.site-target",)))
        return list(joined)
    if stays and res.state.unit(target.unit) is not None:
        res.emit(TargetKept(name, rules=("defend.unit-target", "defender.both")))
        return [target.unit] + joined
    res.emit(TargetRemoved(name, rules=("defend.unit-target",)))
    return list(joined)


@handles(D.CanMove, Verdict.YES, Verdict.NO)
def can_move(res: Resolution, a: D.CanMove, ptr: str) -> Outcome:
    """Could the unit follow this whole path with Move and Attack now? (Nothing changes.)"""
    unit = res.unit(a.unit, ptr + "/unit")
    found = activation_reason(res.state, unit)
    if found:
        res.emit(Note("answer", f"{unit.name} cannot use Move and Attack: {explain(found[0])}.",
                      {"unit": unit.id, "reason": found[0].value}, rules=found_rules(found)))
        return res.done(Verdict.NO, f"No: {unit.name} cannot move, because {explain(found[0])}.",
                        reason=found[0].value)
    path = places(res.state, a.path)
    bad = declared_path_problem(unit.location, path)
    if bad:
        raise res.illegal(bad[1], f"{unit.name}'s declared path repeats a step", f"{ptr}/path/{bad[0]}")
    after, events, taken = resolve_path(res.state.with_unit(replace(unit, tapped=True)), unit.id, path)
    res.emit(*events)
    skipped = [e for e in events if e.kind == "skip_step"]
    end = after.unit(unit.id)
    if skipped or len(taken) != len(path) or end is None:
        reason = getattr(skipped[0], "reason", None) if skipped else None
        why = reason if isinstance(reason, Reason) else None
        return Outcome(Verdict.NO, f"No: {unit.name} cannot follow the whole path"
                       + (f" ({explain(why)})." if why else "."), after, tuple(res.events), why.value if why else None)
    res.emit(*_path_notes(res.state, unit, [unit.location] + taken, tap_rules(res.state, unit)))
    crossed = _borders(res.state, unit, [unit.location] + taken)
    answer = {"path": [loc.to_json() for loc in taken], "traversed": [[a, b] for a, b, _ in crossed],
              "on_the_ground": [[a, b] for a, b, ground in crossed if ground]}
    return Outcome(Verdict.YES, f"Yes: {unit.name} can follow the path to the {end.location}.", after,
                   tuple(res.events), answer=answer)


def _borders(state: GameState, unit: Unit, locs: list[Location]) -> list[tuple[int, int, bool]]:
    """Each border the path traverses (a step into another square), and whether that step was on
    the ground: from a site's surface to another site's surface, not flying (Airborne)."""
    out = []
    for frm, to in zip(locs, locs[1:]):
        kw = keywords_at(state, unit, frm)
        link = linked_rule(state, kw, frm.square, to.square, unit)
        if frm.square == to.square or link == "as-if-adjacent":
            continue   # moving between a site's levels, or "as if adjacent", crosses no border
        if link == "leap":     # over the site between: both its borders, through the air, not on the ground
            mid = (frm.square + to.square) // 2
            out += [(frm.square, mid, False), (mid, to.square, False)]
            continue
        ground = frm.region is Region.SURFACE and to.region is Region.SURFACE and not kw.airborne
        out.append((frm.square, to.square, ground))
    return out


def _path_notes(state: GameState, unit: Unit, locs: list[Location], also: tuple[str, ...] = ()) -> list[Event]:
    """What the path is, which borders it traverses and which of them on the ground (``also``: the
    rules that allowed the unit to move at all, e.g. Charge)."""
    crossed = _borders(state, unit, locs)
    text = f"{unit.name}'s path occupies {path_text(locs)} ({len(locs) - 1} step(s))"
    rules: tuple[str, ...] = ("path", "path.occupied") + also
    if any(linked_rule(state, keywords_at(state, unit, a), a.square, b.square, unit) == "as-if-adjacent"
           for a, b in zip(locs, locs[1:])):
        rules += ("as-if-adjacent.borders",)
    if crossed:
        text += "; it traverses the border(s) " + ", ".join(f"{a}|{b}" for a, b, _ in crossed)
        rules += ("traverse",)
        ground = [f"{a}|{b}" for a, b, g in crossed if g]
        text += (f", on the ground across {', '.join(ground)}" if ground else ", none of them on the ground")
        rules += ("traverse.on-the-ground", "on-the-ground")
    return [Note("path", text + ".", {"unit": unit.id, "traversed": [[a, b] for a, b, _ in crossed]}, rules=rules)]


@handles(D.RangeOfMotion, Verdict.ANSWERED)
def range_of_motion_question(res: Resolution, a: D.RangeOfMotion, ptr: str) -> Outcome:
    """Every location the unit could reach with Move and Attack (lookahead: ongoing effects only)."""
    unit = res.unit(a.unit, ptr + "/unit")
    rom = reachable_locations(res.state, unit)
    locs = sorted(rom)
    kw = keywords_at(res.state, unit)
    if not rom:
        res.emit(Note("range", f"{unit.name} cannot use Move and Attack, so it has no range of motion.",
                      {"unit": unit.id}, rules=("range-of-motion.disabled", "basic-ability") + (
                          (cause, "disabled") if (cause := disabled_by(res.state, unit)) else ())))
    else:
        rules = ("range-of-motion", "range-of-motion.lookahead") + (("movement-x",) if kw.movement else ()) + (
            ("immobile",) if kw.immobile else ()) + (("oversized-units.move",) if unit.oversized else ()) + (
            ("forward", "top.realm", "bottom.realm") if "forward" in kw.only_directions else ())
        res.emit(Note("range", f"{unit.name} can reach {len(locs)} location(s): " + ", ".join(map(str, locs)) + ".",
                      {"unit": unit.id, "locations": locs}, rules=rules))
        res.emit(*_exclusions(res.state, unit, rom))
    answer = [loc.to_json() for loc in locs]
    return res.done(Verdict.ANSWERED, f"{unit.name}'s range of motion is {len(locs)} location(s).", answer=answer,
                    highlight=answer)


def _exclusions(state: GameState, unit: Unit, rom: dict[Location, tuple[Location, ...]]) -> list[Event]:
    """Ongoing effects and triggers met by the lookahead (Codex "Range of Motion": Gnome Hollows,
    Bottomless Pit): a site an ongoing effect forbids is out; one whose triggered ability would kill
    the unit on entering stays in, since the lookahead ignores triggers."""
    from codex.engine.effects.context import Obj
    from codex.engine.effects.statics import forbids
    from codex.engine.effects.triggers import enters_trigger
    out: list[Event] = []
    me = Obj("unit", unit.id)
    for site in state.sites:
        loc = Location(site.square, Region.SURFACE)
        blocked = forbids(state, "enter", me, place=loc, move=(unit.location, "step")) \
            if state.statics and loc not in rom else None
        if blocked is not None:
            out.append(Note("excluded", f"{site.name} is not in the range of motion: an ongoing effect forbids the "
                            f"unit to enter it (\u201c{blocked.ctx.ability.text}\u201d).", {"square": site.square},
                            rules=("range-of-motion.gnome-hollows",) + (("split-power.average",) if unit.split else ()),
                            from_card=blocked.quote))
        trigger = enters_trigger(state, site) if loc in rom else None
        if trigger is not None:
            out.append(Note("included", f"{site.name} stays in the range of motion although its triggered ability "
                            f"(\u201c{trigger}\u201d) could kill the unit there: triggers are ignored.",
                            {"square": site.square}, rules=("range-of-motion.bottomless-pit",)))
    return out
