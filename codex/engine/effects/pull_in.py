"""A card that pulls a unit in: "A target water site you control pulls in an aboveground minion adjacent
to it", a site or unit moving a unit from elsewhere onto itself.

The puller is named first (a targeted site is the spell's `target`), then the unit pulled, the
words' "it" naming the puller ("a unit adjacent to it"; choice ``pulled`` when several fit). A pull
is forced movement (Codex "Step": "push/pull/drag one step ... is forced movement"): the unit does
not use its own steps or abilities, and is moved to the puller's location, a site's surface (where
"aboveground" units are, Codex "Phrases with Subtle Meanings"). It enters that location like any
unit moved there (`actions/movement`), so what listens for units entering ("Whenever a minion enters
an affected water site, ...") hears it, and what is true of the place afterwards (a minion without
Submerge underwater dies) follows at rest. A unit that can't be moved stays (`motion._cant_be_moved`).
"""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine import document as D
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import Run
from codex.engine.effects.select import NotExecutable, describe, locations_of, select, singular
from codex.engine.events import Note
from codex.engine.geometry import Location, Region

#: what may pull: a card on the board that has a location of its own
_PULLERS = ("site", "unit", "minion", "avatar", "ally", "enemy")


def pulls_in(act: Any) -> bool:
    """"<site or unit> pulls in <unit>": a pull whose subject is a card, with no destination or
    number of steps named (it pulls onto itself)."""
    return isinstance(act, A.Move) and act.kind == "pull" and act.dest is None and act.steps is None \
        and act.path is None and act.instrument is None and act.source is None and act.direction is None \
        and isinstance(act.agent, A.Selector) and act.patient is not None


def problems(act: A.Move) -> Iterator[str]:
    from codex.engine.effects.check import sel_problems
    if not isinstance(act.agent, A.Selector) or singular(act.agent.noun).lower() not in _PULLERS:
        yield "pulling by something other than a site or unit"
    yield from sel_problems(act.agent)
    yield from sel_problems(act.patient)


def _onto(state: Any, puller: Obj) -> Location | None:
    """Where the puller pulls to: a site's surface (its location above ground), a unit's location."""
    locs = locations_of(state, puller)
    if puller.kind == "site":
        locs = [loc for loc in locs if loc.region is Region.SURFACE]
    return locs[0] if locs else None


def run_pull_in(run: Run, act: A.Move, clause: A.Clause) -> list[Obj]:
    """The puller pulls each unit the words name onto its location; returns the units that arrived."""
    from codex.engine.effects.board import effect_fields, targeted
    from codex.engine.effects.motion import _cant_be_moved, _place
    agent = act.agent
    role = "target" if isinstance(agent, A.Selector) and agent.det == "target" else "puller"
    pullers = [o for o in select(run.state, run.ctx, agent, role) if o.kind in ("site", "unit")][:1]
    if not pullers:
        return []
    puller = pullers[0]
    to = _onto(run.state, puller)
    if to is None:
        raise NotExecutable("pulling onto a card with no location")
    words = run.ctx.bind("it", pullers).bind("them", pullers)
    units = [o for o in select(run.state, words, act.patient, "pulled") if o.kind == "unit"]
    run.emit(Note("pull_in", f"{run.ctx.source_name}: {describe(run.state, pullers)} pulls in "
                  f"{describe(run.state, units) if units else 'nothing (no unit fits the words)'}, onto the {to}.",
                  {"puller": str(puller.key), "pulled": [str(o.key) for o in units]},
                  rules=("target", "phrases.drag-pull") if role == "target" else ("phrases.drag-pull",)))
    moved: list[Obj] = []
    for obj in units:
        unit = run.state.unit(str(obj.key))
        if unit is None or unit.location == to or _cant_be_moved(run, unit):
            continue
        if run.act(D.Move(do="move", unit=unit.id, how="pull", to=_place(to),
                          **effect_fields(run, targeted(act.patient)))):
            now = run.state.unit(unit.id)
            if now is not None and now.location == to:
                moved.append(obj)
    run.ctx = run.ctx.bind("there", [Obj("location", to)])
    return moved


__all__ = ["pulls_in", "problems", "run_pull_in"]
