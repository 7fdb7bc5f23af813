"""Which abilities the engine executes, decided from the AST alone (no board needed).

`executed(ability)` is what the card-text adapter records on each `Ability`, what rulings report
("not executed yet") and what ``arbiter cards coverage --executable`` counts. It walks the
ability with the same tables the executor uses (`EXECUTORS`, the selector vocabulary of
`select.py`, the static effects of `statics.py`, the triggers of `triggers.py`), and `missing`
says what stopped it, so the most frequent missing pieces can be listed.
"""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.abilities import Ability, AbilityKind


def _sel_problems(node: Any) -> Iterator[str]:
    from codex.engine.effects.select import ALL_DETS, MODS, NOUNS, ONE_DETS, RELS, is_subtype, singular
    from codex.engine.keywords import FLAGS
    if node is None:
        return
    if isinstance(node, A.Ref):
        if node.word.lower() not in ("self", "itself", "you", "your", "yourself", "it", "they", "he", "she", "that",
                                     "those", "them", "each", "which"):
            yield f"the reference '{node.word}'"
        for f in node.filters:
            yield from _filter_problems(f)
        return
    if isinstance(node, A.Group):
        if node.conj == "or":
            yield "a choice between kinds of objects ('or')"
        for item in node.items:
            yield from _sel_problems(item)
        return
    if isinstance(node, A.Partitive):
        if not (node.count in ("each", "all", None) or isinstance(node.count, int)):
            yield f"the partitive '{node.count}'"
        yield from _sel_problems(node.of)
        return
    if not isinstance(node, A.Selector):
        yield f"a role given as {type(node).__name__}"
        return
    if singular(node.noun) not in NOUNS and not is_subtype(node.noun):
        yield f"the noun '{node.noun}'"
    det = node.det
    if isinstance(det, A.Possessive):
        yield from _sel_problems(det.owner)
    elif not (det in ALL_DETS or (isinstance(det, str) and det.lower() in ONE_DETS | {"this", "that", "those", "your",
                                                                                    "their", "its", "no"})):
        yield f"the determiner '{det}'"
    if node.quant is not None:
        yield f"the quantity '{node.quant}'"
    for m in node.mods:
        low = m.lower().removeprefix("non-")
        if low not in MODS and not m[:1].isupper() and not (m.lower().startswith("non-") and m[4:5].isupper()):
            yield f"the modifier '{m}'"
        elif m[:1].isupper() and low.replace(" ", "_") not in FLAGS and " " in m:
            yield f"the modifier '{m}'"
    for f in node.filters:
        yield from _filter_problems(f)


def _filter_problems(f: Any) -> Iterator[str]:
    from codex.engine.effects.select import RELS
    if isinstance(f, A.Where):
        if f.rel not in RELS:
            yield f"the place relation '{f.rel}'"
        if f.rel == "within" and not isinstance(f.steps, int):
            yield "'within' without steps"
        yield from _sel_problems(f.of)
    elif isinstance(f, A.With):
        if not isinstance(f.what, A.Keyword):
            yield "a 'with' phrase that is not a keyword"
    elif isinstance(f, A.Stat):
        if f.stat != "power" or not isinstance(f.value, int):
            yield f"a comparison of {f.stat}"
    elif isinstance(f, A.Relative):
        yield from _condition_problems(f.clause)
    else:
        yield f"the filter {type(f).__name__}"


def _condition_problems(node: Any) -> Iterator[str]:
    if isinstance(node, A.Condition):
        if node.kind == "if_able":
            return
        if node.kind not in ("if", "unless", "while"):
            yield f"the condition '{node.kind}'"
            return
        yield from _condition_problems(node.clause)
        return
    if isinstance(node, A.Group):
        for item in node.items:
            yield from _condition_problems(item)
        return
    if not isinstance(node, A.Clause):
        yield f"a condition given as {type(node).__name__}"
        return
    if node.modal not in (None, "is"):
        yield f"a condition with '{node.modal}'"
    act = node.action
    roles: dict[type, tuple[str, ...]] = {A.Occupy: ("agent", "patient"), A.Located: ("patient",),
                                          A.Control: ("agent", "patient"), A.Exists: ("patient",)}
    if type(act) in roles:
        for role in roles[type(act)]:
            yield from _sel_problems(getattr(act, role))
        if isinstance(act, A.Located) and isinstance(act.where, A.Where):
            yield from _filter_problems(act.where)
    elif isinstance(act, A.SetState) and act.state in ("tapped", "untapped"):
        yield from _sel_problems(act.patient)
    else:
        yield f"a condition about {type(act).__name__}"


