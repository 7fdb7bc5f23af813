"""The primitive changes of the field, as pure functions: each returns the new state and the events
that tell it (`Resolved`). Legality is checked before they are called; what triggers after them
(Recycling) is queued by the `Resolution` that applies them.
"""
from __future__ import annotations

from dataclasses import replace

from codex.engine.budget import spend
from codex.engine.contracts.events import (Damaged, Faded, HealthGained, HealthLost, LeftField, MagnetizedGained,
                                           Placed, Buffed)
from codex.engine.contracts.model import Buff, Creature, Left, Orb, Permanent, Rune, State
from codex.engine.contracts.ongoing import creature_view, gives, player_view
from codex.engine.contracts.resolution import Resolved
from codex.engine.events import Event

#: The rules a Creature's destruction at 0 health cites.
DESTROYED_AT_ZERO = ("creature.destroyed", "discard")


def damage_creature(state: State, cid: str, amount: int, source: str, rules: tuple[str, ...]) -> Resolved:
    c = state.creature(cid)
    assert c is not None
    state = state.with_creature(replace(c, damage=c.damage + amount))
    after = state.creature(cid)
    assert after is not None
    return state, [Damaged(cid, c.name, source, amount, creature_view(state, after).health, rules=rules)]


def damage_player(state: State, pid: str, amount: int, source: str, rules: tuple[str, ...]) -> Resolved:
    p = state.player(pid)
    state = state.with_player(replace(p, health=p.health - amount))
    return state, [Damaged(pid, pid, source, amount, player_view(state, state.player(pid)).health, player=True,
                           rules=rules)]


def lose_health(state: State, pid: str, amount: int, why: str, rules: tuple[str, ...]) -> Resolved:
    p = state.player(pid)
    state = state.with_player(replace(p, health=p.health - amount))
    return state, [HealthLost(pid, amount, player_view(state, state.player(pid)).health, why, rules=rules)]


def heal(state: State, target: str, amount: int, rules: tuple[str, ...]) -> Resolved:
    """Health gained back: a Creature's damage goes down (never below none), a player's health up."""
    c = state.creature(target)
    if c is not None:
        state = state.with_creature(replace(c, damage=max(0, c.damage - amount)))
        now = state.creature(target)
        assert now is not None
        return state, [HealthGained(target, c.name, min(amount, c.damage), creature_view(state, now).health,
                                    rules=rules)]
    p = state.player(target)
    state = state.with_player(replace(p, health=p.health + amount))
    return state, [HealthGained(target, target, amount, player_view(state, state.player(target)).health, rules=rules)]


def leave_field(state: State, card_id: str, why: str, rules: tuple[str, ...]) -> Resolved:
    """A Creature, Rune or Orb leaves the field for its owner's discard pile (a token is removed)."""
    card: Permanent | None = state.creature(card_id) or state.orb(card_id) or state.rune(card_id)
    if card is None:
        return state, []
    owner = state.player(card.owner)
    token = isinstance(card, Creature) and card.token
    if isinstance(card, Creature):
        owner = replace(owner, line=tuple(c for c in owner.line if c.id != card_id))
        kind = "creature"
    elif isinstance(card, Orb):
        owner = replace(owner, orb=None)
        kind = "orb"
    else:
        owner = replace(owner, rune=None)
        kind = "rune"
    if not token:
        owner = replace(owner, discard=owner.discard.add(card.as_contract()))
    gone = Left(card.id, card.name, card.owner, kind, why, "removed" if token else "discard", card.text,
                isinstance(card, Creature) and card.faded)
    state = replace(state.with_player(owner), left=state.left + (gone,))
    rules_ = rules + (("material.tokens",) if token else ())
    return state, [LeftField(card.id, card.name, card.owner, why, token, rules=rules_)]


def at_rest(state: State) -> Resolved:
    """Every Creature whose health is 0 or lower is destroyed, together; repeated while a departure
    takes a "give" away from others (their health may drop in turn)."""
    events: list[Event] = []
    while True:
        all_gives = gives(state)
        dead = []
        for c in state.creatures():
            spend(1, "creatures checked at rest")
            view = creature_view(state, c, all_gives)
            if view.health <= 0:
                dead.append((c, view.health))
        if not dead:
            return state, events
        for c, health in dead:
            state, evs = leave_field(state, c.id, f"is destroyed: its health is {health}", DESTROYED_AT_ZERO)
            events += evs


