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


def split_alternatives(sentences: tuple[Any, ...]) -> tuple[Any, ...]:
    """Each sentence "X, or <another amount> instead if C" (one clause: the grammar's ``Group`` of the
    first clause and its alternative, ``or``) as the two sentences "X. If C, <X with that amount>
    instead.", which this module reads as one choice made as the effect resolves (gram28)."""
    out: list[Any] = []
    for sentence in sentences:
        pair = _or_instead(sentence)
        if pair is None:
            out.append(sentence)
            continue
        first, second = pair
        out.append(A.replace(sentence, clauses=(first,), links=()))
        out.append(A.Sentence(clauses=(A.replace(second, conditions=()),), conditions=second.conditions,
                              span=getattr(sentence, "span", None)))
    return tuple(out)


def _or_instead(sentence: Any) -> tuple[A.Clause, A.Clause] | None:
    """The first clause and its alternative of "X, or <amount> instead if C", or None."""
    if not isinstance(sentence, A.Sentence) or len(sentence.clauses) != 1:
        return None
    outer = sentence.clauses[0]
    group = getattr(outer, "action", None)
    if not (isinstance(outer, A.Clause) and isinstance(group, A.Group) and group.conj == "or"
            and len(group.items) == 2 and all(isinstance(i, A.Clause) for i in group.items)):
        return None
    first, second = group.items
    if not second.instead or first.instead or len(second.conditions) != 1:
        return None
    if second.conditions[0].kind not in ("if", "unless"):
        return None
    return first, second


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
    if patient is not None and _points_back(alternative):
        acted = select(run.state, run.ctx, patient, "target")
        run.ctx = run.ctx.bind("it", acted).bind("that", acted)
    holds = bool(condition_holds(run, alternative.conditions[0]))
    if not holds:
        run.ctx = outer
    return holds


def _points_back(alternative: Any) -> bool:
    """Whether the alternative's words (its condition or its effect) point back at what the first
    sentence acts on ("it", "that minion"); one about something else ("If you control three or more
    minions, draw two spells instead.") is tested as it stands, without choosing the first
    sentence's object (a spell to draw is no object)."""
    return any(isinstance(n, A.Ref) and n.word.lower() in ("it", "they", "them", "that") or
               isinstance(n, A.Selector) and n.det in ("that", "those") for n in A.walk(alternative))
