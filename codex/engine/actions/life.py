"""Healing and setting life (Codex "Healing", "Life", "Death's Door")."""
from __future__ import annotations

from dataclasses import replace

from codex.engine import document as D
from codex.engine.actions.base import Outcome, Resolution, handles
from codex.engine.errors import Problem, ScenarioError
from codex.engine.events import LifeGained, LifeSet, MinionHealed, Note, ReachedDeathsDoor
from codex.engine.ruling import Verdict

#: Where the Codex and the rulebook both speak to life at death's door (the Codex freezes it;
#: the rulebook forbids gaining it): healing fails by both.
_DEATHS_DOOR = ("healing.deaths-door", "deaths-door", "deaths-door.no-gain")


@handles(D.Heal, Verdict.RESOLVED)
def heal(res: Resolution, a: D.Heal, ptr: str) -> Outcome:
    """Heal a player (gain life up to the maximum), or a minion (remove damage from it)."""
    if (a.player is None) == (a.unit is None):
        raise ScenarioError([Problem(ptr, "heal needs exactly one of \"player\" and \"unit\"",
                                     "name the player (or their Avatar) or the minion healed")])
    pid = a.player
    a = _changed(res, a)
    if a.unit is not None:
        unit = res.unit(a.unit, ptr + "/unit")
        if unit.is_minion:
            if unit.damage == 0:
                res.emit(Note("heal_fails", f"{unit.name} has no damage: it is not wounded, so there is nothing to "
                              "heal.", {"unit": unit.id}, rules=("wounded", "healing")))
                return res.done(Verdict.RESOLVED, f"{unit.name} has no damage.")
            if a.amount == 0:
                res.emit(Note("heal_fails", f"Healing 0 is no healing: {unit.name} keeps its {unit.damage} damage.",
                              {"unit": unit.id}, rules=("zero", "healing")))
                return res.done(Verdict.RESOLVED, f"{unit.name} has {unit.damage} damage.")
            removed = min(a.amount, unit.damage)
            res.state = res.state.with_unit(replace(unit, damage=unit.damage - removed))
            res.emit(MinionHealed(unit.id, unit.name, removed, unit.damage - removed, rules=("healing",)))
            return res.done(Verdict.RESOLVED, f"{unit.name} has {unit.damage - removed} damage left.")
        pid = unit.controller
    assert pid is not None
    player = res.state.player(pid)
    from codex.engine.life_bans import gain_banned
    banned = gain_banned(res.state, pid)
    if banned is not None:
        # Codex "Can vs. Can't": the 'can't' wins over any effect that would give the life
        res.emit(Note("heal_fails", f"{pid} can't gain life now ({banned.card}): the healing gains nothing, "
                      f"and {pid} stays at {player.life} life.", {"player": pid},
                      rules=("can-vs-cant", "healing"), from_card=banned))
        return res.done(Verdict.RESOLVED, f"{pid} has {player.life} life.")
    if player.at_deaths_door:
        res.emit(Note("heal_fails", f"{pid} is at death's door: their life total cannot change, so the healing "
                      "fails.", {"player": pid}, rules=_DEATHS_DOOR))
        return res.done(Verdict.RESOLVED, f"{pid} stays at 0 life, at death's door.")
    if player.life >= player.max_life:
        res.emit(Note("heal_fails", f"{pid}'s life is at its maximum ({player.max_life}): their Avatar is not wounded, "
                      "so the healing gains nothing.", {"player": pid}, rules=("wounded", "healing.cap", "life.max")))
        return res.done(Verdict.RESOLVED, f"{pid} has {player.life} life.")
    if a.amount == 0:
        res.emit(Note("heal_fails", f"Healing 0 is no healing: {pid}'s life stays {player.life}.", {},
                      rules=("zero", "healing")))
        return res.done(Verdict.RESOLVED, f"{pid} has {player.life} life.")
    life = min(player.max_life, player.life + a.amount)
    res.state = res.state.with_player(replace(player, life=life))
    capped = player.life + a.amount > player.max_life
    # triggers hear it ("Whenever you gain life", `effects.triggers`)
    res.settle([LifeGained(pid, a.amount, player.life, life,
                           rules=("healing", "healing.cap") + (("life.max",) if capped else ()))])
    return res.done(Verdict.RESOLVED, f"{pid} has {life} life.")


def _changed(res: Resolution, a: D.Heal) -> D.Heal:
    """The healing as the ongoing effects that change every healing leave it ("All healing is
    halved, rounded up"), each change told with the card sentence that makes it."""
    if not res.state.statics or a.amount <= 0:
        return a
    from codex.engine.effects.statics import healing_notes
    amount, notes = healing_notes(res.state, a.amount)
    for note in notes:
        res.emit(note)
    return a.model_copy(update={"amount": amount})


@handles(D.SetLife, Verdict.RESOLVED)
def set_life(res: Resolution, a: D.SetLife, ptr: str) -> Outcome:
    """Set a player's life (not healing): never above the maximum; 0 is death's door; a player at
    death's door stays at 0."""
    player = res.state.player(a.player)
    if player.at_deaths_door:
        res.emit(Note("set_life_fails", f"{a.player} is at death's door: their life total cannot change and "
                      "remains at 0.", {"player": a.player},
                      rules=("healing.set-life", "deaths-door", "deaths-door.no-gain")))
        return res.done(Verdict.RESOLVED, f"{a.player} stays at 0 life, at death's door.")
    life = min(a.life, player.max_life)
    res.state = res.state.with_player(replace(player, life=life))
    res.emit(LifeSet(a.player, player.life, life,
                     rules=("healing.set-life",) + (("life.max",) if a.life > player.max_life else ())))
    if life == 0:
        res.state = res.state.with_player(replace(res.state.player(a.player), deaths_door_turn=res.state.turn.number))
        res.emit(ReachedDeathsDoor(a.player, rules=("life.zero", "deaths-door", "deaths-door.immune")))
    return res.done(Verdict.RESOLVED, f"{a.player} has {life} life" + (" and is at death's door." if life == 0
                                                                         else "."))
