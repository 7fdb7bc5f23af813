"""Artifacts and carried units: Pick Up, Drop, moving with the bearer, and automatic drops.

A carried artifact has no location of its own: it is where its bearer is (at its place within an
oversized bearer's area), so it moves with the bearer however the bearer moves (Codex "Carrying
Artifacts"). A carried unit keeps its own location, so `relocate` moves it along with its carrier
as forced movement; if it cannot enter, it stays and is dropped (Codex "Carrying Units").

`drops` is an at-rest check (`storyline.settle` runs it before the others): whatever shares no
location with its bearer any more, whose bearer left the realm or lost the ability to carry it,
is dropped where it is. Pick Up and Drop are basic activated abilities: legality in
`basic_reason`, `pick_up_reason`, `carry_reason`, `drop_reason`; resolution in `pick_up`, `drop`.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Literal

from codex.engine.events import CarriedAlong, Dropped, Event, NotMoved, PickedUp, Teleported
from codex.engine.keywords import CarryRule
from codex.engine.geometry import Location
from codex.engine.ongoing import keywords_at
from codex.engine.reasons import Found, Reason
from codex.engine.state import Artifact, GameState, Unit

Resolved = tuple[GameState, list[Event]]
BasicAbility = Literal["pick_up", "drop"]


def lances(state: GameState, unit: Unit) -> int:
    """Lances the unit carries (each adds 1 to its next strike and makes it strike first)."""
    return sum(1 for a in state.artifacts if a.bearer == unit.id and a.is_lance)


def lance_tokens(unit: Unit, count: int, start: int = 0) -> list[Artifact]:
    """The Lance tokens a minion with Lance enters the realm carrying (Codex "Lance")."""
    return [Artifact(f"{unit.id}-lance" + (f"-{n + 1}" if n else ""), "Lance", unit.controller, unit.location,
                     bearer=unit.id, token=True) for n in range(start, start + count)]


# ---------------------------------------------------------------------------- legality

def basic_reason(state: GameState, unit: Unit, ability: BasicAbility) -> Found:
    """Pick Up and Drop are activated basic abilities: once on your turn, in your main phase,
    by the unit's controller; a disabled minion has no abilities (no tap: summoning sickness
    and being tapped do not matter)."""
    rule = "pick-up" if ability == "pick_up" else "drop"
    if state.over:
        return Reason.GAME_OVER, "death-blow"
    if unit.controller != state.turn.active:
        return Reason.NOT_ACTIVE_PLAYER, "activated-ability"
    if state.turn.phase != "main":
        return Reason.NOT_MAIN_PHASE, rule + ".activated"
    if keywords_at(state, unit).disabled:
        return Reason.DISABLED, "basic-ability.disabled"
    if ability in unit.used:
        return Reason.ALREADY_USED, rule + ".once"
    if ability == "drop" and unit.interacted:
        return Reason.INTERACTED, "drop"
    return None


def _may_take(state: GameState, unit: Unit, artifact: Artifact) -> bool:
    """Its own text lets the unit pick up this carried artifact ("May pick up carried artifacts
    with cost (1) or less")."""
    limits = keywords_at(state, unit).takes_carried
    return bool(limits) and artifact.bearer != unit.id and artifact.cost is not None and artifact.cost <= max(limits)


def pick_up_reason(state: GameState, unit: Unit, artifact: Artifact) -> Found:
    """May ``unit`` pick up ``artifact``: a carriable artifact lying here."""
    if not artifact.carriable:
        return Reason.NOT_CARRIABLE, "artifact.monument"
    if artifact.bearer is not None and not _may_take(state, unit, artifact):
        return Reason.ALREADY_CARRIED, "pick-up"
    if not state.occupies(unit, state.artifact_location(artifact)):
        return Reason.NOT_HERE, "pick-up"
    return None


def may_carry_it(state: GameState, carrier: Unit, unit: Unit) -> bool:
    """The unit's own text lets units of the carrier's subtype carry it ("May be carried by any
    Beast")."""
    kinds = keywords_at(state, unit, conferred=False).carried_by_kinds
    return bool(kinds) and any(s.lower() in kinds for s in carrier.subtypes)


def carry_reason(state: GameState, carrier: Unit, unit: Unit, already: int = 0, check_place: bool = True) -> Found:
    """May ``carrier`` carry ``unit`` (carrying ``already`` others)? Only a unit with an ability
    to carry units may, and only what that ability names."""
    kw = keywords_at(state, carrier)
    if may_carry_it(state, carrier, unit) and not kw.disabled:
        kw = kw.with_(carries=kw.carries + (CarryRule(1, False, False),))
    if not kw.carries or kw.disabled:
        return Reason.CANNOT_CARRY_UNITS, "carrying-units"
    if unit.id == carrier.id or unit.oversized or carrier.carried_by == unit.id:
        return Reason.NOT_CARRIABLE, "carrying-units"
    if unit.controller != carrier.controller:
        return Reason.NOT_AN_ALLY, "ally"
    fitting = [r for r in kw.carries if (unit.is_minion or not r.minion_only)
               and (not r.weaker or _power(state, unit) < _power(state, carrier))]
    if not fitting:
        weaker = any(r.weaker for r in kw.carries)
        return Reason.CANNOT_CARRY_THAT, "carrying-units.weaker" if weaker else "carrying-units"
    if already >= max(r.count for r in fitting):
        return Reason.CARRY_LIMIT, "carrying-units"
    if unit.carried_by is not None and unit.carried_by != carrier.id:
        return Reason.ALREADY_CARRIED, "carrying-units"
    if carries_in_a_circle(state, carrier, unit):
        return Reason.NOT_CARRIABLE, "carrying-units"
    if check_place and state.shared_location(carrier, unit) is None:
        return Reason.NOT_HERE, "pick-up"
    return None


def _power(state: GameState, unit: Unit) -> int:
    """Power as it is now ("a weaker allied minion": ongoing effects count, Codex "Power")."""
    from codex.engine.effects.statics import power_of
    attack, defense = power_of(state, unit)
    return (attack + defense) // 2


def carries_in_a_circle(state: GameState, carrier: Unit, unit: Unit) -> bool:
    """Whether ``unit`` carries ``carrier`` already, directly or through others: carrying it would
    go round in a circle."""
    holder, seen = carrier.carried_by, {carrier.id}
    while holder is not None and holder not in seen:
        if holder == unit.id:
            return True
        seen.add(holder)
        nxt = state.unit(holder)
        holder = nxt.carried_by if nxt is not None else None
    return False


def drop_reason(state: GameState, unit: Unit, item: Artifact | Unit) -> Found:
    """What a unit carries it may drop, but not a unit an effect makes it carry: the effect's words
    say how long (Codex "The Silver Rule"), and Drop is a basic ability of carrying abilities."""
    carried = item.bearer if isinstance(item, Artifact) else item.carried_by
    if carried != unit.id:
        return Reason.NOT_CARRYING, "drop"
    if isinstance(item, Unit) and item.held is not None:
        return Reason.HELD_BY_EFFECT, "carrying-units.effect"
    return None


# ---------------------------------------------------------------------------- resolution

def offset_in(state: GameState, bearer: Unit, loc: Location) -> tuple[int, int]:
    """An artifact's place within an oversized bearer's area (row, column); (0, 0) otherwise."""
    locs = state.locations_of(bearer)
    index = locs.index(loc) if loc in locs else 0
    return index // bearer.size[1], index % bearer.size[1]


def pick_up(state: GameState, unit: Unit, artifacts: list[Artifact], units: list[Unit]) -> Resolved:
    """The unit now carries them (legality already checked). Control of a carried artifact is
    its bearer's controller's."""
    for a in artifacts:
        loc = state.artifact_location(a)
        state = state.with_artifact(replace(a, bearer=unit.id, offset=offset_in(state, unit, loc), location=loc))
    for u in units:
        current = state.unit(u.id)
        assert current is not None
        state = state.with_unit(replace(current, carried_by=unit.id))
    me = state.unit(unit.id)
    assert me is not None
    state = state.with_unit(replace(me, used=me.used | {"pick_up"}))
    items = tuple(a.id for a in artifacts) + tuple(u.id for u in units)
    names = tuple(a.name for a in artifacts) + tuple(u.name for u in units)
    rules = ("pick-up", "here", "basic-ability", "ability") + (("carrying-artifacts", "artifact.control") if artifacts else ()) + (
        ("carrying-units", "carrying-units.pick-up") if units else ()) + (
        (("characteristics.avatar-carries",) if unit.is_avatar else ("characteristics.minion-carries",))
        if artifacts else ())
    return state, [PickedUp(unit.id, unit.name, items, names, rules=rules)]


def _set_down(state: GameState, artifact: Artifact) -> GameState:
    return state.with_artifact(replace(artifact, bearer=None, offset=(0, 0), location=state.artifact_location(artifact)))


def drop(state: GameState, unit: Unit, artifacts: list[Artifact], units: list[Unit]) -> Resolved:
    """What the unit drops lies where it is now, controlled by no one (a carriable artifact)."""
    for a in artifacts:
        state = _set_down(state, a)
    for u in units:
        current = state.unit(u.id)
        assert current is not None
        state = state.with_unit(replace(current, carried_by=None, held=None))
    me = state.unit(unit.id)
    assert me is not None
    state = state.with_unit(replace(me, used=me.used | {"drop"}))
    items = tuple(a.id for a in artifacts) + tuple(u.id for u in units)
    names = tuple(a.name for a in artifacts) + tuple(u.name for u in units)
    at = state.artifact_location(artifacts[0]) if artifacts else (units[0].location if units else unit.location)
    rules = ("drop",) + (("artifact.uncontrolled", "uncontrolled.artifact") if artifacts else ()) + (
        ("carrying-units.drop",) if units else ()) + (("interact.basic",) if unit.tapped else ())
    return state, [Dropped(unit.id, unit.name, items, names, at, rules=rules)]


def carried_entry_reason(state: GameState, unit: Unit, to: Location) -> Found:
    """Whether a unit moved by force (carried along) can enter ``to``: it must exist, and an
    ongoing effect may forbid it (an Avatar never leaves the surface; Gnome Hollows; "Minions here
    can't move": being carried is forced movement for the carried unit, Codex "Forced Movement")."""
    from codex.engine.entering import entry_reason
    found = entry_reason(state, unit, to, unit.location)
    if found is None and "mov" in unit.text:       # its own "Can't be moved": moved by force, it is not
        from codex.engine.unmodifiable import cant_ability
        if cant_ability(unit.abilities, "move") is not None:
            return Reason.CANNOT_MOVE, "forced-movement.principle"
    from codex.engine.move_bans import may_ban
    if found is None and may_ban(state):
        from codex.engine.move_bans import ban_rule, move_ban
        ban = move_ban(state, unit, unit.location, to, "carried")
        if ban is not None:
            return Reason.CANNOT_MOVE, ban_rule(ban, "carried")
    return found


def relocate(state: GameState, unit_id: str, to: Location, how: str = "") -> Resolved:
    """Put the unit at ``to`` (its anchor, for an oversized unit) with everything it carries:
    its artifacts go with it, and each unit it carries is moved along by force to the matching
    location of its area, unless it cannot enter there (then it stays, and is dropped at rest)."""
    unit = state.unit(unit_id)
    if unit is None:
        return state, []
    state = state.evolve(restless=state.restless | {unit_id})    # moving: not at rest (Codex "At Rest")
    if unit_id not in state.carriers:
        return state.with_unit(replace(unit, location=to)), []
    old = state.locations_of(unit)
    state = state.with_unit(replace(unit, location=to))
    moved = state.unit(unit_id)
    assert moved is not None
    new = state.locations_of(moved)
    events: list[Event] = []
    arts = state.carried_artifacts(unit_id)
    if arts:
        events.append(CarriedAlong(unit.id, unit.name, tuple(a.id for a in arts), tuple(a.name for a in arts),
                                   rules=("carrying-artifacts",) + (("carrying-artifacts.oversized",)
                                                                    if unit.oversized else ())))
    for cu in state.carried_units(unit_id):
        if cu.location not in old or cu.location == new[old.index(cu.location)]:
            continue
        dest = new[old.index(cu.location)]
        found = carried_entry_reason(state, cu, dest)
        if found is not None:
            from codex.engine.entering import blocking_quote
            events.append(NotMoved(cu.id, cu.name, dest, found[0], f"with {unit.name}",
                                   rules=("carrying-units.cannot-enter", found[1]) + (
                                       ("can-vs-cant",) if found[0] in (Reason.CANNOT_ENTER, Reason.CANNOT_MOVE)
                                       else ()),
                                   from_card=blocking_quote(state, cu, found[0], cu.location, dest, "carried")))
            continue
        frm = cu.location
        state, more = relocate(state, cu.id, dest)
        confer = ("carrying-units.confer",) if needs_conferred(state, cu, dest) else ()
        events.append(Teleported(cu.id, cu.name, dest, f"carried by {unit.name}", frm, "carried",
                                 rules=("carrying-units.moved", "forced-movement.carried", "at-rest.carried") + confer))
        events += more
    return state, events


def needs_conferred(state: GameState, unit: Unit, loc: Location) -> bool:
    """Does the unit survive at ``loc`` only thanks to a movement ability its carrier confers?"""
    from codex.engine.geometry import Region
    flag = {Region.VOID: "voidwalk", Region.UNDERGROUND: "burrowing", Region.UNDERWATER: "submerge"}.get(loc.region)
    return flag is not None and not getattr(unit.keywords, flag) and getattr(keywords_at(state, unit, loc), flag)


# ---------------------------------------------------------------------------- at rest

def _dropped_because(state: GameState, bearer_id: str) -> tuple[str, str]:
    if state.unit(bearer_id) is None:
        gone = next((r for r in reversed(state.removed) if r.id == bearer_id), None)
        return f"{gone.name if gone else 'its bearer'} left the realm", "carrying-artifacts.leaves"
    return "it shares no location with its bearer", "carrying-artifacts.share"


def drops(state: GameState) -> Resolved:
    """Drop whatever can no longer be carried: its bearer left the realm, it shares no location
    with it, or (a unit) its carrier can no longer carry it."""
    events: list[Event] = []
    if not state.carriers:
        return state, events
    for a in state.artifacts:
        if a.bearer is None:
            continue
        bearer = state.unit(a.bearer)
        if bearer is not None and state.occupies(bearer, state.artifact_location(a)):
            continue
        cause, rule = _dropped_because(state, a.bearer)
        state = _set_down(state, a)
        events.append(Dropped(a.bearer, bearer.name if bearer else a.bearer, (a.id,), (a.name,), a.location, cause,
                              rules=(rule,)))
    for u in state.units:
        if u.carried_by is None:
            continue
        carrier = state.unit(u.carried_by)
        if carrier is None:
            cause, rule = _dropped_because(state, u.carried_by)
            rules: tuple[str, ...] = (rule, "carrying-units.share")
        elif state.shared_location(carrier, u) is None:
            cause, rules = "it shares no location with the unit carrying it", ("carrying-units.share",)
        elif u.held is None and ((not keywords_at(state, carrier).carries and not may_carry_it(state, carrier, u))
                                 or keywords_at(state, carrier).disabled):     # an effect's carrying stays
            cause, rules = f"{carrier.name} can no longer carry units", ("carrying-units.loses", "passive-ability")
        else:
            continue
        state = state.with_unit(replace(u, carried_by=None, held=None))
        events.append(Dropped(carrier.id if carrier else u.carried_by, carrier.name if carrier else u.carried_by,
                              (u.id,), (u.name,), u.location, cause, rules=rules))
    return state, events
