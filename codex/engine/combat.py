"""Attacks, Defend, Intercept, fights, strikes and damage.

Legality questions (`attack_reason`, `defend_reason`, `intercept_reason`) are pure; the
resolution functions take a state and a Log and return the new state.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Union

from codex.engine.abilities import tap_reason
from codex.engine.effects import airborne_now, damage_reduction, keywords_at
from codex.engine.exceptions import IllegalAction
from codex.engine.geometry import Location, Region
from codex.engine.reasons import Reason, explain
from codex.engine.ruling import Log
from codex.engine.state import GameState, Site, Unit


@dataclass(frozen=True)
class UnitTarget:
    unit: str


@dataclass(frozen=True)
class SiteTarget:
    square: int


Target = Union[UnitTarget, SiteTarget]

Found = tuple[Reason, str] | None


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


def attack_reason(state: GameState, attacker: Unit, target: Target) -> Found:
    """Is `target` a legal attack target for `attacker` right now?"""
    if isinstance(target, SiteTarget):
        site = state.site_at(target.square)
        if site is None:
            return Reason.NO_SITE_THERE, "attack.target"
        if attacker.location.square != target.square:
            return Reason.NOT_AT_LOCATION, "attack.target"
        if attacker.location.region is not Region.SURFACE:
            return Reason.SITE_NOT_ON_SURFACE, "attack.target"
        if site.rubble or site.controller is None or site.controller == attacker.controller:
            return Reason.NOT_AN_ENEMY, "attack.target"
        return None
    defender = state.unit(target.unit)
    if defender is None:
        return Reason.UNIT_GONE, "attack.illegal"
    if defender.controller == attacker.controller:
        return Reason.NOT_AN_ENEMY, "enemy"
    if defender.location != attacker.location:
        return Reason.NOT_AT_LOCATION, "attack.target"
    if defender.is_minion and keywords_at(state, defender).stealth:
        return Reason.STEALTH_TARGET, "stealth"
    if airborne_now(state, defender) and not airborne_now(state, attacker):
        return Reason.AIRBORNE_TARGET, "airborne.attack"
    return None


def defend_reason(state: GameState, defender: Unit, attacker: Unit, attack_at: Location) -> Found:
    """May `defender` use Defend against `attacker`'s attack at `attack_at`?"""
    from codex.engine.movement import range_of_motion
    if defender.controller == attacker.controller:
        return Reason.SAME_SIDE, "defend"
    if attacker.is_minion and keywords_at(state, attacker).stealth:
        return Reason.ATTACKER_HAS_STEALTH, "stealth"
    found = tap_reason(state, defender)
    if found:
        return (found[0], "defend.untapped") if found[0] is Reason.TAPPED else found
    if attack_at not in range_of_motion(state, defender):
        return Reason.OUT_OF_RANGE_OF_MOTION, "defend.when"
    return None


def intercept_reason(state: GameState, interceptor: Unit, mover: Unit, *, used_move_and_attack: bool = True,
                     attacked: bool = False) -> Found:
    """May `interceptor` intercept `mover`, which finished its movement where it now is?"""
    if not used_move_and_attack:
        return Reason.NOT_MOVE_AND_ATTACK, "intercept.only-move-and-attack"
    if attacked:
        return Reason.ENEMY_ATTACKED, "intercept"
    if interceptor.controller == mover.controller:
        return Reason.SAME_SIDE, "intercept"
    found = tap_reason(state, interceptor)
    if found:
        return (found[0], "intercept.untapped") if found[0] is Reason.TAPPED else found
    if interceptor.location != mover.location:
        return Reason.NOT_AT_FINAL_LOCATION, "intercept.no-move"
    if mover.is_minion and keywords_at(state, mover).stealth:
        return Reason.MOVER_HAS_STEALTH, "intercept.stealth-airborne"
    if airborne_now(state, mover):
        kw = keywords_at(state, interceptor)
        if not (airborne_now(state, interceptor) or kw.ranged is not None):
            return Reason.AIRBORNE_NEEDS_AIRBORNE_OR_RANGED, "airborne.intercept"
    return None


# ---------------------------------------------------------------- damage

class DamageContext:
    """Collects what a batch of simultaneous damage did, for deaths and death blows."""

    def __init__(self) -> None:
        self.lethal_hit: set[str] = set()
        self.death_blows: list[str] = []   # player ids whose avatar took a death blow


