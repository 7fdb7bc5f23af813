"""Attacks, Defend, Intercept, fights, strikes and damage.

Legality questions (`attack_reason`, `defend_reason`, `intercept_reason`) are pure; the
resolution functions take a state and return the new state with the events they caused.
Deaths are not decided here: damage is put on units, and `storyline.settle` marks, triggers
and buries once the batch of simultaneous damage is done.
"""
from __future__ import annotations

from typing import Any

from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Union

from codex.engine.activation import disabled_reason, tap_reason
from codex.engine.carrying import lances
from codex.engine.errors import IllegalAction
from codex.engine.events import (AvatarDamaged, CardQuote, DamageModified, DamagePrevented, Damaged, DeathBlow, Event, LanceBroke,
                                 LifeLost, Note,
                                 LifeUnchanged, NoDamage, ReachedDeathsDoor, SiteStruck, StealthLost, StrikeWithheld,
                                 Struck, WardBroke, offered)
from codex.engine.geometry import Location, Region
from codex.engine.ongoing import airborne_now, disabled_by, keywords_at, power_of
from codex.engine.reasons import Found, Reason
from codex.engine.restraints import CANT, restrained
from codex.engine.state import GameState, Site, Unit
from codex.engine.storyline import Resolved, settle


@dataclass(frozen=True)
class UnitTarget:
    unit: str


@dataclass(frozen=True)
class SiteTarget:
    square: int


Target = Union[UnitTarget, SiteTarget]


def target_location(state: GameState, target: Target) -> Location | None:
    if isinstance(target, UnitTarget):
        u = state.unit(target.unit)
        return u.location if u else None
    return Location(target.square, Region.SURFACE)


def describe_target(state: GameState, target: Target) -> str:
    if isinstance(target, UnitTarget):
        u = state.unit(target.unit)
        return u.name if u else target.unit
    site = state.site_at(target.square)
    return f"the surface of {site.name if site else 'square ' + str(target.square)} (square {target.square})"


def _forbidden(state: GameState, verb: str, unit: Unit, target: Target | None) -> Found:
    """An ongoing effect that says the unit can't do this: a static ability ("Can't defend",
    "can't be attacked") or an effect's restriction for a while ("target minion can't attack this
    turn", `restraints`)."""
    if state.lasting and verb in CANT and restrained(state, unit, CANT[verb]) is not None:
        return Reason.FORBIDDEN, "ongoing-effect"
    if not state.statics:
        return None
    from codex.engine.effects.context import Obj
    from codex.engine.effects.statics import forbids
    patient = None
    if isinstance(target, UnitTarget):
        patient = Obj("unit", target.unit)
    elif isinstance(target, SiteTarget):
        patient = Obj("site", target.square)
    if forbids(state, verb, Obj("unit", unit.id), patient) is not None:
        return Reason.FORBIDDEN, "ongoing-effect"
    return None


def _untargetable(state: GameState, attacker: Unit, target: Target) -> Found:
    """An attack targets what it attacks, and it is an ability of the attacker's controller: Move
    and Attack is a basic ability (Codex "Attack": "Units attack as part of the Move and Attack
    basic ability"; "the defender has been targeted and attacked"; Codex "Stealth": "spells or
    abilities from your opponents (including attacks)"). So an ongoing "can't be targeted by (enemy)
    abilities" or "by enemies" forbids attacking it; "by magic" or "by spells" does not. A defender
    is neither attacked nor targeted, so it may still defend."""
    if not state.statics:
        return None
    from codex.engine.effects.context import Obj
    from codex.engine.effects.statics import forbids
    patient = Obj("unit", target.unit) if isinstance(target, UnitTarget) else Obj("site", target.square)
    if forbids(state, "target", Obj("unit", attacker.id), patient, by=attacker.controller) is not None:
        return Reason.FORBIDDEN, "attack.targets"
    return None


def forbidding_quote(state: GameState, attacker: Unit, target: Target) -> Any:
    """The card sentence (`events.CardQuote`) of the ongoing effect that forbids this attack, as
    an attack or as targeting (None when none does), for the ruling to quote."""
    held = restrained(state, attacker, CANT["attack"])
    if held is not None:
        return held.quote
    if not state.statics:
        return None
    from codex.engine.effects.context import Obj
    from codex.engine.effects.statics import forbids
    patient = Obj("unit", target.unit) if isinstance(target, UnitTarget) else Obj("site", target.square)
    found = forbids(state, "attack", Obj("unit", attacker.id), patient) or \
        forbids(state, "target", Obj("unit", attacker.id), patient, by=attacker.controller)
    return found.quote if found is not None else None


