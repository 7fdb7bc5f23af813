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

from contextvars import ContextVar
from dataclasses import replace
from typing import Any, Callable

from codex.engine.abilities import Ability, AbilityKind
from codex.engine.budget import spend
from codex.engine.errors import TooComplex
from codex.engine.events import (AbilityNotExecuted, AttackEnded, offered, Banished, Damaged, Died, EffectIgnored,
                                 Entering, Entry, Event, GameDrawn, GameWon, Marked, Note, Summoned, TriggerAdded, TriggerSkipped, Conjured)
from codex.engine.geometry import Location, Region
from codex.engine.ongoing import disabled_by, keywords_at, power_of, silenced_at
from codex.engine.oversized import area
from codex.engine.rest import stir, stir_actors
from codex.engine.state import Burial, GameState, Pending, TriggeredEffect, Unit
from codex.engine.terrain import reground

Resolved = tuple[GameState, list[Event]]

#: A storyline item resolves through this; #12 (card effects) replaces the triggered-ability part.
AbilityResolver = Callable[[GameState, Pending], Resolved]


def survival(state: GameState, unit: Unit) -> tuple[str, str, str] | None:
    """(fate, cause, rule id) when a minion cannot exist where it is (any of its locations, for
    an oversized one); None when it can. A carried unit has its carrier's movement abilities."""
    if not unit.is_minion:
        return None
    locs = state.locations_of(unit)
    if all(loc.region is Region.SURFACE for loc in locs):
        return None         # every minion may be on the surface: no keyword to ask (the common case)
    kw = keywords_at(state, unit)
    for loc in locs:
        region = loc.region
        if region is Region.VOID and not kw.voidwalk:
            return "banished", f"it is in the void at square {loc.square} without Voidwalk", "void.banished"
        if region is Region.UNDERGROUND and not kw.burrowing:
            return "marked", f"it is underground at square {loc.square} without Burrowing", "underground.dies"
        if region is Region.UNDERWATER and not kw.submerge:
            return "marked", f"it is underwater at square {loc.square} without Submerge", "underwater.dies"
    return None


def _lethal_damage(state: GameState, unit: Unit) -> tuple[str, list[str]] | None:
    if unit.lethal_hit:
        return "any damage from a Lethal unit kills a minion", ["lethal"]
    defense = power_of(state, unit)[1]
    if unit.damage > 0 and unit.damage >= defense:
        rules = ["damage.minion"] + (["split-power.defense"] if unit.split else []) + (
            ["zero.power"] if defense == 0 else [])
        against = "defense power" if unit.split else "power"
        return f"{unit.damage} damage against {against} {defense}", rules
    return None


def _power_lowered_by(state: GameState, unit: Unit) -> Any:
    """The card sentence lowering a dying minion's power ("Other nearby minions have -2 power"), if
    one does: the ruling quotes it beside the death."""
    if not state.statics:
        return None
    from codex.engine.effects.statics import power_sources
    found = power_sources(state, unit)
    return found[0] if found else None


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
    from codex.engine.effects.durations import ended
    from codex.engine.animate import animated, follow
    from codex.engine.effects.static_control import apply as control_layer
    state, events = control_layer(state)      # who controls what, from static abilities (layer 3)
    if animated(state):                       # an animated card is where its unit is
        state, followed = follow(state)
        events += followed
    state, grounded = reground(state)
    events += grounded
    state, dropped = drops(state)
    events += dropped
    state, lasting = _lasting_at_rest(state, batch or [])
    events += lasting
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
        why: tuple[str, list[str]] | None = (fate[1], [fate[2], "at-rest"]) if fate else _lethal_damage(state, unit)
        if why is not None and state.statics:
            from codex.engine.effects.replacements import would_die
            replaced = would_die(state, unit)
            if replaced is not None:         # "If ... would die, instead ...": it may not die after all
                state, done = replaced
                events += done
                now = state.unit(unit.id)
                if now is None or now.marked:
                    continue
                if now.lethal_hit:
                    # the death a Lethal hit caused was replaced (Codex "Die": "the minion was never
                    # marked"), so that hit does not kill it again (found by blind real-card round 10)
                    now = replace(now, lethal_hit=False)
                    state = state.with_unit(now)
                unit = now
                fate = survival(state, unit)
                why = (fate[1], [fate[2], "at-rest"]) if fate else _lethal_damage(state, unit)
        if why is not None:
            cause, rules = why
            killers = () if fate else killers_of(state, unit.id, batch or [])
            names = tuple(k.name for k in (state.unit(i) for i in killers) if k is not None)
            state = state.with_unit(replace(unit, marked=cause, killed_by=killers))
            lowered = _power_lowered_by(state, unit) if not fate else None
            events.append(Marked(unit.id, unit.name, unit.location, cause, killers, names, by_damage=not fate,
                                 rules=tuple(rules + ["die"] + (["kill-credit"] if killers else []) + (
                                     ["ongoing-effect.before-dying"] if lowered else [])), from_card=lowered))
            marked.append(unit.id)
    if marked:
        state = _bury_later(state, marked)
    state, healed = _healed_at_once(state)
    events += healed
    if banished:
        state, more = drops(state)
        events += more
        if animated(state):
            state, more = follow(state)
            events += more
    return state, events


