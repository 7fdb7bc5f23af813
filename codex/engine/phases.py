"""Start and end phases."""
from __future__ import annotations

from dataclasses import replace

from codex.engine.ruling import Log
from codex.engine.state import GameState, Turn


def start_phase(state: GameState, log: Log) -> GameState:
    """Untap the active player's cards, then their sites provide mana."""
    pid = state.turn.active
    untapped = [u.name for u in state.units if u.controller == pid and u.tapped]
    state = state.with_units(replace(u, tapped=False) if u.controller == pid else u for u in state.units)
    log.add("untap", f"{pid}'s cards untap" + (f" ({', '.join(untapped)})." if untapped else "."),
            ["start-phase", "untap"], player=pid, untapped=untapped)
    mana = sum(1 for s in state.sites if s.controller == pid and not s.rubble)
    rubble_note = any(s.rubble for s in state.sites)
    state = state.with_player(replace(state.player(pid), mana=mana))
    log.add("mana", f"{pid}'s {mana} site(s) provide {mana} mana.",
            ["start-phase", "mana"] + (["rubble"] if rubble_note else []), player=pid, mana=mana)
    return state.evolve(turn=replace(state.turn, phase="main"))


def end_phase(state: GameState, log: Log) -> GameState:
    """Damage leaves all minions, unspent mana is lost, summoning sickness ends; the turn passes."""
    healed = [u.name for u in state.units if u.is_minion and u.damage]
    state = state.with_units(replace(u, damage=0, summoned_this_turn=False) if u.is_minion else u
                             for u in state.units)
    log.add("heal", "All damage is removed from minions" + (f" ({', '.join(healed)})." if healed else "."),
            ["end-phase", "damage.end-phase"], healed=healed)
    if any(u.is_avatar for u in state.units):
        log.add("note", "Avatars do not heal in the end phase.", ["end-phase.avatars"])
    pid = state.turn.active
    lost = state.player(pid).mana
    state = state.with_player(replace(state.player(pid), mana=0))
    log.add("mana_lost", f"{pid}'s {lost} unspent mana is lost.", ["mana.lost"], player=pid, mana=lost)
    nxt = state.opponent(pid)
    state = state.evolve(turn=Turn(active=nxt, number=state.turn.number + 1, phase="start"))
    log.add("turn", f"The turn passes to {nxt} (turn {state.turn.number}).", ["active-player"], active=nxt)
    return state