def attack_reason(state: GameState, attacker: Unit, target: Target) -> Found:
    """Is `target` a legal attack target for `attacker` right now? A disabled attacker has no
    abilities, Move and Attack included, so it attacks nothing. An oversized attacker attacks at
    any location it occupies, still one target (Codex "Oversized Units")."""
    found = disabled_reason(state, attacker) or _forbidden(state, "attack", attacker, target) or \
        _untargetable(state, attacker, target)
    if found:
        return found
    if isinstance(target, SiteTarget):
        site = state.site_at(target.square)
        if site is None:
            return Reason.NO_SITE_THERE, "attack.target"
        if not any(loc.square == target.square for loc in state.locations_of(attacker)):
            return Reason.NOT_AT_LOCATION, "attack.target"
        if not state.occupies(attacker, Location(target.square, Region.SURFACE)):
            return Reason.SITE_NOT_ON_SURFACE, "attack.target"
        if site.rubble:
            return Reason.NOT_AN_ENEMY, "rubble"
        if site.controller is None or site.controller == attacker.controller:
            return Reason.NOT_AN_ENEMY, "attack.target"
        return None
    defender = state.unit(target.unit)
    if defender is None:
        return Reason.UNIT_GONE, "attack.illegal"
    if defender.controller == attacker.controller:
        return Reason.NOT_AN_ENEMY, "enemy"
    if state.shared_location(attacker, defender) is None:
        return Reason.NOT_AT_LOCATION, "attack.target"
    if defender.is_minion and keywords_at(state, defender).stealth and not keywords_at(state, attacker).sees_stealth:
        return Reason.STEALTH_TARGET, "stealth"
    if airborne_now(state, defender) and not airborne_now(state, attacker):
        return Reason.AIRBORNE_TARGET, "airborne.attack"
    return None


def attack_location(state: GameState, attacker: Unit, target: Target) -> Location:
    """Where the attack happens: the attacked unit's location that the attacker shares, or the
    surface of the attacked site."""
    if isinstance(target, SiteTarget):
        return Location(target.square, Region.SURFACE)
    defender = state.unit(target.unit)
    shared = state.shared_location(defender, attacker) if defender else None
    return shared or attacker.location


def defend_reason(state: GameState, defender: Unit, attacker: Unit, attack_at: Location) -> Found:
    """May `defender` use Defend against `attacker`'s attack at `attack_at`?"""
    from codex.engine.movement import path_to
    if defender.controller == attacker.controller:
        return Reason.SAME_SIDE, "defend"
    at = state.attacking
    attacked: Target | None = None if at is None else (UnitTarget(at.unit) if at.unit else
                                                        SiteTarget(at.site) if at.site is not None else None)
    found = _forbidden(state, "defend", defender, attacked)
    if found:
        return found
    if attacker.is_minion and keywords_at(state, attacker).stealth:
        return Reason.ATTACKER_HAS_STEALTH, "stealth"
    found = tap_reason(state, defender)
    if found and not (found[0] is Reason.TAPPED and defends_tapped(state, defender) is not None):
        return (found[0], "defend.untapped") if found[0] is Reason.TAPPED else found
    from codex.engine.move_bans import may_ban
    if may_ban(state) and attack_at not in state.locations_of(defender):
        # "Can't move to defend", "Minions here can't move": a Defend moves it to the attack's location
        from codex.engine.move_bans import ban_rule, move_ban
        ban = move_ban(state, defender, defender.location, attack_at, purpose="defend", anywhere=True)
        if ban is not None:
            return Reason.CANNOT_MOVE, ban_rule(ban)
    if path_to(state, defender, attack_at) is None:
        return Reason.OUT_OF_RANGE_OF_MOTION, "defend.when"
    return None


def defends_tapped(state: GameState, unit: Unit) -> CardQuote | None:
    """"This minion may defend even while tapped": the words that lift the Codex's untapped
    requirement of Defend for ``unit`` (the card's text wins: Codex "The Silver Rule"), or None."""
    if not state.statics:
        return None
    from codex.engine.effects.statics import effect_on
    return effect_on(state, unit, "defend_tapped")


def must_defend(state: GameState, attacker: Unit, attack_at: Location, named: set[str]) -> list[tuple[Unit, CardQuote]]:
    """The units that must defend this attack if able ("This minion must defend if able") and can
    (`defend_reason`), not among those ``named`` already: they defend, in the order of the realm."""
    if not state.statics:
        return []
    from codex.engine.effects.statics import effect_on
    out = []
    for unit in state.units:
        if unit.id in named or unit.controller == attacker.controller:
            continue
        quote = effect_on(state, unit, "must_defend")
        if quote is not None and defend_reason(state, unit, attacker, attack_at) is None:
            out.append((unit, quote))
    return out


