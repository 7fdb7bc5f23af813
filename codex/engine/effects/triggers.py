"""Triggered abilities: which events of the game they listen for, and whether one just fired.

A card's trigger ("Whenever a non-Airborne minion enters this site", "At the end of your turn",
"When X dies", "Whenever an ally attacks") is matched against the engine's events (`Entering`,
`TurnEnded`, `Marked`, `Attacked`...). The trigger's clause names its subject and object with the
same selectors as any effect (`select.py`); the event's unit must be among them. Every card in the
realm listens (units, sites, auras, artifacts), unless it has lost its abilities (disabled,
silenced).
"""
from __future__ import annotations

from typing import Any, Callable, Iterator

from codex.cardtext import ast as A
from codex.engine.abilities import Ability, AbilityKind
from codex.engine.effects.context import Ctx, Obj
from codex.engine.effects.select import NotExecutable, locations_of, select_all
from codex.engine.events import (Attacked, Damaged, Defended, Entering, Event, Intercepted, Marked, SitePlayed,
                                 SpellCast, Struck, Summoned, TurnEnded, TurnStarted)
from codex.engine.geometry import Region
from codex.engine.state import GameState, Site

#: Trigger clause primitive → the engine events it listens for.
_EVENTS: dict[type, tuple[type, ...]] = {
    A.Enter: (Entering,), A.Die: (Marked,), A.Attack: (Attacked,), A.Strike: (Struck,),
    A.Damage: (Damaged,), A.Cast: (SpellCast,), A.Summon: (Summoned,), A.Play: (SitePlayed,),
    A.Defend: (Defended,), A.Intercept: (Intercepted,),
}
_PHASES = {"start": TurnStarted, "end": TurnEnded}


def trigger_problems(trigger: A.Trigger) -> list[str]:
    """What keeps the engine from knowing when this trigger fires (empty: it knows)."""
    from codex.engine.effects.check import sel_problems
    if trigger.kind == "at":
        if trigger.phase not in _PHASES:
            return [f"a trigger at '{trigger.phase}'"]
        if trigger.turn is not None and trigger.turn.whose not in (None, "your", "each", "each_player", "their",
                                                                    "opponent", "enemy"):
            return [f"a trigger in {trigger.turn.whose}'s turn"]
        return []
    if trigger.kind not in ("when", "whenever"):
        return [f"a '{trigger.kind}' trigger"]
    event = trigger.event
    if not isinstance(event, A.Clause):
        return ["a trigger on several events"]
    if event.modal is not None or event.negated or event.conditions or event.adjuncts:
        return ["a trigger with a modal, a condition or an adjunct"]
    act = event.action
    if type(act) not in _EVENTS:
        return [f"a trigger on {type(act).__name__}"]
    problems = []
    for role in ("agent", "patient", "dest"):
        value = getattr(act, role, None)
        if value is not None:
            problems += list(sel_problems(value))
    if isinstance(act, A.Damage) and act.agent is not None:
        problems.append("a trigger on who deals damage")
    return problems


def _turn_matches(trigger: A.Trigger, ctx: Ctx, player: str) -> bool:
    whose = trigger.turn.whose if trigger.turn is not None else None
    if whose in (None, "each", "each_player"):
        return True
    if whose == "your":
        return player == ctx.controller
    return player != ctx.controller


def _in(state: GameState, ctx: Ctx, node: Any, obj: Obj | None) -> bool:
    """The event's object is among what the trigger's words name (no words: anything)."""
    if node is None:
        return True
    if obj is None:
        return False
    return obj in select_all(state, ctx, node)


def _subject(event: Event) -> Obj | None:
    unit = getattr(event, "unit", None) or getattr(event, "caster", None)
    return Obj("unit", unit) if isinstance(unit, str) else None


def _place(event: Event) -> Obj | None:
    """Where the event happened, for "there" in the triggered ability (the location entered)."""
    if isinstance(event, Entering):
        return Obj("location", event.entry().to)
    loc = getattr(event, "location", None)
    from codex.engine.geometry import Location
    return Obj("location", loc) if isinstance(loc, Location) else None


