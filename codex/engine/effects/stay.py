"""An effect that keeps a state the rules would take away because of it: "..., and stay Stealthed".

A minion loses Stealth once it has interacted with the realm (Codex "Stealth": "Stealth is lost after
the minion interacts with the realm"; activating a special ability is such an interaction, the
Stealth lost once the ability has resolved). An ability whose own words say its unit stays Stealthed
overrides that for this ability only, as a card's words override the rules: the executor tells it
(a `stays` step), and the activation hears it and leaves the Stealth (`actions/activate.py`). Stealth
is the one state the Codex takes away as a consequence of what a unit does; any other state named is
not executed.
"""
from __future__ import annotations

from typing import Iterator

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import Run, executes
from codex.engine.effects.select import NotExecutable
from codex.engine.events import Event, Note

#: The states an effect may keep: the adverb the grammar reads → the state's name.
KEPT = {"stealthed": "Stealth"}


def _stay_problems(act: A.Action) -> Iterator[str]:
    roles = dict(act.roles)
    agent = roles.get("agent")
    if set(roles) - {"agent"} or (agent is not None and not (isinstance(agent, A.Ref) and agent.word == "SELF")):
        yield "something other than the card itself staying as it is"


def _stay_clause_problems(clause: A.Clause) -> Iterator[str]:
    if sum(1 for a in clause.adverbs if a in KEPT) != 1 or clause.adjuncts:
        yield "staying in a state other than Stealthed"


@executes(A.Action, lemma="stay", problems=_stay_problems, clause_problems=_stay_clause_problems,
          adverbs=tuple(KEPT))
def _stay(run: Run, act: A.Action, clause: A.Clause) -> list[Obj]:
    """The ability's unit keeps its Stealth through this ability (told by a `stays` step)."""
    source = run.ctx.source
    unit = run.state.unit(str(source.key)) if source.kind == "unit" else None
    if unit is None:
        raise NotExecutable("something other than a unit staying Stealthed")
    state = next(KEPT[a] for a in clause.adverbs if a in KEPT)
    run.emit(Note("stays", f"{unit.name} stays Stealthed: its ability's own words keep its {state} once the "
                  "ability has resolved.", {"unit": unit.id, "state": state.lower()},
                  rules=("stealth.after-ability",)))
    return [source]


def keeps_stealth(events: list[Event] | tuple[Event, ...], unit_id: str) -> bool:
    """Whether an ability's resolution said its unit stays Stealthed (a `stays` step for it)."""
    return any(isinstance(e, Note) and e.kind == "stays" and e.details.get("unit") == unit_id
               and e.details.get("state") == "stealth" for e in events)