def intercept_reason(state: GameState, interceptor: Unit, mover: Unit, *, used_move_and_attack: bool = True,
                     attacked: bool = False) -> Found:
    """May `interceptor` intercept `mover`, which finished its movement where it now is?"""
    if not used_move_and_attack:
        return Reason.NOT_MOVE_AND_ATTACK, "intercept.only-move-and-attack"
    if attacked:
        return Reason.ENEMY_ATTACKED, "intercept"
    found = _forbidden(state, "intercept", interceptor, None)
    if found:
        return found
    if interceptor.controller == mover.controller:
        return Reason.SAME_SIDE, "intercept"
    found = tap_reason(state, interceptor)
    if found:
        return (found[0], "intercept.untapped") if found[0] is Reason.TAPPED else found
    if state.shared_location(interceptor, mover) is None:
        return Reason.NOT_AT_FINAL_LOCATION, "intercept.no-move"
    if mover.is_minion and keywords_at(state, mover).stealth and not keywords_at(state, interceptor).sees_stealth:
        return Reason.MOVER_HAS_STEALTH, "intercept.stealth-airborne"
    if airborne_now(state, mover):
        kw = keywords_at(state, interceptor)
        if not (airborne_now(state, interceptor) or kw.ranged is not None):
            return Reason.AIRBORNE_NEEDS_AIRBORNE_OR_RANGED, "airborne.intercept"
    return None


# ---------------------------------------------------------------- damage

#: Units whose damage a "takes damage for" effect has already redirected in this chain (no loops).
_redirected: ContextVar[frozenset[str]] = ContextVar("arbiter_redirected", default=frozenset())


def _taken_for(state: GameState, target: Unit, amount: int, source: Unit | None, what: str, opposing: str,
               origin: Any) -> Resolved | None:
    """Another unit takes the damage for ``target`` ("Bruin takes damage for them"): it is dealt to
    that unit instead, with everything that applies to damage it takes."""
    from codex.engine.effects.statics import takes_damage_for
    found = takes_damage_for(state, target)
    if found is None:
        return None
    taker, quote = found
    note = Note("redirect", f"{taker.name} takes the damage for {target.name}.", {"unit": target.id, "by": taker.id},
                rules=("replacement-effect", "the-silver-rule"), from_card=quote)
    token = _redirected.set(_redirected.get() | {target.id, taker.id})
    try:
        state, dealt = deal_damage(state, taker.id, amount, source, what, opposing, origin)
    finally:
        _redirected.reset(token)
    if any(isinstance(e, Damaged) and e.unit == taker.id for e in dealt) and taker.id not in state.took_damage_for:
        # "If he dies from damage taken this way": the damage stays on him until the turn ends, and so does this
        state = state.evolve(took_damage_for=state.took_damage_for + (taker.id,))
    return state, [note] + dealt


