"""Cards that can't be modified (Codex "Can't be Modified"): "A card that 'can't be modified'
cannot gain or lose any abilities, and it's characteristics cannot be changed."

A unit or site whose own text says it can't be modified ("Can't be modified.", "Can't be moved,
destroyed, or modified.") keeps its printed keywords and power whatever lasting effects, static
abilities or auras would give or take (no grants, no losses, no power bonus, no silence), and a
site keeps its printed water or land and affinity (no flood). The ongoing-effect functions
(`ongoing.py`) consult `unit_unmodifiable` / `site_unmodifiable`; the effects that would modify one
say in the ruling that it is not modified (`effects/board.py`).
"""
from __future__ import annotations

from typing import Any

from codex.cardtext import ast as A
from codex.engine.abilities import Abilities, Ability, AbilityKind


def is_unmodifiable_clause(clause: Any) -> bool:
    """A clause saying its own card can't be modified (alone or among other verbs: "Can't be
    moved, destroyed, or modified")."""
    return says_cant(clause, "modify")


def says_cant(clause: Any, what: str) -> bool:
    """A clause saying its own card can't be ``what``: "modify", "destroy" or "move" (moved by
    something else: "Can't be moved", not "Can't move")."""
    if not isinstance(clause, A.Clause) or clause.modal != "can" or not clause.negated or clause.conditions:
        return False
    verbs = clause.action.items if isinstance(clause.action, A.Group) else (clause.action,)
    return any(self_verb(v, what) for v in verbs)


def self_verb(verb: Any, what: str) -> bool:
    """Whether ``verb`` is doing ``what`` to the card itself (its patient: SELF)."""
    if what == "modify" and isinstance(verb, A.Action) and verb.lemma == "modify":
        return _is_self(dict(verb.roles).get("patient"))
    if what == "destroy" and isinstance(verb, A.Remove) and verb.kind == "destroy" and verb.agent is None:
        return _is_self(verb.patient)
    if what == "move" and isinstance(verb, A.Move) and verb.kind == "move" and verb.voice == "passive" \
            and _by_force(verb.agent) and verb.dest is None and verb.steps is None:
        return _is_self(verb.patient)
    if what == "disable" and isinstance(verb, A.SetState) and verb.state == "disabled" and verb.agent is None:
        return _is_self(verb.patient)
    return False


def _by_force(agent: Any) -> bool:
    """"Can't be moved" and "can't be moved by force" say one thing: a card that is moved is moved
    by force, since moving itself is taking its own step (Codex "Forced Movement": "If they aren't
    taking their own step, then it's forced movement!"); "by effects" too, every forced movement being
    some effect's (found by blind ruling round 10)."""
    return agent is None or (isinstance(agent, A.Selector) and agent.noun.lower() in ("force", "effect", "effects")
                             and agent.det is None and not agent.mods and not agent.filters)


def other_verb(verb: Any) -> tuple[str, Any] | None:
    """"X's site can't be moved, destroyed or modified": (``move``/``destroy``/``modify``, the
    words of what is protected) for a verb done to something other than the card itself."""
    for what in ("modify", "destroy", "move", "disable"):
        if self_verb(verb, what):
            return None
    if isinstance(verb, A.Action) and verb.lemma == "modify" and set(dict(verb.roles)) == {"patient"}:
        return "modify", dict(verb.roles)["patient"]
    if isinstance(verb, A.Remove) and verb.kind == "destroy" and verb.agent is None and verb.patient is not None:
        return "destroy", verb.patient
    if isinstance(verb, A.Move) and verb.kind == "move" and verb.voice == "passive" and verb.agent is None \
            and verb.dest is None \
            and verb.steps is None and verb.patient is not None and not isinstance(verb.patient, A.Ref):
        return "move", verb.patient
    return None


def protected(state: Any, site: Any, what: str) -> Any:
    """The card sentence saying this site can't be ``what`` (modified, destroyed, moved): its own
    ("Can't be destroyed"), or another card's ongoing effect naming it ("Bluecap Knockers' site
    can't be moved, destroyed or modified"); None when nothing protects it."""
    from codex.engine.events import CardQuote
    own = cant_ability(getattr(site, "abilities", None), what)
    if own is not None:
        return CardQuote(site.name, own.text)
    if not getattr(state, "statics", ()):
        return None
    from codex.engine.effects.statics import protection
    return protection(state, site.square, what)


def _is_self(patient: Any) -> bool:
    return isinstance(patient, A.Ref) and patient.word == "SELF" and not patient.filters


def _clauses(node: Any, depth: int = 0) -> list[A.Clause]:
    if depth > 8 or node is None:
        return []
    if isinstance(node, A.Clause):
        return [node]
    if isinstance(node, (list, tuple)):
        return [c for item in node for c in _clauses(item, depth + 1)]
    if isinstance(node, (A.Statement, A.Sentence)):
        return [c for name in node.__struct_fields__ for c in _clauses(getattr(node, name), depth + 1)]
    return []


def undisablable(unit: Any) -> Ability | None:
    """The unit's own static ability saying it can't be disabled ("Can't be disabled."): whatever
    would disable it (an effect, Waterbound off water) does not; None when it
    has none (the text is looked at before the AST: asked whenever disabling is)."""
    return cant_ability(unit.abilities, "disable") if "isab" in unit.text else None


def unmodifiable_ability(abilities: Abilities) -> Ability | None:
    """The static ability saying the card can't be modified, if it has one."""
    return cant_ability(abilities, "modify")


#: A word each such ability's text has (a cheap test before reading its AST).
_STEMS = {"modify": "modif", "destroy": "destr", "move": "mov", "disable": "disab"}


def cant_ability(abilities: Abilities | None, what: str) -> Ability | None:
    """The card's own static ability saying it can't be ``what`` (modified, destroyed, moved)."""
    if abilities is None:
        return None
    for ability in abilities.abilities:
        if ability.kind is AbilityKind.STATIC and _STEMS[what] in ability.text.lower() and any(
                says_cant(c, what) for c in _clauses(ability.node)):
            return ability
    return None


def unit_unmodifiable(unit: Any) -> bool:
    """Whether a unit can't be modified (its own printed words say so; asked for every keyword and
    power lookup, so the text is looked at before the AST)."""
    return "odif" in unit.text and unmodifiable_ability(unit.abilities) is not None


def site_unmodifiable(site: Any) -> bool:
    """Whether a site can't be modified (its own printed words say so)."""
    abilities = getattr(site, "abilities", None)
    return "odif" in site.text and abilities is not None and unmodifiable_ability(abilities) is not None