#: The roles each primitive's executor reads (anything else set on it is not executed).
_ROLES: dict[str, tuple[str, ...]] = {
    "Damage": ("patient", "agent"), "Draw": ("agent",), "Tap": ("patient",), "Remove": ("patient",),
    "Heal": ("patient",), "GainLife": ("agent",), "LoseLife": ("agent",), "GainMana": ("agent",),
    "Grant": ("patient",), "SetState": ("patient",), "Summon": (), "Move": ("patient", "dest"), "Put": ("patient",),
    "Strike": ("agent", "patient"), "Fight": ("agent", "patient"), "Choose": ("patient",), "Play": (),
    "Relocate": ("patient",), "Discard": ("agent",),
}


def _clause_problems(clause: Any) -> Iterator[str]:
    from codex.engine.effects.execute import EXECUTORS
    if not isinstance(clause, A.Clause):
        yield f"a clause given as {type(clause).__name__}"
        return
    if clause.negated or clause.modal not in (None, "may", "must"):
        yield f"a clause with '{clause.modal or 'not'}'"
    if clause.purpose is not None or clause.instead or clause.scope is not None:
        yield "a purpose, 'instead' or a scope"
    if clause.per is not None:
        from codex.engine.effects.execute import _PER_AMOUNT
        if type(clause.action) not in _PER_AMOUNT:
            yield f"'for each' on {type(clause.action).__name__}"
        yield from _sel_problems(clause.per)
    if clause.duration is not None and not (clause.duration.kind == "this_turn" or (
            clause.duration.kind == "until" and clause.duration.turn is not None
            and clause.duration.turn.whose == "your" and clause.duration.turn.which == "next")):
        yield f"the duration '{clause.duration.kind}'"
    for cond in clause.conditions:
        yield from _condition_problems(cond)
    act = clause.action
    name = type(act).__name__
    if type(act) not in EXECUTORS:
        yield f"the primitive {name}" + (f" ({act.lemma})" if isinstance(act, A.Action) else "")
        return
    for role in _ROLES.get(name, ()):
        value = getattr(act, role, None)
        if role == "agent" and name == "Damage" and value is not None and not (
                isinstance(value, A.Ref) and value.word == "SELF"):
            yield "damage dealt by something other than the card"
            continue
        if role == "agent" and name in ("Draw", "GainLife", "LoseLife", "GainMana") and value is not None:
            yield from _sel_problems(value)
            continue
        yield from _sel_problems(value)
    yield from _primitive_problems(act)