def deal_damage(state: GameState, target_id: str, amount: int, source: Unit | None,
                what: str = "strike", opposing: str = "", origin: Any = None) -> Resolved:
    """Damage in order: a Ward's replacement, incoming, modification (reductions, increases,
    doubling: the active player's effects first), prevention (immunity, "takes no damage from"),
    then effects.

    ``opposing`` names the opponent's spell or special ability the damage comes from (empty for
    strikes of a fight and for the target's own side's effects): a Ward breaks instead of such
    damage. ``origin`` (`effects.damage_sources.Origin`) is the card dealing it and how, for the
    effects that care where damage comes from (default: ``source`` striking, or its effect). Damage
    to a minion stays on it (deaths are decided when the batch settles); damage to an Avatar is life
    loss, or a death blow when its player is at death's door. The source dealt damage even if it is
    prevented, so it has interacted with the realm."""
    target = state.unit(target_id)
    if target is None:
        return state, []
    events: list[Event] = []
    src = source.name if source else "the effect"
    if amount > 0 and opposing and keywords_at(state, target).ward:
        state, broke = break_ward(state, target.id, f"damaged by {opposing}")
        return state, broke
    if origin is None and state.statics:
        from codex.engine.effects.damage_sources import origin_of
        origin = origin_of(state, source, "strike" if what == "strike" else "effect")
    if amount > 0 and state.statics and target.id not in _redirected.get():
        taken = _taken_for(state, target, amount, source, what, opposing, origin)
        if taken is not None:
            return taken
    incoming = amount
    for name, change, n, quote, extra in _modifications(state, target, origin, source if what == "strike" else None):
        if amount > 0:
            new = changed(amount, change, n)
            if new == amount:
                continue         # "reduced to 2": damage of 2 or less is not changed
            rule = "damage.reduce" if change in ("less", "at_most", "none") else "damage.modify"
            events.append(DamageModified(target.id, target.name, name, amount, new, rules=("damage.order", rule) + extra,
                                         from_card=quote))
            amount = new
    if amount <= 0:
        rules = ("zero.damage",) + (("lethal.zero",) if source and keywords_at(state, source).lethal and incoming else ())
        return state, events + [NoDamage(target.id, target.name, src, what, rules=rules)]
    if state.statics:
        # replacements hear the damage the unit would take, once modified; preventing only some of it
        # ("prevent 1 of that damage") comes after every modification too (Codex "Damage")
        from codex.engine.effects.replacements import would_be_damaged
        replaced = would_be_damaged(state, target, amount, origin)
        if replaced is not None:            # "If bearer would take strike damage, prevent it and ..."
            state, done, left = replaced
            events += done
            if left <= 0:
                return state, events
            amount = left                   # the rest goes on being dealt
    if state.lasting:       # "prevent all damage that would be dealt to X this turn": not used up
        from codex.engine.effects.lasting_damage import prevents
        shield = prevents(state, target)
        if shield is not None:
            return state, events + [DamagePrevented(target.id, target.name, amount, f"is shielded from all damage "
                                                    f"({shield.card})", rules=("damage.prevent", "prevention-effect"),
                                                    from_card=shield)]
    if state.lasting:       # "the next time it would take damage, prevent all of that damage": used up now
        from codex.engine.effects.next_prevention import prevent_next
        state, amount, stopped = prevent_next(state, target, amount)
        events += stopped
        if amount <= 0:
            return state, events
    if state.statics:
        from codex.engine.effects.statics import prevented
        quote = prevented(state, target, origin)
        if quote is not None:
            return state, events + [DamagePrevented(target.id, target.name, amount, f"takes no damage from this "
                                                    f"({quote.card})", rules=("damage.prevent", "prevention-effect"),
                                                    from_card=quote)]
    if target.is_avatar:
        player = state.player(target.controller)
        if player.at_deaths_door:
            if player.deaths_door_turn == state.turn.number:
                return state, events + [DamagePrevented(
                    target.id, target.name, amount, "reached death's door this turn and is immune to damage",
                    rules=("deaths-door.immune", "damage.prevent"))]
            state = state.evolve(death_blows=state.death_blows + (player.id,))
            return state, events + [DeathBlow(target.id, target.name, player.id, src, amount,
                                              rules=("deaths-door.after", "death-blow")), _avatar_hit(target, source, src, amount)]
        state, lost = lose_life(state, player.id, amount, f"{src} deals {amount} damage to {target.name}",
                                ("damage.avatar", "wounded.avatar"), damage=True,
                                attack=attack_cause(state, source) if what == "strike" else None)
        return state, events + lost + [_avatar_hit(target, source, src, amount)]
    lethal = (source is not None and keywords_at(state, source).lethal and (origin is None or origin.how != "effect"
                                                                          or origin.card == _unit_obj(source))) \
        or _lethal_card(origin)
    lethal_quote = None
    if not lethal and state.statics:
        from codex.engine.effects.statics import lethal_to
        lethal_quote = lethal_to(state, target)
        lethal = lethal_quote is not None
    if lethal and state.statics:
        from codex.engine.effects.statics import immune_to_lethal
        shield = immune_to_lethal(state, target)
        if shield is not None:
            lethal, lethal_quote = False, None
            events.append(Note("lethal", f"{target.name} is immune to Lethal: the damage counts only as damage.",
                               {"unit": target.id}, rules=("lethal", "the-silver-rule"), from_card=shield))
    state = state.with_unit(replace(target, damage=target.damage + amount,
                                    lethal_hit=target.lethal_hit or lethal))
    defense = power_of(state, target)[1]
    rules = (("strike",) if what == "strike" else ()) + (("split-power.defense",) if target.split else ()) + (
        ("wounded",) if target.damage + amount < defense and not lethal else ())
    events.append(Damaged(target.id, target.name, source.id if source else None, src, amount,
                          target.damage + amount, defense, target.split, rules=rules, from_card=lethal_quote))
    return state, events


def changed(amount: int, change: str, n: int) -> int:
    """Damage after one modification: less, more, at most N, none, double."""
    return max(0, amount - n) if change == "less" else amount + n if change == "more" else \
        min(amount, n) if change == "at_most" else 0 if change == "none" else amount * 2


def _avatar_hit(target: Unit, source: Unit | None, src: str, amount: int) -> Event:
    """The damage an Avatar was dealt, for the triggers that hear it (its life loss tells it)."""
    return AvatarDamaged(target.id, target.name, source.id if source else None, src, amount, rules=("damage.avatar",))


def _unit_obj(unit: Unit) -> Any:
    from codex.engine.effects.context import Obj
    return Obj("unit", unit.id)


def _lethal_card(origin: Any) -> bool:
    """A spell with Lethal (Poison Nova) deals lethal damage."""
    card = getattr(origin, "card", None)
    if card is None or card.kind != "card":
        return False
    data = getattr(card.key.card, "data", None)
    if data is None or not data.text:
        return False
    from codex.engine.abilities import abilities_of
    return abilities_of(data.text, data.name, spell=data.type == "magic").keywords.lethal


