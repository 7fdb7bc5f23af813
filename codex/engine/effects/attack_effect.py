"""An effect that makes a unit attack ("X attacks a random enemy within its range of motion", "target
minion attacks an enemy adjacent to it").

Codex "Attack": "Units attack as part of the Move and Attack basic ability. Certain rare effects may
also explicitly allow attacks"; "You may only attack enemy units or the surface of enemy sites that
are at your location." So the attacker goes to the attacked unit's location by its own steps (a
shortest path within its range of motion, as Move and Attack takes: Codex "Range of Motion"), then
the engine's attack runs as for Move and Attack (`actions.movement._attack`): the target's legality
checked, the attack declared, Defend (Codex "Defend": attacks "caused by ... very specific card text
that uses the word 'attack'" can be defended), the fight or the struck site. The effect is not the
basic ability: the attacker is not tapped for it and needs not be untapped; and no one intercepts
(Codex "Intercept": only "an enemy using its Move and Attack ability" that does not attack).

Choices (docs/scenarios.md "Choices"): the unit attacked is ``<key>.attacked`` (``attacked.random``
for "a random minion"), among the units the words name that it could legally attack; the units
defending are ``<key>.defenders`` (a list, ``[]`` for none), asked only when some unit could defend.
With no unit it could attack, the effect cannot be done: "or <another effect> if it can't" then
runs the other effect (`CannotDo`, read by `execute.run_sentence`), and otherwise the ruling says
nothing was attacked.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import Run, executes
from codex.engine.effects.select import NotExecutable, select
from codex.engine.events import Note
from codex.engine.geometry import Location
from codex.engine.state import Unit


class CannotDo(Exception):
    """The effect's action cannot be done at all now (nothing it could attack): what "or ... if it
    can't" hears."""


def _problems(act: A.Attack) -> Iterator[str]:
    if act.patient is None:
        yield "an attack with nothing named to attack"
    elif not isinstance(act.patient, A.Selector):
        yield "an attack on something other than a unit named by its words"


def _attacker(run: Run, act: A.Attack) -> Unit | None:
    if act.agent is None or isinstance(act.agent, A.Ref) and act.agent.word == "SELF":
        from codex.engine.effects.board import source_unit
        uid = source_unit(run)
        return run.state.unit(uid) if uid else None
    units = [o for o in select(run.state, run.ctx, act.agent, "attacker") if o.kind == "unit"]
    if len(units) > 1:
        raise NotExecutable("several units made to attack by one clause")
    return run.state.unit(str(units[0].key)) if units else None


def _reach(run: Run, mover: Unit, target: Unit) -> tuple[Location, ...] | None:
    """The steps taking ``mover`` to ``target``'s location to attack it there (none when it is
    already there), or None when it cannot legally attack it from there."""
    from codex.engine.combat import UnitTarget, attack_reason
    from codex.engine.movement import path_to, range_of_motion
    if run.state.occupies(mover, target.location):
        path: tuple[Location, ...] = ()
        there = mover
    else:
        if target.location not in range_of_motion(run.state, mover):
            return None
        found = path_to(run.state, mover, target.location)
        if not found:
            return None
        path = tuple(found)
        there = replace(mover, location=target.location)
    state = run.state.with_unit(there)
    if attack_reason(state, there, UnitTarget(target.id)) is not None:
        return None
    return path


def _defenders(run: Run, mover: Unit, attacked: Unit) -> list[str]:
    """The units defending: the scenario's ``<key>.defenders`` among those that could, asked only
    when one could (Codex "Defend": the defending player decides)."""
    from codex.engine.combat import defend_reason
    could = [u.id for u in run.state.units if u.controller == attacked.controller and u.id != attacked.id
             and defend_reason(run.state, u, mover, attacked.location) is None]
    if not could:
        return []
    picked = run.ctx.choose("defenders", [Obj("unit", u) for u in could], count=len(could), optional=True,
                            why=f"which of {attacked.controller}'s units defend against {mover.name}'s attack "
                                "(a list, [] for none)")
    return [str(o.key) for o in picked]