def fires(state: GameState, ctx: Ctx, trigger: A.Trigger, event: Event) -> bool:
    """Whether ``event`` fires ``trigger`` of the ability in ``ctx``."""
    if trigger.kind == "at":
        wanted = _PHASES.get(trigger.phase or "")
        player = getattr(event, "player", None)
        return wanted is not None and isinstance(event, wanted) and isinstance(player, str) \
            and _turn_matches(trigger, ctx, player)
    clause = trigger.event
    if not isinstance(clause, A.Clause) or not isinstance(event, _EVENTS.get(type(clause.action), ())):
        return False
    act = clause.action
    subject = _subject(event)
    if isinstance(event, Entering):
        entry = event.entry()
        if not _in(state, ctx, act.patient, Obj("unit", entry.unit)):
            return False
        if act.dest is None:
            return True
        places = select_all(state, ctx, act.dest)
        squares = {o.key for o in places if o.kind == "site"}
        locs = {loc for o in places for loc in locations_of(state, o)}
        if squares:   # entering a site: summoned there or moved there from another site (Codex "Enter")
            from codex.engine.storyline import entered_sites
            unit = state.unit(entry.unit)
            entered = entered_sites(state, unit, entry) if unit is not None else []
            return any(loc.square in squares and loc.region is not Region.VOID for loc in entered)
        return entry.to in locs
    if isinstance(event, Attacked):
        target = event.target.get("unit") if isinstance(event.target, dict) else None
        site = event.target.get("site") if isinstance(event.target, dict) else None
        victim = Obj("unit", target) if target else (Obj("site", site) if site else None)
        return _in(state, ctx, act.agent, subject) and _in(state, ctx, getattr(act, "patient", None), victim)
    if isinstance(event, Struck):
        if not _in(state, ctx, act.agent, subject):
            return False
        patient = getattr(act, "patient", None)
        return patient is None or any(_in(state, ctx, patient, Obj("unit", t)) for t in event.split)
    if isinstance(event, (Marked, Damaged, Summoned)):
        return _in(state, ctx, getattr(act, "patient", None), subject)
    if isinstance(event, SpellCast):
        return _in(state, ctx, getattr(act, "agent", None), subject)
    if isinstance(event, SitePlayed):
        return _in(state, ctx, getattr(act, "patient", None), Obj("site", event.square))
    if isinstance(event, (Defended, Intercepted)):
        return _in(state, ctx, getattr(act, "agent", None), subject)
    return False


Listener = tuple[Obj, str, str, Ability, str]


def listeners(state: GameState) -> Iterator[Listener]:
    """(card, its name, its controller, the ability, its choice key) of every triggered ability in
    the realm whose card still has its abilities."""
    from codex.engine.ongoing import disabled_by, silenced_at
    for u in state.units:
        abilities = u.abilities.of_kind(AbilityKind.TRIGGERED)
        if abilities and disabled_by(state, u) is None and not silenced_at(state, u, u.location):
            for i, ab in enumerate(u.abilities.abilities):
                if ab.kind is AbilityKind.TRIGGERED:
                    yield Obj("unit", u.id), u.name, u.controller, ab, f"{u.id}.{i}"
    for s in state.sites:
        for i, ab in enumerate(s.abilities.abilities):
            if ab.kind is AbilityKind.TRIGGERED:
                yield Obj("site", s.square), s.name, s.controller or state.turn.active, ab, f"site{s.square}.{i}"
    for a in state.auras:
        for i, ab in enumerate(a.abilities.abilities):
            if ab.kind is AbilityKind.TRIGGERED:
                yield Obj("aura", a.id), a.name, a.controller or state.turn.active, ab, f"{a.id}.{i}"
    for art in state.artifacts:
        for i, ab in enumerate(art.abilities.abilities):
            if ab.kind is AbilityKind.TRIGGERED:
                bearer = state.unit(art.bearer) if art.bearer else None
                owner = bearer.controller if bearer else art.controller or art.owner
                yield Obj("artifact", art.id), art.name, owner, ab, f"{art.id}.{i}"


def enters_trigger(state: GameState, site: Site) -> str | None:
    """The words of a site's triggered ability that listens for units entering it, if it has one."""
    for ability in site.abilities.of_kind(AbilityKind.TRIGGERED):
        event = getattr(getattr(ability.node, "trigger", None), "event", None)
        if isinstance(event, A.Clause) and isinstance(event.action, A.Enter):
            return ability.text
    return None


def fired(state: GameState, event: Event) -> list[tuple[Ctx, Ability]]:
    """Every triggered ability in the realm that ``event`` fires (a trigger the engine cannot read
    never fires: such an ability is named as not applied when the ruling starts)."""
    out = []
    for obj, name, controller, ability, key in listeners(state):
        trigger = getattr(ability.node, "trigger", None)
        if trigger is None or trigger_problems(trigger):
            continue
        ctx = Ctx(obj, name, controller, ability, key, event=event)
        try:
            if fires(state, ctx, trigger, event):
                if (s := _subject(event)) is not None:
                    ctx = ctx.bind("it", [s])
                if (where := _place(event)) is not None:
                    ctx = ctx.bind("there", [where])
                out.append((ctx, ability))
        except NotExecutable:
            continue
    return out


__all__ = ["fired", "fires", "listeners", "trigger_problems", "Callable"]
