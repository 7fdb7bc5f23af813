"""Conditions: whether a clause of card text holds on the board right now.

Used for a relative clause ("minions *occupying affected sites*"), an ``if``/``unless``/``while``
guard, and a trigger's extra conditions. A clause the engine cannot test raises `NotExecutable`.
"""
from __future__ import annotations

from typing import Any

from codex.cardtext import ast as A
from codex.engine.effects.context import Ctx, Obj
from codex.engine.effects.select import (NotExecutable, controller_of, locations_of, places, select,
                                         select_all)
from codex.engine.state import GameState


def _located(state: GameState, objs: list[Obj], at: list[Obj]) -> bool:
    where = {loc for o in at for loc in locations_of(state, o)}
    squares = {loc.square for loc in where}
    return bool(objs) and all(
        any(loc in where or (o.kind == "site" and loc.square in squares) for loc in locations_of(state, o))
        for o in objs)


def clause_holds(state: GameState, ctx: Ctx, clause: A.Clause) -> bool:
    """The clause as a statement about the board now (``negated`` flips it)."""
    if clause.modal not in (None, "is"):
        raise NotExecutable(f"a condition with '{clause.modal}'")
    act = clause.action
    result: bool
    if isinstance(act, A.Occupy):
        result = _located(state, select_all(state, ctx, act.agent), select_all(state, ctx, act.patient))
    elif isinstance(act, A.Located):
        objs = select_all(state, ctx, act.patient)
        locs = set(places(state, ctx, act.where)) if isinstance(act.where, A.Where) else set()
        result = bool(objs) and all(any(l in locs for l in locations_of(state, o)) for o in objs)
    elif isinstance(act, A.Control):
        owners = {str(o.key) for o in select_all(state, ctx, act.agent) if o.kind == "player"}
        objs = select_all(state, ctx, act.patient)
        result = bool(objs) and all(controller_of(state, o) in owners for o in objs)
    elif isinstance(act, A.Exists):
        result = bool(select_all(state, ctx, act.patient))
    elif isinstance(act, A.SetState) and act.state in ("tapped", "untapped"):
        objs = select_all(state, ctx, act.patient)
        want = act.state == "tapped"
        result = bool(objs) and all(bool((u := state.unit(o.key)) and u.tapped == want) for o in objs
                                    if o.kind == "unit")
    else:
        raise NotExecutable(f"a condition about {type(act).__name__}")
    return not result if clause.negated else result


def holds(state: GameState, ctx: Ctx, node: Any) -> bool:
    """A Condition, or a bare Clause, evaluated now."""
    if isinstance(node, A.Condition):
        if node.kind == "if_able":
            return True
        if node.kind not in ("if", "unless", "while"):
            raise NotExecutable(f"the condition '{node.kind}'")
        result = holds(state, ctx, node.clause)
        return not result if node.kind == "unless" else result
    if isinstance(node, A.Clause):
        return clause_holds(state, ctx, node)
    if isinstance(node, A.Group) and node.conj in ("and", "or"):
        results = [holds(state, ctx, item) for item in node.items]
        return all(results) if node.conj == "and" else any(results)
    raise NotExecutable(f"a condition given as {type(node).__name__}")


__all__ = ["holds", "clause_holds", "select", "NotExecutable"]