@executes(A.Attack, roles=("agent", "patient"), problems=_problems)
def run_attack(run: Run, act: A.Attack, clause: A.Clause) -> list[Obj]:
    """The unit the words name attacks a unit they name: its steps there, then the engine's attack."""
    mover = _attacker(run, act)
    if mover is None:
        run.note("no_attacker", f"{run.ctx.source_name}: no unit is there to attack.")
        return []
    ctx = run.ctx.bind("it", [Obj("unit", mover.id)])
    named = [o for o in select(run.state, ctx, act.patient, "attacked", choose=False) if o.kind == "unit"]
    reach: dict[Obj, tuple[Location, ...]] = {}
    for o in named:
        unit = run.state.unit(str(o.key))
        path = _reach(run, mover, unit) if unit is not None and unit.id != mover.id else None
        if path is not None:
            reach[o] = path
    if not reach:
        if getattr(run, "or_else", False):
            raise CannotDo(f"{mover.name} has no unit the words name that it could attack")
        run.note("no_attack", f"{run.ctx.source_name}: {mover.name} has nothing the words name that it could "
                 "attack, so it does not attack.", ("attack.target",), unit=mover.id)
        return []
    random = isinstance(act.patient, A.Selector) and any(m.lower() == "random" for m in act.patient.mods)
    role = "attacked.random" if random else "attacked"
    why = "which unit is attacked, picked at random" if random else "which unit it attacks"
    target = run.ctx.choose(role, list(reach), why=why)[0]
    attacked = run.state.unit(str(target.key))
    assert attacked is not None
    return _attack_with(run, mover, attacked, reach[target])


def _attack_with(run: Run, mover: Unit, attacked: Unit, path: tuple[Location, ...]) -> list[Obj]:
    from codex.engine.actions.base import Resolution
    from codex.engine.actions.movement import _attack
    from codex.engine.combat import UnitTarget
    from codex.engine.errors import IllegalAction
    from codex.engine.events import Stopped
    from codex.engine.movement import resolve_path
    defenders = _defenders(run, mover, attacked)
    who = mover.name if run.ctx.source == Obj("unit", mover.id) else f"{run.ctx.source_name} makes {mover.name}"
    verb = "attacks" if run.ctx.source == Obj("unit", mover.id) else "attack"
    run.emit(Note("reading", f"{who} {verb} {attacked.name}: it takes its own "
                  "steps there and attacks, not using its Move and Attack ability (it is not tapped, and no one "
                  "may intercept it).", {"unit": mover.id}, rules=("attack.by-effect", "intercept.only-move-and-attack")))
    res = Resolution(run.state)
    if path:
        state, events, _ = resolve_path(res.state, mover.id, list(path), f"{run.ctx.source_name}'s attack")
        res.apply((state, events))
        moved = res.state.unit(mover.id)
        if moved is None:
            run.apply((res.state, res.events))
            return []
        res.settle([Stopped(moved.id, moved.name, moved.location, rules=("stops",))])
    now = res.state.unit(mover.id)
    if now is None:
        run.apply((res.state, res.events))
        return []
    how = f"moved to the {now.location}" if path else "did not move"
    try:
        _attack(res, now, UnitTarget(attacked.id), tuple(defenders), True, {}, f"/effect/{run.ctx.key}", how)
    except IllegalAction as e:       # the target stopped being legal on the way: no attack happened
        run.apply((e.state if e.state is not None else res.state, res.events))
        run.note("no_attack", f"{run.ctx.source_name}: {mover.name} cannot attack {attacked.name} "
                 f"({e.message}), so no attack happens.", ("attack.target",), unit=mover.id)
        return []
    run.apply((res.state, res.events))
    return [Obj("unit", attacked.id)]
