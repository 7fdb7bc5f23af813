"""Effects that let units move between sites as if they were adjacent (Codex "As If Adjacent"):
"Choose two different sites. This turn, units can move between them as if they were adjacent",
"This turn, your units can move between any sites in a chosen span of land as if they were
adjacent".

The clause is a permission ("can"), not a move: it lasts (`state.Lasting.links`, for every unit or
for its controller's units: "your units"), and the rules of movement read it where they read the
scenario's `as_if_adjacent` (`movement.linked_squares`), so a step between two linked sites is a
step for every rule (range of motion, paths, borders not traversed).
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import Run
from codex.engine.effects.select import NotExecutable, describe, select
from codex.engine.events import EffectBegan
from codex.engine.state import Lasting


def _as_if_adjacent(cond: Any) -> bool:
    """The condition "as if they were adjacent"."""
    clause = getattr(cond, "clause", None)
    return isinstance(cond, A.Condition) and cond.kind == "as_if" and isinstance(clause, A.Clause) \
        and isinstance(clause.action, A.Located) and isinstance(clause.action.where, A.Where) \
        and clause.action.where.rel == "adjacent" and clause.action.where.of is None


def is_link(clause: Any) -> bool:
    """Whether the clause is "<units> can move between <sites> as if they were adjacent"."""
    act = getattr(clause, "action", None)
    return isinstance(clause, A.Clause) and clause.modal == "can" and not clause.negated \
        and isinstance(act, A.Move) and act.kind == "move" and len(clause.conditions) == 1 \
        and _as_if_adjacent(clause.conditions[0])


def _whose(patient: Any) -> str | None:
    """"units" → every unit (None); "your units" → ``your``; anything else is not read."""
    if isinstance(patient, A.Selector) and patient.noun in ("unit", "units") and not patient.mods \
            and not patient.filters and patient.det in (None, "your"):
        return patient.det or "all"
    return None


def _between(act: A.Move) -> bool:
    """"move between X" is read as a move from one of X to another (``source`` the same as ``dest``):
    the places linked are X, and no other source is named."""
    return act.source is None or act.source == act.dest


def link_problems(clause: A.Clause) -> Iterator[str]:
    """What of a link clause the engine does not run."""
    from codex.engine.effects.check import sel_problems
    act = clause.action
    if _whose(act.patient) is None:
        yield "units moving as if adjacent, of a kind the engine does not read"
    if act.steps is not None or act.direction is not None or act.path is not None or not _between(act) \
            or act.agent is not None or clause.adverbs or clause.adjuncts or clause.per is not None:
        yield "a move as if adjacent with words the engine does not read"
    if clause.duration is None or clause.duration.kind != "this_turn":
        yield "sites linked for another time than this turn"
    yield from sel_problems(act.dest)


def _squares(objs: list[Obj]) -> list[int]:
    out = []
    for o in objs:
        if o.kind == "site":
            out.append(int(o.key))
        elif o.kind == "location":
            out.append(o.key.square)
    return list(dict.fromkeys(out))


def run_links(run: Run, clause: A.Clause) -> list[Obj]:
    """The sites the words name are linked, every two of them, this turn, for the units named."""
    for problem in link_problems(clause):
        raise NotExecutable(problem)
    act = clause.action
    squares = [sq for sq in _squares(select(run.state, run.ctx, act.dest, "dest")) if run.state.site_at(sq)]
    if len(squares) < 2:
        run.note("links", f"{run.ctx.source_name}: fewer than two sites, so nothing is linked.")
        return []
    whose = _whose(act.patient)
    pairs = tuple(combinations(sorted(squares), 2))
    effect = Lasting(f"{run.ctx.key}#{len(run.state.lasting)}", run.ctx.source_name, run.ctx.controller,
                     "end_of_turn", links=pairs, links_for=run.ctx.controller if whose == "your" else None,
                     told=f"moving between squares {', '.join(map(str, sorted(squares)))} as if adjacent")
    run.state = run.state.evolve(lasting=run.state.lasting + (effect,))
    sites = describe(run.state, [Obj("site", sq) for sq in sorted(squares)])
    run.emit(EffectBegan(run.ctx.source_name, "end_of_turn",
                         (f"{run.ctx.controller}'s units" if whose == "your" else "every unit",),
                         f"steps between {sites} as if they were adjacent",
                         rules=("as-if-adjacent", "ongoing-effect")))
    return [Obj("site", sq) for sq in squares]


# ----------------------------------------------------------------------------- static links

def static_link(clause: Any) -> tuple[Any, Any] | None:
    """A static ability linking places for movement, as the two sides of the link (the words of
    each): "a site letting units move between it and any void as if adjacent" (this site,
    any void); "a site adjacent, for burrowed allies, to their controller's other sites" (this site,
    your other sites). None for any other clause."""
    act = getattr(clause, "action", None)
    if not (isinstance(clause, A.Clause) and clause.modal == "can" and not clause.negated and isinstance(act, A.Move)
            and act.kind == "move" and len(clause.conditions) == 1 and clause.duration is None
            and act.steps is None and act.direction is None and act.path is None and _between(act)
            and act.agent is None and not clause.adverbs and not clause.adjuncts and clause.per is None):
        return None
    cond = clause.conditions[0]
    if _as_if_adjacent(cond) and isinstance(act.dest, A.Group) and act.dest.conj == "and" and len(act.dest.items) == 2:
        return act.dest.items[0], act.dest.items[1]          # "between <here> and <there>"
    inner = getattr(cond, "clause", None)
    if isinstance(cond, A.Condition) and cond.kind == "as_if" and act.dest is None and isinstance(inner, A.Clause) \
            and isinstance(inner.action, A.Located) and isinstance(inner.action.where, A.Where) \
            and inner.action.where.rel in ("adjacent_to", "adjacent") and inner.action.where.of is not None \
            and isinstance(inner.action.patient, A.Ref) and inner.action.patient.word == "SELF":
        return inner.action.patient, inner.action.where.of   # "as if this were adjacent to <those>"
    return None


def link_squares(state: Any, ctx: Any, node: Any) -> set[int]:
    """The squares one side of a static link names: the card's own square(s), sites, voids."""
    from codex.engine.effects.select import locations_of, select_all
    if isinstance(node, A.Ref) and node.word == "SELF":
        return {loc.square for loc in locations_of(state, ctx.source)}
    out = set()
    for o in select_all(state, ctx, node):
        if o.kind == "site":
            out.add(int(o.key))
        elif o.kind == "location":
            out.add(o.key.square)
    return out


__all__ = ["is_link", "link_problems", "run_links", "static_link", "link_squares"]
