"""Entering a location (Codex "Enter"): the one place where a unit arrives somewhere.

A unit enters a location when it is summoned there or moves there from somewhere else, "the
method of movement doesn't matter": its own step, a teleport or another forced move. So the
restrictions on entering (`entry_reason`: locations that do not exist, Avatars off the surface,
passive effects such as Gnome Hollows) are checked here for every way in, and every way in ends in
an event that is `Entering` (`Stepped`, `Summoned`, `Teleported`), which the storyline offers to
the triggered abilities listening for units entering (`storyline.triggers_for`, e.g. Bottomless
Pit). A site placed under a unit is not a way in: the unit did not move, so it did not enter
(`terrain.place_atop`).
"""
from __future__ import annotations

from typing import Any

from codex.engine.events import Event, Note, NotMoved, Summoned, Teleported
from codex.engine.geometry import Location, Region
from codex.engine.ongoing import disabled_by, silenced_at
from codex.engine.reasons import Found, Reason
from codex.engine.state import GameState, Unit
from codex.engine.storyline import Resolved


def enters_site(frm: Location | None, to: Location) -> bool:
    """Summoned there, or moved there from a different site (square): it enters the site, not only
    the location. Moving between the levels of one site enters only the location."""
    return frm is None or frm.square != to.square


def missing_location_rule(state: GameState, to: Location) -> str:
    """The rule that says why ``to`` does not exist: a void square has only its void; a site square
    has no void; a site's subsurface is underground or underwater, never both."""
    if to.region is Region.VOID:
        return "void.one-location"
    if state.site_at(to.square) is None:
        return "void.no-surface"
    return "subsurface"


def entry_reason(state: GameState, unit: Unit, to: Location, frm: Location | None = None,
                 how: str = "step") -> Found:
    """Why ``unit`` may not enter ``to`` at all, coming from ``frm`` (None: summoned there) by ``how``
    (``step``, ``teleport``, ``fly``...: a ban "on the ground" bars only a move on the ground).

    Ongoing effects only: triggered abilities never forbid entering (they happen after)."""
    if not state.location_exists(to):
        return Reason.NO_SUCH_LOCATION, missing_location_rule(state, to)
    if unit.is_avatar and to.region is not Region.SURFACE:
        rule = {Region.VOID: "voidwalk.avatar", Region.UNDERGROUND: "underground.avatar",
                Region.UNDERWATER: "underwater.avatar"}[to.region]
        return Reason.AVATAR_SURFACE_ONLY, rule
    if state.statics and enters_site(frm, to):
        from codex.engine.effects.context import Obj
        from codex.engine.effects.statics import forbids
        seen = state if state.unit(unit.id) is not None else state.add_unit(unit)   # a minion about to arrive
        move = (frm, how) if frm is not None else None
        if forbids(seen, "enter", Obj("unit", unit.id), place=to, move=move) is not None:
            return Reason.CANNOT_ENTER, "range-of-motion.gnome-hollows"
    if state.statics and relocation_ban(state, unit, frm, to) is not None:
        return Reason.CANNOT_ENTER, "the-silver-rule"
    return None


#: A move between a site's surface and its subsurface, by the verb a restriction names it with.
_LEVELS = {(Region.SURFACE, Region.UNDERGROUND): "burrow", (Region.UNDERGROUND, Region.SURFACE): "unburrow",
           (Region.SURFACE, Region.UNDERWATER): "submerge", (Region.UNDERWATER, Region.SURFACE): "surface"}


def relocation_ban(state: GameState, unit: Unit, frm: Location | None, to: Location) -> Any:
    """The ongoing effect that says ``unit`` can't make this move between its site's levels
    ("Nearby minions can't burrow or submerge"), if one does."""
    if frm is None or frm.square != to.square or state.unit(unit.id) is None:
        return None
    verb = _LEVELS.get((frm.region, to.region))
    if verb is None:
        return None
    from codex.engine.effects.context import Obj
    from codex.engine.effects.statics import forbids
    return forbids(state, verb, Obj("unit", unit.id))


def entry_quote(state: GameState, unit: Unit, to: Location, how: str = "step") -> Any:
    """The card sentence that keeps ``unit`` out of ``to`` ("Units with 3 or more power can't enter
    this site"), for the ruling to quote; None when no card's ongoing effect does."""
    if not state.statics:
        return None
    from codex.engine.effects.context import Obj
    from codex.engine.effects.statics import forbids
    seen = state if state.unit(unit.id) is not None else state.add_unit(unit)
    move = (unit.location, how) if state.unit(unit.id) is not None else None
    found = forbids(seen, "enter", Obj("unit", unit.id), place=to, move=move) or \
        relocation_ban(state, unit, unit.location, to)
    return found.quote if found is not None else None


def blocking_quote(state: GameState, unit: Unit, reason: Reason, frm: Location, to: Location,
                   how: str = "step") -> Any:
    """The card sentence behind a refused move, for the ruling to quote: the one keeping the unit
    out of ``to`` (`entry_quote`) or the one forbidding the border between (`borders.traverse_quote`)."""
    if reason is Reason.CANNOT_ENTER:
        return entry_quote(state, unit, to, how)
    if reason is Reason.CANNOT_TRAVERSE:
        from codex.engine.borders import traverse_quote
        return traverse_quote(state, unit, frm, to, how)
    if reason is Reason.CANNOT_MOVE:
        from codex.engine.move_bans import move_ban
        found = move_ban(state, unit, frm, to, how)
        if found is None and how != "step":         # its own "Can't be moved"
            from codex.engine.events import CardQuote
            from codex.engine.unmodifiable import cant_ability
            own = cant_ability(unit.abilities, "move")
            return CardQuote(unit.name, own.text) if own is not None else None
        return found.quote if found is not None else None
    return None