def deal_damage(state: GameState, target_id: str, amount: int, source: Unit | None, log: Log,
                ctx: DamageContext, what: str = "strike") -> GameState:
    """Damage in order: incoming, modification (reductions), prevention (immunity), then effects."""
    target = state.unit(target_id)
    if target is None:
        return state
    src = source.name if source else "the effect"
    incoming = amount
    for name, n in damage_reduction(state, target):
        if amount > 0:
            new = max(0, amount - n)
            log.add("modify_damage", f"{name} reduces the damage to {target.name} from {amount} to {new}.",
                    ["damage.order", "damage.reduce"], unit=target.id, before=amount, after=new)
            amount = new
    if amount <= 0:
        rules = ["zero.damage"] + (["lethal.zero"] if source and keywords_at(state, source).lethal and incoming else [])
        log.add("no_damage", f"{src}'s {what} deals no damage to {target.name}: zero damage is no damage.",
                rules, unit=target.id)
        return state
    if target.immune_to_damage:
        log.add("prevent_damage", f"{target.name} is immune to damage; the {amount} damage is prevented.",
                ["damage.prevent"], unit=target.id)
        return state
    if target.is_avatar:
        player = state.player(target.controller)
        if player.at_deaths_door:
            if player.deaths_door_turn == state.turn.number:
                log.add("prevent_damage", f"{target.name} reached death's door this turn and is immune to damage; "
                        f"the {amount} damage is prevented.", ["deaths-door.immune", "damage.prevent"],
                        unit=target.id, player=player.id)
                return state
            ctx.death_blows.append(player.id)
            log.add("death_blow", f"{src} deals {amount} damage to {target.name}, who is at death's door: a death blow.",
                    ["deaths-door.after", "death-blow"], unit=target.id, player=player.id, amount=amount)
            return state
        return lose_life(state, player.id, amount, log, f"{src} deals {amount} damage to {target.name}",
                         ["damage.avatar"], damage=True)
    state = state.with_unit(replace(target, damage=target.damage + amount))
    rules = ["strike"] if what == "strike" else []
    log.add("damage", f"{src} deals {amount} damage to {target.name} ({target.damage + amount} damage "
            f"against {'defense ' if target.split else ''}power {target.defense}).",
            rules + (["split-power.defense"] if target.split else []), unit=target.id, amount=amount,
            total=target.damage + amount)
    if source is not None and keywords_at(state, source).lethal and target.is_minion:
        ctx.lethal_hit.add(target.id)
    return state


def lose_life(state: GameState, player_id: str, amount: int, log: Log, because: str,
              rules: list[str], damage: bool = False) -> GameState:
    """Life loss (from damage to an avatar or a struck site); reaching 0 is death's door."""
    player = state.player(player_id)
    if player.at_deaths_door:
        log.add("life_unchanged", f"{because}; {player_id} is at death's door, so their life cannot change"
                + ("" if damage else ", and losing life is never a death blow") + ".",
                rules + ["deaths-door"] + ([] if damage else ["death-blow.life-loss"]), player=player_id)
        return state
    life = max(0, player.life - amount)
    state = state.with_player(replace(player, life=life))
    log.add("lose_life", f"{because}: {player_id} loses {amount} life ({player.life} to {life}).",
            rules, player=player_id, amount=amount, life=life)
    if life == 0:
        state = state.with_player(replace(state.player(player_id), deaths_door_turn=state.turn.number))
        log.add("deaths_door", f"{player_id} is reduced to 0 life and is at death's door; their Avatar is "
                f"immune to damage for the rest of this turn.", ["deaths-door", "deaths-door.immune"],
                player=player_id)
    return state


def resolve_deaths(state: GameState, log: Log, ctx: DamageContext) -> GameState:
    """Minions with lethal damage or damage >= (defense) power die; death blows end the game."""
    for u in list(state.units):
        if not u.is_minion:
            continue
        if u.id in ctx.lethal_hit:
            state = state.remove_unit(u.id, "died")
            log.add("died", f"{u.name} dies: any damage from a Lethal unit kills a minion.", ["lethal"],
                    unit=u.id, at=u.location.to_json())
        elif u.damage > 0 and u.damage >= u.defense:
            state = state.remove_unit(u.id, "died")
            rules = ["damage.minion"] + (["split-power.defense"] if u.split else []) + (["zero.power"] if u.defense == 0 else [])
            log.add("died", f"{u.name} dies with {u.damage} damage against {'defense ' if u.split else ''}power {u.defense}.",
                    rules, unit=u.id, at=u.location.to_json())
    if ctx.death_blows and not state.over:
        losers = set(ctx.death_blows)
        if len(losers) > 1:
            state = state.evolve(draw=True)
            log.add("draw", "Both Avatars suffered a death blow at once: the game is a draw.", ["death-blow.draw"])
        else:
            loser = losers.pop()
            state = state.evolve(winner=state.opponent(loser))
            log.add("game_over", f"{state.opponent(loser)} wins: {loser}'s Avatar suffered a death blow.",
                    ["death-blow"], winner=state.opponent(loser))
    ctx.lethal_hit.clear()
    ctx.death_blows.clear()
    return state


