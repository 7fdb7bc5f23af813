"""Shoot: a unit's Ranged ability, or a spell's projectile fired from it."""
from __future__ import annotations

from dataclasses import replace

from codex.engine import document as D
from codex.engine.actions.base import Outcome, Resolution, handles
from codex.engine.actions.movement import fight_summary
from codex.engine.activation import activation_reason, disabled_reason, tap_rules
from codex.engine.combat import after_strike, deal_damage, strike_power
from codex.engine.events import Activated, Event, NotHit, ProjectileFlew, ProjectileHit, ProjectileStruck, Tapped
from codex.engine.ongoing import keywords_at
from codex.engine.projectiles import fly
from codex.engine.reasons import Reason
from codex.engine.ruling import Verdict


@handles(D.Shoot, Verdict.RESOLVED, Verdict.GAME_OVER, Verdict.ILLEGAL, Verdict.AMBIGUOUS)
def shoot(res: Resolution, a: D.Shoot, ptr: str) -> Outcome:
    unit = res.unit(a.unit, ptr + "/unit")
    kw = keywords_at(res.state, unit)
    ranged = a.projectile_damage is None
    steps: int | None
    found = disabled_reason(res.state, unit)
    if found:   # a disabled minion cannot shoot projectiles, whatever grants the shot
        raise res.illegal((found[0], found[1]), f"{unit.name} cannot shoot a projectile", ptr + "/unit")
    if ranged:
        if kw.ranged is None:
            raise res.illegal((Reason.NO_RANGED, "ranged"), unit.name, ptr + "/unit")
        found = activation_reason(res.state, unit)
        if found:
            raise res.illegal(found, f"{unit.name} cannot shoot", ptr + "/unit")
        steps = a.range if a.range is not None else kw.ranged + kw.range_bonus + a.range_bonus
        res.state = res.state.with_unit(replace(unit, tapped=True))
        res.emit(Tapped(unit.id, unit.name),
                 Activated(unit.id, unit.name, "Ranged", unit.location,
                           detail=f"shoot a projectile {a.direction.value} that stops after {steps} step(s)",
                           rules=("ranged",) + (("ranged.x",) if kw.ranged > 1 else ()) + tap_rules(res.state, unit)))
    else:
        steps = a.range
    flight = fly(res.state, unit, a.direction, steps, a.piercing, list(a.hit))
    rules = ("projectile", "projectile.first-unit") + (("projectile.piercing",) if a.piercing else ()) + (
        ("projectile.choose",) if set(a.hit) & set(flight.hits) else ())
    res.emit(ProjectileFlew(unit.id, flight.path, flight.stopped, flight.hits, rules=rules))
    for sid in dict.fromkeys(flight.skipped_stealth):
        hidden = res.state.unit(sid)
        res.emit(NotHit(sid, hidden.name if hidden else sid, rules=("projectile.stealth",)))
    path = [loc.to_json() for loc in flight.path]
    if not flight.hits:
        return res.done(Verdict.RESOLVED, f"{unit.name}'s projectile hits nothing.", projectile=path)
    batch: list[Event] = []
    hit_names = ", ".join(u.name for u in (res.state.unit(h) for h in flight.hits) if u is not None)
    for hid in flight.hits:
        hit = res.state.unit(hid)
        assert hit is not None
        if ranged:
            power, prules = strike_power(res.state, unit)
            batch.append(ProjectileStruck(unit.id, unit.name, hid, hit.name, power,
                                          rules=tuple(prules + ["ranged.strike"])))
        else:
            power = a.projectile_damage or 0
            batch.append(ProjectileHit(hid, hit.name, power, rules=("projectile",)))
        res.state, dealt = deal_damage(res.state, hid, power, unit, "strike" if ranged else "damage")
        batch += dealt
    if ranged:
        res.state, spent = after_strike(res.state, unit.id)
        batch += spent
    res.settle(batch)
    return res.done(res.result_verdict(), f"{unit.name}'s projectile hits {hit_names}: "
                    + fight_summary(res.state, list(flight.hits)), projectile=path)
