"""Spells whose first target is chosen by a unit, which then acts on it: "An ally targets an enemy
here, <doing this> and then <that>", "An ally targets an adjacent enemy, then both of them take one step
to swap places. They fight if they pass each other."

Codex "Casting Magics": such a magic "cause[s] an ally to target": the ally is selected as the magic
resolves, "and then the ally (not the magic!) does the targeting at that time". So the ally is chosen
first (choice ``agent``; only an ally that has something the words let it target is offered), then
what it targets, the relation the words name ("adjacent to them", "nearby", "here", "an adjacent enemy")
read from that ally (bound as ``targeter``: `select.source_locations`) (choice ``target``; a cast's ``targets`` answer it, the target the player names for the ally).
What the ally does with it follows in order, each a step of the ruling:

- the participles after the clause ("..., destroying an artifact they carry and then striking
  them"): each a clause of its own whose subject is the ally, "they"/"them" naming the target;
- a later clause's "they both" / "both of them" is the two: the ally and its target;
- "take a step to swap places" (`swap_steps`): each of the two takes a step of its own (Codex
  "Step": "take a step" is the unit moving itself, so an Immobile unit cannot) to where the other was;
  they "pass each other" (`passing`) when both did;
- "they fight" with no object: the two fight each other (`board._fight`), wherever they stand: a
  fight an effect names ignores where the units are, as a strike does (Codex "Phrases with Subtle
  Meanings": "If a card uses the word fight, it ignores normal attack targeting restrictions").
"""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine import document as D
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import Run, run_clause
from codex.engine.effects.select import NotExecutable, describe, select, select_all, singular
from codex.engine.events import Note

#: the nouns of a unit that can choose a target ("An ally targets ...", "an allied minion")
_UNIT_NOUNS = ("ally", "minion", "unit", "avatar")
#: what the targeting cites: the ally, not the magic, targets as it resolves (Codex "Casting Magics")
_TARGETING = ("casting.ally-targets", "target")


def unit_chooser(agent: Any) -> bool:
    """Whether a "target" clause's subject is a unit ("An ally targets ..."), not a player."""
    return isinstance(agent, A.Selector) and singular(agent.noun).lower() in _UNIT_NOUNS


def participles(clause: A.Clause) -> list[A.Clause]:
    """The clauses the participles after a targeting clause say ("destroying ... and then striking
    them"), in order, their unnamed subject the ally (``agent``)."""
    out = []
    for adj in clause.adjuncts:
        what = adj.what
        if adj.prep == "while" and isinstance(what, A.Clause):
            act = what.action
            if getattr(act, "agent", "none") is None:
                act = A.replace(act, agent=A.Ref("agent"))
            out.append(A.replace(what, action=act))
    return out


def problems(act: A.Choose, clause: A.Clause) -> Iterator[str]:
    """What of a unit's targeting the engine cannot run: the words of the unit and its target, and
    each participle's clause."""
    from codex.engine.effects.check import clause_problems, sel_problems
    yield from sel_problems(act.agent)
    yield from sel_problems(act.patient)
    for adj in clause.adjuncts:
        if adj.prep != "while" or not isinstance(adj.what, A.Clause):
            yield f"the adjunct '{adj.prep} ...' on a unit's targeting"
    for each in participles(clause):
        yield from clause_problems(each)


def _targets_of(run: Run, ally: Obj, words: Any) -> list[Obj]:
    """What ``ally`` may target: the words read with "they"/"them"/"it" naming the ally."""
    ctx = run.ctx.bind("it", [ally]).bind("they", [ally]).bind("them", [ally]).bind("targeter", [ally])
    try:
        return [o for o in select_all(run.state, ctx, words) if o != ally]
    except NotExecutable:
        return []


def run_targets(run: Run, act: A.Choose, clause: A.Clause) -> list[Obj]:
    """The ally is chosen, it targets, and the participles act in order; returns the target (what
    "it"/"they" name next), the pair being "both"."""
    words = act.patient
    if isinstance(words, A.Selector) and words.det in (None, "a", "an"):
        words = A.replace(words, det="target")
    units = [o for o in select_all(run.state, run.ctx, act.agent) if o.kind == "unit"]
    declared = [Obj("unit", t) for t in run.ctx.targets]
    able = [u for u in units if (set(declared) & set(_targets_of(run, u, words)) if declared
                                 else _targets_of(run, u, words))]
    if not able:
        noun = act.agent.noun if isinstance(act.agent, A.Selector) else "unit"
        named = f" the target named for it ({describe(run.state, declared)})" if declared else " anything the words allow"
        run.note("nothing_fits", f"{run.ctx.source_name}: no {noun} may target{named}, so the spell does nothing (the "
                 "magic itself declares no target, so it was cast; its ally targets as it resolves).", _TARGETING)
        return []
    ally = run.ctx.choose("agent", able, why="choose the unit that targets (selected as the magic resolves)")[:1]
    if not ally:
        return []
    ctx = run.ctx.bind("it", ally).bind("they", ally).bind("them", ally).bind("targeter", ally)
    target = [o for o in select(run.state, ctx, words, "target") if o != ally[0]][:1]
    if not target:
        return []
    run.emit(Note("chosen", f"{run.ctx.source_name}: {describe(run.state, ally)} targets "
                  f"{describe(run.state, target)} (chosen as the magic resolves; the ally, not the magic, targets).",
                  {"agent": str(ally[0].key), "chosen": [str(o.key) for o in target]}, rules=_TARGETING))
    run.ctx = run.ctx.bind("agent", ally).bind("both", ally + target).bind("it", target)
    for each in participles(clause):
        run_clause(run, each)
        run.ctx = run.ctx.bind("it", target)
    return target


