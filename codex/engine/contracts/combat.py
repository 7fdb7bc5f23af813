"""Attacking and Orbs: who may attack whom (Magnetized, Magnetic, Adrenaline, Impetus, players with
attack), the fight, an Orb's damage (the lower of its attack and the target's health, paid for
with the owner's health), and an Orb left active answering the first attack on its owner.

Legality (`attack_reason`, `orb_reason`) is pure and returns a `Found`; the resolution functions
take the `Resolution` (they settle after each instance of damage, so Recycling takes place before
the Orb answers).
"""
from __future__ import annotations

from dataclasses import replace

from codex.engine.contracts import field as F
from codex.engine.contracts.effects import settle
from codex.engine.contracts.events import Attacked, DurabilityLost, NoDamage, OrbStruck
from codex.engine.contracts.model import Creature, Orb, Player, State
from codex.engine.contracts.ongoing import creature_view, player_view
from codex.engine.contracts.reasons import ContractsReason as R
from codex.engine.contracts.reasons import Found
from codex.engine.contracts.resolution import Resolution
from codex.engine.events import Event, Note

Combatant = Creature | Player


def combatant(state: State, ref: str) -> Combatant | None:
    c = state.creature(ref)
    if c is not None:
        return c
    return state.player(ref) if state.has_player(ref) else None


def owner_of(x: Combatant) -> str:
    return x.owner if isinstance(x, Creature) else x.id


def name_of(x: Combatant) -> str:
    return x.name if isinstance(x, Creature) else x.id


def attack_of(state: State, x: Combatant) -> int | None:
    """Its attack value now (None: a player without one)."""
    if isinstance(x, Creature):
        return creature_view(state, x).attack
    return player_view(state, x).attack


def health_of(state: State, x: Combatant) -> int:
    if isinstance(x, Creature):
        return creature_view(state, x).health
    return player_view(state, x).health


def magnetic_targets(state: State, defender: str) -> tuple[list[str], bool]:
    """The defending side's Magnetized or Magnetic targets, and whether any is Magnetized."""
    out: list[str] = []
    magnetized = False
    p = state.player(defender)
    pv = player_view(state, p)
    if pv.magnetic_target:
        out.append(p.id)
        magnetized |= pv.magnetized
    for c in p.line:
        v = creature_view(state, c)
        if v.magnetic_target:
            out.append(c.id)
            magnetized |= v.magnetized
    return out, magnetized


def acting_reason(state: State, actor: Combatant, *, attack: bool, creature_target: bool = True) -> Found:
    """Whether it may act now at all: the current player's, after the draw, not yet this turn, not
    in the turn it was played (unless a keyword lets it)."""
    if state.over:
        return R.GAME_OVER, "victory"
    if owner_of(actor) != state.turn.active:
        return R.NOT_ACTIVE_PLAYER, "turn.main"
    if state.turn.phase != "main":
        return R.NOT_MAIN_PHASE, "turn.main"
    if isinstance(actor, Player):
        if attack_of(state, actor) is None:
            return R.NO_ATTACK_VALUE, "player.no-attack"
        if actor.acted_this_turn:
            return R.ALREADY_ACTED, "player.attack"
        return None
    if actor.acted_this_turn:
        return R.ALREADY_ACTED, "creature.act"
    if actor.played_this_turn:
        kw = creature_view(state, actor).keywords
        if not attack:
            return None if "paramagnetic" in kw else (R.PLAYED_THIS_TURN, "creature.sick")
        if "adrenaline" in kw:
            return None
        if "impetus" in kw:
            return None if creature_target else (R.IMPETUS_ONLY_CREATURES, "impetus")
        return R.PLAYED_THIS_TURN, "creature.sick"
    return None


def attack_reason(state: State, attacker: Combatant, target: Combatant) -> Found:
    found = acting_reason(state, attacker, attack=True, creature_target=isinstance(target, Creature))
    if found:
        return found
    opponent = state.opponent(owner_of(attacker)).id
    if owner_of(target) != opponent:
        return R.NOT_AN_OPPONENT, "creature.attack" if isinstance(attacker, Creature) else "player.attack"
    magnets, magnetized = magnetic_targets(state, opponent)
    if magnets and _ref(target) not in magnets:
        return R.MUST_ATTACK_MAGNETIZED, "magnetized" if magnetized else "magnetic"
    return None


def _ref(x: Combatant) -> str:
    return x.id


def legal_targets(state: State, attacker: Combatant) -> list[str]:
    opp = state.opponent(owner_of(attacker))
    out = []
    candidates: list[Combatant] = [opp, *opp.line]
    for t in candidates:
        if attack_reason(state, attacker, t) is None:
            out.append(t.id)
    return out


def keyword_allowing(state: State, attacker: Combatant) -> tuple[str, ...]:
    """The keyword that lets a Creature attack in the turn it was played (none otherwise)."""
    if not isinstance(attacker, Creature) or not attacker.played_this_turn:
        return ()
    kw = creature_view(state, attacker).keywords
    return ("adrenaline",) if "adrenaline" in kw else ("impetus",) if "impetus" in kw else ()