def _healed_at_once(state: GameState) -> Resolved:
    """Minions whose own ability heals them at once of damage they survive ("Immediately heals
    from damage that doesn't kill it"): once death has been looked at, the damage is removed
    (Codex "Healing": healing a minion removes damage from it)."""
    if not state.statics:
        return state, []
    from codex.engine.effects.statics import healed_at_once
    from codex.engine.events import MinionHealed
    events: list[Event] = []
    for unit in state.units:
        if not unit.is_minion or unit.marked or unit.damage <= 0:
            continue
        quote = healed_at_once(state, unit)
        if quote is None:
            continue
        state = state.with_unit(replace(unit, damage=0))
        events.append(MinionHealed(unit.id, unit.name, unit.damage, 0, rules=("healing",), from_card=quote))
    return state, events


def _lasting_at_rest(state: GameState, batch: list[Event]) -> Resolved:
    """Lasting effects at rest: those an event ended ("disabled until hurt") end, and what a
    "permanently" static ability did to a unit stays with it ("Nearby enemies permanently lose
    Stealth": once it has lost it, it has lost it for good)."""
    from codex.engine.effects.durations import ended
    from codex.engine.effects.statics import permanent_effects
    from codex.engine.events import EffectBegan, EffectEnded
    events: list[Event] = []
    from codex.engine.effects.durations import end_lasting, gone_sources
    # an effect "for as long as you control this minion" ends for good once control changes, even back
    gone = ended(state, batch) + [e for e in gone_sources(state) if e.control_from or e.animated
                                  or e.ends_on == "control"]
    if gone:
        state, over = end_lasting(state, gone, ("ongoing-effect",))
        events += over
    added = permanent_effects(state)
    if added:
        state = replace(state, lasting=state.lasting + tuple(e for e, _ in added))
        names = {u.id: u.name for u in state.units}
        events += [EffectBegan(e.name, "permanent", tuple(names.get(u, u) for u in e.units), e.describe(),
                               rules=("ongoing-effect",), from_card=quote) for e, quote in added]
        # what the new effects did may end an effect lasting "until it no longer has Stealth" (an enemy
        # Infiltrate took, now under "All enemies permanently lose Stealth": found by blind real-card round 14)
        now_over = ended(state, [])
        if now_over:
            state, over = end_lasting(state, now_over, ("ongoing-effect",))
            events += over
    return state, events


def mark_for_death(state: GameState, unit_id: str, cause: str, rules: tuple[str, ...],
                   killers: tuple[str, ...] = ()) -> Resolved:
    """A minion destroyed directly by an effect is marked for death now; it goes to the cemetery
    once the triggers of its death have resolved (`settle` does both)."""
    unit = state.unit(unit_id)
    if unit is None or unit.marked or not unit.is_minion:
        return state, []
    if state.statics:
        from codex.engine.effects.replacements import would_die
        replaced = would_die(state, unit)
        if replaced is not None:             # "If ... would die, return it to hand": it is not destroyed
            state, done = replaced
            return state, done
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


