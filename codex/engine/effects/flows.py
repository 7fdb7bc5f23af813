"""Effects that flow: "Lava flows from the caster's site in a cardinal direction", "X flows
horizontally, from one edge of the realm to the other". The sentence says which way the card's
damage grid lies (Codex "Damage Grid": it "may be rotated and reflected, though some effects may
specify otherwise"): the caster chooses the direction among those the words allow, from the origin
they name, and the grid the scenario gives (`areas.grid`) must face that way (`areas._facing`)
and, flowing from one edge to the other, reach both edges (`areas._across`).
"""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import Run, executes
from codex.engine.effects.select import NotExecutable, describe, select
from codex.engine.events import Note
from codex.engine.geometry import Direction

#: The adverbs naming which ways a flow may go.
WAYS: dict[str, tuple[Direction, ...]] = {
    "in_cardinal_direction": tuple(Direction),
    "horizontally": (Direction.EAST, Direction.WEST),
    "vertically": (Direction.NORTH, Direction.SOUTH),
}


def _edge_to_edge(clause: A.Clause) -> bool | None:
    """"from one edge of the realm to the other": True; no such words: False; other words: None."""
    preps = {adj.prep: adj.what for adj in clause.adjuncts}
    if not preps:
        return False
    frm, to = preps.get("from"), preps.get("to")
    if set(preps) != {"from", "to"} or not isinstance(frm, A.Selector) or not isinstance(to, A.Selector):
        return None
    from codex.engine.effects.select import of_the_realm
    edge = frm.noun.lower() == "edge" and any(isinstance(f, A.Of) and of_the_realm(f.what) for f in frm.filters)
    other = to.noun.lower() in ("other", "other edge", "opposite edge")
    return True if edge and other else None


def _flow_problems(act: A.Action) -> Iterator[str]:
    from codex.engine.effects.check import sel_problems
    roles = dict(act.roles)
    agent = roles.get("agent")
    if set(roles) - {"agent", "source"} or not (isinstance(agent, A.Ref) and agent.word == "SELF"):
        yield "something other than the card itself flowing"
        return
    yield from sel_problems(roles.get("source"))


def _flow_clause_problems(clause: A.Clause) -> Iterator[str]:
    if not any(a in WAYS for a in clause.adverbs):
        yield "a flow with no direction"
    if _edge_to_edge(clause) is None:
        yield "a flow between places other than the realm's edges"


@executes(A.Action, lemma="flow", problems=_flow_problems, clause_problems=_flow_clause_problems,
          adverbs=tuple(WAYS), adjuncts=("from", "to"))
def _flow(run: Run, act: A.Action, clause: A.Clause) -> list[Obj]:
    """The caster chooses which way it flows (key ``direction``); what the area of effect is, is
    then bound to that direction, from the origin named ("the caster's site")."""
    way = next((a for a in clause.adverbs if a in WAYS), None)
    across = _edge_to_edge(clause)
    if way is None or across is None:
        raise NotExecutable("a flow with no direction")
    options = [Obj("direction", d.value) for d in WAYS[way]]
    chosen = run.ctx.choose("direction", options, why=f"choose which way {run.ctx.source_name} flows "
                            f"({', '.join(str(o.key) for o in options)})")
    source = dict(act.roles).get("source")
    origin = select(run.state, run.ctx, source, "origin") if source is not None else []
    run.ctx = run.ctx.bind("direction", chosen).bind("direction_from", origin[:1])
    if across:
        run.ctx = run.ctx.bind("flow_across", chosen)
    where = f" from {describe(run.state, origin[:1])}" if origin else (" from one edge of the realm to the other"
                                                                      if across else "")
    run.emit(Note("flow", f"{run.ctx.source_name} flows {' and '.join(str(o.key) for o in chosen)}{where}: its area of "
                  f"effect lies that way, as the words specify.", {"direction": [str(o.key) for o in chosen]},
                  rules=("damage-grid.orientation",) + (("cardinal-directions",) if way == "in_cardinal_direction"
                                                        else ())))
    return chosen


def spans(squares: list[int], directions: list[Any]) -> bool:
    """Whether a grid flowing that way reaches both edges of the realm across it."""
    from codex.engine.geometry import COLUMNS, ROWS, direction_delta, row_col
    for o in directions:
        dr, dc = direction_delta(Direction(str(o.key)))
        cells = {row_col(sq)[1] if dc else row_col(sq)[0] for sq in squares}
        last = (COLUMNS if dc else ROWS) - 1
        if not {0, last} <= cells:
            return False
    return True


__all__ = ["WAYS", "spans"]
