"""Playing a site: the Avatar taps to put a site on a void or rubble next to its own sites."""
from __future__ import annotations

from dataclasses import replace

from codex.engine import document as D
from codex.engine.actions.base import Outcome, Resolution, handles
from codex.engine.activation import activation_reason
from codex.engine.errors import AmbiguousAction
from codex.engine.events import CardsMoved, Event, ManaGained, SitePlayed, Tapped
from codex.engine.geometry import Location, Region
from codex.engine.keywords import parse_threshold
from codex.engine.reasons import Reason
from codex.engine.ruling import Verdict
from codex.engine.sites import site_placement_reason
from codex.engine.state import Affinity, Site
from codex.engine.zones import take


def _from_hand(res: Resolution, pid: str, name: str | None, ptr: str) -> list[Event]:
    """The played site leaves the hand (when the scenario tracks it): by name, or an unnamed site."""
    player = res.state.player(pid)
    if not player.hand.tracked:
        return []
    got = take(player, "hand", name, "site")
    named = [c.name for c in player.hand.named if c.kind == "site"]
    if got is None and name is None and named:
        raise AmbiguousAction(f"{pid} must choose which site of their hand to play", "site",
                              list(dict.fromkeys(named)), ptr + "/site/name")
    if got is None:
        what = f"site {name}" if name else "site"
        raise res.illegal((Reason.NOT_IN_HAND, "play.site"), f"{pid} has no {what} in hand", ptr + "/site")
    res.state = res.state.with_player(got[0])
    return [CardsMoved(pid, (name,) if name else (), 0 if name else 1, "hand", "realm",
                       "a site is played straight from the hand to the realm, not onto the storyline",
                       rules=("play.site", "hand"))]


@handles(D.PlaySite, Verdict.RESOLVED, Verdict.ILLEGAL, Verdict.AMBIGUOUS)
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
    from_hand = _from_hand(res, pid, a.site.name, ptr)
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
    res.emit(Tapped(avatar.id, avatar.name), *from_hand,
             SitePlayed(sq, site.name, pid, avatar.name, old is not None, rules=rules),
             ManaGained(pid, 1, p.mana + 1, f"{site.name} enters the realm on {pid}'s turn and provides 1 mana",
                        rules=("mana",)))
    return res.done(Verdict.RESOLVED, f"{pid} plays {site.name} on square {sq}.")