def entered_sites(state: GameState, unit: Unit, entry: Entry) -> list[Location]:
    """The locations of sites the unit entered: summoned there or moved there from another site.
    An oversized unit enters only the sites it did not occupy before (Codex "Enter")."""
    if not unit.oversized:
        return [entry.to] if entry.site_entered else []
    before = {loc.square for loc in (area(state, entry.frm, unit.size) or ())} if entry.frm else set()
    return [loc for loc in area(state, entry.to, unit.size) or () if loc.square not in before]


#: A card's own triggered abilities, by the event they listen for.
_OWN_TRIGGERS: dict[type[Event], AbilityKind] = {Summoned: AbilityKind.GENESIS, Marked: AbilityKind.DEATHRITE}


def _own_abilities(state: GameState, event: Event) -> tuple[Unit | None, tuple[Ability, ...]]:
    """The unit ``event`` is about and its abilities that listen for it (Genesis when it is
    summoned, Deathrite when it is marked for death)."""
    kind = _OWN_TRIGGERS.get(type(event))
    unit = state.unit(getattr(event, "unit")) if kind is not None else None
    if unit is None or kind is None:
        return None, ()
    own = unit.abilities.of_kind(kind)
    if kind is AbilityKind.DEATHRITE:      # "Genesis & Deathrite → ...": when it dies too
        own += tuple(a for a in unit.abilities.of_kind(AbilityKind.GENESIS) if getattr(a.node, "deathrite", False))
        if state.statics and _genesis_as_deathrite(state, unit) is not None:   # "... here are also Deathrite"
            own += tuple(a for a in unit.abilities.of_kind(AbilityKind.GENESIS)
                         if not getattr(a.node, "deathrite", False))
    return unit, own


def _genesis_as_deathrite(state: GameState, unit: Unit) -> Any:
    from codex.engine.effects.statics import also_deathrite
    return also_deathrite(state, unit)


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
    fired = _card_triggers(state, event) + _site_genesis(state, event) + _conjured_genesis(state, event) \
        + _reactivated_genesis(state, event)
    unit, abilities = _own_abilities(state, event)
    if unit is None or not abilities or _abilities_gone(state, unit) is not None:
        return fired
    # a player orders their own simultaneous triggers; as in the Codex's example, a card's own
    # Genesis goes before a site's entry trigger
    return [Pending(unit.controller, unit.id, TriggeredEffect(unit.id, unit.name, ability, event))
            for ability in abilities] + fired


def _site_genesis(state: GameState, event: Event) -> list[Pending]:
    """A site's Genesis triggers when it is played (it enters the realm: Codex "Genesis")."""
    from codex.engine.effects.context import Ctx, Obj
    from codex.engine.events import SitePlayed
    if not isinstance(event, SitePlayed):
        return []
    site = state.site_at(event.square)
    if site is None:
        return []
    out = []
    for i, ability in enumerate(site.abilities.abilities):
        if ability.kind is AbilityKind.GENESIS:
            ctx = Ctx(Obj("site", site.square), site.name, site.controller or event.player, ability,
                      f"site{site.square}.{i}", event=event)
            out.append(Pending(ctx.controller, f"site:{site.square}", TriggeredEffect(f"site{site.square}", site.name,
                                                                                      ability, event, ctx)))
    return out


def _reactivated_genesis(state: GameState, event: Event) -> list[Pending]:
    """A card whose Genesis an effect triggers again ("Reactivate the Genesis abilities of your
    nearby Deserts"): each of its Genesis abilities goes onto the storyline, its controller's."""
    from codex.engine.effects.context import Ctx, Obj
    from codex.engine.effects.select import controller_of
    from codex.engine.events import GenesisReactivated
    if not isinstance(event, GenesisReactivated):
        return []
    kind, _, key = event.card.partition(":")
    obj = Obj(kind, int(key) if kind == "site" else key)
    card = _card_in_realm(state, obj)
    if card is None:
        return []
    controller = controller_of(state, obj) or state.turn.active
    source, prefix = (key, key) if kind == "unit" else (event.card, f"site{key}" if kind == "site" else key)
    out = []
    for i, ability in enumerate(card.abilities.abilities):
        if ability.kind is AbilityKind.GENESIS:
            ctx = Ctx(obj, card.name, controller, ability, f"{prefix}.{i}", event=event)
            out.append(Pending(controller, source, TriggeredEffect(prefix, card.name, ability, event, ctx)))
    return out


