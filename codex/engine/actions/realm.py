"""Questions about the realm's words: what "here", "adjacent", "nearby", "top border", "body of
water"... refer to from a card or a square (`locations`), and what kind of site a square holds
(`site_kind`). They change nothing; the answer is a list (or a record) with the Codex entries
that define it."""
from __future__ import annotations

from typing import Any, Callable

from codex.engine import areas as A
from codex.engine import document as D
from codex.engine.actions.base import Outcome, Resolution, handles
from codex.engine.events import Note
from codex.engine.geometry import Location, Region
from codex.engine.ongoing import site_affinity, site_is_water
from codex.engine.reasons import Reason
from codex.engine.ruling import Verdict
from codex.engine.state import Aura, GameState, Site, Unit


def _card(res: Resolution, ref: Any, ptr: str) -> A.Card | None:
    """The card (or bare square) a question is asked from."""
    if ref is None:
        return None
    if isinstance(ref, str):
        return res.unit(ref, ptr)
    if isinstance(ref, D.UnitRef):
        return res.unit(ref.unit, ptr + "/unit")
    if isinstance(ref, D.SiteRef):
        site = res.state.site_at(ref.site)
        if site is None:
            raise res.illegal((Reason.NO_SITE_THERE, "void"), f"square {ref.site}", ptr + "/site")
        return site
    if isinstance(ref, D.AuraRef):
        for aura in res.state.auras:
            if aura.id == ref.aura:
                return aura
        raise res.illegal((Reason.NOT_APPLICABLE, "here"), f"no aura {ref.aura!r}", ptr + "/aura")
    assert isinstance(ref, D.SquareRef)
    return ref.square


def _name(state: GameState, card: A.Card | None) -> str:
    if isinstance(card, (Unit, Aura)):
        return card.name
    if isinstance(card, Site):
        return f"{card.name} (square {card.square})"
    return f"square {card}" if card is not None else "the realm"


Answer = tuple[list[Any], tuple[str, ...], str]   # (answer, rules, what it is)
Term = Callable[[GameState, A.Card, D.Locations], Answer]


def _locs(locs: list[Location]) -> list[Any]:
    return [loc.to_json() for loc in locs]


def _here(state: GameState, card: A.Card, a: D.Locations) -> Answer:
    word = a.term
    rules: tuple[str, ...] = (word if word in ("here", "there") else "its-location", "here-there")
    if isinstance(card, Site):
        rules += ("here.site",) if word == "here" else ("there.site",)
    elif isinstance(card, Aura):
        rules += ("here.aura",)
    return _locs(A.occupied(state, card)), rules, "the location(s) it occupies"


def _its_site(state: GameState, card: A.Card, a: D.Locations) -> Answer:
    squares = [loc.square for loc in A.occupied(state, card) if loc.region is not Region.VOID]
    return sorted(set(squares)), ("its-site",), "the site(s) it occupies (none in the void)"


def _around(kind: str) -> Term:
    """adjacent_* / nearby_*: squares, sites and voids cross regions; locations do not."""
    near = kind.startswith("nearby") or kind == "near"
    pick = "locations" if kind == "near" else kind.split("_", 1)[1]

    def term(state: GameState, card: A.Card, a: D.Locations) -> Answer:
        squares = sorted({s for sq in A.squares_of(card) for s in
                          (A.nearby_squares(sq) if near else A.adjacent_squares(sq))})
        base: tuple[str, ...] = ("nearby",) if near else ("adjacent",)
        if kind == "near":
            base = ("near", "nearby")
        if pick == "squares":
            return squares, base + ("nearby.cross" if near else "adjacent.cross", "square"), f"the {kind} squares"
        if pick == "sites":
            return A.sites_among(state, squares), base + ("nearby.cross" if near else "adjacent.cross",), \
                f"the {kind.split('_')[0]} sites"
        if pick == "voids":
            return A.voids_among(state, squares), base + ("nearby.cross" if near else "adjacent.cross", "void"), \
                f"the {kind.split('_')[0]} voids"
        regions = {loc.region for loc in A.occupied(state, card)} if not isinstance(card, int) else {
            loc.region for loc in A.locations_at(state, card)}
        locs = [loc for r in sorted(regions) for loc in A.same_region(state, r, squares)]
        return _locs(locs), base + ("nearby.regions" if near else "adjacent.regions",), \
            "the locations around it in its own region"
    return term


