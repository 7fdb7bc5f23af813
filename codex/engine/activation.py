"""Who may use an activated ability now: the shared checks before any tap."""
from __future__ import annotations

from codex.engine.ongoing import disabled_by, keywords_at
from codex.engine.reasons import Found, Reason
from codex.engine.state import GameState, Unit


def disabled_reason(state: GameState, unit: Unit) -> Found:
    """A disabled minion has no abilities, basic ones included; the rule found is whatever
    disabled it (an effect, Waterbound off water, Landbound off land)."""
    cause = disabled_by(state, unit)
    return (Reason.DISABLED, cause) if cause else None


def tap_reason(state: GameState, unit: Unit) -> Found:
    """Why the unit cannot tap to pay for an ability (disabled, tapped, summoning sick)."""
    found = disabled_reason(state, unit)
    if found:
        return found
    if unit.tapped:
        return Reason.TAPPED, "tap"
    if unit.is_minion and unit.summoned_this_turn and not keywords_at(state, unit).charge:
        return Reason.SUMMONING_SICKNESS, "summoning-sickness"
    return None


def tap_rules(state: GameState, unit: Unit) -> tuple[str, ...]:
    """Rules that decided a tap was allowed, when a keyword decided it: a minion that entered the
    realm this turn may tap only because it has Charge."""
    if unit.is_minion and unit.summoned_this_turn and keywords_at(state, unit).charge:
        return ("charge", "summoning-sickness")
    return ()


def activation_reason(state: GameState, unit: Unit) -> Found:
    """Why the unit's controller cannot activate a tap ability of it now."""
    if state.over:
        return Reason.GAME_OVER, "death-blow"
    if unit.controller != state.turn.active:
        return Reason.NOT_ACTIVE_PLAYER, "active-player"
    if state.turn.phase != "main":
        return Reason.NOT_MAIN_PHASE, "casting"
    return tap_reason(state, unit)
