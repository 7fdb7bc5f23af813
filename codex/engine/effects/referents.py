"""Players a sentence named through what it acted on, for "that player" in a later sentence.

"Return target minion to its owner's hand. That player draws a spell." (invented words of the
same shape): "that player" points back at the player the sentence before named, here the minion's
owner ("its owner", "its controller", "their owners"). After each clause the players its words
named that way are kept (`NAMED_PLAYERS`), read by `select` when "that player" finds no player
among what was acted on. A unit gone from the realm is answered by who controlled or owned it as it
left (`select._last_known`).
"""
from __future__ import annotations

from typing import Any

from codex.cardtext import ast as A

#: The context word the players a clause named through a possessive are bound to.
NAMED_PLAYERS = "players named"
_WHO = ("owner", "owners", "controller", "controllers")


def named_players(run: Any, clause: Any) -> list[Any]:
    """The players ``clause`` named as "its owner"/"its controller"/"their owners" (each once, in
    order), evaluated now; empty when it named none."""
    from codex.engine.effects.context import Obj
    from codex.engine.effects.select import controller_of, owner_of
    out: list[Any] = []
    acted = run.ctx.lookup("it") or ()
    for node in A.walk(getattr(clause, "action", None)):
        if isinstance(node, A.Selector) and node.noun in _WHO and node.det in ("its", "their") and not node.filters:
            whose = owner_of if node.noun.startswith("owner") else controller_of
            out += [Obj("player", p) for p in (whose(run.state, o) for o in acted) if p]
    return list(dict.fromkeys(out))


#: Place relations of a patient's words that name where it is ("target enemy minion at a site you control").
_AT = ("at", "atop", "in", "occupying")


def place_named(run: Any, clause: Any, acted: list[Any]) -> list[Any]:
    """"Destroy target enemy minion at a site you control. Tap the rest of the enemy minions there.":
    the patient's words named a place it is at, so a later "there" is where the units acted on were
    (where a unit that has since left the realm was as it left: `GameState.removed`); empty when the
    words named no such place or nothing was acted on."""
    from codex.engine.effects.context import Obj
    patient = getattr(getattr(clause, "action", None), "patient", None)
    if not (isinstance(patient, A.Selector) and any(isinstance(f, A.Where) and f.rel in _AT and f.of is not None
                                                    for f in patient.filters)):
        return []
    out: list[Any] = []
    for o in acted:
        if o.kind != "unit":
            continue
        unit = run.state.unit(o.key)
        gone = [r for r in run.state.removed if r.id == o.key]
        loc = unit.location if unit is not None else (gone[-1].location if gone else None)
        if loc is not None:
            out.append(Obj("location", loc))
    return list(dict.fromkeys(out))
