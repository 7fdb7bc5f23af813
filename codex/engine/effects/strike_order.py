"""When a unit strikes in a fight, beyond the Codex's first strike: "This minion strikes before
minions without Airborne" and "This minion strikes last" (exec29, blind ruling round 28).

The Codex has one first-strike window (entry "Fight": "First strikes resolve (e.g. Lance, ...)
... Normal strikes happen."; entry "Lance": "There's only one 'first strike' window in a fight").
*Before X* is read as first strike in a fight where every unit it would strike fits X (a fight
with one that does not is struck normally: the words give no order against it). The Codex says
nothing of striking *last*; it is read as a window after the normal strikes (and the deaths they
cause), so a unit that strikes last and is killed by the normal strikes never strikes, and the
ruling says the Codex is silent on it (`combat.fight`).
"""
from __future__ import annotations

from typing import Any

from codex.engine.effects.context import Obj
from codex.engine.events import CardQuote
from codex.engine.state import GameState, Unit


def strikes_last(state: GameState, unit: Unit) -> CardQuote | None:
    """The words making ``unit`` strike last ("This minion strikes last"), or None."""
    if not state.statics:
        return None
    from codex.engine.effects.statics import effect_on
    return effect_on(state, unit, "strike_last")


def strikes_before(state: GameState, unit: Unit, enemies: list[Unit]) -> CardQuote | None:
    """The words making ``unit`` strike first against ``enemies`` ("strikes before minions without
    Airborne": every one of them fits the words), or None."""
    if not state.statics or not enemies:
        return None
    from codex.engine.effects import statics as S
    from codex.engine.effects.select import NotExecutable, select_all
    silenced = S._silenced_sources(state)
    for s in state.statics:
        if s.kind != "strike_before" or not S._active(state, s, silenced) \
                or Obj("unit", unit.id) not in S.affected(state, s):
            continue
        token = S._evaluating.set(True)
        try:
            named: set[Any] = set(select_all(state, s.ctx, s.payload))
        except NotExecutable:
            named = set()
        finally:
            S._evaluating.reset(token)
        if all(Obj("unit", e.id) in named for e in enemies):
            return s.quote
    return None


__all__ = ["strikes_before", "strikes_last"]
