"""Mandatory actions: what the active player must do first, and the question that lists it."""
from __future__ import annotations

from codex.engine import document as D
from codex.engine.actions import base
from codex.engine.actions.base import Outcome, Resolution, handles, target_of
from codex.engine.combat import UnitTarget
from codex.engine.events import Note
from codex.engine.mandatory import MandatoryAttack, mandatory_attacks
from codex.engine.reasons import Reason
from codex.engine.ruling import Verdict

#: The actions a player takes in their main phase (effects resolving and questions are not).
PLAYER_ACTIONS = (D.MoveAndAttack, D.Attack, D.Shoot, D.Cast, D.PlaySite, D.PickUp, D.DropAction, D.EndTurn)


def _nearby(pending: list[MandatoryAttack]) -> tuple[str, ...]:
    return ("nearby", "nearby.regions") if any(m.nearby for m in pending) else ()


def _told(m: MandatoryAttack) -> str:
    what = " or ".join(m.target_names) if m.targets else "an enemy it can reach"
    return f"{m.name} must attack {what} (because of {', '.join(m.sources)})"


def check_mandatory(res: Resolution, action: D.Action, ptr: str) -> None:
    """Before the active player does anything in their main phase, every attack they must make
    now is made first: a compelled unit's Move and Attack must attack what compels it; any other
    action waits (Codex "Mandatory Actions")."""
    if not isinstance(action, PLAYER_ACTIONS):
        return
    pending = mandatory_attacks(res.state)
    if not pending:
        return
    res.emit(Note("mandatory", "Mandatory attacks now: " + "; ".join(_told(m) for m in pending) + ".",
                  {"units": [m.unit for m in pending]}, rules=("mandatory.attack", "range-of-motion.mandatory",
                                                               "triggered-ability", "minion") + _nearby(pending)))
    if isinstance(action, (D.MoveAndAttack, D.Attack)):
        mine = next((m for m in pending if m.unit == action.unit), None)
        if mine is not None:
            declared = action.attacked if isinstance(action, D.MoveAndAttack) else action.target
            target = target_of(declared) if declared is not None else None
            if target is None or (mine.targets and not (isinstance(target, UnitTarget)
                                                       and target.unit in mine.targets)):
                raise res.illegal((Reason.MUST_ATTACK, "mandatory.attack"), _told(mine), ptr + "/attack")
            return
    raise res.illegal((Reason.MANDATORY_ACTION_FIRST, "mandatory.first"), "; ".join(_told(m) for m in pending), ptr)


@handles(D.MandatoryActions, Verdict.ANSWERED)
def mandatory_actions(res: Resolution, a: D.MandatoryActions, ptr: str) -> Outcome:
    pending = mandatory_attacks(res.state)
    if not pending:
        res.emit(Note("answer", "No mandatory action can be taken now: the active player may act as they wish.",
                      rules=("mandatory.cannot",)))
    else:
        res.emit(Note("answer", "; ".join(_told(m) for m in pending) + ".", {"units": [m.unit for m in pending]},
                      rules=("mandatory.attack", "mandatory.first", "range-of-motion.mandatory",
                             "triggered-ability", "minion") + _nearby(pending) + (
                          ("mandatory.choice",) if len(pending) > 1 else ())))
    answer = [{"unit": m.unit, "must_attack": list(m.targets) or "any", "because": list(m.sources)} for m in pending]
    return res.done(Verdict.ANSWERED, f"{len(pending)} mandatory attack(s) now.", answer=answer)


base.BEFORE = check_mandatory
