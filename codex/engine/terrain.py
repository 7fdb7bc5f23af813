"""Sites changing the ground under units: a site arriving under units in the void, a site
destroyed to Rubble, a site switching between water and land.

None of these moves a unit, so none of them makes it enter anything (Codex "Enter": "If a site is
placed under an existing unit, the unit did not enter the site"). What they change is the region
a unit is in: the void becomes a site's surface, and a site's subsurface is underground while it
is a land site and underwater while it is a water site (Codex "Subsurface"), so the units in it
follow. Whether they can survive there is the at-rest check's business (`storyline.settle`):
a minion without Submerge that finds itself underwater dies, as it would anywhere.
"""
from __future__ import annotations

from dataclasses import replace

from codex.engine.events import CardQuote, Event, FloodEnded, Note, PlacedAtop, SiteDestroyed, SiteFlooded, SubsurfaceChanged
from codex.engine.geometry import Location, Region
from codex.engine.ongoing import site_is_water
from codex.engine.state import Card, GameState, Site

Changed = tuple[GameState, list[Event]]


def subsurface_region(state: GameState, site: Site) -> Region:
    """The region of a site's subsurface now: underwater for a water site, underground for a land site."""
    return Region.UNDERWATER if site_is_water(state, site) else Region.UNDERGROUND


def reground(state: GameState) -> Changed:
    """Units in a subsurface whose site switched between water and land are now in the other
    subsurface region (nothing moved). Part of every at-rest check, so whatever changed the site
    (a flood, a flood ending, a site destroyed or replaced) is followed the same way."""
    moved: dict[int, list[str]] = {}
    for u in state.units:
        if not u.location.region.is_subsurface:
            continue
        site = state.site_at(u.location.square)
        if site is None:
            continue
        region = subsurface_region(state, site)
        if u.location.region is not region:
            moved.setdefault(u.location.square, []).append(u.id)
    if not moved:
        return state, []
    events: list[Event] = []
    for square, ids in sorted(moved.items()):
        site = state.site_at(square)
        assert site is not None
        region = subsurface_region(state, site)
        units = [state.unit(i) for i in ids]
        state = state.with_units(replace(u, location=Location(square, region)) if u.id in ids else u
                                 for u in state.units)
        now_water = region is Region.UNDERWATER
        rules = ("subsurface",) + (("land-site.gains-water",) if now_water else ("water-site.stops",)) + (
            ("rubble.land",) if site.rubble and not now_water else ())
        events.append(SubsurfaceChanged(square, site.name, region, tuple(ids),
                                        tuple(u.name for u in units if u is not None), rules=rules))
    return state, events


def place_atop(state: GameState, square: int) -> Changed:
    """A site has just arrived on ``square``: everything in the void there is now atop it (on its
    surface). The units did not move, so they did not enter the site."""
    site = state.site_at(square)
    if site is None:
        return state, []
    events: list[Event] = []
    for u in state.units:
        if u.location == Location(square, Region.VOID):
            state = state.with_unit(replace(u, location=Location(square, Region.SURFACE)))
            events.append(PlacedAtop(u.id, u.name, square, site.name,
                                     rules=("enter.site-under", "sites.atop")))
    return state, events


def move_site(state: GameState, frm: int, to: int) -> Changed:
    """The site on ``frm`` moves to the void ``to`` (rulebook "When Sites Move"): everything atop
    and under it moves with it, in the same region, and is not considered to have moved (so it
    enters nothing); whatever was in the void ``to`` is now atop it (`place_atop`)."""
    site = state.site_at(frm)
    if site is None or state.site_at(to) is not None:
        return state, []
    riders = {u.id for u in state.units if u.location.square == frm and u.location.region is not Region.VOID}
    names = [u.name for u in state.units if u.id in riders]
    state = state.evolve(sites=tuple(s for s in state.sites if s.square != frm))
    state = state.with_site(replace(site, square=to))
    state = state.with_units(replace(u, location=Location(to, u.location.region)) if u.id in riders else u
                             for u in state.units)
    artifacts = tuple(
        replace(a, location=Location(to, a.location.region)) if a.bearer is None and a.location.square == frm
        else replace(a, location=Location(to, Region.SURFACE)) if a.bearer is None and a.location == Location(to, Region.VOID)
        else a for a in state.artifacts)
    state = state.evolve(artifacts=artifacts)
    along = f"; {', '.join(names)} {'moves' if len(names) == 1 else 'move'} with it and did not move" if names else ""
    events: list[Event] = [Note("site_moved", f"{site.name} moves from square {frm} to square {to}{along}.",
                                {"site": site.name, "from": frm, "to": to, "units": sorted(riders)},
                                rules=("sites.move", "sites.move-to-void"))]
    state, atop = place_atop(state, to)
    return state, events + atop


