"""Effects that keep units from untapping: a static "Enemy minions can't untap", a lasting
"It does not untap the next time it would", and a lasting "It can't untap until your next turn" /
"... for as long as this minion remains in the realm" (for its duration, `effects.durations`).

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
#: The state a lasting "can't untap" (for a duration) puts its units in.
CANT_UNTAP = "can't untap"


def held_tapped(state: GameState, unit: Unit) -> tuple[GameState, Event | None]:
    """Whether ``unit`` stays tapped instead of untapping now, and the event saying why (quoting
    the card); a "next time" effect that stops it is used up for that unit."""
    from codex.engine.effects.context import Obj
    from codex.engine.effects.statics import forbids
    rule = forbids(state, "untap", Obj("unit", unit.id))
    if rule is not None:
        return state, Note("stays_tapped", f"{unit.name} can't untap: it stays tapped.", {"unit": unit.id},
                           rules=("the-silver-rule", "untap"), from_card=rule.quote)
    from codex.engine.ongoing import lasting_on
    held = next((e for e in lasting_on(state, unit) if CANT_UNTAP in e.states), None)
    if held is not None:
        return state, Note("stays_tapped", f"{unit.name} can't untap ({held.name}): it stays tapped.",
                           {"unit": unit.id}, rules=("ongoing-effect", "untap"),
                           from_card=held.quote if isinstance(held.quote, CardQuote) else None)
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
    "the next time it would"; and "It doesn't untap during its controller's next start phase" (or
    "your next start phase"), the untap that phase would bring (Codex "Untap": "All of your cards in
    the realm untap during your Start phase"), read as the same one-time skip."""
    from codex.cardtext import ast as A
    if next_start_phase(clause):
        return True
    if not (isinstance(clause, A.Clause) and clause.negated and clause.modal is None
            and isinstance(clause.action, A.Tap) and clause.action.untap and clause.action.patient is not None
            and not clause.adverbs and not clause.adjuncts and clause.duration is None and len(clause.conditions) == 1):
        return False
    cond = clause.conditions[0]
    inner = getattr(cond, "clause", None)
    return isinstance(cond, A.Condition) and cond.kind == "next_time" and isinstance(inner, A.Clause) \
        and inner.modal == "would" and isinstance(inner.action, A.DoSo)


def next_start_phase(clause: Any) -> bool:
    """A negated untap "during <a player's> next start phase", nothing else qualifying it."""
    from codex.cardtext import ast as A
    d = getattr(clause, "duration", None)
    return isinstance(clause, A.Clause) and clause.negated and clause.modal is None \
        and isinstance(clause.action, A.Tap) and clause.action.untap and clause.action.patient is not None \
        and clause.action.agent is None and not clause.adverbs and not clause.adjuncts and not clause.conditions \
        and clause.per is None and clause.purpose is None and clause.scope is None and not clause.instead \
        and isinstance(d, A.Duration) and d.kind == "during" and d.phase == "start" and d.event is None \
        and d.turn is not None and d.turn.which == "next" and d.turn.whose in ("your", "possessed")


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


def holds_untapped(clause: Any) -> bool:
    """"It can't untap until your next turn", "Target minion doesn't untap for as long as this
    minion remains in the realm": a negated untap of units named, for the clause's duration (none
    listed: while its card is in the realm, or for good from a magic; `durations.until_of`)."""
    from codex.cardtext import ast as A
    return isinstance(clause, A.Clause) and clause.negated and clause.modal in (None, "can") \
        and isinstance(clause.action, A.Tap) and clause.action.untap and clause.action.patient is not None \
        and clause.action.agent is None and not clause.adverbs and not clause.adjuncts and not clause.conditions \
        and clause.per is None and clause.purpose is None and clause.scope is None and not clause.instead


def hold_untapped(run: Any, clause: Any) -> list[Any]:
    """The units named can't untap while the effect lasts: a lasting effect `held_tapped` reads at
    every untap (the start phase's and an effect's)."""
    from codex.engine.effects.board import lasting, patients_or_self
    objs = [o for o in patients_or_self(run, clause.action.patient) if o.kind == "unit"]
    lasting(run, clause, objs, states=frozenset({CANT_UNTAP}), quote=run.ctx.quote, told="no untapping")
    return objs


__all__ = ["CANT_UNTAP", "SKIPS_UNTAP", "held_tapped", "hold_untapped", "holds_untapped", "skip_next_untap",
           "skips_next_untap"]
