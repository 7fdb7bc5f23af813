"""Effects that keep units from untapping: a static "Enemy minions can't untap", and a lasting
"It does not untap the next time it would".

Untapping happens in two places: the start phase (Codex "Untap": "All of your cards in the realm
untap during your Start phase") and effects that untap a unit (`effects.board._tap`). Both ask
`held_tapped` first. A static restriction holds while its card is in the realm; a "next time"
effect is used up by the first untap it stops (that unit only: the others it covers keep it).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from codex.engine.events import CardQuote, Event, Note
from codex.engine.state import GameState, Lasting, Unit

#: The state a lasting "doesn't untap the next time it would" puts its units in.
SKIPS_UNTAP = "skips its next untap"


def held_tapped(state: GameState, unit: Unit) -> tuple[GameState, Event | None]:
    """Whether ``unit`` stays tapped instead of untapping now, and the event saying why (quoting
    the card); a "next time" effect that stops it is used up for that unit."""
    from codex.engine.effects.context import Obj
    from codex.engine.effects.statics import forbids
    rule = forbids(state, "untap", Obj("unit", unit.id))
    if rule is not None:
        return state, Note("stays_tapped", f"{unit.name} can't untap: it stays tapped.", {"unit": unit.id},
                           rules=("the-silver-rule", "untap"), from_card=rule.quote)
    effect = next((e for e in state.lasting if SKIPS_UNTAP in e.states and unit.id in e.units), None)
    if effect is None:
        return state, None
    state = _used_up(state, effect, unit.id)
    return state, Note("stays_tapped", f"{unit.name} doesn't untap this time ({effect.name}); the effect is used up.",
                       {"unit": unit.id}, rules=("the-silver-rule", "untap"),
                       from_card=effect.quote if isinstance(effect.quote, CardQuote) else None)


def _used_up(state: GameState, effect: Lasting, unit_id: str) -> GameState:
    left = tuple(u for u in effect.units if u != unit_id)
    others = tuple(e for e in state.lasting if e.id != effect.id)
    return state.evolve(lasting=others + ((replace(effect, units=left),) if left else ()))


def skips_next_untap(clause: Any) -> bool:
    """"It does not untap the next time it would": a negated untap whose only condition is
    "the next time it would"."""
    from codex.cardtext import ast as A
    if not (isinstance(clause, A.Clause) and clause.negated and clause.modal is None
            and isinstance(clause.action, A.Tap) and clause.action.untap and clause.action.patient is not None
            and not clause.adverbs and not clause.adjuncts and clause.duration is None and len(clause.conditions) == 1):
        return False
    cond = clause.conditions[0]
    inner = getattr(cond, "clause", None)
    return isinstance(cond, A.Condition) and cond.kind == "next_time" and isinstance(inner, A.Clause) \
        and inner.modal == "would" and isinstance(inner.action, A.DoSo)


def skip_next_untap(run: Any, clause: Any) -> list[Any]:
    """The units named skip their next untap: a lasting effect used up unit by unit (`held_tapped`)."""
    from codex.engine.effects.board import patients_or_self
    from codex.engine.effects.select import name_of
    from codex.engine.events import EffectBegan
    objs = [o for o in patients_or_self(run, clause.action.patient) if o.kind == "unit"]
    units = tuple(str(o.key) for o in objs)
    if not units:
        return objs
    effect = Lasting(f"{run.ctx.key}#{len(run.state.lasting)}", run.ctx.source_name, run.ctx.controller, "event",
                     units, states=frozenset({SKIPS_UNTAP}), ends_on="untap", quote=run.ctx.quote,
                     told="no untap")
    run.state = run.state.evolve(lasting=run.state.lasting + (effect,))
    run.emit(EffectBegan(run.ctx.source_name, "the next time it would untap", tuple(name_of(run.state, o) for o in objs),
                         effect.describe(), rules=("ongoing-effect",)))
    return objs


__all__ = ["SKIPS_UNTAP", "held_tapped", "skip_next_untap", "skips_next_untap"]
