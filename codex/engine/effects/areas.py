"""Damage grids (Codex "Damage Grid"): a sentence dealing damage to every unit in the locations of
an "area of effect", followed by a grid printed on the card. The grid is part of the card's picture, not its
text, and may be rotated and reflected, so where it lands and what each square deals is the
caster's to say: the scenario answers the choice ``area`` with ``"square:amount"`` items
(``["13:4", "8:2", "12:2"]``). "A damage grid affects each unit at the shown squares and in the
same region as the caster."
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from codex.engine.effects.context import Ctx, Obj
from codex.engine.effects.select import NotExecutable, source_locations
from codex.engine.geometry import Location, Region
from codex.engine.state import GameState

if TYPE_CHECKING:
    from codex.engine.effects.execute import Run


def grid(ctx: Ctx) -> dict[int, int]:
    """The squares of the damage grid and what each deals, from the scenario's choice."""
    from codex.engine.errors import AmbiguousAction
    given = ctx.answer("area")
    key = f"{ctx.key}.area"
    if given is None:
        raise AmbiguousAction(f"{ctx.source_name}: say where its damage grid lands and what each square deals, as "
                              "\"square:amount\" items", key, [], f"/choices/{key}")
    items = given if isinstance(given, list) else [given]
    out: dict[int, int] = {}
    for item in items:
        square, _, dealt = str(item).partition(":")
        if not square.strip().isdecimal() or len(square.strip()) > 2 or not 1 <= int(square) <= 20 or (
                dealt and (not dealt.strip().isdecimal() or len(dealt.strip()) > 4)):
            raise AmbiguousAction(f"{ctx.source_name}: {item!r} is not \"square:amount\"", key, [], f"/choices/{key}")
        out[int(square)] = int(dealt) if dealt else 0
    return out


def _facing(state: GameState, ctx: Ctx, squares: list[int]) -> None:
    """"Choose a cardinal direction ... area of effect": the grid is oriented that way, so none of
    its squares lies behind its origin for every direction chosen (the scenario's ``area`` must
    agree with its ``direction``)."""
    from codex.engine.effects.select import locations_of
    from codex.engine.errors import AmbiguousAction
    from codex.engine.geometry import Direction, direction_delta, row_col
    chosen: list[Obj] = list(ctx.lookup("direction") or [])
    origin = [loc for o in (ctx.lookup("direction_from") or []) for loc in locations_of(state, o)]
    if not chosen or not origin:
        return
    r0, c0 = row_col(origin[0].square)
    deltas = [direction_delta(Direction(str(o.key))) for o in chosen]
    for square in squares:
        r, c = row_col(square)
        if all((r - r0) * dr + (c - c0) * dc < 0 for dr, dc in deltas):
            key = f"{ctx.key}.area"
            raise AmbiguousAction(f"{ctx.source_name}: square {square} of the damage grid lies behind its origin "
                                  f"(square {origin[0].square}) for the direction chosen "
                                  f"({', '.join(str(o.key) for o in chosen)}); give a grid facing that way",
                                  key, [], f"/choices/{key}")


def _across(ctx: Ctx, squares: list[int]) -> None:
    """"flows horizontally, from one edge of the realm to the other": the grid reaches both edges
    (`flows.spans`)."""
    from codex.engine.effects.flows import spans
    from codex.engine.errors import AmbiguousAction
    way = list(ctx.lookup("flow_across") or [])
    if way and not spans(squares, way):
        key = f"{ctx.key}.area"
        raise AmbiguousAction(f"{ctx.source_name}: its area of effect flows from one edge of the realm to the other; "
                              f"give a grid reaching both edges ({', '.join(str(o.key) for o in way)})",
                              key, [], f"/choices/{key}")


def area_locations(state: GameState, ctx: Ctx) -> list[Obj]:
    """The locations of the grid: its squares in the caster's region (a site's surface when the
    caster is on one)."""
    regions = {loc.region for loc in source_locations(state, ctx)} or {Region.SURFACE}
    _facing(state, ctx, list(grid(ctx)))
    _across(ctx, list(grid(ctx)))
    out = []
    for square in grid(ctx):
        for region in regions:
            loc = Location(square, region)
            if region is Region.SURFACE and state.site_at(square) is None:
                loc = Location(square, Region.VOID)
            if state.location_exists(loc):
                out.append(Obj("location", loc))
    return out


def area_amounts(run: "Run", patients: list[Obj]) -> dict[Obj, int]:
    """What the grid deals to each unit named: the amount shown on its square."""
    from codex.engine.effects.select import locations_of
    shown = grid(run.ctx)
    out: dict[Obj, int] = {}
    for obj in patients:
        squares = [loc.square for loc in locations_of(run.state, obj) if loc.square in shown]
        if not squares:
            continue
        out[obj] = max(shown[sq] for sq in squares)
    if not out and patients:
        raise NotExecutable("damage with no amount and no damage grid")
    return out


__all__ = ["grid", "area_locations", "area_amounts", "Any"]
