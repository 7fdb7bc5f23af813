"""Conditions on what the sentence before did to what it named, in the words of an outcome.

"Deal 2 damage to target minion. If it survives, tap it." (invented): the second sentence asks
what the first did. `conditions.dies_now` already reads "if it dies" (the unit named before has
died of the effect, or is marked for death). The same question is asked in other words, each read
here as that one:

* "if it survives", "if that minion survives": it did *not* die (Codex "Die": a minion dies when
  its damage reaches its power; surviving is the opposite outcome, nothing else);
* "if that kills it", "if that doesn't kill it": "that" is what the ability did before, so the
  question is again whether "it" died of it (Codex "Die": "'Dies' is synonymous with 'destroyed'
  and 'killed'").
* "those that survive" (a relative clause, "which" for each of the units the sentence before acted
  on): each one that did not die.

And a count of the outcome, over every unit the effect has killed so far (`results.THIS_WAY`):

* "if no minion was killed this way", "if a minion died this way": whether any of the units the
  ability's effect has marked for death so far is such a unit (only a bare "minion"/"unit": the
  dead are no longer on the board for other words to be tested against).

Each reading is a clause the existing tests read (`outcome_clause`), or a count (`this_way_count`);
`conditions.clause_holds` and `conditions.condition_problems` ask here first.
"""
from __future__ import annotations

from typing import Any

from codex.cardtext import ast as A

#: Removals that are a death (Codex "Die": "'Dies' is synonymous with 'destroyed' and 'killed'").
_KILLING = ("kill", "destroy")
#: Nouns a count of the dead may be in (every unit marked for death is a minion or a unit).
_DEAD_NOUNS = ("minion", "minions", "unit", "units")


def _plain(clause: A.Clause) -> bool:
    """Nothing on the clause but what the outcome readings allow (no modal, time, place or condition)."""
    return clause.modal is None and not clause.conditions and clause.duration is None and clause.scope is None \
        and clause.per is None and clause.purpose is None and not clause.instead


def _named_before(node: Any) -> bool:
    """Words pointing back at something named before: "it", "they", "that minion"."""
    return isinstance(node, A.Ref) and node.word.lower() in ("it", "they", "them", "which") and not node.filters or \
        isinstance(node, A.Selector) and node.det in ("that", "those") and not node.filters


def _survivor(clause: A.Clause) -> Any:
    """The words of "X survives" (the grammar's catch-all verb 'survive', X its only role), or None."""
    act = clause.action
    if not (isinstance(act, A.Action) and act.lemma == "survive" and len(act.roles) == 1):
        return None
    role, who = act.roles[0]
    return who if role == "agent" and _named_before(who) else None


def _killed_by_that(clause: A.Clause) -> Any:
    """The words of X in "that kills X"/"that destroys X" ("that": what the ability did), or None."""
    act = clause.action
    if not (isinstance(act, A.Remove) and act.kind in _KILLING and _named_before(act.patient)):
        return None
    agent = act.agent
    if not (isinstance(agent, A.Ref) and agent.word.lower() in ("that", "this") and not agent.filters):
        return None
    return act.patient


def outcome_clause(clause: Any) -> A.Clause | None:
    """"it survives" as "it does not die"; "that (doesn't) kill(s) it" as "it (does not) die(s)";
    None for any other clause. The result is the clause `conditions.dies_now` reads."""
    if not isinstance(clause, A.Clause) or not _plain(clause) or clause.tense is not None \
            or clause.adverbs or clause.adjuncts:
        return None
    who = _survivor(clause)
    if who is not None:
        return A.Clause(action=A.Die(patient=who), negated=not clause.negated)
    who = _killed_by_that(clause)
    if who is not None:
        return A.Clause(action=A.Die(patient=who), negated=clause.negated)
    return None


def _this_way(adjunct: Any) -> bool:
    what = getattr(adjunct, "what", None)
    return isinstance(adjunct, A.Adjunct) and adjunct.prep == "" and isinstance(what, A.Selector) \
        and what.noun == "way" and what.det == "this" and not what.mods and not what.filters


def this_way_count(clause: Any) -> A.Selector | None:
    """The words counted in "no minion was killed this way", "a unit died this way" (a killing verb
    or 'die', the one adjunct "this way", a bare minion/unit with "no", "a", "an" or "any"), or None."""
    if not isinstance(clause, A.Clause) or not _plain(clause) or clause.adverbs or len(clause.adjuncts) != 1 \
            or not _this_way(clause.adjuncts[0]):
        return None
    act = clause.action
    if isinstance(act, A.Remove) and act.kind in _KILLING and act.agent is None:
        words = act.patient
    elif isinstance(act, A.Die) and act.source is None:
        words = act.patient
    else:
        return None
    if isinstance(words, A.Selector) and words.noun in _DEAD_NOUNS and not words.mods and not words.filters \
            and words.count is None and words.det in ("no", "a", "an", "any"):
        return words
    return None


def this_way_holds(ctx: Any, clause: A.Clause) -> bool:
    """Whether the count holds of the units the ability's effect has killed so far: "no X" when
    none, "a X" when one or more (``negated`` flips it)."""
    from codex.engine.effects.results import THIS_WAY
    from codex.engine.effects.select import NotExecutable
    words = this_way_count(clause)
    if words is None:
        raise NotExecutable("a count of the units killed this way in other words")
    dead = ctx.lookup(THIS_WAY)
    if dead is None:
        raise NotExecutable("'killed this way' with no effect before it")
    some = bool(dead)
    result = not some if words.det == "no" else some
    return not result if clause.negated else result


def already(clause: Any) -> A.Clause | None:
    """"if it was already tapped": the state (tapped, untapped, or another state word) as it was
    when the effect began to resolve, before anything the ability did ("already": before now); the
    present clause to test on that board, or None. Without "already" a past "was tapped" leaves
    open when, and stays named as not executed."""
    if not isinstance(clause, A.Clause) or clause.tense != "past" or clause.adverbs != ("already",) \
            or not _plain(clause) or clause.adjuncts:
        return None
    act = clause.action
    if isinstance(act, A.Tap) and act.agent is None or isinstance(act, A.SetState):
        return A.replace(clause, tense=None, adverbs=())
    return None


def already_holds(run: Any, node: Any) -> bool | None:
    """An "if ... was already ..." condition tested on the board the effect began with
    (`Run.start`), or None when the condition is not of that kind."""
    from codex.engine.effects.conditions import holds
    clause = getattr(node, "clause", None)
    before = already(clause) if isinstance(node, A.Condition) and node.kind in ("if", "unless") else None
    if before is None:
        return None
    result = holds(run.start, run.ctx, before)
    return not result if node.kind == "unless" else result
