"""The realm's geometry: squares, regions, locations, adjacency, nearby, directions.

The realm is a 5x4 grid of squares numbered 1-20 row by row, square 1 top-left as the first
player sees it (corners 1, 5, 16, 20). A location is one region in one square. Pure functions
over integers, so movement lookahead and projectile flight stay cheap.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

COLUMNS = 5
ROWS = 4
SQUARES = tuple(range(1, COLUMNS * ROWS + 1))
CORNERS = (1, 5, 16, 20)
FIRST_PLAYER_START = 18
SECOND_PLAYER_START = 3


class Region(str, Enum):
    """The four regions of the realm."""

    SURFACE = "surface"
    UNDERGROUND = "underground"
    UNDERWATER = "underwater"
    VOID = "void"

    @property
    def is_subsurface(self) -> bool:
        return self in (Region.UNDERGROUND, Region.UNDERWATER)


class Direction(str, Enum):
    """Cardinal directions, north being the top row (squares 1-5)."""

    NORTH = "north"
    SOUTH = "south"
    EAST = "east"
    WEST = "west"


_DELTAS = {Direction.NORTH: (-1, 0), Direction.SOUTH: (1, 0),
           Direction.EAST: (0, 1), Direction.WEST: (0, -1)}


def direction_delta(direction: Direction) -> tuple[int, int]:
    """(rows, columns) one step moves in ``direction``: north is up a row."""
    return _DELTAS[direction]


@dataclass(frozen=True, order=True)
class Location:
    """One region in one square: the smallest area in Sorcery."""

    square: int
    region: Region

    def to_json(self) -> list[int | str]:
        return [self.square, self.region.value]

    def __str__(self) -> str:
        return f"{self.region.value} of square {self.square}"


def is_square(square: object) -> bool:
    return isinstance(square, int) and not isinstance(square, bool) and 1 <= square <= COLUMNS * ROWS


def row_col(square: int) -> tuple[int, int]:
    """Zero-based (row, column) of a square."""
    return (square - 1) // COLUMNS, (square - 1) % COLUMNS


def square_at(row: int, col: int) -> int | None:
    if 0 <= row < ROWS and 0 <= col < COLUMNS:
        return row * COLUMNS + col + 1
    return None


@lru_cache(maxsize=None)
def orthogonal_neighbours(square: int) -> tuple[int, ...]:
    """Squares sharing a border with this one (not itself, not diagonals)."""
    r, c = row_col(square)
    out = (square_at(r - 1, c), square_at(r + 1, c), square_at(r, c - 1), square_at(r, c + 1))
    return tuple(sorted(s for s in out if s is not None))


@lru_cache(maxsize=None)
def diagonal_neighbours(square: int) -> tuple[int, ...]:
    r, c = row_col(square)
    out = (square_at(r - 1, c - 1), square_at(r - 1, c + 1), square_at(r + 1, c - 1), square_at(r + 1, c + 1))
    return tuple(sorted(s for s in out if s is not None))


@lru_cache(maxsize=None)
def adjacent_squares(square: int) -> tuple[int, ...]:
    """The Codex's 'adjacent': the square itself and its orthogonal neighbours."""
    return tuple(sorted((square,) + orthogonal_neighbours(square)))


@lru_cache(maxsize=None)
def nearby_squares(square: int) -> tuple[int, ...]:
    """The Codex's 'nearby': the square itself and the eight around it."""
    return tuple(sorted((square,) + orthogonal_neighbours(square) + diagonal_neighbours(square)))


@lru_cache(maxsize=None)
def knight_move_squares(square: int) -> tuple[int, ...]:
    """The squares a chess knight's move away: two squares in one cardinal direction and one at
    right angles to it (the card's own words; the Codex defines no such distance)."""
    r, c = row_col(square)
    out = (square_at(r + dr, c + dc) for dr, dc in ((-2, -1), (-2, 1), (2, -1), (2, 1),
                                                    (-1, -2), (-1, 2), (1, -2), (1, 2)))
    return tuple(sorted(s for s in out if s is not None))


def is_adjacent(a: int, b: int) -> bool:
    return b in adjacent_squares(a)


def is_nearby(a: int, b: int) -> bool:
    return b in nearby_squares(a)


def is_diagonal(a: int, b: int) -> bool:
    return b in diagonal_neighbours(a)


def adjacent_locations(loc: Location) -> tuple[Location, ...]:
    """Adjacent locations respect regions: same region, adjacent squares (existence not checked)."""
    return tuple(Location(s, loc.region) for s in adjacent_squares(loc.square))


def nearby_locations(loc: Location) -> tuple[Location, ...]:
    return tuple(Location(s, loc.region) for s in nearby_squares(loc.square))


def next_square(square: int, direction: Direction) -> int | None:
    """The square one step away in a cardinal direction, or None at the realm's edge."""
    r, c = row_col(square)
    dr, dc = _DELTAS[direction]
    return square_at(r + dr, c + dc)


def step_directions(a: int, b: int) -> frozenset[Direction]:
    """The cardinal directions of a step from square ``a`` to square ``b`` (two for a diagonal,
    none when they are the same square)."""
    ra, ca = row_col(a)
    rb, cb = row_col(b)
    out = set()
    if rb < ra:
        out.add(Direction.NORTH)
    elif rb > ra:
        out.add(Direction.SOUTH)
    if cb > ca:
        out.add(Direction.EAST)
    elif cb < ca:
        out.add(Direction.WEST)
    return frozenset(out)


def relative_directions(first_player: bool) -> dict[str, frozenset[Direction]]:
    """Player-relative directions (Codex "Forward": away from your starting edge). The first
    player starts on the bottom row (square 18), so forward is north for them, south for the
    second player."""
    forward, back = (Direction.NORTH, Direction.SOUTH) if first_player else (Direction.SOUTH, Direction.NORTH)
    return {"forward": frozenset({forward}), "backward": frozenset({back}),
            "sideways": frozenset({Direction.EAST, Direction.WEST})}


def manhattan(a: int, b: int) -> int:
    """Steps between two squares counting one adjacent square per step."""
    ra, ca = row_col(a)
    rb, cb = row_col(b)
    return abs(ra - rb) + abs(ca - cb)


def is_corner(square: int) -> bool:
    return square in CORNERS