def _card_in_realm(state: GameState, obj: Any) -> Any:
    """The site, unit, artifact or aura an object names, if it is in the realm."""
    if obj.kind == "site":
        return state.site_at(obj.key)
    if obj.kind == "unit":
        return state.unit(obj.key)
    if obj.kind == "artifact":
        return state.artifact(obj.key)
    if obj.kind == "aura":
        return next((a for a in state.auras if a.id == obj.key), None)
    return None


def _conjured_genesis(state: GameState, event: Event) -> list[Pending]:
    """A conjured artifact's or aura's Genesis triggers as it is conjured: "Conjure means 'enter the
    realm,' for artifacts and auras" and "Conjure and summon are analogous" (Codex "Conjure"), and
    Genesis is "When this card enters the realm" (Codex "Genesis")."""
    from codex.engine.effects.context import Ctx, Obj
    from codex.engine.events import Conjured
    if not isinstance(event, Conjured) or not event.card:
        return []
    kind, _, key = event.card.partition(":")
    card = state.artifact(key) if kind == "artifact" else next((a for a in state.auras if a.id == key), None)
    if card is None:
        return []
    controller = event.player or state.turn.active
    out = []
    for i, ability in enumerate(card.abilities.abilities):
        if ability.kind is AbilityKind.GENESIS:
            ctx = Ctx(Obj(kind, key), card.name, controller, ability, f"{key}.{i}", event=event)
            out.append(Pending(controller, event.card, TriggeredEffect(key, card.name, ability, event, ctx)))
    return out


def _card_triggers(state: GameState, event: Event) -> list[Pending]:
    """Triggered abilities of the cards in the realm ("Whenever ...", "At the end of your turn")
    that ``event`` fires (`effects.triggers`)."""
    from codex.engine.effects.triggers import fired
    out = []
    for ctx, ability in fired(state, event):
        src = ctx.source.key
        # a card in a zone (Scourge Zombies in the cemetery): its ability works while it is still there
        key = f"zone:{src.owner}:{src.zone}:{src.card.name}" if ctx.source.kind == "card" \
            else f"{ctx.source.kind}:{ctx.source.key}"
        if ctx.source.kind == "artifact" and not _source_in_realm(state, key):
            key = f"{LEFT}{key}"    # "When this is destroyed": it left as it triggered (`_source_in_realm`)
        out.append(Pending(ctx.controller, key, TriggeredEffect(str(ctx.source.key), ctx.source_name, ability,
                                                                event, ctx)))
    return out


def withheld_triggers(state: GameState, event: Event) -> list[Event]:
    """The card's own triggered abilities that would fire on ``event`` but do not, because the card
    has no abilities now: the ruling names each one."""
    from codex.engine.effects.triggers import silenced_site_triggers
    sites: list[Event] = [TriggerSkipped(key, name, text, f"{name} has lost its abilities",
                                         rules=("silenced", "lose", "special-ability.card-text"))
                          for key, name, text in silenced_site_triggers(state, event)]
    unit, abilities = _own_abilities(state, event)
    gone = _abilities_gone(state, unit) if unit is not None else None
    if unit is None or gone is None:
        return sites
    why, rules = gone
    return [TriggerSkipped(unit.id, unit.name, a.text, why, rules=rules) for a in abilities] + sites


