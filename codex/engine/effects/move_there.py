"""A move made "if needed" for a purpose done "there": a unit "moves to an adjacent location, if
needed, to strike" a tapped unit "there" (or to a location nearby, or to fight it).

The words name the destination by what the purpose acts on: "there" is where that unit is, and "if
needed" says the mover moves only when it is not already there. So the unit acted on is chosen (or
its declared target checked: "tapped", "another") first, before anything moves; its location is the
destination; the mover moves there only when it is not already at it; then the purpose is done by
the mover (its subject: the one who moved). Where the unit acted on stands somewhere the move's
words do not reach ("an adjacent location" measured from the mover, Codex "Adjacent") or the rules
refuse the move, a declared target is not one the words allow and the action is illegal
(`not_a_legal_target`, or the move's own refusal), nothing of it having happened; a unit the
words choose without targeting is chosen only among those the move reaches. Either is the choice
`there` when no cast declared it (an activated ability's mover being `target`).

Not covered (named as not executed): several units moving at once, a purpose done by someone other
than the mover, a destination the words name by something other than a place relation.
"""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine import document as D
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import Run, run_clause
from codex.engine.effects.select import NotExecutable, select
from codex.engine.geometry import Location

#: The word the purpose's subject is bound to: the unit that moved (or would have).
_MOVER = "agent"
#: The choice role of what the purpose acts on "there" (the mover's is the words' own, `target`).
_ROLE = "there"
#: The word a chosen (not targeted) unit acted on is bound to.
_ACTED_ON = "acted_on_there"


def _there(f: Any) -> bool:
    return isinstance(f, A.Where) and f.rel == "there" and f.of is None


def acted_on_there(clause: A.Clause) -> A.Selector | None:
    """The words of what the purpose acts on "there" when the clause is a move to a place made "if
    needed" for that purpose; None when it is not such a clause."""
    act, purpose = clause.action, clause.purpose
    if not (isinstance(act, A.Move) and act.dest is not None and act.steps is None
            and any(isinstance(c, A.Condition) and c.kind == "if_needed" for c in clause.conditions)
            and isinstance(purpose, A.Clause)):
        return None
    patient = getattr(purpose.action, "patient", None)
    if isinstance(patient, A.Selector) and any(_there(f) for f in patient.filters):
        return patient
    return None


def move_there_problems(clause: A.Clause) -> Iterator[str]:
    """What of such a clause this module does not run (nothing: it runs it)."""
    act, purpose = clause.action, clause.purpose
    assert isinstance(act, A.Move) and isinstance(purpose, A.Clause)
    if isinstance(act.patient, A.Selector) and (act.patient.plural or act.patient.count not in (None, 1) or str(
            act.patient.det).lower() in ("each", "all", "every", "any")):
        yield "several units moving, if needed, to act there"
    if getattr(purpose.action, "agent", None) is not None:
        yield "a purpose done 'there' by someone other than the unit moving"
    if not isinstance(act.dest, A.Selector):
        yield "a move 'if needed' to a place named by something other than a location"
    if len([c for c in clause.conditions if not (isinstance(c, A.Condition) and c.kind == "if_needed")]):
        yield "a move 'if needed' with another condition"


def run_move_there(run: Run, clause: A.Clause) -> list[Obj]:
    """The unit acted on first, its location the destination, the move only if needed, then the
    purpose by the mover."""
    from codex.engine.effects.motion import _patients
    act, purpose = clause.action, clause.purpose
    sel = acted_on_there(clause)
    assert isinstance(act, A.Move) and isinstance(purpose, A.Clause) and sel is not None
    problems = list(move_there_problems(clause))
    if problems:
        raise NotExecutable(problems[0])
    movers = [o for o in _patients(run, act) if o.kind == "unit"]
    if not movers:
        run.note("no_mover", f"{run.ctx.source_name}: there is no unit to move.")
        return []
    mover = run.state.unit(str(movers[0].key))
    assert mover is not None
    run.ctx = run.ctx.bind("it", movers).bind(_MOVER, movers)
    reach = _reachable(run, act, movers[0])
    targeted = sel.det == "target" or "target" in sel.mods
    anywhere = A.replace(sel, filters=tuple(f for f in sel.filters if not _there(f)))
    if targeted:      # its own key (`there`), the mover's being `target`; a cast's `targets` answer both
        acted = select(run.state, run.ctx, anywhere, _ROLE)
    else:
        acted = _choose_within(run, anywhere, mover, reach)
    units = [run.state.unit(str(o.key)) for o in acted if o.kind == "unit"]
    if not units or units[0] is None:
        run.note("nothing_there", f"{run.ctx.source_name}: nothing {mover.name} could move to act on.", unit=mover.id)
        return []
    target = units[0]
    here = run.state.shared_location(mover, target)
    if here is None:
        dest = next((loc for loc in run.state.locations_of(target) if loc in reach), None)
        if dest is None:
            _refuse_target(run, mover, target, act)
        assert dest is not None
        _move(run, act, mover, target, dest)
        here = dest
    else:
        run.note("no_move_needed", f"{mover.name} is already where {target.name} is: it does not move "
                 f"(\u201cif needed\u201d).", ("move",), unit=mover.id)
    run.ctx = run.ctx.bind("there", [Obj("location", here)])
    if not targeted:
        run.ctx = run.ctx.bind(_ACTED_ON, [Obj("unit", target.id)])
        sel_done: Any = A.Ref(_ACTED_ON)
    else:
        sel_done = sel
    doing = A.replace(purpose, action=A.replace(purpose.action, agent=A.Ref(_MOVER), patient=sel_done))
    return [Obj("unit", mover.id)] + run_clause(run, doing)


