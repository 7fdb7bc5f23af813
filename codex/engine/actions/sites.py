"""Playing a site: the Avatar taps to put a site on a void or rubble next to its own sites."""
from __future__ import annotations

from dataclasses import replace

from codex.engine import document as D
from codex.engine.actions.base import Outcome, Resolution, handles
from codex.engine.activation import activation_reason
from codex.engine.events import ManaGained, SitePlayed, Tapped
from codex.engine.geometry import Location, Region
from codex.engine.keywords import parse_threshold
from codex.engine.reasons import Reason
from codex.engine.ruling import Verdict
from codex.engine.sites import site_placement_reason
from codex.engine.state import Affinity, Site


@handles(D.PlaySite, Verdict.RESOLVED, Verdict.ILLEGAL)
def play_site(res: Resolution, a: D.PlaySite, ptr: str) -> Outcome:
    pid = res.state.turn.active
    avatar = res.state.avatar_of(pid)
    if avatar is None:
        raise res.illegal((Reason.AVATAR_ONLY, "site.play"), f"{pid} has no Avatar", ptr)
    found = activation_reason(res.state, avatar)
    if found:
        raise res.illegal(found, f"{avatar.name} cannot play a site", ptr)
    sq = a.square
    found = site_placement_reason(res.state, pid, sq)
    if found:
        raise res.illegal(found, f"a site on square {sq}", ptr + "/square")
    old = res.state.site_at(sq)
    site = Site(sq, a.site.name or f"Site {sq}", pid, pid, Affinity.of(parse_threshold(a.site.affinity)),
                flooded=a.site.flooded)
    in_void = avatar.location.region is Region.VOID and avatar.location.square == sq
    state = res.state.with_unit(replace(avatar, tapped=True)).with_site(site)
    if in_void:
        moved = state.unit(avatar.id)
        assert moved is not None
        state = state.with_unit(replace(moved, location=Location(sq, Region.SURFACE)))
    rules = (("mandatory.avatar-void",) if in_void else ("site.play",)) + (
        ("rubble.replace",) if old is not None else ())
    p = state.player(pid)
    res.state = state.with_player(replace(p, mana=p.mana + 1))
    res.emit(Tapped(avatar.id, avatar.name), SitePlayed(sq, site.name, pid, avatar.name, old is not None, rules=rules),
             ManaGained(pid, 1, p.mana + 1, f"{site.name} enters the realm on {pid}'s turn and provides 1 mana",
                        rules=("mana",)))
    return res.done(Verdict.RESOLVED, f"{pid} plays {site.name} on square {sq}.")
