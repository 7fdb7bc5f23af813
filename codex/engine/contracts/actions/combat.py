"""A Creature's action (attack, or gain Magnetized), a player with attack attacking, an Orb's
damage, and the question "can it attack?"."""
from __future__ import annotations

from dataclasses import replace

from codex.engine.contracts import document as D
from codex.engine.contracts.actions.base import handles
from codex.engine.contracts.combat import (Combatant, acting_reason, attack_reason, attack_rules, combatant,
                                           fight, keyword_allowing, legal_targets, magnetic_targets, name_of,
                                           orb_reason, owner_of, strike)
from codex.engine.contracts.events import MagnetizedGained
from codex.engine.contracts.model import Creature
from codex.engine.contracts.reasons import ContractsReason as R
from codex.engine.contracts.reasons import explain
from codex.engine.contracts.resolution import Outcome, Resolution
from codex.engine.events import Note
from codex.engine.ruling import Verdict

_V = (Verdict.RESOLVED, Verdict.GAME_OVER, Verdict.ILLEGAL)


def _find(res: Resolution, ref: str, ptr: str) -> Combatant:
    """The Creature or player, which must still be there (an earlier action may have destroyed it)."""
    found = combatant(res.state, ref)
    if found is None:
        raise res.illegal((R.GONE, "creature.destroyed"), ref, ptr)
    return found


@handles(D.Attack, *_V)
def attack(res: Resolution, a: D.Attack, ptr: str) -> Outcome:
    attacker = _find(res, a.attacker, ptr + "/attacker")
    target = _find(res, a.target, ptr + "/target")
    res.check(attack_reason(res.state, attacker, target), f"{name_of(attacker)} attacks {name_of(target)}", ptr)
    fight(res, attacker, target)
    return res.done(res.result_verdict(), f"{name_of(attacker)} attacks {name_of(target)}.")


@handles(D.Magnetize, *_V)
def magnetize(res: Resolution, a: D.Magnetize, ptr: str) -> Outcome:
    c = _find(res, a.creature, ptr + "/creature")
    if not isinstance(c, Creature):
        raise res.illegal((R.NOT_A_LEGAL_TARGET, "creature.magnetize"), f"{a.creature} is a player", ptr + "/creature")
    res.check(acting_reason(res.state, c, attack=False), f"{c.name} gains Magnetized", ptr)
    rules = ("creature.magnetize", "creature.act", "magnetized") + (("paramagnetic",) if c.played_this_turn else ())
    res.state = res.state.with_creature(replace(c, magnetized=True, acted_this_turn=True))
    res.emit(MagnetizedGained(c.id, c.name, "its action this turn", rules=rules))
    return res.done(Verdict.RESOLVED, f"{c.name} is Magnetized until the start of {c.owner}'s next turn.")


@handles(D.UseOrb, *_V)
def use_orb(res: Resolution, a: D.UseOrb, ptr: str) -> Outcome:
    pid = a.player or res.state.turn.active
    orb = res.state.player(pid).orb
    if orb is None:
        raise res.illegal((R.NO_ORB, "orb.use"), pid, ptr)
    target = _find(res, a.target, ptr + "/target")
    res.check(orb_reason(res.state, orb, target), f"{orb.name} targets {name_of(target)}", ptr)
    owner = res.state.player(pid)
    res.state = res.state.with_player(replace(owner, orb=replace(orb, used_this_turn=True)))
    strike(res, orb, target, ("orb.use", "adv.orb-not-attack"))
    return res.done(res.result_verdict(), f"{orb.name} inflicts damage on {name_of(target)}.")


@handles(D.CanAttack, Verdict.YES, Verdict.NO, Verdict.ANSWERED, checks_health=False)
def can_attack(res: Resolution, a: D.CanAttack, ptr: str) -> Outcome:
    attacker = _find(res, a.attacker, ptr + "/attacker")
    if a.target is None:
        targets = legal_targets(res.state, attacker)
        why = acting_reason(res.state, attacker, attack=True)
        rules: tuple[str, ...] = ("creature.attack",) if isinstance(attacker, Creature) else ("player.attack",)
        if why and not targets:
            rules = (why[1],)
        elif targets:
            rules += keyword_allowing(res.state, attacker)
        res.emit(Note("answer", f"{name_of(attacker)} can attack: {', '.join(targets) or 'nothing'}"
                      + (f" ({explain(why[0])})." if why and not targets else "."), {"targets": targets},
                      rules=rules + _magnet_rules(res, attacker)))
        return res.done(Verdict.ANSWERED, f"{name_of(attacker)} can attack {len(targets)} target(s).",
                        answer=targets)
    target = _find(res, a.target, ptr + "/target")
    found = attack_reason(res.state, attacker, target)
    if found:
        res.emit(Note("answer", f"{name_of(attacker)} cannot attack {name_of(target)}: {explain(found[0])}.",
                      {"reason": found[0].value}, rules=(found[1],)))
        return res.done(Verdict.NO, f"No: {explain(found[0])}.", reason=found[0].value)
    res.emit(Note("answer", f"{name_of(attacker)} can attack {name_of(target)}.", {},
                  rules=attack_rules(res.state, attacker, target)))
    return res.done(Verdict.YES, f"Yes: {name_of(attacker)} can attack {name_of(target)}.")


def _magnet_rules(res: Resolution, attacker: Combatant) -> tuple[str, ...]:
    magnets, magnetized = magnetic_targets(res.state, res.state.opponent(owner_of(attacker)).id)
    return (("magnetized" if magnetized else "magnetic"),) if magnets else ()
