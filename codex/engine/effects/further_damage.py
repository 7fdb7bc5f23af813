""""Deal 2 damage to target minion. ... If you do, deal 2 more damage to it." (invented words of
the same shape): the grammar reads "deal N more damage to X" as a change to the damage X takes
(`A.ModifyDamage`, "more"), which with a duration is a lasting change (`lasting_damage.py`: "target
minion takes 2 more damage this turn"). With no duration, said of "it"/"them" that this very
effect has already dealt damage to, there is no later damage for a change to apply to: the words
add damage to what the effect dealt, so the further N damage is dealt now, by the same card, as a
damage event of its own (every rule of damage applies to it: reductions, prevention, death).
Found SILENT by blind round 34: the life was paid and nothing more was dealt.
"""
from __future__ import annotations

from typing import Any

from codex.cardtext import ast as A

_BACK = ("it", "them", "they")


def _damaged_before(run: Any) -> set[str]:
    """The units this effect (its own quote) has dealt damage to, or tried to, so far."""
    from codex.engine.events import DamagePrevented, Damaged, NoDamage
    return {e.unit for e in run.events if isinstance(e, (Damaged, NoDamage, DamagePrevented))
            and e.from_card == run.ctx.quote}


def is_further_damage(run: Any, act: Any, clause: A.Clause) -> bool:
    """Whether "N more damage" with no duration is said of what the effect already damaged."""
    if not (isinstance(act, A.ModifyDamage) and act.change == "more" and isinstance(act.amount, int)
            and clause.duration is None and clause.per is None and act.agent is None and act.source is None
            and act.kind is None and isinstance(act.patient, A.Ref) and act.patient.word.lower() in _BACK
            and not act.patient.filters):
        return False
    named = {str(o.key) for o in (run.ctx.lookup(act.patient.word.lower()) or ()) if o.kind == "unit"}
    return bool(named) and named <= _damaged_before(run)


def deal_further(run: Any, act: A.ModifyDamage, clause: A.Clause) -> list[Any]:
    """Deal the further damage now, as "deal N damage to it" would."""
    from codex.engine.effects.execute import EXECUTORS
    damage = A.Damage(amount=act.amount, patient=act.patient)
    return EXECUTORS[A.Damage].run(run, damage, A.replace(clause, action=damage))
