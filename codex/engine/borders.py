"""Borders and traversing them (Codex "Traverse", "On the Ground", "Teleport", "Fly").

"Traverse means to move through a border": a step that enters a location on one side of a border
having occupied a location on the other side. Some cards sit atop a border (a wall aura conjured
atop a border of one of your sites), some forbid crossing one (a site whose top border no unit may
cross on the ground), some hear it (a wall hurting whatever passes through it).
This module answers the geometry (which border a step traverses, and whether on the ground), which
borders a card's words name, and whether an ongoing effect forbids a traversal; movement checks
call `traverse_ban` beside the entry restrictions, triggers read `crossings` from the entering
events.

What counts: a unit's own step and forced movement that moves step by step (a push, a pull, a
drag, a fly) between two squares sharing a border. Not a teleport ("Teleportation does not cross
borders"), not a move "as if adjacent" ("Units moving 'as if adjacent' do not cross any borders"),
not a move between a site's levels (same square), not a diagonal step (its two squares share only
a corner, no border). On the ground: from the surface of a site to the surface of another site,
"excluding Airborne and Teleportation"; a flown unit is treated "as if it had Airborne while
crossing borders". A unit carried along by another is moved with it and is not heard here (its
carrier's step is).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator

from codex.cardtext import ast as A
from codex.engine.geometry import Location, Region, orthogonal_neighbours

if TYPE_CHECKING:
    from codex.engine.effects.context import Ctx
    from codex.engine.effects.statics import Static
    from codex.engine.state import GameState, Unit

#: A border: the two squares it lies between, lower square first.
Border = tuple[int, int]

#: The nouns naming a site's borders ("this site's top border", "the border of a site").
BORDER_NOUNS = ("border", "top border")


@dataclass(frozen=True)
class Crossing:
    """One border a step traverses, and whether it does so on the ground."""

    border: Border
    on_ground: bool


def border_between(a: int, b: int) -> Border | None:
    """The border two squares share (None: they share none, not orthogonally adjacent)."""
    return (min(a, b), max(a, b)) if b in orthogonal_neighbours(a) else None


def crossing(state: "GameState", unit: "Unit", frm: Location, to: Location, how: str = "step") -> Crossing | None:
    """The border one location-to-location move traverses (``how``: ``step`` for the unit's own,
    else the forced movement's kind), or None when it traverses none."""
    from codex.engine.ongoing import keywords_at
    if how in ("teleport", "carried") or frm.square == to.square:
        return None
    border = border_between(frm.square, to.square)
    if border is None:
        return None
    airborne = how == "fly" or keywords_at(state, unit, frm).airborne
    ground = frm.region is Region.SURFACE and to.region is Region.SURFACE and not airborne
    return Crossing(border, ground)


def crossings(state: "GameState", unit: "Unit", frm: Location, to: Location, how: str = "step") -> list[Crossing]:
    """Every border a move of ``unit`` traverses: for an oversized unit, each of its parts' (its
    anchor goes from ``frm`` to ``to``, every part the same way)."""
    if not unit.oversized:
        found = crossing(state, unit, frm, to, how)
        return [found] if found is not None else []
    from codex.engine.oversized import parts
    pairs = parts(state, frm, to, unit.size) or []
    out = [c for pf, pt in pairs for c in [crossing(state, unit, pf, pt, how)] if c is not None]
    return list(dict.fromkeys(out))


# ----------------------------------------------------------------------------- what words name

def _site_noun(sel: Any) -> bool:
    return isinstance(sel, A.Selector) and sel.noun.lower().removesuffix("s") == "site"


def _owner_words(sel: A.Selector) -> Any:
    """Whose borders: "this site's top border" (a possessive) or "the border of a site" (an Of)."""
    if isinstance(sel.det, A.Possessive):
        return sel.det.owner
    return next((f.what for f in sel.filters if isinstance(f, A.Of)), None)


def _itself(node: Any) -> bool:
    """The card's own words for itself: ``this``, or ``this wall`` (a common noun no rule knows)."""
    from codex.engine.effects.select import names_itself
    return (isinstance(node, A.Ref) and node.word == "SELF" and not node.filters) or \
        (isinstance(node, A.Selector) and names_itself(node))


def _where_it_lies(node: Any) -> bool:
    """"the border this wall sits atop", "the border this is on": a border picked out by a relative
    clause saying the card itself lies on it, which is the card's own border."""
    if not (isinstance(node, A.Selector) and node.noun.lower() == "border" and node.det in (None, "the")
            and not node.mods and len(node.filters) == 1 and isinstance(node.filters[0], A.Relative)):
        return False
    clause = node.filters[0].clause
    act = clause.action if isinstance(clause, A.Clause) else None
    return isinstance(act, A.Located) and isinstance(act.where, A.Where) and act.where.rel in ("atop", "on", "upon") \
        and act.where.of == A.Ref("which") and _itself(act.patient) and not clause.negated and clause.modal is None \
        and not clause.conditions


def borders_problem(node: Any) -> str | None:
    """What keeps the engine from knowing which borders these words name (None: it knows):
    the card itself (a wall), the border it lies on, or a site's borders or top border."""
    if _itself(node) or _where_it_lies(node):   # "this wall", "the border this wall sits atop"
        return None
    if not isinstance(node, A.Selector):
        return "a border named by words the engine does not read"
    if node.noun.lower().removesuffix("s") not in BORDER_NOUNS or node.mods or \
            [f for f in node.filters if not isinstance(f, A.Of)]:
        return f"the {node.noun} as a border"
    owner = _owner_words(node)
    if not (isinstance(owner, A.Ref) and owner.word == "SELF") and not _site_noun(owner):
        return "the borders of something other than a site"
    return None


def _site_borders(state: "GameState", square: int, noun: str) -> set[Border]:
    """A site's borders (``border``), or its top border: the one "farthest from your starting
    edge", for the player controlling it (Codex "Top Border": player-relative)."""
    if noun == "top border":
        from codex.engine.areas import top_border
        site = state.site_at(square)
        first = site is not None and site.controller == state.first_player
        beyond = top_border(square, first)
        found = border_between(square, beyond) if beyond is not None else None
        return {found} if found is not None else set()
    return {b for n in orthogonal_neighbours(square) for b in [border_between(square, n)] if b is not None}


def _own_borders(state: "GameState", ctx: "Ctx") -> set[Border]:
    """The card itself as a border: a wall's border (a site's own words name all its borders)."""
    source = ctx.source
    if source.kind == "aura":
        aura = next((a for a in state.auras if a.id == source.key), None)
        return {aura.border} if aura is not None and aura.border is not None else set()
    if source.kind == "site":
        return _site_borders(state, int(source.key), "border")
    return set()


def named_borders(state: "GameState", ctx: "Ctx", node: Any) -> set[Border]:
    """The borders the words name now (NotExecutable when the engine cannot tell)."""
    from codex.engine.effects.select import NotExecutable, names_itself, select_all
    problem = borders_problem(node)
    if problem is not None:
        raise NotExecutable(problem)
    if isinstance(node, A.Ref) or names_itself(node) or _where_it_lies(node):
        return _own_borders(state, ctx)
    owner = _owner_words(node)
    squares = {int(ctx.source.key)} if isinstance(owner, A.Ref) and ctx.source.kind == "site" else \
        {int(o.key) for o in select_all(state, ctx, owner) if o.kind == "site"}
    noun = node.noun.lower().removesuffix("s")
    return {b for sq in squares for b in _site_borders(state, sq, noun)}


# ----------------------------------------------------------------------------- restrictions

def _bans(state: "GameState") -> Iterator["Static"]:
    from codex.engine.effects.statics import active_statics
    for s in active_statics(state, "cant"):
        if s.payload[0] == "traverse":
            yield s


def traverse_ban(state: "GameState", unit: "Unit", frm: Location, to: Location, how: str = "step") -> "Static | None":
    """The ongoing effect that forbids this move because of the border it traverses (a wall no unit
    may cross on the ground, a wall that minions with a keyword or N or less power may not cross),
    if one does."""
    if not state.statics:
        return None
    found = crossing(state, unit, frm, to, how)
    if found is None:
        return None
    from codex.engine.effects.context import Obj
    from codex.engine.effects.select import NotExecutable, select_all
    for s in _bans(state):
        _, verb, on_ground = s.payload
        if on_ground and not found.on_ground:
            continue
        # a ban is no layer of keywords or power: the units it names are read as they are now ("Minions with
        # Airborne can't traverse" bars one an artifact gave Airborne, not one that lost it: Codex "Lose";
        # found by blind real-card round 14), as `statics.forbids` reads them
        try:
            if found.border not in named_borders(state, s.ctx, verb.patient):
                continue
            if verb.agent is not None and Obj("unit", unit.id) not in select_all(state, s.ctx, verb.agent):
                continue
        except NotExecutable:
            continue
        return s
    return None


def ban_rule(ban: "Static") -> str:
    """The rule a traversal ban rests on: traversing, or traversing on the ground."""
    return "traverse.on-the-ground" if ban.payload[2] else "traverse"


def traverse_quote(state: "GameState", unit: "Unit", frm: Location, to: Location, how: str = "step") -> Any:
    """The card sentence that forbids the traversal, for the ruling to quote (None: none)."""
    found = traverse_ban(state, unit, frm, to, how)
    return found.quote if found is not None else None


__all__ = ["Border", "Crossing", "border_between", "crossing", "crossings", "borders_problem", "named_borders",
           "traverse_ban", "traverse_quote", "ban_rule"]
