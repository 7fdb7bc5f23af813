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