#: What a strike's own trigger changing its damage rests on (`effects.strike_hooks`).
HOOK_RULES = ("prevention-effect.order", "replacement-effect.immediate")


def _modifications(state: GameState, target: Unit, origin: Any, striker: Unit | None = None
                   ) -> list[tuple[str, str, int, Any, tuple[str, ...]]]:
    """The damage modifications applying to ``target``, in the order they apply (the active
    player's first, Codex "Damage"): ongoing effects, and for a strike (``striker``), the triggers
    on that strike that change its damage (`effects.strike_hooks`: the next strike of an ally
    dealing double damage)."""
    changes: list[tuple[str, str, int, Any, str, tuple[str, ...]]] = []
    if state.statics:
        from codex.engine.effects.statics import damage_changes
        changes += [c + ((),) for c in damage_changes(state, target, origin)]
    if state.lasting:
        from codex.engine.effects.lasting_damage import changes as lasting_changes
        changes += [c + ((),) for c in lasting_changes(state, target)]
    if striker is not None:
        from codex.engine.effects.strike_hooks import strike_changes
        changes += [c + (HOOK_RULES,) for c in strike_changes(state, striker, target)]
    active = state.turn.active
    changes = [c for c in changes if c[4] == active] + [c for c in changes if c[4] != active]
    return [(name, change, n, quote, extra) for name, change, n, quote, _, extra in changes]


def break_ward(state: GameState, unit_id: str, instead: str) -> Resolved:
    """The unit's Ward breaks instead of what the opponent's spell or ability would do to it."""
    u = state.unit(unit_id)
    if u is None:
        return state, []
    state = state.with_unit(replace(u, keywords=replace(u.keywords, ward=False)))
    return state, _evil_ward_readings(u) + [WardBroke(u.id, u.name, instead, rules=("ward", "replacement-effect") + (
        ("unit",) if u.is_avatar else ()))]


def _evil_ward_readings(u: Unit) -> list[Event]:
    """An `ambiguity` note when an evil minion's own card says Ward: the rulebook's "Evil minions
    can't be warded" and the card's own text, which the Silver Rule puts first in a direct conflict.
    The Ward stands (the reading taken); a Ward only given to it does not take (`ongoing.own_keywords`)."""
    from codex.engine.ongoing import is_evil
    if not is_evil(u):
        return []
    kinds = ", ".join(u.subtypes)
    return [Note("ambiguity", f"{u.name} is evil ({kinds}) and its own card says Ward: read by the rulebook's "
                 "Evil entry it has no Ward (“Evil minions can't be warded”); read by the Silver Rule, the "
                 "card's own text takes precedence in a direct conflict and the Ward stands (the reading this "
                 "engine takes).", {"unit": u.id}, rules=("ward.evil", "the-silver-rule"))]


def attack_cause(state: GameState, striker: Unit | None) -> Any:
    """The attack being resolved, as the cause of what ``striker``'s strike does (None when no attack is
    being resolved or the striker is no party to it): "due to an undefended attack"."""
    from codex.engine.events import AttackCause
    attack = state.attacking
    if attack is None or striker is None or striker.id not in (attack.attacker, attack.unit, *attack.defenders):
        return None
    at = attack.at
    if at is None:
        mover = state.unit(attack.attacker)
        at = mover.location if mover is not None else None
    return AttackCause(attack.attacker, bool(attack.defenders), at)


def lose_life(state: GameState, player_id: str, amount: int, because: str,
              rules: tuple[str, ...], damage: bool = False, attack: Any = None) -> Resolved:
    """Life loss (from damage to an avatar or a struck site); reaching 0 is death's door. ``attack``:
    the attack whose strike caused it (`attack_cause`)."""
    player = state.player(player_id)
    if player.at_deaths_door:
        extra = ("deaths-door",) + (() if damage else ("death-blow.life-loss",))
        return state, [LifeUnchanged(player_id, because, damage, rules=rules + extra)]
    life = max(0, player.life - amount)
    state = state.with_player(replace(player, life=life))
    floor = ("life.min",) if amount > player.life else ()     # Codex "Life": never below zero
    events: list[Event] = [LifeLost(player_id, amount, player.life, life, because, attack, rules=rules + floor)]
    if life == 0:
        state = state.with_player(replace(state.player(player_id), deaths_door_turn=state.turn.number))
        events.append(ReachedDeathsDoor(player_id, rules=("deaths-door", "deaths-door.immune")))
    return state, events


# ---------------------------------------------------------------- strikes and fights

def strike_power(state: GameState, unit: Unit) -> tuple[int, list[str]]:
    """Damage of the unit's next strike and the rules that set it (attack power, Lances)."""
    rules = ["strike"] + (["strike.split-power"] if unit.split else [])
    power = power_of(state, unit)[0]
    carried = lances(state, unit)
    if carried:
        power += carried
        rules += ["lance"] + (["lance.multiple"] if carried > 1 else [])
    return power, rules


