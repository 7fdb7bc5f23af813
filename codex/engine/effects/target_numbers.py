"""How many targets one targeting phrase takes, and which declared targets are its own.

"Up to two target minions", "one or two target minions", "any number of target allies": one phrase
takes a list of targets, declared together as the magic is cast (Codex "Casting Magics": "To cast a
magic spell, you must declare all targets of the magic"). What the words allow is a rule of the
declaration, checked here before anything happens:

* more declared targets than the phrase allows ("up to two", three named) is no legal declaration;
* fewer than the phrase needs ("one or two", none that fit) neither;
* the same unit declared twice for one phrase names one target, not two: a phrase of several targets
  takes different objects (English "two target minions" are two minions);
* when the ability has this phrase as its only targeting words, every declared target is one of its
  own, so one the words refuse (an ally for "target enemy minions") makes the cast illegal rather
  than being left out in silence.

Each refusal is `IllegalAction` ``not_a_legal_target`` (docs/scenarios.md "Choices"), unless the
targets were declared legal and are only checked again as the spell resolves (``ctx.rechecked``),
when the phrase simply takes what is still allowed.
"""
from __future__ import annotations

from typing import Sequence

from codex.cardtext import ast as A
from codex.engine.effects.context import Ctx, Obj
from codex.engine.errors import IllegalAction
from codex.engine.reasons import Reason


def targeting(node: object) -> bool:
    """Whether a selector targets ("target minion", "up to two target minions")."""
    return isinstance(node, A.Selector) and (node.det == "target" or "target" in node.mods)


def only_targeting_phrase(ctx: Ctx) -> bool:
    """Whether the ability being resolved has one targeting phrase (all its declared targets are it)."""
    phrases = {n for n in A.walk(ctx.ability.node) if targeting(n)}
    return len(phrases) == 1


def several(sel: A.Selector, count: int | None) -> bool:
    """Whether the phrase takes a list of targets ("two", "up to two", "one or two", "any number of"):
    a phrase of one target keeps the engine's older reading of declared targets (other words of the
    ability, an ally that targets, may take the others)."""
    return sel.quant in ("up_to", "one_to", "any_number") or (count or 1) > 1


def least(sel: A.Selector) -> int:
    """The fewest targets the phrase takes: none for "up to" and "any number", one otherwise."""
    return 0 if sel.quant in ("up_to", "any_number") else 1


def most(sel: A.Selector, count: int | None) -> int | None:
    """The most targets the phrase takes (None: any number)."""
    if sel.quant == "any_number":
        return None
    return count or 1


def check_declared(ctx: Ctx, sel: A.Selector, found: Sequence[Obj], names: dict[str, str],
                   count: int | None) -> None:
    """Refuse a declaration the phrase ``sel`` does not allow (see the module docstring). ``found``:
    the objects its words allow now; ``names``: unit id → name, for the ruling's words."""
    if ctx.rechecked:
        return
    declared = list(ctx.targets)
    own = declared if only_targeting_phrase(ctx) else [t for t in declared if Obj("unit", t) in found]
    where = "/action/targets"
    refused = [t for t in own if Obj("unit", t) not in found and t in names]
    if refused:
        listed = ", ".join(names[t] for t in refused)
        raise IllegalAction(Reason.NOT_A_LEGAL_TARGET, f"{ctx.source_name} cannot target {listed}: not a "
                            f"{sel.noun} its words allow", "target.declared", where)
    twice = sorted({t for t in own if own.count(t) > 1})
    if twice and (most(sel, count) or 2) > 1:
        raise IllegalAction(Reason.NOT_A_LEGAL_TARGET, f"{ctx.source_name} declares "
                            f"{', '.join(names.get(t, t) for t in twice)} more than once: its targets are "
                            "different units", "target.declared", where)
    top = most(sel, count)
    if top is not None and len(own) > top:
        raise IllegalAction(Reason.NOT_A_LEGAL_TARGET, f"{ctx.source_name} declares {len(own)} targets; its "
                            f"words allow {top} at most", "target.declared", where)
    if len(own) < least(sel):
        raise IllegalAction(Reason.NOT_A_LEGAL_TARGET, f"{ctx.source_name} declares no target its words "
                            "allow", "target.declared", where)
