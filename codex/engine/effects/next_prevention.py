"""A one-shot prevention an effect leaves: "The next time target ally would take damage this turn,
prevent all of that damage."

The sentence's condition ("the next time X would take damage", a duration or none) names the
event; its clause prevents all of that damage, or some of it ("prevent 2 of that damage"). As the
effect resolves, the units X names now (its targets were declared with the ability) get a lasting
effect (`state.Lasting.prevent`) for the duration ("this turn": until the end of the turn; none:
until it is used). The next time one of them is about to take damage, after every modification
(Codex "Damage": "Damage prevention uses the words 'prevent' or 'immune,' and applies after all
other damage modification"), the damage is prevented and the effect is used up ("the next time":
once; Codex "Prevention Effect"), whoever's unit it was (`prevent_next`, asked by
`combat.deal_damage`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterator, Literal

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj
from codex.engine.events import DamagePrevented, Event
from codex.engine.state import GameState, Lasting, Unit

#: The amount meaning "all of that damage".
ALL = -1


def next_prevention(sentence: Any) -> tuple[Any, int, A.Duration | None] | None:
    """(the words for who is protected, how much is prevented (`ALL`), the duration) for "The next
    time X would take damage [this turn], prevent all/N of that damage"; None for anything else."""
    if not (isinstance(sentence, A.Sentence) and len(sentence.conditions) == 1 and len(sentence.clauses) == 1
            and sentence.per is None and sentence.limit is None and sentence.duration is None):
        return None
    cond = sentence.conditions[0]
    event = getattr(cond, "clause", None)
    if not (isinstance(cond, A.Condition) and cond.kind == "next_time" and isinstance(event, A.Clause)
            and event.modal == "would" and not event.negated and isinstance(event.action, A.Damage)):
        return None
    took = event.action
    if took.amount is not None or took.agent is not None or took.kind is not None or took.patient is None \
            or event.conditions or event.adverbs or event.adjuncts or event.per is not None:
        return None
    if event.duration is not None and event.duration.kind != "this_turn":
        return None
    clause = sentence.clauses[0]
    if not (isinstance(clause, A.Clause) and isinstance(clause.action, A.Prevent) and clause.modal is None
            and not clause.negated and not clause.conditions and clause.duration is None and not clause.adverbs
            and not clause.adjuncts):
        return None
    amount = _amount(clause.action.patient)
    return (took.patient, amount, event.duration) if amount is not None else None


def _amount(node: Any) -> int | None:
    """"all of that damage" (`ALL`), "N of that damage" (N), "that damage"/"it" (`ALL`)."""
    that = isinstance(node, A.Selector) and node.noun == "damage" and node.det == "that" and not node.filters
    if that or (isinstance(node, A.Ref) and node.word == "it"):
        return ALL
    if isinstance(node, A.Partitive) and isinstance(node.of, A.Selector) and node.of.noun == "damage" \
            and node.of.det == "that":
        if node.count == "all":
            return ALL
        if isinstance(node.count, int) and node.count > 0:
            return node.count
    return None


def next_prevention_problems(sentence: A.Sentence) -> Iterator[str]:
    """What of such a sentence the engine does not read: the words naming who is protected."""
    from codex.engine.effects.check import sel_problems
    found = next_prevention(sentence)
    if found is not None:
        yield from sel_problems(found[0])


def leave_prevention(run: Any, sentence: A.Sentence) -> None:
    """The units named now are protected the next time they would take damage (for the duration)."""
    from codex.engine.effects.select import name_of, select
    from codex.engine.events import EffectBegan
    found = next_prevention(sentence)
    assert found is not None
    words, amount, duration = found
    units = tuple(str(o.key) for o in select(run.state, run.ctx, words, "target") if o.kind == "unit")
    if not units:
        run.note("note", f"{run.ctx.source_name}: no unit to protect, so nothing happens.", card=run.ctx.source_name)
        return
    how = "all of that damage" if amount == ALL else f"{amount} of that damage"
    until: Literal["end_of_turn", "event"] = "end_of_turn" if duration is not None else "event"
    effect = Lasting(f"{run.ctx.key}#{len(run.state.lasting)}", run.ctx.source_name, run.ctx.controller, until,
                     units, prevent=amount, ends_on="damage" if until == "event" else None, quote=run.ctx.quote,
                     told=f"a shield: the next time it would take damage, {how} is prevented")
    run.state = run.state.evolve(lasting=run.state.lasting + (effect,))
    run.emit(EffectBegan(run.ctx.source_name, "this turn, once" if duration is not None else "once",
                         tuple(name_of(run.state, Obj("unit", u)) for u in units), effect.describe(),
                         rules=("ongoing-effect", "damage.prevent")))


def prevent_next(state: GameState, target: Unit, amount: int) -> tuple[GameState, int, list[Event]]:
    """The damage ``target`` is about to take after a "next time" prevention covering it: the state
    (the effect used up for that unit), the damage left, and the event saying so."""
    effect = next((e for e in state.lasting if e.prevent is not None and target.id in e.units), None)
    if effect is None or amount <= 0:
        return state, amount, []
    stopped = amount if effect.prevent == ALL else min(amount, effect.prevent or 0)
    left_units = tuple(u for u in effect.units if u != target.id)
    others = tuple(e for e in state.lasting if e.id != effect.id)
    state = state.evolve(lasting=others + ((replace(effect, units=left_units),) if left_units else ()))
    why = f"is protected the next time it would take damage ({effect.name})"
    return state, amount - stopped, [DamagePrevented(target.id, target.name, stopped, why,
                                                     rules=("damage.prevent", "prevention-effect"),
                                                     from_card=effect.quote)]


__all__ = ["ALL", "leave_prevention", "next_prevention", "next_prevention_problems", "prevent_next"]
