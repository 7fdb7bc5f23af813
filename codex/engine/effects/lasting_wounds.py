"""Damage that stays: "Damage on this minion doesn't wear off at the end of the turn" (exec29,
blind ruling round 28).

The Codex removes all damage from minions in the end phase (entry "End Phase"); a card's words
that say its damage does not go away win over that rule (Codex "The Silver Rule"). The grammar
reads the sentence with its time as an "at the end of the turn" trigger whose body is a negated
clause, or without its time as a statement; either is this rule, not an effect to run
(`check.missing` and `triggers.fired` leave it alone, `phases.end_phase` asks `keeps_damage`).
Only the card's own damage is read ("on this minion"); other words are named as not executed.
"""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.events import CardQuote
from codex.engine.state import GameState, Unit

#: The verbs for damage going away.
VERBS = ("wear off",)


def kept_wounds(node: Any) -> Any:
    """The words for whose damage stays ("this minion"), for "Damage on X doesn't wear off [at the
    end of the turn]"; None for any other ability."""
    trigger = getattr(node, "trigger", None)
    if isinstance(node, A.Triggered):
        if not (isinstance(trigger, A.Trigger) and trigger.kind == "at" and trigger.phase == "end"):
            return None
    elif not isinstance(node, A.Statement):
        return None
    body: tuple[Any, ...] = tuple(getattr(node, "body", ()))
    if len(body) != 1 or not isinstance(body[0], A.Sentence) or len(body[0].clauses) != 1:
        return None
    clause = body[0].clauses[0]
    act = clause.action if isinstance(clause, A.Clause) else None
    if not (isinstance(act, A.Action) and act.lemma in VERBS and clause.negated and clause.modal in (None, "will")
            and not clause.conditions and not clause.adjuncts):
        return None
    roles = dict(act.roles)
    damage = roles.get("patient")
    if set(roles) != {"patient"} or not (isinstance(damage, A.Selector) and damage.noun == "damage"
                                         and len(damage.filters) == 1):
        return None
    where = damage.filters[0]
    if not (isinstance(where, A.Where) and where.rel == "on" and where.of is not None):
        return None
    return where.of


def kept_problems(node: Any) -> Iterator[str]:
    """What of such words the engine does not read: damage staying on anything but the card itself."""
    from codex.engine.effects.statics import _this_card
    words = kept_wounds(node)
    if words is not None and not _this_card(words):
        yield "damage that stays on units other than the card saying so"


def keeps_damage(state: GameState, unit: Unit) -> CardQuote | None:
    """The words of ``unit`` by which its damage stays at the end of the turn, while it has its
    abilities (a silenced or disabled card's words do nothing), or None."""
    from codex.engine.lost_abilities import abilities_now
    from codex.engine.ongoing import has_abilities
    for ability in abilities_now(state, unit).abilities:
        if kept_wounds(ability.node) is not None and not list(kept_problems(ability.node)):
            return CardQuote(unit.name, ability.text) if has_abilities(state, unit) else None
    return None


__all__ = ["keeps_damage", "kept_problems", "kept_wounds"]
