"""A magic's required target, checked whether or not the engine executes the rest of its words.

Codex "Target": a spell that targets needs a legal target to declare as it goes on the storyline; a
magic with none is not cast. The engine finds "no legal target" while running the effect
(`select._no_legal_target`), so a magic whose effect it does not execute was cast although nothing
could be targeted (found SILENT by blind round 34: the target check depended on whether the effect was
executable). Here, for each spell ability the engine does not execute, the target words of its
sentences ("target enemy minion": a determiner or modifier "target", one object, not "up to") are
read on their own when the engine knows every word of them, and when no unit, site or artifact fits
them (nor one a magic may target: Stealth, region) the cast is illegal, as for an executed magic.
Words the engine does not know, or that point back ("it"), are left alone: nothing is claimed.
"""
from __future__ import annotations

from typing import Any, Callable

from codex.cardtext import ast as A


def required_targets(node: Any) -> list[A.Selector]:
    """The selectors of ``node`` naming one object to target, with no "up to" and no count above one."""
    out = []
    for n in A.walk(node):
        if isinstance(n, A.Selector) and (n.det == "target" or "target" in n.mods) and n.quant is None \
                and n.count in (None, 1):
            out.append(n)
    return out


def untargetable(state: Any, ctx: Any, sel: A.Selector, allowed: Callable[[Any], bool]) -> bool:
    """Whether nothing fits the target words ``sel`` (of words the engine knows), ``allowed`` saying
    whether a magic may target a candidate; False whenever it cannot tell."""
    from codex.engine.effects.check import sel_problems
    from codex.engine.effects.select import NotExecutable, select_all
    from codex.engine.errors import AmbiguousAction, IllegalAction
    words = A.replace(sel, det=None if sel.det == "target" else sel.det,
                      mods=tuple(m for m in sel.mods if m != "target"))
    if any(True for _ in sel_problems(words)) or any(isinstance(n, A.Ref) for n in A.walk(words)):
        return False
    try:
        found = select_all(state, ctx, words)
    except (NotExecutable, AmbiguousAction, IllegalAction):      # a choice, words read only in context: no claim
        return False
    return not any(allowed(o) for o in found)
