"""A strike that splashes (a weapon whose bearer's strikes "splash full damage" to the other enemies where the
unit struck stands; "Its strikes splash 1 damage to each enemy adjacent to a struck unit"): each
strike of such a unit that damages a unit also deals that damage to each object the words name, "a struck
unit" being the one it struck.

Strike "simply means to deal damage equal to the unit's power" (Codex "Strike"); a splash deals the
strike's damage beside the unit struck, as part of that strike, so it is dealt in the same batch as the
strike and brought to rest with it (`combat.fight`). "full damage" (or none said) is the damage the strike
assigned to the unit struck; an amount said is that amount. The static is read by `statics._splash_static`
from the words `abilities.splash_as_also_dealt` gives it. Only the strikes of a fight splash here: a
Ranged strike, a strike against a site, and one an effect makes are not read so (the Codex says nothing of
splashes, and no card in the snapshot asks for them).
"""
from __future__ import annotations

from codex.engine.effects.context import Obj
from codex.engine.events import Event, Note
from codex.engine.state import GameState, Unit

Resolved = tuple[GameState, list[Event]]


def splash(state: GameState, striker: Unit, struck_id: str, dealt: int) -> Resolved:
    """The splashes of ``striker``'s strike, which assigned ``dealt`` damage to ``struck_id``."""
    from codex.engine.combat import deal_damage
    from codex.engine.effects.select import NotExecutable, describe, select_all
    from codex.engine.effects.statics import splashes
    events: list[Event] = []
    for static in splashes(state, striker):
        amount, words = static.payload
        damage = dealt if amount is None else int(amount)
        struck = [Obj("unit", struck_id)]
        ctx = static.ctx.bind("struck", struck).bind("other", struck + [Obj("unit", striker.id)])
        try:
            victims = [o for o in select_all(state, ctx, words)
                       if o.kind == "unit" and o.key not in (struck_id, striker.id) and state.unit(str(o.key))]
        except NotExecutable:
            victims = []
        if damage <= 0 or not victims:
            continue
        events.append(Note("splash", f"{striker.name}'s strike splashes {damage} damage to "
                           f"{describe(state, victims)}.", {"unit": striker.id, "to": [str(o.key) for o in victims]},
                           rules=("strike",), from_card=static.quote))
        for victim in victims:
            state, done = deal_damage(state, str(victim.key), damage, striker)
            events += done
    return state, events


__all__ = ["splash"]