def rubble_token(square: int) -> Site:
    """A Rubble token: an Ordinary site token that provides no mana, no affinity, controlled by no one."""
    return Site(square, "Rubble", None, None, rubble=True)


def destroy_site(state: GameState, square: int) -> Changed:
    """The site on ``square`` is destroyed: it goes to its owner's cemetery, leaving a Rubble token.
    Units and auras there stay where they are: Rubble is a site in every other way, so the surface
    is still a surface and the subsurface is underground (Rubble is a land site unless flooded)."""
    site = state.site_at(square)
    if site is None:
        return state, []
    from codex.engine.unmodifiable import protected
    if (cant := protected(state, site, "destroy")) is not None:
        return state, [Note("indestructible", f"{site.name} can't be destroyed: it stays.", {"square": square},
                            rules=("the-silver-rule", "can-vs-cant"), from_card=cant)]
    state = state.with_site(rubble_token(square))
    if not site.rubble and site.owner is not None:    # the card goes to its owner's cemetery (Rubble, a token, does not)
        state = state.put_card(Card(site.name, site.owner, "site"), "cemetery")
    owned_by_other = site.owner is not None and site.controller is not None and site.owner != site.controller
    rules = (("site.destroyed", "rubble.left", "rubble", "cemetery") + (("ownership",) if owned_by_other else ())
             if not site.rubble else ("rubble.treated-as-site", "token.banished-instead", "rubble.left"))
    return state, [SiteDestroyed(square, site.name, site.owner, site.rubble, site.controller,
                                 "" if site.rubble else site.text, was=site, rules=rules)]


def flood(state: GameState, square: int, this_turn: bool) -> Changed:
    """The site gains the Flooded ability (for this turn, or for good): it is a water site."""
    site = state.site_at(square)
    if site is None:
        return state, []
    from codex.engine.unmodifiable import protected
    if (cant := protected(state, site, "modify")) is not None:
        return state, [Note("unmodified", f"{site.name} can't be modified: it is not flooded.", {"square": square},
                            rules=("cant-be-modified",), from_card=cant)]
    ends = this_turn and (not site.flooded or site.flood_ends)   # a lasting flood outlives a flood this turn
    state = state.with_site(replace(site, flooded=True, flood_ends=ends))
    return state, [SiteFlooded(square, site.name, this_turn, rules=("flooded", "flooded.effect"))]


def flood_again(state: GameState, square: int, key: str) -> Changed:
    """A flood "until you do so again" by the ability whose choice key is ``key``: its earlier
    floods end (sites other than ``square``: doing so again is this flood), then the site is
    flooded and remembers the ability (`Site.flood_again`), unless it was flooded for good already."""
    events: list[Event] = []
    for site in state.sites:
        if site.flood_again == key and site.square != square:
            state = state.with_site(replace(site, flooded=site.flood_ends, flood_again=None))
            events.append(FloodEnded(site.square, site.name, "as the ability that made it floods again",
                                     rules=("flooded.effect", "ongoing-effect")))
    target = state.site_at(square)
    if target is None:
        return state, events
    lasting = target.flooded and not target.flood_ends and target.flood_again is None    # flooded for good
    state, more = flood(state, square, False)
    after = state.site_at(square)
    if after is not None and after.flooded and not lasting:
        state = state.with_site(replace(after, flood_again=key))
    return state, events + more


def end_floods(state: GameState) -> Changed:
    """Floods that last this turn end: those sites lose Flooded (and may be land sites again)."""
    events: list[Event] = []
    for site in state.sites:
        if site.flood_ends:
            state = state.with_site(replace(site, flooded=False, flood_ends=False))
            events.append(FloodEnded(site.square, site.name, rules=("flooded.effect", "end-phase.effects")))
    return state, events