def ground_notes(before: GameState, after: GameState, unit_id: str | None = None) -> list[Event]:
    """What a change of ground did to units' abilities (``unit_id``: only that unit): a Waterbound
    minion that entered land, or whose site stopped being water, is disabled from that moment
    (a Landbound one likewise off land); back on its ground, it is not."""
    out: list[Event] = []
    for now in after.units:
        if unit_id is not None and now.id != unit_id:
            continue
        was = before.unit(now.id)
        cause = disabled_by(after, now)
        had = disabled_by(before, was) if was is not None else None
        if cause in ("waterbound", "landbound") and had != cause:
            ground = "water" if cause == "waterbound" else "land"
            out.append(Note("disabled", f"{now.name} is not on {ground} at the {now.location}, so it is disabled: no "
                            "abilities, no steps of its own, no strikes.", {"unit": now.id, "by": cause},
                            rules=(cause, "disabled", cause + ".persists")))
        elif had in ("waterbound", "landbound") and cause is None and was is not None:
            if silenced_at(after, now, now.location):
                out.append(Note("disabled", f"{now.name} is silenced: it has lost {had.title()}, so nothing disables "
                                "it any more.", {"unit": now.id, "by": None}, rules=("silenced", "lose", had)))
            else:
                out.append(Note("disabled", f"{now.name} is on {'water' if had == 'waterbound' else 'land'} at the "
                                f"{now.location}: it is no longer disabled.", {"unit": now.id, "by": None},
                                rules=(had, had + ".persists")))
    return out


def lance_notes(state: GameState, unit_id: str) -> list[Event]:
    """A minion with the Lance keyword enters carrying a Lance, even if it is disabled or silenced
    the moment it enters (Lance is an 'enters the realm' effect)."""
    unit = state.unit(unit_id)
    if unit is None or not unit.keywords.lance:
        return []
    lost = disabled_by(state, unit) is not None or silenced_at(state, unit, unit.location)
    many = unit.keywords.lances > 1     # one Lance token per Lance keyword (Thankless Squire)
    return [Note("lance", f"{unit.name} enters the realm carrying "
                 + (f"{unit.keywords.lances} Lances" if many else "a Lance")
                 + (", although it has no abilities now." if lost else "."), {"unit": unit.id},
                 rules=("lance.enters",) + (("lance.disabled",) if lost else ()) + (
                     ("keyword-ability.multiple",) if many else ()))]


def summon(state: GameState, minion: Unit, rules: tuple[str, ...]) -> Resolved:
    """Put ``minion`` into the realm at its location: it enters that location (and its site).
    The caller has checked where it may go and brings the story to rest afterwards."""
    after = state.add_unit(minion)
    after = after.evolve(restless=after.restless | {minion.id})    # entering: not at rest (Codex "At Rest")
    return after, [Summoned(minion.id, minion.name, minion.location, minion.controller,
                            rules=rules + ("move.not-from-zone",))] + ground_notes(
        state, after, minion.id)


def summon_effect(state: GameState, minion: Unit, rules: tuple[str, ...]) -> Resolved:
    """A minion summoned by an effect rather than cast: no cost and any location, but one it can
    enter; "if you try to summon a minion to a location that it can't enter, ... it doesn't change
    zones and remains where it was" (Codex "Summon")."""
    found = entry_reason(state, minion, minion.location)
    if found:
        return state, [NotMoved(minion.id, minion.name, minion.location, found[0], summoned=True,
                                   rules=(found[1], "summon.cannot-enter"),
                                   from_card=entry_quote(state, minion, minion.location))]
    return summon(state, minion, rules)


def teleport(state: GameState, unit_id: str, to: Location, by: str = "teleport",
             rules: tuple[str, ...] = ("teleport.direct",)) -> Resolved:
    """Forced movement straight to ``to``: no steps, so Immobile and disabled units move too, and no
    movement ability applies; it still enters ``to``, if it may. Moving to where it already is is
    not movement at all."""
    unit = state.unit(unit_id)
    if unit is None:
        return state, []
    frm = unit.location
    if frm == to:
        return state, [NotMoved(unit.id, unit.name, to, Reason.SAME_LOCATION,
                                   rules=("teleport.same", "move.same-location"))]
    found = entry_reason(state, unit, to, frm, how="teleport")     # no steps: never on the ground
    if found:
        return state, [NotMoved(unit.id, unit.name, to, found[0], rules=(found[1], "forced-movement.not-own-step"),
                                   from_card=entry_quote(state, unit, to, how="teleport"))]
    from codex.engine.movement import move_unit   # what it carries goes with it
    after, carried = move_unit(state, unit.id, to)
    return after, [Teleported(unit.id, unit.name, to, by, frm, rules=rules)] + carried + ground_notes(
        state, after, unit.id)
