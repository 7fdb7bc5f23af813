"""Oversized units (Codex "Oversized Units"): units that occupy more than one location.

An oversized unit is placed by its *anchor*, the top-left square of its area, and its size
(rows x columns, e.g. 2x2 for "Occupies four locations"). It occupies every location of that
area at one level: aboveground (the surface of each site, or the void where there is none) or
below (the subsurface of each site), since it "cannot occupy the surface and subsurface
simultaneously". Its size is a characteristic fixed as it enters the realm, so silencing or
disabling it never shrinks it.

When it moves, every part moves the same way (`parts`): each part's move must be legal, and
only the locations it did not occupy before are entered (Codex "Enter").
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from codex.engine.geometry import Location, Region, row_col, square_at

if TYPE_CHECKING:
    from codex.engine.state import GameState


def level_of(region: Region) -> str:
    """"above" for the surface and the void, "below" for the subsurface."""
    return "below" if region.is_subsurface else "above"


def region_at(state: "GameState", square: int, level: str) -> Region:
    """The region a part of an oversized unit occupies on ``square`` at ``level``."""
    from codex.engine.ongoing import site_is_water
    site = state.site_at(square)
    if level == "above":
        return Region.SURFACE if site is not None else Region.VOID
    return Region.UNDERWATER if site is not None and site_is_water(state, site) else Region.UNDERGROUND


def area(state: "GameState", anchor: Location, size: tuple[int, int]) -> tuple[Location, ...] | None:
    """The locations of an area of ``size`` whose top-left square is the anchor's, at the
    anchor's level; None when the area does not fit in the realm. The anchor comes first."""
    r0, c0 = row_col(anchor.square)
    rows, cols = size
    level = level_of(anchor.region)
    out: list[Location] = []
    for dr in range(rows):
        for dc in range(cols):
            sq = square_at(r0 + dr, c0 + dc)
            if sq is None:
                return None
            out.append(Location(sq, region_at(state, sq, level)))
    return tuple(out)


def normalise(state: "GameState", anchor: Location) -> Location:
    """A declared anchor at its level's real region (a declared [7, "underground"] under a water
    site is underwater; a bare square with no site is the void)."""
    return Location(anchor.square, region_at(state, anchor.square, level_of(anchor.region)))


def parts(state: "GameState", frm: Location, to: Location,
          size: tuple[int, int]) -> list[tuple[Location, Location]] | None:
    """Each part's (from, to) when the unit moves its anchor from ``frm`` to ``to``: the same
    move for every part. None when the destination area does not fit in the realm."""
    old = area(state, frm, size)
    new = area(state, to, size)
    if old is None or new is None:
        return None
    return list(zip(old, new))


def placements(state: "GameState", loc: Location, size: tuple[int, int]) -> list[Location]:
    """Every anchor whose area (at ``loc``'s level) includes ``loc``: where an oversized unit can
    be put so that it occupies that location (Codex "Teleporting Oversized Units")."""
    r, c = row_col(loc.square)
    rows, cols = size
    level = level_of(loc.region)
    out: list[Location] = []
    for dr in range(rows):
        for dc in range(cols):
            sq = square_at(r - dr, c - dc)
            if sq is None:
                continue
            anchor = Location(sq, region_at(state, sq, level))
            found = area(state, anchor, size)
            if found is not None and loc in found:
                out.append(anchor)
    return sorted(out)


def size_from_count(count: int) -> tuple[int, int] | None:
    """The area of a unit that "occupies N locations": four is a 2x2 square (Mountain Giant);
    other counts have no defined shape."""
    return {1: (1, 1), 4: (2, 2)}.get(count)
