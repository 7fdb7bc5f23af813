"""Two sites exchanging places ("Swap two target sites you control", "Exchange the positions of two
target sites"): each site card goes to the other's square, and what is on it goes with it.

The Codex has no entry for moving sites; it speaks of a site moving with the units on it (Codex
"Fly": "treat all units occupying the site as if they had Airborne while the site moves") and of a
site coming under a unit that did not move there ("If a site is placed under an existing unit, the
unit did not enter the site", Codex "Enter"). Read together: the units on a site (surface and
subsurface) and the artifacts lying there stay on that site and are carried to its new square; they
neither step nor teleport, so they do not enter it and nothing hearing a move or an entry fires.
Counters on a site are on the card and follow it; a site's tapped and flooded states likewise. An
aura covers a 2x2 area of squares, not one site, so it stays over its squares (a `ruling_variant` note
says so when an aura touches a swapped square: the Codex does not say). An oversized unit standing on
a swapped site would be torn across the board: the swap is named as not executed then.
"""
from __future__ import annotations

from dataclasses import replace

from codex.engine.effects.context import Obj
from codex.engine.effects.execute import Run
from codex.engine.effects.select import NotExecutable
from codex.engine.events import Note


def exchange_sites(run: Run, a: Obj, b: Obj) -> list[Obj]:
    """The sites on squares ``a`` and ``b`` exchange squares with everything on them."""
    state = run.state
    sq_a, sq_b = int(a.key), int(b.key)
    site_a, site_b = state.site_at(sq_a), state.site_at(sq_b)
    if site_a is None or site_b is None or sq_a == sq_b:
        run.note("nothing_fits", f"{run.ctx.source_name}: there are not two sites to swap.")
        return []
    other = {sq_a: sq_b, sq_b: sq_a}
    if any(u.size != (1, 1) and u.location.square in other for u in state.units):
        raise NotExecutable("swapping a site an oversized unit stands on")
    sites = tuple(s for s in state.sites if s.square not in other) + (replace(site_a, square=sq_b),
                                                                      replace(site_b, square=sq_a))
    units = tuple(replace(u, location=replace(u.location, square=other[u.location.square]))
                  if u.location.square in other else u for u in state.units)
    artifacts = tuple(replace(x, location=replace(x.location, square=other[x.location.square]))
                      if x.bearer is None and x.location.square in other else x for x in state.artifacts)
    counters = tuple((f"site:{other[int(k[5:])]}" if k.startswith("site:") and k[5:].isdecimal()
                      and int(k[5:]) in other else k, n) for k, n in state.counters)
    run.state = state.evolve(sites=tuple(sorted(sites, key=lambda s: s.square)), units=units,
                             artifacts=artifacts, counters=counters)
    carried = [u.name for u in state.units if u.location.square in other]
    run.note("swap_sites", f"{run.ctx.source_name}: {site_a.name} (square {sq_a}) and {site_b.name} (square {sq_b}) "
             "exchange places" + (f", and what stands on them goes with them ({', '.join(carried)}): they stay on "
                                  "their site, so they neither move nor enter it" if carried else "") + ".",
             ("enter",), squares=[sq_a, sq_b], carried=carried)
    touched = [x.name for x in state.auras if set(x.squares) & set(other)]
    if touched:
        run.emit(Note("ruling_variant", f"{', '.join(touched)} covers squares, not a site: read as staying over its "
                      "squares while the sites beneath exchange places (the Codex does not say whether an aura goes "
                      "with a site that moves).", {"auras": touched, "reading": "stays", "other": "moves with the site"},
                      rules=("enter",)))
    return [Obj("site", sq_b), Obj("site", sq_a)]


__all__ = ["exchange_sites"]
