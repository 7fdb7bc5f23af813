"""Who may use an activated ability now: the shared checks before any tap."""
from __future__ import annotations

from codex.engine.effects import keywords_at
from codex.engine.exceptions import IllegalAction
from codex.engine.reasons import Reason, explain
from codex.engine.state import GameState, Unit


def tap_reason(state: GameState, unit: Unit) -> tuple[Reason, str] | None:
    """Why the unit cannot tap to pay for an ability (tapped, summoning sick, disabled)."""
    kw = keywords_at(state, unit)
    if kw.disabled:
        return Reason.DISABLED, "range-of-motion.disabled"
    if unit.tapped:
        return Reason.TAPPED, "tap"
    if unit.is_minion and unit.summoned_this_turn and not kw.charge:
        return Reason.SUMMONING_SICKNESS, "summoning-sickness"
    return None


def activation_reason(state: GameState, unit: Unit) -> tuple[Reason, str] | None:
    """Why the unit's controller cannot activate a tap ability of it now."""
    if state.over:
        return Reason.GAME_OVER, "death-blow"
    if unit.controller != state.turn.active:
        return Reason.NOT_ACTIVE_PLAYER, "active-player"
    if state.turn.phase != "main":
        return Reason.NOT_MAIN_PHASE, "casting"
    return tap_reason(state, unit)


def require(found: tuple[Reason, str] | None, who: str, pointer: str = "") -> None:
    """Raise IllegalAction for a found reason."""
    if found:
        reason, rule = found
        raise IllegalAction(reason, f"{who}: {explain(reason)}", rule, pointer)
