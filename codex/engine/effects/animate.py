"""Animate (Codex "Animate"): a card's words turn an aura or an artifact into a minion for a while
("animate target aura until your next turn") and a second sentence gives it a minion's form.

The clause names the card (an aura or an artifact in the realm) and the sentence right after it
says what minion it becomes (its *form*: "It's an aura minion with power equal to its mana cost", "It's
an Automaton with power equal to its cost"); the card is then also a unit (`engine.animate`) for
the clause's duration (`board.lasting` with `Lasting.animated`: "until your next turn", "until
Grosse Poltergeist leaves the realm", or while the animating card is in the realm). The form
sentence itself changes nothing more: its executor checks that "it" is what was just animated.
"""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import Run, executes
from codex.engine.effects.select import NotExecutable, select, singular


def form_of(sentence: Any) -> A.IsA | None:
    """The form sentence after an animate clause: "It is an aura minion with power equal to its
    cost" (one clause: "it" is a minion, or a minion subtype, with a power)."""
    if not isinstance(sentence, A.Sentence) or len(sentence.clauses) != 1:
        return None
    clause = sentence.clauses[0]
    if not isinstance(clause, A.Clause) or clause.modal or clause.negated or clause.conditions:
        return None
    act = clause.action
    return act if isinstance(act, A.IsA) and is_form(act) else None


def is_form(act: A.IsA) -> bool:
    patient, kind = act.patient, act.type
    return isinstance(patient, A.Ref) and patient.word.lower() == "it" and isinstance(kind, A.Selector) \
        and _power_of(kind) is not None and (singular(kind.noun).lower() == "minion" or kind.noun[:1].isupper())


def _power_of(kind: A.Selector) -> Any:
    stats = [f for f in kind.filters if isinstance(f, A.Stat) and f.stat == "power" and f.cmp == "="]
    return stats[0].value if len(stats) == 1 and len(kind.filters) == 1 else None


def describe_form(kind: A.Selector) -> str:
    words = " ".join(tuple(kind.mods) + (kind.noun,))
    return ("an " if words[:1].lower() in "aeiou" else "a ") + words


def _animate_problems(act: A.Animate) -> Iterator[str]:
    from codex.engine.effects.check import sel_problems
    if act.agent is not None and not (isinstance(act.agent, A.Ref) and act.agent.word.lower() == "you"):
        yield "animating by someone other than you"
    yield from sel_problems(act.patient)


def _form_problems(act: A.IsA) -> Iterator[str]:
    from codex.engine.effects.check import sel_problems
    from codex.engine.effects.statics import subtype_becomes
    if not is_form(act) and subtype_becomes(act) is not None:
        # "Until end of turn, target minion is also a Beast": a type change (`type_changes.py`), of units
        # only (words about the sites in a hand name cards, and the word after "also" may be a card name)
        from codex.engine.effects.type_changes import names_units
        if not names_units(act.patient):
            yield "a card other than a unit being of another type"
            return
        yield from sel_problems(act.patient)
        return
    if not is_form(act):
        yield "the primitive IsA"
        return
    from codex.engine.effects.amounts import amount_problems
    yield from amount_problems(_power_of(act.type))


@executes(A.Animate, problems=_animate_problems)
def _animate(run: Run, act: A.Animate, clause: A.Clause) -> list[Obj]:
    from codex.engine.animate import animate
    from codex.engine.effects.amounts import amount
    from codex.engine.effects.board import lasting
    form = form_of(run.rest[0]) if run.rest else None
    if form is None:
        raise NotExecutable("animating a card without saying what minion it becomes")
    kind: A.Selector = form.type
    made: list[Obj] = []
    for obj in select(run.state, run.ctx, act.patient, "target"):
        if obj.kind not in ("aura", "artifact"):
            run.note("not_animated", f"{run.ctx.source_name}: only an aura or an artifact can be animated here.",
                     ("animate",))
            continue
        saved = run.ctx
        run.ctx = run.ctx.bind("it", [obj])
        try:
            power = amount(run, _power_of(kind), "power")
        finally:
            run.ctx = saved
        controller = _controller(run, obj)
        subtypes = (kind.noun,) if kind.noun[:1].isupper() else ()
        state, events, uid = animate(run.state, obj.kind, str(obj.key), controller, power, subtypes,
                                     describe_form(kind))
        run.state = state
        run.emit(*events)
        if uid is None:
            continue
        lasting(run, clause, [Obj("unit", uid)], animated=(uid,),
                told=f"the minion type ({describe_form(kind)} with power {power})")
        made.append(Obj("unit", uid))
    run.ctx = run.ctx.bind("animated", made)       # what the form sentence after it speaks of
    run.settle([])
    return made


def _controller(run: Run, obj: Obj) -> str:
    """Who controls the minion: the aura's controller, the artifact's (its bearer's, or whoever an
    effect gave it to), else the animating player."""
    if obj.kind == "aura":
        aura = next((a for a in run.state.auras if a.id == obj.key), None)
        return (aura.controller if aura is not None else None) or run.ctx.controller
    art = run.state.artifact(str(obj.key))
    return (run.state.artifact_controller(art) if art is not None else None) or run.ctx.controller


@executes(A.IsA, roles=("patient",), problems=_form_problems, adverbs=("also",), adjuncts=("in_addition_to",))
def _form(run: Run, act: A.IsA, clause: A.Clause) -> list[Obj]:
    """"It's an aura minion with power equal to its mana cost": the form the animate clause before it
    already gave; "target minion is also a Beast until end of turn": a type change for the clause's
    duration (Codex "Cards with Multiple Types"; `type_changes.py`); anywhere else such a sentence is
    not executed."""
    from codex.engine.effects.statics import subtype_becomes
    word = subtype_becomes(act)
    if not is_form(act) and word is not None:
        return _retype(run, act, clause, word)
    if "also" in clause.adverbs or clause.adjuncts:
        raise NotExecutable("saying what a card also is, other than a minion type")
    animated = run.ctx.lookup("animated")
    if animated is None:
        raise NotExecutable("saying what a card is, other than the form of a card just animated")
    return list(animated)


def _retype(run: Run, act: A.IsA, clause: A.Clause, word: str) -> list[Obj]:
    """The units named are (also) of the minion type ``word`` for the clause's duration: besides their
    other types with "also" or "in addition to their other types", else instead of them."""
    from codex.engine.effects.board import lasting, modifiable, patients_or_self
    from codex.engine.effects.type_changes import in_addition
    named = patients_or_self(run, act.patient)
    if any(o.kind != "unit" for o in named):
        raise NotExecutable("a card other than a unit being of another type")
    units = modifiable(run, named, "change its types")
    if in_addition(clause):
        lasting(run, clause, units, also_types=(word,))
    else:
        lasting(run, clause, units, subtypes=(word,))
    return units