# ----------------------------------------------------------------------------- swapping places by steps

def swap_steps(clause: Any) -> bool:
    """"they both take a step to swap places": two units each taking one step to where the other is."""
    if not isinstance(clause, A.Clause):
        return False
    act, purpose = clause.action, clause.purpose
    return isinstance(act, A.Move) and act.kind == "step" and act.steps in (1, None) and act.dest is None \
        and act.agent is None and isinstance(purpose, A.Clause) and isinstance(purpose.action, A.Swap) \
        and isinstance(purpose.action.patient, A.Selector) and singular(purpose.action.patient.noun) == "place" \
        and purpose.action.instrument is None and purpose.action.agent is None


def swap_problems(clause: A.Clause) -> Iterator[str]:
    from codex.engine.effects.check import sel_problems
    if clause.modal is not None or clause.negated or clause.conditions or clause.adjuncts or clause.adverbs:
        yield "swapping places by steps under a condition, modal or adjunct"
    yield from sel_problems(clause.action.patient)


def run_swap_steps(run: Run, clause: A.Clause) -> list[Obj]:
    """Each of the two takes a step of its own to where the other stood (Codex "Step": moving
    itself, so what keeps it from moving keeps it from stepping); they passed each other when both
    did (bound as ``passed``, read by `passing`). If only one can step, it still does (each takes
    its own step); the ruling says the other reading (the swap fails and neither moves)."""
    from codex.engine.geometry import Location
    pair = [o for o in select(run.state, run.ctx, clause.action.patient, "mover") if o.kind == "unit"]
    if len(pair) != 2:
        raise NotExecutable("swapping places by steps with other than two units")
    units = [run.state.unit(str(o.key)) for o in pair]
    if any(u is None for u in units):
        run.ctx = run.ctx.bind("passed", [])
        return []
    start: list[Location] = [u.location for u in units if u is not None]
    names = " and ".join(u.name for u in units if u is not None)
    run.note("swap", f"{run.ctx.source_name}: {names} each take a step to swap places ({start[0]} and {start[1]}).",
             ("step.own",))
    moved = []
    for obj, to in ((pair[0], start[1]), (pair[1], start[0])):
        if run.state.unit(str(obj.key)) is None:
            continue
        run.act(D.Move(do="move", unit=str(obj.key), how="step", path=[_place(to)]))
        now = run.state.unit(str(obj.key))
        if now is not None and now.location == to:
            moved.append(obj)
    passed = len(moved) == 2
    run.ctx = run.ctx.bind("passed", pair if passed else [])
    if passed:
        run.note("passed", f"{names} each took their step to where the other stood: they passed each other.",
                 ("step.own",))
    if len(moved) == 1:
        run.emit(Note("ruling_variant", f"Only {describe(run.state, moved)} could take its step, so the two did not "
                      "swap places and did not pass each other. Read so: each takes its own step, and the one that can "
                      "still does; the other reading, that the swap fails and neither moves, would leave both where "
                      "they stood.", {"reading": "each steps", "other": "neither moves"}, rules=("step.own",)))
    return pair


def _place(loc: Any) -> Any:
    from codex.engine.effects.motion import _place as place
    return place(loc)


def passing(node: Any) -> bool:
    """"If they pass each other": the condition that the two just swapped places by their steps."""
    clause = node.clause if isinstance(node, A.Condition) and node.kind in ("if", "unless") else None
    if not isinstance(clause, A.Clause) or clause.negated or clause.modal is not None:
        return False
    act = clause.action
    return isinstance(act, A.Traverse) and isinstance(act.patient, A.Ref) and act.patient.word == "each other" \
        and isinstance(act.agent, A.Ref)


def passed(run: Run, node: A.Condition) -> bool:
    """Whether the two passed each other (the swap before bound them as ``passed``)."""
    done = run.ctx.lookup("passed")
    if done is None:
        raise NotExecutable("'pass each other' with no swap before it")
    result = bool(done)
    return result if node.kind == "if" else not result


__all__ = ["unit_chooser", "problems", "run_targets", "swap_steps", "swap_problems", "run_swap_steps",
           "passing", "passed"]
