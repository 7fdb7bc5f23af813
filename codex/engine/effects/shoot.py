"""Projectiles shot by card effects (Codex "Projectile"): "Shoot a projectile. It deals 4 damage
on impact, and 2 damage to each other unit at that location", "Shoot two projectiles
one after the other in one direction. Each deals 1 damage", "Shoot a piercing projectile. Deal 2 damage to
each hit unit", "If it hits a unit, drag it to this location".

A projectile flies from its shooter's location in a cardinal direction (the shooter's controller
chooses it: the choice ``direction``) within the region, until the edge or the first unit it can
hit (a piercing one goes on, hitting one unit per location); `projectiles.fly` traces it, the same
flight as a Ranged strike's. The sentences after "shoot" say what the projectile does: they run
once per projectile, with "it" the projectile (what it hit, where it stopped), one projectile at a
time.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.amounts import amount
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import Run, executes, run_sentence
from codex.engine.effects.select import NotExecutable, select
from codex.engine.events import Event, NotHit, ProjectileFlew, ProjectileHit
from codex.engine.geometry import Direction, Location


@dataclass(frozen=True)
class Projectile:
    """A projectile in flight or landed: who shot it, its path, the units it hit, why it stopped."""

    shooter: str
    path: tuple[Location, ...]
    hits: tuple[str, ...]
    stopped: str
    number: int = 1

    def __str__(self) -> str:
        return f"projectile {self.number}"


def _shoot_problems(act: A.Shoot) -> Iterator[str]:
    if not isinstance(act.count, int) and not (isinstance(act.count, str) and act.count.upper() == "X"):
        yield f"shooting {act.count!r} projectiles"
    if act.direction is not None and not (isinstance(act.direction, str) and act.direction.lower() in
                                          [d.value for d in Direction]):
        yield "shooting in a direction named by something else"


def _shooter(run: Run, act: A.Shoot) -> Any:
    if act.agent is None or (isinstance(act.agent, A.Ref) and act.agent.word == "SELF"):
        from codex.engine.effects.board import source_unit
        uid = source_unit(run)
        if uid is None and run.ctx.source.kind == "site":
            # a site's "Tap an allied Faerie here → Shoot a projectile": a site is no unit, and a flight
            # begins "at the shooting unit's location" (Codex "Projectile"), so the unit tapped to pay
            # for it, standing there, shoots (found by blind real-card round 9)
            uid = next((str(o.key) for o in run.ctx.lookup("tapped_for_cost") or () if o.kind == "unit"), None)
            if uid is not None:
                run.note("reading", f"{run.ctx.source_name} is a site: the unit tapped to pay for its ability, "
                         "standing there, shoots the projectile.", ("projectile",), unit=uid)
        return run.state.unit(uid) if uid else None
    objs = [o for o in select(run.state, run.ctx, act.agent, "shooter") if o.kind == "unit"]
    return run.state.unit(objs[0].key) if objs else None


@executes(A.Shoot, roles=("agent",), problems=_shoot_problems,
          adverbs=("in_same_direction", "in_the_same_direction", "one_at_a_time"))
def _shoot(run: Run, act: A.Shoot, clause: A.Clause) -> list[Obj]:
    from codex.engine.ongoing import disabled_by
    from codex.engine.projectiles import fly
    shooter = _shooter(run, act)
    if shooter is None:
        run.note("no_shooter", f"{run.ctx.source_name}: nothing is there to shoot the projectile.")
        run.stop = True
        return []
    if disabled_by(run.state, shooter) is not None:
        run.note("disabled", f"{shooter.name} is disabled and cannot shoot a projectile.", ("disabled",),
                 unit=shooter.id)
        run.stop = True
        return []
    from codex.engine.effects.amounts import amount
    count = amount(run, act.count, "shoot") if act.count is not None else 1     # "Shoot X projectiles": X as paid
    if count <= 0:
        run.note("no_projectile", f"{run.ctx.source_name}: X is {count}, so no projectile is shot.", ("cost.x",))
        run.stop = True
        return []
    same = any(a in ("in_same_direction", "in_the_same_direction") for a in clause.adverbs)
    rest = run.rest
    outer = run.ctx
    shot: list[Obj] = []
    directions = [d.value for d in Direction]
    fixed = act.direction.lower() if isinstance(act.direction, str) else None
    first: str | None = None
    for n in range(count):
        if fixed is not None:
            direction = fixed
        elif same and first is not None:
            direction = first
        else:
            role = "direction" if count == 1 or same else f"direction.{n + 1}"
            direction = str(run.ctx.choose(role, directions, why="choose the direction the projectile flies")[0])
        first = first or direction
        current = run.state.unit(shooter.id)
        if current is None:
            break
        hit_role = "hit" if count == 1 else f"hit.{n + 1}"
        given = run.ctx.answer(hit_role)
        choose = [str(x) for x in (given if isinstance(given, list) else [given])] if given is not None else []
        try:
            flight = fly(run.state, current, Direction(direction), None, bool(act.piercing), choose)
        except Exception as e:           # several units could be hit: the shooter's controller chooses
            from codex.engine.errors import AmbiguousAction
            if isinstance(e, AmbiguousAction):
                key = f"{run.ctx.key}.{hit_role}"
                raise AmbiguousAction(f"{run.ctx.source_name}: {e.message}", key, e.options, f"/choices/{key}") from None
            raise
        rules = ("projectile", "projectile.first-unit") + (("projectile.piercing",) if act.piercing else ())
        run.emit(ProjectileFlew(shooter.id, flight.path, flight.stopped, flight.hits, rules=rules,
                                from_card=flight.barred_by))
        for sid in dict.fromkeys(flight.skipped_stealth):
            hidden = run.state.unit(sid)
            run.emit(NotHit(sid, hidden.name if hidden else sid, rules=("projectile.stealth",)))
        projectile = Obj("projectile", Projectile(shooter.id, flight.path, flight.hits, flight.stopped, n + 1))
        shot.append(projectile)
        run.ctx = outer.bind("it", [projectile]).bind("each", [projectile])
        for sentence in rest:
            run_sentence(run, sentence)
        run.stop = False
    run.ctx = outer
    run.stop = True                    # the sentences after "shoot" ran once per projectile
    return shot


def projectile_damage(run: Run, act: A.Damage, clause: A.Clause, shots: list[Obj]) -> list[Obj]:
    """"It deals 4 damage on impact": the projectile's damage to the unit it hit (or to what the
    words name: "2 damage to each other unit at that location"), dealt by its shooter's effect."""
    from codex.engine.actions.effects import EffectSource, opposing
    from codex.engine.combat import deal_damage, interact
    done: list[Obj] = []
    for shot in shots:
        p: Projectile = shot.key
        shooter = run.state.unit(p.shooter)
        ctx = run.ctx.bind("other", [Obj("unit", h) for h in p.hits])
        if act.patient is None:
            patients = [Obj("unit", h) for h in p.hits]
        else:
            patients = select(run.state, ctx, act.patient, "target")
        if not patients:
            continue
        n = amount(run, act.amount, "damage")
        spell = run.ctx.source_name if run.ctx.source.kind == "spell" else None
        src = EffectSource(run.ctx.controller, shooter, spell, False)
        batch: list[Event] = []
        for obj in patients:
            unit = run.state.unit(obj.key) if obj.kind == "unit" else None
            if unit is None:
                continue
            batch.append(ProjectileHit(unit.id, unit.name, n, rules=("projectile",)))
            from codex.engine.effects.board import effect_origin
            run.state, dealt = deal_damage(run.state, unit.id, n, shooter, "damage", opposing(src, unit),
                                           effect_origin(run, None) if run.ctx.source.kind == "spell" else None)
            batch += dealt
            done.append(obj)
        if shooter is not None and batch:
            run.state, spent = interact(run.state, shooter.id, "dealt damage with a projectile",
                                        ("stealth.after-damage", "interact.damage"))
            batch += spent
        if batch:
            run.settle(batch)
    return done


__all__ = ["Projectile", "projectile_damage", "NotExecutable"]
