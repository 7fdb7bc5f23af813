"""Effects on what units carry: "Each enemy drops its artifacts", "Target minion drops everything
it carries", "Caster picks up target artifact nearby".

An effect that makes a unit drop is not its Drop basic ability (Codex "Drop": once a turn, in
the main phase, before interacting): the card says so, and card text takes precedence (Codex
"The Silver Rule"). What is dropped lies where its bearer is, controlled by no one (Codex
"Artifact"), exactly as after Drop (`carrying._set_down`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterator, Literal

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import Run, executes
from codex.engine.effects.select import select
from codex.engine.events import Dropped, PickedUp
from codex.engine.state import GameState, Unit

#: What a drop may name: everything carried, or the artifacts or units carried.
_KINDS = {"everything": ("artifact", "unit"), "artifact": ("artifact",), "unit": ("unit",), "minion": ("unit",)}
#: Determiners that say "of the unit dropping": "their artifacts", "its artifacts".
_OWN = (None, "their", "its", "his", "her", "all", "all of")


def _noun(node: Any) -> str:
    noun = str(getattr(node, "noun", "")).lower()
    return noun[:-1] if noun.endswith("s") and noun[:-1] in _KINDS else noun


def _carried_by_dropper(f: Any) -> bool:
    """"(everything) it's carrying": a relative clause saying the dropper carries it."""
    clause = getattr(f, "clause", None)
    return isinstance(f, A.Relative) and isinstance(clause, A.Clause) and isinstance(clause.action, A.Carry) \
        and isinstance(clause.action.agent, A.Ref) and clause.action.dest is None


def drop_problems(act: A.Drop) -> Iterator[str]:
    """What of a drop the engine cannot tell: what it names must be things the dropper carries."""
    what = act.patient
    if what is None:
        yield "dropping nothing named"
        return
    if not isinstance(what, A.Selector) or _noun(what) not in _KINDS:
        yield "dropping something other than what the unit carries"
        return
    if what.mods or what.count is not None or what.quant is not None or not (
            what.det in _OWN or isinstance(what.det, A.Possessive) and isinstance(what.det.owner, A.Ref)) \
            or not all(_carried_by_dropper(f) for f in what.filters):
        yield "dropping some of what a unit carries"
    if act.agent is None:
        yield "a drop by no unit named"


@executes(A.Drop, roles=("agent",), problems=drop_problems)
def _drop(run: Run, act: A.Drop, clause: A.Clause) -> list[Obj]:
    """Each unit the agent names drops what the patient names of what it carries."""
    kinds = _KINDS[_noun(act.patient)]
    droppers = [o for o in select(run.state, run.ctx, act.agent, "target") if o.kind == "unit"]
    dropped: list[Obj] = []
    for obj in droppers:
        unit = run.state.unit(str(obj.key))
        if unit is None:
            continue
        artifacts = [a for a in run.state.carried_artifacts(unit.id) if "artifact" in kinds]
        units = [u for u in run.state.units if u.carried_by == unit.id and "unit" in kinds]
        if not artifacts and not units:
            continue
        for a in artifacts:
            run.state = run.state.with_artifact(replace(a, bearer=None, offset=(0, 0),
                                                        location=run.state.artifact_location(a)))
        for u in units:
            run.state = run.state.with_unit(replace(u, carried_by=None, held=None))
        items = tuple(a.id for a in artifacts) + tuple(u.id for u in units)
        names = tuple(a.name for a in artifacts) + tuple(u.name for u in units)
        rules = ("the-silver-rule",) + (("artifact.uncontrolled", "uncontrolled.artifact") if artifacts else ()) + (
            ("carrying-units.drop",) if units else ())
        run.emit(Dropped(unit.id, unit.name, items, names, unit.location,
                         f"{run.ctx.source_name} makes {unit.name} drop {'them' if len(items) > 1 else 'it'}",
                         rules=rules))
        dropped += [Obj("artifact", a.id) for a in artifacts] + [Obj("unit", u.id) for u in units]
    if not dropped:
        run.note("nothing_dropped", f"{run.ctx.source_name}: no unit it names carries anything to drop.",
                 ("carrying-artifacts",))
    return dropped


def _can_carry_it(f: Any) -> bool:
    """"(target nearby artifact) they can carry": said of what is carried, which the pick-up checks
    anyway (a Monument is never picked up)."""
    clause = getattr(f, "clause", None)
    return isinstance(f, A.Relative) and isinstance(clause, A.Clause) and isinstance(clause.action, A.Carry) \
        and clause.modal == "can" and not clause.negated and clause.action.dest is None


def _disabled_while(f: Any) -> bool:
    """"carries it disabled": the depictive the grammar reads as a relative clause ("which is
    disabled") on what is carried, a state that lasts while it is carried."""
    clause = getattr(f, "clause", None)
    return isinstance(f, A.Relative) and isinstance(clause, A.Clause) and isinstance(clause.action, A.SetState) \
        and clause.action.state == "disabled" and not clause.negated and clause.modal is None \
        and clause.duration is None and not clause.conditions


def _carried_words(node: Any) -> Any:
    """The carried thing's words without "they can carry" (`_can_carry_it`) and without the
    depictive "disabled" (`_disabled_while`), which say how it is carried, not what."""
    if isinstance(node, (A.Selector, A.Ref)) and node.filters:
        return A.replace(node, filters=tuple(f for f in node.filters if not _can_carry_it(f) and not _disabled_while(f)))
    return node


_UNIT_NOUNS = ("minion", "unit", "ally", "enemy", "avatar")


def _carries_units(what: Any) -> bool:
    """Is what is carried a unit: a unit's noun, or a pronoun for what the sentence named before
    ("swallows target minion and carries it")?"""
    from codex.engine.effects.select import singular
    return isinstance(what, A.Ref) or isinstance(what, A.Selector) and singular(str(what.noun).lower()) in _UNIT_NOUNS


def carry_problems(act: A.Carry) -> Iterator[str]:
    """An effect's pick-up: a unit (the agent, or the card itself) picks up artifacts, or carries
    a unit (Codex "Carrying Units": "some effects allow it")."""
    from codex.engine.effects.check import sel_problems
    if act.dest is not None:
        yield "carrying something somewhere"
    what = _carried_words(act.patient)
    if not (isinstance(what, A.Selector) and _noun(what) == "artifact") and not _carries_units(what):
        yield "picking up something other than artifacts or units"
        return
    yield from sel_problems(what)
    yield from sel_problems(act.agent)


def _carry_clause_problems(clause: A.Clause) -> Iterator[str]:
    """An effect's carrying lasts until the carrier drops it or leaves the realm (or they part:
    `carrying.drops`); a shorter duration is not kept by anything."""
    from codex.engine.effects.durations import until_leaves
    if clause.duration is not None and not until_leaves(clause.duration):
        yield f"carrying something for the duration '{clause.duration.kind}'"


@executes(A.Carry, problems=carry_problems, clause_problems=_carry_clause_problems)
def _carry(run: Run, act: A.Carry, clause: A.Clause) -> list[Obj]:
    """"Caster picks up target nearby artifact": the unit now carries it, wherever it lay (the
    effect says so, not the Pick Up ability: Codex "The Silver Rule"); what can't be carried (a
    Monument) stays, and the ruling says so. Picking up is heard by triggers ("When picked up")."""
    from codex.engine.effects.board import source_unit
    from codex.engine.events import Note
    if act.agent is not None:
        carriers = [str(o.key) for o in select(run.state, run.ctx, act.agent, "target") if o.kind == "unit"]
    else:
        carriers = [u for u in (source_unit(run),) if u is not None]
    unit = run.state.unit(carriers[0]) if carriers else None
    if unit is None:
        run.note("nothing_carried", f"{run.ctx.source_name}: no unit is there to pick anything up.")
        return []
    named = select(run.state, run.ctx, _carried_words(act.patient), "target")
    taken = _carry_units(run, unit, act, [o for o in named if o.kind == "unit"])
    for obj in named:
        art = run.state.artifact(str(obj.key)) if obj.kind == "artifact" else None
        if art is None:
            continue
        if art.bearer == unit.id:        # "snatches and picks up": it already has it, nothing more happens
            continue
        if not art.carriable:
            run.emit(Note("not_picked_up", f"{art.name} is not picked up: it can't be carried.", {"artifact": art.id},
                          rules=("artifact.monument",)))
            continue
        run.state = run.state.with_artifact(replace(art, bearer=unit.id, offset=(0, 0), location=unit.location))
        taken.append(obj)
    arts = [o for o in taken if o.kind == "artifact"]
    if arts:
        names = tuple(name for name in (run.state.artifact(str(o.key)) for o in arts) if name is not None)
        event = PickedUp(unit.id, unit.name, tuple(str(o.key) for o in arts), tuple(a.name for a in names),
                         by=run.ctx.source_name, rules=("the-silver-rule", "carrying-artifacts", "artifact.control"))
        # settled as it happens, like any action an effect takes ("When picked up" triggers now)
        from codex.engine.events import offered
        from codex.engine.storyline import settle
        run.state, more = settle(run.state, [event])
        run.emit(*offered([event]), *more)
    return taken


def _carry_units(run: Run, carrier: Unit, act: A.Carry, named: list[Obj]) -> list[Obj]:
    """"This minion swallows target minion here and carries it disabled": the carrier carries each
    unit named, as an effect (no carrying ability needed: Codex "Carrying Units", "some effects
    allow it"), disabled while carried if the words say so. Its controller is unchanged. What the
    rules of carrying refuse (itself, an oversized unit, one carrying the carrier, one elsewhere)
    is not carried, and the ruling says why; carrying it already, it only becomes disabled."""
    from codex.engine.events import Note
    disabled = isinstance(act.patient, (A.Selector, A.Ref)) and any(_disabled_while(f) for f in act.patient.filters)
    taken: list[Obj] = []
    for obj in named:
        unit = run.state.unit(str(obj.key))
        if unit is None:
            continue
        why = _cannot_hold(run.state, carrier, unit)
        if why is not None:
            run.emit(Note("not_carried", f"{unit.name} is not carried by {carrier.name}: {why}.", {"unit": unit.id},
                          rules=("carrying-units.effect",)))
            continue
        already = unit.carried_by == carrier.id
        held: Literal["carried", "disabled"] = "disabled" if disabled or unit.held == "disabled" else "carried"
        run.state = run.state.with_unit(replace(unit, carried_by=carrier.id, held=held))
        taken.append(obj)
        if already:
            if held != unit.held:
                run.emit(Note("carried_disabled", f"{unit.name} is disabled while {carrier.name} carries it.",
                              {"unit": unit.id}, rules=("carrying-units.effect", "disabled")))
            continue
        event = PickedUp(carrier.id, carrier.name, (unit.id,), (unit.name,), by=run.ctx.source_name,
                         rules=("the-silver-rule", "carrying-units.effect") + (("disabled",) if disabled else ()))
        from codex.engine.events import offered
        from codex.engine.storyline import settle
        run.state, more = settle(run.state, [event])
        run.emit(*offered([event]), *more)
    return taken


def _cannot_hold(state: GameState, carrier: Unit, unit: Unit) -> str | None:
    """Why the rules of carrying refuse: a unit never carries itself, an oversized unit, or what
    carries it (no circle); what is carried shares a location with its carrier."""
    if unit.id == carrier.id:
        return "a unit cannot carry itself"
    if unit.oversized:
        return "an oversized unit cannot be carried"
    from codex.engine.carrying import carries_in_a_circle
    if carries_in_a_circle(state, carrier, unit):
        return "it carries the carrier"
    if state.shared_location(carrier, unit) is None:
        return "they share no location"
    return None


__all__ = ["carry_problems", "drop_problems"]
