"""The storyline (Codex "Storyline") and the checks made whenever the story is at rest.

After every event that changes the board, `settle` does what the rules do between events:

1. **At-rest checks** (`_check`): a minion where it cannot exist is banished (the void) or marked
   for death (underground without Burrowing, underwater without Submerge); a minion with damage
   equal to or greater than its power, or hit by a Lethal unit, is marked for death.
2. **Triggers**: the events just resolved are offered to every triggered ability that listens for
   them (`triggers_for`); those that fire go onto the storyline ahead of whatever is waiting
   ("new events interrupt the storyline"), the active player's first and the non-active player's
   after them, so the non-active player's resolve first ("simultaneous triggers").
3. **Resolution**: the first item of the storyline resolves; its events go through 1-3 again.
   Cards marked for death go to their owners' cemeteries together, in one `Burial` that waits
   behind every Deathrite ("none of the cards that have been marked for death are put into
   their owners' cemeteries until all Deathrite effects have resolved").
4. **Death blows** decided by this batch end the game (a draw if both Avatars took one).

What a triggered ability *does* is executed by `resolve_ability` (this engine version says that
it does not execute card effects yet; the ruling names each one, never silently).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from codex.engine.abilities import Ability, AbilityKind
from codex.engine.budget import spend
from codex.engine.events import (AbilityNotExecuted, Banished, Damaged, Died, EffectIgnored, Entering, Entry, Event,
                                 GameDrawn, GameWon, Marked, Note, Summoned, TriggerAdded, TriggerSkipped)
from codex.engine.geometry import Location, Region
from codex.engine.ongoing import disabled_by, keywords_at, silenced_at
from codex.engine.oversized import area
from codex.engine.state import Burial, GameState, Pending, SiteTrigger, TriggeredEffect, Unit
from codex.engine.terrain import reground

Resolved = tuple[GameState, list[Event]]

#: A storyline item resolves through this; #12 (card effects) replaces the triggered-ability part.
AbilityResolver = Callable[[GameState, Pending], Resolved]


def survival(state: GameState, unit: Unit) -> tuple[str, str, str] | None:
    """(fate, cause, rule id) when a minion cannot exist where it is (any of its locations, for
    an oversized one); None when it can. A carried unit has its carrier's movement abilities."""
    if not unit.is_minion:
        return None
    kw = keywords_at(state, unit)
    for loc in state.locations_of(unit):
        region = loc.region
        if region is Region.VOID and not kw.voidwalk:
            return "banished", f"it is in the void at square {loc.square} without Voidwalk", "void.banished"
        if region is Region.UNDERGROUND and not kw.burrowing:
            return "marked", f"it is underground at square {loc.square} without Burrowing", "underground.dies"
        if region is Region.UNDERWATER and not kw.submerge:
            return "marked", f"it is underwater at square {loc.square} without Submerge", "underwater.dies"
    return None


def _lethal_damage(unit: Unit) -> tuple[str, list[str]] | None:
    if unit.lethal_hit:
        return "any damage from a Lethal unit kills a minion", ["lethal"]
    if unit.damage > 0 and unit.damage >= unit.defense:
        rules = ["damage.minion"] + (["split-power.defense"] if unit.split else []) + (
            ["zero.power"] if unit.defense == 0 else [])
        against = "defense power" if unit.split else "power"
        return f"{unit.damage} damage against {against} {unit.defense}", rules
    return None


def killers_of(state: GameState, unit_id: str, batch: list[Event]) -> tuple[str, ...]:
    """Who gets credit for killing a minion (Codex "Kill Credit"): the units whose strike or
    damage in this batch hit it (units only; several share the credit)."""
    out = [e.source for e in batch if isinstance(e, Damaged) and e.unit == unit_id and e.source is not None
           and state.unit(e.source) is not None]
    return tuple(dict.fromkeys(out))


