"""Shoot: a unit's Ranged ability, or a spell's projectile fired from it."""
from __future__ import annotations

from dataclasses import replace

from codex.engine import document as D
from codex.engine.actions.base import Outcome, Resolution, handles, place
from codex.engine.actions.movement import fight_summary
from codex.engine.activation import activation_reason, disabled_reason, tap_rules
from codex.engine.combat import after_strike, deal_damage, interact, strike_power
from codex.engine.events import (Activated, Event, Note, NotHit, ProjectileFlew, ProjectileHit, ProjectileStruck,
                                 StealthLost, Tapped)
from codex.engine.forced import resolve_moves
from codex.engine.geometry import Location
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
        if a.range is None and kw.range_bonus:
            from codex.engine.effects.statics import keyword_sources
            for quote in keyword_sources(res.state, unit, "range_bonus"):
                res.emit(Note("range", f"{quote.card} gives {unit.name} +{kw.range_bonus} range.", {"unit": unit.id},
                              rules=("ranged.plus-range", "ongoing-effect"), from_card=quote))
        res.state = res.state.with_unit(replace(unit, tapped=True))
        res.emit(Tapped(unit.id, unit.name),
                 Activated(unit.id, unit.name, "Ranged", unit.location,
                           detail=f"shoot a projectile {a.direction.value} that stops after {steps} step(s)",
                           rules=("ranged",) + (("ranged.x",) if kw.ranged > 1 else ()) + tap_rules(res.state, unit)))
    else:
        steps = a.range
    origin = place(res.state, a.origin) if a.origin is not None else None
    if origin is not None and not res.state.occupies(unit, origin):
        raise res.illegal((Reason.NOT_HERE, "oversized-units.one-location"), f"{unit.name} shooting from the {origin}",
                          ptr + "/origin")
    flight = fly(res.state, unit, a.direction, steps, a.piercing, list(a.hit), origin)
    big = any((h := res.state.unit(x)) is not None and h.oversized for x in flight.hits)
    rules = ("projectile", "projectile.first-unit") + (("projectile.piercing",) if a.piercing else ()) + (
        ("projectile.oversized",) if a.piercing and big else ()) + (
        ("projectile.choose",) if set(a.hit) & set(flight.hits) else ())
    res.emit(ProjectileFlew(unit.id, flight.path, flight.stopped, flight.hits, rules=rules,
                                from_card=flight.barred_by))
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
        # Ranged is a special ability and a spell's projectile a spell: an enemy's Ward breaks instead.
        foe = (f"{unit.name}'s Ranged" if ranged else "the spell's projectile") if hit.controller != unit.controller else ""
        from codex.engine.effects.context import Obj
        from codex.engine.effects.damage_sources import Origin
        how = Origin(Obj("unit", unit.id), "ranged") if ranged else None
        res.state, dealt = deal_damage(res.state, hid, power, unit, "strike" if ranged else "damage", foe, how)
        batch += dealt
    if ranged:
        res.state, spent = after_strike(res.state, unit.id)
        spent = [replace(e, rules=e.rules + ("stealth.after-ability", "special-ability"))
                 if isinstance(e, StealthLost) else e for e in spent]
    else:
        res.state, spent = interact(res.state, unit.id, "dealt damage with a spell's projectile",
                                    ("stealth.after-damage", "interact.damage"))
    batch += spent
    res.settle(batch)
    if a.drag is not None:
        _drag(res, unit.id, flight.hits[0], list(flight.path), a.drag)
    return res.done(res.result_verdict(), f"{unit.name}'s projectile hits {hit_names}: "
                    + fight_summary(res.state, list(flight.hits)), projectile=path)


def _drag(res: Resolution, shooter: str, hit: str, path: list[Location], who: str) -> None:
    """A projectile that causes forced movement: the path matches the projectile's (the shooter
    along it to the hit unit, or the hit unit back along it to the shooter)."""
    moved, route = (shooter, path[1:]) if who == "shooter" else (hit, list(reversed(path[:-1])))
    if res.state.unit(moved) is None or not route:
        return
    res.emit(Note("note", "The projectile causes forced movement: the movement path matches the projectile's path"
                  + (", to the shooter's location." if who == "hit" else ", to the hit unit's location."),
                  {"unit": moved, "path": route}, rules=("projectile.forced", "its-location")))
    res.apply(resolve_moves(res.state, moved, route, "drag", "the projectile"))
