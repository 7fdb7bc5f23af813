"""An aura moving itself across the realm ("At the end of your turn, this aura moves one square
east"): its whole area shifts, square by square, in the direction named (Codex "Aura": an aura
"usually affect[s] a 2x2 area"; what it affects is where it is, so the affected area moves with it).

The Codex has no entry on auras moving; the engine reads the words plainly: each square of the
way moves the whole area one square; a square the area would leave the realm by is not taken,
and the aura stops there (at the edge it does not move). The units and sites under it do not move
(an aura is not a unit: no step, no entering). A wall (an aura atop a border, no area) and an
animated aura (also a minion) are named as not executed.
"""
from __future__ import annotations

from dataclasses import replace
from codex.cardtext import ast as A
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import Run
from codex.engine.effects.select import NotExecutable
from codex.engine.geometry import Direction, next_square


def shifted(squares: tuple[int, ...], direction: Direction) -> tuple[int, ...] | None:
    """The area one square further in ``direction``; None when a square of it would leave the realm."""
    out = [next_square(sq, direction) for sq in squares]
    if any(sq is None for sq in out):
        return None
    return tuple(sorted(sq for sq in out if sq is not None))


def move_aura(run: Run, obj: Obj, act: A.Move, direction: str | None) -> bool:
    """Move the aura ``obj`` ``act.steps`` squares in ``direction`` (its area with it); whether it moved."""
    aura = next((a for a in run.state.auras if a.id == obj.key), None)
    if aura is None:
        return False
    if aura.border is not None or aura.animated_as is not None or not aura.squares:
        raise NotExecutable("moving a wall or an animated aura")
    if direction is None or act.dest is not None or not isinstance(act.steps, int):
        raise NotExecutable("moving an aura other than a number of squares in a direction")
    way = Direction(direction)
    squares = aura.squares
    taken = 0
    for _ in range(act.steps):
        nxt = shifted(squares, way)
        if nxt is None:
            break
        squares, taken = nxt, taken + 1
    if not taken:
        run.note("aura_not_moved", f"{aura.name} does not move {way.value}: its area would leave the realm, so it "
                 "stays where it is.", ("aura",), aura=aura.id, squares=list(aura.squares))
        return False
    run.state = run.state.evolve(auras=tuple(replace(a, squares=squares) if a.id == aura.id else a
                                             for a in run.state.auras))
    short = f" (it stops at the realm's edge after {taken})" if taken < act.steps else ""
    run.note("aura_moved", f"{aura.name} moves {taken} square{'s' if taken != 1 else ''} {way.value}{short}: its "
             f"affected area is now squares {', '.join(map(str, squares))}.", ("aura",), aura=aura.id,
             squares=list(squares))
    return True
