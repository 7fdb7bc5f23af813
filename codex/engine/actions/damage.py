"""Damage and life loss dealt by an effect (the scenario names the amount and the source)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from codex.engine import document as D
from codex.engine.actions.base import Outcome, Resolution, handles, target_of
from codex.engine.actions.movement import fight_summary
from codex.engine.actions.effects import EffectSource, effect_source, opposing
from codex.engine.combat import SiteTarget, deal_damage, interact, lose_life
from codex.engine.events import Note, SiteDamaged, WardBroke
from codex.engine.ongoing import keywords_at
from codex.engine.reasons import Reason
from codex.engine.ruling import Verdict


def _assumed(res: Resolution, src: EffectSource) -> None:
    if src.assumed:
        res.emit(Note("note", f"The scenario names neither the effect's source nor its player: it is taken to be "
                      f"{src.player}'s (the active player's) effect.", {"player": src.player}))


def _site_damaged(res: Resolution, site: Any, amount: int, src: Any, lost: list[Any] | None = None) -> None:
    """The site took damage: what listens for it being damaged hears it ("is destroyed when
    damaged"), after its controller lost the life (Codex "Damage"; ``lost``: those events, heard with it)."""
    batch = list(lost or [])
    if amount > 0:
        batch.append(SiteDamaged(site.square, site.name, amount, src.unit.id if src.unit is not None else None,
                                 src.name, rules=("damage.site",)))
    if batch:
        res.settle(batch)


@handles(D.Damage, Verdict.RESOLVED, Verdict.GAME_OVER, Verdict.ILLEGAL)
def damage(res: Resolution, a: D.Damage, ptr: str) -> Outcome:
    """Damage from a spell or an ability: an opponent's breaks a Ward instead; the source has
    interacted with the realm (dealing damage, even prevented, loses Stealth before Deathrites)."""
    target = target_of(a.target)
    src = effect_source(res, a, ptr)
    source = src.unit
    if isinstance(target, SiteTarget):
        site = res.state.site_at(target.square)
        if site is None:
            raise res.illegal((Reason.NO_SITE_THERE, "void"), f"square {target.square}", ptr + "/target")
        if site.ward and a.amount > 0 and src.player != site.controller:
            _assumed(res, src)
            res.state = res.state.with_site(replace(site, ward=False))
            res.emit(WardBroke(f"site:{site.square}", site.name, f"damaged by {src.name}",
                               rules=("ward", "replacement-effect")))
            return res.done(Verdict.RESOLVED, f"{site.name}'s Ward breaks instead of it taking damage.")
        if not site.controller:   # Rubble (or any uncontrolled site) is damaged, but nobody loses life
            why = ("rubble", "rubble.treated-as-site") if site.rubble else ()
            res.emit(Note("note", f"{site.name} (square {target.square}) takes {a.amount} damage; no one controls it, "
                          "so no one loses life.", {"square": target.square}, rules=("damage.site",) + why))
            _site_damaged(res, site, a.amount, src)
            return res.done(res.result_verdict(), f"{site.name} takes {a.amount} damage; no one controls it, so no "
                            "one loses life.")
        controller = site.controller
        res.state, lost = lose_life(res.state, controller, a.amount, f"{site.name} takes {a.amount} damage",
                                    ("damage.site", "death-blow.life-loss"))
        _site_damaged(res, site, a.amount, src, lost)
        return res.done(res.result_verdict(), f"{site.name} takes {a.amount} damage; {controller} has "
                        f"{res.state.player(controller).life} life.")
    t = res.unit(target.unit, ptr + "/target")
    foe = opposing(src, t)
    if foe and a.amount > 0 and keywords_at(res.state, t).ward:
        _assumed(res, src)
    res.state, dealt = deal_damage(res.state, t.id, a.amount, source, "damage", foe)
    if source is not None and any(e.kind in ("damage", "prevent_damage", "modify_damage", "lose_life", "death_blow",
                                             "no_damage") for e in dealt) and a.amount > 0:
        res.state, spent = interact(res.state, source.id, "dealt damage", ("stealth.after-damage", "interact.damage"))
        dealt += spent
    res.settle(dealt)
    return res.done(res.result_verdict(), f"{a.amount} damage to {t.name}: " + fight_summary(res.state, [t.id]))


@handles(D.LoseLife, Verdict.RESOLVED)
def lose_life_action(res: Resolution, a: D.LoseLife, ptr: str) -> Outcome:
    res.state, lost = lose_life(res.state, a.player, a.amount, f"{a.player} loses {a.amount} life",
                                ("death-blow.life-loss",))
    res.settle(lost)      # triggers hear it ("Whenever an opponent loses life", `effects.triggers`)
    player = res.state.player(a.player)
    return res.done(Verdict.RESOLVED, f"{a.player} has {player.life} life"
                    + (" and is at death's door." if player.at_deaths_door else "."))