def attack_rules(state: State, attacker: Combatant, target: Combatant) -> tuple[str, ...]:
    """The rules that allow this attack (the keyword that lets a new Creature attack, the
    Magnetized or Magnetic target it had to choose)."""
    rules: list[str] = ["creature.attack", "creature.act"] if isinstance(attacker, Creature) else ["player.attack"]
    rules += keyword_allowing(state, attacker)
    magnets, magnetized = magnetic_targets(state, owner_of(target))
    if magnets:
        rules.append("magnetized" if magnetized else "magnetic")
    return tuple(rules)


def fight(res: Resolution, attacker: Combatant, target: Combatant) -> None:
    """Attacker and target inflict their attack on each other at once; then what that set off; then
    an Orb its owner left active answers the first attack on them (if the attacker is still there)."""
    state = res.state
    res.emit(Attacked(attacker.id, name_of(attacker), target.id, name_of(target),
                      rules=attack_rules(state, attacker, target)))
    if isinstance(attacker, Creature):
        res.state = state.with_creature(replace(attacker, acted_this_turn=True))
    else:
        res.state = state.with_player(replace(attacker, acted_this_turn=True))
    blows = [(attacker, target, ("fight",)), (target, attacker, ("fight",) if isinstance(target, Creature)
                                                else ("player.defend",))]
    batch: list[Event] = []
    for striker, struck, rules in blows:
        amount = attack_of(res.state, striker)
        if not amount:
            why = "it has no attack value" if amount is None else "its attack is 0"
            batch.append(NoDamage(name_of(striker), name_of(struck), why, rules=rules + ("fight.zero",)))
            continue
        now = combatant(res.state, struck.id)
        assert now is not None
        if isinstance(now, Creature):
            res.state, evs = F.damage_creature(res.state, now.id, amount, name_of(striker), rules + ("damage",))
        else:
            res.state, evs = F.damage_player(res.state, now.id, amount, name_of(striker), rules + ("damage",))
        batch += evs
    res.emit(*batch)
    settle(res)
    if isinstance(target, Player):
        answer_with_orb(res, target.id, attacker.id)


def answer_with_orb(res: Resolution, defender: str, attacker: str) -> None:
    """An Orb left active strikes its owner's first attacker; if that attacker is gone, it waits for
    the next attack."""
    orb = res.state.player(defender).orb
    if orb is None or not orb.active:
        return
    foe = combatant(res.state, attacker)
    if foe is None:
        res.emit(Note("orb_waits", f"{orb.name} was left active, but the attacker was destroyed before it could "
                      "inflict damage: it will activate on the next attack instead.", {"orb": orb.id},
                      rules=("orb.active.strike",)))
        return
    res.state = res.state.with_player(replace(res.state.player(defender), orb=replace(orb, active=False)))
    strike(res, orb, foe, ("orb.active.strike", "adv.orb-not-attack"))
    res.check_rules.append("adv.health-check.orb")


def orb_reason(state: State, orb: Orb, target: Combatant) -> Found:
    if state.over:
        return R.GAME_OVER, "victory"
    if orb.owner != state.turn.active:
        return R.NOT_ACTIVE_PLAYER, "turn.main"
    if state.turn.phase != "main":
        return R.NOT_MAIN_PHASE, "turn.main"
    if orb.used_this_turn:
        return R.ORB_USED, "orb.use"
    if owner_of(target) == orb.owner:
        return R.NOT_AN_OPPONENT, "orb.use"
    return None


def strike(res: Resolution, orb: Orb, target: Combatant, rules: tuple[str, ...]) -> None:
    """An Orb inflicts the lower of its attack and the target's health; its owner loses as much
    health; it loses 1 durability if it dealt damage (and leaves the field at 0)."""
    before = health_of(res.state, target)
    amount = max(0, min(before, orb.attack))
    base = rules + ("orb", "orb.damage", "orb.damage.short")
    if amount == 0:
        res.emit(NoDamage(orb.name, name_of(target), "an Orb inflicts the lower of its attack and the target's "
                          "health, here 0", rules=base))
        return
    if isinstance(target, Creature):
        res.state, _ = F.damage_creature(res.state, target.id, amount, orb.name, ())
    else:
        res.state, _ = F.damage_player(res.state, target.id, amount, orb.name, ())
    res.emit(OrbStruck(orb.id, orb.name, orb.owner, target.id, name_of(target), amount, orb.attack, before,
                       before - amount, rules=base))
    res.apply(F.lose_health(res.state, orb.owner, amount, f"the price of {orb.name}'s damage", ("orb.cost",)))
    owner = res.state.player(orb.owner)
    now = owner.orb
    if now is not None and now.id == orb.id:
        worn = replace(now, durability=now.durability - 1)
        res.state = res.state.with_player(replace(owner, orb=worn))
        res.emit(DurabilityLost(orb.id, orb.name, worn.durability, rules=("orb.durability",)))
        if worn.durability <= 0:
            res.apply(F.leave_field(res.state, orb.id, "wears out: its durability reached 0",
                                    ("orb.leaves", "discard")))
    settle(res)
