"""Putting an artifact beneath a site ("hide it beneath this site", "put it under target site").

Codex "Under" / "Below": "At the subsurface of a site (not void)." An artifact put beneath a site lies
in that site's subsurface location: underground beneath a land site, underwater beneath a water site
(Codex "Subsurface"), no longer carried. It is then where only units of that subsurface share a
location with it (a burrowed or submerged minion may pick it up, one on the surface may not: Codex
"Pick Up" asks for the same location). Only artifacts of the realm are put there; a unit or a card in
a zone put beneath a site is named as not executed.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj
from codex.engine.effects.select import NotExecutable, select, singular
from codex.engine.events import Note
from codex.engine.geometry import Location, Region

#: The relations that name a site's subsurface (the grammar reads "beneath" as "under").
_UNDER = ("under", "below", "beneath")


def is_beneath_site(dest: Any) -> bool:
    """Whether a destination's words name the subsurface of a site ("beneath this site")."""
    return isinstance(dest, A.Where) and dest.rel in _UNDER and isinstance(dest.of, A.Selector) \
        and singular(dest.of.noun) == "site"


def beneath_problems(dest: Any) -> Iterator[str]:
    """What the engine cannot read in such a destination (the site's own words)."""
    from codex.engine.effects.check import sel_problems
    yield from sel_problems(dest.of)


def put_beneath(run: Any, patients: list[Obj], dest: Any) -> list[Obj]:
    """Each artifact named now lies in the subsurface of the site the words name, no longer carried
    (a `hidden` step quoting the card, cited Codex "Under"); a site named that is not there, or
    several, and anything but an artifact of the realm, is named as not executed."""
    sites = [o for o in select(run.state, run.ctx, dest.of, "site") if o.kind == "site"]
    if len(sites) != 1:
        raise NotExecutable("putting something beneath no site or several sites")
    square = int(sites[0].key)
    site = run.state.site_at(square)
    if site is None:
        raise NotExecutable("putting something beneath a square with no site")
    from codex.engine.ongoing import site_is_water
    region = Region.UNDERWATER if site_is_water(run.state, site) else Region.UNDERGROUND
    where = Location(square, region)
    done: list[Obj] = []
    for obj in patients:
        art = run.state.artifact(str(obj.key)) if obj.kind == "artifact" else None
        if art is None:
            raise NotExecutable(f"putting a {obj.kind} beneath a site")
        if not art.carriable:      # a Monument stays where it stands (Codex "Carriable Artifact")
            run.emit(Note("not_hidden", f"{art.name} stays where it is: it can't be carried.", {"artifact": art.id},
                          rules=("artifact.monument",), from_card=run.ctx.quote))
            continue
        bearer = run.state.unit(art.bearer) if art.bearer else None
        run.state = run.state.with_artifact(replace(art, bearer=None, offset=(0, 0), location=where))
        held = f", out of {bearer.name}'s hands" if bearer is not None else ""
        run.emit(Note("hidden", f"{art.name} is put beneath {site.name} on square {square}{held}: it lies in the "
                      f"site's subsurface, {region.value}.", {"artifact": art.id, "at": [square, region.value]},
                      rules=("under", "location.site"), from_card=run.ctx.quote))
        done.append(obj)
    return done
