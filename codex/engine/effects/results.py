"""Sentences that read the result of the sentence before them in the same ability.

"At the end of your turn, the strongest minion atop affected sites dies. If tied, you choose one.
Dispel this aura if none die." (invented): the second sentence says how a tie in the first one's
superlative is broken, and the third asks what the first one did. Neither makes sense alone, so
both are read only after a sentence of the kind they point back at:

* *the tie* ("If tied, you choose one"): after a sentence naming "the strongest"/"the weakest" of
  something. The selection itself already leaves a tie to the chooser (`select._extremes`: the
  controller of the ability chooses among the tied), so the sentence adds nothing to do; the
  ruling's choice step is where it shows.
* *none died* ("... if none die"): after a sentence whose effect kills or destroys ("dies", "kill",
  "destroy"). It holds when that effect marked no unit for death (`Marked`): none was named, an
  Avatar was (unaffected), or the death was replaced. `Run.deaths` keeps the units each such
  sentence marked; the ruling says what it found.
"""
from __future__ import annotations

from typing import Any

from codex.cardtext import ast as A

#: Removals after which "none die" can be asked (`board.REMOVALS` that mark units for death).
_KILLING = ("kill", "destroy")


def is_tie_break(sentence: Any) -> bool:
    """"If tied, you choose one.": a condition about a tie (passive 'tie', nothing else) and one
    clause choosing one, by the ability's controller ("you", or no one named)."""
    if not isinstance(sentence, A.Sentence) or len(sentence.clauses) != 1 or sentence.per is not None \
            or sentence.duration is not None or sentence.limit is not None or len(sentence.conditions) != 1:
        return False
    cond, clause = sentence.conditions[0], sentence.clauses[0]
    tie = getattr(cond, "clause", None)
    if not (isinstance(cond, A.Condition) and cond.kind == "if" and isinstance(tie, A.Clause)
            and isinstance(tie.action, A.Action) and tie.action.lemma == "tie" and not tie.action.roles
            and not tie.negated and tie.modal is None):
        return False
    act = clause.action if isinstance(clause, A.Clause) else None
    you = act.agent is None or isinstance(act.agent, A.Ref) and act.agent.word == "you" and not act.agent.filters \
        if isinstance(act, A.Choose) else False
    return isinstance(act, A.Choose) and act.kind == "choose" and you and act.action is None \
        and isinstance(act.patient, A.Partitive) and act.patient.count == 1 and act.patient.of is None \
        and not clause.conditions and clause.modal is None and not clause.negated


def has_extreme(sentence: Any) -> bool:
    """Whether a sentence names "the strongest"/"the weakest" of something (a tie is possible)."""
    return any(isinstance(n, A.Selector) and any(m.lower() in ("strongest", "weakest") for m in n.mods)
               for n in A.walk(sentence))


def is_none_died(cond: Any) -> bool:
    """"if none die": whether no unit died of the effect before (a present 'die' of "none")."""
    clause = getattr(cond, "clause", None)
    return isinstance(cond, A.Condition) and cond.kind == "if" and isinstance(clause, A.Clause) \
        and isinstance(clause.action, A.Die) and isinstance(clause.action.patient, A.Ref) \
        and clause.action.patient.word == "none" and not clause.action.patient.filters \
        and clause.action.source is None and clause.tense is None and clause.modal is None \
        and not clause.negated and clause.scope is None and not clause.adjuncts and not clause.adverbs


def kills(sentence: Any) -> bool:
    """Whether a sentence's effect marks units for death: "X dies", "kill X", "destroy X"."""
    for clause in getattr(sentence, "clauses", ()):
        act = getattr(clause, "action", None)
        if isinstance(act, A.Die) or isinstance(act, A.Remove) and act.kind in _KILLING:
            return True
    return False


def conditions_of(sentence: Any) -> tuple[Any, ...]:
    """The sentence's conditions and those of its clauses."""
    out = tuple(getattr(sentence, "conditions", ()))
    for clause in getattr(sentence, "clauses", ()):
        out += tuple(getattr(clause, "conditions", ()))
    return out


def without_results(sentences: tuple[Any, ...]) -> tuple[Any, ...]:
    """The sentences as `check.py` should read them: a tie-break after a superlative dropped, and
    "if none die" dropped from a sentence after one that kills (both are read here, not there);
    any other sentence as it is."""
    out: list[Any] = []
    for n, sentence in enumerate(sentences):
        before = sentences[:n]
        if is_tie_break(sentence) and before and has_extreme(before[-1]):
            continue
        if any(kills(s) for s in before) and any(is_none_died(c) for c in conditions_of(sentence)):
            sentence = _drop_none_died(sentence)
        out.append(sentence)
    return tuple(out)


def _drop_none_died(sentence: Any) -> Any:
    keep = tuple(c for c in sentence.conditions if not is_none_died(c))
    clauses = tuple(A.replace(c, conditions=tuple(x for x in c.conditions if not is_none_died(x)))
                    if isinstance(c, A.Clause) else c for c in sentence.clauses)
    return A.replace(sentence, conditions=keep, clauses=clauses)


# ----------------------------------------------------------------------------- "died this way"

#: The context word the units an ability's effect has killed so far are bound to (`execute.run_sentences`).
THIS_WAY = "died this way"
#: Nouns a "died this way" selector may count by (every unit marked for death is a minion or a unit).
_DEAD_NOUNS = ("minion", "unit")


def _this_way(adjunct: Any) -> bool:
    what = getattr(adjunct, "what", None)
    return isinstance(adjunct, A.Adjunct) and adjunct.prep == "" and isinstance(what, A.Selector) \
        and what.noun == "way" and what.det == "this" and not what.mods and not what.filters


def _died(clause: Any) -> bool:
    """"that died this way", "destroyed this way", "killed this way": the relative clause."""
    if not isinstance(clause, A.Clause) or clause.negated or clause.modal is not None or clause.conditions \
            or clause.adverbs or clause.per is not None or clause.duration is not None or clause.scope is not None:
        return False
    act = clause.action
    which = getattr(act, "patient", None)
    if not (isinstance(which, A.Ref) and which.word == "which" and not which.filters):
        return False
    kind = isinstance(act, A.Die) and act.source is None or \
        isinstance(act, A.Remove) and act.kind in _KILLING and act.agent is None
    return kind and len(clause.adjuncts) == 1 and _this_way(clause.adjuncts[0])


def died_this_way(node: Any) -> bool:
    """"each minion that died this way", "each unit destroyed this way": the units the effect being
    resolved has killed so far (Codex "Die": "'Dies' is synonymous with 'destroyed' and 'killed'"),
    counted by a "for each" (`THIS_WAY`). Only a bare "minion"/"unit": the dead are no longer on the
    board for other words to be tested against."""
    return isinstance(node, A.Selector) and node.noun in _DEAD_NOUNS and not node.mods and node.count is None \
        and node.det in ("each", None) and len(node.filters) == 1 and isinstance(node.filters[0], A.Relative) \
        and _died(node.filters[0].clause)


def killed_by(events: list[Any], quote: Any) -> list[Any]:
    """The units the effect quoting ``quote`` marked for death among ``events`` (each once)."""
    from codex.engine.effects.context import Obj
    from codex.engine.events import Marked
    return list(dict.fromkeys(Obj("unit", e.unit) for e in events if isinstance(e, Marked) and e.from_card == quote))
