"""A "whenever" inside an effect: "This turn, target ally gains +1 power, and whenever it kills a
unit, you gain 1 life".

The clause is a triggered ability the effect leaves behind for the rest of the turn (as a magic's
"At the start of your next turn, ..." is, `state.DelayedTrigger`): it listens for its event (the
same event words as a card's "Whenever ...", `triggers.py`), with "it" still the object the effect
named, and fires each time the event happens until the turn ends.
"""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import Run


def whenever_clause(clause: Any) -> bool:
    """Whether the clause's conditions are all "whenever" ones (its trigger)."""
    conds = getattr(clause, "conditions", ())
    return isinstance(clause, A.Clause) and bool(conds) and all(
        isinstance(c, A.Condition) and c.kind == "whenever" and isinstance(c.clause, A.Clause) for c in conds)


def _triggered(clause: A.Clause) -> A.Triggered:
    """The triggered ability the clause stands for: its "whenever" events (several: all of them,
    "attacks and kills"), its effect the clause without them."""
    events = [c.clause for c in clause.conditions]
    event: Any = events[0] if len(events) == 1 else A.Group(items=tuple(events), conj="and")
    body = A.replace(clause, conditions=(), duration=None)
    return A.Triggered(trigger=A.Trigger(kind="whenever", event=event), body=(A.Sentence(clauses=(body,)),))


def whenever_problems(clause: A.Clause) -> Iterator[str]:
    """What keeps the engine from leaving this trigger behind."""
    from codex.engine.effects.check import sentence_problems
    from codex.engine.effects.triggers import trigger_problems
    if clause.duration is not None and clause.duration.kind != "this_turn":
        yield "a 'whenever' lasting another time than this turn"
    node = _triggered(clause)
    yield from trigger_problems(node.trigger)
    yield from sentence_problems(node.body)


def leave_whenever(run: Run, clause: A.Clause) -> list[Obj]:
    """The trigger listens from now to the end of the turn, "it" being what the effect named."""
    from codex.engine.abilities import Ability, AbilityKind
    from dataclasses import replace
    from codex.engine.state import DelayedTrigger
    node = _triggered(clause)
    ability = Ability(AbilityKind.TRIGGERED, run.ctx.ability.text, node, executed=True)
    ctx = replace(run.ctx, key=f"{run.ctx.key}.whenever{len(run.state.delayed)}", ability=ability)
    run.state = run.state.evolve(delayed=run.state.delayed + (DelayedTrigger(ability, ctx, "turn_each"),))
    it: tuple[Obj, ...] = run.ctx.lookup("it") or ()
    run.note("listens", f"{run.ctx.source_name}: until the end of the turn, each time the event its words name "
             "happens, its effect follows.", ("triggered-ability",), units=[str(o.key) for o in it])
    return list(it)


__all__ = ["leave_whenever", "whenever_clause", "whenever_problems"]