def _check(state: GameState, batch: list[Event] | None = None) -> Resolved:
    """The at-rest checks: units in a subsurface follow their site's water or land, what can no
    longer be carried is dropped, then every minion that cannot stay in the realm is banished or
    marked for death."""
    from codex.engine.carrying import drops
    state, events = reground(state)
    state, dropped = drops(state)
    events += dropped
    marked: list[str] = []
    banished = False
    for unit in state.units:
        if not unit.is_minion or unit.marked:
            continue
        fate = survival(state, unit)
        if fate is not None and fate[0] == "banished":
            state = state.remove_unit(unit.id, "banished")
            events.append(Banished(unit.id, unit.name, unit.location, fate[1], rules=(fate[2], "at-rest", "banished")))
            banished = True
            continue
        why: tuple[str, list[str]] | None = (fate[1], [fate[2], "at-rest"]) if fate else _lethal_damage(unit)
        if why is not None:
            cause, rules = why
            killers = () if fate else killers_of(state, unit.id, batch or [])
            names = tuple(k.name for k in (state.unit(i) for i in killers) if k is not None)
            state = state.with_unit(replace(unit, marked=cause, killed_by=killers))
            events.append(Marked(unit.id, unit.name, unit.location, cause, killers, names,
                                 rules=tuple(rules + ["die"] + (["kill-credit"] if killers else []))))
            marked.append(unit.id)
    if marked:
        state = _bury_later(state, marked)
    if banished:
        state, more = drops(state)
        events += more
    return state, events


def mark_for_death(state: GameState, unit_id: str, cause: str, rules: tuple[str, ...],
                   killers: tuple[str, ...] = ()) -> Resolved:
    """A minion destroyed directly by an effect is marked for death now; it goes to the cemetery
    once the triggers of its death have resolved (`settle` does both)."""
    unit = state.unit(unit_id)
    if unit is None or unit.marked or not unit.is_minion:
        return state, []
    names = tuple(k.name for k in (state.unit(i) for i in killers) if k is not None)
    state = _bury_later(state.with_unit(replace(unit, marked=cause, killed_by=killers)), [unit_id])
    return state, [Marked(unit.id, unit.name, unit.location, cause, killers, names,
                          rules=rules + ("die",) + (("kill-credit",) if killers else ()))]


def _bury_later(state: GameState, marked: list[str]) -> GameState:
    """Newly marked cards join the Burial waiting on the storyline, or start one at its end."""
    for i, item in enumerate(state.storyline):
        if isinstance(item.effect, Burial):
            merged = replace(item, effect=Burial(item.effect.units + tuple(marked)))
            return replace(state, storyline=state.storyline[:i] + (merged,) + state.storyline[i + 1:])
    burial = Pending(state.turn.active, None, Burial(tuple(marked)))
    return replace(state, storyline=state.storyline + (burial,))


#: What a site's "kills minions entering it" ability says, as the ruling tells it.
KILLS_ON_ENTRY = "whenever a minion enters this site, kill it"


def _entered_sites(state: GameState, unit: Unit, entry: Entry) -> list[Location]:
    """The locations of sites the unit entered: summoned there or moved there from another site.
    An oversized unit enters only the sites it did not occupy before (Codex "Enter")."""
    if not unit.oversized:
        return [entry.to] if entry.site_entered else []
    before = {loc.square for loc in (area(state, entry.frm, unit.size) or ())} if entry.frm else set()
    return [loc for loc in area(state, entry.to, unit.size) or () if loc.square not in before]


def _entry_triggers(state: GameState, event: Event) -> list[Pending]:
    """Site abilities listening for units entering: a site that kills minions entering it (e.g.
    Bottomless Pit) fires when a minion is summoned to it or moves into it from elsewhere, by
    whatever movement; not when it moves between the site's levels, nor when the site is placed
    under it (Codex "Enter")."""
    if not isinstance(event, Entering):
        return []
    entry = event.entry()
    unit = state.unit(entry.unit)
    if unit is None or not unit.is_minion:
        return []
    out = []
    for loc in _entered_sites(state, unit, entry):
        site = state.site_at(loc.square)
        if site is None or not site.kills_on_entry or loc.region is Region.VOID:
            continue
        out.append(Pending(site.controller or site.owner or state.turn.active, None,
                           SiteTrigger(site.square, site.name, KILLS_ON_ENTRY, unit.id, event)))
    return out


