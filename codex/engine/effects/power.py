"""Effects that set or multiply a unit's power for a while: "Set the base power of target minion
to 0 until your next turn", "Double the power of target minion this turn".

Each is a lasting effect (`board.lasting`) in its own layer of Codex "Apply Ongoing Effects In
Order": power setting before power addition, multiplication after it (`ongoing.layered_power`),
so "+2 power" on a unit set to 0 makes it 2, and doubling a 3-power unit with +1 makes it 8.
Never by changing the unit's printed power: when the effect ends, the power is what it was.
"""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.board import lasting, modifiable, patients_or_self
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import Run, executes

#: How a power is changed, and whether it needs an amount.
_HOWS = {"set": True, "double": False}


def power_owner(node: Any) -> Any:
    """The units whose power the words name: "the base power of X" (an "of" filter) or "X's power"
    (a possessive); None when the words name another amount."""
    if not (isinstance(node, A.Selector) and node.noun.lower() == "power" and set(m.lower() for m in node.mods) <= {"base"}):
        return None
    if isinstance(node.det, A.Possessive) and not node.filters:
        return node.det.owner
    ofs = [f for f in node.filters if isinstance(f, A.Of)]
    if node.det in ("the", None) and len(ofs) == 1 and len(node.filters) == 1:
        return ofs[0].what
    return None


def _problems(act: A.ChangeAmount) -> Iterator[str]:
    from codex.engine.effects.check import sel_problems
    owner = power_owner(act.patient)
    if owner is None:
        yield "changing an amount other than a unit's power"
        return
    if act.how not in _HOWS:
        yield f"changing a power by '{act.how}'"
    elif _HOWS[act.how] and not isinstance(act.amount, int):
        yield "setting a power to an amount the engine does not read"
    if act.agent is not None:
        yield "a power changed by someone named"
    yield from sel_problems(owner)


@executes(A.ChangeAmount, problems=_problems)
def _change_power(run: Run, act: A.ChangeAmount, clause: A.Clause) -> list[Obj]:
    """The named units' power set or multiplied for the clause's duration."""
    patients = modifiable(run, patients_or_self(run, power_owner(act.patient)), "change its power")
    if not patients:
        return patients
    if act.how == "set":
        lasting(run, clause, patients, base_power=int(act.amount), told=f"base power {int(act.amount)}")
        layer = "power setting applies before any power added or subtracted"
    else:
        lasting(run, clause, patients, power_factor=2, told="double power")
        layer = "multiplying power applies after any power added or subtracted"
    run.note("power_layer", f"{run.ctx.source_name}: {layer}, whatever their order.", ("ongoing-effect.layers",))
    return patients


__all__ = ["power_owner"]