def add_triggers(state: GameState, events: list[Event]) -> Resolved:
    """Put the triggers these events cause onto the storyline, ahead of what is waiting: the
    active player's first, the non-active player's after them, each in board order (the player's
    choice of order among their own is theirs to make)."""
    from codex.engine.effects.strike_hooks import spend
    from codex.engine.effects.triggers import dropped_reading
    state = spend(state, events)     # triggers that changed a strike's damage as it was dealt are spent
    fired = _once_each([p for e in events for p in triggers_for(state, e)], state.used_abilities)
    skipped = [x for e in events for x in withheld_triggers(state, e)]
    if not fired:
        return state, skipped
    state = _remember_once(state, fired)
    # a unit whose triggered ability triggers is not at rest (Codex "At Rest")
    state, stirred = stir(state, [uid for p in fired if (uid := _unit_source(p.source)) is not None],
                          "triggered a triggered ability")
    skipped += stirred
    active = [p for p in fired if p.controller == state.turn.active]
    others = [p for p in fired if p.controller != state.turn.active]
    ordered = others + active   # the non-active player's were added last, so they resolve first
    rules = ["triggered-ability", "storyline", "storyline.interrupt"] + (
        ["storyline.simultaneous"] if active and others else [])
    added: list[Event] = list(skipped)
    for i, p in enumerate(ordered):
        eff = p.effect
        assert isinstance(eff, TriggeredEffect)
        dying = eff.ability.kind is AbilityKind.DEATHRITE or (isinstance(eff.cause, Marked)
                                                              and eff.ability.kind is AbilityKind.GENESIS)
        conjured = isinstance(eff.cause, Conjured) and bool(eff.cause.card)
        extra = _phase_rules(eff.ability) + (["deathrite", "die.marked"] if dying else (
            ["genesis"] + (["conjure.enters"] if conjured else []) if eff.ability.kind is AbilityKind.GENESIS else (
                (["conjure.enters"] if conjured else ["enter"]) if _listens_for_entering(eff.ability) else [])))
        extra += _traverse_rules(eff.ability)
        if isinstance(eff.cause, AttackEnded):     # "successfully attacked": the reading taken, and why
            from codex.engine.effects.attacks import SUCCESS_RULES
            extra += list(SUCCESS_RULES)
        because = None
        if dying and eff.ability.kind is AbilityKind.GENESIS and not getattr(eff.ability.node, "deathrite", False) \
                and (dead := state.unit(eff.unit)) is not None:
            because = _genesis_as_deathrite(state, dead)     # the card that makes its Genesis a Deathrite
        added.append(TriggerAdded(eff.unit, eff.name, eff.ability.text, p.controller, i + 1,
                                  rules=tuple(rules + extra), from_card=because))
        if (other := dropped_reading(eff.cause, eff.ability)) is not None:
            added.append(Note("ambiguity", other, {"card": eff.name}, rules=("carrying-artifacts",)))
    return replace(state, storyline=tuple(ordered) + state.storyline), added


def _unit_source(source: str | None) -> str | None:
    """The unit a storyline item's source names (``unit:id``, or a bare unit id), if it is one."""
    if source is None:
        return None
    kind, sep, key = source.partition(":")
    return key if sep and kind == "unit" else (source if not sep else None)


def _phase_rules(ability: Ability) -> list[str]:
    """An ability "at the start / end of your turn" triggers in that phase (Codex "Start Phase",
    "End Phase")."""
    trigger = getattr(ability.node, "trigger", None)
    phase = getattr(trigger, "phase", None) if getattr(trigger, "kind", None) == "at" else None
    return {"start": ["start-phase.triggers"], "end": ["end-phase.triggers"],
            "start_and_end": ["start-phase.triggers", "end-phase.triggers"]}.get(phase or "", [])


def _once_each(fired: list[Pending], used: frozenset[str] = frozenset()) -> list[Pending]:
    """A trigger that fires once (per turn: "The first time ... each turn", "Once per turn, whenever ...")
    fires for the first of several events that happen together, not for each of them."""
    from codex.engine.effects.triggers import fires_allowed, once_key
    from codex.engine.use_limits import uses
    seen: dict[str, int] = {}
    out = []
    for p in fired:
        eff = p.effect
        key, allowed = None, 1
        if isinstance(eff, TriggeredEffect) and eff.ctx is not None:
            trigger = getattr(eff.ability.node, "trigger", None)
            key = once_key(eff.ctx, trigger) if trigger is not None else None
            allowed = fires_allowed(eff.ctx, trigger) if key is not None and trigger is not None else 1
        if key is not None:
            # "twice per turn": as many of the events together as the uses left this turn
            if seen.setdefault(key, uses(used, key)) >= allowed:
                continue
            seen[key] += 1
        out.append(p)
    return out


