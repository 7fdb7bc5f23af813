"""Replacement effects of static abilities (Codex "Replacement Effect": "Replacement effects
replace one event with another. These types of effects often use the word 'instead' and
'would'"): "If another nearby allied minion would die, return it to hand", "If bearer is a minion
and would die, instead fully heal it and banish Gilded Aegis", "If bearer would take strike damage,
prevent it and return this helmet to hand".

A static ability whose sentence is conditioned on something that *would* happen (a minion dying,
a unit taking damage) is read as a replacement (`statics.Static` of kind ``instead``): when the
engine is about to mark the minion for death, or to deal the damage, the sentence runs in its
place, with "it" the minion about to die or take damage (the damage itself, for "prevent it").
A replacement applies once to an event; if the minion still has to die afterwards (the effect did
not save it), it dies.
"""
from __future__ import annotations

from contextvars import ContextVar
from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.context import Ctx, Obj
from codex.engine.effects.execute import NotExecutable, Run, executes
from codex.engine.events import Event
from codex.engine.state import GameState, Unit

#: The events a "would" condition can name → the engine's name for them.
VERBS: dict[type, str] = {A.Die: "die", A.Damage: "damage"}
#: Kinds of damage a "would take ... damage" replacement may name.
DAMAGE_KINDS = (None, "strike")

_replacing: ContextVar[frozenset[tuple[str, str]]] = ContextVar("replacing", default=frozenset())


def would_condition(sentence: Any) -> A.Condition | None:
    """The sentence's "would" condition ("If bearer would die"), if it has one."""
    for cond in getattr(sentence, "conditions", ()):
        if isinstance(cond, A.Condition) and cond.kind == "if" and isinstance(cond.clause, A.Clause) \
                and cond.clause.modal == "would":
            return cond
    return None


def replacement_problems(sentence: A.Sentence) -> Iterator[str]:
    """What keeps the engine from applying this replacement (nothing: it applies it)."""
    from codex.engine.effects.check import clause_problems, sel_problems
    from codex.engine.effects.conditions import condition_problems
    cond = would_condition(sentence)
    assert cond is not None
    event = cond.clause
    act = event.action
    if type(act) not in VERBS or event.negated or event.conditions or event.adjuncts or event.adverbs:
        yield f"replacing the event {type(act).__name__}"
        return
    if isinstance(act, A.Damage) and (act.kind not in DAMAGE_KINDS or act.agent is not None or act.amount is not None):
        yield "replacing a kind of damage the engine does not tell apart"
    yield from sel_problems(act.patient)
    if sentence.duration is not None or sentence.per is not None or sentence.limit is not None:
        yield "a replacement with a duration, 'for each' or a limit"
    for other in sentence.conditions:
        if other is not cond:
            yield from condition_problems(other)
    for clause in sentence.clauses:
        if isinstance(clause.action, A.Prevent):
            if not isinstance(act, A.Damage):
                yield "preventing something other than damage"
            continue
        yield from clause_problems(A.replace(clause, instead=False))


def _applies(state: GameState, static: Any, verb: str, unit: Unit, kind: str | None) -> bool:
    from codex.engine.effects.conditions import holds
    from codex.engine.effects.select import select_all
    want, sentence = static.payload
    if want != verb:
        return False
    cond = would_condition(sentence)
    act = cond.clause.action if cond is not None else None
    if isinstance(act, A.Damage) and act.kind is not None and act.kind != kind:
        return False
    ctx = static.ctx.bind("it", [Obj("unit", unit.id)])
    patient = getattr(act, "patient", None)
    if patient is not None and Obj("unit", unit.id) not in select_all(state, ctx, patient):
        return False
    return all(holds(state, ctx, c) for c in sentence.conditions if c is not cond)


def _replace(state: GameState, verb: str, unit: Unit, kind: str | None, what: str,
             bound: dict[str, list[Obj]] | None = None) -> tuple[GameState, list[Event]] | None:
    from codex.engine.effects.execute import run_sentence
    from codex.engine.effects.statics import _active, _silenced_sources
    if not state.statics or (unit.id, verb) in _replacing.get():
        return None
    silenced = _silenced_sources(state)
    for s in state.statics:
        if s.kind != "instead" or not _active(state, s, silenced):
            continue
        try:
            if not _applies(state, s, verb, unit, kind):
                continue
        except NotExecutable:
            continue
        _, sentence = s.payload
        ctx: Ctx = s.ctx.bind("it", [Obj("unit", unit.id)])
        for name, objs in (bound or {}).items():
            ctx = ctx.bind(name, objs)
        run = Run(state, ctx)
        run.note("replacement", f"{unit.name} {what}: {s.ctx.source_name} replaces that.",
                 ("replacement-effect",), unit=unit.id)
        token = _replacing.set(_replacing.get() | {(unit.id, verb)})
        try:
            run_sentence(run, A.replace(sentence, conditions=(), clauses=tuple(A.replace(c, instead=False)
                                                                              for c in sentence.clauses)))
        except NotExecutable:
            continue
        finally:
            _replacing.reset(token)
        return run.state, run.events
    return None


def would_die(state: GameState, unit: Unit) -> tuple[GameState, list[Event]] | None:
    """A replacement for ``unit`` dying, applied (state and events), or None when none applies."""
    return _replace(state, "die", unit, None, "would die")


def would_be_damaged(state: GameState, unit: Unit, amount: int, origin: Any) -> tuple[GameState, list[Event]] | None:
    """A replacement for ``unit`` taking ``amount`` damage from ``origin``, applied, or None."""
    how = getattr(origin, "how", None)
    kind = "strike" if how in ("strike", "ranged") else None
    damage = Obj("damage", (unit.id, amount))
    return _replace(state, "damage", unit, kind, f"would take {amount} damage", {"damage": [damage]})


def _prevent_problems(act: A.Prevent) -> Iterator[str]:
    yield "preventing damage outside a replacement ('If ... would take damage, prevent it')"


@executes(A.Prevent, problems=_prevent_problems)
def _prevent(run: Run, act: A.Prevent, clause: A.Clause) -> list[Obj]:
    """"prevent it": the damage a replacement replaces is not dealt (`would_be_damaged`)."""
    damage = run.ctx.lookup("damage")
    if not damage or not (isinstance(act.patient, A.Ref) and act.patient.word in ("it", "that")):
        raise NotExecutable("preventing something other than the damage being replaced")
    uid, amount = damage[0].key
    unit = run.state.unit(uid)
    run.note("prevent", f"The {amount} damage to {unit.name if unit else uid} is prevented.",
             ("replacement-effect",), unit=uid)
    return []


__all__ = ["would_die", "would_be_damaged", "would_condition", "replacement_problems", "VERBS"]