# ---------------------------------------------------------------- strikes and fights

def strike_power(state: GameState, unit: Unit) -> tuple[int, list[str]]:
    """Damage of the unit's next strike and the rules that set it (attack power, Lances)."""
    rules = ["strike"] + (["strike.split-power"] if unit.split else [])
    power = unit.attack
    if unit.lances:
        power += unit.lances
        rules += ["lance"] + (["lance.multiple"] if unit.lances > 1 else [])
    return power, rules


def break_lances(state: GameState, unit_id: str, log: Log) -> GameState:
    u = state.unit(unit_id)
    if u is None or not u.lances:
        return state
    kept = tuple(a for a in u.artifacts if a.lower() != "lance")
    log.add("lance_breaks", f"{u.name}'s Lance{'s' if u.lances > 1 else ''} break{'' if u.lances > 1 else 's'}.",
            ["lance"], unit=u.id)
    return state.with_unit(replace(u, artifacts=kept))


def strikes_first(state: GameState, unit: Unit) -> bool:
    return unit.lances > 0 or keywords_at(state, unit).first_strike


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
        need = left if t.is_avatar else (1 if lethal else max(1, t.defense - t.damage))
        give = min(left, need)
        out[t.id] += give
        left -= give
    if left:
        out[ids[0]] += left
    return out


def fight(state: GameState, side_a: list[str], side_b: list[str], log: Log,
          assign: dict[str, dict[str, int]] | None = None) -> GameState:
    """Resolve a fight: first strikes, deaths, then normal strikes of the survivors, deaths."""
    assign = assign or {}
    struck_already: set[str] = set()
    for first in (True, False):
        strikes: list[tuple[Unit, int, dict[str, int], list[str]]] = []
        for mine, theirs in ((side_a, side_b), (side_b, side_a)):
            enemies = [u for u in (state.unit(i) for i in theirs) if u is not None]
            for uid in mine:
                u = state.unit(uid)
                if u is None or uid in struck_already or not enemies:
                    continue
                if first and not strikes_first(state, u):
                    continue
                power, rules = strike_power(state, u)
                split = allocate(state, u, power, enemies, assign)
                strikes.append((u, power, split, rules))
        if not strikes:
            continue
        ctx = DamageContext()
        for u, power, split, rules in strikes:
            struck_already.add(u.id)
            targets = ", ".join(f"{state.unit(t).name} {n}" for t, n in split.items() if state.unit(t))
            extra = ["strike.multiple"] if len(split) > 1 else []
            if first:
                extra.append("fight.sequence")
            elif len(strikes) > 1:
                extra.append("strike.simultaneous")
            if power == 0:
                extra.append("strike.zero")
            log.add("strike", f"{u.name} strikes{' first' if first else ''} for {power} ({targets}).",
                    rules + extra, unit=u.id, power=power, split=split, first=first)
        for u, power, split, rules in strikes:
            for tid, n in split.items():
                state = deal_damage(state, tid, n, u, log, ctx)
        for u, *_ in strikes:
            state = break_lances(state, u.id, log)
            state = lose_stealth(state, u.id, log)
        state = resolve_deaths(state, log, ctx)
    return state


def lose_stealth(state: GameState, unit_id: str, log: Log) -> GameState:
    u = state.unit(unit_id)
    if u is None or not u.keywords.stealth:
        return state
    log.add("lose_stealth", f"{u.name} loses Stealth after interacting with the realm.", ["stealth.lost"], unit=u.id)
    return state.with_unit(replace(u, keywords=replace(u.keywords, stealth=False)))


def strike_site(state: GameState, attacker: Unit, site: Site, log: Log) -> GameState:
    """An undefended site is struck: its controller loses that much life (not damage)."""
    power, rules = strike_power(state, attacker)
    log.add("strike_site", f"{attacker.name} strikes {site.name} (square {site.square}) for {power}.",
            rules + ["attack.site"] + (["strike.zero"] if power == 0 else []), unit=attacker.id, square=site.square, power=power)
    if power > 0 and site.controller:
        state = lose_life(state, site.controller, power, log, f"{site.name} is struck for {power}",
                          ["damage.site", "attack.site-no-death-blow"])
    state = break_lances(state, attacker.id, log)
    return lose_stealth(state, attacker.id, log)


def explain_found(found: Found) -> str:
    return explain(found[0]) if found else ""
