"""Who an effect belongs to, and what targeting a unit with it means (Stealth, Ward, regions).

An action that stands for a card's effect (damage, destroy, move) names its ``source`` (the unit
whose ability it is, or who cast the ``spell``) and may name the ``player`` controlling it;
otherwise the source's controller, and with no source the active player, controls it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from codex.engine.actions.base import Resolution
from codex.engine.combat import break_ward
from codex.engine.ongoing import keywords_at
from codex.engine.reasons import Reason
from codex.engine.state import Unit


@dataclass(frozen=True)
class EffectSource:
    """Whose effect it is, from which unit, and whether it is a spell (else an ability)."""

    player: str
    unit: Unit | None
    spell: str | None
    assumed: bool          # the scenario named no source nor player: the active player's effect

    @property
    def name(self) -> str:
        if self.spell:
            return self.spell + (f" (cast by {self.unit.name})" if self.unit else "")
        return f"{self.unit.name}'s ability" if self.unit else "the effect"


def effect_source(res: Resolution, a: Any, ptr: str) -> EffectSource:
    source = res.unit(a.source, ptr + "/source") if a.source else None
    player = a.player or (source.controller if source else res.state.turn.active)
    return EffectSource(player, source, a.spell, a.player is None and source is None)


def opposing(src: EffectSource, unit: Unit) -> str:
    """The name of the effect when it is an opponent's spell or special ability (what a Ward
    stops), else empty."""
    return src.name if src.player != unit.controller else ""


def target_check(res: Resolution, src: EffectSource, unit: Unit, targeted: bool, harm: str | None,
                 pointer: str) -> bool:
    """Checks an effect on ``unit``: a Stealth minion cannot be targeted by its opponents, and a
    targeting source must share the target's region (illegal); a Ward breaks instead of its unit
    being targeted, or ``harm``-ed (damaged, destroyed), by an opponent's spell or ability. True
    when the Ward broke, so the effect does nothing to the unit."""
    foe = src.player != unit.controller
    if targeted and foe and unit.is_minion and keywords_at(res.state, unit).stealth and not (
            src.unit is not None and keywords_at(res.state, src.unit).sees_stealth):
        raise res.illegal((Reason.STEALTH_TARGET, "stealth"), f"{src.name} cannot target {unit.name}", pointer)
    if targeted and src.unit is not None and src.unit.location.region is not unit.location.region:
        raise res.illegal((Reason.TARGET_OTHER_REGION, "target"), f"{src.name} cannot target {unit.name}", pointer)
    if foe and (targeted or harm) and keywords_at(res.state, unit).ward:
        res.apply(break_ward(res.state, unit.id, ("targeted by " if targeted else f"{harm} by ") + src.name))
        return True
    return False
