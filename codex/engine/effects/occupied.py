"""What a sentence's occupancy condition names, for a later "it": "if you occupy a water site, you
may push a unit from it ...": "it" is the water site occupied.

A condition "if <someone> occupies a <place>" introduces the place (an indefinite noun phrase, the
only one the sentence has before the pronoun), so the pronoun of the sentence's body refers to it,
as "If you control a Mortal, ... their location" refers to that Mortal (`execute._named_in`). The
places bound are those of the words that the subject occupies now (for "you", your Avatar: Codex
"You"); when the condition does not hold, none are, and the sentence does nothing anyway.
"""
from __future__ import annotations

from typing import Any

from codex.cardtext import ast as A
from codex.engine.effects.context import Ctx, Obj
from codex.engine.state import GameState


def occupied_place(conditions: tuple[Any, ...]) -> A.Occupy | None:
    """The one "if X occupies a/an <place>" among a sentence's conditions, or None."""
    found = []
    for cond in conditions:
        clause = getattr(cond, "clause", None)
        if not (isinstance(cond, A.Condition) and cond.kind == "if" and isinstance(clause, A.Clause)):
            continue
        act = clause.action
        if isinstance(act, A.Occupy) and not clause.negated and clause.modal is None \
                and isinstance(act.patient, A.Selector) and act.patient.det in ("a", "an") \
                and act.patient.count in (None, 1) and act.agent is not None:
            found.append(act)
    return found[0] if len(found) == 1 else None


def occupied_referent(state: GameState, ctx: Ctx, act: A.Occupy) -> list[Obj]:
    """The places of the words (``act.patient``) that its subject occupies now."""
    from codex.engine.effects.select import locations_of, select_all
    who = select_all(state, ctx, act.agent)
    where = {loc for o in who for loc in locations_of(state, o)}
    squares = {loc.square for loc in where}
    out = []
    for place in select_all(state, ctx, act.patient):
        locs = locations_of(state, place)
        if any(loc in where for loc in locs) or place.kind == "site" and place.key in squares:
            out.append(place)
    return out


__all__ = ["occupied_place", "occupied_referent"]
