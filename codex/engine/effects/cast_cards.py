"""The spells a player has cast this turn, as cards effects can name ("the sum of (F) on spells
you've cast this turn", "for each spell you cast this turn").

`GameState.cast_this_turn` keeps each spell cast this turn (its player, name, type, caster and
printed threshold, and the artifacts its caster carried as it was cast); these words name them as
cards (not in any zone: a magic is in the cemetery by then, a minion in the realm), read with the
catalog's printed facts, or the scenario's own for an invented spell. The clause "which you cast this
turn" is the one filter read here; the selector's other words (its noun, its modifiers) are tested on
each card as any card's are (`select.is_a`).

Who cast them: "you" (the ability's controller), or a pronoun ("they", "it") naming one unit, the
one the words bind it to (for a "for each" of a static, the unit it gives power to: `statics.per_ctx`);
then only the spells that unit cast count. A "while carrying X" on the clause keeps the spells whose
caster carried X as it cast them (a bearer's past this turn, remembered at the cast).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, cast

from codex.cardtext import ast as A

if TYPE_CHECKING:
    from codex.engine.effects.context import Ctx, Obj
    from codex.engine.state import GameState

#: The nouns that name spells cast (a site is played, not cast).
_CAST_NOUNS = {"spell", "card", "magic", "minion", "artifact", "aura"}
#: Who cast them: the ability's controller ("you"); the words naming nobody read as "you" too.
_WHO = {"you", "your"}
#: Who cast them: the one unit a pronoun names (the unit a static's count is read for).
_PRONOUNS = {"they", "it", "he", "she"}


def carried_at_cast(cond: Any) -> Any:
    """What a "while carrying/holding X" condition of a cast clause names (X), or None when the
    condition is of another shape. Its subject is the clause's own (the caster)."""
    if not (isinstance(cond, A.Condition) and cond.kind == "while" and isinstance(cond.clause, A.Clause)):
        return None
    clause = cond.clause
    act = clause.action
    if not isinstance(act, A.Carry) or clause.negated or clause.modal or act.dest is not None \
            or act.patient is None or act.agent is not None and not _is_pronoun(act.agent):
        return None
    return act.patient


def _is_pronoun(node: Any) -> bool:
    return isinstance(node, A.Ref) and node.word.lower() in _PRONOUNS


def cast_clause(node: Any) -> A.Clause | None:
    """The clause "(which) you('ve) cast this turn" of a selector of spells, or None when the words
    are not of that shape."""
    from codex.engine.effects.select import singular
    if not isinstance(node, A.Selector) or singular(node.noun).lower() not in _CAST_NOUNS:
        return None
    relatives = [f for f in node.filters if isinstance(f, A.Relative)]
    if len(relatives) != 1 or len(node.filters) != 1:
        return None
    clause = relatives[0].clause
    if not isinstance(clause, A.Clause) or not isinstance(clause.action, A.Cast) or clause.negated:
        return None
    act = clause.action
    this_turn = (isinstance(clause.scope, A.Turn) and clause.scope.which == "this" and clause.scope.whose is None) \
        or (clause.duration is not None and clause.duration.kind == "this_turn")
    if not this_turn or not (isinstance(act.patient, A.Ref) and act.patient.word == "which") or act.dest is not None:
        return None
    return clause


def cast_problems(node: A.Selector) -> Iterator[str]:
    """What of "spells <someone> cast this turn" the engine does not read."""
    clause = cast_clause(node)
    if clause is None:
        return
    agent = clause.action.agent
    if agent is not None and not (isinstance(agent, A.Ref) and agent.word.lower() in _WHO) \
            and not _is_pronoun(agent):
        yield "spells cast this turn by someone other than you"
    for cond in clause.conditions:
        what = carried_at_cast(cond)
        if what is None:
            yield "spells cast this turn under a condition the engine does not read"
        elif not (isinstance(what, A.Ref) and what.word == "SELF"):
            from codex.engine.effects.check import sel_problems
            yield from sel_problems(what)
    if node.mods and any(not m[:1].isupper() and m.lower() not in _KIND_MODS for m in node.mods):
        yield "spells cast this turn with a modifier the engine does not read"


#: The modifiers a spell cast is tested by (`select.is_a`): its elements, its kind, its rarity.
_KIND_MODS = {"fire", "earth", "air", "water", "magic", "minion", "artifact", "aura", "non-fire", "non-earth",
              "non-air", "non-water", "ordinary", "exceptional", "elite", "unique"}


def record_card(record: Any, n: int) -> "Obj":
    """A spell cast this turn as a card object, with its printed facts (the catalog's, or what the
    record keeps of an invented spell)."""
    from codex.engine.cards import CardData
    from codex.engine.effects.context import Obj, ZoneCard, card_data
    from codex.engine.state import Card, CardType
    data = card_data(record.name)
    if data is None or data.name != record.name:
        data = CardData(record.name, record.type, threshold=dict(record.threshold),
                        elements=tuple(sorted(k for k, v in record.threshold if v)))
    return Obj("card", ZoneCard(record.player, "cast", Card(record.name, record.player, cast(CardType, record.type),
                                                           data=data), n))


def spells_cast(state: "GameState", ctx: "Ctx", node: A.Selector) -> list["Obj"]:
    """The spells the ability's controller (or the unit a pronoun names) cast this turn that fit the
    words, in the order cast, as card objects (a spell cast twice counts twice)."""
    from codex.engine.effects.select import is_a, select_all
    clause = cast_clause(node)
    assert clause is not None
    agent = clause.action.agent
    casters = {str(o.key) for o in select_all(state, ctx, agent) if o.kind == "unit"} \
        if _is_pronoun(agent) else None
    carried = [{str(o.key) for o in select_all(state, ctx, what) if o.kind == "artifact"}
               for what in map(carried_at_cast, clause.conditions) if what is not None]
    rest = A.replace(node, det=None, filters=())
    out: list[Obj] = []
    for n, record in enumerate(state.cast_this_turn):
        if casters is None and record.player != ctx.controller or casters is not None and record.caster not in casters:
            continue
        if any(not ids & set(record.carried) for ids in carried):
            continue
        obj = record_card(record, n)
        if is_a(state, ctx, obj, rest):
            out.append(obj)
    return out


__all__ = ["carried_at_cast", "cast_clause", "cast_problems", "record_card", "spells_cast"]