def place_creature(state: State, creature: Creature, position: int, rules: tuple[str, ...]) -> Resolved:
    p = state.player(creature.owner)
    line = p.line[:position] + (creature,) + p.line[position:]
    state = state.with_player(replace(p, line=line))
    left = line[position - 1].name if position > 0 else ""
    right = line[position + 1].name if position + 1 < len(line) else ""
    return state, [Placed(p.id, creature.id, creature.name, position, left, right, rules=rules + ("creature",))]


def put_permanent(state: State, card: Rune | Orb, rules: tuple[str, ...]) -> Resolved:
    """A new Rune or Orb takes the field; the previous one goes to the discard pile."""
    p = state.player(card.owner)
    old: Rune | Orb | None = p.rune if isinstance(card, Rune) else p.orb
    events: list[Event] = []
    if old is not None:
        kind = "Rune" if isinstance(card, Rune) else "Orb"
        state, events = leave_field(state, old.id, f"is replaced by the new {kind} {card.name}", rules)
        p = state.player(card.owner)
    p = replace(p, rune=card) if isinstance(card, Rune) else replace(p, orb=card)
    return state.with_player(p), events


def apply_buff(state: State, target: str, buff: Buff, rules: tuple[str, ...]) -> Resolved:
    """An effect applied to a Creature or player (Magnetized as a keyword sets the mark)."""
    magnetized = "magnetized" in buff.keywords
    buff = replace(buff, keywords=tuple(k for k in buff.keywords if k != "magnetized"))
    events: list[Event] = []
    c = state.creature(target)
    name = c.name if c is not None else target
    if buff.attack or buff.health or buff.keywords or buff.attack_value:
        if c is not None:
            state = state.with_creature(replace(c, buffs=c.buffs + (buff,)))
        else:
            p = state.player(target)
            state = state.with_player(replace(p, buffs=p.buffs + (buff,)))
        events.append(Buffed(target, name, buff.text(), buff.source, rules=rules))
    if magnetized:
        c = state.creature(target)
        if c is not None:
            state = state.with_creature(replace(c, magnetized=True))
        else:
            state = state.with_player(replace(state.player(target), magnetized=True))
        events.append(MagnetizedGained(target, name, f"from {buff.source}", rules=rules + ("magnetized",)))
    return state, events


def fade(state: State, target: str, rules: tuple[str, ...]) -> Resolved:
    """Fade: the effects applied to it are removed (buffs, Magnetized); a Creature also loses the
    effects of its own text. What other cards on the field give it stays."""
    c = state.creature(target)
    removed: list[str] = []
    if c is not None:
        removed += [f"{b.text()} from {b.source}" for b in c.buffs]
        if c.magnetized:
            removed.append("Magnetized")
        if not c.faded and not c.abilities.empty:
            removed.append(f"the effects of its text (\u201c{c.abilities.text}\u201d)")
        giving = any(g.source == c.id for g in gives(state))
        state = state.with_creature(replace(c, buffs=(), magnetized=False, faded=True))
        now = state.creature(target)
        assert now is not None
        given = creature_view(state, now).given
        kept = [f"\u201c{g.sentence}\u201d of {g.source_name}" for g in given]
        extra = ("fade.text",) + (("adv.fade-give",) if kept else ()) + (("adv.fade-give.giver",) if giving else ())
        return state, [Faded(target, c.name, tuple(removed), tuple(kept), rules=rules + extra)]
    p = state.player(target)
    removed += [f"{b.text()} from {b.source}" for b in p.buffs]
    if p.magnetized:
        removed.append("Magnetized")
    state = state.with_player(replace(p, buffs=(), magnetized=False))
    given = player_view(state, state.player(target)).given
    kept = [f"\u201c{g.sentence}\u201d of {g.source_name}" for g in given]
    return state, [Faded(target, target, tuple(removed), tuple(kept),
                         rules=rules + (("adv.fade-give",) if kept else ()))]