def _remember_once(state: GameState, fired: list[Pending]) -> GameState:
    """"The first time" / "the next time" triggers fire once (per turn, or ever); a spell's delayed
    trigger fires once and is gone."""
    from codex.engine.effects.triggers import once_key
    from codex.engine.use_limits import with_use
    keys = set(state.used_abilities)
    gone = []
    for p in fired:
        eff = p.effect
        if not isinstance(eff, TriggeredEffect) or eff.ctx is None:
            continue
        trigger = getattr(eff.ability.node, "trigger", None)
        key = once_key(eff.ctx, trigger) if trigger is not None else None
        if key is not None:
            keys = set(with_use(keys, key))      # one more use ("twice per turn": `use_limits.py`)
        gone += [d for d in state.delayed if d.ability == eff.ability and d.ctx.key == eff.ctx.key
                 and d.lasts != "turn_each"]
    return replace(state, used_abilities=frozenset(keys), delayed=tuple(d for d in state.delayed if d not in gone))


def _traverse_rules(ability: Ability) -> list[str]:
    """"Whenever a unit passes through this wall": what traversing (on the ground) means."""
    from codex.cardtext import ast as A
    event = getattr(getattr(ability.node, "trigger", None), "event", None)
    if not (isinstance(event, A.Clause) and isinstance(event.action, A.Traverse)):
        return []
    return ["traverse.means", "traverse"] + (["traverse.on-the-ground"] if "on_ground" in event.adverbs else [])


def _listens_for_entering(ability: Ability) -> bool:
    from codex.cardtext import ast as A
    trigger = getattr(ability.node, "trigger", None)
    event = getattr(trigger, "event", None)
    # "Whenever another unit enters or moves between sites in this body of water": heard through
    # entering (a move trigger hears a unit entering a location it moved to, Codex "Enter")
    events = event.items if isinstance(event, A.Group) else (event,)
    return any(isinstance(e, A.Clause) and isinstance(e.action, (A.Enter, A.Conjure, A.Move)) for e in events)


def resolve_ability(state: GameState, item: Pending) -> Resolved:
    """A triggered ability resolves: its effect is executed (`effects.execute`), or, when this
    engine version cannot execute it, named as not executed."""
    from codex.engine.effects.context import Ctx, Obj
    from codex.engine.effects.execute import execute
    from codex.engine.events import AbilityResolved
    eff = item.effect
    assert isinstance(eff, TriggeredEffect)
    ctx = eff.ctx
    if ctx is None:  # a unit's own Genesis or Deathrite
        unit = state.unit(eff.unit)
        index = unit.abilities.abilities.index(eff.ability) if unit and eff.ability in unit.abilities.abilities else 0
        ctx = Ctx(Obj("unit", eff.unit), eff.name, item.controller, eff.ability, f"{eff.unit}.{index}",
                  event=eff.cause)
    if not eff.ability.executed:
        from codex.engine.effects.check import missing
        why = "; ".join(missing(eff.ability)[:2]) or "this engine version does not execute it yet"
        if eff.ability.head is not None:        # "..., you gain 2 life. Then <unread>.": the steps before it
            return _resolve_head(state, eff, ctx, why)
        return state, [AbilityNotExecuted(eff.unit, eff.name, eff.ability.describe(), f"not executed yet: {why}",
                                          rules=("storyline",), from_card=ctx.quote)]
    began = AbilityResolved(eff.unit, eff.name, eff.ability.text, rules=("storyline", "triggered-ability"),
                            from_card=ctx.quote)
    state, events = execute(state, ctx)
    return state, [began] + _it_readings(state, ctx) + events


def _resolve_head(state: GameState, eff: TriggeredEffect, ctx: Any, why: str) -> Resolved:
    """An ability whose later step ("Then ...") this engine version cannot execute: the sentences
    before it resolve, and the step and what follows it are named as not executed
    (`abilities.then_split`)."""
    from dataclasses import replace as replace_ctx
    from codex.engine.effects.execute import execute
    from codex.engine.events import AbilityResolved
    head = eff.ability.head
    assert head is not None
    ctx = replace_ctx(ctx, ability=head)
    began = AbilityResolved(eff.unit, eff.name, head.text, rules=("storyline", "triggered-ability"),
                            from_card=ctx.quote)
    state, events = execute(state, ctx)
    rest = AbilityNotExecuted(eff.unit, eff.name, f"the later step \u201c{eff.ability.rest}\u201d of its "
                              f"{eff.ability.kind.value} ability", f"not executed yet: {why}",
                              rules=("storyline",), from_card=ctx.quote)
    return state, [began] + _it_readings(state, ctx) + events + [rest]


