"""Playing sites: where a site may go, and what entering gives."""
from __future__ import annotations

from codex.engine.geometry import SQUARES, Region, adjacent_squares, manhattan, orthogonal_neighbours
from codex.engine.reasons import Found, Reason
from codex.engine.state import GameState, Site


def site_placement_reason(state: GameState, player_id: str, square: int) -> Found:
    """A site goes on a void or rubble, adjacent to a site you control, or as close as possible
    to your Avatar if you control none; an Avatar in the void plays under itself."""
    existing = state.site_at(square)
    if existing is not None and not existing.rubble:
        return Reason.SQUARE_OCCUPIED, "site.play"
    avatar = state.avatar_of(player_id)
    if avatar is not None and avatar.location.region is Region.VOID and avatar.location.square == square:
        return None
    own = [s.square for s in state.sites if s.controller == player_id and not s.rubble]
    if own:
        if not any(square in orthogonal_neighbours(o) for o in own):
            return Reason.NOT_ADJACENT_TO_OWN_SITE, "site.play"
        return None
    if avatar is None:
        return None
    free = [sq for sq in SQUARES if (site := state.site_at(sq)) is None or site.rubble]
    best = min(manhattan(avatar.location.square, sq) for sq in free)
    if manhattan(avatar.location.square, square) > best:
        return Reason.NOT_NEAREST_AVATAR, "site.play"
    return None


def legal_site_squares(state: GameState, player_id: str) -> list[int]:
    return [sq for sq in SQUARES if site_placement_reason(state, player_id, sq) is None]


def place_site(state: GameState, site: Site) -> GameState:
    return state.with_site(site)


__all__ = ["site_placement_reason", "legal_site_squares", "place_site", "adjacent_squares"]
