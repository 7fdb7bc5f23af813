"""Fights and strikes an effect causes (Codex "Phrases with Subtle Meanings": fight vs. attack
vs. strike): no attack, so no attack targeting restrictions (Airborne, Stealth), no Defend and
no Intercept. In a fight both units strike; a unit an effect makes strike is not struck back."""
from __future__ import annotations

from dataclasses import replace

from codex.engine import document as D
from codex.engine.actions.base import Outcome, Resolution, handles
from codex.engine.actions.movement import fight_summary
from codex.engine.combat import after_strike, deal_damage, fight, strike_power
from codex.engine.events import Event, Struck
from codex.engine.reasons import Reason
from codex.engine.ruling import Verdict
from codex.engine.state import Unit


def _together(res: Resolution, a: Unit, b: Unit, ptr: str) -> None:
    if res.state.shared_location(a, b) is None:
        raise res.illegal((Reason.NOT_AT_LOCATION, "fight"), f"{a.name} and {b.name} are not at one location", ptr)


@handles(D.Fight, Verdict.RESOLVED, Verdict.GAME_OVER, Verdict.ILLEGAL)
def fight_action(res: Resolution, a: D.Fight, ptr: str) -> Outcome:
    unit = res.unit(a.unit, ptr + "/unit")
    other = res.unit(a.other, ptr + "/other")
    if not a.anywhere:
        _together(res, unit, other, ptr + "/other")
    state, events = fight(res.state, [unit.id], [other.id])
    events = [replace(e, rules=e.rules + ("phrases.fight", "phrases.fight-strike")) if isinstance(e, Struck) else e
              for e in events]
    res.apply((state, events))
    return res.done(res.result_verdict(), f"{unit.name} and {other.name} fight: " +
                    fight_summary(res.state, [unit.id, other.id]))


@handles(D.StrikeAction, Verdict.RESOLVED, Verdict.GAME_OVER, Verdict.ILLEGAL)
def strike_action(res: Resolution, a: D.StrikeAction, ptr: str) -> Outcome:
    unit = res.unit(a.unit, ptr + "/unit")
    target = res.unit(a.target, ptr + "/target")
    if not a.anywhere:
        _together(res, unit, target, ptr + "/target")
    power, rules = strike_power(res.state, unit)
    batch: list[Event] = [Struck(unit.id, unit.name, power, {target.id: power}, {target.id: target.name},
                                 rules=tuple(rules + ["phrases.strike", "phrases.strike-restrictions"]))]
    res.state, dealt = deal_damage(res.state, target.id, power, unit)
    batch += dealt
    res.state, spent = after_strike(res.state, unit.id)
    res.settle(batch + spent)
    return res.done(res.result_verdict(), f"{unit.name} strikes {target.name}, which does not strike back: "
                    + fight_summary(res.state, [target.id]))