def _it_readings(state: GameState, ctx: Any) -> list[Event]:
    """An `ambiguity` note when the trigger's "it" may be its object or its subject, two cards still
    in the realm ("Whenever this minion kills another minion, untap it"): both readings said, the
    one taken (the object, `triggers._subject_reading`) named; the English does not decide."""
    from codex.engine.effects.select import name_of
    from codex.engine.effects.triggers import OTHER_IT
    from codex.engine.events import Note
    other, taken = ctx.lookup(OTHER_IT), ctx.lookup("it")
    if not other or not taken or not all(state.unit(str(o.key)) is not None for o in (*other, *taken) if o.kind == "unit"):
        return []
    first = " and ".join(name_of(state, o) for o in taken)
    second = " and ".join(name_of(state, o) for o in other)
    return [Note("ambiguity", f"“it” in {ctx.source_name}'s ability can be read two ways: {first}, what the trigger's "
                 f"words name after its verb (the reading this engine takes for every trigger), or {second}, the "
                 f"trigger's subject; English allows both and the card does not say which.",
                 {"card": ctx.source_name, "taken": [str(o.key) for o in taken], "other": [str(o.key) for o in other]},
                 rules=("triggered-ability",), from_card=ctx.quote)]


def _resolve_next(state: GameState) -> Resolved:
    item, rest = state.storyline[0], state.storyline[1:]
    state = replace(state, storyline=rest)
    eff = item.effect
    if isinstance(eff, Burial):
        return _bury(state, eff)
    if item.source is not None and not _source_in_realm(state, item.source):
        from codex.engine.effects.delayed import ignored_delayed_note
        return state, [EffectIgnored(eff.unit, eff.name, eff.ability.text, rules=("storyline.source-gone",)),
                       *ignored_delayed_note(getattr(eff, "ctx", None))]  # type: ignore[list-item]
    # what waits behind the ability keeps waiting while it resolves: its effects settle as they
    # happen, but the burial of a minion whose Deathrite this is (and any other waiting item) comes
    # after it (a dying Sir Lamorak's "Strike each nearby enemy" strikes every one of them)
    state, events = resolve_ability(replace(state, storyline=()), item)
    return replace(state, storyline=rest + state.storyline), events


#: The prefix of a storyline item's source that had left the realm as it triggered.
LEFT = "left:"


def _source_in_realm(state: GameState, source: str) -> bool:
    """A unit id, or ``kind:key`` for any card (`ongoing.in_realm`); a spell's delayed trigger has no
    card in the realm to leave it."""
    from codex.engine.ongoing import in_realm
    if source.startswith("spell:"):
        return True
    if source.startswith(LEFT):
        # a card's own trigger on leaving the realm ("When this is destroyed, you gain 2 life"): it had
        # left as it triggered, so it did not leave "before the event resolves" (Codex "Source is No
        # Longer in the Realm" is about a source that "was in the realm but then leaves")
        return True
    if source.startswith("zone:"):      # a card whose ability works from a zone: still in that zone
        _, owner, zone, name = source.split(":", 3)
        cards = state.player(owner).zone(zone).named if state.has_player(owner) else ()  # type: ignore[arg-type]
        return any(c.name == name for c in cards)
    if ":" in source:
        return in_realm(state, source)
    return state.unit(source) is not None


def _credit_kill(state: GameState, dead: Unit) -> GameState:
    """A minion that died counts once for each unit credited with killing it (Codex "Kill
    Credit"), for ever: "if they've ever killed a minion" reads it (`Unit.minions_killed`)."""
    if not dead.is_minion:
        return state
    for killer in dict.fromkeys(dead.killed_by):
        unit = state.unit(killer)
        if unit is not None:
            state = state.with_unit(replace(unit, minions_killed=unit.minions_killed + 1))
    return state


