"""Amounts read from what the effect being resolved has dealt so far (exec36).

"Deal 3 damage to target minion. You gain life equal to the damage dealt this way." and "Target
ally takes 2 damage. Each enemy minion there takes that much damage too." (invented words of the
same shapes): the amount is the damage this very effect (its own quote) has dealt so far.

Which damage is "dealt": the Codex "Damage" entry determines incoming damage, applies modification,
then prevention, and calls what then reaches the card the damage dealt ("Damage dealt to a site
causes the player who controls the site to lose life equal to the damage dealt"). So a reduction or
a prevention lowers it (the `Damaged`/`AvatarDamaged`/`SiteDamaged` events carry the amount after
both). The Codex is silent on damage beyond what a minion could still take (3 damage to a minion
with 1 power left): it says damage "accumulates" and does not cap it, so the whole amount is read
as dealt; a `ruling_variant` note gives the other reading (only what the minion could still take)
whenever the two differ.
"""
from __future__ import annotations

from typing import Any

from codex.engine.effects.select import NotExecutable


def _dealt_events(run: Any) -> list[Any]:
    from codex.engine.events import AvatarDamaged, Damaged, SiteDamaged
    return [e for e in run.events if isinstance(e, (Damaged, AvatarDamaged, SiteDamaged))
            and e.from_card == run.ctx.quote]


def dealt_so_far(run: Any, words: str) -> int:
    """The damage the effect being resolved has dealt so far, after modification and prevention;
    with none dealt, the amount is named as not executed (``words``: what the card said)."""
    from codex.engine.events import Damaged, Note
    events = _dealt_events(run)
    if not events:
        raise NotExecutable(f"{words} with no damage dealt before it")
    whole = sum(int(e.amount) for e in events)
    # the damage beyond what a minion could still take (its power less the damage it had before)
    beyond = sum(max(0, min(int(e.amount), int(e.total) - int(e.defense)))
                 for e in events if isinstance(e, Damaged) and int(e.total) > int(e.defense))
    if beyond:
        run.emit(Note("ruling_variant", f"{run.ctx.source_name}: \u201c{words}\u201d is read as all {whole} damage "
                      f"dealt (the Codex's damage dealt, after modification and prevention, is not capped). "
                      f"Read as only the damage the minion could still take, it would be {whole - beyond}.",
                      {"card": run.ctx.source_name, "reading": "all dealt", "other": whole - beyond},
                      rules=("damage.site", "damage.minion")))
    return whole