def _primitive_problems(act: Any) -> Iterator[str]:
    if isinstance(act, A.Damage) and not (isinstance(act.amount, int) or act.amount == "X" or (
            isinstance(act.amount, A.Quantity) and act.amount.kind == "power")):
        yield f"the amount {act.amount!r}"
    if isinstance(act, A.Draw) and isinstance(act.patient, A.Selector) and act.patient.noun.lower() not in (
            "spell", "site", "card"):
        yield f"drawing a {act.patient.noun}"
    if isinstance(act, A.Remove) and act.kind not in ("kill", "destroy", "banish", "sacrifice", "dispel"):
        yield f"removing by '{act.kind}'"
    if isinstance(act, A.Heal) and (act.agent is not None or act.source is not None):
        yield "healing by the damage something dealt"
    if isinstance(act, A.GainMana) and not (isinstance(act.mana, A.Mana) and all(
            s.strip("()").isdigit() for s in act.mana.symbols)):
        yield "gaining mana of an element or a choice"
    if isinstance(act, A.Grant):
        for g in act.grants:
            if isinstance(g, A.Keyword):
                from codex.engine.abilities import keyword_changes
                if keyword_changes(g) is None:
                    yield f"granting the keyword {g.name}"
            elif not isinstance(g, A.PowerMod):
                yield f"granting {type(g).__name__}"
    if isinstance(act, A.SetState) and act.state not in ("silenced", "disabled"):
        yield f"making something {act.state}"
    if isinstance(act, A.Summon):
        sel = act.patient
        from codex.engine.tokens import token_kind
        if not (isinstance(sel, A.Selector) and sel.noun.lower() == "token" and sel.mods
                and token_kind(" ".join(sel.mods)) is not None):
            yield "summoning something other than a token the Codex defines"
        if act.dest is None:
            yield "a summon without a place"
    if isinstance(act, A.Move):
        if act.kind not in ("teleport", "push", "pull", "move", "drag") or act.steps is not None \
                or act.direction is not None or act.path is not None:
            yield f"moving by '{act.kind}' with steps or a direction"
        if act.dest is None:
            yield "a move without a destination"
    if isinstance(act, A.Put) and not (isinstance(act.dest, A.Selector) and act.dest.noun.lower() == "hand"):
        yield "putting cards anywhere but a hand"
    if isinstance(act, A.Choose):
        if act.kind not in ("choose", "target") or act.action is not None:
            yield f"choosing by '{act.kind}'"
        if act.agent is not None and not (isinstance(act.agent, A.Ref) and act.agent.word in ("you", "SELF")):
            yield "a choice another player makes"
    if isinstance(act, A.Play):
        sel = act.patient
        if not (isinstance(sel, A.Selector) and sel.noun.lower() == "site" and sel.det in ("a", "an", None)
                and not sel.filters and not sel.mods) or act.dest is not None:
            yield "playing something other than a site from hand"
    if isinstance(act, A.Relocate):
        if act.kind not in ("burrow", "submerge", "surface", "unburrow"):
            yield f"relocating by '{act.kind}'"
    if isinstance(act, A.Discard):
        sel = act.patient
        if not isinstance(sel, A.Selector) or sel.filters or sel.mods or sel.noun.lower() not in ("card", "spell", "site"):
            yield "discarding particular cards"


def _limit_problems(limit: Any) -> Iterator[str]:
    if limit.count != 1 or (limit.turn is not None and limit.turn.whose not in ("your", None)):
        yield "a limit other than once on your turn"


def _sentence_problems(sentences: Any, limited: bool = False) -> Iterator[str]:
    for n, sentence in enumerate(sentences if isinstance(sentences, tuple) else (sentences,)):
        if isinstance(sentence, A.Unparsed):
            yield "an unreadable sentence"
            continue
        if not isinstance(sentence, A.Sentence):
            yield f"a body given as {type(sentence).__name__}"
            continue
        if limited and n == 0 and sentence.limit is not None:
            yield from _limit_problems(sentence.limit)
        elif sentence.limit is not None:
            yield "a sentence with a limit"
        if sentence.per is not None or sentence.duration is not None:
            yield "a sentence with 'for each' or a duration"
        for cond in sentence.conditions:
            yield from _condition_problems(cond)
        if "or" in sentence.links and set(sentence.links) != {"or"}:
            yield "clauses joined by both 'and' and 'or'"
        for clause in sentence.clauses:
            yield from _clause_problems(clause)


def missing(ability: Ability) -> list[str]:
    """What keeps the engine from executing ``ability`` (empty: it executes it)."""
    from codex.engine.effects.statics import Unsupported, statics_of
    from codex.engine.effects.context import Ctx, Obj
    from codex.engine.effects.triggers import trigger_problems
    node = ability.node
    if ability.kind is AbilityKind.STATIC:
        try:
            if statics_of(ability, Ctx(Obj("unit", ""), "", "", ability, ""), 0):
                return []
            return ["a static ability with no effect the engine knows"]
        except Unsupported as e:
            return [str(e)]
    problems: list[str] = []
    if getattr(node, "threshold", ()):
        problems.append("a threshold condition on the ability")
    if ability.kind is AbilityKind.TRIGGERED:
        problems += trigger_problems(node.trigger)
    if ability.kind is AbilityKind.ACTIVATED:
        for cost in getattr(node, "costs", ()):
            if cost.kind not in ("tap", "mana"):
                problems.append(f"the cost '{cost.kind}'")
            elif cost.kind == "tap" and cost.arg is not None:
                problems.append("tapping something else as a cost")
    if isinstance(node, A.Genesis) and node.deathrite:
        pass
    problems += list(_sentence_problems(getattr(node, "body", ()), limited=isinstance(node, A.Statement)))
    return list(dict.fromkeys(problems))


def executed(ability: Ability) -> bool:
    """Whether this engine version executes the ability."""
    return not missing(ability)