#: A card's own triggered abilities, by the event they listen for.
_OWN_TRIGGERS: dict[type[Event], AbilityKind] = {Summoned: AbilityKind.GENESIS, Marked: AbilityKind.DEATHRITE}


def _own_abilities(state: GameState, event: Event) -> tuple[Unit | None, tuple[Ability, ...]]:
    """The unit ``event`` is about and its abilities that listen for it (Genesis when it is
    summoned, Deathrite when it is marked for death)."""
    kind = _OWN_TRIGGERS.get(type(event))
    unit = state.unit(getattr(event, "unit")) if kind is not None else None
    if unit is None or kind is None:
        return None, ()
    return unit, unit.abilities.of_kind(kind)


def _abilities_gone(state: GameState, unit: Unit) -> tuple[str, tuple[str, ...]] | None:
    """Why the unit's own triggered abilities cannot fire now (disabled: no abilities; silenced:
    no special abilities), with the rules that say so."""
    cause = disabled_by(state, unit)
    if cause is not None:
        return f"{unit.name} is disabled and has no abilities", (cause, "disabled")
    if silenced_at(state, unit, unit.location):
        return (f"{unit.name} is silenced and has lost its special abilities",
                ("silenced", "lose", "special-ability.card-text"))
    return None


def triggers_for(state: GameState, event: Event) -> list[Pending]:
    """The triggered abilities that fire on ``event``: Genesis when its card is summoned,
    Deathrite when its card is marked for death (it dies), a site's ability when a unit enters
    it (any `Entering` event). A disabled or silenced minion's own abilities do not fire
    (`withheld_triggers` says so)."""
    fired = _entry_triggers(state, event)
    unit, abilities = _own_abilities(state, event)
    if unit is None or not abilities or _abilities_gone(state, unit) is not None:
        return fired
    # a player orders their own simultaneous triggers; as in the Codex's example, a card's own
    # Genesis goes before a site's entry trigger
    return [Pending(unit.controller, unit.id, TriggeredEffect(unit.id, unit.name, ability, event))
            for ability in abilities] + fired


def withheld_triggers(state: GameState, event: Event) -> list[Event]:
    """The card's own triggered abilities that would fire on ``event`` but do not, because the card
    has no abilities now: the ruling names each one."""
    unit, abilities = _own_abilities(state, event)
    gone = _abilities_gone(state, unit) if unit is not None else None
    if unit is None or gone is None:
        return []
    why, rules = gone
    return [TriggerSkipped(unit.id, unit.name, a.text, why, rules=rules) for a in abilities]


def add_triggers(state: GameState, events: list[Event]) -> Resolved:
    """Put the triggers these events cause onto the storyline, ahead of what is waiting: the
    active player's first, the non-active player's after them, each in board order (the player's
    choice of order among their own is theirs to make)."""
    fired = [p for e in events for p in triggers_for(state, e)]
    skipped = [x for e in events for x in withheld_triggers(state, e)]
    if not fired:
        return state, skipped
    active = [p for p in fired if p.controller == state.turn.active]
    others = [p for p in fired if p.controller != state.turn.active]
    ordered = others + active   # the non-active player's were added last, so they resolve first
    rules = ["triggered-ability", "storyline", "storyline.interrupt"] + (
        ["storyline.simultaneous"] if active and others else [])
    added: list[Event] = list(skipped)
    for i, p in enumerate(ordered):
        eff = p.effect
        if isinstance(eff, SiteTrigger):
            added.append(TriggerAdded(f"site:{eff.square}", eff.name, eff.ability, p.controller, i + 1,
                                      rules=tuple(rules + ["enter", "range-of-motion.bottomless-pit"])))
            continue
        assert isinstance(eff, TriggeredEffect)
        extra = ["deathrite", "die.marked"] if eff.ability.kind is AbilityKind.DEATHRITE else (
            ["genesis"] if eff.ability.kind is AbilityKind.GENESIS else [])
        added.append(TriggerAdded(eff.unit, eff.name, eff.ability.text, p.controller, i + 1,
                                  rules=tuple(rules + extra)))
    return replace(state, storyline=tuple(ordered) + state.storyline), added


