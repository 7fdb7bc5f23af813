"""Start and end phases."""
from __future__ import annotations

from dataclasses import replace

from codex.engine.events import (DamageRemoved, Event, ManaGained, ManaLost, Note, TurnEnded, TurnPassed,
                                 TurnStarted, Untapped)
from codex.engine.state import GameState, Turn
from codex.engine.storyline import Resolved, settle
from codex.engine.entering import ground_notes
from codex.engine.terrain import end_floods


def start_phase(state: GameState) -> Resolved:
    """Untap the active player's cards, then their sites provide mana."""
    pid = state.turn.active
    untapped = tuple(u.name for u in state.units if u.controller == pid and u.tapped)
    state = state.with_units(replace(u, tapped=False) if u.controller == pid else u for u in state.units)
    events: list[Event] = [TurnStarted(pid, state.turn.number),
                           Untapped(pid, untapped, rules=("start-phase", "untap"))]
    mana = sum(1 for s in state.sites if s.controller == pid and not s.rubble)
    rubble = any(s.rubble for s in state.sites)
    state = state.with_player(replace(state.player(pid), mana=mana))
    events.append(ManaGained(pid, mana, mana, f"{pid}'s {mana} site(s) provide {mana} mana",
                             rules=("start-phase", "mana") + (("rubble",) if rubble else ())))
    return state.evolve(turn=replace(state.turn, phase="main")), events


def end_phase(state: GameState) -> Resolved:
    """Damage leaves all minions, unspent mana is lost, summoning sickness ends; the turn passes."""
    pid = state.turn.active
    healed = tuple(u.name for u in state.units if u.is_minion and u.damage)
    state = state.with_units(replace(u, damage=0, summoned_this_turn=False, interacted=False, used=frozenset())
                             if u.is_minion else replace(u, interacted=False, used=frozenset())
                             for u in state.units)
    events: list[Event] = [TurnEnded(pid, state.turn.number),
                           DamageRemoved(healed, rules=("end-phase", "damage.end-phase"))]
    if any(u.is_avatar for u in state.units):
        events.append(Note("note", "Avatars do not heal in the end phase.", rules=("end-phase.avatars",)))
    before = state
    state, ended = end_floods(state)
    ended += ground_notes(before, state)
    if ended:   # a site that is land again: whoever is under it is now underground (terrain.reground)
        state, rest = settle(state, ended)
        events += ended + rest
    lost = state.player(pid).mana
    state = state.with_player(replace(state.player(pid), mana=0))
    events.append(ManaLost(pid, lost, rules=("mana.lost",)))
    nxt = state.opponent(pid)
    state = state.evolve(turn=Turn(active=nxt, number=state.turn.number + 1, phase="start"))
    events.append(TurnPassed(nxt, state.turn.number, rules=("active-player",)))
    return state, events