def break_lances(state: GameState, unit_id: str) -> Resolved:
    """Every Lance the striker carries breaks; a Lance is a token, so it is banished (Codex "Lance")."""
    u = state.unit(unit_id)
    broken = [a for a in state.carried_artifacts(unit_id) if a.is_lance] if u else []
    if u is None or not broken:
        return state, []
    for a in broken:
        state = state.remove_artifact(a.id, "banished")
    return state, [LanceBroke(u.id, u.name, len(broken), rules=("lance", "lance.token"))]


def interact(state: GameState, unit_id: str, why: str, rules: tuple[str, ...] = ()) -> Resolved:
    """The unit interacted with the realm (struck, cast a spell, activated a special ability,
    dealt damage): it can no longer Drop this turn, and a minion loses Stealth (Codex "Interact",
    "Stealth")."""
    u = state.unit(unit_id)
    if u is None:
        return state, []
    if not u.interacted:
        state = state.with_unit(u := replace(u, interacted=True))
    lent = bool(state.lasting) and any(e.keywords.stealth for e in state.lasting if e.covers(u))
    if not u.keywords.stealth and not lent:
        return state, []
    if u.keywords.stealth:
        state = state.with_unit(u := replace(u, keywords=replace(u.keywords, stealth=False)))
    if lent and keywords_at(state, u).stealth:
        # Stealth an effect gave ("gains Stealth"): lost all the same, by a later effect taking it
        # away (ongoing effects apply in timestamp order), which also ends "until it no longer has Stealth"
        from codex.engine.keywords import Keywords
        from codex.engine.state import Lasting
        state = state.evolve(lasting=state.lasting + (Lasting(
            f"stealth-lost:{u.id}#{len(state.lasting)}", u.name, u.controller, "permanent", (u.id,),
            lost=Keywords(stealth=True)),))
    return state, [StealthLost(u.id, u.name, why, rules=("stealth.lost", "interact") + rules)]


def lose_stealth(state: GameState, unit_id: str) -> Resolved:
    """A unit that strikes loses Stealth (Codex "Stealth": striking is interacting)."""
    return interact(state, unit_id, "struck", ("stealth.after-strike",))


def after_strike(state: GameState, unit_id: str) -> Resolved:
    """What striking costs the striker: its Lances break and it loses Stealth."""
    state, broke = break_lances(state, unit_id)
    state, lost = lose_stealth(state, unit_id)
    return state, broke + lost


def _last_note(state: GameState, uid: str, name: str, quote: CardQuote) -> Event:
    """A unit that strikes last: when, and that the Codex is silent on it (`effects.strike_order`)."""
    alive = state.unit(uid) is not None and disabled_by(state, state.unit(uid)) is None  # type: ignore[arg-type]
    when = "it strikes now, after the other strikes of the fight" if alive else \
        "it is no longer in the fight when its turn to strike comes, so it never strikes"
    return Note("strike_last", f"{name} strikes last: {when}. The Codex names only a first-strike window before "
                "the normal strikes and says nothing of striking last; this ruling reads it as a window after "
                "them.", {"unit": uid}, rules=("fight.sequence", "strike.simultaneous"), from_card=quote)


def _strikes_before(state: GameState, unit: Unit, enemies: list[Unit]) -> CardQuote | None:
    from codex.engine.effects.strike_order import strikes_before
    return strikes_before(state, unit, enemies)


def _strikes_last(state: GameState, unit: Unit) -> CardQuote | None:
    from codex.engine.effects.strike_order import strikes_last
    return strikes_last(state, unit)


def strikes_first(state: GameState, unit: Unit) -> bool:
    return lances(state, unit) > 0 or keywords_at(state, unit).first_strike


def allocate(state: GameState, striker: Unit, power: int, targets: list[Unit],
             assign: dict[str, dict[str, int]]) -> dict[str, int]:
    """Split a strike among struck units: as declared, else enough to kill each in order."""
    if len(targets) == 1:
        return {targets[0].id: power}
    declared = assign.get(striker.id)
    ids = [t.id for t in targets]
    if declared is not None:
        if set(declared) - set(ids) or sum(declared.values()) != power or any(v < 0 for v in declared.values()):
            raise IllegalAction(Reason.BAD_DAMAGE_SPLIT,
                                f"{striker.name} must split exactly {power} damage among {', '.join(ids)}",
                                "strike.multiple-total", f"/action/assign/{striker.id}")
        return {i: declared.get(i, 0) for i in ids}
    out = {i: 0 for i in ids}
    left = power
    lethal = keywords_at(state, striker).lethal
    for t in targets:
        if left <= 0:
            break
        need = left if t.is_avatar else (1 if lethal else max(1, power_of(state, t)[1] - t.damage))
        give = min(left, need)
        out[t.id] += give
        left -= give
    if left:
        out[ids[0]] += left
    return out


