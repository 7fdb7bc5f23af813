"""A sentence that replaces the one before it when its condition holds: "Deal 2 damage to target
minion. If that minion is tapped, deal 4 damage to it instead." (found by blind ruling round 21).

The two sentences are one choice made as the effect resolves: the condition is tested on what the
first sentence acts on ("that minion", "it": its patient, chosen as the first sentence would choose
it), then either the first sentence runs, or the second one does in its place (never both). Only
this shape is read: a second sentence of one clause marked ``instead`` under one ``if`` (or
``unless``) condition; any other "instead" is still named as not executed (`purpose.py`).
"""
from __future__ import annotations

from typing import Any

from codex.cardtext import ast as A


def is_alternative(sentence: Any) -> bool:
    """Whether ``sentence`` is "If C, Y instead." (the shape this module reads)."""
    if not isinstance(sentence, A.Sentence) or len(sentence.clauses) != 1 or len(sentence.conditions) != 1:
        return False
    clause, cond = sentence.clauses[0], sentence.conditions[0]
    return isinstance(clause, A.Clause) and clause.instead and not clause.conditions \
        and isinstance(cond, A.Condition) and cond.kind in ("if", "unless") \
        and clause.purpose is None and clause.scope is None


def plain(sentence: A.Sentence) -> A.Sentence:
    """The alternative as a plain sentence: its clause without "instead", without the condition."""
    clause = sentence.clauses[0]
    return A.replace(sentence, clauses=(A.replace(clause, instead=False),), conditions=())


def first_patient(sentence: Any) -> Any:
    """What the first sentence acts on (its first clause's patient), or None."""
    clauses = getattr(sentence, "clauses", ())
    act = getattr(clauses[0], "action", None) if clauses else None
    return getattr(act, "patient", None)


def replaces(run: Any, first: Any, alternative: A.Sentence) -> bool:
    """Whether the alternative replaces ``first``: its condition tested with "it"/"that" bound to
    what ``first`` acts on. When it does, they stay bound for the alternative ("deal 4 damage to it
    instead": it is the minion the first sentence named)."""
    from codex.engine.effects.execute import condition_holds
    from codex.engine.effects.select import select
    outer = run.ctx
    patient = first_patient(first)
    if patient is not None:
        acted = select(run.state, run.ctx, patient, "target")
        run.ctx = run.ctx.bind("it", acted).bind("that", acted)
    holds = bool(condition_holds(run, alternative.conditions[0]))
    if not holds:
        run.ctx = outer
    return holds