def _reachable(run: Run, act: A.Move, mover: Obj) -> list[Location]:
    """The locations the move's words allow, measured from the mover ("an adjacent location")."""
    from codex.engine.effects.motion import mover_origin
    from codex.engine.effects.select import locations_of
    measured = mover_origin(act.dest)
    if measured:
        run.ctx = run.ctx.bind("mover", [mover])
    try:       # every place the words allow (none chosen: the unit acted on decides which)
        objs = select(run.state, run.ctx, act.dest, "destination", choose=False)
        return list(dict.fromkeys(loc for o in objs for loc in locations_of(run.state, o)))
    finally:
        if measured:
            run.ctx = run.ctx.bind("mover", [])


def _choose_within(run: Run, sel: A.Selector, mover: Any, reach: list[Location]) -> list[Obj]:
    """A unit the words choose without targeting: only one the mover is with or can move to."""
    found = select(run.state, run.ctx, sel, "target", choose=False)
    near = [o for o in found if o.kind == "unit" and (u := run.state.unit(str(o.key))) is not None
            and (run.state.shared_location(mover, u) is not None
                 or any(loc in reach for loc in run.state.locations_of(u)))]
    if not near:
        return []
    return run.ctx.choose(_ROLE, near, why=f"choose the {sel.noun} {mover.name} acts on")


def _refuse_target(run: Run, mover: Any, target: Any, act: A.Move) -> None:
    """The declared target stands where the move's words do not reach: the words allow no such
    target ("there" is a place the move may go), so the action is never taken."""
    from codex.engine.errors import IllegalAction
    from codex.engine.reasons import Reason
    raise IllegalAction(Reason.NOT_A_LEGAL_TARGET,
                        f"{run.ctx.source_name} cannot act on {target.name} at the {target.location}: the words "
                        f"act on it \u201cthere\u201d, where {mover.name} (at the {mover.location}) moves "
                        f"(to {_words(act.dest)}), and the {target.location} is not such a place",
                        "target.declared", "/action/targets", never_taken=True)


def _words(node: Any) -> str:
    from codex.cardtext.printer import PrintError, to_text
    try:
        return to_text(node)
    except PrintError:
        return "the place its words name"


def _move(run: Run, act: A.Move, mover: Any, target: Any, dest: Location) -> None:
    """The move to the unit's location; one the rules refuse makes the action illegal (nothing of it
    happened), saying the move's own reason."""
    from codex.engine.actions.base import run as run_action
    from codex.engine.effects.board import effect_fields, targeted
    from codex.engine.effects.motion import HOW, _place
    from codex.engine.errors import IllegalAction
    from codex.engine.reasons import Reason
    from codex.engine.ruling import Verdict
    how = HOW.get(act.kind)
    if how is None:
        raise NotExecutable(f"moving by '{act.kind}'")
    record = D.Move(do="move", unit=mover.id, how=how, to=_place(dest), **effect_fields(run, targeted(act.patient)))
    out = run_action(run.state, record, f"/effect/{run.ctx.key}")
    if out.verdict is Verdict.ILLEGAL:
        why = out.summary.removeprefix("Illegal: ").rstrip(".")
        raise IllegalAction(Reason(out.reason) if out.reason else Reason.CANNOT_MOVE,
                            f"{run.ctx.source_name}: {mover.name} must move to the {dest} to act on {target.name} "
                            f"there, and cannot: {why}", None, "/action/targets", never_taken=True)
    if out.verdict is Verdict.AMBIGUOUS:
        from codex.engine.errors import AmbiguousAction
        answer = out.answer or {}
        raise AmbiguousAction(out.summary, str(answer.get("choice", "choice")), list(answer.get("options", [])),
                              str(out.extra.get("pointer", "")))
    moved = out.state.unit(mover.id)
    if moved is None or moved.location != dest:       # the move was made but did not get there
        reason, rule_id = _why_not_there(run, mover, dest)
        raise IllegalAction(reason, f"{run.ctx.source_name}: {mover.name} must move to the {dest} to act on "
                            f"{target.name} there, and cannot: {_not_moved_words(out.events)}", rule_id,
                            "/action/targets", never_taken=True)
    run.state = out.state
    run.emit(*out.events)


def _why_not_there(run: Run, mover: Any, dest: Location) -> tuple[Any, str | None]:
    """The rule that keeps the mover from its destination: the refusal of the one step there (an
    Immobile unit, a void without Voidwalk), or no path."""
    from codex.engine.forced import own_step_reason
    from codex.engine.geometry import adjacent_squares
    from codex.engine.reasons import Reason
    if dest.square in adjacent_squares(mover.location.square) and (found := own_step_reason(
            run.state, mover, mover.location, dest)) is not None:
        return found[0], found[1]
    return Reason.NO_PATH, None


def _not_moved_words(events: Any) -> str:
    said = next((e for e in events if getattr(e, "kind", None) == "not_moved"), None)
    return said.text().rstrip(".") if said is not None else "it does not get there"