def _border(state: GameState, card: A.Card, a: D.Locations) -> Answer:
    squares = sorted({n for sq in A.squares_of(card) for n in A.orthogonal_neighbours(sq)} - set(A.squares_of(card)))
    return squares, ("border", "adjacent"), "the squares across its borders"


def _top_border(state: GameState, card: A.Card, a: D.Locations) -> Answer:
    player = a.player or (card.controller if isinstance(card, (Unit, Site, Aura)) else None) or state.players[0].id
    first = player == state.players[0].id
    beyond = A.top_border(A.square_of(card), first)
    return ([beyond] if beyond else []), ("top-border", "top-border.relative"), \
        f"the square across its top border for {player} ({'north' if first else 'south'})"


def _body(water: bool) -> Term:
    def term(state: GameState, card: A.Card, a: D.Locations) -> Answer:
        squares = A.body(state, A.square_of(card), water) if not (
            isinstance(card, Unit) and card.location.region is Region.VOID) else []
        word = "body-of-water" if water else "span-of-land"
        rules = (word,) + (() if squares else (word + ".none",))
        return squares, rules, "its body of water" if water else "its span of land"
    return term


def _steps_away(state: GameState, card: A.Card, a: D.Locations) -> Answer:
    starts = A.occupied(state, card) if not isinstance(card, int) else A.locations_at(state, card)
    locs = sorted({x for loc in starts for x in A.steps_away(state, loc, a.steps)})
    rules: tuple[str, ...] = ("step.away", "step.distance")
    if isinstance(card, Unit) and card.keywords.moves_as_if_connected:
        rules += ("as-if-connected.movement-only",)
    return _locs(locs), rules, f"the locations up to {a.steps} step(s) away"


def _region(state: GameState, card: A.Card, a: D.Locations) -> Answer:
    starts = A.occupied(state, card) if not isinstance(card, int) else A.locations_at(state, card)
    regions = sorted({loc.region for loc in starts})
    locs = [loc for r in regions for loc in A.region_locations(state, r)]
    return _locs(locs), ("region", "region.single", "location", "realm.squares"), "every location of its region"


def _level(surface: bool) -> Term:
    def term(state: GameState, card: A.Card, a: D.Locations) -> Answer:
        square = A.square_of(card)
        site = state.site_at(square)
        if site is None:
            return [], ("atop" if surface else "under", "void"), "nothing: a void has no surface or subsurface"
        ids = [u.id for u in state.units if u.location.square == square
               and (u.location.region is Region.SURFACE) == surface]
        return ids, ("atop", "surface") if surface else ("under", "below", "subsurface"), \
            "the units atop the site" if surface else "the units under the site"
    return term


def _corners(state: GameState, card: A.Card, a: D.Locations) -> Answer:
    return list(A.CORNERS), ("corner", "realm.squares"), "the corners of the realm"


_TERMS: dict[str, Term] = {
    "here": _here, "there": _here, "its_location": _here, "its_site": _its_site,
    "adjacent_squares": _around("adjacent_squares"), "adjacent_locations": _around("adjacent_locations"),
    "adjacent_sites": _around("adjacent_sites"), "adjacent_voids": _around("adjacent_voids"),
    "nearby_squares": _around("nearby_squares"), "nearby_locations": _around("nearby_locations"),
    "nearby_sites": _around("nearby_sites"), "nearby_voids": _around("nearby_voids"), "near": _around("near"),
    "border": _border, "top_border": _top_border, "body_of_water": _body(True), "span_of_land": _body(False),
    "steps_away": _steps_away, "region": _region, "atop": _level(True), "under": _level(False),
    "corners": _corners,
}