def not_executed(state: GameState, item: Pending) -> Resolved:
    """Default resolution of a triggered ability: this engine version names it and moves on."""
    eff = item.effect
    assert isinstance(eff, TriggeredEffect)
    return state, [AbilityNotExecuted(eff.unit, eff.name, eff.ability.describe(), rules=("storyline",))]


resolve_ability: AbilityResolver = not_executed


def _resolve_site_trigger(state: GameState, eff: SiteTrigger) -> Resolved:
    """A site's entry trigger resolves: kill the minion that entered, unless the site (or the
    ability) left the realm first, or the minion is already dead or gone."""
    site = state.site_at(eff.square)
    if site is None or not site.kills_on_entry:
        return state, [EffectIgnored(f"site:{eff.square}", eff.name, eff.ability, rules=("storyline.source-gone",))]
    unit = state.unit(eff.unit)
    if unit is None or unit.marked:
        return state, [AbilityNotExecuted(f"site:{eff.square}", eff.name, f"its ability \u201c{eff.ability}\u201d",
                                          why=f"{eff.unit} is already dead or gone, so it fails",
                                          rules=("die.already-marked",))]
    return mark_for_death(state, unit.id, f"it entered {site.name} (its triggered ability)",
                          ("range-of-motion.bottomless-pit", "enter", "kill.destroy"))


def _resolve_next(state: GameState) -> Resolved:
    item, rest = state.storyline[0], state.storyline[1:]
    state = replace(state, storyline=rest)
    eff = item.effect
    if isinstance(eff, Burial):
        return _bury(state, eff)
    if isinstance(eff, SiteTrigger):
        return _resolve_site_trigger(state, eff)
    if item.source is not None and state.unit(item.source) is None:
        return state, [EffectIgnored(eff.unit, eff.name, eff.ability.text, rules=("storyline.source-gone",))]
    return resolve_ability(state, item)


def _bury(state: GameState, burial: Burial) -> Resolved:
    """All the marked cards go to their owners' cemeteries at once."""
    events: list[Event] = []
    together = len(burial.units) > 1
    for uid in burial.units:
        unit = state.unit(uid)
        if unit is None:
            continue
        state = state.remove_unit(uid, "died", unit.killed_by)
        rules = ["die.marked", "dead-minion"] + (["die.simultaneous"] if together else [])
        if unit.abilities.of_kind(AbilityKind.DEATHRITE):
            rules.append("deathrite")
        rules += ["token"] if unit.token else ["cemetery", "dead-minion"]
        if unit.owner != unit.controller:
            rules.append("ownership")
        events.append(Died(uid, unit.name, unit.location, unit.marked or "marked for death", unit.owner,
                           unit.controller, unit.token, rules=tuple(rules)))
    return state, events


def _death_blows(state: GameState) -> Resolved:
    if not state.death_blows:
        return state, []
    losers = set(state.death_blows)
    state = replace(state, death_blows=())
    if state.over:
        return state, []
    if len(losers) > 1:
        return state.evolve(draw=True), [GameDrawn(rules=("death-blow.draw",)), Note(
            "ruling_variant", "Many tournaments rule otherwise: simultaneous death blows are ignored and the game "
            "continues; check the event's rules.", rules=("death-blow.tournament",))]
    loser = losers.pop()
    winner = state.opponent(loser)
    return state.evolve(winner=winner), [GameWon(winner, loser,
                                                 rules=("death-blow", "winning-the-game", "winning.death-blow"))]


def settle(state: GameState, events: list[Event] | None = None) -> Resolved:
    """Bring the story back to rest after ``events``: at-rest checks, triggers, the storyline
    resolved in order, then death blows. Returns the state and the events this caused."""
    out: list[Event] = []
    fresh = list(events or [])
    while True:
        spend(1, "resolving the storyline")
        state, checked = _check(state, fresh)
        state, added = add_triggers(state, fresh + checked)
        out += checked + added
        if not state.storyline:
            break
        state, fresh = _resolve_next(state)
        out += fresh
    state, ended = _death_blows(state)
    return state, out + ended