def _bury(state: GameState, burial: Burial) -> Resolved:
    """All the marked cards go to their owners' cemeteries at once."""
    events: list[Event] = []
    together = len(burial.units) > 1
    for uid in burial.units:
        unit = state.unit(uid)
        if unit is None:
            continue
        banishing = _banished_by_killer(state, unit) if state.statics and unit.killed_by else None
        state = _credit_kill(state.remove_unit(uid, "died", unit.killed_by, "banished" if banishing else None), unit)
        if banishing is not None:        # "Allied Beasts banish the minions they kill to ... gain +2 power"
            state, told = _banish_instead(state, unit, banishing)
            events += told
        rules = ["die.marked", "dead-minion"] + (["die.simultaneous"] if together else [])
        if unit.abilities.of_kind(AbilityKind.DEATHRITE):
            rules.append("deathrite")
        rules += ["token"] if unit.token else ["banished"] if banishing else ["cemetery", "dead-minion"]
        if unit.owner != unit.controller:
            rules.append("ownership")
        events.append(Died(uid, unit.name, unit.location, unit.marked or "marked for death", unit.owner,
                           unit.controller, unit.token, banished=banishing is not None and not unit.token,
                           rules=tuple(rules)))
    return state, events


def _banished_by_killer(state: GameState, unit: Unit) -> Any:
    from codex.engine.effects.statics import banished_by_killer
    return banished_by_killer(state, unit)


def _banish_instead(state: GameState, unit: Unit, found: Any) -> Resolved:
    """The dead minion is banished instead of going to the cemetery, and each killer the words
    name gains what they say, for good (a permanent lasting effect, not its printed power)."""
    from codex.engine.state import Lasting
    quote, killers, power = found
    names = ", ".join(k.name for k in killers)
    events: list[Event] = [Note("banished_instead", f"{unit.name} is banished instead of going to its owner's cemetery: "
                                f"{names} killed it ({quote.card}).", {"unit": unit.id, "killers": [k.id for k in killers]},
                                rules=("banished", "the-silver-rule"), from_card=quote)]
    for k in killers:
        effect = Lasting(f"banish-gain:{k.id}#{len(state.lasting)}", quote.card, k.controller, "permanent", (k.id,),
                         power=power, quote=quote)
        state = replace(state, lasting=state.lasting + (effect,))
        events.append(Note("power_gained", f"{k.name} gains {power:+d} power permanently ({quote.card}).",
                           {"unit": k.id, "power": power}, rules=("ongoing-effect",), from_card=quote))
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


#: How deep triggered abilities may set off others, each resolving within the one before (an
#: ability dealing damage that its own trigger hears again, "whenever an enemy takes damage, deal 1
#: damage to it"): deeper, the ruling is too complex rather than a crash.
MAX_NESTING = 40
_nesting: ContextVar[int] = ContextVar("arbiter_settle_nesting", default=0)


def settle(state: GameState, events: list[Event] | None = None) -> Resolved:
    """Bring the story back to rest after ``events``: at-rest checks, triggers, the storyline
    resolved in order, then death blows. Returns the state and the events this caused."""
    depth = _nesting.get()
    if depth >= MAX_NESTING:
        raise TooComplex("triggered abilities setting one another off without end", MAX_NESTING,
                         "triggers deep")
    token = _nesting.set(depth + 1)
    try:
        return _settle(state, events)
    finally:
        _nesting.reset(token)


def _settle(state: GameState, events: list[Event] | None) -> Resolved:
    out: list[Event] = []
    fresh = list(events or [])
    while True:
        spend(1, "resolving the storyline")
        state, stirred = stir_actors(state, fresh)
        out += stirred
        from codex.engine.effects.counters import entered_with_counters
        state, counted = entered_with_counters(state, fresh)     # "enters the realm with 6 counters"
        out += counted
        state, checked = _check(state, fresh)
        state, added = add_triggers(state, [e for e in fresh + checked if not e.offered])
        out += checked + added
        if not state.storyline:
            break
        state, fresh = _resolve_next(state)
        out += fresh
    state, ended = _death_blows(state)
    return state, offered(out) + ended