#: Terms that only make sense from a card (not from a bare square or from nothing).
_CARD_ONLY = {"here", "there", "its_location", "its_site"}
#: Terms that need nothing to look from.
_NO_CARD = {"corners"}


@handles(D.Locations, Verdict.ANSWERED, Verdict.ILLEGAL)
def locations(res: Resolution, a: D.Locations, ptr: str) -> Outcome:
    card = _card(res, a.of, ptr + "/of")
    if card is None and a.term not in _NO_CARD:
        raise res.illegal((Reason.NOT_APPLICABLE, "location"), f"{a.term.replace('_', ' ')} needs a card or a square "
                          "to look from", ptr + "/of")
    if isinstance(card, int) and a.term in _CARD_ONLY:
        raise res.illegal((Reason.NOT_APPLICABLE, "here"), f"a bare square does not occupy anything, so it has no "
                          f"{a.term.replace('_', ' ')}", ptr + "/of")
    if a.term in ("atop", "under") and not isinstance(card, (Site, int)):
        raise res.illegal((Reason.NOT_APPLICABLE, "atop"), f"{a.term} is asked of a site", ptr + "/of")
    answer, rules, what = _TERMS[a.term](res.state, card if card is not None else 0, a)
    shown = ", ".join(str(x[0]) + ("" if x[1] == "surface" else f" ({x[1]})") if isinstance(x, list) else str(x)
                      for x in answer) or "none"
    res.emit(Note("answer", f"{a.term.replace('_', ' ').capitalize()} of {_name(res.state, card)}: {what}: {shown}.",
                  {"term": a.term, "answer": answer}, rules=rules))
    return res.done(Verdict.ANSWERED, f"{a.term.replace('_', ' ').capitalize()} of {_name(res.state, card)}: "
                    f"{shown}.", answer=answer)


@handles(D.SiteKind, Verdict.ANSWERED)
def site_kind(res: Resolution, a: D.SiteKind, ptr: str) -> Outcome:
    """Water or land, and which elements' sites it is: read from the affinity it provides now."""
    site = res.state.site_at(a.square)
    if site is None:
        res.emit(Note("answer", f"Square {a.square} has no site: it is a void, with no surface or subsurface.",
                      {"square": a.square}, rules=("void", "void.no-surface")))
        return res.done(Verdict.ANSWERED, f"Square {a.square} is a void.",
                        answer={"site": False, "kinds": ["void"]})
    water = site_is_water(res.state, site)
    aff = site_affinity(res.state, site)
    elements = [e for e in ("air", "earth", "fire") if getattr(aff, e)]
    kinds = ["water site" if water else "land site"] + [f"{e} site" for e in elements]
    rules: list[str] = ["water-site" if water else "land-site", "water-site.exclusive"]
    rules += [f"{e}-site" for e in elements]
    from codex.engine.effects.statics import site_silenced
    flood_lost = site.flooded and not water and site_silenced(res.state, site.square)
    if flood_lost:          # its Flooded went with its abilities
        rules += ["flooded", "flooded.ability-lost"]
    elif site.flooded or (water and site.affinity.water == 0):
        rules += ["flooded", "flooded.affinity"]
    if water and aff.earth:
        rules.append("earth-site.not-land")
    if site.rubble:
        rules += ["rubble", "rubble.land"] if not water else ["rubble", "rubble.treated-as-site"]
    elif not water and not aff.elements():
        rules.append("land-site.any-affinity")
    sub = Region.UNDERWATER if water else Region.UNDERGROUND
    rules.append("subsurface")
    answer = {"site": True, "water": water, "land": not water, "rubble": site.rubble,
              "flooded": site.flooded and not flood_lost,
              "affinity": aff.as_dict(), "kinds": kinds, "subsurface": sub.value}
    told = " and ".join(kinds) if len(kinds) < 3 else ", ".join(kinds)
    res.emit(Note("answer", f"{site.name} (square {a.square}) is a {told}; its subsurface is {sub.value}.",
                  {"square": a.square, "kinds": kinds}, rules=tuple(rules)))
    return res.done(Verdict.ANSWERED, f"{site.name} is a {', '.join(kinds)}.", answer=answer)
