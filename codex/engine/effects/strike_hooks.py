"""A strike's own damage changed by a trigger on that strike: the next time some unit strikes, "it
deals double damage".

Words that trigger on a strike and change the damage the striker deals cannot wait for the
storyline: by then the damage is dealt. The Codex treats them as replacement effects applied as
the damage is ("first apply any replacement effects (e.g. Lance, Critical Strike) and then apply
the Turtle's prevention effect last"), so the engine reads such an ability as a damage
modification of the strike it names (Codex "Damage": modification, then prevention): when a
unit's strike is about to damage a unit, every such ability whose trigger the strike would fire
changes that damage (`strike_changes`, asked by `combat.deal_damage`), and once the strike has
happened its trigger is spent like any "next time" trigger (`spend`), never put on the storyline.
Every unit the strike damages gets the change; simultaneous strikes (two allies striking in the
same step of a fight) are each "the next time", so each gets it.

An ability of this shape: a trigger on Strike; one sentence of one clause, ModifyDamage, its
dealer the striker ("it") or unnamed, with no object, source or kind of its own.
"""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.abilities import Ability
from codex.engine.effects.context import Ctx
from codex.engine.events import CardQuote, Event, ProjectileStruck, Struck
from codex.engine.state import GameState, Unit

#: How the damage changes: double it, or N more or less.
CHANGES = ("double", "more", "less")


def strike_hook(node: Any) -> A.ModifyDamage | None:
    """The damage change of a triggered ability of that shape, else None."""
    trigger = getattr(node, "trigger", None)
    body: tuple[Any, ...] = tuple(getattr(node, "body", ()))
    event = getattr(trigger, "event", None)
    if not (isinstance(event, A.Clause) and isinstance(event.action, A.Strike)) or len(body) != 1 \
            or not isinstance(body[0], A.Sentence):
        return None
    sentence = body[0]
    if len(sentence.clauses) != 1 or sentence.conditions or sentence.duration is not None or sentence.per is not None:
        return None
    clause = sentence.clauses[0]
    act = clause.action
    if not isinstance(act, A.ModifyDamage) or act.patient is not None or act.source is not None or act.kind is not None:
        return None
    if not (act.agent is None or isinstance(act.agent, A.Ref) and act.agent.word in ("it", "they", "he", "she")):
        return None
    if clause.conditions or clause.per is not None or clause.duration is not None or clause.modal is not None \
            or clause.negated or clause.adverbs or clause.adjuncts:
        return None
    return act


def changes_its_strike(node: Any) -> bool:
    """A trigger on a strike whose words change that very strike but are not of the one shape read
    above: "the next time bearer strikes, it strikes first and deals 1 extra damage". On the
    storyline they would come after the strike they mean to change (its order or its damage), so
    the engine names them as not executed rather than apply them too late (found by blind ruling
    round 4). What changes it: the striker striking (first) or dealing damage with no object."""
    trigger = getattr(node, "trigger", None)
    event = getattr(trigger, "event", None)
    if not (isinstance(event, A.Clause) and isinstance(event.action, A.Strike)) or strike_hook(node) is not None:
        return False
    for n in A.walk(tuple(getattr(node, "body", ()))):
        if not isinstance(n, A.Clause):
            continue
        act = n.action
        by_striker = getattr(act, "agent", None) is None or isinstance(act.agent, A.Ref) \
            and act.agent.word in ("it", "they", "he", "she")
        if isinstance(act, A.Strike) and by_striker:
            return True
        if isinstance(act, (A.Damage, A.ModifyDamage)) and by_striker and getattr(act, "patient", None) is None:
            return True
    return False


def hook_problems(act: A.ModifyDamage) -> list[str]:
    """What of the damage change the engine cannot apply (empty: nothing)."""
    if act.change not in CHANGES:
        return [f"changing a strike's damage by '{act.change}'"]
    if act.change != "double" and not isinstance(act.amount, int):
        return ["changing a strike's damage by an amount the engine does not read"]
    return []


def _candidates(state: GameState) -> bool:
    """Whether any ability of that shape listens now (a cheap look before matching events)."""
    from codex.engine.effects.triggers import realm_listeners
    if any(strike_hook(d.ability.node) is not None for d in state.delayed):
        return True
    return any(strike_hook(item[3].node) is not None for item in realm_listeners(state))


def _hooks(state: GameState, event: Event) -> Iterator[tuple[Ctx, Ability, A.ModifyDamage]]:
    from codex.engine.effects.triggers import fired
    for ctx, ability in fired(state, event, hooks=True):
        act = strike_hook(ability.node)
        if act is not None and not hook_problems(act):
            yield ctx, ability, act


def strike_changes(state: GameState, striker: Unit, target: Unit) -> list[tuple[str, str, int, CardQuote, str]]:
    """The changes to the damage ``striker``'s strike is about to deal ``target``: (card name,
    ``double``/``more``/``less``, amount, its sentence, its controller), the active player's first."""
    if not _candidates(state):
        return []
    event = Struck(striker.id, striker.name, 0, {target.id: 0}, {target.id: target.name})
    found = [(ctx, act) for ctx, _, act in _hooks(state, event)]
    active = state.turn.active
    found = [f for f in found if f[0].controller == active] + [f for f in found if f[0].controller != active]
    return [(ctx.source_name, str(act.change), int(act.amount) if isinstance(act.amount, int) else 0, ctx.quote,
             ctx.controller) for ctx, act in found]


def spend(state: GameState, events: list[Event]) -> GameState:
    """The strikes happened: the abilities that changed their damage are spent as their trigger
    says ("the next time": once; a spell's: gone)."""
    strikes = [e for e in events if isinstance(e, (Struck, ProjectileStruck))]
    if not strikes or not _candidates(state):
        return state
    from dataclasses import replace
    from codex.engine.effects.triggers import once_key
    keys = set(state.used_abilities)
    gone = []
    for event in strikes:
        for ctx, ability, _ in _hooks(state, event):
            key = once_key(ctx, ability.node.trigger)
            if key is not None:
                from codex.engine.use_limits import with_use
                keys = set(with_use(keys, key))
            gone += [d for d in state.delayed if d.ability == ability and d.ctx.key == ctx.key and d.lasts != "turn_each"]
    return replace(state, used_abilities=frozenset(keys), delayed=tuple(d for d in state.delayed if d not in gone))


__all__ = ["strike_hook", "hook_problems", "strike_changes", "spend"]
