"""Who may use an activated ability now: the shared checks before any tap."""
from __future__ import annotations

from codex.engine.ongoing import keywords_at
from codex.engine.reasons import Found, Reason
from codex.engine.state import GameState, Unit


def tap_reason(state: GameState, unit: Unit) -> Found:
    """Why the unit cannot tap to pay for an ability (disabled, tapped, summoning sick)."""
    kw = keywords_at(state, unit)
    if kw.disabled:
        return Reason.DISABLED, "range-of-motion.disabled"
    if unit.tapped:
        return Reason.TAPPED, "tap"
    if unit.is_minion and unit.summoned_this_turn and not kw.charge:
        return Reason.SUMMONING_SICKNESS, "summoning-sickness"
    return None


def activation_reason(state: GameState, unit: Unit) -> Found:
    """Why the unit's controller cannot activate a tap ability of it now."""
    if state.over:
        return Reason.GAME_OVER, "death-blow"
    if unit.controller != state.turn.active:
        return Reason.NOT_ACTIVE_PLAYER, "active-player"
    if state.turn.phase != "main":
        return Reason.NOT_MAIN_PHASE, "casting"
    return tap_reason(state, unit)
