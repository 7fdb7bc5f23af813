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
    if not isinstance(clause, A.Clause) or clause.modal != "can" or not clause.negated:
        return False
    verbs = clause.action.items if isinstance(clause.action, A.Group) else (clause.action,)
    return any(isinstance(v, A.Action) and v.lemma == "modify" and _self(v) for v in verbs)


def _self(verb: A.Action) -> bool:
    patient = dict(verb.roles).get("patient")
    return patient is None or (isinstance(patient, A.Ref) and patient.word == "SELF" and not patient.filters)


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


def unmodifiable_ability(abilities: Abilities) -> Ability | None:
    """The static ability saying the card can't be modified, if it has one."""
    for ability in abilities.abilities:
        if ability.kind is AbilityKind.STATIC and "modif" in ability.text.lower() and any(is_unmodifiable_clause(c) for c in _clauses(ability.node)):
            return ability
    return None


def unit_unmodifiable(unit: Any) -> bool:
    """Whether a unit can't be modified (its own printed words say so)."""
    return bool(unit.abilities.abilities) and unmodifiable_ability(unit.abilities) is not None


def site_unmodifiable(site: Any) -> bool:
    """Whether a site can't be modified (its own printed words say so)."""
    abilities = getattr(site, "abilities", None)
    return abilities is not None and bool(abilities.abilities) and unmodifiable_ability(abilities) is not None
