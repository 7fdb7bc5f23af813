"""Effects on what units carry: "Enemies drop their artifacts", "It drops everything it's
carrying".

An effect that makes a unit drop is not its Drop basic ability (Codex "Drop": once a turn, in
the main phase, before interacting): the card says so, and card text takes precedence (Codex
"The Silver Rule"). What is dropped lies where its bearer is, controlled by no one (Codex
"Artifact"), exactly as after Drop (`carrying._set_down`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import Run, executes
from codex.engine.effects.select import select
from codex.engine.events import Dropped

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
            run.state = run.state.with_unit(replace(u, carried_by=None))
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


__all__ = ["drop_problems"]
