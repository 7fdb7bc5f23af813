"""What the Codex's words for parts of the realm refer to, seen from a card or a square.

"Here", "there", "its location", "adjacent", "nearby", "border", "top border", "body of water",
"span of land", "X steps away": card text leans on these words, and the Codex defines each one
(Codex entries of the same names). Each function answers for one word, from the state, and never
changes it. Whether a word crosses regions is part of its definition: adjacent or nearby *squares,
sites and voids* cross regions; adjacent or nearby *locations* (and units) do not.
"""
from __future__ import annotations

from collections import deque
from typing import Union

from codex.engine.geometry import (CORNERS, SQUARES, Location, Region, adjacent_squares, manhattan,
                                   nearby_squares, next_square, orthogonal_neighbours, Direction)
from codex.engine.ongoing import site_is_water
from codex.engine.state import Aura, GameState, Site, Unit

Card = Union[Unit, Site, Aura, int]   # an int is a bare square (not a card)


def square_of(card: Card) -> int:
    if isinstance(card, Unit):
        return card.location.square
    if isinstance(card, Site):
        return card.square
    if isinstance(card, Aura):      # a wall atop a border: the first of its two squares
        return card.squares[0] if card.squares else (card.border or (0,))[0]
    return card


def squares_of(card: Card) -> tuple[int, ...]:
    return card.squares if isinstance(card, Aura) else (square_of(card),)


def occupied(state: GameState, card: Card) -> list[Location]:
    """"Here" / "there": the location(s) the card occupies. A unit: its one location. A site: its
    surface and its subsurface. An aura: the surface of each site in its area, or the void of each
    void square."""
    if isinstance(card, Unit):
        return [card.location]
    if isinstance(card, Site):
        return [Location(card.square, Region.SURFACE), Location(card.square, subsurface_of(state, card))]
    if isinstance(card, Aura):
        return [Location(sq, Region.SURFACE if state.site_at(sq) else Region.VOID) for sq in card.squares]
    return []


def subsurface_of(state: GameState, site: Site) -> Region:
    return Region.UNDERWATER if site_is_water(state, site) else Region.UNDERGROUND


def locations_at(state: GameState, square: int) -> list[Location]:
    """Every location of a square: the void alone, or a site's surface and subsurface."""
    site = state.site_at(square)
    if site is None:
        return [Location(square, Region.VOID)]
    return [Location(square, Region.SURFACE), Location(square, subsurface_of(state, site))]


def sites_among(state: GameState, squares: tuple[int, ...] | list[int]) -> list[int]:
    return [sq for sq in squares if state.site_at(sq) is not None]


def voids_among(state: GameState, squares: tuple[int, ...] | list[int]) -> list[int]:
    return [sq for sq in squares if state.site_at(sq) is None]


def same_region(state: GameState, region: Region, squares: tuple[int, ...] | list[int]) -> list[Location]:
    """The locations of ``region`` in these squares that exist (regional boundaries are not crossed)."""
    out = [Location(sq, region) for sq in squares]
    return [loc for loc in out if state.location_exists(loc)]


def top_border(square: int, first_player: bool) -> int | None:
    """The square across a site's top border: the border farthest from the player's starting edge.
    The first player starts on the south edge (their Avatar on square 18), the second on the north."""
    return next_square(square, Direction.NORTH if first_player else Direction.SOUTH)


def body(state: GameState, square: int, water: bool) -> list[int]:
    """The contiguous group of adjacent water (or land) sites that holds ``square``'s site, whoever
    controls them; empty when that square is not such a site."""
    def fits(sq: int) -> bool:
        site = state.site_at(sq)
        return site is not None and site_is_water(state, site) == water

    if not fits(square):
        return []
    seen = {square}
    queue = deque([square])
    while queue:
        sq = queue.popleft()
        for n in orthogonal_neighbours(sq):
            if n not in seen and fits(n):
                seen.add(n)
                queue.append(n)
    return sorted(seen)


def steps_away(state: GameState, loc: Location, steps: int) -> list[Location]:
    """Locations up to ``steps`` steps away (the first meaning of "step": a distance). Movement
    abilities do not apply and regions are not crossed: count one adjacent square per step."""
    return [x for x in same_region(state, loc.region, list(SQUARES)) if manhattan(loc.square, x.square) <= steps]


def region_locations(state: GameState, region: Region) -> list[Location]:
    return same_region(state, region, list(SQUARES))


__all__ = ["Card", "occupied", "locations_at", "sites_among", "voids_among", "same_region", "top_border", "body",
           "steps_away", "region_locations", "square_of", "squares_of", "adjacent_squares", "nearby_squares",
           "CORNERS", "orthogonal_neighbours"]