def _no_strike_back(state: GameState, unit: Unit) -> Event | None:
    """The unit does not strike back while defending, if an ongoing effect (its own text) says so."""
    if not state.statics:
        return None
    from codex.engine.effects.context import Obj
    from codex.engine.effects.statics import forbids
    found = forbids(state, "strike_back", Obj("unit", unit.id))
    if found is None:
        return None
    return StrikeWithheld(unit.id, unit.name, f"{unit.name} doesn't strike back while defending",
                          rules=("the-silver-rule", "fight"), from_card=found.quote)


def fight(state: GameState, side_a: list[str], side_b: list[str],
          assign: dict[str, dict[str, int]] | None = None, defending: tuple[str, ...] = ()) -> Resolved:
    """Resolve a fight: first strikes, then the survivors' strikes, each batch simultaneous and
    brought to rest (deaths) before the next. A disabled unit does not strike (whether it attacked,
    defends, intercepts or was attacked): it deals no damage. Nor does one of ``defending`` (the
    attacked side of an attack) whose text says it doesn't strike back."""
    assign = assign or {}
    events: list[Event] = []
    struck_already: set[str] = set()
    fighters = {uid: u.name for uid in side_a + side_b if (u := state.unit(uid)) is not None}
    last_ones = {uid: q for uid in side_a + side_b if (u := state.unit(uid)) is not None
                 and not strikes_first(state, u) and (q := _strikes_last(state, u)) is not None}
    for window in ("first", "normal", "last"):
        first = window == "first"
        if window == "last":
            events += [_last_note(state, uid, fighters[uid], q) for uid, q in last_ones.items()]
        withheld: list[Event] = []
        for uid in side_a + side_b:
            u = state.unit(uid)
            cause = disabled_by(state, u) if u is not None and uid not in struck_already else None
            if cause is not None and u is not None:
                struck_already.add(uid)
                withheld.append(StrikeWithheld(uid, u.name, f"{u.name} is disabled, and a disabled minion cannot "
                                               "strike", rules=(cause, "disabled", "disabled.fight")))
            elif u is not None and uid in defending and uid not in struck_already and (
                    held := _no_strike_back(state, u)) is not None:
                struck_already.add(uid)
                withheld.append(held)
        events += withheld
        strikes: list[tuple[Unit, int, dict[str, int], list[str]]] = []
        for mine, theirs in ((side_a, side_b), (side_b, side_a)):
            enemies = [u for u in (state.unit(i) for i in theirs) if u is not None]
            for uid in mine:
                u = state.unit(uid)
                if u is None or uid in struck_already or not enemies:
                    continue
                early = strikes_first(state, u) or _strikes_before(state, u, enemies) is not None
                late = not early and _strikes_last(state, u) is not None
                if (window == "first") != early or (window == "last") != late:
                    continue
                power, rules = strike_power(state, u)
                strikes.append((u, power, allocate(state, u, power, enemies, assign), rules))
        if not strikes:
            continue
        batch: list[Event] = []
        for u, power, split, rules in strikes:
            struck_already.add(u.id)
            extra = ["strike.multiple"] if len(split) > 1 else []
            if first:
                extra.append("fight.sequence")
            elif len(strikes) > 1:
                extra.append("strike.simultaneous")
            if power == 0:
                extra.append("strike.zero")
            names = {t: state.unit(t).name for t in split if state.unit(t) is not None}  # type: ignore[union-attr]
            quote = None
            if first and not lances(state, u):
                from codex.engine.effects.statics import keyword_sources
                quote = next(iter(keyword_sources(state, u, "first_strike")), None) or \
                    _strikes_before(state, u, [e for t in split if (e := state.unit(t)) is not None])
            if window == "last":
                quote = _strikes_last(state, u)
            quote = quote or _power_quote(state, u)
            batch += _uncounted(state, u)
            batch.append(Struck(u.id, u.name, power, split, names, first, rules=tuple(rules + extra),
                                from_card=quote))
        for u, power, split, rules in strikes:
            dealt_now = 0
            for tid, n in split.items():
                state, dealt = deal_damage(state, tid, n, u)
                batch += dealt
                dealt_now += sum(e.amount for e in dealt if isinstance(e, (Damaged, LifeLost)))
                if state.statics and n > 0:       # "its strikes splash full damage to ..." (`effects/splash.py`)
                    from codex.engine.effects.splash import splash
                    state, splashed = splash(state, u, tid, n)
                    batch += splashed
            if dealt_now and state.statics:
                state, healed = strike_heals(state, u, dealt_now)
                batch += healed
        for u, *_ in strikes:
            state, spent = after_strike(state, u.id)
            batch += spent
        state, rest = settle(state, batch)
        events += offered(batch) + rest     # heard here once, whatever storyline the fight is part of
    # the fight is over: "Whenever X fights" hears it (after its strikes, deaths and their triggers)
    from codex.engine.events import Fought
    fought = tuple(fighters[uid] for uid in side_a + side_b if uid in fighters)
    done = Fought(tuple(side_a), tuple(side_b), fought, rules=("fight",))
    state, rest = settle(state, [done])
    return state, events + offered([done]) + rest


