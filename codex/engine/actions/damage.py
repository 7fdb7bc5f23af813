"""Damage and life loss dealt by an effect (the scenario names the amount and the source)."""
from __future__ import annotations

from codex.engine import document as D
from codex.engine.actions.base import Outcome, Resolution, handles, target_of
from codex.engine.actions.movement import fight_summary
from codex.engine.combat import SiteTarget, deal_damage, lose_life
from codex.engine.events import Note
from codex.engine.reasons import Reason
from codex.engine.ruling import Verdict


@handles(D.Damage, Verdict.RESOLVED, Verdict.GAME_OVER, Verdict.ILLEGAL)
def damage(res: Resolution, a: D.Damage, ptr: str) -> Outcome:
    target = target_of(a.target)
    source = res.state.unit(a.source) if a.source else None
    if isinstance(target, SiteTarget):
        site = res.state.site_at(target.square)
        if site is None:
            raise res.illegal((Reason.NO_SITE_THERE, "void"), f"square {target.square}", ptr + "/target")
        if not site.controller:   # Rubble (or any uncontrolled site) is damaged, but nobody loses life
            why = ("rubble", "rubble.treated-as-site") if site.rubble else ()
            res.emit(Note("note", f"{site.name} (square {target.square}) takes {a.amount} damage; no one controls it, "
                          "so no one loses life.", {"square": target.square}, rules=("damage.site",) + why))
            return res.done(Verdict.RESOLVED, f"{site.name} takes {a.amount} damage; no one controls it, so no one "
                            "loses life.")
        res.apply(lose_life(res.state, site.controller, a.amount, f"{site.name} takes {a.amount} damage",
                            ("damage.site", "death-blow.life-loss")))
        return res.done(Verdict.RESOLVED, f"{site.name} takes {a.amount} damage; {site.controller} has "
                        f"{res.state.player(site.controller).life} life.")
    t = res.unit(target.unit, ptr + "/target")
    res.state, dealt = deal_damage(res.state, t.id, a.amount, source, "damage")
    res.settle(dealt)
    return res.done(res.result_verdict(), f"{a.amount} damage to {t.name}: " + fight_summary(res.state, [t.id]))


@handles(D.LoseLife, Verdict.RESOLVED)
def lose_life_action(res: Resolution, a: D.LoseLife, ptr: str) -> Outcome:
    res.apply(lose_life(res.state, a.player, a.amount, f"{a.player} loses {a.amount} life", ("death-blow.life-loss",)))
    player = res.state.player(a.player)
    return res.done(Verdict.RESOLVED, f"{a.player} has {player.life} life"
                    + (" and is at death's door." if player.at_deaths_door else "."))
