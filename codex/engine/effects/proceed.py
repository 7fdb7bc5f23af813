"""An effect that moves the turn on: "Proceed to the end phase."

The turn's phases come in order (Codex "Turn Overview": start, main, end); an effect that proceeds to
the end phase skips what is left of the phase in progress. The effect only marks the turn
(`GameState.proceed_to`): the storyline in progress finishes first, and once the action is over the
end phase happens and the turn passes (`phases.proceed`, called where an action ends: the ruling,
and each action of a sequence). Proceeding to another phase is not executed.
"""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import Run, executes
from codex.engine.effects.select import NotExecutable
from codex.engine.events import Note


def _phase_named(clause: A.Clause) -> Any:
    """"to the end phase": the phase (``end``), or None for other words."""
    if len(clause.adjuncts) != 1 or clause.adjuncts[0].prep != "to":
        return None
    what = clause.adjuncts[0].what
    if isinstance(what, A.Selector) and what.det == "the" and not what.mods and not what.filters \
            and what.noun.lower() == "end phase":
        return "end"
    return None


def _proceed_problems(act: A.Action) -> Iterator[str]:
    if act.roles:
        yield "something named proceeding"


def _proceed_clause_problems(clause: A.Clause) -> Iterator[str]:
    if _phase_named(clause) is None:
        yield "proceeding to something other than the end phase"


@executes(A.Action, lemma="proceed", problems=_proceed_problems, clause_problems=_proceed_clause_problems,
          adjuncts=("to",))
def _proceed(run: Run, act: A.Action, clause: A.Clause) -> list[Obj]:
    phase = _phase_named(clause)
    if phase is None:
        raise NotExecutable("proceeding to something other than the end phase")
    turn = run.state.turn
    if turn.phase in ("end", "setup"):
        run.emit(Note("proceed", f"{run.ctx.source_name}: the turn is already in its {turn.phase} phase; nothing "
                      "is skipped.", {"phase": turn.phase}, rules=("turn-overview",)))
        return []
    run.state = run.state.evolve(proceed_to=phase)
    run.emit(Note("proceed", f"{run.ctx.source_name}: {turn.active}'s turn proceeds to its end phase once what is "
                  "resolving now is over.", {"player": turn.active, "phase": phase}, rules=("turn-overview",)))
    return []