def strike_heals(state: GameState, striker: Unit, amount: int) -> Resolved:
    """"X's strike damage against units heals you": the card's controller gains that much life, up
    to the maximum; nothing at death's door (Codex "Healing")."""
    from codex.engine.effects.statics import lifelinks
    from codex.engine.events import LifeGained, Note
    events: list[Event] = []
    links = lifelinks(state, striker)
    if links and state.statics:          # "All healing is halved, rounded up"
        from codex.engine.effects.statics import healing_notes
        amount, notes = healing_notes(state, amount)
        events += notes
    for pid, quote in links:
        player = state.player(pid)
        if player.at_deaths_door:
            events.append(Note("heal_fails", f"{pid} is at death's door: the healing fails.", {"player": pid},
                               rules=("healing.deaths-door",), from_card=quote))
            continue
        life = min(player.max_life, player.life + amount)
        if life == player.life:
            continue
        state = state.with_player(replace(player, life=life))
        events.append(LifeGained(pid, amount, player.life, life, rules=("healing", "healing.cap"), from_card=quote))
    return state, events


def _uncounted(state: GameState, unit: Unit) -> list[Event]:
    """A striker's "for each" power changes the engine could not count, said before its strike."""
    if not state.statics:
        return []
    from codex.engine.effects.statics import uncounted_notes
    return uncounted_notes(state, unit, "strike is dealt")


def _power_quote(state: GameState, unit: Unit) -> CardQuote | None:
    """The card sentence changing the striker's power now ("Other allies have +2 power while
    successfully attacking sites"), quoted by its strike; the first of them if several."""
    from codex.engine.effects.statics import power_changes
    return next(iter(power_changes(state, unit)), None)


def strike_site(state: GameState, attacker: Unit, site: Site) -> Resolved:
    """An undefended site is struck: its controller loses that much life (not damage)."""
    power, rules = strike_power(state, attacker)
    dealt, modified = _site_strike_changes(state, attacker, site, power)
    events: list[Event] = _uncounted(state, attacker) + [SiteStruck(attacker.id, attacker.name, site.square, site.name, power,
                                      None if dealt == power else dealt,
                                      rules=tuple(rules + ["attack.site", "defender.undefended"] + (
                                          ["strike.zero"] if power == 0 else [])),
                                      from_card=_power_quote(state, attacker))] + modified
    power = dealt
    loss = power
    if power > 0 and site.controller and state.statics:
        from codex.engine.effects.statics import life_cap
        cap = life_cap(state, attacker)
        if cap is not None and cap[0] < power:     # "life loss from nearby units capped at 2"
            loss = cap[0]
            events.append(Note("life_capped", f"The life {site.controller} would lose from {attacker.name} is reduced to "
                               f"{loss}.", {"player": site.controller, "before": power, "after": loss},
                               rules=("damage.reduce",), from_card=cap[1]))
    if power > 0 and site.controller:
        state, lost = lose_life(state, site.controller, loss, f"{site.name} is struck for {power}",
                                ("damage.site", "attack.site-no-death-blow"), attack=attack_cause(state, attacker))
        events += lost
    state, spent = after_strike(state, attacker.id)
    return state, events + spent


def _site_strike_changes(state: GameState, attacker: Unit, site: Site, power: int) -> tuple[int, list[Event]]:
    """The damage a struck site takes once the changes to the damage its striker deals apply ("Bearer
    deals double damage", "Enemy minions here deal no damage": Codex "Damage", modification), with
    the events telling each change."""
    if power <= 0 or not state.statics:
        return power, []
    from codex.engine.effects.context import Obj
    from codex.engine.effects.damage_sources import origin_of
    from codex.engine.effects.statics import dealt_changes
    events: list[Event] = []
    for name, change, n, quote, _ in dealt_changes(state, Obj("site", site.square), origin_of(state, attacker, "strike")):
        if change == "at_most":     # a cap on damage and life loss: the life lost is capped (`life_cap`)
            continue
        new = changed(power, change, n)
        if new != power:
            events.append(DamageModified(f"site:{site.square}", site.name, name, power, new, from_card=quote,
                                         rules=("damage.order", "damage.reduce" if new < power else "damage.modify")))
            power = new
    return power, events


def _immune(state: GameState, unit: Unit) -> bool:
    from codex.engine.effects.statics import prevented
    return prevented(state, unit) is not None
